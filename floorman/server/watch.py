"""Noticing what is recorded, by the server or by any other process writing to the store
(a ``floorman add`` at a terminal): the store's latest record per table is polled,
cheaply, and each table that changed is handed to every listener."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Final

from starlette.concurrency import run_in_threadpool

from floorman.server.room import Room

__all__ = ["POLL_SECONDS", "Watcher"]

POLL_SECONDS: Final = 0.25
_QUEUE: Final = 256


class Watcher:
    """Polls the room and tells each listener the names of the tables that changed."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._listeners: set[asyncio.Queue[str]] = set()
        self._task: asyncio.Task[None] | None = None
        self.stopping = asyncio.Event()

    def listen(self) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(_QUEUE)
        self._listeners.add(queue)
        return queue

    def leave(self, queue: asyncio.Queue[str]) -> None:
        self._listeners.discard(queue)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        self.stopping.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        seen = await run_in_threadpool(self.room.marks)
        while not self.stopping.is_set():
            await asyncio.sleep(POLL_SECONDS)
            try:
                marks = await run_in_threadpool(self.room.marks)
            except Exception:
                continue
            changed = [t for t in set(marks) | set(seen) if marks.get(t) != seen.get(t)]
            seen = marks
            for queue in list(self._listeners):
                for table in changed:
                    try:
                        queue.put_nowait(table)
                    except asyncio.QueueFull:
                        self.leave(queue)
                        break
