"""PHH stud hands: the WSOP's F7S, F7S/8 and FR hands replay to the chip, ``floorman
import`` writes them as stud hand files ``floorman check`` settles, and random legal
hands pokerkit plays replay to pokerkit's stacks."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import subprocess
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
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

from floorman.cards import Card
from floorman.hand.studstate import StudHand
from floorman.interchange.audit import Outcome, audit_phh
from floorman.interchange.phh import PhhError, read_phh
from floorman.interchange.phh.studimport import STUD_VARIANTS, import_stud_phh
from floorman.showdown.evaluation import high_value, low_value
from floorman.showdown.pots import build_pots
from floorman.showdown.studsettle import settle_stud

HAS_A5 = importlib.util.find_spec("floorman.showdown.lowball") is not None


FILES = wsop_hands(*STUD_VARIANTS)


def test_the_wsop_data_set_has_its_thirty_stud_hands() -> None:
    if phh_dir() is None:
        pytest.skip("no PHH data set (set FLOORMAN_PHH_DIR)")
    assert variant_counts(FILES) == {"F7S": 13, "F7S/8": 7, "FR": 10}


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_wsop_stud_hand_replays_to_the_chip(path: Path) -> None:
    text = path.read_text()
    data = read_phh(text, str(path))
    if data["variant"] == "FR" and not HAS_A5 and " sm " in text and "sm']" not in text:
        imported = import_stud_phh(data, str(path))
        if imported.state.over_reason == "showdown":
            pytest.skip("razz is read with the ace-to-five low evaluator")
    outcome = audit_phh(text, str(path))
    assert (outcome.status, outcome.detail) == ("matched", "")


def test_both_books_odd_chip_readings_agree_on_the_wsop_hands() -> None:
    """No WSOP stud pot was split between tied hands: both readings give the same chips."""
    for path in FILES:
        data = read_phh(path.read_text(), str(path))
        state = import_stud_phh(data, str(path)).state
        if data["variant"] == "FR" and not HAS_A5 and state.over_reason == "showdown":
            continue
        rrop, tda = settle_stud(state, None, "all-cards"), settle_stud(state, None, "five-cards")
        assert rrop is not None
        assert tda is not None
        assert rrop.stacks == tda.stacks


def test_import_writes_a_stud_hand_file_check_settles(tmp_path: Path) -> None:
    chosen = next((p for p in FILES if "variant = 'F7S/8'" in p.read_text()), None)
    if chosen is None:
        pytest.skip("no PHH data set (set FLOORMAN_PHH_DIR)")
    target = tmp_path / "hand.yaml"
    run = [sys.executable, "-m", "floorman"]
    result = subprocess.run([*run, "import", str(chosen), "-o", str(target)],
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert target.read_text().startswith('game: "stud-hilo"\nante: ')
    result = subprocess.run([*run, "check", str(target), "--json"],
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode == 0, result.stderr
    finishing = read_phh(chosen.read_text(), str(chosen))["finishing_stacks"]
    stacks = json.loads(result.stdout)["stacks"]
    assert [stacks[str(seat)] for seat in range(1, len(finishing) + 1)] == finishing


def test_a_stud_phh_with_another_ante_per_player_is_refused_by_name() -> None:
    data = {
        "variant": "F7S", "antes": [5, 10], "bring_in": 10, "small_bet": 20, "big_bet": 40,
        "starting_stacks": [100, 100], "actions": [],
    }  # fmt: skip
    with pytest.raises(PhhError, match=r"x\.phh: antes: floorman's stud games take the same ante"):
        import_stud_phh(data, "x.phh")


# ---------------------------------------------------------------- pokerkit, side by side

GAMES = {"F7S": "FixedLimitSevenCardStud",
         "F7S/8": "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
         "FR": "FixedLimitRazz"}  # fmt: skip


def pokerkit_hand(variant: str, seed: int) -> str:
    """A random legal hand pokerkit plays, as PHH with pokerkit's finishing stacks."""
    import pokerkit

    rng = random.Random(seed)
    players = rng.randint(2, 7)
    stacks = [rng.choice([30, 60, 150, 400, 1000]) for _ in range(players)]
    game = getattr(pokerkit, GAMES[variant])(pokerkit_automations(), True, 5, 10, 20, 40)
    state = game(stacks, players)
    while state.status:
        moves = [
            move
            for move, can in (
                (state.post_bring_in, state.can_post_bring_in()),
                (state.fold, state.can_fold()),
                (state.check_or_call, state.can_check_or_call()),
                (state.complete_bet_or_raise_to, state.can_complete_bet_or_raise_to()),
            )
            if can
        ]
        rng.choice(moves)()
    return pokerkit_phh(game, state)


