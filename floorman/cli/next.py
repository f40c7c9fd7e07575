"""``floorman next``: the next hand at a table, from the last one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from floorman.cli._app import TABLE, app, fail, help_example
from floorman.cli._errors import user_errors
from floorman.cli._options import (
    AddDbOption,
    ByOption,
    ServerOption,
    TableOption,
    TokenOption,
    seat_chips,
    through_server,
)

if TYPE_CHECKING:
    from floorman.session.seating import Change


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


@app.command(
    "next",
    rich_help_panel=TABLE,
    epilog=help_example(
        "floorman next --table 7 --sit 8=200 --leave 3",
        "floorman next --table 7 --server http://floor:8765 --token T",
    ),
)
def next_hand(
    table: TableOption = None,
    sit: Annotated[
        list[str],
        typer.Option("--sit", metavar="SEAT=CHIPS", help="A player sits down with these chips."),
    ] = [],  # noqa: B006
    rebuy: Annotated[
        list[str],
        typer.Option("--rebuy", metavar="SEAT=CHIPS", help="A rebuy or add-on at a seat."),
    ] = [],  # noqa: B006
    leave: Annotated[
        list[int], typer.Option("--leave", metavar="SEAT", help="The player at SEAT stands up.")
    ] = [],  # noqa: B006
    force: Annotated[
        bool, typer.Option("--force", help="Close an unfinished hand at the table as abandoned.")
    ] = False,
    bomb_pot: Annotated[
        int | None,
        typer.Option(
            "--bomb-pot",
            metavar="CHIPS",
            help="The players agree a bomb pot: each antes CHIPS, no blinds, no betting"
            " before the flop (this hand only).",
            show_default=False,
        ),
    ] = None,
    by: ByOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """Start the next hand: stacks carried, busted seats empty, the button moved by the
    rulebook's button rule; after a misdeal, the same hand dealt again. Through
    --server, the server records who dealt it by the token (not --by)."""
    from floorman.cli._console import show
    from floorman.tables.dealing import start_next
    from floorman.tables.hands import store_at

    changes = _changes(sit, rebuy, leave)
    if through_server(server, db):
        from floorman.cli._remote import next_remote

        assert server is not None
        made = [change.as_json() for change in changes]
        next_remote(table, server, token, changes=made, force=force, bomb_pot=bomb_pot)
        return
    with user_errors(), store_at(db) as store:
        lines = start_next(store, table, changes, force=force, by=by, bomb_pot=bomb_pot)
    show(lines)
