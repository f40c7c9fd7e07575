"""The floorman hand a PHH file written by floorman keeps, so an import gives it back
with the same events and the same rulings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from floorman.interchange.phh.errors import PhhError

if TYPE_CHECKING:
    from floorman.interchange.handfile import Hand

__all__ = ["FLOORMAN_FIELD", "recorded_hand"]

FLOORMAN_FIELD: Final = "_floorman_hand"
"""The user-defined PHH field that keeps the floorman hand as recorded (JSON text)."""


def recorded_hand(data: Mapping[str, Any], name: str = "hand.phh") -> Hand | None:
    """The floorman hand a PHH file keeps in :data:`FLOORMAN_FIELD`, if it has one;
    :class:`floorman.interchange.handfile.HandFileError` names the field when it is not a hand."""
    from floorman.interchange.handfile import parse_hand

    text = data.get(FLOORMAN_FIELD)
    if text is None:
        return None
    if not isinstance(text, str):
        raise PhhError(f"{name}: {FLOORMAN_FIELD} is a floorman hand as JSON text")
    return parse_hand(text, f"{name} {FLOORMAN_FIELD}", json_text=True)
