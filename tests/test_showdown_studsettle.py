"""Stud showdowns: high, hi-lo halves with the 8-or-better low, razz, and the odd chips
by the cards as each book reads them."""

from __future__ import annotations

import importlib.util

import pytest

from floorman.cards import parse_cards
from floorman.hand.events import Action
from floorman.hand.stud import STREET_CARDS
from floorman.hand.studevents import BringIn, Down, Up
from floorman.hand.studstate import StudHand
from floorman.showdown.oddchips import SplitRules
from floorman.showdown.studsettle import settle_stud

HAS_A5 = importlib.util.find_spec("floorman.showdown.lowball") is not None


def showdown(game: str, holes: dict[int, str], folder: tuple[int, str] | None = None) -> StudHand:
    """Deal each seat its seven cards (in the order dealt) street by street and check
    it down; ``folder`` is a seat dealt third street that folds to the bring-in."""
    seats = dict.fromkeys(holes, 1000)
    cards = {seat: list(parse_cards(text)) for seat, text in holes.items()}
    if folder is not None:
        seats[folder[0]] = 1000
        cards[folder[0]] = list(parse_cards(folder[1]))
    hand = StudHand(seats=seats, game=game, ante=3, bring_in=2, limits=(4, 8))  # type: ignore[arg-type]
    for down, up in STREET_CARDS:
        for seat in sorted(seats):
            if seat in hand.folded:
                continue
            if down:
                hand.apply(Down(seat, tuple(cards[seat][:down])))
                del cards[seat][:down]
            if up:
                hand.apply(Up(seat, cards[seat].pop(0)))
        while hand.to_act is not None:
            seat = hand.to_act
            if hand.options(seat)[0] == "bring-in":
                hand.apply(BringIn(seat))
            elif folder is not None and seat == folder[0]:
                hand.apply(Action(seat, "fold"))
            else:
                hand.apply(Action(seat, "call" if hand.to_call(seat) else "check"))
    assert hand.over_reason == "showdown"
    return hand


def test_stud_the_best_five_of_seven_wins() -> None:
    hand = showdown("stud", {1: "Ah Ad 2c 3c 5h 9h Jc", 2: "Kh Kd Ks 4d 6d 8d 2h"})
    settled = settle_stud(hand)
    assert settled is not None
    assert settled.awards == {2: hand.pot}
    assert settled.stacks[2] == 1000 + hand.pot - hand.contributed[2]


