"""What a betting event is, read against the state before it: in turn or not, a
proper action or an undercall, underraise, overbet, silent chips, a declaration.

The rules engine's betting facts come from here; the reducer records the same
events (see :mod:`floorman.hand.irregular`) and the ruling settles them.
"""

from __future__ import annotations

from typing import Final

from floorman.hand.events import Action, Chips, Event, Motion, Pullback, Says, StringBet
from floorman.hand.irregular import reading_within_pot
from floorman.hand.state import HandState

__all__ = ["BETTING_EVENTS", "Wager", "read_wager"]

BETTING_EVENTS: Final = (Action, Chips, Says, StringBet, Motion, Pullback)

KINDS: Final = (
    "none", "undercall", "underraise", "underbet", "overbet", "chips", "declared",
    "open", "ambiguous", "conditional", "string", "motion", "pullback",
)  # fmt: skip
"""``none`` a proper action; ``declared`` a word or an amount said; ``open`` a word
that leaves the amount to the chips that follow, or to the rulebook (``pot``);
``ambiguous`` an amount said that can mean more than one; ``conditional`` a statement
of future action ("if you bet, I will raise"); ``pullback`` chips of an earlier bet
pulled back."""


class Wager:
    """One betting event as the floor reads it (see the attributes)."""

    __slots__ = (
        "all_in", "all_needed", "chips", "declared", "facing", "kind", "of_declaration",
        "out_of_turn", "prior", "prior_covers", "raise_percent",
        "seat", "total", "verb", "within_pot",
    )  # fmt: skip

    def __init__(self, state: HandState, event: Event) -> None:
        seat: int = getattr(event, "seat", 0)
        self.seat = seat
        before = state.betting.street_bets.get(seat, 0)
        behind = state.betting.stacks.get(seat, 0)
        current = state.betting.current_bet
        self.facing = current > before
        self.of_declaration = isinstance(event, Chips) and seat in state.irregular.declared
        self.out_of_turn = (
            state.to_act is not None and seat != state.to_act and not self.of_declaration
        )
        pending = state.irregular.pending
        if pending is not None and pending.seat != seat:
            pending = None
        self.declared = pending.declared if pending and pending.declared else ""
        self.chips: tuple[int, ...] = ()
        self.within_pot = 0
        self.prior = "none"
        self.prior_covers = False
        self.kind = "none"
        self.verb = event.kind
        total = before
        if isinstance(event, Action):
            total = _action_total(state, event, before, behind)
            if event.verb == "call" and total < min(current, before + behind):
                self.kind = "undercall"
            elif event.verb == "raise" and before < total <= current:
                self.kind = "underraise"
        elif isinstance(event, Chips) and self.of_declaration:
            self.kind = "chips"
            self.chips = event.chips
        elif isinstance(event, Chips):
            self.kind = "chips"
            self.chips = (pending.chips if pending else ()) + event.chips
            bet = pending.before if pending else before
            # The chips lying in front may be worth more than the bet (no change given).
            prior = bet + state.irregular.over_bet(seat, bet)
            pulled = min(state.irregular.pulled.get(seat, 0), prior)
            total = max(prior - pulled + sum(self.chips), bet)
            if prior:
                self.prior = "left" if not pulled else "pulled" if pulled >= prior else "part"
                self.prior_covers = self.facing and prior >= current
        elif isinstance(event, Pullback):
            self.kind = "pullback"
        elif isinstance(event, Says) and event.condition is not None:
            self.verb = self.declared = event.verb or ""
            self.kind = "conditional"
            self.out_of_turn = False  # a statement of future action, not an action
        elif isinstance(event, Says) and event.readings:
            self.verb = self.declared = "amount"
            self.kind = "ambiguous"
            legal = tuple(r for r in event.readings if r <= before + behind)
            self.within_pot = sum(1 for r in legal if r <= state.betting.pot)
            read = reading_within_pot(legal, state.betting.pot)
            total = before if read is None else max(read, before)
        elif isinstance(event, Says):
            self.verb = event.verb or "amount"
            self.declared = self.verb
            total = event.amount if event.amount is not None else before
            self.kind = "declared" if event.amount is not None or event.verb not in (
                "bet", "raise", "pot") else "open"  # fmt: skip
        elif isinstance(event, StringBet):
            self.kind = "string"
            total = event.total
        elif isinstance(event, Motion):
            self.kind = "motion"
        self.total = total
        short = total < min(current, before + behind) and self.verb != "call"
        if short and self.kind in ("chips", "declared") and self.declared not in ("raise", "bet"):
            self.kind = "undercall"
        smallest = min(self.chips, default=0)
        if self.prior == "part":  # the chips left out play with the new ones, as one chip
            smallest = min(smallest, prior - pulled)
        self.all_needed = bool(self.chips) and self.facing and total - smallest < current
        self.all_in = behind > 0 and total >= before + behind
        self.raise_percent = _raise_percent(state, seat, total) if total > current else 0
        if self.kind == "none" and total > current and not self.out_of_turn:
            self.kind = _size(state, seat, total)
        elif self.kind == "declared" and event.kind == "says" and total > current:
            size = _size(state, seat, total)
            if size != "none" and self.verb in ("bet", "raise"):
                self.kind = size


def read_wager(state: HandState, event: Event) -> Wager | None:
    """The floor's reading of a betting event; ``None`` for any other event."""
    return Wager(state, event) if isinstance(event, BETTING_EVENTS) else None


def _action_total(state: HandState, event: Action, before: int, behind: int) -> int:
    verb = event.verb
    if verb == "allin":
        return before + behind
    if verb == "call":
        full = min(state.betting.current_bet, before + behind)
        return full if event.amount is None else min(event.amount, full)
    if verb in ("bet", "raise") and event.amount is not None:
        return event.amount
    return before


def _raise_percent(state: HandState, seat: int, total: int) -> int:
    """How far ``total`` goes toward a minimum raise (or bet), in percent; the minimum
    as the structure sets it, not cut down to what the seat has."""
    current = state.betting.current_bet
    limit = state.betting.structure == "limit"
    if current == 0:
        step = state.betting.limit_size if limit else state.betting.min_bet
    else:
        step = state.betting.limit_size if limit else state.betting.raise_size
    if step <= 0:
        return 100
    return (total - current) * 100 // step


def _size(state: HandState, seat: int, total: int) -> str:
    if seat not in state.betting.stacks:
        return "none"
    current = state.betting.current_bet
    wager = state.betting.bet_range(seat) if current == 0 else state.betting.raise_range(seat)
    if total > wager.highest:
        return "overbet"
    if total < wager.lowest:
        return "underbet" if current == 0 else "underraise"
    return "none"
