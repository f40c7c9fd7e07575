"""How many heaps the C library's allocator keeps for ``floorman serve``'s threads.

glibc's allocator gives threads heaps of their own ("arenas"), up to eight per core, so
that threads allocating at once do not queue for one lock. The server's pool runs each
request on one of up to 40 threads, started when the requests come faster and stopped
after ten idle seconds, so over a long run its threads come and go over every heap
allowed, and each heap keeps the memory freed in it for the next thread that lands
there: freed memory the process never gives back, spread over sixteen heaps on two
cores. Its Python threads take turns for the interpreter's lock anyway, so a heap per
thread saves them little waiting. With :data:`ARENAS` heaps a 100-table room's server
kept 3 to 9 MB freed, not 12 to 21, and stood 7 to 9 MB lower over ten minutes
(``benchmarks/README.md``).

An operator's own ``MALLOC_ARENA_MAX`` is left as it is; on another C library, nothing
is changed.
"""

from __future__ import annotations

import ctypes
import os
import platform
from typing import Final

__all__ = ["ARENAS", "fewer_arenas"]

ARENAS: Final = 2
"""Heaps the allocator keeps for the server's threads, the main one included."""
M_ARENA_MAX: Final = -8
"""glibc's ``mallopt`` setting for the most heaps (``<malloc.h>``)."""


def fewer_arenas(arenas: int = ARENAS) -> bool:
    """Let the allocator keep at most ``arenas`` heaps, before the server starts its
    threads; whether it was set."""
    if "MALLOC_ARENA_MAX" in os.environ or platform.libc_ver()[0] != "glibc":
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_ARENA_MAX, arenas))
