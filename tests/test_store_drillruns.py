"""Drills in the browser in the store: runs, answers, assignments and trainees as a role,
in a SQLite file and in PostgreSQL alike; append-only; an old store upgraded keeps its
users and sign-ins."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from stores import refused

from floorman.drills.schedule import Item
from floorman.store._schema import SQLITE
from floorman.store.drillruns import RunAnswer, open_drill_runs
from floorman.store.errors import Duplicate
from floorman.store.staff import open_staff


def kept(number: int, item: str, right: bool, at: str) -> RunAnswer:
    return RunAnswer(number, item, "splits", "split", "RRoP §3 Ties 5(a)", "1 2", right, 900, at)


def test_a_run_keeps_its_items_and_each_answer_once(store_url: str) -> None:
    with open_drill_runs(store_url) as runs:
        items = [Item("splits", 7), Item("reading", 9, review=True)]
        number = runs.start("Ana", rulebook="rrop", topics=["splits", "reading"], items=items,
                            time_limit=30)  # fmt: skip
        runs.answer(number, 1, kept(1, "splits:7", False, "2026-03-01T10:00:00.000+00:00"))
        with pytest.raises(Duplicate, match="answered already"):
            runs.answer(number, 1, kept(1, "splits:7", True, "2026-03-01T10:00:01.000+00:00"))
        run = runs.run(number)
        assert run is not None
        assert run.items == tuple(items)
        assert run.time_limit == 30
        assert [a.correct for a in run.answers] == [False]
        assert run.next_number == 2
        assert not run.finished
        answered = runs.answered("ANA")
        assert [(s.item, s.rule, s.correct) for s, _ in answered] == [
            ("splits:7", "RRoP §3 Ties 5(a)", False)
        ]
        assert runs.runs("ana") == [(number, run.started, 2, 1, 0, 900)]
        assert runs.answered("Ben") == []


def test_assignments_count_the_runs_that_finish_them(store_url: str) -> None:
    with open_drill_runs(store_url) as runs:
        given = runs.assign("Ana", topics=["splits"], count=1, time_limit=None, rulebook="rrop",
                            by="coach")  # fmt: skip
        number = runs.start("ana", rulebook="rrop", topics=["splits"],
                            items=[Item("splits", 1)], assignment=given)  # fmt: skip
        assert [(a.runs, a.done) for a in runs.assignments("ANA")] == [(1, 0)]
        runs.answer(number, 1, kept(1, "splits:1", True, "2026-03-01T10:00:00.000+00:00"))
        (assignment,) = runs.assignments("Ana")
        assert (assignment.runs, assignment.done, assignment.by) == (1, 1, "coach")
        assert runs.trainees() == ["Ana"]


def test_drill_records_are_append_only(store_url: str) -> None:
    with open_drill_runs(store_url) as runs:
        number = runs.start("Ana", rulebook="rrop", topics=["splits"], items=[Item("splits", 1)])
        runs.answer(number, 1, kept(1, "splits:1", True, "2026-03-01T10:00:00.000+00:00"))
    for table in ("drill_runs", "drill_run_answers"):
        assert "append-only" in refused(store_url, f"DELETE FROM {table}")


def test_a_trainee_is_a_user_who_signs_in(store_url: str) -> None:
    with open_staff(store_url) as staff:
        staff.add_user("Tia", "trainee", "hash")
        token, _ = staff.sign_in("Tia", "trainee")
        signed = staff.signed_in(token)
        assert signed is not None
        assert signed.role == "trainee"
        assert [(u.name, u.role) for u in staff.users()] == [("Tia", "trainee")]


def test_an_old_store_keeps_its_users_and_sign_ins_when_trainees_come(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript("".join(SQLITE[:7]) + "PRAGMA user_version = 7;")
    db.execute("INSERT INTO staff_users VALUES ('Ana', 'floor', 'h', '2025-01-01')")
    db.execute("INSERT INTO staff_disabled VALUES ('ana', '2025-02-01')")
    db.commit()
    db.close()
    with open_staff(path) as staff:
        staff.add_user("Tia", "trainee", "hash")
        users = {u.name: (u.role, u.disabled) for u in staff.users()}
        assert users == {"Ana": ("floor", "2025-02-01"), "Tia": ("trainee", None)}
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(SQLITE)
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM staff_users")
    db.close()
