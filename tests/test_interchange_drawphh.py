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
from studdrawphh import pokerkit_automations, pokerkit_phh, variant_counts, wsop_hands

from floorman.interchange.audit import audit_phh
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


FAILED = re.compile(r'action (\d+) "p\d+ cbr (\d+)": (.*)')


@pytest.mark.parametrize("variant", list(DRAW_VARIANTS))
@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_random_pokerkit_draw_hands_replay_to_its_stacks(variant: str, seed: int) -> None:
    """Every hand matches pokerkit to the chip but where pokerkit deviates from the books:
    in limit it allows a fourth raise over the big blind (the blind is the round's bet,
    and a bet and three raises are the cap: RRoP "Betting and Raising" 3, as floorman's
    hold'em counts it), and after an all-in raise of less than half a bet it raises from
    the all-in, where the next player completes the wager (RRoP "Betting and Raising" 5)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = pokerkit_hand(variant, seed)
    outcome = audit_phh(text, "random.phh")
    if not HAS_27 and "evaluator" in outcome.detail:
        return
    if outcome.status == "failed":
        found = FAILED.search(outcome.detail)
        assert found is not None, outcome.detail
        number, total, reason = int(found[1]), int(found[2]), found[3]
        data = read_phh(text, "random.phh")
        data["actions"] = data["actions"][: number - 1]
        before = import_draw_phh(data, "random.phh").state
        assert variant == "F2L3D"
        if "capped" in reason:
            assert before.round_index == 0
            assert before.wagers == 4  # the big blind and three raises
        else:
            assert before.current_bet > before.full_level  # a short all-in is in force
            assert total == before.current_bet + before._limit()
        return
    assert (outcome.status, outcome.detail) == ("matched", "")
