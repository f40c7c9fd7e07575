"""What the stud and the draw hand files share: the header fields every game's file
has, where a file and an event's line are named, the one-line errors for bad fields,
the reading of a file that names one of the games, the YAML and JSON Schema written
for them, and what ``check`` reports of a hand (:class:`GameCheck`). Each game's
reader (:mod:`floorman.interchange.studfile`, :mod:`floorman.interchange.drawfile`)
keeps its own fields and checks, and its own lines of the state.

The shared fields are types, each model listing them where its fields stand, so each
file's fields keep their order (a bad file's first problem is the first field's).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from floorman.bounds import MAX_CHIPS
from floorman.errors import FloormanError
from floorman.hand.reducer import Reducer
from floorman.hand.table import DEFAULT_KIND, Kind
from floorman.inputfile import read_input
from floorman.interchange.plainhand import (
    HandFileError,
    event_line_numbers,
    names_game,
    read_data,
)

if TYPE_CHECKING:
    from floorman.rules.engine import Ruling, Violation
    from floorman.showdown.settlement import Settlement

__all__ = [
    "Ante",
    "Chips",
    "Events",
    "GameCheck",
    "GameHandFile",
    "House",
    "Rulebook",
    "Seats",
    "Started",
    "TableKind",
    "TableName",
    "dump_hand",
    "game_hand_from",
    "hand_schema",
    "read_game_hand",
]

Ante = Annotated[int, Field(0, ge=0, le=MAX_CHIPS, description="every player's ante")]
Seats = Annotated[dict[int, int], Field(description="occupied seat -> starting stack")]
Chips = Annotated[
    list[int],
    Field(
        default_factory=lambda: [1],
        description="chip denominations in play; the smallest is the odd-chip unit",
    ),
]
Rulebook = Annotated[str, Field("rrop", description="the rulebook that rules on this hand")]
House = Annotated[
    dict[str, Any],
    Field(default_factory=lambda: {}, description="rulebook option overrides for this hand"),
]
TableName = Annotated[str | None, Field(None, description="the table the hand was played at")]
TableKind = Annotated[Kind, Field(DEFAULT_KIND, description="cash | tournament")]
Started = Annotated[datetime | None, Field(None, description="when the hand started")]
Events = Annotated[list[str], Field(default_factory=lambda: [], description="the events, in order")]


class GameHandFile(BaseModel):
    """A stud or draw hand file: the file it was read from and its events' lines."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    _source: str | None = PrivateAttr(None)
    _lines: list[int] | None = PrivateAttr(None)

    @property
    def source(self) -> str | None:
        return self._source

    def where(self, number: int | None = None) -> str:
        name = self._source or "hand"
        if number is not None and self._lines and 0 < number <= len(self._lines):
            return f"{name} line {self._lines[number - 1]}"
        return name


HandFile = TypeVar("HandFile", bound=GameHandFile)


def game_hand_from(
    model: type[HandFile], family: str, data: Mapping[str, Any], name: str, text: str | None
) -> HandFile:
    """A hand file's data read by the game's model; ``text`` is its YAML (``None`` for
    JSON); one line naming the file and the field when it cannot be (``family``:
    ``stud`` or ``draw``, for a field no such file has)."""
    if not isinstance(data, dict):
        raise HandFileError(f"{name}: a hand file is a mapping of header fields and events")
    try:
        hand = model.model_validate(data)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(part) for part in problem["loc"])
        message = problem["msg"].removeprefix("Value error, ")
        if problem["type"] == "extra_forbidden":
            message = f"not a {family} hand-file field"
        elif problem["type"] == "missing":
            message = "missing"
        said = f"{name}: {where}: {message}" if where else f"{name}: {message}"
        raise HandFileError(said) from None
    hand._source = name
    hand._lines = None if text is None else event_line_numbers(text)
    return hand


def read_game_hand(
    path: str | Path,
    games: Collection[str],
    hand_from: Callable[[Mapping[str, Any], str, str | None], HandFile],
) -> HandFile | None:
    """The hand in the file at ``path`` when it is one of ``games``; ``None`` when it is
    another game's (or cannot be read: the reader of the other games says why)."""
    try:
        text = read_input(Path(path))
    except FloormanError:
        return None
    if not names_game(text, games):
        return None
    name = str(path)
    json_text = name.endswith(".json")
    data = read_data(text, name, json_text)
    if not isinstance(data, dict) or data.get("game") not in games:
        return None
    return hand_from(data, name, None if json_text else text)


def dump_hand(key_order: Sequence[str], header: Mapping[str, Any], events: list[str]) -> str:
    """A hand file's YAML: the header fields in a reader's order, then the events."""
    lines = []
    for key in key_order:
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


def hand_schema(model: type[BaseModel], title: str) -> dict[str, Any]:
    """The JSON Schema of a hand file, for editors."""
    schema = model.model_json_schema()
    schema["title"] = title
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


Hand = TypeVar("Hand", bound=Reducer)


class GameCheck(Generic[Hand]):
    """What ``floorman check`` reports about a stud or draw hand: the rulebook's rulings
    on its irregularities and the violations of the procedures in force, the final
    state, and once the hand is over its pots, awards and stacks."""

    def __init__(
        self,
        state: Hand,
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
        if self.settled is not None:
            return self.settled.stacks
        return dict(self.state.stacks)

    def to_json(self) -> dict[str, Any]:
        settled = self.settled
        return {
            "rulings": [ruling.to_json() for ruling in self.rulings],
            "violations": [violation.to_json() for violation in self.violations],
            "pots": [award.to_json() for award in settled.pots] if settled else [],
            "awards": {str(s): c for s, c in settled.awards.items()} if settled else {},
            "stacks": {str(seat): chips for seat, chips in self.stacks.items()},
        }

    def pot_lines(self) -> list[str]:
        """Who took each pot, with its odd chips, once the hand is settled."""
        if self.settled is None:
            return []
        pots = self.settled.pots
        lines = []
        for index, award in enumerate(pots):
            name = "pot" if len(pots) == 1 else ("main pot" if not index else f"side pot {index}")
            shares = ", ".join(f"seat {s} takes {c}" for s, c in award.awards.items())
            line = f"{name} {award.pot.amount}: {shares}"
            for chip in award.odd_chips:
                to = f"seat {chip.seat}" if chip.seat is not None else "the next deal"
                line += f"; odd chip {chip.amount} to {to}, {chip.reason}"
            lines.append(line)
        return lines
