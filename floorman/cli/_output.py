"""Writing the file a command was asked for with ``-o``: whole or not at all.

A regular file is written beside the target and renamed over it, so a
failed or killed run never leaves half a PDF where the last good one was.
Where the system allows (Linux ``O_TMPFILE``) the new file has no name until
it is whole, so even ``kill -9`` leaves nothing behind; elsewhere a hidden
temporary file is removed on any failure, Ctrl-C or ``kill``. A symbolic
link keeps pointing where it did (the file it names is replaced), a device
or a pipe (``/dev/stdout``, ``/dev/full``) is written through, never
replaced, and a folder is refused.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import signal
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from floorman.cli._console import echo
from floorman.errors import FloormanError, shown

__all__ = ["output_format", "write_output"]

_SAME = {"htm": "html", "yml": "yaml"}


def output_format(
    path: Path | str | None, formats: tuple[str, ...], *, wanted: str | None = None
) -> str:
    """The format to write to ``path``: the one its suffix names, among the ``formats``
    the command can write; ``wanted`` (a flag such as ``--html``), else the first of
    ``formats``, for a name without a suffix (``/dev/stdout``) or no ``-o`` at all.

    A suffix the command cannot write, or one that says otherwise than ``wanted``,
    is refused, so ``-o notes.txt`` never quietly holds a PDF.
    """
    if path is None:
        return wanted or formats[0]
    suffix = Path(path).suffix.lower().removeprefix(".")
    if not suffix:
        return wanted or formats[0]
    chosen = _SAME.get(suffix, suffix)
    where = f'-o "{shown(os.fspath(path))}"'
    if chosen not in formats:
        written = " or ".join(f".{name}" for name in formats)
        raise FloormanError(f"{where}: this command writes {written}, not .{suffix}")
    if wanted is not None and chosen != wanted:
        raise FloormanError(f"{where}: asked for {wanted.upper()}, but the name ends .{suffix}")
    return chosen


def write_output(path: Path | str, data: bytes, option: str = "-o") -> None:
    """Put ``data`` at ``path``; a :class:`FloormanError` names ``option`` and the path."""
    text = os.fspath(path)
    if not text:
        raise FloormanError(f"{option} needs a file name")
    where = f'{option} "{shown(text)}"'
    try:
        info: os.stat_result | None = os.stat(text)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise FloormanError(f"{where}: cannot write there: {error.strerror}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise FloormanError(f"{where}: a folder; give a file name")
    try:
        if info is not None and stat.S_ISFIFO(info.st_mode):
            _write_to_pipe(text, data, where)
        elif info is not None and not stat.S_ISREG(info.st_mode):
            _write_through(text, data)
        else:
            mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
            with _terminate_as_exit():
                target = Path(os.path.realpath(text))
                if not _replace_unnamed(target, data, mode):
                    _replace_named(target, data, mode)
    except OSError as error:
        raise FloormanError(f"{where}: cannot write there: {error.strerror or error}") from None


def _write_through(path: str, data: bytes, extra_flags: int = 0) -> None:
    """A device or a pipe: written as it is, never replaced by a file."""
    descriptor = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | extra_flags)
    os.set_blocking(descriptor, True)
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(data)


def _write_to_pipe(path: str, data: bytes, where: str) -> None:
    """A named pipe: written through when something reads it; with no reader yet,
    refused at once instead of waiting for one that may never come."""
    try:
        _write_through(path, data, os.O_NONBLOCK)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise FloormanError(f"{where}: a pipe that nothing reads") from None
        raise


_REAL_FAILURES: frozenset[int] = frozenset(
    {errno.ENOENT, errno.EACCES, errno.ENOTDIR, errno.ENOSPC, errno.EROFS, errno.EDQUOT}
)
"""Failures a named temporary file would meet too: no reason to try one."""


def _replace_unnamed(target: Path, data: bytes, mode: int) -> bool:
    """Through a file with no name until it is whole; ``False``, with nothing left
    behind, where the system cannot make or name one."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag:
        return False
    try:
        descriptor = os.open(target.parent, flag | os.O_WRONLY, 0o600)
    except OSError as error:
        if error.errno in _REAL_FAILURES:
            raise
        return False
    temporary = target.parent / f".{target.name}.{secrets.token_hex(4)}.part"
    with os.fdopen(descriptor, "wb") as stream:
        _fill(stream, data, mode)
        try:
            os.link(f"/proc/self/fd/{descriptor}", temporary, follow_symlinks=True)
        except OSError as error:
            if error.errno in _REAL_FAILURES - {errno.ENOENT}:
                raise
            return False
    _rename(temporary, target)
    return True


def _replace_named(target: Path, data: bytes, mode: int) -> None:
    import tempfile

    descriptor, name = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".part", dir=target.parent
    )
    temporary = Path(name)
    try:
        with os.fdopen(descriptor, "wb") as stream:
            _fill(stream, data, mode)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _rename(temporary, target)


def _fill(stream: BinaryIO, data: bytes, mode: int) -> None:
    stream.write(data)
    stream.flush()
    os.fchmod(stream.fileno(), mode)
    os.fsync(stream.fileno())


def _rename(temporary: Path, target: Path) -> None:
    try:
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


@contextlib.contextmanager
def _terminate_as_exit() -> Iterator[None]:
    """``kill`` (SIGTERM) during the write unwinds like Ctrl-C, so no temporary file stays."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGTERM)

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless one: what a printing command says it wrote.

    >>> counted(1, "page"), counted(3, "hand")
    ('1 page', '3 hands')
    """
    return f"{number} {noun}" + ("" if number == 1 else "s")


def write_html(path: Path | str, page: str) -> None:
    """Write an HTML page asked for with ``-o`` or ``--html``, and say where."""

    write_output(path, page.encode("utf-8"))
    echo(f"wrote {path}")
