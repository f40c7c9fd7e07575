"""How each documented fact is computed from the hand state and the event.

Facts are read from the state *before* the event is applied, and only when
a rule asks for them: most events (bets and calls) trigger no rule at all,
and the few that do read two or three facts. What the state does not keep
(which streets came without a burn, which streets a corrective procedure is
dealing) the engine keeps in :class:`Memory` and passes in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from floorman.cards import Card
from floorman.hand.events import (
    Award,
    Board,
    Boxed,
    Burn,
    Cards,
    Clock,
    Dispute,
    Event,
    Expose,
    Extra,
    FoundCard,
    IllegalEvent,
    Post,
    Retrieve,
    Run,
    Short,
    Show,
)
from floorman.hand.records import STREETS, Place
from floorman.hand.state import HandState
from floorman.rules.catalogue import FACTS
from floorman.rules.counts import acted_on_count, count_of, counted_all_in
from floorman.rules.loader import GameSpec
from floorman.rules.wagers import Wager, read_wager

__all__ = ["BOARD_STREETS", "FactContext", "Memory", "event_cards", "event_seat"]

BOARD_STREETS: Final = ("flop", "turn", "river")
_TARGET: Final = {"flop": 1, "turn": 2, "river": 3}


@dataclass
class Memory:
    """What the engine remembers about a hand beyond the state."""

    records_burns: bool = False
    missing_burn: set[str] = field(default_factory=set)
    """Board streets turned with no burn before them (and no procedure saying so)."""
    procedure_burn: set[str] = field(default_factory=set)
    """Board streets whose burn a corrective procedure in force decides."""
    no_burn_due: set[str] = field(default_factory=set)
    """Board streets a corrective procedure in force deals without a burn card."""
    dealer_exposed: set[tuple[int, int]] = field(default_factory=set)
    """(seat, deal round) of every hole card the dealer exposed, replaced or not."""
    extras: int = 0
    """Extra cards dealt after the starting hands, returned or not."""
    dead: dict[int, int] = field(default_factory=dict)
    """Dead money each seat posted (a dead blind, an ante for the table)."""
    chip_unit: int = 1
    """The smallest chip in play: the odd-chip unit of a split."""
    table_kind: str = "cash"
    """The table's kind: a cash game or a tournament."""
    boxed: int = 0
    """Boxed cards found in the hand so far."""


def event_cards(event: Event) -> tuple[Card, ...]:
    """The known cards an event names."""
    if isinstance(event, Board | Show):
        return event.cards
    if isinstance(event, Cards):
        return tuple(c for c in event.cards if c is not None)
    if isinstance(event, Expose | Extra | Burn | Boxed):
        return () if event.card is None else (event.card,)
    return ()


def event_seat(event: Event) -> int | None:
    """The seat an event names, if any."""
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None


def target_street(state: HandState, event: Event) -> str | None:
    """The board street an event deals or precedes: a board event's own street,
    otherwise the next one not yet turned."""
    if isinstance(event, Board):
        return event.street
    if isinstance(event, Burn) and event.before is not None:
        return event.before
    return state.ledger.next_board_street


def expose_round(state: HandState, event: Expose) -> int:
    """The deal round an exposure names (by default the seat's latest card)."""
    if event.round is not None:
        return event.round
    if state.ledger.deal_complete:
        return state.ledger.hole_count
    latest = 1
    for deal_round in range(1, state.ledger.hole_count + 1):
        if state.ledger.deal_position(event.seat, deal_round) <= max(state.ledger.dealt, 1):
            latest = deal_round
    return latest


