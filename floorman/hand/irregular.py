"""Betting as it really happens at a table: actions out of turn, undercalls,
underraises, overbets, silent chips, verbal declarations, string bets and forward
motion are recorded, not refused, and wait for the rulebook's ruling.

What the seat pushed or said is kept as a :class:`PendingWager` (the seat stays the
one to act, its chips in front); the ruling settles it with :meth:`settle_wager`
(a full call, a minimum raise, the chips as pushed, a forfeit). An action out of
turn is a :class:`HeldAction` (no chips move): the turn stays with the skipped seat,
and once it comes back the held action stands or not as the ruling said
(:meth:`hold_out_of_turn`). Only what cannot be (more chips than a stack, a
folded or all-in seat acting) is refused.
"""

from __future__ import annotations

import weakref
from typing import NamedTuple

from floorman.hand.betting_round import BettingRound, BettingSnapshot
from floorman.hand.events import (
    Action,
    Chips,
    Count,
    Motion,
    Post,
    Prior,
    Pullback,
    Says,
    StringBet,
)
from floorman.hand.records import STREETS, HeldAction, PendingWager, Refusal

__all__ = [
    "SETTLEMENTS",
    "BoundCall",
    "IrregularBetting",
    "IrregularSnapshot",
    "reading_within_pot",
]

SETTLEMENTS = (
    "call", "check", "min-raise", "as-made", "first-motion", "forfeit-fold", "take-back",
    "pot",
)  # fmt: skip
"""How a ruling settles a pending wager (see :meth:`IrregularBetting.settle_wager`)."""
_WAGERS = ("bet", "raise")
_CHIP_VERBS = frozenset({"call", "bet", "raise", "allin", "chips", "amount", "pot"})
"""Actions out of turn that put chips in the pot (TDA 36)."""


def reading_within_pot(readings: tuple[int, ...], pot: int) -> int | None:
    """Of the amounts one amount said can mean, the highest that is at most ``pot`` (the
    pot before the bet, every bet in front included); ``None`` when each is above it."""
    return max((r for r in readings if r <= pot), default=None)


class IrregularSnapshot(NamedTuple):
    """Everything the irregular betting changes as a hand goes on, copied
    (see :meth:`IrregularBetting.snapshot`)."""

    pending: PendingWager | None
    held: dict[int, HeldAction]
    restricted: dict[int, int]
    skipped_by: list[tuple[int, int, bool]]
    limited: dict[int, int]
    bound: BoundCall | None
    pulled: dict[int, int]
    declared: dict[int, tuple[int, int]]
    counts: dict[int, tuple[int, int, int]]
    in_front: dict[int, int]


class BoundCall(NamedTuple):
    """A seat just held to a full call of its undercall, with the hand as it stood before
    the ruling (the undercall waiting in front of the seat) and how many actions, held
    or taken, there were right after it: while nobody acts after the seat, the floor may
    still let it fold instead (TDA 51-B) or take its chips back (RRoP §3 Betting and
    Raising 12)."""

    seat: int
    betting: BettingSnapshot
    irregular: IrregularSnapshot
    actions: int
    held: int


