"""Counts a player is given of the bet it faces, and what it does on one: the caller
answers for the correct amount, whatever the count (TDA 49 and 60, WSOP T 104).

The rules engine's ``count.*`` facts and the ``count_given`` step text come from here.
"""

from __future__ import annotations

from floorman.hand.events import Count, Event
from floorman.hand.state import HandState
from floorman.rules.wagers import read_wager

__all__ = ["acted_on_count", "count_of", "counted_all_in"]


def count_of(state: HandState, event: Event) -> tuple[int, int] | None:
    """``(count given, the bet it counted)``: the count event's own, or for a betting
    event the count its seat was given and has not yet acted on; ``None`` when none."""
    if isinstance(event, Count):
        return event.amount, state.betting.current_bet
    seat = getattr(event, "seat", None)
    record = state.irregular.counts.get(seat) if isinstance(seat, int) else None
    return None if record is None else (record[1], record[2])


def counted_all_in(state: HandState) -> bool:
    """The bet being counted is an all-in: the wager that made it put the bettor all in."""
    betting = state.betting
    for action in reversed(betting.actions):
        if action.street != state.street:
            break
        if action.total == betting.current_bet and action.verb in ("bet", "raise", "allin"):
            return action.all_in
    return False


def acted_on_count(state: HandState, event: Event) -> bool:
    """The seat, given a wrong count of the bet it still faces, acts on it in turn: it
    calls, or puts out (or states) the amount it was told (TDA 49: "then pushes out that
    amount or declares call")."""
    counted = count_of(state, event)
    wager = read_wager(state, event)
    if counted is None or wager is None or isinstance(event, Count):
        return False
    told, bet = counted
    if told == bet or bet != state.betting.current_bet or wager.out_of_turn:
        return False
    return wager.verb == "call" or wager.total == told
