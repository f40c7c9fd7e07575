"""``floorman tournament deal``: a tournament table played as a floorman table, its first
hand dealt from the tournament's seats; the hands played there tell the tournament its
busts, stacks and buttons."""

from __future__ import annotations

from typing import Annotated

import typer

from floorman.cli._app import help_example
from floorman.cli._console import show
from floorman.cli._errors import user_errors
from floorman.cli._options import ByOption, DbOption, plain_text
from floorman.cli.tournament import NameArgument, TableArgument, tournament_app


@tournament_app.command(
    "deal",
    epilog=help_example(
        "floorman tournament deal daily 3",
        "floorman tournament deal daily 3 --as 'Table 3'",
    ),
)
def tournament_deal(
    name: NameArgument,
    table: TableArgument,
    at_table: Annotated[
        str | None,
        typer.Option(
            "--as",
            metavar="TABLE",
            help="The floorman table to deal it at (default: NAME-TABLE).",
            show_default=False,
            callback=plain_text,
        ),
    ] = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Deal the first hand of TABLE at a floorman table: its seats, stacks and button, the
    level's blinds and ante, the tournament's rulebook. Then record the hands there with
    add and next: a player a hand leaves with no chips is out of the tournament (a bust
    with its place), and balancing counts from the button the table deals with."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_tables import deal_first
    from floorman.tables.tournaments import current
    from floorman.tables.view import headline, state_lines

    with user_errors():
        if at_table is not None and (not at_table.strip() or len(at_table) > 60):
            from floorman.errors import FloormanError

            raise FloormanError("--as: a table's name, 1 to 60 characters")
        with open_tournament_store(db) as store:
            now = current(store, name)
            stored, state, notes = deal_first(store, now, table, name=at_table, by=by)
    show(
        [
            f"tournament {now.stored.name} table {table}: hand {stored.id} at table"
            f" {stored.table}: {headline(state, 'tournament')}",
            *notes,
            *state_lines(state),
            f"record it: floorman add -t {stored.table} ...; then floorman next -t {stored.table}",
        ]
    )
