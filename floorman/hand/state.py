"""The state of a hand: a reducer over its events, with every chip and card accounted for.

:class:`HandState` starts from a header (seats, stacks, button, blinds) with
the blinds and antes already posted, and takes events one by one with
:meth:`HandState.apply`. It owns three parts and hands each event to the part it
concerns, in order: the card ledger (``state.ledger``: where each of the 52 cards
is, the deal position of every hole card), the betting round (``state.betting``:
chips, whose turn it is, what each seat may do) and the irregular betting
(``state.irregular``: actions held out of turn, pending wagers, restrictions). The
game's order of play (:mod:`floorman.hand.order`) tells the ledger how the cards go
out and the betting round who acts first.

Irregular events are recorded, not refused, because the rulebook rules on
them: a board card turned before the betting round is complete (kept on the
board, flagged premature; the round goes on), a four-card flop, missing or
extra burns, exposed hole cards, extra cards, a card recorded twice (the
first record wins; the ledger's ``duplicates`` say which event had it
first). Bad input (a seat not at the table, an action out of turn, more chips
than a stack holds, a river before any flop) raises :class:`IllegalEvent`
naming the event, and leaves the state as it was.

The rules engine reads the state *before* each event (the parts' attributes
and properties are its facts) and enacts corrective procedures through the
procedure hooks of the part they concern (:meth:`HandState.move_card`,
:meth:`HandState.keep_live`, ``state.ledger.take_hole_card``, ``state.betting.kill_hand``,
``state.irregular.settle_wager``, ...). Treat attributes as read-only: only
:meth:`apply` and the hooks change a state; :meth:`HandState.snapshot` and
:meth:`HandState.restore` put a state back as it was. Events are numbered from 1.

>>> from floorman.hand.events import parse_event
>>> s = HandState(seats={1: 100, 2: 100, 3: 100}, button=3, blinds=(1, 2))
>>> s.betting.stacks, s.to_act
({1: 99, 2: 98, 3: 100}, 3)
>>> for text in ["deal", "3 raise 6", "1 fold", "2 call", "burn", "flop Ah Kd 7c"]:
...     s.apply(parse_event(text))
>>> s.street, s.betting.pot, s.to_act, str(s.location(parse_event("flop Ah Kd 7c").cards[1]))
('flop', 13, 2, 'board (flop)')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final, NamedTuple

from floorman.cards import Card
from floorman.hand import found
from floorman.hand import structures as _betting
from floorman.hand.betting_round import BettingRound, BettingSnapshot
from floorman.hand.events import (
    Action,
    Award,
    Away,
    Board,
    Boxed,
    Burn,
    ButtonFound,
    Cards,
    Chips,
    ChipsBehind,
    Clock,
    Count,
    Cut,
    Deal,
    DealtEmpty,
    DealtOut,
    Dispute,
    Event,
    Expose,
    Extra,
    Floor,
    Foreign,
    IllegalEvent,
    Joker,
    Kill,
    Miscount,
    Misdeal,
    Motion,
    Muck,
    Note,
    OffTable,
    PlaysBoard,
    Post,
    Prior,
    Pullback,
    Reshuffle,
    Retrieve,
    Run,
    Says,
    Short,
    Show,
    StringBet,
    Unaware,
)
from floorman.hand.irregular import IrregularBetting, IrregularSnapshot
from floorman.hand.ledger import CardLedger, LedgerSnapshot
from floorman.hand.order import FLOP_ACTING, FlopDeal
from floorman.hand.records import (
    BOARD_INDEX,
    HOLE_CARDS,
    STUB,
    PendingStep,
    Place,
    ProcedureError,
    Refusal,
)
from floorman.hand.table import Table
from floorman.vocabulary import GAME_SHORT_NAMES

__all__ = ["HandSnapshot", "HandState"]

_DEALS: dict[tuple[tuple[int, ...], int, bool, int | None, int], FlopDeal] = {}


def _flop_deal(
    seats: tuple[int, ...], button: int, small_blind: bool, seat: int | None, hole_count: int
) -> FlopDeal:
    """Tables and deal orders are immutable: hands at the same seats and button share one."""
    key = (seats, button, small_blind, seat, hole_count)
    deal = _DEALS.get(key)
    if deal is None:
        if len(_DEALS) > 4096:
            _DEALS.clear()
        deal = _DEALS[key] = FlopDeal(Table(seats, button, small_blind, seat), hole_count)
    return deal


class HandSnapshot(NamedTuple):
    """Everything a hand state changes as the hand goes on, part by part, copied
    (see :meth:`HandState.snapshot`): equal snapshots are states equal in every part."""

    ledger: LedgerSnapshot
    betting: BettingSnapshot
    irregular: IrregularSnapshot
    shown: dict[int, tuple[Card, ...]]
    plays_board: set[int]
    reshuffles: list[int]
    cuts: list[int]
    procedures: list[PendingStep]
    pushed: list[tuple[tuple[int, ...], int | None, int]]
    away: set[int]


class HandState:
    """Seats, chips, cards and turn of one hand; see the module docstring.

    Read-only attributes (facts for the rules engine):

    - ``game``, ``table`` (:class:`floorman.hand.table.Table`: seats, button,
      deal order)
    - ``ledger`` (:class:`floorman.hand.ledger.CardLedger`): hole cards, board,
      burns, cards set aside, duplicates, deal positions, and ``event_count`` (the
      last event taken)
    - ``betting`` (:class:`floorman.hand.betting_round.BettingRound`): structure,
      blinds, stacks, bets, the pot, folded seats, the street, whose turn it is,
      every action
    - ``irregular`` (:class:`floorman.hand.irregular.IrregularBetting`): the
      pending wager, actions held out of turn, restrictions, and the rulings on them
    - ``street``, ``to_act``, ``over`` and ``over_reason``: the betting round's,
      read here for short
    - ``shown`` (seat -> cards tabled), ``plays_board`` (seats that declared it),
      ``reshuffles`` and ``cuts`` (the events that did them), ``pushed`` (the pots
      the dealer pushed: seats, amount, event), ``away`` (seats away from the table),
      ``button_belongs`` (where the button belonged when the hand was dealt from another
      seat, ``button SEAT dealt``; ``None`` when it was dealt from where it belonged)
    - ``procedures``: the :class:`PendingStep` list of the corrective procedures
      in force, kept by the rules engine; the state only carries it along
      (copied with the state) so that whoever shows the state can say what the
      dealer does next
    """

    __slots__ = (
        "away", "betting", "button_belongs", "cuts", "game", "irregular", "ledger",
        "plays_board", "procedures", "pushed", "reshuffles", "shown", "table",
    )  # fmt: skip

    game: str
    table: Table
    ledger: CardLedger
    betting: BettingRound
    irregular: IrregularBetting
    shown: dict[int, tuple[Card, ...]]
    plays_board: set[int]
    reshuffles: list[int]
    cuts: list[int]
    procedures: list[PendingStep]
    pushed: list[tuple[tuple[int, ...], int | None, int]]
    away: set[int]
    button_belongs: int | None

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
        straddles: tuple[int, ...] = (),
        straddle_raise: str = "increment",
        bomb_pot: int = 0,
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
        button does not (a new player dealt in between them, WSOP LA 154). ``straddles``
        are the table's mandatory straddles, ``straddle_raise`` how far a raise goes over
        a straddle and ``bomb_pot`` every player's ante in a bomb pot (see
        :class:`~floorman.hand.betting_round.BettingRound`).
        """
        deal = _flop_deal(tuple(seats), button, small_blind, small_blind_seat, HOLE_CARDS[game])
        self.game = game
        self.table = deal.table
        self.shown = {}
        self.plays_board = set()
        self.reshuffles, self.cuts = [], []
        self.procedures = []
        self.pushed = []
        self.away = set()
        self.button_belongs = None
        self.ledger = CardLedger(deal)
        self.betting = BettingRound(
            deal.table,
            FLOP_ACTING,
            self.ledger,
            seats,
            blinds,
            ante,
            betting,
            limit_raise_cap,
            limit_bets,
            min_bet,
            limit_heads_up_uncapped,
            straddles=straddles,
            straddle_raise=straddle_raise,
            bomb_pot=bomb_pot,
        )
        self.irregular = IrregularBetting(self.betting, strict=strict, chip_values=chip_values)
        self.betting.irregular = self.irregular

    @property
    def street(self) -> str:
        """The betting round in progress (or just finished): preflop .. river, showdown."""
        return self.betting.street

    @property
    def to_act(self) -> int | None:
        return self.betting.to_act

    @property
    def over(self) -> bool:
        """No more betting or board cards: everyone else folded, showdown, misdeal or void."""
        return self.betting.over_reason is not None

    @property
    def over_reason(self) -> str | None:
        """``None`` while the hand is on; else ``fold``, ``showdown``, ``misdeal`` or ``void``."""
        return self.betting.over_reason

    def location(self, card: Card) -> Place:
        """Where ``card`` is; the stub when it was not seen anywhere else, the muck for
        the cards of a seat out of the hand."""
        place = self.ledger.location(card)
        if place.kind == "seat" and place.seat in self.betting.folded:
            return Place("muck", place.seat, None, place.round)
        return place

    def apply(self, event: Event, number: int | None = None) -> None:
        """Take one event; raise :class:`IllegalEvent` (state unchanged) if it cannot be."""
        ledger = self.ledger
        n = ledger.event_count + 1 if number is None else number
        route = _ROUTES.get(type(event))
        if route is None:
            raise IllegalEvent(n, str(event), f"{type(event).__name__} is not an event")
        part, handler = route
        try:
            handler(self if part is None else getattr(self, part), event, n)
        except Refusal as bad:
            raise IllegalEvent(n, str(event), str(bad)) from None
        ledger.event_count = n

    def apply_all(self, events: Iterable[Event]) -> HandState:
        for event in events:
            self.apply(event)
        return self

    def copy(self) -> HandState:
        """An independent copy (cards and records are shared: they are immutable)."""
        new = object.__new__(HandState)
        new.game = self.game
        new.table = self.table
        new.ledger = ledger = self.ledger.copy()
        new.betting = betting = self.betting.copy(ledger)
        new.irregular = betting.irregular = self.irregular.copy(betting)
        new.shown = dict(self.shown)
        new.plays_board = set(self.plays_board)
        new.reshuffles, new.cuts = list(self.reshuffles), list(self.cuts)
        new.procedures = list(self.procedures)
        new.pushed = list(self.pushed)
        new.away = set(self.away)
        new.button_belongs = self.button_belongs
        return new

    def snapshot(self) -> HandSnapshot:
        """Everything that changes as the hand goes on, part by part, copied: equal
        snapshots are states equal in every part, and :meth:`restore` puts one back."""
        return HandSnapshot(
            self.ledger.snapshot(), self.betting.snapshot(), self.irregular.snapshot(),
            dict(self.shown), set(self.plays_board), list(self.reshuffles), list(self.cuts),
            list(self.procedures), list(self.pushed), set(self.away),
        )  # fmt: skip

    def restore(self, saved: HandSnapshot) -> None:
        """Put the state back as it was at :meth:`snapshot` (a snapshot can be restored
        again): an event refused after a procedure moved cards leaves the hand as it was."""
        self.ledger.restore(saved.ledger)
        self.betting.restore(saved.betting)
        self.irregular.restore(saved.irregular)
        self.shown, self.plays_board = dict(saved.shown), set(saved.plays_board)
        self.reshuffles, self.cuts = list(saved.reshuffles), list(saved.cuts)
        self.procedures, self.pushed = list(saved.procedures), list(saved.pushed)
        self.away = set(saved.away)

    # ------------------------------------------------------------ procedures

    def move_card(self, card: Card, to: str, *, source: str | None = None) -> None:
        """Move a known card to ``set-aside``, ``stub`` or ``burn`` (see
        :meth:`CardLedger.move_card`). A board card taken back before anyone acted on
        its street takes the hand back to waiting for that card."""
        ledger = self.ledger
        if source == "stub" and ledger.location(card) != STUB:
            raise ProcedureError(f"{card} is not in the stub but at {self.location(card)}")
        from_board = (source or ledger.location(card).kind) == "board"
        ledger.move_card(card, to, source=source)
        if from_board:
            self.betting.board_taken_back(ledger.streets_turned)

    def return_board(self, street: str | None = None, to: str = "stub") -> tuple[Card, ...]:
        """Take the board cards of ``street`` (all when ``None``) off the board, to the stub."""
        cards = tuple(b.card for b in self.ledger.board if street is None or b.street == street)
        for card in cards:
            self.move_card(card, to, source="board")
        return cards

    # ------------------------------------------------------------ events

    def _deal(self, event: Deal, n: int) -> None:
        self.betting.refuse_when_over()
        if self.ledger.deal_complete:
            raise Refusal("the hole cards are dealt already")
        self.ledger.complete_deal()

    def _cards(self, event: Cards, n: int) -> None:
        betting = self.betting
        if betting.over_reason in ("misdeal", "void"):
            raise Refusal(betting.over_text())
        seat = event.seat
        if seat not in betting.stacks:
            betting.at_table(seat)
        self.ledger.record_cards(seat, event.cards, n)

    def _show(self, event: Show, n: int) -> None:
        self.betting.refuse_when_void()
        seat = self.betting.at_table(event.seat)
        self.ledger.record_show(seat, event.cards, n)
        self.shown[seat] = event.cards

    def _expose(self, event: Expose, n: int) -> None:
        self.betting.refuse_when_void()
        seat = self.betting.at_table(event.seat)
        hole_count = self.ledger.hole_count
        if event.round is not None and event.round > hole_count:
            raise Refusal(f"{self._game_name} deals {hole_count} hole cards, not {event.round}")
        by = "player" if event.by_player else "dealer"
        self.ledger.record_expose(seat, event.round, event.card, by, n)

    def _extra(self, event: Extra, n: int) -> None:
        self.betting.refuse_when_over()
        seat = self.betting.at_table(event.seat)
        self.ledger.record_extra(seat, event.card, n)

    def _burn(self, event: Burn, n: int) -> None:
        betting = self.betting
        if event.before is not None:
            betting.refuse_when_void()
        elif betting.over_reason not in (None, "fold"):
            raise Refusal(betting.over_text())
        else:
            self._next_run()
        self.ledger.record_burn(event.card, event.before, n)

    def _board(self, event: Board, n: int) -> None:
        """A board card; after everyone else folded, one that would have come (rabbit
        hunting): it is on the table all the same, and the rulebook rules on it."""
        betting = self.betting
        if betting.over_reason == "fold":
            self.ledger.record_board(event.street, event.cards, False, n)
            return
        if betting.over_reason is not None:
            raise Refusal(betting.over_text())
        self._next_run()
        target = BOARD_INDEX[event.street]
        in_time = betting.street_index == target - 1 and betting.betting_complete
        self.ledger.record_board(event.street, event.cards, not in_time, n)
        betting.board_turned(target, in_time)

    def _run(self, event: Run, n: int) -> None:
        """The players agree to run the cards to come more than once; the rulebook rules
        whether they may."""
        betting = self.betting
        if betting.over_reason is not None:
            raise Refusal(betting.over_text())
        self.ledger.agree_runs(event.times)

    def run_once(self) -> None:
        """An agreement to run the board more than once is undone: the board runs once."""
        if not self.ledger.runs:
            self.ledger.agree_runs(1)

    def _next_run(self) -> None:
        """After a run's river, the next card dealt begins the next run agreed: the
        betting round goes back to the street before the runs, complete."""
        ledger = self.ledger
        if ledger.next_board_street is None and ledger.runs_to_come > 0:
            ledger.start_next_run()
            self.betting.street_index = BOARD_INDEX[ledger.run_from or "flop"] - 1

    def _muck(self, event: Muck, n: int) -> None:
        self.betting.muck(event.seat)

    def _plays_board(self, event: PlaysBoard, n: int) -> None:
        self.betting.refuse_when_void()
        seat = self.betting.at_table(event.seat)
        if seat in self.betting.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        self.plays_board.add(seat)

    def _misdeal(self, event: Misdeal, n: int) -> None:
        self.betting.refuse_when_over()
        self.betting.end_hand("misdeal")

    def _reshuffle(self, event: Reshuffle, n: int) -> None:
        self.reshuffles.append(n)

    def _cut(self, event: Cut, n: int) -> None:
        self.cuts.append(n)

    def _note(self, event: Note | Floor, n: int) -> None:
        pass

    def _kill(self, event: Kill, n: int) -> None:
        """The hand is in the muck: dead, whether the rulebook gives redress or not."""
        betting = self.betting
        seat = betting.at_table(event.seat)
        if betting.over_reason not in (None, "showdown"):
            raise Refusal(betting.over_text())
        if seat in betting.folded:
            raise Refusal(f"seat {seat} has no live hand to kill")
        betting.kill_hand(seat)

    def _retrieve(self, event: Retrieve, n: int) -> None:
        self.keep_live(event.seat)

    def keep_live(self, seat: int) -> None:
        """The seat's hand, out of the hand, is live again: retrieved, or killed where the
        rulebook says it cannot be (a hand tabled at the showdown). A declared play of
        the board in hold'em keeps its claim against it."""
        self.betting.retrieve(seat, self.plays_board if self.game == "holdem" else ())

    def _miscount(self, event: Miscount, n: int) -> None:
        """A pot bet found made on a wrong count: recorded for the rulebook to rule on."""
        betting = self.betting
        seat = betting.at_table(event.seat)
        betting.refuse_when_over()
        if betting.structure != "pot-limit":
            raise Refusal("the pot is counted for a bet in pot limit only")
        if self.irregular.pot_wager(seat) is None:
            raise Refusal(f"the bet in force this round is not seat {seat}'s")

    def _unaware(self, event: Unaware, n: int) -> None:
        """A player's claim that it called unaware of a raise: recorded for the rulebook
        to rule on (whether the chips come back); the chips stay as they are."""
        betting = self.betting
        seat = betting.at_table(event.seat)
        betting.refuse_when_void()
        if seat in betting.folded:
            raise Refusal(f"seat {seat} is out of the hand")
        if not self.ledger.deal_complete:
            raise Refusal("no chips have been released yet: the betting has not begun")

    def reopen_call(self, seat: int, n: int) -> None:
        """A ruling on event ``n`` takes back the full call ``seat`` was just held to (it
        folds instead, or takes its chips back): the hand goes back to the undercall,
        which the ruling settles again. The event is taken."""
        self.irregular.reopen_call(seat)
        self.ledger.event_count = n

    def _chips_behind(self, event: ChipsBehind, n: int) -> None:
        """Chips found behind a stack are recorded for the rulebook to rule on: they were
        not in the seat's stack, and nothing in the hand changes for them."""
        betting = self.betting
        betting.at_table(event.seat)
        if event.amount == 0:
            raise Refusal("chips found behind are worth more than 0")

    def _away(self, event: Away, n: int) -> None:
        betting = self.betting
        seat = betting.at_table(event.seat)
        betting.refuse_when_over()
        if not self.ledger.deal_complete:
            raise Refusal("a player is away when the last card of the deal is dealt: record"
                          " it after the deal")  # fmt: skip
        if seat in betting.folded:
            raise Refusal(f"seat {seat} has no live hand")
        self.away.add(seat)

    def _button_found(self, event: ButtonFound, n: int) -> None:
        """The button out of position: the rulebook rules; the hand is as dealt."""
        self.betting.refuse_when_over()
        if event.dealt and event.seat != self.table.button:
            raise Refusal(f"the hand was dealt from seat {self.table.button}, not {event.seat}")
        if event.seat == self.table.button and (self.button_belongs is None or not event.dealt):
            raise Refusal(f"the button is on seat {event.seat} as this hand began")

    def _dealt_empty(self, event: DealtEmpty, n: int) -> None:
        self.betting.refuse_when_over()
        if event.seat in self.table.seats:
            raise Refusal(f"seat {event.seat} is dealt in: dealt-empty names a seat with no hand")

    def _dealt_out(self, event: DealtOut, n: int) -> None:
        self.betting.at_table(event.seat)
        self.betting.refuse_when_over()

    def _award(self, event: Award, n: int) -> None:
        """A push is recorded as the dealer made it; the chips stay where the cards and
        pots put them, and the rulebook rules on any difference."""
        betting = self.betting
        for seat in event.seats:
            betting.at_table(seat)
        if betting.over_reason not in ("fold", "showdown"):
            raise Refusal(
                betting.over_text()
                if betting.over_reason is not None
                else "the pot is pushed once the hand is over: at the showdown, or when"
                " everyone else has folded"
            )
        if event.amount is not None and event.amount > betting.pot:
            raise Refusal(f"the pot holds {betting.pot}, not {event.amount}")
        self.pushed.append((event.seats, event.amount, n))

    def _clock(self, event: Clock, n: int) -> None:
        """The clock is on the seat whose decision the table waits for; when it runs out,
        the rulebook says whether the hand is dead or checked."""
        betting = self.betting
        seat = betting.at_table(event.seat)
        betting.refuse_when_over()
        if seat != betting.to_act:
            whose = "nobody's" if betting.to_act is None else f"seat {betting.to_act}'s"
            raise Refusal(f"the clock is put on the player to act: it is {whose} turn")

    @property
    def _game_name(self) -> str:
        return GAME_SHORT_NAMES.get(self.game, self.game)

    def accounting_problems(self) -> list[str]:
        """Recount every card and chip from scratch; an empty list when all is well."""
        return self.ledger.card_problems() + self.betting.chip_problems()


