"""Trainees' progress as a trainer reads it: by topic with each trainee's total, one
trainee at a time, and in the one JSON shape the command and the server share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from floorman.errors import FloormanError
from floorman.store.drills import Answered, DrillStore, open_drill_store
from floorman.tables.drills import progress, stats_json, with_totals


def session(store: DrillStore, trainee: str, day: str, *marks: tuple[str, bool]) -> None:
    answered = [
        Answered(number, topic, "outcome", None, "1", right)
        for number, (topic, right) in enumerate(marks, 1)
    ]
    store.record(trainee, rulebook="rrop", seed=1, started=f"{day}T10:00:00+00:00",
                 finished=f"{day}T10:20:00+00:00", answers=answered)  # fmt: skip


@pytest.fixture
def store(tmp_path: Path) -> Iterator[DrillStore]:
    with open_drill_store(tmp_path / "room.db") as opened:
        session(
            opened, "Ana", "2025-03-01", ("splits", True), ("reading", False), ("splits", False)
        )
        session(opened, "Ben", "2025-03-02", ("reading", True))
        yield opened


def test_each_trainees_topics_come_before_the_trainees_total(store: DrillStore) -> None:
    rows, totals = progress(store, None)
    listed = [(p.trainee, p.topic, p.questions, p.correct) for p in with_totals(rows, totals)]
    assert listed == [
        ("Ana", "splits", 2, 1),
        ("Ana", "reading", 1, 0),
        ("Ana", "all topics", 3, 1),
        ("Ben", "reading", 1, 1),
    ]


def test_one_trainee_and_a_trainee_with_no_scores(store: DrillStore) -> None:
    rows, totals = progress(store, "ben")
    assert [(p.trainee, p.topic) for p in rows] == [("Ben", "reading")]
    assert [p.topic for p in totals] == ["all topics"]
    with pytest.raises(
        FloormanError, match=r'no drill scores for trainee "Cy" \(trainees: Ana, Ben\)'
    ):
        progress(store, "Cy")


def test_the_json_has_each_trainees_total_and_topics(store: DrillStore) -> None:
    data: Any = stats_json(*progress(store, None))
    ana = data["trainees"]["Ana"]
    assert {key: ana[key] for key in ("sessions", "questions", "correct", "percent")} == {
        "sessions": 1, "questions": 3, "correct": 1, "percent": 33,
    }  # fmt: skip
    assert ana["topics"]["splits"]["percent"] == 50
    assert ana["last"].startswith("2025-03-01")
    assert list(data["trainees"]) == ["Ana", "Ben"]


def test_a_fresh_store_has_no_progress(tmp_path: Path) -> None:
    with open_drill_store(tmp_path / "empty.db") as empty:
        assert stats_json(*progress(empty, None)) == {"trainees": {}}
        with pytest.raises(FloormanError, match=r"\(trainees: none yet\)"):
            progress(empty, "Ana")
