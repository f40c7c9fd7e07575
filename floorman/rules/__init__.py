"""The declarative rulebook and the ruling engine.

Rulebooks are YAML data (``rulebook/*.yaml``) validated by
:mod:`floorman.rules.schema` and resolved by :mod:`floorman.rules.loader`;
:mod:`floorman.rules.engine` matches each event of a hand against them and
holds the hand to the corrective procedure in force.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from floorman.rules.loader import (
    DEFAULT_RULEBOOK,
    Rulebook,
    RulebookError,
    load_rulebook,
    shipped_rulebooks,
)

__all__ = [
    "DEFAULT_RULEBOOK",
    "HandRules",
    "Rulebook",
    "RulebookError",
    "load_rulebook",
    "options_for",
    "shipped_rulebooks",
]


class HandRules(Protocol):
    """What a hand says about its rules: a hand file's ``rulebook:`` and ``house:``."""

    @property
    def rulebook(self) -> str: ...

    @property
    def house(self) -> Mapping[str, Any]: ...

    @property
    def kind(self) -> str: ...


def options_for(
    hand: HandRules, *, rulebook: str | None = None, house: str | Path | None = None
) -> Mapping[str, Any]:
    """The rulebook options in force for a hand: its rulebook (or ``rulebook``) at the
    hand's kind of table, a house profile file, then the hand's own ``house:`` overrides.
    The pots code reads ``odd_chip``, ``hilo_odd_chip`` and ``quartering_exception`` here.

    >>> from floorman.interchange.handfile import Hand
    >>> hand = Hand(button=2, seats={1: 50, 2: 50}, house={"odd_chip": "carry-over"})
    >>> options_for(hand)["odd_chip"], options_for(hand, rulebook="tda-2024")["hilo_odd_chip"]
    ('carry-over', 'high')
    """
    return load_rulebook(
        rulebook or hand.rulebook, house=house, options=hand.house, kind=hand.kind
    ).options
