"""The server's press: documents made one at a time, a few waiting their turn, and
any more refused at once with a 503 that says when to come back."""

from __future__ import annotations

import asyncio
import threading

import pytest

from floorman.server.params import BadRequest
from floorman.server.printing import MOST_WAITING, PRINTING_AT_ONCE, Press


def test_the_press_makes_one_document_at_a_time_and_refuses_past_its_queue() -> None:
    async def scenario() -> list[int]:
        press = Press()
        release = threading.Event()
        printing = 0
        most = 0
        lock = threading.Lock()

        def make() -> int:
            nonlocal printing, most
            with lock:
                printing += 1
                most = max(most, printing)
            release.wait()
            with lock:
                printing -= 1
            return most

        jobs = [asyncio.ensure_future(press.run(make)) for _ in range(MOST_WAITING)]
        while press.waiting < MOST_WAITING:
            await asyncio.sleep(0)
        with pytest.raises(BadRequest) as refused:
            await press.run(make)
        assert refused.value.status == 503
        assert refused.value.headers["retry-after"] == "10"
        release.set()
        done = await asyncio.gather(*jobs)
        assert press.waiting == 0
        return done

    assert max(asyncio.run(scenario())) == PRINTING_AT_ONCE
