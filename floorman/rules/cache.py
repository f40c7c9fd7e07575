"""A small on-disk cache of checked rulebook files, so ``floorman check`` starts fast.

A rulebook file that loaded cleanly once is kept under the user's cache
folder as plain JSON data (:mod:`floorman.rules.plain`); the next process
rebuilds the checked models from it instead of parsing the YAML and
validating it again (building pydantic's validators costs more than the rest
of a short check). Nothing in an entry can run code when it is read.

An entry is keyed on content: a hash of the file's bytes, of the rulebook
models' and this module's source, and the floorman and pydantic versions
(pydantic's read from its version file: reading an entry back imports no
pydantic at all).
An edited file is read afresh even when its size and modification time are
kept; the loader checks every file of an ``extends`` chain this way.

An entry is trusted only as far as its folder: a cache folder that is not
the user's own, that others may write to or that is a symbolic link is not
used at all, and an entry that is not a private regular file of the user's
is ignored. Entries are written to a new private file (``O_EXCL``, never
through a link) and renamed into place, so a reader sees a whole entry or
none. The cache is best effort: whatever goes wrong with it just means
parsing the YAML. Set ``FLOORMAN_CACHE_DIR`` to move it, or to an empty
string to turn it off.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import stat
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from floorman import __version__
from floorman.bounds import MAX_FILE_BYTES
from floorman.rules import plain

if TYPE_CHECKING:
    from floorman.rules.schema import RulebookFile

__all__ = ["cache_dir", "digest", "get", "put", "pydantic_version"]

_SOURCES = (Path(__file__).with_name("schema.py"), Path(plain.__file__), Path(__file__))
"""The code an entry's shape depends on: a change to any of them outdates every entry."""

_OPEN_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_OPEN_ENTRY = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
_SAFE_HERE = os.open in os.supports_dir_fd and hasattr(os, "getuid")
"""Entries are opened relative to the checked folder, never by a path that could
be swapped after the check; without that (or without users) there is no cache."""


def cache_dir() -> Path | None:
    """Where cached rulebooks live; ``None`` when caching is off."""
    configured = os.environ.get("FLOORMAN_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "floorman" / "rulebooks"


def digest(content: bytes) -> str:
    """The hash a file's content is known by."""
    return hashlib.blake2b(content, digest_size=20).hexdigest()


def get(path: Path, content_digest: str) -> RulebookFile | None:
    """The checked contents of the file at ``path`` whose bytes hash to ``content_digest``,
    if they are cached."""
    try:
        with _folder(create=False) as folder:
            if folder is None:
                return None
            descriptor = os.open(_entry_name(path), _OPEN_ENTRY, dir_fd=folder)
            with os.fdopen(descriptor, "rb") as stream:
                info = os.fstat(descriptor)
                if not stat.S_ISREG(info.st_mode) or not _private(info):
                    return None
                if info.st_size > MAX_FILE_BYTES:
                    return None
                head, _, body = stream.read(MAX_FILE_BYTES + 1).partition(b"\n")
        entry = json.loads(head)
        if entry["key"] != _key(content_digest):
            return None
        return plain.from_plain(entry["models"], body.decode("utf-8"))
    except Exception:  # a missing, damaged, outdated or foreign entry: parse the YAML instead
        return None


def put(path: Path, content_digest: str, file: RulebookFile) -> None:
    """Keep a file that loaded cleanly; silently skip if it cannot be.

    An entry is two lines of JSON: its key and the models' description, then
    the file (:mod:`floorman.rules.plain`)."""
    try:
        head = {"key": _key(content_digest), "models": plain.models(type(file))}
        parts = [
            json.dumps(part, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
            for part in (head, plain.to_plain(file))
        ]
    except (TypeError, ValueError):  # a value JSON cannot hold as it is: not cached
        return
    data = "\n".join(parts).encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        return
    name = _entry_name(path)
    temporary = f".{name}.{os.getpid()}.{os.urandom(6).hex()}.tmp"
    with contextlib.suppress(OSError), _folder(create=True) as folder:
        if folder is None:
            return
        descriptor = os.open(temporary, _CREATE, 0o600, dir_fd=folder)
        try:
            with os.fdopen(descriptor, "wb") as stream:
                stream.write(data)
            os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary, dir_fd=folder)
            raise


@contextlib.contextmanager
def _folder(*, create: bool) -> Iterator[int | None]:
    """The cache folder, open, if it is a real folder of the user's that only they can
    write to; ``None`` otherwise."""
    folder = cache_dir()
    if folder is None or not _SAFE_HERE:
        yield None
        return
    if create:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(folder, _OPEN_FOLDER)
    try:
        info = os.fstat(descriptor)
        yield descriptor if stat.S_ISDIR(info.st_mode) and _private(info) else None
    finally:
        os.close(descriptor)


def _private(info: os.stat_result) -> bool:
    """The user's own, and writable by nobody else."""
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def _entry_name(path: Path) -> str:
    """One entry per rulebook path, replaced when the file changes."""
    return f"{path.stem[:40]}-{zlib.crc32(str(path).encode()):08x}.json"


def _key(content_digest: str) -> list[str]:
    return [content_digest, _sources_digest(), __version__, pydantic_version()]


@functools.cache
def pydantic_version() -> str:
    """The installed pydantic's version, read from its version file on the import path
    without importing pydantic; ``?`` when it cannot be read."""
    for folder in sys.path:
        try:
            text = Path(folder or ".", "pydantic", "version.py").read_text("utf-8")
        except (OSError, ValueError):
            continue
        break
    else:
        return "?"
    found = re.search(r"^VERSION = ['\"]([^'\"]+)['\"]", text, re.MULTILINE)
    return found.group(1) if found else "?"


@functools.cache
def _sources_digest() -> str:
    hashed = hashlib.blake2b(digest_size=20)
    for source in _SOURCES:
        try:
            hashed.update(source.read_bytes())
        except OSError:
            hashed.update(b"?")
    return hashed.hexdigest()
