"""PHH notation in floorman's terms: players ``pN`` as seats, runs of cards, betting
actions, and the players' names as notes.

What repeats from hand to hand (the players of a table, the hole cards of hold'em, a
betting action such as ``p3 cbr 225``) is read once and kept, by :func:`functools.lru_cache`;
each kept value is shared, so none is ever changed.

>>> player_seats(3)
{'p1': 1, 'p2': 2, 'p3': 3}
>>> run("Ah??")
(Card('Ah'), None)
>>> betting = plain_betting("p2 cbr 225")
>>> betting.first, betting.second
(Action(seat=2, verb='bet', amount=225), Action(seat=2, verb='raise', amount=225))
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from floorman.cards import DECK, Card, CardError
from floorman.hand.events import Action, Note
from floorman.interchange.phh.errors import FractionalChips

if TYPE_CHECKING:
    from floorman.hand.state import HandState

__all__ = ["Betting", "cards_of", "name_notes", "plain_betting", "player_seats", "run"]

_PHH_CARDS: Final[dict[str, Card | None]] = {card.ascii: card for card in DECK}
_PHH_CARDS["??"] = None


@functools.lru_cache(maxsize=32)
def player_seats(count: int) -> dict[str, int]:
    """PHH player names to seats, ``p1`` to seat 1 (shared: read, never changed)."""
    return {f"p{seat}": seat for seat in range(1, count + 1)}


def cards_of(text: str) -> tuple[Card | None, ...]:
    """PHH cards run together, ``??`` unknown: ``Ah??`` is the ace of hearts and one unknown."""
    length = len(text)
    if length % 2:
        raise CardError(f'"{text}" is not a run of cards')
    card = _PHH_CARDS.__getitem__
    try:
        if length == 2:  # a stud street's card
            return (card(text),)
        if length == 6:  # third street
            return card(text[:2]), card(text[2:4]), card(text[4:])
        return tuple([card(text[i : i + 2]) for i in range(0, length, 2)])
    except KeyError:
        return tuple(
            None if text[i : i + 2] == "??" else Card.parse(text[i : i + 2])
            for i in range(0, len(text), 2)
        )


def run(text: str) -> tuple[Card | None, ...] | None:
    """The cards of a PHH run (``AhKd7c``, ``????``); ``None`` if it is not one."""
    if len(text) <= 4:
        return _short_run(text)
    return _read_run(text)


@functools.lru_cache(maxsize=4096)
def _short_run(text: str) -> tuple[Card | None, ...] | None:
    """A run of one or two cards, read once: 2,862 of them at most."""
    return _read_run(text)


def _read_run(text: str) -> tuple[Card | None, ...] | None:
    if len(text) % 2:
        return None
    try:
        return tuple([_PHH_CARDS[text[i : i + 2]] for i in range(0, len(text), 2)])
    except KeyError:
        return None


def _amount(text: str, name: str) -> int:
    """A bet's amount in whole chips; :class:`FractionalChips` (naming the file) for
    a fraction of a chip."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f'"{text}" is not an amount') from None
    if not math.isfinite(value) or value != int(value) or value < 0:
        raise FractionalChips(f"{name}: {text} is not a whole number of chips")
    return int(value)


class Betting(NamedTuple):
    """A PHH betting action read once: ``cc`` is a check or a call and ``cbr`` a bet
    or a raise depending on the betting when it comes, so both events are made."""

    seat: int
    kind: str
    first: Action
    second: Action

    @staticmethod
    def read(seat: int, what: str, args: Sequence[str], name: str) -> Betting | None:
        """``what`` with its ``args`` for ``seat``; ``None`` when it is not a betting action."""
        if what == "f" and not args:
            fold = Action(seat, "fold")
            return Betting(seat, what, fold, fold)
        if what == "cc" and not args:
            return Betting(seat, what, Action(seat, "check"), Action(seat, "call"))
        if what == "cbr" and len(args) == 1:
            chips = _amount(args[0], name)
            return Betting(seat, what, Action(seat, "bet", chips), Action(seat, "raise", chips))
        return None

    def event(self, state: HandState) -> Action:
        """The action as the betting so far makes it."""
        if self.kind == "cc":
            return self.first if state.betting.to_call(self.seat) == 0 else self.second
        if self.kind == "cbr":
            return self.first if state.betting.current_bet == 0 else self.second
        return self.first


@functools.lru_cache(maxsize=8192)
def plain_betting(raw: str) -> Betting | None:
    """A betting action of player ``pN`` with nothing unusual about it (``p3 f``,
    ``p2 cbr 225``), read once: they repeat from hand to hand. ``None`` for anything
    else, a comment or an amount that is no whole number of chips included, which
    the importer reads the long way and names what is wrong."""
    words = raw.split()
    if len(words) < 2 or "#" in raw:
        return None
    player = words[0]
    number = player[1:]
    if player[:1] != "p" or not (number.isascii() and number.isdigit()) or number[0] == "0":
        return None
    try:
        return Betting.read(int(number), words[1], words[2:], "")
    except ValueError:
        return None


def name_notes(names: list[object]) -> tuple[Note, ...]:
    """Notes naming the players in their seats (``seat 1: Pluribus``), made once for
    each table of players: the same players sit down hand after hand."""
    try:
        return _seated(tuple(names))
    except TypeError:  # a list or table among the names
        return _notes(names)


@functools.lru_cache(maxsize=1024)
def _seated(names: tuple[object, ...]) -> tuple[Note, ...]:
    return _notes(names)


def _notes(names: Sequence[object]) -> tuple[Note, ...]:
    return tuple(
        Note(f"seat {seat}: {player}")
        for seat, player in enumerate(names, 1)
        if isinstance(player, str) and player
    )
