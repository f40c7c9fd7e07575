"""Stud questions: who brings it in, who acts first on a later street, what the open pair
on fourth street allows, and how a stud pot splits.

Every answer comes from the stud hand itself (:class:`~floorman.hand.studstate.StudHand`,
dealt the cards shown, under the book's procedure): the seat it names to bring it in or
to act first, the bets it takes with an open pair on fourth street, and the pots
:func:`~floorman.showdown.studsettle.settle_stud` splits under the book's odd-chip rule.
Where a book parts from the others (the TDA breaks a tie between equal hands showing by
the high card by suit and doubles no bet for an open pair, RP-10-D and F) the question
follows the book in force: see :mod:`floorman.drills.gamecites`.

>>> from floorman.rules.loader import load_rulebook
>>> question = bring_in_question(load_rulebook("rrop"), Random(2))
>>> question.topic, question.kind, question.choices[question.correct] == question.answer
('bring-in', 'choice', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Final

from floorman.cards import RANKS, Card, format_cards
from floorman.drills.deals import Shoe
from floorman.drills.gamecites import game_cite, stud_tie
from floorman.drills.model import Question, SeatView, Situation, seat_list
from floorman.drills.splits import STAKES
from floorman.hand.stud import STUD_GAMES, StudGame, open_pair, showing_key
from floorman.hand.studevents import parse_stud_event
from floorman.hand.studstate import StudHand, StudProcedure
from floorman.rules.loader import Rulebook
from floorman.rules.studdraw import procedure_of
from floorman.showdown.awards import PotAward
from floorman.showdown.evaluation import category, high_value, ranks
from floorman.showdown.lowball import evaluate_low_8, evaluate_low_a5
from floorman.showdown.oddchips import split_rules
from floorman.showdown.studsettle import HiloLow, OddChipCards, odd_chip_cards, settle_stud

__all__ = [
    "STUD_SEATS",
    "STUD_TITLES",
    "bring_in_question",
    "deal_stud",
    "first_to_act_question",
    "stud_split_question",
]

STUD_SEATS: Final = 8
"""A stud table seats eight: eight players' seven cards and the burns fit one deck."""

STUD_TITLES: Final = {"stud": "Seven-card stud", "stud-hilo": "Stud hi-lo", "razz": "Razz"}
STREETS: Final = ("third", "fourth", "fifth", "sixth", "seventh")
_SUIT_ORDER: Final = "clubs, diamonds, hearts, spades"
_SPLIT_GAMES: Final[tuple[StudGame, ...]] = ("stud-hilo", "stud-hilo", "stud", "razz")
"""Stud hi-lo splits most often: every pot is cut in two."""


