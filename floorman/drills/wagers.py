"""Sizing questions on the betting: the pot-limit pot, and the least and most raise.

A hand is played by the hand engine at a random table (hold'em or Omaha, no
limit, pot limit or fixed limit, under the raise cap the rulebook sets), with
calls, raises and now and then a short stack all in, up to a seat that faces
a decision. The answer is what the engine allows that seat: the pot-size
raise, the range of a raise, or no raise at all when the round is capped or
a short all-in did not reopen the betting for it.

>>> from floorman.rules.loader import load_rulebook
>>> question = pot_limit_question(load_rulebook("rrop"), Random(3))
>>> question.kind, question.figures[0][0] in ("pot raise to", "pot bet")
('amount', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from random import Random
from typing import Final, Literal

from floorman.drills.citations import joined, option_cite, sizing_cite
from floorman.drills.deals import Shoe
from floorman.drills.model import Question, SeatView, Situation
from floorman.drills.narration import Teller, roles
from floorman.drills.splits import STAKES
from floorman.drills.variation import TABLE_SEATS
from floorman.hand.events import Action, Board, Burn, Deal, Event
from floorman.hand.records import ActionRecord
from floorman.hand.state import HandState
from floorman.interchange.handfile import Hand
from floorman.rules.loader import Rulebook

__all__ = ["RAISE_CHOICES", "Played", "play", "pot_limit_question", "raise_question"]

RAISE_CHOICES: Final[tuple[tuple[str, str], ...]] = (
    ("raise", "Fold, call or raise"),
    ("capped", "Fold or call only: the betting is capped"),
    ("not-reopened", "Fold or call only: the short all-in did not reopen the betting"),
)
"""What a seat facing a bet may do, always in this order."""

_STREETS: Final = (("flop", 3), ("turn", 1), ("river", 1))
_ATTEMPTS: Final = 300


@dataclass(frozen=True)
class Played:
    """A hand played up to the seat asked about: its file, its state, each event told."""

    hand: Hand
    state: HandState
    lines: tuple[str, ...]
    seat: int


def play(
    book: Rulebook,
    rng: Random,
    game: str,
    structure: str,
    *,
    short: int = 0,
    raise_weight: float = 0.35,
    stop: float = 0.3,
    want: Callable[[HandState, int], bool] | None = None,
) -> Played | None:
    """A hand of ``game`` and ``structure`` played to a seat facing a decision with chips
    to raise (one ``want`` accepts); ``short`` seats have a few big blinds and go all in
    when they act."""
    blinds, chips = rng.choice(STAKES)
    unit = chips[0]
    players = rng.randint(3, 6)
    numbers = sorted(rng.sample(range(1, TABLE_SEATS + 1), players))
    button = rng.choice(numbers)
    shorts = set(rng.sample(numbers, min(short, players - 2)))
    seats = {
        seat: blinds[1] * (rng.randint(1, 5) if seat in shorts else rng.randint(30, 150))
        + unit * rng.randint(0, 4)
        for seat in numbers
    }
    header = Hand.model_validate(
        {"game": game, "betting": structure, "blinds": list(blinds), "button": button,
         "seats": seats, "chips": list(chips), "rulebook": book.name}
    )  # fmt: skip
    state = header.start(book.options)
    teller = Teller()
    events: list[Event] = []
    shoe = Shoe(rng)
    holes = 4 if game.startswith("omaha") else 2
    shoe.draw(holes * players)
    streets = iter(_STREETS)

    def apply(event: Event) -> None:
        teller.before(state, event)
        state.apply(event)
        teller.after(state, event)
        events.append(event)

    apply(Deal())
    acted = 0
    while state.over_reason is None and acted < 40:
        seat = state.to_act
        if seat is None:
            street = next(streets, None)
            if street is None or not state.betting.betting_left:
                return None
            apply(Burn())
            apply(Board(street[0], shoe.draw(street[1])))  # type: ignore[arg-type]
            continue
        if (
            acted >= 2
            and _raisable(state, seat)
            and (want is None or want(state, seat))
            and rng.random() < stop
        ):
            hand = header.model_copy(update={"events": [str(event) for event in events]})
            lines = tuple(
                line for line, event in zip(teller.lines, events, strict=True)
                if not isinstance(event, Burn)
            )  # fmt: skip
            return Played(hand, state, lines, seat)
        apply(_action(state, seat, seat in shorts, unit, rng, raise_weight))
        acted += 1
    return None


def _raisable(state: HandState, seat: int) -> bool:
    """The seat has chips beyond a call: a raise would be a question."""
    betting = state.betting
    return betting.stacks[seat] > betting.to_call(seat) and len(betting.can_act) >= 2


def _action(
    state: HandState, seat: int, short: bool, unit: int, rng: Random, raise_weight: float
) -> Action:
    betting = state.betting
    options = betting.options(seat)
    wager = next((o for o in options if o.startswith(("bet", "raise"))), None)
    verb: Literal["bet", "raise"] = "bet" if betting.current_bet == 0 else "raise"
    if wager is not None:
        span = betting.bet_range(seat) if verb == "bet" else betting.raise_range(seat)
        if short:
            return (
                Action(seat, "allin")
                if span.highest == span.allin
                else Action(seat, verb, span.highest)
            )
    roll = rng.random()
    to_call = betting.to_call(seat)
    if to_call and roll < 0.15 and len(betting.live) > 3:
        return Action(seat, "fold")
    if wager is None or roll > 0.15 + raise_weight:
        return Action(seat, "call" if to_call else "check")
    if span.lowest >= span.highest:
        return (
            Action(seat, "allin") if span.highest == span.allin else Action(seat, verb, span.lowest)
        )
    steps = (span.highest - span.lowest) // unit
    total = span.lowest + unit * min(steps, int(steps * rng.random() ** 2))
    if total >= span.allin:
        return Action(seat, "allin")
    return Action(seat, verb, total)


def _situation(played: Played) -> Situation:
    hand = played.hand
    places = roles(hand.start())
    state = played.state
    board = state.ledger.board_cards
    rules: tuple[str, ...] = ()
    if hand.betting == "limit":
        betting = state.betting
        cap = betting.raise_cap
        rules = (
            f"Limit {betting.small_bet}/{betting.big_bet}: "
            + (f"a bet and {cap} raises a round" if cap is not None else "no cap on raises")
            + ("; no cap heads-up." if cap is not None and betting.heads_up_uncapped else "."),
        )
    return Situation(
        game=hand.game,
        betting=hand.betting,
        blinds=hand.blinds,
        button=hand.button,
        seats=tuple(SeatView(seat, stack, places[seat]) for seat, stack in hand.seats.items()),
        events=played.lines,
        board=board,
        rules=rules,
    )


def _middle(state: HandState) -> tuple[int, int]:
    """The pot before this street and the bets on it."""
    betting = state.betting
    street = sum(betting.street_bets.values())
    return betting.pot - street, street


# -- the pot-limit pot ---------------------------------------------------------------------------


def pot_limit_question(book: Rulebook, rng: Random) -> Question:
    """A seat in a pot-limit game says "pot": to how much does it bet or raise?"""
    for _ in range(_ATTEMPTS):
        game = rng.choice(("omaha", "omaha", "omaha-hilo", "holdem"))
        played = play(book, rng, game, "pot-limit", short=rng.choice((0, 0, 1)))
        if played is not None:
            return _pot_question(book, played)
    raise RuntimeError("no pot-limit hand was dealt")  # pragma: no cover


def _pot_question(book: Rulebook, played: Played) -> Question:
    state, seat = played.state, played.seat
    betting = state.betting
    pot = betting.pot
    before, street = _middle(state)
    total = betting.pot_wager(seat)
    in_front = betting.street_bets[seat]
    allin = in_front + betting.stacks[seat]
    explain = [f"In the middle: {pot} ({before} from earlier streets and {street} bet on this"
               " one)." if before and street else f"In the middle: {pot}."]  # fmt: skip
    if betting.current_bet == 0:
        name = "pot bet"
        ask = f'Seat {seat} says "pot". How much does seat {seat} bet?'
        full = max(pot, betting.min_bet)
        explain.append(f"No bet to face: the pot bet is the pot, {full}.")
    else:
        name = "pot raise to"
        ask = f'Seat {seat} says "pot". To how much in all does seat {seat} raise?'
        call = betting.current_bet - in_front
        after = pot + call
        full = betting.current_bet + after
        already = f" ({in_front} in front already)" if in_front else ""
        explain.append(f"Seat {seat} calls {call} first{already}: the pot is then {after}.")
        explain.append(
            f"The raise is the size of that pot: {betting.current_bet} + {after} = {full} in all."
        )
    if total < full:
        explain.append(f"Seat {seat} has only {allin}: all in for {allin}.")
    answer = f"{total}"
    return Question(
        topic="pot-limit",
        kind="amount",
        situation=_situation(played),
        ask=ask,
        answer=answer,
        figures=((name, total),),
        explanation=tuple(explain),
        cite=sizing_cite(book, "pot-limit"),
        rule="sizing.pot-limit",
        title="The pot-limit pot",
        hand=played.hand,
        event=len(played.hand.events),
        expected=total,
    )


# -- the least and most raise --------------------------------------------------------------------


def raise_question(book: Rulebook, rng: Random) -> Question:
    """A seat faces a bet: the least and most it may raise to, or that it may not raise."""
    target = rng.choice(("raise", "raise", "short", "capped", "not-reopened"))
    for attempt in range(_ATTEMPTS):
        aim = target if attempt < _ATTEMPTS // 2 else "raise"
        structure = "limit" if aim == "capped" else rng.choice(("no-limit", "pot-limit", "limit"))
        game = rng.choice(("holdem", "holdem", "omaha"))
        played = play(
            book, rng, game, structure, short=0 if aim == "capped" else rng.choice((1, 2)),
            raise_weight=0.7 if aim == "capped" else 0.35, stop=0.5, want=_WANTS[aim],
        )  # fmt: skip
        if played is not None:
            return _raise_question(book, played, _may(played.state, played.seat))
    raise RuntimeError("no raise worth asking was dealt")  # pragma: no cover


def _facing(state: HandState, seat: int) -> bool:
    return state.betting.to_call(seat) > 0


def _short_facing(state: HandState, seat: int) -> bool:
    betting = state.betting
    return (
        _facing(state, seat)
        and _may(state, seat) == "raise"
        and any(a.all_in and not a.full and a.verb in ("bet", "raise")
                for a in betting.actions if a.street == betting.street)
    )  # fmt: skip


_WANTS: Final[dict[str, Callable[[HandState, int], bool]]] = {
    "raise": lambda state, seat: _facing(state, seat) and _may(state, seat) == "raise",
    "short": _short_facing,
    "capped": lambda state, seat: _facing(state, seat) and _may(state, seat) == "capped",
    "not-reopened": lambda state, seat: (
        _facing(state, seat) and _may(state, seat) == "not-reopened"
    ),
}
"""What the seat asked about must face, for each kind of raise question."""


def _may(state: HandState, seat: int) -> str:
    betting = state.betting
    if betting.capped:
        return "capped"
    if not betting.may_raise(seat):
        return "not-reopened"
    return "raise"


def _last_acted(played: Played) -> ActionRecord | None:
    """The seat's last action on this street, if it has acted on it."""
    betting = played.state.betting
    return next(
        (a for a in reversed(betting.actions)
         if a.seat == played.seat and a.street == betting.street),
        None,
    )  # fmt: skip


