"""The ledger of 52 cards: every hole card, board card, burn and card set aside, where
each one is and which event first recorded it.

A card recorded twice is kept twice (the first record wins, :attr:`duplicates` says
which event had it first), because the rulebook decides whether that is a recording
slip or a fouled deck. The card events are recorded by the ``record_*`` methods, which
refuse what cannot be before they change anything; the corrective procedures move
cards through the hooks here (:meth:`CardLedger.move_card`,
:meth:`CardLedger.take_hole_card`, ...). Where a hole card is dealt comes from the
game's :class:`floorman.hand.order.DealOrder`.
"""

from __future__ import annotations

from typing import NamedTuple

from floorman.cards import DECK, Card
from floorman.hand.order import DealOrder
from floorman.hand.records import (
    BOARD_INDEX,
    BOARD_PLACES,
    BURN_PLACES,
    SEAT_PLACES,
    SET_ASIDE,
    STUB,
    BoardCard,
    BurnCard,
    Duplicate,
    HoleCard,
    Place,
    ProcedureError,
    Refusal,
    TakenBack,
    new_record,
    seat_place,
)
from floorman.vocabulary import ORDINALS

__all__ = ["CardLedger", "LedgerSnapshot", "RunOut"]


class RunOut(NamedTuple):
    """One run of a board run more than once, put aside when the next run began: its
    board cards and their burns, from the street the runs start at."""

    board: tuple[BoardCard, ...]
    burns: tuple[BurnCard, ...]


class LedgerSnapshot(NamedTuple):
    """Everything a ledger changes as a hand goes on, copied (see :meth:`CardLedger.snapshot`)."""

    dealt: int
    out: int
    event_count: int
    board: list[BoardCard]
    burns: list[BurnCard]
    set_aside: list[Card | None]
    taken_back: list[TakenBack]
    extras: dict[int, list[Card | None]]
    duplicates: list[Duplicate]
    holes: dict[int, list[Card | None]]
    exposed: dict[tuple[int, int], str]
    missing: set[tuple[int, int]]
    where: dict[int, Place]
    first_event: dict[int, int]
    run_count: int
    run_from: str | None
    runs: list[RunOut]


