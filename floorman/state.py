"""The state of a hand, as the rest of floorman knows it: see :mod:`floorman.hand.state`.

The hand lives in the :mod:`floorman.hand` package (records, card ledger, betting
round, hand state); this module names what the rules engine, the replays and the
CLI use from it.
"""

from floorman.hand.records import (
    GAMES,
    HOLE_CARDS,
    STREETS,
    ActionRecord,
    BoardCard,
    BurnCard,
    Duplicate,
    HoleCard,
    PendingStep,
    Place,
    ProcedureError,
    TakenBack,
)
from floorman.hand.state import HandState

__all__ = [
    "GAMES",
    "HOLE_CARDS",
    "STREETS",
    "ActionRecord",
    "BoardCard",
    "BurnCard",
    "Duplicate",
    "HandState",
    "HoleCard",
    "PendingStep",
    "Place",
    "ProcedureError",
    "TakenBack",
]
