"""PHH bulk replay speed: floorman against pokerkit's HandHistory on the same files.

Both read every hand from the same PHH text held in memory and play it to
the end: floorman reads the TOML, converts the actions into its events,
replays them through its reducer and settles the pots (what ``floorman
audit`` does per file); pokerkit loads a ``HandHistory`` and iterates its
states to the last one. The finishing stacks of the two are compared hand by
hand. The files are the ones floorman plays (NT, FT, PO, FO/8 in whole
chips).

Passes of the two take turns (``--repeat`` of each) and the best of each
counts, so a busy moment on the machine does not fall on one side only.
Each side also runs a first pass in a fresh process (the best of three such
processes), where nothing is yet remembered from earlier hands (floorman
keeps, for instance, the header lines and starting states of a table's
hands) and one-time tables are still to build. Run from the repository root:

    python benchmarks/bench_phh.py [PHH_DIR] [--repeat 5] [--limit N] [--profile]

PHH_DIR defaults to ``$FLOORMAN_PHH_DIR``, else ``shared/data/phh`` beside
the checkout.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _timing import best_time, data_dir, fresh_state


def playable(folder: Path, limit: int) -> list[tuple[str, str]]:
    """(name, text) of every PHH file floorman plays, in name order."""
    from floorman.interchange.phh import FractionalChips, UnsupportedVariant, import_phh, read_phh

    texts: list[tuple[str, str]] = []
    for path in sorted(folder.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        try:
            import_phh(read_phh(text))
        except (UnsupportedVariant, FractionalChips):
            continue
        texts.append((str(path.relative_to(folder)), text))
    return texts[:limit] if limit else texts


def floorman_stacks(text: str) -> list[int]:
    from floorman.interchange.phh import import_phh, read_phh
    from floorman.showdown.oddchips import SplitRules
    from floorman.showdown.settlement import settle_state

    imported = import_phh(read_phh(text))
    settled = settle_state(imported.state, rules=SplitRules(), dead=imported.dead)
    assert settled is not None
    return list(settled.stacks.values())


def pokerkit_stacks(text: str) -> list[Any]:
    from pokerkit import HandHistory

    last = None
    for last in HandHistory.loads(text):  # noqa: B007 - the last state is the answer
        pass
    assert last is not None
    return list(last.stacks)


def replayer(library: str) -> Callable[[list[tuple[str, str]]], None]:
    """One pass over the hands with ``library`` (``floorman`` or ``pokerkit``)."""
    if library == "floorman":
        from floorman.interchange.phh import import_phh, read_phh
        from floorman.showdown.oddchips import SplitRules
        from floorman.showdown.settlement import settle_state

        rules = SplitRules()

        def run_floorman(texts: list[tuple[str, str]]) -> None:
            for _, text in texts:
                imported = import_phh(read_phh(text))
                settle_state(imported.state, rules=rules, dead=imported.dead)

        return run_floorman
    from pokerkit import HandHistory

    def run_pokerkit(texts: list[tuple[str, str]]) -> None:
        for _, text in texts:
            for _state in HandHistory.loads(text):
                pass

    return run_pokerkit


def first_pass(folder: Path, names: list[str], library: str) -> float:
    """Seconds of one pass in a fresh process, the modules imported beforehand."""
    code = (
        "import json, sys, time, warnings\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\n"
        "import bench_phh\n"
        f"folder = bench_phh.Path({str(folder)!r})\n"
        "texts = [(name, (folder / name).read_text(encoding='utf-8'))"
        " for name in json.load(sys.stdin)]\n"
        f"run = bench_phh.replayer({library!r})\n"
        "warnings.simplefilter('ignore')\n"
        "start = time.perf_counter()\n"
        "run(texts)\n"
        "print(json.dumps(time.perf_counter() - start))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(names),
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(done.stdout.splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("folder", nargs="?")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=int, default=0, help="use only the first N files")
    parser.add_argument("--profile", action="store_true", help="also time floorman's stages")
    args = parser.parse_args()

    folder = data_dir(args.folder)
    if not folder.is_dir():
        sys.exit(f"no PHH folder at {folder}")
    texts = playable(folder, args.limit)
    names = [name for name, _ in texts]
    fresh = {
        library: min(first_pass(folder, names, library) for _ in range(3))
        for library in ("floorman", "pokerkit")
    }
    runs = {name: replayer(name) for name in ("floorman", "pokerkit")}
    best = {name: float("inf") for name in runs}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about its own card-dealing choices
        disagree = []
        for name, text in texts:
            ours, theirs = floorman_stacks(text), pokerkit_stacks(text)
            if ours != theirs:
                disagree.append(f"  {name}: floorman {ours}, pokerkit {theirs}")
        for _ in range(args.repeat):
            for library, run in runs.items():
                start = time.perf_counter()
                run(texts)
                best[library] = min(best[library], time.perf_counter() - start)

    count = len(texts)
    print(f"{count} PHH hands from {folder.name}/; hands replayed per second")
    print(f"{'':28} {'floorman':>10} {'pokerkit':>10} {'ratio':>7}")
    for title, times in (
        (f"best of {args.repeat}, taking turns", best),
        ("first pass, fresh process", fresh),
    ):
        ratio = times["pokerkit"] / times["floorman"]
        print(
            f"{title:28} {count / times['floorman']:10,.0f}"
            f" {count / times['pokerkit']:10,.0f} {ratio:6.1f}x"
        )
    per_hand = {name: seconds / count * 1e6 for name, seconds in best.items()}
    print(
        f"microseconds a hand: floorman {per_hand['floorman']:.1f},"
        f" pokerkit {per_hand['pokerkit']:.1f}"
    )
    print(f"finishing stacks agree on {count - len(disagree)} of {count} hands")
    for line in disagree:
        print(line)
    if args.profile:
        profile(texts, args.repeat)


def profile(texts: list[tuple[str, str]], repeat: int) -> None:
    """Microseconds per hand in each stage: reading the TOML, converting with the
    reducer, the reducer alone on the converted events, and the settlement."""
    from floorman.interchange.phh import import_phh, read_phh
    from floorman.showdown.oddchips import SplitRules
    from floorman.showdown.settlement import settle_state

    rules = SplitRules()
    datas = [read_phh(text) for _, text in texts]
    imports = [import_phh(data) for data in datas]

    def reducer_only() -> None:
        for imported in imports:
            state = fresh_state(imported.header)
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
