"""The hand-state reducer alone: floorman's ``HandState`` against pokerkit's ``State``.

Both start from hands already read from PHH files (no TOML in the timing)
and play every action to the end: floorman reads each event's notation and
applies it to a fresh ``HandState`` (blinds and antes posted from the
header); pokerkit iterates a loaded ``HandHistory``, which builds its
``State`` and applies each action string. Same hands, same run; the best of
``--repeat`` passes counts. Also prints floorman's cost per event kind.
Run from the repository root:

    python benchmarks/bench_reducer.py [PHH_DIR] [--repeat 3] [--limit N]

PHH_DIR defaults to ``$FLOORMAN_PHH_DIR``, else ``shared/data/phh`` beside
the checkout.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections import Counter, defaultdict
from typing import Any

from _timing import best_time, data_dir, fresh_state


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("folder", nargs="?")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=int, default=0, help="use only the first N files")
    args = parser.parse_args()

    from pokerkit import HandHistory

    from floorman.errors import FloormanError
    from floorman.hand.events import parse_event
    from floorman.interchange.phh import import_phh, read_phh

    folder = data_dir(args.folder)
    if not folder.is_dir():
        sys.exit(f"no PHH folder at {folder}")
    hands: list[tuple[dict[str, Any], list[str], Any]] = []
    for path in sorted(folder.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        try:
            imported = import_phh(read_phh(text))
        except FloormanError:
            continue
        hands.append((imported.header, imported.events_text(), HandHistory.loads(text)))
        if args.limit and len(hands) >= args.limit:
            break

    def run_floorman() -> None:
        for header, texts, _ in hands:
            state = fresh_state(header)
            for number, text in enumerate(texts, 1):
                state.apply(parse_event(text, number), number)

    parsed = [[parse_event(text) for text in texts] for _, texts, _ in hands]

    def run_floorman_parsed() -> None:
        for (header, _, _), events in zip(hands, parsed, strict=True):
            state = fresh_state(header)
            for number, event in enumerate(events, 1):
                state.apply(event, number)

    def run_pokerkit() -> None:
        for _, _, history in hands:
            for _state in history:
                pass

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about its own card-dealing choices
        ours = best_time(run_floorman, args.repeat)
        ours_parsed = best_time(run_floorman_parsed, args.repeat)
        theirs = best_time(run_pokerkit, args.repeat)

    count = len(hands)
    events = sum(len(texts) for _, texts, _ in hands)
    print(f"{count} PHH hands ({events / count:.1f} events a hand), best of {args.repeat}")
    print(f"{'':>22} {'floorman':>10} {'pokerkit':>10} {'ratio':>7}")
    print(
        f"{'microseconds a hand':>22} {ours / count * 1e6:10.1f} {theirs / count * 1e6:10.1f}"
        f" {theirs / ours:6.1f}x"
    )
    print(f"{'microseconds an event':>22} {ours / events * 1e6:10.2f}")
    print(
        f"{'events read beforehand':>22} {ours_parsed / count * 1e6:10.1f} {'':>10}"
        f" {theirs / ours_parsed:6.1f}x"
    )

    spent: defaultdict[str, float] = defaultdict(float)
    seen: Counter[str] = Counter()
    clock = time.perf_counter
    for header, texts, _ in hands:
        state = fresh_state(header)
        for number, text in enumerate(texts, 1):
            event = parse_event(text, number)
            began = clock()
            state.apply(event, number)
            spent[event.kind] += clock() - began
            seen[event.kind] += 1
    began = clock()
    for header, _, _ in hands:
        fresh_state(header)
    new_hand = (clock() - began) / count * 1e6
    print(f"floorman per event kind, microseconds (apply only); a new hand {new_hand:.1f}")
    for kind in sorted(spent, key=lambda k: -spent[k] / seen[k]):
        print(f"  {kind:<12} {seen[kind]:>7} {spent[kind] / seen[kind] * 1e6:7.2f}")


if __name__ == "__main__":
    main()
