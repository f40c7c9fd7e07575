"""Text a user typed, shown as text: control characters become escapes.

A note, a player's or a table's name is stored as typed, since what happened
at a table is never bad input. Shown raw, an escape sequence or a carriage
return in it could erase or fake lines in a dealer's terminal, and a
bidirectional override could reorder a page's text; shown here, each such
character is written out as an escape a reader can see.

>>> visible("seat 3 says\\x1b[2K\\rMISDEAL")
'seat 3 says\\\\x1b[2K\\\\rMISDEAL'
>>> visible("two\\nlines\\tand a tab")
'two\\nlines\\tand a tab'
>>> visible("\\u202eevil")
'\\\\u202eevil'
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["shown_as_text", "visible"]

_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls but the newline and the tab, and the bidirectional marks and overrides."""

_NAMED = {"\r": "\\r", "\x0b": "\\v", "\x0c": "\\f", "\x08": "\\b", "\x07": "\\a", "\x00": "\\0"}


def _escape(match: re.Match[str]) -> str:
    char = match.group(0)
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character it must not act on written as an escape."""
    return _HIDDEN.sub(_escape, text) if _HIDDEN.search(text) else text


def shown_as_text(value: Any) -> Any:
    """A page template's value with :func:`visible` applied to its text (``finalize``),
    keeping markup already made safe as markup."""
    if not isinstance(value, str):
        return value
    shown = visible(value)
    return shown if shown is value else type(value)(shown)
