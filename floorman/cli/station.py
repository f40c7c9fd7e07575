"""``floorman station``: dealer stations, one token per table, that record and read at
that table only."""

from __future__ import annotations

from typing import Annotated

import typer

from floorman.cli._app import ROOM, app, help_example
from floorman.cli._console import echo
from floorman.cli._options import DbOption
from floorman.cli._staff import checked_name, staff_at

station_app = typer.Typer(
    help="Dealer stations: one token per table.",
    epilog=help_example("floorman station token 7", "floorman station revoke 7"),
)
app.add_typer(station_app, name="station", rich_help_panel=ROOM)

_Table = Annotated[str, typer.Argument(help="The table.", callback=checked_name)]


@station_app.command("token", epilog=help_example("floorman station token 7"))
def station_token(
    table: _Table,
    db: DbOption = None,
) -> None:
    """Print a new token for the table's station: it records and reads at that table only."""
    with staff_at(db) as staff:
        token = staff.new_station_token(table)
    echo(token)


@station_app.command("revoke", epilog=help_example("floorman station revoke 7"))
def station_revoke(
    table: _Table,
    db: DbOption = None,
) -> None:
    """Revoke every token of the table's station: it is signed out and its tokens refused."""
    with staff_at(db) as staff:
        count = staff.revoke_stations(table)
    echo(f"revoked {count} station token{'' if count == 1 else 's'} of table {table}")
