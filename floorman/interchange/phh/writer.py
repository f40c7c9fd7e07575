"""Values written as TOML, the little a PHH file needs: true and false, whole numbers,
strings (as JSON writes them, which TOML reads alike) and arrays of those.

>>> print(toml_value(["d dh p1 AhKd", "p1 f"]), toml_value([100, 200]), toml_value(True))
["d dh p1 AhKd", "p1 f"] [100, 200] true
"""

from __future__ import annotations

import json
from collections.abc import Sequence

__all__ = ["toml_value"]


def toml_value(value: object) -> str:
    """``value`` as TOML; :class:`TypeError` for what a PHH file never holds."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Sequence):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    raise TypeError(f"no TOML for {value!r}")
