"""The command line: parse arguments, call a use case (:mod:`floorman.tables`) or the
domain, print. Nothing else.

Each command lives in its own module and registers itself on the typer app
when imported. :func:`main` imports only the module of the command being
run, so ``floorman check`` pays for neither building the other commands nor
their libraries (weasyprint, sqlite3, pokerkit); help, shell completion and
an unknown word load them all. ``floorman check`` and ``floorman add``
written the plain way do not build the typer app at all
(:mod:`floorman.cli._quick`). ``floorman.cli.app`` is the whole app.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from typing import TYPE_CHECKING, Final

from floorman.cli import _errors, _quick

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
    "new": "hands",
    "add": "hands",
    "show": "hands",
    "log": "hands",
    "undo": "hands",
    "hands": "hands",
    "export": "hands",
    "next": "next",
    "call-floor": "floor",
    "serve": "serve",
    "table": "table",
    "drill": "drill",
    "rules": "rules",
    "icm": "icm",
    "users": "users",
    "station": "station",
    "db": "db",
    "tournament": "tournament",
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
    from floorman.cli import _app

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
    on. Commands that run for hours (``serve``, ``live``) switch it back on
    with :func:`long_running`. On the way out every object is frozen, so shutdown does not collect
    them either.

    Pydantic's plugins are off unless ``PYDANTIC_DISABLE_PLUGINS`` says
    otherwise: looking for them reads the metadata of every installed
    distribution the first time a hand is validated, and a ruling must not
    depend on what else happens to be installed.
    """
    args = sys.argv[1:]
    completing = "_FLOORMAN_COMPLETE" in os.environ
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    gc.disable()
    _errors.tolerant_streams()
    try:
        word = args[0] if args and not completing else None
        quick = _quick.parse(word, args[1:], os.environ) if word is not None else None
        if word is not None and quick is not None:
            _quick.run(word, quick)
        load_commands(word)
        from floorman.cli import _app

        _app.main()
    finally:
        gc.freeze()


def long_running() -> None:
    """Collect cycles again, for a command that runs until it is stopped (a no-op where
    the collector was never switched off, as in a caller of the app's commands).

    What start-up built is frozen first, so the collector never walks it;
    what the server makes per request (a report PDF holds cycles through
    its layout tree) is collected as it would be in any long-lived process.
    """
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        return load_commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
