"""``floorman db``: the store's schema version, and upgrading it on purpose."""

from __future__ import annotations

import typer

from floorman.cli._app import ROOM, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import DbOption
from floorman.errors import FloormanError

db_app = typer.Typer(
    help="The store: a file, or a PostgreSQL database named by a postgresql:// URL.",
    epilog=help_example("floorman db upgrade --db postgresql://floor@db.example/room"),
)
app.add_typer(db_app, name="db", rich_help_panel=ROOM)


def _opened(db: str | None) -> tuple[str, int, int]:
    """The store as named in messages, the version it was at, and the one it is at now."""
    from floorman.store._backend import open_database

    try:
        opened = open_database(db)
    except FloormanError as error:
        fail(str(error))
    opened.close()
    return str(opened.path), opened.opened_at, opened.version


@db_app.command("upgrade", epilog=help_example("floorman db upgrade --db room.db"))
def db_upgrade(db: DbOption = None) -> None:
    """Bring the store to this floorman's schema (opening it with any command does too)."""
    where, was, now = _opened(db)
    if was == now:
        echo(f"{where}: at version {now}, nothing to do")
    else:
        echo(f"{where}: upgraded from version {was} to {now}")


@db_app.command("version", epilog=help_example("floorman db version --db room.db"))
def db_version(db: DbOption = None) -> None:
    """The store's schema version (a store made by an older floorman is upgraded first)."""
    where, _, now = _opened(db)
    echo(f"{where}: version {now}")
