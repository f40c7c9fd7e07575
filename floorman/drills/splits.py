"""Split questions: a hand played to a showdown; how many chips does each seat win?

The hand is dealt at a random table with random stacks: players go all in
or call (side pots), others fold after posting (dead money), and the cards
come from patterns that make ties and high-low splits likely. The chips are
worked out as ``floorman check`` works them out, under the rulebook's
odd-chip options, with the smallest chip in play as the unit. Hands that
split no pot and leave no odd chip are mostly dealt again: they teach less.
"""

from __future__ import annotations

from random import Random
from typing import Final

from floorman.cards import format_cards
from floorman.drills.deals import deal_showdown
from floorman.drills.model import Question, SeatView, Situation, seat_list
from floorman.drills.narration import Teller, roles
from floorman.drills.variation import TABLE_SEATS
from floorman.hand.events import Action, Board, Burn, Deal, Event, Show
from floorman.hand.state import HandState
from floorman.interchange.handfile import Hand
from floorman.rules.examples import rule_hand
from floorman.rules.loader import Rulebook
from floorman.showdown.awards import PotAward
from floorman.showdown.chipstacks import chip_breakdown, format_chips
from floorman.showdown.oddchips import SplitRules, split_rules
from floorman.showdown.reading import Showdown, showdown
from floorman.showdown.settlement import Settlement, dead_posts, settle_state

__all__ = ["STAKES", "odd_chip_rules", "split_question"]

STAKES: Final[tuple[tuple[tuple[int, int], tuple[int, ...]], ...]] = (
    ((1, 2), (1, 5, 25)),
    ((1, 3), (1, 5, 25)),
    ((2, 5), (1, 5, 25)),
    ((5, 10), (5, 25, 100)),
    ((25, 50), (25, 100, 500)),
)
"""Blinds and the chips in play at the tables a split is dealt at."""

_GAMES: Final = (("holdem", 5), ("omaha-hilo", 3))
_HOLDEM_PATTERNS: Final = (("same-hand", 5), ("board-plays", 3), ("kickers", 1), ("random", 1))
_HILO_PATTERNS: Final = (("low-board", 4), ("quartered", 3), ("random", 1))
_ATTEMPTS: Final = 400


def split_question(book: Rulebook, rng: Random) -> Question:
    """A split question at a table of ``book``'s odd-chip rules."""
    for _ in range(_ATTEMPTS):
        dealt = _deal(book, rng)
        if dealt is None:
            continue
        hand, state, settlement, teller = dealt
        if _worth_asking(settlement, rng):
            return _question(book, hand, state, settlement, teller)
    raise RuntimeError("no split worth asking was dealt")  # pragma: no cover


def _pick(rng: Random, weighted: tuple[tuple[str, int], ...]) -> str:
    names = [name for name, _ in weighted]
    return rng.choices(names, [weight for _, weight in weighted])[0]


