"""Floor staff, sign-ins, station tokens and who entered each record, beside the hands,
in a SQLite file and in PostgreSQL alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from stores import refused

from floorman.store.errors import StoreError
from floorman.store.hands import open_store
from floorman.store.passwords import hash_password, verify_password
from floorman.store.staff import open_staff


def test_a_user_is_kept_with_a_hash_and_found_without_regard_to_case(store_url: str) -> None:
    with open_staff(store_url) as staff:
        staff.add_user("Ana", "floor", hash_password("green felt"))
        user, stored = staff.user("ana") or (None, "")
        assert user is not None
        assert (user.name, user.role, user.disabled) == ("Ana", "floor", None)
        assert verify_password("green felt", stored)
        with pytest.raises(StoreError, match="already a user"):
            staff.add_user("ANA", "trainer", hash_password("x" * 8))


def test_a_password_is_never_kept_as_given(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    with open_staff(db) as staff:
        staff.add_user("Ana", "floor", hash_password("green felt"))
        staff.set_password("ana", hash_password("blue felt"))
    assert b"green felt" not in db.read_bytes()
    assert b"blue felt" not in db.read_bytes()


def test_disabling_ends_the_sign_ins_and_keeps_the_user(store_url: str) -> None:
    with open_staff(store_url) as staff:
        staff.add_user("bo", "floor", hash_password("long enough"))
        token, csrf = staff.sign_in("BO", "floor")
        signed = staff.signed_in(token)
        assert signed is not None
        assert (signed.who, signed.role, signed.csrf) == ("BO", "floor", csrf)
        staff.disable("Bo")
        assert staff.signed_in(token) is None
        assert [(u.name, u.disabled is not None) for u in staff.users()] == [("bo", True)]
        assert staff.signed_in("not a token") is None
        with pytest.raises(StoreError, match="no user cy"):
            staff.disable("cy")


def test_a_new_password_replaces_the_old_and_ends_the_sign_ins(store_url: str) -> None:
    with open_staff(store_url) as staff:
        staff.add_user("Ana", "floor", hash_password("green felt"))
        token, _ = staff.sign_in("Ana", "floor")
        station, _ = staff.sign_in("station:7", "station", "7")
        staff.set_password("ANA", hash_password("blue felt"))
        _, stored = staff.user("ana") or (None, "")
        assert verify_password("blue felt", stored)
        assert not verify_password("green felt", stored)
        assert staff.signed_in(token) is None
        assert staff.signed_in(station) is not None
        with pytest.raises(StoreError, match="no user cy"):
            staff.set_password("cy", hash_password("blue felt"))


def test_a_station_token_names_its_table_and_is_kept_as_a_digest(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    with open_staff(db) as staff:
        token = staff.new_station_token("7")
        assert staff.station_table(token) == "7"
        assert staff.station_table(token + "x") is None
    assert token.encode() not in db.read_bytes()


def test_revoking_a_table_refuses_its_tokens_and_ends_its_sign_ins(store_url: str) -> None:
    with open_staff(store_url) as staff:
        first, second = staff.new_station_token("7"), staff.new_station_token("7")
        other = staff.new_station_token("8")
        signed, _ = staff.sign_in("station:7", "station", "7")
        assert staff.revoke_stations("7") == 2
        assert staff.station_table(first) is None
        assert staff.station_table(second) is None
        assert staff.signed_in(signed) is None
        assert staff.station_table(other) == "8"
        assert staff.revoke_stations("7") == 0
        fresh = staff.new_station_token("7")
        assert staff.station_table(fresh) == "7"


def test_records_say_who_entered_them_and_the_staff_records_are_append_only(
    store_url: str,
) -> None:
    with open_store(store_url) as hands:
        hand = hands.start_hand("7", {"button": 1, "seats": {1: 10, 2: 10}})
        added = hands.append(hand.id, ["deal", "note hi"])
    with open_staff(store_url) as staff:
        staff.note_authors([added[0].id], "station:7")
        assert staff.authors(r.id for r in added) == {added[0].id: "station:7"}
        staff.new_station_token("7")
        staff.revoke_stations("7")
        staff.add_user("Ana", "floor", hash_password("green felt"))
        staff.set_password("Ana", hash_password("blue felt"))
        staff.remember_answer("station:7", "k", "{}")
        assert staff.answered("station:7", "k") == "{}"
        assert staff.answered("station:8", "k") is None
    for statement in (
        "UPDATE record_authors SET who = 'someone else'",
        "DELETE FROM record_authors",
        "DELETE FROM station_tokens",
        "DELETE FROM station_revoked",
        "UPDATE staff_passwords SET password = ''",
        "UPDATE idempotent SET answer = ''",
    ):
        assert "append-only" in refused(store_url, statement)


def test_the_hand_store_still_opens_a_store_the_staff_tables_live_in(store_url: str) -> None:
    with open_staff(store_url) as staff:
        staff.new_station_token("1")
    with open_store(store_url) as hands:
        assert hands.open_hands() == []


def test_a_second_row_of_a_name_kept_once_is_refused_as_a_duplicate(store_url: str) -> None:
    from floorman.store._backend import open_database
    from floorman.store._sqlite import Duplicate

    database = open_database(store_url)
    try:
        insert = "INSERT INTO staff_users (name, role, password, created) VALUES (?, ?, ?, ?)"
        database.rows(insert, ("Ana", "floor", "x", "2026-01-01T00:00:00"))
        with pytest.raises(Duplicate):
            database.rows(insert, ("ANA", "floor", "x", "2026-01-01T00:00:00"))
    finally:
        database.close()


@pytest.mark.slow
def test_the_same_user_added_twice_at_once_is_kept_once_and_refused_in_one_line(
    store_url: str,
) -> None:
    import subprocess
    import sys
    import threading

    for round_ in range(5):
        answers: list[subprocess.CompletedProcess[str]] = []

        def add(name: str, answers: list[subprocess.CompletedProcess[str]] = answers) -> None:
            answers.append(
                subprocess.run(
                    [sys.executable, "-m", "floorman", "users", "add", name, "--role", "floor",
                     "--db", store_url],
                    input="long enough\n", capture_output=True, text=True, check=False,
                )
            )  # fmt: skip

        adding = [
            threading.Thread(target=add, args=(name,)) for name in (f"sam{round_}", f"SAM{round_}")
        ]
        for thread in adding:
            thread.start()
        for thread in adding:
            thread.join()
        assert sorted(a.returncode for a in answers) == [0, 2]
        refused = next(a for a in answers if a.returncode == 2)
        assert refused.stderr.startswith("floorman: there is already a user ")
        assert len(refused.stderr.splitlines()) == 1
    with open_staff(store_url) as staff:
        assert sorted(u.name.lower() for u in staff.users()) == [f"sam{n}" for n in range(5)]


def test_a_rehash_keeps_the_password_and_the_sign_ins(store_url: str) -> None:
    with open_staff(store_url) as staff:
        staff.add_user("Ana", "floor", "scrypt$16384$8$1$old$old")
        token, _ = staff.sign_in("Ana", "floor")
        staff.rehash_password("ana", hash_password("green felt"))
        _, stored = staff.user("Ana") or (None, "")
        assert verify_password("green felt", stored)
        assert staff.signed_in(token) is not None
