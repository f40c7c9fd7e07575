"""Split questions: a hand played to a showdown, and the chips each seat wins."""

from __future__ import annotations

from random import Random

import pytest

from floorman.drills.model import Question
from floorman.drills.splits import STAKES, odd_chip_rules, split_question
from floorman.replay import check_hand, replay
from floorman.rules.loader import Rulebook, load_rulebook
from floorman.showdown.pots import build_pots


@pytest.fixture(scope="module")
def splits() -> list[Question]:
    book = load_rulebook("rrop")
    rng = Random(31)
    return [split_question(book, rng) for _ in range(80)]


def test_every_chip_is_accounted_for(splits: list[Question]) -> None:
    for question in splits:
        hand = question.hand
        assert hand is not None
        result = check_hand(hand)
        assert sum(result.stacks.values()) == sum(hand.seats.values())
        assert all(amount >= 0 for amount in question.amounts.values())
        for seat, amount in question.amounts.items():
            assert result.stacks[seat] >= amount


def test_a_split_is_worth_asking(splits: list[Question]) -> None:
    for question in splits:
        winners = [seat for seat, amount in question.amounts.items() if amount]
        shared = any(line.endswith("split it.") or "half" in line for line in question.explanation)
        assert len(winners) >= 2 or shared
    odd = [q for q in splits if any(line.startswith("Odd chip") for line in q.explanation)]
    assert len(odd) > len(splits) / 2


def test_the_table_is_one_a_dealer_would_see(splits: list[Question]) -> None:
    blinds = {stake for stake, _ in STAKES}
    games = set()
    for question in splits:
        situation = question.situation
        hand = question.hand
        assert hand is not None
        games.add(situation.game)
        assert situation.blinds in blinds
        assert tuple(seat.seat for seat in situation.seats) == tuple(hand.seats)
        assert [seat.stack for seat in situation.seats] == list(hand.seats.values())
        roles = [seat.role for seat in situation.seats]
        assert roles.count("button") + sum("button," in role for role in roles) == 1
        assert situation.events[0] == "The hole cards are dealt"
        shows = [line for line in situation.events if " shows " in line]
        assert sorted(int(line.split()[1]) for line in shows) == sorted(question.seats_asked)
        assert not any(line.startswith("Burn") for line in situation.events)
        assert situation.rules[0] == (
            f"Chips in play: {', '.join(map(str, hand.chips))}; the smallest is {min(hand.chips)}."
        )
        assert "How many chips does each seat win" in question.ask
        hilo = situation.game == "omaha-hilo"
        assert question.cite == (
            "RRoP §3 Ties 5(a); RRoP §3 Ties 5(c)" if hilo else "RRoP §3 Ties 5(a)"
        )
    assert games == {"holdem", "omaha-hilo"}


def test_side_pots_and_uncalled_bets_are_explained(splits: list[Question]) -> None:
    lines = [line for question in splits for line in question.explanation]
    assert any(line.startswith("Side pot 1 ") for line in lines)
    assert any(" uncalled " in line and "goes back to it first, outside the answer" in line
               for line in lines)  # fmt: skip
    assert any(line.startswith("Push: seat ") for line in lines)


def test_an_uncalled_bet_handed_back_is_named_and_left_out_of_the_answer(
    splits: list[Question],
) -> None:
    handed_back = 0
    for question in splits:
        hand = question.hand
        assert hand is not None
        state = replay(hand.header, hand.events)
        returned = build_pots(state.betting.contributed, state.betting.folded).returned
        if not returned:
            assert question.ask.startswith("How many chips does each seat win? ")
            continue
        handed_back += 1
        for seat, chips in returned.items():
            assert f"seat {seat}'s uncalled {chips}" in question.ask
        assert "win from the pots, excluding it?" in question.ask
        for seat, won in question.amounts.items():
            pushed = won + returned.get(seat, 0)
            if seat in returned:
                assert f"(seat {seat} is pushed {pushed} in all)" in " ".join(question.explanation)
    assert handed_back


def test_carried_odd_chips_are_won_by_nobody() -> None:
    book = load_rulebook("rrop").with_options({"odd_chip": "carry-over"}, origin="test")
    rng = Random(2)
    carried_any = False
    for _ in range(40):
        question = split_question(book, rng)
        hand = question.hand
        assert hand is not None
        assert "Odd chips stay in the middle for the next deal." in question.situation.rules
        state = replay(hand.header, hand.events)
        returned = build_pots(state.betting.contributed, state.betting.folded).returned
        carried = sum(
            int(line.split()[3].rstrip(":"))
            for line in question.explanation
            if line.startswith("Odd chip of ") and "carried over to the next deal" in line
        )
        carried_any = carried_any or carried > 0
        won = sum(question.amounts.values())
        assert won + sum(returned.values()) + carried == sum(state.betting.contributed.values())
    assert carried_any


def test_the_odd_chip_unit_is_the_smallest_chip_in_play() -> None:
    book: Rulebook = load_rulebook("rrop")
    question = split_question(book, Random(4))
    assert question.hand is not None
    assert odd_chip_rules(book, question.hand).unit == min(question.hand.chips)
