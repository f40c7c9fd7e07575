"""Spaced repetition: Leitner boxes, what is due when, drills that lean to weak rules."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.drills.schedule import (
    BOX_DAYS,
    Item,
    Seen,
    boxes,
    due_items,
    parse_item,
    plan_items,
    weak_rules,
)

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def seen(item: str, rule: str, correct: bool, days_ago: float = 0) -> Seen:
    return Seen(item, rule, correct, NOW - timedelta(days=days_ago))


def test_a_wrong_answer_goes_to_box_one_and_a_right_one_up_a_box() -> None:
    history = [
        seen("splits:1", "r", True, 30),
        seen("splits:1", "r", True, 20),
        seen("splits:1", "r", False, 10),
        seen("splits:2", "r", True, 10),
    ]
    placed = boxes(history)
    assert placed["splits:1"][0] == 1
    assert placed["splits:2"][0] == 2


def test_each_box_waits_its_days() -> None:
    for box in range(1, len(BOX_DAYS) + 1):
        history = [seen("reading:5", "r", False, box if box > 1 else 0)]
        history += [seen("reading:5", "r", True, box - 2 - n) for n in range(box - 1)]
        assert boxes(history)["reading:5"][0] == box
        wait = timedelta(days=BOX_DAYS[box - 1])
        assert [i.key for i in due_items(history, NOW + wait)] == ["reading:5"]
        if wait:
            assert due_items(history, NOW + wait - timedelta(seconds=1)) == []


def test_weak_rules_come_first() -> None:
    history = [
        seen("a:1", "strong", True), seen("a:2", "strong", True),
        seen("a:3", "weak", False), seen("a:4", "weak", False), seen("a:5", "weak", True),
    ]  # fmt: skip
    assert [r.rule for r in weak_rules(history)] == ["weak", "strong"]
    assert weak_rules(history)[0].wrong == 2
    assert [i.key for i in due_items(history, NOW)] == ["a:3", "a:4"]


def test_a_drill_asks_what_is_due_first_at_most_half_then_new_questions_on_weak_rules() -> None:
    history = [seen(f"splits:{n}", "odd chip", False) for n in range(10)]
    history += [seen("splits:99", "known", True, 30), seen("splits:98", "known", True, 30)]

    def rule(item: Item) -> str:
        return "odd chip" if item.seed % 3 == 0 else "known"

    items = plan_items(history, ["splits"], 6, 1, NOW, rule)
    assert [item.review for item in items] == [True] * 3 + [False] * 3
    assert plan_items(history, ["splits"], 6, 1, NOW, rule) == items
    many = plan_items(history, ["splits"], 60, 1, NOW, rule)[30:]
    # a third of the seeds test the weak rule; of three drawn, the weak one is asked
    assert sum(rule(item) == "odd chip" for item in many) > len(many) / 2


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.sampled_from(["x", "y", "z"]), st.booleans(),
                  st.floats(0, 40)),
        max_size=30,
    ),
    st.integers(1, 20),
    st.integers(0, 2**31),
)  # fmt: skip
def test_a_drill_has_the_count_asked_on_the_topics_asked(
    answers: list[tuple[int, str, bool, float]], count: int, seed: int
) -> None:
    history = [seen(f"reading:{n}", rule, ok, ago) for n, rule, ok, ago in answers]
    items = plan_items(history, ["reading", "splits"], count, seed, NOW, lambda i: "x")
    assert len(items) == count
    assert len({item.key for item in items}) == count or count > 10
    assert sum(item.review for item in items) <= (count + 1) // 2
    assert all(item.topic in ("reading", "splits") for item in items)
    assert all(parse_item(item.key) == Item(item.topic, item.seed) for item in items)
