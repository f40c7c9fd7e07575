"""The posts' threads: a call runs off the event loop and its outcome comes back, a
refusal as raised; no more threads than allowed however many posts wait; a post whose
caller stopped waiting is still carried out; and the threads stop with the server."""

from __future__ import annotations

import asyncio
import threading
import time
from functools import partial

import pytest

from floorman.server.handoff import Handoff
from floorman.server.params import BadRequest


def test_a_call_runs_on_a_post_thread_and_its_result_comes_back() -> None:
    handoff = Handoff(threads=2)

    async def call() -> tuple[str, str]:
        loop_thread = threading.current_thread().name
        ran_on = await handoff.run(lambda: threading.current_thread().name)
        return loop_thread, ran_on

    loop_thread, ran_on = asyncio.run(call())
    handoff.close()
    assert ran_on != loop_thread
    assert ran_on.startswith("floorman-post-")


def test_a_refusal_raised_on_the_thread_is_raised_to_the_caller_as_it_was() -> None:
    handoff = Handoff(threads=1)
    refusal = BadRequest(409, "table 7 changed since record 12")

    def refuse() -> None:
        raise refusal

    async def call() -> None:
        await handoff.run(refuse)

    with pytest.raises(BadRequest) as raised:
        asyncio.run(call())
    handoff.close()
    assert raised.value is refusal


def test_no_more_threads_than_allowed_however_many_posts_wait() -> None:
    handoff = Handoff(threads=3)
    at_once = 0
    most = 0
    guard = threading.Lock()

    def write(number: int) -> int:
        nonlocal at_once, most
        with guard:
            at_once += 1
            most = max(most, at_once)
        time.sleep(0.01)
        with guard:
            at_once -= 1
        return number

    async def posts() -> list[int]:
        return list(await asyncio.gather(*(handoff.run(partial(write, n)) for n in range(30))))

    answered = asyncio.run(posts())
    started = handoff.threads
    handoff.close()
    assert answered == list(range(30))
    assert started == 3
    assert most == 3


def test_a_post_whose_caller_stopped_waiting_is_still_carried_out() -> None:
    handoff = Handoff(threads=1)
    stored: list[str] = []
    begun = threading.Event()

    def write(text: str) -> str:
        begun.set()
        time.sleep(0.05)
        stored.append(text)
        return text

    async def dropped_then_another() -> str:
        first = asyncio.ensure_future(handoff.run(lambda: write("1 call")))
        while not begun.is_set():
            await asyncio.sleep(0.001)
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
        return await handoff.run(lambda: write("2 fold"))

    assert asyncio.run(dropped_then_another()) == "2 fold"
    handoff.close()
    assert stored == ["1 call", "2 fold"]


def test_the_threads_stop_when_closed_and_start_again_when_wanted() -> None:
    handoff = Handoff(threads=2)

    async def threads() -> set[threading.Thread]:
        return set(await asyncio.gather(*(handoff.run(threading.current_thread) for _ in range(4))))

    first = asyncio.run(threads())
    handoff.close()
    assert first
    assert not any(thread.is_alive() for thread in first)
    again = asyncio.run(threads())
    handoff.close()
    assert again
    assert not again & first
