"""``floorman sheet``: the rule sheet a card room posts at the podium, or a booklet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from floorman.cli._app import FLOOR, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import (
    FourColourOption,
    GameOption,
    HtmlOption,
    KindOption,
    PaperOption,
    RulebookOption,
    checked_kind,
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
    from floorman.cli._output import counted, output_format, write_html, write_output
    from floorman.documents import render
    from floorman.documents.inforce import load_in_force
    from floorman.documents.sheet import sheet_page, sheet_pdf

    try:
        html = output_format(output, ("pdf", "html"), wanted="html" if html else None) == "html"
        size = render.paper_size(paper)
        book, base, house_name = load_in_force(rulebook, house, checked_kind(kind))
        games = list(book.games) if all_games else [game]
        target = output or Path(("booklet" if all_games else game) + (".html" if html else ".pdf"))
        if html:
            write_html(target, sheet_page(book, games, base=base, house=house_name, size=size,
                                          four_colour=four_colour, standalone=True,
                                          kind=kind))  # fmt: skip
            return
        printed = sheet_pdf(book, games, base=base, house=house_name, size=size,
                            four_colour=four_colour, kind=kind)  # fmt: skip
        write_output(target, printed.pdf)
    except FloormanError as error:
        fail(str(error))
        return
    pages = counted(printed.pages, "page")
    echo(f"wrote {target} ({pages}, {paper.lower()})")
