"""The betting: chips behind and in front of each seat, whose turn it is, what each
seat may do, and how every action moves the chips and the turn.

The round reads the card ledger it builds on only to know whether the hole cards
are out and whether the next street's board card is already turned.
"""

from __future__ import annotations

from collections.abc import Mapping

from floorman.hand import structures as _betting
from floorman.hand.events import Action, Post
from floorman.hand.ledger import CardLedger
from floorman.hand.records import STREETS, ActionRecord, Refusal, new_record
from floorman.hand.table import Table

__all__ = ["BettingRound"]


class BettingRound(CardLedger):
    """Chips and turn of one hand, street by street; the hand state builds on it.

    Read-only attributes: ``betting``, ``blinds`` (small, big), ``ante``,
    ``min_bet``, ``small_bet`` / ``big_bet`` (limit), ``raise_cap``,
    ``starting`` / ``stacks`` (chips behind per seat at the start / now),
    ``contributed`` (chips each seat has put in the middle this hand),
    ``street_bets`` (in front of each seat on this street), ``folded``,
    ``mucked``, ``killed``, ``street_index``, ``betting_complete``,
    ``over_reason``, ``to_act``, ``current_bet``, ``raise_size`` (the last full
    bet or raise), ``full_wagers``, ``street_actions``, ``actions_since_board``
    and ``actions`` (every :class:`ActionRecord` of the hand).
    """

    __slots__ = (
        "_acted_level",
        "_aggressor",
        "_anchor",
        "_cap_waived",
        "_full_level",
        "_needs",
        "actions",
        "actions_since_board",
        "ante",
        "betting",
        "betting_complete",
        "big_bet",
        "blinds",
        "contributed",
        "current_bet",
        "folded",
        "full_wagers",
        "heads_up_uncapped",
        "killed",
        "min_bet",
        "mucked",
        "over_reason",
        "raise_cap",
        "raise_size",
        "small_bet",
        "stacks",
        "starting",
        "street_actions",
        "street_bets",
        "street_index",
        "to_act",
    )

    betting: _betting.Structure
    blinds: tuple[int, int]
    ante: int
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
        hole_count: int,
        seats: Mapping[int, int],
        blinds: tuple[int, int],
        ante: int,
        betting: _betting.Structure,
        limit_raise_cap: int | None,
        limit_bets: tuple[int, int] | None,
        min_bet: int | None,
        limit_heads_up_uncapped: bool,
    ) -> None:
        """Post the antes and blinds from the stacks and find the first seat to act."""
        CardLedger.__init__(self, table, hole_count)
        self.betting = betting
        self.blinds = (blinds[0], blinds[1])
        self.ante = ante
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
                self._put_in(seat, min(ante, self.stacks[seat]), live=False)
        sb_seat, bb_seat = table.blind_seats
        if sb_seat is not None:
            self._put_in(sb_seat, min(blinds[0], self.stacks[sb_seat]), live=True)
        self._put_in(bb_seat, min(blinds[1], self.stacks[bb_seat]), live=True)
        self.current_bet = max(blinds[1], max(self.street_bets.values()))
        self.raise_size = self.min_bet
        self._full_level = self.current_bet
        self.full_wagers = 1 if blinds[1] else 0
        self._anchor = bb_seat if blinds[1] else table.button
        self._needs = {s for s in order if self.stacks[s] > 0}
        self._settle_turn(self._anchor)

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
        if self.betting == "limit":
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
            self.betting == "limit"
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
        betting = self.betting
        return _betting.bet_range(
            betting,
            min_bet=self.min_bet,
            limit_size=self.limit_size if betting == "limit" else 0,
            pot=self.pot if betting == "pot-limit" else 0,
            allin=self.street_bets[seat] + self.stacks[seat],
        )

    def raise_range(self, seat: int) -> _betting.Wager:
        """Totals ``seat`` may raise to."""
        betting = self.betting
        return _betting.raise_range(
            betting,
            current_bet=self.current_bet,
            raise_size=self.raise_size,
            full_level=self._full_level,
            limit_size=self.limit_size if betting == "limit" else 0,
            pot=self.pot if betting == "pot-limit" else 0,
            to_call=self.current_bet - self.street_bets[seat],
            allin=self.street_bets[seat] + self.stacks[seat],
        )

    def options(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` may do now, as a dealer would say it: ``("fold", "call 20",
        "raise 40..160")``; empty when it is not the seat's turn."""
        if seat != self.to_act:
            return ()
        to_call = self.to_call(seat)
        opts = ["fold"]
        opts.append(f"call {to_call}" if to_call else "check")
        aggressive = self.current_bet > self.street_bets[seat] + self.stacks[seat]
        if not aggressive and not self.capped and self.stacks[seat] > to_call:
            if self.current_bet == 0:
                opts.append(f"bet {self.bet_range(seat).describe()}")
            elif self.may_raise(seat):
                opts.append(f"raise {self.raise_range(seat).describe()}")
        return tuple(opts)

    def showdown_order(self) -> tuple[int, ...]:
        """Live seats in the order they show: the last aggressor of the final betting
        round first; if nobody bet on it, the first seat left of the button."""
        live = [s for s in self.table.deal_order if s not in self.folded]
        if not live:
            return ()
        last_street = max((a.street for a in self.actions), key=STREETS.index, default=None)
        first = None
        if last_street is not None:
            first = self._aggressor.get(STREETS.index(last_street))
        if first is None or first in self.folded:
            return tuple(live)
        i = live.index(first)
        return tuple(live[i:] + live[:i])

    def _action(self, event: Action, n: int) -> None:
        seat = event.seat
        self._betting_open(seat)
        if seat != self.to_act:
            if self.stacks[seat] == 0:
                raise Refusal(f"seat {seat} is all in")
            self._out_of_turn(seat, event.verb, event.amount, n)
            return
        self._act(seat, event.verb, event.amount, n)

    def _betting_open(self, seat: int) -> None:
        """Refuse an action by ``seat`` that cannot be: not at the table, out of the hand,
        or after the betting of the round or the hand is over."""
        if seat not in self.stacks:
            self._seat(seat)
        if self.over_reason is not None:
            raise Refusal(self._over_text())
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        if self.betting_complete:
            if not self.betting_left:
                raise Refusal("no betting is left: every other player is all in")
            nxt = self.next_board_street or "showdown"
            raise Refusal(f"the {self.street} betting is complete; the {nxt} comes next")

    def _out_of_turn(self, seat: int, verb: str, amount: int | None, n: int) -> None:
        """An action by a seat that is not the one to act; the bare round refuses it."""
        raise Refusal(f"seat {self.to_act} is to act, not seat {seat}")

    def _irregular(self, kind: str, seat: int, total: int, n: int, why: str) -> None:
        """An undercall, underraise, underbet or overbet by the seat to act (``total`` in
        front after it); the bare round refuses it, saying ``why``."""
        raise Refusal(why)

    def _act(self, seat: int, verb: str, amount: int | None, n: int) -> None:
        """The seat to act does ``verb`` (``amount``: the total in front for a bet or
        raise, or the chips said with a call)."""
        if verb == "fold":
            self._fold(seat, n)
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
                    raise Refusal(self._more_than_stack(seat))
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
                        self._commit(seat, "call", total, n)
                        return
                    why = f"a raise must go above {current}"
                    self._irregular("underraise", seat, total, n, why)
                    return
            if total > current and not self._wager_allowed(seat, total, allin, n):
                return
        self._commit(seat, verb, total, n)

    def _more_than_stack(self, seat: int) -> str:
        before, behind = self.street_bets[seat], self.stacks[seat]
        front = f", {before} in front" if before else ""
        return f"seat {seat} has only {before + behind} ({behind} behind{front})"

    def _short_call(self, seat: int, amount: int, before: int, allin: int, n: int) -> None:
        if amount > allin:
            raise Refusal(self._more_than_stack(seat))
        if amount <= before:
            raise Refusal(f"seat {seat} has {before} in front already: a call adds chips")
        why = f"seat {seat} calls {self.current_bet}, not {amount}"
        self._irregular("undercall", seat, amount, n, why)

    def _commit(self, seat: int, verb: str, total: int, n: int) -> None:
        """Move the chips of a legal action of the seat to act and pass the turn."""
        stacks = self.stacks
        before = self.street_bets[seat]
        current = self.current_bet
        added = total - before
        full = False
        if total > current:
            increment = total - current
            limit = self.limit_size if self.betting == "limit" else 0
            full = _betting.is_full_raise(self.betting, increment, self.raise_size, limit)
        if self.dealt < self.deal_total:
            self._complete_deal()
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
                if self.betting != "limit":
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

    def _fold(self, seat: int, n: int) -> None:
        """The seat to act folds: nothing goes in, the seat is out, the turn moves on."""
        if self.dealt < self.deal_total:
            self._complete_deal()
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
        structure does not allow goes to :meth:`_irregular` (and is not one)."""
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
        why = f"{self.betting}: seat {seat} may {word} {wager.describe()}, not {total}"
        kind = "overbet" if total > wager.highest else f"under{word.split()[0]}"
        self._irregular(kind, seat, total, n, why)
        return False

    def _post(self, event: Post, n: int) -> None:
        self._not_over()
        seat = self._seat(event.seat)
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
            total = self.street_bets[seat] + amount
            if total <= self.current_bet:
                raise Refusal(f"a straddle must go above {self.current_bet}")
            self._put_in(seat, amount, live=True)
            self.raise_size = max(self.raise_size, total - self.current_bet)
            self._full_level = self.current_bet = total
            self._count_full_wager()
            self._anchor = seat
        else:
            self._put_in(seat, amount, live=what in ("sb", "bb"))
            self.current_bet = max(self.current_bet, self.street_bets[seat])
        if self.stacks[seat] == 0:
            self._needs.discard(seat)
        self._settle_turn(self._anchor)

    def _put_in(self, seat: int, amount: int, *, live: bool) -> None:
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
            return
        self.to_act = None
        self.betting_complete = True
        self._advance()

    def _advance(self) -> None:
        """The round is complete: open the next one if its board card is out already."""
        while self.betting_complete and self.over_reason is None:
            if self.street_index >= 3:
                self.street_index = 4
                self.over_reason = "showdown"
                return
            nxt = STREETS[self.street_index + 1]
            for b in self.board:
                if b.street == nxt:
                    break
            else:
                return
            self._start_round(self.street_index + 1, advance=False)

    def _start_round(self, index: int, advance: bool = True) -> None:
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
            self.to_act = active[0]
            self.betting_complete = False
        else:
            self._needs = set()
            self.to_act = None
            self.betting_complete = True
            if advance:
                self._advance()

    def _leave(self, seat: int) -> None:
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

    def _void(self, reason: str) -> None:
        self.stacks = dict(self.starting)
        self.contributed = dict.fromkeys(self.contributed, 0)
        self.street_bets = dict.fromkeys(self.street_bets, 0)
        self.current_bet = 0
        self.over_reason = reason
        self.to_act = None
        self.betting_complete = True
        self._needs.clear()

    def _seat(self, seat: int) -> int:
        if seat not in self.stacks:
            seats = ", ".join(str(s) for s in self.table.seats)
            raise Refusal(f"seat {seat} is not at the table (seats {seats})")
        return seat

    def _over_text(self) -> str:
        return {
            "fold": "the hand is over: everyone else folded",
            "showdown": "the hand is over: the betting is done and it is the showdown",
            "misdeal": "the hand is over: it was declared a misdeal",
            "void": "the hand is over: it was declared void",
        }.get(self.over_reason or "", "the hand is over")

    def _not_over(self) -> None:
        if self.over_reason is not None:
            raise Refusal(self._over_text())

    def _not_void(self) -> None:
        if self.over_reason in ("misdeal", "void"):
            raise Refusal(self._over_text())

    def chip_problems(self) -> list[str]:
        """Recount every chip from scratch; an empty list when all is well."""
        problems: list[str] = []
        chips = sum(self.stacks.values()) + self.pot
        if chips != sum(self.starting.values()):
            problems.append(f"{chips} chips on the table, {sum(self.starting.values())} at start")
        if any(v < 0 for v in self.stacks.values()):
            problems.append("a stack below zero")
        return problems
