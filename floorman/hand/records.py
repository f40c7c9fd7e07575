"""The records a hand is made of: where a card is, board cards, burns, hole cards,
voluntary actions and pending corrective steps, with the names of games and streets.

They are immutable values, shared freely between copies of a hand state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from floorman.cards import Card
from floorman.errors import FloormanError
from floorman.vocabulary import ORDINALS

__all__ = [
    "GAMES",
    "HOLE_CARDS",
    "STREETS",
    "ActionRecord",
    "BoardCard",
    "BurnCard",
    "Duplicate",
    "HeldAction",
    "HoleCard",
    "PendingStep",
    "PendingWager",
    "Place",
    "ProcedureError",
    "Refusal",
    "TakenBack",
]

Game = Literal["holdem", "omaha", "omaha-hilo"]
GAMES: Final[tuple[Game, ...]] = ("holdem", "omaha", "omaha-hilo")
HOLE_CARDS: Final[dict[str, int]] = {"holdem": 2, "omaha": 4, "omaha-hilo": 4}
STREETS: Final = ("preflop", "flop", "turn", "river", "showdown")
"""Betting rounds in order; ``showdown`` once the river round is complete."""

BOARD_INDEX: Final = {"flop": 1, "turn": 2, "river": 3}

PlaceKind = Literal["seat", "board", "burn", "set-aside", "muck", "stub"]


class ProcedureError(FloormanError, ValueError):
    """A corrective procedure that cannot be enacted on this state (no such card, ...)."""


class Refusal(Exception):
    """What cannot be: raised by a handler before it changes anything; the hand state
    turns it into :class:`floorman.hand.events.IllegalEvent` naming the event."""


class Place(NamedTuple):
    """Where a card is: a seat's hand (``round`` its deal round, ``None`` for an extra
    card), the board or the burns (``street`` they belong to), set aside, the muck
    (a folded or dead hand; ``seat`` whose it was) or the stub (not seen anywhere else)."""

    kind: PlaceKind
    seat: int | None = None
    street: str | None = None
    round: int | None = None

    def __str__(self) -> str:
        if self.kind == "seat":
            if self.round is None:
                return f"seat {self.seat} (extra card)"
            return f"seat {self.seat} ({ORDINALS[self.round - 1]} card)"
        if self.kind in ("board", "burn"):
            return f"{self.kind} ({self.street})"
        if self.kind == "muck" and self.seat is not None:
            return f"muck (seat {self.seat})"
        return self.kind


STUB: Final = Place("stub")
SET_ASIDE: Final = Place("set-aside")
BOARD_PLACES: Final = {street: Place("board", street=street) for street in BOARD_INDEX}
BURN_PLACES: Final = {street: Place("burn", street=street) for street in BOARD_INDEX}
SEAT_PLACES: Final = [
    [Place("seat", seat, None, r or None) for r in range(5)] for seat in range(33)
]
"""Places of hole cards (round 1..4) and extra cards (index 0) of seats 1..32, made once."""


new_record: Final = tuple.__new__
"""Makes a named-tuple record from its fields without the Python-level ``__new__``."""


def seat_place(seat: int, deal_round: int | None) -> Place:
    if seat < 33:
        return SEAT_PLACES[seat][deal_round or 0]
    return Place("seat", seat, None, deal_round)


class BoardCard(NamedTuple):
    """A board card; ``premature`` when it came before the betting round was complete."""

    card: Card
    street: str
    premature: bool
    event: int


class TakenBack(NamedTuple):
    """A board card a procedure took off the board, and where it went
    (``set-aside``, ``stub`` or ``burn``)."""

    board: BoardCard
    to: str


class BurnCard(NamedTuple):
    """A burn; ``street`` is the board street it precedes, ``event`` the event that put it there."""

    card: Card | None
    street: str
    event: int


class PendingStep(NamedTuple):
    """A step of a corrective procedure the dealer has still to carry out before
    ``street`` is dealt (``do`` is the rulebook's primitive: ``reshuffle``, ``cut``,
    ``burn``, ``deal-without-burn``, ``use-as-burn``, ``scramble``, ``set-aside``,
    ``return-to-stub``), from the ruling on ``event``; ``what`` names the cards when
    they are not known (``extra card``)."""

    do: str
    street: str
    rule: str
    event: int
    cards: tuple[Card, ...] = ()
    what: str = "card"


@dataclass(frozen=True, slots=True)
class HoleCard:
    """One hole card: whose, its deal round and deal position, and whether it was exposed."""

    seat: int
    round: int
    position: int
    card: Card | None
    dealt: bool
    exposed_by: str | None


@dataclass(frozen=True, slots=True)
class Duplicate:
    """A card recorded a second time: the rulebook decides if it is a slip or a fouled deck."""

    card: Card
    first_event: int
    first_place: Place
    event: int
    place: Place


class ActionRecord(NamedTuple):
    """A voluntary betting action: ``total`` in front of the seat afterwards, ``added`` chips."""

    event: int
    street: str
    seat: int
    verb: str
    total: int
    added: int
    all_in: bool
    full: bool


class PendingWager(NamedTuple):
    """Chips or words of the seat to act that the rulebook must rule on before they are
    an action: an undercall, an underraise or underbet, an overbet, silent chips, a
    declaration that leaves the amount open, a string bet or a forward motion.

    ``before`` is what the seat had in front before it; ``total`` what it has in front
    now (chips pushed and amounts spoken count; a word or a motion adds nothing);
    ``first`` the total after a string bet's first motion; ``chips`` the denominations
    pushed; ``declared`` the word said first (``raise``, ``call``, ...) or ``None``.
    """

    event: int
    seat: int
    kind: str
    before: int
    total: int
    first: int = 0
    chips: tuple[int, ...] = ()
    declared: str | None = None


class HeldAction(NamedTuple):
    """An action out of turn, held while the action backs up to the seat whose turn it
    was. ``level`` is the bet it faced; ``binds`` says when it stands once the turn comes
    to it: ``unless-raised`` (a check, call or fold in between does not change the
    action), ``unless-chips`` (no bet, call or raise in between), ``always`` (it binds
    whatever happens in between), or ``None`` (it does not bind: the seat acts again in
    turn)."""

    event: int
    seat: int
    verb: str
    amount: int | None
    level: int
    street_index: int
    binds: str | None = None
