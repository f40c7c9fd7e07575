"""Low hands: every A-5 and 2-7 class against a plain definition, known orderings and
names, properties, and pokerkit as a second opinion."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import DECK, SUITS, Card, parse_cards
from floorman.showdown.evaluation import low_value, ranks, showing_high_value
from floorman.showdown.lowball import (
    a5_low_name,
    a5_low_ranks,
    a5_low_value,
    deuce_seven_name,
    deuce_seven_ranks,
    deuce_seven_value,
    evaluate_low_8,
    evaluate_low_27,
    evaluate_low_a5,
)

DIFFERENTIAL_DEALS = 6_000

# The plain definitions: a key where SMALLER is the better low, straight from the rules.


def groups(ranks: Sequence[int]) -> list[int]:
    """Ranks by how many times they appear, then by rank, highest first, with repeats."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return [rank for rank in order for _ in range(counts[rank])]


def made(ranks: Sequence[int]) -> int:
    """0 no pair, 1 pair, 2 two pair, 3 trips, 4 full house, 5 quads."""
    shape = sorted(Counter(ranks).values(), reverse=True)
    if shape[0] == 4:
        return 5
    if shape[0] == 3:
        return 4 if shape[1:2] == [2] else 3
    if shape[0] == 2:
        return 2 if shape[1:2] == [2] else 1
    return 0


def a5_reference(cards: Sequence[Card]) -> tuple[int, list[int]]:
    """Aces are ones; pairs count against the hand, straights and flushes don't; best five."""
    fives = combinations(cards, 5) if len(cards) > 5 else [cards]
    keys = []
    for five in fives:
        ranks = [1 if card.rank == 14 else card.rank for card in five]
        keys.append((made(ranks), groups(ranks)))
    return min(keys)


HIGH_ORDER = {0: 0, 1: 1, 2: 2, 3: 3, 4: 6, 5: 7}  # pairs and boats among straights, flushes


def d27_reference(cards: Sequence[Card]) -> tuple[int, list[int]]:
    """Aces are high only; straights (no wheel) and flushes count against the hand."""
    fives = combinations(cards, 5) if len(cards) > 5 else [cards]
    keys = []
    for five in fives:
        ranks = [card.rank for card in five]
        flush = len({card.suit for card in five}) == 1
        straight = len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4
        kind = HIGH_ORDER[made(ranks)]
        if straight and flush:
            kind = 8
        elif flush:
            kind = max(kind, 5)
        elif straight:
            kind = 4
        keys.append((kind, groups(ranks)))
    return min(keys)


def assert_orders_alike(
    ours: Sequence[int], reference: Sequence[Any], hands: Sequence[object]
) -> None:
    """``ours`` (larger better) orders the hands as ``reference`` (smaller better) does."""
    order = sorted(range(len(ours)), key=ours.__getitem__)
    for before, after in pairwise(order):
        if ours[before] == ours[after]:
            assert reference[before] == reference[after], (hands[before], hands[after])
        else:
            assert reference[before] > reference[after], (hands[before], hands[after])


def rank_classes() -> list[tuple[Card, ...]]:
    """One unsuited hand for every five-card rank multiset (6,175), suits spread."""
    hands = []
    for dealt in combinations_with_replacement(range(2, 15), 5):
        if dealt[0] != dealt[4]:
            seen: Counter[int] = Counter()
            order = sorted(set(dealt))
            cards = []
            for rank in dealt:
                cards.append(Card(rank, SUITS[(seen[rank] + order.index(rank)) % 4]))
                seen[rank] += 1
            hands.append(tuple(cards))
    return hands


def suited_classes() -> list[tuple[Card, ...]]:
    """One flush for every set of five ranks (1,287)."""
    return [tuple(Card(rank, "h") for rank in ranks) for ranks in combinations(range(2, 15), 5)]


CLASSES = rank_classes()
FLUSHES = suited_classes()


def test_the_classes_are_every_rank_multiset_once() -> None:
    assert len(CLASSES) == 6_175
    assert all(len(set(hand)) == 5 and len({c.suit for c in hand}) > 1 for hand in CLASSES)
    assert len({tuple(sorted(c.rank for c in hand)) for hand in CLASSES}) == 6_175


