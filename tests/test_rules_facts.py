"""Facts as the engine reads them from the hand state before an event."""

from __future__ import annotations

from typing import Any

import pytest

from floorman.hand.events import parse_event
from floorman.interchange.handfile import Hand
from floorman.rules.catalogue import FACTS
from floorman.rules.examples import EXAMPLE_TABLE
from floorman.rules.facts import FactContext, Memory
from floorman.rules.loader import load_rulebook


def facts_before(events: list[str], event: str, **header: Any) -> FactContext:
    """The facts of ``event`` after ``events`` were recorded."""
    hand = Hand.model_validate({**EXAMPLE_TABLE, **header, "events": events})
    state = hand.start()
    for number, parsed in enumerate(hand.parse_events(), 1):
        state.apply(parsed, number)
    book = load_rulebook("rrop")
    return FactContext(
        state, parse_event(event), book.games[hand.game], Memory(records_burns=True), book.options
    )


FLOP = ["deal", "3 call", "1 call", "2 check", "burn", "flop Ah Kd 7c"]


def test_deal_positions_of_exposed_cards() -> None:
    ctx = facts_before([], "expose 2:2 Qs")
    assert ctx.read("card.deal_position") == 5
    assert ctx.read("card.deal_round") == 2
    assert ctx.read("exposed_by") == "dealer"
    assert ctx.read("exposed_this_deal") == 1
    assert facts_before([], "expose 1:1 by player").read("exposed_by") == "player"


def test_betting_complete_for_a_board_card() -> None:
    assert (
        facts_before(["deal", "3 call", "1 call", "burn"], "flop Ah Kd 7c").read("betting_complete")
        is False
    )
    assert (
        facts_before(["deal", "3 call", "1 call", "2 check", "burn"], "flop Ah Kd 7c").read(
            "betting_complete"
        )
        is True
    )
    all_in = facts_before([*FLOP, "1 allin", "2 call", "3 fold", "burn"], "turn 2s")
    assert all_in.read("betting_complete") is True
    assert all_in.read("all_in") is True


def test_burns_and_board_counts() -> None:
    ctx = facts_before(["deal", "3 call", "1 call", "2 check", "burn", "burn"], "flop Ah Kd 7c")
    assert ctx.read("burns_this_street") == 2
    assert ctx.read("board_cards") == 0
    assert ctx.read("event.cards") == 3
    assert ctx.read("street") == "preflop"
    assert facts_before(FLOP, "1 check").read("street") == "flop"


def test_substantial_action_counts() -> None:
    ctx = facts_before(["deal", "3 fold", "1 call"], "2 check")
    assert ctx.read("actions_in_turn") == 2
    assert ctx.read("chip_actions_in_turn") == 1


def test_a_card_recorded_in_two_places_is_a_duplicate() -> None:
    ctx = facts_before(FLOP, "cards 1 Ah 2c")
    assert ctx.read("card.duplicate") is True
    card, first, place = ctx.duplicate_of() or (None, None, "")
    assert str(card) == "A♥"
    assert first == 6
    assert "board" in place
    assert facts_before([*FLOP, "cards 1 Qs 2c"], "show 1 Qs 2c").read("card.duplicate") is False


def test_showdown_facts() -> None:
    river = [*FLOP, "1 check", "2 check", "3 check", "burn", "turn Jh", "1 check", "2 check",
             "3 check", "burn", "river Th", "1 check", "2 check", "3 check"]  # fmt: skip
    royal = [e.replace("Ah Kd 7c", "Ah Kh Qh") for e in river]
    ctx = facts_before([*royal, "show 1 2c 3d"], "muck 2")
    assert ctx.read("showdown") is True
    assert ctx.read("board_plays") is True
    assert ctx.read("seat.declared_plays_board") is False
    assert facts_before([*river, "show 1 Ac Ad"], "muck 2").read("board_plays") is False


def test_omaha_show_facts() -> None:
    river = [*FLOP, "1 check", "2 check", "3 check", "burn", "turn Jc", "1 check", "2 check",
             "3 check", "burn", "river 9s", "1 check", "2 check", "3 check"]  # fmt: skip
    ctx = facts_before(river, "show 1 As Ks 2c 3c", game="omaha-hilo")
    assert ctx.read("seat.shown_all") is True
    assert ctx.read("seat.low_qualifies") is False
    assert ctx.read("game.hole_cards") == 4
    assert ctx.read("game.play_the_board") is False
    low = [e.replace("Ah Kd 7c", "Ah 4h 8d") for e in river]
    assert facts_before(low, "show 1 As Ks 2c 3c", game="omaha-hilo").read("seat.low_qualifies")
    assert facts_before(river, "show 1 As Ks", game="omaha").read("seat.shown_all") is False


@pytest.mark.parametrize("name", sorted(FACTS))
def test_every_documented_fact_is_computed(name: str) -> None:
    value = facts_before(FLOP, "1 check").read(name)
    spec = FACTS[name]
    assert isinstance(value, spec.type)
    if spec.choices is not None:
        assert value in spec.choices


def test_a_missing_burn_the_procedure_prescribes() -> None:
    """RRoP §5 rule 8: after a premature turn the river comes without a burn."""
    from floorman.rules.engine import RulesEngine

    hand = Hand.model_validate({**EXAMPLE_TABLE, "events": []})
    book = load_rulebook("rrop")
    engine = RulesEngine(book, "holdem", records_burns=True)
    state = hand.start()
    events = [*FLOP, "1 check", "burn", "turn 2s", "2 check", "3 check", "burn", "turn 9h",
              "1 check", "2 check", "3 check", "reshuffle", "cut"]  # fmt: skip
    for number, text in enumerate(events, 1):
        engine.process(state, parse_event(text), number)
    river = FactContext(
        state, parse_event("river 2s"), book.games["holdem"], engine._memory, book.options
    )
    assert river.read("procedure.no_burn_due") is True
    assert river.read("burns_this_street") == 0
    assert facts_before(FLOP, "burn").read("procedure.no_burn_due") is False
