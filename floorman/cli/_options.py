"""Options several commands share, declared once so they read the same everywhere."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from floorman.cli._values import checked_kind as checked_kind
from floorman.errors import FloormanError, is_utf8, shown

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="FLOORMAN_DB",
        help="The store: a file, or a postgresql:// URL (default: floorman.db in the user's "
        "data folder).",
        show_default=False,
    ),
]

AddDbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="The store: a file, or a postgresql:// URL (default: $FLOORMAN_DB, else"
        " floorman.db in the user's data folder); not with --server.",
        show_default=False,
    ),
]
"""``add``'s store: read from ``FLOORMAN_DB`` only when the store is used, so that a
variable set for local work is no conflict with ``--server`` and a given ``--db`` is."""


def plain_text(param: typer.CallbackParam, value: str | None) -> str | None:
    """A name floorman keeps or prints as given (a table, a trainee) is UTF-8 text."""
    if value is not None and not is_utf8(value):
        raise FloormanError(f'{param.opts[0]} "{shown(value)}": not UTF-8 text')
    return value


TableOption = Annotated[
    str | None,
    typer.Option(
        "--table",
        "-t",
        envvar="FLOORMAN_TABLE",
        help="The table.",
        show_default=False,
        callback=plain_text,
    ),
]
ByOption = Annotated[
    str | None,
    typer.Option(
        "--by",
        envvar="FLOORMAN_DEALER",
        help="Who records the change (a dealer's name).",
        show_default=False,
    ),
]
HouseOption = Annotated[
    str | None,
    typer.Option("--house", metavar="FILE", help="A house profile applied on top of the rulebook."),
]
RulebookOption = Annotated[
    str,
    typer.Option(
        "--rulebook",
        "-r",
        metavar="NAME|FILE",
        help="A shipped rulebook (rrop, tda-2024, ...) or a rulebook file.",
    ),
]
GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        metavar="GAME",
        help="holdem, omaha, omaha-hilo, stud, stud-hilo, razz, triple-draw-27,"
        " single-draw-27, lowball-a5 or badugi.",
    ),
]
PaperOption = Annotated[str, typer.Option("--paper", metavar="SIZE", help="letter or a4.")]
FourColourOption = Annotated[
    bool, typer.Option("--four-colour", help="Four-colour suits: green clubs, blue diamonds.")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object instead.")]
HtmlOption = Annotated[bool, typer.Option("--html", help="Write the HTML page instead of a PDF.")]
KindOption = Annotated[
    str | None,
    typer.Option(
        "--kind",
        metavar="cash|tournament",
        help="For a cash game or a tournament table: where the rulebook has a text for each,"
        " that kind's rules, citations and options (default: both texts' citations).",
    ),
]


def output_option(help: str) -> Any:
    """``--output/-o FILE`` for a command that writes a document; ``help`` names its default."""
    return typer.Option("--output", "-o", metavar="FILE", dir_okay=False, help=help)


ServerOption = Annotated[
    str | None,
    typer.Option(
        envvar="FLOORMAN_SERVER",
        help="Through the card room server at this address, not in --db.",
        show_default=False,
    ),
]
TokenOption = Annotated[
    str | None,
    typer.Option(
        envvar="FLOORMAN_TOKEN",
        help="A station token (or a floor person's), for --server.",
        show_default=False,
    ),
]
