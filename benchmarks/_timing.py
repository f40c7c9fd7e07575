"""What the benchmark scripts share: the best of repeated passes, the PHH data set, and
a reducer state fresh from an imported PHH hand's header."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from floorman.hand.state import HandState


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


def fresh_state(header: dict[str, Any]) -> HandState:
    """The reducer at the start of an imported hand (blinds and antes posted), without
    validating the header: the benchmarks time the reducer, not pydantic."""
    from floorman.hand.state import HandState

    return HandState(
        seats=header["seats"],
        button=header["button"],
        blinds=header["blinds"],
        ante=header.get("ante", 0),
        game=header["game"],
        betting=header["betting"],
        limit_bets=header.get("limit_bets"),
        min_bet=header.get("min_bet"),
    )


def compared(other: Path | None) -> list[tuple[str, Path]]:
    """The code each side of a comparison runs: this checkout, and ``other`` when given,
    each with the label it is printed under."""
    codes = [("this checkout", Path(__file__).resolve().parents[1])]
    if other is not None:
        codes.append((str(other), other.resolve()))
    return codes