class FactContext:
    """Facts for one event, each computed on first use."""

    __slots__ = ("_cache", "event", "game", "memory", "options", "state")

    def __init__(
        self,
        state: HandState,
        event: Event,
        game: GameSpec,
        memory: Memory,
        options: Any,
    ) -> None:
        self.state = state
        self.event = event
        self.game = game
        self.memory = memory
        self.options = options
        self._cache: dict[str, Any] = {}

    def read(self, name: str) -> Any:
        """One fact by name (see :data:`floorman.rules.catalogue.FACTS`)."""
        try:
            return self._cache[name]
        except KeyError:
            value = self._cache[name] = _COMPUTE[name](self)
            return value

    # helpers shared by several facts

    def wager(self) -> Wager:
        """The floor's reading of the betting event (an empty one for other events)."""
        found = self._cache.get("_wager")
        if found is None:
            found = self._cache["_wager"] = read_wager(self.state, self.event) or _NO_WAGER
        assert isinstance(found, Wager)
        return found

    def push(self) -> tuple[bool, str, str] | None:
        """For an ``award`` event once the winners are known: whether the push agrees
        with the cards and pots, what they give, and what was pushed."""
        try:
            return self._cache["award"]  # type: ignore[no-any-return]
        except KeyError:
            value = self._cache["award"] = _push(self)
            return value

    def duplicate_of(self) -> tuple[Card, int | None, Place] | None:
        """The first card of the event already somewhere else: the card, the event
        that first recorded it, and where it is."""
        state, event = self.state, self.event
        seat = event_seat(event)
        cards = event_cards(event)
        for index, card in enumerate(cards):
            if card in cards[:index]:  # named twice in this one event: one deck has one
                return card, None, _event_place(event, seat)
            place = state.location(card)
            if place.kind == "stub":
                continue
            if isinstance(event, Cards | Show) and place.seat == seat:
                continue
            if isinstance(event, Expose) and place.seat == seat:
                continue
            if isinstance(event, Burn) and place.kind == "burn":
                continue  # the same burn named again, e.g. a card a procedure made the burn
            return card, state.ledger.first_seen(card), place
        return None


def _event_place(event: Event, seat: int | None) -> Place:
    """Where the first copy of a card the event names twice goes."""
    if isinstance(event, Board):
        return Place("board", street=event.street)
    return Place("seat", seat)


def _street(ctx: FactContext) -> str:
    event, state = ctx.event, ctx.state
    if isinstance(event, Board | Burn):
        return _previous(target_street(state, event) or "river")
    return state.street


def _previous(street: str) -> str:
    order = ("preflop", *BOARD_STREETS)
    return order[max(order.index(street) - 1, 0)]


def _betting_complete(ctx: FactContext) -> bool:
    state, event = ctx.state, ctx.event
    if isinstance(event, Board):
        target = _TARGET[event.street]
        if state.betting.street_index >= target:
            return True  # the street is being dealt again: its betting round was open
        return state.betting.street_index == target - 1 and state.betting.betting_complete
    return state.betting.betting_complete


def _deal_position(ctx: FactContext) -> int:
    event = ctx.event
    if isinstance(event, Expose):
        return ctx.state.ledger.deal_position(event.seat, expose_round(ctx.state, event))
    return 0


def _deal_round(ctx: FactContext) -> int:
    event = ctx.event
    return expose_round(ctx.state, event) if isinstance(event, Expose) else 0


def _exposed_this_deal(ctx: FactContext) -> int:
    event, exposed = ctx.event, ctx.memory.dealer_exposed
    count = len(exposed)
    if (
        isinstance(event, Expose)
        and not event.by_player
        and (event.seat, expose_round(ctx.state, event)) not in exposed
    ):
        count += 1
    return count


def _extra_cards(ctx: FactContext) -> int:
    return ctx.memory.extras + (1 if isinstance(ctx.event, Extra) else 0)


def _to_first_seat(ctx: FactContext) -> bool:
    event = ctx.event
    return isinstance(event, Extra) and event.seat == ctx.state.table.first_left_of_button


def _event_card_count(ctx: FactContext) -> int:
    event = ctx.event
    if isinstance(event, Board | Show | Cards):
        return len(event.cards)
    return 1 if isinstance(event, Expose | Extra | Burn) else 0


def _burns_this_street(ctx: FactContext) -> int:
    street = target_street(ctx.state, ctx.event)
    return len(ctx.state.ledger.burns_for(street)) if street else 0


def _found_later(ctx: FactContext) -> bool:
    return isinstance(ctx.event, Burn) and ctx.event.before is not None


