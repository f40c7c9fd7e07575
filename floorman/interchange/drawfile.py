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

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from floorman.bounds import MAX_CHIPS, MAX_EVENTS_PER_HAND, MAX_SEAT
from floorman.errors import FloormanError
from floorman.hand.drawevents import parse_draw_event
from floorman.hand.drawstate import DRAW_GAMES, HOLE, DrawGame, DrawHand
from floorman.hand.events import EventError
from floorman.hand.structures import DEFAULT_RAISE_CAP
from floorman.hand.table import DEFAULT_KIND, Kind, Table, TableError
from floorman.inputfile import read_input
from floorman.interchange.plainhand import HandFileError, event_line_numbers, read_data
from floorman.showdown.drawsettle import settle_draw
from floorman.showdown.oddchips import SplitRules
from floorman.showdown.settlement import Settlement

if TYPE_CHECKING:
    from floorman.rules.engine import Ruling, Violation

__all__ = [
    "DrawCheck",
    "DrawHandFile",
    "check_draw",
    "draw_schema",
    "dump_draw_hand",
    "parse_draw_hand",
    "read_draw_hand",
]


class DrawHandFile(BaseModel):
    """A draw hand: the game, the betting, the blinds, the seats and the events."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    game: DrawGame = Field(description="triple-draw-27 | single-draw-27 | lowball-a5 | badugi")
    betting: Literal["limit", "no-limit", "pot-limit"] = Field(
        "limit", description="limit | no-limit | pot-limit"
    )
    blinds: tuple[int, int] = Field(description="small and big blind")
    ante: int = Field(0, ge=0, le=MAX_CHIPS, description="every player's ante")
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
    seats: dict[int, int] = Field(description="occupied seat -> starting stack")
    chips: list[int] = Field(
        default_factory=lambda: [1],
        description="chip denominations in play; the smallest is the odd-chip unit",
    )
    rulebook: str = Field("rrop", description="the rulebook that rules on this hand")
    house: dict[str, Any] = Field(
        default_factory=lambda: {}, description="rulebook option overrides for this hand"
    )
    table: str | None = Field(None, description="the table the hand was played at")
    kind: Kind = Field(DEFAULT_KIND, description="cash | tournament")
    started: datetime | None = Field(None, description="when the hand started")
    limit_raise_cap: int | None = Field(
        DEFAULT_RAISE_CAP,
        ge=0,
        le=MAX_EVENTS_PER_HAND,
        description="limit: raises allowed after the bet in a round (the big blind is the"
        " first round's bet); null: no cap",
    )
    events: list[str] = Field(default_factory=lambda: [], description="the events, in order")

    _source: str | None = PrivateAttr(None)
    _lines: list[int] | None = PrivateAttr(None)

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

    @property
    def source(self) -> str | None:
        return self._source

    def where(self, number: int | None = None) -> str:
        name = self._source or "hand"
        if number is not None and self._lines and 0 < number <= len(self._lines):
            return f"{name} line {self._lines[number - 1]}"
        return name

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
    if not isinstance(data, dict):
        raise HandFileError(f"{name}: a hand file is a mapping of header fields and events")
    try:
        hand = DrawHandFile.model_validate(data)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(part) for part in problem["loc"])
        message = problem["msg"].removeprefix("Value error, ")
        if problem["type"] == "extra_forbidden":
            message = "not a draw hand-file field"
        elif problem["type"] == "missing":
            message = "missing"
        said = f"{name}: {where}: {message}" if where else f"{name}: {message}"
        raise HandFileError(said) from None
    hand._source = name
    hand._lines = None if text is None else event_line_numbers(text)
    return hand


def parse_draw_hand(text: str, name: str = "hand") -> DrawHandFile:
    json_text = name.endswith(".json")
    return draw_hand_from(read_data(text, name, json_text), name, None if json_text else text)


_DRAW_GAME: Final = re.compile(
    r'^\s*"?game"?\s*:\s*"?(triple-draw-27|single-draw-27|lowball-a5|badugi)\b', re.MULTILINE
)


def read_draw_hand(path: str | Path) -> DrawHandFile | None:
    """The draw hand in the file at ``path``; ``None`` when it is another game's (or
    cannot be read: the reader of the other games says why)."""
    try:
        text = read_input(Path(path))
    except FloormanError:
        return None
    if not _DRAW_GAME.search(text):
        return None
    name = str(path)
    data = read_data(text, name, name.endswith(".json"))
    if not isinstance(data, dict) or data.get("game") not in DRAW_GAMES:
        return None
    return draw_hand_from(data, name, None if name.endswith(".json") else text)


class DrawCheck:
    """What ``floorman check`` reports about a draw hand: the rulebook's rulings on its
    irregularities and the violations of the procedures in force, the final state, and
    once the hand is over its pots, awards and stacks."""

    def __init__(
        self,
        state: DrawHand,
        settled: Settlement | None,
        rulings: Sequence[Ruling] = (),
        violations: Sequence[Violation] = (),
    ) -> None:
        self.state = state
        self.settled = settled
        self.rulings = list(rulings)
        self.violations = list(violations)

    @property
    def exit_status(self) -> int:
        return 1 if self.violations else 0

    @property
    def stacks(self) -> dict[int, int]:
        return self.settled.stacks if self.settled is not None else dict(self.state.stacks)

    def to_json(self) -> dict[str, Any]:
        settled = self.settled
        return {
            "rulings": [ruling.to_json() for ruling in self.rulings],
            "violations": [violation.to_json() for violation in self.violations],
            "pots": [award.to_json() for award in settled.pots] if settled else [],
            "awards": {str(s): c for s, c in settled.awards.items()} if settled else {},
            "stacks": {str(seat): chips for seat, chips in self.stacks.items()},
        }

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
        if self.settled is not None:
            pots = self.settled.pots
            for index, award in enumerate(pots):
                name = (
                    "pot" if len(pots) == 1 else ("main pot" if not index else f"side pot {index}")
                )
                shares = ", ".join(f"seat {s} takes {c}" for s, c in award.awards.items())
                line = f"{name} {award.pot.amount}: {shares}"
                for chip in award.odd_chips:
                    line += f"; odd chip {chip.amount} to seat {chip.seat}, {chip.reason}"
                lines.append(line)
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
    import json

    lines = []
    for key in _KEY_ORDER:
        if key in header:
            value = header[key]
            if key == "seats":
                inner = ", ".join(f"{seat}: {stack}" for seat, stack in value.items())
                lines.append(f"seats: {{{inner}}}")
            else:
                lines.append(f"{key}: {json.dumps(value)}")
    lines.append("events:")
    lines.extend(f"  - {json.dumps(event)}" for event in events)
    return "\n".join(lines) + "\n"


def draw_schema() -> dict[str, Any]:
    """The JSON Schema of a draw hand file, for editors."""
    schema = DrawHandFile.model_json_schema()
    schema["title"] = "floorman draw hand file"
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
