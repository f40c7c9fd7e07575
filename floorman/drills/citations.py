"""Where each rulebook says how a wager is sized, how pots are cut and how chips are counted.

The sizing drills work their answers out with the hand engine (the betting
structures, the pots, the chip split); this says which rule of the book in
force each answer rests on, so a trainee can look it up. A house profile
cites the rulebook it extends; a rulebook none of these extend cites none.

>>> from floorman.rules.loader import load_rulebook
>>> sizing_cite(load_rulebook("tda-2024"), "side-pots")
'TDA 2024 Rule 21'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from floorman.rules.loader import Rulebook

__all__ = ["CITES", "joined", "option_cite", "sizing_cite"]

CITES: Final[Mapping[str, Mapping[str, str]]] = {
    "rrop": {
        "pot-limit": "RRoP §14 Pot-Limit Rules 4",
        "no-limit": "RRoP §14 No-Limit Rules 2 and 3",
        "pot-limit-raise": "RRoP §14 No-Limit Rules 2 and 3; Pot-Limit Rules 4",
        "limit": "RRoP §3 Betting and Raising 3, 4 and 6",
        "limit-short": "RRoP §3 Betting and Raising 5",
        "side-pots": "RRoP §3 Ties 5(d); Glossary (Side pot)",
        "chip-count": "RRoP §2 Procedures 16",
    },
    "tda-2024": {
        "pot-limit": "TDA 2024 Rule 54",
        "no-limit": "TDA 2024 Rules 43-A and 47-A",
        "pot-limit-raise": "TDA 2024 Rules 43-A, 47-A and 54",
        "limit": "TDA 2024 Rule 48",
        "limit-short": "TDA 2024 Rule 47-B",
        "side-pots": "TDA 2024 Rule 21",
        "chip-count": "TDA 2024 Rule 25-A",
    },
    "wsop-2024": {
        "pot-limit": "WSOP LA No-Limit and Pot-Limit",
        "no-limit": "WSOP LA 128, 171 and 173",
        "pot-limit-raise": "WSOP LA 128, 171 and 173; No-Limit and Pot-Limit",
        "limit": "WSOP LA 126, 127 and 128",
        "limit-short": "WSOP LA 129",
        "side-pots": "WSOP LA 149",
        "chip-count": "WSOP LA 72",
    },
}
"""Each shipped rulebook's rule for: the pot-limit maximum; the least raise and a short
all-in in no limit (and pot limit, its maximum too); the limit bet, raise and cap; a
short all-in in limit; side pots; counting a player's chips."""


def sizing_cite(book: Rulebook, what: str) -> str | None:
    """The rule of ``book`` (or of the rulebook it extends) on ``what``."""
    for name in book.chain:
        found = CITES.get(name, {}).get(what)
        if found is not None:
            return found
    return None


def option_cite(book: Rulebook, *options: str) -> str | None:
    """Where ``book`` sets these options (the raise cap, the odd chip), joined."""
    cites: list[str] = []
    for option in options:
        spec = book.option_specs.get(option)
        if spec is not None and spec.cite and spec.cite not in cites:
            cites.append(spec.cite)
    return "; ".join(cites) or None


def joined(*cites: str | None) -> str | None:
    """The citations given, each part once, in order.

    >>> joined("RRoP §3 Betting and Raising 3", None, "RRoP §3 Betting and Raising 3; §15 rule 22")
    'RRoP §3 Betting and Raising 3; §15 rule 22'
    """
    found: list[str] = []
    for cite in cites:
        for part in (cite or "").split("; "):
            if part and part not in found:
                found.append(part)
    return "; ".join(found) or None
