"""Replaying a hand: events in order through the reducer, and the ``check`` result.

:func:`check_hand` is what ``floorman check`` reports: the rulings and
violations of the rulebook, the pots and awards, and the stacks. The parts
are filled by the modules that own them; until a part is plugged in here it
stays empty. Without a settlement, ``stacks`` are the chips behind each seat
after the last event: chips in the middle (bets and pots not yet awarded)
are still owed to whoever wins them.

>>> from floorman.interchange.handfile import parse_hand
>>> hand = parse_hand("button: 3\\nseats: {1: 100, 2: 100, 3: 100}\\n"
...                   "events: [deal, 3 fold, 1 call, 2 check]")
>>> result = check_hand(hand)
>>> result.state.street, result.state.betting.pot, result.to_json()["stacks"]
('preflop', 4, {'1': 98, '2': 98, '3': 100})
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from floorman.hand.events import (
    VERB_ALIASES,
    ButtonFound,
    Event,
    EventError,
    NotationError,
    parse_event,
)
from floorman.hand.state import HandState

if TYPE_CHECKING:
    from floorman.interchange.plainhand import HandLike, HeaderLike

__all__ = [
    "CheckResult",
    "Ruled",
    "check_hand",
    "read_event",
    "replay",
    "replay_states",
    "rule_events",
    "rule_steps",
    "ruled_chips",
    "start_hand",
]


def _events(events: Iterable[Event | str]) -> Iterator[tuple[int, Event]]:
    for number, event in enumerate(events, 1):
        yield number, parse_event(event, number) if isinstance(event, str) else event


def start_hand(
    header: HeaderLike,
    events: Iterable[Event],
    options: Mapping[str, Any] | None = None,
    dealt: int | None = None,
) -> HandState:
    """The hand before its first event, the blinds and antes posted. A hand dealt with the
    button out of position is what happened: when ``button SEAT dealt`` says so (or
    ``dealt``, for such an event still to come), the hand is dealt from that seat (the
    blinds posted and the action taken from there), and the header's button is where it
    belonged."""
    if dealt is None:
        dealt = next((e.seat for e in events if isinstance(e, ButtonFound) and e.dealt), None)
    if dealt is None or dealt == header.button:
        return header.start(options)
    state = header.start(options, button=dealt)
    state.button_belongs = header.button
    return state


def read_event(state: HandState, text: str, number: int | None = None) -> Event:
    """Read an event typed at the table, where a betting action may leave out the
    seat: it is the seat to act's.

    >>> s = HandState(seats={1: 50, 2: 50}, button=1)
    >>> read_event(s, "r 6")
    Action(seat=1, verb='raise', amount=6)
    """
    words = text.split()
    if words and words[0].lower() in VERB_ALIASES:
        if state.to_act is None:
            raise NotationError(number, text.strip(), f"no seat is to act now: {_idle(state)}")
        text = f"{state.to_act} {text.strip()}"
    return parse_event(text, number)


def _idle(state: HandState) -> str:
    """Why no seat is to act, as the dealer needs to hear it."""
    if state.over_reason == "showdown":
        return "the betting is over; the hands are shown"
    if state.over_reason == "fold":
        return "the hand is over: everyone else folded"
    if state.over_reason is not None:
        return f"the hand is over ({state.over_reason})"
    nxt = state.ledger.next_board_street or "showdown"
    if not state.betting.betting_left:
        return f"no betting is left (all in); deal the {nxt}"
    return f"the {state.street} betting is complete; deal the {nxt}"


def replay(header: HeaderLike, events: Iterable[Event | str]) -> HandState:
    """The state after ``events`` (text or values); :class:`EventError` names a bad one."""
    read = list(_events(events))
    state = start_hand(header, (event for _, event in read))
    for number, event in read:
        state.apply(event, number)
    return state


def replay_states(header: HeaderLike, events: Iterable[Event | str]) -> Iterator[HandState]:
    """The state before the first event, then after each event (independent copies)."""
    read = list(_events(events))
    state = start_hand(header, (event for _, event in read))
    yield state.copy()
    for number, event in read:
        state.apply(event, number)
        yield state.copy()


@dataclass
class CheckResult:
    """What ``floorman check`` reports about a hand (the ``--json`` contract's five keys)
    and the final state. Seats are ints here and strings in :meth:`to_json`."""

    state: HandState
    rulings: list[dict[str, Any]] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    pots: list[dict[str, Any]] = field(default_factory=list)
    awards: dict[int, int] = field(default_factory=dict)
    stacks: dict[int, int] = field(default_factory=dict)

    @property
    def exit_status(self) -> int:
        """0 when the hand followed procedure, 1 when there is a violation."""
        return 1 if self.violations else 0

    def to_json(self) -> dict[str, Any]:
        """The contract's object: ``rulings``, ``violations``, ``pots``, ``awards``, ``stacks``."""
        return {
            "rulings": self.rulings,
            "violations": self.violations,
            "pots": self.pots,
            "awards": {str(seat): chips for seat, chips in self.awards.items()},
            "stacks": {str(seat): chips for seat, chips in self.stacks.items()},
        }


@dataclass
class Ruled:
    """A hand replayed with the rulebook ruling on every event: the final state, the
    rulings and violations (as the ``check --json`` objects) and the rulebook used."""

    state: HandState
    rulings: list[dict[str, Any]]
    violations: list[dict[str, Any]]
    book: Any
    engine: Any = None
    """The engine that ruled, so a hand being recorded can go on from where it stopped."""


def rule_events(
    hand: HeaderLike,
    events: Sequence[Event],
    *,
    rulebook: str | None = None,
    house: str | None = None,
    dealt: int | None = None,
) -> Ruled:
    """Replay ``events`` with the rulebook (default: the hand's, with the hand's
    ``house:`` options and the ``house`` profile file) ruling on each as it comes and
    enacting its procedures; ``dealt``: the seat the hand was dealt from, when a ``button
    SEAT dealt`` is still to come. A bad event raises :class:`EventError`."""
    book, state, engine = _engine(hand, events, rulebook, house, dealt)
    for number, event in enumerate(events, 1):
        engine.process(state, event, number)
    return Ruled(
        state,
        [ruling.to_json() for ruling in engine.rulings],
        [violation.to_json() for violation in engine.violations],
        book,
        engine,
    )


def rule_steps(
    hand: HeaderLike,
    events: Sequence[Event],
    *,
    rulebook: str | None = None,
    house: str | None = None,
) -> Iterator[HandState]:
    """The state of the hand as :func:`rule_events` replays it: first before any event,
    then after each event. It is the same state object every time, changed in place,
    so a caller can read it between events (as an export does)."""
    _, state, engine = _engine(hand, events, rulebook, house)
    yield state
    for number, event in enumerate(events, 1):
        engine.process(state, event, number)
        yield state


def _engine(
    hand: HeaderLike,
    events: Sequence[Event],
    rulebook: str | None,
    house: str | None,
    dealt: int | None = None,
) -> tuple[Any, HandState, Any]:
    from floorman.rules.engine import RulesEngine
    from floorman.rules.loader import load_rulebook

    book = load_rulebook(rulebook or hand.rulebook, house=house, options=hand.house, kind=hand.kind)
    engine = RulesEngine(book, hand.game, hand.records_burns, min(hand.chips), hand.kind)
    return book, start_hand(hand, events, book.options, dealt), engine


def ruled_chips(hand: HeaderLike, events: Sequence[Event], ruled: Ruled) -> Any:
    """The pots, awards and stacks of a ruled hand (a
    :class:`floorman.showdown.settlement.ChipsReport`), odd chips as its rulebook says."""
    from floorman.showdown.oddchips import split_rules
    from floorman.showdown.settlement import chips_report, dead_posts

    report = chips_report(
        ruled.state,
        rules=split_rules(ruled.book.options, min(hand.chips)),
        dead=dead_posts(events),
    )
    if report.awards and _result_stands(ruled.rulings):
        return _pushes_stand(report, ruled.state, min(hand.chips))
    return report


def _result_stands(rulings: Sequence[dict[str, Any]]) -> bool:
    """Whether a ruling on a disputed pot lets the push stand as made."""
    return any(step["do"] == "result-stands" for r in rulings for step in r["steps"])


def _pushes_stand(report: Any, state: HandState, unit: int) -> Any:
    """The report with the awards and stacks as the dealer pushed them (the result
    stands); as it was when the pushes leave part of the pot unpushed."""
    from floorman.showdown.pushes import standing_awards
    from floorman.showdown.settlement import ChipsReport

    pot = sum(report.awards.values())
    won = standing_awards(pot, [(seats, amount) for seats, amount, _ in state.pushed], unit)
    if won is None:
        return report
    stacks = {
        seat: chips - report.awards.get(seat, 0) + won.get(seat, 0)
        for seat, chips in report.stacks.items()
    }
    return ChipsReport(report.pots, {s: won[s] for s in sorted(won) if won[s]}, stacks)


def check_hand(
    hand: HandLike, *, rulebook: str | None = None, house: str | None = None
) -> CheckResult:
    """Replay ``hand`` and gather the check result.

    The rulebook rules on every event as it is replayed: ``rulebook`` (default:
    the hand's) with the ``house`` profile file and the hand's ``house:`` options.
    A bad event raises :class:`floorman.interchange.handfile.HandFileError` naming the file,
    line and event; nothing is reported for a hand that cannot be replayed.
    """
    try:
        events = hand.parse_events()
        ruled = rule_events(hand, events, rulebook=rulebook, house=house)
    except EventError as error:
        raise hand.error(error) from None
    chips = ruled_chips(hand, events, ruled)
    return CheckResult(
        state=ruled.state,
        rulings=ruled.rulings,
        violations=ruled.violations,
        pots=chips.pots,
        awards=chips.awards,
        stacks=chips.stacks,
    )
