"""Sign-in against guessing: a wait that doubles with each wrong password (429 with
Retry-After), by name and by address, a lock after many that a floor manager lifts,
and expired sign-ins purged."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from roomserver import PASSWORD, Room, Serve, floorman, login_csrf

from floorman.server.throttle import LOCK_AFTER
from floorman.store.staff import open_staff


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db") as served:
        yield served


def _try(client: httpx.Client, name: str, password: str) -> httpx.Response:
    csrf = login_csrf(client)
    return client.post("/login", data={"name": name, "password": password, "csrf": csrf})


def _user(room: Room, name: str) -> None:
    made = floorman(room.db, "users", "add", name, "--role", "floor", stdin=PASSWORD + "\n")
    assert made.returncode == 0, made.stderr


def test_wrong_passwords_make_the_next_try_wait_even_with_the_right_one(room: Room) -> None:
    _user(room, "guessed")
    client = room.client()
    for _ in range(5):
        assert _try(client, "guessed", "wrong guess").headers["location"] == "/login?message=bad"
    refused = _try(client, "guessed", PASSWORD)
    assert refused.status_code == 429
    wait = int(refused.headers["retry-after"])
    assert 1 <= wait <= 2
    assert f"wait {wait} seconds" in refused.text
    assert "floorman_session" not in refused.headers.get("set-cookie", "")
    time.sleep(wait + 0.2)
    assert _try(client, "guessed", PASSWORD).headers["location"] == "/"
    assert _try(client, "guessed", "wrong again").headers["location"] == "/login?message=bad"
    assert _try(client, "guessed", PASSWORD).headers["location"] == "/"  # signing in cleared it


def test_a_name_wrong_too_often_today_is_locked_until_a_floor_manager_unlocks_it(
    room: Room,
) -> None:
    _user(room, "locked")
    with open_staff(str(room.db)) as staff:
        for _ in range(LOCK_AFTER):
            staff.failed_sign_in("LOCKED", "192.0.2.7")
    refused = _try(room.client(), "locked", PASSWORD)
    assert refused.status_code == 429
    assert "floorman users unlock NAME" in refused.text
    unlocked = floorman(room.db, "users", "unlock", "Locked")
    assert unlocked.returncode == 0, unlocked.stderr
    assert unlocked.stdout.startswith("unlocked Locked")
    assert _try(room.client(), "locked", PASSWORD).headers["location"] == "/"
    assert floorman(room.db, "users", "unlock", "nobody").stderr == "floorman: no user nobody\n"


def test_an_address_guessing_many_names_waits_too(room: Room) -> None:
    with open_staff(str(room.db)) as staff:
        for number in range(25):
            staff.failed_sign_in(f"name{number}", "127.0.0.1")
    refused = _try(room.client(), "floor", PASSWORD)
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    with open_staff(str(room.db)) as staff:
        staff.clear_sign_in_failures("floor")
        staff.purge_sessions()


def test_expired_sign_ins_are_purged(room: Room) -> None:
    from floorman.store._backend import open_database

    database = open_database(room.db)
    try:
        with database.write():
            database.rows(
                "INSERT INTO staff_sessions (token, who, role, table_name, csrf, expires) "
                "VALUES ('old', 'floor', 'floor', NULL, 'x', '2020-01-01T00:00:00+00:00')"
            )
    finally:
        database.close()
    with open_staff(str(room.db)) as staff:
        assert staff.purge_sessions() >= 1
        assert staff.purge_sessions() == 0


def test_wrong_station_tokens_never_lock_out_the_stations() -> None:
    """A token has no name: wrong ones count against the address alone, so a guesser
    cannot lock every station out of signing in for the day."""
    from datetime import UTC, datetime

    from floorman.server.throttle import refusal
    from floorman.store.staff import Failures

    now = datetime.now(UTC)
    many = Failures(LOCK_AFTER + 5, now, 0, None)
    assert refusal(many, many, now, named=False) is None
    assert refusal(many, many, now) is not None
