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
