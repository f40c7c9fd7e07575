"""The on-disk cache of checked rulebook files: keyed on content, trusted only in a
private folder, written without following links, and never able to run code."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from floorman.rules import cache, loader
from floorman.rules.schema import RulebookFile

ROOM = RulebookFile.model_validate({"rulebook": "room", "title": "The room"})
ROOM_YAML = """\
rulebook: room
title: The room
extends: rrop
options:
  redeal_burn: false
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder, as floorman makes it."""
    where = tmp_path / "cache"
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(where))
    loader._READS.clear()
    loader._BOOKS.clear()
    loader._SEEN.clear()
    return where


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("room-*.json"))


def _one_entry(folder: Path) -> Path:
    cache.put(folder.parent / "room.yaml", cache.digest(b"room"), ROOM)
    (entry,) = _entries(folder)
    return entry


def test_an_entry_is_used_only_for_the_same_content(folder: Path) -> None:
    path = folder.parent / "room.yaml"
    cache.put(path, cache.digest(b"version 1"), ROOM)
    assert cache.get(path, cache.digest(b"version 1")) == ROOM
    assert cache.get(path, cache.digest(b"version 2")) is None
    assert cache.get(folder.parent / "other.yaml", cache.digest(b"version 1")) is None


def test_an_entry_is_plain_json_data(folder: Path) -> None:
    head, file = [json.loads(line) for line in _one_entry(folder).read_text("utf-8").splitlines()]
    assert head["models"]["RulebookFile"]["defaults"]["abstract"] is False
    assert file == {"@": "RulebookFile", "@s": ["rulebook", "title"], "rulebook": "room",
                    "title": "The room"}  # fmt: skip


def test_an_entry_reads_back_without_pydantic(folder: Path) -> None:
    _one_entry(folder)
    code = (
        "import sys\nfrom pathlib import Path\nfrom floorman.rules import cache\n"
        "book = cache.get(Path(sys.argv[1]), cache.digest(b'room'))\n"
        "print(book.rulebook, book.abstract, book.rules, sorted(book.model_fields_set))\n"
        "print(sorted(name for name in sys.modules if name.startswith('pydantic')))\n"
    )
    env = {**os.environ, "FLOORMAN_CACHE_DIR": str(folder)}
    argv = [sys.executable, "-c", code, str(folder.parent / "room.yaml")]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    assert done.stdout == "room False [] ['rulebook', 'title']\n[]\n"


def test_a_same_size_edit_that_keeps_the_modification_time_is_read_afresh(
    folder: Path, tmp_path: Path
) -> None:
    house = tmp_path / "room.yaml"
    house.write_text(ROOM_YAML, encoding="utf-8")
    code = (
        "import sys\nfrom floorman.rules import load_rulebook\n"
        "print(load_rulebook(sys.argv[1]).options['redeal_burn'])\n"
    )

    def redeal_burn() -> str:
        env = {**os.environ, "FLOORMAN_CACHE_DIR": str(folder)}
        argv = [sys.executable, "-c", code, str(house)]
        return subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout

    assert redeal_burn() == "False\n"
    assert redeal_burn() == "False\n"  # from the cache
    assert _entries(folder)
    before = house.stat()
    house.write_text(ROOM_YAML.replace("false", "true "), encoding="utf-8")
    os.utime(house, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = house.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert redeal_burn() == "True\n"


def test_an_edit_to_an_extended_file_is_read_afresh(folder: Path, tmp_path: Path) -> None:
    base = tmp_path / "base.yaml"
    base.write_text(
        "rulebook: base\ntitle: Base\noptions:\n  redeal_burn: {default: false}\n",
        encoding="utf-8",
    )
    house = tmp_path / "room.yaml"
    house.write_text("rulebook: room\ntitle: The room\nextends: base.yaml\n", encoding="utf-8")
    assert loader.load_rulebook(house).options["redeal_burn"] is False
    before = base.stat()
    base.write_text(base.read_text("utf-8").replace("false", "true "), encoding="utf-8")
    os.utime(base, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert loader.load_rulebook(house).options["redeal_burn"] is True
    loader._READS.clear()
    loader._BOOKS.clear()
    loader._SEEN.clear()
    assert loader.load_rulebook(house).options["redeal_burn"] is True


def test_entries_are_private_to_their_user(folder: Path) -> None:
    entry = _one_entry(folder)
    assert entry.stat().st_mode & 0o777 == 0o600
    assert folder.stat().st_mode & 0o777 == 0o700
    entry.chmod(0o666)
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None


def test_a_folder_others_can_write_to_is_not_used(folder: Path) -> None:
    entry = _one_entry(folder)
    folder.chmod(0o777)
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None
    entry.unlink()
    cache.put(folder.parent / "room.yaml", cache.digest(b"room"), ROOM)
    assert not list(folder.iterdir())


def test_a_folder_of_another_user_is_not_used(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _one_entry(folder)
    monkeypatch.setattr(os, "getuid", lambda: os.stat(folder).st_uid + 1)
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None
    cache.put(folder.parent / "else.yaml", cache.digest(b"room"), ROOM)
    assert not list(folder.glob("else-*"))


def test_a_linked_folder_is_not_used(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _one_entry(folder)
    link = folder.parent / "link"
    link.symlink_to(folder)
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(link))
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None


def test_a_linked_entry_is_not_followed(folder: Path) -> None:
    entry = _one_entry(folder)
    real = folder / "real.json"
    entry.rename(real)
    entry.symlink_to(real)
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None


def test_an_entry_that_is_a_fifo_is_ignored_at_once(folder: Path) -> None:
    entry = _one_entry(folder)
    entry.unlink()
    os.mkfifo(entry, 0o600)
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None


def test_writing_never_follows_a_link_planted_at_the_temporary_name(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _one_entry(folder)
    victim = tmp_path / "victim"
    victim.write_text("keep me", encoding="utf-8")
    monkeypatch.setattr(os, "urandom", lambda n: b"\0" * n)
    monkeypatch.setattr(os, "getpid", lambda: 4242)
    name = f"{_entries(folder)[0].name}"
    (folder / f".{name}.4242.{'00' * 6}.tmp").symlink_to(victim)
    cache.put(folder.parent / "room.yaml", cache.digest(b"another version"), ROOM)
    assert victim.read_text("utf-8") == "keep me"
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) == ROOM


def test_a_failed_write_leaves_the_old_entry_and_no_temporary_file(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _one_entry(folder)

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    cache.put(folder.parent / "room.yaml", cache.digest(b"another version"), ROOM)
    assert [path.name.endswith(".json") for path in folder.iterdir()] == [True]
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) == ROOM


def test_caching_can_be_turned_off_and_failures_are_silent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", "")
    assert cache.cache_dir() is None
    cache.put(tmp_path / "x.yaml", cache.digest(b"x"), ROOM)
    assert cache.get(tmp_path / "x.yaml", cache.digest(b"x")) is None
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(blocker))
    cache.put(tmp_path / "x.yaml", cache.digest(b"x"), ROOM)
    assert cache.get(tmp_path / "x.yaml", cache.digest(b"x")) is None


class _Planted:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch planted",))


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"not json",
        b'{"key": [], "file": {}}',
        b"[1, 2, 3]",
        pickle.dumps((None, _Planted())),
    ],
)
def test_a_damaged_or_foreign_entry_is_ignored_and_runs_nothing(
    folder: Path, damage: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(folder.parent)
    entry = _one_entry(folder)
    entry.write_bytes(damage)
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None
    assert not (folder.parent / "planted").exists()
    assert not [name for name in os.listdir(folder) if name.endswith(".tmp")]


@pytest.mark.parametrize(
    "change",
    [
        lambda file: file.update(colour="red"),
        lambda file: file.update({"@s": [*file["@s"], "colour"], "colour": "red"}),
        lambda file: file.update({"@": "Colour"}),
        lambda file: file.update({"@s": ["rulebook"]}),
    ],
)
def test_an_entry_made_for_other_fields_is_ignored(
    folder: Path, change: Callable[[dict[str, Any]], None]
) -> None:
    entry = _one_entry(folder)
    head, file = entry.read_text("utf-8").splitlines()
    data = json.loads(file)
    change(data)
    entry.write_text(f"{head}\n{json.dumps(data)}", encoding="utf-8")
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None


def test_a_change_to_the_rulebook_models_outdates_every_entry(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    models = tmp_path / "schema.py"
    models.write_text("# the models\n")
    monkeypatch.setattr(cache, "_SOURCES", (models,))
    cache._sources_digest.cache_clear()
    try:
        entry = _one_entry(folder)
        assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) == ROOM
        models.write_text("# the models, with a new field\n")
        cache._sources_digest.cache_clear()
        assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None
        assert entry.exists()
    finally:
        cache._sources_digest.cache_clear()


def test_another_pydantic_outdates_every_entry(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _one_entry(folder)
    monkeypatch.setattr(cache, "pydantic_version", lambda: "2.99.0")
    assert cache.get(folder.parent / "room.yaml", cache.digest(b"room")) is None


def test_a_value_json_cannot_hold_is_not_cached(folder: Path, tmp_path: Path) -> None:
    house = tmp_path / "dated.yaml"
    house.write_text(
        ROOM_YAML
        + "examples:\n  - rule: holdem.premature-turn\n    outcome: none\n"
        + "    hand: {played: 2024-05-01, events: [deal]}\n",
        encoding="utf-8",
    )
    assert loader.load_rulebook(house).name == "room"
    assert not list(folder.glob("dated-*"))


def test_every_shipped_file_reads_back_as_it_was_checked(folder: Path) -> None:
    import yaml

    from floorman._resources import rulebook_dir

    for name in loader.shipped_rulebooks():
        loader.load_rulebook(name)
    for house in sorted((rulebook_dir() / "house").glob("*.yaml")):
        loader.load_rulebook(house.stem)
    files = sorted(rulebook_dir().glob("*.yaml")) + sorted(rulebook_dir().glob("house/*.yaml"))
    assert len(list(folder.glob("*.json"))) == len(files)
    for path in files:
        content = path.read_bytes()
        cached = cache.get(path.resolve(), cache.digest(content))
        fresh = RulebookFile.model_validate(yaml.load(content, Loader=loader.yaml_loader()))
        assert cached is not None
        assert _shape(cached) == _shape(fresh)


def _shape(value: object) -> object:
    """A model tree as plain values, with each model's type and the fields that were set."""
    from pydantic import BaseModel

    from floorman.rules.plain import Plain

    if isinstance(value, BaseModel | Plain):
        names = type(value).model_fields if isinstance(value, BaseModel) else type(value)._fields
        fields = {name: _shape(getattr(value, name)) for name in names}
        return (type(value).__name__, sorted(value.model_fields_set), fields)
    if isinstance(value, list):
        return [_shape(item) for item in value]
    if isinstance(value, dict):
        return [(type(key).__name__, key, _shape(item)) for key, item in value.items()]
    return (type(value).__name__, value)


