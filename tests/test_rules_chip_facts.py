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


def test_a_wrong_count_acted_on() -> None:
    counted = [*FLOP, "1 bet 12", "count 2 10"]
    assert facts_before([*FLOP, "1 bet 12"], "count 2 10").read("count.wrong") is True
    assert facts_before([*FLOP, "1 bet 12"], "count 2 12").read("count.wrong") is False
    assert facts_before([*FLOP, "1 bet 12"], "count 3 12").read("count.in_turn") is False
    for acted in ("2 chips 10", "2 call", "2 says call", "2 call 10", "2 says 10"):
        assert facts_before(counted, acted).read("count.acted_on") is True, acted
    for other in ("2 chips 5", "2 raise 30", "2 fold"):
        assert facts_before(counted, other).read("count.acted_on") is False, other
    right = facts_before([*FLOP, "1 bet 12", "count 2 12"], "2 chips 10")
    assert right.read("count.acted_on") is False


def test_a_count_of_an_all_in() -> None:
    assert facts_before([*FLOP, "1 allin"], "count 2 98").read("count.all_in") is True
    assert facts_before([*FLOP, "1 bet 12"], "count 2 12").read("count.all_in") is False


def test_chips_found_behind_a_called_all_in() -> None:
    called = facts_before([*FLOP, "1 allin", "2 call"], "behind 1 5")
    assert called.read("behind.called") is True
    assert facts_before([*FLOP, "1 allin"], "behind 1 5").read("behind.called") is False
    assert facts_before([*FLOP, "1 bet 12", "2 call"], "behind 1 5").read("behind.called") is False
