"""The facts of chips, declarations, counts and chips found behind, as the engine reads
them from the hand state before an event."""

from __future__ import annotations

from test_rules_facts import FLOP, facts_before


def test_an_overchip_is_one_chip_more_than_the_call() -> None:
    chips = {"chips": [1, 5, 25]}
    assert facts_before([*FLOP, "1 bet 4"], "2 chips 5", **chips).read("chips.oversized")
    assert not facts_before([*FLOP, "1 bet 5"], "2 chips 5", **chips).read("chips.oversized")
    assert not facts_before([*FLOP, "1 bet 4"], "2 chips 5+5", **chips).read("chips.oversized")
    assert not facts_before([*FLOP], "1 chips 25", **chips).read("chips.oversized")


def test_chips_after_a_declaration_are_neither_out_of_turn_nor_new_chips() -> None:
    ctx = facts_before(["deal", "3 says call"], "3 chips 1+1")
    assert ctx.read("chips.of_declaration") is True
    assert ctx.read("action.out_of_turn") is False
    assert ctx.read("wager.raise_percent") == 0
    later = facts_before(["deal", "3 says call", "1 raise 6", "2 fold"], "3 chips 5")
    assert later.read("chips.of_declaration") is False
    assert facts_before(["deal", "3 call"], "3 chips 1+1").read("action.out_of_turn") is True
