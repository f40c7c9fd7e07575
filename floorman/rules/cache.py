"""A small on-disk cache of checked rulebook files, so ``floorman check`` starts fast.

A rulebook file that loaded cleanly once is kept, as the checked
:class:`~floorman.rules.schema.RulebookFile` itself, under the user's cache
folder; the next process reads that back instead of parsing the YAML and
validating it again (building pydantic's validators costs more than the rest
of a short check). An entry is keyed by the file's path, size and
modification time, the floorman and pydantic versions and the version of the
rulebook models, so an edited file or a changed model is read afresh.

Entries are pickles, so one is read only when it belongs to this user and
nobody else can write it; the cache is best effort: a folder that cannot be
written, or an entry that cannot be read, just means parsing the YAML. Set
``FLOORMAN_CACHE_DIR`` to move it, or to an empty string to turn it off.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import zlib
from pathlib import Path
from typing import Any

from pydantic import VERSION as PYDANTIC_VERSION

from floorman import __version__
from floorman.rules import schema
from floorman.rules.schema import RulebookFile

__all__ = ["cache_dir", "get", "put"]

_MODELS = Path(schema.__file__)


def cache_dir() -> Path | None:
    """Where cached rulebooks live; ``None`` when caching is off."""
    configured = os.environ.get("FLOORMAN_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "floorman" / "rulebooks"


def _entry(path: Path) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    return folder / f"{path.stem}-{zlib.crc32(str(path).encode()):08x}.pickle"


def _key(path: Path, mtime: int, size: int) -> tuple[Any, ...]:
    try:
        models = _MODELS.stat()
        version = (models.st_mtime_ns, models.st_size)
    except OSError:
        version = (0, 0)
    return (str(path), mtime, size, __version__, version, PYDANTIC_VERSION)


def _owned(descriptor: int) -> bool:
    """Written by this user, and writable by nobody else."""
    info = os.fstat(descriptor)
    getuid = getattr(os, "getuid", None)
    return (getuid is None or info.st_uid == getuid()) and not info.st_mode & 0o022


def get(path: Path, mtime: int, size: int) -> RulebookFile | None:
    """The checked contents of ``path`` if cached for this very file version."""
    entry = _entry(path)
    if entry is None:
        return None
    try:
        with entry.open("rb") as stream:
            if not _owned(stream.fileno()):
                return None
            key, file = pickle.load(stream)
    except Exception:  # a missing, truncated or outdated entry: parse the YAML instead
        return None
    if key != _key(path, mtime, size) or not isinstance(file, RulebookFile):
        return None
    return file


def put(path: Path, mtime: int, size: int, file: RulebookFile) -> None:
    """Keep a file that loaded cleanly; silently skip if it cannot be."""
    entry = _entry(path)
    if entry is None:
        return
    temporary = entry.with_suffix(f".{os.getpid()}.tmp")
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as stream:
            pickle.dump((_key(path, mtime, size), file), stream, pickle.HIGHEST_PROTOCOL)
        temporary.replace(entry)
    except (OSError, pickle.PicklingError):
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
