"""The declarative rulebook and the ruling engine.

Rulebooks are YAML data (``rulebook/*.yaml``) validated by
:mod:`floorman.rules.schema` and resolved by :mod:`floorman.rules.loader`;
:mod:`floorman.rules.engine` matches each event of a hand against them and
holds the hand to the corrective procedure in force.
"""

from __future__ import annotations

from floorman.rules.loader import (
    DEFAULT_RULEBOOK,
    Rulebook,
    RulebookError,
    load_rulebook,
    shipped_rulebooks,
)

__all__ = [
    "DEFAULT_RULEBOOK",
    "Rulebook",
    "RulebookError",
    "load_rulebook",
    "shipped_rulebooks",
]
