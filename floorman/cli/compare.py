"""``floorman compare``: what two or more rulebooks rule, situation by situation.

Without ``-o`` the comparison is a table on the terminal; with it, a PDF
that a floor manager can read side by side and file.
"""

from __future__ import annotations

import datetime
import re
import shutil
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from floorman.cli._app import FLOOR, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import JsonOption, PaperOption, output_option
from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.rules.loader import Rulebook

_GAP = "  "
_MARK = "* "


@app.command(
    rich_help_panel=FLOOR,
    epilog=help_example(
        "floorman compare rrop tda-2024 wsop-2024 --differences",
        "floorman compare rrop tda-2024 -o compare.pdf",
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
) -> None:
    """Put every situation to each rulebook and show the rulings side by side,
    differences marked."""  # fmt: skip
    from floorman.cli._output import counted, output_format, write_output
    from floorman.documents import render
    from floorman.documents.compare import comparison_view
    from floorman.rules.loader import load_rulebook

    if len(rulebooks) < 2:
        fail("name at least two rulebooks to compare, e.g. floorman compare rrop tda-2024")
    try:
        kind = output_format(output, ("pdf", "txt"))
        size = render.paper_size(paper)
        books = [load_rulebook(name) for name in rulebooks]
        view = comparison_view(books, day=datetime.date.today(), paper=size)
        if as_json:
            from floorman.cli._json import print_json

            print_json(comparison_json(view, books, only_differences=differences))
            return
        if output is None:
            width = max(80, shutil.get_terminal_size((100, 24)).columns)
            for line in comparison_lines(view, width=width, only_differences=differences):
                echo(line)
            return
        if kind == "txt":
            lines = comparison_lines(view, width=100, only_differences=differences)
            text = "".join(re.sub(r"\033\[[0-9;]*m", "", line) + "\n" for line in lines)
            write_output(output, text.encode("utf-8"))
            typer.echo(f"wrote {output}")
            return
        printed = render.render_pdf("compare.html", view)
        write_output(output, printed.pdf)
    except FloormanError as error:
        fail(str(error))
        return
    pages = counted(printed.pages, "page")
    typer.echo(f"wrote {output} ({pages}, {paper.lower()})")


def comparison_json(
    view: Mapping[str, Any], books: list[Rulebook], *, only_differences: bool = False
) -> dict[str, Any]:
    """``floorman compare --json``: each situation's ruling by rulebook, and the options."""
    from floorman.vocabulary import GAME_TITLES

    games = {name: game for game, name in GAME_TITLES.items()}
    keys = ("rule", "outcome", "title", "cite", "steps")
    situations = [
        {
            "situation": row["situation"],
            "title": row["title"],
            "game": games.get(row["game"], row["game"]),
            "differs": row["differs"],
            "differences": row["differences"],
            "rulings": {
                cell["book"]: None
                if cell["absent"]
                else {**{key: cell[key] for key in keys}, "note": cell["note"] or None}
                for cell in row["cells"]
            },
        }
        for row in view["rows"]
        if row["differs"] or not only_differences
    ]
    options = {
        option["name"]: {book.name: book.options.get(option["name"]) for book in books}
        for option in view["options"]
        if option["differs"] or not only_differences
    }
    return {
        "rulebooks": [book.name for book in books],
        "situations": situations,
        "options": options,
    }


def comparison_lines(
    view: Mapping[str, Any], *, width: int = 100, only_differences: bool = False
) -> list[str]:
    """The comparison as a text table *width* columns wide; ``*`` marks a difference."""
    from floorman.cli._ruling import outcome_word

    books = [book["name"] for book in view["books"]]
    first = max(24, min(34, width // 4))
    column = max(20, (width - first - len(_GAP) * len(books)) // len(books))
    header = [("Situation", first), *((name, column) for name in books)]
    lines = [
        _GAP.join(text.ljust(size) for text, size in header).rstrip(),
        _GAP.join("-" * size for _, size in header),
    ]
    rows = [row for row in view["rows"] if row["differs"] or not only_differences]
    for row in rows:
        situation = textwrap.wrap(
            (_MARK if row["differs"] else "") + row["title"], first, subsequent_indent="  "
        )
        situation.append(f"  ({row['game']})")
        if row["differs"]:
            situation.extend(
                textwrap.wrap(
                    "differs: " + " and ".join(row["differences"]),
                    first,
                    initial_indent="  ",
                    subsequent_indent="  ",
                )
            )
        cells = [_cell(cell, column) for cell in row["cells"]]
        for index in range(max(len(situation), *(len(c) for c in cells))):
            parts = [(situation[index] if index < len(situation) else "").ljust(first)]
            for cell, source in zip(cells, row["cells"], strict=True):
                text = cell[index] if index < len(cell) else ""
                padding = " " * (column - len(text))
                if index == 0 and not source["absent"]:
                    text = outcome_word(source["outcome"])
                parts.append(text + padding)
            lines.append(_GAP.join(parts).rstrip())
        lines.append("")
    differing = view["differing"]
    lines.append(
        f"{len(view['rows'])} situations, {differing} ruled differently"
        + (" (marked *)." if differing else ".")
    )
    changed = [option for option in view["options"] if option["differs"]]
    if changed:
        lines.append("Options whose defaults differ:")
        for option in changed:
            values = "; ".join(
                f"{name} {value or '(not defined)'}"
                for name, value in zip(books, option["by_book"], strict=True)
            )
            lines.append(f"  {option['label']}: {values}")
    for group in view["unreached"]:
        if group["rules"]:
            titles = "; ".join(rule["title"] for rule in group["rules"])
            lines.extend(
                textwrap.wrap(
                    f"Rules of {group['book']} no situation reaches: {titles}.",
                    width,
                    subsequent_indent="  ",
                )
            )
    return lines


def _cell(cell: Mapping[str, Any], width: int) -> list[str]:
    if cell["absent"]:
        return textwrap.wrap("no rule: this rulebook is silent", width)
    lines = [cell["outcome"].upper()]
    lines.extend(textwrap.wrap(cell["cite"], width))
    steps = [do.replace("-", " ") for do in cell["procedure"] if do != "explain"]
    lines.extend(textwrap.wrap(" > ".join(steps) or "(explains only)", width))
    return lines
