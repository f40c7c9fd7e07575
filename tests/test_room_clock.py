"""One clock for the room: a time is shown the same on the web, at the terminal and on the
printed report, in the room's time zone (``FLOORMAN_TIME_ZONE``, ``serve --time-zone``),
the machine's own when none is set."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from pdftext import text_of
from roomserver import PREMATURE_TURN, Room, Serve, floorman

from floorman.vocabulary import TIME_ZONE_VARIABLE, room_time

ZONE = "Asia/Kathmandu"
"""Five hours and forty-five minutes from UTC: no other zone's clock reads the same."""


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db", ("7",)) as served:
        yield served


def test_a_time_reads_the_same_on_the_page_the_terminal_and_the_report(
    room: Room, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(TIME_ZONE_VARIABLE, ZONE)
    station = room.station("7")
    assert station.post("/api/tables/7/events", json={"events": PREMATURE_TURN}).is_success
    events = station.get("/api/tables/7").json()["events"]
    stamp = events[-1]["at"]
    assert stamp.endswith("+00:00"), "the API answers in UTC"
    clock = datetime.fromisoformat(stamp).astimezone(ZoneInfo(ZONE)).strftime("%H:%M:%S")
    assert room_time(stamp) == clock

    floor = room.signed_in()
    page = floor.get("/tables/7").text
    assert "at (+0545)" in page
    assert f"<td>{clock}</td>" in page
    utc = datetime.fromisoformat(stamp).strftime("%H:%M:%S")
    assert f"<td>{utc}</td>" not in page or utc == clock

    log = floorman(room.db, "log", "--table", "7")
    assert log.returncode == 0, log.stderr
    assert f"{clock}  turn 7d" in log.stdout

    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(floor.get("/tables/7/report.pdf").content)
    minute = clock[:5]  # the report gives the minute an event was entered
    assert minute in text_of(pdf)
    printed = floorman(room.db, "report", "1", "-o", str(tmp_path / "printed.pdf"))
    assert printed.returncode == 0, printed.stderr
    assert minute in text_of(tmp_path / "printed.pdf")


def _clean_env(**extra: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
    return {**clean, "PYTHONPATH": str(Path(__file__).resolve().parent.parent), **extra}


def test_a_zone_that_is_not_one_is_one_line(tmp_path: Path) -> None:
    served = subprocess.run(
        [sys.executable, "-m", "floorman", "serve", "--db", str(tmp_path / "room.db"),
         "--port", "0", "--time-zone", "Nowhere/Else"],
        capture_output=True, text=True, check=False, timeout=120, env=_clean_env(),
    )  # fmt: skip
    assert served.returncode == 2
    assert served.stderr.strip() == (
        "floorman: --time-zone 'Nowhere/Else': not a time zone (an IANA name, e.g. Europe/Paris)"
    )
    made = subprocess.run(
        [sys.executable, "-m", "floorman", "new", "--table", "7", "--button", "1",
         "--seats", "1=100,2=100", "--db", str(tmp_path / "hands.db")],
        capture_output=True, text=True, check=False, timeout=120, env=_clean_env(),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    logged = subprocess.run(
        [sys.executable, "-m", "floorman", "log", "--table", "7", "--db",
         str(tmp_path / "hands.db")],
        capture_output=True, text=True, check=False, timeout=120,
        env=_clean_env(FLOORMAN_TIME_ZONE="Mars/Olympus"),
    )  # fmt: skip
    assert logged.returncode == 2
    assert logged.stderr.strip() == (
        "floorman: FLOORMAN_TIME_ZONE='Mars/Olympus': not a time zone (an IANA name,"
        " e.g. Europe/Paris)"
    )


def test_with_no_zone_set_the_clock_is_the_machines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TIME_ZONE_VARIABLE, raising=False)
    stamp = "2026-12-02T20:15:09.120+00:00"
    assert room_time(stamp) == datetime.fromisoformat(stamp).astimezone().strftime("%H:%M:%S")
    monkeypatch.setenv(TIME_ZONE_VARIABLE, "UTC")
    assert room_time(stamp, "%Y-%m-%d %H:%M %Z") == "2026-12-02 20:15 UTC"
