"""The command line: parse arguments, call the domain, print. Nothing else.

Each command lives in its own module and registers itself on the typer app
when imported. :func:`main` imports only the module of the command being
run, so ``floorman check`` pays for neither building the other commands nor
their libraries (weasyprint, sqlite3, pokerkit); help, shell completion and
an unknown word load them all. ``floorman.cli.app`` is the whole app.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from typing import TYPE_CHECKING, Final

from floorman.cli import _app, _errors

if TYPE_CHECKING:
    import typer

__all__ = ["COMMAND_MODULES", "app", "load_commands", "main"]

COMMAND_MODULES: Final[dict[str, str]] = {
    "ask": "ask",
    "check": "check",
    "compare": "compare",
    "live": "live",
    "import": "phh",
    "audit": "phh",
    "read": "read",
    "report": "report",
    "schema": "schema",
    "sheet": "sheet",
    "card": "card",
    "split": "split",
    "new": "table",
    "add": "table",
    "show": "table",
    "log": "table",
    "undo": "table",
    "hands": "table",
    "export": "table",
    "drill": "drill",
    "rules": "rules",
}
"""The module under ``floorman.cli`` that registers each command word, in help order."""


def load_commands(word: str | None = None) -> typer.Typer:
    """The app with the command ``word`` registered; every command when ``word`` is
    ``None`` or no command's."""
    if word in COMMAND_MODULES:
        modules = [COMMAND_MODULES[word]]
    else:
        modules = list(dict.fromkeys(COMMAND_MODULES.values()))
    for module in modules:
        importlib.import_module(f"floorman.cli.{module}")
    return _app.app


def main() -> None:
    """Console entry point: register the command asked for, then run it.

    The cycle collector stays off for the life of the command. Start-up
    builds a few hundred thousand objects that live until exit (typer's and
    pydantic's classes and validators), and collecting among them while they
    are built, then again at interpreter shutdown, cost a short ``floorman
    check`` about a seventh of its time. floorman's commands make little
    cyclic garbage: auditing the whole PHH data set or printing every rule
    sheet peaks within a few megabytes of the same run with the collector
    on. On the way out every object is frozen, so shutdown does not collect
    them either.
    """
    args = sys.argv[1:]
    completing = "_FLOORMAN_COMPLETE" in os.environ
    gc.disable()
    _errors.tolerant_streams()
    try:
        load_commands(args[0] if args and not completing else None)
        _app.main()
    finally:
        gc.freeze()


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        return load_commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
