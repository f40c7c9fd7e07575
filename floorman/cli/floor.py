"""``floorman call-floor``: the dealer calls the floor to the table, recorded on the hand
as it stands (``floor call``), here or through the card room server."""

from __future__ import annotations

from typing import Annotated

import typer

from floorman.cli._app import TABLE, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import AddDbOption, ServerOption, TableOption, TokenOption


@app.command(
    "call-floor",
    rich_help_panel=TABLE,
    epilog=help_example(
        "floorman call-floor --table 7",
        'floorman call-floor --table 7 "seat 4 disputes the pot"',
    ),
)
def call_floor(
    said: Annotated[
        list[str] | None,
        typer.Argument(metavar="[WHY]...", help="What the floor is called for, in a few words."),
    ] = None,
    table: TableOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """Call the floor: the table goes to the top of the floor's screen with its hand."""
    from floorman.cli._add import add

    if table is None:
        fail("--table: the table the floor is called to")
    text = f"floor call {' '.join(' '.join(said or ()).split())}".rstrip()
    if ";" in text:
        fail("WHY: a few words without ';'")
    add([text], table, db, server=server, token=token)
    echo(f"table {table}: the floor is called")
