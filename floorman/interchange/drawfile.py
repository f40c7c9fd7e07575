"""Hand files of the draw games: the header names the game, the betting and the blinds,
the events are the draw notation (:mod:`floorman.hand.drawevents`).

>>> hand = parse_draw_hand('''
... game: triple-draw-27
... betting: limit
... blinds: [5, 10]
... limits: [10, 20]
... button: 3
... seats: {1: 500, 2: 500, 3: 500}
... events: [deal, 3 fold, 1 call, 2 check, 1 draws 2, 2 stands pat, 1 bet 10, 2 fold]
... ''')
>>> result = check_draw(hand)
>>> result.state.over_reason, result.to_json()["stacks"]
('fold', {'1': 510, '2': 490, '3': 500})
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import Field, model_validator

from floorman.bounds import MAX_CHIPS, MAX_EVENTS_PER_HAND, MAX_SEAT
from floorman.hand.drawevents import parse_draw_event
from floorman.hand.drawstate import DRAW_GAMES, HOLE, DrawGame, DrawHand
from floorman.hand.events import EventError
from floorman.hand.structures import DEFAULT_RAISE_CAP
from floorman.hand.table import Table, TableError
from floorman.interchange.plainhand import HandFileError, read_data
from floorman.interchange.studdrawfile import (
    Ante,
    Chips,
    Events,
    GameCheck,
    GameHandFile,
    House,
    Rulebook,
    Seats,
    Started,
    TableKind,
    TableName,
    dump_hand,
    game_hand_from,
    hand_schema,
    read_game_hand,
)
from floorman.showdown.drawsettle import settle_draw
from floorman.showdown.oddchips import SplitRules

__all__ = [
    "DrawCheck",
    "DrawHandFile",
    "check_draw",
    "draw_schema",
    "dump_draw_hand",
    "parse_draw_hand",
    "read_draw_hand",
]


class DrawHandFile(GameHandFile):
    """A draw hand: the game, the betting, the blinds, the seats and the events."""

    game: DrawGame = Field(description="triple-draw-27 | single-draw-27 | lowball-a5 | badugi")
    betting: Literal["limit", "no-limit", "pot-limit"] = Field(
        "limit", description="limit | no-limit | pot-limit"
    )
    blinds: tuple[int, int] = Field(description="small and big blind")
    ante: Ante
    big_blind_ante: int = Field(
        0, ge=0, le=MAX_CHIPS, description="an ante the big blind posts for the table"
    )
    limits: tuple[int, int] | None = Field(
        None,
        description="limit: the small bet (before the first draw, and after it in triple"
        " draw) and the big bet; default the big blind and twice it",
    )
    min_bet: int | None = Field(
        None, ge=1, le=MAX_CHIPS, description="no and pot limit: the smallest bet (the big blind)"
    )
    button: int = Field(ge=1, le=MAX_SEAT, description="the seat holding the dealer button")
    seats: Seats
    chips: Chips
    rulebook: Rulebook
    house: House
    table: TableName
    kind: TableKind
    started: Started
    limit_raise_cap: int | None = Field(
        DEFAULT_RAISE_CAP,
        ge=0,
        le=MAX_EVENTS_PER_HAND,
        description="limit: raises allowed after the bet in a round (the big blind is the"
        " first round's bet); null: no cap",
    )
    events: Events

    @model_validator(mode="after")
    def _structure(self) -> DrawHandFile:
        small, big = self.blinds
        if not 0 <= small <= big <= MAX_CHIPS or big == 0:
            raise ValueError("blinds: a small blind and a big blind at least as large")
        most = 52 // (HOLE[self.game] + 1)
        if not 2 <= len(self.seats) <= most:
            raise ValueError(f"seats: {self.game} deals to 2 to {most} players")
        for seat, stack in self.seats.items():
            if not 1 <= seat <= MAX_SEAT or not 0 < stack <= MAX_CHIPS:
                raise ValueError(f"seats: seat {seat} with {stack} is not a seat and a stack")
        try:
            Table(tuple(self.seats), self.button)
        except TableError as error:
            raise ValueError(f"button: {error}") from None
        if self.limits is not None and not 0 < self.limits[0] <= self.limits[1]:
            raise ValueError("limits: the small bet, then a big bet at least as large")
        return self

    def start(self) -> DrawHand:
        """The hand before its first event, the antes and blinds posted: heads-up the
        button posts the small blind."""
        small_seat, big_seat = Table(tuple(self.seats), self.button).blind_seats
        blinds = {big_seat: self.blinds[1]}
        if small_seat is not None and self.blinds[0]:
            blinds[small_seat] = self.blinds[0]
        antes = dict.fromkeys(self.seats, self.ante)
        antes[big_seat] += self.big_blind_ante
        small, big = self.limits or (self.blinds[1], 2 * self.blinds[1])
        return DrawHand(
            seats=self.seats, game=self.game, blinds=blinds, button=self.button,
            structure=self.betting, limits=(small, big), min_bet=self.min_bet or self.blinds[1],
            antes={seat: ante for seat, ante in antes.items() if ante},
            raise_cap=self.limit_raise_cap,
        )  # fmt: skip

    def replay(self) -> DrawHand:
        """The state after every event; :class:`HandFileError` names the file, the line
        and the event that cannot be."""
        state = self.start()
        for number, text in enumerate(self.events, 1):
            try:
                state.apply(parse_draw_event(text, number), number)
            except EventError as error:
                raise HandFileError(f"{self.where(number)}: {error}") from None
        return state


def draw_hand_from(data: Mapping[str, Any], name: str, text: str | None) -> DrawHandFile:
    """A draw hand file's data read by the model; ``text`` is its YAML (``None`` for JSON)."""
    return game_hand_from(DrawHandFile, "draw", data, name, text)