def test_stud_hilo_splits_the_pot_and_the_odd_chip_goes_high() -> None:
    hand = showdown(
        "stud-hilo",
        {1: "Ah 2d 3c 4h 8s Qh Tc", 2: "Kh Kd Ks 9d 9s Jc 2h"},
        folder=(3, "7c 7d Qd"),
    )
    assert hand.pot % 2 == 1
    settled = settle_stud(hand)
    assert settled is not None
    (pot,) = settled.pots
    assert pot.high == (2,)
    assert pot.low == (1,)
    assert settled.awards == {1: hand.pot // 2, 2: hand.pot // 2 + 1}
    assert pot.odd_chips[0].reason == "the odd chip of the high/low split goes to the high half"


def test_stud_hilo_with_no_qualifying_low_the_high_hand_scoops() -> None:
    hand = showdown("stud-hilo", {1: "Ah 9d 3c 4h Ts Qh Tc", 2: "Kh Kd Ks 9s 9c Jc 2h"})
    settled = settle_stud(hand)
    assert settled is not None
    assert settled.awards == {2: hand.pot}
    assert settled.pots[0].low == ()


def test_stud_hilo_one_seat_scoops_both_halves() -> None:
    hand = showdown("stud-hilo", {1: "Ah 2d 3c 4h 5s Qh Tc", 2: "Kh Kd Qs 9s 9c Jc 2h"})
    settled = settle_stud(hand)
    assert settled is not None
    assert settled.awards == {1: hand.pot}


TIED = {1: "9h 8c 7c 6h 5h As 2d", 2: "9s 8d 7d 6c 5c Kc 3h"}
"""Both play a nine-high straight; seat 1 holds the ace of spades outside its five, seat 2
the nine of spades inside them."""


def test_tied_stud_hands_odd_chip_by_every_card_robert_s_rules() -> None:
    hand = showdown("stud", TIED, folder=(3, "Qd Qc Kd"))
    assert hand.pot % 2 == 1
    settled = settle_stud(hand, SplitRules(), "all-cards")
    assert settled is not None
    (pot,) = settled.pots
    assert pot.high == (1, 2)
    assert pot.odd_chips[0].seat == 1
    assert "A♠" in pot.odd_chips[0].reason or "As" in pot.odd_chips[0].reason


def test_tied_stud_hands_odd_chip_by_the_five_cards_tda_and_wsop() -> None:
    hand = showdown("stud", TIED, folder=(3, "Qd Qc Kd"))
    settled = settle_stud(hand, SplitRules(), "five-cards")
    assert settled is not None
    assert settled.pots[0].odd_chips[0].seat == 2


def test_tied_low_halves_robert_s_rules_lowest_card_tda_highest_of_the_five() -> None:
    holes = {1: "Ac 2d 3h 4s 6c Kd Kh", 2: "As 2c 3c 4c 6d Qs Qc", 3: "Jd Jh Js Tc Td 9s 9h"}
    hand = showdown("stud-hilo", holes)
    rrop = settle_stud(hand, SplitRules(), "all-cards")
    tda = settle_stud(hand, SplitRules(), "five-cards")
    assert rrop is not None
    assert tda is not None
    assert rrop.pots[0].high == (3,)
    assert rrop.pots[0].low == (1, 2)
    low_half = rrop.pots[0].split.halves["low"]
    assert low_half % 2 == 1
    # Robert's Rules: the lowest card by suit of all seven, the ace of clubs (seat 1).
    assert rrop.awards[1] == low_half // 2 + 1
    # TDA 20-B: the highest card by suit of the five, the six of diamonds (seat 2).
    assert tda.awards[2] == low_half // 2 + 1


def test_a_side_pot_goes_to_the_best_hand_among_those_in_it() -> None:
    hand = StudHand(seats={1: 30, 2: 1000, 3: 1000}, game="stud", ante=5, bring_in=10,
                    limits=(20, 40))  # fmt: skip
    cards = {1: "Ah Ad Ac 2d As 4s 5s", 2: "Kh Kd Ks 9d 7c 6s 2h", 3: "Qh Qd Qs 8d 8c 6c 2s"}
    dealt = {seat: list(parse_cards(text)) for seat, text in cards.items()}
    for down, up in STREET_CARDS:
        for seat in (1, 2, 3):
            if down:
                hand.apply(Down(seat, tuple(dealt[seat][:down])))
                del dealt[seat][:down]
            if up:
                hand.apply(Up(seat, dealt[seat].pop(0)))
        while hand.to_act is not None:
            seat = hand.to_act
            if hand.options(seat)[0] == "bring-in":
                hand.apply(BringIn(seat))
            elif hand.street == "fourth" and hand.current_bet == 0:
                hand.apply(Action(seat, "allin"))
            elif hand.street == "fifth" and hand.current_bet == 0:
                hand.apply(Action(seat, "bet", 40))
            else:
                hand.apply(Action(seat, "call" if hand.to_call(seat) else "check"))
    settled = settle_stud(hand)
    assert settled is not None
    main, side = settled.pots
    assert main.high == (1,)
    assert side.high == (3,)
    assert settled.stacks[1] == main.pot.amount


@pytest.mark.skipif(not HAS_A5, reason="razz is read with the ace-to-five low evaluator")
def test_razz_the_lowest_hand_wins_and_pairs_count_against_it() -> None:
    hand = showdown("razz", {1: "Ah 2d 3c 9h 9s Qh Kc", 2: "7h 6d 5c 4s 8s 8d Kd"})
    settled = settle_stud(hand)
    assert settled is not None
    assert settled.awards == {2: hand.pot}


def test_two_hands_tying_high_and_low_split_evenly_robert_s_rules() -> None:
    # Both make a five-high straight and a 5-4-3-2-A low; seat 2 holds both the highest
    # card by suit (K♠) and the lowest (A♣), yet gets one odd chip at most.
    holes = {1: "Ad 2d 3h 4s 5c Kd 9h", 2: "Ac 2c 3c 4c 5d Ks 9s", 3: "Jd Jh 8s Tc 6d 2h Qh"}
    hand = showdown("stud-hilo", holes, folder=(4, "Qd Qc Kh"))
    assert hand.pot == 18
    rrop = settle_stud(hand, SplitRules(), "all-cards")
    assert rrop is not None
    assert rrop.awards == {1: 9, 2: 9}
    tda = settle_stud(hand, SplitRules(), "five-cards")
    assert tda is not None
    # TDA 20-B and WSOP LA 244 split each half on its own: an odd chip in each, here
    # both to the A♦, the highest card by suit of seat 1's five.
    assert tda.awards == {1: 10, 2: 8}
    assert len(tda.pots[0].odd_chips) == 2
