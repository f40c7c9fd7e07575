"""The ruling engine: match each event against the rulebook, enact the ruling,
and hold the hand to the corrective procedure in force.

The engine holds no rule of its own. For each event it reads facts from the
state *before* the event, picks the winning rule (priority, then
``overrides``), renders its steps, applies the event to the state and enacts
the steps' primitives through the state's procedure hooks. Dealing steps
(``reshuffle``, ``cut``, ``deal-without-burn``, ``burn``, ``use-as-burn``,
``scramble``, ``scramble-next-burn``) become expectations on the street they
name; any later event that departs from them is a violation, as is play after a
misdeal or a void.
What the dealer has still to do is kept in the state's ``procedures``
(:class:`floorman.hand.state.PendingStep`), so every view of the hand can say it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, NamedTuple

from floorman.cards import Card, format_cards
from floorman.hand.events import (
    Action,
    Award,
    Board,
    Boxed,
    Burn,
    Cut,
    Dispute,
    Event,
    Expose,
    Extra,
    Floor,
    IllegalEvent,
    Miscount,
    Misdeal,
    Note,
    Post,
    Reshuffle,
    Says,
    Unaware,
)
from floorman.hand.records import PendingStep, Place
from floorman.hand.state import HandSnapshot, HandState
from floorman.rules.counts import count_of
from floorman.rules.facts import (
    BOARD_STREETS,
    FactContext,
    Memory,
    event_cards,
    event_seat,
    expose_round,
    target_street,
)
from floorman.rules.kinds import cite_for
from floorman.rules.loader import ACTION_KINDS, CompiledRule, GameSpec, Rulebook, RulebookError
from floorman.rules.wagers import Wager, read_wager
from floorman.vocabulary import ORDINALS, number_word

__all__ = ["RulesEngine", "Ruling", "Step", "Violation", "match_situation"]

_NEXT: Final = {"preflop": "flop", "flop": "turn", "turn": "river", "river": "showdown"}
_PREVIOUS: Final = {"flop": "preflop", "turn": "flop", "river": "turn", "showdown": "river"}
_DEALING: Final = frozenset(
    {"reshuffle", "cut", "deal-without-burn", "burn", "burn-twice", "use-as-burn", "scramble"}
)
_BURNS: Final = {"burn": 1, "burn-twice": 2}
_BURNS_SAID: Final = {1: "one burn card", 2: "two burn cards"}
_AFTER_END: Final = (Note, Floor, Misdeal, Reshuffle, Cut)
_SETTLE: Final = {
    "bind-call": "call", "bind-check": "check", "bind-min-raise": "min-raise",
    "bind-as-made": "as-made", "bind-first-motion": "first-motion", "forfeit-fold": "forfeit-fold",
    "take-back": "take-back",
    "bind-pot": "pot",
}  # fmt: skip
"""Primitives that settle a pending wager, and how (:meth:`HandState.settle_wager`)."""
_HOLD: Final = {"back-up": "unless-raised", "back-up-unless-called": "unless-chips"}
_RAISING: Final = frozenset({"bet", "raise", "pot"})
_REOPENING: Final = frozenset({"forfeit-fold", "take-back"})
"""Settlements that may undo a full call a seat was just held to, on its fold or claim."""


@dataclass(frozen=True, slots=True)
class Step:
    do: str
    text: str
    street: str = "this"
    """The street a dealing step applies to, relative to the event: this or next."""

    def to_json(self) -> dict[str, str]:
        return {"do": self.do, "text": self.text}


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the rulebook rules on one event (events numbered from 1)."""

    event: int
    rule: str
    cite: str
    outcome: str
    title: str
    steps: tuple[Step, ...]
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``check --json`` contract's ruling object."""
        return {
            "event": self.event,
            "rule": self.rule,
            "cite": self.cite,
            "outcome": self.outcome,
            "title": self.title,
            "steps": [step.to_json() for step in self.steps],
        }


@dataclass(frozen=True, slots=True)
class Violation:
    """An event that departs from the procedure in force (or from normal procedure)."""

    event: int
    rule: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"event": self.event, "rule": self.rule, "message": self.message}


@dataclass
class _Expectation:
    do: str
    street: str
    rule: str
    event: int
    cards: tuple[Card, ...] = ()
    burns: int = 0
    done: bool = False
    what: str = "card"
    """What the cards are, for messages when they are unknown (an extra card)."""
    next_burn: bool = False
    """A scramble whose card drawn is the burn of the street after this one."""


@dataclass(frozen=True)
class _Move:
    do: str
    to: str
    street: str
    cards: tuple[Card, ...]
    rule: str
    event: int


@dataclass
class _Ended:
    outcome: str
    rule: str
    event: int