def _deal(book: Rulebook, rng: Random) -> tuple[Hand, HandState, Settlement, Teller] | None:
    game = _pick(rng, _GAMES)
    blinds, chips = rng.choice(STAKES)
    unit = chips[0]
    players = rng.choice((2, 3, 3, 4))
    folders = rng.choice((0, 1, 1, 2)) if players > 2 else rng.choice((1, 2))
    numbers = sorted(rng.sample(range(1, TABLE_SEATS + 1), players + folders))
    button = rng.choice(numbers)
    out = set(rng.sample(numbers, folders))
    in_hand = [seat for seat in numbers if seat not in out]
    shoving = rng.random() < 0.8
    seats = {
        seat: _stack(blinds[1], unit, rng) if seat in in_hand else 60 * blinds[1]
        for seat in numbers
    }
    pattern = _pick(rng, _HILO_PATTERNS if game == "omaha-hilo" else _HOLDEM_PATTERNS)
    board, holes = deal_showdown(game, in_hand, rng, pattern)
    header = Hand.model_validate(
        {"game": game, "blinds": list(blinds), "button": button, "seats": seats,
         "chips": list(chips), "rulebook": book.name}
    )  # fmt: skip
    state = header.start()
    events: list[Event] = [Deal()]
    state.apply(Deal())
    streets = iter((("flop", board[:3]), ("turn", board[3:4]), ("river", board[4:])))
    while state.over_reason is None:
        seat = state.to_act
        if seat is not None:
            if seat in out:
                verb = "fold"
            elif state.betting.to_call(seat) == 0:
                verb = "check"
            elif shoving and state.street == "preflop":
                verb = "allin"
            else:
                verb = "call"
            event: Event = Action(seat, verb)  # type: ignore[arg-type]
            state.apply(event)
            events.append(event)
            continue
        street, cards = next(streets)
        for event in (Burn(), Board(street, cards)):  # type: ignore[arg-type]
            state.apply(event)
            events.append(event)
    if state.over_reason != "showdown":
        return None
    for seat in state.betting.showdown_order():
        events.append(Show(seat, holes[seat]))
    hand = header.model_copy(update={"events": [str(event) for event in events]})
    ruled = rule_hand(hand, book)
    rules = odd_chip_rules(book, hand)
    settlement = settle_state(ruled.state, rules=rules, dead=dead_posts(events))
    if settlement is None:
        return None
    teller = Teller()
    replayed = hand.start()
    for event in events:
        teller.before(replayed, event)
        replayed.apply(event)
        teller.after(replayed, event)
    return hand, ruled.state, settlement, teller


def odd_chip_rules(book: Rulebook, hand: Hand) -> SplitRules:
    """The rulebook's split options with the hand's smallest chip as the unit."""
    return split_rules(book.options, min(hand.chips))


def _stack(big_blind: int, unit: int, rng: Random) -> int:
    """Stacks of different sizes, not all round: the pots then split unevenly."""
    return big_blind * rng.randint(4, 40) + unit * rng.randint(0, 9)


def _worth_asking(settlement: Settlement, rng: Random) -> bool:
    """Splits of a pot, or pots won by different seats; odd chips most of the time."""
    shared = any(len(award.split.shares) > 1 for award in settlement.pots)
    winners = {seat for seat, chips in settlement.awards.items() if chips}
    if not shared and len(winners) < 2:
        return False
    odd = any(award.odd_chips for award in settlement.pots)
    return odd or rng.random() < 0.3


def _question(
    book: Rulebook, hand: Hand, state: HandState, settlement: Settlement, teller: Teller
) -> Question:
    start = hand.start()
    places = roles(start)
    events = hand.parse_events()
    lines = tuple(
        line
        for line, event in zip(teller.lines, events, strict=True)
        if not isinstance(event, Burn)
    )
    asked = sorted(state.shown)
    amounts = {seat: settlement.awards.get(seat, 0) for seat in asked}
    rules = odd_chip_rules(book, hand)
    chips = ", ".join(str(chip) for chip in hand.chips)
    situation = Situation(
        game=hand.game,
        betting=hand.betting,
        blinds=hand.blinds,
        button=hand.button,
        seats=tuple(SeatView(seat, stack, places[seat]) for seat, stack in hand.seats.items()),
        events=lines,
        rules=(f"Chips in play: {chips}; the smallest is {min(hand.chips)}.",
               *_policy(rules, hand.game)),
    )  # fmt: skip
    board = state.ledger.board_cards
    read = showdown(hand.game, board, {seat: state.shown[seat] for seat in asked})
    explanation = [f"Board {format_cards(board)}."]
    explanation.extend(_reading_line(read, seat) for seat in asked)
    for seat, back in settlement.returned.items():
        explanation.append(
            f"Seat {seat}'s uncalled {back} goes back to it first, outside the answer"
            f" (seat {seat} is pushed {back + amounts.get(seat, 0)} in all)."
        )
    for number, award in enumerate(settlement.pots, 1):
        explanation.extend(_pot_lines(number, award, read))
    pushes = [
        f"seat {seat} {format_chips(chip_breakdown(won, hand.chips))}"
        for seat, won in amounts.items()
        if won
    ]
    explanation.append("Push: " + "; ".join(pushes) + ".")

    answer = ", ".join(f"seat {seat}: {won}" for seat, won in amounts.items())
    return Question(
        topic="splits",
        kind="split",
        situation=situation,
        ask=_ask(asked, settlement.returned),
        answer=answer,
        amounts=amounts,
        explanation=tuple(explanation),
        cite=_cite(book, hand.game),
        hand=hand,
    )


