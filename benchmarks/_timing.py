"""What the benchmark scripts share: the best of repeated passes, and the PHH data set."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path


def best_time(run: Callable[[], object], repeat: int) -> float:
    """Seconds of the fastest of ``repeat`` passes: the one least disturbed by other work."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def data_dir(given: str | None) -> Path:
    """The PHH folder: as given, else ``$FLOORMAN_PHH_DIR``, else ``shared/data/phh`` beside
    the checkout."""
    if given:
        return Path(given)
    if os.environ.get("FLOORMAN_PHH_DIR"):
        return Path(os.environ["FLOORMAN_PHH_DIR"])
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"
