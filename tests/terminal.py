"""Running floorman on a pseudo-terminal, to see what a dealer's terminal shows."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def on_terminal(
    *args: str, env: dict[str, str] | None = None, columns: int = 0, stdin: str | None = None
) -> str:
    """What ``floorman ARGS`` prints on a terminal, as the bytes it wrote: 80 columns
    wide by ``COLUMNS``, or as wide as the terminal says with ``columns``; with
    ``stdin``, that text is piped in (answers to a drill, lines to ``live``)."""
    master, slave = pty.openpty()
    os.set_blocking(master, True)
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    if columns:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    else:
        environ["COLUMNS"] = "80"
    environ.update(env or {})
    process = subprocess.Popen(
        [sys.executable, "-m", "floorman", *args],
        stdout=slave,
        stderr=slave,
        stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE,
        cwd=ROOT,
        env=environ,
    )
    os.close(slave)
    if process.stdin is not None:
        process.stdin.write((stdin or "").encode("utf-8"))
        process.stdin.close()
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    process.wait(timeout=60)
    return seen.decode("utf-8").replace("\r\n", "\n")