def _razz_rank(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def _ranks_text(found: Sequence[int]) -> str:
    """``K-10-7``: ranks as a dealer reads them."""
    return "-".join("10" if rank == 10 else RANKS[rank - 2] for rank in found)


def _stakes(rng: Random) -> tuple[int, int, int, int, tuple[int, ...]]:
    """Ante, bring-in, small and big bet, and the chips in play."""
    _, chips = rng.choice(STAKES)
    unit = chips[0]
    small = unit * rng.choice((2, 4, 6, 10))
    return unit * rng.randint(1, 3), small // 2, small, 2 * small, chips


def deal_stud(
    game: StudGame,
    cards: Mapping[int, Sequence[Card]],
    *,
    stakes: tuple[int, int, int, int] = (1, 2, 4, 8),
    through: int = 4,
    showdown: bool = False,
    folds: Sequence[int] = (),
    bets: Sequence[int] = (),
    procedure: StudProcedure | None = None,
) -> StudHand:
    """A stud hand dealt ``cards`` (each seat's in the order dealt: two down, four up,
    one down) street by street, up to street ``through`` (0 third ... 4 seventh), and
    with ``showdown`` its betting too, to the showdown. The low card brings it in;
    ``folds`` fold to it on third street, the rest call; on each street in ``bets`` the
    first to act bets and all call, on the others all check. ``procedure``: the book's,
    where the books part (:func:`~floorman.rules.studdraw.procedure_of`)."""
    ante, bring_in, small, big = stakes
    stacks = dict.fromkeys(cards, 1000 * small)
    hand = StudHand(
        seats=stacks, game=game, ante=ante, bring_in=bring_in, limits=(small, big),
        procedure=procedure,
    )  # fmt: skip

    def play(text: str) -> None:
        hand.apply(parse_stud_event(text))

    for seat, held in cards.items():
        play(f"down {seat} {held[0]} {held[1]}")
        play(f"up {seat} {held[2]}")
    for street in range(1, through + 1):
        _bet_street(hand, street - 1, folds, bets, play)
        for seat in hand.live:
            held = cards[seat]
            play(f"{'down' if street == 4 else 'up'} {seat} {held[street + 2]}")
    if showdown:
        _bet_street(hand, 4, folds, bets, play)
    return hand


def _bet_street(
    hand: StudHand,
    street: int,
    folds: Sequence[int],
    bets: Sequence[int],
    play: Callable[[str], None],
) -> None:
    first = True
    while hand.to_act is not None:
        seat = hand.to_act
        if street == 0 and first:
            play(f"{seat} bring-in")
        elif street == 0 and seat in folds:
            play(f"{seat} fold")
        elif street == 0:
            play(f"{seat} call")
        elif first and street in bets:
            play(f"{seat} bet {hand.limit}")
        else:
            play(f"{seat} call" if hand.to_call(seat) else f"{seat} check")
        first = False


def _game(rng: Random) -> StudGame:
    return rng.choice(STUD_GAMES)


def _seats(rng: Random, low: int, high: int) -> list[int]:
    return sorted(rng.sample(range(1, STUD_SEATS + 1), rng.randint(low, high)))


# ------------------------------------------------------------------ the bring-in


def bring_in_question(book: Rulebook, rng: Random) -> Question:
    """Third street is dealt: which upcard brings it in?"""
    game = _game(rng)
    seats = _seats(rng, 2, STUD_SEATS)
    shoe = Shoe(rng)
    doors: dict[int, Card] = {}
    if rng.random() < 0.6:
        # Two seats share the deciding rank: the suit decides.
        rank = rng.choice((13, 12, 13) if game == "razz" else (2, 3, 2, 14))
        for seat in rng.sample(seats, 2):
            doors[seat] = shoe.rank(rank)
    for seat in seats:
        if seat not in doors:
            doors[seat] = shoe.draw(1)[0]
    dealt = {seat: (*shoe.draw(2), doors[seat], *shoe.draw(4)) for seat in seats}
    hand = deal_stud(game, dealt, through=0)
    low = hand.bring_in_seat
    assert low is not None
    choices = tuple(f"Seat {seat} ({doors[seat]})" for seat in seats)
    correct = seats.index(low)
    if game == "razz":
        how = (
            "In razz the highest upcard brings it in, aces low (a king is the highest);"
            f" between cards of the same rank the higher suit ({_SUIT_ORDER}, lowest"
            " first) brings it in."
        )
    else:
        how = (
            f"In {'stud hi-lo' if game == 'stud-hilo' else 'stud'} the lowest upcard brings"
            f" it in, aces high; between cards of the same rank the lower suit ({_SUIT_ORDER},"
            " lowest first) brings it in."
        )
    return Question(
        topic="bring-in",
        kind="choice",
        situation=Situation(
            game=game,
            heading=f"{STUD_TITLES[game]}: third street is dealt",
            seats=tuple(SeatView(seat, cards=(doors[seat],)) for seat in seats),
            rules=(f"Ante {hand.antes[seats[0]]}, bring-in {hand.bring_in}.",),
        ),
        ask="Who brings it in?",
        choices=choices,
        correct=correct,
        answer=choices[correct],
        explanation=(how, f"Seat {low}'s {doors[low]} brings it in for {hand.bring_in}."),
        cite=game_cite(book, "bring-in", game),
        rule=f"{game}.bring-in",
        title="Who brings it in",
    )


# ------------------------------------------------------------- who acts first


def _later_deal(
    game: StudGame, seats: Sequence[int], rng: Random, street: int
) -> dict[int, tuple[Card, ...]]:
    """Seven cards a seat, the upcards often alike: two seats showing the same ranks, a
    pair on fourth street."""
    shoe = Shoe(rng)
    dealt: dict[int, list[Card]] = {}
    pattern = rng.choice(("same", "same", "pair", "random"))
    if pattern == "same":
        ranks = rng.sample(range(2, 15), 4)
        if rng.random() < 0.3:
            ranks[1] = ranks[0]  # both pair their door card
        for seat in rng.sample(list(seats), 2):
            up = [shoe.rank(rank) for rank in ranks]
            dealt[seat] = [*shoe.draw(2), *up, *shoe.draw(1)]
    elif pattern == "pair":
        seat = rng.choice(list(seats))
        rank = rng.randint(2, 14)
        dealt[seat] = [*shoe.draw(2), shoe.rank(rank), shoe.rank(rank), *shoe.draw(3)]
    for seat in seats:
        if seat not in dealt:
            dealt[seat] = list(shoe.draw(7))
    return {seat: tuple(cards) for seat, cards in dealt.items()}


def first_to_act_question(book: Rulebook, rng: Random) -> Question:
    """A later street is dealt: who acts first (or, with an open pair on fourth street in
    stud, what may be bet)?"""
    game = _game(rng)
    street = rng.choice((1, 1, 2, 3, 4))
    seats = _seats(rng, 2, 6 if street < 4 else 5)
    dealt = _later_deal(game, seats, rng, street)
    folds = [s for s in seats if rng.random() < 0.2][: len(seats) - 2]
    ante, bring_in, small, big, _ = _stakes(rng)
    hand = deal_stud(
        game, dealt, stakes=(ante, bring_in, small, big), through=street, folds=folds,
        procedure=procedure_of(book.options),
    )  # fmt: skip
    showing = {
        seat: tuple(card for card in hand.up[seat] if card is not None) for seat in hand.live
    }
    first = hand.to_act
    assert first is not None
    best = max(showing_key(game, showing[seat]) for seat in showing)
    tied = [seat for seat in sorted(showing) if showing_key(game, showing[seat]) == best]
    by_suit = stud_tie(book, game) == "high-card-by-suit"
    situation = Situation(
        game=game,
        heading=f"{STUD_TITLES[game]}: {STREETS[street]} street is dealt",
        seats=tuple(SeatView(seat, cards=showing[seat]) for seat in sorted(showing)),
        rules=(
            f"Limits {small}/{big}; ante {ante}, bring-in {bring_in}."
            + (
                f" Seat{'s' if len(folds) > 1 else ''} {seat_list(folds)} folded on third street."
                if folds
                else ""
            ),
        ),
    )
    pair = street == 1 and open_pair(showing.values())
    if pair and rng.random() < 0.7:
        return _open_pair_question(book, game, situation, hand, small, big)
    seats_in = sorted(showing)
    choices = tuple(f"Seat {seat} ({format_cards(showing[seat])})" for seat in seats_in)
    correct = seats_in.index(first)
    if game == "razz":
        how = "In razz the best low hand showing acts first: no pair beats a pair, then the"
        how += " lowest highest card, aces low."
    else:
        how = "The best high hand showing acts first: pairs and trips count, straights and"
        how += " flushes do not."
    explanation = [how]
    if len(tied) > 1 and by_suit:
        explanation.append(
            f"Seats {seat_list(tied)} show the same: the hand with the high card by suit"
            f" acts first ({_SUIT_ORDER}, lowest first)."
        )
    elif len(tied) > 1:
        explanation.append(
            f"Seats {seat_list(tied)} show the same: the tie goes by position, the seat dealt"
            " first (first clockwise from the dealer) acts first."
        )
    explanation.append(f"Seat {first} acts first on {STREETS[street]} street.")
    return Question(
        topic="first-to-act",
        kind="choice",
        situation=situation,
        ask=f"Who acts first on {STREETS[street]} street?",
        choices=choices,
        correct=correct,
        answer=choices[correct],
        explanation=tuple(explanation),
        cite=game_cite(book, "first", game),
        rule=f"{game}.first-to-act",
        title="Who acts first",
    )


def _open_pair_question(
    book: Rulebook, game: StudGame, situation: Situation, hand: StudHand, small: int, big: int
) -> Question:
    """An open pair on fourth street: the small bet only, or the big bet too, as the hand
    takes them (the cited reason: :func:`~floorman.drills.gamecites.open_pair_doubles`)."""
    first = hand.to_act
    doubles = hand.bet_sizes() == (small, big)
    choices = (
        f"Only the small bet, {small}",
        f"The small bet, {small}, or the big bet, {big}",
        f"Only the big bet, {big}",
    )
    correct = 1 if doubles else 0
    if doubles:
        why = "An open pair on fourth street gives every player the option of the small or"
        why += " the big bet; once the big bet is made, raises are in big bets."
    elif game != "stud":
        why = f"In {STUD_TITLES[game].lower()} an open pair does not affect the limit."
    else:
        why = "Bets are not doubled on fourth street for a pair showing."
    return Question(
        topic="first-to-act",
        kind="choice",
        situation=situation,
        ask=f"Seat {first} acts first on fourth street. What may seat {first} bet?",
        choices=choices,
        correct=correct,
        answer=choices[correct],
        explanation=(why,),
        cite=game_cite(book, "open-pair", game),
        rule=f"{game}.open-pair",
        title="The open pair on fourth street",
    )


# ------------------------------------------------------------------- the splits


def _split_deal(game: StudGame, seats: Sequence[int], rng: Random) -> dict[int, tuple[Card, ...]]:
    """Seven cards a seat; two seats often hold the same ranks in other suits (a tie),
    in stud hi-lo low cards often enough to make a low."""
    shoe = Shoe(rng)
    dealt: dict[int, tuple[Card, ...]] = {}
    if rng.random() < (0.5 if game == "stud-hilo" else 0.9):
        pool = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10) if game != "stud" else tuple(range(2, 15))
        ranks = rng.sample(pool, 7)
        for seat in rng.sample(list(seats), 2):
            cards = [shoe.rank(rank) for rank in ranks]
            rng.shuffle(cards)
            dealt[seat] = tuple(cards)
    lows = [card for card in shoe.cards if _razz_rank(card) <= 8]
    for seat in seats:
        if seat in dealt:
            continue
        if game == "stud-hilo" and rng.random() < 0.6:
            picked = rng.sample([c for c in lows if c in shoe.cards], 4)
            for card in picked:
                shoe.cards.remove(card)
            cards = [*picked, *shoe.draw(3)]
            rng.shuffle(cards)
            dealt[seat] = tuple(cards)
        else:
            dealt[seat] = shoe.draw(7)
    return dealt


