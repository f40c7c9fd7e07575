"""What ``floorman sheet`` does once its arguments are read, without typer.

Both the typer command (:mod:`floorman.cli.sheet`) and the quick start
(:mod:`floorman.cli._quick`) call :func:`sheet`: a floor manager printing a
sheet waits for WeasyPrint's layout, not for typer to build its commands too.
"""

from __future__ import annotations

from pathlib import Path

from floorman.cli._console import echo


def sheet(
    rulebook: str,
    game: str,
    all_games: bool,
    house: Path | None,
    paper: str,
    four_colour: bool,
    kind: str | None,
    html: bool,
    output: Path | None,
) -> None:
    """Write the rule sheet (or the booklet) as a PDF, or its page as HTML, and say where."""
    from floorman.cli._output import counted, output_format, write_html, write_output
    from floorman.cli._values import checked_kind
    from floorman.documents import render
    from floorman.documents.inforce import load_in_force
    from floorman.documents.sheet import every_game, sheet_page, sheet_pdf

    html = output_format(output, ("pdf", "html"), wanted="html" if html else None) == "html"
    size = render.paper_size(paper)
    book, base, house_name = load_in_force(rulebook, house, checked_kind(kind))
    games = every_game(book) if all_games else [game]
    target = output or Path(("booklet" if all_games else game) + (".html" if html else ".pdf"))
    if html:
        write_html(target, sheet_page(book, games, base=base, house=house_name, size=size,
                                      four_colour=four_colour, standalone=True,
                                      kind=kind))  # fmt: skip
        return
    printed = sheet_pdf(book, games, base=base, house=house_name, size=size,
                        four_colour=four_colour, kind=kind)  # fmt: skip
    write_output(target, printed.pdf)
    echo(f"wrote {target} ({counted(printed.pages, 'page')}, {paper.lower()})")
