"""A SQLite store that cannot be written (its disk mounted read-only, as a failing disk
is remounted) is still read, with everything committed to it, a writer's journal
included; a write to it is one line saying it is read-only, and nothing else changes.

The disk is a read-only bind mount of the test's folder, made and unmade by the test
(skipped where mounting is not allowed); root, who may write any file, is stopped by it
as anyone is.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from roomserver import floorman, new_table

from floorman.store.errors import Unavailable
from floorman.store.hands import open_store
from floorman.store.staff import open_staff


@dataclass(frozen=True)
class Disk:
    """One folder, seen through two paths: one to write, one read-only."""

    writable: Path
    read_only: Path


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Disk]:
    writable, read_only = tmp_path / "disk", tmp_path / "read-only"
    writable.mkdir()
    read_only.mkdir()
    for argv in (
        ["mount", "--bind", str(writable), str(read_only)],
        ["mount", "-o", "remount,bind,ro", str(read_only)],
    ):
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            subprocess.run(["umount", str(read_only)], capture_output=True, check=False)
            pytest.skip(f"cannot mount a read-only disk here: {done.stderr.strip()}")
    try:
        yield Disk(writable, read_only)
    finally:
        subprocess.run(["umount", str(read_only)], check=True)


def _texts(db: Path) -> list[str]:
    with open_store(db) as store:
        hand = store.open_hand("7")
        assert hand is not None
        return [record.text for record in store.events(hand.id)]


def _killed_writer(db: Path, texts: list[str]) -> None:
    """A process that appends ``texts`` to the hand at table 7 and is killed before it
    closes the store: what it committed is in the journal beside the store only."""
    script = (
        "import os, signal, sys\n"
        "from floorman.store.hands import open_store\n"
        "store = open_store(sys.argv[1])\n"
        "store.append(store.open_hand('7').id, sys.argv[2:])\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(db), *texts], check=False)
    assert done.returncode == -signal.SIGKILL


def test_a_store_on_a_read_only_disk_is_read_and_refuses_a_write_in_one_line(disk: Disk) -> None:
    new_table(disk.writable / "room.db", "7")
    db = disk.read_only / "room.db"
    assert not os.access(db, os.W_OK)
    with open_store(db) as store:
        hand = store.open_hand("7")
        assert hand is not None
        assert store.events(hand.id) == []
        with pytest.raises(Unavailable, match=r"room\.db: the store is read-only"):
            store.append(hand.id, ["deal"])
    with open_staff(db) as staff, pytest.raises(Unavailable, match="read-only"):
        staff.sign_in("floor", "floor")
    assert sorted(p.name for p in disk.writable.iterdir()) == ["room.db"]


def test_events_a_killed_writer_left_in_the_journal_are_read_from_a_read_only_disk(
    disk: Disk,
) -> None:
    new_table(disk.writable / "room.db", "7")
    _killed_writer(disk.writable / "room.db", ["deal", "note left in the journal"])
    assert (disk.writable / "room.db-wal").stat().st_size > 0
    assert _texts(disk.read_only / "room.db") == ["deal", "note left in the journal"]


def test_a_journal_that_cannot_be_read_on_a_read_only_disk_is_one_line_not_an_older_hand(
    disk: Disk,
) -> None:
    new_table(disk.writable / "room.db", "7")
    _killed_writer(disk.writable / "room.db", ["deal"])
    (disk.writable / "room.db-shm").unlink()
    with pytest.raises(Unavailable, match="read-only and cannot be read"):
        _texts(disk.read_only / "room.db")


def test_the_commands_read_a_read_only_store_and_refuse_to_write_it(disk: Disk) -> None:
    new_table(disk.writable / "room.db", "7")
    db = disk.read_only / "room.db"
    shown = floorman(db, "show", "--table", "7")
    assert shown.returncode == 0, shown.stderr
    assert "hand 1 at table 7, 0 events, in progress" in shown.stdout
    added = floorman(db, "add", "--table", "7", "deal")
    assert added.returncode == 2
    assert (
        added.stderr
        == f"floorman: {db}: the store is read-only (check the rights on the file and its folder)\n"
    )
    assert _texts(disk.writable / "room.db") == []
