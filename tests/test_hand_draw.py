"""The draw games as hands: blinds, the draw order, the limits of each round."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.hand.drawevents import Draw, parse_draw_event
from floorman.hand.drawstate import DrawHand
from floorman.hand.events import Action, EventError, IllegalEvent, NotationError


def triple(seats: int = 4, stack: int = 500) -> DrawHand:
    """2-7 triple draw at 10-20, blinds 5 and 10, the button on the last seat."""
    return DrawHand(
        seats=dict.fromkeys(range(1, seats + 1), stack), game="triple-draw-27",
        blinds={1: 5, 2: 10}, button=seats, structure="limit", limits=(10, 20),
    )  # fmt: skip


def play(hand: DrawHand, *texts: str) -> DrawHand:
    for text in texts:
        hand.apply(parse_draw_event(text))
    return hand


def test_the_blinds_are_posted_and_the_seat_left_of_the_big_blind_opens() -> None:
    hand = play(triple(), "deal")
    assert hand.pot == 15
    assert hand.to_act == 3


def test_the_big_blind_has_its_option_when_everyone_calls() -> None:
    hand = play(triple(), "deal", "3 call", "4 call", "1 call")
    assert hand.to_act == 2
    play(hand, "2 check")
    assert hand.phase == "draw"


def test_the_draw_goes_round_from_the_first_seat_left_of_the_button() -> None:
    hand = play(triple(), "deal", "3 call", "4 fold", "1 call", "2 check")
    assert hand.to_draw == 1
    with pytest.raises(IllegalEvent, match="seat 1 draws first, not seat 3"):
        hand.apply(Draw(3, 2))
    play(hand, "1 draws 2", "2 stands pat", "3 draws 5")
    assert hand.phase == "bet"
    assert hand.to_act == 1
    assert hand.drawn == {1: [2], 2: [0], 3: [5], 4: []}


def test_no_draw_while_the_betting_is_on() -> None:
    hand = play(triple(), "deal")
    with pytest.raises(IllegalEvent, match="no draw now: the betting is on"):
        hand.apply(Draw(3, 1))


def test_triple_draw_bets_small_twice_then_big() -> None:
    hand = DrawHand(seats={1: 500, 2: 500}, game="triple-draw-27", blinds={2: 5, 1: 10},
                    button=2, structure="limit", limits=(10, 20))  # fmt: skip
    play(hand, "deal", "2 call", "1 check")  # heads-up, the button posts the small blind
    limits = []
    for _ in range(3):
        play(hand, "1 draws 1", "2 draws 1")
        limits.append(hand._limit())
        while hand.to_act is not None:
            hand.apply(Action(hand.to_act, "check"))
    assert limits == [10, 20, 20]
    assert hand.over_reason == "showdown"


def test_a_limit_round_is_a_bet_and_three_raises_the_blind_the_bet() -> None:
    hand = play(triple(), "deal", "3 raise 20", "4 raise 30", "1 raise 40")
    with pytest.raises(IllegalEvent, match="capped"):
        hand.apply(Action(2, "raise", 50))


def test_a_limit_raise_is_exactly_one_bet() -> None:
    hand = play(triple(), "deal")
    with pytest.raises(IllegalEvent, match="goes to 20, not 25"):
        hand.apply(Action(3, "raise", 25))


def no_limit() -> DrawHand:
    return DrawHand(
        seats={1: 1000, 2: 1000, 3: 1000}, game="single-draw-27", blinds={1: 5, 2: 10},
        button=3, structure="no-limit", min_bet=10, antes={2: 10},
    )  # fmt: skip


def test_no_limit_single_draw_a_raise_is_at_least_the_last_raise() -> None:
    hand = play(no_limit(), "deal", "3 raise 40")
    with pytest.raises(IllegalEvent, match="goes to 70 to 1000, not 60"):
        hand.apply(Action(1, "raise", 60))
    play(hand, "1 raise 100", "2 fold", "3 call", "1 draws 1", "3 stands pat")
    assert hand.to_act == 1
    assert hand.pot == 220


def test_the_big_blind_ante_is_dead_money_posted_first() -> None:
    hand = no_limit()
    assert hand.antes == {1: 0, 2: 10, 3: 0}
    assert hand.bets == {1: 5, 2: 10, 3: 0}


def test_the_notation_prints_back() -> None:
    for text in ("3 draws 2 Jh 4s", "3 draws 1", "5 stands pat", "show 2 7h 5d 4c 3s 2h"):
        assert str(parse_draw_event(text)) == text


@pytest.mark.parametrize("text", ["3 draws", "3 draws 6", "3 draws 2 Ah", "3 stands", "show 2"])
def test_bad_notation_names_the_event(text: str) -> None:
    with pytest.raises(NotationError, match=f'event 7 "{text}"'):
        parse_draw_event(text, 7)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_fuzz_draw_notation_reads_or_says_why(text: str) -> None:
    with contextlib.suppress(EventError):
        parse_draw_event(text, 1)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([
    "deal", "1 call", "2 call", "3 call", "1 check", "2 check", "3 check", "1 fold", "3 fold",
    "1 raise 20", "2 raise 30", "3 bet 10", "3 allin", "1 draws 2", "2 stands pat",
    "3 draws 5", "1 stands pat", "2 draws 1 Ah", "show 1 7h 5d 4c 3s 2h", "muck 2",
]), max_size=40))  # fmt: skip
def test_fuzz_draw_hands_take_or_refuse_and_keep_the_chips(texts: list[str]) -> None:
    hand = triple(seats=3, stack=60)
    for number, text in enumerate(texts, 1):
        with contextlib.suppress(EventError):
            hand.apply(parse_draw_event(text, number), number)
        assert hand.accounting_problems() == []
