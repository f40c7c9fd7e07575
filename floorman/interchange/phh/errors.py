"""What goes wrong with a PHH file: each error names the file, and the action if one."""

from __future__ import annotations

from floorman.errors import FloormanError

__all__ = ["FractionalChips", "PhhError", "UnsupportedVariant"]


class PhhError(FloormanError, ValueError):
    """A PHH file that cannot be read or played; the message names the file (and action)."""


class UnsupportedVariant(PhhError):
    """A variant floorman does not play (stud, draw, short deck, ...)."""


class FractionalChips(PhhError):
    """An amount that is not a whole number of chips (``starting_stacks`` of 1259450.25)."""
