"""The chips that follow a complete verbal declaration in the hand state: the
declaration's own chips (RRoP §14 No-Limit 5, TDA 40-A), no action of their own."""

from __future__ import annotations

import pytest
from test_hand_irregular import play

from floorman.hand.events import IllegalEvent, parse_event


def test_the_chips_of_a_call_move_nothing_more() -> None:
    s = play("deal; 3 says call")
    assert (s.to_act, s.irregular.declared) == (1, {3: (2, 0)})
    before = s.snapshot()
    s.apply(parse_event("3 chips 1+1"))
    assert (s.to_act, s.betting.street_bets[3], s.betting.stacks[3]) == (1, 2, 98)
    assert s.irregular.declared == {}
    assert not s.irregular.held
    s.restore(before)
    assert s.irregular.declared == {3: (2, 0)}


def test_chips_beyond_what_the_seat_had_are_refused() -> None:
    s = play("deal; 3 says raise 60")
    with pytest.raises(IllegalEvent, match="seat 3 had 100 when it spoke at event 2, not 101"):
        s.apply(parse_event("3 chips 100+1"))
    assert s.irregular.declared == {3: (2, 0)}


def test_a_fold_or_check_said_leaves_no_chips_to_follow() -> None:
    assert play("deal; 3 says fold").irregular.declared == {}
    assert play("deal; 3 call; 1 call; 2 says check").irregular.declared == {}


def test_the_declaration_is_forgotten_when_its_seat_acts_again_or_the_round_ends() -> None:
    s = play("deal; 3 says call; 1 raise 6")
    assert 3 in s.irregular.declared
    s.apply(parse_event("2 fold"))
    assert s.to_act == 3
    assert s.irregular.declared == {}
    s = play("deal; 3 says call; 1 call; 2 check; burn; flop Ah Kd 7c")
    assert s.irregular.declared == {}
    held = play("deal; 1 says call")
    assert held.irregular.declared == {}
    assert 1 in held.irregular.held
