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

``--games`` instead replays the WSOP hands of every game (``PHH_DIR/wsop``: the
flop games, stud, stud hi-lo, razz, 2-7 triple and single draw) game by game,
as ``floorman audit`` does each file (read, replay, settle), and prints each
game's CPU time a hand against the hold'em hands' (NT and FT) and against
pokerkit's on the same files. Each pass forgets the kept table starts first,
as one audit of the folder meets every hand once:

    python benchmarks/bench_phh.py --games [--repeat 20]
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
from typing import Any, Final

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
    parser.add_argument(
        "--games", action="store_true", help="every game's WSOP hands against hold'em's"
    )
    parser.add_argument(
        "--fresh", type=int, default=3, help="with --games: fresh processes a game (0: none)"
    )
    args = parser.parse_args()

    folder = data_dir(args.folder)
    if not folder.is_dir():
        sys.exit(f"no PHH folder at {folder}")
    if args.games:
        games(folder / "wsop" if (folder / "wsop").is_dir() else folder, args.repeat, args.fresh)
        return
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


GAMES: Final = (
    ("NT", "hold'em, no limit"),
    ("FT", "hold'em, limit"),
    ("PO", "Omaha, pot limit"),
    ("FO/8", "Omaha hi-lo, limit"),
    ("F7S", "seven-card stud"),
    ("F7S/8", "stud hi-lo"),
    ("FR", "razz"),
    ("F2L3D", "2-7 triple draw"),
    ("N2L1D", "2-7 single draw, NL"),
)
"""The PHH variants of the WSOP hands, each with its game, hold'em first."""

HOLDEM: Final = ("NT", "FT")


def game_replayer(variant: str) -> Callable[[str], object]:
    """What ``floorman audit`` does with one file of ``variant``: read it, replay it
    through the game's importer and reducer, settle the pots."""
    from floorman.interchange.phh import import_phh, read_phh
    from floorman.interchange.phh.drawimport import DRAW_VARIANTS, import_draw_phh
    from floorman.interchange.phh.studimport import STUD_VARIANTS, import_stud_phh
    from floorman.showdown.drawsettle import settle_draw
    from floorman.showdown.oddchips import SplitRules
    from floorman.showdown.settlement import settle_state
    from floorman.showdown.studsettle import settle_stud

    rules = SplitRules()
    if variant in STUD_VARIANTS:
        return lambda text: settle_stud(import_stud_phh(read_phh(text)).state, rules)
    if variant in DRAW_VARIANTS:
        return lambda text: settle_draw(import_draw_phh(read_phh(text)).state, rules)

    def flop(text: str) -> object:
        imported = import_phh(read_phh(text))
        return settle_state(imported.state, rules=rules, dead=imported.dead)

    return flop


def build_tables() -> None:
    """Build the evaluators' tables made on first use (a process's one-time cost, not a
    hand's): one hand of each kind evaluated."""
    from floorman.cards import parse_cards
    from floorman.showdown.evaluation import high_value, low_value, omaha_high_value
    from floorman.showdown.lowball import a5_low_value, deuce_seven_value

    seven = parse_cards("Ah Kd 7c 5s 4h 3d 2c")
    high_value(seven)
    low_value(seven)
    omaha_high_value(seven[:4], seven[2:])
    a5_low_value(seven)
    a5_low_value(seven[:5])
    deuce_seven_value(seven[2:])


