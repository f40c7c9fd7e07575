"""Hearing every write at a table on a PostgreSQL store, whichever server process or
terminal made it: one connection per server process listens (``LISTEN``) on the channel the
store's triggers announce each table on (:data:`floorman.store._schema.ANNOUNCED`), in
a thread of its own.

A lost connection (PostgreSQL restarted, the network down) is made again, a little
later each time up to a few seconds; once listening again, the announcements missed
meanwhile are made good by ``connected`` (the watcher looks at every table again). A
connection that went quiet is asked a ``SELECT 1`` now and then, so one cut without a
word is noticed too. A hot standby takes no ``LISTEN`` (nor are the primary's
announcements sent on to it): the listener says so once, through ``deaf``, and stops,
for the store to be looked at instead.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from floorman.store._backend import masked
from floorman.store._schema import ANNOUNCED

if TYPE_CHECKING:
    import psycopg

__all__ = ["Listener"]

WAIT_SECONDS: Final = 1.0
"""How long one wait for announcements lasts before the listener looks whether it is
told to stop."""
QUIET_SECONDS: Final = 10.0
"""How long the connection may say nothing before it is asked whether it is still there."""
FIRST_PAUSE: Final = 0.2
LONGEST_PAUSE: Final = 5.0
"""How long the listener waits before connecting again: the first time, and at most."""


class Listener:
    """Tells ``heard`` the name of each table written to (``""``: look at every table),
    ``connected`` each time it is listening anew (``True`` the first time), ``failed``
    each failure (its kind and a line to log), and ``deaf`` when the store takes no
    ``LISTEN`` at all (a hot standby), from a thread of its own."""

    def __init__(
        self,
        url: str,
        heard: Callable[[str], None],
        connected: Callable[[bool], None],
        failed: Callable[[str, str], None],
        deaf: Callable[[], None],
    ) -> None:
        self.url = url
        self._heard = heard
        self._connected = connected
        self._failed = failed
        self._deaf = deaf
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="floorman-listen", daemon=True)
        self.connections = 0
        """How many times the listener connected (a test's and the log's view of it)."""

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(WAIT_SECONDS + 5)

    def _run(self) -> None:
        import psycopg

        pause = FIRST_PAUSE
        while not self._stopping.is_set():
            try:
                connection = _connect(self.url)
            except psycopg.Error as error:
                self._failed("listen-connect", f"listening to {masked(self.url)}: {_said(error)}")
                self._stopping.wait(pause)
                pause = min(pause * 2, LONGEST_PAUSE)
                continue
            try:
                connection.execute(f"LISTEN {ANNOUNCED}")
                pause = FIRST_PAUSE
                self.connections += 1
                self._connected(self.connections == 1)
                self._listen(connection)
            except psycopg.errors.ReadOnlySqlTransaction as error:  # the LISTEN, in recovery
                self._failed(
                    "listen-standby",
                    f"listening to {masked(self.url)}: {_said(error)}; "
                    "looking at the store for changes instead",
                )
                self._deaf()
                return
            except psycopg.Error as error:
                self._failed("listen-lost", f"listening to {masked(self.url)}: {_said(error)}")
                self._stopping.wait(pause)
                pause = min(pause * 2, LONGEST_PAUSE)
            finally:
                connection.close()

    def _listen(self, connection: psycopg.Connection[Any]) -> None:
        import time

        quiet_since = time.monotonic()
        while not self._stopping.is_set():
            for announced in connection.notifies(timeout=WAIT_SECONDS):
                quiet_since = time.monotonic()
                self._heard(announced.payload)
            if time.monotonic() - quiet_since >= QUIET_SECONDS:
                connection.execute("SELECT 1")
                quiet_since = time.monotonic()


def _connect(url: str) -> psycopg.Connection[Any]:
    """A connection of its own for listening, which notices a peer gone silent (TCP
    keepalives) on a network connection."""
    options: dict[str, Any] = {
        "autocommit": True,
        "application_name": "floorman listening",
        "keepalives": 1,
        "keepalives_idle": 10,
        "keepalives_interval": 5,
        "keepalives_count": 3,
    }
    import psycopg

    if "connect_timeout" not in psycopg.conninfo.conninfo_to_dict(url):
        options["connect_timeout"] = 10
    return psycopg.connect(url, **options)


def _said(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__