@dataclass
class RulesEngine:
    """Runs alongside the reducer for one hand: call :meth:`process` for every
    event instead of ``state.apply``; read :attr:`rulings` and :attr:`violations`.

    ``records_burns`` says the hand records its burn cards, so a board card with
    no burn before it was dealt without one (the default); a hand that does not
    (header ``burns: not-recorded``) is taken to burn normally.
    """

    book: Rulebook
    game: str
    records_burns: bool = True
    chip_unit: int = 1
    kind: str = "cash"
    """The table's kind (``cash`` or ``tournament``): the citation of its text."""
    rulings: list[Ruling] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    _memory: Memory = field(default_factory=Memory)
    _expected: list[_Expectation] = field(default_factory=list)
    _set_aside: list[Card] = field(default_factory=list)
    _moves: list[_Move] = field(default_factory=list)
    _ended: _Ended | None = None
    _spec: GameSpec | None = None
    _by_kind: dict[str, tuple[CompiledRule, ...]] = field(default_factory=dict)
    _restrictions: dict[int, tuple[str, int]] = field(default_factory=dict)
    _conditionals: dict[int, _Conditional] = field(default_factory=dict)
    _no_fold: dict[int, tuple[str, int]] = field(default_factory=dict)
    _first_wins: frozenset[str] = frozenset()
    """Event kinds none of whose rules overrides another: the first rule that matches wins."""

    def __post_init__(self) -> None:
        spec = self.book.games.get(self.game)
        if spec is None:
            raise RulebookError(f"{self.book.name} has no game {self.game!r}")
        self._spec = spec
        self._memory.records_burns = self.records_burns
        self._memory.chip_unit = self.chip_unit
        self._memory.table_kind = self.kind
        self._by_kind = _rules_by_kind(self.book, self.game)
        self._first_wins = _first_wins(self.book, self.game)

    # -- the per-event loop ---------------------------------------------------------

    def process(self, state: HandState, event: Event, number: int) -> Ruling | None:
        """Rule on ``event``, apply it to ``state`` and enact the ruling.

        Bad input raises :class:`floorman.hand.events.IllegalEvent` from the state,
        with nothing recorded by the engine.
        """
        if self._ended is not None:
            self._after_end(state, event, number)
            return None
        if self._moves and isinstance(event, Reshuffle | Cut | Burn | Board):
            saved = state.snapshot(), list(self._moves), list(self._set_aside)
            self._make_moves(state)
            try:
                return self._rule(state, event, number)
            except IllegalEvent:
                self._undo_moves(state, *saved)
                raise
        return self._rule(state, event, number)

    def _undo_moves(
        self, state: HandState, before: HandSnapshot, moves: list[_Move], set_aside: list[Card]
    ) -> None:
        """Put the board back as it was when the event that set the moves going is refused:
        bad input leaves the hand as it found it."""
        state.restore(before)
        self._moves[:] = moves
        self._set_aside[:] = set_aside

    def _rule(self, state: HandState, event: Event, number: int) -> Ruling | None:
        rules = self._by_kind.get(event.kind)
        ruling_rule = None
        context = None
        seat = getattr(event, "seat", None)
        if seat is not None and seat not in state.betting.stacks:
            state.apply(event, number)  # refuses it, naming the seat: no fact is about it
        if rules:
            context = FactContext(state, event, self._game_spec, self._memory, self.book.options)
            ruling_rule = self._match(rules, context, event.kind in self._first_wins)
        violations, swallow = self._check(state, event, number) if self._expected else ([], False)
        if self._restrictions and (state.irregular.restricted or state.irregular.limited):
            violations.extend(self._restricted(state, event, number))
        if self._conditionals:
            violations.extend(self._conditional(state, event, number))
        if self._no_fold:
            violations.extend(self._folding(state, event, number))
        ruling = None
        if ruling_rule is not None:
            assert context is not None
            ruling = self._ruling(ruling_rule, context, number)
        primitives = {step.do for step in ruling.steps} if ruling else set()
        reopen = (
            seat is not None
            and not primitives.isdisjoint(_REOPENING)
            and _claims_back(event)
            and state.irregular.bound_call(seat) is not None
        )
        if isinstance(event, Post) and "return-post" in primitives:
            state.copy().apply(event, number)  # a post that cannot be is refused all the same
        skip = (
            reopen
            or swallow
            or (isinstance(event, Post) and "return-post" in primitives)
            or (isinstance(event, Burn) and "return-to-stub" in primitives)
            or (isinstance(event, Misdeal) and ruling is not None and ruling.outcome != "misdeal")
        )
        street = target_street(state, event)
        if isinstance(event, Expose) and not event.by_player:
            exposed = (event.seat, expose_round(state, event))
        if not skip:
            state.apply(event, number)
        elif reopen and seat is not None:
            state.reopen_call(seat, number)
        if isinstance(event, Expose) and not event.by_player:
            self._memory.dealer_exposed.add(exposed)
        elif isinstance(event, Extra):
            self._memory.extras += 1
        elif isinstance(event, Boxed) and not skip:
            self._memory.boxed += 1
        elif isinstance(event, Post) and not skip:
            from floorman.showdown.settlement import dead_posts

            for seat, chips in dead_posts((event,)).items():
                self._memory.dead[seat] = self._memory.dead.get(seat, 0) + chips
        self.violations.extend(violations)
        if not skip and isinstance(event, Burn | Board):
            self._draw_next_burn(state, event, street)
        if isinstance(event, Board):
            self._dealt(state, street)
        elif isinstance(event, Reshuffle):
            self._reshuffled(state)
        if ruling is not None and ruling_rule is not None:
            self.rulings.append(ruling)
            self._enact(state, event, number, ruling_rule, ruling, street)
        if self._expected or self._moves or state.procedures:
            state.procedures = [] if state.over else self._pending()
        return ruling

    def _restricted(self, state: HandState, event: Event, number: int) -> list[Violation]:
        """A bet or raise by a seat the ruling in force allows only to check, call or fold."""
        seat = event_seat(event)
        irregular = state.irregular
        if seat is None or seat not in self._restrictions:
            return []
        if seat not in irregular.restricted and seat not in irregular.limited:
            return []
        if seat != state.to_act:
            return []
        wager = read_wager(state, event)
        if wager is None or wager.kind == "conditional":
            return []
        raising = wager.verb in _RAISING or (
            wager.total > state.betting.current_bet and wager.verb in ("allin", "chips", "amount")
        )
        if not raising:
            return []
        rule, at = self._restrictions[seat]
        how = "on this turn" if seat in irregular.restricted else "for the rest of this round"
        return [
            Violation(
                number,
                rule,
                f"{event}: seat {seat} may only check, call or fold {how}"
                f" (the ruling on event {at})",
            )
        ]

    def _conditional(self, state: HandState, event: Event, number: int) -> list[Violation]:
        """The seat's first action in turn once what a binding conditional statement
        waited for came to pass must be the one it stated; a check it waited for is
        judged at the seat's next action in turn."""
        seat = event_seat(event)
        held = self._conditionals.get(seat) if seat is not None else None
        if held is None or seat is None:
            return []
        if held.street_index != state.betting.street_index:
            del self._conditionals[seat]
            return []
        wager = read_wager(state, event)
        if seat != state.to_act or wager is None or wager.kind in ("conditional", "pullback"):
            return []
        risen = state.betting.current_bet > held.level
        waits_for_bet = held.condition in ("bet", "raise")
        if waits_for_bet and not risen:
            return []  # the bet it waits for may still come this round
        del self._conditionals[seat]
        if risen != waits_for_bet or _does(state, wager) in _KEEPS[held.promise]:
            return []
        return [
            Violation(
                number,
                held.rule,
                f'{event}: seat {seat} said "if {held.condition} then {held.promise}"'
                f" (event {held.event}), which binds: it must {held.promise}",
            )
        ]

    def _folding(self, state: HandState, event: Event, number: int) -> list[Violation]:
        """A fold on the turn of a seat a ruling bound to call or raise."""
        seat = event_seat(event)
        if seat is None or seat not in self._no_fold or seat != state.to_act:
            return []
        wager = read_wager(state, event)
        if wager is None or wager.kind in ("conditional", "pullback"):
            return []
        rule, at = self._no_fold.pop(seat)
        if wager.verb != "fold":
            return []
        return [
            Violation(
                number,
                rule,
                f"{event}: seat {seat} may call or raise on this turn, not fold"
                f" (the ruling on event {at})",
            )
        ]

    def _pending(self) -> list[PendingStep]:
        """The procedure steps the dealer has still to carry out, street by street."""
        steps = [
            PendingStep(m.do, m.street, m.rule, m.event, m.cards)
            for m in self._moves
            if m.do in ("set-aside", "return-to-stub")
        ]
        for e in self._expected:
            do = e.do
            if do in _BURNS:
                left = _BURNS[do] - e.burns
                if left <= 0:
                    continue
                do = "burn" if left == 1 else do
            if not e.done:
                steps.append(PendingStep(do, e.street, e.rule, e.event, e.cards, e.what))
        order = {street: i for i, street in enumerate(BOARD_STREETS)}
        return sorted(steps, key=lambda step: order.get(step.street, 3))

    @property
    def _game_spec(self) -> GameSpec:
        assert self._spec is not None
        return self._spec

    def _match(
        self, rules: tuple[CompiledRule, ...], context: FactContext, first_wins: bool
    ) -> CompiledRule | None:
        read = context.read
        if first_wins:
            for rule in rules:  # highest priority first: the first that matches wins
                if rule.test is None or rule.test(read):
                    return rule
            return None
        matched = [rule for rule in rules if rule.test is None or rule.test(read)]
        if not matched:
            return None
        if len(matched) > 1:
            overridden = {other for rule in matched for other in rule.rule.overrides}
            kept = [r for r in matched if r.local_id not in overridden and r.id not in overridden]
            matched = kept or matched
        return matched[0]

    def _ruling(self, rule: CompiledRule, context: FactContext, number: int) -> Ruling:
        from floorman.rules.steps import render_text

        words = _variables(context, self.book)
        steps = tuple(
            Step(compiled.step.do, render_text(compiled.step.text, words), compiled.step.street)
            for compiled in rule.steps
            if compiled.test is None or compiled.test(context.read)
        )
        return Ruling(
            event=number,
            rule=rule.id,
            cite=cite_for(rule.rule, self.kind),
            outcome=rule.rule.outcome,
            title=rule.rule.title,
            steps=steps,
            note=rule.rule.note,
        )

    # -- expectations -----------------------------------------------------------------

    def _check(self, state: HandState, event: Event, number: int) -> tuple[list[Violation], bool]:
        """Violations of the procedure in force by ``event``; whether the event is a
        card the procedure already placed (and so is not applied again)."""
        found: list[Violation] = []
        swallow = False
        street = target_street(state, event)
        pending = [e for e in self._expected if not e.done and e.street == street]

        def violate(expectation: _Expectation, message: str) -> None:
            found.append(Violation(number, expectation.rule, message))

        if isinstance(event, Burn):
            for exp in pending:
                if exp.do == "deal-without-burn":
                    violate(exp, f"burn: the {street} is dealt without a burn card"
                            f" (event {exp.event})")  # fmt: skip
                elif exp.do in _BURNS:
                    exp.burns += 1
                    due = _BURNS[exp.do]
                    if exp.burns == due + 1:
                        more = number_word(due + 1)
                        violate(exp, f"burn: {_BURNS_SAID[due]} before the {street}, not {more}"
                                f" (event {exp.event})")  # fmt: skip
                elif exp.do == "use-as-burn":
                    if event.card is not None and event.card in exp.cards:
                        swallow = True
                    else:
                        named = format_cards(exp.cards) or exp.what
                        violate(exp, f"burn: the {named} is the burn card for the {street}"
                                f" (event {exp.event}); burn no other card")  # fmt: skip
                elif exp.do == "scramble":
                    exp.burns += 1
                    if event.card is not None and event.card not in exp.cards:
                        violate(exp, f"burn {event.card}: the burn is one of the scrambled"
                                f" {format_cards(exp.cards)} (event {exp.event})")  # fmt: skip
                    elif exp.burns > 1:
                        violate(exp, f"burn: only one of the scrambled cards is the burn"
                                f" (event {exp.event})")  # fmt: skip
        elif isinstance(event, Board):
            for exp in pending:
                if exp.do == "reshuffle":
                    violate(exp, f"{street}: dealt before the reshuffle (event {exp.event})")
                elif exp.do == "cut":
                    violate(exp, f"{street}: dealt before the cut (event {exp.event})")
                elif exp.do == "burn" and exp.burns == 0:
                    violate(exp, f"{street}: dealt without the burn card (event {exp.event})")
                elif exp.do == "burn-twice" and exp.burns < 2:
                    burned = "1 burn card" if exp.burns == 1 else "no burn card"
                    violate(exp, f"{street}: dealt after {burned}, not two"
                            f" (event {exp.event})")  # fmt: skip
                elif exp.do == "scramble":
                    missing = [c for c in exp.cards if c not in event.cards]
                    if len(missing) > 1 or (exp.burns and len(missing) != 1):
                        violate(exp, f"{street} {format_cards(event.cards)}: the {street} is"
                                f" the scrambled {format_cards(exp.cards)} but the one burned"
                                f" (event {exp.event})")  # fmt: skip
        elif isinstance(event, Reshuffle):
            for exp in self._expected:
                if exp.do == "reshuffle" and not exp.done:
                    exp.done = True
        elif isinstance(event, Cut):
            for exp in self._expected:
                if exp.do == "cut" and not exp.done:
                    if any(e.do == "reshuffle" and not e.done for e in self._expected):
                        violate(exp, "cut: the deck is reshuffled first, then cut")
                    exp.done = True
        return found, swallow

    def _draw_next_burn(self, state: HandState, event: Burn | Board, street: str | None) -> None:
        """A card drawn from a scramble as the next street's burn becomes that burn: the
        burn recorded from the scrambled cards, or the one left out of the street's cards
        when no burn was recorded. The next street then comes with no other burn."""
        for exp in self._expected:
            if exp.do != "scramble" or not exp.next_burn or exp.street != street:
                continue
            following = _street_of("next", street)
            if following is None:
                return
            exp.next_burn = False
            if isinstance(event, Burn):
                if event.before is not None or (
                    event.card is not None and event.card not in exp.cards
                ):
                    return
                drawn = state.ledger.move_burn(exp.street, following)
                burned: tuple[Card, ...] = () if drawn is None else (drawn,)
            elif exp.burns == 0:
                left = [c for c in exp.cards if c not in event.cards]
                if len(left) != 1 or state.location(left[0]).kind != "stub":
                    return
                state.move_card(left[0], "burn", source="stub")
                burned = (left[0],)
            else:
                return
            self._expected.append(
                _Expectation("use-as-burn", following, exp.rule, exp.event, burned, what="card")
            )
            self._memory.procedure_burn.add(following)
            return

    def _dealt(self, state: HandState, street: str | None) -> None:
        """A board street is out: its expectations are settled, its burn noted."""
        procedure = street in self._memory.procedure_burn
        self._expected = [e for e in self._expected if e.street != street]
        self._memory.procedure_burn.discard(street or "")
        self._memory.no_burn_due.discard(street or "")
        if street is None:
            return
        if state.ledger.burns:
            self._memory.records_burns = True
        if not state.ledger.burns_for(street) and not procedure and self._memory.records_burns:
            self._memory.missing_burn.add(street)
        else:
            self._memory.missing_burn.discard(street)

    def _make_moves(self, state: HandState) -> None:
        """Take board cards away as a ruling said, now that the procedure goes on.

        Board cards that could be played as dealt (turned in time, as many as
        the street has) stay where they are until the dealer reshuffles, cuts,
        burns or deals again: if play goes on on them instead, the rulebook may
        let them stand. See :meth:`_move`.
        """
        for move in self._moves:
            self._carry_out(state, move)
        self._moves.clear()

    def _move(self, state: HandState, move: _Move, playable: bool) -> None:
        """Take the board cards of ``move`` away now, or when the procedure goes on
        if they could still be played as dealt (see :meth:`_make_moves`).

        Cards that can never be played as dealt (turned before the betting round
        was complete, or a flop of four) leave the board at once: no betting
        round opens on them, and the hand waits for the cards that replace them.
        """
        if playable:
            self._moves.append(move)
        else:
            self._carry_out(state, move)

    def _carry_out(self, state: HandState, move: _Move) -> None:
        for card in move.cards:
            if state.location(card).kind == "board":
                state.move_card(card, move.to, source="board")
                if move.to == "set-aside":
                    self._set_aside.append(card)

    def _reshuffled(self, state: HandState) -> None:
        """Cards set aside by a procedure go back into the deck at the reshuffle."""
        for card in self._set_aside:
            if state.location(card).kind == "set-aside":
                state.move_card(card, "stub", source="set-aside")
        self._set_aside.clear()

    def _after_end(self, state: HandState, event: Event, number: int) -> None:
        ended = self._ended
        assert ended is not None
        if isinstance(event, _AFTER_END):
            if not isinstance(event, Misdeal):
                state.apply(event, number)
            return
        word = "a misdeal" if ended.outcome == "misdeal" else "void"
        self.violations.append(
            Violation(
                number,
                ended.rule,
                f"{event}: the hand was ruled {word} at event {ended.event}; nothing more is"
                " played",
            )
        )

    # -- enacting ---------------------------------------------------------------------

    def _enact(
        self,
        state: HandState,
        event: Event,
        number: int,
        rule: CompiledRule,
        ruling: Ruling,
        street: str | None,
    ) -> None:
        primitives = [step.do for step in ruling.steps]
        cards = event_cards(event)
        playable = isinstance(event, Board) and _playable(state, event, number)
        what = {"expose": "exposed card", "extra": "extra card", "burn": "second burn card"}.get(
            event.kind, "card"
        )
        found_later = isinstance(event, Burn) and event.before is not None
        for step in ruling.steps:
            do = step.do
            # Once the river is out no street is left to deal: a dealing step enacts nothing.
            target = _street_of(step.street, street) or "showdown"
            if found_later and step.street == "next":
                target = state.ledger.next_board_street or "river"
            if do == "misdeal":
                state.betting.end_hand("misdeal")
                self._ended = _Ended("misdeal", ruling.rule, number)
            elif do == "void-hand":
                state.betting.end_hand("void")
                self._ended = _Ended("void", ruling.rule, number)
            elif do in ("kill-hand", "forfeit"):
                seat = event_seat(event)
                if seat is not None:
                    state.betting.kill_hand(seat)
            elif do == "correct-award":
                self.violations.append(Violation(number, ruling.rule, f"{event}: {step.text}"))
            elif do == "keep-live":
                seat = event_seat(event)
                if seat is not None and seat in state.betting.killed:
                    state.keep_live(seat)
            elif do == "keep-claim":
                seat = event_seat(event)
                if seat is not None and seat in state.betting.mucked:
                    state.betting.keep_claim(seat)
            elif do in ("set-aside", "return-to-stub") and isinstance(event, Board):
                to = "set-aside" if do == "set-aside" else "stub"
                self._move(state, _Move(do, to, event.street, cards, rule.id, number), playable)
            elif do == "use-as-burn" and isinstance(event, Board):
                self._move(state, _Move(do, "burn", event.street, cards, rule.id, number), playable)
                self._expect(do, target, ruling, number, cards)
            elif do == "use-as-burn" and isinstance(event, Burn) and event.before is not None:
                if target != event.before:  # a later street is still to come
                    state.ledger.move_burn(event.before, target)
                    self._expect(do, target, ruling, number, (), what)
            elif do == "use-as-burn":
                burned = self._to_burn(state, event, "replace-card" in primitives)
                self._expect(do, target, ruling, number, burned, what)
            elif do in ("scramble", "scramble-next-burn") and isinstance(event, Board):
                move = _Move("scramble", "stub", event.street, cards, rule.id, number)
                self._move(state, move, playable)
                self._expect("scramble", target, ruling, number, cards)
                if do == "scramble-next-burn" and self._expected:
                    self._expected[-1].next_burn = True
            elif do in _DEALING:
                self._expect(do, target, ruling, number, ())
            elif do in _SETTLE:
                pending = state.irregular.pending
                if pending is not None and pending.seat == event_seat(event):
                    state.irregular.settle_wager(_SETTLE[do])
            elif do in _HOLD:
                state.irregular.hold_out_of_turn(event_seat(event) or 0, _HOLD[do])
            elif do == "return-chips":
                state.irregular.hold_out_of_turn(event_seat(event) or 0, None)
            elif do == "fold-stands":
                state.irregular.fold_out_of_turn(event_seat(event) or 0)
            elif do == "no-bet-or-raise":
                seat = event_seat(event) or 0
                state.irregular.restrict(seat, number)
                self._restrictions[seat] = (rule.id, number)
            elif do == "bind-conditional" and isinstance(event, Says) and event.condition:
                self._conditionals[event.seat] = _Conditional(
                    rule.id, number, event.condition, event.verb or "",
                    state.betting.street_index, state.betting.current_bet,
                )  # fmt: skip
            elif do == "bind-call-or-raise":
                seat = event_seat(event) or 0
                if state.betting.current_bet > state.betting.street_bets.get(seat, 0):
                    self._no_fold[seat] = (rule.id, number)
            elif do == "out-of-turn-binds":
                for seat in list(state.irregular.held):
                    state.irregular.hold_out_of_turn(seat, "always")
            elif do == "skipped-no-bet-or-raise" and state.to_act is not None:
                state.irregular.restrict(state.to_act, number, for_round=True)
                self._restrictions[state.to_act] = (rule.id, number)
            elif do == "kill-skipped" and state.to_act is not None:
                state.betting.kill_hand(state.to_act)
            elif do == "run-once":
                state.run_once()
            elif do == "check-hand":
                seat = event_seat(event)
                betting = state.betting
                if seat is not None and seat == betting.to_act and not betting.to_call(seat):
                    betting.act(seat, "check", None, number)
            elif do == "correct-to-pot" and isinstance(event, Miscount):
                wager = state.irregular.pot_wager(event.seat)
                if wager is not None:
                    state.betting.correct_bet(event.seat, wager[1])
            elif do == "card-stands":
                standing = {state.street, target}
                self._moves = [m for m in self._moves if m.street not in standing]
                self._expected = [e for e in self._expected if e.street not in standing]
                self._memory.procedure_burn.difference_update(standing)
                self._memory.no_burn_due.difference_update(standing)
                self._memory.missing_burn.discard(state.street)
        if self._ended is not None:
            self._expected.clear()

    def _to_burn(self, state: HandState, event: Event, replace: bool) -> tuple[Card, ...]:
        if isinstance(event, Expose):
            deal_round = expose_round(state, event)
            card = (
                state.ledger.replace_hole_card(event.seat, deal_round, "burn")
                if replace
                else state.ledger.take_hole_card(event.seat, deal_round, "burn")
            )
            return () if card is None else (card,)
        if isinstance(event, Extra):
            card = state.ledger.take_extra_card(event.seat, "burn")
            return () if card is None else (card,)
        return ()

    def _expect(
        self,
        do: str,
        street: str,
        ruling: Ruling,
        number: int,
        cards: tuple[Card, ...],
        what: str = "card",
    ) -> None:
        if street not in BOARD_STREETS:
            return
        self._expected.append(_Expectation(do, street, ruling.rule, number, cards, what=what))
        if do in ("deal-without-burn", "burn", "burn-twice", "use-as-burn", "scramble"):
            self._memory.procedure_burn.add(street)
        if do == "deal-without-burn":
            self._memory.no_burn_due.add(street)