def _burn_acted_on(ctx: FactContext) -> bool:
    event = ctx.event
    if not isinstance(event, Burn) or event.before is None:
        return False
    later = BOARD_STREETS[BOARD_STREETS.index(event.before) :]
    return any(action.street in later for action in ctx.state.betting.actions)


def _records_burns(ctx: FactContext) -> bool:
    return ctx.memory.records_burns or bool(ctx.state.ledger.burns)


def _missing_burn(ctx: FactContext) -> bool:
    return ctx.state.street in ctx.memory.missing_burn


def _extra_burns(ctx: FactContext) -> int:
    street = ctx.state.street
    if street not in BOARD_STREETS:
        return 0
    return max(len(ctx.state.ledger.burns_for(street)) - 1, 0)


def _premature(ctx: FactContext) -> bool:
    street = ctx.state.street
    return any(b.premature for b in ctx.state.ledger.board if b.street == street)


def _seat_cards_shown(ctx: FactContext) -> int:
    state, event = ctx.state, ctx.event
    seat = event_seat(event)
    if seat is None:
        return 0
    shown = set(state.shown.get(seat, ()))
    if isinstance(event, Show):
        shown.update(event.cards)
    return len(shown)


def _seat_shown_all(ctx: FactContext) -> bool:
    return bool(ctx.read("seat.cards_shown") >= ctx.state.ledger.hole_count)


def _low_qualifies(ctx: FactContext) -> bool:
    from floorman.showdown.reading import read_low

    state, event = ctx.state, ctx.event
    seat = event_seat(event)
    board = state.ledger.board_cards
    if seat is None or len(board) != 5 or ctx.game.low is None:
        return False
    hole = set(state.shown.get(seat, ()))
    if isinstance(event, Show):
        hole.update(event.cards)
    if len(hole) != state.ledger.hole_count:
        return False
    return read_low(state.game, tuple(hole), board) is not None


def _board_plays(ctx: FactContext) -> bool:
    """With no hand tabled the board beats nothing yet: a hand thrown away unseen then
    concedes, it does not give up a share of the board."""
    from floorman.showdown.evaluation import high_value
    from floorman.showdown.reading import read_high

    state = ctx.state
    board = state.ledger.board_cards
    if len(board) != 5 or not ctx.game.play_the_board:
        return False
    board_value = high_value(board)
    tabled = False
    for seat, cards in state.shown.items():
        if seat in state.betting.folded or len(cards) != state.ledger.hole_count:
            continue
        if read_high(state.game, cards, board).value > board_value:
            return False
        tabled = True
    return tabled


def _push(ctx: FactContext) -> tuple[bool, str, str] | None:
    from floorman.showdown.oddchips import split_rules
    from floorman.showdown.pushes import describe_awards, describe_push, push_agrees
    from floorman.showdown.settlement import awaiting_hands, settle_state

    state, event = ctx.state, ctx.event
    if not isinstance(event, Award | Dispute) or awaiting_hands(state):
        return None
    rules = split_rules(ctx.options, ctx.memory.chip_unit)
    settled = settle_state(state, rules=rules, dead=ctx.memory.dead)
    if settled is None:
        return None
    pushes = [(event.seats, event.amount)] if isinstance(event, Award) else _disputed(ctx)
    if not pushes:
        return None
    for seats, amount in pushes:  # a dispute is of the first push that is wrong, if any
        if not push_agrees(settled.pots, settled.awards, seats, amount):
            return False, describe_awards(settled.awards), describe_push(seats, amount)
    seats, amount = pushes[-1]
    return True, describe_awards(settled.awards), describe_push(seats, amount)


def _disputed(ctx: FactContext) -> list[tuple[tuple[int, ...], int | None]]:
    """The pushes a dispute is about: every push of the hand."""
    return [(seats, amount) for seats, amount, _ in ctx.state.pushed]


