"""Events told the way a dealer sees them happen: who did what, for how much, which card.

A trainee reading a drill needs what the dealer knows at the table: not
``expose 5:1 Kd`` but which card off the deck that was, not ``4 allin`` but
for how much.

>>> from floorman.hand.events import parse_event
>>> tell(parse_event("expose 5:1 Kd"), position=2)
"The dealer exposes seat 5's first card: K♦ (the second card off the deck)"
>>> from floorman.hand.records import ActionRecord
>>> tell(parse_event("4 allin"), action=ActionRecord(3, "preflop", 4, "raise", 57, 57, True, True))
'Seat 4 is all in for 57'
>>> tell(parse_event("2 chips 25"), facing="facing the big blind of 2")
'Seat 2, facing the big blind of 2, silently pushes out one 25 chip'
"""

from __future__ import annotations

from floorman.documents.events import event_description
from floorman.hand.events import Action, Chips, Event, Expose, Motion, Says, StringBet
from floorman.hand.records import ActionRecord
from floorman.hand.state import HandState
from floorman.vocabulary import ordinal

__all__ = ["Teller", "roles", "tell"]


def tell(
    event: Event,
    *,
    position: int | None = None,
    action: ActionRecord | None = None,
    facing: str | None = None,
) -> str:
    """One event in words; ``position`` is an exposed card's place off the deck,
    ``action`` the betting record the event made (for the amounts) and ``facing`` the
    bet silent chips meet. Irregular betting is told as it happened, not as the ruling
    settled it."""
    said = _as_happened(event, facing)
    if said is not None:
        return said
    if isinstance(event, Action) and action is not None:
        return _action(action)
    text = event_description(event)
    if isinstance(event, Expose) and position is not None:
        text += f" (the {ordinal(position)} card off the deck)"
    return text


def _as_happened(event: Event, facing: str | None = None) -> str | None:
    """Chips, words, string bets and forward motions in words; ``None`` for others."""
    seat = f"Seat {getattr(event, 'seat', 0)}"
    if isinstance(event, Chips):
        chips = (
            f"one {event.chips[0]} chip"
            if len(event.chips) == 1
            else " + ".join(str(c) for c in event.chips)
        )
        return f"{seat}{f', {facing},' if facing else ''} silently pushes out {chips}"
    if isinstance(event, Says):
        word = event.verb or ""
        said = " ".join(str(w) for w in (word, event.amount) if w not in ("", None))
        return f'{seat} says "{said}"'
    if isinstance(event, StringBet):
        return (
            f"{seat} puts out chips to {event.first}, goes back to the stack and brings"
            f" it to {event.total}"
        )
    if isinstance(event, Motion):
        return f"{seat} moves chips forward toward the pot and stops"
    if isinstance(event, Action) and event.verb == "call" and event.amount is not None:
        return f"{seat} says call and puts out {event.amount} in all"
    return None


def _action(record: ActionRecord) -> str:
    seat = f"Seat {record.seat}"
    if record.verb == "fold":
        return f"{seat} folds"
    if record.verb == "check":
        return f"{seat} checks"
    if record.all_in:
        if record.verb == "call":
            return f"{seat} calls {record.total} and is all in"
        return f"{seat} is all in for {record.total}"
    if record.verb == "call":
        return f"{seat} calls {record.total}"
    if record.verb == "bet":
        return f"{seat} bets {record.total}"
    return f"{seat} raises to {record.total}"


class Teller:
    """Tells each event of a hand as it is applied: call :meth:`before` with the state
    before the event, then :meth:`after` with the state after it."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._position: int | None = None
        self._facing: str | None = None
        self._actions = 0
        self._as_said = False

    def before(self, state: HandState, event: Event) -> None:
        from floorman.rules.facts import expose_round

        self._position = None
        self._facing = facing(state) if isinstance(event, Chips) else None
        self._actions = len(state.betting.actions)
        self._as_said = isinstance(event, Action) and (
            event.seat != state.to_act or event.verb in ("bet", "raise")
        )
        if isinstance(event, Expose):
            self._position = state.ledger.deal_position(event.seat, expose_round(state, event))

    def after(self, state: HandState, event: Event) -> None:
        record = state.betting.actions[-1] if len(state.betting.actions) > self._actions else None
        if self._as_said:
            record = None
        self.lines.append(tell(event, position=self._position, action=record, facing=self._facing))


def facing(state: HandState) -> str:
    """The bet a seat's silent chips meet, so a trainee knows what "the bet" is: the big
    blind before the flop, a bet of so much in all, or none."""
    betting = state.betting
    if betting.current_bet == 0:
        return "with no bet to face"
    if betting.street == "preflop" and betting.current_bet == betting.blinds[1]:
        return f"facing the big blind of {betting.current_bet}"
    return f"facing a bet of {betting.current_bet} in all"


def roles(state: HandState) -> dict[int, str]:
    """Each seat's place at the table: button, small blind, big blind (heads-up the
    button posts the small blind)."""
    small, big = state.table.blind_seats
    found: dict[int, list[str]] = {seat: [] for seat in state.table.seats}
    if state.table.button in found:
        found[state.table.button].append("button")
    if state.betting.blinds[0] and small is not None:
        found[small].append("small blind")
    if state.betting.blinds[1]:
        found[big].append("big blind")
    return {seat: ", ".join(names) for seat, names in found.items()}
