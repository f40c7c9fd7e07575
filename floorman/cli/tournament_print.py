"""``floorman tournament print``: a tournament on paper (the structure sheet, seat cards,
the seating list, the payouts, the results, the penalty log, the tournament report)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from floorman.cli._app import help_example
from floorman.cli._console import echo
from floorman.cli._errors import user_errors
from floorman.cli._options import DbOption, HtmlOption, PaperOption, output_option
from floorman.cli._output import counted
from floorman.cli.tournament import NameArgument, tournament_app

WHAT = "structure, seat-cards, seating, payouts, results, penalties or report"


@tournament_app.command(
    "print",
    epilog=help_example(
        "floorman tournament print daily structure -o structure.pdf",
        "floorman tournament print daily seat-cards --paper a4 -o seats.pdf",
        "floorman tournament print daily penalties -o penalties.pdf",
        "floorman tournament print daily report -o report.pdf",
    ),
)
def tournament_print(
    name: NameArgument,
    what: Annotated[
        str, typer.Argument(metavar="WHAT", help=f"What to print: {WHAT}.", show_default=False)
    ],
    paper: PaperOption = "letter",
    html: HtmlOption = False,
    output: Annotated[
        Path | None, output_option("Where to write it (default: NAME-WHAT.pdf).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Print the tournament: the structure sheet (levels, breaks, color-ups), a seat card
    for each player to cut out, the seating list, the payouts, the results, the penalty
    log, or the tournament report (entrants, prize pool, places, every move with its
    rule, the penalty log)."""
    from floorman.cli._output import write_html, write_output
    from floorman.documents import render
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_print import printed_view
    from floorman.tables.tournaments import current
    from floorman.vocabulary import room_date

    with user_errors():
        size = render.paper_size(paper)
        with open_tournament_store(db) as store:
            now = current(store, name)
            view = printed_view(store, now, what, paper=size, day=room_date())
        page = render.render_html("tournament.html", view, standalone=html)
        stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in now.stored.name)[:60]
        target = output or Path(f"{stem or 'tournament'}-{what}").with_suffix(
            ".html" if html else ".pdf"
        )
        if html:
            write_html(target, page)
            return
        printed = render.html_to_pdf(page)
        write_output(target, printed.pdf)
    echo(f"wrote {target} ({counted(printed.pages, 'page')}, {paper.lower()}): {what}")