def test_every_a5_class_orders_as_the_rules_say() -> None:
    hands = CLASSES + FLUSHES
    ours = [a5_low_value(hand) for hand in hands]
    assert_orders_alike(ours, [a5_reference(hand) for hand in hands], hands)
    assert len(set(ours)) == 6_175  # a flush is just its ranks


def test_every_27_class_orders_as_the_rules_say() -> None:
    hands = CLASSES + FLUSHES
    ours = [deuce_seven_value(hand) for hand in hands]
    assert_orders_alike(ours, [d27_reference(hand) for hand in hands], hands)
    assert len(set(ours)) == 7_462


@pytest.mark.slow
def test_every_five_card_hand_counts_in_its_low_category() -> None:
    a5: Counter[int] = Counter()
    for value, count in Counter(map(a5_low_value, combinations(DECK, 5))).items():
        a5[made(a5_low_ranks(value))] += count
    assert a5 == {0: 1_317_888, 1: 1_098_240, 2: 123_552, 3: 54_912, 4: 3_744, 5: 624}
    d27: Counter[str] = Counter()
    for value, count in Counter(map(deuce_seven_value, combinations(DECK, 5))).items():
        name = deuce_seven_name(value)[0]
        d27["low" if name.endswith(" low") else name.split(",")[0].split(" of ")[0]] += count
    assert d27 == {
        "Straight flush": 36,
        "Four": 624,
        "Full house": 3_744,
        "Flush": 5_112,
        "Straight": 9_180,
        "Three": 54_912,
        "Two pair": 123_552,
        "Pair": 1_098_240,
        "low": 1_303_560,
    }


# Known hands, in order and by name.

A5_ASCENDING = [
    "Kc Kd Kh Ks Qc",
    "Ac Ad Ah As 2c",
    "Kc Kd Kh Qs Qc",
    "Ac Ad Ah 2s 2c",
    "Kc Kd Kh Qs Jc",
    "Ac Ad Ah 2s 3c",
    "Kc Kd Qh Qs Jc",
    "2c 2d Ah As 3c",
    "Kc Kd Qh Js Tc",
    "Ac Ad 4h 3s 2c",
    "Kc Qd Jh Ts 9c",
    "8c 7d 6h 5s 4c",
    "8c 5d 4h 3s 2c",
    "7c 6d 5h 4s 3c",
    "7c 5d 4h 3s 2c",
    "6c 4d 3h 2s Ac",
    "5c 4c 3c 2c Ac",
]


def test_known_a5_lows_rank_in_order() -> None:
    values = [a5_low_value(parse_cards(text)) for text in A5_ASCENDING]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


D27_ASCENDING = [
    "Ac Kc Qc Jc Tc",
    "7d 6d 5d 4d 3d",
    "Ac Ad Ah As Kc",
    "2c 2d 2h 3s 3c",
    "Ac Kc Qc Jc 9c",
    "7c 6c 5c 4c 2c",
    "Ac Kd Qh Js Tc",
    "6c 5d 4h 3s 2c",
    "Ac Ad Ah Ks Qc",
    "Ac Ad Kh Ks Qc",
    "Ac Ad Kh Qs Jc",
    "2c 2d 5h 4s 3c",
    "Ac Kd Qh Js 9c",
    "Ac 5d 4h 3s 2c",
    "8c 7d 6h 5s 3c",
    "7c 6d 5h 4s 2c",
    "7c 6d 5h 3s 2c",
    "7c 6d 4h 3s 2c",
    "7c 5d 4h 3s 2c",
]


