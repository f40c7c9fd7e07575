"""Where the public PHH hand histories are, for the tests that replay them."""

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
