"""``floorman check HANDFILE``: replay a hand file and report the state (or the JSON contract).

Exit status: 0 when the hand followed procedure, 1 when there is a
violation, 2 for bad input (a file that cannot be read, an event that cannot be).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from floorman.cli._app import app
from floorman.cli._options import HouseOption


@app.command()
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
) -> None:
    """Replay a hand file; report the state, rulings and violations."""
    from floorman.cli._errors import user_errors
    from floorman.cli._ruling import ruling_lines
    from floorman.cli._view import award_lines, detail_lines
    from floorman.handfile import load_hand
    from floorman.replay import check_hand

    with user_errors():
        result = check_hand(load_hand(handfile), rulebook=rulebook, house=house)
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        for line in [*detail_lines(result.state), *award_lines(result.pots)]:
            typer.echo(line)
        for ruling in result.rulings:
            for line in ruling_lines(ruling):
                typer.echo(line)
        for violation in result.violations:
            typer.echo(f"violation at event {violation['event']}: {violation['message']}")
    raise typer.Exit(result.exit_status)
