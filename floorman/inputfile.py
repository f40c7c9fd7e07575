"""Reading a file a user names: a regular file only, of bounded size, as UTF-8 text.

A FIFO or ``/dev/zero`` named ``hand.phh`` would hang a command or fill
its memory, so only a regular file is read, and no more than
:data:`~floorman.bounds.MAX_FILE_BYTES` of it. Every refusal is a
:class:`InputFileError` naming the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from floorman.bounds import MAX_FILE_BYTES
from floorman.errors import FloormanError, shown

__all__ = ["InputFileError", "read_input"]

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
"""Opening a FIFO without a writer must not wait for one."""


class InputFileError(FloormanError, ValueError):
    """A file that cannot be read as input; the message names it."""


def read_input(path: str | Path) -> str:
    """The text of ``path``; :class:`InputFileError` names the file if it cannot be read."""
    name = shown(os.fsdecode(path))
    try:
        descriptor = os.open(path, _FLAGS)
    except FileNotFoundError:
        raise InputFileError(f"{name}: no such file") from None
    except OSError as error:
        raise InputFileError(f"{name}: cannot read it: {error.strerror}") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise InputFileError(f"{name}: a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise InputFileError(f"{name}: not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise InputFileError(f"{name}: {_too_big(info.st_size)}")
        data = _read_at_most(descriptor, MAX_FILE_BYTES + 1)
    except OSError as error:
        raise InputFileError(f"{name}: cannot read it: {error.strerror}") from None
    finally:
        os.close(descriptor)
    if len(data) > MAX_FILE_BYTES:
        raise InputFileError(f"{name}: {_too_big(len(data))}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputFileError(f"{name} line {line}: not UTF-8 text") from None


def _read_at_most(descriptor: int, most: int) -> bytes:
    chunks: list[bytes] = []
    left = most
    while left > 0:
        chunk = os.read(descriptor, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _too_big(size: int) -> str:
    return f"more than {MAX_FILE_BYTES:,} bytes ({size:,}): not a file floorman reads"
