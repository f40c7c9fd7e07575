"""``floorman add --server``: a terminal records through the card room server and reads
what ``floorman add`` prints when it records locally."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from roomserver import PREMATURE_TURN, Room, Serve, floorman, new_table


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db", ("2", "7")) as served:
        yield served


def remote(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``floorman add`` as a terminal runs it, with no store of its own in reach."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
    return subprocess.run(
        [sys.executable, "-m", "floorman", "add", *args],
        capture_output=True,
        text=True,
        check=False,
        env={**clean, "FLOORMAN_DB": os.devnull + "/none.db", **env},
    )


def test_events_added_through_the_server_print_what_a_local_add_prints(
    room: Room, tmp_path: Path
) -> None:
    token = room.stations["2"]
    through = remote("--server", room.url, "--token", token, "--table", "2", *PREMATURE_TURN)
    assert through.returncode == 0, through.stderr
    local_db = tmp_path / "local.db"
    new_table(local_db, "2")
    local = floorman(local_db, "add", "--table", "2", *PREMATURE_TURN)
    assert local.returncode == 0, local.stderr
    assert through.stdout == local.stdout
    assert "premature" in through.stdout.lower()
    stored = room.station("2").get("/api/tables/2").json()
    assert [e["text"] for e in stored["events"]] == PREMATURE_TURN
    assert {e["by"] for e in stored["events"]} == {"station 2"}


def test_the_variables_name_the_server_and_token_and_the_table_is_found(room: Room) -> None:
    station = room.table("solo")
    token = room.stations["solo"]
    added = remote("deal", FLOORMAN_SERVER=room.url, FLOORMAN_TOKEN=token)
    assert added.returncode == 0, added.stderr
    assert added.stdout.splitlines()[0].startswith("preflop")
    assert [e["text"] for e in station.get("/api/tables/solo").json()["events"]] == ["deal"]


def test_a_station_for_table_2_cannot_add_to_table_7(room: Room) -> None:
    refused = remote("--server", room.url, "--token", room.stations["2"], "-t", "7", "deal")
    assert refused.returncode == 2
    assert refused.stdout == ""
    assert refused.stderr.count("\n") == 1
    assert "station 2 may read only table 2" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_bad_event_is_refused_as_a_local_add_refuses_it(room: Room, tmp_path: Path) -> None:
    token = room.stations["7"]
    through = remote("--server", room.url, "--token", token, "-t", "7", "9 call")
    local_db = tmp_path / "local.db"
    new_table(local_db, "7")
    local = floorman(local_db, "add", "-t", "7", "9 call")
    assert (through.returncode, local.returncode) == (2, 2)
    assert through.stderr == local.stderr
    assert through.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--token", "not-a-token"], "sign in first, or send a station token (HTTP 401)"),
        ([], "--server needs a token"),
        (["--token", "tøken"], "--token: not a station token"),
    ],
)
def test_a_missing_or_wrong_token_is_one_line(room: Room, args: list[str], says: str) -> None:
    refused = remote("--server", room.url, *args, "-t", "7", "deal")
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1
    assert says in refused.stderr


def test_a_server_that_is_not_there_is_one_line() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    refused = remote("--server", url, "--token", "x", "-t", "7", "deal")
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"floorman: cannot reach the server at {url}: ")
    assert refused.stderr.count("\n") == 1


def test_an_address_that_is_not_a_server_is_one_line() -> None:
    refused = remote("--server", "room.example", "--token", "x", "-t", "7", "deal")
    assert refused.returncode == 2
    assert "--server room.example: give the server's address" in refused.stderr


@pytest.mark.parametrize(
    "spelling",
    [["--db", "mine.db"], ["--db=mine.db", "--four-colour", "--four-colour"]],
    ids=["read-quickly", "read-by-typer"],
)
def test_a_store_and_a_server_together_are_refused_in_one_line(
    room: Room, tmp_path: Path, spelling: list[str]
) -> None:
    token = room.stations["7"]
    before = room.station("7").get("/api/tables/7").json()["events"]
    refused = subprocess.run(
        [sys.executable, "-m", "floorman", "add", "--server", room.url, "--token", token,
         "-t", "7", *spelling, "note both"],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        "floorman: --db and --server: a remote add records in the server's store; give one\n"
    )
    assert not (tmp_path / "mine.db").exists()
    assert room.station("7").get("/api/tables/7").json()["events"] == before


def test_floorman_db_in_the_environment_is_no_conflict_with_a_server(
    room: Room, tmp_path: Path
) -> None:
    local = tmp_path / "local.db"
    added = remote(
        "--server", room.url, "--token", room.stations["7"], "-t", "7", "note from afar",
        FLOORMAN_DB=str(local),
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert not local.exists()
    events = room.station("7").get("/api/tables/7").json()["events"]
    assert events[-1]["text"] == "note from afar"


class _LosesFirstAnswer:
    """A proxy in front of the server that passes the first post on and then drops the
    connection without its answer, as a failing network or proxy does."""

    def __init__(self, target: str) -> None:
        import http.client
        import http.server
        import threading
        from urllib.parse import urlsplit

        self.posts = 0
        proxy = self
        host = urlsplit(target).netloc

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def _forward(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else None
                upstream = http.client.HTTPConnection(host, timeout=30)
                headers = {k: v for k, v in self.headers.items() if k.lower() != "host"}
                upstream.request(self.command, self.path, body=body, headers=headers)
                answer = upstream.getresponse()
                data = answer.read()
                upstream.close()
                if self.command == "POST":
                    proxy.posts += 1
                    if proxy.posts == 1:
                        self.close_connection = True
                        return
                self.send_response(answer.status)
                for name, value in answer.getheaders():
                    if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(name, value)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _forward

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_a_post_whose_answer_is_lost_is_sent_again_and_recorded_once(room: Room) -> None:
    new_table(room.db, "lossy")
    made = floorman(room.db, "station", "token", "lossy")
    proxy = _LosesFirstAnswer(room.url)
    try:
        added = remote("--server", proxy.url, "--token", made.stdout.strip(), "deal", "3 call")
    finally:
        proxy.close()
    assert added.returncode == 0, added.stderr
    assert proxy.posts == 2
    assert added.stdout.endswith("seat 4 to act (100 behind): fold, call 2, raise 4..100\n")
    floor = room.signed_in()
    events = floor.get("/api/tables/lossy").json()["events"]
    assert [event["text"] for event in events] == ["deal", "3 call"]
