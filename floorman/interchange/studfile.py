"""Hand files of the stud games: the header names the game and its structure, the
events are the stud notation (:mod:`floorman.hand.studevents`).

>>> hand = parse_stud_hand('''
... game: stud
... ante: 5
... bring_in: 10
... limits: [20, 40]
... seats: {1: 500, 2: 500, 3: 500}
... events: ["down 1 ?? ??", "up 1 Th", "down 2 ?? ??", "up 2 2c", "down 3 ?? ??",
...          "up 3 9s", "2 bring-in", "3 fold", "1 complete", "2 fold"]
... ''')
>>> result = check_stud(hand)
>>> result.state.over_reason, result.to_json()["stacks"]
('fold', {'1': 520, '2': 485, '3': 495})
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from pydantic import Field, model_validator

from floorman.bounds import MAX_CHIPS, MAX_EVENTS_PER_HAND, MAX_SEAT
from floorman.errors import FloormanError
from floorman.hand.events import EventError
from floorman.hand.structures import DEFAULT_RAISE_CAP
from floorman.hand.stud import STUD_GAMES, StudGame
from floorman.hand.studevents import parse_stud_event
from floorman.hand.studstate import StudHand, StudProcedure
from floorman.inputfile import read_input
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
from floorman.showdown.oddchips import SplitRules
from floorman.showdown.studsettle import hilo_low_of, odd_chip_cards, settle_stud

__all__ = [
    "MAX_STUD_SEATS",
    "StudCheck",
    "StudHandFile",
    "check_stud",
    "dump_stud_hand",
    "is_stud",
    "load_stud_hand",
    "odd_chip_cards",
    "parse_stud_hand",
    "read_stud_hand",
    "stud_hand_from",
    "stud_schema",
]

MAX_STUD_SEATS: Final = 8
"""Eight players at most: seven cards each come to 56, and the common card of RRoP stud
rule 13 is for a deck that runs short, not for a ninth seat."""


class StudHandFile(GameHandFile):
    """A stud hand: the game, its structure, the seats and the events."""

    game: StudGame = Field(description="stud | stud-hilo | razz")
    ante: Ante
    bring_in: int = Field(
        ge=1, le=MAX_CHIPS, description="the forced bet of the bring-in card, at most the small bet"
    )
    limits: tuple[int, int] = Field(
        description="the small bet (third and fourth street) and the big bet (fifth street on)"
    )
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
        description="raises allowed after the bet (the completion) in a round; null: no cap",
    )
    events: Events

    @model_validator(mode="after")
    def _structure(self) -> StudHandFile:
        small, big = self.limits
        if not 0 < small <= big <= MAX_CHIPS:
            raise ValueError("limits: the small bet, then a big bet at least as large")
        if self.bring_in > small:
            raise ValueError(f"bring_in: {self.bring_in} is more than the small bet {small}")
        if not 2 <= len(self.seats) <= MAX_STUD_SEATS:
            raise ValueError(f"seats: a stud game deals to 2 to {MAX_STUD_SEATS} players")
        for seat, stack in self.seats.items():
            if not 1 <= seat <= MAX_SEAT:
                raise ValueError(f"seats: {seat} is not a seat from 1 to {MAX_SEAT}")
            if not 0 < stack <= MAX_CHIPS:
                raise ValueError(f"seats: seat {seat} sits with {stack}, not 1 to {MAX_CHIPS:,}")
        if len(self.events) > MAX_EVENTS_PER_HAND:
            raise ValueError(f"events: a hand has at most {MAX_EVENTS_PER_HAND:,}")
        return self

    def start(self, procedure: StudProcedure | None = None) -> StudHand:
        """The hand before its first event, the antes posted; ``procedure``: the
        rulebook's, where the books part (:func:`floorman.rules.studdraw.procedure_of`)."""
        return StudHand(
            seats=self.seats,
            game=self.game,
            ante=self.ante,
            bring_in=self.bring_in,
            limits=self.limits,
            raise_cap=self.limit_raise_cap,
            procedure=procedure,
        )

    def replay(self) -> StudHand:
        """The state after every event; :class:`HandFileError` names the file, the line
        and the event that cannot be."""
        state = self.start()
        for number, text in enumerate(self.events, 1):
            try:
                state.apply(parse_stud_event(text, number), number)
            except EventError as error:
                raise HandFileError(f"{self.where(number)}: {error}") from None
        return state