RAISED_FROM_ALL_IN = re.compile(
    r'action (\d+) "p(\d+) cbr (\d+)": a raise in this round goes to (\d+)(?: or \d+)?, not'
)
REOPENED = re.compile(
    r'action (\d+) "p(\d+) cbr (\d+)": seat \d+ may not raise: the all-in below half a bet'
)


@dataclass(frozen=True)
class PokerkitShowdown:
    """A stud showdown as pokerkit 0.7.7 pays it, where it departs from the books:

    - it kills every hand that wins nothing before it makes the pots, so a main pot
      and a side pot left with the same contenders are paid as one (the books split
      each pot separately: RRoP "Ties" 5(d), TDA 21, WSOP LA 149);
    - in stud hi-lo it halves every pot once any hand tabled has a low, even a pot none
      of whose contenders has one, and shares that low half among all of them (the
      high hand wins the whole pot: RRoP stud hi-lo rule 2, WSOP Seven-Card Stud/8);
    - between tied hands it gives the odd chip to the first seat, where the books give
      it by the cards (RRoP "Ties" 5(b), TDA 20-B, WSOP LA 149)."""

    stacks: dict[int, int]
    merged: bool
    halved_without_low: bool
    tied: bool


def a5_value(cards: Sequence[Card]) -> int:
    """The ace-to-five low of a razz hand (larger better)."""
    from floorman.showdown.lowball import evaluate_low_a5

    return int(evaluate_low_a5(cards).value)


