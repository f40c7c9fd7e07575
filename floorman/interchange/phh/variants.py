"""The PHH variants floorman plays, and the PHH code of each of floorman's games."""

from __future__ import annotations

from typing import Final

__all__ = ["VARIANTS", "variant_code"]

VARIANTS: Final[dict[str, tuple[str, str]]] = {
    "NT": ("holdem", "no-limit"),
    "FT": ("holdem", "limit"),
    "PO": ("omaha", "pot-limit"),
    "FO/8": ("omaha-hilo", "limit"),
}
"""The PHH variants floorman plays, as (game, betting)."""

_CODES: Final = {value: code for code, value in VARIANTS.items()}


def variant_code(game: str, betting: str) -> str | None:
    """The PHH variant of ``betting`` ``game`` (``NT`` for no-limit hold'em); ``None``
    when PHH has none for it."""
    return _CODES.get((game, betting))
