"""A throwaway PostgreSQL cluster for the tests and benchmarks: made in a temporary folder,
reached only through a unix socket in it, a fresh database per test, stopped at the end.
Its superuser signs in with :data:`PASSWORD`, so a wrong password is refused as a real
server refuses it.

initdb refuses to run as root, so as root the cluster is made and run by Debian's
``postgres`` user, the folder handed to it.
"""

from __future__ import annotations

import getpass
import glob
import itertools
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType
from urllib.parse import quote

__all__ = ["PASSWORD", "Cluster", "binaries", "cluster", "standby"]

PASSWORD = "throwaway-felt"


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl, if PostgreSQL is installed."""
    found = shutil.which("pg_config")
    if found:
        with suppress(OSError, subprocess.SubprocessError):
            folder = subprocess.run(
                [found, "--bindir"], capture_output=True, text=True, check=True
            ).stdout.strip()
            if (Path(folder) / "initdb").exists():
                return Path(folder)
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


class Cluster:
    """A running cluster: URLs of fresh databases in it."""

    def __init__(self, socket: Path, superuser: str, bindir: Path, data: Path) -> None:
        self.socket = socket
        self.superuser = superuser
        self.bindir = bindir
        self.data = data
        self._names = itertools.count(1)
        self.options = ""
        """The server's options (``pg_ctl -o``), for starting it again."""

    def restart(self) -> None:
        """Restart the server (fast: every connection to it is cut) and wait until it is up."""
        subprocess.run(
            _as_owner([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
                       str(self.data.parent / "log"), "-m", "fast", "-w", "-t", "120",
                       "restart"]),
            check=True, capture_output=True,
        )  # fmt: skip

    def stop(self) -> None:
        """Stop the server (fast: every connection to it is cut) until :meth:`start`."""
        self._ctl("stop")

    def start(self) -> None:
        """Start the server stopped by :meth:`stop` with the options it first ran with."""
        self._ctl("start", "-o", self.options)

    def _ctl(self, action: str, *more: str) -> None:
        subprocess.run(
            _as_owner([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
                       str(self.data.parent / "log"), "-m", "fast", "-w", "-t", "120",
                       *more, action]),
            check=True, capture_output=True,
        )  # fmt: skip

    def url(
        self, database: str = "postgres", password: str = PASSWORD, user: str | None = None
    ) -> str:
        """The URL of ``database``, signed in as ``user`` (default: the superuser)."""
        host = quote(str(self.socket), safe="")
        return f"postgresql://{user or self.superuser}:{password}@/{database}?host={host}"

    def fresh(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        name = f"store_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def caught_up(self, primary: Cluster) -> None:
        """Wait until this standby has replayed everything ``primary`` has written so far."""
        import psycopg

        with psycopg.connect(primary.url(), autocommit=True) as writing:
            found = writing.execute("SELECT pg_current_wal_lsn()::text").fetchone()
        assert found is not None
        with psycopg.connect(self.url(), autocommit=True) as reading:
            for _ in range(1200):
                done = reading.execute(
                    "SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", (found[0],)
                ).fetchone()
                if done is not None and done[0]:
                    return
                time.sleep(0.05)
        raise AssertionError(f"the standby did not replay the primary's log up to {found[0]}")


def _interrupted(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def _as_owner(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextmanager
def cluster(bindir: Path) -> Iterator[Cluster]:
    """Start a cluster for the duration; it is stopped (fast) on the way out, however left."""
    root = Path(tempfile.mkdtemp(prefix="floorman-pg-"))
    data, socket = root / "data", root / "socket"
    socket.mkdir()
    superuser = "postgres" if os.geteuid() == 0 else getpass.getuser()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(socket, "postgres")
    log = root / "log"
    secret = root / "password"
    secret.write_text(PASSWORD + "\n", encoding="utf-8")
    if os.geteuid() == 0:
        shutil.chown(secret, "postgres")
    started = False
    stopping = threading.current_thread() is threading.main_thread()
    if stopping:  # a run told to end (SIGTERM) unwinds like Ctrl-C, and stops the cluster
        before = signal.signal(signal.SIGTERM, _interrupted)
    try:
        subprocess.run(
            _as_owner(
                [str(bindir / "initdb"), "-D", str(data), "-U", superuser, "-A", "scram-sha-256",
                 "--pwfile", str(secret), "--no-sync", "-E", "UTF8", "--locale", "C"]
            ),
            check=True, capture_output=True,
        )  # fmt: skip
        options = (
            f"-k {socket} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
            "-c full_page_writes=off -c max_connections=200"
        )
        subprocess.run(
            _as_owner(
                [str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options,
                 "-w", "-t", "120", "start"]
            ),
            check=True, capture_output=True,
        )  # fmt: skip
        started = True
        running = Cluster(socket, superuser, bindir, data)
        running.options = options
        yield running
    finally:
        if started:
            subprocess.run(
                _as_owner([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
                capture_output=True,
                check=False,
            )
        shutil.rmtree(root, ignore_errors=True)
        if stopping:
            signal.signal(signal.SIGTERM, before)


@contextmanager
def standby(primary: Cluster) -> Iterator[Cluster]:
    """A hot standby of ``primary`` for the duration: a copy of it that replays its log as
    it is written and takes no writes of its own (as a standby a room reads from does)."""
    root = Path(tempfile.mkdtemp(prefix="floorman-pg-standby-"))
    data, socket = root / "data", root / "socket"
    socket.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(socket, "postgres")
    started = False
    try:
        subprocess.run(
            _as_owner([str(primary.bindir / "pg_basebackup"), "-h", str(primary.socket),
                       "-U", primary.superuser, "-D", str(data), "-R", "-X", "stream",
                       "-c", "fast"]),
            env={**os.environ, "PGPASSWORD": PASSWORD}, check=True, capture_output=True,
        )  # fmt: skip
        options = f"-k {socket} -c listen_addresses='' -c hot_standby=on -c max_connections=200"
        subprocess.run(
            _as_owner([str(primary.bindir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"),
                       "-o", options, "-w", "-t", "120", "start"]),
            check=True, capture_output=True,
        )  # fmt: skip
        started = True
        running = Cluster(socket, primary.superuser, primary.bindir, data)
        running.options = options
        yield running
    finally:
        if started:
            subprocess.run(
                _as_owner([str(primary.bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w",
                           "stop"]),
                capture_output=True, check=False,
            )  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)
