"""The typer application and the one place user errors become one line, exit 2.

Help is plain text grouped by who uses each command (the command's
``rich_help_panel``), each command with an example, values named by what
they are (``--button SEAT``), never by their Python type. A usage mistake (a
missing option, an unknown word) is one line naming the command, exit 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer import _click
from typer.core import TyperArgument, TyperGroup, TyperOption

from floorman import __version__
from floorman.cli._console import echo, fail
from floorman.errors import FloormanError

__all__ = [
    "DATA",
    "FLOOR",
    "PANELS",
    "ROOM",
    "TABLE",
    "TRAINING",
    "app",
    "fail",
    "help_example",
    "main",
]

TABLE = "At the table"
FLOOR = "For the floor"
TRAINING = "For trainers"
DATA = "Data and files"
ROOM = "For the card room"
PANELS = (TABLE, FLOOR, TRAINING, DATA, ROOM)
"""The groups of ``floorman --help``, by who uses the commands, in order."""

METAVARS = {
    "button": "SEAT",
    "seats": "SEAT=STACK,...",
    "blinds": "SMALL/BIG",
    "chips": "CHIP,...",
    "sit": "SEAT=CHIPS",
    "rebuy": "SEAT=CHIPS",
    "leave": "SEAT",
    "between": "SEAT,...",
    "board": "CARDS",
    "rulebook": "NAME|FILE",
}
"""Value names where the option's own name would not say what to write."""


def help_example(*commands: str) -> str:
    """A help epilog showing ``commands`` as typed, not rewrapped."""
    return "\b\nExample:\n" + "\n".join(f"  {command}" for command in commands)


class _Argument(TyperArgument):
    """An argument shown by its name alone: ``EVENTS...``, not ``{EVENTS}... <list[str]>``."""

    def display_type_rich(self, ctx: _click.Context) -> str | None:
        return None

    def _usage_display_name(self) -> str:
        name = self.display_name_raw.upper()
        if self.nargs != 1 and not name.endswith("..."):
            name += "..."
        return name if self.required or name.startswith("[") else f"[{name}]"

    def _rich_display_name(self) -> str:
        return self._usage_display_name().replace("[", "").replace("]", "")

    def _get_number_range_help_str(self) -> str | None:
        return _range(self.min, self.max)


class _Option(TyperOption):
    """An option's value named by what it is, ``--table TABLE``, not ``<str>``."""

    def display_type_rich(self, ctx: _click.Context) -> str | None:
        shown = super().display_type_rich(ctx)
        if not shown or not shown.startswith("<"):
            return shown
        name = self.name or ""
        if name in METAVARS:
            return METAVARS[name]
        if shown.startswith("<int"):
            return "N"
        if shown.startswith("<path") or shown.startswith("<file"):
            return "FILE"
        return name.upper().replace("_", "-")

    def _get_number_range_help_str(self) -> str | None:
        return _range(self.min, self.max)


def _range(least: Any, most: Any) -> str | None:
    """``1 to 500``; nothing for a bound only the README's limits would name."""
    if least is None or most is None or most > 10**6:
        return None
    return f"{least} to {most}"


_HYPHEN = "-"
_NO_BREAK = "\u2011"
"""A hyphen click's help wrapping must not break at (U+2011), put back when written."""


class _HelpFormatter(_click.HelpFormatter):
    """Help wrapped between words only: ``first-left-of-button`` is one word a user
    types, never cut at its hyphens (click's wrapping breaks there)."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, _whole(args), prefix)

    def write_text(self, text: str) -> None:
        super().write_text(_whole(text))

    def write_dl(
        self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        super().write_dl([(term, _whole(text)) for term, text in rows], col_max, col_spacing)

    def getvalue(self) -> str:
        return super().getvalue().replace(_NO_BREAK, _HYPHEN)


class _Context(_click.Context):
    formatter_class = _HelpFormatter


def _whole(text: str) -> str:
    return text.replace(_HYPHEN, _NO_BREAK)


def summary(text: str) -> str:
    """The first sentence of a command's help, whole: its line in the list of commands.

    >>> summary("Read, compare and check rulebooks. More\\nhere.")
    'Read, compare and check rulebooks.'
    >>> summary("Split a pot between tied hands vs. a side pot. Then more.")
    'Split a pot between tied hands vs. a side pot.'
    """
    words = text.partition("\n\n")[0].split()
    words = words[1:] if words[:1] == ["\b"] else words
    for index, word in enumerate(words):
        following = words[index + 1] if index + 1 < len(words) else ""
        if word.endswith(".") and not following[:1].islower():
            return " ".join(words[: index + 1])
    return " ".join(words)


def _plain_help(command: _click.Command) -> None:
    """Give ``command``'s parameters (and its subcommands') their plain help names, and
    its line in a list of commands its whole first sentence, never cut short."""
    command.context_class = _Context
    if command.short_help is None and command.help:
        command.short_help = summary(command.help)
    for param in command.params:
        if type(param) is TyperArgument:
            param.__class__ = _Argument
        elif type(param) is TyperOption:
            param.__class__ = _Option
    for sub in getattr(command, "commands", {}).values():
        _plain_help(sub)


class FloormanGroup(TyperGroup):
    """The root command: help grouped by panel, usage mistakes on one line."""

    context_class = _Context

    def get_command(self, ctx: _click.Context, cmd_name: str) -> _click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _plain_help(command)
        return command

    def format_commands(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        groups: dict[str, list[tuple[str, _click.Command]]] = {panel: [] for panel in PANELS}
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                panel = getattr(command, "rich_help_panel", None) or DATA
                groups.setdefault(panel, []).append((name, command))
        for panel, rows in groups.items():
            if rows:
                with formatter.section(panel):
                    formatter.write_dl([(n, c.get_short_help_str(sys.maxsize)) for n, c in rows])

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except _click.exceptions.NoArgsIsHelpError as error:
            error.show()
            sys.exit(error.exit_code)
        except _click.exceptions.UsageError as error:
            path = _command_path(error.ctx)
            lines = error.format_message().splitlines()  # a missing choice lists them a line each
            message = " ".join(line.strip() for line in lines if line.strip()).rstrip(".")
            echo(f"floorman: {message[:1].lower()}{message[1:]}; see {path} --help", err=True)
            sys.exit(error.exit_code)
        except _click.exceptions.ClickException as error:
            echo(f"floorman: {error.format_message()}", err=True)
            sys.exit(error.exit_code)
        except typer.Abort:
            echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _command_path(ctx: _click.Context | None) -> str:
    """``floorman rules list``, however floorman was started (``python -m floorman``)."""
    words = []
    while ctx is not None and ctx.parent is not None:
        words.append(ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(["floorman", *reversed(words)])


app = typer.Typer(
    name="floorman",
    cls=FloormanGroup,
    help="Dealer assist and floor rulings for live poker card rooms.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        echo(f"floorman {__version__}")
        raise typer.Exit()


@app.callback(epilog=help_example("floorman COMMAND --help"))
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
        fail(str(error))
