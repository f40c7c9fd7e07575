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
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from floorman.cards import RANKS, Card, parse_cards
from floorman.errors import FloormanError
from floorman.rules.catalogue import FACTS, OPTION_PREFIX
from floorman.rules.predicates import compile_predicate
from floorman.rules.steps import placeholders, render_text
from floorman.showdown.chipstacks import chip_breakdown, format_chips
from floorman.showdown.reading import read_high, read_low

if TYPE_CHECKING:
    from floorman.hand.events import Event
    from floorman.interchange.handfile import Hand, HandHeader
    from floorman.replay import CheckResult
    from floorman.rules.loader import CompiledRule, Rulebook

__all__ = [
    "GAME_NAMES",
    "OUTCOME_LABELS",
    "Undone",
    "card_view",
    "cards_view",
    "comparison_view",
    "dealing_procedure",
    "edition",
    "event_description",
    "hand_rankings",
    "in_floor_words",
    "long_date",
    "option_title",
    "options_view",
    "report_view",
    "rule_view",
    "sentence",
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


def option_title(book: Rulebook, name: str) -> str:
    """What floor staff call an option: its title, else its name in words."""
    spec = book.option_specs.get(name)
    return (spec.title if spec is not None else "") or name.replace("_", " ").capitalize()


def in_floor_words(book: Rulebook, text: str) -> str:
    """A rule's note with the option identifiers it names put as their titles.

    >>> from floorman.rules.loader import load_rulebook
    >>> in_floor_words(load_rulebook("rrop"), "house option redeal_burn (default false)")
    'house option “Burn before a board card dealt again” (default false)'
    """
    text = " ".join(text.split())
    for name in sorted(book.option_specs, key=len, reverse=True):
        if name in text:
            text = re.sub(rf"\b{name}\b", f"“{option_title(book, name)}”", text)
    return text


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
                "label": option_title(book, name),
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
        sentence(render_text(step.step.text, words))
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
        "note": in_floor_words(book, rule.rule.note) if rule.rule.note else "",
        "example": example or "",
        "situations": [
            book.situations[name].title for name in rule.rule.situations if name in book.situations
        ],
    }


