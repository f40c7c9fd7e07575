"""Split pots and odd chips, worked the way the split-pot practice describes them."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from floorman.cards import Card, parse_cards
from floorman.showdown.oddchips import (
    OddChip,
    SplitError,
    SplitRules,
    clockwise_from_button,
    split_hilo,
    split_pot,
    split_runs,
)

ROBERTS = SplitRules()


def test_an_even_split_has_no_odd_chip() -> None:
    split = split_pot(300, [2, 5], button=1, rules=ROBERTS)
    assert split.shares == {2: 150, 5: 150}
    assert split.odd_chips == ()


def test_odd_chip_to_the_first_tied_hand_clockwise_from_the_button() -> None:
    split = split_pot(301, [2, 5], button=3, rules=ROBERTS)
    assert split.shares == {5: 151, 2: 150}
    assert split.odd_chips == (
        OddChip(5, 1, "first of the tied hands clockwise from the button (seat 3)"),
    )


def test_two_odd_chips_when_splitting_three_ways_go_to_the_first_two() -> None:
    split = split_pot(347, [2, 6, 8], button=4, rules=ROBERTS)
    assert split.shares == {6: 116, 8: 116, 2: 115}
    assert [chip.seat for chip in split.odd_chips] == [6, 8]
    assert split.odd_chips[1].reason.startswith("second of the tied hands")


def test_the_button_itself_is_last_in_line_for_an_odd_chip() -> None:
    split = split_pot(101, [4, 7], button=4, rules=ROBERTS)
    assert split.odd_chips[0].seat == 7


def test_table_order_decides_when_seat_numbers_do_not_go_round_in_order() -> None:
    # Seats clockwise 10, 1, 2, ...: with the button on 9, seat 10 is first to its left.
    order = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert clockwise_from_button([1, 10], button=9, order=order) == [10, 1]
    assert clockwise_from_button([1, 10], button=9, order=[9, 1, 10]) == [1, 10]


def test_a_seat_missing_from_the_table_order_is_named() -> None:
    with pytest.raises(SplitError, match="seat 12 is not in the table order 1,2,3"):
        clockwise_from_button([12], button=1, order=[1, 2, 3])


def test_split_down_to_the_smallest_chip_in_play() -> None:
    # With 5 and 25 chips, 135 splits into 27 fives: 14 and 13 of them.
    split = split_pot(135, [1, 2], button=2, rules=SplitRules(unit=5))
    assert split.shares == {1: 70, 2: 65}
    assert split.odd_chips[0].amount == 5


def test_high_card_by_suit_gives_the_odd_chip_to_the_highest_single_card() -> None:
    rules = SplitRules(odd_chip="high-card-by-suit")
    cards = {3: parse_cards("Ah 2c"), 7: parse_cards("As 3d")}
    split = split_pot(101, [3, 7], button=1, rules=rules, cards=cards)
    assert split.shares[7] == 51
    assert split.odd_chips == (OddChip(7, 1, "highest card by suit among the tied hands: A♠"),)


@pytest.mark.parametrize(
    ("hearts", "spades", "winner"),
    [("Kh", "Qs", 1), ("Kh", "Ks", 2), ("Kc", "Kd", 2), ("Kh", "Kd", 1)],
)
def test_suits_rank_clubs_diamonds_hearts_spades(hearts: str, spades: str, winner: int) -> None:
    rules = SplitRules(odd_chip="high-card-by-suit")
    cards = {1: parse_cards(hearts + " 2c"), 2: parse_cards(spades + " 3c")}
    split = split_pot(3, [1, 2], button=2, rules=rules, cards=cards)
    assert split.odd_chips[0].seat == winner


def test_tied_low_hands_give_the_odd_chip_to_the_lowest_card_aces_low() -> None:
    rules = SplitRules(odd_chip="high-card-by-suit")
    cards = {1: parse_cards("2c 3d Kh Ks"), 2: parse_cards("Ad 4c Qh Qs")}
    split = split_pot(5, [1, 2], button=2, rules=rules, cards=cards, low=True)
    assert split.odd_chips[0].seat == 2
    assert split.odd_chips[0].reason.endswith("A♦")


def test_high_card_by_suit_needs_the_cards() -> None:
    with pytest.raises(SplitError, match="needs the cards of seat 2"):
        split_pot(
            3,
            [1, 2],
            button=2,
            rules=SplitRules(odd_chip="high-card-by-suit"),
            cards={1: parse_cards("Ah Kh")},
        )


def test_carry_over_leaves_the_odd_chip_for_the_next_deal() -> None:
    split = split_pot(301, [2, 5], button=3, rules=SplitRules(odd_chip="carry-over"))
    assert split.shares == {5: 150, 2: 150}
    assert split.carried == 1
    assert split.odd_chips[0].seat is None
    assert "next deal" in split.odd_chips[0].reason


def test_hilo_odd_chip_goes_to_the_high_hand() -> None:
    split = split_hilo(101, [2], [6], button=1, rules=ROBERTS)
    assert split.shares == {2: 51, 6: 50}
    assert split.odd_chips == (
        OddChip(2, 1, "the odd chip of the high/low split goes to the high half"),
    )


def test_no_qualifying_low_the_high_hand_takes_it_all() -> None:
    split = split_hilo(101, [2], [], button=1, rules=ROBERTS)
    assert split.shares == {2: 101}


def test_one_seat_winning_high_and_low_scoops() -> None:
    split = split_hilo(101, [2], [2], button=1, rules=ROBERTS)
    assert split.shares == {2: 101}


def test_quartered_low_half_without_the_exception() -> None:
    # 25: high half 13 (with the odd chip), low half 12 split 6 and 6.
    split = split_hilo(25, [2], [6, 8], button=4, rules=ROBERTS)
    assert split.shares == {2: 13, 6: 6, 8: 6}


def test_quartering_exception_puts_the_first_odd_chip_in_the_low_half() -> None:
    rules = SplitRules(quartering_exception=True)
    split = split_hilo(25, [2], [6, 8], button=4, rules=rules)
    assert split.halves == {"high": 12, "low": 13}
    assert split.shares == {2: 12, 6: 7, 8: 6}
    assert split.odd_chips[0].seat is None
    assert split.odd_chips[0].reason.startswith("quartering exception")
    assert split.odd_chips[1] == OddChip(
        6, 1, "first of the tied low hands clockwise from the button (seat 4)"
    )


def test_quartering_exception_does_not_apply_when_the_high_half_is_shared() -> None:
    rules = SplitRules(quartering_exception=True)
    split = split_hilo(25, [2, 3], [6, 8], button=4, rules=rules)
    assert split.halves == {"high": 13, "low": 12}


def test_a_player_quartered_with_the_high_hand_also_owning_half_the_low() -> None:
    # Seat 2 wins high alone and ties low with seat 6: 3/4 and 1/4.
    split = split_hilo(400, [2], [2, 6], button=1, rules=ROBERTS)
    assert split.shares == {2: 300, 6: 100}


def test_hilo_house_option_low() -> None:
    split = split_hilo(101, [2], [6], button=1, rules=SplitRules(hilo_odd_chip="low"))
    assert split.shares == {2: 50, 6: 51}


def test_an_amount_off_the_chip_unit_is_refused() -> None:
    with pytest.raises(SplitError, match="347 is not a whole number of the smallest chip"):
        split_pot(347, [1, 2], button=1, rules=SplitRules(unit=5))


def test_bad_options_are_named() -> None:
    with pytest.raises(SplitError, match='"coin-flip" is not one of'):
        SplitRules(odd_chip="coin-flip")  # type: ignore[arg-type]


def test_a_winner_named_twice_is_refused() -> None:
    with pytest.raises(SplitError, match="named twice"):
        split_pot(10, [1, 1], button=1, rules=ROBERTS)


policies = st.sampled_from(["first-left-of-button", "high-card-by-suit", "carry-over"])


@dataclass(frozen=True)
class Case:
    amount: int
    high: list[int]
    low: list[int]
    rules: SplitRules
    cards: dict[int, tuple[Card, ...]]
    button: int


@st.composite
def cases(draw: st.DrawFn) -> Case:
    unit = draw(st.sampled_from([1, 5, 25]))
    seats = draw(st.lists(st.integers(1, 10), min_size=1, max_size=6, unique=True))
    rules = SplitRules(
        odd_chip=draw(policies),
        hilo_odd_chip=draw(st.sampled_from(["high", "low"])),
        quartering_exception=draw(st.booleans()),
        unit=unit,
    )
    deck = draw(st.permutations(parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks")))
    return Case(
        amount=draw(st.integers(0, 2000)) * unit,
        high=draw(st.lists(st.sampled_from(seats), min_size=1, unique=True)),
        low=draw(st.lists(st.sampled_from(seats), unique=True)),
        rules=rules,
        cards={seat: tuple(deck[2 * i : 2 * i + 2]) for i, seat in enumerate(seats)},
        button=draw(st.integers(1, 10)),
    )


@given(cases())
def test_every_chip_is_awarded_or_carried(case: Case) -> None:
    split = split_hilo(
        case.amount, case.high, case.low, button=case.button, rules=case.rules, cards=case.cards
    )
    assert split.total == case.amount
    assert set(split.shares) == set(case.high) | set(case.low)


@given(cases())
def test_each_share_is_whole_chips(case: Case) -> None:
    split = split_hilo(
        case.amount, case.high, case.low, button=case.button, rules=case.rules, cards=case.cards
    )
    assert all(share % case.rules.unit == 0 for share in split.shares.values())
    assert split.carried % case.rules.unit == 0


@given(cases())
def test_no_seat_gets_two_odd_chips_from_one_split(case: Case) -> None:
    split = split_pot(
        case.amount, case.high, button=case.button, rules=case.rules, cards=case.cards
    )
    seats = [chip.seat for chip in split.odd_chips if chip.seat is not None]
    assert len(seats) == len(set(seats))
    assert max(split.shares.values()) - min(split.shares.values()) <= case.rules.unit
    assert all(chip.amount == case.rules.unit for chip in split.odd_chips if chip.seat is not None)


@given(st.integers(1, 500), st.lists(st.integers(1, 10), min_size=2, max_size=6, unique=True))
def test_odd_chips_go_round_from_the_left_of_the_button(amount: int, winners: list[int]) -> None:
    assume(amount % len(winners))
    button = 5
    split = split_pot(amount, winners, button=button, rules=ROBERTS)
    expected = clockwise_from_button(winners, button)[: amount % len(winners)]
    assert [chip.seat for chip in split.odd_chips] == expected


@given(st.integers(0, 10_000), st.integers(2, 9), st.sampled_from(["first-run", "last-run"]))
def test_a_pot_run_more_than_once_is_cut_whole_into_parts_a_chip_apart(
    units: int, runs: int, odd: str
) -> None:
    parts = split_runs(units * 5, runs, SplitRules(unit=5, run_odd_chip=odd))  # type: ignore[arg-type]
    assert sum(parts) == units * 5
    assert max(parts) - min(parts) <= 5
    assert all(part % 5 == 0 for part in parts)
    ordered = list(parts) if odd == "first-run" else list(reversed(parts))
    assert ordered == sorted(ordered, reverse=True)
