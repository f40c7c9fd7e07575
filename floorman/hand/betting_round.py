"""The betting: chips behind and in front of each seat, whose turn it is, what each
seat may do, and how every action moves the chips and the turn.

The round works with three collaborators, each a small protocol: the cards
(:class:`DealProgress`: whether the hole cards are out and whether the next street's
board card is already turned), the game's :class:`floorman.hand.order.ActingOrder`
(who opens a betting round, who shows first) and its :class:`Irregularities` (what it
does with an action out of turn or a wager the structure does not allow, and whom it
tells when the turn moves). On its own the round refuses irregular betting
(:data:`REFUSE`); the hand state gives it :class:`floorman.hand.irregular.IrregularBetting`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final, Literal, NamedTuple, Protocol

from floorman.hand import structures as _betting
from floorman.hand.events import Action, Post
from floorman.hand.order import ActingOrder
from floorman.hand.records import STREETS, ActionRecord, ProcedureError, Refusal, new_record
from floorman.hand.table import Table

__all__ = ["REFUSE", "BettingRound", "BettingSnapshot", "DealProgress", "Irregularities"]


class DealProgress(Protocol):
    """What the betting reads of the cards (the card ledger gives it)."""

    @property
    def dealt(self) -> int:
        """Hole cards dealt so far, of ``deal_total``."""
        ...

    @property
    def deal_total(self) -> int: ...

    @property
    def next_board_street(self) -> str | None: ...

    def street_dealt(self, street: str) -> bool:
        """Whether the cards of ``street`` are out: its betting round can open."""
        ...

    def complete_deal(self) -> None:
        """The betting has begun, so every hole card is out."""
        ...

    @property
    def runs_to_come(self) -> int:
        """Runs of the board agreed and not yet begun: the showdown waits for them."""
        ...


class Irregularities(Protocol):
    """Where the round sends what is not a regular action, and whom it tells when the
    turn moves or a new betting round opens."""

    def out_of_turn(self, seat: int, verb: str, amount: int | None, n: int, why: str) -> None:
        """An action by a seat that is not the one to act: record it or refuse it (``why``)."""
        ...

    def irregular(self, kind: str, seat: int, total: int, n: int, why: str) -> None:
        """An undercall, underraise, underbet or overbet by the seat to act (``total`` in
        front after it): record it or refuse it, saying ``why``."""
        ...

    def may_wager(self, seat: int) -> bool:
        """Whether ``seat`` may bet or raise on its turn as far as the rulings go."""
        ...

    def turn_moved(self) -> None:
        """The turn has been settled after a change in the betting."""
        ...

    def round_opening(self) -> None:
        """A new betting round is about to open."""
        ...


class _Refuse:
    """A round on its own: irregular betting is refused."""

    __slots__ = ()

    def out_of_turn(self, seat: int, verb: str, amount: int | None, n: int, why: str) -> None:
        raise Refusal(why)

    def irregular(self, kind: str, seat: int, total: int, n: int, why: str) -> None:
        raise Refusal(why)

    def may_wager(self, seat: int) -> bool:
        return True

    def turn_moved(self) -> None:
        pass

    def round_opening(self) -> None:
        pass


REFUSE: Final[Irregularities] = _Refuse()


class BettingSnapshot(NamedTuple):
    """Everything a betting round changes as a hand goes on, copied
    (see :meth:`BettingRound.snapshot`)."""

    stacks: dict[int, int]
    contributed: dict[int, int]
    street_bets: dict[int, int]
    folded: set[int]
    mucked: set[int]
    killed: set[int]
    street_index: int
    betting_complete: bool
    over_reason: str | None
    to_act: int | None
    current_bet: int
    raise_size: int
    full_wagers: int
    street_actions: int
    actions_since_board: int
    actions: list[ActionRecord]
    needs: set[int]
    acted_level: dict[int, int]
    full_level: int
    anchor: int
    aggressor: dict[int, int]
    cap_waived: bool


class BettingRound:
    """Chips and turn of one hand, street by street.

    Read-only attributes: ``structure`` (no-limit, pot-limit or limit), ``blinds``
    (small, big), ``ante``, ``min_bet``, ``small_bet`` / ``big_bet`` (limit),
    ``raise_cap``, ``starting`` / ``stacks`` (chips behind per seat at the start /
    now), ``contributed`` (chips each seat has put in the middle this hand: antes,
    blinds, bets, this street's included), ``street_bets`` (in front of each seat on
    this street), ``folded`` (seats out of the hand: fold, muck, dead), ``mucked`` /
    ``killed`` (which of them mucked at the showdown / had the hand killed),
    ``street_index`` (0..4 into :data:`STREETS`), ``betting_complete`` (for the
    current round), ``over_reason`` (``None`` or ``fold``, ``showdown``, ``misdeal``,
    ``void``), ``to_act`` (a seat or ``None``), ``current_bet``, ``raise_size`` (the
    last full bet or raise), ``full_wagers`` (bets and full raises this round),
    ``street_actions`` (voluntary actions this round), ``actions_since_board`` and
    ``actions`` (every :class:`ActionRecord` of the hand).
    """

    __slots__ = (
        "__weakref__",
        "_acted_level",
        "_aggressor",
        "_anchor",
        "_cap_waived",
        "_full_level",
        "_needs",
        "acting",
        "actions",
        "actions_since_board",
        "ante",
        "betting_complete",
        "big_bet",
        "blinds",
        "bomb_pot",
        "cards",
        "contributed",
        "current_bet",
        "folded",
        "full_wagers",
        "heads_up_uncapped",
        "irregular",
        "killed",
        "min_bet",
        "mucked",
        "over_reason",
        "raise_cap",
        "raise_size",
        "small_bet",
        "stacks",
        "starting",
        "straddle_raise",
        "street_actions",
        "street_bets",
        "street_index",
        "structure",
        "table",
        "to_act",
    )

    table: Table
    acting: ActingOrder
    cards: DealProgress
    irregular: Irregularities
    structure: _betting.Structure
    blinds: tuple[int, int]
    ante: int
    bomb_pot: int
    straddle_raise: str
    min_bet: int
    small_bet: int
    big_bet: int
    raise_cap: int | None
    heads_up_uncapped: bool
    starting: Mapping[int, int]
    stacks: dict[int, int]
    contributed: dict[int, int]
    street_bets: dict[int, int]
    folded: set[int]
    mucked: set[int]
    killed: set[int]
    street_index: int
    betting_complete: bool
    over_reason: str | None
    to_act: int | None
    current_bet: int
    raise_size: int
    full_wagers: int
    street_actions: int
    actions_since_board: int
    actions: list[ActionRecord]
    _needs: set[int]
    _acted_level: dict[int, int]
    _full_level: int
    _anchor: int
    _aggressor: dict[int, int]
    _cap_waived: bool

    def __init__(
        self,
        table: Table,
        acting: ActingOrder,
        cards: DealProgress,
        seats: Mapping[int, int],
        blinds: tuple[int, int],
        ante: int,
        structure: _betting.Structure,
        limit_raise_cap: int | None,
        limit_bets: tuple[int, int] | None,
        min_bet: int | None,
        limit_heads_up_uncapped: bool,
        irregular: Irregularities = REFUSE,
        *,
        straddles: tuple[int, ...] = (),
        straddle_raise: str = "increment",
        bomb_pot: int = 0,
    ) -> None:
        """Post the antes and blinds from the stacks and find the first seat to act.

        ``straddles`` are the table's mandatory straddles, posted after the blinds by
        the seats left of the big blind in turn. After a straddle a raise is at least
        what it added to the bet (``straddle_raise`` "increment": with a straddle of
        twice the big blind, to three big blinds, WSOP LA 161) or at least the straddle
        itself ("straddle": it sets a new minimum bring-in, RRoP §14 No-Limit 2). In a
        ``bomb_pot`` every seat antes that much, no blind is posted and there is no
        betting before the flop (WSOP LA 27)."""
        self.table = table
        self.acting = acting
        self.cards = cards
        self.irregular = irregular
        self.structure = structure
        self.blinds = (blinds[0], blinds[1])
        self.ante = ante
        self.bomb_pot = bomb_pot
        self.straddle_raise = straddle_raise
        self.min_bet = min_bet if min_bet is not None else max(blinds[1], 1)
        small, big = limit_bets if limit_bets is not None else (blinds[1], 2 * blinds[1])
        self.small_bet, self.big_bet = max(small, 1), max(big, 1)
        self.raise_cap = limit_raise_cap
        self.heads_up_uncapped = limit_heads_up_uncapped
        self._cap_waived = False
        self.starting = dict(seats)
        self.stacks = dict(seats)
        order = table.deal_order
        self.contributed = dict.fromkeys(order, 0)
        self.street_bets = dict.fromkeys(order, 0)
        self.folded, self.mucked, self.killed = set(), set(), set()
        self.street_index = 0
        self.betting_complete = False
        self.over_reason = None
        self.to_act = None
        self.street_actions = self.actions_since_board = 0
        self.actions = []
        self._aggressor = {}
        self._acted_level = {}
        if ante:
            for seat in order:
                self.put_in(seat, min(ante, self.stacks[seat]), live=False)
        if bomb_pot:
            self._bomb_pot(order)
            return
        sb_seat, bb_seat = table.blind_seats
        if sb_seat is not None:
            self.put_in(sb_seat, min(blinds[0], self.stacks[sb_seat]), live=True)
        self.put_in(bb_seat, min(blinds[1], self.stacks[bb_seat]), live=True)
        self.current_bet = max(blinds[1], max(self.street_bets.values()))
        self.raise_size = self.min_bet
        self._full_level = self.current_bet
        self.full_wagers = 1 if blinds[1] else 0
        self._anchor = bb_seat if blinds[1] else table.button
        self._needs = {s for s in order if self.stacks[s] > 0}
        for amount in straddles:
            seat = table.left_of(self._anchor)
            posted = min(amount, self.stacks[seat])
            if not posted or self.street_bets[seat] + posted <= self.current_bet:
                break  # a stack too short to straddle: whatever it posted was a blind
            self._straddle(seat, posted)
            if not self.stacks[seat]:
                self._needs.discard(seat)
        self._settle_turn(self._anchor)

    def _bomb_pot(self, order: tuple[int, ...]) -> None:
        """Every seat antes the bomb pot; no blinds, and the betting opens on the flop."""
        for seat in order:
            self.put_in(seat, min(self.bomb_pot, self.stacks[seat]), live=False)
        self.current_bet = 0
        self.raise_size = self.min_bet
        self._full_level = 0
        self.full_wagers = 0
        self._anchor = self.table.button
        self._needs = set()
        self._settle_turn(self._anchor)

    def copy(self, cards: DealProgress, irregular: Irregularities = REFUSE) -> BettingRound:
        """An independent copy that reads ``cards`` and tells ``irregular`` (records are
        shared: they are immutable)."""
        new = object.__new__(BettingRound)
        # Immutable values are shared; assigned one by one, a copy costs a third less.
        new.table = self.table
        new.acting = self.acting
        new.cards = cards
        new.irregular = irregular
        new.structure = self.structure
        new.blinds = self.blinds
        new.ante = self.ante
        new.bomb_pot = self.bomb_pot
        new.straddle_raise = self.straddle_raise
        new.min_bet = self.min_bet
        new.small_bet = self.small_bet
        new.big_bet = self.big_bet
        new.raise_cap = self.raise_cap
        new.heads_up_uncapped = self.heads_up_uncapped
        new.starting = self.starting
        new.street_index = self.street_index
        new.betting_complete = self.betting_complete
        new.over_reason = self.over_reason
        new.to_act = self.to_act
        new.current_bet = self.current_bet
        new.raise_size = self.raise_size
        new.full_wagers = self.full_wagers
        new.street_actions = self.street_actions
        new.actions_since_board = self.actions_since_board
        new._full_level = self._full_level
        new._anchor = self._anchor
        new._cap_waived = self._cap_waived
        new.stacks = dict(self.stacks)
        new.contributed = dict(self.contributed)
        new.street_bets = dict(self.street_bets)
        new.folded, new.mucked, new.killed = set(self.folded), set(self.mucked), set(self.killed)
        new.actions = list(self.actions)
        new._needs = set(self._needs)
        new._acted_level = dict(self._acted_level)
        new._aggressor = dict(self._aggressor)
        return new

    def snapshot(self) -> BettingSnapshot:
        """Everything that changes, copied: equal snapshots are equal rounds, and
        :meth:`restore` puts one back."""
        return BettingSnapshot(
            dict(self.stacks), dict(self.contributed), dict(self.street_bets),
            set(self.folded), set(self.mucked), set(self.killed), self.street_index,
            self.betting_complete, self.over_reason, self.to_act, self.current_bet,
            self.raise_size, self.full_wagers, self.street_actions, self.actions_since_board,
            list(self.actions), set(self._needs), dict(self._acted_level), self._full_level,
            self._anchor, dict(self._aggressor), self._cap_waived,
        )  # fmt: skip

    def restore(self, saved: BettingSnapshot) -> None:
        """Put the chips and the turn back as ``saved`` had them (it can be restored again)."""
        self.stacks, self.contributed = dict(saved.stacks), dict(saved.contributed)
        self.street_bets = dict(saved.street_bets)
        self.folded, self.mucked = set(saved.folded), set(saved.mucked)
        self.killed = set(saved.killed)
        self.street_index, self.betting_complete = saved.street_index, saved.betting_complete
        self.over_reason, self.to_act = saved.over_reason, saved.to_act
        self.current_bet, self.raise_size = saved.current_bet, saved.raise_size
        self.full_wagers, self.street_actions = saved.full_wagers, saved.street_actions
        self.actions_since_board = saved.actions_since_board
        self.actions = list(saved.actions)
        self._needs, self._acted_level = set(saved.needs), dict(saved.acted_level)
        self._full_level, self._anchor = saved.full_level, saved.anchor
        self._aggressor, self._cap_waived = dict(saved.aggressor), saved.cap_waived

    @property
    def street(self) -> str:
        """The betting round in progress (or just finished): preflop .. river, showdown."""
        return STREETS[self.street_index]

    @property
    def over(self) -> bool:
        """No more betting or board cards: everyone else folded, showdown, misdeal or void."""
        return self.over_reason is not None

    @property
    def pot(self) -> int:
        """Every chip in the middle, this street's bets included."""
        return sum(self.contributed.values())

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still in the hand, in seat order."""
        return tuple(s for s in self.table.seats if s not in self.folded)

    @property
    def all_in(self) -> tuple[int, ...]:
        """Live seats with no chips behind."""
        return tuple(s for s in self.live if self.stacks[s] == 0)

    @property
    def can_act(self) -> tuple[int, ...]:
        """Live seats with chips behind."""
        return tuple(s for s in self.live if self.stacks[s] > 0)

    @property
    def betting_left(self) -> bool:
        """Whether any more betting can happen (false once all but one are all in)."""
        if self.over_reason is not None:
            return False
        if not self.betting_complete:
            return True
        return self.street_index < 3 and len(self.can_act) >= 2

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` needs to add to call (capped by its stack)."""
        return max(0, min(self.current_bet - self.street_bets[seat], self.stacks[seat]))

    def may_raise(self, seat: int) -> bool:
        """Whether the betting is open for ``seat``: it has not acted since the last
        full bet or raise, or short all-ins since then add up to one (TDA 43 / RRoP)."""
        level = self._acted_level.get(seat)
        if level is None:
            return True
        if self.structure == "limit":
            size = self.limit_size
            return 2 * (self.current_bet - level) >= size
        return self.current_bet - level >= self.raise_size

    @property
    def limit_size(self) -> int:
        """The bet in a limit game on this street."""
        return _betting.limit_bet_size(self.street_index, self.small_bet, self.big_bet)

    @property
    def capped(self) -> bool:
        """Limit only: the round has its bet and all the raises the house allows
        (unless it reached them heads-up where that lifts the cap)."""
        return (
            self.structure == "limit"
            and self.raise_cap is not None
            and self.full_wagers >= 1 + self.raise_cap
            and not self._cap_waived
        )

    def _count_full_wager(self) -> None:
        self.full_wagers += 1
        cap = self.raise_cap
        if self.heads_up_uncapped and cap is not None and self.full_wagers == 1 + cap:
            contesting = sum(1 for s in self.live if self.stacks[s] > 0)
            self._cap_waived = contesting <= 2

    def bet_range(self, seat: int) -> _betting.Wager:
        """Totals ``seat`` may bet (when nothing is bet yet this round)."""
        structure = self.structure
        return _betting.bet_range(
            structure,
            min_bet=self.min_bet,
            limit_size=self.limit_size if structure == "limit" else 0,
            pot=self.pot if structure == "pot-limit" else 0,
            allin=self.street_bets[seat] + self.stacks[seat],
        )

    def raise_range(self, seat: int) -> _betting.Wager:
        """Totals ``seat`` may raise to."""
        structure = self.structure
        return _betting.raise_range(
            structure,
            current_bet=self.current_bet,
            raise_size=self.raise_size,
            full_level=self._full_level,
            limit_size=self.limit_size if structure == "limit" else 0,
            pot=self.pot if structure == "pot-limit" else 0,
            to_call=self.current_bet - self.street_bets[seat],
            allin=self.street_bets[seat] + self.stacks[seat],
        )

    def pot_wager(self, seat: int) -> int:
        """The total ``seat`` has in front after a bet or raise of the size of the pot,
        as pot limit counts it (the call, then the pot after the call), whatever the
        structure; at most its stack."""
        if self.current_bet == 0:
            wager = _betting.bet_range(
                "pot-limit", min_bet=self.min_bet, limit_size=0, pot=self.pot,
                allin=self.street_bets[seat] + self.stacks[seat],
            )  # fmt: skip
        else:
            wager = _betting.raise_range(
                "pot-limit", current_bet=self.current_bet, raise_size=self.raise_size,
                full_level=self._full_level, limit_size=0, pot=self.pot,
                to_call=self.current_bet - self.street_bets[seat],
                allin=self.street_bets[seat] + self.stacks[seat],
            )  # fmt: skip
        return wager.highest

    def options(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` may do now, as a dealer would say it: ``("fold", "call 20",
        "raise 40..160")``; empty when it is not the seat's turn. No bet or raise for a
        seat a ruling limits to checking, calling or folding."""
        if seat != self.to_act:
            return ()
        to_call = self.to_call(seat)
        opts = ["fold"]
        opts.append(f"call {to_call}" if to_call else "check")
        aggressive = self.current_bet > self.street_bets[seat] + self.stacks[seat]
        if (
            not aggressive
            and not self.capped
            and self.stacks[seat] > to_call
            and self.irregular.may_wager(seat)
        ):
            if self.current_bet == 0:
                opts.append(f"bet {self.bet_range(seat).describe()}")
            elif self.may_raise(seat):
                opts.append(f"raise {self.raise_range(seat).describe()}")
        return tuple(opts)

    def showdown_order(self) -> tuple[int, ...]:
        """Live seats in the order they show: the last aggressor of the final betting
        round first; if nobody bet on it, the seat the game's acting order says."""
        live = [s for s in self.table.deal_order if s not in self.folded]
        if not live:
            return ()
        last_street = max((a.street for a in self.actions), key=STREETS.index, default=None)
        first = None
        if last_street is not None:
            first = self._aggressor.get(STREETS.index(last_street))
        if first is None or first in self.folded:
            first = self.acting.shows_first(live)
        i = live.index(first)
        return tuple(live[i:] + live[:i])

    def action(self, event: Action, n: int) -> None:
        """A betting action; one out of turn goes to the round's :class:`Irregularities`."""
        seat = event.seat
        self.open_for(seat)
        if seat != self.to_act:
            if self.stacks[seat] == 0:
                raise Refusal(f"seat {seat} is all in")
            why = f"seat {self.to_act} is to act, not seat {seat}"
            self.irregular.out_of_turn(seat, event.verb, event.amount, n, why)
            return
        self.act(seat, event.verb, event.amount, n)

    def open_for(self, seat: int) -> None:
        """Refuse an action by ``seat`` that cannot be: not at the table, out of the hand,
        or after the betting of the round or the hand is over."""
        if seat not in self.stacks:
            self.at_table(seat)
        if self.over_reason is not None:
            raise Refusal(self.over_text())
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        if self.betting_complete:
            if not self.betting_left:
                raise Refusal("no betting is left: every other player is all in")
            nxt = self.cards.next_board_street or "showdown"
            raise Refusal(f"the {self.street} betting is complete; the {nxt} comes next")

    def act(self, seat: int, verb: str, amount: int | None, n: int) -> None:
        """The seat to act does ``verb`` (``amount``: the total in front for a bet or
        raise, or the chips said with a call)."""
        if verb == "fold":
            self.fold(seat, n)
            return
        stacks = self.stacks
        before = self.street_bets[seat]
        allin = before + stacks[seat]
        current = self.current_bet
        total = before
        if verb == "check":
            if current > before:
                raise Refusal(f"seat {seat} cannot check: {current - before} to call")
        elif verb == "call":
            if current <= before:
                raise Refusal(f"seat {seat} has nothing to call (check)")
            total = min(current, allin)
            if amount is not None and amount < total:
                self._short_call(seat, amount, before, allin, n)
                return
        else:
            if verb == "allin":
                total = allin
            else:
                assert amount is not None
                total = amount
                if total > allin:
                    raise Refusal(self.stack_refusal(seat))
                if verb == "bet" and current > 0:
                    big = self.street_index == 0 and current == self.blinds[1]
                    what = "the big blind" if big else "a bet"
                    raise Refusal(f"there is {what} of {current} already: raise")
                if verb == "raise" and current == 0:
                    raise Refusal("there is no bet to raise: bet")
                if total <= before:
                    raise Refusal(f"seat {seat} has {before} in front already")
                if total <= current:
                    if total == allin:
                        self.commit(seat, "call", total, n)
                        return
                    why = f"a raise must go above {current}"
                    self.irregular.irregular("underraise", seat, total, n, why)
                    return
            if total > current and not self._wager_allowed(seat, total, allin, n):
                return
        self.commit(seat, verb, total, n)

    def stack_refusal(self, seat: int) -> str:
        before, behind = self.street_bets[seat], self.stacks[seat]
        front = f", {before} in front" if before else ""
        return f"seat {seat} has only {before + behind} ({behind} behind{front})"

    def _short_call(self, seat: int, amount: int, before: int, allin: int, n: int) -> None:
        if amount > allin:
            raise Refusal(self.stack_refusal(seat))
        if amount <= before:
            raise Refusal(f"seat {seat} has {before} in front already: a call adds chips")
        why = f"seat {seat} calls {self.current_bet}, not {amount}"
        self.irregular.irregular("undercall", seat, amount, n, why)

    def commit(self, seat: int, verb: str, total: int, n: int) -> None:
        """Move the chips of a legal action of the seat to act and pass the turn."""
        stacks = self.stacks
        before = self.street_bets[seat]
        current = self.current_bet
        added = total - before
        full = False
        if total > current:
            increment = total - current
            limit = self.limit_size if self.structure == "limit" else 0
            full = _betting.is_full_raise(self.structure, increment, self.raise_size, limit)
        cards = self.cards
        if cards.dealt < cards.deal_total:
            cards.complete_deal()
        if added:
            stacks[seat] -= added
            self.street_bets[seat] = total
            self.contributed[seat] += added
        self.street_actions += 1
        self.actions_since_board += 1
        verb_done = verb
        if verb == "allin":
            verb_done = "call" if total <= current else ("bet" if current == 0 else "raise")
        if total > current:
            if full:
                if self.structure != "limit":
                    self.raise_size = max(self.raise_size, total - current)
                self._full_level = total
                self._count_full_wager()
            self.current_bet = total
            self._aggressor[self.street_index] = seat
            self._needs = {
                s for s in self.table.deal_order if stacks[s] and s != seat and s not in self.folded
            }
        self._acted_level[seat] = self.current_bet
        self._needs.discard(seat)
        street = STREETS[self.street_index]
        record = (n, street, seat, verb_done, total, added, not stacks[seat], full)
        self.actions.append(new_record(ActionRecord, record))
        self._settle_turn(seat)

    def fold(self, seat: int, n: int) -> None:
        """The seat to act folds: nothing goes in, the seat is out, the turn moves on."""
        cards = self.cards
        if cards.dealt < cards.deal_total:
            cards.complete_deal()
        self.street_actions += 1
        self.actions_since_board += 1
        self._acted_level[seat] = self.current_bet
        street = STREETS[self.street_index]
        total = self.street_bets[seat]
        record = (n, street, seat, "fold", total, 0, not self.stacks[seat], False)
        self.actions.append(new_record(ActionRecord, record))
        folded = self.folded
        folded.add(seat)
        self._needs.discard(seat)
        if len(folded) >= len(self.stacks) - 1:
            self._everyone_else_folded()
        else:  # it was this seat's turn: the round is still on
            self._settle_turn(seat)

    def _wager_allowed(self, seat: int, total: int, allin: int, n: int) -> bool:
        """Whether a bet or raise to ``total`` is an action as it stands; a size the
        structure does not allow goes to the round's :class:`Irregularities` (and is not one)."""
        if self.current_bet == 0:
            wager = self.bet_range(seat)
            word = "bet"
        else:
            if self.capped:
                raise Refusal(f"the betting is capped at a bet and {self.raise_cap} raises")
            if not self.may_raise(seat):
                raise Refusal(
                    f"seat {seat} may not raise: the short all-in did not reopen the betting"
                )
            wager = self.raise_range(seat)
            word = "raise to"
        if wager.lowest <= total <= wager.highest:
            return True
        why = f"{self.structure}: seat {seat} may {word} {wager.describe()}, not {total}"
        kind = "overbet" if total > wager.highest else f"under{word.split()[0]}"
        self.irregular.irregular(kind, seat, total, n, why)
        return False

    def post(self, event: Post, n: int) -> None:
        """A post beyond the header's: a straddle opens the betting after it."""
        self.refuse_when_over()
        seat = self.at_table(event.seat)
        if self.street_index != 0 or self.street_actions:
            raise Refusal("posts come before the first action of the hand")
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        amount = event.amount
        if amount <= 0:
            raise Refusal("a post is more than 0")
        if amount > self.stacks[seat]:
            raise Refusal(f"seat {seat} has only {self.stacks[seat]}")
        what = event.what
        if what == "straddle":
            if self.bomb_pot:
                raise Refusal("a bomb pot has no betting before the flop: no straddle")
            if self.street_bets[seat] + amount <= self.current_bet:
                raise Refusal(f"a straddle must go above {self.current_bet}")
            self._straddle(seat, amount)
        else:
            self.put_in(seat, amount, live=what in ("sb", "bb"))
            self.current_bet = max(self.current_bet, self.street_bets[seat])
        if self.stacks[seat] == 0:
            self._needs.discard(seat)
        self._settle_turn(self._anchor)

    @property
    def straddle_in_turn(self) -> int:
        """The seat whose straddle comes next in line: left of the big blind, or of the
        last straddle."""
        return self.table.left_of(self._anchor)

    @property
    def straddles_posted(self) -> int:
        """Live straddles posted this hand (before the first action, every full wager
        beyond the big blind is one)."""
        if self.street_index or self.bomb_pot:
            return 0
        return max(0, self.full_wagers - (1 if self.blinds[1] else 0))

    def _straddle(self, seat: int, amount: int) -> None:
        """A live straddle: a new bring-in, and the straddler acts last before the flop."""
        total = self.street_bets[seat] + amount
        self.put_in(seat, amount, live=True)
        size = total if self.straddle_raise == "straddle" else total - self.current_bet
        self.raise_size = max(self.raise_size, size)
        self._full_level = self.current_bet = total
        self._count_full_wager()
        self._anchor = seat

    def put_in(self, seat: int, amount: int, *, live: bool) -> None:
        """Chips from behind ``seat`` into the middle; ``live`` ones count as its bet."""
        self.stacks[seat] -= amount
        self.contributed[seat] += amount
        if live:
            self.street_bets[seat] += amount

    def _settle_turn(self, after: int, keep: int | None = None) -> None:
        """After a change in the betting: drop seats that cannot act, then find who is
        next clockwise after ``after`` (``keep`` stays to act if it still has to) or
        close the round."""
        stacks = self.stacks
        needs = self._needs
        folded = self.folded
        if len(needs) == 1:  # the only seat with chips left owes nothing: no one to bet against
            active: list[int] = []
            for s in self.table.deal_order:
                if s not in folded and stacks[s] > 0:
                    active.append(s)
                    if len(active) > 1:
                        break
            if len(active) <= 1 and all(self.street_bets[s] >= self.current_bet for s in active):
                needs.clear()
        if needs:
            if keep in needs:
                self.to_act = keep
            else:
                for seat in self.table.clockwise_from(after):
                    if seat in needs:
                        self.to_act = seat
                        break
            self.betting_complete = False
        else:
            self.to_act = None
            self.betting_complete = True
            self._advance()
        self.irregular.turn_moved()

    def _advance(self) -> None:
        """The round is complete: open the next one if its board card is out already."""
        while self.betting_complete and self.over_reason is None:
            if self.street_index >= 3:
                if self.cards.runs_to_come > 0:
                    return
                self.street_index = 4
                self.over_reason = "showdown"
                return
            if not self.cards.street_dealt(STREETS[self.street_index + 1]):
                return
            self._open_round(self.street_index + 1, advance=False)

    def _open_round(self, index: int, advance: bool = True) -> None:
        self.irregular.round_opening()
        self.street_index = index
        order = self.table.deal_order
        self.street_bets = dict.fromkeys(order, 0)
        self.current_bet = 0
        self.raise_size = self.min_bet
        self._full_level = 0
        self.full_wagers = 0
        self._cap_waived = False
        self.street_actions = 0
        self._acted_level = {}
        stacks, folded = self.stacks, self.folded
        active = [s for s in order if s not in folded and stacks[s] > 0]
        if len(active) >= 2:
            self._needs = set(active)
            self.to_act = self.acting.opens(index, active)
            self.betting_complete = False
        else:
            self._needs = set()
            self.to_act = None
            self.betting_complete = True
            if advance:
                self._advance()

    def board_turned(self, street_index: int, in_time: bool) -> None:
        """Board cards are out for the round ``street_index``: it opens now if they came
        ``in_time`` (the round before it complete)."""
        self.actions_since_board = 0
        if in_time:
            self._open_round(street_index)

    def board_taken_back(self, turned: int) -> None:
        """A board card taken back before anyone acted on its street: the round it opened
        had not really begun, so the hand waits for that card again (``turned``: the
        board streets still out, in order from the flop)."""
        if self.street_index <= turned or self.street_actions:
            return
        if self.over_reason not in (None, "showdown"):
            return
        self.street_index = turned
        self.over_reason = None
        self.street_bets = dict.fromkeys(self.table.deal_order, 0)
        self.current_bet = 0
        self._needs = set()
        self.to_act = None
        self.betting_complete = True

    def push(self, seat: int, chips: int) -> None:
        """Chips go in front of ``seat`` before a ruling says what they are (the betting
        has begun all the same)."""
        self.cards.complete_deal()
        self.put_in(seat, chips, live=True)

    def take_back(self, seat: int, chips: int) -> None:
        """Chips in front of ``seat`` go back behind it: the wager they made is undone."""
        self.stacks[seat] += chips
        self.street_bets[seat] -= chips
        self.contributed[seat] -= chips

    def correct_bet(self, seat: int, total: int) -> None:
        """The seat's bet in force goes up to ``total`` (as far as its chips go): the seats
        that had matched the old amount act again facing the new one."""
        add = min(total - self.street_bets[seat], self.stacks[seat])
        if add <= 0:
            return
        old = self.current_bet
        self.put_in(seat, add, live=True)
        new = self.street_bets[seat]
        self.raise_size += new - old
        self.current_bet = self._full_level = new
        self._acted_level[seat] = new
        stacks, bets = self.stacks, self.street_bets
        self._needs = {
            s for s in self.table.deal_order
            if s != seat and s not in self.folded and stacks[s] > 0 and bets[s] < new
        }  # fmt: skip
        if self.over_reason is None:
            self._settle_turn(seat, keep=self.to_act)

    def fold_held(self, seat: int, event: int) -> None:
        """A fold out of turn made to stand: recorded at its ``event``, the seat is out."""
        street = STREETS[self.street_index]
        total = self.street_bets[seat]
        record = (event, street, seat, "fold", total, 0, not self.stacks[seat], False)
        self.actions.append(new_record(ActionRecord, record))
        self.leave(seat)

    def muck(self, seat: int) -> None:
        """A hand thrown away at the showdown is out, but the only live hand left is
        not: nobody else has a claim to the pot (it is recorded as mucked)."""
        self.refuse_when_void()
        self.at_table(seat)
        if seat in self.folded:
            raise Refusal(f"seat {seat} has no hand to muck")
        if self.over_reason not in ("showdown", "fold"):
            raise Refusal(f"a seat mucks at the showdown; before it, record {seat} fold")
        self.mucked.add(seat)
        if self.over_reason == "showdown" and self.live != (seat,):
            self.folded.add(seat)

    def retrieve(self, seat: int, claims: Collection[int] = ()) -> None:
        """A hand killed, folded or thrown away comes back out of the muck: live again.

        At the showdown a hand thrown away as the last live one is out once another
        comes back (its cards are in the muck, and no longer the only ones with a
        claim), unless its claim stands without its cards (``claims``: a declared play
        of the board). Before the showdown the seat is back in the betting: it acts
        when its turn comes if it has not acted since the last bet (at once, if the
        round was waiting for nobody else), and a hand that ended when it was killed
        goes on."""
        self.refuse_when_void()
        self.at_table(seat)
        if seat not in self.folded and seat not in self.mucked:
            raise Refusal(f"seat {seat}'s hand is live: there is nothing to retrieve")
        if self.street_index == len(STREETS) - 1:
            if seat not in self.mucked and seat not in self.killed:
                raise Refusal(
                    f"seat {seat} folded in the betting; at the showdown a hand thrown away"
                    " or killed there is retrieved"
                )
            self.folded.discard(seat)
            self.mucked.discard(seat)
            self.killed.discard(seat)
            self.folded.update(self.mucked.difference(claims))
            self.over_reason = "showdown"
            return
        self.folded.discard(seat)
        self.killed.discard(seat)
        acted, bets, current = self._acted_level, self.street_bets, self.current_bet
        owing = {
            s
            for s in (self.table.deal_order if self.over_reason == "fold" else (seat,))
            if s not in self.folded
            and self.stacks[s] > 0
            and (acted.get(s) is None or bets[s] < current)
        }
        if self.over_reason == "fold":
            self.over_reason = None
        if owing:
            self._needs |= owing
            street = STREETS[self.street_index]
            default = self._anchor if self.street_index == 0 else self.table.button
            last = next(
                (a.seat for a in reversed(self.actions) if a.street == street and a.seat != seat),
                default,
            )
            self._settle_turn(last)

    def kill_hand(self, seat: int) -> None:
        """The seat's hand is dead: out of the hand, its cards to the muck."""
        if seat not in self.stacks:
            raise ProcedureError(f"seat {seat} is not at the table")
        if seat in self.folded:
            return
        self.killed.add(seat)
        self.leave(seat)

    def keep_claim(self, seat: int) -> None:
        """A seat that mucked at the showdown keeps its claim to the pot, as the rulebook
        honours its declaration (it plays the board): its cards stay in the muck."""
        if seat not in self.mucked or self.over_reason != "showdown":
            raise ProcedureError(f"seat {seat} did not muck at the showdown")
        self.folded.discard(seat)

    def leave(self, seat: int) -> None:
        """The seat is out of the hand other than by folding in turn; the turn moves on."""
        self.folded.add(seat)
        self._needs.discard(seat)
        if len(self.folded) >= len(self.stacks) - 1:
            self._everyone_else_folded()
        elif self.over_reason is None and not self.betting_complete:
            self._settle_turn(seat, keep=self.to_act)

    def _everyone_else_folded(self) -> None:
        self.over_reason = "fold"
        self.to_act = None
        self.betting_complete = True
        self._needs.clear()

    def end_hand(self, reason: Literal["misdeal", "void"]) -> None:
        """End the hand as a misdeal or with all action void: every chip goes back."""
        self.stacks = dict(self.starting)
        self.contributed = dict.fromkeys(self.contributed, 0)
        self.street_bets = dict.fromkeys(self.street_bets, 0)
        self.current_bet = 0
        self.over_reason = reason
        self.to_act = None
        self.betting_complete = True
        self._needs.clear()

    def at_table(self, seat: int) -> int:
        """``seat``; refused when it is not at the table."""
        if seat not in self.stacks:
            seats = ", ".join(str(s) for s in self.table.seats)
            raise Refusal(f"seat {seat} is not at the table (seats {seats})")
        return seat

    def over_text(self) -> str:
        return {
            "fold": "the hand is over: everyone else folded",
            "showdown": "the hand is over: the betting is done and it is the showdown",
            "misdeal": "the hand is over: it was declared a misdeal",
            "void": "the hand is over: it was declared void",
        }.get(self.over_reason or "", "the hand is over")

    def refuse_when_over(self) -> None:
        if self.over_reason is not None:
            raise Refusal(self.over_text())

    def refuse_when_void(self) -> None:
        if self.over_reason in ("misdeal", "void"):
            raise Refusal(self.over_text())

    def chip_problems(self) -> list[str]:
        """Recount every chip from scratch; an empty list when all is well."""
        problems: list[str] = []
        chips = sum(self.stacks.values()) + self.pot
        if chips != sum(self.starting.values()):
            problems.append(f"{chips} chips on the table, {sum(self.starting.values())} at start")
        if any(v < 0 for v in self.stacks.values()):
            problems.append("a stack below zero")
        return problems
