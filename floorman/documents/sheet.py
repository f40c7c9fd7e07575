"""The rule sheet a card room posts at the podium, or a booklet of every game.

For each game: the dealing procedure street by street, the irregularity
rules in force worded for no hand in particular (those a house option turns
off listed apart), the betting structures and the hand rankings; then the
house options. The template only lays the data out.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from floorman.documents.cards import hand_rankings
from floorman.documents.studdraw import (
    book_family,
    dealt_procedure,
    dealt_rankings,
    dealt_words,
    game_title,
)
from floorman.documents.wording import (
    edition,
    in_floor_words,
    in_words,
    long_date,
    option_title,
    sentence,
)
from floorman.errors import FloormanError
from floorman.rules.catalogue import FACTS
from floorman.rules.kinds import DEALT_GAMES, KIND_WORDS, applies_at_kind, citation, cite_for
from floorman.rules.standing import switched_off
from floorman.rules.steps import placeholders, render_text
from floorman.vocabulary import GAME_TITLES, OUTCOME_LABELS, number_word, room_date

if TYPE_CHECKING:
    from floorman.documents.render import Printed
    from floorman.rules.loader import CompiledRule, Rulebook

__all__ = [
    "RulebookGameError",
    "dealing_procedure",
    "options_view",
    "rule_view",
    "sheet_page",
    "sheet_pdf",
    "sheet_view",
]

View = dict[str, Any]


class RulebookGameError(FloormanError):
    """A game the rulebook does not define."""


def sheet_view(
    book: Rulebook,
    games: Iterable[str],
    *,
    day: datetime.date,
    base: Rulebook | None = None,
    house: str | None = None,
    paper: str = "letter",
    four_colour: bool = False,
    kind: str | None = None,
) -> View:
    """A rule sheet for one game, or a booklet when *games* names several.

    *book* is the rulebook in force (house profile applied), *base* the
    rulebook it extends and *house* the house's name, when there is one.
    *kind* (``cash`` or ``tournament``) prints it for that kind of table: where the
    rulebook has a text for each, that kind's rules and citations (*book* and *base*
    are loaded at that kind for its option values); without it, both texts.
    """
    chosen = list(games)
    for game in chosen:
        known_game(book, game)
    booklet = len(chosen) > 1
    reference = base or book
    title = "Rule booklet" if booklet else f"{game_title(chosen[0])} rule sheet"
    options = options_view(book, base)
    changed = sum(1 for row in options if row["house"])
    meta = [long_date(day)]
    if kind is not None:
        meta.append(KIND_WORDS[kind])
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
        "games": [_game_view(book, game, kind) for game in chosen],
        "options": _game_options(options, chosen[0]) if not booklet else options,
        "options_note": _OPTIONS_NOTE if not booklet and chosen[0] in DEALT_GAMES else "",
        "betting": _BETTING,
        "rankings": hand_rankings(
            low=any(g in book.games and book.games[g].low for g in chosen) or "stud-hilo" in chosen
        ),
    }


_OPTIONS_NOTE: Final = (
    "The other options of the rulebook rule on the flop games and are printed on their sheets."
)


def _game_options(options: list[View], game: str) -> list[View]:
    """The options a game's sheet lists: a stud game's the stud options, a draw game's
    the draw options; a flop game's every option."""
    if game not in DEALT_GAMES:
        return options
    prefix = "stud_" if game in DEALT_GAMES[:3] else "draw_"
    return [row for row in options if row["name"].startswith(prefix)]


def every_game(book: Rulebook) -> list[str]:
    """The games a booklet of ``book`` prints: its flop games, then the stud and draw
    games, where it is one of the three books (which all describe them) or rules on them."""
    family = book_family(book.chain)
    dealt = [
        game
        for game in DEALT_GAMES
        if family is not None or any(game in rule.games for rule in book.rules)
    ]
    return [*book.games, *dealt]


def known_game(book: Rulebook, game: str) -> None:
    """:class:`RulebookGameError` naming ``game`` unless the sheet and card can print it."""
    games = every_game(book)
    if game not in games:
        known = ", ".join(games)
        if len(known) > 40:
            known = f"{games[0]} to {games[-1]}: --help lists them"
        raise RulebookGameError(f'--game "{game}": {book.name} has no such game ({known})')


def sheet_page(
    book: Rulebook,
    games: list[str],
    *,
    base: Rulebook | None,
    house: str | None,
    size: str,
    four_colour: bool = False,
    standalone: bool = False,
    kind: str | None = None,
) -> str:
    """The rule sheet of ``games`` under ``book`` today, as HTML for the printer, or as a
    page that stands alone (at a table of ``kind``, as :func:`sheet_view`)."""
    from floorman.documents import render

    view = sheet_view(
        book, games, day=room_date(), base=base, house=house, paper=size,
        four_colour=four_colour, kind=kind,
    )  # fmt: skip
    return render.render_html("sheet.html", view, standalone=standalone)


