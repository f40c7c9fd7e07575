"""The stations' posts handed from the event loop to threads of their own and back.

A post blocks on the store, so it runs off the loop. Starlette's
``run_in_threadpool`` (anyio's pool) makes each crossing with a capacity limiter, a
cancel scope and a queue guarded by a condition: about 120 µs of CPU a crossing on
uvloop here. A queue in C, a future of the loop's own and one wake back take under
half of that (``benchmarks/bench_loop.py``). The posts' threads are their own, so a
station never waits behind the reads, sign-ins and documents the shared pool runs.

A post whose caller stops waiting (the connection dropped, the server stopping) is
still carried out, as in anyio's pool: a write half made would be worse than one the
client retries with its ``Idempotency-Key``.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from typing import Final, TypeVar

__all__ = ["POST_THREADS", "Handoff"]

POST_THREADS: Final = 16
"""Threads for the posts, started only as posts wait for one. A post waits on the store
for a dozen statements, each a round trip on PostgreSQL: with the store on another
machine 5 ms away, 60 ms a post, and sixteen threads take some 260 posts a second, a
room of 500 tables posting every 2 seconds. On SQLite a post that finds others writing
joins their commit (``docs/deploy.md``)."""

_Result = TypeVar("_Result")
_Work = tuple[asyncio.AbstractEventLoop, "asyncio.Future[object]", Callable[[], object]]


class Handoff:
    """Up to ``threads`` threads, started as the calls need them, taking calls from one
    queue; each call's outcome is set on its future from the loop's own thread."""

    def __init__(self, threads: int = POST_THREADS, name: str = "floorman-post") -> None:
        self._most = threads
        self._name = name
        self._queue: queue.SimpleQueue[_Work | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._idle = 0
        self._guard = threading.Lock()

    async def run(self, call: Callable[[], _Result]) -> _Result:
        """``call()`` on one of the threads; its result, or what it raised."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[object] = loop.create_future()
        self._queue.put((loop, future, call))
        if self._queue.qsize() > self._idle and len(self._threads) < self._most:
            self._start()
        return await future  # type: ignore[return-value]

    def _start(self) -> None:
        with self._guard:
            if len(self._threads) >= self._most:
                return
            thread = threading.Thread(
                target=self._serve, name=f"{self._name}-{len(self._threads) + 1}", daemon=True
            )
            self._threads.append(thread)
        thread.start()

    def _serve(self) -> None:
        while True:
            with self._guard:
                self._idle += 1
            work = self._queue.get()
            with self._guard:
                self._idle -= 1
            if work is None:
                return
            loop, future, call = work
            try:
                result = call()
            except BaseException as error:  # handed to the caller, which raises it
                _settle(loop, future, None, error)
            else:
                _settle(loop, future, result, None)

    @property
    def threads(self) -> int:
        """The threads started so far."""
        return len(self._threads)

    def close(self, timeout: float = 10.0) -> None:
        """Let each thread finish the call it has, then stop, waiting ``timeout`` seconds
        at most in all (a blocking call). A call made after starts threads again."""
        with self._guard:
            threads, self._threads = self._threads, []
        for _ in threads:
            self._queue.put(None)
        deadline = time.monotonic() + timeout
        for thread in threads:
            if thread is not threading.current_thread():
                thread.join(max(deadline - time.monotonic(), 0.0))


def _settle(
    loop: asyncio.AbstractEventLoop,
    future: asyncio.Future[object],
    result: object,
    error: BaseException | None,
) -> None:
    """From a worker thread: the outcome set on the loop, unless the loop is gone."""

    def settle() -> None:
        if future.done():  # the caller stopped waiting
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    with contextlib.suppress(RuntimeError):  # the loop closed while the call ran
        loop.call_soon_threadsafe(settle)
