"""The quick-reference card a dealer pins up at the station: one landscape page, large type.

It answers the irregularities a dealer meets most, in the order they turn
up in a hand, then the betting calls a floor hears most, each with its
outcome, its whole procedure step by step and its citation, as the rulebook
in force words it (house options applied).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Protocol

from floorman.documents.sheet import known_game, options_view, rule_view
from floorman.documents.studdraw import book_family, dealt_procedure, game_title
from floorman.documents.wording import edition, long_date, sentence
from floorman.errors import FloormanError
from floorman.rules.kinds import DEALT_GAMES, KIND_WORDS, applies_at_kind, cite_for
from floorman.rules.standing import switched_off
from floorman.vocabulary import OUTCOME_LABELS, room_date

if TYPE_CHECKING:
    from floorman.documents.render import Printed
    from floorman.rules.loader import GameSpec, Rulebook

__all__ = [
    "BETTING_CALLS",
    "BODY_PT",
    "CARD_SITUATIONS",
    "COMPACT_PT",
    "STEP_CHARS",
    "TITLE_CHARS",
    "card_entries",
    "card_page",
    "card_pdf",
    "quick_card_view",
    "sections",
]

View = dict[str, Any]

CARD_SITUATIONS: Final = (
    "exposed-first-holecard",
    "exposed-second-holecard",
    "exposed-later-holecard",
    "two-exposed-holecards",
    "extra-card-first-player",
    "flop-without-burn",
    "four-card-flop",
    "premature-flop",
    "premature-turn",
    "premature-river",
    "misdeal-after-action",
    "board-played-without-declaring",
    "omaha-plays-board",
    "omaha-partial-show",
)
"""The situations on the card, in the order they turn up in a hand; those a
rulebook does not name or does not rule on, or that belong to another game,
are left out."""

BETTING_CALLS: Final = (
    "action-out-of-turn",
    "string-bet",
    "oversized-chip",
    "undercall",
    "verbal-declaration",
)
"""The betting calls a floor hears most, printed after the irregularities of the deal."""

SECTIONS: Final = (
    ("The deal, the board and the showdown", CARD_SITUATIONS),
    ("Betting calls", BETTING_CALLS),
)

DEALT_SECTIONS: Final = ("Dealing errors", "The game at a glance")
"""A stud or draw game's card: every irregularity its rulebook rules on, then the
structure a dealer is asked about (the bring-in, completing it, the bets, who acts
first, the draws)."""

GLANCE_STEPS: Final = (
    "The bring-in", "Completing the bring-in", "The small and the big bet", "Who acts first",
    "The draw", "The draws",
)  # fmt: skip
"""The steps of a stud or draw game's procedure its card repeats."""

BODY_PT: Final = 10.5
"""The card's type size in points, read at arm's length: every situation and step
is set in 10.5 pt DejaVu Sans Condensed (a 2 mm x-height), the situations bold;
only the citations are smaller."""

COMPACT_PT: Final = 10
"""The size a house whose steps run long is set in before rows are left off; the
three rulebooks' cards all fit in :data:`BODY_PT`."""

STEP_CHARS: Final = 300
"""How much of one step the card prints: four lines of a column of its large type. A
longer step is cut at a word and sends the reader to the rule sheet."""

TITLE_CHARS: Final = 90
"""How much of a situation's title the card prints, likewise."""


def shortened(text: str, limit: int) -> str:
    """*text* whole if it fits in *limit* characters, else cut at a word with a pointer on.

    >>> shortened("Burn a card and turn the river.", 40)
    'Burn a card and turn the river.'
    >>> shortened("Burn a card and turn the river.", 20)
    'Burn a card and turn … (in full on the rule sheet)'
    """
    if len(text) <= limit:
        return text
    cut = text[: limit + 1].rsplit(" ", 1)[0].rstrip(" ,;:.")
    return f"{cut} … (in full on the rule sheet)"


def _applies(book: Rulebook, situation_game: str, game: str) -> bool:
    """A situation written for one flop game holds in every game of that family.

    A hold'em situation holds at an Omaha table too; an Omaha one in Omaha
    high-low, not in hold'em.
    """
    if situation_game == game:
        return True
    own, other = book.games.get(situation_game), book.games.get(game)
    if own is None or other is None:
        return False
    return (own.hole_cards_used in (None, other.hole_cards_used)) and (own.low in (None, other.low))


def _can_happen(facts: Mapping[str, Any], spec: GameSpec) -> bool:
    """A hand that plays the board is met only where the board can play."""
    return spec.play_the_board or not facts.get("board_plays")


def card_entries(book: Rulebook, game: str, kind: str | None = None) -> list[View]:
    """Each row of the card: what happened, the outcome, every step of the procedure,
    the citation and the section it is printed under (asked at a table of ``kind``,
    else at the situation's own)."""
    from floorman.rules.engine import match_situation

    if game in DEALT_GAMES:
        return _dealt_entries(book, game, kind)
    entries = []
    for section, names in SECTIONS:
        for name in names:
            situation = book.situations.get(name)
            if situation is None or not _applies(book, situation.game, game):
                continue
            if not _can_happen(situation.facts, book.games[game]):
                continue
            ruling = match_situation(book, name, game=game, kind=kind)[0]
            if ruling is None or not ruling.steps:
                continue
            entries.append(
                {
                    "section": section,
                    "situation": shortened(situation.title, TITLE_CHARS),
                    "outcome": ruling.outcome,
                    "outcome_label": OUTCOME_LABELS[ruling.outcome],
                    "steps": [shortened(sentence(step.text), STEP_CHARS) for step in ruling.steps],
                    "cite": ruling.cite,
                }
            )
    return entries


