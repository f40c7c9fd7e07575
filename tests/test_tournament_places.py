"""Finishing places of busts in one hand, and what those places pay, as each book gives
them."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.payouts import payout_table
from floorman.tournament.places import (
    Bust,
    PlaceError,
    finishing_places,
    pay,
    place_rules,
)

TABLE = payout_table(10_000, ["40", "25", "15", "12", "8"])  # 4000 2500 1500 1200 800


def placed(
    players_left: int, busts: list[Bust], book: str, *, h4h: bool = False
) -> list[tuple[str, tuple[int, ...]]]:
    return [
        (f.player, f.places)
        for f in finishing_places(players_left, busts, place_rules(book), hand_for_hand=h4h)
    ]


def test_alone_takes_the_last_place_open() -> None:
    (finish,) = finishing_places(7, [Bust("Ann", 300, 1)], place_rules("tda-2024"))
    assert (finish.places, finish.shown(), finish.reason) == (
        (7,),
        "7th",
        "out alone: the last place open",
    )


@pytest.mark.parametrize("book", ["rrop", "tda-2024", "wsop-2024"])
def test_two_out_in_one_hand_the_larger_starting_stack_finishes_higher(book: str) -> None:
    busts = [Bust("Ann", 4000, 1), Bust("Bo", 9000, 1)]
    assert placed(5, busts, book) == [("Bo", (4,)), ("Ann", (5,))]
    finishes = finishing_places(5, busts, place_rules(book))
    assert pay(finishes, TABLE) == {"Bo": 1200, "Ann": 800}
    cite = {"rrop": "RRoP §15 rule 35", "tda-2024": "house option", "wsop-2024": "WSOP T 126-b"}
    assert cite[book] in finishes[0].reason
    assert finishes[0].reason.startswith("began the hand with 9,000")


def test_equal_starting_stacks_share_the_places() -> None:
    busts = [Bust("Ann", 4000, 1), Bust("Bo", 4000, 1), Bust("Cy", 6000, 1)]
    finishes = finishing_places(5, busts, place_rules("rrop"))
    assert [(f.player, f.places) for f in finishes] == [
        ("Cy", (3,)),
        ("Ann", (4, 5)),
        ("Bo", (4, 5)),
    ]
    assert finishes[1].shown() == "tied for 4th to 5th"
    assert finishes[1].tied_with == ("Bo",)
    assert "no book separates them" in finishes[1].reason
    assert pay(finishes, TABLE) == {"Cy": 1500, "Ann": 1000, "Bo": 1000}


def test_hand_for_hand_under_tda_every_bust_of_the_hand_shares() -> None:
    # RP-8-A's example, at 7 paid: 9 left, 3 bust in the hand, all share 7th place.
    table = payout_table(10_000, ["30", "20", "15", "12", "10", "8", "5"])
    busts = [Bust("Ann", 100, 1), Bust("Bo", 900, 2), Bust("Cy", 500, 2)]
    finishes = finishing_places(9, busts, place_rules("tda-2024"), hand_for_hand=True)
    assert {f.places for f in finishes} == {(7, 8, 9)}
    assert {f.share(table) for f in finishes} == {Fraction(500, 3)}
    assert pay(finishes, table) == {"Ann": 167, "Bo": 167, "Cy": 166}
    assert all("TDA 2024 RP-8-A" in f.reason for f in finishes)


def test_hand_for_hand_under_wsop_tables_tie_and_one_table_goes_by_stack() -> None:
    busts = [Bust("Ann", 100, 1), Bust("Bo", 900, 2), Bust("Cy", 500, 2)]
    assert placed(9, busts, "wsop-2024", h4h=True) == [
        ("Ann", (7, 8)),
        ("Bo", (7, 8)),
        ("Cy", (9,)),
    ]
    assert placed(9, busts[1:], "wsop-2024", h4h=True) == [("Bo", (8,)), ("Cy", (9,))]


def test_busts_that_cannot_be_placed() -> None:
    rules = place_rules("rrop")
    with pytest.raises(PlaceError, match="out twice"):
        finishing_places(5, [Bust("Ann", 1, 1), Bust("Ann", 2, 1)], rules)
    with pytest.raises(PlaceError, match="the winner holds the chips"):
        finishing_places(2, [Bust("Ann", 1, 1), Bust("Bo", 2, 1)], rules)
    with pytest.raises(PlaceError, match="only hand-for-hand"):
        finishing_places(5, [Bust("Ann", 1, 1), Bust("Bo", 2, 2)], rules)
    with pytest.raises(PlaceError, match='rulebook "club"'):
        place_rules("club")


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[int, list[list[Bust]], bool]:
    """Busts hand by hand from a field down to one winner."""
    left = draw(st.integers(2, 40))
    hands: list[list[Bust]] = []
    names = iter(range(1000))
    while left > 1:
        out = draw(st.integers(1, min(4, left - 1)))
        hands.append(
            [
                Bust(f"p{next(names)}", draw(st.integers(1, 5)) * 100, draw(st.integers(1, 3)))
                for _ in range(out)
            ]
        )
        left -= out
    return sum(len(h) for h in hands) + 1, hands, draw(st.booleans())


@settings(max_examples=80, deadline=None)
@given(
    tournaments(),
    st.sampled_from(["rrop", "tda-2024", "wsop-2024"]),
    st.sampled_from([1, 5, 100]),
)
def test_every_place_filled_once_and_the_pool_paid_exactly(
    tournament: tuple[int, list[list[Bust]], bool], book: str, unit: int
) -> None:
    field, hands, h4h = tournament
    paid_places = max(1, field // 3)
    weights = list(range(paid_places, 0, -1))
    table = payout_table(100_000, [Fraction(100 * w, sum(weights)) for w in weights], unit=unit)
    left = field
    taken: list[int] = []
    total = 0
    for busts in hands:
        if not h4h:
            busts = [Bust(b.player, b.starting_stack, 1) for b in busts]
        finishes = finishing_places(left, busts, place_rules(book), hand_for_hand=h4h)
        this_hand = sorted({p for f in finishes for p in f.places})
        assert this_hand == list(range(left - len(busts) + 1, left + 1))
        assert sorted(f.place for f in finishes)[0] == this_hand[0]
        taken.extend(this_hand)
        shares = pay(finishes, table)
        assert sum(shares.values()) == sum(
            table.pays(p) for p in range(left - len(busts) + 1, left + 1)
        )
        for f in finishes:
            assert abs(shares[f.player] - f.share(table)) <= unit
        if not h4h:
            stacks = {b.player: b.starting_stack for b in busts}
            for f in finishes:
                for g in finishes:
                    if stacks[f.player] > stacks[g.player]:
                        assert f.place < g.place
        total += sum(shares.values())
        left -= len(busts)
    assert sorted(taken) == list(range(2, field + 1))
    assert total + table.pays(1) == 100_000
