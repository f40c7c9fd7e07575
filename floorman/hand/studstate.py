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

A limit round allows a bet and ``raise_cap`` raises; an all-in of half a bet or more
counts as a full bet and is raised from there ("raising a $15 all-in bet to $35"), one
below half does not reopen the betting for the seats that acted, and the next seat
completes it to the full raise (RRoP "Betting and Raising" 5).

Bad input (a seat out of turn, a wager the limit does not allow, a card seen twice, a
card before the round is complete) raises :class:`IllegalEvent` naming the event and
leaves the state as it was. The irregularities of these games (a downcard dealt up, the
wrong bring-in, a premature card) are the rulebook's to rule on, not this reducer's.

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

from collections.abc import Callable, Iterable, Mapping
from typing import Final, cast

from floorman.cards import Card
from floorman.hand.events import Action, Event, IllegalEvent, Muck, Note, Show
from floorman.hand.records import ActionRecord, Refusal
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
from floorman.hand.studevents import BringIn, Complete, Down, Up

__all__ = ["StudHand"]

_TOTALS: Final = tuple(
    (sum(d for d, _ in STREET_CARDS[: i + 1]), sum(u for _, u in STREET_CARDS[: i + 1]))
    for i in range(len(STREET_CARDS))
)
"""(downcards, upcards) a seat holds once each street is dealt."""


