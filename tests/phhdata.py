"""Where the public PHH hand histories are, for the tests that replay them, and a sample hand."""

from __future__ import annotations

import os
from pathlib import Path


def phh_dir() -> Path | None:
    """The PHH data set: ``FLOORMAN_PHH_DIR``, or ``shared/data/phh`` beside the checkout."""
    given_dir = os.environ.get("FLOORMAN_PHH_DIR")
    folder = (
        Path(given_dir)
        if given_dir
        else Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"
    )
    return folder if folder.is_dir() else None


SAMPLE_PHH = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 80]
actions = ['d dh p1 AhAd', 'd dh p2 ????', 'p2 cbr 80', 'p1 cc', 'd db 2c3d9h', 'd db Ts', \
'd db Js', 'p2 sm KhKd', 'p1 sm AhAd']
players = ['Ivey', 'Dwan']
finishing_stacks = [180, 0]
"""
"""A heads-up no-limit hand, all in before the flop, the aces holding."""
