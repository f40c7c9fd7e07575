"""The pots of a hand not yet settled, as a report lists them: a side pot only where an
all-in made one, and a bet nobody has called on a line of its own (it goes back to its
bettor if nobody does)."""

from __future__ import annotations

from typing import Any

from floorman.showdown.pots import PotLayout

__all__ = ["standing_pot_rows"]


def standing_pot_rows(layout: PotLayout) -> list[dict[str, Any]]:
    """One row for each pot of ``layout``, then one for each bet not yet called."""
    rows: list[dict[str, Any]] = [
        {
            "name": "Main pot" if index == 0 else f"Side pot {index}",
            "amount": pot.amount,
            "eligible": ", ".join(str(seat) for seat in pot.eligible),
            "awards": [],
            "odd_chips": [],
            "runs": [],
            "pending": True,
            "note": "",
        }
        for index, pot in enumerate(layout.pots)
    ]
    rows.extend(
        {
            "name": "Bet not yet called",
            "amount": chips,
            "eligible": str(seat),
            "note": f"back to seat {seat} if nobody calls",
            "awards": [],
            "odd_chips": [],
            "runs": [],
            "pending": False,
        }
        for seat, chips in layout.returned.items()
    )
    return rows
