"""The commands a dealer runs mid-hand (and the rule sheet), started without building the
typer app.

Before it runs a command, typer builds a click command and a pydantic adapter
for every parameter, and for ``check`` importing typer and click is the only
reason to have them at all. For ``check``, ``add``, ``show``, ``new``, ``next``
and ``sheet`` written the plain way (every option known and given once, or as often
as it may be, every value one that typer would pass on unchanged) the
arguments are read here and the command runs at once.
Anything else (``--help``, a missing, unknown or repeated option, a value
typer would convert or refuse, ``--``, shell completion) is left to typer, so
help, every error message and every exit status stay typer's own.

The parameters below repeat the typer declarations of these commands; a test
reads those declarations and holds this table to them.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from floorman.bounds import MAX_ID
from floorman.cli._console import echo
from floorman.errors import FloormanError

__all__ = ["QUICK", "Quick", "parse", "run"]


class Option:
    """One option: the parameter it fills, how its value is read, where else it comes from.

    Plain classes: a named tuple or a dataclass is compiled when it is defined,
    which is most of what this module would cost a start.
    """

    __slots__ = ("envvar", "kind", "many", "parameter")

    def __init__(
        self, parameter: str, kind: str, envvar: str | None = None, many: bool = False
    ) -> None:
        self.parameter = parameter
        self.kind = kind
        """``flag`` (no value), ``text``, ``path``, ``file`` (a path that may not be a
        folder), ``number`` (a whole number) or ``hand`` (a hand id)."""
        self.envvar = envvar
        self.many = many
        """Given any number of times, each value added to a list."""


class Quick:
    """A command the quick start can run: its function, arguments and options."""

    __slots__ = ("argument", "argument_kind", "defaults", "function", "many", "options", "required")

    def __init__(
        self,
        function: str,
        argument: str | None,
        many: bool,
        argument_kind: str,
        options: Mapping[str, Option],
        defaults: Mapping[str, Any],
        required: tuple[str, ...] = (),
    ) -> None:
        self.function = function
        """``module:function``, called with the parameters by name."""
        self.argument = argument
        """The one positional parameter, if the command takes one."""
        self.many = many
        """The positional parameter takes one or more values (a list), not exactly one."""
        self.argument_kind = argument_kind
        self.options = options
        """By every spelling (``--table``, ``-t``)."""
        self.defaults = defaults
        """Every parameter that typer would fill without being given it."""
        self.required = required
        """The parameters typer refuses to run without."""


_TABLE = Option("table", "text", "FLOORMAN_TABLE")
_FOUR_COLOUR = Option("four_colour", "flag")
_SERVER = Option("server", "text", "FLOORMAN_SERVER")
_TOKEN = Option("token", "text", "FLOORMAN_TOKEN")
_STORE = Option("db", "text", "FLOORMAN_DB")
"""``--db`` of the commands that read ``FLOORMAN_DB`` through typer."""
_WRITE_STORE = Option("db", "text")
"""``--db`` of the commands that may write through a server instead, which read
``FLOORMAN_DB`` only when the store is used."""

QUICK: Final[Mapping[str, Quick]] = {
    "check": Quick(
        "floorman.cli._check:check",
        "handfile",
        False,
        "path",
        {
            "--json": Option("as_json", "flag"),
            "--rulebook": Option("rulebook", "text"),
            "-r": Option("rulebook", "text"),
            "--house": Option("house", "text"),
            "--four-colour": _FOUR_COLOUR,
        },
        {"as_json": False, "rulebook": None, "house": None, "four_colour": False},
        ("handfile",),
    ),
    "add": Quick(
        "floorman.cli._add:add",
        "events",
        True,
        "text",
        {
            "--table": _TABLE,
            "-t": _TABLE,
            "--db": _WRITE_STORE,
            "--four-colour": _FOUR_COLOUR,
            "--server": _SERVER,
            "--token": _TOKEN,
        },
        {"table": None, "db": None, "four_colour": False, "server": None, "token": None},
        ("events",),
    ),
    "show": Quick(
        "floorman.cli._show:show",
        "hand",
        False,
        "hand",
        {
            "--table": _TABLE,
            "-t": _TABLE,
            "--db": _STORE,
            "--json": Option("as_json", "flag"),
            "--four-colour": _FOUR_COLOUR,
        },
        {"hand": None, "table": None, "db": None, "as_json": False, "four_colour": False},
    ),
    "new": Quick(
        "floorman.cli._new:new",
        None,
        False,
        "text",
        {
            "--table": _TABLE,
            "-t": _TABLE,
            "--button": Option("button", "number"),
            "--seats": Option("seats", "text"),
            "--blinds": Option("blinds", "text"),
            "--game": Option("game", "text"),
            "--betting": Option("betting", "text"),
            "--ante": Option("ante", "number"),
            "--rulebook": Option("rulebook", "text"),
            "--kind": Option("kind", "text"),
            "--raise-cap": Option("raise_cap", "number"),
            "--chips": Option("chips", "text"),
            "--straddles": Option("straddles", "text"),
            "--bomb-pot": Option("bomb_pot", "number"),
            "--table-seats": Option("table_seats", "number"),
            "--force": Option("force", "flag"),
            "--db": _STORE,
            "--bring-in": Option("bring_in", "number"),
            "--limits": Option("limits", "text"),
            "--rotation": Option("rotation", "text"),
            "--rotate-by": Option("rotate_by", "text"),
        },
        {
            "button": None,
            "bring_in": None,
            "limits": None,
            "rotation": None,
            "rotate_by": "orbit",
            "blinds": "1/2",
            "game": "holdem",
            "betting": "no-limit",
            "ante": 0,
            "rulebook": "rrop",
            "kind": None,
            "raise_cap": None,
            "chips": None,
            "straddles": None,
            "bomb_pot": None,
            "table_seats": None,
            "force": False,
            "db": None,
        },
        ("table", "seats"),
    ),
    "next": Quick(
        "floorman.cli._next:next_hand",
        None,
        False,
        "text",
        {
            "--table": _TABLE,
            "-t": _TABLE,
            "--sit": Option("sit", "text", many=True),
            "--rebuy": Option("rebuy", "text", many=True),
            "--leave": Option("leave", "number", many=True),
            "--force": Option("force", "flag"),
            "--bomb-pot": Option("bomb_pot", "number"),
            "--by": Option("by", "text", "FLOORMAN_DEALER"),
            "--db": _WRITE_STORE,
            "--server": _SERVER,
            "--token": _TOKEN,
            "--level-up": Option("level_up", "flag"),
        },
        {
            "level_up": False,
            "table": None,
            "sit": [],
            "rebuy": [],
            "leave": [],
            "force": False,
            "bomb_pot": None,
            "by": None,
            "db": None,
            "server": None,
            "token": None,
        },
    ),
    "sheet": Quick(
        "floorman.cli._sheet:sheet",
        None,
        False,
        "text",
        {
            "--rulebook": Option("rulebook", "text"),
            "-r": Option("rulebook", "text"),
            "--game": Option("game", "text"),
            "-g": Option("game", "text"),
            "--all": Option("all_games", "flag"),
            "--house": Option("house", "file"),
            "--paper": Option("paper", "text"),
            "--four-colour": _FOUR_COLOUR,
            "--kind": Option("kind", "text"),
            "--html": Option("html", "flag"),
            "--output": Option("output", "file"),
            "-o": Option("output", "file"),
        },
        {
            "rulebook": "rrop",
            "game": "holdem",
            "all_games": False,
            "house": None,
            "paper": "letter",
            "four_colour": False,
            "kind": None,
            "html": False,
            "output": None,
        },
    ),
}
"""The commands started without typer, by command word."""


def parse(word: str, args: Sequence[str], environ: Mapping[str, str]) -> dict[str, Any] | None:
    """The parameters typer would call ``word``'s function with, if the arguments are
    plain enough to be sure of them; ``None`` leaves the command to typer."""
    quick = QUICK.get(word)
    if quick is None:
        return None
    given: dict[str, Any] = {}
    positional: list[Any] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if not arg.startswith("-"):
            value = _value(quick.argument_kind, arg) if quick.argument else None
            if value is None:
                return None
            positional.append(value)
            continue
        name, equals, inline = arg.partition("=")
        option = quick.options.get(name)
        if option is None or (option.parameter in given and not option.many):
            return None
        if option.kind == "flag":
            if equals:
                return None
            given[option.parameter] = True
            continue
        if equals:
            text = inline
        elif rest:
            text = rest.pop(0)
        else:
            return None
        value = None if text.startswith("-") else _value(option.kind, text)
        if value is None:
            return None
        if option.many:
            given.setdefault(option.parameter, []).append(value)
        else:
            given[option.parameter] = value
    if len(positional) > 1 and not quick.many:
        return None
    if positional and quick.argument:
        given[quick.argument] = positional if quick.many else positional[0]
    for option in quick.options.values():
        if option.parameter not in given and option.envvar and option.envvar in environ:
            value = _value(option.kind, environ[option.envvar])
            if value is None:
                return None
            given[option.parameter] = value
    if any(parameter not in given for parameter in quick.required):
        return None
    defaults = {name: list(value) if isinstance(value, list) else value
                for name, value in quick.defaults.items()}  # fmt: skip
    return {**defaults, **given}


_LONGEST_NUMBER = 100
"""Digits in a whole number read here; a longer one is left to typer (Python refuses to
read more than 4,300)."""


def _value(kind: str, text: str) -> Any:
    """The value typer would pass for ``text``; ``None`` where it might do otherwise."""
    if not text or not text.isprintable():
        return None
    if kind == "path":
        return Path(text)
    if kind == "file":
        return _file(text)
    if kind in ("number", "hand"):
        if not (text.isascii() and text.isdigit()) or len(text) > _LONGEST_NUMBER:
            return None
        number = int(text)
        if kind == "hand" and not 1 <= number <= MAX_ID:
            return None
        return number
    return text


def _file(text: str) -> Path | None:
    """A file typer would pass on (a path that is not a folder, readable if it exists)."""
    path = Path(text)
    try:
        if path.is_dir() or (path.exists() and not os.access(path, os.R_OK)):
            return None
    except (OSError, ValueError):
        return None
    return path


def run(word: str, parameters: dict[str, Any]) -> None:
    """Run a command as typer would in a console: the same exit status for every ending."""
    module, _, name = QUICK[word].function.partition(":")
    function: Callable[..., object] = getattr(importlib.import_module(module), name)
    try:
        function(**parameters)
    except FloormanError as error:
        echo(f"floorman: {error}", err=True)
        sys.exit(2)
    except (EOFError, KeyboardInterrupt):
        echo(err=True)
        echo("Aborted!", err=True)
        sys.exit(1)
    except OSError as error:
        if error.errno != errno.EPIPE:
            raise
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  # nothing more reaches a closed pipe
        sys.exit(1)
    sys.exit(0)