def parse_draw_hand(text: str, name: str = "hand") -> DrawHandFile:
    json_text = name.endswith(".json")
    return draw_hand_from(read_data(text, name, json_text), name, None if json_text else text)


def read_draw_hand(path: str | Path) -> DrawHandFile | None:
    """The draw hand in the file at ``path``; ``None`` when it is another game's (or
    cannot be read: the reader of the other games says why)."""
    return read_game_hand(path, DRAW_GAMES, draw_hand_from)


class DrawCheck(GameCheck[DrawHand]):
    """What ``floorman check`` reports about a draw hand (:class:`GameCheck`), and the
    lines it prints."""

    def lines(self) -> list[str]:
        state = self.state
        draws = f"after draw {state.round_index}" if state.round_index else "before the draw"
        if state.over_reason is not None:
            head = f"{state.game}: hand over ({state.over_reason}), pot {state.pot}"
        elif state.phase == "draw":
            head = f"{state.game}: draw {state.round_index + 1}, seat {state.to_draw} to draw"
        elif state.to_act is not None:
            head = f"{state.game}: betting {draws}, pot {state.pot}, seat {state.to_act} to act"
        else:
            head = f"{state.game}: deal, pot {state.pot}"
        lines = [head, "seat  behind  in front  in pot  cards"]
        for seat in state.seats:
            mark = ("B" if seat == state.button else " ") + (">" if seat == state.to_act else " ")
            status = (
                "folded" if seat in state.folded else ("all in" if not state.stacks[seat] else "")
            )
            cards = " ".join("??" if c is None else c.ascii for c in state.cards[seat])
            lines.append(
                f"{seat:>3}{mark} {state.stacks[seat]:>7} {state.bets[seat]:>9}"
                f" {state.contributed[seat]:>7}  {cards} {status}".rstrip()
            )
        lines += self.pot_lines()
        return lines


def check_draw(
    hand: DrawHandFile, rulebook: str | None = None, house: str | None = None
) -> DrawCheck:
    """Replay a draw hand under its rulebook, ruling each event, and settle it once it
    is over."""
    from floorman.interchange.dealtrulings import rule_draw

    ruled = rule_draw(hand, rulebook, house)
    settled = settle_draw(ruled.state, SplitRules(unit=min(hand.chips)))
    return DrawCheck(ruled.state, settled, ruled.rulings, ruled.violations)


_KEY_ORDER: Final = (
    "table", "kind", "started", "game", "betting", "blinds", "ante", "big_blind_ante",
    "limits", "min_bet", "button", "seats", "chips", "rulebook", "house", "limit_raise_cap",
)  # fmt: skip


def dump_draw_hand(header: Mapping[str, Any], events: list[str]) -> str:
    """A draw hand file's YAML: the header fields in a reader's order, then the events."""
    return dump_hand(_KEY_ORDER, header, events)


def draw_schema() -> dict[str, Any]:
    """The JSON Schema of a draw hand file, for editors."""
    return hand_schema(DrawHandFile, "floorman draw hand file")
