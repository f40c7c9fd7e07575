"""How much input floorman takes before it refuses, so no input can exhaust time or memory.

A real hand at a live table runs to a few dozen events and a hand file to a
few kilobytes; these limits sit far above anything a table produces and far
below what would slow a dealer's terminal or a floor's printer down.
"""

from typing import Final

MAX_EVENTS_PER_HAND: Final = 5_000
"""Events in one hand, recorded live or read from a file."""

MAX_REPORTED_EVENTS: Final = 1_000
"""Events in one hand that an incident report prints: laying out a timeline costs
about 9 ms and 60 KB an event, so a report of the longest hand a station may fill
would take most of a minute and 400 MB (``benchmarks/bench_report.py``); a longer
hand is refused in one line (its events are still there, to export or show)."""

MAX_EVENT_CHARS: Final = 2_000
"""Characters in one event line (a long ``note`` included)."""

MAX_FILE_BYTES: Final = 4 * 1024 * 1024
"""Bytes in one input file: a hand file, a PHH file, a house rulebook."""

MAX_STEP_CHARS: Final = 2_000
"""Characters in one step text of a rulebook as written; filled in, at most ten times that."""

MAX_SEAT: Final = 99
"""The highest seat number a table may use."""

MAX_CHIPS: Final = 10**15
"""The largest amount of chips (a stack, a blind, a bet) in the smallest unit."""

MAX_ID: Final = 2**63 - 1
"""The largest hand id: what the store's integer key holds."""

MAX_NESTING: Final = 64
"""How deep a hand file, house file or PHH value may nest."""
