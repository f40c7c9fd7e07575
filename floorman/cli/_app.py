"""The typer application and the one place user errors become one line, exit 2."""

from __future__ import annotations

import sys

import typer

from floorman import __version__
from floorman.cli._console import fail
from floorman.errors import FloormanError

__all__ = ["app", "fail", "main"]

app = typer.Typer(
    name="floorman",
    help="Dealer assist and floor rulings for live poker card rooms.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"floorman {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Dealer assist and floor rulings for live poker card rooms."""


def main() -> None:
    """Console entry point: user errors are one line and exit status 2."""
    try:
        app()
    except FloormanError as error:
        print(f"floorman: {error}", file=sys.stderr)
        sys.exit(2)
