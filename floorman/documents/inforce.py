"""The rulebook a document is printed under: the one in force, the one its house profile
changes, and the house's name, as the sheet, the card and the server load them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from floorman.rules.loader import Rulebook

__all__ = ["load_in_force"]


def load_in_force(
    rulebook: str, house: Path | None, kind: str | None = None
) -> tuple[Rulebook, Rulebook | None, str | None]:
    """The rulebook in force, the rulebook its house profile extends, and the house's name,
    each at a table of ``kind`` when given (that kind's option values).

    A house profile comes from ``--house FILE`` or is itself named by
    ``--rulebook`` (a shipped profile under ``rulebook/house/``).
    """
    from floorman._resources import rulebook_dir
    from floorman.rules.loader import load_rulebook

    book = load_rulebook(rulebook, house=house, kind=kind)
    if house is not None:
        return book, load_rulebook(rulebook, kind=kind), book.title
    shipped_houses = (rulebook_dir() / "house").resolve()
    if len(book.chain) > 1 and book.files[0].parent.resolve() == shipped_houses:
        return book, load_rulebook(book.chain[1], kind=kind), book.title
    return book, None, None
