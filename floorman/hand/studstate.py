"""The state of a seven-card stud hand (stud, stud hi-lo, razz): a reducer over its
events, with every chip and card accounted for.

:class:`StudHand` starts with the antes posted and takes events one by one with
:meth:`StudHand.apply`. Cards go to one seat at a time (``down``, ``up``); a street's
betting round opens once every live seat holds its cards for the street. Third street
opens with the bring-in (lowest upcard, highest in razz); it may be completed to the
small bet, the round's bet and not a raise (RRoP stud rule 3), and raised from there in
small bets. Fourth street is bet in small bets (in stud high, with an open pair showing,
a player may bet or raise the big bet instead, RRoP stud rule 4); fifth street on in big
bets. From fourth street the best hand showing acts first, the best low in razz; when
it is all in, the next seat that can act goes first, as if it had checked (WSOP LA 240).
Where the books part, :class:`StudProcedure` says which way the hand goes: a tie
between equal hands showing (the seat dealt first, or the high card by suit), the
open pair (the big bet, or not doubled). A low card all in for the ante does not bring
it in: the seat to its left opens, and may fold (RRoP stud rule 8, TDA RP-10-E).

A limit round allows a bet and ``raise_cap`` raises; an all-in of half a bet or more
counts as a full bet and is raised from there ("raising a $15 all-in bet to $35"), one
below half does not reopen the betting for the seats that acted, and the next seat
completes it to the full raise (RRoP "Betting and Raising" 5).

Bad input (a seat out of turn, a wager the limit does not allow, a card seen twice, a
card before the round is complete) raises :class:`IllegalEvent` naming the event and
leaves the state as it was. The dealer's errors of these games are recorded, not
refused: a downcard dealt face up (``expose``), a premature card, the wrong seat bringing
it in, a common card, the stub's count; the rulebook rules on them
(:mod:`floorman.rules.studdraw`), and the hooks here (:meth:`StudHand.turn_up`,
:meth:`StudHand.kill`, :meth:`StudHand.set_aside_premature`, ...) carry its ruling out.

>>> from floorman.hand.studevents import parse_stud_event as ev
>>> hand = StudHand(seats={1: 500, 2: 500, 3: 500}, game="stud", ante=5, bring_in=10,
...                 limits=(20, 40))
>>> for seat, up in ((1, "Th"), (2, "2c"), (3, "9s")):
...     hand.apply(ev(f"down {seat} ?? ??"))
...     hand.apply(ev(f"up {seat} {up}"))
>>> hand.to_act, hand.options(2)
(2, ('bring-in', 'complete'))
>>> for text in ("2 bring-in", "3 complete", "1 raise 40", "2 fold", "3 call"):
...     hand.apply(ev(text))
>>> hand.street, hand.pot, hand.to_act
('fourth', 105, None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import filterfalse
from typing import ClassVar, Final, cast

from floorman.cards import Card
from floorman.hand.events import (
    Action,
    Cut,
    Expose,
    Muck,
    Note,
    OffTable,
    Reshuffle,
    Show,
)  # fmt: skip
from floorman.hand.records import ActionRecord, Refusal, new_record
from floorman.hand.reducer import Reducer
from floorman.hand.structures import DEFAULT_RAISE_CAP
from floorman.hand.stud import (
    STREET_CARDS,
    STUD_STREETS,
    StudGame,
    bring_in_seat,
    first_to_act,
    open_pair,
    street_limit,
)
from floorman.hand.studevents import BringIn, Common, Complete, Down, Stub, Up
from floorman.hand.table import clockwise_rounds

__all__ = ["StudHand", "StudProcedure"]

_TOTALS: Final = tuple(
    (sum(d for d, _ in STREET_CARDS[: i + 1]), sum(u for _, u in STREET_CARDS[: i + 1]))
    for i in range(len(STREET_CARDS))
)
"""(downcards, upcards) a seat holds once each street is dealt."""


@dataclass(frozen=True, slots=True)
class StudProcedure:
    """How the rulebook in force has the hand go on where the books differ: who acts
    first between equal hands showing and what an open pair on fourth street allows
    (below); after a dealer's error, who opens when an exposed downcard became the low upcard
    (``brings-in``: that seat, TDA RP-10-A; ``left-acts``: the seat to its left, who may
    fold, RRoP stud rule 5), who opens seventh street with a common card
    (``high-with-common``, RRoP stud rule 13; ``sixth-street-opener``, TDA RP-10-H-D),
    and with a last card dealt face up (``high-with-exposed``, RRoP stud rule 16;
    ``sixth-street-opener``, WSOP LA 230)."""

    exposed_low: str = "brings-in"
    common_opener: str = "sixth-street-opener"
    seventh_exposed_opener: str = "sixth-street-opener"
    tie_by_suit: frozenset[str] = frozenset()
    """The games where a tie between equal hands showing goes to the high card by suit
    (TDA RP-10-D), not to the seat dealt first (RRoP stud rule 1, WSOP LA 215)."""
    open_pair_big_bet: bool = True
    """Whether an open pair on fourth street in stud high lets a player bet the big bet
    (RRoP stud rule 4, WSOP LA 220), or bets are not doubled (TDA RP-10-F)."""


class StudHand(Reducer):
    """Seats, chips, cards and turn of one stud hand; see the module docstring.

    Read-only attributes: ``game``, ``seats`` (in the order the cards go out, from
    seat 1), ``starting`` and ``stacks``, ``antes``, ``contributed`` (every chip each
    seat put in over the hand), ``bets`` (this street), ``folded``, ``down`` and ``up``
    (each seat's cards as dealt), ``street_index`` (into :data:`STUD_STREETS`),
    ``to_act``, ``over_reason`` (``None``, ``fold`` or ``showdown``), ``bring_in_seat``,
    ``actions``, ``shown`` and ``seen`` (every card known in a hand).
    """

    _hand_name: ClassVar[str] = "stud hand"

    def __init__(
        self,
        *,
        seats: Mapping[int, int],
        game: StudGame,
        ante: int,
        bring_in: int,
        limits: tuple[int, int],
        raise_cap: int | None = DEFAULT_RAISE_CAP,
        procedure: StudProcedure | None = None,
    ) -> None:
        self.game: StudGame = game
        self.procedure = procedure or StudProcedure()
        self.seats = tuple(sorted(seats))
        if len(self.seats) < 2:
            raise ValueError("a hand needs at least two players")
        self.bring_in = bring_in
        self.small_bet, self.big_bet = limits
        self.raise_cap = raise_cap
        self.starting = dict(seats)
        self.stacks = dict(seats)
        self.antes = {seat: min(ante, stack) for seat, stack in seats.items()}
        self.contributed = dict(self.antes)
        for seat, posted in self.antes.items():
            self.stacks[seat] -= posted
        self.bets = dict.fromkeys(self.seats, 0)
        self.folded: set[int] = set()
        self.down: dict[int, list[Card | None]] = {seat: [] for seat in self.seats}
        self.up: dict[int, list[Card | None]] = {seat: [] for seat in self.seats}
        self.down_numbers: dict[int, list[int]] = {seat: [] for seat in self.seats}
        """Each downcard's place in the order the seat was dealt (1, 2, then 7)."""
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.seen: set[Card] = set()
        self.street_index = 0
        self.round_open = False
        self.to_act: int | None = None
        self.opener_unknown = False
        self.over_reason: str | None = None
        self.bring_in_seat: int | None = None
        self.current_bet = 0
        self.full_level = 0
        self.limit = self.small_bet
        self.wagers = 0
        self.acted: set[int] = set()
        self.closed: set[int] = set()
        self.actions: list[ActionRecord] = []
        self.event_count = 0
        # The dealer's errors, as the reducer records them and the rulings correct them.
        self.exposed: dict[int, set[int]] = {seat: set() for seat in self.seats}
        """Card numbers (1, 2: the first downcards; 7: the last) dealt or turned face up."""
        self.door_exposed: set[int] = set()
        """Seats whose exposed downcard became the upcard, the third card dealt down."""
        self.premature: list[tuple[int, Card | None]] = []
        """Cards dealt before the betting round was complete, to the seat they went to."""
        self.set_aside: list[Card] = []
        self.common: Card | None = None
        self.wrong_low: tuple[int, int] | None = None
        """(the seat that brought it in, the true low) until the next seat acts."""
        self.open_may_fold = False
        self.sixth_opener: int | None = None
        self.reshuffles = 0
        self.stub_count: int | None = None

    # ------------------------------------------------------------ facts

    @property
    def street(self) -> str:
        return STUD_STREETS[self.street_index]

    @property
    def over(self) -> bool:
        return self.over_reason is not None

    @property
    def pot(self) -> int:
        """Every chip put in this hand, antes and bets."""
        return sum(self.contributed.values())

    @property
    def live(self) -> tuple[int, ...]:
        return tuple(filterfalse(self.folded.__contains__, self.seats))

    def cards(self, seat: int) -> tuple[Card | None, ...]:
        """The seat's cards as a player holds them: the two downcards, the four upcards,
        the last downcard."""
        down, up = self.down[seat], self.up[seat]
        common = () if self.common is None else (self.common,)
        return (*down[:2], *up, *down[2:], *common)

    def known(self, seat: int) -> tuple[Card, ...]:
        return tuple(card for card in self.cards(seat) if card is not None)

    def to_call(self, seat: int) -> int:
        return max(0, min(self.current_bet - self.bets[seat], self.stacks[seat]))

    def options(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` may do now, in the notation's words."""
        if seat != self.to_act:
            return ()
        if self.street_index == 0 and self.current_bet == 0:
            return (
                ("fold", "bring-in", "complete") if self.open_may_fold else ("bring-in", "complete")
            )
        choices = ["fold", "call"] if self.to_call(seat) else ["check"]
        if self._may_wager(seat):
            if self.street_index == 0 and self.full_level == 0:
                choices.append("complete")
            else:
                choices.append("raise" if self.current_bet else "bet")
        return tuple(choices)

    def accounting_problems(self) -> list[str]:
        problems: list[str] = []
        if sum(self.stacks.values()) + self.pot != sum(self.starting.values()):
            problems.append("the chips in the stacks and the pot do not add up to the buy-ins")
        seen = [card for seat in self.seats for card in self.known(seat) if card != self.common]
        if len(seen) != len(set(seen)):
            problems.append("a card is in two hands")
        return problems

    # ------------------------------------------------------------ events

    def _dealing(self, seat: int) -> int:
        """The street the seat's next card belongs to."""
        self._seat(seat)
        if self.over_reason is not None:
            raise Refusal(f"the hand is over ({self.over_reason})")
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        down = len(self.down[seat]) + (self.common is not None)
        up = len(self.up[seat])
        street = 0
        for total_down, total_up in _TOTALS:
            if down < total_down or up < total_up:
                break
            street += 1
        else:
            raise Refusal(f"seat {seat} holds seven cards")
        if street != self.street_index or self.round_open:
            raise Refusal(
                f"{STUD_STREETS[street]} street is dealt when the betting on"
                f" {STUD_STREETS[max(street - 1, 0)]} street is complete"
            )
        return street

    def card_number(self, seat: int, number: int | None) -> int:
        """The seat's card ``number`` in the order it was dealt (1 and 2 the first
        downcards, 7 the last), or its latest downcard."""
        if number is None:
            numbers = self.down_numbers[seat]
            return numbers[-1] if numbers else 1
        return number

    def downcard_index(self, seat: int, number: int) -> int | None:
        """Where card ``number`` is among the seat's downcards (``None``: not one)."""
        numbers = self.down_numbers[seat]
        return numbers.index(number) if number in numbers else None

    def _check_new(self, cards: Iterable[Card | None]) -> None:
        for card in cards:
            if card is not None and card in self.seen:
                raise Refusal(f"{card.ascii} is dealt already")

    def _premature(self, seat: int, cards: tuple[Card | None, ...]) -> bool:
        """A card dealt while the betting round is on: recorded as premature, out of the
        seat's hand until the ruling says where it goes."""
        if not self.round_open or self.over_reason is not None:
            return False
        self._seat(seat)
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        if self.street_index >= 4:
            raise Refusal("seventh street is the last card")
        self._check_new(cards)
        for card in cards:
            self.premature.append((seat, card))
            if card is not None:
                self.seen.add(card)
        return True

    def set_aside_premature(self) -> tuple[Card | None, ...]:
        """The premature cards taken out of play for the hand (RRoP stud rule 14)."""
        cards = tuple(card for _, card in self.premature)
        self.set_aside.extend(card for card in cards if card is not None)
        self.premature.clear()
        return cards

    def return_premature(self) -> tuple[Card | None, ...]:
        """The premature cards back in the stub, to be reshuffled (TDA RP-5-D, WSOP LA 227)."""
        cards = tuple(card for _, card in self.premature)
        self.seen.difference_update(card for card in cards if card is not None)
        self.premature.clear()
        return cards

    def _down(self, event: Down) -> None:
        if self._premature(event.seat, event.cards):
            return
        street = self._dealing(event.seat)
        room = _TOTALS[street][0] - len(self.down[event.seat])
        if len(event.cards) > room:
            raise Refusal(f"{STUD_STREETS[street]} street deals seat {event.seat} {room} more"
                          " downcard" + ("s" if room != 1 else ""))  # fmt: skip
        if len({c for c in event.cards if c}) != len([c for c in event.cards if c]):
            raise Refusal("a card is named twice")
        self._check_new(event.cards)
        dealt = len(self.down[event.seat]) + len(self.up[event.seat])
        self.down_numbers[event.seat].extend(range(dealt + 1, dealt + 1 + len(event.cards)))
        self.down[event.seat].extend(event.cards)
        self.seen.update(card for card in event.cards if card is not None)
        self._street_dealt()

    def _up(self, event: Up) -> None:
        if self._premature(event.seat, (event.card,)):
            return
        street = self._dealing(event.seat)
        if len(self.up[event.seat]) >= _TOTALS[street][1]:
            raise Refusal(f"{STUD_STREETS[street]} street deals seat {event.seat} a downcard")
        self._check_new((event.card,))
        self.up[event.seat].append(event.card)
        if event.card is not None:
            self.seen.add(event.card)
        self._street_dealt()

    def _street_dealt(self) -> None:
        """Open the round once every live seat holds its cards for the street (looked for
        from the last seat: while a street is dealt, the seats still waiting are the last)."""
        want_down, want_up = _TOTALS[self.street_index]
        if self.round_open:
            return
        want_down -= self.common is not None  # the common card counts as the last downcard
        down, up, folded = self.down, self.up, self.folded
        for seat in reversed(self.seats):
            if seat not in folded and (len(down[seat]) != want_down or len(up[seat]) != want_up):
                return
        self._open_round()

    def _open_round(self) -> None:
        self.round_open = True
        self.bets = dict.fromkeys(self.seats, 0)
        self.current_bet = self.full_level = self.wagers = 0
        self.acted, self.closed = set(), set()
        self.limit = street_limit(self.street_index, self.small_bet, self.big_bet)
        showing = {seat: self.up[seat] for seat in self.live}
        self.opener_unknown = any(None in up for up in showing.values())
        if self.opener_unknown:
            first = self.live[0]  # the record's first action names the opener
        elif self.street_index == 0:
            self.bring_in_seat = first = bring_in_seat(
                self.game, {seat: cast(Card, up[0]) for seat, up in showing.items()}
            )
            if first in self.door_exposed and self.procedure.exposed_low == "left-acts":
                # RRoP stud rule 5: the seat to the left opens, and may fold.
                first = self._clockwise(first)[0]
                self.bring_in_seat = first
                self.open_may_fold = True
            elif self.stacks[first] == 0:
                # All in for the ante with the low card: the seat to the left (the next
                # with chips) acts first, and may fold (RRoP stud rule 8, TDA RP-10-E).
                self.open_may_fold = True
        elif self.street_index == 4 and any(7 in self.exposed[s] for s in self.live):
            if self.procedure.seventh_exposed_opener == "sixth-street-opener" and self.sixth_opener:
                first = self.sixth_opener
            else:
                with_exposed = {
                    seat: [*up, *(self.down[seat][2:] if 7 in self.exposed[seat] else [])]
                    for seat, up in showing.items()
                }
                first = self._high_showing(with_exposed)
        elif self.street_index == 4 and self.common is not None:
            if self.procedure.common_opener == "sixth-street-opener" and self.sixth_opener:
                first = self.sixth_opener
            else:
                with_common = {seat: [*up, self.common] for seat, up in showing.items()}
                first = self._high_showing(with_common)
        else:
            first = self._high_showing(showing)
        if self.street_index == 3:
            self.sixth_opener = first
        folded, stacks = self.folded, self.stacks
        ready = [
            seat
            for seat in self._clockwise(first, include=True)
            if seat not in folded and stacks[seat] > 0
        ]
        if (len(ready) < 2 and self.street_index > 0) or not ready:
            self._round_complete()
            return
        self.to_act = ready[0]

    def _high_showing(self, showing: Mapping[int, list[Card | None]]) -> int:
        """The seat whose cards showing act first, ties broken as the book says."""
        return first_to_act(
            self.game,
            cast(Mapping[int, list[Card]], showing),
            by_suit=self.game in self.procedure.tie_by_suit,
        )

    def _can_act(self, seat: int) -> bool:
        return seat not in self.folded and self.stacks[seat] > 0

    def _clockwise(self, seat: int, include: bool = False) -> tuple[int, ...]:
        return clockwise_rounds(self.seats, include)[seat]

    def _round_complete(self) -> None:
        self.to_act = None
        self.round_open = False
        if self.street_index >= 4:
            self.street_index = 5
            self.over_reason = "showdown"
            return
        self.street_index += 1
        self._street_dealt()

    # ------------------------------------------------------------ betting

    def _turn(self, seat: int) -> None:
        self._seat(seat)
        if self.over_reason is not None:
            raise Refusal(f"the hand is over ({self.over_reason})")
        if self.to_act is None:
            raise Refusal(f"no betting now: {self.street} street is being dealt")
        if self.opener_unknown:
            # An upcard nobody recorded: the seat that acted first is the one that opened.
            self.opener_unknown = False
            if self._can_act(seat):
                self.to_act = seat
                if self.street_index == 0:
                    self.bring_in_seat = seat
        if seat != self.to_act:
            raise Refusal(f"it is seat {self.to_act}'s turn, not seat {seat}'s")

    def _may_wager(self, seat: int) -> bool:
        if seat in self.closed or self.stacks[seat] <= self.to_call(seat):
            return False
        if self.raise_cap is None:
            return True
        return self.wagers < 1 + self.raise_cap

    def bet_sizes(self) -> tuple[int, ...]:
        """The sizes a full bet or raise may take now: the street's bet, or on fourth
        street in stud high with an open pair showing, the small or the big bet where the
        book allows the big bet."""
        if (
            self.game == "stud"
            and self.procedure.open_pair_big_bet
            and self.street_index == 1
            and self.limit == self.small_bet
            and open_pair(self.up[s] for s in self.live)
        ):
            return (self.small_bet, self.big_bet)
        return (self.limit,)

    def _bring_in(self, event: BringIn) -> None:
        seat = event.seat
        self._seat(seat)
        wrong = self.wrong_low
        if wrong is not None and seat == wrong[1]:
            self._take_back(wrong[0])
            self.to_act = seat
        elif (
            self.street_index == 0
            and self.round_open
            and not self.current_bet
            and not self.opener_unknown
            and self.to_act is not None
            and seat != self.to_act
            and seat not in self.folded
        ):
            # The wrong seat named low: its wager is made, and stands once the next
            # seat acts (RRoP stud rule 9, WSOP LA 218).
            self.wrong_low = (seat, self.to_act)
            self.to_act = seat
        self._turn(seat)
        if self.street_index != 0 or self.current_bet:
            raise Refusal("the bring-in opens third street")
        allin = self.stacks[seat]
        amount = min(self.bring_in, allin) if event.amount is None else event.amount
        if amount != min(self.bring_in, allin):
            raise Refusal(f"the bring-in is {self.bring_in}, not {amount}")
        self._commit(seat, "bring-in", amount, full=False)

    def _take_back(self, seat: int) -> None:
        """The wrongly named low takes its bring-in back."""
        chips = self.bets[seat]
        self.stacks[seat] += chips
        self.contributed[seat] -= chips
        self.bets[seat] = 0
        self.current_bet = self.full_level = self.wagers = 0
        self.acted, self.closed = set(), set()
        self.actions = [a for a in self.actions if not (a.street == "third" and a.seat == seat)]
        self.wrong_low = None

    def _complete(self, event: Complete) -> None:
        self._turn(event.seat)
        if self.street_index != 0 or self.full_level:
            raise Refusal("only the bring-in is completed")
        self._wager(event.seat, "complete", event.amount)

    def _action(self, event: Action) -> None:
        seat, verb = event.seat, event.verb
        self._turn(seat)
        self.wrong_low = None
        bringing = self.street_index == 0 and self.current_bet == 0
        if (
            bringing
            and verb not in ("bet", "allin")
            and not (verb == "fold" and self.open_may_fold)
        ):
            raise Refusal(f"seat {seat} brings it in or completes")
        if verb == "fold":
            self.folded.add(seat)
            self._record(seat, "fold", self.bets[seat], 0, full=False)
            if len(self.live) == 1:
                self.to_act = None
                self.round_open = False
                self.over_reason = "fold"
                return
            self._next(seat)
        elif verb == "check":
            if self.to_call(seat):
                raise Refusal(f"seat {seat} faces {self.current_bet}: call, raise or fold")
            self._commit(seat, "check", self.bets[seat], full=False)
        elif verb == "call":
            if not self.to_call(seat):
                raise Refusal("nothing to call: check or bet")
            total = self.bets[seat] + self.to_call(seat)
            if event.amount is not None and event.amount != total:
                raise Refusal(f"a call is {total}, not {event.amount}")
            self._commit(seat, "call", total, full=False)
        elif verb == "allin":
            total = self.bets[seat] + self.stacks[seat]
            if total <= self.current_bet:
                self._commit(seat, "call", total, full=False)
            else:
                self._wager(seat, self._wager_word(), total)
        else:
            word = self._wager_word()
            if verb != word and not (word == "complete" and verb == "bet"):
                raise Refusal(f"seat {seat} may {word}, not {verb}")
            self._wager(seat, word, event.amount)

    def _wager_word(self) -> str:
        if self.street_index == 0 and self.full_level == 0:
            return "complete"
        return "raise" if self.current_bet else "bet"

    def _wager(self, seat: int, verb: str, amount: int | None) -> None:
        if not self._may_wager(seat):
            why = (
                "the betting is capped"
                if seat not in self.closed
                else "the all-in below half a bet did not reopen the betting"
            )
            raise Refusal(f"seat {seat} may not {verb}: {why}")
        allin = self.bets[seat] + self.stacks[seat]
        totals = [self.full_level + size for size in self.bet_sizes()]
        total = totals[0] if amount is None else amount
        covers = max(self.bets[s] + self.stacks[s] for s in self.live if s != seat)
        short = total < totals[-1] and (total in (allin, covers))
        if total not in totals and not short:
            said = " or ".join(str(t) for t in totals)
            why = ""
            if (
                total == self.full_level + self.big_bet
                and self.game == "stud"
                and self.street_index == 1
                and not self.procedure.open_pair_big_bet
                and open_pair(self.up[s] for s in self.live)
            ):
                why = " (the book in force: not doubled for an open pair)"
            raise Refusal(f"a {verb} in this round goes to {said}, not {total}{why}")
        if total <= self.current_bet:
            raise Refusal(f"a {verb} goes over {self.current_bet}")
        size = min(
            (s for s in self.bet_sizes() if self.full_level + s >= total), default=self.limit
        )
        full = 2 * (total - self.full_level) >= size
        if full:
            if size == self.big_bet:
                self.limit = self.big_bet
            self.full_level = total
        self._commit(seat, verb, total, full=full)

    def _commit(self, seat: int, verb: str, total: int, *, full: bool) -> None:
        self.open_may_fold = False
        added = total - self.bets[seat]
        if added > self.stacks[seat]:
            raise Refusal(f"seat {seat} has {self.stacks[seat]} behind, not {added}")
        self.stacks[seat] -= added
        self.bets[seat] = total
        self.contributed[seat] += added
        if total > self.current_bet:
            self.current_bet = total
            if full:
                self.wagers += 1
                self.acted = set()
                self.closed = set()
            else:
                self.closed |= self.acted
        self.acted.add(seat)
        self._record(seat, verb, total, added, full=full)
        self._next(seat)

    def _record(self, seat: int, verb: str, total: int, added: int, *, full: bool) -> None:
        record = (
            self.event_count + 1, STUD_STREETS[self.street_index], seat, verb, total, added,
            self.stacks[seat] == 0, full,
        )  # fmt: skip
        self.actions.append(new_record(ActionRecord, record))

    def _next(self, after: int) -> None:
        folded, stacks, acted, bets, current = (
            self.folded, self.stacks, self.acted, self.bets, self.current_bet,
        )  # fmt: skip
        for seat in clockwise_rounds(self.seats, False)[after]:
            if (
                seat not in folded
                and stacks[seat] > 0
                and (seat not in acted or bets[seat] < current)
            ):
                if self._others_all_in(seat):
                    break
                self.to_act = seat
                return
        self._round_complete()

    def _others_all_in(self, seat: int) -> bool:
        """Nobody else can act and the seat owes nothing: no betting is left."""
        if self.to_call(seat):
            return False
        folded, stacks = self.folded, self.stacks
        return not any(
            other != seat and other not in folded and stacks[other] > 0 for other in self.seats
        )

    # ------------------------------------------------------------ showdown

    def _show(self, event: Show) -> None:
        seat = self._seat(event.seat)
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        held = self.cards(seat)
        if self.common is not None:
            held = held[:-1]  # the common card is the table's, not shown by a seat
        up = self.up[seat]
        if len(event.cards) == len(held):
            for have, shown in zip(held, event.cards, strict=True):
                if have is not None and have != shown:
                    raise Refusal(f"seat {seat} was dealt {have.ascii}, not {shown.ascii}")
            down = [*event.cards[:2], *event.cards[2 + len(up) :]]
            self.up[seat] = list(event.cards[2 : 2 + len(up)])
        elif len(event.cards) == len(self.down[seat]):
            for have, shown in zip(self.down[seat], event.cards, strict=True):
                if have is not None and have != shown:
                    raise Refusal(f"seat {seat} was dealt {have.ascii}, not {shown.ascii}")
            down = list(event.cards)
        else:
            raise Refusal(
                f"seat {seat} shows its {len(held)} cards or its {len(self.down[seat])} downcards"
            )
        others = [c for c in event.cards if c not in held]
        self._check_new(others)
        self.down[seat] = list(down)
        self.shown[seat] = self.known(seat)
        self.seen.update(self.shown[seat])

    def _muck(self, event: Muck) -> None:
        seat = self._seat(event.seat)
        if self.over_reason != "showdown":
            raise Refusal("a hand is mucked at the showdown; before it, the seat folds")
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        self.folded.add(seat)

    def _note(self, event: Note) -> None:
        pass

    # ------------------------------------------------------------ the dealer's errors

    def _expose(self, event: Expose) -> None:
        """A downcard dealt or turned face up: known to the table, recorded; where it
        goes is the ruling's (:meth:`turn_up`, :meth:`kill`)."""
        seat = self._seat(event.seat)
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        number = self.card_number(seat, event.round)
        index = self.downcard_index(seat, number)
        if index is None:
            raise Refusal(f"seat {seat} holds no downcard {number} (the cards in the order dealt)")
        held = self.down[seat][index]
        if event.card is not None:
            if held is not None and held != event.card:
                raise Refusal(
                    f"seat {seat}'s card {number} is {held.ascii}, not {event.card.ascii}"
                )
            if held is None:
                self._check_new((event.card,))
                self.down[seat][index] = event.card
                self.seen.add(event.card)
        self.exposed[seat].add(number)

    def turn_up(self, seat: int, number: int) -> None:
        """The exposed downcard is the seat's upcard; its third card is dealt down
        (RRoP stud rule 5, TDA RP-10-A, WSOP LA 214)."""
        index = self.downcard_index(seat, number)
        if self.street_index or self.up[seat] or index is None:
            return
        self.down_numbers[seat].pop(index)
        self.up[seat].append(self.down[seat].pop(index))
        self.door_exposed.add(seat)
        self._street_dealt()

    def replace_downcard(self, seat: int, number: int) -> Card | None:
        """The exposed downcard is taken out of play and the seat is dealt another
        (TDA RP-10-B): the betting waits for it."""
        index = self.downcard_index(seat, number)
        if index is None:
            return None
        self.down_numbers[seat].pop(index)
        card = self.down[seat].pop(index)
        self.exposed[seat].discard(number)
        if card is not None:
            self.set_aside.append(card)
        if self.round_open and not self.acted:
            self.round_open = False
            self.to_act = None
        return card

    def kill(self, seat: int, *, return_ante: bool) -> None:
        """The seat's hand is dead (its ante back when the ruling says so)."""
        if seat in self.folded:
            return
        self.folded.add(seat)
        if return_ante:
            ante = self.antes[seat]
            self.stacks[seat] += ante
            self.contributed[seat] -= ante
            self.antes[seat] = 0
        if len(self.live) == 1:
            self.to_act = None
            self.round_open = False
            self.over_reason = "fold"
        elif self.to_act == seat:
            self._next(seat)
        else:
            self._street_dealt()

    def _common(self, event: Common) -> None:
        """One card face up in the center that plays in every hand as its seventh card
        (RRoP stud rule 13, TDA RP-10-H, WSOP LA 228)."""
        if self.over_reason is not None:
            raise Refusal(f"the hand is over ({self.over_reason})")
        if self.street_index != 4 or self.round_open:
            raise Refusal("a common card is dealt for seventh street")
        if self.common is not None:
            raise Refusal("the common card is dealt already")
        if any(len(self.down[s]) > 2 for s in self.live):
            raise Refusal("a seat has its seventh card: the others get theirs from the deck")
        self._check_new((event.card,))
        self.common = event.card
        self.seen.add(event.card)
        self._street_dealt()

    def _stub(self, event: Stub) -> None:
        """The stub counted before seventh street: the rulebook rules on a short one."""
        if self.street_index != 4 or self.round_open or self.over_reason is not None:
            raise Refusal("the stub is counted before seventh street is dealt")
        self.stub_count = event.count

    def _reshuffle(self, event: Reshuffle) -> None:
        self.reshuffles += 1

    def _cut(self, event: Cut) -> None:
        pass


StudHand._routes = {
    Down: StudHand._down,
    Up: StudHand._up,
    BringIn: StudHand._bring_in,
    Complete: StudHand._complete,
    Action: StudHand._action,
    Show: StudHand._show,
    Muck: StudHand._muck,
    Note: StudHand._note,
    Expose: StudHand._expose,
    OffTable: StudHand._expose,
    Common: StudHand._common,
    Stub: StudHand._stub,
    Reshuffle: StudHand._reshuffle,
    Cut: StudHand._cut,
}
