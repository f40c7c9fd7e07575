"""A small on-disk cache of checked rulebook files, so ``floorman check`` starts fast.

A rulebook file that loaded cleanly once is kept as JSON under the user's
cache folder, keyed by its path, size, modification time and the floorman
version; the next process reads that instead of parsing the YAML and
checking its templates again. The cache is best effort: a folder that cannot
be written, or an entry that cannot be read, just means parsing the YAML.
Set ``FLOORMAN_CACHE_DIR`` to move it, or to an empty string to turn it off.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from floorman import __version__

__all__ = ["cache_dir", "get", "put"]


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
    digest = hashlib.sha1(str(path).encode(), usedforsecurity=False).hexdigest()[:16]
    return folder / f"{path.stem}-{digest}.json"


def _key(path: Path, mtime: int, size: int) -> list[Any]:
    return [str(path), mtime, size, __version__]


def get(path: Path, mtime: int, size: int) -> dict[str, Any] | None:
    """The checked data of ``path`` if cached for this very file version."""
    entry = _entry(path)
    if entry is None:
        return None
    try:
        stored = json.loads(entry.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("key") != _key(path, mtime, size):
        return None
    data = stored.get("data")
    return data if isinstance(data, dict) else None


def put(path: Path, mtime: int, size: int, data: dict[str, Any]) -> None:
    """Keep the data of a file that loaded cleanly; silently skip if it cannot be."""
    entry = _entry(path)
    if entry is None:
        return
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        temporary = entry.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"key": _key(path, mtime, size), "data": data}))
        temporary.replace(entry)
    except (OSError, TypeError, ValueError):
        return
