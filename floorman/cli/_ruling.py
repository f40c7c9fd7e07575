"""A ruling's outcome word for the commands that summarise rulings on a terminal.

The word and its colour are the dealer's lines' own (:mod:`floorman.tables.ruling`).
"""

from __future__ import annotations

from floorman.tables.ruling import outcome_word

__all__ = ["outcome_word"]
