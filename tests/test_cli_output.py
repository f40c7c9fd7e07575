"""Writing ``-o`` files: whole or not at all, through links and devices, never over a folder."""

from __future__ import annotations

import errno
import os
import stat
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.cli import _output, app
from floorman.cli._output import write_output
from floorman.errors import FloormanError

runner = CliRunner()
HAND = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AhAd', 'd dh p2 ????', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 6', 'p2 f']
"""


def test_a_regular_file_is_replaced_whole_keeping_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    target.chmod(0o600)
    write_output(target, b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert os.listdir(tmp_path) == ["sheet.pdf"]


def test_a_symbolic_link_stays_and_the_file_it_names_is_written(tmp_path: Path) -> None:
    (tmp_path / "link.pdf").symlink_to("real.pdf")
    write_output(tmp_path / "link.pdf", b"pdf")
    assert (tmp_path / "link.pdf").is_symlink()
    assert (tmp_path / "real.pdf").read_bytes() == b"pdf"
    assert sorted(os.listdir(tmp_path)) == ["link.pdf", "real.pdf"]


def test_a_device_is_written_through_not_replaced() -> None:
    write_output("/dev/null", b"x")
    with pytest.raises(FloormanError, match='-o "/dev/full": cannot write there: No space left'):
        write_output("/dev/full", b"x" * 10_000)
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_pipe_is_written_through(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_output(fifo, b"hand")
    reader.join()
    assert received == [b"hand"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.parametrize(
    ("where", "message"),
    [("", "-o needs a file name"), (".", '-o ".": a folder; give a file name')],
)
def test_a_folder_or_no_name_is_refused(where: str, message: str) -> None:
    with pytest.raises(FloormanError, match=f"^{message}$"):
        write_output(where, b"x")


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "report.pdf"
    target.write_bytes(b"last good")

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(_output.os, failing, full)
    with pytest.raises(FloormanError, match="No space left on device"):
        write_output(target, b"new")
    assert target.read_bytes() == b"last good"
    assert os.listdir(tmp_path) == ["report.pdf"]


def test_export_and_import_with_an_empty_name_or_a_full_device(tmp_path: Path) -> None:
    phh = tmp_path / "hand.phh"
    phh.write_text(HAND)
    for args in (["import", str(phh), "-o", ""], ["import", str(phh), "-o", "/dev/full"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert result.stderr.count("\n") == 1
        assert result.stderr.startswith('floorman: -o "')
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