def stud_split_question(book: Rulebook, rng: Random) -> Question:
    """A stud pot at the showdown: the halves and the odd chip, by the cards."""
    cards_rule: OddChipCards = (
        "five-cards" if any(odd_chip_cards(n) == "five-cards" for n in book.chain) else "all-cards"
    )
    hilo_low: HiloLow = (
        "regular" if book.options.get("stud_hilo_low") == "regular" else "eight-or-better"
    )
    for _ in range(200):
        game: StudGame = rng.choice(_SPLIT_GAMES)
        shown = _seats(rng, 2, 3)
        others = [s for s in range(1, STUD_SEATS + 1) if s not in shown]
        folded = sorted(rng.sample(others, rng.randint(0, 2)))
        everyone = sorted([*shown, *folded])
        dealt = _split_deal(game, everyone, rng)
        ante, bring_in, small, big, chips = _stakes(rng)
        unit = chips[0]
        hand = deal_stud(
            game,
            dealt,
            stakes=(ante, bring_in, small, big),
            folds=folded,
            showdown=True,
            bets=[s for s in (1, 2, 3, 4) if rng.random() < 0.4],
        )
        if sorted(hand.live) != shown:
            continue
        settled = settle_stud(hand, split_rules(book.options, unit), cards_rule, hilo_low)
        if settled is None or len(settled.pots) != 1:
            continue
        award = settled.pots[0]
        if award.split.odd_chips and not award.split.carried:
            return _split_question(book, game, hand, award, chips, cards_rule, hilo_low)
    raise RuntimeError("no split with an odd chip was dealt")  # pragma: no cover


