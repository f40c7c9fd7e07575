"""Printing speed: a rule sheet, the booklet, a quick-reference card, a comparison, a report.

Each document is made in the same process from the same rulebook, stage by
stage (view data, HTML, PDF layout), best of ``--repeat``; then the whole
command is run cold, as a floor manager runs it, next to a bare
``import weasyprint`` so the cost of the import shows apart. Run from the
repository root:

    python benchmarks/bench_render.py [--repeat 3]

With ``--against CHECKOUT`` (another checkout of floorman, e.g. one made with
``git archive``), only the cold ``floorman sheet -g holdem`` is measured, in
both checkouts in turn, as wall time and as CPU time (which a loaded machine
distorts less), with the ratio of this checkout to the other:

    python benchmarks/bench_render.py --against /tmp/before [--repeat 5]
"""

from __future__ import annotations

import argparse
import datetime
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BUDGET = 2.0
"""Seconds a full rule sheet may take, end to end."""

ROOT = Path(__file__).resolve().parents[1]


def best(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = run()
        times.append(time.perf_counter() - start)
    return min(times), value


def cold(argv: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return min(times)


def cold_in(checkout: Path, argv: list[str]) -> tuple[float, float]:
    """One cold run of ``argv`` with ``checkout`` first on the path: wall and CPU seconds."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(checkout)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, cwd=checkout, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def side_by_side(other: Path, repeat: int) -> None:
    """The cold hold'em sheet here and in ``other``, alternately, best of ``repeat``."""
    checkouts = {"this checkout": ROOT, str(other): other}
    best: dict[str, list[float]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory() as folder:
        argv = [sys.executable, "-m", "floorman", "sheet", "-g", "holdem",
                "-o", f"{folder}/holdem.pdf"]  # fmt: skip
        for checkout in checkouts.values():  # each writes its bytecode once, not timed
            cold_in(checkout, argv)
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
        for _ in range(repeat):
            for name, checkout in checkouts.items():
                runs[name].append(cold_in(checkout, argv))
        for name in checkouts:
            best[name] = [min(w for w, _ in runs[name]), min(c for _, c in runs[name])]
    here = best["this checkout"]
    print(f"cold floorman sheet -g holdem, best of {repeat}; seconds")
    for name, (wall, cpu) in best.items():
        print(f"{name:<32} wall {wall:6.3f} ({wall / here[0]:4.2f}x)  cpu {cpu:6.3f}"
              f" ({cpu / here[1]:4.2f}x)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another checkout to compare the sheet with")
    args = parser.parse_args()
    if args.against is not None:
        side_by_side(args.against.resolve(), args.repeat)
        return
    sys.path.insert(0, str(ROOT))

    start = time.perf_counter()
    import weasyprint  # noqa: F401

    import_s = time.perf_counter() - start

    from floorman.documents import render
    from floorman.documents.compare import comparison_view
    from floorman.documents.quickcard import quick_card_view
    from floorman.documents.report import report_view
    from floorman.documents.sheet import sheet_view
    from floorman.interchange.handfile import load_hand
    from floorman.replay import check_hand
    from floorman.rules.loader import load_rulebook

    day = datetime.date(2025, 3, 7)
    rrop = load_rulebook("rrop")
    tda = load_rulebook("tda-2024")
    hand = load_hand(ROOT / "examples" / "premature-turn.yaml")
    result = check_hand(hand)
    render.render_pdf("sheet.html", sheet_view(rrop, ["holdem"], day=day))  # warm-up

    cases: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {
        "hold'em sheet": ("sheet.html", lambda: sheet_view(rrop, ["holdem"], day=day)),
        "booklet (--all)": (
            "sheet.html",
            lambda: sheet_view(rrop, list(rrop.games), day=day),
        ),
        "hold'em card": ("card.html", lambda: quick_card_view(rrop, "holdem", day=day)),
        "compare rrop tda-2024": (
            "compare.html",
            lambda: comparison_view([rrop, tda], day=day),
        ),
        "incident report": (
            "report.html",
            lambda: report_view(hand, result, rrop, day=day, label="hand"),
        ),
    }
    print(f"in process, best of {args.repeat}; seconds")
    print(f"{'document':<22} {'pages':>5} {'view':>7} {'html':>7} {'pdf':>7} {'total':>7}")
    for name, (template, build) in cases.items():
        view_s, view = best(build, args.repeat)
        html_s, html = best(lambda t=template, v=view: render.render_html(t, v), args.repeat)
        pdf_s, printed = best(lambda h=html: render.html_to_pdf(h), args.repeat)
        total = view_s + html_s + pdf_s
        print(
            f"{name:<22} {printed.pages:>5} {view_s:>7.3f} {html_s:>7.3f} {pdf_s:>7.3f} "
            f"{total:>7.3f}"
        )
    print(f"import weasyprint (first, in process): {import_s:.3f}")

    print(f"\ncold process, best of {args.repeat}; seconds and share of the {BUDGET:.0f} s budget")
    with tempfile.TemporaryDirectory() as folder:
        runs = {
            "python -c 'import weasyprint'": [sys.executable, "-c", "import weasyprint"],
            "floorman sheet -g holdem": [
                sys.executable, "-m", "floorman", "sheet", "-g", "holdem",
                "-o", f"{folder}/holdem.pdf",
            ],
            "floorman sheet --all": [
                sys.executable, "-m", "floorman", "sheet", "--all", "-o", f"{folder}/all.pdf",
            ],
            "floorman card -g holdem": [
                sys.executable, "-m", "floorman", "card", "-g", "holdem",
                "-o", f"{folder}/card.pdf",
            ],
        }  # fmt: skip
        baseline = None
        for name, argv in runs.items():
            seconds = cold(argv, args.repeat)
            baseline = baseline or seconds
            print(
                f"{name:<32} {seconds:>6.3f}  {seconds / baseline:>5.2f}x import"
                f"  {seconds / BUDGET:>6.0%} of budget"
            )


if __name__ == "__main__":
    main()
