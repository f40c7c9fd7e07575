"""``floorman schema NAME``: the JSON Schema of a file format, for editors.

Every format is named here, not registered by the module that owns it: the
command loads only this module, so a format added from elsewhere would be
missing from ``floorman schema`` as a user runs it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import typer

from floorman.cli._app import DATA, app, fail, help_example
from floorman.cli._console import echo


def _hand() -> dict[str, Any]:
    from floorman.interchange.handfile import hand_schema

    return hand_schema()


def _stud_hand() -> dict[str, Any]:
    from floorman.interchange.studfile import stud_schema

    return stud_schema()


def _draw_hand() -> dict[str, Any]:
    from floorman.interchange.drawfile import draw_schema

    return draw_schema()


def _rulebook() -> dict[str, Any]:
    from floorman.rules.schema import rulebook_json_schema

    return rulebook_json_schema()


def _structure() -> dict[str, Any]:
    from floorman.tournament.structure import structure_json_schema

    return structure_json_schema()


SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "hand": _hand,
    "stud-hand": _stud_hand,
    "draw-hand": _draw_hand,
    "rulebook": _rulebook,
    "structure": _structure,
}
"""Format name -> a function returning its JSON Schema."""


@app.command(rich_help_panel=DATA, epilog=help_example("floorman schema hand > hand.schema.json"))
def schema(
    name: str = typer.Argument(..., help="Which format: " + ", ".join(SCHEMAS) + "."),
) -> None:
    """Print the JSON Schema of a file format: hand files, rulebooks, tournament structures."""
    make = SCHEMAS.get(name)
    if make is None:
        fail(f'no schema named "{name}" (known: {", ".join(sorted(SCHEMAS))})')
        return
    echo(json.dumps(make(), indent=2, ensure_ascii=False))