class CardLedger:
    """Where every card of one hand is.

    Read-only attributes: ``deal`` (the game's :class:`DealOrder`), ``hole_count``
    (hole cards a seat gets), ``dealt`` / ``deal_total`` (hole cards dealt so far / to
    deal), ``board`` (:class:`BoardCard` list), ``burns`` (:class:`BurnCard` list),
    ``set_aside`` (cards or ``None`` for unknown ones), ``extras`` (per seat),
    ``taken_back`` (:class:`TakenBack` board cards a procedure took away),
    ``duplicates`` (:class:`Duplicate` list), ``out`` (cards off the stub) and
    ``event_count`` (the last event recorded; a procedure's moves are recorded at it).
    A board run more than once: ``run_count`` (the runs agreed, 1 when none), ``run_from``
    (the first street each run deals) and ``runs`` (the runs finished before the one on
    the board, each a :class:`RunOut`); ``board`` holds the run being dealt.
    """

    __slots__ = (
        "_exposed",
        "_first_event",
        "_holes",
        "_missing",
        "_where",
        "board",
        "burns",
        "deal",
        "deal_total",
        "dealt",
        "duplicates",
        "event_count",
        "extras",
        "hole_count",
        "out",
        "run_count",
        "run_from",
        "runs",
        "set_aside",
        "taken_back",
    )

    deal: DealOrder
    hole_count: int
    dealt: int
    deal_total: int
    board: list[BoardCard]
    burns: list[BurnCard]
    set_aside: list[Card | None]
    taken_back: list[TakenBack]
    extras: dict[int, list[Card | None]]
    duplicates: list[Duplicate]
    event_count: int
    out: int
    _holes: dict[int, list[Card | None]]
    _exposed: dict[tuple[int, int], str]
    _missing: set[tuple[int, int]]
    _where: dict[int, Place]
    _first_event: dict[int, int]
    run_count: int
    run_from: str | None
    runs: list[RunOut]

    def __init__(self, deal: DealOrder) -> None:
        """An undealt deck for the seats ``deal`` deals to."""
        order = deal.seats
        hole_count = deal.hole_count
        self.deal = deal
        self.hole_count = hole_count
        self.dealt, self.deal_total = 0, deal.deal_total
        self.board, self.burns, self.set_aside = [], [], []
        self.extras = {s: [] for s in order}
        self.duplicates = []
        self.taken_back = []
        self.event_count = 0
        self.out = 0
        self._holes = {s: [None] * hole_count for s in order}
        self._exposed, self._missing = {}, set()
        self._where, self._first_event = {}, {}
        self.run_count, self.run_from, self.runs = 1, None, []

    def copy(self) -> CardLedger:
        """An independent copy (cards and records are shared: they are immutable)."""
        new = object.__new__(CardLedger)
        new.deal = self.deal
        new.hole_count = self.hole_count
        new.dealt = self.dealt
        new.deal_total = self.deal_total
        new.event_count = self.event_count
        new.out = self.out
        new.board, new.burns, new.set_aside = (
            list(self.board),
            list(self.burns),
            list(self.set_aside),
        )
        new.extras = {s: list(c) for s, c in self.extras.items()}
        new.duplicates = list(self.duplicates)
        new.taken_back = list(self.taken_back)
        new._holes = {s: list(c) for s, c in self._holes.items()}
        new._exposed, new._missing = dict(self._exposed), set(self._missing)
        new._where, new._first_event = dict(self._where), dict(self._first_event)
        new.run_count, new.run_from, new.runs = self.run_count, self.run_from, list(self.runs)
        return new

    def snapshot(self) -> LedgerSnapshot:
        """Everything that changes, copied: equal snapshots are equal ledgers, and
        :meth:`restore` puts one back."""
        return LedgerSnapshot(
            self.dealt, self.out, self.event_count, list(self.board), list(self.burns),
            list(self.set_aside), list(self.taken_back),
            {s: list(c) for s, c in self.extras.items()}, list(self.duplicates),
            {s: list(c) for s, c in self._holes.items()}, dict(self._exposed),
            set(self._missing), dict(self._where), dict(self._first_event),
            self.run_count, self.run_from, list(self.runs),
        )  # fmt: skip

    def restore(self, saved: LedgerSnapshot) -> None:
        """Put the cards back where ``saved`` had them (it can be restored again)."""
        self.dealt, self.out, self.event_count = saved.dealt, saved.out, saved.event_count
        self.board, self.burns = list(saved.board), list(saved.burns)
        self.set_aside, self.taken_back = list(saved.set_aside), list(saved.taken_back)
        self.extras = {s: list(c) for s, c in saved.extras.items()}
        self.duplicates = list(saved.duplicates)
        self._holes = {s: list(c) for s, c in saved.holes.items()}
        self._exposed, self._missing = dict(saved.exposed), set(saved.missing)
        self._where, self._first_event = dict(saved.where), dict(saved.first_event)
        self.run_count, self.run_from, self.runs = saved.run_count, saved.run_from, list(saved.runs)

    def location(self, card: Card) -> Place:
        """Where ``card`` is; the stub when it was not seen anywhere else."""
        return self._where.get(card.index, STUB)

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

    @property
    def runs_to_come(self) -> int:
        """Runs agreed and not yet begun, after the one on the board."""
        return self.run_count - len(self.runs) - 1

    @property
    def run_boards(self) -> tuple[tuple[Card, ...], ...]:
        """Each run's whole board, in the order run: the cards every run shares, then the
        run's own (one board when the cards are run once)."""
        if not self.runs:
            return (self.board_cards,)
        start = BOARD_INDEX[self.run_from or "flop"]
        shared = tuple(b.card for b in self.board if BOARD_INDEX[b.street] < start)
        boards = [shared + tuple(b.card for b in run.board) for run in self.runs]
        boards.append(self.board_cards)
        return tuple(boards)

    def agree_runs(self, times: int) -> None:
        """The cards to come are run ``times`` times (1: once, the agreement undone)."""
        if times > 1 and self.run_count > 1:
            raise Refusal(f"the board is run {self.run_count} times already")
        street = self.next_board_street
        if times > 1 and street is None:
            raise Refusal("every board card is out: there is nothing left to run")
        self.run_count, self.run_from = times, (street if times > 1 else None)

    def start_next_run(self) -> None:
        """The run on the board is complete and another is due: its own cards and burns
        are put aside with it, and the board waits for the next run's first street."""
        start = BOARD_INDEX[self.run_from or "flop"]
        own = tuple(b for b in self.board if BOARD_INDEX[b.street] >= start)
        burns = tuple(b for b in self.burns if BOARD_INDEX[b.street] >= start)
        self.runs.append(RunOut(own, burns))
        self.board = [b for b in self.board if BOARD_INDEX[b.street] < start]
        self.burns = [b for b in self.burns if BOARD_INDEX[b.street] < start]

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

    def street_dealt(self, street: str) -> bool:
        """Whether the board cards of ``street`` are out."""
        for b in self.board:  # noqa: SIM110 - a loop costs a third of any() here
            if b.street == street:
                return True
        return False

    @property
    def streets_turned(self) -> int:
        """Board streets out in order from the flop: 2 with the flop and the turn out."""
        streets = {b.street for b in self.board}
        out = 0
        for street in ("flop", "turn", "river"):
            if street not in streets:
                break
            out += 1
        return out

    def deal_position(self, seat: int, deal_round: int) -> int:
        """1 = the first card off the deck."""
        return self.deal.position(seat, deal_round)

    def hole(self, seat: int) -> tuple[Card | None, ...]:
        """The seat's hole cards by deal round; ``None`` where unknown or not dealt."""
        return tuple(self._holes[seat])

    def hole_card(self, seat: int, deal_round: int) -> HoleCard:
        position = self.deal.position(seat, deal_round)
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
        return [self.hole_card(*self.deal.card_at(p)) for p in range(1, self.deal_total + 1)]

    @property
    def exposed(self) -> dict[tuple[int, int], str]:
        """(seat, deal round) -> ``dealer`` or ``player`` for every exposed hole card."""
        return dict(self._exposed)

    def known_cards(self, seat: int) -> tuple[Card, ...]:
        """Every card known to be in ``seat``'s hand, extra cards included."""
        cards = [c for c in self._holes[seat] if c is not None]
        cards.extend(c for c in self.extras[seat] if c is not None)
        return tuple(cards)

    def first_seen(self, card: Card) -> int | None:
        """The event that first recorded ``card`` (``None``: never seen or back in the stub)."""
        return self._first_event.get(card.index)

    # ------------------------------------------------------------ recording

    def record_cards(self, seat: int, cards: tuple[Card | None, ...], n: int) -> None:
        """Event ``n`` names a seat's hole cards, in deal order where it can."""
        placed = self._assign(seat, cards)
        if self.dealt < self.deal_total:
            self.complete_deal()
        if placed:
            self._place_hole(seat, placed, n)
        self._record_repeats(seat, cards, n)

    def record_show(self, seat: int, cards: tuple[Card | None, ...], n: int) -> None:
        """The seat tables ``cards``, in any order."""
        placed = self._assign(seat, cards, positional=False)
        self.complete_deal()
        self._place_hole(seat, placed, n)
        self._record_repeats(seat, cards, n)

    def record_expose(
        self, seat: int, deal_round: int | None, card: Card | None, by: str, n: int
    ) -> None:
        """Hole card ``deal_round`` of ``seat`` (its latest when ``None``) is exposed
        ``by`` the dealer or the player; recorded before the deal is complete, the deal
        has reached exactly that card."""
        if deal_round is None:
            deal_round = self._latest_round(seat)
        if (seat, deal_round) in self._missing:
            raise Refusal(
                f"seat {seat}'s {ORDINALS[deal_round - 1]} card was taken away and not replaced"
            )
        current = self._holes[seat][deal_round - 1]
        if card is not None and current is not None and current != card:
            raise Refusal(f"seat {seat}'s {ORDINALS[deal_round - 1]} card is {current} already")
        position = self.deal.position(seat, deal_round)
        if position > self.dealt:
            self.out += position - self.dealt
            self.dealt = position
        if card is not None and current is None:
            self._holes[seat][deal_round - 1] = card
            self._record(card, seat_place(seat, deal_round), n)
        self._exposed[(seat, deal_round)] = by

    def record_extra(self, seat: int, card: Card | None, n: int) -> None:
        """An extra card dealt to ``seat`` after every seat had its hole cards."""
        self._room(1 + self.deal_total - self.dealt)
        self.complete_deal()
        self.extras[seat].append(card)
        self.out += 1
        if card is not None:
            self._record(card, seat_place(seat, None), n)

    def record_burn(self, card: Card | None, before: str | None, n: int) -> None:
        """A burn before the next board card; one named ``before`` a street already out
        was burned then and is found now (it is off the deck all the same)."""
        street = before
        if street is not None:
            if street not in {b.street for b in self.board}:
                raise Refusal(f"the {street} is not out: record the burn as it is made")
        else:
            street = self.next_board_street
        if street is None:
            raise Refusal("every board card is out: there is nothing to burn for")
        if self.dealt < self.deal_total:
            self._room(1 + self.deal_total - self.dealt)
            self.complete_deal()
        elif self.out >= 52:
            self._room(1)
        self.burns.append(new_record(BurnCard, (card, street, n)))
        self.out += 1
        if card is not None:
            self._record(card, BURN_PLACES[street], n)

    def record_board(self, street: str, cards: tuple[Card, ...], premature: bool, n: int) -> None:
        """The board cards of ``street`` are turned, ``premature`` when their betting
        round could not open yet."""
        on_board = {b.street for b in self.board} if self.board else ()
        if street in on_board:
            raise Refusal(f"the {street} is out already")
        target = BOARD_INDEX[street]
        if target >= 2 and "flop" not in on_board:
            raise Refusal(f"there is no flop yet: the {street} cannot come before it")
        if target == 3 and "turn" not in on_board:
            raise Refusal("there is no turn yet: the river cannot come before it")
        self._room(len(cards) + self.deal_total - self.dealt)
        if self.dealt < self.deal_total:
            self.complete_deal()
        place = BOARD_PLACES[street]
        for card in cards:
            self.board.append(new_record(BoardCard, (card, street, premature, n)))
            self._record(card, place, n)
        self.out += len(cards)

    def record_boxed(self, card: Card | None, n: int) -> None:
        """A card found face up in the deck comes off the stub and is set aside, out of
        play: in the deal it is not a hole card, dealing the board not a board card."""
        self._room(1 + self.deal_total - self.dealt)
        self.set_aside.append(card)
        self.out += 1
        if card is not None:
            self._record(card, SET_ASIDE, n)

    # ------------------------------------------------------------ procedures

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

    def move_burn(self, street: str, to: str) -> Card | None:
        """The last burn made before ``street`` becomes the burn of ``to`` (a second burn
        put back on the deck and used as the next street's burn); returns its card."""
        index = next((i for i in range(len(self.burns) - 1, -1, -1)
                      if self.burns[i].street == street), None)  # fmt: skip
        if index is None:
            raise ProcedureError(f"no card was burned before the {street}")
        burn = self.burns[index]
        del self.burns[index]
        self.burns.append(burn._replace(street=to))
        if burn.card is not None and self._where.get(burn.card.index) == BURN_PLACES[street]:
            self._where[burn.card.index] = BURN_PLACES[to]
        return burn.card

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
        for run in self.runs:
            places.extend(Place("board", street=b.street) for b in run.board if b.card == card)
            places.extend(Place("burn", street=b.street) for b in run.burns if b.card == card)
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

    def _room(self, cards: int) -> None:
        if self.out + cards > 52:
            raise Refusal(f"the stub has only {52 - self.out} cards left")

    def _latest_round(self, seat: int) -> int:
        if self.deal_complete:
            return self.hole_count
        latest = 1
        for r in range(1, self.hole_count + 1):
            if self.deal.position(seat, r) <= self.dealt:
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
                    raise Refusal(f"seat {seat} holds {known}; {card} is not one of them")
                slot = free[0]
            slots[slot] = card
            placed.append((slot, card))
        return placed

    def _place_hole(self, seat: int, placed: list[tuple[int, Card]], n: int) -> None:
        holes = self._holes[seat]
        where, first = self._where, self._first_event
        places = SEAT_PLACES[seat] if seat < len(SEAT_PLACES) else None
        for slot, card in placed:
            holes[slot] = card
            place = places[slot + 1] if places else seat_place(seat, slot + 1)
            if card.index in where:
                self._record(card, place, n)
            else:
                where[card.index] = place
                first[card.index] = n

    def _record_repeats(self, seat: int, cards: tuple[Card | None, ...], n: int) -> None:
        """A card named twice in one event is a duplicate, not one card said twice."""
        for index, card in enumerate(cards):
            if card is not None and card in cards[:index]:
                self._record(card, seat_place(seat, None), n)

    def _record(self, card: Card, place: Place, n: int) -> None:
        first = self._where.get(card.index)
        if first is None:
            self._where[card.index] = place
            self._first_event[card.index] = n
        else:
            self.duplicates.append(
                Duplicate(card, self._first_event.get(card.index, 0), first, n, place)
            )

    def complete_deal(self) -> None:
        """Every hole card is out: the betting has begun or a card came after the deal."""
        if self.dealt < self.deal_total:
            self.out += self.deal_total - self.dealt
            self.dealt = self.deal_total

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

    def card_problems(self) -> list[str]:
        """Recount every card from scratch; an empty list when all is well."""
        problems: list[str] = []
        hole = sum(
            1
            for seat in self.deal.seats
            for r in range(1, self.hole_count + 1)
            if self.deal.position(seat, r) <= self.dealt and (seat, r) not in self._missing
        )
        counted = (
            hole
            + sum(len(e) for e in self.extras.values())
            + len(self.board)
            + len(self.burns)
            + len(self.set_aside)
            + sum(len(run.board) + len(run.burns) for run in self.runs)
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
        return problems
