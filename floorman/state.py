"""The state of a hand: a reducer over its events, with every chip and card accounted for.

:class:`HandState` starts from a header (seats, stacks, button, blinds) with
the blinds and antes already posted, and takes events one by one with
:meth:`HandState.apply`. It knows whose turn it is, what each seat may do,
where each of the 52 cards is, and the deal position of every hole card.

Irregular events are recorded, not refused, because the rulebook rules on
them: a board card turned before the betting round is complete (kept on the
board, flagged premature; the round goes on), a four-card flop, missing or
extra burns, exposed hole cards, extra cards, a card recorded twice (the
first record wins; :attr:`HandState.duplicates` says which event had it
first). Bad input (a seat not at the table, an action out of turn, more chips
than a stack holds, a river before any flop) raises :class:`IllegalEvent`
naming the event, and leaves the state as it was.

The rules engine reads the state *before* each event (the attributes and
properties documented here are its facts) and enacts corrective procedures
through the procedure hooks (:meth:`HandState.move_card`,
:meth:`HandState.take_hole_card`, :meth:`HandState.kill_hand`,
:meth:`HandState.end_hand`, ...). Treat attributes as read-only: only
:meth:`apply` and the hooks change a state. Events are numbered from 1.

>>> from floorman.events import parse_event
>>> s = HandState(seats={1: 100, 2: 100, 3: 100}, button=3, blinds=(1, 2))
>>> s.stacks, s.to_act
({1: 99, 2: 98, 3: 100}, 3)
>>> for text in ["deal", "3 raise 6", "1 fold", "2 call", "burn", "flop Ah Kd 7c"]:
...     s.apply(parse_event(text))
>>> s.street, s.pot, s.to_act, str(s.location(parse_event("flop Ah Kd 7c").cards[1]))
('flop', 13, 2, 'board (flop)')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from floorman import betting as _betting
from floorman.cards import DECK, Card
from floorman.errors import FloormanError
from floorman.events import (
    Action,
    Board,
    Burn,
    Cards,
    Cut,
    Deal,
    Event,
    Expose,
    Extra,
    IllegalEvent,
    Misdeal,
    Muck,
    Note,
    PlaysBoard,
    Post,
    Reshuffle,
    Show,
)
from floorman.table import Table

__all__ = [
    "GAMES",
    "HOLE_CARDS",
    "STREETS",
    "ActionRecord",
    "BoardCard",
    "BurnCard",
    "Duplicate",
    "HandState",
    "HoleCard",
    "PendingStep",
    "Place",
    "ProcedureError",
    "TakenBack",
]

Game = Literal["holdem", "omaha", "omaha-hilo"]
GAMES: Final[tuple[Game, ...]] = ("holdem", "omaha", "omaha-hilo")
HOLE_CARDS: Final[dict[str, int]] = {"holdem": 2, "omaha": 4, "omaha-hilo": 4}
STREETS: Final = ("preflop", "flop", "turn", "river", "showdown")
"""Betting rounds in order; ``showdown`` once the river round is complete."""

_BOARD_INDEX: Final = {"flop": 1, "turn": 2, "river": 3}
_ROUND_NAMES: Final = ("first", "second", "third", "fourth")

PlaceKind = Literal["seat", "board", "burn", "set-aside", "muck", "stub"]


class ProcedureError(FloormanError, ValueError):
    """A corrective procedure that cannot be enacted on this state (no such card, ...)."""


class _Illegal(Exception):
    """Raised by a handler before it changes anything; becomes :class:`IllegalEvent`."""


class Place(NamedTuple):
    """Where a card is: a seat's hand (``round`` its deal round, ``None`` for an extra
    card), the board or the burns (``street`` they belong to), set aside, the muck
    (a folded or dead hand; ``seat`` whose it was) or the stub (not seen anywhere else)."""

    kind: PlaceKind
    seat: int | None = None
    street: str | None = None
    round: int | None = None

    def __str__(self) -> str:
        if self.kind == "seat":
            if self.round is None:
                return f"seat {self.seat} (extra card)"
            return f"seat {self.seat} ({_ROUND_NAMES[self.round - 1]} card)"
        if self.kind in ("board", "burn"):
            return f"{self.kind} ({self.street})"
        if self.kind == "muck" and self.seat is not None:
            return f"muck (seat {self.seat})"
        return self.kind


STUB: Final = Place("stub")
SET_ASIDE: Final = Place("set-aside")
_BOARD_PLACES: Final = {street: Place("board", street=street) for street in _BOARD_INDEX}
_BURN_PLACES: Final = {street: Place("burn", street=street) for street in _BOARD_INDEX}
_SEAT_PLACES: Final = [
    [Place("seat", seat, None, r or None) for r in range(5)] for seat in range(33)
]
"""Places of hole cards (round 1..4) and extra cards (index 0) of seats 1..32, made once."""


_new_record: Final = tuple.__new__
"""Makes a named-tuple record from its fields without the Python-level ``__new__``."""

_TABLES: dict[tuple[tuple[int, ...], int], Table] = {}


def _table(seats: tuple[int, ...], button: int) -> Table:
    """Tables are immutable: hands at the same seats and button share one."""
    table = _TABLES.get((seats, button))
    if table is None:
        if len(_TABLES) > 4096:
            _TABLES.clear()
        table = _TABLES[(seats, button)] = Table(seats, button)
    return table


def _seat_place(seat: int, deal_round: int | None) -> Place:
    if seat < 33:
        return _SEAT_PLACES[seat][deal_round or 0]
    return Place("seat", seat, None, deal_round)


class BoardCard(NamedTuple):
    """A board card; ``premature`` when it came before the betting round was complete."""

    card: Card
    street: str
    premature: bool
    event: int


class TakenBack(NamedTuple):
    """A board card a procedure took off the board, and where it went
    (``set-aside``, ``stub`` or ``burn``)."""

    board: BoardCard
    to: str


class BurnCard(NamedTuple):
    """A burn; ``street`` is the board street it precedes, ``event`` the event that put it there."""

    card: Card | None
    street: str
    event: int


class PendingStep(NamedTuple):
    """A step of a corrective procedure the dealer has still to carry out before
    ``street`` is dealt (``do`` is the rulebook's primitive: ``reshuffle``, ``cut``,
    ``burn``, ``deal-without-burn``, ``use-as-burn``, ``scramble``, ``set-aside``,
    ``return-to-stub``), from the ruling on ``event``; ``what`` names the cards when
    they are not known (``extra card``)."""

    do: str
    street: str
    rule: str
    event: int
    cards: tuple[Card, ...] = ()
    what: str = "card"


@dataclass(frozen=True, slots=True)
class HoleCard:
    """One hole card: whose, its deal round and deal position, and whether it was exposed."""

    seat: int
    round: int
    position: int
    card: Card | None
    dealt: bool
    exposed_by: str | None


@dataclass(frozen=True, slots=True)
class Duplicate:
    """A card recorded a second time: the rulebook decides if it is a slip or a fouled deck."""

    card: Card
    first_event: int
    first_place: Place
    event: int
    place: Place


class ActionRecord(NamedTuple):
    """A voluntary betting action: ``total`` in front of the seat afterwards, ``added`` chips."""

    event: int
    street: str
    seat: int
    verb: str
    total: int
    added: int
    all_in: bool
    full: bool


class HandState:
    """Seats, chips, cards and turn of one hand; see the module docstring.

    Read-only attributes (facts for the rules engine):

    - ``game``, ``betting``, ``blinds`` (small, big), ``ante``, ``table``
      (:class:`floorman.table.Table`), ``button``, ``seats`` (ascending),
      ``order`` (clockwise from the first seat left of the button)
    - ``starting`` / ``stacks``: chips behind per seat at the start / now
    - ``contributed``: chips each seat has put in the middle this hand (antes,
      blinds, bets, this street's included); ``street_bets``: in front of each
      seat on this street
    - ``folded``: seats out of the hand (fold, muck, dead); ``mucked``,
      ``killed``: which of them mucked at showdown / had the hand killed
    - ``street_index`` (0..4 into :data:`STREETS`), ``betting_complete`` for the
      current round, ``over_reason`` (``None`` or ``fold``, ``showdown``,
      ``misdeal``, ``void``), ``to_act`` (a seat or ``None``)
    - ``current_bet``, ``raise_size`` (the last full bet or raise),
      ``full_wagers`` (bets and full raises this round), ``street_actions``
      (voluntary actions this round), ``actions_since_board``, ``actions``
      (every :class:`ActionRecord` of the hand)
    - ``dealt`` / ``deal_total``: hole cards dealt so far / to deal; ``board``
      (:class:`BoardCard` list), ``burns`` (:class:`BurnCard` list),
      ``set_aside`` (cards or ``None`` for unknown ones), ``extras`` (per seat),
      ``taken_back`` (:class:`TakenBack` board cards a procedure took away)
    - ``duplicates`` (:class:`Duplicate` list), ``shown`` (seat -> cards
      tabled), ``plays_board`` (seats that declared it), ``reshuffles`` and
      ``cuts`` (the events that did them), ``event_count``
    - ``procedures``: the :class:`PendingStep` list of the corrective procedures
      in force, kept by the rules engine; the state only carries it along
      (copied with the state) so that whoever shows the state can say what the
      dealer does next
    """

    __slots__ = (
        "_acted_level",
        "_aggressor",
        "_anchor",
        "_cap_waived",
        "_exposed",
        "_first_event",
        "_full_level",
        "_holes",
        "_missing",
        "_needs",
        "_where",
        "actions",
        "actions_since_board",
        "ante",
        "betting",
        "betting_complete",
        "big_bet",
        "blinds",
        "board",
        "burns",
        "contributed",
        "current_bet",
        "cuts",
        "deal_total",
        "dealt",
        "duplicates",
        "event_count",
        "extras",
        "folded",
        "full_wagers",
        "game",
        "heads_up_uncapped",
        "hole_count",
        "killed",
        "min_bet",
        "mucked",
        "out",
        "over_reason",
        "plays_board",
        "procedures",
        "raise_cap",
        "raise_size",
        "reshuffles",
        "set_aside",
        "shown",
        "small_bet",
        "stacks",
        "starting",
        "street_actions",
        "street_bets",
        "street_index",
        "table",
        "taken_back",
        "to_act",
    )

    game: str
    betting: _betting.Structure
    blinds: tuple[int, int]
    ante: int
    table: Table
    min_bet: int
    small_bet: int
    big_bet: int
    raise_cap: int | None
    heads_up_uncapped: bool
    hole_count: int
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
    dealt: int
    deal_total: int
    board: list[BoardCard]
    burns: list[BurnCard]
    set_aside: list[Card | None]
    taken_back: list[TakenBack]
    extras: dict[int, list[Card | None]]
    duplicates: list[Duplicate]
    shown: dict[int, tuple[Card, ...]]
    plays_board: set[int]
    reshuffles: list[int]
    cuts: list[int]
    event_count: int
    procedures: list[PendingStep]
    out: int
    _holes: dict[int, list[Card | None]]
    _exposed: dict[tuple[int, int], str]
    _missing: set[tuple[int, int]]
    _where: dict[int, Place]
    _first_event: dict[int, int]
    _needs: set[int]
    _acted_level: dict[int, int]
    _full_level: int
    _anchor: int
    _aggressor: dict[int, int]

    def __init__(
        self,
        *,
        seats: Mapping[int, int],
        button: int,
        blinds: tuple[int, int] = (1, 2),
        ante: int = 0,
        game: str = "holdem",
        betting: _betting.Structure = "no-limit",
        limit_raise_cap: int | None = _betting.DEFAULT_RAISE_CAP,
        limit_bets: tuple[int, int] | None = None,
        min_bet: int | None = None,
        limit_heads_up_uncapped: bool = False,
    ) -> None:
        """Start a hand: the antes and blinds are posted from the stacks.

        Arguments are trusted values (the hand-file header validates them);
        a short stack posts what it has and is all in. In limit games
        ``limit_raise_cap`` raises are allowed after the bet (``None``: no cap);
        with ``limit_heads_up_uncapped`` a round that reaches the cap with only
        two players left who are not all in has no cap (RRoP §3 Betting and
        Raising 4).
        """
        self.game = game
        self.betting = betting
        self.blinds = (blinds[0], blinds[1])
        self.ante = ante
        self.table = _table(tuple(seats), button)
        self.hole_count = HOLE_CARDS[game]
        self.min_bet = min_bet if min_bet is not None else max(blinds[1], 1)
        small, big = limit_bets if limit_bets is not None else (blinds[1], 2 * blinds[1])
        self.small_bet, self.big_bet = max(small, 1), max(big, 1)
        self.raise_cap = limit_raise_cap
        self.heads_up_uncapped = limit_heads_up_uncapped
        self._cap_waived = False
        self.starting = dict(seats)
        self.stacks = dict(seats)
        order = self.table.deal_order
        self.contributed = dict.fromkeys(order, 0)
        self.street_bets = dict.fromkeys(order, 0)
        self.folded, self.mucked, self.killed = set(), set(), set()
        self.street_index = 0
        self.betting_complete = False
        self.over_reason = None
        self.to_act = None
        self.street_actions = self.actions_since_board = 0
        self.actions = []
        self.dealt, self.deal_total = 0, self.hole_count * len(order)
        self.board, self.burns, self.set_aside = [], [], []
        self.extras = {s: [] for s in order}
        self.duplicates = []
        self.shown = {}
        self.plays_board = set()
        self.reshuffles, self.cuts = [], []
        self.taken_back = []
        self.event_count = 0
        self.procedures = []
        self.out = 0
        self._holes = {s: [None] * self.hole_count for s in order}
        self._exposed, self._missing = {}, set()
        self._where, self._first_event = {}, {}
        self._aggressor = {}
        self._acted_level = {}
        if ante:
            for seat in order:
                self._put_in(seat, min(ante, self.stacks[seat]), live=False)
        sb_seat, bb_seat = self.table.blind_seats
        self._put_in(sb_seat, min(blinds[0], self.stacks[sb_seat]), live=True)
        self._put_in(bb_seat, min(blinds[1], self.stacks[bb_seat]), live=True)
        self.current_bet = max(blinds[1], max(self.street_bets.values()))
        self.raise_size = self.min_bet
        self._full_level = self.current_bet
        self.full_wagers = 1 if blinds[1] else 0
        self._anchor = bb_seat if blinds[1] else button
        self._needs = {s for s in order if self.stacks[s] > 0}
        self._settle_turn(self._anchor)

    # ----------------------------------------------------------------- reading

    @property
    def button(self) -> int:
        return self.table.button

    @property
    def seats(self) -> tuple[int, ...]:
        return self.table.seats

    @property
    def order(self) -> tuple[int, ...]:
        return self.table.deal_order

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

    @property
    def deal_complete(self) -> bool:
        return self.dealt >= self.deal_total

    @property
    def stub_count(self) -> int:
        """Cards left in the stub (52 less every card out: hands, board, burns, set aside)."""
        return 52 - self.out

    @property
    def board_cards(self) -> tuple[Card, ...]:
        return tuple(b.card for b in self.board)

    @property
    def premature_cards(self) -> tuple[Card, ...]:
        return tuple(b.card for b in self.board if b.premature)

    @property
    def turned_early(self) -> tuple[BoardCard, ...]:
        """Every board card turned before its betting round was complete, in the order
        turned: those still on the board and those a procedure took away."""
        early = [b for b in self.board if b.premature]
        early.extend(t.board for t in self.taken_back if t.board.premature)
        return tuple(sorted(early, key=lambda b: b.event))

    def board_street(self, street: str) -> tuple[Card, ...]:
        """The board cards turned as ``street`` (a flop may hold four)."""
        return tuple(b.card for b in self.board if b.street == street)

    def burns_for(self, street: str) -> tuple[Card | None, ...]:
        """The burns before ``street``'s board cards: ``len()`` is how many."""
        return tuple(b.card for b in self.burns if b.street == street)

    @property
    def next_board_street(self) -> str | None:
        """The board street not yet turned (``None`` once the river is out)."""
        if not self.board:
            return "flop"
        turned = {b.street for b in self.board}
        for street in ("flop", "turn", "river"):
            if street not in turned:
                return street
        return None

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

    # hole cards --------------------------------------------------------------

    def deal_position(self, seat: int, deal_round: int) -> int:
        """1 = the first card off the deck, to the first seat left of the button."""
        return self.table.deal_position(seat, deal_round)

    def hole(self, seat: int) -> tuple[Card | None, ...]:
        """The seat's hole cards by deal round; ``None`` where unknown or not dealt."""
        return tuple(self._holes[seat])

    def hole_card(self, seat: int, deal_round: int) -> HoleCard:
        position = self.table.deal_position(seat, deal_round)
        return HoleCard(
            seat,
            deal_round,
            position,
            self._holes[seat][deal_round - 1],
            position <= self.dealt and (seat, deal_round) not in self._missing,
            self._exposed.get((seat, deal_round)),
        )

    def hole_cards(self) -> list[HoleCard]:
        """Every hole card in deal order."""
        return [self.hole_card(*self.table.card_at(p)) for p in range(1, self.deal_total + 1)]

    @property
    def exposed(self) -> dict[tuple[int, int], str]:
        """(seat, deal round) -> ``dealer`` or ``player`` for every exposed hole card."""
        return dict(self._exposed)

    def known_cards(self, seat: int) -> tuple[Card, ...]:
        """Every card known to be in ``seat``'s hand, extra cards included."""
        cards = [c for c in self._holes[seat] if c is not None]
        cards.extend(c for c in self.extras[seat] if c is not None)
        return tuple(cards)

    # cards ------------------------------------------------------------------

    def location(self, card: Card) -> Place:
        """Where ``card`` is; the stub when it was not seen anywhere else."""
        place = self._where.get(card.index)
        if place is None:
            return STUB
        if place.kind == "seat" and place.seat in self.folded:
            return Place("muck", place.seat, None, place.round)
        return place

    def first_seen(self, card: Card) -> int | None:
        """The event that first recorded ``card`` (``None``: never seen or back in the stub)."""
        return self._first_event.get(card.index)

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

    # ------------------------------------------------------------ applying events

    def apply(self, event: Event, number: int | None = None) -> None:
        """Take one event; raise :class:`IllegalEvent` (state unchanged) if it cannot be."""
        n = self.event_count + 1 if number is None else number
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise IllegalEvent(n, str(event), f"{type(event).__name__} is not an event")
        try:
            handler(self, event, n)
        except _Illegal as bad:
            raise IllegalEvent(n, str(event), str(bad)) from None
        self.event_count = n

    def apply_all(self, events: Iterable[Event]) -> HandState:
        for event in events:
            self.apply(event)
        return self

    def copy(self) -> HandState:
        """An independent copy (cards and records are shared: they are immutable)."""
        new = object.__new__(HandState)
        # Immutable values are shared; assigned one by one, a copy costs a third less.
        new.game = self.game
        new.betting = self.betting
        new.blinds = self.blinds
        new.ante = self.ante
        new.table = self.table
        new.min_bet = self.min_bet
        new.small_bet = self.small_bet
        new.big_bet = self.big_bet
        new.raise_cap = self.raise_cap
        new.hole_count = self.hole_count
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
        new.dealt = self.dealt
        new.deal_total = self.deal_total
        new.event_count = self.event_count
        new.out = self.out
        new._full_level = self._full_level
        new._anchor = self._anchor
        new.heads_up_uncapped = self.heads_up_uncapped
        new._cap_waived = self._cap_waived
        new.stacks = dict(self.stacks)
        new.contributed = dict(self.contributed)
        new.street_bets = dict(self.street_bets)
        new.folded, new.mucked, new.killed = set(self.folded), set(self.mucked), set(self.killed)
        new.actions = list(self.actions)
        new.board, new.burns, new.set_aside = (
            list(self.board),
            list(self.burns),
            list(self.set_aside),
        )
        new.extras = {s: list(c) for s, c in self.extras.items()}
        new.duplicates = list(self.duplicates)
        new.shown = dict(self.shown)
        new.plays_board = set(self.plays_board)
        new.reshuffles, new.cuts = list(self.reshuffles), list(self.cuts)
        new.taken_back = list(self.taken_back)
        new.procedures = list(self.procedures)
        new._holes = {s: list(c) for s, c in self._holes.items()}
        new._exposed, new._missing = dict(self._exposed), set(self._missing)
        new._where, new._first_event = dict(self._where), dict(self._first_event)
        new._needs = set(self._needs)
        new._acted_level = dict(self._acted_level)
        new._aggressor = dict(self._aggressor)
        return new

    def snapshot(self) -> tuple[object, ...]:
        """Everything the state holds, as plain comparable values (for tests and audits)."""
        return (
            self.stacks, self.contributed, self.street_bets, sorted(self.folded),
            sorted(self.mucked), sorted(self.killed), self.street_index, self.betting_complete,
            self.over_reason, self.to_act, self.current_bet, self.raise_size, self.full_wagers,
            self._full_level, self.street_actions, self.actions_since_board, self.actions,
            self.dealt, self.board, self.burns, self.set_aside, self.extras, self.duplicates,
            self.shown, sorted(self.plays_board), self.reshuffles, self.cuts, self.taken_back,
            self.event_count,
            self.out, self._holes, self._exposed, sorted(self._missing),
            sorted(self._where.items()), self._first_event, sorted(self._needs),
            self._acted_level, self._anchor, self._aggressor, self._cap_waived,
        )  # fmt: skip

    # ----------------------------------------------------------- procedure hooks

    def move_card(self, card: Card, to: str, *, source: str | None = None) -> None:
        """Move a known card to ``set-aside``, ``stub`` or ``burn`` (the burn of the next
        board street). ``source`` (``board``, ``burn``, ``set-aside``, ``seat``, ``stub``)
        picks which copy when a card was recorded twice; by default, where it was first seen."""
        self._check_destination(to)
        kind = source or self.location(card).kind
        if kind == "board":
            index = next((i for i, b in enumerate(self.board) if b.card == card), None)
            if index is None:
                raise ProcedureError(f"{card} is not on the board")
            self.taken_back.append(TakenBack(self.board.pop(index), to))
        elif kind == "burn":
            index = next((i for i, b in enumerate(self.burns) if b.card == card), None)
            if index is None:
                raise ProcedureError(f"{card} is not among the burns")
            del self.burns[index]
        elif kind == "set-aside":
            if card not in self.set_aside:
                raise ProcedureError(f"{card} is not set aside")
            self.set_aside.remove(card)
        elif kind in ("seat", "muck"):
            seat, deal_round = self._find_in_seats(card)
            if deal_round is None:
                self.extras[seat].remove(card)
            else:
                self._holes[seat][deal_round - 1] = None
                self._missing.add((seat, deal_round))
                self._exposed.pop((seat, deal_round), None)
            kind = "seat"
        elif kind == "stub":
            if card.index in self._where:
                raise ProcedureError(f"{card} is not in the stub but at {self.location(card)}")
            if to == "stub":
                return
            if self.out >= 52:
                raise ProcedureError("the stub is empty")
            self._put_away(card, to)
            return
        else:
            raise ProcedureError(f"cannot take a card from {kind}")
        self.out -= 1
        self._reindex(card)
        self._put_away(card, to)
        if kind == "board":
            self._fit_street_to_board()

    def _fit_street_to_board(self) -> None:
        """A board card taken back before anyone acted on its street: the round it opened
        had not really begun, so the hand waits for that card again."""
        streets = {b.street for b in self.board}
        out = 0
        for street in ("flop", "turn", "river"):
            if street not in streets:
                break
            out += 1
        if self.street_index <= out or self.street_actions:
            return
        if self.over_reason not in (None, "showdown"):
            return
        self.street_index = out
        self.over_reason = None
        self.street_bets = dict.fromkeys(self.table.deal_order, 0)
        self.current_bet = 0
        self._needs = set()
        self.to_act = None
        self.betting_complete = True

    def _reindex(self, card: Card) -> None:
        """After a copy of ``card`` left its place: point at a copy still out, if any."""
        places = self._places_of(card)
        recorded = self._where.get(card.index)
        if not places:
            self._where.pop(card.index, None)
            self._first_event.pop(card.index, None)
        elif recorded not in places:
            self._where[card.index] = places[0]
            self._first_event[card.index] = next(
                (d.event for d in self.duplicates if d.card == card and d.place == places[0]),
                self._first_event.get(card.index, self.event_count),
            )

    def _places_of(self, card: Card) -> list[Place]:
        """Every place a copy of ``card`` is physically recorded (two for a duplicate)."""
        places: list[Place] = []
        for seat, cards in self._holes.items():
            for r, c in enumerate(cards, 1):
                if c == card:
                    places.append(Place("seat", seat, None, r))
        for seat, extra in self.extras.items():
            places.extend(Place("seat", seat) for c in extra if c == card)
        places.extend(Place("board", street=b.street) for b in self.board if b.card == card)
        places.extend(Place("burn", street=b.street) for b in self.burns if b.card == card)
        places.extend(SET_ASIDE for c in self.set_aside if c == card)
        return places

    def _find_in_seats(self, card: Card) -> tuple[int, int | None]:
        for seat, cards in self._holes.items():
            if card in cards:
                return seat, cards.index(card) + 1
        for seat, extra in self.extras.items():
            if card in extra:
                return seat, None
        raise ProcedureError(f"{card} is in no seat's hand")

    def take_hole_card(self, seat: int, deal_round: int, to: str) -> Card | None:
        """Take a seat's hole card (known or not) to ``set-aside``, ``stub`` or ``burn``;
        the seat is a card short until :meth:`give_hole_card`. Returns the card if known."""
        self._check_destination(to)
        if seat not in self._holes or not 1 <= deal_round <= self.hole_count:
            raise ProcedureError(f"seat {seat} has no card {deal_round}")
        if not self.hole_card(seat, deal_round).dealt:
            raise ProcedureError(f"seat {seat}'s card {deal_round} is not dealt")
        card = self._holes[seat][deal_round - 1]
        self._holes[seat][deal_round - 1] = None
        self._missing.add((seat, deal_round))
        self._exposed.pop((seat, deal_round), None)
        self.out -= 1
        if card is not None:
            self._reindex(card)
        self._put_away(card, to)
        return card

    def give_hole_card(self, seat: int, deal_round: int, card: Card | None = None) -> None:
        """Deal a seat the top card of the stub in place of a card taken away."""
        if (seat, deal_round) not in self._missing:
            raise ProcedureError(f"seat {seat} is not missing card {deal_round}")
        if self.out >= 52:
            raise ProcedureError("the stub is empty")
        self._missing.discard((seat, deal_round))
        self.out += 1
        if card is not None:
            self._holes[seat][deal_round - 1] = card
            self._record(card, Place("seat", seat, None, deal_round), self.event_count)

    def replace_hole_card(self, seat: int, deal_round: int, to: str = "burn") -> Card | None:
        """The exposed-card procedure: the card goes ``to`` the burns (or elsewhere) and the
        seat gets the top card of the stub. Returns the card taken, if known."""
        card = self.take_hole_card(seat, deal_round, to)
        self.give_hole_card(seat, deal_round)
        return card

    def take_extra_card(self, seat: int, to: str = "burn") -> Card | None:
        """An extra card dealt to ``seat`` goes ``to`` the burns (or elsewhere)."""
        self._check_destination(to)
        if not self.extras.get(seat):
            raise ProcedureError(f"seat {seat} has no extra card")
        card = self.extras[seat].pop()
        self.out -= 1
        if card is not None:
            self._reindex(card)
        self._put_away(card, to)
        return card

    def return_board(self, street: str | None = None, to: str = "stub") -> tuple[Card, ...]:
        """Take the board cards of ``street`` (all when ``None``) off the board, to the stub."""
        cards = tuple(b.card for b in self.board if street is None or b.street == street)
        for card in cards:
            self.move_card(card, to, source="board")
        return cards

    def kill_hand(self, seat: int) -> None:
        """The seat's hand is dead: out of the hand, its cards to the muck."""
        if seat not in self.stacks:
            raise ProcedureError(f"seat {seat} is not at the table")
        if seat in self.folded:
            return
        self.killed.add(seat)
        self._leave(seat)

    def keep_claim(self, seat: int) -> None:
        """A seat that mucked at the showdown keeps its claim to the pot, as the rulebook
        honours its declaration (it plays the board): its cards stay in the muck."""
        if seat not in self.mucked or self.over_reason != "showdown":
            raise ProcedureError(f"seat {seat} did not muck at the showdown")
        self.folded.discard(seat)

    def end_hand(self, reason: Literal["misdeal", "void"]) -> None:
        """End the hand as a misdeal or with all action void: every chip goes back."""
        self._void(reason)

    # ------------------------------------------------------------ handlers

    def _deal(self, event: Deal, n: int) -> None:
        self._not_over()
        if self.deal_complete:
            raise _Illegal("the hole cards are dealt already")
        self._complete_deal()

    def _cards(self, event: Cards, n: int) -> None:
        if self.over_reason in ("misdeal", "void"):
            raise _Illegal(self._over_text())
        seat = event.seat
        if seat not in self.stacks:
            self._seat(seat)
        placed = self._assign(seat, event.cards)
        if self.dealt < self.deal_total:
            self._complete_deal()
        if placed:
            self._place_hole(seat, placed, n)
        self._record_repeats(seat, event.cards, n)

    def _show(self, event: Show, n: int) -> None:
        self._not_void()
        seat = self._seat(event.seat)
        placed = self._assign(seat, event.cards, positional=False)
        self._complete_deal()
        self._place_hole(seat, placed, n)
        self._record_repeats(seat, event.cards, n)
        self.shown[seat] = event.cards

    def _expose(self, event: Expose, n: int) -> None:
        self._not_void()
        seat = self._seat(event.seat)
        deal_round = event.round
        if deal_round is None:
            deal_round = self._latest_round(seat)
        elif deal_round > self.hole_count:
            raise _Illegal(
                f"{self._game_name} deals {self.hole_count} hole cards, not {deal_round}"
            )
        if (seat, deal_round) in self._missing:
            raise _Illegal(
                f"seat {seat}'s {_ROUND_NAMES[deal_round - 1]} card was taken away and not replaced"
            )
        current = self._holes[seat][deal_round - 1]
        card = event.card
        if card is not None and current is not None and current != card:
            raise _Illegal(
                f"seat {seat}'s {_ROUND_NAMES[deal_round - 1]} card is {current} already"
            )
        position = self.table.deal_position(seat, deal_round)
        if position > self.dealt:
            self.out += position - self.dealt
            self.dealt = position
        if card is not None and current is None:
            self._holes[seat][deal_round - 1] = card
            self._record(card, _seat_place(seat, deal_round), n)
        self._exposed[(seat, deal_round)] = "player" if event.by_player else "dealer"

    def _extra(self, event: Extra, n: int) -> None:
        self._not_over()
        seat = self._seat(event.seat)
        self._room(1 + self.deal_total - self.dealt)
        self._complete_deal()
        self.extras[seat].append(event.card)
        self.out += 1
        if event.card is not None:
            self._record(event.card, _seat_place(seat, None), n)

    def _burn(self, event: Burn, n: int) -> None:
        if self.over_reason is not None:
            raise _Illegal(self._over_text())
        street = self.next_board_street
        if street is None:
            raise _Illegal("every board card is out: there is nothing to burn for")
        if self.dealt < self.deal_total:
            self._room(1 + self.deal_total - self.dealt)
            self._complete_deal()
        elif self.out >= 52:
            self._room(1)
        self.burns.append(_new_record(BurnCard, (event.card, street, n)))
        self.out += 1
        if event.card is not None:
            self._record(event.card, _BURN_PLACES[street], n)

    def _board(self, event: Board, n: int) -> None:
        street = event.street
        if self.over_reason is not None:
            raise _Illegal(self._over_text())
        on_board = {b.street for b in self.board} if self.board else ()
        if street in on_board:
            raise _Illegal(f"the {street} is out already")
        target = _BOARD_INDEX[street]
        if target >= 2 and "flop" not in on_board:
            raise _Illegal(f"there is no flop yet: the {street} cannot come before it")
        if target == 3 and "turn" not in on_board:
            raise _Illegal("there is no turn yet: the river cannot come before it")
        self._room(len(event.cards) + self.deal_total - self.dealt)
        if self.dealt < self.deal_total:
            self._complete_deal()
        in_time = self.street_index == target - 1 and self.betting_complete
        place = _BOARD_PLACES[street]
        for card in event.cards:
            self.board.append(_new_record(BoardCard, (card, street, not in_time, n)))
            self._record(card, place, n)
        self.out += len(event.cards)
        self.actions_since_board = 0
        if in_time:
            self._start_round(target)

    def _action(self, event: Action, n: int) -> None:
        seat = event.seat
        if seat not in self.stacks:
            self._seat(seat)
        if self.over_reason is not None:
            raise _Illegal(self._over_text())
        if seat in self.folded:
            raise _Illegal(f"seat {seat} is out of the hand")
        if self.betting_complete:
            if not self.betting_left:
                raise _Illegal("no betting is left: every other player is all in")
            nxt = self.next_board_street or "showdown"
            raise _Illegal(f"the {self.street} betting is complete; the {nxt} comes next")
        if seat != self.to_act:
            if self.stacks[seat] == 0:
                raise _Illegal(f"seat {seat} is all in")
            raise _Illegal(f"seat {self.to_act} is to act, not seat {seat}")
        verb = event.verb
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
                raise _Illegal(f"seat {seat} cannot check: {current - before} to call")
        elif verb == "call":
            if current <= before:
                raise _Illegal(f"seat {seat} has nothing to call (check)")
            total = min(current, allin)
        else:
            if verb == "allin":
                total = allin
            else:
                assert event.amount is not None
                total = event.amount
                if total > allin:
                    raise _Illegal(
                        f"seat {seat} has only {allin} "
                        f"({self.stacks[seat]} behind{f', {before} in front' if before else ''})"
                    )
                if verb == "bet" and current > 0:
                    big = self.street_index == 0 and current == self.blinds[1]
                    what = "the big blind" if big else "a bet"
                    raise _Illegal(f"there is {what} of {current} already: raise")
                if verb == "raise" and current == 0:
                    raise _Illegal("there is no bet to raise: bet")
                if total <= current:
                    if verb == "raise":
                        raise _Illegal(f"a raise must go above {current}")
                    raise _Illegal(f"a bet must be more than {current}")
            if total > current:
                self._check_wager(seat, total, allin)
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
        self.actions.append(_new_record(ActionRecord, record))
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
        self.actions.append(_new_record(ActionRecord, record))
        folded = self.folded
        folded.add(seat)
        self._needs.discard(seat)
        if len(folded) >= len(self.stacks) - 1:
            self._everyone_else_folded()
        else:  # it was this seat's turn: the round is still on
            self._settle_turn(seat)

    def _check_wager(self, seat: int, total: int, allin: int) -> None:
        if self.current_bet == 0:
            wager = self.bet_range(seat)
            word = "bet"
        else:
            if self.capped:
                raise _Illegal(f"the betting is capped at a bet and {self.raise_cap} raises")
            if not self.may_raise(seat):
                raise _Illegal(
                    f"seat {seat} may not raise: the short all-in did not reopen the betting"
                )
            wager = self.raise_range(seat)
            word = "raise to"
        if not wager.lowest <= total <= wager.highest:
            raise _Illegal(
                f"{self.betting}: seat {seat} may {word} {wager.describe()}, not {total}"
            )

    def _post(self, event: Post, n: int) -> None:
        self._not_over()
        seat = self._seat(event.seat)
        if self.street_index != 0 or self.street_actions:
            raise _Illegal("posts come before the first action of the hand")
        if seat in self.folded:
            raise _Illegal(f"seat {seat} is out of the hand")
        amount = event.amount
        if amount <= 0:
            raise _Illegal("a post is more than 0")
        if amount > self.stacks[seat]:
            raise _Illegal(f"seat {seat} has only {self.stacks[seat]}")
        what = event.what
        if what == "straddle":
            total = self.street_bets[seat] + amount
            if total <= self.current_bet:
                raise _Illegal(f"a straddle must go above {self.current_bet}")
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

    def _muck(self, event: Muck, n: int) -> None:
        self._not_void()
        seat = self._seat(event.seat)
        if seat in self.folded:
            raise _Illegal(f"seat {seat} has no hand to muck")
        if self.over_reason not in ("showdown", "fold"):
            raise _Illegal(f"a seat mucks at the showdown; before it, record {seat} fold")
        self.mucked.add(seat)
        if self.over_reason == "showdown":
            self.folded.add(seat)

    def _plays_board(self, event: PlaysBoard, n: int) -> None:
        self._not_void()
        seat = self._seat(event.seat)
        if seat in self.folded:
            raise _Illegal(f"seat {seat} is out of the hand")
        self.plays_board.add(seat)

    def _misdeal(self, event: Misdeal, n: int) -> None:
        self._not_over()
        self._void("misdeal")

    def _reshuffle(self, event: Reshuffle, n: int) -> None:
        self.reshuffles.append(n)

    def _cut(self, event: Cut, n: int) -> None:
        self.cuts.append(n)

    def _note(self, event: Note, n: int) -> None:
        pass

    # ------------------------------------------------------------ internals

    @property
    def _game_name(self) -> str:
        return {"holdem": "hold'em", "omaha": "Omaha", "omaha-hilo": "Omaha hi-lo"}.get(
            self.game, self.game
        )

    def _seat(self, seat: int) -> int:
        if seat not in self.stacks:
            seats = ", ".join(str(s) for s in self.table.seats)
            raise _Illegal(f"seat {seat} is not at the table (seats {seats})")
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
            raise _Illegal(self._over_text())

    def _not_void(self) -> None:
        if self.over_reason in ("misdeal", "void"):
            raise _Illegal(self._over_text())

    def _room(self, cards: int) -> None:
        if self.out + cards > 52:
            raise _Illegal(f"the stub has only {52 - self.out} cards left")

    def _latest_round(self, seat: int) -> int:
        if self.deal_complete:
            return self.hole_count
        latest = 1
        for r in range(1, self.hole_count + 1):
            if self.table.deal_position(seat, r) <= self.dealt:
                latest = r
        return latest

    def _assign(
        self, seat: int, cards: tuple[Card | None, ...], positional: bool = True
    ) -> list[tuple[int, Card]]:
        """Match cards to the seat's hole slots without changing anything: (slot, card)."""
        holes = self._holes[seat]
        if positional and len(cards) <= len(holes) and not self._missing and not self.extras[seat]:
            fresh: list[tuple[int, Card]] = []
            seen = 0  # a bit per card index
            for i, card in enumerate(cards):
                if card is None or holes[i] is not None or seen >> card.index & 1:
                    break
                seen |= 1 << card.index
                fresh.append((i, card))
            else:
                return fresh
        slots = list(holes)
        extras = self.extras[seat]
        placed: list[tuple[int, Card]] = []
        for i, card in enumerate(cards):
            if card is None or card in slots or card in extras:
                continue
            missing = self._missing
            if positional and i < len(slots) and slots[i] is None and (seat, i + 1) not in missing:
                slot = i
            else:
                free = [
                    j for j, c in enumerate(slots) if c is None and (seat, j + 1) not in missing
                ]
                if not free:
                    known = " ".join(str(c) for c in slots)
                    raise _Illegal(f"seat {seat} holds {known}; {card} is not one of them")
                slot = free[0]
            slots[slot] = card
            placed.append((slot, card))
        return placed

    def _place_hole(self, seat: int, placed: list[tuple[int, Card]], n: int) -> None:
        holes = self._holes[seat]
        where, first = self._where, self._first_event
        places = _SEAT_PLACES[seat] if seat < len(_SEAT_PLACES) else None
        for slot, card in placed:
            holes[slot] = card
            place = places[slot + 1] if places else _seat_place(seat, slot + 1)
            if card.index in where:
                self._record(card, place, n)
            else:
                where[card.index] = place
                first[card.index] = n

    def _record_repeats(self, seat: int, cards: tuple[Card | None, ...], n: int) -> None:
        """A card named twice in one event is a duplicate, not one card said twice."""
        for index, card in enumerate(cards):
            if card is not None and card in cards[:index]:
                self._record(card, _seat_place(seat, None), n)

    def _record(self, card: Card, place: Place, n: int) -> None:
        first = self._where.get(card.index)
        if first is None:
            self._where[card.index] = place
            self._first_event[card.index] = n
        else:
            self.duplicates.append(
                Duplicate(card, self._first_event.get(card.index, 0), first, n, place)
            )

    def _complete_deal(self) -> None:
        if self.dealt < self.deal_total:
            self.out += self.deal_total - self.dealt
            self.dealt = self.deal_total

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

    @staticmethod
    def _check_destination(to: str) -> None:
        if to not in ("set-aside", "stub", "burn"):
            raise ProcedureError(f'a card can go to "set-aside", "stub" or "burn", not "{to}"')

    def _put_away(self, card: Card | None, to: str) -> None:
        """Put a card taken from somewhere (``out`` already lowered) in its new place."""
        if to == "stub":
            return
        self.out += 1
        if to == "set-aside":
            self.set_aside.append(card)
            place = SET_ASIDE
        else:
            street = self.next_board_street or "river"
            self.burns.append(BurnCard(card, street, self.event_count))
            place = Place("burn", street=street)
        if card is not None:
            self._record(card, place, self.event_count)

    def accounting_problems(self) -> list[str]:
        """Recount every card and chip from scratch; an empty list when all is well."""
        problems: list[str] = []
        hole = sum(
            1
            for seat in self.table.deal_order
            for r in range(1, self.hole_count + 1)
            if self.table.deal_position(seat, r) <= self.dealt and (seat, r) not in self._missing
        )
        counted = (
            hole
            + sum(len(e) for e in self.extras.values())
            + len(self.board)
            + len(self.burns)
            + len(self.set_aside)
        )
        if counted != self.out:
            problems.append(f"{counted} cards are out but the count says {self.out}")
        if not 0 <= self.out <= 52:
            problems.append(f"{self.out} cards out of 52")
        seen: dict[Card, list[Place]] = {}
        for c in DECK:
            places = self._places_of(c)
            if places:
                seen[c] = places
        for index, place in self._where.items():
            card = DECK[index]
            if place not in seen.get(card, []):
                problems.append(f"{card} is recorded at {place} but is not there")
        for card, places in seen.items():
            if card.index not in self._where:
                problems.append(f"{card} is at {places[0]} but not recorded")
            extra_places = len(places) - 1
            dups = sum(1 for d in self.duplicates if d.card == card)
            if extra_places > dups:
                problems.append(f"{card} is in {len(places)} places with no duplicate noted")
        if len(DECK) != 52:
            problems.append("the deck is not 52 cards")
        chips = sum(self.stacks.values()) + self.pot
        if chips != sum(self.starting.values()):
            problems.append(f"{chips} chips on the table, {sum(self.starting.values())} at start")
        if any(v < 0 for v in self.stacks.values()):
            problems.append("a stack below zero")
        return problems


_HANDLERS: Final[dict[type, Callable[[HandState, object, int], None]]] = {
    Deal: HandState._deal,  # type: ignore[dict-item]
    Cards: HandState._cards,  # type: ignore[dict-item]
    Show: HandState._show,  # type: ignore[dict-item]
    Expose: HandState._expose,  # type: ignore[dict-item]
    Extra: HandState._extra,  # type: ignore[dict-item]
    Burn: HandState._burn,  # type: ignore[dict-item]
    Board: HandState._board,  # type: ignore[dict-item]
    Action: HandState._action,  # type: ignore[dict-item]
    Post: HandState._post,  # type: ignore[dict-item]
    Muck: HandState._muck,  # type: ignore[dict-item]
    PlaysBoard: HandState._plays_board,  # type: ignore[dict-item]
    Misdeal: HandState._misdeal,  # type: ignore[dict-item]
    Reshuffle: HandState._reshuffle,  # type: ignore[dict-item]
    Cut: HandState._cut,  # type: ignore[dict-item]
    Note: HandState._note,  # type: ignore[dict-item]
}