def pokerkit_showdown(state: StudHand) -> PokerkitShowdown:
    books = settle_stud(state)
    assert books is not None
    tabled = {seat: state.known(seat) for seat in state.live if len(state.known(seat)) == 7}
    killed = {seat for seat in tabled if not books.awards.get(seat)}
    layout = build_pots(state.contributed, state.folded | killed)
    lows = {seat: low_value(cards) for seat, cards in tabled.items() if seat not in killed}
    halves = state.game == "stud-hilo" and any(low is not None for low in lows.values())
    won = dict.fromkeys(state.seats, 0)
    halved_without_low = tied = False
    for pot in layout.pots:
        contenders = [seat for seat in pot.eligible if seat in tabled]
        cuts = [(pot.amount - pot.amount // 2, "high"), (pot.amount // 2, "low")]
        for amount, side in cuts if halves else [(pot.amount, "high")]:
            nobody = False
            if state.game == "razz":
                values = {seat: a5_value(tabled[seat]) for seat in contenders}
            elif side == "high":
                values = {seat: high_value(tabled[seat]) for seat in contenders}
            else:
                values = {seat: -1 if lows[seat] is None else lows[seat] for seat in contenders}
                nobody = max(values.values()) == -1
                halved_without_low |= nobody
            best = [seat for seat in contenders if values[seat] == max(values.values())]
            share, odd = divmod(amount, len(best))
            tied |= odd > 0 and not (side == "low" and nobody)
            for seat in best:
                won[seat] += share
            won[best[0]] += odd
    stacks = {
        seat: state.stacks[seat] + layout.returned.get(seat, 0) + won[seat] for seat in state.seats
    }
    merged = len(layout.pots) < len(build_pots(state.contributed, state.folded).pots)
    return PokerkitShowdown(stacks, merged, halved_without_low, tied)


def explain_deviation(text: str, outcome: Outcome) -> None:
    """A hand that does not match pokerkit is one of pokerkit's named departures from
    the books, and pokerkit's chips are what that departure gives, or the test fails."""
    data = read_phh(text, "random.phh")
    if outcome.status == "mismatched":
        state = import_stud_phh(data, "random.phh").state
        paid = pokerkit_showdown(state)
        assert paid.merged or paid.halved_without_low or paid.tied, outcome.detail
        assert list(paid.stacks.values()) == data["finishing_stacks"], outcome.detail
        return
    assert outcome.status == "failed", outcome.detail
    raised, reopened = RAISED_FROM_ALL_IN.search(outcome.detail), REOPENED.search(outcome.detail)
    found = raised or reopened
    assert found is not None, outcome.detail
    number, seat, pokerkit_total = map(int, found.groups()[:3])
    data["actions"] = data["actions"][: number - 1]
    before = import_stud_phh(data, "random.phh").state
    assert before.current_bet > before.full_level  # a short all-in is in force
    everything = before.bets[seat] + before.stacks[seat]
    assert pokerkit_total == min(before.current_bet + before.limit, everything)
    if raised:
        assert int(raised[4]) == before.full_level + before.limit
    else:
        assert seat in before.closed  # the seat had acted before the short all-in


@pytest.mark.parametrize("variant", list(STUD_VARIANTS))
@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_random_pokerkit_stud_hands_replay_to_its_stacks(variant: str, seed: int) -> None:
    """Every hand matches pokerkit to the chip but where pokerkit deviates from the books.
    After an all-in of less than half a bet, pokerkit raises from the all-in (its total
    plus a bet) where the next player completes the wager to the full raise (RRoP
    "Betting and Raising" 5: a bet of 20 raised all in to 25 is raised to 40, not 45), and
    it lets a player who had acted raise, for whom the betting is not reopened (RRoP
    "Betting and Raising" 5, TDA 47-B, WSOP LA 129). At the showdown it pays a main pot
    and a side pot left with the same contenders as one, halves a stud hi-lo pot none
    of whose contenders has a low, and gives the odd chip between tied hands to the
    first seat (:class:`PokerkitShowdown`)."""
    with warnings.catch_warnings(), shuffled_by(seed):
        warnings.simplefilter("ignore")
        text = pokerkit_hand(variant, seed)
    outcome = audit_phh(text, "random.phh")
    if variant == "FR" and not HAS_A5 and "ace-to-five" in outcome.detail:
        return
    if outcome.status != "matched":
        explain_deviation(text, outcome)


SIDE_POT_WITHOUT_A_LOW = """\
variant = 'F7S/8'
antes = [5, 5, 5, 5, 5, 5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [1000, 30, 60, 400, 150, 30, 150]
actions = ['d dh p1 9cJc7c', 'd dh p2 5c2d5h', 'd dh p3 KdAdAs', 'd dh p4 QdTd9d',
  'd dh p5 Jh2cTh', 'd dh p6 3s3cKc', 'd dh p7 3dTsJs', 'p2 pb', 'p3 cbr 20', 'p4 cc',
  'p5 cbr 40', 'p6 f', 'p7 f', 'p1 cbr 60', 'p2 cc', 'p3 cc', 'p4 cbr 80', 'p5 cc', 'p1 cc',
  'd dh p1 Qh', 'd dh p2 6d', 'd dh p3 5s', 'd dh p4 4h', 'd dh p5 7d', 'p4 cc', 'p5 cbr 20',
  'p1 cbr 40', 'p4 cbr 60', 'p5 cbr 65', 'p1 cc', 'p4 f', 'd dh p1 Ah', 'd dh p2 7s',
  'd dh p3 2s', 'd dh p5 Qs', 'd dh p1 Ks', 'd dh p2 3h', 'd dh p3 Qc', 'd dh p5 6h',
  'd dh p1 Kh', 'd dh p2 5d', 'd dh p3 Jd', 'd dh p5 7h',
  'p1 sm 9cJc7cQhAhKsKh', 'p2 sm 5c2d5h6d7s3h5d', 'p3 sm KdAdAs5s2sQcJd',
  'p5 sm Jh2cTh7dQs6h7h']
finishing_stacks = [1145, 160, 90, 255, 0, 25, 145]
"""
"""A hand pokerkit played: its finishing stacks are pokerkit's, not the books'."""


def test_a_hilo_side_pot_none_of_whose_contenders_has_a_low_goes_whole_to_high() -> None:
    """Seat 2's 7-6-5-3-2 low scoops the main pot (160) with trip fives; the first side
    pot (120) is seats 1, 3 and 5's, none of them with a low, so seat 3's aces win it
    whole (RRoP stud hi-lo rule 2, WSOP Seven-Card Stud/8: "If there is no qualifying
    hand for low, the best high hand wins the whole pot"; each pot split separately,
    RRoP "Ties" 5(d), TDA 21, WSOP LA 149). pokerkit halves it, 60 to seat 3's aces, and
    shares the 60 of a low nobody has between seats 1 and 3: 90 and 30."""
    data = read_phh(SIDE_POT_WITHOUT_A_LOW, "side-pot.phh")
    state = import_stud_phh(data, "side-pot.phh").state
    settled = settle_stud(state)
    assert settled is not None
    assert [(award.pot.amount, award.pot.eligible) for award in settled.pots] == [
        (160, (1, 2, 3, 5)), (120, (1, 3, 5)), (265, (1, 5)),
    ]  # fmt: skip
    assert [dict(award.split.shares) for award in settled.pots] == [{2: 160}, {3: 120}, {1: 265}]
    assert [award.low for award in settled.pots] == [(2,), (), ()]
    assert settled.stacks == {1: 1115, 2: 160, 3: 120, 4: 255, 5: 0, 6: 25, 7: 145}
    outcome = audit_phh(SIDE_POT_WITHOUT_A_LOW, "side-pot.phh")
    assert (outcome.status, outcome.detail) == (
        "mismatched", "p1: file 1145, floorman 1115; p3: file 90, floorman 120",
    )  # fmt: skip
    paid = pokerkit_showdown(state)
    assert paid.halved_without_low
    assert list(paid.stacks.values()) == data["finishing_stacks"]


MAIN_AND_SIDE_POT_WITH_THE_SAME_CONTENDERS = """\
variant = 'F7S/8'
antes = [5, 5, 5, 5, 5, 5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [30, 400, 400, 400, 60, 1000, 150]
actions = ['d dh p1 Jd6dAd', 'd dh p2 6h4d7c', 'd dh p3 Td2d3s', 'd dh p4 Ks4cAs',
  'd dh p5 7s8s3c', 'd dh p6 QsTs3h', 'd dh p7 9hAc4s', 'p5 cbr 20', 'p6 cbr 40', 'p7 cbr 60',
  'p1 cc', 'p2 cc', 'p3 cbr 80', 'p4 f', 'p5 cc', 'p6 f', 'p7 f', 'p2 f',
  'd dh p1 6c', 'd dh p3 Tc', 'd dh p5 2h', 'd dh p1 9c', 'd dh p3 Th', 'd dh p5 5s',
  'd dh p1 9s', 'd dh p3 Jh', 'd dh p5 Jc', 'd dh p1 2c', 'd dh p3 Kd', 'd dh p5 Ah',
  'p1 sm Jd6dAd6c9c9s2c', 'p3 sm Td2d3sTcThJhKd', 'p5 sm 7s8s3c2h5sJcAh']
finishing_stacks = [0, 335, 510, 395, 160, 955, 85]
"""
"""A hand pokerkit played: its finishing stacks are pokerkit's, not the books'."""


def test_a_main_pot_and_a_side_pot_are_split_separately_each_with_its_odd_chip() -> None:
    """Seat 1, all in for the main pot (185), loses both halves; seat 3's trip tens and
    seat 5's 7-5-3-2-A split the main pot and the side pot (135) each on its own, the
    odd chip of each to the high half (RRoP "Ties" 5(c) and 5(d), TDA 20-C and 21, WSOP LA 149):
    93 and 68 to seat 3. pokerkit kills seat 1's hand first and pays the 320 as one
    pot, 160 each."""
    data = read_phh(MAIN_AND_SIDE_POT_WITH_THE_SAME_CONTENDERS, "odd-chips.phh")
    state = import_stud_phh(data, "odd-chips.phh").state
    settled = settle_stud(state)
    assert settled is not None
    assert [dict(award.split.shares) for award in settled.pots] == [
        {3: 93, 5: 92}, {3: 68, 5: 67}, {3: 15},
    ]  # fmt: skip
    assert (settled.stacks[3], settled.stacks[5]) == (511, 159)
    paid = pokerkit_showdown(state)
    assert paid.merged
    assert list(paid.stacks.values()) == data["finishing_stacks"]
