"""``floorman card``: the one-page quick-reference card for the dealer's station."""

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
    epilog=help_example("floorman card --house rulebook/house/first-or-second.yaml -o card.pdf"),
)
def card(
    rulebook: RulebookOption = "rrop",
    game: GameOption = "holdem",
    house: Annotated[
        Path | None,
        typer.Option(
            "--house",
            metavar="FILE",
            dir_okay=False,
            help="A house profile: the card rules in its words and lists its options.",
        ),
    ] = None,
    paper: PaperOption = "letter",
    four_colour: FourColourOption = False,
    kind: KindOption = None,
    html: HtmlOption = False,
    output: Annotated[
        Path | None, output_option("Where to write it (default: GAME-card.pdf).")
    ] = None,
) -> None:
    """Print one landscape page for the dealer's station: the irregularities and betting
    calls met most, each with its outcome, its procedure and its citation."""  # fmt: skip
    from floorman.cli._output import output_format, write_html, write_output
    from floorman.documents import render
    from floorman.documents.inforce import load_in_force
    from floorman.documents.quickcard import card_page, card_pdf

    try:
        html = output_format(output, ("pdf", "html"), wanted="html" if html else None) == "html"
        size = render.paper_size(paper)
        book, base, house_name = load_in_force(rulebook, house, checked_kind(kind))
        target = output or Path(f"{game}-card" + (".html" if html else ".pdf"))
        if html:
            write_html(target, card_page(book, game, base=base, house=house_name, size=size,
                                         four_colour=four_colour, kind=kind))  # fmt: skip
            return
        write_output(target, card_pdf(book, game, base=base, house=house_name, size=size,
                                      four_colour=four_colour, kind=kind))  # fmt: skip
    except FloormanError as error:
        fail(str(error))
        return
    echo(f"wrote {target} (1 page, {paper.lower()} landscape)")