def _split_question(
    book: Rulebook,
    game: StudGame,
    hand: StudHand,
    award: PotAward,
    chips: tuple[int, ...],
    cards_rule: OddChipCards,
    hilo_low: HiloLow,
) -> Question:
    split = award.split
    shown = list(hand.live)
    amounts = {seat: split.shares.get(seat, 0) for seat in shown}
    rules = [
        f"Chips in play: {', '.join(map(str, chips))}; the smallest is {chips[0]}.",
    ]
    if game == "stud-hilo":
        rules.append(
            "Low: 8-or-better."
            if hilo_low == "eight-or-better"
            else "Low: any five cards, no qualifier (a posted house rule)."
        )
    explain: list[str] = []
    for seat in shown:
        held = hand.known(seat)
        line = f"Seat {seat}: "
        if game == "razz":
            line += f"{evaluate_low_a5(held).full_name}"
        else:
            value = high_value(held)
            line += f"{category(value)} ({_ranks_text(ranks(value))})"
            if game == "stud-hilo":
                low = evaluate_low_a5(held) if hilo_low == "regular" else evaluate_low_8(held)
                line += f"; low: {low.full_name}" if low else "; no 8-or-better low"
        explain.append(line + ".")
    if split.halves:
        explain.append(f"Halves: high {split.halves['high']}, low {split.halves['low']}.")
    explain.extend(
        f"Odd chip of {chip.amount}"
        + (f" to seat {chip.seat}" if chip.seat else "")
        + f": {chip.reason}."
        for chip in split.odd_chips
    )
    which = (
        "only the five cards of each tied hand count"
        if cards_rule == "five-cards"
        else "every card a tied hand holds counts"
    )
    explain.append(f"Between tied hands the odd chip goes by the cards ({which}).")
    explain.append("; ".join(f"seat {seat} {won}" for seat, won in amounts.items()) + ".")
    return Question(
        topic="stud-splits",
        kind="split",
        situation=Situation(
            game=game,
            heading=f"{STUD_TITLES[game]}: the hands are tabled",
            seats=tuple(SeatView(seat, cards=hand.known(seat)) for seat in shown),
            events=(f"The pot is {award.pot.amount}.",),
            rules=(*rules, "Each hand as dealt: two downcards, four upcards, the last downcard."),
        ),
        ask=(
            f"How much does each seat get? Give an amount for each of seats {seat_list(shown)},"
            " in that order."
        ),
        answer=", ".join(f"seat {seat}: {won}" for seat, won in amounts.items()),
        amounts=amounts,
        explanation=tuple(explain),
        cite=game_cite(book, "split", game),
        rule=f"{game}.split",
        title="A stud split and its odd chip",
        expected=award.pot.amount,
        winners=(award.high, award.low),
    )
