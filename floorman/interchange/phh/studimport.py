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
from typing import Any, Final

from floorman.bounds import MAX_CHIPS
from floorman.cards import Card
from floorman.hand.events import Action, Event, Muck, Note, Show
from floorman.hand.stud import StudGame
from floorman.hand.studevents import BringIn, Complete, Down, Up
from floorman.hand.studstate import StudHand
from floorman.interchange.phh.imported import ImportedHand
from floorman.interchange.phh.notation import cards_of
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

    def events(self, state: StudHand, seated: Mapping[str, int], raw: str) -> list[Event]:
        text, _, comment = raw.partition("#")
        words = text.split()
        out: list[Event] = []
        if words[:2] == ["d", "dh"] and len(words) == 4:
            seat = _seat(seated, words[2])
            out.extend(_street(state, seat, cards_of(words[3])))
        elif words and words[0] in seated:
            out.append(_player(state, seated[words[0]], words[1:]))
        elif words:
            raise ValueError("not a PHH action of a stud hand")
        if comment.strip():
            out.append(Note(comment.strip()))
        return out


def _seat(players: Mapping[str, int], word: str) -> int:
    if word not in players:
        raise ValueError(f"there is no player {word}")
    return players[word]


def _street(state: StudHand, seat: int, cards: tuple[Card | None, ...]) -> list[Event]:
    """A PHH street for one seat: third street's two downcards and upcard, one upcard on
    fourth to sixth street, the downcard on seventh."""
    held = len(state.cards(seat)) if seat in state.down else 0
    if held == 0 and len(cards) == 3:
        return [Down(seat, cards[:2]), Up(seat, cards[2])]
    if len(cards) != 1:
        raise ValueError(f"a seat holding {held} cards is dealt one card, not {len(cards)}")
    if held == 6:
        return [Down(seat, cards)]
    return [Up(seat, cards[0])]


def _player(state: StudHand, seat: int, words: list[str]) -> Event:
    what, args = (words[0] if words else ""), words[1:]
    if what == "f" and not args:
        return Action(seat, "fold")
    if what == "cc" and not args:
        return Action(seat, "call" if state.to_call(seat) else "check")
    if what == "pb" and not args:
        return BringIn(seat)
    if what == "cbr" and len(args) == 1:
        amount = float(args[0])
        if not math.isfinite(amount) or amount != int(amount) or not 0 <= amount <= MAX_CHIPS:
            raise ValueError(f"{args[0]} is not a whole number of chips")
        total = int(amount)
        if state.street_index == 0 and state.full_level == 0:
            return Complete(seat, total)
        return Action(seat, "raise" if state.current_bet else "bet", total)
    if what == "sm" and not args:
        return Muck(seat)
    if what == "sm" and len(args) == 1:
        cards = cards_of(args[0])
        if None in cards:
            raise ValueError("floorman cannot read a hand shown with unknown cards")
        return Show(seat, tuple(card for card in cards if card is not None))
    raise ValueError("not a PHH action of a stud hand")
