"""Printing for the commands, without typer: the quick commands never import it.

:func:`echo` writes what ``typer.echo`` writes (a flush after each message), and
:func:`floorman.ansi.style` what ``typer.style`` does, so a command prints the same
whether typer runs it or :mod:`floorman.cli._quick` does. Styles are dropped
when the stream is not a terminal or ``NO_COLOR`` is set (no-color.org).
:func:`show` is how a dealer's lines reach the terminal: suits in colour,
each line wrapped to the width at word boundaries, continuations indented
under the text they continue. :func:`fail` is the one way a command stops
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

_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")
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


def echo(message: str = "", *, err: bool = False, nl: bool = True) -> None:
    """Print a message and flush; styles are dropped unless colour is on for the stream."""
    stream = sys.stderr if err else sys.stdout
    text = message + "\n" if nl else message
    if not text:
        stream.flush()
        return
    parts = _OWN_CODES.split(text)
    if not colour_on(stream):
        parts[1::2] = [""] * (len(parts) // 2)
    parts[::2] = [visible(part) for part in parts[::2]]
    stream.write("".join(parts))
    stream.flush()


def show(lines: Iterable[str]) -> None:
    """Print a dealer's lines: suits in colour, each wrapped to the width."""
    columns = width()
    for line in lines:
        echo(wrap(paint_suits(line), columns))


def paint_suits(text: str) -> str:
    """Every card written ``A♥`` in its suit's colour; the text around keeps its own."""

    def paint(match: re.Match[str]) -> str:
        colour = _suit_colours.get(match.group(1))
        if colour is None:
            return match.group(0)
        return f"\033[{COLOURS[colour]}m{match.group(0)}\033[39m"

    return _CARD.sub(paint, text)


def width() -> int | None:
    """The columns to wrap at on a terminal: ``COLUMNS``, else the terminal's (80 when it
    does not say); ``None`` (no wrapping) when standard output is not a terminal."""
    if not _is_terminal(sys.stdout):
        return None
    columns = os.environ.get("COLUMNS", "")
    if columns.isascii() and columns.isdigit() and int(columns) >= 20:
        return int(columns)
    try:
        columns_now = os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError):
        return 80
    return max(columns_now, 20) if columns_now else 80


def wrap(line: str, columns: int | None) -> str:
    """``line`` broken at spaces to fit ``columns``, continuations indented under its
    text: under a step's text after ``1.``, else two spaces further in than the line.
    Styles count for nothing; a word longer than the line stays whole."""
    if columns is None or _visible(line) <= columns:
        return line
    plain = _ANSI.sub("", line)
    lead = len(plain) - len(plain.lstrip(" "))
    step = re.match(r" *\d+\. ", plain)
    indent = " " * (len(step.group(0)) if step else lead + 2)
    words = line[lead:].split(" ")
    out: list[str] = []
    current, used = line[:lead] + words[0], lead + _visible(words[0])
    for word in words[1:]:
        size = _visible(word)
        if used + 1 + size <= columns or used < len(indent):
            current, used = f"{current} {word}", used + 1 + size
        elif word:
            out.append(current)
            current, used = indent + word, len(indent) + size
    out.append(current)
    return "\n".join(out)


def fail(message: str) -> NoReturn:
    """Print one line for the user and exit with status 2."""
    echo(f"floorman: {message}", err=True)
    raise SystemExit(2)


def colour_on(stream: object) -> bool:
    """Colour for a terminal, unless ``NO_COLOR`` is set to anything but nothing."""
    return not os.environ.get("NO_COLOR") and _is_terminal(stream)


def _visible(text: str) -> int:
    return len(_ANSI.sub("", text))


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False