def _claims_back(event: Event) -> bool:
    """A fold, or a claim to have called unaware of a raise: what may undo a full call."""
    return isinstance(event, Unaware) or (isinstance(event, Action) and event.verb == "fold")


class _Conditional(NamedTuple):
    """A conditional statement the ruling made binding: ``condition`` (bet, raise or
    check) against the bet of ``level`` when it was said, on round ``street_index``."""

    rule: str
    event: int
    condition: str
    promise: str
    street_index: int
    level: int


_KEEPS: Final = {
    "bet": frozenset({"raise", "allin"}), "raise": frozenset({"raise", "allin"}),
    "allin": frozenset({"allin"}), "call": frozenset({"call"}),
    "check": frozenset({"check"}), "fold": frozenset({"fold"}),
}  # fmt: skip
"""What keeps each promise: a bet or raise promised is kept by any bet or raise."""


def _does(state: HandState, wager: Wager) -> str:
    """What a betting event does, as a promise reads it: fold, check, call, raise (any
    bet or raise) or allin."""
    current = state.betting.current_bet
    if wager.verb == "fold":
        return "fold"
    if wager.verb == "allin" or wager.all_in:
        return "allin" if wager.total > current or not wager.facing else "call"
    if wager.verb in ("bet", "raise", "pot") or wager.total > current:
        return "raise"
    return "call" if wager.facing or wager.verb == "call" else "check"