class StudHand:
    """Seats, chips, cards and turn of one stud hand; see the module docstring.

    Read-only attributes: ``game``, ``seats`` (in the order the cards go out, from
    seat 1), ``starting`` and ``stacks``, ``antes``, ``contributed`` (every chip each
    seat put in over the hand), ``bets`` (this street), ``folded``, ``down`` and ``up``
    (each seat's cards as dealt), ``street_index`` (into :data:`STUD_STREETS`),
    ``to_act``, ``over_reason`` (``None``, ``fold`` or ``showdown``), ``bring_in_seat``,
    ``actions``, ``shown`` and ``seen`` (every card known in a hand).
    """

    def __init__(
        self,
        *,
        seats: Mapping[int, int],
        game: StudGame,
        ante: int,
        bring_in: int,
        limits: tuple[int, int],
        raise_cap: int | None = DEFAULT_RAISE_CAP,
    ) -> None:
        self.game: StudGame = game
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
        return tuple(seat for seat in self.seats if seat not in self.folded)

    def cards(self, seat: int) -> tuple[Card | None, ...]:
        """The seat's cards as a player holds them: the two downcards, the four upcards,
        the last downcard."""
        down, up = self.down[seat], self.up[seat]
        return (*down[:2], *up, *down[2:])

    def known(self, seat: int) -> tuple[Card, ...]:
        return tuple(card for card in self.cards(seat) if card is not None)

    def to_call(self, seat: int) -> int:
        return max(0, min(self.current_bet - self.bets[seat], self.stacks[seat]))

    def options(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` may do now, in the notation's words."""
        if seat != self.to_act:
            return ()
        if self.street_index == 0 and self.current_bet == 0:
            return ("bring-in", "complete")
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
        seen = [card for seat in self.seats for card in self.known(seat)]
        if len(seen) != len(set(seen)):
            problems.append("a card is in two hands")
        return problems

    # ------------------------------------------------------------ events

    def apply(self, event: Event, number: int | None = None) -> None:
        """Take one event; raise :class:`IllegalEvent` (state unchanged) if it cannot be."""
        n = self.event_count + 1 if number is None else number
        handler = _ROUTES.get(type(event))
        if handler is None:
            raise IllegalEvent(n, str(event), f'"{event.kind}" is not an event of a stud hand')
        try:
            handler(self, event)
        except Refusal as bad:
            raise IllegalEvent(n, str(event), str(bad)) from None
        self.event_count = n

    def apply_all(self, events: Iterable[Event]) -> StudHand:
        for event in events:
            self.apply(event)
        return self

    def _seat(self, seat: int) -> int:
        if seat not in self.stacks:
            raise Refusal(f"seat {seat} is not in the hand")
        return seat

    def _dealing(self, seat: int) -> int:
        """The street the seat's next card belongs to."""
        self._seat(seat)
        if self.over_reason is not None:
            raise Refusal(f"the hand is over ({self.over_reason})")
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        held = (len(self.down[seat]), len(self.up[seat]))
        street = next(
            (i for i, total in enumerate(_TOTALS) if held[0] < total[0] or held[1] < total[1]),
            None,
        )
        if street is None:
            raise Refusal(f"seat {seat} holds seven cards")
        if street != self.street_index or self.round_open:
            raise Refusal(
                f"{STUD_STREETS[street]} street is dealt when the betting on"
                f" {STUD_STREETS[max(street - 1, 0)]} street is complete"
            )
        return street

    def _check_new(self, cards: Iterable[Card | None]) -> None:
        for card in cards:
            if card is not None and card in self.seen:
                raise Refusal(f"{card.ascii} is dealt already")

    def _down(self, event: Down) -> None:
        street = self._dealing(event.seat)
        room = _TOTALS[street][0] - len(self.down[event.seat])
        if len(event.cards) > room:
            raise Refusal(f"{STUD_STREETS[street]} street deals seat {event.seat} {room} more"
                          " downcard" + ("s" if room != 1 else ""))  # fmt: skip
        if len({c for c in event.cards if c}) != len([c for c in event.cards if c]):
            raise Refusal("a card is named twice")
        self._check_new(event.cards)
        self.down[event.seat].extend(event.cards)
        self.seen.update(card for card in event.cards if card is not None)
        self._street_dealt()

    def _up(self, event: Up) -> None:
        street = self._dealing(event.seat)
        if len(self.up[event.seat]) >= _TOTALS[street][1]:
            raise Refusal(f"{STUD_STREETS[street]} street deals seat {event.seat} a downcard")
        self._check_new((event.card,))
        self.up[event.seat].append(event.card)
        if event.card is not None:
            self.seen.add(event.card)
        self._street_dealt()

    def _street_dealt(self) -> None:
        """Open the round once every live seat holds its cards for the street."""
        want = _TOTALS[self.street_index]
        if self.round_open or any((len(self.down[s]), len(self.up[s])) != want for s in self.live):
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
        else:
            first = first_to_act(self.game, cast(dict[int, list[Card]], showing))
        ready = [seat for seat in self._clockwise(first, include=True) if self._can_act(seat)]
        if (len(ready) < 2 and self.street_index > 0) or not ready:
            self._round_complete()
            return
        self.to_act = ready[0]

    def _can_act(self, seat: int) -> bool:
        return seat not in self.folded and self.stacks[seat] > 0

    def _clockwise(self, seat: int, include: bool = False) -> list[int]:
        i = self.seats.index(seat)
        start = i if include else i + 1
        return [self.seats[(start + k) % len(self.seats)] for k in range(len(self.seats))]

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

    def _sizes(self) -> tuple[int, ...]:
        """The sizes a full bet or raise may take now."""
        if (
            self.game == "stud"
            and self.street_index == 1
            and self.limit == self.small_bet
            and open_pair(self.up[s] for s in self.live)
        ):
            return (self.small_bet, self.big_bet)
        return (self.limit,)

    def _bring_in(self, event: BringIn) -> None:
        seat = event.seat
        self._turn(seat)
        if self.street_index != 0 or self.current_bet:
            raise Refusal("the bring-in opens third street")
        allin = self.stacks[seat]
        amount = min(self.bring_in, allin) if event.amount is None else event.amount
        if amount != min(self.bring_in, allin):
            raise Refusal(f"the bring-in is {self.bring_in}, not {amount}")
        self._commit(seat, "bring-in", amount, full=False)

    def _complete(self, event: Complete) -> None:
        self._turn(event.seat)
        if self.street_index != 0 or self.full_level:
            raise Refusal("only the bring-in is completed")
        self._wager(event.seat, "complete", event.amount)

    def _action(self, event: Action) -> None:
        seat, verb = event.seat, event.verb
        self._turn(seat)
        bringing = self.street_index == 0 and self.current_bet == 0
        if bringing and verb not in ("bet", "allin"):
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
        totals = [self.full_level + size for size in self._sizes()]
        total = totals[0] if amount is None else amount
        covers = max(self.bets[s] + self.stacks[s] for s in self.live if s != seat)
        short = total < totals[-1] and (total in (allin, covers))
        if total not in totals and not short:
            said = " or ".join(str(t) for t in totals)
            raise Refusal(f"a {verb} in this round goes to {said}, not {total}")
        if total <= self.current_bet:
            raise Refusal(f"a {verb} goes over {self.current_bet}")
        size = min((s for s in self._sizes() if self.full_level + s >= total), default=self.limit)
        full = 2 * (total - self.full_level) >= size
        if full:
            if size == self.big_bet:
                self.limit = self.big_bet
            self.full_level = total
        self._commit(seat, verb, total, full=full)

    def _commit(self, seat: int, verb: str, total: int, *, full: bool) -> None:
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
        self.actions.append(
            ActionRecord(
                self.event_count + 1, self.street, seat, verb, total, added,
                self.stacks[seat] == 0, full,
            )
        )  # fmt: skip

    def _next(self, after: int) -> None:
        for seat in self._clockwise(after):
            if self._can_act(seat) and (
                seat not in self.acted or self.bets[seat] < self.current_bet
            ):
                if self._others_all_in(seat):
                    break
                self.to_act = seat
                return
        self._round_complete()

    def _others_all_in(self, seat: int) -> bool:
        """Nobody else can act and the seat owes nothing: no betting is left."""
        return not self.to_call(seat) and not any(
            self._can_act(other) for other in self.live if other != seat
        )

    # ------------------------------------------------------------ showdown

    def _show(self, event: Show) -> None:
        seat = self._seat(event.seat)
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        held = self.cards(seat)
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


_ROUTES: Final[dict[type, Callable[[StudHand, object], None]]] = {
    Down: StudHand._down,  # type: ignore[dict-item]
    Up: StudHand._up,  # type: ignore[dict-item]
    BringIn: StudHand._bring_in,  # type: ignore[dict-item]
    Complete: StudHand._complete,  # type: ignore[dict-item]
    Action: StudHand._action,  # type: ignore[dict-item]
    Show: StudHand._show,  # type: ignore[dict-item]
    Muck: StudHand._muck,  # type: ignore[dict-item]
    Note: StudHand._note,  # type: ignore[dict-item]
}
