"""PHH stud hands (``F7S``, ``F7S/8``, ``FR``) replayed into floorman stud hands.

PHH deals a stud street as one action, ``d dh p1 8h5sTc`` on third street (two
downcards, then the upcard) and ``d dh p1 6c`` after; which card is up follows from
how many the seat holds. ``pb`` is the bring-in; ``cbr`` completes it on third street
before anyone has, and bets or raises otherwise.

>>> from floorman.interchange.phh.reader import read_phh
>>> text = '''variant = 'F7S'
... antes = [5, 5, 5]
... bring_in = 10
... small_bet = 20
... big_bet = 40
... starting_stacks = [500, 500, 500]
... actions = ['d dh p1 AhAdTh', 'd dh p2 ????2c', 'd dh p3 ????9s', 'p2 pb', 'p3 f',
...            'p1 cbr 20', 'p2 f']
... finishing_stacks = [520, 485, 495]'''
>>> imported = import_stud_phh(read_phh(text), "stud.phh")
>>> imported.events_text()[:4]
['down 1 Ah Ad', 'up 1 Th', 'down 2 ?? ??', 'up 2 2c']
>>> imported.events_text()[-3:]
['3 fold', '1 complete 20', '2 fold']
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final, NamedTuple

from floorman.bounds import MAX_CHIPS
from floorman.hand.events import Action, Event, Muck, Note, Show
from floorman.hand.stud import StudGame
from floorman.hand.studevents import BringIn, Complete, Down, Up
from floorman.hand.studstate import StudHand
from floorman.interchange.phh.imported import ImportedHand
from floorman.interchange.phh.notation import cards_of, player_seats
from floorman.interchange.phh.studdrawimport import GameImporter

__all__ = ["STUD_VARIANTS", "StudImported", "import_stud_phh"]

STUD_VARIANTS: Final[dict[str, StudGame]] = {"F7S": "stud", "F7S/8": "stud-hilo", "FR": "razz"}
"""The PHH stud variants floorman plays (fixed limit), and floorman's game for each."""


class StudImported(ImportedHand[StudHand]):
    """A PHH stud hand as floorman replayed it: the hand-file header and events, the
    final state and the file's finishing stacks."""


def import_stud_phh(data: Mapping[str, Any], name: str = "hand.phh") -> StudImported:
    """Replay the fields of a PHH stud file (see :func:`read_phh`) as a floorman hand;
    :class:`PhhError` naming the file and the action for anything it cannot play."""
    return _StudImporter(data, name).run()


