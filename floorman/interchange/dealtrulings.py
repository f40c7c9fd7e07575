"""A stud or draw hand file replayed under its rulebook: every event ruled as it comes
(:mod:`floorman.rules.studdraw`), the hand going on as each ruling says.

>>> from floorman.interchange.studfile import parse_stud_hand
>>> hand = parse_stud_hand('''
... game: razz
... ante: 1
... bring_in: 2
... limits: [4, 8]
... rulebook: tda-2024
... seats: {1: 100, 2: 100, 3: 100}
... events: [down 1 ??, expose 1:1 Kc, down 2 ?? ??, up 2 4d, down 3 ?? ??, up 3 6s,
...          down 1 ?? ??]
... ''')
>>> ruled = rule_stud(hand)
>>> [(r.rule, r.cite) for r in ruled.rulings]
[('tda-2024.stud.exposed-downcard', 'TDA 2024 RP-10-A')]
>>> ruled.state.bring_in_seat
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorman.hand.drawevents import parse_draw_event
from floorman.hand.drawstate import DrawHand
from floorman.hand.events import EventError
from floorman.hand.studevents import parse_stud_event
from floorman.hand.studstate import StudHand
from floorman.interchange.plainhand import HandFileError
from floorman.rules.engine import Ruling, Violation
from floorman.rules.loader import Rulebook, RulebookError, load_rulebook
from floorman.rules.studdraw import DealtEngine, procedure_of

if TYPE_CHECKING:
    from floorman.interchange.drawfile import DrawHandFile
    from floorman.interchange.studfile import StudHandFile

__all__ = ["RuledDraw", "RuledStud", "hand_book", "rule_draw", "rule_stud"]


@dataclass
class RuledStud:
    state: StudHand
    rulings: list[Ruling]
    violations: list[Violation]
    book: Rulebook


@dataclass
class RuledDraw:
    state: DrawHand
    rulings: list[Ruling]
    violations: list[Violation]
    book: Rulebook


def hand_book(
    hand: StudHandFile | DrawHandFile,
    rulebook: str | Rulebook | None = None,
    house: str | None = None,
) -> Rulebook:
    """The rulebook a hand is ruled by: the one named (or the hand's), at the hand's
    kind of table, with the ``house`` profile file and the hand's ``house:`` options."""
    try:
        if not isinstance(rulebook, Rulebook):
            return load_rulebook(
                rulebook or hand.rulebook, house=house, options=hand.house, kind=hand.kind
            )
        book = rulebook.at_kind(hand.kind)
        if hand.house:
            book = book.with_options(hand.house, origin=f"{hand.where()}: house")
    except RulebookError as error:
        raise HandFileError(str(error)) from None
    return book


def rule_stud(
    hand: StudHandFile,
    rulebook: str | Rulebook | None = None,
    house: str | None = None,
) -> RuledStud:
    """Replay a stud hand, ruling each event; :class:`HandFileError` names a bad one."""
    book = hand_book(hand, rulebook, house)
    state = hand.start(procedure_of(book.options))
    engine = DealtEngine(book, hand.game, hand.kind)
    for number, text in enumerate(hand.events, 1):
        try:
            engine.process(state, parse_stud_event(text, number), number)
        except EventError as error:
            raise HandFileError(f"{hand.where(number)}: {error}") from None
    return RuledStud(state, engine.rulings, engine.violations, book)


def rule_draw(
    hand: DrawHandFile,
    rulebook: str | Rulebook | None = None,
    house: str | None = None,
) -> RuledDraw:
    """Replay a draw hand, ruling each event; :class:`HandFileError` names a bad one."""
    book = hand_book(hand, rulebook, house)
    state = hand.start()
    engine = DealtEngine(book, hand.game, hand.kind)
    for number, text in enumerate(hand.events, 1):
        try:
            engine.process(state, parse_draw_event(text, number), number)
        except EventError as error:
            raise HandFileError(f"{hand.where(number)}: {error}") from None
    return RuledDraw(state, engine.rulings, engine.violations, book)
