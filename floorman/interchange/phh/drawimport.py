"""PHH draw hands (``F2L3D``, ``N2L1D``) replayed into floorman draw hands.

PHH writes a draw as the seat's discards, ``p2 sd AsKs`` (``p2 sd`` for standing pat),
and the cards dealt for them later, ``d dh p2 Jh4s``; floorman records it as one event
when the new cards come, ``2 draws 2 Jh 4s``, with the seat's cards after it known
(``cards``) when the record names the discards. Players are seated as in every PHH
import: player N in seat N, the button on the last seat (heads-up, the button posts the
small blind PHH lists first).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from floorman.bounds import MAX_CHIPS
from floorman.hand.drawevents import Draw
from floorman.hand.drawstate import DrawGame, DrawHand
from floorman.hand.events import Action, Cards, Deal, Event, Muck, Note, Show
from floorman.hand.table import Table
from floorman.interchange.phh.imported import ImportedHand
from floorman.interchange.phh.notation import cards_of
from floorman.interchange.phh.studdrawimport import GameImporter

__all__ = ["DRAW_VARIANTS", "DrawImported", "import_draw_phh"]

DRAW_VARIANTS: Final[dict[str, tuple[DrawGame, str]]] = {
    "F2L3D": ("triple-draw-27", "limit"),
    "N2L1D": ("single-draw-27", "no-limit"),
}
"""The PHH draw variants floorman plays, as (game, betting)."""


class DrawImported(ImportedHand[DrawHand]):
    """A PHH draw hand as floorman replayed it."""


def import_draw_phh(data: Mapping[str, Any], name: str = "hand.phh") -> DrawImported:
    """Replay the fields of a PHH draw file as a floorman hand; :class:`PhhError` naming
    the file and the action for anything it cannot play."""
    return _DrawImporter(data, name).run()


class _DrawImporter(GameImporter[DrawHand]):
    def __init__(self, data: Mapping[str, Any], name: str) -> None:
        super().__init__(data, name)
        self.pending: list[list[Any]] = []  # [seat, discards, new cards or None]

    def amounts(self, key: str, players: int) -> list[int]:
        values = self.data.get(key)
        if not isinstance(values, list) or len(values) != players:
            raise self.fail(f"{key} needs {players} amounts, one a player")
        return [self.chips(key, value) for value in values]

    def run(self) -> DrawImported:
        game, structure = DRAW_VARIANTS[str(self.data.get("variant"))]
        stacks = self.data.get("starting_stacks")
        if not isinstance(stacks, list) or not 2 <= len(stacks) <= 10:
            raise self.fail("starting_stacks: a draw game deals to two to ten players")
        players = len(stacks)
        starting = self.amounts("starting_stacks", players)
        antes = self.amounts("antes", players)
        blinds = self.amounts("blinds_or_straddles", players)
        if players == 2:  # heads-up the button posts the small blind: PHH lists it first
            antes.reverse()
            blinds.reverse()
        seats = dict(enumerate(starting, 1))
        header: dict[str, Any] = {"game": game, "betting": structure, "button": players,
                                  "seats": seats}  # fmt: skip
        limits = (0, 0)
        min_bet = 0
        if structure == "limit":
            limits = (self.chips("small_bet", self.data.get("small_bet")),
                      self.chips("big_bet", self.data.get("big_bet")))  # fmt: skip
            header["limits"] = list(limits)
        else:
            min_bet = self.chips("min_bet", self.data.get("min_bet"))
            header["min_bet"] = min_bet
        forced = {seat: amount for seat, amount in enumerate(blinds, 1) if amount}
        dead = {seat: amount for seat, amount in enumerate(antes, 1) if amount}
        small_seat, big_seat = Table(tuple(seats), players).blind_seats
        small = forced.get(small_seat, 0) if small_seat is not None else 0
        if (
            set(forced) - {small_seat, big_seat}
            or big_seat not in forced
            or small > forced[big_seat]
        ):
            raise self.fail("blinds_or_straddles: a draw game posts a small and a big blind")
        header["blinds"] = [small, forced[big_seat]]
        if dead and set(dead.values()) == {antes[0]} and len(dead) == players:
            header["ante"] = antes[0]
        elif set(dead) == {big_seat}:
            header["big_blind_ante"] = dead[big_seat]
        elif dead:
            raise self.fail("antes: a draw game takes an ante from every player or the big blind")
        try:
            state = DrawHand(seats=seats, game=game, blinds=forced, button=players,
                             structure=structure,  # type: ignore[arg-type]
                             limits=limits, min_bet=min_bet, antes=dead)  # fmt: skip
        except ValueError as error:
            raise self.fail(str(error)) from None
        imported = DrawImported(self.name, header, [], state)
        self.replay(imported, self.data.get("actions"), players)
        return imported

    def events(self, state: DrawHand, seated: Mapping[str, int], raw: str) -> list[Event]:
        text, _, comment = raw.partition("#")
        words = text.split()
        out: list[Event] = []
        if words[:2] == ["d", "dh"] and len(words) == 4 and words[2] in seated:
            seat = seated[words[2]]
            cards = cards_of(words[3])
            entry = next((e for e in self.pending if e[0] == seat and e[2] is None), None)
            if entry is not None:
                entry[2] = cards
                out.extend(self.flush(state))
            else:
                if state.phase == "deal":
                    out.append(Deal())
                if any(cards):
                    out.append(Cards(seat, cards))
        elif words and words[0] in seated:
            seat = seated[words[0]]
            what, args = (words[1] if len(words) > 1 else ""), words[2:]
            if what == "sd":
                discards = cards_of(args[0]) if args else ()
                self.pending.append([seat, discards, () if not discards else None])
                out.extend(self.flush(state))
            else:
                out.append(_player(state, seat, what, args))
        elif words:
            raise ValueError("not a PHH action of a draw hand")
        if comment.strip():
            out.append(Note(comment.strip()))
        return out

    def flush(self, state: DrawHand) -> list[Event]:
        """The draws whose cards have come, in the order the seats discarded."""
        out: list[Event] = []
        while self.pending and self.pending[0][2] is not None:
            seat, discards, new = self.pending.pop(0)
            known = [c for c in new if c is not None]
            out.append(Draw(seat, len(discards), tuple(known) if len(known) == len(new) else ()))
            held = [c for c in state.cards[seat] if c is not None]
            if discards and None not in discards and len(held) == len(state.cards[seat]):
                kept = [c for c in held if c not in discards]
                if len(kept) + len(new) == len(held) and None not in new:
                    out.append(Cards(seat, tuple(kept) + tuple(new)))
        return out


def _player(state: DrawHand, seat: int, what: str, args: list[str]) -> Event:
    if what == "f" and not args:
        return Action(seat, "fold")
    if what == "cc" and not args:
        return Action(seat, "call" if state.to_call(seat) else "check")
    if what == "cbr" and len(args) == 1:
        amount = float(args[0])
        if not math.isfinite(amount) or amount != int(amount) or not 0 <= amount <= MAX_CHIPS:
            raise ValueError(f"{args[0]} is not a whole number of chips")
        return Action(seat, "raise" if state.current_bet else "bet", int(amount))
    if what == "sm" and not args:
        return Muck(seat)
    if what == "sm" and len(args) == 1:
        cards = cards_of(args[0])
        if None in cards:
            raise ValueError("floorman cannot read a hand shown with unknown cards")
        return Show(seat, tuple(card for card in cards if card is not None))
    raise ValueError("not a PHH action of a draw hand")