def sentence(text: str) -> str:
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
                    "options": [option_title(book, name) for name in switched],
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
                    "steps": [sentence(step.text) for step in ruling.steps],
                    "procedure": [step.do for step in ruling.steps],
                    "note": in_floor_words(book, ruling.note) if ruling.note else "",
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
            "title": book.title,
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
                "label": option_title(next(b for b in books if name in b.option_specs), name),
                "by_book": values,
                "differs": len(set(values)) > 1,
            }
        )
    differing = sum(1 for row in rows if row["differs"])
    return {
        "doc": {
            "title": "Rulebook comparison",
            "house": " · ".join(book.name for book in books),
            "source": _listed([book.title for book in books]) + ", situation by situation",
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


def _listed(items: Sequence[str]) -> str:
    """``A, B and C``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# -- incident reports ------------------------------------------------------------------------

_ORDINAL_WORDS: Final = ("first", "second", "third", "fourth", "fifth", "sixth")
_VERBS: Final = {
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "bet": "bets",
    "raise": "raises to",
    "allin": "is all in",
}
_SAID: Final = {"allin": "all in"}
_POSTS: Final = {
    "sb": "a small blind",
    "bb": "a big blind",
    "ante": "an ante",
    "straddle": "a straddle",
    "dead": "dead chips",
}
_ENDINGS: Final = {
    "showdown": "at the showdown",
    "fold": "won without a showdown, everyone else folded",
    "misdeal": "misdeal, every chip goes back",
    "void": "hand void, every chip goes back",
}


def _shown(cards: Sequence[Card | None]) -> str:
    return " ".join("??" if card is None else card.pretty() for card in cards)


def event_description(event: Event) -> str:
    """An event as a floor person writes it in a report.

    >>> from floorman.hand.events import parse_event
    >>> event_description(parse_event("expose 1:1 Ah"))
    "The dealer exposes seat 1's first card: A♥"
    >>> event_description(parse_event("3 raise 60"))
    'Seat 3 raises to 60'
    """
    from floorman.hand import events as e

    if isinstance(event, e.Deal):
        return "The hole cards are dealt"
    if isinstance(event, e.Cards):
        return f"Seat {event.seat}'s hole cards are {_shown(event.cards)}"
    if isinstance(event, e.Expose):
        which = (
            f"{_ORDINAL_WORDS[event.round - 1]} card"
            if event.round is not None and event.round <= len(_ORDINAL_WORDS)
            else "latest card"
        )
        who = (
            f"Seat {event.seat} exposes its"
            if event.by_player
            else f"The dealer exposes seat {event.seat}'s"
        )
        card = f": {event.card.pretty()}" if event.card is not None else ""
        return f"{who} {which}{card}"
    if isinstance(event, e.Extra):
        card = f" ({event.card.pretty()})" if event.card is not None else ""
        return f"An extra card to seat {event.seat}{card}"
    if isinstance(event, e.Burn):
        card = f": {event.card.pretty()}" if event.card is not None else ""
        if event.before is not None:
            return f"A burn card from before the {event.before} is found{card}"
        return "Burn" + card
    if isinstance(event, e.Board):
        label = event.street.capitalize()
        if event.street == "flop" and len(event.cards) != 3:
            label += f" of {len(event.cards)} cards"
        return f"{label}: {_shown(event.cards)}"
    if isinstance(event, e.Action):
        if event.verb == "call" and event.amount is not None:
            return f"Seat {event.seat} calls, putting out {event.amount} in all"
        amount = f" {event.amount}" if event.amount is not None else ""
        return f"Seat {event.seat} {_VERBS.get(event.verb, event.verb)}{amount}"
    if isinstance(event, e.Chips | e.Says | e.StringBet | e.Motion):
        return _betting_description(event)
    if isinstance(event, e.Kill):
        return f"Seat {event.seat}'s hand is killed: mucked by the dealer, or fouled"
    if isinstance(event, e.Retrieve):
        return f"Seat {event.seat}'s hand is taken back out of the muck"
    if isinstance(event, e.Miscount):
        return f"Seat {event.seat}'s pot bet is found made on a wrong count of the pot"
    if isinstance(event, e.Away):
        return f"Seat {event.seat}'s player is away from the seat when the deal ends"
    if isinstance(event, e.Post):
        return f"Seat {event.seat} posts {_POSTS.get(event.what, event.what)} of {event.amount}"
    if isinstance(event, e.Show):
        return f"Seat {event.seat} shows {_shown(event.cards)}"
    if isinstance(event, e.Muck):
        return f"Seat {event.seat} mucks"
    if isinstance(event, e.PlaysBoard):
        return f"Seat {event.seat} declares playing the board"
    if isinstance(event, e.Reshuffle):
        return "The stub is reshuffled"
    if isinstance(event, e.Cut):
        return "The stub is cut"
    if isinstance(event, e.Misdeal):
        return "The floor declares a misdeal"
    if isinstance(event, e.Note):
        return f"Note: {event.text}"
    if isinstance(event, e.Award):
        from floorman.showdown.pushes import describe_push

        return f"The dealer pushes {describe_push(event.seats, event.amount)}"
    return str(event)


def _betting_description(event: Event) -> str:
    """Chips pushed, words said, a string bet or a forward motion, as the floor writes them.

    >>> from floorman.hand.events import parse_event
    >>> _betting_description(parse_event("3 chips 1000+500"))
    'Seat 3 puts out 1000 + 500 (1500 in all) in one motion, without a word'
    >>> _betting_description(parse_event("2 says raise 8000"))
    'Seat 2 says "raise to 8000"'
    """
    from floorman.hand import events as e

    if isinstance(event, e.Chips):
        if len(event.chips) == 1:
            return f"Seat {event.seat} puts out a single {event.chips[0]} chip, without a word"
        chips = " + ".join(str(chip) for chip in event.chips)
        return (
            f"Seat {event.seat} puts out {chips} ({sum(event.chips)} in all) in one motion,"
            " without a word"
        )
    if isinstance(event, e.Says):
        word = _SAID.get(event.verb or "", event.verb or "")
        if event.amount is None:
            return f'Seat {event.seat} says "{word}"'
        if event.verb is None:
            return f'Seat {event.seat} says "{event.amount}"'
        to = " to" if event.verb == "raise" else ""
        return f'Seat {event.seat} says "{word}{to} {event.amount}"'
    if isinstance(event, e.StringBet):
        return (
            f"Seat {event.seat} puts out chips in two motions, to {event.first} and then to"
            f" {event.total}: a string bet"
        )
    assert isinstance(event, e.Motion)
    toward = f" toward {event.total}" if event.total is not None else ""
    return f"Seat {event.seat} moves chips forward{toward} and stops short"


def _game_line(header: HandHeader) -> str:
    small, big = header.blinds
    text = f"{GAME_NAMES.get(header.game, header.game)}, {header.betting}, blinds {small}/{big}"
    return text + (f", ante {header.ante}" if header.ante else "")


def _reading(game: str, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """What the dealer reads on a tabled hand: the high, and in hi-lo the low too."""
    try:
        text = read_high(game, hole, board).name
        if game == "omaha-hilo":
            low = read_low(game, hole, board)
            text += f"; {low.name}" if low is not None else "; no low"
    except FloormanError:
        return ""
    return text


def _seat_rows(hand: Hand, result: CheckResult) -> list[View]:
    state = result.state
    small, big = state.table.blind_seats
    board = state.ledger.board_cards
    rows = []
    for seat, start in hand.seats.items():
        roles = []
        if seat == state.table.button:
            roles.append("button")
        if seat == small:
            roles.append("small blind")
        if seat == big:
            roles.append("big blind")
        cards = state.shown.get(seat) or state.ledger.hole(seat)
        known = [card for card in cards if card is not None]
        reading = ""
        if seat in state.shown and len(board) == 5:
            reading = _reading(state.game, state.shown[seat], board)
        end = result.stacks.get(seat, start)
        status = (
            "folded"
            if seat in state.betting.folded
            else ("mucked" if seat in state.betting.mucked else "")
        )
        rows.append(
            {
                "seat": seat,
                "roles": ", ".join(roles),
                "start": start,
                "cards": cards_view(cards) if known else [],
                "reading": reading,
                "status": status,
                "won": result.awards.get(seat, 0),
                "end": end,
                "net": end - start,
            }
        )
    return rows


def _pot_rows(result: CheckResult, chips: Sequence[int]) -> list[View]:
    rows = []
    for index, pot in enumerate(result.pots):
        awards = []
        for seat, amount in pot["awards"].items():
            awards.append(
                {
                    "seat": int(seat),
                    "amount": amount,
                    "chips": format_chips(chip_breakdown(amount, chips)) if len(chips) > 1 else "",
                }
            )
        rows.append(
            {
                "name": "Main pot" if index == 0 else f"Side pot {index}",
                "amount": pot["amount"],
                "eligible": ", ".join(str(seat) for seat in pot["eligible"]),
                "awards": awards,
                "odd_chips": [
                    {
                        "seat": chip["seat"],
                        "amount": chip["amount"],
                        "reason": chip["reason"],
                    }
                    for chip in pot["odd_chips"]
                ],
                "pending": not pot["awards"],
            }
        )
    return rows


@dataclass(frozen=True, slots=True)
class Undone:
    """An event recorded, then taken back: kept in the report, marked as undone.

    *after* is how many standing events came before it; *time* and
    *undone_at* are when it was recorded and when it was taken back.
    """

    after: int
    text: str
    time: str = ""
    undone_at: str = ""


def _timeline(
    events: Sequence[Event],
    result: CheckResult,
    times: Sequence[str] | None,
    undone: Sequence[Undone],
) -> list[View]:
    """Every event in the order recorded, irregular ones marked, undone ones among them."""
    marks: dict[int, list[str]] = {}
    for number, ruling in enumerate(result.rulings, 1):
        marks.setdefault(ruling["event"], []).append(f"ruling {number}")
    for violation in result.violations:
        marks.setdefault(violation["event"], []).append("violation")
    taken_back: dict[int, list[Undone]] = {}
    for taken in undone:
        taken_back.setdefault(taken.after, []).append(taken)
    rows: list[View] = []

    def undone_rows(after: int) -> None:
        rows.extend(
            {
                "number": None,
                "time": taken.time,
                "text": _undone_text(taken.text),
                "irregular": False,
                "remarks": [f"undone {taken.undone_at}".rstrip()],
                "note": False,
                "undone": True,
            }
            for taken in taken_back.get(after, ())
        )

    undone_rows(0)
    for number, event in enumerate(events, 1):
        rows.append(
            {
                "number": number,
                "time": times[number - 1] if times is not None and number <= len(times) else "",
                "text": event_description(event),
                "irregular": number in marks,
                "remarks": marks.get(number, []),
                "note": event.kind == "note",
                "undone": False,
            }
        )
        undone_rows(number)
    return rows


def _undone_text(text: str) -> str:
    from floorman.hand.events import parse_event

    try:
        return event_description(parse_event(text))
    except FloormanError:
        return text


def _status(over_reason: str | None, closed: str | None, in_store: bool) -> str:
    """Whether the hand is over, said from its events; the store's close only adds why."""
    if over_reason is not None:
        return "Finished: " + _ENDINGS.get(over_reason, over_reason)
    if closed is not None:
        return f"Closed before the end of the hand ({closed})"
    if in_store:
        return "Open: the hand is still being played"
    return "Not finished: the record stops before the end of the hand"


def report_view(
    hand: Hand,
    result: CheckResult,
    book: Rulebook,
    *,
    day: datetime.date,
    label: str,
    times: Sequence[str] | None = None,
    started: str | None = None,
    undone: Sequence[Undone] = (),
    closed: str | None = None,
    in_store: bool = False,
    paper: str = "letter",
    four_colour: bool = False,
) -> View:
    """The incident report of a recorded hand, checked against *book*.

    *label* names the hand (``hand 42`` or the file); *times* are the times
    each standing event was recorded and *undone* the events taken back,
    when the store kept them; *closed* is why the store closed the hand and
    *in_store* says the hand is a stored one, which may still be played on.
    """
    events = hand.parse_events()
    timeline = _timeline(events, result, times, undone)
    described = [event_description(event) for event in events]
    rulings = [
        {
            "number": number,
            "event": ruling["event"],
            "event_text": described[ruling["event"] - 1]
            if 0 < ruling["event"] <= len(described)
            else "",
            "title": ruling["title"],
            "cite": ruling["cite"],
            "rule": ruling["rule"],
            "outcome": ruling["outcome"],
            "outcome_label": OUTCOME_LABELS.get(ruling["outcome"], ruling["outcome"]),
            "steps": [sentence(step["text"]) for step in ruling["steps"]],
        }
        for number, ruling in enumerate(result.rulings, 1)
    ]
    state = result.state
    seats = _seat_rows(hand, result)
    pots = _pot_rows(result, hand.chips)
    odd_chip = _words(book.options.get("odd_chip", "first-left-of-button"))
    odd_policy = f"Odd chips between tied hands: {odd_chip}"
    if state.game == "omaha-hilo":
        odd_policy += (
            f"; between high and low: to the {book.options.get('hilo_odd_chip', 'high')} half"
        )
    if book.options.get("quartering_exception"):
        odd_policy += "; the quartering exception applies"
    facts = [
        ("Hand", label),
        ("Table", hand.table or "not recorded"),
        ("Started", started or "not recorded"),
        ("Game", _game_line(hand)),
        ("Button", f"seat {state.table.button}"),
        ("Rulebook", f"{book.title} ({book.name})"),
        ("Status", _status(state.over_reason, closed, in_store)),
    ]
    return {
        "doc": {
            "title": "Incident report",
            "house": f"Table {hand.table} · {label}" if hand.table else label,
            "source": edition(book),
            "date": long_date(day),
            "paper": paper,
            "four_colour": four_colour,
            "meta": [f"printed {long_date(day)}"],
        },
        "facts": [{"label": name, "value": value} for name, value in facts],
        "seats": seats,
        "show_cards": any(seat["cards"] for seat in seats),
        "board": cards_view([b.card for b in state.ledger.board if not b.premature]),
        "premature": [
            {
                "card": card_view(b.card),
                "event": b.event,
                "set_aside": b.card in state.ledger.set_aside,
            }
            for b in state.ledger.turned_early
        ],
        "set_aside": cards_view(
            [
                c
                for c in state.ledger.set_aside
                if c not in {b.card for b in state.ledger.turned_early}
            ]
        ),
        "timeline": timeline,
        "timed": times is not None,
        "undone": len(undone),
        "rulings": rulings,
        "violations": [
            {"event": v["event"], "rule": v["rule"], "message": v["message"]}
            for v in result.violations
        ],
        "pots": pots,
        "pending": any(pot["pending"] for pot in pots),
        "odd_policy": odd_policy,
        "chips": ", ".join(str(chip) for chip in sorted(hand.chips, reverse=True)),
        "irregular": bool(result.rulings or result.violations),
    }
