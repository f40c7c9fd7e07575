"""Where a command's lines break: the one rule every command prints by.

On a terminal, a line wider than the screen is broken at spaces, never
inside a word, so the terminal never cuts one: the width is ``COLUMNS`` when
set (20 or more), else the terminal's own, else 80. A continuation is
indented under the text it continues: under a numbered step's or a bullet's
text (``  3. ...``, ``  - ...``), under the second column of a row that
starts with a word and a gap of two spaces or more (``premature-turn  The
turn card...``), else two spaces further in than the line; never more than
half the width in. A word wider than the screen stays whole.

In a pipe or a file nothing is broken: one line per item, as a script
reads it (``grep``, ``cut``). Each stream is judged for itself, so an error
on a terminal's standard error wraps while the output piped on does not.

Data is never rewrapped, on a terminal either: a message that is a JSON
document (every ``--json``), and what a command prints with ``wrap=False``
(a hand file, a token to copy).

:func:`floorman.cli._console.echo` applies this rule to everything it
prints, so a command that prints through it (or through ``show``, or
``print_json``) fits the screen without doing anything more.

>>> wrap("  2. Burn a card and turn the river in the turn's place.", 31).splitlines()
['  2. Burn a card and turn the', "     river in the turn's place."]
>>> wrap("seat 3 takes 1,210: two pair, aces and kings", 24).splitlines()
['seat 3 takes 1,210: two', '  pair, aces and kings']
>>> wrap("  undercall      A player puts in less than the call", 36).splitlines()
['  undercall      A player puts in', '                 less than the call']
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata

__all__ = ["cells", "fit", "width", "wrap"]

NARROWEST = 20
"""Below this ``COLUMNS`` is taken for a mistake and the terminal asked instead."""

_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")
_HANGING = re.compile(r" *(?:\d+\.|[-•*]) +(?=\S)| *[^ ]+ {2,}(?=\S)")
"""A numbered step, a bullet or a row's first column: continuations go under the text
after it."""


def width(stream: object = None) -> int | None:
    """The columns to break lines at on ``stream`` (standard output by default);
    ``None`` when it is not a terminal: nothing is broken."""
    if stream is None:
        stream = sys.stdout
    if not _is_terminal(stream):
        return None
    columns = os.environ.get("COLUMNS", "")
    if columns.isascii() and columns.isdigit() and int(columns) >= NARROWEST:
        return int(columns)
    try:
        columns_now = os.get_terminal_size(stream.fileno()).columns  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return 80
    return max(columns_now, NARROWEST) if columns_now else 80


def fit(text: str, columns: int | None) -> str:
    """Every line of ``text`` wrapped to ``columns``; a JSON document left whole."""
    if columns is None or not text or _fits(text, columns) or _is_json(text):
        return text
    return "\n".join(wrap(line, columns) for line in text.split("\n"))


def wrap(line: str, columns: int | None) -> str:
    """``line`` broken at spaces to fit ``columns``, continuations indented under its
    text (see the module's rule). Styles count for nothing."""
    if columns is None or cells(line) <= columns:
        return line
    plain = _ANSI.sub("", line)
    lead = len(plain) - len(plain.lstrip(" "))
    hanging = _HANGING.match(plain)
    indent = " " * (len(hanging.group(0)) if hanging else lead + 2)
    if len(indent) > columns // 2:
        indent = " " * min(lead + 2, columns // 2)
    words = line[lead:].split(" ")
    out: list[str] = []
    current, used = line[:lead] + words[0], lead + cells(words[0])
    for word in words[1:]:
        size = cells(word)
        if used + 1 + size <= columns or used < len(indent):
            current, used = f"{current} {word}", used + 1 + size
        elif word:
            out.append(current)
            current, used = indent + word, len(indent) + size
    out.append(current)
    return "\n".join(out)


def cells(text: str) -> int:
    """The columns ``text`` takes on a terminal: styles none, wide characters two.

    >>> cells("A♥ K♦"), cells("\\033[31mred\\033[0m"), cells("王牌")
    (5, 3, 4)
    """
    if "\033" in text:
        text = _ANSI.sub("", text)
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1
        for char in text
    )


def _fits(text: str, columns: int) -> bool:
    if len(text) <= columns:
        return cells(text) <= columns
    return all(cells(line) <= columns for line in text.split("\n"))


def _is_json(text: str) -> bool:
    """A JSON object or array (what ``--json`` prints): data, not lines to break."""
    start = text.lstrip()[:1]
    if start not in ("{", "["):
        return False
    import json

    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False