class IrregularBetting:
    """The betting events of a hand, with what a bare :class:`BettingRound` would refuse
    recorded for the rulebook to rule on; it is the round's
    :class:`floorman.hand.betting_round.Irregularities`.

    Read-only attributes: ``betting`` (the round it records for), ``pending`` (the
    :class:`PendingWager` of the seat to act, or ``None``), ``held`` (seat ->
    :class:`HeldAction` out of turn), ``restricted`` (seat -> the event after which it
    may not bet or raise on its next turn), ``limited`` (seat -> the event after which
    it may not bet or raise for the rest of the betting round), ``bound`` (the
    :class:`BoundCall` of the last undercall held to a full call), ``skipped_by`` (the
    actions out of turn while the seat to act waits: (that seat, event, whether it put
    chips in), for TDA 53-B), ``pulled`` (seat -> chips of an earlier bet of the round
    it pulled back, still in the pot, until its next chips), ``declared`` (seat -> (the
    event of its complete verbal declaration in turn, what it had in front before it),
    until the chips that follow it: RRoP §14 No-Limit 5, TDA 40-A), ``counts`` (seat ->
    (the event of the count it was given of the bet it faces, the count, the bet then),
    until it acts: TDA 49, WSOP T 104), ``in_front`` (seat -> the value of the chips of
    its earlier bet of the round lying in front of it, when recorded, until its bet
    changes: TDA 46-C-2, WSOP T 98-b) and ``chip_values`` (the denominations in play,
    when named). With ``strict`` (machine-written histories) irregular betting is
    refused as the bare betting round refuses it.
    """

    __slots__ = (
        "_round", "bound", "chip_values", "counts", "declared", "held", "in_front", "limited",
        "pending", "pulled", "restricted", "skipped_by", "strict",
    )  # fmt: skip

    _round: weakref.ReferenceType[BettingRound]
    pending: PendingWager | None
    held: dict[int, HeldAction]
    skipped_by: list[tuple[int, int, bool]]
    restricted: dict[int, int]
    limited: dict[int, int]
    bound: BoundCall | None
    pulled: dict[int, int]
    declared: dict[int, tuple[int, int]]
    counts: dict[int, tuple[int, int, int]]
    in_front: dict[int, int]
    strict: bool
    chip_values: tuple[int, ...] | None

    def __init__(
        self,
        betting: BettingRound,
        *,
        strict: bool = False,
        chip_values: tuple[int, ...] | None = None,
    ) -> None:
        """Record for ``betting``; it must be given this as its irregularities to
        tell it when the turn moves."""
        self._round = weakref.ref(betting)
        self.strict = strict
        self.chip_values = chip_values
        self.pending = self.bound = None
        self.held, self.restricted, self.limited = {}, {}, {}
        self.skipped_by = []
        self.pulled = {}
        self.declared = {}
        self.counts = {}
        self.in_front = {}

    def copy(self, betting: BettingRound) -> IrregularBetting:
        """An independent copy that records for ``betting``."""
        new = object.__new__(IrregularBetting)
        new._round = weakref.ref(betting)
        new.strict = self.strict
        new.chip_values = self.chip_values
        new.pending = self.pending
        new.bound = self.bound
        new.held = dict(self.held)
        new.restricted = dict(self.restricted)
        new.limited = dict(self.limited)
        new.skipped_by = list(self.skipped_by)
        new.pulled = dict(self.pulled)
        new.declared = dict(self.declared)
        new.counts = dict(self.counts)
        new.in_front = dict(self.in_front)
        return new

    @property
    def betting(self) -> BettingRound:
        """The round it records for, held weakly: the round holds this part (to tell it
        when the turn moves), and a strong reference back would make every hand a
        cycle left for the garbage collector. The hand state keeps both."""
        betting = self._round()
        if betting is None:
            raise ReferenceError("the betting round of this hand is gone")
        return betting

    def snapshot(self) -> IrregularSnapshot:
        """Everything that changes, copied: equal snapshots record the same, and
        :meth:`restore` puts one back."""
        return IrregularSnapshot(
            self.pending, dict(self.held), dict(self.restricted), list(self.skipped_by),
            dict(self.limited), self.bound, dict(self.pulled), dict(self.declared),
            dict(self.counts), dict(self.in_front),
        )  # fmt: skip

    def restore(self, saved: IrregularSnapshot) -> None:
        """Put back what ``saved`` had recorded (it can be restored again)."""
        self.pending = saved.pending
        self.held, self.restricted = dict(saved.held), dict(saved.restricted)
        self.skipped_by = list(saved.skipped_by)
        self.limited = dict(saved.limited)
        self.bound = saved.bound
        self.pulled = dict(saved.pulled)
        self.declared = dict(saved.declared)
        self.counts = dict(saved.counts)
        self.in_front = dict(saved.in_front)

    # ------------------------------------------------------------ recording

    def post(self, event: Post, n: int) -> None:
        """A post is refused once an action is in front of the table, even one not yet
        ruled on (an overbet waiting for its ruling, an action held out of turn)."""
        if self.pending is not None or self.held:
            raise Refusal("posts come before the first action of the hand")
        self.betting.post(event, n)

    def action(self, event: Action, n: int) -> None:
        """A betting action; the seat acting again replaces its unruled wager."""
        betting = self._round()
        assert betting is not None, "the hand state keeps its betting round"
        seat = event.seat
        wager = self.pending
        if wager is not None and seat == wager.seat:
            betting.open_for(seat)
            self._take_back()
        in_turn = seat == betting.to_act
        try:
            betting.action(event, n)
        except Refusal:
            self._restore(wager)
            raise
        self.declared.pop(seat, None)
        self.counts.pop(seat, None)
        if in_turn and self.restricted and self.pending is None:
            self.restricted.pop(seat, None)
        if in_turn and self.pulled:
            self.pulled.pop(seat, None)
        if in_turn:
            self.in_front.pop(seat, None)

    def chips(self, event: Chips, n: int) -> None:
        """Chips pushed with no word: they wait in front of the seat for the ruling."""
        betting = self.betting
        seat = event.seat
        values = self.chip_values
        if values is not None:
            for chip in event.chips:
                if chip not in values:
                    shown = ", ".join(str(v) for v in values)
                    raise Refusal(f"there is no {chip} chip in play (chips: {shown})")
        pushed = sum(event.chips)
        if seat in self.declared:
            self._declaration_chips(seat, pushed)
            return
        # Chips pulled back from an earlier bet came back to the seat's hand: what it has
        # in front now is what it left out and what it pushes, never less than the bet.
        pulled = self.pulled.get(seat, 0)
        if not self._in_turn(seat):
            in_front = betting.street_bets[seat]
            over = self.over_bet(seat, in_front)
            self._hold(seat, "chips", max(in_front + over + pushed - pulled, in_front), n)
            return
        wager = self.pending
        before = betting.street_bets[seat]
        over = self.over_bet(seat, wager.before if wager and wager.seat == seat else before)
        if pushed + over > betting.stacks[seat] + pulled:
            raise Refusal(betting.stack_refusal(seat))
        if self.strict:
            raise Refusal(f"seat {seat} pushed chips without a word: record the action")
        declared = None
        chips = event.chips
        if wager is not None and wager.seat == seat:
            before, declared = wager.before, wager.declared
            chips = wager.chips + chips
        self.pending = None
        self.pulled.pop(seat, None)
        self.counts.pop(seat, None)
        self.in_front.pop(seat, None)
        total = max(betting.street_bets[seat] + over + pushed - pulled, before)
        self._push(PendingWager(n, seat, "chips", before, total, chips=chips,
                                declared=declared))  # fmt: skip

    def _bet_in_front(self, at: int, chips: tuple[int, ...]) -> tuple[int, int]:
        """The seat still in the hand and its bet of the round as it lies in front of it
        (a wager being read counts as it was before), the chips named being chips in play:
        what a pullback and a prior-bet chip both stand on."""
        betting = self.betting
        seat = betting.at_table(at)
        betting.refuse_when_over()
        if seat in betting.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        values = self.chip_values
        if values is not None:
            for chip in chips:
                if chip not in values:
                    shown = ", ".join(str(v) for v in values)
                    raise Refusal(f"there is no {chip} chip in play (chips: {shown})")
        pending = self.pending
        in_front = pending.before if pending is not None and pending.seat == seat else None
        return seat, betting.street_bets[seat] if in_front is None else in_front

    def pullback(self, event: Pullback, n: int) -> None:
        """Chips of a bet of the round pulled back, in turn or not, the round's betting
        complete or not: they stay in the pot, and the seat's next chips are read with
        them out of its hand (see :meth:`chips`)."""
        seat, in_front = self._bet_in_front(event.seat, event.chips)
        left = in_front + self.over_bet(seat, in_front) - self.pulled.get(seat, 0)
        taken = sum(event.chips) if event.chips else left
        if taken <= 0 or taken > left:
            raise Refusal(f"seat {seat} has {max(left, 0)} in front to pull back, not {taken}")
        self.pulled[seat] = self.pulled.get(seat, 0) + taken

    def prior(self, event: Prior, n: int) -> None:
        """The chips of the seat's earlier bet of the round, as they lie in front of it:
        nothing moves; chips worth more than the bet are the seat's own, over the bet
        (its change not given), and its next chips are read with them."""
        seat, bet = self._bet_in_front(event.seat, event.chips)
        betting = self.betting
        value = sum(event.chips)
        if bet <= 0:
            raise Refusal(f"seat {seat} has no bet in front this round")
        if seat in self.pulled:
            raise Refusal(f"seat {seat} pulled chips back: record its chips in front before")
        if value < bet:
            raise Refusal(f"seat {seat} has {bet} in front, more than chips of {value}")
        if value - bet > betting.stacks[seat]:
            raise Refusal(f"seat {seat} has {bet} in front and {betting.stacks[seat]} behind,"
                          f" less than chips of {value}")  # fmt: skip
        self.in_front[seat] = value

    def over_bet(self, seat: int, bet: int) -> int:
        """What the chips recorded in front of ``seat`` are worth over its bet ``bet``
        (0 when none are recorded)."""
        value = self.in_front.get(seat)
        return max(value - bet, 0) if value is not None else 0

    def says(self, event: Says, n: int) -> None:
        """A declaration in turn: the action it is, or a wager that waits for the chips.
        A conditional statement is no action: the rulebook says whether it binds."""
        betting = self.betting
        seat, verb, amount = event.seat, event.verb, event.amount
        if event.condition is not None:  # a statement of future action: no action yet
            betting.open_for(seat)
            return
        if not self._in_turn(seat):
            if event.readings or verb == "pot":  # a wager whose size is settled in turn
                verb = "raise" if betting.current_bet else "bet"
            self._hold(seat, verb or "amount", amount, n)
            return
        if event.readings:
            self._read(event, n)
            return
        wager = self._take_back()
        before = betting.street_bets[seat]
        current = betting.current_bet
        if amount is not None and amount > before + betting.stacks[seat]:
            self._restore(wager)
            raise Refusal(betting.stack_refusal(seat))
        plain = (
            verb in ("fold", "allin")
            or (verb == "check" and current <= before)
            or (verb == "call" and current > before)
        )
        if plain or (verb in ("bet", "raise") and amount is not None and not self.strict):
            assert verb is not None
            try:
                betting.act(seat, verb, amount, n)
            except Refusal:
                self._restore(wager)
                raise
            self.declared.pop(seat, None)
            self.counts.pop(seat, None)
            self.in_front.pop(seat, None)
            if verb in _CHIP_VERBS:
                self.declared[seat] = (n, before)
            return
        if self.strict:
            self._restore(wager)
            raise Refusal(f"seat {seat} said {verb or amount}: record the action")
        total = before if amount is None else max(amount, before)
        if verb == "pot":  # a wager of an amount the rulebook gives: a bet, or a raise
            verb = "raise" if current > before else "bet"
        self._push(PendingWager(n, seat, "says", before, total, declared=verb))
        self.declared.pop(seat, None)
        self.counts.pop(seat, None)
        if amount is not None:
            self.declared[seat] = (n, before)

    def _declaration_chips(self, seat: int, pushed: int) -> None:
        """The chips that follow a complete verbal declaration are that declaration's
        (RRoP §14 No-Limit 5, TDA 40-A: the word came first and defines the bet): no
        action of their own, in turn or out of it; the declaration already moved what it
        binds."""
        betting = self.betting
        if betting.over_reason not in (None, "showdown"):
            raise Refusal(betting.over_text())
        event, before = self.declared[seat]
        had = betting.street_bets[seat] - before + betting.stacks[seat]
        if pushed > had:
            raise Refusal(f"seat {seat} had {had} when it spoke at event {event}, not {pushed}")
        del self.declared[seat]

    def count(self, event: Count, n: int) -> None:
        """A count given to a seat of the bet it faces, kept until the seat acts: whatever
        it then does, it does on that count."""
        betting = self.betting
        seat = betting.at_table(event.seat)
        betting.open_for(seat)
        if betting.current_bet <= betting.street_bets[seat]:
            raise Refusal(f"seat {seat} faces no bet to count")
        self.counts[seat] = (n, event.amount, betting.current_bet)

    def _read(self, event: Says, n: int) -> None:
        """An amount that can mean several: it waits for the ruling at the highest meaning
        the seat's chips allow that is at most the pot (nothing in front when none is)."""
        betting = self.betting
        seat = event.seat
        wager = self._take_back()
        before = betting.street_bets[seat]
        allin = before + betting.stacks[seat]
        legal = tuple(r for r in event.readings if r <= allin)
        if not legal or self.strict:
            self._restore(wager)
            if self.strict:
                said = "|".join(str(r) for r in event.readings)
                raise Refusal(f"seat {seat} said {said}: record the amount ruled")
            raise Refusal(betting.stack_refusal(seat))
        read = reading_within_pot(legal, betting.pot)
        total = before if read is None else max(read, before)
        self._push(PendingWager(n, seat, "says", before, total))

    def string_bet(self, event: StringBet, n: int) -> None:
        """A bet put out in two motions: it waits for the ruling."""
        betting = self.betting
        seat = event.seat
        if not self._in_turn(seat):
            raise Refusal(f"seat {betting.to_act} is to act, not seat {seat}")
        before = betting.street_bets[seat]
        if event.total > before + betting.stacks[seat]:
            raise Refusal(betting.stack_refusal(seat))
        if not before < event.first < event.total:
            raise Refusal(f"a string bet goes from {before} in front, up in two motions")
        self._push(PendingWager(n, seat, "string", before, event.total, first=event.first))

    def motion(self, event: Motion, n: int) -> None:
        """A forward motion with chips: it waits for the ruling, moving no chips."""
        betting = self.betting
        seat = event.seat
        if not self._in_turn(seat):
            raise Refusal(f"seat {betting.to_act} is to act, not seat {seat}")
        before = betting.street_bets[seat]
        total = event.total
        if total is None:
            total = betting.current_bet if betting.current_bet > before else betting.limit_size
        if total > before + betting.stacks[seat]:
            raise Refusal(betting.stack_refusal(seat))
        self.pending = PendingWager(n, seat, "motion", before, before, first=total)

    def _in_turn(self, seat: int) -> bool:
        """Refuse what cannot be; whether ``seat`` is the one to act."""
        betting = self.betting
        betting.open_for(seat)
        if seat != betting.to_act and betting.stacks[seat] == 0:
            raise Refusal(f"seat {seat} is all in")
        return seat == betting.to_act

    def _hold(self, seat: int, verb: str, amount: int | None, n: int) -> None:
        why = f"seat {self.betting.to_act} is to act, not seat {seat}"
        self.out_of_turn(seat, verb, amount, n, why)

    def _push(self, wager: PendingWager) -> None:
        """Put the wager's chips in front of its seat and keep it for the ruling."""
        added = wager.total - self.betting.street_bets[wager.seat]
        if added > 0:
            self.betting.push(wager.seat, added)
        self.pending = wager

    def _take_back(self) -> PendingWager | None:
        """The pending wager's chips go back behind the seat; returns the wager."""
        wager = self.pending
        if wager is not None:
            self.pending = None
            back = self.betting.street_bets[wager.seat] - wager.before
            if back:
                self.betting.take_back(wager.seat, back)
        return wager

    def _restore(self, wager: PendingWager | None) -> None:
        """Put back a pending wager taken back for an event that is then refused."""
        if wager is not None and self.pending is None:
            self._push(wager)

    # ------------------------------------------------------------ the round's irregularities

    def out_of_turn(self, seat: int, verb: str, amount: int | None, n: int, why: str) -> None:
        """Hold an action out of turn (no chips move) until the turn comes to the seat."""
        if self.strict:
            raise Refusal(why)
        betting = self.betting
        before = betting.street_bets[seat]
        if amount is not None and amount > before + betting.stacks[seat]:
            raise Refusal(betting.stack_refusal(seat))
        self.held[seat] = HeldAction(
            n, seat, verb, amount, betting.current_bet, betting.street_index
        )
        if betting.to_act is not None:
            self.skipped_by.append((betting.to_act, n, verb in _CHIP_VERBS))

    def irregular(self, kind: str, seat: int, total: int, n: int, why: str) -> None:
        """Keep an undercall, underraise, underbet or overbet, its chips in front."""
        if self.strict:
            raise Refusal(why)
        self._push(PendingWager(n, seat, kind, self.betting.street_bets[seat], total))

    def may_wager(self, seat: int) -> bool:
        return seat not in self.restricted and seat not in self.limited

    def turn_moved(self) -> None:
        """Forget who was skipped once the turn is past them; a seat that acted out of
        turn and now has the turn has its held action stand or go back."""
        skipped, held = self.skipped_by, self.held
        if not skipped and not held and not self.declared:
            return
        to_act = self.betting.to_act
        if to_act in self.declared:
            del self.declared[to_act]  # its turn again: chips now are a new action
        if skipped and skipped[0][0] != to_act:
            self.skipped_by = [x for x in skipped if x[0] == to_act]
        if held and to_act in held:
            self._resolve_held(to_act)

    def round_opening(self) -> None:
        """What was held, restricted or pending belongs to the round that ended."""
        self.held.clear()
        self.restricted.clear()
        self.limited.clear()
        self.skipped_by = []
        self.pulled.clear()
        self.in_front.clear()
        self.pending = self.bound = None
        self.declared = {}
        self.counts = {}

    # ------------------------------------------------------------ rulings

    def settle_wager(self, how: str) -> None:
        """Enact a ruling on the pending wager, as the action it binds the seat to:

        ``call`` (a full call; a check when nothing is to call), ``check``,
        ``min-raise`` (the least legal bet or raise; a call when the seat may not
        raise), ``as-made`` (a bet or raise to what is in front, brought within what
        the structure allows: an overbet comes down to the maximum, the excess goes
        back), ``first-motion`` (only a string bet's first motion counts; for a
        forward motion, the action it began), ``pot`` (a bet or raise of the size of
        the pot, the most pot limit allows, see :meth:`BettingRound.pot_wager`) and
        ``forfeit-fold`` (the seat folds and
        forfeits the chips that called an earlier bet of the round, see
        :meth:`forfeit_level`; the rest goes back) and ``take-back`` (the chips go back
        and the seat acts again). Chips beyond the binding amount go back to the seat;
        chips short of it come from its stack. A short wager held to a full call is kept
        as the :class:`BoundCall` (see :meth:`bound_call`).
        """
        betting = self.betting
        wager = self.pending
        saved = None
        if how == "call" and wager is not None:
            seat = wager.seat
            if wager.total < min(betting.current_bet, wager.before + betting.stacks[seat]):
                saved = (betting.snapshot(), self.snapshot()._replace(bound=None))
        wager = self._take_back()
        if wager is None or how == "take-back":
            return
        seat, n = wager.seat, wager.event
        if how == "forfeit-fold":
            forfeit = self.forfeit_level(wager.before, wager.total) - wager.before
            self.betting.put_in(seat, forfeit, live=True)
            self.betting.fold(seat, n)
            return
        total = wager.total
        if how == "first-motion":
            total = wager.first
        elif how == "call":
            total = wager.before
        elif how == "min-raise":
            total = self._least_wager(seat)
        elif how == "pot":
            total = self.betting.pot_wager(seat)
        self._bind(seat, total, n, check=how == "check")
        if saved is not None:
            self.bound = BoundCall(seat, *saved, len(betting.actions), len(self.held))

    def bound_call(self, seat: int) -> BoundCall | None:
        """The undercall of ``seat`` held to a full call, while nobody has acted since
        (no action taken or held out of turn, no new betting round); else ``None``."""
        bound = self.bound
        if bound is None or bound.seat != seat or self.pending is not None:
            return None
        if len(self.betting.actions) != bound.actions or len(self.held) != bound.held:
            return None
        return bound

    def reopen_call(self, seat: int) -> None:
        """The ruling takes back the full call ``seat`` was held to: the hand is as it was
        before, the undercall in front of the seat, waiting to be settled again."""
        bound = self.bound_call(seat)
        if bound is None:
            return
        self.betting.restore(bound.betting)
        self.restore(bound.irregular)

    def forfeit_level(self, before: int, total: int) -> int:
        """What an undercaller who folds leaves in the pot, of ``total`` pushed from
        ``before`` in front: the chips that called an earlier bet or raise of the round
        (the intended call), the chips over it going back (TDA 51 addendum example 4:
        a 500 chip facing 400 raised to 1200 forfeits 400, 100 returned); all of them
        when they call none."""
        betting = self.betting
        street = STREETS[betting.street_index]
        levels = [a.total for a in betting.actions if a.street == street and a.verb in _WAGERS]
        if betting.street_index == 0:
            levels.append(betting.blinds[1])
        return max((level for level in levels if before < level <= total), default=total)

    def pot_wager(self, seat: int) -> tuple[int, int] | None:
        """Pot limit: ``(total, pot)`` for the bet or raise of ``seat`` that is the bet in
        force this round, ``pot`` the most the pot allowed when it was made; ``None``
        when the bet in force is not that seat's."""
        betting = self.betting
        street = STREETS[betting.street_index]
        actions = betting.actions
        index = None
        for i in range(len(actions) - 1, -1, -1):
            action = actions[i]
            if action.street != street:
                break
            if action.verb in _WAGERS:
                index = i
                break
        if index is None or actions[index].seat != seat:
            return None
        made = actions[index]
        pot = betting.pot - sum(a.added for a in actions[index:])
        pending = self.pending
        if pending is not None and pending.event > made.event:
            pot -= pending.total - pending.before
        prior = max((a.total for a in actions[:index] if a.street == street), default=0)
        if betting.street_index == 0:
            prior = max(prior, betting.blinds[1])
        before = made.total - made.added
        highest = max(pot, betting.min_bet) if prior == 0 else prior + pot + (prior - before)
        return made.total, min(highest, made.total + betting.stacks[seat])

    def _least_wager(self, seat: int) -> int:
        betting = self.betting
        if betting.current_bet == 0:
            return betting.bet_range(seat).lowest
        if betting.capped or not betting.may_raise(seat):
            return betting.current_bet
        return betting.raise_range(seat).lowest

    def _bind(self, seat: int, total: int, n: int, *, check: bool = False) -> None:
        """The seat acts with ``total`` in front: a check or call up to the bet, else
        a bet or raise brought within the structure's limits. ``check`` facing a bet
        leaves the seat to call or fold, never to raise."""
        betting = self.betting
        current = betting.current_bet
        before = betting.street_bets[seat]
        if check and current > before:
            self.restrict(seat, n)
            return
        if (
            check
            or total <= current
            or (current and (betting.capped or not betting.may_raise(seat)))
        ):
            betting.act(seat, "call" if current > before else "check", None, n)
            return
        wager = betting.bet_range(seat) if current == 0 else betting.raise_range(seat)
        total = min(max(total, wager.lowest), wager.highest)
        betting.commit(seat, "bet" if current == 0 else "raise", total, n)

    def skipped_actions(self, chips: bool = False) -> int:
        """Actions out of turn since the seat to act was skipped (only those that put
        chips in, with ``chips``)."""
        to_act = self.betting.to_act
        return sum(1 for s, _, c in self.skipped_by if s == to_act and (c or not chips))

    def hold_out_of_turn(self, seat: int, binds: str | None) -> None:
        """The ruling on an action out of turn: it stands when the turn comes back to it
        ``unless-raised`` or ``unless-chips`` changed the action, ``always`` (it binds
        whatever happens in between), or never (``None``: its chips go back now and the
        seat acts again in turn)."""
        held = self.held.get(seat)
        if held is None:
            return
        if binds is None:
            del self.held[seat]
        else:
            self.held[seat] = held._replace(binds=binds)
            if self.betting.to_act == seat:
                self._resolve_held(seat)

    def fold_out_of_turn(self, seat: int) -> None:
        """The ruling makes a fold out of turn stand at once: the seat is out."""
        held = self.held.pop(seat, None)
        if held is None or seat in self.betting.folded:
            return
        self.betting.fold_held(seat, held.event)

    def restrict(self, seat: int, event: int, *, for_round: bool = False) -> None:
        """The seat may not bet or raise on its next turn (it checked out of turn), or
        ``for_round``, on any turn left in this betting round (a skipped player limited
        to non-aggressive action)."""
        (self.limited if for_round else self.restricted)[seat] = event

    def _resolve_held(self, seat: int) -> None:
        """The turn came back to a seat that acted out of turn: the held action stands
        if the ruling said so and the action to it did not change; otherwise it goes
        back and the seat acts again."""
        betting = self.betting
        held = self.held.pop(seat)
        if held.binds is None or held.street_index != betting.street_index:
            return
        if held.binds == "always":
            changed = False
            if held.verb == "call" and betting.current_bet > held.level:
                # The call binds to the bet it called; the seat then faces the rest.
                owed = min(held.level - betting.street_bets[seat], betting.stacks[seat])
                if owed > 0:
                    betting.put_in(seat, owed, live=True)
                return
        elif held.binds == "unless-raised":
            changed = betting.current_bet != held.level
        else:
            changed = any(
                a.added > 0 and a.seat != seat and a.event > held.event
                for a in betting.actions
                if a.street == STREETS[betting.street_index]
            )
        if changed:
            return
        try:
            if held.verb in ("chips", "amount"):
                assert held.amount is not None
                self._bind(seat, held.amount, held.event)
            elif held.verb in ("bet", "raise") and held.amount is None:
                return  # a word with no amount: the seat says how much in turn
            else:
                betting.act(seat, held.verb, held.amount, held.event)
        except Refusal:
            return
