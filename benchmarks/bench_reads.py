"""The server's CPU for a table's history, a past hand's page and the table's state, read
from what the server keeps and replayed from the store, side by side in one run.

    python benchmarks/bench_reads.py --hands 50 --repeat 20

Makes a SQLite store in a temporary folder with one table that played ``--hands``
six-handed hands of 31 events (each dealt next, the button moving), and a hand in
progress eight events in. Then, in process (no HTTP), two rooms on that store: one
as the server runs (:class:`floorman.server.room.Room`), and one that keeps nothing
(no table's hand, no past hand drawn), so that each read replays from the store as
every read did before the server kept them. Each call is made ``--repeat`` times in
turn on the two rooms, after one call each to warm them; the CPU time of the
server's thread (user and system) per call, median, is printed for each:

- ``history``: ``Room.history``, the table's page and ``GET /api/tables/T/hands``
  (its latest 50 hands);
- ``history, a post before each``: the same, with an event posted to the hand in
  progress before each call (not timed): the table's own line is drawn again;
- ``past hand``: ``Room.hand_at`` on a hand in the middle of the history;
- ``own hand``: ``Room.hand_at`` on the hand in progress;
- ``state``: ``Room.state``, ``GET /api/tables/T/state``.

Last, the memory a past hand's line of the history and its page hold while kept
(``tracemalloc``, all of them drawn once).
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_room import HAND, HEADER, turned

TABLE = "1"
WHO = "station"


def played(db: str, hands: int) -> None:
    """``hands`` hands played at the table and dealt next, then eight events of one more."""
    from floorman.store.hands import open_store
    from floorman.tables.dealing import start_hand, start_next
    from floorman.tables.hands import add_events

    start_hand(db, TABLE, HEADER, force=True)
    with open_store(db) as store:
        for _ in range(hands):
            hand = store.open_hand(TABLE)
            assert hand is not None
            button = int(hand.header["button"])
            add_events(store, TABLE, [turned(text, button) for text in HAND])
            start_next(store, TABLE, [], force=False)
        hand = store.open_hand(TABLE)
        assert hand is not None
        add_events(store, TABLE, [turned(text, int(hand.header["button"])) for text in HAND[:8]])


def cpu_ms(call: Callable[[], object], before: Callable[[], object] | None = None) -> float:
    """The CPU milliseconds of this thread for one ``call`` (``before`` not counted)."""
    if before is not None:
        before()
    start = time.thread_time()
    call()
    return (time.thread_time() - start) * 1000


def measured(db: str, repeat: int) -> list[tuple[str, float, float]]:
    """Each read's median CPU a call, ms, kept and replayed."""
    from floorman.server.kept import KeptHands
    from floorman.server.room import Room

    kept, replayed = Room(db), Room(db)
    replayed._hands = KeptHands(0, pages=0, lines=0)
    history = kept.history(TABLE)
    assert history is not None
    hands = [line["hand"] for line in history["hands"]]
    past, own = hands[len(hands) // 2], hands[0]
    notes = iter(range(10**6))

    def post(room: Room) -> Callable[[], object]:
        return lambda: room.record(TABLE, [f"note {next(notes)}"], after=None, who=WHO)

    reads: list[tuple[str, Callable[[Room], object], Callable[[Room], object] | None]] = [
        (f"history ({len(hands)} hands)", lambda room: room.history(TABLE), None),
        ("history, a post before each", lambda room: room.history(TABLE), post),
        ("past hand's page", lambda room: room.hand_at(TABLE, past), None),
        ("own hand's page", lambda room: room.hand_at(TABLE, own), None),
        ("state", lambda room: room.state(TABLE), None),
    ]
    found = []
    for label, read, before in reads:
        times: dict[str, list[float]] = {"kept": [], "replayed": []}
        for room in (kept, replayed):
            read(room)  # warm: the kept room draws what it keeps
        for _ in range(repeat):
            for name, room in (("kept", kept), ("replayed", replayed)):
                ahead = None if before is None else before(room)
                times[name].append(cpu_ms(functools.partial(read, room), ahead))
        found.append((label, statistics.median(times["kept"]),
                      statistics.median(times["replayed"])))  # fmt: skip
    return found


def kept_sizes(db: str) -> tuple[int, int, float, float]:
    """How many past hands' lines and pages a fresh room keeps once each is drawn, and the
    kilobytes each holds (``tracemalloc``: what is allocated and not let go)."""
    from floorman.server.room import Room

    room = Room(db)
    room.state(TABLE)  # the rulebook read, the table's hand kept: not counted
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    history = room.history(TABLE)
    lines = tracemalloc.get_traced_memory()[0] - before
    assert history is not None
    before = tracemalloc.get_traced_memory()[0]
    for line in history["hands"][1:]:
        room.hand_at(TABLE, line["hand"])
    pages = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    count_lines, count_pages = len(room._hands.lines), len(room._hands.pages)
    return count_lines, count_pages, lines / count_lines / 1024, pages / count_pages / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "room.db")
        start = time.perf_counter()
        played(db, options.hands)
        print(f"{options.hands} hands played in {time.perf_counter() - start:.1f} s; "
              f"load {os.getloadavg()[0]:.2f} (1-minute average)")  # fmt: skip
        print(f"{'read':<32} {'kept':>9} {'replayed':>9} {'ratio':>7}   "
              f"CPU a call, ms (median of {options.repeat})")  # fmt: skip
        for label, kept, replayed in measured(db, options.repeat):
            print(f"{label:<32} {kept:>9.2f} {replayed:>9.2f} {replayed / kept:>6.1f}x")
        lines, pages, line_kb, page_kb = kept_sizes(db)
        print(f"kept: {lines} past hands' lines, {line_kb:.1f} KB each; "
              f"{pages} past hands' pages, {page_kb:.1f} KB each")  # fmt: skip


if __name__ == "__main__":
    main()
