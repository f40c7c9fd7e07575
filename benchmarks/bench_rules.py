"""Rules engine cost: replay with and without the engine, same hands, one run.

Every hand is parsed once; then each pass replays all of them through the
reducer alone (``state.apply``) and through the engine (``engine.process``,
which reads facts, matches rules, renders rulings and enacts procedures
around the same ``state.apply``). The difference per event is what the
engine adds. Two sets of hands: real hand histories (the PHH files floorman
plays: ordinary hands, nearly all bets) and the irregular hands of the
rulebooks' worked examples and the test situations (rulings and procedures
on most hands). The best of ``--repeat`` passes counts. Also timed: loading
a rulebook in a fresh process, from YAML and from the checked-rulebook cache.
Run from the repository root:

    python benchmarks/bench_rules.py [PHH_DIR] [--repeat 5] [--limit N]

PHH_DIR defaults to ``$FLOORMAN_PHH_DIR``, else ``shared/data/phh`` beside
the checkout; without it only the irregular hands are timed. A third set is
the betting rules' worked examples alone (an out-of-turn action, undercall,
underraise, overbet, silent chips or declaration on every hand).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

from _timing import best_time, data_dir

ROOT = Path(__file__).resolve().parents[1]


Case = tuple[Any, str, list[Any], str]
"""(header, game, events, rulebook) of one hand."""


def phh_hands(folder: Path, limit: int) -> list[Case]:
    from floorman.interchange.handfile import HandHeader
    from floorman.interchange.phh import import_phh, read_phh

    cases: list[Case] = []
    files = sorted(folder.rglob("*.phh"))
    for path in files[:limit] if limit else files:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                imported = import_phh(read_phh(path.read_text(encoding="utf-8"), path.name))
        except Exception:  # variants and chip units floorman does not play
            continue
        header = HandHeader.model_validate(imported.header)
        cases.append((header, header.game, imported.events, header.rulebook))
    return cases


def betting_hands() -> list[Case]:
    """The worked examples of the betting rules: an irregular action on every hand."""
    return [case for case, rule_id in _example_cases() if ".betting." in rule_id]


def _example_cases() -> list[tuple[Case, str]]:
    from floorman.rules.examples import example_hand
    from floorman.rules.loader import load_rulebook

    found: list[tuple[Case, str]] = []
    for name in ("rrop", "tda-2024", "wsop-2024"):
        for rule in load_rulebook(name).rules:
            for example in rule.rule.examples:
                hand = example_hand(example)
                found.append(((hand.header, hand.game, hand.parse_events(), name), rule.id))
    return found


def irregular_hands() -> list[Case]:
    from floorman.interchange.handfile import load_hand

    cases = [case for case, _ in _example_cases()]
    for path in sorted((ROOT / "tests" / "data" / "situations").glob("*.yaml")):
        hand = load_hand(path)
        for name in ("rrop", "tda-2024", "wsop-2024"):
            cases.append((hand.header, hand.game, hand.parse_events(), name))
    return cases


def replay_plain(cases: list[Case]) -> None:
    from floorman.hand.events import EventError

    for header, _, events, _ in cases:
        state = header.start()
        for number, event in enumerate(events, 1):
            try:
                state.apply(event, number)
            except EventError:
                break  # play after a misdeal: the engine declines it, the reducer refuses it


def replay_ruled(cases: list[Case]) -> None:
    from floorman.rules.engine import RulesEngine
    from floorman.rules.loader import load_rulebook

    books = {name: load_rulebook(name) for name in {case[3] for case in cases}}
    for header, game, events, name in cases:
        engine = RulesEngine(books[name], game, header.records_burns)
        state = header.start()
        for number, event in enumerate(events, 1):
            engine.process(state, event, number)


def cold_load_ms(cache: str, runs: int) -> float:
    code = (
        "import time; t = time.perf_counter();"
        "from floorman.rules.loader import load_rulebook; load_rulebook('rrop');"
        "print((time.perf_counter() - t) * 1000)"
    )
    env = {**os.environ, "FLOORMAN_CACHE_DIR": cache}
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        times.append(float(out.stdout))
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("folder", nargs="?")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=int, default=0, help="use only the first N PHH files")
    args = parser.parse_args()

    from floorman.rules.loader import load_rulebook

    for name in ("rrop", "tda-2024", "wsop-2024"):
        load_rulebook(name)
    sets = [
        ("irregular hands (examples, situations)", irregular_hands()),
        ("betting irregularities (their examples)", betting_hands()),
    ]
    folder = data_dir(args.folder)
    if folder.is_dir():
        sets.insert(0, (f"PHH hands ({folder.name})", phh_hands(folder, args.limit)))
    else:
        print(f"no PHH folder at {folder}: timing the irregular hands only")

    print(f"best of {args.repeat}; microseconds per event")
    print(f"{'hands':<42}{'hands':>7}{'events':>8}{'reducer':>9}{'+engine':>9}"
          f"{'added':>8}{'ratio':>7}")  # fmt: skip
    for label, cases in sets:
        events = sum(len(case[2]) for case in cases)
        plain = best_time(lambda cases=cases: replay_plain(cases), args.repeat)
        ruled = best_time(lambda cases=cases: replay_ruled(cases), args.repeat)
        per_plain = plain / events * 1e6
        per_ruled = ruled / events * 1e6
        print(
            f"{label:<42}{len(cases):>7}{events:>8}{per_plain:>9.1f}{per_ruled:>9.1f}"
            f"{per_ruled - per_plain:>8.1f}{ruled / plain:>6.2f}x"
        )

    with tempfile.TemporaryDirectory() as cache:
        cold_load_ms(cache, 1)  # fill the cache
        cached = cold_load_ms(cache, 5)
    uncached = cold_load_ms("", 5)
    print(f"load rrop in a fresh process (imports included): from YAML {uncached:.1f} ms, "
          f"from the cache {cached:.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