def _ask(asked: list[int], returned: dict[int, int]) -> str:
    """What the trainee is asked; an uncalled bet handed back is named and left out."""
    how = "How many chips does each seat win"
    if returned:
        back = "; ".join(f"seat {seat}'s uncalled {chips}" for seat, chips in returned.items())
        how = f"The uncalled bet goes back first ({back}). {how} from the pots, excluding it"
    return (
        f"{how}? Give an amount for each of seats {seat_list(asked)}, in that order"
        " (0 for a seat that wins nothing)."
    )


def _policy(rules: SplitRules, game: str) -> tuple[str, ...]:
    said = {
        "first-left-of-button": "An odd chip goes to the first tied hand clockwise from the"
        " button, one chip each.",
        "high-card-by-suit": "An odd chip goes to the tied hand with the highest card by suit"
        " (clubs, diamonds, hearts, spades).",
        "carry-over": "Odd chips stay in the middle for the next deal.",
    }
    lines = [said[rules.odd_chip]]
    if game == "omaha-hilo":
        if rules.quartering_exception:
            lines.append("The odd chip of the high-low split goes to the low half when the low"
                         " half is quartered and the high hand wins alone; otherwise to the"
                         f" {rules.hilo_odd_chip} half.")  # fmt: skip
        else:
            lines.append(f"The odd chip of the high-low split goes to the {rules.hilo_odd_chip}"
                         " half.")  # fmt: skip
    return tuple(lines)


def _cite(book: Rulebook, game: str) -> str | None:
    """Where the rulebook says how odd chips go (and, high-low, how the halves split)."""
    options = ("odd_chip", "hilo_odd_chip") if game == "omaha-hilo" else ("odd_chip",)
    cites: list[str] = []
    for option in options:
        spec = book.option_specs.get(option)
        if spec is not None and spec.cite and spec.cite not in cites:
            cites.append(spec.cite)
    return "; ".join(cites) or None


def _reading_line(read: Showdown, seat: int) -> str:
    line = f"Seat {seat} {format_cards(read.holes[seat])}: {read.announce(seat)}"
    if read.game == "omaha-hilo":
        low = read.low[seat]
        line += f"; {low.name}" if low is not None else "; no low"
    return line + "."


def _pot_lines(number: int, award: PotAward, read: Showdown) -> list[str]:
    name = "Main pot" if number == 1 else f"Side pot {number - 1}"
    pot = award.pot
    if not award.contested:
        return [f"{name} {pot.amount}: only seat {pot.eligible[0]} is in it and takes it."]
    lines = [f"{name} {pot.amount}, seats {seat_list(pot.eligible)}: {_winners(award, read)}"]
    if len(award.split.shares) > 1:
        shares = ", ".join(
            f"seat {seat} {chips}" for seat, chips in sorted(award.split.shares.items())
        )
        lines.append(f"{name} shared out: {shares}.")
    for chip in award.odd_chips:
        who = f" to seat {chip.seat}" if chip.seat is not None else ""
        lines.append(f"Odd chip of {chip.amount}{who}: {chip.reason}.")
    return lines


def _winners(award: PotAward, read: Showdown) -> str:
    high = _named(award.high, read.announce(award.high[0]))
    if read.game != "omaha-hilo":
        return f"{high} wins." if len(award.high) == 1 else f"{high} split it."
    if not award.low:
        return f"high {high}; no hand qualifies for low, so high takes it all."
    low_reading = read.low[award.low[0]]
    low = _named(award.low, low_reading.name if low_reading is not None else "")
    halves = award.split.halves
    return f"high half {halves['high']} to {high}; low half {halves['low']} to {low}."


def _named(seats: tuple[int, ...], hand: str) -> str:
    who = f"seat {seats[0]}" if len(seats) == 1 else f"seats {seat_list(seats)}"
    return f"{who} ({hand})"