def test_a_cached_rulebook_builds_no_validators(folder: Path) -> None:
    code = (
        "from floorman.rules import load_rulebook\n"
        "from floorman.rules.schema import RulebookFile\n"
        "book = load_rulebook('rrop')\n"
        "print(len(book.rules) > 10, RulebookFile.__pydantic_complete__)\n"
    )
    env = {**os.environ, "FLOORMAN_CACHE_DIR": str(folder)}
    run = [sys.executable, "-c", code]
    first = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    assert first.stdout == "True True\n"
    again = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    assert again.stdout == "True False\n"


def test_a_look_alike_copies_and_compares_as_its_model_does(folder: Path) -> None:
    import yaml

    from floorman._resources import rulebook_dir
    from floorman.rules.plain import Plain

    path = (rulebook_dir() / "common.yaml").resolve()
    content = path.read_bytes()
    fresh = RulebookFile.model_validate(yaml.load(content, Loader=loader.yaml_loader()))
    cache.put(path, cache.digest(content), fresh)
    cached = cache.get(path, cache.digest(content))
    assert cached is not None
    assert isinstance(cached, Plain)
    assert cached == fresh
    assert fresh == cached
    name, option = next(iter(fresh.options.items()))
    alike = cached.options[name]
    copies = [spec.model_copy(update={"title": "Changed"}) for spec in (option, alike)]
    assert _shape(copies[0]) == _shape(copies[1])
    assert "title" in copies[1].model_fields_set
    assert alike.title != "Changed"
    from floorman.rules.predicates import walk

    rrop = (rulebook_dir() / "rrop.yaml").resolve()
    content = rrop.read_bytes()
    model = RulebookFile.model_validate(yaml.load(content, Loader=loader.yaml_loader()))
    cache.put(rrop, cache.digest(content), model)
    alikes = cache.get(rrop, cache.digest(content))
    assert alikes is not None
    compared = 0
    for rule, alike_rule in zip(model.rules, alikes.rules, strict=True):
        if rule.when is None:
            continue
        for node, alike_node in zip(walk(rule.when), walk(alike_rule.when), strict=True):
            if node.fact is not None:
                assert alike_node.comparator == node.comparator
                compared += 1
    assert compared > 10