def test_known_27_lows_rank_in_order() -> None:
    values = [deuce_seven_value(parse_cards(text)) for text in D27_ASCENDING]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize(
    ("cards", "name", "full_name", "played"),
    [
        ("7h 5d 4c 3s Ah", "Seven-five low", "7-5-4-3-A low", "7h 5d 4c 3s Ah"),
        ("Kc 7h 5d 4c Qs 3s Ah", "Seven-five low", "7-5-4-3-A low", "7h 5d 4c 3s Ah"),
        ("5h 4h 3h 2h Ah", "Five-four low", "5-4-3-2-A low", "5h 4h 3h 2h Ah"),
        ("9c 9d 6h 4s Ac Ad 9h", "Pair of aces", "Pair of aces: A-A-9-6-4", "Ac Ad 9c 6h 4s"),
        ("Kc Kd Kh Qs Qc Qd Qh", "Full house, queens full of kings", None, None),
        (
            "Jc Jd 4h 4s 2c",
            "Two pair, jacks and fours",
            "Two pair, jacks and fours: J-J-4-4-2",
            None,
        ),
        ("2c 2d 2h 2s 3c", "Four of a kind, deuces", "Four of a kind, deuces: 2-2-2-2-3", None),
        ("6c 2d", "Six-deuce low", "6-2 low", "6c 2d"),
        ("Qc", "Queen low", "Q low", "Qc"),
    ],
)
def test_a5_names_and_the_cards_that_play(
    cards: str, name: str, full_name: str | None, played: str | None
) -> None:
    hand = evaluate_low_a5(parse_cards(cards))
    assert hand.name == name == str(hand)
    if full_name:
        assert hand.full_name == full_name
    if played:
        assert " ".join(card.ascii for card in hand.cards) == played


def test_a5_two_pair_reads_the_higher_pair_first() -> None:
    hand = evaluate_low_a5(parse_cards("Kc Kd Th Ts 9c"))
    assert hand.name == "Two pair, kings and tens"
    assert hand.full_name == "Two pair, kings and tens: K-K-10-10-9"


@pytest.mark.parametrize(
    ("cards", "name", "full_name"),
    [
        ("7c 5d 4h 3s 2c", "Seven-five low", "7-5-4-3-2 low, number one"),
        ("7c 6d 4h 3s 2c", "Seven-six low", "7-6-4-3-2 low, number two"),
        ("7c 6d 5h 3s 2c", "Seven-six low", "7-6-5-3-2 low, number three"),
        ("7c 6d 5h 4s 2c", "Seven-six low", "7-6-5-4-2 low, number four"),
        ("8c 6d 5h 3s 2c", "Eight-six low", "8-6-5-3-2 low"),
        ("Ac 5d 4h 3s 2c", "Ace-five low", "A-5-4-3-2 low"),
        ("6c 5d 4h 3s 2c", "Straight, six high", "Straight: 6-5-4-3-2"),
        ("Jc 8c 6c 4c 2c", "Flush, jack high", "Flush: J-8-6-4-2"),
        ("5h 4h 3h 2h Ah", "Flush, ace high", "Flush: A-5-4-3-2"),
        ("9s 8s 7s 6s 5s", "Straight flush, nine high", "Straight flush: 9-8-7-6-5"),
        ("2c 2d 7h 5s 4c", "Pair of deuces", "Pair of deuces: 2-2-7-5-4"),
        ("Tc Td 3h 3s 4c", "Two pair, tens and threes", "Two pair, tens and threes: 10-10-3-3-4"),
        ("9c 9d 9h 5s 4c", "Three of a kind, nines", "Three of a kind, nines: 9-9-9-5-4"),
        ("Ac Ad Ah Ks Kc", "Full house, aces full of kings", None),
        ("8c 8d 8h 8s Kc", "Four of a kind, eights", "Four of a kind, eights: 8-8-8-8-K"),
    ],
)
def test_27_names(cards: str, name: str, full_name: str | None) -> None:
    hand = evaluate_low_27(parse_cards(cards))
    assert hand.name == name
    if full_name:
        assert hand.full_name == full_name
    assert sorted(hand.cards) == sorted(parse_cards(cards))


def test_27_of_seven_cards_plays_the_best_five() -> None:
    hand = evaluate_low_27(parse_cards("7c 6c 5c 4c 2c 3d 8h"))
    assert hand.full_name == "7-5-4-3-2 low, number one"
    assert " ".join(card.ascii for card in hand.cards) == "7c 5c 4c 3d 2c"


def test_stud_high_low_reads_the_8_or_better_low_of_seven() -> None:
    hand = evaluate_low_8(parse_cards("Ah Ad 2c 2s 3h 6d 8c"))
    assert hand is not None
    assert hand.name == hand.full_name == "8-6-3-2-A low"
    assert hand.value == low_value(parse_cards("Ah Ad 2c 2s 3h 6d 8c"))
    assert [card.rank for card in hand.cards] == [8, 6, 3, 2, 14]
    assert evaluate_low_8(parse_cards("Ah Ad 2c 2s 3h 3d 4c")) is None


