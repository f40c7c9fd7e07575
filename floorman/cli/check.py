"""``floorman check HANDFILE``: replay a hand file and report the state (or the JSON contract).

Exit status: 0 when the hand followed procedure, 1 when there is a
violation, 2 for bad input (a file that cannot be read, an event that cannot be).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from floorman.cli._app import FLOOR, app, help_example
from floorman.cli._options import FourColourOption, HouseOption


@app.command(
    rich_help_panel=FLOOR,
    epilog=help_example(
        "floorman check examples/premature-turn.yaml --rulebook tda-2024",
        "floorman check hand.yaml --json",
    ),
)
def check(
    handfile: Annotated[Path, typer.Argument(help="A hand file (YAML or JSON).")],
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the rulings, violations, pots, awards and stacks."),
    ] = False,
    rulebook: Annotated[
        str | None,
        typer.Option("--rulebook", "-r", help="Rule with this rulebook instead of the hand's."),
    ] = None,
    house: HouseOption = None,
    four_colour: FourColourOption = False,
) -> None:
    """Replay a hand file; report the rulings, violations and the state."""
    from floorman.cli._check import check as run

    run(handfile, as_json, rulebook, house, four_colour)