_Handler = Callable[[object, object, int], None]

_ROUTES: Final[dict[type, tuple[str | None, _Handler]]] = {
    Deal: (None, HandState._deal),  # type: ignore[dict-item]
    Cards: (None, HandState._cards),  # type: ignore[dict-item]
    Show: (None, HandState._show),  # type: ignore[dict-item]
    Expose: (None, HandState._expose),  # type: ignore[dict-item]
    Extra: (None, HandState._extra),  # type: ignore[dict-item]
    Burn: (None, HandState._burn),  # type: ignore[dict-item]
    Board: (None, HandState._board),  # type: ignore[dict-item]
    Action: ("irregular", IrregularBetting.action),  # type: ignore[dict-item]
    Post: ("irregular", IrregularBetting.post),  # type: ignore[dict-item]
    Chips: ("irregular", IrregularBetting.chips),  # type: ignore[dict-item]
    Says: ("irregular", IrregularBetting.says),  # type: ignore[dict-item]
    Pullback: ("irregular", IrregularBetting.pullback),  # type: ignore[dict-item]
    Prior: ("irregular", IrregularBetting.prior),  # type: ignore[dict-item]
    StringBet: ("irregular", IrregularBetting.string_bet),  # type: ignore[dict-item]
    Motion: ("irregular", IrregularBetting.motion),  # type: ignore[dict-item]
    Muck: (None, HandState._muck),  # type: ignore[dict-item]
    PlaysBoard: (None, HandState._plays_board),  # type: ignore[dict-item]
    Misdeal: (None, HandState._misdeal),  # type: ignore[dict-item]
    Reshuffle: (None, HandState._reshuffle),  # type: ignore[dict-item]
    Cut: (None, HandState._cut),  # type: ignore[dict-item]
    Note: (None, HandState._note),  # type: ignore[dict-item]
    Floor: (None, HandState._note),  # type: ignore[dict-item]
    Award: (None, HandState._award),  # type: ignore[dict-item]
    Kill: (None, HandState._kill),  # type: ignore[dict-item]
    Miscount: (None, HandState._miscount),  # type: ignore[dict-item]
    Count: ("irregular", IrregularBetting.count),  # type: ignore[dict-item]
    ChipsBehind: (None, HandState._chips_behind),  # type: ignore[dict-item]
    Retrieve: (None, HandState._retrieve),  # type: ignore[dict-item]
    Away: (None, HandState._away),  # type: ignore[dict-item]
    Unaware: (None, HandState._unaware),  # type: ignore[dict-item]
    ButtonFound: (None, HandState._button_found),  # type: ignore[dict-item]
    DealtEmpty: (None, HandState._dealt_empty),  # type: ignore[dict-item]
    DealtOut: (None, HandState._dealt_out),  # type: ignore[dict-item]
    Clock: (None, HandState._clock),  # type: ignore[dict-item]
    Run: (None, HandState._run),  # type: ignore[dict-item]
    Dispute: (None, found.dispute),  # type: ignore[dict-item]
    OffTable: (None, HandState._expose),  # type: ignore[dict-item]
    Boxed: (None, found.boxed),  # type: ignore[dict-item]
    Joker: (None, found.found_card),  # type: ignore[dict-item]
    Foreign: (None, found.found_card),  # type: ignore[dict-item]
    Short: (None, found.short),  # type: ignore[dict-item]
}
"""Which part takes each event (``None``: the state itself, calling its parts in order),
and its handler."""
