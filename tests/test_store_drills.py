"""Drill scores in the store: one transaction a session, progress by trainee and topic,
in a SQLite file and in PostgreSQL alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.store.drills import Answered, open_drill_store
from floorman.store.errors import StoreError
from floorman.store.hands import open_store


def answers(*marks: tuple[str, bool]) -> list[Answered]:
    return [
        Answered(number, topic, "outcome", None, "1", right)
        for number, (topic, right) in enumerate(marks, 1)
    ]


def test_progress_by_trainee_and_topic(store_url: str) -> None:
    with open_drill_store(store_url) as store:
        first = answers(("splits", True), ("reading", False), ("splits", False))
        store.record("Ana", rulebook="rrop", seed=1, started="2025-03-01T10:00:00+00:00",
                     finished="2025-03-01T10:20:00+00:00", answers=first)  # fmt: skip
        store.record("ana", rulebook="rrop", seed=2, started="2025-03-04T10:00:00+00:00",
                     finished="2025-03-04T10:20:00+00:00",
                     answers=answers(("splits", True), ("irregularities", True)))  # fmt: skip
        store.record("Ben", rulebook="tda-2024", seed=3, started="2025-03-02T10:00:00+00:00",
                     finished="2025-03-02T10:05:00+00:00",
                     answers=answers(("reading", True)))  # fmt: skip
        rows = [
            (p.trainee, p.topic, p.sessions, p.questions, p.correct, p.last[:10])
            for p in store.progress()
        ]
        assert rows == [
            ("Ana", "irregularities", 1, 1, 1, "2025-03-04"),
            ("Ana", "splits", 2, 3, 2, "2025-03-04"),
            ("Ana", "reading", 1, 1, 0, "2025-03-01"),
            ("Ben", "reading", 1, 1, 1, "2025-03-02"),
        ]
        totals = [
            (p.trainee, p.topic, p.sessions, p.questions) for p in store.progress(by_topic=False)
        ]
        assert totals == [("Ana", "all topics", 2, 5), ("Ben", "all topics", 1, 1)]
        assert [p.topic for p in store.progress("ANA")] == ["irregularities", "splits", "reading"]
        assert store.progress("Cy") == []
        assert store.trainees() == ["Ana", "Ben"]


def test_scores_live_beside_the_recorded_hands(store_url: str, tmp_path: Path) -> None:
    path = store_url
    with open_store(path) as hands:
        hands.start_hand("T1", {"button": 1, "seats": {"1": 100, "2": 100}})
    with open_drill_store(path) as drills:
        drills.record("Ana", rulebook="rrop", seed=1, started="2025-01-01T00:00:00+00:00",
                      answers=answers(("reading", True)))  # fmt: skip
    with open_store(path) as hands:
        assert [hand.table for hand in hands.hands()] == ["T1"]
    fresh = tmp_path / "drills-first.db"
    with open_drill_store(fresh) as drills:
        drills.record("Ana", rulebook="rrop", seed=1, started="2025-01-01T00:00:00+00:00",
                      answers=answers(("reading", True)))  # fmt: skip
    with open_store(fresh) as hands:
        assert hands.hands() == []
    with open_drill_store(fresh) as drills:
        assert len(drills.progress()) == 1


def test_a_session_is_written_whole_or_not_at_all(store_url: str) -> None:
    with open_drill_store(store_url) as store:
        twice = [*answers(("reading", True)), *answers(("reading", False))]
        with pytest.raises(StoreError, match=r"(?i)unique|duplicate key"):
            store.record("Ana", rulebook="rrop", seed=1, started="x", answers=twice)
        assert store.progress() == []
        assert store.trainees() == []


def test_a_file_that_is_not_a_store(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("not a database, just notes\n" * 100)
    with pytest.raises(StoreError) as caught:
        open_drill_store(path)
    assert str(caught.value).startswith(f"{path}: not a floorman store")


def test_the_default_file_follows_floorman_db(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLOORMAN_DB", str(tmp_path / "elsewhere.db"))
    with open_drill_store() as store:
        assert store.path == tmp_path / "elsewhere.db"
    assert (tmp_path / "elsewhere.db").exists()
