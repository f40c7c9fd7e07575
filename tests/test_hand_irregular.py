"""Irregular betting in the hand state: what is recorded, what the rulings settle, the
short all-ins that reopen the betting (TDA 47 and its addendum, WSOP T 96-a), and chips
that stay accounted for whatever is recorded."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.hand.events import EventError, IllegalEvent, parse_event
from floorman.hand.state import HandState
from floorman.interchange.handfile import Hand
from floorman.rules.engine import RulesEngine
from floorman.rules.loader import load_rulebook


def play(events: str, **header: Any) -> HandState:
    values: dict[str, Any] = {"seats": {1: 100, 2: 100, 3: 100}, "button": 3}
    values.update(header)
    state = HandState(**values)
    for text in events.split(";"):
        state.apply(parse_event(text.strip()))
    return state


def test_an_undercall_waits_with_its_chips_in_front_for_the_ruling() -> None:
    s = play("deal; 3 raise 10; 1 call 4")
    assert s.irregular.pending is not None
    assert (s.irregular.pending.kind, s.to_act, s.betting.street_bets[1], s.betting.stacks[1]) == (
        "undercall",
        1,
        4,
        96,
    )
    s.irregular.settle_wager("call")
    assert (s.irregular.pending, s.to_act, s.betting.street_bets[1], s.betting.stacks[1]) == (
        None,
        2,
        10,
        90,
    )


def test_no_post_once_an_unruled_wager_is_in_front() -> None:
    s = play("deal; 4 allin", betting="limit", seats={1: 4, 2: 2, 3: 6, 4: 5}, button=1)
    assert (
        s.irregular.pending is not None
    )  # all in for 5 in limit 1-2: an overbet waiting for its ruling
    with pytest.raises(IllegalEvent, match="posts come before the first action of the hand"):
        s.apply(parse_event("post 1 straddle 3"))
    assert sum(s.betting.stacks.values()) + s.betting.pot == 17


def test_the_seat_acting_again_replaces_its_unruled_wager() -> None:
    s = play("deal; 3 raise 10; 1 call 4; 1 fold")
    assert (s.betting.street_bets[1], s.betting.stacks[1], s.to_act) == (1, 99, 2)


def test_a_forfeited_undercall_stays_in_the_pot() -> None:
    s = play("deal; 3 call; 1 call; 2 check; burn; flop Ah Kd 7c; 1 bet 10; 2 call 4")
    s.irregular.settle_wager("forfeit-fold")
    assert (s.betting.contributed[2], s.betting.stacks[2], 2 in s.betting.folded) == (6, 94, True)


def test_a_forfeit_keeps_the_chips_that_call_an_earlier_bet() -> None:
    # TDA 51 addendum example 4: the chips over the earlier bet they call go back.
    s = play("deal; 3 raise 10; 1 call 4")
    assert s.irregular.forfeit_level(1, 4) == 2
    s.irregular.settle_wager("forfeit-fold")
    assert (s.betting.contributed[1], s.betting.stacks[1], 1 in s.betting.folded) == (2, 98, True)


def test_an_action_out_of_turn_moves_no_chips_until_it_stands() -> None:
    s = play("deal; 1 raise 10")
    assert (s.betting.street_bets[1], s.to_act, s.irregular.held[1].verb) == (1, 3, "raise")
    s.irregular.hold_out_of_turn(1, "unless-raised")
    s.apply(parse_event("3 call"))
    assert (s.betting.street_bets[1], s.to_act) == (10, 2)


def test_what_cannot_be_is_still_refused() -> None:
    s = play("deal")
    for text, reason in [
        ("3 chips 500", "seat 3 has only 100 (100 behind)"),
        ("3 says raise 500", "seat 3 has only 100 (100 behind)"),
        ("9 chips 5", "seat 9 is not at the table (seats 1, 2, 3)"),
        ("3 string 10 5", "a string bet goes from 0 in front, up in two motions"),
        ("1 string 4 8", "seat 3 is to act, not seat 1"),
    ]:
        before = s.snapshot()
        with pytest.raises(IllegalEvent) as error:
            s.apply(parse_event(text))
        assert error.value.reason == reason
        assert s.snapshot() == before


def test_chips_must_be_in_play_when_the_header_names_them() -> None:
    s = play("deal", chip_values=(1, 5, 25))
    with pytest.raises(IllegalEvent) as error:
        s.apply(parse_event("3 chips 100"))
    assert error.value.reason == "there is no 100 chip in play (chips: 1, 5, 25)"


# --- TDA 47 and its addendum: short all-ins that add up to a full raise ---------------

FIVE = {1: 10000, 2: 10000, 3: 10000, 4: 225, 5: 10000, 6: 300, 7: 10000}


def addendum_47(extra: str = "") -> HandState:
    """NLHE 50-100. Post-flop A opens for 100, B is all in for 125, C calls 125, D is all
    in for 200, E calls 200 (A = seat 3, B = 4, C = 5, D = 6, E = 7)."""
    preflop = "deal; 3 call; 4 call; 5 call; 6 call; 7 call; 1 fold; 2 fold; flop 9h 8h 2c"
    flop = "; 3 bet 100; 4 allin; 5 call; 6 allin; 7 call"
    return play(preflop + flop + extra, seats=FIVE, button=7, blinds=(50, 100))


def test_addendum_47_example_1_two_short_all_ins_reopen_the_betting() -> None:
    s = addendum_47()
    assert s.to_act == 3
    assert s.betting.options(3) == ("fold", "call 100", "raise 300..9900")


def test_addendum_47_example_1a_a_smooth_call_leaves_c_only_call_or_fold() -> None:
    s = addendum_47("; 3 call")
    assert s.to_act == 5
    assert s.betting.options(5) == ("fold", "call 75")
    with pytest.raises(IllegalEvent, match="did not reopen the betting"):
        s.apply(parse_event("5 raise 400"))


def test_addendum_47_example_1b_a_full_raise_reopens_it_for_c() -> None:
    s = addendum_47("; 3 raise 300")
    assert s.betting.options(5) == ("fold", "call 175", "raise 400..9900")


def test_addendum_47_example_2_the_minimum_raise_is_the_last_full_bet() -> None:
    seats = {1: 10000, 2: 10000, 3: 10000, 4: 600, 5: 750, 6: 900, 7: 10000, 8: 10000}
    preflop = "deal; 3 call; 4 call; 5 call; 6 call; 7 call; 8 call; 1 fold; 2 fold"
    s = play(
        preflop + "; flop 9h 8h 2c; 3 bet 300; 4 allin; 5 allin; 6 allin; 7 call",
        seats=seats, button=8, blinds=(50, 100),
    )  # fmt: skip
    assert s.betting.options(8) == ("fold", "call 800", "raise 1100..9900")


def test_addendum_47_example_3_the_big_blind_reopens_for_the_limper() -> None:
    seats = {1: 100000, 2: 100000, 3: 100000, 4: 100000, 5: 7500}
    start = "deal; 3 call; 4 fold; 5 allin; 1 fold"
    s = play(start, seats=seats, button=5, blinds=(2000, 4000))
    assert s.betting.options(2) == ("fold", "call 3500", "raise 11500..100000")
    smooth = play(start + "; 2 call", seats=seats, button=5, blinds=(2000, 4000))
    assert smooth.betting.options(3) == ("fold", "call 3500")
    raised = play(start + "; 2 raise 11500", seats=seats, button=5, blinds=(2000, 4000))
    assert raised.betting.options(3) == ("fold", "call 7500", "raise 15500..100000")


def test_wsop_96a_consecutive_short_all_ins_reopen_for_the_earlier_callers() -> None:
    # A bets 500, B raises to 1000, C calls, D is all in for 1300, E for 1700; A calls:
    # B and C may raise, at least 500 more, to 2200.
    seats = {1: 10000, 2: 10000, 3: 10000, 4: 10000, 5: 1400, 6: 1800, 7: 10000}
    preflop = "deal; 3 call; 4 call; 5 call; 6 call; 7 fold; 1 fold; 2 check"
    flop = "; flop 9h 8h 2c; 2 bet 500; 3 raise 1000; 4 call; 5 allin; 6 allin; 2 call"
    s = play(preflop + flop, seats=seats, button=7, blinds=(50, 100))
    assert s.betting.options(3) == ("fold", "call 700", "raise 2200..9900")


# --- every chip accounted for, whatever is recorded ------------------------------------

VERBS = [
    "fold", "check", "call", "bet", "raise", "allin", "chips", "says", "string", "motion",
    "kill", "retrieve", "pullback", "prior",
]  # fmt: skip


@st.composite
def betting_text(draw: st.DrawFn, state: HandState) -> str:
    seats = list(state.table.seats)
    seat = (
        state.to_act if state.to_act and draw(st.integers(0, 3)) else draw(st.sampled_from(seats))
    )
    verb = draw(st.sampled_from(VERBS))
    amount = draw(st.integers(1, 260))
    if verb in ("bet", "raise"):
        return f"{seat} {verb} {amount}"
    if verb == "call":
        return f"{seat} call" + (f" {amount}" if draw(st.booleans()) else "")
    if verb == "chips":
        chips = draw(st.lists(st.sampled_from([1, 5, 25, 100]), min_size=1, max_size=4))
        return f"{seat} chips {'+'.join(map(str, chips))}"
    if verb == "says":
        word = draw(st.sampled_from(["fold", "check", "call", "bet", "raise", "allin", "pot", ""]))
        said = f"{word} {amount}" if word in ("bet", "raise") and draw(st.booleans()) else word
        if not said and draw(st.booleans()):  # an amount that can mean more than one
            said = f"{amount}|{amount * 10}"
        elif word and draw(st.integers(0, 3)) == 0:  # a conditional statement
            said = f"if {draw(st.sampled_from(['bet', 'check']))} then {said}"
        return f"{seat} says {said or amount}"
    if verb == "string":
        return f"{seat} string {amount} {amount + draw(st.integers(1, 50))}"
    if verb == "motion":
        return f"{seat} motion"
    if verb == "pullback":
        return f"{seat} pullback" + (" 1" if draw(st.booleans()) else "")
    if verb == "prior":
        chips = draw(st.lists(st.sampled_from([5, 25, 100]), min_size=1, max_size=2))
        return f"{seat} prior {'+'.join(map(str, chips))}"
    if verb in ("kill", "retrieve"):
        return f"{verb} {seat}"
    return f"{seat} {verb}"


@settings(max_examples=30, deadline=None)
@given(st.data(), st.sampled_from(["rrop", "tda-2024", "wsop-2024"]),
       st.sampled_from(["no-limit", "pot-limit", "limit"]))  # fmt: skip
def test_any_betting_events_keep_every_chip_and_never_crash(
    data: st.DataObject, book: str, betting: str
) -> None:
    hand = Hand.model_validate({
        "betting": betting, "blinds": [1, 2], "button": 4, "chips": [1, 5, 25, 100],
        "seats": {1: 200, 2: 150, 3: 60, 4: 250}, "rulebook": book, "events": ["deal"],
    })  # fmt: skip
    rulebook = load_rulebook(book)
    engine = RulesEngine(rulebook, "holdem")
    state = hand.start(rulebook.options)
    total = sum(hand.seats.values())
    boards = iter(["flop 2c 3d 4h", "turn 5s", "river 9d"])
    number = 0
    for _ in range(30):
        if state.over:
            break
        if state.betting.betting_complete:
            text = next(boards, "river 9d")
        else:
            text = data.draw(betting_text(state))
        number += 1
        before = state.copy().snapshot()
        try:
            engine.process(state, parse_event(text), number)
        except EventError:
            assert state.snapshot() == before
            number -= 1
        assert sum(state.betting.stacks.values()) + state.betting.pot == total
        assert state.accounting_problems() == []
        assert all(v >= 0 for v in state.betting.stacks.values())
    with contextlib.suppress(EventError):
        engine.process(state, parse_event("note end"), number + 1)


def test_a_seat_limited_by_a_ruling_is_offered_no_bet_or_raise() -> None:
    s = play("deal; 3 raise 10")
    assert s.betting.options(1) == ("fold", "call 9", "raise 18..100")
    s.irregular.restrict(1, 2)
    assert s.betting.options(1) == ("fold", "call 9")


def test_a_copy_resolves_its_own_held_actions() -> None:
    s = play("deal; 1 raise 10")
    s.irregular.hold_out_of_turn(1, "unless-raised")
    c = s.copy()
    assert c.irregular.betting is c.betting
    assert c.betting.irregular is c.irregular
    c.apply(parse_event("3 call"))
    assert (c.betting.street_bets[1], c.to_act, c.irregular.held) == (10, 2, {})
    assert (s.betting.street_bets[1], s.to_act, list(s.irregular.held)) == (1, 3, [1])


def test_a_limit_for_the_round_outlasts_the_turn_and_ends_with_the_round() -> None:
    # TDA 53-B: a skipped player limited to non-aggressive action stays limited when the
    # action comes back to it on the same round; a check out of turn limits one turn.
    s = play("deal")
    s.irregular.restrict(3, 1, for_round=True)
    s.irregular.restrict(1, 1)
    assert s.betting.options(3) == ("fold", "call 2")
    s.apply(parse_event("3 call"))
    assert s.betting.options(1) == ("fold", "call 1")
    s.apply(parse_event("1 call"))
    s.apply(parse_event("2 raise 6"))
    assert s.betting.options(3) == ("fold", "call 4")
    s.apply(parse_event("3 call"))
    assert s.betting.options(1)[-1].startswith("raise ")
    for text in ("1 call", "burn", "flop Ah Kd 7c", "1 check", "2 check"):
        s.apply(parse_event(text))
    assert s.irregular.limited == {}
    assert s.betting.options(3)[-1].startswith("bet ")


def test_an_undercall_held_to_a_call_can_be_reopened_until_someone_acts() -> None:
    s = play("deal; 3 raise 10; 1 call 4")
    s.irregular.settle_wager("call")
    assert (s.betting.street_bets[1], s.to_act) == (10, 2)
    assert s.irregular.bound_call(1) is not None
    assert s.irregular.bound_call(2) is None
    twin = s.copy()
    s.apply(parse_event("2 fold"))
    assert s.irregular.bound_call(1) is None
    twin.reopen_call(1, 4)
    pending = twin.irregular.pending
    assert pending is not None
    assert (pending.kind, pending.total) == ("undercall", 4)
    assert (twin.to_act, twin.betting.street_bets[1], twin.ledger.event_count) == (1, 4, 4)
    twin.irregular.settle_wager("take-back")
    assert (twin.to_act, twin.betting.street_bets[1], twin.irregular.bound) == (1, 1, None)
    assert twin.betting.options(1) == ("fold", "call 9", "raise 18..100")


def test_a_snapshot_puts_back_a_pending_wager_and_what_was_held() -> None:
    s = play("deal; 3 raise 10; 2 call; 1 call 4")
    saved = s.irregular.snapshot()
    assert (saved.pending is not None, list(saved.held)) == (True, [2])
    s.irregular.hold_out_of_turn(2, None)
    s.irregular.restrict(1, 4)
    s.irregular.restore(saved)
    assert s.irregular.snapshot() == saved
    assert s.irregular.pending is not None
    assert s.irregular.pending.kind == "undercall"
    assert (list(s.irregular.held), s.irregular.restricted) == ([2], {})
