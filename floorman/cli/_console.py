"""Printing for the commands, without typer: the quick commands never import it.

:func:`echo` writes what ``typer.echo`` writes (a flush after each message), and
:func:`floorman.ansi.style` what ``typer.style`` does, so a command prints the same
whether typer runs it or :mod:`floorman.cli._quick` does. Styles are dropped
when the stream is not a terminal or ``NO_COLOR`` is set (no-color.org).
:func:`show` is how a dealer's lines reach the terminal: suits in colour,
and :func:`echo` breaks every line to the width of a terminal, between
words, by the one rule of :mod:`floorman.cli._columns` (nothing is broken in
a pipe, nor a JSON document). :func:`fail` is the one way a command stops
on a user's mistake: one line on stderr, exit status 2.

Whatever :func:`echo` prints passes through :func:`floorman.visible.visible`
but for floorman's own colour codes, so a note or a name holding an escape
sequence or a carriage return is printed as text and cannot move the
cursor, erase a line or hide one.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable
from typing import NoReturn

from floorman.ansi import COLOURS
from floorman.cli._columns import fit, width, wrap
from floorman.visible import visible

__all__ = [
    "colour_on",
    "echo",
    "fail",
    "paint_suits",
    "show",
    "use_four_colours",
    "width",
    "wrap",
]

_OWN_CODES = re.compile(r"(\033\[(?:0|1|22|39|3[1-6])m)")
"""The colour and bold codes :func:`floorman.ansi.style` and :func:`paint_suits` write."""
_CARD = re.compile(r"(?<![\w♣♦♥♠])(?:10|[2-9TJQKA])([♣♦♥♠])")
_TWO_COLOURS = {"♥": "red", "♦": "red"}
_FOUR_COLOURS = {"♥": "red", "♦": "blue", "♣": "green"}
_suit_colours = _TWO_COLOURS


def use_four_colours(on: bool = True) -> None:
    """Diamonds blue and clubs green besides red hearts (``--four-colour``)."""
    global _suit_colours
    _suit_colours = _FOUR_COLOURS if on else _TWO_COLOURS


def echo(message: str = "", *, err: bool = False, nl: bool = True, wrap: bool = True) -> None:
    """Print a message and flush; styles are dropped unless colour is on for the stream,
    and on a terminal each line is broken to its width unless ``wrap`` is false (data)."""
    stream = sys.stderr if err else sys.stdout
    if not message and not nl:
        stream.flush()
        return
    parts = _OWN_CODES.split(message)
    if not colour_on(stream):
        parts[1::2] = [""] * (len(parts) // 2)
    parts[::2] = [visible(part) for part in parts[::2]]
    text = "".join(parts)
    if wrap:
        text = fit(text, width(stream))
    stream.write(text + "\n" if nl else text)
    stream.flush()


def show(lines: Iterable[str]) -> None:
    """Print a dealer's lines: suits in colour, each broken to the width."""
    for line in lines:
        echo(paint_suits(line))


def paint_suits(text: str) -> str:
    """Every card written ``A♥`` in its suit's colour; the text around keeps its own."""

    def paint(match: re.Match[str]) -> str:
        colour = _suit_colours.get(match.group(1))
        if colour is None:
            return match.group(0)
        return f"\033[{COLOURS[colour]}m{match.group(0)}\033[39m"

    return _CARD.sub(paint, text)


def fail(message: str) -> NoReturn:
    """Print one line for the user and exit with status 2."""
    echo(f"floorman: {message}", err=True)
    raise SystemExit(2)


def colour_on(stream: object) -> bool:
    """Colour for a terminal, unless ``NO_COLOR`` is set to anything but nothing."""
    return not os.environ.get("NO_COLOR") and _is_terminal(stream)


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False
