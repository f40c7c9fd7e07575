"""Where the shipped rulebooks and templates are, installed or in a checkout.

A wheel carries them inside the package (``floorman/rulebook``); a source
checkout or an editable install keeps them at the top of the project.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def _data_dir(name: str) -> Path:
    packaged = Path(str(resources.files("floorman"))) / name
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / name


def rulebook_dir() -> Path:
    """The folder of the shipped rulebooks (``*.yaml``, ``house/``)."""
    return _data_dir("rulebook")


def templates_dir() -> Path:
    """The folder of the Jinja2 templates and their CSS."""
    return _data_dir("templates")
