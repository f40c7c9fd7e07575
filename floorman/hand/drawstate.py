"""The state of a draw hand (2-7 triple draw, 2-7 single draw, A-5 lowball, badugi): a
reducer over its events, with every chip accounted for.

Draw games are button games: the blinds (and antes) are posted, the first betting round
opens left of the big blind, and after it each seat still in the hand draws in turn from
the first seat left of the button, and the betting opens there (RRoP "Draw High" and
"Lowball" rules; WSOP LA draw rules). Triple draw has four betting rounds and three
draws, bet in small bets before the first draw and after it and in big bets after the
second and third (limit); single draw two rounds and one draw. No limit and pot limit
are bet as in every game: a bet of at least the big blind, a raise of at least the last
full bet or raise, an all-in below it not reopening the betting.

>>> from floorman.hand.drawevents import parse_draw_event as ev
>>> hand = DrawHand(seats={1: 500, 2: 500, 3: 500}, game="triple-draw-27", blinds={1: 5, 2: 10},
...                 button=3, structure="limit", limits=(10, 20))
>>> for text in ("deal", "3 call", "1 call", "2 check"):
...     hand.apply(ev(text))
>>> hand.phase, hand.to_draw
('draw', 1)
>>> for text in ("1 draws 2", "2 stands pat", "3 draws 1", "1 bet 10"):
...     hand.apply(ev(text))
>>> hand.round_index, hand.current_bet, hand.to_act
(1, 10, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import filterfalse
from typing import ClassVar, Final, Literal

from floorman.cards import Card
from floorman.hand.drawevents import Draw
from floorman.hand.events import (
    Action,
    Cards,
    Cut,
    Deal,
    Expose,
    Muck,
    Note,
    OffTable,
    Reshuffle,
    Show,
)  # fmt: skip
from floorman.hand.records import Refusal
from floorman.hand.reducer import Reducer
from floorman.hand.table import clockwise_rounds

__all__ = ["DRAWS", "DRAW_GAMES", "DrawGame", "DrawHand"]

DrawGame = Literal["triple-draw-27", "single-draw-27", "lowball-a5", "badugi"]
DRAW_GAMES: Final[tuple[DrawGame, ...]] = (
    "triple-draw-27", "single-draw-27", "lowball-a5", "badugi",
)  # fmt: skip
DRAWS: Final[dict[str, int]] = {
    "triple-draw-27": 3, "single-draw-27": 1, "lowball-a5": 1, "badugi": 3,
}  # fmt: skip
"""How many draws each game deals."""
HOLE: Final[dict[str, int]] = {
    "triple-draw-27": 5, "single-draw-27": 5, "lowball-a5": 5, "badugi": 4,
}  # fmt: skip


class DrawHand(Reducer):
    """Seats, chips and turn of one draw hand; see the module docstring.

    ``phase`` is ``deal`` (the cards not out yet), ``bet``, ``draw`` (``to_draw`` is the
    seat to draw) or ``over`` (``over_reason`` ``fold`` or ``showdown``); ``round_index``
    counts the betting rounds from 0.
    """

    _hand_name: ClassVar[str] = "draw hand"

    def __init__(
        self,
        *,
        seats: Mapping[int, int],
        game: DrawGame,
        blinds: Mapping[int, int],
        button: int,
        structure: Literal["limit", "no-limit", "pot-limit"],
        limits: tuple[int, int] = (0, 0),
        min_bet: int = 0,
        antes: Mapping[int, int] | None = None,
        raise_cap: int | None = 3,
    ) -> None:
        self.game: DrawGame = game
        self.seats = tuple(sorted(seats))
        if len(self.seats) < 2:
            raise ValueError("a hand needs at least two players")
        self.button = button
        self.structure = structure
        self.small_bet, self.big_bet = limits
        self.min_bet = min_bet or max(blinds.values(), default=1)
        self.raise_cap = raise_cap
        self.draws = DRAWS[game]
        self.starting = dict(seats)
        self.stacks = dict(seats)
        self.contributed = dict.fromkeys(self.seats, 0)
        self.bets = dict.fromkeys(self.seats, 0)
        self.antes = dict.fromkeys(self.seats, 0)
        for seat, amount in (antes or {}).items():
            self.antes[seat] = min(amount, self.stacks[seat])
            self._post(seat, amount, live=False)
        for seat, amount in blinds.items():
            self._post(seat, amount, live=True)
        self.folded: set[int] = set()
        self.cards: dict[int, list[Card | None]] = {seat: [] for seat in self.seats}
        self.drawn: dict[int, list[int]] = {seat: [] for seat in self.seats}
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.phase = "deal"
        self.round_index = 0
        self.to_act: int | None = None
        self.to_draw: int | None = None
        self.over_reason: str | None = None
        self.current_bet = max(self.bets.values())
        self.full_level = self.current_bet
        self.raise_size = self.min_bet
        self.wagers = 1 if self.current_bet else 0
        self.acted: set[int] = set()
        self.closed: set[int] = set()
        big = max((s for s in self.seats if self.bets[s] == self.current_bet and self.current_bet),
                  key=self._position, default=None)  # fmt: skip
        self._opener = self.seats[0] if big is None else self._left_of(big)
        self.event_count = 0
        self.exposed: list[tuple[int, Card | None, bool, int]] = []
        """Cards exposed after the deal: (seat, card, by the player, the round)."""
        self.to_replace: dict[int, int] = {}
        """Exposed cards each seat is owed once every seat has drawn."""
        self.burned: list[Card] = []
        self.reshuffles = 0

    def _post(self, seat: int, amount: int, *, live: bool) -> None:
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.contributed[seat] += paid
        if live:
            self.bets[seat] += paid

    # ------------------------------------------------------------ facts

    @property
    def over(self) -> bool:
        return self.over_reason is not None

    @property
    def pot(self) -> int:
        return sum(self.contributed.values())

    @property
    def live(self) -> tuple[int, ...]:
        return tuple(filterfalse(self.folded.__contains__, self.seats))

    def to_call(self, seat: int) -> int:
        return max(0, min(self.current_bet - self.bets[seat], self.stacks[seat]))

    def accounting_problems(self) -> list[str]:
        if sum(self.stacks.values()) + self.pot != sum(self.starting.values()):
            return ["the chips in the stacks and the pot do not add up to the buy-ins"]
        return []

    def _position(self, seat: int) -> int:
        """Clockwise from the first seat left of the button: 0, 1, ..."""
        return _positions(self.seats, self.button)[seat]

    def _left_of(self, seat: int) -> int:
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    def _clockwise(self, seat: int, include: bool = False) -> tuple[int, ...]:
        return clockwise_rounds(self.seats, include)[seat]

    def _can_act(self, seat: int) -> bool:
        return seat not in self.folded and self.stacks[seat] > 0

    # ------------------------------------------------------------ events

    def _deal(self, event: Deal) -> None:
        if self.phase != "deal":
            raise Refusal("the cards are dealt already")
        hole = HOLE[self.game]
        for seat in self.seats:
            self.cards[seat] = [None] * hole
        self._open_round(self._opener)

    def _cards(self, event: Cards) -> None:
        seat = self._seat(event.seat)
        if self.phase == "deal":
            raise Refusal("the cards are known once they are dealt: deal first")
        if len(event.cards) != len(self.cards[seat]):
            raise Refusal(f"seat {seat} holds {len(self.cards[seat])} cards")
        self._check_new(seat, event.cards)
        self.cards[seat] = list(event.cards)

    def _check_new(self, seat: int, cards: Iterable[Card | None]) -> None:
        # Only the live hands: the discards and the folded hands are reshuffled for the
        # draw when the stub runs short, and their cards are dealt again.
        seen = {c for other in self.live if other != seat for c in self.cards[other] if c}
        for card in cards:
            if card is not None and card in seen:
                raise Refusal(f"{card.ascii} is in another hand")

    # ------------------------------------------------------------ draws

    def _draw(self, event: Draw) -> None:
        seat = self._seat(event.seat)
        if self.phase != "draw":
            raise Refusal("no draw now: " + ("the betting is on" if self.phase == "bet" else
                                             f"the hand is {self.phase}"))  # fmt: skip
        if seat != self.to_draw:
            raise Refusal(f"seat {self.to_draw} draws first, not seat {seat}")
        if event.count > len(self.cards[seat]):
            raise Refusal(f"seat {seat} holds {len(self.cards[seat])} cards")
        self._check_new(seat, event.cards)
        if event.count:
            kept = self.cards[seat][: len(self.cards[seat]) - event.count]
            self.cards[seat] = kept + list(event.cards or [None] * event.count)
        self.drawn[seat].append(event.count)
        self._after_draw()

    def _after_draw(self) -> None:
        """The next seat draws; once all have, the exposed cards are replaced and the
        betting opens."""
        rest = sorted((s for s in self.live if s not in self._drew()), key=self._position)
        if rest:
            self.to_draw = rest[0]
            return
        self.to_draw = None
        self.to_replace.clear()
        self.round_index += 1
        self._open_round(self._first_after_button())

    def _drew(self) -> set[int]:
        return {s for s in self.live if len(self.drawn[s]) > self.round_index}

    def _first_after_button(self) -> int:
        return min(self.live, key=self._position)

    # ------------------------------------------------------------ betting

    def _limit(self) -> int:
        if self.draws == 3:
            return self.small_bet if self.round_index <= 1 else self.big_bet
        return self.small_bet if self.round_index == 0 else self.big_bet

    def _open_round(self, first: int) -> None:
        self.phase = "bet"
        if self.round_index:
            self.bets = dict.fromkeys(self.seats, 0)
            self.current_bet = self.full_level = self.wagers = 0
            self.raise_size = self.min_bet
        self.acted, self.closed = set(), set()
        ready = [s for s in self._clockwise(first, include=True) if self._can_act(s)]
        if not ready or (len(ready) == 1 and not self.to_call(ready[0])):
            self._round_complete()
            return
        self.to_act = ready[0]

    def _round_complete(self) -> None:
        self.to_act = None
        if self.round_index >= self.draws:
            self.phase = "over"
            self.over_reason = "showdown"
            return
        self.phase = "draw"
        self.to_draw = self._first_after_button()

    def _action(self, event: Action) -> None:
        seat, verb = self._seat(event.seat), event.verb
        if self.phase != "bet" or self.to_act is None:
            raise Refusal(f"no betting now: the hand is at the {self.phase}")
        if seat != self.to_act:
            raise Refusal(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        if verb == "fold":
            self.folded.add(seat)
            if len(self.live) == 1:
                self.to_act = None
                self.phase = "over"
                self.over_reason = "fold"
                return
            self._next(seat)
            return
        if verb == "check":
            if self.to_call(seat):
                raise Refusal(f"seat {seat} faces {self.current_bet}: call, raise or fold")
            self._commit(seat, self.bets[seat], full=False)
            return
        if verb == "call":
            if not self.to_call(seat):
                raise Refusal("nothing to call: check or bet")
            self._commit(seat, self.bets[seat] + self.to_call(seat), full=False)
            return
        allin = self.bets[seat] + self.stacks[seat]
        if verb == "allin" and allin <= self.current_bet:
            self._commit(seat, allin, full=False)
            return
        word = "raise" if self.current_bet else "bet"
        if verb not in (word, "allin"):
            raise Refusal(f"seat {seat} may {word}, not {verb}")
        self._wager(seat, word, allin if verb == "allin" else event.amount)

    def _wager(self, seat: int, word: str, amount: int | None) -> None:
        if seat in self.closed:
            raise Refusal(f"seat {seat} may not {word}: the all-in short of a raise did not"
                          " reopen the betting")  # fmt: skip
        allin = self.bets[seat] + self.stacks[seat]
        covers = max(self.bets[s] + self.stacks[s] for s in self.live if s != seat)
        if self.structure == "limit":
            if self.raise_cap is not None and self.wagers >= 1 + self.raise_cap:
                raise Refusal(f"seat {seat} may not {word}: the betting is capped")
            size = self._limit()
            lowest = highest = self.full_level + size
        else:
            size = self.raise_size
            lowest = self.current_bet + size if self.current_bet else self.min_bet
            if self.structure == "pot-limit":
                highest = min(allin, self.current_bet + self.pot + self.to_call(seat))
            else:
                highest = allin
        total = lowest if amount is None else amount
        short = total < lowest and total in (allin, covers)
        if not (lowest <= total <= highest) and not short:
            said = str(lowest) if lowest == highest else f"{lowest} to {highest}"
            raise Refusal(f"a {word} in this round goes to {said}, not {total}")
        if total <= self.current_bet or total > allin:
            raise Refusal(f"a {word} goes over {self.current_bet}, up to {allin}")
        increment = total - self.current_bet
        if self.structure == "limit":
            full = 2 * (total - self.full_level) >= size
        else:
            full = increment >= self.raise_size or total >= lowest
        if full:
            if self.structure != "limit":
                self.raise_size = max(self.raise_size, increment)
            self.full_level = total
        self._commit(seat, total, full=full)

    def _commit(self, seat: int, total: int, *, full: bool) -> None:
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
                self.acted, self.closed = set(), set()
            else:
                self.closed |= self.acted
        self.acted.add(seat)
        self._next(seat)

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
                others = any(s != seat and s not in folded and stacks[s] > 0 for s in self.seats)
                if not others and not self.to_call(seat):
                    break
                self.to_act = seat
                return
        self._round_complete()

    # ------------------------------------------------------------ showdown

    def _show(self, event: Show) -> None:
        seat = self._seat(event.seat)
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        if len(event.cards) != len(self.cards[seat]):
            raise Refusal(f"seat {seat} holds {len(self.cards[seat])} cards")
        self._check_new(seat, event.cards)
        self.cards[seat] = list(event.cards)
        self.shown[seat] = event.cards

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
        """A card of a seat's hand exposed after the deal (``by player``: by the seat
        itself). It stays in the hand until the ruling replaces it."""
        seat = self._seat(event.seat)
        if self.phase == "deal":
            raise Refusal("no card is out yet: deal first")
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        held = self.cards[seat]
        if event.card is not None and event.card not in held:
            if None not in held:
                raise Refusal(f"seat {seat} holds {' '.join(c.ascii for c in held if c)}")
            self._check_new(seat, (event.card,))
            slot = len(held) - 1 - held[::-1].index(None)
            held[slot] = event.card
        self.exposed.append((seat, event.card, event.by_player, self.round_index))

    def replace_exposed(self, seat: int, card: Card | None) -> None:
        """The exposed card leaves the seat's hand (the burn card); the seat is dealt
        another once every seat has drawn (RRoP "Lowball" 9, WSOP LA section X)."""
        held = self.cards[seat]
        if card is not None and card in held:
            held[held.index(card)] = None
            self.burned.append(card)
        self.to_replace[seat] = self.to_replace.get(seat, 0) + 1

    def _reshuffle(self, event: Reshuffle) -> None:
        if self.phase != "draw":
            raise Refusal("the discards are reshuffled for a draw")
        self.reshuffles += 1

    def _cut(self, event: Cut) -> None:
        pass


@lru_cache(maxsize=256)
def _positions(seats: tuple[int, ...], button: int) -> dict[int, int]:
    """Each seat's place clockwise from the first seat left of the button, once per table
    and button."""
    after = [s for s in seats if s > button] + [s for s in seats if s <= button]
    return {seat: place for place, seat in enumerate(after)}


DrawHand._routes = {
    Deal: DrawHand._deal,
    Cards: DrawHand._cards,
    Draw: DrawHand._draw,
    Action: DrawHand._action,
    Show: DrawHand._show,
    Muck: DrawHand._muck,
    Note: DrawHand._note,
    Expose: DrawHand._expose,
    OffTable: DrawHand._expose,
    Reshuffle: DrawHand._reshuffle,
    Cut: DrawHand._cut,
}
