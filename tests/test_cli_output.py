"""Writing ``-o`` files: whole or not at all, through links and devices, never over a folder."""

from __future__ import annotations

import errno
import os
import stat
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
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        write_output(fifo, b"hand")
        assert os.read(reader, 100) == b"hand"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_pipe_that_nothing_reads_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    with pytest.raises(FloormanError, match=r'-o ".*pipe.pdf": a pipe that nothing reads'):
        write_output(fifo, b"hand")


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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["sheet", "-o", "notes.txt"],
            '-o "notes.txt": this command writes .pdf or .html, not .txt',
        ),
        (
            ["card", "-o", "card.docx"],
            '-o "card.docx": this command writes .pdf or .html, not .docx',
        ),
        (["report", "1", "-o", "x.txt"], '-o "x.txt": this command writes .pdf or .html, not .txt'),
        (["sheet", "--html", "-o", "s.pdf"], '-o "s.pdf": asked for HTML, but the name ends .pdf'),
        (["compare", "rrop", "tda-2024", "-o", "c.html"], "writes .pdf or .txt, not .html"),
        (["drill", "--print", "-o", "quiz.txt"], "writes .pdf or .html, not .txt"),
        (["import", "hand.phh", "-o", "hand.phh"], "writes .yaml, not .phh"),
    ],
)
def test_a_suffix_the_command_cannot_write_is_refused(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hand.phh").write_text(HAND, encoding="utf-8")
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("floorman: -o ")
    assert result.stderr.endswith(f"{message}\n")
    assert result.stderr.count("\n") == 1
    assert sorted(os.listdir(tmp_path)) == ["hand.phh"]  # nothing written


def test_the_suffix_chooses_the_format(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["sheet", "-o", "sheet.html"]).exit_code == 0
    assert (tmp_path / "sheet.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert runner.invoke(app, ["card", "-o", "card.htm"]).exit_code == 0
    assert (tmp_path / "card.htm").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert runner.invoke(app, ["compare", "rrop", "tda-2024", "-o", "c.txt"]).exit_code == 0
    table = (tmp_path / "c.txt").read_text(encoding="utf-8")
    assert table.startswith("Situation ")
    assert "MISDEAL" in table
    assert "\x1b[" not in table
    quiz = ["drill", "--print", "--count", "2", "--seed", "1", "-o", "quiz.html"]
    assert runner.invoke(app, quiz).exit_code == 0
    assert (tmp_path / "quiz.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_export_takes_its_format_from_the_suffix(table_db: Path, tmp_path: Path) -> None:
    seats = ["--seats", "1=100,2=100,3=100"]
    assert runner.invoke(app, ["new", "-t", "1", "--button", "3", *seats]).exit_code == 0
    assert runner.invoke(app, ["add", "deal", "3 fold", "1 fold"]).exit_code == 0
    for name, start in (("h.json", "{"), ("h.phh", "variant = "), ("h.yml", "table: ")):
        assert runner.invoke(app, ["export", "-o", str(tmp_path / name)]).exit_code == 0
        assert (tmp_path / name).read_text(encoding="utf-8").startswith(start)
    clash = runner.invoke(app, ["export", "--format", "yaml", "-o", str(tmp_path / "x.json")])
    assert clash.exit_code == 2
    assert clash.stderr.endswith('x.json": asked for YAML, but the name ends .json\n')
