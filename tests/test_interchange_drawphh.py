"""PHH draw hands: the WSOP's F2L3D and N2L1D hands replay to the chip, and random legal
hands pokerkit plays replay to pokerkit's stacks."""

from __future__ import annotations

import importlib.util
import random
import re
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phhdata import phh_dir
from studdrawphh import (
    pokerkit_automations,
    pokerkit_phh,
    shuffled_by,
    variant_counts,
    wsop_hands,
)

from floorman.interchange.audit import Outcome, audit_phh
from floorman.interchange.phh import read_phh
from floorman.interchange.phh.drawimport import DRAW_VARIANTS, import_draw_phh

HAS_27 = importlib.util.find_spec("floorman.showdown.lowball") is not None


FILES = wsop_hands(*DRAW_VARIANTS)


def test_the_wsop_data_set_has_its_fourteen_draw_hands() -> None:
    if phh_dir() is None:
        pytest.skip("no PHH data set (set FLOORMAN_PHH_DIR)")
    assert variant_counts(FILES) == {"F2L3D": 7, "N2L1D": 7}


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_wsop_draw_hand_replays_to_the_chip(path: Path) -> None:
    text = path.read_text()
    if not HAS_27:
        state = import_draw_phh(read_phh(text, str(path)), str(path)).state
        if state.over_reason == "showdown":
            pytest.skip("2-7 is read with the deuce-to-seven evaluator")
    outcome = audit_phh(text, str(path))
    assert (outcome.status, outcome.detail) == ("matched", "")


def test_a_wsop_triple_draw_hand_reads_as_floorman_notation() -> None:
    chosen = next((p for p in FILES if "'p2 sd AsKs'" in p.read_text()), None)
    if chosen is None:
        pytest.skip("no PHH data set (set FLOORMAN_PHH_DIR)")
    events = import_draw_phh(read_phh(chosen.read_text(), str(chosen))).events_text()
    assert "2 draws 2 Jh 4s" in events
    assert events[events.index("2 draws 2 Jh 4s") + 1] == "cards 2 8s 5h 4c Jh 4s"
    assert "5 draws 1 3s" in events


# ---------------------------------------------------------------- pokerkit, side by side


def pokerkit_hand(variant: str, seed: int) -> str:
    """A random legal hand pokerkit plays, as PHH with pokerkit's finishing stacks."""
    import pokerkit

    rng = random.Random(seed)
    automations = pokerkit_automations()
    players = rng.randint(2, 6)
    stacks = [rng.choice([30, 60, 150, 400, 1000]) for _ in range(players)]
    if variant == "F2L3D":
        game = pokerkit.FixedLimitDeuceToSevenLowballTripleDraw(
            automations, True, 0, (5, 10), 10, 20
        )
    else:
        game = pokerkit.NoLimitDeuceToSevenLowballSingleDraw(automations, True, 0, (5, 10), 10)
    state = game(stacks, players)
    while state.status:
        if state.can_stand_pat_or_discard():
            hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, 3)))
            continue
        if state.can_complete_bet_or_raise_to() and rng.random() < 0.3:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(rng.randint(low, high))
        elif state.can_fold() and rng.random() < 0.3:
            state.fold()
        else:
            state.check_or_call()
    return pokerkit_phh(game, state)


FAILED = re.compile(r'action (\d+) "p(\d+) cbr (\d+)": (.*)')
DEALT_AGAIN = re.compile(r'action (\d+) "d dh p(\d+) \w+": (\w\w) is in another hand')
BETTING = re.compile(r"^p\d+ (cc|cbr|f)\b")


def explain_deviation(variant: str, text: str, outcome: Outcome) -> None:
    """A hand that does not match pokerkit is one of pokerkit's named departures from
    the books, and pokerkit's action is what that departure gives, or the test fails."""
    assert outcome.status == "failed", outcome.detail
    data = read_phh(text, "random.phh")
    again = DEALT_AGAIN.search(outcome.detail)
    if again is not None:
        # The stub ran out: pokerkit deals a card discarded in the draw in progress,
        # still in the hand of a seat that has not drawn yet.
        number, seat, card = int(again[1]), int(again[2]), again[3]
        before = data["actions"][: number - 1]
        opened = max(i for i, action in enumerate(before) if BETTING.match(action))
        discarded = {
            chunk
            for action in before[opened + 1 :]
            if " sd " in action and not action.startswith(f"p{seat} ")
            for chunk in re.findall(r"\w\w", action.split()[2])
        }
        assert card in discarded, outcome.detail
        return
    found = FAILED.search(outcome.detail)
    assert found is not None, outcome.detail
    number, seat, total, reason = int(found[1]), int(found[2]), int(found[3]), found[4]
    data["actions"] = data["actions"][: number - 1]
    state = import_draw_phh(data, "random.phh").state
    if "capped" in reason:
        assert variant == "F2L3D"
        assert state.round_index == 0
        assert state.wagers == 4  # the big blind and three raises
        return
    assert state.current_bet > state.full_level  # a short all-in is in force
    if "did not reopen" in reason:
        assert seat in state.closed  # the seat had acted before the short all-in
    else:
        assert variant == "F2L3D"
    if variant == "F2L3D":
        everything = state.bets[seat] + state.stacks[seat]
        assert total == min(state.current_bet + state._limit(), everything)


@pytest.mark.parametrize("variant", list(DRAW_VARIANTS))
@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_random_pokerkit_draw_hands_replay_to_its_stacks(variant: str, seed: int) -> None:
    """Every hand matches pokerkit to the chip but where pokerkit deviates from the books:
    in limit it allows a fourth raise over the big blind (the blind is the round's bet,
    and a bet and three raises are the cap: RRoP "Betting and Raising" 3, as floorman's
    hold'em counts it); after an all-in raise of less than half a bet it raises from
    the all-in, where the next player completes the wager (RRoP "Betting and Raising" 5);
    after a short all-in it lets a player who had acted raise, for whom the betting is
    not reopened (RRoP "Betting and Raising" 5, TDA 47, WSOP LA 129); and when the stub
    runs out it deals the discards of the draw in progress (WSOP LA Section X, Lowball:
    "the dealer will not use the discards from the round in progress")."""
    with warnings.catch_warnings(), shuffled_by(seed):
        warnings.simplefilter("ignore")
        text = pokerkit_hand(variant, seed)
    outcome = audit_phh(text, "random.phh")
    if not HAS_27 and "evaluator" in outcome.detail:
        return
    if outcome.status != "matched":
        explain_deviation(variant, text, outcome)
