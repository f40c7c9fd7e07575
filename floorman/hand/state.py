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

>>> from floorman.hand.events import parse_event
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
from typing import Final, Literal

from floorman.cards import Card
from floorman.hand import structures as _betting
from floorman.hand.events import (
    Action,
    Award,
    Away,
    Board,
    Burn,
    ButtonFound,
    Cards,
    Chips,
    Cut,
    Deal,
    DealtEmpty,
    DealtOut,
    Event,
    Expose,
    Extra,
    IllegalEvent,
    Kill,
    Miscount,
    Misdeal,
    Motion,
    Muck,
    Note,
    PlaysBoard,
    Post,
    Reshuffle,
    Retrieve,
    Says,
    Show,
    StringBet,
)
from floorman.hand.irregular import IrregularBetting
from floorman.hand.records import (
    BOARD_INDEX,
    BOARD_PLACES,
    BURN_PLACES,
    HOLE_CARDS,
    STREETS,
    STUB,
    BoardCard,
    BurnCard,
    PendingStep,
    Place,
    ProcedureError,
    Refusal,
    new_record,
    seat_place,
)
from floorman.hand.table import Table
from floorman.vocabulary import GAME_SHORT_NAMES, ORDINALS

__all__ = ["HandState"]

_TABLES: dict[tuple[tuple[int, ...], int, bool, int | None], Table] = {}


def _table(
    seats: tuple[int, ...], button: int, small_blind: bool = True, seat: int | None = None
) -> Table:
    """Tables are immutable: hands at the same seats and button share one."""
    key = (seats, button, small_blind, seat)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 4096:
            _TABLES.clear()
        table = _TABLES[key] = Table(seats, button, small_blind, seat)
    return table


