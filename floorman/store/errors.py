"""What goes wrong with a store, as the callers catch it.

::

    FloormanError (floorman.errors)
    └── StoreError          the store cannot do what was asked; one line naming the store
        ├── Duplicate       a row kept once (a user's name) was already there
        ├── StoreConflict   the hand changed (another terminal recorded to it) since it
        │                   was read: a writer with a stale view is refused
        ├── AlreadyAnswered a post with this idempotency key was stored before: its answer
        └── Unavailable     the store cannot serve now (unreachable, full, read-only,
            │               busy): the same call later may succeed; the server answers 503
            ├── Disconnected    PostgreSQL: the connection broke before anything was
            │                   committed; the same call on a new connection is safe
            └── OutcomeUnknown  PostgreSQL: the connection broke while committing; only a
                                retry the store recognises (an idempotency key) can tell

Every backend raises these and nothing else, so the commands and the server
handle one tree whichever store a room runs on.
"""

from __future__ import annotations

from floorman.errors import FloormanError

__all__ = [
    "AlreadyAnswered",
    "Disconnected",
    "Duplicate",
    "OutcomeUnknown",
    "StoreConflict",
    "StoreError",
    "Unavailable",
]


class StoreError(FloormanError, RuntimeError):
    """The store cannot do what was asked: no such hand, a table busy with another hand, ..."""


class Duplicate(StoreError):
    """A row the store keeps once (a user's name, ...) was already there: the store refused
    a second, however the writers were interleaved."""


class Unavailable(StoreError):
    """The store cannot serve the call now: it cannot be reached, its disk is full, it is
    read-only or busy. Nothing of a write was kept (unless :class:`OutcomeUnknown`), and
    the same call may succeed later."""


class Disconnected(Unavailable):
    """The connection was broken (the server restarted, the network went) before anything
    of the call was committed: the same call on a new connection is safe."""


class OutcomeUnknown(Unavailable):
    """The connection broke while a transaction was being committed: it may have been
    kept or not, and only a retry the store recognises (an idempotency key) can tell."""


class StoreConflict(StoreError):
    """The hand changed (another terminal recorded to it) since it was read."""


class AlreadyAnswered(StoreError):
    """A post with this idempotency key was stored before: here is the answer it got."""

    def __init__(self, answer: str) -> None:
        super().__init__("already answered")
        self.answer = answer