def sheet_pdf(
    book: Rulebook,
    games: list[str],
    *,
    base: Rulebook | None,
    house: str | None,
    size: str,
    four_colour: bool = False,
    kind: str | None = None,
) -> Printed:
    """The rule sheet of ``games`` under ``book`` today, printed (at a table of ``kind``)."""
    from floorman.documents import render

    page = sheet_page(
        book, games, base=base, house=house, size=size, four_colour=four_colour, kind=kind
    )
    return render.html_to_pdf(page)


def _game_view(book: Rulebook, game: str, kind: str | None = None) -> View:
    in_force, off = [], []
    for rule in book.rules:
        if game not in rule.games or (kind is not None and not applies_at_kind(rule, kind)):
            continue
        switched = switched_off(
            rule.rule.when, options=book.options, conditions=book.conditions, kind=kind
        )
        if switched == []:
            continue
        if switched:
            off.append(
                {
                    "title": rule.rule.title,
                    "cite": citation(rule.rule) if kind is None else cite_for(rule.rule, kind),
                    "options": [option_title(book, name) for name in switched],
                }
            )
        else:
            in_force.append(rule_view(book, rule, game, kind))
    if game in DEALT_GAMES:
        family = book_family(book.chain)
        rankings = dealt_rankings(game, family)
        return {
            "name": game,
            "title": game_title(game),
            "procedure": dealt_procedure(game, family, book.options),
            "rules": in_force,
            "switched_off": off,
            "rankings": rankings,
            "own_low": bool(rankings["low"]) and game != "stud-hilo",
            "stud": game in DEALT_GAMES[:3],
        }
    spec = book.games[game]
    return {
        "name": game,
        "title": GAME_TITLES.get(game, spec.description or game),
        "rankings": None,
        "own_low": False,
        "stud": False,
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
    rounds = number_word(hole_cards)
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


def _showdown(hole_cards: int, used: int | None, low: bool, hilo_odd_chip: str) -> str:
    text = (
        "The last player to bet or raise on the river shows first; if nobody bet, the first "
        "active player to the left of the button shows first. "
    )
    if used is None:
        text += (
            f"Each player makes the best five-card hand from the {number_word(hole_cards)} "
            "hole cards and the five board cards, and may use all five board cards (playing "
            "the board), but must declare it before discarding, or gives up all claim to the "
            "pot."
        )
    else:
        words = number_word(used)
        text += (
            f"Each player must use exactly {words} hole cards with exactly "
            f"{number_word(5 - used)} board cards; playing the board is not possible. The "
            f"whole {number_word(hole_cards)}-card hand should be shown to win the pot."
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
                "value": in_words(value),
                "description": " ".join(spec.description.split()),
                "cite": spec.cite or "",
                "house": base is not None and base.options.get(name) != value,
            }
        )
    return rows


def rule_view(
    book: Rulebook, rule: CompiledRule, game: str | None = None, kind: str | None = None
) -> View:
    """One rule as a sheet prints it: its steps worded for no hand in particular (at a
    table of ``kind``, its citation and steps for that kind; else both citations).

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
    if kind is not None:
        facts["table.kind"] = kind
    words = placeholders(situation.vars if situation is not None else None)
    if game in DEALT_GAMES and situation is None:
        words.update(dealt_words(game))
    if game is not None and "game" not in (situation.vars if situation else {}):
        words["game"] = game_title(game)
    read = _facts_reader(facts)
    dealt = game in DEALT_GAMES and situation is None
    steps = [
        (_sentences if dealt else sentence)(render_text(step.step.text, words))
        for step in rule.steps
        if step.test is None or (_any_hand(step.test, read) if dealt else step.test(read))
    ]
    examples = rule.rule.examples
    example = examples[0].describe if examples else None
    return {
        "id": rule.id,
        "title": rule.rule.title,
        "cite": citation(rule.rule) if kind is None else cite_for(rule.rule, kind),
        "outcome": rule.rule.outcome,
        "outcome_label": OUTCOME_LABELS[rule.rule.outcome],
        "steps": steps,
        "note": in_floor_words(book, rule.rule.note) if rule.rule.note else "",
        "example": example or "",
        "situations": [
            book.situations[name].title for name in rule.rule.situations if name in book.situations
        ],
    }


def _sentences(text: str) -> str:
    """Each sentence of a step starting with a capital, where a placeholder opens one."""
    return re.sub(r"(\. )(the player)", lambda m: m[1] + m[2].capitalize(), sentence(text))


def _any_hand(test: Any, read: Any) -> bool:
    """Whether a step may be taken in some hand: a stud or draw rule asked with no hand
    prints every step that depends on the hand (each says when it applies), and leaves
    out only those the table's kind rules out."""
    asked: set[str] = set()

    def reading(name: str) -> Any:
        asked.add(name)
        return read(name)

    return bool(test(reading)) or bool(asked - {"table.kind", "game"})


def _facts_reader(facts: Mapping[str, Any]) -> Any:
    def read(name: str) -> Any:
        if name in facts:
            return facts[name]
        return FACTS[name].ask_default if name in FACTS else None

    return read