def _dealt_entries(book: Rulebook, game: str, kind: str | None) -> list[View]:
    """A stud or draw game's rows: each rule in force for the game, worded for no hand in
    particular as the rule sheet words it, then the structure of the game (asked at a
    cash game unless ``kind`` says otherwise, as the flop games' card is)."""
    entries: list[View] = []
    at = kind or "cash"
    for rule in book.rules:
        if game not in rule.games or not applies_at_kind(rule, at):
            continue
        switched = switched_off(
            rule.rule.when, options=book.options, conditions=book.conditions, kind=at
        )
        if switched is not None:
            continue
        view = rule_view(book, rule, game, at)
        if not view["steps"]:
            continue
        entries.append(
            {
                "section": DEALT_SECTIONS[0],
                "situation": shortened(view["title"], TITLE_CHARS),
                "outcome": view["outcome"],
                "outcome_label": view["outcome_label"],
                "steps": [shortened(step, STEP_CHARS) for step in view["steps"]],
                "cite": cite_for(rule.rule, at),
            }
        )
    for step in dealt_procedure(game, book_family(book.chain), book.options):
        if step["label"] in GLANCE_STEPS:
            entries.append(
                {
                    "section": DEALT_SECTIONS[1],
                    "situation": step["label"],
                    "outcome": "",
                    "outcome_label": "",
                    "steps": [shortened(step["text"], STEP_CHARS)],
                    "cite": step["cite"],
                }
            )
    return entries


def sections(entries: list[View]) -> list[View]:
    """The rows under their section headings, in the card's order.

    >>> [s["title"] for s in sections([{"section": "A"}, {"section": "A"}, {"section": "B"}])]
    ['A', 'B']
    """
    grouped: list[View] = []
    for entry in entries:
        if not grouped or grouped[-1]["title"] != entry["section"]:
            grouped.append({"title": entry["section"], "entries": []})
        grouped[-1]["entries"].append(entry)
    return grouped


def quick_card_view(
    book: Rulebook,
    game: str,
    *,
    day: datetime.date,
    base: Rulebook | None = None,
    house: str | None = None,
    paper: str = "letter",
    four_colour: bool = False,
    entries: list[View] | None = None,
    compact: bool = False,
    kind: str | None = None,
) -> View:
    """The card for *game* under *book*; *base*, *house* and *kind* as for the rule
    sheet.

    *entries* (default: :func:`card_entries`) are what the card lists; a
    caller that must drop some to keep the card on one page passes fewer,
    and the card then says that more are on the rule sheet. *compact* sets
    the type a size smaller (:data:`COMPACT_PT` for :data:`BODY_PT`).
    """
    known_game(book, game)
    every = card_entries(book, game, kind)
    if not every:
        raise FloormanError(
            f"{book.name} rules on none of the situations a quick-reference card lists"
            " (it names no situations): print its rule sheet instead"
        )
    shown = every if entries is None else entries
    reference = base or book
    title = game_title(game)
    changed = [row for row in options_view(book, base) if row["house"]]
    return {
        "doc": {
            "title": f"{title}: irregularities at a glance",
            "house": house or reference.title,
            "source": edition(reference),
            "date": long_date(day),
            "paper": paper,
            "four_colour": four_colour,
            "meta": [long_date(day), *([KIND_WORDS[kind]] if kind is not None else [])],
        },
        "entries": shown,
        "sections": sections(shown),
        "left_out": len(every) - len(shown),
        "no_rules": not any(entry["outcome"] for entry in every),
        "type_pt": COMPACT_PT if compact else BODY_PT,
        "house_options": [{"label": row["label"], "value": row["value"]} for row in changed],
    }


def card_page(
    book: Rulebook,
    game: str,
    *,
    base: Rulebook | None,
    house: str | None,
    size: str,
    four_colour: bool = False,
    kind: str | None = None,
) -> str:
    """The card today as a page of HTML that stands alone, every entry in the usual type."""
    from floorman.documents import render

    view = _card_today(
        book, game, base=base, house=house, size=size, four_colour=four_colour, kind=kind
    )
    return render.render_html("card.html", view(), standalone=True)


def card_pdf(
    book: Rulebook,
    game: str,
    *,
    base: Rulebook | None,
    house: str | None,
    size: str,
    four_colour: bool = False,
    kind: str | None = None,
) -> bytes:
    """The card today as ``floorman card`` prints it, on one page (at a table of
    ``kind``)."""
    view = _card_today(
        book, game, base=base, house=house, size=size, four_colour=four_colour, kind=kind
    )
    return _one_page(view, card_entries(book, game, kind)).pdf


class _CardView(Protocol):
    def __call__(self, entries: list[View] | None = None, compact: bool = False) -> View: ...


def _card_today(
    book: Rulebook,
    game: str,
    *,
    base: Rulebook | None,
    house: str | None,
    size: str,
    four_colour: bool,
    kind: str | None = None,
) -> _CardView:
    """The card's view today, of every entry the rulebook gives or of fewer, in the usual
    type or a size smaller (``view(entries, compact)``)."""
    day = room_date()

    def view(entries: list[View] | None = None, compact: bool = False) -> View:
        return quick_card_view(
            book, game, day=day, base=base, house=house, paper=size,
            four_colour=four_colour, entries=entries, compact=compact, kind=kind,
        )  # fmt: skip

    return view


def _one_page(view: _CardView, entries: list[View]) -> Printed:
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