def _dispute_error(ctx: FactContext) -> str:
    """``accounting`` when the first wrong push went to exactly the winners of one of
    the pots, in the wrong amount (a pot miscalculated, a side pot pushed with the main);
    ``reading`` when it went to seats that are not the winners of any pot (a hand misread,
    a tie pushed to one seat)."""
    from floorman.showdown.oddchips import split_rules
    from floorman.showdown.pushes import push_agrees
    from floorman.showdown.settlement import settle_state

    if not isinstance(ctx.event, Dispute):
        return "none"
    push = ctx.push()
    if push is None or push[0]:
        return "none"
    rules = split_rules(ctx.options, ctx.memory.chip_unit)
    settled = settle_state(ctx.state, rules=rules, dead=ctx.memory.dead)
    assert settled is not None  # ctx.push() settled it
    pot_winners = [{s for s, chips in pot.awards.items() if chips > 0} for pot in settled.pots]
    for seats, amount in _disputed(ctx):
        if not push_agrees(settled.pots, settled.awards, seats, amount):
            return "accounting" if set(seats) in pot_winners else "reading"
    return "none"


def _seat_acted(ctx: FactContext) -> bool:
    seat = event_seat(ctx.event)
    return any(action.seat == seat for action in ctx.state.betting.actions)


def _seat_dealt_last(ctx: FactContext) -> bool:
    seats = ctx.state.ledger.deal.seats
    return bool(seats) and event_seat(ctx.event) == seats[-1]


def _seat_folded(ctx: FactContext) -> bool:
    seat = event_seat(ctx.event)
    state = ctx.state
    return seat in state.betting.folded and seat not in state.betting.mucked


def _only_live_hand(ctx: FactContext) -> bool:
    state, event = ctx.state, ctx.event
    seat = event_seat(event)
    if state.over_reason != "showdown":
        return False
    if isinstance(event, Retrieve) and seat in state.betting.folded:
        after = state.copy()
        try:
            after.apply(event)
        except IllegalEvent:
            return False
        state = after
    return state.betting.live == (seat,)


def _miscount(ctx: FactContext) -> tuple[bool, int, int]:
    """Whether the seat's bet in force is short of the pot, and the actions since it."""
    state, seat = ctx.state, event_seat(ctx.event)
    wager = state.irregular.pot_wager(seat) if seat in state.betting.stacks else None
    if wager is None:
        return False, 0, 0
    made = next(a for a in reversed(state.betting.actions) if a.seat == seat and a.verb in _WAGERS)
    after = [a for a in state.betting.actions if a.event > made.event and a.street == made.street]
    return wager[0] < wager[1], len(after), sum(1 for a in after if a.added > 0)


def _retrieved_from(ctx: FactContext) -> str:
    state = ctx.state
    if state.betting.street_index == len(STREETS) - 1:
        return "showdown"
    return "killed" if event_seat(ctx.event) in state.betting.killed else "folded"


def _aggressor(ctx: FactContext) -> bool:
    state = ctx.state
    street = state.street
    for action in reversed(state.betting.actions):
        if action.street != street:
            return False
        if action.verb in ("bet", "raise"):
            return action.seat == event_seat(ctx.event)
    return False


def _showdown(ctx: FactContext) -> bool:
    return ctx.state.over_reason == "showdown"


def _declared(ctx: FactContext) -> bool:
    return event_seat(ctx.event) in ctx.state.plays_board


def _card_known(ctx: FactContext) -> bool:
    return bool(event_cards(ctx.event))


def _opening_bet(ctx: FactContext) -> bool:
    state = ctx.state
    street = state.street
    return not any(a.street == street and a.verb == "raise" for a in state.betting.actions)


def _clock_facing_bet(ctx: FactContext) -> bool:
    seat = event_seat(ctx.event)
    return seat is not None and ctx.state.betting.to_call(seat) > 0


def _post_kind(ctx: FactContext) -> str:
    return ctx.event.what if isinstance(ctx.event, Post) else "none"


def _straddle_position(ctx: FactContext) -> str:
    seat = event_seat(ctx.event)
    betting = ctx.state.betting
    if seat == betting.straddle_in_turn:
        return "under-the-gun"
    return "button" if seat == ctx.state.table.button else "other"


def _straddle_twice(ctx: FactContext) -> bool:
    event = ctx.event
    if not isinstance(event, Post):
        return False
    betting = ctx.state.betting
    return betting.street_bets.get(event.seat, 0) + event.amount == 2 * betting.current_bet


_WAGERS: Final = ("bet", "raise")
_CHIP_VERBS: Final = frozenset({"call", "bet", "raise", "allin", "chips", "amount", "pot"})