def _playable(state: HandState, event: Board, number: int) -> bool:
    """Whether the board cards of ``event`` could be played as dealt: turned when
    their betting round could open, and as many as the street has."""
    if len(event.cards) != (3 if event.street == "flop" else 1):
        return False
    return not any(b.premature for b in state.ledger.board if b.event == number)


@lru_cache(maxsize=64)
def _rules_by_kind(book: Rulebook, game: str) -> dict[str, tuple[CompiledRule, ...]]:
    """The rules of ``game`` that each event kind can trigger, highest priority first."""
    by_kind: dict[str, list[CompiledRule]] = {}
    for rule in book.rules:
        if game in rule.games:
            for kind in rule.kinds:
                by_kind.setdefault(kind, []).append(rule)
    return {
        kind: tuple(sorted(rules, key=lambda r: -r.rule.priority))
        for kind, rules in by_kind.items()
    }


@lru_cache(maxsize=64)
def _first_wins(book: Rulebook, game: str) -> frozenset[str]:
    """Event kinds none of whose rules overrides another."""
    return frozenset(
        kind
        for kind, rules in _rules_by_kind(book, game).items()
        if not any(rule.rule.overrides for rule in rules)
    )


def _street_of(which: str, street: str | None) -> str | None:
    if which == "this" or street is None:
        return street
    following = _NEXT.get(street)
    return following if following in BOARD_STREETS else None


