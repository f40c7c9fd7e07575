"""What the stud and draw PHH tests share: the data set's WSOP hands of some variants,
and pokerkit's random hands written as PHH.

The hypothesis tests that play those hands keep their own bodies: with ``derandomize``
the examples drawn follow from the test's source, so a body changed is another set of
hands. pokerkit shuffles with the module ``random``, which hypothesis seeds the same for
every example: :func:`shuffled_by` seeds it from the example's seed, so each hand is
dealt from its own deck, the same on every run."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from phhdata import phh_dir

from floorman.interchange.phh import read_phh

Imported = TypeVar("Imported")


def wsop_hands(*variants: str) -> list[Path]:
    """The data set's WSOP hands of these PHH variants, in path order (none without it)."""
    folder = phh_dir()
    if folder is None:
        return []
    named = re.compile(rf"^variant = '({'|'.join(map(re.escape, variants))})'", re.MULTILINE)
    return [
        path for path in sorted((folder / "wsop").rglob("*.phh")) if named.search(path.read_text())
    ]


def variant_counts(paths: list[Path]) -> Counter[str]:
    """How many of the hands are of each variant, as their files name it."""
    return Counter(str(read_phh(path.read_text(), str(path))["variant"]) for path in paths)


@contextmanager
def shuffled_by(seed: int) -> Iterator[None]:
    """pokerkit's decks shuffled from ``seed``; the module ``random`` as it was after."""
    kept = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(kept)


def pokerkit_automations() -> tuple[Any, ...]:
    """pokerkit deals, posts, collects, shows and pushes itself: the test plays the
    players' actions only."""
    from pokerkit import Automation

    return (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )  # fmt: skip


def pokerkit_phh(game: Any, state: Any) -> str:
    """The hand pokerkit played, as PHH with pokerkit's finishing stacks."""
    from pokerkit import HandHistory

    text = HandHistory.from_game_state(game, state).dumps().rstrip("\n")
    return text + f"\nfinishing_stacks = {list(state.stacks)}\n"
