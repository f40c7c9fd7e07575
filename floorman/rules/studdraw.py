"""The rulings of the stud and draw games: the same rulebooks, the same predicates and
step texts, over the stud and draw hands' own state.

A rule rules on these games when its ``games:`` names them (a rule that names no game is
a flop game's). For each event the engine reads the facts from the state *before* the
event, applies the event, and when a rule matches renders its steps and enacts their
primitives on the hand, so that the hand goes on as the ruling says: the exposed
downcard becomes the upcard and the third card comes down (``deal-down``), the dead
hand takes its ante back (``return-ante``), the premature card is set aside or goes back
to the stub to be reshuffled (``set-aside``, ``return-to-stub``), the exposed draw card
is replaced once everyone has drawn (``replace-card``). A ``reshuffle`` step is then
expected before the next card; a card dealt without it is a violation.

>>> from floorman.hand.studevents import parse_stud_event as ev
>>> from floorman.hand.studstate import StudHand, StudProcedure
>>> from floorman.rules.loader import load_rulebook
>>> hand = StudHand(seats={1: 100, 2: 100, 3: 100}, game="stud", ante=1, bring_in=2,
...                 limits=(4, 8))
>>> engine = DealtEngine(load_rulebook("rrop"), "stud")
>>> for number, text in enumerate(["down 1 ?? ??", "expose 1:1 2c"], 1):
...     ruling = engine.process(hand, ev(text), number)
>>> ruling.rule, ruling.outcome, ruling.cite
('rrop.stud.exposed-downcard', 'continue', 'RRoP Seven-Card Stud rule 5')
>>> hand.up[1], len(hand.down[1])
([Card('2c')], 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from floorman.cards import Card, format_cards
from floorman.hand.drawevents import Draw
from floorman.hand.drawstate import DrawHand
from floorman.hand.events import (
    Action,
    Cut,
    Event,
    Expose,
    OffTable,
    Reshuffle,
)
from floorman.hand.stud import bring_in_seat
from floorman.hand.studevents import BringIn, Common, Complete, Down, Stub, Up
from floorman.hand.studstate import StudHand, StudProcedure
from floorman.rules.catalogue import OPTION_PREFIX
from floorman.rules.engine import Ruling, Step, Violation
from floorman.rules.kinds import cite_for
from floorman.rules.loader import CompiledRule, Rulebook

__all__ = ["DealtEngine", "DealtHand", "procedure_of"]

DealtHand = StudHand | DrawHand

_KINDS: Final[dict[type, str]] = {
    Up: "up", Down: "down", BringIn: "bring-in", Complete: "bring-in", Common: "common",
    Expose: "expose", OffTable: "off-table", Reshuffle: "reshuffle", Cut: "cut",
    Draw: "draws", Stub: "stub",
}  # fmt: skip
_GAME_WORDS: Final = {
    "stud": "seven-card stud", "stud-hilo": "stud hi-lo", "razz": "razz",
    "triple-draw-27": "2-7 triple draw", "single-draw-27": "2-7 single draw",
    "lowball-a5": "A-5 lowball", "badugi": "badugi",
}  # fmt: skip
_STREETS: Final = ("third", "fourth", "fifth", "sixth", "seventh", "showdown")


def _kind(event: Event) -> str:
    if isinstance(event, Action):
        return event.verb
    return _KINDS.get(type(event), event.kind)


@dataclass
class DealtEngine:
    """Rules one stud or draw hand's events with a rulebook; see the module docstring."""

    book: Rulebook
    game: str
    table_kind: str = "cash"
    rulings: list[Ruling] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    """What the dealer has still to do (the steps that wait on a later event)."""
    _expect_reshuffle: tuple[str, int] | None = None

    def __post_init__(self) -> None:
        by_kind: dict[str, list[CompiledRule]] = {}
        for rule in self.book.rules:
            if rule.rule.games and self.game in rule.rule.games:
                for kind in rule.kinds:
                    by_kind.setdefault(kind, []).append(rule)
        self._rules = {
            kind: sorted(rules, key=lambda r: -r.rule.priority) for kind, rules in by_kind.items()
        }

    def process(self, hand: DealtHand, event: Event, number: int) -> Ruling | None:
        """Apply one event to ``hand``; the ruling on it, if a rule matches. A bad event
        raises :class:`floorman.hand.events.IllegalEvent` (nothing ruled)."""
        kind = _kind(event)
        candidates = self._rules.get(kind, [])
        facts = _Facts(hand, event, self.book.options, self.table_kind) if candidates else None
        hand.apply(event, number)
        self._check(hand, event, number)
        if facts is None:
            return None
        for rule in candidates:
            if rule.test is None or rule.test(facts.read):
                ruling = self._ruling(rule, facts, number)
                self.rulings.append(ruling)
                self._enact(hand, ruling, facts, rule)
                return ruling
        return None

    def _ruling(self, rule: CompiledRule, facts: _Facts, number: int) -> Ruling:
        from floorman.rules.steps import render_text

        words = facts.words()
        steps = tuple(
            Step(step.step.do, render_text(step.step.text, words))
            for step in rule.steps
            if step.test is None or step.test(facts.read)
        )
        return Ruling(
            event=number, rule=rule.id, cite=cite_for(rule.rule, self.table_kind),
            outcome=rule.rule.outcome, title=rule.rule.title, steps=steps, note=rule.rule.note,
        )  # fmt: skip

    def _enact(self, hand: DealtHand, ruling: Ruling, facts: _Facts, rule: CompiledRule) -> None:
        seat = facts.seat
        for step in ruling.steps:
            do = step.do
            if isinstance(hand, StudHand):
                if do == "deal-down" and seat is not None:
                    hand.turn_up(seat, facts.stud_card())
                elif do in ("kill-hand", "return-ante") and seat is not None:
                    hand.kill(seat, return_ante=any(s.do == "return-ante" for s in ruling.steps))
                elif do == "replace-card" and seat is not None:
                    hand.replace_downcard(seat, facts.stud_card())
                elif do == "set-aside":
                    hand.set_aside_premature()
                elif do == "return-to-stub":
                    hand.return_premature()
            elif isinstance(hand, DrawHand) and do == "replace-card" and seat is not None:
                hand.replace_exposed(seat, facts.card)
            if do == "reshuffle":
                self._expect_reshuffle = (rule.id, hand.reshuffles)
            elif do in ("misdeal", "void-hand"):
                self.pending.append(step.text)

    def _check(self, hand: DealtHand, event: Event, number: int) -> None:
        """A corrective reshuffle not done before the next card is a violation."""
        if self._expect_reshuffle is None:
            return
        rule, before = self._expect_reshuffle
        if hand.reshuffles > before:
            self._expect_reshuffle = None
        elif isinstance(event, (Up, Down, Common, Draw)) and not (
            isinstance(hand, StudHand) and hand.round_open
        ):
            self.violations.append(
                Violation(number, rule, f"{event} is dealt before the stub is reshuffled")
            )
            self._expect_reshuffle = None