def _skipped(ctx: FactContext, *, chips: bool) -> int:
    wager = ctx.wager()
    if not wager.out_of_turn:
        return 0
    this = 1 if wager.verb in _CHIP_VERBS or not chips else 0
    return ctx.state.irregular.skipped_actions(chips) + this


def _all_in_called(ctx: FactContext) -> bool:
    seat = event_seat(ctx.event)
    actions = ctx.state.betting.actions
    went = next((i for i in range(len(actions) - 1, -1, -1) if actions[i].seat == seat), None)
    if seat is None or went is None or not actions[went].all_in:
        return False
    return any(a.seat != seat and a.added > 0 for a in actions[went + 1 :])


def _oversized(ctx: FactContext) -> bool:
    wager = ctx.wager()
    return len(wager.chips) == 1 and wager.facing and wager.total > ctx.state.betting.current_bet


_NO_WAGER: Final = Wager.__new__(Wager)
for _name, _value in (
    ("seat", 0), ("facing", False), ("out_of_turn", False), ("declared", ""), ("chips", ()),
    ("kind", "none"), ("verb", ""), ("total", 0), ("all_in", False), ("all_needed", False),
    ("raise_percent", 0), ("within_pot", 0), ("prior", "none"), ("of_declaration", False),
    ("prior_covers", False),
):  # fmt: skip
    setattr(_NO_WAGER, _name, _value)