def is_stud(data: object) -> bool:
    """Whether a hand file's data is a stud game's."""
    return isinstance(data, dict) and data.get("game") in STUD_GAMES


def stud_hand_from(data: Mapping[str, Any], name: str, text: str | None) -> StudHandFile:
    """A stud hand file's data read by the model; ``text`` is its YAML (``None`` for JSON)."""
    return game_hand_from(StudHandFile, "stud", data, name, text)


def parse_stud_hand(text: str, name: str = "hand") -> StudHandFile:
    json_text = name.endswith(".json")
    return stud_hand_from(read_data(text, name, json_text), name, None if json_text else text)


def load_stud_hand(path: str | Path) -> StudHandFile:
    try:
        text = read_input(Path(path))
    except FloormanError as error:
        raise HandFileError(str(error)) from None
    return parse_stud_hand(text, str(path))


def read_stud_hand(path: str | Path) -> StudHandFile | None:
    """The stud hand in the file at ``path``; ``None`` when it is another game's (or
    cannot be read: the reader of the other games says why)."""
    return read_game_hand(path, STUD_GAMES, stud_hand_from)


class StudCheck(GameCheck[StudHand]):
    """What ``floorman check`` reports about a stud hand (:class:`GameCheck`), and the
    lines it prints."""

    def lines(self) -> list[str]:
        """The state as the dealer reads it, then who took each pot."""
        state = self.state
        if state.over_reason is not None:
            head = f"{state.game}: hand over ({state.over_reason}), pot {state.pot}"
        elif state.to_act is not None:
            head = (
                f"{state.game}: {state.street} street, pot {state.pot}, seat {state.to_act} to act"
            )
        else:
            head = f"{state.game}: deal {state.street} street, pot {state.pot}"
        lines = [head, "seat  behind  in front  in pot  cards"]
        for seat in state.seats:
            mark = ">" if seat == state.to_act else " "
            status = (
                "folded" if seat in state.folded else ("all in" if not state.stacks[seat] else "")
            )
            cards = " ".join("??" if c is None else c.ascii for c in state.cards(seat))
            lines.append(
                f"{seat:>3}{mark} {state.stacks[seat]:>7} {state.bets[seat]:>9}"
                f" {state.contributed[seat]:>7}  {cards} {status}".rstrip()
            )
        lines += self.pot_lines()
        return lines


def check_stud(
    hand: StudHandFile, rulebook: str | None = None, house: str | None = None
) -> StudCheck:
    """Replay a stud hand under its rulebook, ruling each event, and settle it once it
    is over (stud hi-lo's low half as the rulebook's ``stud_hilo_low`` option says)."""
    from floorman.interchange.dealtrulings import rule_stud

    ruled = rule_stud(hand, rulebook, house)
    state = ruled.state
    rules = SplitRules(unit=min(hand.chips))
    low = hilo_low_of(ruled.book.options)
    settled = settle_stud(state, rules, odd_chip_cards(ruled.book.name), low)
    return StudCheck(state, settled, ruled.rulings, ruled.violations)


_KEY_ORDER: Final = (
    "table", "kind", "started", "game", "ante", "bring_in", "limits", "seats", "chips",
    "rulebook", "house", "limit_raise_cap",
)  # fmt: skip


def dump_stud_hand(header: Mapping[str, Any], events: list[str]) -> str:
    """A stud hand file's YAML: the header fields in a reader's order, then the events."""
    return dump_hand(_KEY_ORDER, header, events)


def stud_schema() -> dict[str, Any]:
    """The JSON Schema of a stud hand file, for editors."""
    return hand_schema(StudHandFile, "floorman stud hand file")
