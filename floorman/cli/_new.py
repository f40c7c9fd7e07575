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
    button: int | None,
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
    bring_in: int | None = None,
    limits: str | None = None,
    rotation: str | None = None,
    rotate_by: str = "orbit",
) -> None:
    """Start a hand: blinds and antes are posted from the stacks."""
    from floorman.cli._errors import user_errors
    from floorman.tables.dealing import start_hand
    from floorman.tables.view import headline, state_lines

    if rotation is not None or game not in ("holdem", "omaha", "omaha-hilo"):
        _new_other(
            table, button, seats, blinds, game, betting, ante, rulebook, kind, chips, force,
            db, bring_in, limits, rotation, rotate_by,
        )  # fmt: skip
        return
    if button is None:
        fail("--button: the seat holding the dealer button is required")
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


def _new_other(
    table: str,
    button: int | None,
    seats: str,
    blinds: str,
    game: str,
    betting: str,
    ante: int,
    rulebook: str,
    kind: str | None,
    chips: str | None,
    force: bool,
    db: str | None,
    bring_in: int | None,
    limits: str | None,
    rotation: str | None,
    rotate_by: str,
) -> None:
    """Start a stud or draw hand, or the first hand of a mixed-game rotation."""
    from floorman.cli._errors import user_errors
    from floorman.hand.rotation import GAMES, STUD_GAMES, RotationError, parse_rotation
    from floorman.tables.mixed import first_header, game_line, start_rotation

    small, big = blinds_of(blinds)
    stakes: dict[str, object] = {
        "blinds": [small, big],
        "ante": ante,
        "limits": _limits(limits) if limits is not None else [big, 2 * big],
    }
    if bring_in is not None:
        stakes["bring_in"] = bring_in
    occupied = _seats(seats)
    extra: dict[str, object] = {}
    try:
        if rotation is not None:
            turning = start_rotation(rotation, rotate_by, stakes, len(occupied))
            games = turning.rotation.games
            extra["rotation"] = turning.as_json()
            first = turning.game
        else:
            if game not in GAMES:
                fail(f'--game "{" ".join(game.split())[:40]}": {", ".join(GAMES)}')
            word = game if game in STUD_GAMES else f"{game}:{betting}"
            games = parse_rotation(f"{word},{word}").games[:1]  # the game and betting known
            first = games[0]
    except RotationError as error:
        what = "--rotation" if rotation is not None else "--game"
        fail(str(error).replace("--rotation", what, 1))
    if any(g.game in STUD_GAMES for g in games) and bring_in is None:
        fail("--bring-in: a stud game needs its bring-in (the forced bet of the low card)")
    if any(g.game not in STUD_GAMES for g in games) and button is None:
        fail("--button: the seat holding the dealer button is required")
    header = first_header(first, stakes, occupied, button)
    header["rulebook"] = rulebook
    if first.game not in STUD_GAMES and not rotation:
        header["ante"] = ante
    if kind is not None:
        header["kind"] = kind
    if chips is not None:
        header["chips"] = amounts("--chips", chips)
    with user_errors():
        if first.family == "flop":
            from floorman.tables.dealing import start_hand
            from floorman.tables.view import headline, state_lines

            stored, state = start_hand(db, table, header, force=force, extra=extra)
            echo(f"hand {stored.id} at table {table}: {headline(state, kind or 'cash')}")
            lines = state_lines(state)
        else:
            from floorman.tables.games import start_game_hand

            stored, hand = start_game_hand(db, table, header, force=force, extra=extra)
            echo(f"hand {stored.id} at table {table}: {game_line(stored.header)}")
            lines = hand.lines()
    if rotation is not None:
        echo(f"the rotation: {turning.describe()}")
    show(lines)


def _limits(text: str) -> list[int]:
    """The small and big bet written ``small/big``; else one line naming ``--limits``."""
    from floorman.numerals import NumberError, chip_amount, is_number

    parts = [p.strip() for p in text.replace("-", "/").replace(",", "/").split("/")]
    if len(parts) != 2 or not all(map(is_number, parts)):
        fail(f'--limits "{text}": write small/big bets, e.g. 20/40')
    try:
        small, big = (chip_amount(p) for p in parts)
    except NumberError as error:
        fail(f"--limits: {error}")
    if not 0 < small <= big:
        fail(f'--limits "{text}": a small bet, then a big bet at least as large')
    return [small, big]