def fresh_game_pass(texts: list[str], variant: str) -> float:
    """CPU seconds of one pass over a game's hands in a fresh process: nothing kept from
    earlier hands, the modules imported and the evaluators' tables built beforehand."""
    code = (
        "import json, sys, time, warnings\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\n"
        "import bench_phh\n"
        "texts = json.load(sys.stdin)\n"
        f"replay = bench_phh.game_replayer({variant!r})\n"
        "bench_phh.build_tables()\n"
        "start = time.process_time()\n"
        "for text in texts:\n"
        "    replay(text)\n"
        "print(json.dumps(time.process_time() - start))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(done.stdout.splitlines()[-1]))


def cpu_pass(run: Callable[[], object]) -> float:
    """CPU seconds of one pass: a pass put aside while other work runs is not charged."""
    start = time.process_time()
    run()
    return time.process_time() - start


def games(folder: Path, repeat: int, fresh: int) -> None:
    """Every game's hands replayed, per hand, against the hold'em hands and pokerkit."""
    from pokerkit import HandHistory

    from floorman.interchange.audit import audit_phh
    from floorman.interchange.phh import read_phh
    from floorman.interchange.phh.starts import STARTS

    hands: dict[str, list[tuple[str, str]]] = {variant: [] for variant, _ in GAMES}
    for path in sorted(folder.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        variant = str(read_phh(text).get("variant"))
        if variant in hands:
            hands[variant].append((str(path.relative_to(folder)), text))
    hands = {variant: texts for variant, texts in hands.items() if texts}
    if not all(variant in hands for variant in HOLDEM):
        sys.exit(f"no NT and FT hands in {folder}")
    matched = {
        variant: sum(audit_phh(text, name).status == "matched" for name, text in texts)
        for variant, texts in hands.items()
    }
    theirs: dict[str, list[str]] = {}  # the hands pokerkit replays (it refuses one razz hand)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about its own card-dealing choices
        for variant, texts in hands.items():
            theirs[variant] = []
            for _, text in texts:
                try:
                    for _state in HandHistory.loads(text):
                        pass
                except ValueError:
                    continue
                theirs[variant].append(text)
    events = {variant: _events(texts) for variant, texts in hands.items()}

    def ours_pass(variant: str) -> Callable[[], object]:
        replay = game_replayer(variant)
        texts = [text for _, text in hands[variant]]

        def run() -> None:
            STARTS.clear()  # every hand is its table's first, as in one audit of the folder
            for text in texts:
                replay(text)

        return run

    def theirs_pass(variant: str) -> Callable[[], object]:
        texts = theirs[variant]

        def run() -> None:
            for text in texts:
                for _state in HandHistory.loads(text):
                    pass

        return run

    first = {variant: float("inf") for variant in hands}
    for _ in range(fresh):
        for variant, texts in hands.items():
            seconds = fresh_game_pass([text for _, text in texts], variant)
            first[variant] = min(first[variant], seconds)
    ours = {variant: float("inf") for variant in hands}
    kit = {variant: float("inf") for variant in hands}
    passes = {variant: (ours_pass(variant), theirs_pass(variant)) for variant in hands}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for turn in range(repeat):
            for variant, (our_run, their_run) in passes.items():
                ours[variant] = min(ours[variant], cpu_pass(our_run))
                if turn < max(3, repeat // 4):  # pokerkit's passes are 5x to 30x longer
                    kit[variant] = min(kit[variant], cpu_pass(their_run))

    per_hand = {variant: ours[variant] / len(hands[variant]) * 1e6 for variant in hands}
    first_hand = {variant: first[variant] / len(hands[variant]) * 1e6 for variant in hands}
    first_holdem = sum(first[v] for v in HOLDEM) / sum(len(hands[v]) for v in HOLDEM) * 1e6
    kit_hand = {
        variant: kit[variant] / len(theirs[variant]) * 1e6 for variant in hands if theirs[variant]
    }
    holdem = sum(ours[v] for v in HOLDEM) / sum(len(hands[v]) for v in HOLDEM) * 1e6
    count = sum(map(len, hands.values()))
    print(
        f"{count} WSOP hands from {folder.name}/, read, replayed and settled as `floorman"
        f" audit` does;\nCPU microseconds a hand, best of {repeat} passes"
        f" (pokerkit {max(3, repeat // 4)}), taking turns"
    )
    if fresh:
        print(f"fresh: one pass in a fresh process, best of {fresh} processes")
    print(
        f"{'game':20} {'PHH':6} {'hands':>5} {'events':>6} {'floorman':>9} {'vs holdem':>9}"
        f" {'fresh':>7} {'vs holdem':>9} {'pokerkit':>9} {'vs pokerkit':>11}"
    )
    for variant, game in GAMES:
        if variant not in hands:
            continue
        kit_text = f"{kit_hand[variant]:9.1f}" if variant in kit_hand else f"{'-':>9}"
        ratio = f"{kit_hand[variant] / per_hand[variant]:10.1f}x" if variant in kit_hand else ""
        fresh_text = (
            f"{first_hand[variant]:7.1f} {first_hand[variant] / first_holdem:8.2f}x"
            if fresh
            else f"{'-':>7} {'':>9}"
        )
        print(
            f"{game:20} {variant:6} {len(hands[variant]):5} {events[variant]:6.1f}"
            f" {per_hand[variant]:9.1f} {per_hand[variant] / holdem:8.2f}x {fresh_text}"
            f" {kit_text} {ratio}"
        )
    print(
        f"hold'em (NT and FT together): {holdem:.1f} microseconds a hand"
        + (f", fresh {first_holdem:.1f}" if fresh else "")
        + "; goal: stud and draw games within 2x"
    )
    left = {v: len(hands[v]) - len(theirs[v]) for v in hands if len(theirs[v]) < len(hands[v])}
    if left:
        shown = ", ".join(f"{n} {variant}" for variant, n in left.items())
        print(f"pokerkit could not replay {shown} (its figures are over the rest)")
    print(f"floorman's finishing stacks as the files': {sum(matched.values())} of {count}")


def _events(texts: list[tuple[str, str]]) -> float:
    """floorman's events a hand, on average, for the game's files."""
    from floorman.interchange.phh import import_phh, read_phh
    from floorman.interchange.phh.drawimport import DRAW_VARIANTS, import_draw_phh
    from floorman.interchange.phh.studimport import STUD_VARIANTS, import_stud_phh

    total = 0
    for _, text in texts:
        data = read_phh(text)
        variant = data["variant"]
        if variant in STUD_VARIANTS:
            total += len(import_stud_phh(data).events)
        elif variant in DRAW_VARIANTS:
            total += len(import_draw_phh(data).events)
        else:
            total += len(import_phh(data).events)
    return total / len(texts)


if __name__ == "__main__":
    main()
