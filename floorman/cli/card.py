"""``floorman card``: the one-page quick-reference card for the dealer's station."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from floorman.cli._app import FLOOR, app, fail, help_example
from floorman.cli._options import (
    FourColourOption,
    GameOption,
    HtmlOption,
    PaperOption,
    RulebookOption,
    output_option,
)
from floorman.errors import FloormanError

if TYPE_CHECKING:
    from collections.abc import Callable

    from floorman.documents.render import Printed
    from floorman.rules.loader import Rulebook


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
    html: HtmlOption = False,
    output: Annotated[
        Path | None, output_option("Where to write it (default: GAME-card.pdf).")
    ] = None,
) -> None:
    """Print one landscape page for the dealer's station: the irregularities met most,
    each with its outcome and the first thing to do."""  # fmt: skip
    from floorman.cli._documents import load_in_force
    from floorman.cli._output import output_format, write_html, write_output
    from floorman.documents import render
    from floorman.documents.quickcard import card_entries

    try:
        html = output_format(output, ("pdf", "html"), wanted="html" if html else None) == "html"
        size = render.paper_size(paper)
        book, base, house_name = load_in_force(rulebook, house)
        view = card_view(book, game, base=base, house=house_name, size=size,
                         four_colour=four_colour)  # fmt: skip
        target = output or Path(f"{game}-card" + (".html" if html else ".pdf"))
        if html:
            page = render.render_html("card.html", view(), standalone=True)
            write_html(target, page)
            return
        printed = _one_page(view, card_entries(book, game))
        write_output(target, printed.pdf)
    except FloormanError as error:
        fail(str(error))
        return
    typer.echo(f"wrote {target} (1 page, {paper.lower()} landscape)")


def card_view(
    book: Rulebook,
    game: str,
    *,
    base: Rulebook | None,
    house: str | None,
    size: str,
    four_colour: bool = False,
) -> Callable[..., Any]:
    """The card's view today, of every entry the rulebook gives or of fewer, in the usual
    type or a size smaller (``view(entries, compact)``)."""
    from floorman.documents.quickcard import quick_card_view

    day = datetime.date.today()

    def view(entries: list[dict[str, Any]] | None = None, compact: bool = False) -> Any:
        return quick_card_view(
            book, game, day=day, base=base, house=house, paper=size,
            four_colour=four_colour, entries=entries, compact=compact,
        )  # fmt: skip

    return view


def card_pdf(
    book: Rulebook, game: str, *, base: Rulebook | None, house: str | None, size: str
) -> bytes:
    """The card as ``floorman card`` prints it, on one page."""
    from floorman.documents.quickcard import card_entries

    view = card_view(book, game, base=base, house=house, size=size)
    return _one_page(view, card_entries(book, game)).pdf


def _one_page(view: Any, entries: list[dict[str, Any]]) -> Printed:
    """The card laid out on one page: in smaller type if it must, then with fewer entries.

    Only a house whose steps run long needs more than the first layout; the
    most entries that fit are found by halving, and those left off are
    counted on the card itself.
    """
    from floorman.documents import render

    printed = render.render_pdf("card.html", view())
    if printed.pages == 1:
        return printed
    fits, over = 0, len(entries) + 1
    best = render.render_pdf("card.html", view([], compact=True))
    while over - fits > 1:
        middle = (fits + over) // 2
        printed = render.render_pdf("card.html", view(entries[:middle], compact=True))
        if printed.pages == 1:
            fits, best = middle, printed
        else:
            over = middle
    return best