def _variables(context: FactContext, book: Rulebook) -> dict[str, str]:
    """The words a step text may use, for this event."""
    from floorman.rules.steps import placeholders

    state, event = context.state, context.event
    seat = event_seat(event)
    street = context.read("street")
    if isinstance(event, Board | Burn):
        street = target_street(state, event) or "river"
    cards = event_cards(event)
    duplicate = context.duplicate_of()
    words = placeholders()
    if cards:
        words["card"] = format_cards(cards)
        words["cards"] = format_cards(cards)
    else:
        words["card"] = {
            "expose": "exposed card", "extra": "extra card", "burn": "burn card",
        }.get(event.kind, "card")  # fmt: skip
        words["cards"] = words["card"]
    if isinstance(event, Expose) and event.card is None:
        known = state.ledger.hole(event.seat)[expose_round(state, event) - 1]
        if known is not None:
            words["card"] = words["cards"] = str(known)
    if duplicate is not None:
        card, first, place = duplicate
        words["card"] = str(card)
        where = f"at event {first}" if first else "earlier"
        words["first_seen"] = f"the first was recorded {where}, {_place_words(place)}"
    if seat is not None:
        words["seat"] = f"seat {seat}"
    if isinstance(event, Miscount) and seat in state.betting.stacks:
        wager = state.irregular.pot_wager(event.seat)
        if wager is not None:
            words["bet_made"], words["pot_bet"] = str(wager[0]), str(wager[1])
    counted = count_of(state, event)
    if counted is not None:
        words["count_given"], words["to_call"] = str(counted[0]), str(counted[1])
    push = context.push() if isinstance(event, Award | Dispute) else None
    if push is not None:
        words["correct_award"] = push[1]
        words["pushed"] = push[2]
    words["first_seat"] = f"seat {state.table.first_left_of_button}"
    position = context.read("card.deal_position")
    if position:
        words["position"] = ORDINALS[position - 1] if position <= len(ORDINALS) else f"{position}th"
    words["street"] = street
    words["next_street"] = _NEXT.get(street, "showdown")
    if isinstance(event, Burn) and event.before is not None:
        words["next_street"] = state.ledger.next_board_street or "showdown"
    words["previous_street"] = _PREVIOUS.get(street, "preflop")
    if isinstance(event, Board | Burn):
        burns = state.ledger.burns_for(target_street(state, event) or "river")
        if burns and burns[-1] is not None:
            words["burn"] = str(burns[-1])
    betting_event = isinstance(event, Unaware) or read_wager(state, event) is not None
    if seat is not None and seat in state.betting.stacks and betting_event:
        _betting_words(words, context, seat)
    spec = context.game
    words["hole_cards"] = number_word(spec.hole_cards)
    words["game"] = spec.description or spec.name
    return words


