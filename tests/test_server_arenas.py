"""The server's threads share a few of the C library's heaps: each heap keeps what was
freed in it, so a heap per pool thread holds memory the process never gives back."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pytest

from floorman.cli.arenas import ARENAS

pytestmark = pytest.mark.skipif(
    platform.libc_ver()[0] != "glibc", reason="the heaps counted are glibc's"
)

THREADS = """
import ctypes, sys, threading
from floorman.cli.arenas import fewer_arenas
print(fewer_arenas() if sys.argv[1] == "fewer" else None, flush=True)
ready = threading.Barrier(9)
def work():
    kept = [bytearray(4096) for _ in range(64)]  # from the C library, on this thread
    ready.wait()
    ready.wait()
threads = [threading.Thread(target=work) for _ in range(8)]
for thread in threads:
    thread.start()
ready.wait()
ctypes.CDLL(None).malloc_stats()  # each heap, on standard error
ready.wait()
"""


def heaps(how: str, **env: str) -> tuple[str, int]:
    """What setting the heaps answered, and how many heaps eight threads working at
    once are spread over."""
    done = subprocess.run(
        [sys.executable, "-c", THREADS, how],
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"} | env,
    )
    return done.stdout.strip(), done.stderr.count("Arena ")


def test_eight_threads_at_once_share_the_server_s_few_heaps() -> None:
    assert heaps("fewer") == ("True", ARENAS)


def test_eight_threads_at_once_would_each_take_a_heap_of_their_own() -> None:
    _, spread = heaps("as they are")
    assert spread > ARENAS


def test_an_operator_s_own_setting_is_left_as_it_is() -> None:
    assert heaps("fewer", MALLOC_ARENA_MAX="4") == ("False", 4)