def test_wrong_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 7 cards"):
        a5_low_value(())
    with pytest.raises(ValueError, match="1 to 7 cards"):
        a5_low_value(DECK[:8])
    with pytest.raises(ValueError, match="5 to 7 cards"):
        deuce_seven_value(DECK[:4])
    with pytest.raises(ValueError, match="1 to 5 cards"):
        showing_high_value(DECK[:6])


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Kh", "Qs"),
        ("Ah", "Ks"),
        ("2c 2d", "Ah Ks"),
        ("Ac Kd", "Ah Qd"),
        ("5c 5d Kh", "5h 5s Qd"),
        ("3c 3d 2h 2s", "Ac Ad Kh Qs"),
        ("4c 4d 4h 2s", "Kc Kd Qh Qs"),
        ("2c 2d 2h 2s", "Ac Ad Ah Ks"),
    ],
)
def test_stud_upcards_showing_high(first: str, second: str) -> None:
    assert showing_high_value(parse_cards(first)) > showing_high_value(parse_cards(second))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ah", "2s"),
        ("7c 2d", "7h 3s"),
        ("Kc Qd", "2h 2s"),
        ("6c 5d Ah", "6h 5s 4d"),
        ("Kc Qd Jh Ts", "Ac Ad 2h 3s"),
    ],
)
def test_razz_upcards_showing_low(first: str, second: str) -> None:
    assert a5_low_value(parse_cards(first)) > a5_low_value(parse_cards(second))


# Properties: the quick paths agree with the plain definition on any deal.

hands_of = st.lists(st.sampled_from(DECK), unique=True)


@given(hands_of.filter(lambda cards: 1 <= len(cards) <= 7))
def test_a5_is_the_plain_definition(cards: list[Card]) -> None:
    value = a5_low_value(cards)
    expected = a5_reference(cards)
    assert a5_low_ranks(value) == tuple(expected[1])
    assert value == max(map(a5_low_value, combinations(cards, min(len(cards), 5))))


@given(
    st.lists(st.sampled_from(range(2, 15)), min_size=1, max_size=4, unique=True).flatmap(
        lambda ranks: st.lists(
            st.sampled_from([Card(rank, suit) for rank in ranks for suit in SUITS]),
            min_size=1,
            max_size=min(7, 4 * len(ranks)),
            unique=True,
        )
    )
)
def test_a5_of_few_ranks_is_the_plain_definition(cards: list[Card]) -> None:
    """Pairs, two pair, trips, full houses and quads: few ranks, many of each."""
    assert a5_low_ranks(a5_low_value(cards)) == tuple(a5_reference(cards)[1])


@given(hands_of.filter(lambda cards: 5 <= len(cards) <= 7))
def test_27_is_the_best_five_by_the_plain_definition(cards: list[Card]) -> None:
    value = deuce_seven_value(cards)
    best = min(combinations(cards, 5), key=d27_reference)
    assert value == deuce_seven_value(best)
    assert list(deuce_seven_ranks(value)) == sorted(
        (card.rank for card in best), key=lambda rank: deuce_seven_ranks(value).index(rank)
    )


@given(hands_of.filter(lambda cards: 1 <= len(cards) <= 5))
def test_showing_high_is_the_high_order_without_straights(cards: list[Card]) -> None:
    other = [Card(card.rank, "cdhs"[(i + 1) % 4]) for i, card in enumerate(cards)]
    assert showing_high_value(other) == showing_high_value(cards)
    value = showing_high_value(cards)
    ranks_ = [card.rank for card in cards]
    assert value >> 26 == HIGH_ORDER[made(ranks_)]
    assert ranks(value) == tuple(dict.fromkeys(groups(ranks_)))


@given(
    st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True),
    st.permutations("cdhs"),
    st.randoms(use_true_random=False),
)
def test_renaming_suits_or_shuffling_changes_nothing(
    cards: list[Card], suits: list[str], rng: random.Random
) -> None:
    renamed = [Card(card.rank, suits["cdhs".index(card.suit)]) for card in cards]
    rng.shuffle(renamed)
    assert a5_low_value(renamed) == a5_low_value(cards)
    assert deuce_seven_value(renamed) == deuce_seven_value(cards)


