"""JSON on standard output, as every ``--json`` prints it; the shapes are
:mod:`floorman.tables.shapes`."""

from __future__ import annotations

import json

from floorman.cli._console import echo

__all__ = ["print_json"]


def print_json(data: object) -> None:
    echo(json.dumps(data, ensure_ascii=False, indent=2))
