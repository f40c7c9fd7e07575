"""``floorman undo``, ``next`` and ``table …`` with ``--server``: a terminal takes back,
deals and changes the table through the card room server and reads what the same
command prints on its own store."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from roomserver import Room, Serve, floorman, new_table
from test_cli_remote import _LosesFirstAnswer

FOLDED_ROUND = ["deal", "3 fold", "4 fold", "5 fold", "6 fold", "1 fold"]


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db", ("2",)) as served:
        yield served


def remote(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """A ``floorman`` command as a terminal with no store of its own in reach runs it."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
    return subprocess.run(
        [sys.executable, "-m", "floorman", *args],
        capture_output=True,
        text=True,
        check=False,
        env={**clean, "FLOORMAN_DB": os.devnull + "/none.db", **env},
    )


def both(room: Room, tmp_path: Path, table: str, setup: list[list[str]], *command: str) -> None:
    """``command`` through the server and on a local store that saw the same ``setup``:
    each prints the same, and exits 0."""
    local = tmp_path / f"{table}.db"
    new_table(local, table)
    room.table(table)
    token = room.stations[table]
    for args in setup:
        assert floorman(room.db, *args, "-t", table).returncode == 0
        assert floorman(local, *args, "-t", table).returncode == 0
    through = remote(*command, "-t", table, "--server", room.url, "--token", token)
    here = floorman(local, *command, "-t", table)
    assert through.returncode == 0, through.stderr
    assert here.returncode == 0, here.stderr
    assert same_hand_ids(through.stdout) == same_hand_ids(here.stdout)


def same_hand_ids(text: str) -> str:
    """Output with hand ids left out: the server's store numbers its hands its own way."""
    return re.sub(r"^hand \d+ ", "hand N ", text, flags=re.MULTILINE)


def test_undo_through_the_server_prints_what_a_local_undo_prints(
    room: Room, tmp_path: Path
) -> None:
    both(room, tmp_path, "undo", [["add", "deal", "3 call", "4 call"]], "undo")
    events = room.station("undo").get("/api/tables/undo").json()["events"]
    assert [e["text"] for e in events] == ["deal", "3 call"]


def test_a_mistyped_card_is_put_right_from_a_terminal(room: Room) -> None:
    station = room.table("mistyped")
    token = room.stations["mistyped"]
    flop = [
        "deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check",
        "burn", "flop Ah Kd 7c", "1 check", "2 check", "3 check", "4 check", "burn",
    ]  # fmt: skip
    server = ["--server", room.url, "--token", token, "-t", "mistyped"]
    assert remote("add", *server, *flop, "turn 9s").returncode == 0
    undone = remote("undo", *server)
    assert undone.returncode == 0, undone.stderr
    assert undone.stdout.startswith('undone: event 15 "turn 9s"\n')
    assert remote("add", *server, "turn Qs").returncode == 0
    events = [e["text"] for e in station.get("/api/tables/mistyped").json()["events"]]
    assert events == [*flop, "turn Qs"]


def test_next_through_the_server_prints_what_a_local_next_prints(
    room: Room, tmp_path: Path
) -> None:
    both(room, tmp_path, "next", [["add", *FOLDED_ROUND]], "next", "--sit", "8=200", "--leave", "4")
    table = room.station("next").get("/api/tables/next/state").json()
    assert "8" in table["seats"]
    assert "4" not in table["seats"]
    assert table["events"] == 0 or table["status"] == "in progress"


def test_next_with_force_and_a_bomb_pot_through_the_server(room: Room, tmp_path: Path) -> None:
    both(room, tmp_path, "bomb", [["add", "deal"]], "next", "--force", "--bomb-pot", "5")
    unfinished = remote("next", "-t", "bomb", "--server", room.url, "--token",
                        room.stations["bomb"])  # fmt: skip
    assert unfinished.returncode == 2
    assert "still in progress" in unfinished.stderr
    assert unfinished.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "change",
    [
        ["sit", "8", "200", "--name", "Dana"],
        ["leave", "3"],
        ["sitout", "4"],
        ["rebuy", "5", "50"],
        ["move", "120", "--from", "12", "--name", "Bo"],
        ["seat", "2", "9", "--post"],
        ["level", "2/4", "--ante", "1"],
    ],
    ids=lambda change: change[0],
)
def test_each_table_change_through_the_server_says_what_a_local_one_says(
    room: Room, tmp_path: Path, change: list[str]
) -> None:
    table = f"change-{change[0]}"
    both(room, tmp_path, table, [["add", *FOLDED_ROUND]], "table", *change)
    pending = room.station(table).get(f"/api/tables/{table}/hands").json()["next_hand_changes"]
    assert [c["kind"] for c in pending] == [change[0]]
    assert pending[0]["by"] == f"station:{table}"


def test_back_after_sitting_out_through_the_server(room: Room, tmp_path: Path) -> None:
    both(room, tmp_path, "back", [["add", *FOLDED_ROUND], ["table", "sitout", "4"]],
         "table", "back", "4", "--post")  # fmt: skip


def test_a_change_that_does_not_fit_is_refused_as_locally(room: Room, tmp_path: Path) -> None:
    room.table("taken")
    local = tmp_path / "taken.db"
    new_table(local, "taken")
    through = remote("table", "sit", "3", "100", "-t", "taken", "--server", room.url,
                     "--token", room.stations["taken"])  # fmt: skip
    here = floorman(local, "table", "sit", "3", "100", "-t", "taken")
    assert (through.returncode, here.returncode) == (2, 2)
    assert through.stderr == here.stderr
    assert through.stderr.count("\n") == 1


def test_a_store_and_a_server_together_are_refused(room: Room) -> None:
    for command in (["undo"], ["next"], ["table", "leave", "3"]):
        refused = remote(*command, "-t", "2", "--db", "mine.db", "--server", room.url,
                         "--token", room.stations["2"])  # fmt: skip
        assert refused.returncode == 2
        assert refused.stderr == (
            "floorman: --db and --server: through a server, the server's store is written;"
            " give one\n"
        )


def test_a_station_for_another_table_is_refused_in_one_line(room: Room) -> None:
    room.table("elsewhere")
    refused = remote("undo", "-t", "elsewhere", "--server", room.url, "--token",
                     room.stations["2"])  # fmt: skip
    assert refused.returncode == 2
    assert "station 2 may read only table 2" in refused.stderr
    assert refused.stderr.count("\n") == 1


def test_an_undo_whose_answer_is_lost_takes_back_one_event_once(room: Room) -> None:
    station = room.table("lossy-undo")
    floorman(room.db, "add", "-t", "lossy-undo", "deal", "3 call", "4 call")
    proxy = _LosesFirstAnswer(room.url)
    try:
        undone = remote("undo", "-t", "lossy-undo", "--server", proxy.url, "--token",
                        room.stations["lossy-undo"])  # fmt: skip
    finally:
        proxy.close()
    assert undone.returncode == 0, undone.stderr
    assert proxy.posts == 2
    assert undone.stdout.startswith('undone: event 3 "4 call"\n')
    events = [e["text"] for e in station.get("/api/tables/lossy-undo").json()["events"]]
    assert events == ["deal", "3 call"]