def _betting_words(words: dict[str, str], context: FactContext, seat: int) -> None:
    """The words of a betting ruling: whose turn it was, the bet, the limits, the chips."""
    state, wager = context.state, context.wager()
    words["to_act"] = f"seat {state.to_act}" if state.to_act is not None else "the next seat"
    event = context.event
    words["action"] = (
        event.kind if isinstance(event, Unaware) else str(event).split(" ", 1)[1]
    ).removeprefix("says ")
    words["to_call"] = str(state.betting.current_bet)
    limits = (
        state.betting.bet_range(seat)
        if state.betting.current_bet == 0
        else state.betting.raise_range(seat)
    )
    words["min_raise"] = str(limits.lowest)
    words["max_wager"] = str(limits.highest)
    total = wager.total
    words["pot"] = str(state.betting.pot)
    pending = state.irregular.pending
    before = pending.before if pending and pending.seat == seat else state.betting.street_bets[seat]
    bound = state.irregular.bound_call(seat) if _claims_back(event) else None
    if bound is not None and bound.irregular.pending is not None:
        before, total = bound.irregular.pending.before, bound.irregular.pending.total
    words["in_front"] = str(total)
    kept = state.irregular.forfeit_level(before, total)
    words["forfeit"] = str(kept - before)
    words["returned"] = str(total - kept)


