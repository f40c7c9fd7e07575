"""Emphasis for a terminal, written into text: a colour and bold as ANSI codes.

The dealer's lines carry their emphasis with them (a ruling's outcome in its
colour); whoever prints them keeps the codes for a terminal and drops them
elsewhere (``NO_COLOR``, a pipe, a file).
"""

from __future__ import annotations

__all__ = ["COLOURS", "style"]

COLOURS = {"red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36}
"""Terminal colours by name (``typer.colors``), as ANSI codes."""


def style(text: str, *, fg: str | None = None, bold: bool | None = None) -> str:
    """``text`` in a colour (one of :data:`COLOURS`) and bold, reset after."""
    codes = []
    if fg:
        codes.append(f"\033[{COLOURS[fg]}m")
    if bold is not None:
        codes.append(f"\033[{1 if bold else 22}m")
    return "".join(codes) + text + "\033[0m"