def _short_all_in_since(played: Played) -> ActionRecord | None:
    """The last all-in on this street that raised the bet by less than a full raise."""
    betting = played.state.betting
    return next(
        (a for a in reversed(betting.actions)
         if a.street == betting.street and a.all_in and not a.full and a.verb in ("raise", "bet")),
        None,
    )  # fmt: skip


def _raise_question(book: Rulebook, played: Played, kind: str) -> Question:
    state, seat = played.state, played.seat
    betting = state.betting
    structure = betting.structure
    cites = [sizing_cite(book, "pot-limit-raise" if structure == "pot-limit" else structure)]
    short = _short_all_in_since(played)
    if short is not None:
        cites.append(sizing_cite(book, "limit-short" if structure == "limit" else "no-limit"))
    explain = [f"Seat {seat} faces a bet of {betting.current_bet} in all"
               f" ({betting.to_call(seat)} to call)."]  # fmt: skip
    base = Question(
        topic="raises",
        kind="amount",
        situation=_situation(played),
        ask="",
        answer="",
        rule=f"sizing.raise.{structure}",
        title=f"The least and most raise in {structure}",
        hand=played.hand,
        event=len(played.hand.events),
    )
    if kind != "raise":
        if kind == "capped":
            cap = betting.raise_cap
            explain.append(f"A bet and {cap} raises are in on this round: the betting is capped.")
            cites = [option_cite(book, "limit_raise_cap", "limit_heads_up_uncapped")]
        else:
            acted = _last_acted(played)
            level = acted.total if acted is not None else 0
            rise = betting.current_bet - level
            if structure == "limit":
                need = f"half a bet of {betting.limit_size}"
            else:
                need = f"a full raise ({betting.raise_size})"
            explain.append(
                f"Seat {seat} acted at {level}; since then the bet rose by only {rise},"
                f" less than {need}: the betting is not reopened for seat {seat}."
            )
        correct = [name for name, _ in RAISE_CHOICES].index(kind)
        choices = tuple(text for _, text in RAISE_CHOICES)
        return replace(
            base,
            kind="choice",
            ask=f"What may seat {seat} do?",
            choices=choices,
            correct=correct,
            answer=choices[correct],
            explanation=tuple(explain),
            cite=joined(*cites),
            expected=kind,
        )
    wager = betting.raise_range(seat)
    allin = wager.allin
    if structure == "limit":
        size = betting.limit_size
        if wager.lowest - betting.current_bet != size and wager.lowest < allin:
            assert short is not None
            explain.append(
                f"Seat {short.seat}'s all-in to {short.total} is less than half a bet over the"
                f" last full wager: a raise is one bet of {size} over that wager, to"
                f" {wager.lowest}."
            )
        else:
            explain.append(f"Limit: a raise is one bet of {size}, to {wager.lowest}.")
        if betting.raise_cap is not None:
            explain.append(
                f"Raises so far: {betting.full_wagers - 1} of the {betting.raise_cap} allowed."
            )
    else:
        if short is not None:
            explain.append(
                f"Seat {short.seat}'s all-in to {short.total} is not a full raise: the least"
                f" raise is still the last full bet or raise, {betting.raise_size}."
            )
        explain.append(
            f"The least raise: {betting.current_bet} + {betting.raise_size} = "
            f"{betting.current_bet + betting.raise_size}."
        )
        if structure == "no-limit":
            explain.append(f"No limit: the most is all seat {seat} has, {allin}.")
        else:
            call = betting.current_bet - betting.street_bets[seat]
            after = betting.pot + call
            explain.append(
                f"Pot limit: the most is the call and the pot after it: {betting.current_bet}"
                f" + {after} = {betting.current_bet + after}."
            )
    if wager.lowest == wager.highest == allin and allin < betting.current_bet + betting.raise_size:
        explain.append(f"Seat {seat} has only {allin}: it may only go all in for {allin}.")
    elif wager.highest == allin and structure != "no-limit":
        explain.append(f"Seat {seat} has only {allin}: at most all in for {allin}.")
    return replace(
        base,
        ask=f"Seat {seat} wants to raise. What are the least and the most it may raise to?",
        answer=f"least {wager.lowest}, most {wager.highest}",
        figures=(("least raise to", wager.lowest), ("most raise to", wager.highest)),
        explanation=tuple(explain),
        cite=joined(*cites),
        expected=wager.highest,
    )
