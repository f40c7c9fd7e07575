"""``floorman users``: floor staff who may sign in to the card room server."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from floorman.cli._app import ROOM, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import DbOption
from floorman.cli._staff import checked_name, staff_at

users_app = typer.Typer(
    help="Floor staff who may sign in to floorman serve.",
    epilog=help_example(
        "floorman users add alex --role floor", "floorman users list", "floorman users passwd alex"
    ),
)
app.add_typer(users_app, name="users", rich_help_panel=ROOM)

_User = Annotated[str, typer.Argument(help="The user.", callback=checked_name)]


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
    name: Annotated[str, typer.Argument(help="The name they sign in with.", callback=checked_name)],
    role: Annotated[
        str,
        typer.Option(help="floor (reads and records), trainer (reads) or trainee (takes drills)."),
    ],
    db: DbOption = None,
) -> None:
    """Add a user; the password is read from the terminal (or one line of stdin)."""
    from floorman.store.passwords import hash_password
    from floorman.store.staff import ROLES

    if role not in ROLES:
        fail(f'--role "{role}": one of {", ".join(ROLES)}')
    password = _password()
    with staff_at(db) as staff:
        staff.add_user(name, role, hash_password(password))
    echo(f"added {name} ({role})")


@users_app.command("list", epilog=help_example("floorman users list"))
def users_list(db: DbOption = None) -> None:
    """Every user: name, role, since when, and whether disabled."""
    with staff_at(db) as staff:
        users = staff.users()
    for user in users:
        state = f"disabled {user.disabled}" if user.disabled else "active"
        echo(f"{user.name:<20} {user.role:<8} since {user.created}  {state}")


@users_app.command("disable", epilog=help_example("floorman users disable alex"))
def users_disable(
    name: _User,
    db: DbOption = None,
) -> None:
    """Disable a user: signed out at once, and no sign-in again (the record stays)."""
    with staff_at(db) as staff:
        staff.disable(name)
    echo(f"disabled {name}")


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

    with staff_at(db) as staff:
        if staff.user(name) is None:
            fail(f"no user {name}")
        staff.set_password(name, hash_password(_password(password_stdin)))
    echo(f"changed the password of {name}; their sessions ended")


@users_app.command("unlock", epilog=help_example("floorman users unlock alex"))
def users_unlock(name: _User, db: DbOption = None) -> None:
    """Lift the lock that too many wrong passwords put on a user's sign-in."""
    with staff_at(db) as staff:
        if staff.user(name) is None:
            fail(f"no user {name}")
        staff.clear_sign_in_failures(name)
    echo(f"unlocked {name}: the wrong passwords tried before now no longer count")
