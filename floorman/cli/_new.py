"""What ``floorman new`` does once its arguments are read, without typer.

Both the typer command (:mod:`floorman.cli.hands`) and the quick start
(:mod:`floorman.cli._quick`) call :func:`new`: a hand is started at every
table many times an hour.
"""

from __future__ import annotations

from floorman.cli._console import echo, fail, show
from floorman.cli._values import amounts, blinds_of, seat_chips


def new(
    table: str,
    button: int,
    seats: str,
    blinds: str = "1/2",
    game: str = "holdem",
    betting: str = "no-limit",
    ante: int = 0,
    rulebook: str = "rrop",
    kind: str | None = None,
    raise_cap: int | None = None,
    chips: str | None = None,
    straddles: str | None = None,
    bomb_pot: int | None = None,
    table_seats: int | None = None,
    force: bool = False,
    db: str | None = None,
) -> None:
    """Start a hand: blinds and antes are posted from the stacks."""
    from floorman.cli._errors import user_errors
    from floorman.tables.dealing import start_hand
    from floorman.tables.view import headline, state_lines

    header: dict[str, object] = {
        "game": game,
        "betting": betting,
        "blinds": blinds_of(blinds),
        "ante": ante,
        "button": button,
        "seats": _seats(seats),
        "rulebook": rulebook,
    }
    if kind is not None:
        header["kind"] = kind
    if raise_cap is not None:
        header["limit_raise_cap"] = raise_cap
    if chips is not None:
        header["chips"] = amounts("--chips", chips)
    if table_seats is not None:
        header["table_seats"] = table_seats
    if straddles is not None:
        header["straddles"] = amounts("--straddles", straddles)
    if bomb_pot is not None:
        header["bomb_pot"] = bomb_pot
    with user_errors():
        stored, state = start_hand(db, table, header, force=force)
    echo(f"hand {stored.id} at table {table}: {headline(state, kind or 'cash')}")
    show(state_lines(state))


def _seats(text: str) -> dict[int, int]:
    seats: dict[int, int] = {}
    for item in text.replace(" ", ",").split(","):
        if not item:
            continue
        number, chips = seat_chips("--seats", item, "SEAT=STACK, e.g. 1=200,3=150")
        if number in seats:
            fail(f"--seats: seat {number} is given twice")
        seats[number] = chips
    return seats