_COMPUTE: Final[dict[str, Callable[[FactContext], Any]]] = {
    "street": _street,
    "deal_complete": lambda ctx: ctx.state.ledger.deal_complete,
    "hole_cards_dealt": lambda ctx: ctx.state.ledger.dealt,
    "card.deal_position": _deal_position,
    "card.deal_round": _deal_round,
    "card.known": _card_known,
    "card.duplicate": lambda ctx: ctx.duplicate_of() is not None,
    "exposed_by": lambda ctx: (
        "player" if isinstance(ctx.event, Expose) and ctx.event.by_player else "dealer"
    ),
    "exposed_this_deal": _exposed_this_deal,
    "extra_cards": _extra_cards,
    "extra.to_first_seat": _to_first_seat,
    "event.cards": _event_card_count,
    "board_cards": lambda ctx: len(ctx.state.ledger.board),
    "burns_this_street": _burns_this_street,
    "records_burns": _records_burns,
    "burn.found_later": _found_later,
    "burn.acted_on": _burn_acted_on,
    "betting_complete": _betting_complete,
    "all_in": lambda ctx: bool(ctx.state.betting.all_in),
    "actions_this_street": lambda ctx: ctx.state.betting.street_actions,
    "actions_in_turn": lambda ctx: len(ctx.state.betting.actions),
    "chip_actions_in_turn": lambda ctx: sum(1 for a in ctx.state.betting.actions if a.added > 0),
    "street.missing_burn": _missing_burn,
    "street.extra_burns": _extra_burns,
    "street.premature": _premature,
    "street.burn_by_procedure": lambda ctx: (
        target_street(ctx.state, ctx.event) in ctx.memory.procedure_burn
    ),
    "procedure.no_burn_due": lambda ctx: (
        target_street(ctx.state, ctx.event) in ctx.memory.no_burn_due
    ),
    "seat.declared_plays_board": _declared,
    "seat.cards_shown": _seat_cards_shown,
    "seat.shown_all": _seat_shown_all,
    "seat.low_qualifies": _low_qualifies,
    "seat.folded": _seat_folded,
    "seat.only_live_hand": _only_live_hand,
    "retrieve.from": _retrieved_from,
    "miscount.short": lambda ctx: _miscount(ctx)[0],
    "miscount.actions_after": lambda ctx: _miscount(ctx)[1],
    "miscount.chip_actions_after": lambda ctx: _miscount(ctx)[2],
    "seat.aggressor": _aggressor,
    "board_plays": _board_plays,
    "action_pending": lambda ctx: ctx.state.betting.betting_left,
    "award.differs": lambda ctx: (push := ctx.push()) is not None and not push[0],
    "dispute.after": lambda ctx: ctx.event.after if isinstance(ctx.event, Dispute) else "push",
    "dispute.error": _dispute_error,
    "boxed_cards": lambda ctx: ctx.memory.boxed + isinstance(ctx.event, Boxed),
    "found.where": lambda ctx: ctx.event.where if isinstance(ctx.event, FoundCard) else "seat",
    "seat.acted": _seat_acted,
    "seat.dealt_last": _seat_dealt_last,
    "short.deck": lambda ctx: isinstance(ctx.event, Short) and ctx.event.seat is None,
    "run.count": lambda ctx: ctx.event.times if isinstance(ctx.event, Run) else 1,
    "showdown": _showdown,
    "table.kind": lambda ctx: ctx.memory.table_kind,
    "hand_over": lambda ctx: ctx.state.betting.over_reason == "fold",
    "hand_started": lambda ctx: ctx.state.ledger.dealt > 0 or ctx.state.ledger.event_count > 0,
    "game": lambda ctx: ctx.state.game,
    "game.hole_cards": lambda ctx: ctx.game.hole_cards,
    "game.play_the_board": lambda ctx: ctx.game.play_the_board,
    "seats": lambda ctx: len(ctx.state.table.seats),
    "betting": lambda ctx: ctx.state.betting.structure,
    "action.out_of_turn": lambda ctx: ctx.wager().out_of_turn,
    "action.verb": lambda ctx: ctx.wager().verb,
    "skipped.actions": lambda ctx: _skipped(ctx, chips=False),
    "skipped.chip_actions": lambda ctx: _skipped(ctx, chips=True),
    "wager.kind": lambda ctx: ctx.wager().kind,
    "wager.facing_bet": lambda ctx: ctx.wager().facing,
    "wager.raise_percent": lambda ctx: ctx.wager().raise_percent,
    "wager.all_in": lambda ctx: ctx.wager().all_in,
    "wager.declared": lambda ctx: ctx.wager().declared,
    "wager.heads_up": lambda ctx: len(ctx.state.betting.live) == 2,
    "wager.opening_bet": _opening_bet,
    "chips.count": lambda ctx: len(ctx.wager().chips),
    "chips.all_needed": lambda ctx: ctx.wager().all_needed,
    "undercall.called": lambda ctx: (
        (seat := event_seat(ctx.event)) is not None
        and ctx.state.irregular.bound_call(seat) is not None
    ),
    "clock.expired": lambda ctx: isinstance(ctx.event, Clock) and ctx.event.expired,
    "clock.facing_bet": _clock_facing_bet,
    "post.kind": _post_kind,
    "straddle.position": _straddle_position,
    "straddle.count": lambda ctx: ctx.state.betting.straddles_posted + 1,
    "straddle.twice": _straddle_twice,
    "bomb_pot": lambda ctx: ctx.state.betting.bomb_pot > 0,
    "amount.within_pot": lambda ctx: ctx.wager().within_pot,
    "chips.prior": lambda ctx: ctx.wager().prior,
    "chips.prior_covers": lambda ctx: ctx.wager().prior_covers,
    "chips.oversized": _oversized,
    "chips.of_declaration": lambda ctx: ctx.wager().of_declaration,
    "count.wrong": lambda ctx: (
        (told := count_of(ctx.state, ctx.event)) is not None and told[0] != told[1]
    ),
    "count.all_in": lambda ctx: counted_all_in(ctx.state),
    "count.in_turn": lambda ctx: event_seat(ctx.event) == ctx.state.to_act,
    "count.acted_on": lambda ctx: acted_on_count(ctx.state, ctx.event),
    "behind.called": _all_in_called,
}


def _not_this_game(value: Any) -> Callable[[FactContext], Any]:
    return lambda ctx: value


for _name, _spec in FACTS.items():
    if _name.startswith(("stud.", "draw.")):
        # The stud and draw games' facts, read by their own engine: none in a flop game.
        _COMPUTE[_name] = _not_this_game({int: 0, bool: False, str: "none"}[_spec.type])

_missing = set(FACTS) - set(_COMPUTE)
assert not _missing, f"facts without a computation: {sorted(_missing)}"
