"""Floor staff, sessions, station tokens and who entered each record, beside the hands."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from floorman.server.passwords import hash_password, verify_password
from floorman.store.hands import open_store
from floorman.store.staff import StoreError, open_staff


def test_a_user_is_kept_with_a_hash_and_found_without_regard_to_case(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    with open_staff(db) as staff:
        staff.add_user("Ana", "floor", hash_password("green felt"))
        user, stored = staff.user("ana") or (None, "")
        assert user is not None
        assert (user.name, user.role, user.disabled) == ("Ana", "floor", None)
        assert verify_password("green felt", stored)
        with pytest.raises(StoreError, match="already a user"):
            staff.add_user("ANA", "trainer", hash_password("x" * 8))
    assert b"green felt" not in db.read_bytes()


def test_disabling_ends_the_sessions_and_keeps_the_user(tmp_path: Path) -> None:
    with open_staff(tmp_path / "room.db") as staff:
        staff.add_user("bo", "floor", hash_password("long enough"))
        token, csrf = staff.start_session("bo", "floor")
        session = staff.session(token)
        assert session is not None
        assert (session.who, session.role, session.csrf) == ("bo", "floor", csrf)
        staff.disable("bo")
        assert staff.session(token) is None
        assert [(u.name, u.disabled is not None) for u in staff.users()] == [("bo", True)]
        assert staff.session("not a token") is None


def test_a_station_token_names_its_table_and_is_kept_as_a_digest(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    with open_staff(db) as staff:
        token = staff.new_station_token("7")
        assert staff.station_table(token) == "7"
        assert staff.station_table(token + "x") is None
    assert token.encode() not in db.read_bytes()


def test_records_say_who_entered_them_and_the_staff_records_are_append_only(
    tmp_path: Path,
) -> None:
    db = tmp_path / "room.db"
    with open_store(db) as hands:
        hand = hands.start_hand("7", {"button": 1, "seats": {1: 10, 2: 10}})
        added = hands.append(hand.id, ["deal", "note hi"])
    with open_staff(db) as staff:
        staff.note_authors([added[0].id], "station:7")
        assert staff.authors(r.id for r in added) == {added[0].id: "station:7"}
        staff.new_station_token("7")
        staff.remember_answer("station:7", "k", "{}")
        assert staff.answered("station:7", "k") == "{}"
        assert staff.answered("station:8", "k") is None
    raw = sqlite3.connect(db)
    for statement in (
        "UPDATE record_authors SET who = 'someone else'",
        "DELETE FROM record_authors",
        "DELETE FROM station_tokens",
        "UPDATE idempotent SET answer = ''",
    ):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            raw.execute(statement)
    raw.close()


def test_the_hand_store_still_opens_a_file_the_staff_tables_live_in(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    with open_staff(db) as staff:
        staff.new_station_token("1")
    with open_store(db) as hands:
        assert hands.open_hands() == []
