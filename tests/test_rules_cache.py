"""The on-disk cache of checked rulebook files."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.rules import cache


def test_an_entry_is_used_only_for_the_same_file_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path))
    path = tmp_path / "room.yaml"
    cache.put(path, 10, 20, {"rulebook": "room"})
    assert cache.get(path, 10, 20) == {"rulebook": "room"}
    assert cache.get(path, 11, 20) is None
    assert cache.get(tmp_path / "other.yaml", 10, 20) is None


def test_caching_can_be_turned_off_and_failures_are_silent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", "")
    assert cache.cache_dir() is None
    cache.put(tmp_path / "x.yaml", 1, 1, {})
    assert cache.get(tmp_path / "x.yaml", 1, 1) is None
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(blocker))
    cache.put(tmp_path / "x.yaml", 1, 1, {})
    assert cache.get(tmp_path / "x.yaml", 1, 1) is None


def test_a_corrupt_entry_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path))
    path = tmp_path / "room.yaml"
    cache.put(path, 1, 1, {"a": 1})
    for entry in tmp_path.glob("room-*.json"):
        entry.write_text("{not json")
    assert cache.get(path, 1, 1) is None
