"""Mixed games at a table: the rotation of games, and which game the next hand is.

A rotation is a list of games, each with its betting (``holdem:limit``), dealt in
turn by the orbit (a round of play: one hand for each player dealt into the game's
first hand, WSOP T Glossary "Round of Play") or by the level (the house's choice:
the game changes when the level does). HORSE is limit hold'em, limit Omaha hi-lo,
razz, seven-card stud and stud hi-lo; 8-game is 2-7 triple draw, limit hold'em,
limit Omaha hi-lo, razz, stud, stud hi-lo, no-limit hold'em and pot-limit Omaha, as
the card rooms deal them (no rulebook lists a mix; a custom list is any mix).

The dealer button through the stud games (TDA 11-B, WSOP T 67-b): after the last
hand of a button game (hold'em, Omaha, the draw games) the button moves where it
would go if the next hand were a button game, and is frozen there during the stud
games; the first button game after them starts with the button where it was frozen.
RRoP says nothing of mixed games.

>>> rotation = parse_rotation("horse")
>>> [game.name for game in rotation.games]
['holdem:limit', 'omaha-hilo:limit', 'razz', 'stud', 'stud-hilo']
>>> parse_rotation("stud,triple-draw-27,holdem:no-limit").games[2].betting
'no-limit'
>>> parse_rotation("holdem,chess")
Traceback (most recent call last):
...
floorman.hand.rotation.RotationError: --rotation "chess": not a game (holdem, omaha, ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from floorman.errors import FloormanError

__all__ = [
    "BUTTON_GAMES",
    "DRAW_GAMES",
    "FLOP_GAMES",
    "GAMES",
    "NAMED",
    "STUD_GAMES",
    "Rotation",
    "RotationError",
    "RotationGame",
    "RotationState",
    "parse_rotation",
]

FLOP_GAMES: Final = ("holdem", "omaha", "omaha-hilo")
STUD_GAMES: Final = ("stud", "stud-hilo", "razz")
DRAW_GAMES: Final = ("triple-draw-27", "single-draw-27", "lowball-a5", "badugi")
GAMES: Final = (*FLOP_GAMES, *STUD_GAMES, *DRAW_GAMES)
BUTTON_GAMES: Final = (*FLOP_GAMES, *DRAW_GAMES)
"""The games dealt from a button; the stud games have none for the action."""

BETTINGS: Final = ("limit", "pot-limit", "no-limit")

_DEFAULT_BETTING: Final = {"single-draw-27": "no-limit"}
"""A game's betting when a rotation does not say: limit, but 2-7 single draw is the
no-limit game."""

NAMED: Final[dict[str, tuple[str, ...]]] = {
    "horse": ("holdem:limit", "omaha-hilo:limit", "razz", "stud", "stud-hilo"),
    "8-game": (
        "triple-draw-27:limit", "holdem:limit", "omaha-hilo:limit", "razz", "stud",
        "stud-hilo", "holdem:no-limit", "omaha:pot-limit",
    ),
}  # fmt: skip

By = Literal["orbit", "level"]


class RotationError(FloormanError):
    """A rotation that cannot be read: one line, naming the option."""


@dataclass(frozen=True, slots=True)
class RotationGame:
    """A game of a rotation and its betting (the stud games are limit games)."""

    game: str
    betting: str

    @property
    def name(self) -> str:
        return self.game if self.game in STUD_GAMES else f"{self.game}:{self.betting}"

    @property
    def family(self) -> Literal["flop", "stud", "draw"]:
        if self.game in STUD_GAMES:
            return "stud"
        return "flop" if self.game in FLOP_GAMES else "draw"


@dataclass(frozen=True, slots=True)
class Rotation:
    """The games in turn, and what turns them: the orbit or the level."""

    games: tuple[RotationGame, ...]
    by: By = "orbit"

    def as_json(self) -> dict[str, Any]:
        return {"games": [game.name for game in self.games], "by": self.by}


def _game(word: str) -> RotationGame:
    game, _, betting = word.partition(":")
    if game not in GAMES:
        raise RotationError(f'--rotation "{_said(word)}": not a game (holdem, omaha, ...)')
    if game in STUD_GAMES:
        if betting not in ("", "limit"):
            raise RotationError(f'--rotation "{word}": the stud games are limit games')
        return RotationGame(game, "limit")
    betting = betting or _DEFAULT_BETTING.get(game, "limit")
    if betting not in BETTINGS:
        raise RotationError(f'--rotation "{word}": the betting is limit, pot-limit or no-limit')
    return RotationGame(game, betting)


def _said(text: str) -> str:
    """``text`` on one line, cut short, as a message quotes it."""
    said = " ".join(text.split())
    return said if len(said) <= 40 else said[:39] + "…"


def parse_rotation(text: str, by: str = "orbit") -> Rotation:
    """A rotation by name (``horse``, ``8-game``) or as a list of games, each
    ``GAME[:BETTING]``, separated by commas."""
    if by not in ("orbit", "level"):
        raise RotationError(f'--rotate-by "{_said(by)}": orbit or level')
    words = NAMED.get(text.strip().lower())
    if words is None:
        words = tuple(w.strip().lower() for w in text.split(",") if w.strip())
    if not 2 <= len(words) <= 20:
        raise RotationError(
            f'--rotation "{_said(text)}": horse, 8-game, or a list of 2 to 20 games: razz,stud'
        )
    return Rotation(tuple(_game(word) for word in words), by)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class RotationState:
    """Where a table is in its rotation: the game dealt (its index), how many hands of it
    have been dealt, the orbit's length (the players dealt into the game's first hand),
    and the button frozen during the stud games (``None`` outside them)."""

    rotation: Rotation
    index: int = 0
    hands: int = 1
    orbit: int = 0
    frozen: int | None = None
    stakes: Mapping[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> RotationGame:
        return self.rotation.games[self.index]

    def after(self, players: int, *, level_up: bool = False, redeal: bool = False) -> RotationState:
        """The state for the next hand, dealt to ``players``: a misdeal is dealt again as
        the same game; by orbit the game changes once an orbit of it has been dealt, by
        level once the level has changed."""
        if redeal:
            return self
        turn = self.hands >= self.orbit if self.rotation.by == "orbit" else level_up
        if not turn:
            return replace(self, hands=self.hands + 1)
        index = (self.index + 1) % len(self.rotation.games)
        return replace(self, index=index, hands=1, orbit=players)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            **self.rotation.as_json(),
            "index": self.index,
            "hands": self.hands,
            "orbit": self.orbit,
            "stakes": dict(self.stakes),
        }
        if self.frozen is not None:
            data["frozen"] = self.frozen
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RotationState:
        rotation = parse_rotation(",".join(data["games"]), str(data.get("by", "orbit")))
        return cls(
            rotation,
            int(data["index"]),
            int(data["hands"]),
            int(data["orbit"]),
            data.get("frozen"),
            dict(data.get("stakes", {})),
        )

    def describe(self) -> str:
        """The game and where the rotation stands, as a dealer reads it."""
        turn = "orbit" if self.rotation.by == "orbit" else "level"
        count = f"hand {self.hands} of {self.orbit}" if turn == "orbit" else f"hand {self.hands}"
        games = len(self.rotation.games)
        return f"{self.game.name} ({count}; game {self.index + 1} of {games}, by {turn})"
