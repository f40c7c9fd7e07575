"""Dealing a worked example again: new seats, stacks and cards, the same situation."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards import DECK
from floorman.drills.variation import TABLE_SEATS, Reseat, replay, ruling_signature
from floorman.hand.table import Table
from floorman.interchange.handfile import Hand
from floorman.rules.examples import rule_hand
from floorman.rules.loader import load_rulebook

RROP = load_rulebook("rrop")

PREMATURE_TURN = Hand.model_validate(
    {
        "button": 3,
        "seats": {1: 100, 2: 100, 3: 100},
        "events": [
            "deal", "3 call", "1 call", "2 check", "burn", "flop Ah Kd 7c", "1 check",
            "burn", "turn 2s", "2 check", "3 check", "burn", "turn 9h", "1 check", "2 check",
            "3 check", "reshuffle", "cut", "river 2s",
        ],
    }
)  # fmt: skip

SHOWDOWN = Hand.model_validate(
    {
        "game": "omaha-hilo",
        "button": 3,
        "seats": {1: 100, 2: 100, 3: 100},
        "events": [
            "deal", "3 call", "1 call", "2 check", "burn", "flop Ah Kh Qd", "1 check",
            "2 check", "3 check", "burn", "turn Jc", "1 check", "2 check", "3 check", "burn",
            "river 9s", "1 check", "2 check", "3 check", "show 1 As Ks 2c 3c",
        ],
    }
)  # fmt: skip


def test_the_hand_as_it_is_rules_as_the_rulebook_does() -> None:
    dealt = replay(PREMATURE_TURN, RROP, Reseat.same(PREMATURE_TURN))
    assert dealt is not None
    ruled = rule_hand(PREMATURE_TURN, RROP)
    assert dealt.rulings == ruled.rulings
    assert dealt.violations == ruled.violations
    assert dealt.numbers == list(range(1, len(PREMATURE_TURN.events) + 1))
    assert dealt.hand == PREMATURE_TURN
    assert dealt.lines[8] == "Turn: 2♠"
    assert ruling_signature(dealt, 9) == (
        "rrop.holdem.premature-turn",
        "continue",
        ("set-aside", "complete-betting", "burn", "reshuffle", "cut", "deal-without-burn"),
    )


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 5))
def test_a_new_table_keeps_who_sits_where_round_the_button(seed: int, extra: int) -> None:
    reseat = Reseat.draw(PREMATURE_TURN, Random(seed), extra_seats=extra)
    old = Table((1, 2, 3), 3)
    new = Table(tuple({**reseat.stacks, **reseat.added}), reseat.button)
    assert len(new.seats) == 3 + min(extra, TABLE_SEATS - 3)
    assert all(1 <= seat <= TABLE_SEATS for seat in new.seats)
    assert new.blind_seats == tuple(reseat.seats[seat] for seat in old.blind_seats)
    assert reseat.button == reseat.seats[3]
    kept = [seat for seat in new.deal_order if seat not in reseat.added]
    assert kept == [reseat.seats[seat] for seat in old.deal_order]
    added_at = [new.deal_order.index(seat) for seat in reseat.added]
    assert sorted(added_at) == list(range(2, 2 + len(reseat.added)))
    assert all(reseat.stacks[reseat.seats[seat]] >= 100 for seat in (1, 2, 3))
    assert sorted(reseat.cards.values()) == sorted(DECK)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_hand_read_at_a_showdown_only_has_its_suits_swapped(seed: int) -> None:
    reseat = Reseat.draw(SHOWDOWN, Random(seed))
    assert all(new.rank == old.rank for old, new in reseat.cards.items())
    suits = {old.suit: new.suit for old, new in reseat.cards.items()}
    assert sorted(suits.values()) == sorted("cdhs")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 3))
def test_added_players_fold_before_the_first_player_of_the_example_acts(
    seed: int, extra: int
) -> None:
    reseat = Reseat.draw(PREMATURE_TURN, Random(seed), extra_seats=extra)
    dealt = replay(PREMATURE_TURN, RROP, reseat)
    assert dealt is not None
    events = dealt.hand.events
    assert events[1 : 1 + len(reseat.added)] == [
        f"{seat} fold"
        for seat in Table(tuple(dealt.hand.seats), dealt.hand.button).deal_order
        if seat in reseat.added
    ]
    assert dealt.numbers[0] == 1
    assert dealt.numbers[1] == 2 + len(reseat.added)
    assert len(events) == len(PREMATURE_TURN.events) + len(reseat.added)
    assert ruling_signature(dealt, 9) == ruling_signature(
        replay(PREMATURE_TURN, RROP, Reseat.same(PREMATURE_TURN)),  # type: ignore[arg-type]
        9,
    )


def test_a_card_named_twice_is_the_same_new_card_both_times() -> None:
    reseat = Reseat.draw(PREMATURE_TURN, Random(5), any_cards=True)
    dealt = replay(PREMATURE_TURN, RROP, reseat)
    assert dealt is not None
    turn = next(e for e in dealt.hand.events if e.startswith("turn "))
    river = next(e for e in dealt.hand.events if e.startswith("river "))
    assert turn.split()[1] == river.split()[1]
    assert turn != "turn 2s"


def test_a_heads_up_hand_gets_no_more_players() -> None:
    hand = Hand.model_validate({"button": 1, "seats": {1: 50, 2: 50}, "events": ["deal"]})
    for seed in range(20):
        reseat = Reseat.draw(hand, Random(seed), extra_seats=3)
        assert not reseat.added
        assert Table(tuple(reseat.stacks), reseat.button).heads_up


def test_a_hand_that_cannot_be_played_at_the_new_table_is_none() -> None:
    hand = Hand.model_validate(
        {"button": 3, "seats": {1: 100, 2: 100, 3: 100}, "events": ["deal", "3 raise 500"]}
    )
    assert replay(hand, RROP, Reseat.same(hand)) is None


def test_a_new_table_leaves_to_the_rulebook_what_the_example_left_to_it() -> None:
    limit = Hand.model_validate(
        {"betting": "limit", "button": 3, "seats": {1: 100, 2: 100, 3: 100}}
    )
    header = Reseat.draw(limit, Random(5)).header(limit)
    assert "limit_raise_cap" not in header
    assert header["betting"] == "limit"
