"""``floorman import`` and ``floorman audit`` as a floor manager runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from phhdata import SAMPLE_PHH as HAND
from typer.testing import CliRunner

from floorman.cli import app
from floorman.errors import FloormanError
from floorman.interchange.handfile import load_hand

runner = CliRunner()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "deep").mkdir()
    (tmp_path / "deep" / "a.phh").write_text(HAND)
    (tmp_path / "b.phh").write_text(HAND.replace("[180, 0]", "[170, 10]"))
    (tmp_path / "c.phh").write_text(HAND.replace("'NT'", "'NS'"))
    (tmp_path / "notes.txt").write_text("not a hand")
    return tmp_path


def test_import_prints_a_hand_file(tmp_path: Path) -> None:
    source = tmp_path / "hand.phh"
    source.write_text(HAND)
    result = runner.invoke(app, ["import", str(source)])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[:4] == ["game: holdem", "betting: no-limit", "blinds: [1, 2]", "button: 2"]
    assert "  - 2 raise 80" in lines
    assert "  - show 1 Ah Ad" in lines


def test_import_writes_the_file_check_then_settles(tmp_path: Path) -> None:
    source, target = tmp_path / "hand.phh", tmp_path / "hand.yaml"
    source.write_text(HAND)
    result = runner.invoke(app, ["import", str(source), "-o", str(target)])
    assert result.exit_code == 0
    assert result.stdout == ""
    imported = load_hand(target)
    assert imported.seats == {1: 100, 2: 80}
    assert imported.burns == "not-recorded"
    checked = runner.invoke(app, ["check", str(target), "--json"])
    assert json.loads(checked.stdout)["stacks"] == {"1": 180, "2": 0}


def test_import_of_a_bad_file_writes_nothing(tmp_path: Path) -> None:
    source, target = tmp_path / "hand.phh", tmp_path / "hand.yaml"
    source.write_text(HAND.replace("[100, 80]", "[100.5, 80]"))
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "import", str(source), "-o", str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == (
        f"floorman: {source}: starting_stacks: 100.5 is not a whole number of chips\n"
    )
    assert not target.exists()
    assert list(tmp_path.iterdir()) == [source]


def test_import_of_a_missing_file() -> None:
    result = runner.invoke(app, ["import", "no-such.phh"])
    assert result.exit_code == 2
    assert result.stderr == "floorman: no-such.phh: no such file\n"


def test_audit_summarises_and_names_mismatches(folder: Path) -> None:
    result = runner.invoke(app, ["audit", str(folder)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "replayed 2: matched 1, mismatched 1, half chip 0, no finishing stacks 0"
    assert lines[1] == "skipped 1 (NS 1)"
    assert lines[2:] == [
        "mismatched:",
        f"  {folder / 'b.phh'}: p1: file 170, floorman 180; p2: file 10, floorman 0",
    ]
    assert result.stderr == ""  # no progress when stderr is not a terminal


def test_audit_progress_on_request_and_json(folder: Path) -> None:
    result = runner.invoke(app, ["audit", str(folder / "deep"), "--progress", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["matched"] == 1
    assert result.stderr == "\raudit: 1/1 files\n"


def test_audit_of_a_missing_path() -> None:
    result = runner.invoke(app, ["audit", "no-such-folder"])
    assert result.exit_code == 2
    assert "no-such-folder: no such file or folder" in result.stderr


def test_import_error_reaches_the_entry_point_as_a_user_error(tmp_path: Path) -> None:
    source = tmp_path / "hand.phh"
    source.write_text(HAND.replace("'NT'", "'NS'"))
    result = runner.invoke(app, ["import", str(source)])
    assert isinstance(result.exception, FloormanError)
    assert "variant 'NS' is not one floorman plays" in str(result.exception)


def test_audit_reports_a_file_it_cannot_read_and_goes_on(tmp_path: Path) -> None:
    (tmp_path / "good.phh").write_text(HAND)
    (tmp_path / "binary.phh").write_bytes(b"variant = '\xff'\n")
    os.mkfifo(tmp_path / "pipe.phh")
    (tmp_path / "zero.phh").symlink_to("/dev/zero")
    result = runner.invoke(app, ["audit", str(tmp_path)])
    assert result.exit_code == 1
    assert "replayed 1: matched 1" in result.stdout
    failed = result.stdout.split("failed:\n")[1].splitlines()
    assert failed == [
        f"  {tmp_path / 'binary.phh'}: line 1: not UTF-8 text",
        f"  {tmp_path / 'pipe.phh'}: not a regular file",
        f"  {tmp_path / 'zero.phh'}: not a regular file",
    ]


@pytest.mark.parametrize("book", ["rrop", "tda-2024", "wsop-2024"])
def test_a_hand_with_a_player_away_goes_to_phh_and_back(tmp_path: Path, book: str) -> None:
    env = {"FLOORMAN_DB": str(tmp_path / "floorman.db"), "FLOORMAN_TABLE": "1"}

    def ok(*args: str) -> str:
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code == 0, result.output
        return result.stdout

    ok("new", "--button", "3", "--seats", "1=100,2=100,3=100", "--rulebook", book)
    ok("add", "deal; away 2; 3 call; 1 call; burn; flop 2c 3d 4h; 1 check; 3 check; burn")
    ok("add", "turn 5s; 1 check; 3 check; burn; river 9d; 1 check; 3 check")
    ok("add", "show 1 Ah Ad", "show 3 Kh Kd")
    recorded, phh = tmp_path / "away.yaml", tmp_path / "away.phh"
    ok("export", "-o", str(recorded))
    ok("export", "--format", "phh", "-o", str(phh))
    assert "p2 f" in phh.read_text(encoding="utf-8")
    imported = tmp_path / "imported.yaml"
    ok("import", str(phh), "-o", str(imported))
    before = json.loads(ok("check", str(recorded), "--json"))
    after = json.loads(ok("check", str(imported), "--json"))
    assert after == before
    assert after["rulings"][0]["rule"] == f"{book}.away-at-deal"
