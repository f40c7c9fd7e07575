"""``floorman report``: the incident report of a recorded hand, from the store or a hand file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from floorman.bounds import MAX_ID
from floorman.cli._app import FLOOR, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import (
    DbOption,
    FourColourOption,
    HouseOption,
    HtmlOption,
    PaperOption,
    output_option,
)
from floorman.errors import FloormanError
from floorman.numerals import is_number, whole_number

if TYPE_CHECKING:
    from floorman.documents.report import ReportedHand


@app.command(rich_help_panel=FLOOR, epilog=help_example("floorman report 12 -o report.pdf"))
def report(
    hand: Annotated[
        str,
        typer.Argument(metavar="HAND", help="A hand id in the store, or a hand file."),
    ],
    db: DbOption = None,
    rulebook: Annotated[
        str | None,
        typer.Option(
            "--rulebook", "-r", metavar="NAME|FILE", help="Rule with this rulebook, not the hand's."
        ),
    ] = None,
    house: HouseOption = None,
    paper: PaperOption = "letter",
    four_colour: FourColourOption = False,
    html: HtmlOption = False,
    output: Annotated[
        Path | None,
        output_option("Where to write it (default: hand-ID.pdf, or the hand file's name)."),
    ] = None,
) -> None:
    """Print a hand's timeline with the irregular events marked, each ruling with its
    citation and steps, the violations, the pots and the chip split, and lines for the
    dealer's and the floor person's signatures."""  # fmt: skip
    from floorman.cli._output import counted, output_format, write_html, write_output
    from floorman.documents import render
    from floorman.documents.report import report_page

    try:
        html = output_format(output, ("pdf", "html"), wanted="html" if html else None) == "html"
        size = render.paper_size(paper)
        path = Path(hand)
        if path.is_file() or not is_number(hand):
            reported = _from_file(path)
            default = Path(f"{path.stem}-report")
        else:
            reported = _from_store(whole_number(hand, "a hand id", MAX_ID), db)
            default = Path(f"hand-{hand}")
        page, result = report_page(reported, rulebook=rulebook, house=house, size=size,
                                   four_colour=four_colour, standalone=html)  # fmt: skip
        target = output or default.with_suffix(".html" if html else ".pdf")
        if html:
            write_html(target, page)
            return
        printed = render.html_to_pdf(page)
        write_output(target, printed.pdf)
    except FloormanError as error:
        fail(str(error))
        return
    pages = counted(printed.pages, "page")
    irregular = len(result.rulings) + len(result.violations)
    echo(
        f"wrote {target} ({pages}, {paper.lower()}): {counted(len(result.rulings), 'ruling')}, "
        f"{counted(len(result.violations), 'violation')}"
        + ("" if irregular else ", nothing irregular")
    )


def _from_file(path: Path) -> ReportedHand:
    from floorman.documents.report import filed_hand
    from floorman.interchange.drawfile import read_draw_hand
    from floorman.interchange.handfile import load_hand
    from floorman.interchange.plainhand import names_stud_or_draw
    from floorman.interchange.studfile import read_stud_hand

    if path.is_file() and names_stud_or_draw(path):
        dealt = read_stud_hand(path) or read_draw_hand(path)
        if dealt is not None:
            return filed_hand(dealt, str(path))
    return filed_hand(load_hand(path), str(path))


def _from_store(hand_id: int, db: str | Path | None) -> ReportedHand:
    from floorman.documents.report import stored_hand
    from floorman.store._backend import default_where, is_url
    from floorman.store.hands import open_store, standing
    from floorman.store.staff import staff_of

    where = db or default_where()
    if not is_url(where) and not Path(where).is_file():
        raise FloormanError(f'--db "{where}": no store there (record a hand with floorman new)')
    store = open_store(where)
    try:
        stored = store.hand(hand_id)
        records = store.records(hand_id)
        authors = staff_of(store).authors(r.id for r in standing(records))
    finally:
        store.close()
    return stored_hand(stored, records, authors)
