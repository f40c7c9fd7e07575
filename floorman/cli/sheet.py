"""``floorman sheet``: the rule sheet a card room posts at the podium, or a booklet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from floorman.cli._app import FLOOR, app, fail, help_example
from floorman.cli._options import (
    FourColourOption,
    GameOption,
    HtmlOption,
    KindOption,
    PaperOption,
    RulebookOption,
    output_option,
)
from floorman.errors import FloormanError


@app.command(
    rich_help_panel=FLOOR,
    epilog=help_example(
        "floorman sheet --game omaha-hilo --paper a4 -o sheet.pdf",
        "floorman sheet --all --house my-room.yaml -o booklet.pdf",
    ),
)
def sheet(
    rulebook: RulebookOption = "rrop",
    game: GameOption = "holdem",
    all_games: Annotated[
        bool, typer.Option("--all", help="A booklet of every game instead of one sheet.")
    ] = False,
    house: Annotated[
        Path | None,
        typer.Option(
            "--house",
            metavar="FILE",
            dir_okay=False,
            help="A house profile: its name and options are printed on the sheet.",
        ),
    ] = None,
    paper: PaperOption = "letter",
    four_colour: FourColourOption = False,
    kind: KindOption = None,
    html: HtmlOption = False,
    output: Annotated[
        Path | None,
        output_option("Where to write it (default: GAME.pdf, or booklet.pdf with --all)."),
    ] = None,
) -> None:
    """Print the dealing procedure, the irregularity rules, the house options and the
    hand rankings of a game."""  # fmt: skip
    from floorman.cli._sheet import sheet as run

    try:
        run(rulebook, game, all_games, house, paper, four_colour, kind, html, output)
    except FloormanError as error:
        fail(str(error))