class _Facts:
    """The facts of one event, read from the hand before it."""

    def __init__(
        self, hand: DealtHand, event: Event, options: Mapping[str, Any], table_kind: str
    ) -> None:
        self.hand = hand
        self.event = event
        self.options = options
        self.table_kind = table_kind
        self.seat: int | None = getattr(event, "seat", None)
        self.card: Card | None = getattr(event, "card", None)
        if isinstance(event, (Up, Down)) and self.card is None:
            cards = getattr(event, "cards", ())
            self.card = next((c for c in cards if c is not None), None)
        self.values: dict[str, Any] = {}
        if isinstance(hand, StudHand):
            self._stud(hand, event)
        else:
            self._draw(hand, event)
        self.values["table.kind"] = table_kind
        self.values["game"] = hand.game
        self.values["exposed_by"] = (
            "player" if isinstance(event, Expose) and event.by_player else "dealer"
        )

    def read(self, name: str) -> Any:
        if name.startswith(OPTION_PREFIX):
            return self.options[name[len(OPTION_PREFIX) :]]
        return self.values.get(name, _DEFAULTS.get(name))

    def stud_card(self) -> int:
        return int(self.values.get("stud.card", 0))

    def _stud(self, hand: StudHand, event: Event) -> None:
        values = self.values
        values["stud.street"] = _STREETS[hand.street_index]
        values["stud.live_players"] = len(hand.live)
        values["stud.premature"] = (
            isinstance(event, (Up, Down)) and hand.round_open and hand.over_reason is None
        )
        self.low: tuple[int, Card] | None = None
        if isinstance(event, BringIn) and hand.street_index == 0 and hand.round_open:
            true = hand.to_act
            values["stud.wrong_low"] = (
                true is not None and event.seat != true and not hand.current_bet
            )
            door = hand.up[true][0] if true is not None and hand.up[true] else None
            if true is not None and door is not None:
                self.low = (true, door)
        if isinstance(event, Stub):
            live, burns = len(hand.live), 3
            values["stud.stub_cards"] = event.count
            values["stud.stub_over"] = event.count - (live + 2)
            values["stud.stub_over_with_burns"] = event.count + burns - (live + 2)
            values["stud.fresh_over"] = event.count + burns + len(hand.set_aside) - live
        if isinstance(event, Expose) and self.seat is not None:
            seat = self.seat
            number = hand.card_number(seat, event.round)
            index = hand.downcard_index(seat, number)
            values["stud.card"] = number if index is not None else 0
            values["stud.exposed_downcards"] = len(hand.exposed[seat] | {number})
            values["stud.upcard_dealt"] = (
                seat not in hand.door_exposed and len(hand.up[seat]) > hand.street_index
            )
            values["stud.seat_all_in"] = hand.stacks[seat] == 0
            values["stud.action_left"] = sum(1 for s in hand.live if hand.stacks[s] > 0) >= 2
            if self.card is None and index is not None:
                self.card = hand.down[seat][index]

    def _draw(self, hand: DrawHand, event: Event) -> None:
        self.values["draw.phase"] = hand.phase
        self.values["draw.rounds_left"] = hand.draws - hand.round_index
        self.values["draw.exposed"] = 1 + sum(
            1
            for _, _, by, round_index in hand.exposed
            if not by and round_index == hand.round_index and hand.phase == "draw"
        )

    def words(self) -> dict[str, str]:
        hand = self.hand
        words = {
            "game": _GAME_WORDS.get(hand.game, hand.game),
            "card": str(self.card) if self.card is not None else "the card",
            "cards": format_cards(_event_cards(self.event)) or "the cards",
            "seat": f"seat {self.seat}" if self.seat is not None else "the player",
        }
        if isinstance(hand, StudHand):
            words["street"] = f"{_STREETS[hand.street_index]} street"
            words["bring_in"] = str(hand.bring_in)
            if self.seat is not None and self.seat in hand.antes:
                words["ante"] = str(hand.antes[self.seat])
                words["left_seat"] = f"seat {hand._clockwise(self.seat)[0]}"
            if self.low is not None:
                words["low_seat"] = f"seat {self.low[0]}"
                words["low_card"] = str(self.low[1])
            elif self.seat is not None and hand.street_index == 0:
                low = _would_be_low(hand, self.seat, self.card)
                if low is not None:
                    words["low_seat"] = f"seat {low}"
        from floorman.rules.steps import placeholders

        return placeholders(words)


