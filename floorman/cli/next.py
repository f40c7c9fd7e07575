"""``floorman next``: the next hand at a table, from the last one."""

from __future__ import annotations

from typing import Annotated

import typer

from floorman.cli._app import TABLE, app, help_example
from floorman.cli._options import AddDbOption, ByOption, ServerOption, TableOption, TokenOption


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
    level_up: Annotated[
        bool,
        typer.Option(
            "--level-up", help="The level changed: a rotation by level deals its next game."
        ),
    ] = False,
    by: ByOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """Start the next hand: stacks carried, busted seats empty, the button moved by the
    rulebook's button rule; after a misdeal, the same hand dealt again. Through
    --server, the server records who dealt it by the token (not --by)."""
    from floorman.cli._next import next_hand as run

    run(table, sit, rebuy, leave, force, bomb_pot, by, db, server, token, level_up)