def _place_words(place: Place) -> str:
    """Where a card is, as a dealer says it: ``on the flop``, ``in seat 3's hand``."""
    if place.kind == "seat":
        return f"in seat {place.seat}'s hand" if place.round else f"dealt to seat {place.seat}"
    if place.kind == "board":
        return f"on the {place.street}"
    if place.kind == "burn":
        return f"burned before the {place.street}"
    if place.kind == "muck":
        return f"in seat {place.seat}'s mucked hand" if place.seat else "in the muck"
    return "set aside" if place.kind == "set-aside" else "in the stub"


def match_situation(
    book: Rulebook, name: str, *, game: str | None = None, kind: str | None = None
) -> tuple[Ruling | None, Mapping[str, Any]]:
    """Rule on a named situation with no recorded hand (``floorman ask``).

    *game* asks it of another game than the situation's own (a hold'em
    situation at an Omaha table, for the Omaha quick-reference card); *kind*
    asks it at a ``cash`` game or a ``tournament`` table (default: the
    situation's, else a cash game).

    The situation's facts (over the catalogue's quick-question defaults) are
    matched against the rulebook exactly as an event's would be; step texts are
    filled with the situation's words. Returns the ruling (``None`` when no rule
    applies) and the facts used.
    """
    from floorman.rules.catalogue import FACTS
    from floorman.rules.steps import placeholders, render_text

    situation = book.situations.get(name)
    if situation is None:
        known = ", ".join(sorted(book.situations))
        raise RulebookError(f"{book.name} has no situation {name!r} (known: {known})")
    if (kind or situation.facts.get("table.kind")) == "tournament":
        book = book.at_kind("tournament")
    game = game or situation.game
    spec = book.games[game]
    facts: dict[str, Any] = {fact: s.ask_default for fact, s in FACTS.items()}
    facts["game"] = spec.name
    facts["game.hole_cards"] = spec.hole_cards
    facts["game.play_the_board"] = spec.play_the_board
    facts.update(situation.facts)
    if kind is not None:
        facts["table.kind"] = kind
    for option, value in book.options.items():
        facts[f"option.{option}"] = value
    kinds = {situation.on}
    if situation.on == "action":
        kinds = set(ACTION_KINDS)
    elif situation.on == "board":
        kinds = {"flop", "turn", "river"}
    rules = sorted(
        (r for r in book.rules if r.kinds & kinds and game in r.games),
        key=lambda r: -r.rule.priority,
    )
    matched = [r for r in rules if r.test is None or r.test(facts.__getitem__)]
    if not matched:
        return None, facts
    overridden = {other for rule in matched for other in rule.rule.overrides}
    matched = [r for r in matched if r.local_id not in overridden] or matched
    rule = matched[0]
    words = placeholders({"game": spec.description or spec.name, **situation.vars})
    steps = tuple(
        Step(c.step.do, render_text(c.step.text, words))
        for c in rule.steps
        if c.test is None or c.test(facts.__getitem__)
    )
    ruling = Ruling(
        event=0,
        rule=rule.id,
        cite=cite_for(rule.rule, str(facts["table.kind"])),
        outcome=rule.rule.outcome,
        title=rule.rule.title,
        steps=steps,
        note=rule.rule.note,
    )
    return ruling, facts
