"""Badugi hands: all 270,725 four-card hands against a plain definition, known orderings
and names, properties, and pokerkit as a second opinion."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import DECK, Card, parse_cards
from floorman.showdown.badugi import (
    badugi_cards,
    badugi_name,
    badugi_ranks,
    badugi_value,
    evaluate_badugi,
)


def reference(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The most cards of different suits and ranks, then the lowest highest-first, ace low.

    Larger is better: (cards that play, the ranks negated highest first).
    """
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(1, len(cards) + 1):
        for subset in combinations(cards, size):
            if len({c.suit for c in subset}) == size and len({c.rank for c in subset}) == size:
                low = sorted((1 if c.rank == 14 else c.rank for c in subset), reverse=True)
                best = max(best, (size, tuple(-rank for rank in low)))
    return best


@pytest.mark.slow
def test_every_four_card_hand_is_the_plain_definition() -> None:
    values: dict[int, tuple[int, tuple[int, ...]]] = {}
    sizes: Counter[int] = Counter()
    for hand in combinations(DECK, 4):
        value = badugi_value(hand)
        expected = reference(hand)
        assert values.setdefault(value, expected) == expected, hand
        sizes[expected[0]] += 1
    order = sorted(values)
    assert [values[value] for value in order] == sorted(values.values())
    assert len(values) == 13 * 12 * 11 * 10 // 24 + 13 * 12 * 11 // 6 + 13 * 12 // 2 + 13
    assert sizes[4] == 13 * 12 * 11 * 10
    assert sum(sizes.values()) == 270_725


def test_every_rank_set_orders_as_the_rules_say() -> None:
    """One hand for each of the 1,092 values, from the plain definition's order."""
    hands = []
    for size in range(1, 5):
        for ranks in combinations(range(2, 15), size):
            cards = [Card(rank, "cdhs"[i]) for i, rank in enumerate(ranks)]
            cards += [Card(ranks[0], "cdhs"[j]) for j in range(size, 4)]
            hands.append(tuple(cards))
    ours = [badugi_value(hand) for hand in hands]
    expected = [reference(hand) for hand in hands]
    assert len(set(ours)) == 1_092
    by_ours = sorted(range(len(hands)), key=ours.__getitem__)
    assert [expected[i] for i in by_ours] == sorted(expected)


ASCENDING = [
    "Kc Kd Kh Ks",
    "Ac Ad Ah As",
    "Kc Qc Jd Td",
    "Ac 2c 2d 3d",
    "Kc Qd Jh Jc",
    "7c 4d 2h 2c",
    "7c 3d 2h 2c",
    "6c 5d 4h 3h",
    "3c 2d Ah Ac",
    "Kc Qd Jh Ts",
    "8c 7d 6h 5s",
    "8c 5d 3h 2s",
    "5c 4d 3h 2s",
    "5c 4d 3h As",
    "4c 3d 2h As",
]


def test_known_hands_rank_in_order() -> None:
    values = [badugi_value(parse_cards(text)) for text in ASCENDING]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize(
    ("cards", "name", "full_name", "played"),
    [
        ("4c 3d 2h As", "Four badugi", "Badugi 4-3-2-A", "4c 3d 2h As"),
        ("Kc Td 2h 5s", "King badugi", "Badugi K-10-5-2", "Kc Td 5s 2h"),
        ("7c 4d 2h 2s", "Three-card seven", "Three-card badugi 7-4-2", "7c 4d 2h"),
        ("7c 4c 2h 2s", "Two-card four", "Two-card badugi 4-2", "4c 2h"),
        ("Jh 9h 5h Ah", "One-card ace", "One-card badugi A", "Ah"),
        ("Qs Qc Qd Qh", "One-card queen", "One-card badugi Q", "Qs"),
    ],
)
def test_names_and_the_cards_that_play(cards: str, name: str, full_name: str, played: str) -> None:
    hand = evaluate_badugi(parse_cards(cards))
    assert (hand.name, hand.full_name) == (name, full_name)
    assert " ".join(card.ascii for card in hand.cards) == played


def test_a_badugi_hand_is_one_to_four_cards() -> None:
    with pytest.raises(ValueError, match="1 to 4 cards"):
        badugi_value(parse_cards("Ac 2d 3h 4s 5c"))
    with pytest.raises(ValueError, match="1 to 4 cards"):
        badugi_value(())


hands_of = st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True)


@given(hands_of, st.permutations("cdhs"), st.randoms(use_true_random=False))
def test_any_hand_is_the_plain_definition_whatever_the_suits_and_order(
    cards: list[Card], suits: list[str], rng: random.Random
) -> None:
    value = badugi_value(cards)
    size, low = reference(cards)
    assert value >> 13 == size
    assert badugi_ranks(value) == tuple(-rank for rank in low)
    renamed = [Card(card.rank, suits["cdhs".index(card.suit)]) for card in cards]
    rng.shuffle(renamed)
    assert badugi_value(renamed) == value
    played = badugi_cards(cards)
    assert set(played) <= set(cards)
    assert badugi_value(played) == value
    digits = {1: "A", 11: "J", 12: "Q", 13: "K"}
    run = "-".join(digits.get(rank, str(rank)) for rank in badugi_ranks(value))
    assert badugi_name(value)[1].endswith(f"badugi {run}" if size < 4 else f"Badugi {run}")


@pytest.mark.slow
def test_badugi_orders_hands_as_pokerkit_does() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    kit = {card: next(iter(pokerkit.Card.parse(card.ascii))) for card in DECK}
    rng = random.Random(25_005)
    hands = [tuple(rng.sample(DECK, 4)) for _ in range(6_000)]
    ours = [badugi_value(hand) for hand in hands]
    theirs: list[Any] = [pokerkit.BadugiHand.from_game([kit[c] for c in h]) for h in hands]
    order = sorted(range(len(hands)), key=ours.__getitem__)
    for before, after in pairwise(order):
        expected = (theirs[after] > theirs[before]) - (theirs[after] < theirs[before])
        assert (ours[after] > ours[before]) == (expected == 1), (hands[before], hands[after])
        assert expected >= 0, (hands[before], hands[after])