@given(hands_of.filter(lambda cards: 1 <= len(cards) <= 7))
def test_the_cards_that_play_make_the_value(cards: list[Card]) -> None:
    hand = evaluate_low_a5(cards)
    assert len(hand.cards) == min(len(cards), 5)
    assert set(hand.cards) <= set(cards)
    assert a5_low_value(hand.cards) == hand.value
    assert (hand.name, hand.full_name) == a5_low_name(hand.value)
    if len(cards) >= 5:
        low = evaluate_low_27(cards)
        assert set(low.cards) <= set(cards)
        assert deuce_seven_value(low.cards) == low.value
        eight = evaluate_low_8(cards)
        assert (eight is None) == (low_value(cards) is None)
        if eight is not None:
            assert low_value(eight.cards) == eight.value


@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True))
def test_another_card_never_makes_a_low_worse(cards: list[Card]) -> None:
    assert a5_low_value(cards) >= a5_low_value(cards[:5])
    assert deuce_seven_value(cards) >= deuce_seven_value(cards[:5])


# pokerkit as a second opinion.


@pytest.fixture(scope="module")
def pokerkit_cards() -> dict[Card, Any]:
    pokerkit = pytest.importorskip("pokerkit")
    return {card: next(iter(pokerkit.Card.parse(card.ascii))) for card in DECK}


def compare(first: Any, second: Any) -> int:
    return int(first > second) - int(first < second)


def assert_same_order_as(
    ours: Callable[[Sequence[Card]], int | None],
    theirs: Callable[[Sequence[Any]], Any],
    hands: Sequence[Sequence[Card]],
    kit: dict[Card, Any],
) -> None:
    values = [ours(hand) for hand in hands]
    judged = [theirs([kit[card] for card in hand]) for hand in hands]
    for index in range(len(hands)):
        assert (values[index] is None) == (judged[index] is None), hands[index]
    order = sorted(
        (i for i in range(len(hands)) if values[i] is not None), key=lambda i: values[i] or 0
    )
    for before, after in pairwise(order):
        expected = compare(judged[after], judged[before])
        assert compare(values[after], values[before]) == expected, (hands[before], hands[after])


def random_hands(size: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, size)) for _ in range(DIFFERENTIAL_DEALS)]


@pytest.mark.slow
def test_a5_orders_every_class_as_pokerkit_does(pokerkit_cards: dict[Card, Any]) -> None:
    from pokerkit import RegularLowHand

    def theirs(cards: Sequence[Any]) -> Any:
        return RegularLowHand.from_game(cards)

    assert_same_order_as(a5_low_value, theirs, CLASSES, pokerkit_cards)
    assert_same_order_as(a5_low_value, theirs, random_hands(7, 25_001), pokerkit_cards)


@pytest.mark.slow
def test_27_orders_every_class_as_pokerkit_does(pokerkit_cards: dict[Card, Any]) -> None:
    from pokerkit import StandardLowHand

    def theirs(cards: Sequence[Any]) -> Any:
        return StandardLowHand.from_game(cards)

    assert_same_order_as(deuce_seven_value, theirs, CLASSES + FLUSHES, pokerkit_cards)
    assert_same_order_as(deuce_seven_value, theirs, random_hands(5, 25_002), pokerkit_cards)
    assert_same_order_as(deuce_seven_value, theirs, random_hands(7, 25_003)[:1_000], pokerkit_cards)


@pytest.mark.slow
def test_stud_8_or_better_low_qualifies_and_orders_as_pokerkit_does(
    pokerkit_cards: dict[Card, Any],
) -> None:
    from pokerkit import EightOrBetterLowHand

    def theirs(cards: Sequence[Any]) -> Any:
        return EightOrBetterLowHand.from_game_or_none(cards)

    hands = random_hands(7, 25_004)
    assert sum(low_value(hand) is not None for hand in hands) > DIFFERENTIAL_DEALS // 8
    assert_same_order_as(low_value, theirs, hands, pokerkit_cards)
