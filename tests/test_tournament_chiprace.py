"""The chip race at a color-up, seat by seat from the cards dealt, as each book runs it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards import DECK, Card, parse_cards
from floorman.tournament.chiprace import (
    ColorUp,
    RaceError,
    RaceSeat,
    assign_cards,
    cards_due,
    chip_race,
    color_up,
    exchange_found,
    race_rules,
)

QUARTERS = ColorUp(25, 100)


def run(book: str, seats: list[RaceSeat], dealt: str, **house: bool) -> dict[int, tuple[int, int]]:
    due = cards_due(seats, QUARTERS)
    race = chip_race(
        seats, assign_cards(due, parse_cards(dealt)), QUARTERS, race_rules(book, **house)
    )
    return {s.seat: (s.won, s.after) for s in race.seats}


def test_the_cards_are_dealt_from_seat_1_each_player_all_of_theirs_first() -> None:
    seats = [RaceSeat(4, 3, 100), RaceSeat(1, 6, 100), RaceSeat(2, 4, 100)]
    assert cards_due(seats, QUARTERS) == ((1, 2), (4, 3))
    dealt = assign_cards(((1, 2), (4, 3)), parse_cards("2c 3c 4c 5c 6c"))
    assert dealt == {1: parse_cards("2c 3c"), 4: parse_cards("4c 5c 6c")}


def test_highest_card_by_suit_wins_and_one_chip_a_player_under_tda() -> None:
    seats = [RaceSeat(1, 3, 500), RaceSeat(2, 3, 500), RaceSeat(3, 2, 500)]
    # 8 odd quarters are 2 new chips: seat 1 holds the two highest cards.
    assert run("tda-2024", seats, "As Ks 2c  3c 4c 5c  Qh 2d") == {
        1: (1, 600),
        2: (0, 500),
        3: (1, 600),
    }


def test_rrop_gives_the_chips_card_by_card_unless_the_house_says_one() -> None:
    seats = [RaceSeat(1, 3, 500), RaceSeat(2, 3, 500), RaceSeat(3, 2, 500)]
    dealt = "As Ks 2c  3c 4c 5c  Qh 2d"
    assert run("rrop", seats, dealt) == {1: (2, 700), 2: (0, 500), 3: (0, 500)}
    assert run("rrop", seats, dealt, one_chip_per_player=True) == {
        1: (1, 600),
        2: (0, 500),
        3: (1, 600),
    }


def test_odd_chips_left_over_win_a_chip_when_half_a_chip_or_more() -> None:
    half = [RaceSeat(1, 3, 500), RaceSeat(2, 3, 500)]  # 6 quarters: 1 chip and half of one
    assert run("rrop", half, "As 2c 3c  Kh 4c 5c") == {1: (1, 600), 2: (1, 600)}
    less = [RaceSeat(1, 3, 500), RaceSeat(2, 2, 500)]  # 5 quarters: 1 chip and a quarter
    assert run("rrop", less, "As 2c 3c  Kh 4c") == {1: (1, 600), 2: (0, 500)}


def test_nobody_is_raced_out() -> None:
    seats = [RaceSeat(1, 3, 500), RaceSeat(2, 3, 500), RaceSeat(3, 1, 0)]
    dealt = "As Ks 2c  Qs Js 5c  2d"
    # TDA: the race gives its 2 chips by the cards, then seat 3 gets 1 chip beyond them.
    tda = chip_race(
        seats,
        assign_cards(cards_due(seats, QUARTERS), parse_cards(dealt)),
        QUARTERS,
        race_rules("tda-2024"),
    )
    assert [(s.won, s.after, s.saved) for s in tda.seats] == [
        (1, 600, False),
        (1, 600, False),
        (1, 100, True),
    ]
    assert (tda.raced, tda.awarded) == (175, 300)
    assert tda.seats[2].reason == (
        "lost the last chips in the race, given a 100 chip (TDA 2024 Rule 24-A)"
    )
    # RRoP: seat 3 gets its chip before anyone else, out of the chips raced.
    assert run("rrop", seats, dealt) == {1: (1, 600), 2: (0, 500), 3: (1, 100)}


@pytest.mark.parametrize(
    ("seats", "cards", "message"),
    [
        (
            [RaceSeat(1, 3, 0)],
            {1: parse_cards("As Ks")},
            "seat 1 has 3 odd chips and is dealt 3 cards, not 2",
        ),
        (
            [RaceSeat(1, 1, 0), RaceSeat(2, 1, 0)],
            {1: parse_cards("As"), 2: parse_cards("As")},
            "A♠ is dealt twice",
        ),
        ([RaceSeat(1, 4, 0)], {1: parse_cards("As")}, "seat 1 has no odd chips"),
        ([RaceSeat(1, 0, 0)], {}, "seat 1 has no chips"),
        ([RaceSeat(1, 1, 0), RaceSeat(1, 1, 0)], {}, "a seat is in the race twice"),
    ],
)
def test_a_race_recorded_wrong_is_refused(
    seats: list[RaceSeat], cards: dict[int, tuple[Card, ...]], message: str
) -> None:
    with pytest.raises(RaceError, match=message):
        chip_race(seats, cards, QUARTERS, race_rules("tda-2024"))


def test_a_race_needs_no_more_cards_than_a_deck() -> None:
    nickels = ColorUp(5, 100)  # up to 19 odd chips a seat
    with pytest.raises(RaceError, match="the race needs 57 cards, more than the 52 of a deck"):
        cards_due([RaceSeat(seat, 19, 0) for seat in (1, 2, 3)], nickels)


def test_what_is_not_a_color_up() -> None:
    with pytest.raises(RaceError, match="not a whole number"):
        ColorUp(25, 110)
    with pytest.raises(RaceError, match="to a larger chip"):
        ColorUp(100, 25)
    with pytest.raises(RaceError, match='no chip race for rulebook "house"'):
        race_rules("house")


def test_found_chips_and_a_discretionary_color_up_keep_their_value() -> None:
    assert exchange_found(9, 25, 100) == (200, 25)
    assert exchange_found(3, 25, 100) == (0, 75)
    assert color_up({5: 12, 25: 1}, 5, 25) == {5: 2, 25: 3}


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[RaceSeat], ColorUp, list[Card]]:
    removed, ratio = draw(st.sampled_from([(25, 4), (5, 5), (1, 5), (100, 5), (500, 2)]))
    seat_numbers = draw(st.lists(st.integers(1, 10), min_size=1, max_size=10, unique=True))
    seats = []
    for number in seat_numbers:
        chips = draw(st.integers(0, 3 * ratio))
        other = draw(st.sampled_from([0, 0, removed * ratio, 10 * removed * ratio]))
        if chips == 0 and other == 0:
            chips = 1
        seats.append(RaceSeat(number, chips, other))
    deck = draw(st.permutations(DECK))
    return seats, ColorUp(removed, removed * ratio), list(deck)


@settings(max_examples=80, deadline=None)
@given(tables(), st.sampled_from(["tda-2024", "wsop-2024", "rrop"]), st.booleans())
def test_any_race(
    table: tuple[list[RaceSeat], ColorUp, list[Card]], book: str, one_each: bool
) -> None:
    seats, up, deck = table
    due = cards_due(seats, up)
    cards = assign_cards(due, deck[: sum(n for _, n in due)])
    rules = race_rules(book, one_chip_per_player=one_each)
    race = chip_race(seats, cards, up, rules)
    assert [s.seat for s in race.seats] == sorted(s.seat for s in seats)
    for raced in race.seats:
        assert raced.after > 0  # nobody raced out
        assert raced.after == raced.before - raced.odd * up.removed + raced.won * up.next_chip
        if one_each:
            assert raced.won <= 1
        assert raced.reason.endswith(")")
    before = sum(s.before for s in race.seats)
    after = sum(s.after for s in race.seats)
    assert after == before - race.raced + race.awarded
    odd = sum(n for _, n in due)
    raced_chips = odd // up.ratio + (2 * (odd % up.ratio) >= up.ratio and odd % up.ratio > 0)
    saved = sum(s.saved for s in race.seats)
    if rules.saved_from_the_race:
        assert race.awarded // up.next_chip == max(raced_chips, saved)
    else:
        assert race.awarded // up.next_chip == raced_chips + saved
    if one_each:
        # Every winner by the cards holds a higher card than every seat that won nothing.
        winners = [max(s.cards) for s in race.seats if s.won and not s.saved]
        losers = [max(s.cards) for s in race.seats if s.odd and not s.won]
        assert all(w > lose for w in winners for lose in losers)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([(1, 5), (5, 25), (25, 100), (100, 500), (25, 1000)]),
    st.integers(0, 50),
)
def test_found_chips_and_color_ups_at_equal_value(
    count: int, pair: tuple[int, int], others: int
) -> None:
    removed, to = pair
    kept, lost = exchange_found(count, removed, to)
    assert kept + lost == count * removed
    assert kept % to == 0
    assert 0 <= lost < to
    after = color_up({removed: count, to: others}, removed, to)
    assert sum(d * n for d, n in after.items()) == count * removed + others * to
    assert after[removed] < to // removed
