"""What the printing commands share: loading the rulebook in force and writing a document.

A document is written whole or not at all: it is laid out in memory, written
to a temporary file beside the target and renamed into place, so a failed
run never leaves half a PDF where the last good one was.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.rules.loader import Rulebook


def load_in_force(
    rulebook: str, house: Path | None
) -> tuple[Rulebook, Rulebook | None, str | None]:
    """The rulebook in force, the rulebook its house profile extends, and the house's name.

    A house profile comes from ``--house FILE`` or is itself named by
    ``--rulebook`` (a shipped profile under ``rulebook/house/``).
    """
    from floorman._resources import rulebook_dir
    from floorman.rules.loader import load_rulebook

    book = load_rulebook(rulebook, house=house)
    if house is not None:
        return book, load_rulebook(rulebook), book.title
    shipped_houses = (rulebook_dir() / "house").resolve()
    if len(book.chain) > 1 and book.files[0].parent.resolve() == shipped_houses:
        return book, load_rulebook(book.chain[1]), book.title
    return book, None, None


def write_document(path: Path, data: bytes) -> None:
    """Put *data* at *path* in one step; a :class:`FloormanError` names the path if it cannot."""
    directory = path.parent if str(path.parent) else Path()
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=directory)
    except OSError as error:
        raise FloormanError(f'-o "{path}": cannot write there: {error.strerror}') from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise FloormanError(f'-o "{path}": cannot write there: {error.strerror}') from None


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
