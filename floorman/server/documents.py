"""The rules on request: ``ask`` answers, the quick-reference card and the rule sheet of a
shipped rulebook or of a table's, made by the functions ``floorman ask``, ``floorman
card`` and ``floorman sheet`` use.

Only a shipped rulebook or house profile is ever named from a request: a name is
checked against that list before anything is loaded, so no request can make the
server read a file of its choosing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.rules.loader import Rulebook

InForce = tuple["Rulebook", "Rulebook | None", "str | None"]
"""The rulebook in force, the rulebook it changes, and the name of the change."""

__all__ = ["EVERY", "PAPERS", "ask", "card_pdf", "choices", "games", "in_force", "sheet_pdf"]

EVERY: Final = "every"
"""The rulebook choice that asks every shipped rulebook at once."""
PAPERS: Final = ("letter", "a4")


def choices() -> list[str]:
    """The rulebooks a request may name: the shipped ones, then the shipped house profiles."""
    from floorman.rules.loader import house_names, shipped_rulebooks

    return [*shipped_rulebooks(), *house_names()]


def games() -> list[str]:
    from floorman.rules.loader import load_rulebook

    return list(load_rulebook().games)


def _checked(name: str) -> str:
    if name not in choices():
        raise FloormanError(f"rulebook: one of {', '.join(choices())}")
    return name


def in_force(
    rulebook: str,
    options: Mapping[str, Any] | None = None,
    *,
    table: str | None = None,
    kind: str | None = None,
) -> InForce:
    """The rulebook in force, the one it changes and the name of the change, as the
    printing commands load them, at a table of ``kind`` when given; a table's house
    options are applied last."""
    from floorman.documents.inforce import load_in_force

    name = rulebook if table is not None else _checked(rulebook)
    book, base, house = load_in_force(name, None, kind)
    if options:
        base = base or book
        book = book.with_options(options, origin="house")
        house = house or f"{base.title}, with table {table}'s house options"
    return book, base, house


def ask(query: str, rulebook: str) -> dict[str, Any]:
    """``ask`` as a search: the best matching situations' answers under ``rulebook`` (or
    every shipped rulebook), grouped by situation, in the order of the best match."""
    from floorman.rules.loader import load_rulebook, shipped_rulebooks
    from floorman.rules.search import search

    names = shipped_rulebooks() if rulebook == EVERY else [_checked(rulebook)]
    found: dict[str, list[dict[str, Any]]] = {}
    for name in names:
        for answer in search(load_rulebook(name), query):
            found.setdefault(answer["situation"], []).append(answer)
    situations = [
        {"situation": name, "title": answers[0]["title"], "answers": answers}
        for name, answers in found.items()
    ]
    return {"query": query, "rulebooks": names, "situations": situations}


def card_pdf(rules: InForce, game: str, paper: str, kind: str | None = None) -> bytes:
    """The quick-reference card of ``game``, as ``floorman card`` prints it (at a table
    of ``kind``: that kind's text, where the rulebook has one for each)."""
    from floorman.documents import render
    from floorman.documents.quickcard import card_pdf as printed

    book, base, house = rules
    size = render.paper_size(paper)
    return printed(book, _game(book, game), base=base, house=house, size=size, kind=kind)


def sheet_pdf(rules: InForce, game: str, paper: str, kind: str | None = None) -> bytes:
    """The rule sheet of ``game``, as ``floorman sheet`` prints it (at a table of
    ``kind``: that kind's text, where the rulebook has one for each)."""
    from floorman.documents import render
    from floorman.documents.sheet import sheet_page

    book, base, house = rules
    size = render.paper_size(paper)
    page = sheet_page(book, [_game(book, game)], base=base, house=house, size=size, kind=kind)
    return render.html_to_pdf(page).pdf


def _game(book: Rulebook, game: str) -> str:
    if game not in book.games:
        raise FloormanError(f"game: one of {', '.join(book.games)}")
    return game
