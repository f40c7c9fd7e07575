"""The commands a dealer runs mid-hand, started without building the typer app.

Before it runs a command, typer builds a click command and a pydantic adapter
for every parameter, and for ``check`` importing typer and click is the only
reason to have them at all. For ``check`` and ``add`` written the plain way
(every option known and given once, every value one that typer would pass on
unchanged) the arguments are read here and the command runs at once.
Anything else (``--help``, a missing, unknown or repeated option, a value
typer would convert or refuse, ``--``, shell completion) is left to typer, so
help, every error message and every exit status stay typer's own.

The parameters below repeat the typer declarations of the two commands; a
test reads those declarations and holds this table to them.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from floorman.cli._console import echo
from floorman.errors import FloormanError

__all__ = ["QUICK", "Quick", "parse", "run"]


class Option:
    """One option: the parameter it fills, how its value is read, where else it comes from.

    Plain classes: a named tuple or a dataclass is compiled when it is defined,
    which is most of what this module would cost a start.
    """

    __slots__ = ("envvar", "kind", "parameter")

    def __init__(self, parameter: str, kind: str, envvar: str | None = None) -> None:
        self.parameter = parameter
        self.kind = kind
        """``flag`` (no value), ``text``, or ``path``."""
        self.envvar = envvar


class Quick:
    """A command the quick start can run: its function, arguments and options."""

    __slots__ = ("argument", "argument_kind", "defaults", "function", "many", "options")

    def __init__(
        self,
        function: str,
        argument: str,
        many: bool,
        argument_kind: str,
        options: Mapping[str, Option],
        defaults: Mapping[str, Any],
    ) -> None:
        self.function = function
        """``module:function``, called with the parameters by name."""
        self.argument = argument
        """The one positional parameter."""
        self.many = many
        """The positional parameter takes one or more values (a list), not exactly one."""
        self.argument_kind = argument_kind
        self.options = options
        """By every spelling (``--table``, ``-t``)."""
        self.defaults = defaults


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
            "--four-colour": Option("four_colour", "flag"),
        },
        {"as_json": False, "rulebook": None, "house": None, "four_colour": False},
    ),
    "add": Quick(
        "floorman.cli._add:add",
        "events",
        True,
        "text",
        {
            "--table": Option("table", "text", "FLOORMAN_TABLE"),
            "-t": Option("table", "text", "FLOORMAN_TABLE"),
            "--db": Option("db", "text"),
            "--four-colour": Option("four_colour", "flag"),
            "--server": Option("server", "text", "FLOORMAN_SERVER"),
            "--token": Option("token", "text", "FLOORMAN_TOKEN"),
        },
        {"table": None, "db": None, "four_colour": False, "server": None, "token": None},
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
            value = _value(quick.argument_kind, arg)
            if value is None:
                return None
            positional.append(value)
            continue
        name, equals, inline = arg.partition("=")
        option = quick.options.get(name)
        if option is None or option.parameter in given:
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
        given[option.parameter] = value
    if not positional or (len(positional) > 1 and not quick.many):
        return None
    for option in quick.options.values():
        if option.parameter not in given and option.envvar and option.envvar in environ:
            value = _value(option.kind, environ[option.envvar])
            if value is None:
                return None
            given[option.parameter] = value
    return {
        **quick.defaults,
        **given,
        quick.argument: positional if quick.many else positional[0],
    }


def _value(kind: str, text: str) -> Any:
    """The value typer would pass for ``text``; ``None`` where it might do otherwise."""
    if not text or not text.isprintable():
        return None
    if kind == "path":
        return Path(text)
    return text


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
