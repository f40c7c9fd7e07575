"""Printing for the commands, without typer: the quick commands never import it.

:func:`echo` and :func:`style` write what ``typer.echo`` and ``typer.style``
write (ANSI styles, dropped when the output is not a terminal, a flush after
each message), so a command prints the same whether typer runs it or
:mod:`floorman.cli._quick` does. :func:`fail` is the one way a command stops on a
user's mistake: one line on stderr, exit status 2.
"""

from __future__ import annotations

import re
import sys
from typing import NoReturn

__all__ = ["COLOURS", "echo", "fail", "style"]

COLOURS = {"red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36}
"""Terminal colours by name (``typer.colors``), as ANSI codes."""

_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")


def echo(message: str = "", *, err: bool = False, nl: bool = True) -> None:
    """Print a message and flush; styles are dropped when the stream is not a terminal."""
    stream = sys.stderr if err else sys.stdout
    text = message + "\n" if nl else message
    if not text:
        stream.flush()
        return
    if not _is_terminal(stream):
        text = _ANSI.sub("", text)
    stream.write(text)
    stream.flush()


def style(text: str, *, fg: str | None = None, bold: bool | None = None) -> str:
    """``text`` in a colour (one of :data:`COLOURS`) and bold, reset after."""
    codes = []
    if fg:
        codes.append(f"\033[{COLOURS[fg]}m")
    if bold is not None:
        codes.append(f"\033[{1 if bold else 22}m")
    return "".join(codes) + text + "\033[0m"


def fail(message: str) -> NoReturn:
    """Print one line for the user and exit with status 2."""
    echo(f"floorman: {message}", err=True)
    raise SystemExit(2)


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False