def _event_cards(event: Event) -> tuple[Card, ...]:
    cards = getattr(event, "cards", None)
    if cards is None:
        card = getattr(event, "card", None)
        cards = () if card is None else (card,)
    return tuple(c for c in cards if c is not None)


def _would_be_low(hand: StudHand, seat: int, card: Card | None) -> int | None:
    """The seat with the bring-in card once every upcard is out, when all are known."""
    showing = {s: hand.up[s][0] for s in hand.live if hand.up[s]}
    if card is not None and seat not in showing:
        showing[seat] = card
    if len(showing) < len(hand.live) or any(c is None for c in showing.values()):
        return None
    return bring_in_seat(hand.game, showing)  # type: ignore[arg-type]


_DEFAULTS: Final[dict[str, Any]] = {
    "stud.card": 0, "stud.exposed_downcards": 0, "stud.upcard_dealt": False,
    "stud.premature": False, "stud.wrong_low": False, "stud.live_players": 0,
    "stud.seat_all_in": False, "stud.action_left": True, "stud.stub_cards": 0,
    "stud.stub_over": 0, "stud.stub_over_with_burns": 0, "stud.fresh_over": 0,
    "stud.street": "none", "draw.phase": "none", "draw.exposed": 0, "draw.rounds_left": 0,
}  # fmt: skip


def procedure_of(options: Mapping[str, Any]) -> StudProcedure:
    """The stud hand's procedure where the books part, as the rulebook's options set it:
    after an error, between equal hands showing, with an open pair on fourth street."""
    return StudProcedure(
        exposed_low=str(options.get("stud_exposed_low", "brings-in")),
        common_opener=str(options.get("stud_common_opener", "sixth-street-opener")),
        seventh_exposed_opener=str(
            options.get("stud_seventh_exposed_opener", "sixth-street-opener")
        ),
        tie_by_suit=frozenset(str(game) for game in options.get("stud_tie_by_suit", ())),
        open_pair_big_bet=options.get("stud_open_pair", "either-limit") == "either-limit",
    )
