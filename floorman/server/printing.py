"""PDFs made a few at a time: laying out a document takes a core for seconds, and the
room's stations must not wait behind a floor that prints. Documents are made one at
a time (:data:`PRINTING_AT_ONCE`), a few more wait their turn, and more than that are
refused at once (503 with ``Retry-After``) rather than queued without end."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Final, TypeVar

from starlette.concurrency import run_in_threadpool

from floorman.server.params import BadRequest

__all__ = ["MOST_WAITING", "PRINTING_AT_ONCE", "Press"]

PRINTING_AT_ONCE: Final = 1
MOST_WAITING: Final = 8
RETRY_SECONDS: Final = 10

_Made = TypeVar("_Made")


class Press:
    """The server's one printing press: what it prints now and what waits for it."""

    def __init__(self) -> None:
        self._turns: asyncio.Semaphore | None = None
        self.waiting = 0

    async def run(self, make: Callable[[], _Made]) -> _Made:
        """``make`` run off the event loop when the press is free."""
        if self.waiting >= MOST_WAITING:
            raise BadRequest(
                503, "the room is printing as much as it can: try again in a moment",
                {"retry-after": str(RETRY_SECONDS)},
            )  # fmt: skip
        if self._turns is None:
            self._turns = asyncio.Semaphore(PRINTING_AT_ONCE)
        self.waiting += 1
        try:
            async with self._turns:
                return await run_in_threadpool(make)
        finally:
            self.waiting -= 1
