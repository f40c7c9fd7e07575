"""Reading a PHH file's TOML: most files are a handful of flat ``key = value`` lines,
read here directly; anything else goes to :mod:`tomllib`, and both give the same values.

>>> read_phh("variant = 'NT'\\nantes = [0, 0]\\nactions = ['d dh p1 AhKd', 'p1 f']\\n")
{'variant': 'NT', 'antes': [0, 0], 'actions': ['d dh p1 AhKd', 'p1 f']}
"""

from __future__ import annotations

import functools
import re
import tomllib
from typing import Any, Final

from floorman.interchange.phh.errors import PhhError
from floorman.strictdata import LONG_NUMBER, NestingError, load_toml

__all__ = ["read_phh"]

_FAST_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_FAST_STRING: Final = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'|\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\""
_FAST_STRINGS: Final = re.compile(
    rf"\[\s*(?:{_FAST_STRING})(?:\s*,\s*(?:{_FAST_STRING}))*\s*,?\s*\]"
)
_FAST_ITEM: Final = re.compile(_FAST_STRING)
_FAST_INT: Final = re.compile(r"[+-]?(?:0|[1-9][0-9]*)")
_FAST_INTS: Final = re.compile(r"(?:0|[1-9][0-9]*)(?:[ \t]*,[ \t]*(?:0|[1-9][0-9]*))*[ \t]*,?")
_FAST_FLOAT: Final = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\.[0-9]+")

_TABLE_KEYS: Final = frozenset(
    {
        "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in",
        "small_bet", "big_bet", "min_bet", "starting_stacks", "players", "event",
        "venue", "currency", "seat_count", "seats", "table", "day", "month", "year",
    }
)  # fmt: skip
"""Fields that stay the same from hand to hand at a table."""


class _NotFlat(Exception):
    """The text is not in the flat one-line-per-key form the fast reader handles."""


def read_phh(text: str, name: str = "hand.phh") -> dict[str, Any]:
    """The fields of a PHH file, read as TOML.

    Most PHH files are a handful of ``key = value`` lines; those are read
    directly, anything else (comments after values, arrays over several
    lines, tables, escapes) by :mod:`tomllib`. Both give the same values.
    """
    try:
        return _read_flat(text)
    except (_NotFlat, ValueError):  # a number past int's 4,300 digits: tomllib says where
        pass
    try:
        return load_toml(text)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(f"{name}: not TOML: {error}") from None
    except NestingError as error:
        raise PhhError(f"{name}: not a hand history: {error}") from None
    except ValueError:
        raise PhhError(f"{name}: not a hand history: {LONG_NUMBER}") from None


def _read_flat(text: str) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] == "#":
            continue
        if len(line) <= 200 and line[: line.find(" = ")] in _TABLE_KEYS:
            key, value = _table_line(line)
            if type(value) is tuple:
                value = list(value)
        else:
            key, value = _flat_line(line)
        if key in fields:
            raise _NotFlat
        fields[key] = value
    return fields


@functools.lru_cache(maxsize=4096)
def _table_line(line: str) -> tuple[str, Any]:
    """A line of a table's header (its blinds, antes, stacks, players), read once: it
    comes again with each hand of the table. A list is kept as a tuple, for each hand
    to get its own list."""
    key, value = _flat_line(line)
    return key, tuple(value) if type(value) is list else value


def _flat_line(line: str) -> tuple[str, Any]:
    """One ``key = value`` line."""
    key, equals, value = line.partition(" = ")
    if not equals or not value:
        raise _NotFlat
    if not (key.isascii() and key.isidentifier()) and _FAST_KEY.fullmatch(key) is None:
        raise _NotFlat
    return key, _flat_value(value)


def _flat_value(text: str) -> Any:
    """One value; the usual shapes (``['d dh p1 AhKd', 'p1 f']``, ``[100, 200]``)
    by splitting, where the split itself shows the shape was right."""
    first = text[0]
    if first == "[":
        if text[-1] != "]":
            raise _NotFlat
        inner = text[1:-1]
        if inner[:1] == "'":
            if inner[-1] == "'" and text.isprintable():
                items = inner[1:-1].split("', '")
                if inner.count("'") == 2 * len(items):
                    return items
        elif inner[:1].isdigit():
            digits = inner.replace(", ", "")
            if digits.isdigit() and digits.isascii() and ", 0" not in ", " + inner:
                try:  # no sign, no underscore, no leading zero (a 0 goes the long way)
                    return list(map(int, inner.split(", ")))
                except ValueError:  # an empty item: "1, , 2"
                    pass
        return _flat_array(text)
    quoted = text[1:-1]
    if first == "'" == text[-1] and len(text) >= 2 and "'" not in quoted and text.isprintable():
        return quoted
    return _flat_scalar(text)


def _flat_array(text: str) -> list[Any]:
    inner = text[1:-1].strip()
    if not inner:
        return []
    if inner[0] in "'\"":
        if _FAST_STRINGS.fullmatch(text) is None:
            raise _NotFlat
        return [item[1:-1] for item in _FAST_ITEM.findall(text)]
    if _FAST_INTS.fullmatch(inner):
        return [int(item) for item in inner.rstrip(", \t").split(",")]
    items = [item.strip() for item in inner.split(",")]
    if items and not items[-1]:
        items.pop()
    return [_flat_scalar(item) for item in items]


def _flat_scalar(text: str) -> Any:
    if text == "true":
        return True
    if text == "false":
        return False
    if text.isdigit() and text.isascii() and (text[0] != "0" or text == "0"):
        return int(text)
    if _FAST_INT.fullmatch(text):
        return int(text)
    if _FAST_FLOAT.fullmatch(text):
        return float(text)
    if len(text) >= 2 and text[0] == text[-1] and _FAST_ITEM.fullmatch(text):
        return text[1:-1]
    raise _NotFlat
