"""What ``floorman next`` does once its arguments are read, without typer.

Both the typer command (:mod:`floorman.cli.next`) and the quick start
(:mod:`floorman.cli._quick`) call :func:`next_hand`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.cli._console import fail
from floorman.cli._values import seat_chips, through_server

if TYPE_CHECKING:
    from floorman.session.seating import Change


def next_hand(
    table: str | None,
    sit: list[str],
    rebuy: list[str],
    leave: list[int],
    force: bool = False,
    bomb_pot: int | None = None,
    by: str | None = None,
    db: str | None = None,
    server: str | None = None,
    token: str | None = None,
    level_up: bool = False,
) -> None:
    """Start the next hand at ``table``, with the seating changes given, locally or
    through the server at ``server``."""
    from floorman.cli._console import show
    from floorman.cli._errors import user_errors

    changes = _changes(sit, rebuy, leave)
    if through_server(server, db):
        from floorman.cli._remote import next_remote

        assert server is not None
        made = [change.as_json() for change in changes]
        next_remote(table, server, token, changes=made, force=force, bomb_pot=bomb_pot)
        return
    from floorman.tables.dealing import start_next
    from floorman.tables.hands import store_at

    with user_errors(), store_at(db) as store:
        lines = start_next(
            store, table, changes, force=force, by=by, bomb_pot=bomb_pot, level_up=level_up
        )
    show(lines)


def _changes(sit: list[str], rebuy: list[str], leave: list[int]) -> list[Change]:
    from floorman.session.seating import Change

    changes: list[Change] = []
    for option, items in (("--sit", sit), ("--rebuy", rebuy)):
        for item in items:
            number, amount = seat_chips(option, item, "SEAT=CHIPS, e.g. 7=200")
            if amount == 0:
                fail(f'{option} "{item}": the chips must be more than 0')
            if option == "--sit":
                changes.append(Change("sit", number, amount, post=True))
            else:
                changes.append(Change("rebuy", number, amount))
    changes += [Change("leave", seat) for seat in leave]
    return changes
