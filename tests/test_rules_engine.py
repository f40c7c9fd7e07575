"""The ruling engine: the winning rule, enacted procedures, and violations of the
procedure in force; and no event stream, however odd, crashes it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.errors import FloormanError
from floorman.events import parse_event
from floorman.handfile import Hand
from floorman.rules.engine import RulesEngine, match_situation
from floorman.rules.examples import EXAMPLE_TABLE, rule_hand
from floorman.rules.loader import load_rulebook

BOOKS = ("rrop", "tda-2024", "wsop-2024", "ciaffone-burn", "first-or-second")


def ruled(events: list[str], book: str = "rrop", **header: Any):  # type: ignore[no-untyped-def]
    hand = Hand.model_validate({**EXAMPLE_TABLE, **header, "events": events})
    return rule_hand(hand, load_rulebook(book))


FLOP = ["deal", "3 call", "1 call", "2 check", "burn", "flop Ah Kd 7c"]


def test_an_ordinary_hand_gets_no_ruling() -> None:
    result = ruled([*FLOP, "1 check", "2 check", "3 check", "burn", "turn 2s", "1 bet 4",
                    "2 fold", "3 fold"])  # fmt: skip
    assert result.rulings == []
    assert result.violations == []


def test_the_higher_priority_rule_wins() -> None:
    """Two exposed cards: the 'two exposed' misdeal outranks the single-card rule."""
    result = ruled(["expose 1:2 9c", "expose 2:2 4d"])
    assert [r.rule for r in result.rulings] == [
        "rrop.holdem.exposed-holecard.later", "rrop.holdem.exposed-holecard.two",
    ]  # fmt: skip


def test_overrides_drop_the_overridden_rule(tmp_path: Any) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        """\
rulebook: room
title: Room
extends: rrop
rules:
  - id: holdem.premature-turn-room
    title: Room premature turn
    cite: Room rule 1
    on: turn
    overrides: [holdem.premature-turn]
    when: {fact: betting_complete, eq: false}
    outcome: continue
    steps: [{do: explain, text: Call the floor.}]
    examples:
      - hand: {events: [deal, 3 call, 1 call, 2 check, burn, flop Ah Kd 7c, 1 check, burn, turn 2s]}
        outcome: continue
""",
        encoding="utf-8",
    )
    book = load_rulebook(house)
    hand = Hand.model_validate({**EXAMPLE_TABLE, "events": [*FLOP, "1 check", "burn", "turn 2s"]})
    result = rule_hand(hand, book)
    assert [r.rule for r in result.rulings] == ["room.holdem.premature-turn-room"]


def test_a_set_aside_card_returns_to_the_deck_at_the_reshuffle() -> None:
    result = ruled([*FLOP, "1 check", "burn", "turn 2s", "2 check", "3 check", "burn",
                    "turn 9h", "1 check", "2 check", "3 check", "reshuffle", "cut",
                    "river 2s"])  # fmt: skip
    assert result.violations == []
    assert result.state.board_cards[-1].ascii == "2s"
    assert result.state.location(parse_event("turn 9h").cards[0]).kind == "board"


def test_play_after_a_misdeal_is_a_violation_and_is_not_played() -> None:
    result = ruled(["expose 1:1 Ah", "deal", "3 call", "note redealt"])
    assert [(v.event, v.rule) for v in result.violations] == [
        (2, "rrop.holdem.exposed-holecard.first"), (3, "rrop.holdem.exposed-holecard.first"),
    ]  # fmt: skip
    assert "ruled a misdeal at event 1" in result.violations[0].message
    assert result.state.over_reason == "misdeal"
    assert result.state.stacks == {1: 100, 2: 100, 3: 100}


def test_a_refused_misdeal_call_does_not_end_the_hand() -> None:
    result = ruled(["deal", "3 call", "1 call", "misdeal", "2 check"])
    assert result.rulings[0].outcome == "continue"
    assert result.state.over_reason is None
    assert result.state.street == "preflop"


def test_the_exposed_card_becomes_the_burn() -> None:
    result = ruled(["expose 2:2 Qs", "deal", "3 call", "1 call", "2 check", "burn Qs",
                    "flop 8c 7d 2h"])  # fmt: skip
    assert result.violations == []
    assert [b.ascii for b in result.state.burns_for("flop") if b] == ["Qs"]
    assert result.state.hole(2)[1] is None  # replaced by an unknown card off the top


def test_a_hand_that_records_no_burns_is_taken_to_burn_normally() -> None:
    result = ruled(["deal", "3 call", "1 call", "2 check", "flop Ah Kd 7c", "1 check"])
    assert result.rulings == []


def test_engine_for_events_learns_whether_burns_are_recorded() -> None:
    book = load_rulebook("rrop")
    events = [parse_event(text) for text in ["deal", "burn"]]
    assert RulesEngine.for_events(book, "holdem", events).records_burns
    assert not RulesEngine.for_events(book, "holdem", events[:1]).records_burns


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(FloormanError, match="no game 'stud'"):
        RulesEngine(load_rulebook("rrop"), "stud")


def test_situations_follow_house_options() -> None:
    rrop = load_rulebook("rrop")
    ruling, facts = match_situation(rrop, "exposed-second-holecard")
    assert ruling is not None
    assert ruling.outcome == "continue"
    assert facts["card.deal_position"] == 2
    ruling, _ = match_situation(load_rulebook("first-or-second"), "exposed-second-holecard")
    assert ruling is not None
    assert ruling.outcome == "misdeal"
    with pytest.raises(FloormanError, match="no situation 'nonsense'"):
        match_situation(rrop, "nonsense")


WORDS = [
    "deal", "burn", "burn ??", "flop Ah Kd 7c", "flop 2c 3c 4c 5c", "turn 9h", "river Qs",
    "expose 1:1", "expose 2:2 Ts", "expose 3 by player", "extra 1", "extra 2 8d",
    "reshuffle", "cut", "misdeal", "muck 1", "plays-board 2", "show 1 Ah 2c", "cards 3 Kd Qd",
    "1 check", "2 check", "3 check", "1 call", "2 call", "3 call", "1 fold", "2 fold",
    "3 fold", "1 bet 4", "2 raise 8", "3 allin", "note x",
]  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(WORDS), max_size=30),
    st.sampled_from(BOOKS),
    st.sampled_from(["holdem", "omaha-hilo"]),
)
def test_random_event_streams_never_crash(words: list[str], book: str, game: str) -> None:
    """Whatever is recorded, the engine answers or refuses with a user's error."""
    hand = Hand.model_validate({**EXAMPLE_TABLE, "game": game, "events": []})
    engine = RulesEngine(load_rulebook(book), game, records_burns=True)
    state = hand.start()
    for number, text in enumerate(words, 1):
        try:
            engine.process(state, parse_event(text, number), number)
        except FloormanError:
            continue
        assert not state.accounting_problems()
    for ruling in engine.rulings:
        assert ruling.steps
