"""Where each rulebook gives the order of play, the low hands and the splits of the stud
and draw games, and where the books part.

The stud and draw drills work their answers out with the hand engine, the low
evaluators and the chip split; this says which rule of the book in force each answer
rests on. The books differ in two places a dealer meets every day, and the drills
follow the book in force, through the options the stud hand itself reads
(``stud_tie_by_suit``, ``stud_open_pair``):

- a tie between equal hands showing on a later street goes by position in Robert's
  Rules and the WSOP's (the seat dealt first acts first), by the high card by suit in
  the TDA's (RP-10-D; the WSOP Tournament Rules too, in stud high);
- an open pair on fourth street in stud high lets any player bet the big bet in
  Robert's Rules and the WSOP's; the TDA's bets are not doubled (RP-10-F; nor at a
  WSOP tournament);
- a player drawing five new cards gets four at once and the fifth after everyone
  else has drawn in Robert's Rules (Lowball rule 10); all five in turn in the WSOP's
  (LA 270).

>>> from floorman.rules.loader import load_rulebook
>>> game_cite(load_rulebook("wsop-2024"), "bring-in", "razz")
'WSOP LA 234 and 235'
>>> stud_tie(load_rulebook("tda-2024")), open_pair_doubles(load_rulebook("tda-2024"))
('high-card-by-suit', False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from floorman.rules.loader import Rulebook

__all__ = [
    "GAME_CITES",
    "StudTie",
    "five_at_once",
    "game_cite",
    "open_pair_doubles",
    "stud_tie",
]

StudTie = Literal["position", "high-card-by-suit"]

_RROP_STUD: Final = "RRoP Seven-Card Stud rule 1"
_RROP_HILO: Final = "RRoP Seven-Card Stud High-Low"

GAME_CITES: Final[Mapping[str, Mapping[str, str]]] = {
    "rrop": {
        "bring-in.stud": f"{_RROP_STUD}; §3 Ties 1",
        "bring-in.stud-hilo": f"{_RROP_HILO} rule 4; §3 Ties 1",
        "bring-in.razz": "RRoP Razz rule 3; §3 Ties 1",
        "first.stud": _RROP_STUD,
        "first.stud-hilo": f"{_RROP_HILO} (introduction) and rule 1",
        "first.razz": "RRoP Razz rule 3",
        "open-pair.stud": "RRoP Seven-Card Stud rule 4",
        "open-pair.stud-hilo": f"{_RROP_HILO} rule 7",
        "open-pair.razz": "RRoP Razz rule 4",
        "low.razz": "RRoP Razz rule 2",
        "low.lowball-a5": "RRoP Ace-to-Five Lowball (introduction)",
        "low.triple-draw-27": "RRoP Deuce-to-Seven Lowball rule 1",
        "low.stud-hilo": f"{_RROP_HILO} rules 2, 3 and 6",
        "split.stud": "RRoP §3 Ties 3 and 5(b)",
        "split.razz": "RRoP §3 Ties 3 and 5(b)",
        "split.stud-hilo": f"RRoP §3 Ties 5(b) and 5(c); {_RROP_HILO} rules 9 and 10",
        "draw.order": "RRoP Lowball rule 9; §4 Button and Blind Use",
        "draw.five": "RRoP Lowball rule 10",
    },
    "tda-2024": {
        "bring-in.stud": "TDA 2024 RP-10-E (the low card by suit)",
        "bring-in.stud-hilo": "TDA 2024 RP-10-E (the low card by suit)",
        "first.stud": "TDA 2024 Rule 17-A; RP-10-D",
        "first.stud-hilo": "TDA 2024 Rule 17-A; RP-10-D",
        "first.razz": "TDA 2024 Rule 17-A; RP-10-D",
        "open-pair.stud": "TDA 2024 RP-10-F",
        "open-pair.stud-hilo": "TDA 2024 RP-10-F",
        "open-pair.razz": "TDA 2024 RP-10-F",
        "split.stud": "TDA 2024 Rule 20-B",
        "split.razz": "TDA 2024 Rule 20-B",
        "split.stud-hilo": "TDA 2024 Rules 20-B and 20-C",
    },
    "wsop-2024": {
        "bring-in.stud": "WSOP LA 215",
        "bring-in.stud-hilo": "WSOP LA 240",
        "bring-in.razz": "WSOP LA 234 and 235",
        "first.stud": "WSOP LA 215",
        "first.stud-hilo": "WSOP LA 240",
        "first.razz": "WSOP LA 235",
        "open-pair.stud": "WSOP LA 220",
        "open-pair.stud-hilo": "WSOP LA 237",
        "open-pair.razz": "WSOP LA 233 and 236",
        "low.razz": "WSOP LA 234",
        "low.lowball-a5": "WSOP LA Ace-to-Five Lowball (introduction)",
        "low.triple-draw-27": "WSOP LA 281 and 282",
        "low.badugi": "WSOP LA 293 and 294",
        "low.stud-hilo": "WSOP LA 238, 239 and 241",
        "split.stud": "WSOP LA 149",
        "split.razz": "WSOP LA 149",
        "split.stud-hilo": "WSOP LA 149 and 244",
        "draw.order": 'WSOP LA Blinds and Button ("On all subsequent betting rounds")',
        "draw.five": "WSOP LA 270",
    },
}
"""Each shipped rulebook's rule for: who brings it in and who acts first, by game; the open
pair on fourth street; the low hand of each game; a stud pot's split and odd chip; the
order of the draw. Where a book is silent, the drill cites the game's rule in Robert's
Rules (or the WSOP's, for badugi), saying so."""

_FIVE_AT_ONCE: Final = frozenset({"wsop-2024"})


def game_cite(book: Rulebook, what: str, game: str) -> str | None:
    """The rule of ``book`` (or the rulebook it extends) on ``what`` in ``game``; where
    the book is silent, Robert's Rules' (or the WSOP's) rule, marked as such."""
    key = f"{what}.{game}"
    for name in book.chain:
        found = GAME_CITES.get(name, {}).get(key)
        if found is not None:
            return found
    for name in ("rrop", "wsop-2024"):
        fallback = GAME_CITES[name].get(key)
        if fallback is not None:
            return f"{book.title} is silent: as {fallback}"
    return None


def stud_tie(book: Rulebook, game: str = "stud") -> StudTie:
    """How ``book`` breaks a tie between equal hands showing after third street in
    ``game``: its option ``stud_tie_by_suit``, which the stud hand follows too
    (:func:`floorman.rules.studdraw.procedure_of`)."""
    by_suit = game in book.options.get("stud_tie_by_suit", ())
    return "high-card-by-suit" if by_suit else "position"


def open_pair_doubles(book: Rulebook) -> bool:
    """Whether an open pair on fourth street in stud high allows the big bet: the
    option ``stud_open_pair``, as the stud hand reads it."""
    return str(book.options.get("stud_open_pair", "either-limit")) == "either-limit"


def five_at_once(book: Rulebook) -> bool:
    """Whether a player drawing five is dealt all five in turn (WSOP LA 270), or four,
    and the fifth after everyone else has drawn (RRoP Lowball rule 10; the TDA is
    silent, and the drill follows Robert's Rules)."""
    return any(name in _FIVE_AT_ONCE for name in book.chain)
