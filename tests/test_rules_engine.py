"""The ruling engine: the winning rule, enacted procedures, and violations of the
procedure in force; and no event stream, however odd, crashes it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.errors import FloormanError
from floorman.hand.events import IllegalEvent, parse_event
from floorman.interchange.handfile import Hand
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
    assert result.state.ledger.board_cards[-1].ascii == "2s"
    assert result.state.location(parse_event("turn 9h").cards[0]).kind == "board"


def test_play_after_a_misdeal_is_a_violation_and_is_not_played() -> None:
    result = ruled(["expose 1:1 Ah", "deal", "3 call", "note redealt"])
    assert [(v.event, v.rule) for v in result.violations] == [
        (2, "rrop.holdem.exposed-holecard.first"), (3, "rrop.holdem.exposed-holecard.first"),
    ]  # fmt: skip
    assert "ruled a misdeal at event 1" in result.violations[0].message
    assert result.state.over_reason == "misdeal"
    assert result.state.betting.stacks == {1: 100, 2: 100, 3: 100}


def test_a_refused_misdeal_call_does_not_end_the_hand() -> None:
    result = ruled(["deal", "3 call", "1 call", "misdeal", "2 check"])
    assert result.rulings[0].outcome == "continue"
    assert result.state.over_reason is None
    assert result.state.street == "preflop"


def test_the_exposed_card_becomes_the_burn() -> None:
    result = ruled(["expose 2:2 Qs", "deal", "3 call", "1 call", "2 check", "burn Qs",
                    "flop 8c 7d 2h"])  # fmt: skip
    assert result.violations == []
    assert [b.ascii for b in result.state.ledger.burns_for("flop") if b] == ["Qs"]
    assert result.state.ledger.hole(2)[1] is None  # replaced by an unknown card off the top


def test_a_hand_that_says_it_records_no_burns_is_taken_to_burn_normally() -> None:
    events = ["deal", "3 call", "1 call", "2 check", "flop Ah Kd 7c", "1 check"]
    result = ruled(events, burns="not-recorded")
    assert result.rulings == []


def test_a_flop_with_no_burn_before_it_is_ruled_by_default() -> None:
    result = ruled(["deal", "3 call", "1 call", "2 check", "flop Ah Kd 7c"])
    assert [r.rule for r in result.rulings] == ["rrop.holdem.flop.no-burn"]


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


def test_no_burn_rule_keeps_quiet_where_the_procedure_says_no_burn() -> None:
    """RRoP §5 rule 8 turns the river without a burn after a premature turn: that river is
    the procedure, not a missing burn (§5 rule 5)."""
    result = ruled([*FLOP, "1 check", "burn", "turn 2s", "2 check", "3 check", "burn",
                    "turn 9h", "1 check", "2 check", "3 check", "reshuffle", "cut",
                    "river 2s"])  # fmt: skip
    assert [r.rule for r in result.rulings] == ["rrop.holdem.premature-turn"]
    assert result.violations == []
    assert result.state.procedures == []


def test_a_premature_card_leaves_the_board_when_ruled() -> None:
    """The round it came early for is not opened on it: the flop betting ends and the
    hand waits for the burn and the real turn."""
    result = ruled([*FLOP, "1 check", "burn", "turn 2s", "2 check", "3 check"])
    state = result.state
    assert [c.ascii for c in state.ledger.board_cards] == ["Ah", "Kd", "7c"]
    assert [c.ascii for c in state.ledger.set_aside if c] == ["2s"]
    assert (state.street, state.to_act, state.ledger.next_board_street) == ("flop", None, "turn")
    assert [(b.card.ascii, b.event, b.premature) for b in state.ledger.turned_early] == [
        ("2s", 9, True)
    ]
    assert [(p.do, p.street) for p in state.procedures] == [
        ("burn", "turn"), ("reshuffle", "river"), ("cut", "river"),
        ("deal-without-burn", "river"),
    ]  # fmt: skip
    with pytest.raises(FloormanError, match="the flop betting is complete; the turn comes next"):
        state.apply(parse_event("1 check"))


def test_a_card_turned_in_time_waits_for_the_dealer_and_can_stand() -> None:
    """A turn with no burn may still be played (RRoP §5 rule 5): it stays on the board
    until the dealer corrects it, and stands once someone acts on it."""
    turned = [*FLOP, "1 check", "2 check", "3 check", "turn 5s"]
    waiting = ruled(turned).state
    assert [c.ascii for c in waiting.ledger.board_cards][-1] == "5s"
    assert [(p.do, p.street) for p in waiting.procedures] == [("use-as-burn", "turn")]
    stands = ruled([*turned, "1 check"])
    assert [r.rule for r in stands.rulings][-1] == "rrop.holdem.board.missed-burn-after-action"
    assert [(p.do, p.street) for p in stands.state.procedures] == [("burn-twice", "river")]


def test_a_refused_event_puts_back_the_cards_the_procedure_moved() -> None:
    """The dealer corrects a turn dealt without a burn, then a flop is recorded again:
    bad input, so the turn is back on the board and the procedure still waits."""
    turned = [*FLOP, "1 check", "2 check", "3 check", "turn 5s"]
    hand = Hand.model_validate({**EXAMPLE_TABLE, "events": turned})
    book = load_rulebook("rrop")
    engine = RulesEngine(book, hand.game)
    state = hand.start(book.options)
    for number, event in enumerate(hand.parse_events(), 1):
        engine.process(state, event, number)
    before = state.snapshot()
    with pytest.raises(IllegalEvent, match="the flop is out already"):
        engine.process(state, parse_event("flop 2c 3c 4c"), len(turned) + 1)
    assert state.snapshot() == before
    assert [c.ascii for c in state.ledger.board_cards][-1] == "5s"
    engine.process(state, parse_event("1 check"), len(turned) + 1)
    stands = ruled([*turned, "1 check"])
    assert engine.rulings == stands.rulings
    assert state.snapshot() == stands.state.snapshot()


def test_two_burns_after_a_missed_burn_that_stood() -> None:
    """RRoP §5 rule 5: the next street comes after two burns, so that it is the card that
    would have come; a second burn there is the procedure, not an extra burn."""
    base = ["deal", "3 call", "1 call", "2 check", "flop Ah Kd 7c", "1 check", "2 check",
            "3 check"]  # fmt: skip
    followed = ruled([*base, "burn", "burn", "turn 5s"])
    assert [r.rule for r in followed.rulings] == [
        "rrop.holdem.flop.no-burn", "rrop.holdem.board.missed-burn-after-action",
    ]  # fmt: skip
    assert followed.violations == []
    three = ruled([*base, "burn", "burn", "burn", "turn 5s"])
    assert [(v.event, v.message) for v in three.violations] == [
        (11, "burn: two burn cards before the turn, not three (event 6)")
    ]


def test_an_unknown_extra_card_is_named_as_the_extra_card() -> None:
    result = ruled(["deal", "extra 1", "3 call", "1 call", "2 check", "burn", "flop 8c 7d 2h"])
    assert [v.message for v in result.violations] == [
        "burn: the extra card is the burn card for the flop (event 2); burn no other card"
    ]


def test_a_card_exposed_after_the_deal_is_replaced_without_saying_the_deal_continues() -> None:
    during = ruled(["expose 2:2 Qs", "deal"]).rulings[0]
    assert during.steps[0].text == "The deal continues; seat 2 may not keep the exposed Q♠."
    after = ruled(["deal", "expose 2:2 Qs"]).rulings[0]
    assert [step.do for step in after.steps] == ["explain", "replace-card", "use-as-burn"]
    assert after.steps[0].text == "Seat 2 may not keep the exposed Q♠."


def test_nothing_is_left_to_do_once_the_hand_is_over() -> None:
    result = ruled([*FLOP, "1 bet 4", "burn", "turn 2s", "2 fold", "3 fold"])
    assert result.rulings[0].rule == "rrop.holdem.premature-turn"
    assert result.state.over_reason == "fold"
    assert result.state.procedures == []
