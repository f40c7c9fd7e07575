"""``floorman users`` and ``floorman station``: who may use the card room server."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from floorman.cli._app import ROOM, app, fail, help_example
from floorman.cli._options import DbOption, plain_text
from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.store.staff import Staff

users_app = typer.Typer(
    help="Floor staff who may sign in to floorman serve.",
    epilog=help_example(
        "floorman users add alex --role floor", "floorman users list", "floorman users passwd alex"
    ),
)
app.add_typer(users_app, name="users", rich_help_panel=ROOM)
station_app = typer.Typer(
    help="Dealer stations: one token per table.",
    epilog=help_example("floorman station token 7", "floorman station revoke 7"),
)
app.add_typer(station_app, name="station", rich_help_panel=ROOM)

_MAX_NAME = 64


def _name(param: typer.CallbackParam, value: str) -> str:
    plain_text(param, value)
    if not value.strip() or len(value) > _MAX_NAME or not value.isprintable() or ":" in value:
        raise FloormanError(f'"{value}": a name is 1 to {_MAX_NAME} printable characters, no ":"')
    return value.strip()


_User = Annotated[str, typer.Argument(help="The user.", callback=_name)]
_Table = Annotated[str, typer.Argument(help="The table.", callback=_name)]


@contextmanager
def _staff(db: str | None) -> Iterator[Staff]:
    """The staff tables of the store ``--db`` names; a failure of the store is one line."""
    from floorman.store.staff import open_staff

    try:
        with open_staff(db) as staff:
            yield staff
    except FloormanError as error:
        fail(str(error))


def _password(from_stdin: bool = False) -> str:
    from floorman.store.passwords import MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS

    if sys.stdin.isatty() and not from_stdin:
        import getpass

        first = getpass.getpass("password: ")
        if getpass.getpass("again: ") != first:
            fail("the two passwords differ")
    else:
        first = sys.stdin.readline().rstrip("\r\n")
    if not MIN_PASSWORD_CHARS <= len(first) <= MAX_PASSWORD_CHARS:
        fail(f"a password has {MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS} characters")
    return first


@users_app.command("add", epilog=help_example("floorman users add alex --role floor"))
def users_add(
    name: Annotated[str, typer.Argument(help="The name they sign in with.", callback=_name)],
    role: Annotated[str, typer.Option(help="floor (reads and records) or trainer (reads).")],
    db: DbOption = None,
) -> None:
    """Add a user; the password is read from the terminal (or one line of stdin)."""
    from floorman.store.passwords import hash_password
    from floorman.store.staff import ROLES

    if role not in ROLES:
        fail(f'--role "{role}": one of {", ".join(ROLES)}')
    password = _password()
    with _staff(db) as staff:
        staff.add_user(name, role, hash_password(password))
    typer.echo(f"added {name} ({role})")


@users_app.command("list", epilog=help_example("floorman users list"))
def users_list(db: DbOption = None) -> None:
    """Every user: name, role, since when, and whether disabled."""
    with _staff(db) as staff:
        users = staff.users()
    for user in users:
        state = f"disabled {user.disabled}" if user.disabled else "active"
        typer.echo(f"{user.name:<20} {user.role:<8} since {user.created}  {state}")


@users_app.command("disable", epilog=help_example("floorman users disable alex"))
def users_disable(
    name: _User,
    db: DbOption = None,
) -> None:
    """Disable a user: signed out at once, and no sign-in again (the record stays)."""
    with _staff(db) as staff:
        staff.disable(name)
    typer.echo(f"disabled {name}")


@station_app.command("token", epilog=help_example("floorman station token 7"))
def station_token(
    table: _Table,
    db: DbOption = None,
) -> None:
    """Print a new token for the table's station: it records and reads at that table only."""
    with _staff(db) as staff:
        token = staff.new_station_token(table)
    typer.echo(token)


@users_app.command("passwd", epilog=help_example("floorman users passwd alex"))
def users_passwd(
    name: _User,
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read the new password from one line of stdin.")
    ] = False,
    db: DbOption = None,
) -> None:
    """Change a user's password (asked twice, hidden); their open sessions end."""
    from floorman.store.passwords import hash_password

    with _staff(db) as staff:
        if staff.user(name) is None:
            fail(f"no user {name}")
        staff.set_password(name, hash_password(_password(password_stdin)))
    typer.echo(f"changed the password of {name}; their sessions ended")


@station_app.command("revoke", epilog=help_example("floorman station revoke 7"))
def station_revoke(
    table: _Table,
    db: DbOption = None,
) -> None:
    """Revoke every token of the table's station: it is signed out and its tokens refused."""
    with _staff(db) as staff:
        count = staff.revoke_stations(table)
    typer.echo(f"revoked {count} station token{'' if count == 1 else 's'} of table {table}")
