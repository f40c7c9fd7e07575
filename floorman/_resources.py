"""Where the shipped rulebooks and templates are, installed or in a checkout.

A wheel carries them inside the package (``floorman/rulebook``); a source
checkout or an editable install keeps them at the top of the project. The
package is always a folder on disk, so its own path says where they are,
without ``importlib.resources`` (which brings in ``zipfile`` at start-up).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def _data_dir(name: str) -> Path:
    package = Path(__file__).resolve().parent
    packaged = package / name
    if packaged.is_dir():
        return packaged
    return package.parent / name


def rulebook_dir() -> Path:
    """The folder of the shipped rulebooks (``*.yaml``, ``house/``)."""
    return _data_dir("rulebook")


def templates_dir() -> Path:
    """The folder of the Jinja2 templates and their CSS."""
    return _data_dir("templates")
