"""``floorman compare``: what two or more rulebooks rule, situation by situation.

Without ``-o`` the comparison is a table on the terminal; with it, a PDF
that a floor manager can read side by side and file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from floorman.cli._app import FLOOR, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import JsonOption, PaperOption, output_option
from floorman.errors import FloormanError


@app.command(
    rich_help_panel=FLOOR,
    epilog=help_example(
        "floorman compare rrop tda-2024 wsop-2024 --differences",
        "floorman compare rrop tda-2024 -o compare.pdf",
        "floorman compare rrop wsop-2024 --kind tournament",
    ),
)
def compare(
    rulebooks: Annotated[
        list[str],
        typer.Argument(metavar="RULEBOOK RULEBOOK...", help="Two or more rulebook names or files."),
    ],
    output: Annotated[
        Path | None,
        output_option("Write the comparison to a file instead: .pdf, or .txt for the table."),
    ] = None,
    paper: PaperOption = "letter",
    differences: Annotated[
        bool,
        typer.Option("--differences", help="Only the situations ruled differently."),
    ] = False,
    as_json: JsonOption = False,
    kind: Annotated[
        str,
        typer.Option(
            "--kind",
            metavar="cash|tournament",
            help="Compare at a cash game or a tournament table (default: cash): where a"
            " rulebook has a text for each, that kind's rules, citations and options.",
        ),
    ] = "cash",
) -> None:
    """Put every situation to each rulebook and show the rulings side by side,
    differences marked."""  # fmt: skip
    from floorman.cli._output import counted, output_format, write_output
    from floorman.documents import render
    from floorman.documents.compare import (
        comparison_json,
        comparison_lines,
        comparison_pdf,
        comparison_text,
        comparison_view,
    )
    from floorman.rules.loader import load_rulebook
    from floorman.tables.ruling import outcome_word
    from floorman.vocabulary import room_date

    if len(rulebooks) < 2:
        fail("name at least two rulebooks to compare, e.g. floorman compare rrop tda-2024")
    if kind not in ("cash", "tournament"):
        fail(f"--kind: cash or tournament, not {kind!r}")
    try:
        fmt = output_format(output, ("pdf", "txt"))
        size = render.paper_size(paper)
        books = [load_rulebook(name, kind=kind) for name in rulebooks]
        view = comparison_view(books, day=room_date(), paper=size, kind=kind)
        if as_json:
            from floorman.cli._json import print_json

            print_json(comparison_json(view, books, only_differences=differences))
            return
        if output is None:
            from floorman.cli._columns import width as screen

            width = screen() or 100
            for line in comparison_lines(view, width=width, only_differences=differences,
                                         outcome_word=outcome_word):  # fmt: skip
                echo(line)
            return
        if fmt == "txt":
            text = comparison_text(view, only_differences=differences)
            write_output(output, text.encode("utf-8"))
            echo(f"wrote {output}")
            return
        printed = comparison_pdf(view, only_differences=differences)
        write_output(output, printed.pdf)
    except FloormanError as error:
        fail(str(error))
        return
    pages = counted(printed.pages, "page")
    echo(f"wrote {output} ({pages}, {paper.lower()})")
