"""``floorman report``: the incident report of a recorded hand, from the store or a hand file."""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from floorman.cli._app import FLOOR, app, fail, help_example
from floorman.cli._options import (
    DbOption,
    FourColourOption,
    HouseOption,
    HtmlOption,
    PaperOption,
    output_option,
)
from floorman.errors import FloormanError
from floorman.limits import MAX_ID
from floorman.numerals import is_number, whole_number

if TYPE_CHECKING:
    from floorman.documents.report import Undone
    from floorman.interchange.handfile import Hand
    from floorman.replay import CheckResult
    from floorman.store.hands import Record


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

    try:
        html = output_format(output, ("pdf", "html"), wanted="html" if html else None) == "html"
        size = render.paper_size(paper)
        path = Path(hand)
        if path.is_file() or not is_number(hand):
            record = _from_file(path)
            default = Path(f"{path.stem}-report")
        else:
            record = _from_store(whole_number(hand, "a hand id", MAX_ID), db)
            default = Path(f"hand-{hand}")
        page, result = _page(record, rulebook, house, size, four_colour, standalone=html)
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
    typer.echo(
        f"wrote {target} ({pages}, {paper.lower()}): {counted(len(result.rulings), 'ruling')}, "
        f"{counted(len(result.violations), 'violation')}"
        + ("" if irregular else ", nothing irregular")
    )


def stored_report_pdf(hand_id: int, db: str | Path) -> bytes:
    """The incident report of a stored hand as PDF (letter paper), as the command prints it."""
    from floorman.documents import render

    page, _ = _page(_from_store(hand_id, db), None, None, render.paper_size("letter"), False)
    return render.html_to_pdf(page).pdf


def _page(
    record: _Record,
    rulebook: str | None,
    house: str | None,
    size: str,
    four_colour: bool,
    *,
    standalone: bool = False,
) -> tuple[str, CheckResult]:
    from floorman.documents import render
    from floorman.documents.report import report_view
    from floorman.replay import check_hand
    from floorman.rules.loader import load_rulebook

    recorded = record.hand
    result = check_hand(recorded, rulebook=rulebook, house=house)
    book = load_rulebook(rulebook or recorded.rulebook, house=house, options=recorded.house)
    view = report_view(
        recorded, result, book, day=datetime.date.today(), label=record.label,
        times=record.times, started=record.started, undone=record.undone,
        closed=record.closed, in_store=record.in_store, paper=size, four_colour=four_colour,
    )  # fmt: skip
    return render.render_html("report.html", view, standalone=standalone), result


def _local(moment: datetime.datetime) -> datetime.datetime:
    return moment.astimezone() if moment.tzinfo is not None else moment


class _Record(NamedTuple):
    """A hand as the report reads it, from a file or from the store."""

    hand: Hand
    label: str
    times: list[str] | None = None
    started: str | None = None
    undone: Sequence[Undone] = ()
    closed: str | None = None
    in_store: bool = False


def _from_file(path: Path) -> _Record:
    from floorman.interchange.handfile import load_hand

    recorded = load_hand(path)
    started = None
    if recorded.started is not None:
        started = f"{_local(recorded.started):%Y-%m-%d %H:%M}"
    return _Record(recorded, str(path), started=started)


def _from_store(hand_id: int, db: str | Path | None) -> _Record:
    from floorman.documents.report import Undone
    from floorman.interchange.handfile import parse_hand
    from floorman.store._backend import default_where, is_url
    from floorman.store.hands import open_store

    where = db or default_where()
    if not is_url(where) and not Path(where).is_file():
        raise FloormanError(f'--db "{where}": no store there (record a hand with floorman new)')
    store = open_store(where)
    try:
        stored = store.hand(hand_id)
        records = store.records(hand_id)
    finally:
        store.close()
    retracted = {r.target: r for r in records if r.kind == "retract"}
    standing: list[Record] = []
    undone: list[Undone] = []
    for r in records:
        if r.kind != "event":
            continue
        if r.id in retracted:
            undone.append(
                Undone(len(standing), r.text or "", _clock(r.at), _clock(retracted[r.id].at))
            )
        else:
            standing.append(r)
    header = {"table": stored.table, **stored.header}
    text = json.dumps({**header, "events": [r.text or "" for r in standing]})
    recorded = parse_hand(text, f"hand {hand_id}", json_text=True)
    started = f"{_local(datetime.datetime.fromisoformat(stored.created)):%Y-%m-%d %H:%M}"
    return _Record(
        recorded, f"hand {hand_id}", [_clock(r.at) for r in standing], started, undone,
        stored.closed, in_store=True,
    )  # fmt: skip


def _clock(at: str) -> str:
    return f"{_local(datetime.datetime.fromisoformat(at)):%H:%M:%S}"
