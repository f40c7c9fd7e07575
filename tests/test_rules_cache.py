"""The on-disk cache of checked rulebook files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from floorman.rules import cache
from floorman.rules.schema import RulebookFile

ROOM = RulebookFile.model_validate({"rulebook": "room", "title": "The room"})


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("room-*.pickle"))


def test_an_entry_is_used_only_for_the_same_file_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path))
    path = tmp_path / "room.yaml"
    cache.put(path, 10, 20, ROOM)
    assert cache.get(path, 10, 20) == ROOM
    assert cache.get(path, 11, 20) is None
    assert cache.get(tmp_path / "other.yaml", 10, 20) is None


def test_an_entry_is_private_to_its_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path))
    path = tmp_path / "room.yaml"
    cache.put(path, 1, 1, ROOM)
    (entry,) = _entries(tmp_path)
    assert entry.stat().st_mode & 0o777 == 0o600
    entry.chmod(0o666)
    assert cache.get(path, 1, 1) is None


def test_caching_can_be_turned_off_and_failures_are_silent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", "")
    assert cache.cache_dir() is None
    cache.put(tmp_path / "x.yaml", 1, 1, ROOM)
    assert cache.get(tmp_path / "x.yaml", 1, 1) is None
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(blocker))
    cache.put(tmp_path / "x.yaml", 1, 1, ROOM)
    assert cache.get(tmp_path / "x.yaml", 1, 1) is None


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05K\x01."])
def test_a_corrupt_entry_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes
) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path))
    path = tmp_path / "room.yaml"
    cache.put(path, 1, 1, ROOM)
    (entry,) = _entries(tmp_path)
    entry.write_bytes(damage)
    assert cache.get(path, 1, 1) is None
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_a_change_to_the_rulebook_models_outdates_every_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path))
    models = tmp_path / "schema.py"
    models.write_text("# the models\n")
    monkeypatch.setattr(cache, "_MODELS", models)
    path = tmp_path / "room.yaml"
    cache.put(path, 1, 1, ROOM)
    assert cache.get(path, 1, 1) == ROOM
    models.write_text("# the models, with a new field\n")
    assert cache.get(path, 1, 1) is None


def test_another_pydantic_outdates_every_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path))
    path = tmp_path / "room.yaml"
    cache.put(path, 1, 1, ROOM)
    monkeypatch.setattr(cache, "PYDANTIC_VERSION", "2.99.0")
    assert cache.get(path, 1, 1) is None


def test_every_shipped_file_reads_back_as_it_was_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import yaml

    from floorman._resources import rulebook_dir
    from floorman.rules.loader import (
        _load_cached,
        _Loader,
        _read_cached,
        load_rulebook,
        shipped_rulebooks,
    )

    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path))
    _read_cached.cache_clear()
    _load_cached.cache_clear()
    for name in shipped_rulebooks():
        load_rulebook(name)
    files = sorted(rulebook_dir().glob("*.yaml"))
    assert len(list(tmp_path.glob("*.pickle"))) == len(files)
    for path in files:
        stat = path.resolve().stat()
        cached = cache.get(path.resolve(), stat.st_mtime_ns, stat.st_size)
        fresh = RulebookFile.model_validate(yaml.load(path.read_text(), Loader=_Loader))
        assert cached == fresh
