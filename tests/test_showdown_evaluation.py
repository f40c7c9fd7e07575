"""Hand values: exhaustive counts, known orderings, properties, and pokerkit as a second opinion."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import DECK, Card, parse_cards
from floorman.showdown.evaluation import (
    CATEGORIES,
    category,
    high_value,
    low_ranks,
    low_value,
    omaha_high_value,
    omaha_low_value,
    ranks,
)

DIFFERENTIAL_DEALS = 20_000


def hand(text: str) -> int:
    return high_value(parse_cards(text))


@pytest.mark.slow
def test_every_five_card_hand_is_counted_in_its_category() -> None:
    values = Counter(map(high_value, combinations(DECK, 5)))
    hands = Counter[str]()
    for value, count in values.items():
        hands[category(value)] += count
    assert hands == {
        "straight flush": 40,
        "four of a kind": 624,
        "full house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three of a kind": 54_912,
        "two pair": 123_552,
        "pair": 1_098_240,
        "high card": 1_302_540,
    }
    assert len(values) == 7_462
    assert sum(values.values()) == 2_598_960


# Weakest first; each hand beats the one before it.
ASCENDING = [
    "7c 5d 4h 3s 2c",
    "8c 6d 4h 3s 2c",
    "Ac Kd Qh Js 9c",
    "2c 2d 3h 4s 5c",
    "2c 2d Ah Ks Qc",
    "Ac Ad 2h 3s 4c",
    "Ac Ad Kh Qs Jc",
    "3c 3d 2h 2s 4c",
    "3c 3d 2h 2s Ac",
    "Ac Ad 2h 2s 3c",
    "Ac Ad Kh Ks Qc",
    "2c 2d 2h 3s 4c",
    "2c 2d 2h As Kc",
    "Ac Ad Ah Ks Qc",
    "Ac 2d 3h 4s 5c",
    "2c 3d 4h 5s 6c",
    "Tc Jd Qh Ks Ac",
    "2c 3c 4c 5c 7c",
    "Ac Kc Qc Jc 9c",
    "2c 2d 2h 3s 3c",
    "2c 2d 2h As Ac",
    "3c 3d 3h 2s 2c",
    "Ac Ad Ah Ks Kc",
    "2c 2d 2h 2s 3c",
    "2c 2d 2h 2s Ac",
    "Ac Ad Ah As Kc",
    "Ac 2c 3c 4c 5c",
    "2d 3d 4d 5d 6d",
    "9h Th Jh Qh Kh",
    "Ts Js Qs Ks As",
]


def test_known_hands_rank_in_order() -> None:
    values = [hand(text) for text in ASCENDING]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ac Kd Qh Js 9c", "As Kh Qd Jc 9s"),
        ("Ah Kh Qh Jh 9h", "As Ks Qs Js 9s"),
        ("Ac Ad 7h 7s 2c 3d 4d", "Ah As 7c 7d 2d 3c 4h"),
        ("5c 5d 5h 9s 9c Kd 2h", "5c 5d 5h 9s 9c Qd 3h"),
    ],
)
def test_suits_and_unused_cards_never_break_ties(first: str, second: str) -> None:
    assert hand(first) == hand(second)


@pytest.mark.parametrize(
    ("cards", "name", "deciding"),
    [
        ("Kh Kd 7c 7s 2h 2d Ac", "two pair", (13, 7, 14)),
        ("9c 9d 9h 4s 4c 4d Ah", "full house", (9, 4)),
        ("9c 9d 9h 9s Kc Kd Kh", "four of a kind", (9, 13)),
        ("Qc Qd Qh 8s 4c 3d 2h", "three of a kind", (12, 8, 4)),
        ("Ac 2d 3h 4s 5c 5d 5h", "straight", (5,)),
        ("6c 7c 8c 9c Tc Jd Qh", "straight flush", (10,)),
        ("2h 4h 6h 8h Th Qh Ah", "flush", (14, 12, 10, 8, 6)),
        ("Jc Jd 9h 7s 5c 4d 2h", "pair", (11, 9, 7, 5)),
        ("Kd Jc 9h 7s 5c 4d 2h", "high card", (13, 11, 9, 7, 5)),
    ],
)
def test_seven_card_hands_play_their_best_five(
    cards: str, name: str, deciding: tuple[int, ...]
) -> None:
    value = hand(cards)
    assert category(value) == name
    assert ranks(value) == deciding


def test_a_straight_flush_beats_a_bigger_straight_and_a_flush_in_the_same_seven() -> None:
    value = hand("5h 6h 7h 8h 9h Ts Ah")
    assert category(value) == "straight flush"
    assert ranks(value) == (9,)


def test_high_needs_five_to_seven_cards() -> None:
    with pytest.raises(ValueError, match="5 to 7 cards"):
        high_value(parse_cards("Ah Kh Qh Jh"))


def test_omaha_plays_exactly_two_hole_cards_and_three_from_the_board() -> None:
    board = parse_cards("Ah Kh Qh Jh Th")
    assert category(omaha_high_value(parse_cards("2c 3c 4d 5d"), board)) == "high card"
    assert category(omaha_high_value(parse_cards("9h 2c 3c 4d"), board)) == "high card"
    assert category(omaha_high_value(parse_cards("8h 7h 3c 4d"), board)) == "flush"
    four_aces = omaha_high_value(parse_cards("Ac Ad Ah As"), parse_cards("Kc 7d 2h 5s 9c"))
    assert category(four_aces) == "pair"
    one_heart = omaha_high_value(parse_cards("Ah Kd Qc Js"), parse_cards("2h 5h 8h Th 3h"))
    assert category(one_heart) != "flush"


def test_omaha_straight_flush_beats_a_full_house_from_other_cards() -> None:
    value = omaha_high_value(parse_cards("9h 8h 9c 9d"), parse_cards("7h 6h 5h 9s 5c"))
    assert category(value) == "straight flush"
    assert ranks(value) == (9,)


def test_omaha_straight_flush_is_found_among_many_suited_cards() -> None:
    value = omaha_high_value(parse_cards("8s 9s Ks 2h"), parse_cards("Ts Js Qs 2s 3d"))
    assert category(value) == "straight flush"
    assert ranks(value) == (13,)


@pytest.mark.parametrize(
    ("cards", "low"),
    [
        ("Ah 2d 3c 4s 5h", (5, 4, 3, 2, 1)),
        ("Ah 2h 3h 4h 5h", (5, 4, 3, 2, 1)),
        ("8h 7d 6c 5s 4h Kd Kc", (8, 7, 6, 5, 4)),
        ("Ah Ad 2c 2s 3h 6d 8c", (8, 6, 3, 2, 1)),
        ("Ah 2d 3c 4s 9h Td Jc", None),
        ("Ah Ad 2c 2s 3h 3d 4c", None),
    ],
)
def test_eight_or_better_low(cards: str, low: tuple[int, ...] | None) -> None:
    value = low_value(parse_cards(cards))
    assert (None if value is None else low_ranks(value)) == low


def test_a_lower_low_wins() -> None:
    lows = [
        "8h 7d 6c 5s 4h",
        "8h 5d 4c 3s 2h",
        "7h 6d 5c 4s 2h",
        "6h 4d 3c 2s Ah",
        "5h 4d 3c 2s Ah",
    ]
    values = [low_value(parse_cards(text)) for text in lows]
    assert values == sorted(values, key=lambda value: value or 0)
    assert len(set(values)) == len(values)


def test_omaha_low_uses_two_different_low_hole_cards() -> None:
    board = parse_cards("2c 3d 4h Kc Qs")
    assert omaha_low_value(parse_cards("Ac Ad Kd Kh"), board) is None
    assert low_ranks(omaha_low_value(parse_cards("Ac 5d Kd Kh"), board)) == (5, 4, 3, 2, 1)
    assert omaha_low_value(parse_cards("Ac 2d 3c 4s"), parse_cards("2h 3h Kc Qs Js")) is None
    # Two board cards pair the hole; the low takes the next lowest board card.
    value = omaha_low_value(parse_cards("Ac 2d 9c 9s"), parse_cards("Ah 2h 6c 7s 8d"))
    assert low_ranks(value) == (8, 7, 6, 2, 1)


# Properties: the fast paths agree with the plain definition.

hands_of = st.lists(st.sampled_from(DECK), unique=True)


def best(evaluate: Callable[[Sequence[Card]], int | None], fives: Any) -> int | None:
    values = [v for v in map(evaluate, fives) if v is not None]
    return max(values, default=None)


@given(hands_of.filter(lambda cards: 5 <= len(cards) <= 7))
def test_high_value_is_the_best_of_every_five(cards: list[Card]) -> None:
    assert high_value(cards) == best(high_value, combinations(cards, 5))


@given(hands_of.filter(lambda cards: 5 <= len(cards) <= 7))
def test_low_value_is_the_best_of_every_five(cards: list[Card]) -> None:
    assert low_value(cards) == best(low_value, combinations(cards, 5))


@given(st.lists(st.sampled_from(DECK), min_size=7, max_size=9, unique=True))
def test_omaha_values_are_the_best_two_plus_three(cards: list[Card]) -> None:
    hole, board = cards[:4], cards[4:]
    fives = [a + b for a in combinations(hole, 2) for b in combinations(board, 3)]
    assert omaha_high_value(hole, board) == best(high_value, fives)
    assert omaha_low_value(hole, board) == best(low_value, fives)


def crowded(ranks_: Sequence[int]) -> st.SearchStrategy[list[Card]]:
    """Nine cards from few ranks in three suits: straight flushes beside full houses."""
    cards = [Card(rank, suit) for rank in ranks_ for suit in "hcd"]
    return st.lists(st.sampled_from(cards), min_size=9, max_size=9, unique=True)


@given(st.one_of(crowded(range(5, 10)), crowded((14, 2, 3, 4, 5, 6, 7, 8))))
def test_crowded_deals_still_play_the_best_two_plus_three(cards: list[Card]) -> None:
    hole, board = cards[:4], cards[4:]
    fives = [a + b for a in combinations(hole, 2) for b in combinations(board, 3)]
    assert omaha_high_value(hole, board) == best(high_value, fives)
    assert omaha_low_value(hole, board) == best(low_value, fives)
    assert high_value(cards[:7]) == best(high_value, combinations(cards[:7], 5))


@given(
    st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True),
    st.permutations("cdhs"),
    st.randoms(use_true_random=False),
)
def test_renaming_suits_or_shuffling_changes_nothing(
    cards: list[Card], suits: list[str], rng: random.Random
) -> None:
    renamed = [Card(card.rank, suits["cdhs".index(card.suit)]) for card in cards]
    assert omaha_high_value(renamed[:4], renamed[4:]) == omaha_high_value(cards[:4], cards[4:])
    rng.shuffle(renamed)
    assert high_value(renamed) == high_value(cards)
    assert low_value(renamed) == low_value(cards)


@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True))
def test_another_card_never_makes_a_hand_worse(cards: list[Card]) -> None:
    assert high_value(cards) >= high_value(cards[:5])


def test_categories_are_named_weakest_first() -> None:
    assert CATEGORIES[0] == "high card"
    assert CATEGORIES[-1] == "straight flush"
    assert category(hand("Ts Js Qs Ks As")) == "straight flush"


# pokerkit as a second opinion: the same ordering on every pair of neighbouring deals.


def sign(number: int) -> int:
    return (number > 0) - (number < 0)


def compare(first: Any, second: Any) -> int:
    return (first > second) - (first < second)


@pytest.fixture(scope="module")
def pokerkit_cards() -> dict[Card, Any]:
    pokerkit = pytest.importorskip("pokerkit")
    return {card: next(iter(pokerkit.Card.parse(card.ascii))) for card in DECK}


def deals(hole_count: int, seed: int) -> list[tuple[list[Card], list[Card]]]:
    """Random deals in pairs that share a board, so that ties and near ties come up."""
    rng = random.Random(seed)
    out = []
    for _ in range(DIFFERENTIAL_DEALS // 2):
        cards = rng.sample(DECK, 5 + 2 * hole_count)
        board = cards[:5]
        out.append((cards[5 : 5 + hole_count], board))
        out.append((cards[5 + hole_count :], board))
    return out


def assert_same_order(
    ours: Sequence[int | None], theirs: Sequence[Any], deals_: Sequence[object]
) -> None:
    for index in range(len(ours)):
        assert (ours[index] is None) == (theirs[index] is None), deals_[index]
    for index in range(1, len(ours)):
        now, before = ours[index], ours[index - 1]
        if now is None or before is None:
            continue
        expected = compare(theirs[index], theirs[index - 1])
        assert sign(now - before) == expected, (deals_[index - 1], deals_[index])


@pytest.mark.slow
def test_holdem_high_orders_hands_as_pokerkit_does(pokerkit_cards: dict[Card, Any]) -> None:
    from pokerkit import StandardHighHand

    dealt = deals(2, seed=20240601)
    ours = [high_value(hole + board) for hole, board in dealt]
    theirs = [
        StandardHighHand.from_game([pokerkit_cards[c] for c in hole + board])
        for hole, board in dealt
    ]
    assert_same_order(ours, theirs, dealt)


@pytest.mark.slow
def test_omaha_high_orders_hands_as_pokerkit_does(pokerkit_cards: dict[Card, Any]) -> None:
    from pokerkit import OmahaHoldemHand

    dealt = deals(4, seed=20240602)
    ours = [omaha_high_value(hole, board) for hole, board in dealt]
    theirs = [
        OmahaHoldemHand.from_game(
            [pokerkit_cards[c] for c in hole], [pokerkit_cards[c] for c in board]
        )
        for hole, board in dealt
    ]
    assert_same_order(ours, theirs, dealt)


@pytest.mark.slow
def test_omaha_low_qualifies_and_orders_as_pokerkit_does(
    pokerkit_cards: dict[Card, Any],
) -> None:
    from pokerkit import OmahaEightOrBetterLowHand

    dealt = deals(4, seed=20240603)
    ours = [omaha_low_value(hole, board) for hole, board in dealt]
    theirs = [
        OmahaEightOrBetterLowHand.from_game_or_none(
            [pokerkit_cards[c] for c in hole], [pokerkit_cards[c] for c in board]
        )
        for hole, board in dealt
    ]
    assert sum(value is not None for value in ours) > DIFFERENTIAL_DEALS // 5
    assert_same_order(ours, theirs, dealt)