class _StudImporter(GameImporter[StudHand]):
    def field(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(f"{key} is missing")
        return self.data[key]

    def run(self) -> StudImported:
        game = STUD_VARIANTS[str(self.field("variant"))]
        stacks = self.field("starting_stacks")
        if not isinstance(stacks, list) or not 2 <= len(stacks) <= 8:
            raise self.fail("starting_stacks: a stud game deals to two to eight players")
        starting = [self.chips("starting_stacks", value) for value in stacks]
        antes = self.field("antes")
        if not isinstance(antes, list) or len(antes) != len(starting):
            raise self.fail(f"antes needs {len(starting)} amounts, one a player")
        ante_amounts = {self.chips("antes", value) for value in antes}
        if len(ante_amounts) != 1:
            raise self.fail("antes: floorman's stud games take the same ante from every player")
        ante = ante_amounts.pop()
        bring_in = self.chips("bring_in", self.field("bring_in"))
        limits = (
            self.chips("small_bet", self.field("small_bet")),
            self.chips("big_bet", self.field("big_bet")),
        )
        seats = dict(enumerate(starting, 1))
        header: dict[str, Any] = {
            "game": game, "ante": ante, "bring_in": bring_in, "limits": list(limits),
            "seats": seats,
        }  # fmt: skip
        try:
            state = StudHand(seats=seats, game=game, ante=ante, bring_in=bring_in, limits=limits)
        except ValueError as error:
            raise self.fail(str(error)) from None
        imported = StudImported(self.name, header, [], state)
        self.replay(imported, self.field("actions"), len(starting))
        return imported

    def events(self, state: StudHand, players: Mapping[str, int], raw: str) -> list[Event]:
        # What comes again hand after hand is read once: a player's action (``p2 cc``,
        # ``p5 cbr 40``) and a card of fourth to seventh street (``d dh p3 Qs``, 52 cards
        # to a few seats); third street's three cards seldom do, and are read each time.
        kept = raw[:1] == "p" or len(raw) <= _ONE_CARD
        read = (_read if kept else _read_line)(raw, len(players))
        out = _street(state, read) if read.deal else [_player(state, read)] if read.word else []
        if read.note is not None:
            out.append(read.note)
        return out


def _seat(players: Mapping[str, int], word: str) -> int:
    if word not in players:
        raise ValueError(f"there is no player {word}")
    return players[word]


class _Read(NamedTuple):
    """One PHH action of a stud hand as read, with each event it may be made ready;
    which one it is, the hand decides (so that a reading can be kept for other hands)."""

    word: str
    """``deal`` for ``d dh``, else the player's word: ``f``, ``cc``, ``pb``, ``cbr``, ``sm``
    (empty for a comment alone)."""
    events: tuple[Event, ...] = ()
    """deal: the downcards and upcard of third street, else (the downcard, the upcard);
    ``cc``: (the call, the check); ``cbr``: (the completion, the raise, the bet); else
    the one event."""
    seat: int = 0
    deal: int = 0
    """How many cards ``d dh`` deals (0: not a deal)."""
    note: Note | None = None


def _read_line(raw: str, players: int) -> _Read:
    """Read ``raw`` at a table of ``players``: ``ValueError`` or :class:`CardError` as
    each part is found wrong, in the order they are read."""
    seats = player_seats(players)
    text, hashed, comment = raw.partition("#")
    note = Note(comment.strip()) if hashed and comment.strip() else None
    words = text.split()
    if len(words) == 4 and words[0] == "d" and words[1] == "dh":
        seat = _seat(seats, words[2])
        cards = cards_of(words[3])
        if len(cards) == 3:
            events: tuple[Event, ...] = (Down(seat, cards[:2]), Up(seat, cards[2]))
        else:
            events = (Down(seat, cards), Up(seat, cards[0])) if len(cards) == 1 else ()
        return _Read("deal", events, seat, len(cards), note)
    if words and words[0] in seats:
        seat = seats[words[0]]
        what, args = (words[1] if len(words) > 1 else ""), words[2:]
        return _Read(what, _player_events(seat, what, args), seat, 0, note)
    if words:
        raise ValueError("not a PHH action of a stud hand")
    return _Read("", (), 0, 0, note)


_read: Final = lru_cache(maxsize=4096)(_read_line)
"""An action read once, kept for the hands it comes again in."""
_ONE_CARD: Final = len("d dh p8 Ah")
"""The longest PHH deal of one card to a stud seat (eight seats at most)."""


def _street(state: StudHand, read: _Read) -> list[Event]:
    """A PHH street for one seat: third street's two downcards and upcard, one upcard on
    fourth to sixth street, the downcard on seventh."""
    seat = read.seat
    down = state.down.get(seat)
    held = 0 if down is None else len(down) + len(state.up[seat]) + (state.common is not None)
    if held == 0 and read.deal == 3:
        return list(read.events)
    if read.deal != 1:
        raise ValueError(f"a seat holding {held} cards is dealt one card, not {read.deal}")
    return [read.events[0] if held == 6 else read.events[1]]


def _player(state: StudHand, read: _Read) -> Event:
    """The event a player's action is as the hand stands."""
    word, events = read.word, read.events
    if word == "cc":
        return events[0] if state.to_call(read.seat) else events[1]
    if word == "cbr":
        if state.street_index == 0 and state.full_level == 0:
            return events[0]
        return events[1] if state.current_bet else events[2]
    return events[0]


def _player_events(seat: int, what: str, args: list[str]) -> tuple[Event, ...]:
    """Every event a player's action may be (see :class:`_Read`)."""
    if what == "f" and not args:
        return (Action(seat, "fold"),)
    if what == "cc" and not args:
        return Action(seat, "call"), Action(seat, "check")
    if what == "pb" and not args:
        return (BringIn(seat),)
    if what == "cbr" and len(args) == 1:
        amount = float(args[0])
        if not math.isfinite(amount) or amount != int(amount) or not 0 <= amount <= MAX_CHIPS:
            raise ValueError(f"{args[0]} is not a whole number of chips")
        total = int(amount)
        return Complete(seat, total), Action(seat, "raise", total), Action(seat, "bet", total)
    if what == "sm" and not args:
        return (Muck(seat),)
    if what == "sm" and len(args) == 1:
        cards = cards_of(args[0])
        if None in cards:
            raise ValueError("floorman cannot read a hand shown with unknown cards")
        return (Show(seat, tuple(card for card in cards if card is not None)),)
    raise ValueError("not a PHH action of a stud hand")
