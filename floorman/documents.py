"""What each printed document says, as plain data for its template.

Rule sheets, incident reports and rulebook comparisons are built here from
rulebooks, hands, rulings and pots; the templates only lay the data out.
Nothing here reads a file or prints: the same view can be checked in a test,
shown in a terminal or printed.

>>> card_view(Card.parse("Th"))
{'rank': '10', 'suit': 'h', 'symbol': '♥', 'text': '10♥'}
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from floorman.cards import RANKS, Card, parse_cards
from floorman.errors import FloormanError
from floorman.reading import read_high, read_low
from floorman.rules.catalogue import FACTS, OPTION_PREFIX
from floorman.rules.predicates import compile_predicate
from floorman.rules.steps import placeholders, render_text

if TYPE_CHECKING:
    from floorman.rules.loader import CompiledRule, Rulebook

__all__ = [
    "GAME_NAMES",
    "OUTCOME_LABELS",
    "card_view",
    "cards_view",
    "comparison_view",
    "dealing_procedure",
    "edition",
    "hand_rankings",
    "long_date",
    "options_view",
    "rule_view",
    "sheet_view",
]

View = dict[str, Any]

GAME_NAMES: Final = {
    "holdem": "Hold'em",
    "omaha": "Omaha",
    "omaha-hilo": "Omaha High-Low (8-or-better)",
}
"""How a sheet titles each game."""


def card_view(card: Card | None) -> View | None:
    """A card as the card macro prints it; ``None`` stays an unknown card."""
    if card is None:
        return None
    rank = "10" if card.rank == 10 else RANKS[card.rank - 2]
    return {"rank": rank, "suit": card.suit, "symbol": card.symbol, "text": card.pretty()}


def cards_view(cards: Sequence[Card | None]) -> list[View | None]:
    return [card_view(card) for card in cards]


_HIGH_HANDS: Final = (
    ("Royal flush", "As Ks Qs Js Ts", "Ace, king, queen, jack and ten, all of one suit."),
    ("Straight flush", "9h 8h 7h 6h 5h", "Five cards in sequence, all of one suit."),
    ("Four of a kind", "Qc Qd Qh Qs 7d", "Four cards of one rank, and any fifth card."),
    (
        "Full house",
        "Ks Kh Kd 4c 4s",
        "Three cards of one rank and two of another; between two full houses the three "
        "cards decide, then the pair.",
    ),
    (
        "Flush",
        "Ad Jd 8d 6d 2d",
        "Five cards of one suit, not in sequence; the highest card decides, then the next.",
    ),
    (
        "Straight",
        "Tc 9d 8s 7h 6c",
        "Five cards in sequence, of mixed suits. A-2-3-4-5 is the lowest straight; "
        "a straight never wraps round (K-A-2-3-4 is no straight).",
    ),
    ("Three of a kind", "7s 7h 7c Kd 2s", "Three cards of one rank, and two unmatched cards."),
    (
        "Two pair",
        "Jh Jc 4d 4s Ah",
        "Two pairs; the higher pair decides, then the lower, then the fifth card.",
    ),
    (
        "One pair",
        "Th Ts Kc 8d 3s",
        "Two cards of one rank; the unpaired cards (kickers) break ties.",
    ),
    ("High card", "Ac Qd 9h 6s 3d", "None of the above; the highest card decides, then the next."),
)

_LOW_HANDS: Final = (
    (
        "Wheel",
        "5d 4c 3h 2s Ad",
        "5-4-3-2-A, the best low; for high it is also a five-high straight.",
    ),
    (
        "Six low",
        "6c 4h 3d 2c As",
        "Compare the highest card first: any six-low beats any seven-low.",
    ),
    ("Seven low", "7s 5c 4d 3h 2d", "Then the next card down: 7-5 beats 7-6."),
    ("Eight low", "8h 7c 6s 5d 4c", "8-7-6-5-4, the worst low that still qualifies."),
)

_LOW_NOTE: Final = (
    "A low is five cards of different ranks, eight or lower; an ace counts as the lowest card. "
    "Straights and flushes do not spoil a low. A hand with a pair, or with a nine or higher, "
    "has no low."
)


def hand_rankings(*, low: bool = False) -> View:
    """The hand rankings with an example hand each; with *low*, the 8-or-better lows too."""

    def rows(table: Sequence[tuple[str, str, str]]) -> list[View]:
        return [
            {
                "name": name,
                "cards": cards_view(parse_cards(cards)),
                "example": _example_name(name, parse_cards(cards)),
                "description": description,
            }
            for name, cards, description in table
        ]

    return {
        "high": rows(_HIGH_HANDS),
        "low": rows(_LOW_HANDS) if low else [],
        "low_note": _LOW_NOTE if low else "",
    }


def _example_name(category: str, cards: Sequence[Card]) -> str:
    """What the dealer calls the example hand (hold'em, the first two as hole cards)."""
    if category in {name for name, _, _ in _LOW_HANDS}:
        low = read_low("holdem", cards[:2], cards[2:])
        return low.name if low is not None else ""
    return read_high("holdem", cards[:2], cards[2:]).name


def dealing_procedure(
    game: str,
    *,
    hole_cards: int,
    hole_cards_used: int | None,
    low: bool,
    hilo_odd_chip: str = "high",
) -> list[View]:
    """The normal dealing procedure of *game*, street by street, as a dealer follows it.

    Each step is ``{"label": ..., "text": ...}``.

    >>> [s["label"] for s in dealing_procedure("holdem", hole_cards=2,
    ...     hole_cards_used=None, low=False)]  # doctest: +NORMALIZE_WHITESPACE
    ['Button and blinds', 'The deal', 'First betting round', 'The flop',
     'The turn', 'The river', 'The showdown']
    """
    rounds = _NUMBER_WORDS.get(hole_cards, str(hole_cards))
    steps: list[View] = [
        {
            "label": "Button and blinds",
            "text": "The button moves one seat to the left after every hand. The first player "
            "to the left of the button posts the small blind and the next player the big "
            "blind. Heads-up, the button posts the small blind and acts first before the flop, "
            "last after it. Any antes go in before the deal.",
        },
        {
            "label": "The deal",
            "text": f"Shuffle and cut, then deal one card at a time face down, clockwise, "
            f"starting with the first player to the left of the button, until every player has "
            f"{rounds} hole cards ({rounds} rounds).",
        },
        {
            "label": "First betting round",
            "text": "The player to the left of the big blind acts first: fold, call the big "
            "blind or raise. The big blind may raise an unraised pot.",
        },
        {
            "label": "The flop",
            "text": "Burn one card, then turn three board cards face up together. Second betting "
            "round: the first active player to the left of the button acts first, checking or "
            "betting; after a bet, each player folds, calls or raises.",
        },
        {
            "label": "The turn",
            "text": "Burn one card and turn the fourth board card. Third betting round, as on "
            "the flop; in limit games the bet doubles.",
        },
        {
            "label": "The river",
            "text": "Burn one card and turn the fifth board card. Final betting round, as on "
            "the turn.",
        },
        {
            "label": "The showdown",
            "text": _showdown(hole_cards, hole_cards_used, low, hilo_odd_chip),
        },
    ]
    return steps


_NUMBER_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _showdown(hole_cards: int, used: int | None, low: bool, hilo_odd_chip: str) -> str:
    text = (
        "The last player to bet or raise on the river shows first; if nobody bet, the first "
        "active player to the left of the button shows first. "
    )
    if used is None:
        text += (
            f"Each player makes the best five-card hand from the {_NUMBER_WORDS[hole_cards]} "
            "hole cards and the five board cards, and may use all five board cards (playing "
            "the board), but must declare it before discarding, or gives up all claim to the "
            "pot."
        )
    else:
        words = _NUMBER_WORDS[used]
        text += (
            f"Each player must use exactly {words} hole cards with exactly "
            f"{_NUMBER_WORDS[5 - used]} board cards; playing the board is not possible. The "
            f"whole {_NUMBER_WORDS[hole_cards]}-card hand should be shown to win the pot."
        )
    if low:
        odd = "the high hand" if hilo_odd_chip == "high" else "the low hand"
        text += (
            " The pot is split between the best high hand and the best low hand; a player "
            "may use different cards for each. A low must be five cards of different ranks, "
            "eight or lower (8-or-better; an ace is low). If no hand qualifies for low, the "
            f"best high hand wins the whole pot. An odd chip between high and low goes to {odd}."
        )
    else:
        text += " The best hand wins; tied hands split the pot."
    return text


# -- rule sheets --------------------------------------------------------------------------

OUTCOME_LABELS: Final = {
    "misdeal": "Misdeal",
    "void": "Hand void",
    "continue": "Play continues",
    "dead-hand": "Dead hand",
    "forfeit": "Forfeit",
}
"""How a printed ruling names its outcome."""


def long_date(day: datetime.date) -> str:
    """A date no reader can misread, ``7 March 2025``.

    >>> long_date(datetime.date(2025, 3, 7))
    '7 March 2025'
    """
    return f"{day.day} {day:%B %Y}"


def edition(book: Rulebook) -> str:
    """The rulebook's name and edition: the first sentence of its source, else its title."""
    if book.source:
        first = " ".join(book.source.split()).split(". ")[0].rstrip(".")
        return first + "."
    return book.title


def _words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(_words(item) for item in value) or "none"
    return str(value).replace("-", " ") if isinstance(value, str) else str(value)


def options_view(book: Rulebook, base: Rulebook | None = None) -> list[View]:
    """The options in force, in the rulebook's order; ``house`` marks a changed default.

    *base* is the rulebook the house profile extends; without it nothing is marked.
    """
    rows = []
    for name, spec in book.option_specs.items():
        value = book.options[name]
        rows.append(
            {
                "name": name,
                "label": name.replace("_", " ").capitalize(),
                "value": _words(value),
                "description": " ".join(spec.description.split()),
                "cite": spec.cite or "",
                "house": base is not None and base.options.get(name) != value,
            }
        )
    return rows


def _facts_reader(facts: Mapping[str, Any]) -> Any:
    def read(name: str) -> Any:
        if name in facts:
            return facts[name]
        return FACTS[name].ask_default if name in FACTS else None

    return read


def _switched_off(rule: CompiledRule, options: Mapping[str, Any]) -> list[str]:
    """Options whose current values keep *rule* from ever applying."""
    when = rule.rule.when
    if when is None:
        return []
    tests = when.all if when.all is not None else [when]
    off = []
    for test in tests:
        if test.fact is not None and test.fact.startswith(OPTION_PREFIX):
            check = compile_predicate(test, options=options, conditions={})
            if not check(_facts_reader({})):
                off.append(test.fact.removeprefix(OPTION_PREFIX))
    return off


def rule_view(book: Rulebook, rule: CompiledRule, game: str | None = None) -> View:
    """One rule as a sheet prints it: its steps worded for no hand in particular.

    The step texts are filled by the rules' own sandbox with the words of the
    rule's first situation ("the exposed card"), or with neutral placeholders;
    steps a house option turns off are left out.
    """
    situation = next(
        (book.situations[name] for name in rule.rule.situations if name in book.situations),
        None,
    )
    facts: dict[str, Any] = dict(situation.facts) if situation is not None else {}
    if game is not None:
        spec = book.games.get(game)
        facts.setdefault("game", game)
        if spec is not None:
            facts.setdefault("game.hole_cards", spec.hole_cards)
            facts.setdefault("game.play_the_board", spec.play_the_board)
    words = placeholders(situation.vars if situation is not None else None)
    if game is not None and "game" not in (situation.vars if situation else {}):
        words["game"] = GAME_NAMES.get(game, game)
    read = _facts_reader(facts)
    steps = [
        _sentence(render_text(step.step.text, words))
        for step in rule.steps
        if step.test is None or step.test(read)
    ]
    examples = rule.rule.examples
    example = examples[0].describe if examples else None
    return {
        "id": rule.id,
        "title": rule.rule.title,
        "cite": rule.rule.cite,
        "outcome": rule.rule.outcome,
        "outcome_label": OUTCOME_LABELS[rule.rule.outcome],
        "steps": steps,
        "note": " ".join(rule.rule.note.split()) if rule.rule.note else "",
        "example": example or "",
        "situations": [
            book.situations[name].title for name in rule.rule.situations if name in book.situations
        ],
    }


def _sentence(text: str) -> str:
    """A step that opens with a placeholder ("the player ...") still starts with a capital."""
    return text[:1].upper() + text[1:]


def _game_view(book: Rulebook, game: str) -> View:
    spec = book.games[game]
    in_force, off = [], []
    for rule in book.rules:
        if game not in rule.games:
            continue
        switched = _switched_off(rule, book.options)
        if switched:
            off.append(
                {
                    "title": rule.rule.title,
                    "cite": rule.rule.cite,
                    "options": [name.replace("_", " ") for name in switched],
                }
            )
        else:
            in_force.append(rule_view(book, rule, game))
    return {
        "name": game,
        "title": GAME_NAMES.get(game, spec.description or game),
        "procedure": dealing_procedure(
            game,
            hole_cards=spec.hole_cards,
            hole_cards_used=spec.hole_cards_used,
            low=spec.low is not None,
            hilo_odd_chip=str(book.options.get("hilo_odd_chip", "high")),
        ),
        "rules": in_force,
        "switched_off": off,
    }


def sheet_view(
    book: Rulebook,
    games: Iterable[str],
    *,
    day: datetime.date,
    base: Rulebook | None = None,
    house: str | None = None,
    paper: str = "letter",
    four_colour: bool = False,
) -> View:
    """A rule sheet for one game, or a booklet when *games* names several.

    *book* is the rulebook in force (house profile applied), *base* the
    rulebook it extends and *house* the house's name, when there is one.
    """
    chosen = list(games)
    for game in chosen:
        if game not in book.games:
            known = ", ".join(book.games)
            raise RulebookGameError(f'--game "{game}": {book.name} has no such game ({known})')
    booklet = len(chosen) > 1
    reference = base or book
    title = "Rule booklet" if booklet else f"{GAME_NAMES.get(chosen[0], chosen[0])} rule sheet"
    options = options_view(book, base)
    changed = sum(1 for row in options if row["house"])
    meta = [long_date(day)]
    if house is not None:
        meta.append(f"{changed} house option{'s' if changed != 1 else ''} changed")
    return {
        "doc": {
            "title": title,
            "house": house or reference.title,
            "source": edition(reference),
            "date": long_date(day),
            "paper": paper,
            "four_colour": four_colour,
            "meta": meta,
        },
        "booklet": booklet,
        "rulebook": {"name": reference.name, "title": reference.title},
        "house": house or "",
        "games": [_game_view(book, game) for game in chosen],
        "options": options,
        "betting": _BETTING,
        "rankings": hand_rankings(low=any(book.games[g].low for g in chosen)),
    }


class RulebookGameError(FloormanError):
    """A game the rulebook does not define."""


_BETTING: Final = (
    {
        "label": "No-limit",
        "text": "A player may bet or raise any amount up to all the chips in front of them. "
        "The smallest bet is the big blind; a raise must be at least the size of the last "
        "bet or raise on the round.",
    },
    {
        "label": "Pot-limit",
        "text": "The largest bet is the size of the pot. The largest raise: call the bet, "
        "then raise by the size of the pot including that call (pot 100, bet 20: raise to "
        "at most 160).",
    },
    {
        "label": "Limit",
        "text": "Bets and raises are fixed: the small bet (the big blind) before the flop and "
        "on the flop, twice that on the turn and the river.",
    },
)


# -- rulebook comparisons --------------------------------------------------------------------


def _procedure(steps: Sequence[str]) -> tuple[str, ...]:
    """The primitives that change what the dealer does; ``explain`` only records."""
    return tuple(do for do in steps if do != "explain")


def comparison_view(
    books: Sequence[Rulebook], *, day: datetime.date, paper: str = "letter"
) -> View:
    """Situation by situation, what each rulebook rules, with the differences marked.

    Every situation any of the rulebooks names is asked of each of them; a
    row *differs* when the outcomes or the procedures (the ``do`` steps,
    leaving out ``explain``) are not the same. Rules that no situation
    reaches are listed after, so nothing in a rulebook goes unmentioned.
    """
    from floorman.rules.engine import match_situation

    names: dict[str, Any] = {}
    for book in books:
        for name, situation in book.situations.items():
            names.setdefault(name, situation)
    reached: list[set[str]] = [set() for _ in books]
    rows = []
    for name, situation in names.items():
        cells: list[View] = []
        for index, book in enumerate(books):
            ruling = match_situation(book, name)[0] if name in book.situations else None
            if ruling is None:
                cells.append({"book": book.name, "absent": True})
                continue
            reached[index].add(ruling.rule)
            cells.append(
                {
                    "book": book.name,
                    "absent": False,
                    "rule": ruling.rule,
                    "title": ruling.title,
                    "outcome": ruling.outcome,
                    "outcome_label": OUTCOME_LABELS[ruling.outcome],
                    "cite": ruling.cite,
                    "steps": [_sentence(step.text) for step in ruling.steps],
                    "procedure": [step.do for step in ruling.steps],
                    "note": " ".join(ruling.note.split()) if ruling.note else "",
                }
            )
        outcomes = {cell.get("outcome") for cell in cells}
        procedures = {_procedure(cell.get("procedure", ())) for cell in cells}
        differences = []
        if len(outcomes) > 1:
            differences.append("outcome")
        if len(procedures) > 1 and not any(cell["absent"] for cell in cells):
            differences.append("procedure")
        rows.append(
            {
                "situation": name,
                "title": situation.title,
                "game": GAME_NAMES.get(situation.game, situation.game),
                "cells": cells,
                "differences": differences,
                "differs": bool(differences),
            }
        )
    unreached = [
        {
            "book": book.name,
            "rules": [
                {
                    "rule": rule.id,
                    "title": rule.rule.title,
                    "cite": rule.rule.cite,
                    "outcome": rule.rule.outcome,
                    "outcome_label": OUTCOME_LABELS[rule.rule.outcome],
                }
                for rule in book.rules
                if rule.id not in reached[index]
            ],
        }
        for index, book in enumerate(books)
    ]
    option_names = list(dict.fromkeys(name for book in books for name in book.options))
    options = []
    for name in option_names:
        values = [_words(book.options[name]) if name in book.options else "" for book in books]
        options.append(
            {
                "name": name,
                "label": name.replace("_", " ").capitalize(),
                "by_book": values,
                "differs": len(set(values)) > 1,
            }
        )
    differing = sum(1 for row in rows if row["differs"])
    return {
        "doc": {
            "title": "Rulebook comparison",
            "house": " · ".join(book.name for book in books),
            "source": " vs ".join(book.title for book in books),
            "date": long_date(day),
            "paper": paper,
            "four_colour": False,
            "meta": [
                f"{len(rows)} situations, {differing} ruled differently",
                long_date(day),
            ],
        },
        "books": [
            {"name": book.name, "title": book.title, "edition": edition(book)} for book in books
        ],
        "rows": rows,
        "differing": differing,
        "options": options,
        "unreached": unreached,
    }