class HandState(IrregularBetting):
    """Seats, chips, cards and turn of one hand; see the module docstring.

    Read-only attributes (facts for the rules engine):

    - ``game``, ``betting``, ``blinds`` (small, big), ``ante``, ``table``
      (:class:`floorman.hand.table.Table`), ``button``, ``seats`` (ascending),
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
        "away", "cuts", "game", "plays_board", "procedures", "pushed", "reshuffles", "shown",
    )  # fmt: skip

    game: str
    shown: dict[int, tuple[Card, ...]]
    plays_board: set[int]
    reshuffles: list[int]
    cuts: list[int]
    procedures: list[PendingStep]
    pushed: list[tuple[tuple[int, ...], int | None, int]]
    away: set[int]

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
        strict: bool = False,
        chip_values: tuple[int, ...] | None = None,
        small_blind: bool = True,
        small_blind_seat: int | None = None,
    ) -> None:
        """Start a hand: the antes and blinds are posted from the stacks.

        Arguments are trusted values (the hand-file header validates them);
        a short stack posts what it has and is all in. In limit games
        ``limit_raise_cap`` raises are allowed after the bet (``None``: no cap);
        with ``limit_heads_up_uncapped`` a round that reaches the cap with only
        two players left who are not all in has no cap (RRoP §3 Betting and
        Raising 4). A ``strict`` hand (a machine-written history) refuses irregular
        betting instead of recording it; ``chip_values`` are the denominations in play
        when the header names them; without ``small_blind`` the small blind falls to an
        empty seat under the dead button and the first seat left of the button posts the
        big blind; ``small_blind_seat`` posts the small blind when the first seat left of the
        button does not (a new player dealt in between them, WSOP LA 154).
        """
        self.game = game
        self.shown = {}
        self.plays_board = set()
        self.reshuffles, self.cuts = [], []
        self.procedures = []
        self.pending = None
        self.held, self.restricted = {}, {}
        self.skipped_by = []
        self.strict = strict
        self.chip_values = chip_values
        self.pushed = []
        self.away = set()
        IrregularBetting.__init__(
            self,
            _table(tuple(seats), button, small_blind, small_blind_seat),
            HOLE_CARDS[game],
            seats,
            blinds,
            ante,
            betting,
            limit_raise_cap,
            limit_bets,
            min_bet,
            limit_heads_up_uncapped,
        )

    @property
    def button(self) -> int:
        return self.table.button

    @property
    def seats(self) -> tuple[int, ...]:
        return self.table.seats

    @property
    def order(self) -> tuple[int, ...]:
        return self.table.deal_order

    def location(self, card: Card) -> Place:
        """Where ``card`` is; the stub when it was not seen anywhere else."""
        place = self._where.get(card.index)
        if place is None:
            return STUB
        if place.kind == "seat" and place.seat in self.folded:
            return Place("muck", place.seat, None, place.round)
        return place

    def apply(self, event: Event, number: int | None = None) -> None:
        """Take one event; raise :class:`IllegalEvent` (state unchanged) if it cannot be."""
        n = self.event_count + 1 if number is None else number
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise IllegalEvent(n, str(event), f"{type(event).__name__} is not an event")
        try:
            handler(self, event, n)
        except Refusal as bad:
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
        new.pending = self.pending
        new.strict = self.strict
        new.chip_values = self.chip_values
        new.held = dict(self.held)
        new.restricted = dict(self.restricted)
        new.skipped_by = list(self.skipped_by)
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
        new.pushed = list(self.pushed)
        new.away = set(self.away)
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
            self.pushed, sorted(self.away), self.event_count,
            self.out, self._holes, self._exposed, sorted(self._missing),
            sorted(self._where.items()), self._first_event, sorted(self._needs),
            self._acted_level, self._anchor, self._aggressor, self._cap_waived,
            self.pending, self.held, self.restricted, self.skipped_by,
        )  # fmt: skip

    def _board_taken_back(self) -> None:
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

    def _deal(self, event: Deal, n: int) -> None:
        self._not_over()
        if self.deal_complete:
            raise Refusal("the hole cards are dealt already")
        self._complete_deal()

    def _cards(self, event: Cards, n: int) -> None:
        if self.over_reason in ("misdeal", "void"):
            raise Refusal(self._over_text())
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
            raise Refusal(f"{self._game_name} deals {self.hole_count} hole cards, not {deal_round}")
        if (seat, deal_round) in self._missing:
            raise Refusal(
                f"seat {seat}'s {ORDINALS[deal_round - 1]} card was taken away and not replaced"
            )
        current = self._holes[seat][deal_round - 1]
        card = event.card
        if card is not None and current is not None and current != card:
            raise Refusal(f"seat {seat}'s {ORDINALS[deal_round - 1]} card is {current} already")
        position = self.table.deal_position(seat, deal_round)
        if position > self.dealt:
            self.out += position - self.dealt
            self.dealt = position
        if card is not None and current is None:
            self._holes[seat][deal_round - 1] = card
            self._record(card, seat_place(seat, deal_round), n)
        self._exposed[(seat, deal_round)] = "player" if event.by_player else "dealer"

    def _extra(self, event: Extra, n: int) -> None:
        self._not_over()
        seat = self._seat(event.seat)
        self._room(1 + self.deal_total - self.dealt)
        self._complete_deal()
        self.extras[seat].append(event.card)
        self.out += 1
        if event.card is not None:
            self._record(event.card, seat_place(seat, None), n)

    def _burn(self, event: Burn, n: int) -> None:
        """A burn before the next board card; one named ``before`` a street already out
        was burned then and is found now (it is off the deck all the same)."""
        street: str | None = event.before
        if street is not None:
            self._not_void()
            if street not in {b.street for b in self.board}:
                raise Refusal(f"the {street} is not out: record the burn as it is made")
        else:
            if self.over_reason is not None:
                raise Refusal(self._over_text())
            street = self.next_board_street
        if street is None:
            raise Refusal("every board card is out: there is nothing to burn for")
        if self.dealt < self.deal_total:
            self._room(1 + self.deal_total - self.dealt)
            self._complete_deal()
        elif self.out >= 52:
            self._room(1)
        self.burns.append(new_record(BurnCard, (event.card, street, n)))
        self.out += 1
        if event.card is not None:
            self._record(event.card, BURN_PLACES[street], n)

    def _board(self, event: Board, n: int) -> None:
        street = event.street
        if self.over_reason is not None:
            raise Refusal(self._over_text())
        on_board = {b.street for b in self.board} if self.board else ()
        if street in on_board:
            raise Refusal(f"the {street} is out already")
        target = BOARD_INDEX[street]
        if target >= 2 and "flop" not in on_board:
            raise Refusal(f"there is no flop yet: the {street} cannot come before it")
        if target == 3 and "turn" not in on_board:
            raise Refusal("there is no turn yet: the river cannot come before it")
        self._room(len(event.cards) + self.deal_total - self.dealt)
        if self.dealt < self.deal_total:
            self._complete_deal()
        in_time = self.street_index == target - 1 and self.betting_complete
        place = BOARD_PLACES[street]
        for card in event.cards:
            self.board.append(new_record(BoardCard, (card, street, not in_time, n)))
            self._record(card, place, n)
        self.out += len(event.cards)
        self.actions_since_board = 0
        if in_time:
            self._start_round(target)

    def _muck(self, event: Muck, n: int) -> None:
        """A hand thrown away at the showdown is out, but the only live hand left is
        not: nobody else has a claim to the pot (it is recorded as mucked)."""
        self._not_void()
        seat = self._seat(event.seat)
        if seat in self.folded:
            raise Refusal(f"seat {seat} has no hand to muck")
        if self.over_reason not in ("showdown", "fold"):
            raise Refusal(f"a seat mucks at the showdown; before it, record {seat} fold")
        self.mucked.add(seat)
        if self.over_reason == "showdown" and self.live != (seat,):
            self.folded.add(seat)

    def _plays_board(self, event: PlaysBoard, n: int) -> None:
        self._not_void()
        seat = self._seat(event.seat)
        if seat in self.folded:
            raise Refusal(f"seat {seat} is out of the hand")
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

    def _kill(self, event: Kill, n: int) -> None:
        """The hand is in the muck: dead, whether the rulebook gives redress or not."""
        seat = self._seat(event.seat)
        if self.over_reason not in (None, "showdown"):
            raise Refusal(self._over_text())
        if seat in self.folded:
            raise Refusal(f"seat {seat} has no live hand to kill")
        self.kill_hand(seat)

    def _retrieve(self, event: Retrieve, n: int) -> None:
        """A hand killed, folded or thrown away comes back out of the muck: live again.

        Before the showdown the seat is back in the betting: it acts when its turn
        comes if it has not acted since the last bet (at once, if the round was
        waiting for nobody else), and a hand that ended when it was killed goes on."""
        self._not_void()
        seat = self._seat(event.seat)
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

    def _miscount(self, event: Miscount, n: int) -> None:
        """A pot bet found made on a wrong count: recorded for the rulebook to rule on."""
        seat = self._seat(event.seat)
        self._not_over()
        if self.betting != "pot-limit":
            raise Refusal("the pot is counted for a bet in pot limit only")
        if self.pot_wager(seat) is None:
            raise Refusal(f"the bet in force this round is not seat {seat}'s")

    def _away(self, event: Away, n: int) -> None:
        seat = self._seat(event.seat)
        self._not_over()
        if not self.deal_complete:
            raise Refusal("a player is away when the last card of the deal is dealt: record"
                          " it after the deal")  # fmt: skip
        if seat in self.folded:
            raise Refusal(f"seat {seat} has no live hand")
        self.away.add(seat)

    def _button_found(self, event: ButtonFound, n: int) -> None:
        """The button out of position: the rulebook rules; the hand is as dealt."""
        self._not_over()
        if event.seat == self.button:
            raise Refusal(f"the button is on seat {event.seat} as this hand began")

    def _dealt_empty(self, event: DealtEmpty, n: int) -> None:
        self._not_over()
        if event.seat in self.table.seats:
            raise Refusal(f"seat {event.seat} is dealt in: dealt-empty names a seat with no hand")

    def _dealt_out(self, event: DealtOut, n: int) -> None:
        self._seat(event.seat)
        self._not_over()

    def _award(self, event: Award, n: int) -> None:
        """A push is recorded as the dealer made it; the chips stay where the cards and
        pots put them, and the rulebook rules on any difference."""
        for seat in event.seats:
            self._seat(seat)
        if self.over_reason not in ("fold", "showdown"):
            raise Refusal(
                self._over_text()
                if self.over_reason is not None
                else "the pot is pushed once the hand is over: at the showdown, or when"
                " everyone else has folded"
            )
        if event.amount is not None and event.amount > self.pot:
            raise Refusal(f"the pot holds {self.pot}, not {event.amount}")
        self.pushed.append((event.seats, event.amount, n))

    @property
    def _game_name(self) -> str:
        return GAME_SHORT_NAMES.get(self.game, self.game)

    def accounting_problems(self) -> list[str]:
        """Recount every card and chip from scratch; an empty list when all is well."""
        return self.card_problems() + self.chip_problems()


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
    Chips: HandState._chips,  # type: ignore[dict-item]
    Says: HandState._says,  # type: ignore[dict-item]
    StringBet: HandState._string_bet,  # type: ignore[dict-item]
    Motion: HandState._motion,  # type: ignore[dict-item]
    Award: HandState._award,  # type: ignore[dict-item]
    Kill: HandState._kill,  # type: ignore[dict-item]
    Miscount: HandState._miscount,  # type: ignore[dict-item]
    Retrieve: HandState._retrieve,  # type: ignore[dict-item]
    Away: HandState._away,  # type: ignore[dict-item]
    ButtonFound: HandState._button_found,  # type: ignore[dict-item]
    DealtEmpty: HandState._dealt_empty,  # type: ignore[dict-item]
    DealtOut: HandState._dealt_out,  # type: ignore[dict-item]
}
