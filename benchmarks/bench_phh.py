"""PHH bulk replay speed: floorman against pokerkit's HandHistory on the same files.

Both read every hand from the same PHH text held in memory and play it to
the end: floorman reads the TOML, converts and replays the actions through
its reducer and settles the pots (what ``floorman audit`` does per file);
pokerkit loads a ``HandHistory`` and iterates its states to the last one.
The finishing stacks of the two are compared hand by hand. The files are
the ones floorman plays (NT, FT, PO, FO/8 in whole chips); the best of
``--repeat`` passes counts. Run from the repository root:

    python benchmarks/bench_phh.py [PHH_DIR] [--repeat 3] [--limit N] [--profile]

PHH_DIR defaults to ``$FLOORMAN_PHH_DIR``, else ``shared/data/phh`` beside
the checkout.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any


def data_dir(given: str | None) -> Path:
    if given:
        return Path(given)
    if os.environ.get("FLOORMAN_PHH_DIR"):
        return Path(os.environ["FLOORMAN_PHH_DIR"])
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"


def best_time(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("folder", nargs="?")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=int, default=0, help="use only the first N files")
    parser.add_argument("--profile", action="store_true", help="also time floorman's stages")
    args = parser.parse_args()

    from pokerkit import HandHistory

    from floorman.oddchips import SplitRules
    from floorman.phh import FractionalChips, UnsupportedVariant, import_phh, read_phh
    from floorman.settlement import settle_state

    folder = data_dir(args.folder)
    if not folder.is_dir():
        sys.exit(f"no PHH folder at {folder}")
    texts: list[tuple[str, str]] = []
    for path in sorted(folder.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        try:
            import_phh(read_phh(text))
        except (UnsupportedVariant, FractionalChips):
            continue
        texts.append((str(path.relative_to(folder)), text))
    if args.limit:
        texts = texts[: args.limit]
    rules = SplitRules()

    def floorman_stacks(text: str) -> list[int]:
        imported = import_phh(read_phh(text))
        settled = settle_state(imported.state, rules=rules, dead=imported.dead)
        assert settled is not None
        return list(settled.stacks.values())

    def pokerkit_stacks(text: str) -> list[Any]:
        last = None
        for last in HandHistory.loads(text):  # noqa: B007 - the last state is the answer
            pass
        assert last is not None
        return list(last.stacks)

    def run_floorman() -> None:
        for _, text in texts:
            floorman_stacks(text)

    def run_pokerkit() -> None:
        for _, text in texts:
            pokerkit_stacks(text)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about its own card-dealing choices
        disagree = []
        for name, text in texts:
            ours, theirs = floorman_stacks(text), pokerkit_stacks(text)
            if ours != theirs:
                disagree.append(f"  {name}: floorman {ours}, pokerkit {theirs}")
        ours_time = best_time(run_floorman, args.repeat)
        theirs_time = best_time(run_pokerkit, args.repeat)

    count = len(texts)
    print(
        f"{count} PHH hands from {folder.name}/, best of {args.repeat}; hands replayed per second"
    )
    print(f"{'floorman':>12} {'pokerkit':>12} {'ratio':>8}")
    print(
        f"{count / ours_time:12,.0f} {count / theirs_time:12,.0f} {theirs_time / ours_time:7.1f}x"
    )
    print(f"finishing stacks agree on {count - len(disagree)} of {count} hands")
    for line in disagree:
        print(line)
    if args.profile:
        profile(texts, rules, args.repeat)


def profile(texts: list[tuple[str, str]], rules: Any, repeat: int) -> None:
    """Microseconds per hand in each stage: TOML, conversion with the reducer, the
    reducer alone on the converted events, and the settlement."""
    from floorman.phh import import_phh, read_phh
    from floorman.settlement import settle_state
    from floorman.state import HandState

    datas = [read_phh(text) for _, text in texts]
    imports = [import_phh(data) for data in datas]

    def reducer_only() -> None:
        for imported in imports:
            header = imported.header
            state = HandState(
                seats=header["seats"],
                button=header["button"],
                blinds=header["blinds"],
                ante=header.get("ante", 0),
                game=header["game"],
                betting=header["betting"],
                limit_bets=header.get("limit_bets"),
                min_bet=header.get("min_bet"),
            )
            for number, event in enumerate(imported.events, 1):
                state.apply(event, number)

    def read_only() -> None:
        for _, text in texts:
            read_phh(text)

    def convert() -> None:
        for data in datas:
            import_phh(data)

    def settle_only() -> None:
        for imported in imports:
            settle_state(imported.state, rules=rules, dead=imported.dead)

    stages = {
        "read TOML": read_only,
        "convert + reducer": convert,
        "reducer alone": reducer_only,
        "settle": settle_only,
    }
    count = len(texts)
    events = sum(len(imported.events) for imported in imports) / count
    print(f"floorman stages, microseconds per hand ({events:.1f} events a hand):")
    for name, run in stages.items():
        print(f"  {name:18} {best_time(run, repeat) / count * 1e6:7.1f}")


if __name__ == "__main__":
    main()
