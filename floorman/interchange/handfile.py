"""Hand files: a header (game, blinds, button, seats, ...) and the events, in YAML or JSON.

The header is checked by pydantic with messages naming the field; events
stay text until :meth:`Hand.parse_events` reads them, so a bad event is
reported with its number and, for a file, its line.

>>> hand = parse_hand("button: 3\\nseats: {1: 200, 3: 150, 5: 300}\\nevents: [deal, 5 call]")
>>> hand.game, hand.blinds, hand.events
('holdem', (1, 2), ['deal', '5 call'])
>>> try:
...     parse_hand("button: 3\\nseats: {1: 200}", "h.yaml")
... except HandFileError as error:
...     print(error)
h.yaml: seats: a hand needs at least two occupied seats
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import datetime
from itertools import pairwise
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)

from floorman.bounds import MAX_CHIPS, MAX_EVENTS_PER_HAND, MAX_SEAT
from floorman.errors import FloormanError
from floorman.hand.events import Event, EventError, parse_event
from floorman.hand.state import HandState
from floorman.hand.structures import DEFAULT_RAISE_CAP, Structure
from floorman.hand.table import DEFAULT_KIND, Kind, Table, TableError
from floorman.inputfile import read_input
from floorman.interchange.plainhand import (
    MAX_TABLE_SEATS,
    HandFileError,
    event_line_numbers,
    read_data,
    start_state,
    yaml_loader,
)

__all__ = [
    "MAX_TABLE_SEATS",
    "Hand",
    "HandFileError",
    "HandHeader",
    "dump_hand",
    "hand_from",
    "hand_schema",
    "header_from",
    "load_hand",
    "parse_hand",
]


class HandHeader(BaseModel):
    """Everything about a hand but its events."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    """Validators are built on first use: reading a hand file validates a :class:`Hand`."""

    game: Literal["holdem", "omaha", "omaha-hilo"] = Field(
        "holdem", description="holdem | omaha | omaha-hilo"
    )
    betting: Structure = Field("no-limit", description="no-limit | pot-limit | limit")
    blinds: tuple[int, int] = Field(
        (1, 2),
        description="small, big; limit games bet blinds[1] preflop and on the flop, "
        "twice that on the turn and river",
    )
    ante: int = Field(0, ge=0, le=MAX_CHIPS, description="per player, posted before the blinds")
    button: int = Field(ge=1, le=MAX_SEAT, description="the seat holding the dealer button")
    small_blind: Literal["posted", "none"] | int = Field(
        "posted",
        description="none: under the dead button the small blind falls to an empty seat and"
        " nobody posts it; the first seat left of the button posts the big blind. A seat: it"
        " posts the small blind, the seats between it and the button are dealt in with no"
        " blind (a new player between the button and the small blind, WSOP LA 154)",
    )
    seats: dict[int, int] = Field(description="occupied seat -> starting stack")
    table_seats: int | None = Field(
        None,
        ge=2,
        le=MAX_SEAT,
        description="the seats at the table, empty ones included (default: nine, or the"
        " highest seat or button when above)",
    )
    chips: list[int] = Field(
        default_factory=lambda: [1],
        description="chip denominations in play; the smallest is the odd-chip unit",
    )
    rulebook: str = Field("rrop", description="the rulebook that rules on this hand")
    house: dict[str, Any] = Field(
        # not the builtin: pydantic reads a builtin's signature by tokenizing its text,
        # a twentieth of a dealer's command; the same for ``events``
        default_factory=lambda: {},
        description="rulebook option overrides for this hand",
    )
    burns: Literal["recorded", "not-recorded"] = Field(
        "recorded",
        description="recorded: a board card with no burn before it was dealt without one;"
        " not-recorded: the hand leaves its burns out (PHH imports)",
    )
    table: str | None = Field(None, description="the table the hand was played at")
    kind: Kind = Field(
        DEFAULT_KIND,
        description="cash | tournament: where the rulebook has a text for each (the WSOP's"
        " Live Action and Tournament rules), the table's kind picks the one that rules;"
        " a hand that does not say is a cash game's",
    )
    started: datetime | None = Field(None, description="when the hand started")
    limit_raise_cap: int | None = Field(
        DEFAULT_RAISE_CAP,
        ge=0,
        le=MAX_EVENTS_PER_HAND,
        description="limit games: raises allowed after the bet in a round (null: no cap);"
        " when left out, the rulebook's option limit_raise_cap (as the house sets it)",
    )
    limit_bets: tuple[int, int] | None = Field(
        None, description="limit games: the small and big bet, when not the big blind and twice it"
    )
    min_bet: int | None = Field(
        None,
        ge=1,
        le=MAX_CHIPS,
        description="no and pot limit: the smallest bet (default: the big blind)",
    )
    straddles: list[int] = Field(
        default_factory=lambda: [],
        description="the table's mandatory straddles, each its amount, posted after the"
        " blinds by the seats left of the big blind in turn (WSOP LA 161: a mandatory"
        " straddle is enforced where the game's placard says so)",
    )
    bomb_pot: int = Field(
        0,
        ge=0,
        le=MAX_CHIPS,
        description="a bomb pot: every player antes this much, no blind is posted and"
        " there is no betting before the flop (WSOP LA 27)",
    )

    @field_validator("table", mode="before")
    @classmethod
    def _table_text(cls, value: object) -> object:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @field_validator("blinds")
    @classmethod
    def _blinds(cls, value: tuple[int, int]) -> tuple[int, int]:
        small, big = value
        if small < 0 or big < 0:
            raise ValueError("blinds cannot be below zero")
        if big > MAX_CHIPS:
            raise ValueError(f"a blind is at most {MAX_CHIPS:,} chips")
        if small > big:
            raise ValueError(f"the small blind {small} is more than the big blind {big}")
        return value

    @field_validator("seats")
    @classmethod
    def _seats(cls, value: dict[int, int]) -> dict[int, int]:
        if len(value) < 2:
            raise ValueError("a hand needs at least two occupied seats")
        for seat, stack in value.items():
            if not 1 <= seat <= MAX_SEAT:
                raise ValueError(f"seat {seat}: seats are numbered from 1 to {MAX_SEAT}")
            if not 0 < stack <= MAX_CHIPS:
                raise ValueError(
                    f"seat {seat}: a stack is more than 0 and at most {MAX_CHIPS:,}, not {stack}"
                )
        return dict(sorted(value.items()))

    @field_validator("small_blind", mode="before")
    @classmethod
    def _small_blind(cls, value: Any) -> Any:
        if value in ("posted", "none") or (type(value) is int and 1 <= value <= MAX_SEAT):
            return value
        raise ValueError("write posted, none or the seat that posts the small blind")

    @field_validator("chips")
    @classmethod
    def _chips(cls, value: list[int]) -> list[int]:
        if not value or any(not 0 < c <= MAX_CHIPS for c in value):
            raise ValueError(f"chip denominations are amounts above 0, at most {MAX_CHIPS:,}")
        return sorted(set(value))

    @field_validator("limit_bets")
    @classmethod
    def _limit_bets(cls, value: tuple[int, int] | None) -> tuple[int, int] | None:
        if value is not None and (value[0] <= 0 or value[1] < value[0] or value[1] > MAX_CHIPS):
            raise ValueError(
                f"the small bet is above 0 and the big bet at least as much (at most {MAX_CHIPS:,})"
            )
        return value

    @field_validator("straddles")
    @classmethod
    def _straddles(cls, value: list[int]) -> list[int]:
        if any(not 0 < amount <= MAX_CHIPS for amount in value):
            raise ValueError(f"a straddle is above 0 and at most {MAX_CHIPS:,} chips")
        if any(later <= earlier for earlier, later in pairwise(value)):
            raise ValueError("each straddle goes above the one before it")
        return value

    @model_validator(mode="after")
    def _fits_deck(self) -> HandHeader:
        most = MAX_TABLE_SEATS[self.game]
        if len(self.seats) > most:
            raise ValueError(f"seats: one deck deals {self.game} to at most {most} seats")
        if len(self.seats) == 2 and self.button not in self.seats:
            seats = " and ".join(map(str, self.seats))
            raise ValueError(
                f"button: heads-up the button is on seat {seats} (it posts the small blind),"
                f" not on seat {self.button}"
            )
        if self.table_seats is not None:
            highest = max(*self.seats, self.button)
            if highest > self.table_seats:
                raise ValueError(
                    f"table_seats: seat {highest} is past the table's {self.table_seats} seats"
                )
        if self.straddles:
            if self.bomb_pot:
                raise ValueError("straddles: a bomb pot has no betting before the flop")
            if self.straddles[0] <= self.blinds[1]:
                raise ValueError(
                    f"straddles: a straddle goes above the big blind {self.blinds[1]},"
                    f" not {self.straddles[0]}"
                )
            if len(self.straddles) > len(self.seats) - 2:
                raise ValueError(
                    f"straddles: {len(self.seats)} players leave {len(self.seats) - 2} seats"
                    f" left of the big blind to straddle, not {len(self.straddles)}"
                )
        if len(self.seats) == 2 and self.small_blind == "none":
            raise ValueError("small_blind: heads-up the button posts the small blind")
        if type(self.small_blind) is int:
            try:
                Table(tuple(self.seats), self.button, small_blind_seat=self.small_blind)
            except TableError as error:
                raise ValueError(str(error)) from None
        return self

    @property
    def records_burns(self) -> bool:
        """Whether a board card with no ``burn`` before it was dealt without one."""
        return self.burns == "recorded"

    def start(
        self, options: Mapping[str, Any] | None = None, *, button: int | None = None
    ) -> HandState:
        """A fresh :class:`floorman.hand.state.HandState` with the blinds and antes posted
        (from ``button`` when the hand was really dealt from there, ``button SEAT dealt``).

        ``options`` are the rulebook's options as the house sets them: a limit
        game's raise cap is the header's when it gives one, else the option
        ``limit_raise_cap`` (and ``limit_heads_up_uncapped`` lifts it heads-up).

        >>> header = parse_hand("betting: limit\\nbutton: 3\\nseats: {1: 50, 2: 50, 3: 50}").header
        >>> header.start().betting.raise_cap, header.start({"limit_raise_cap": 4}).betting.raise_cap
        (3, 4)
        >>> capped = header.model_copy(update={"limit_raise_cap": 2})
        >>> capped.start({"limit_raise_cap": 4}).betting.raise_cap
        2
        """
        return start_state(self, self.model_fields_set, options, button)


class Hand(HandHeader):
    """A hand file: the header and its events, one line of notation each."""

    events: list[str] = Field(default_factory=lambda: [], description="the events, in order")

    _source: str | None = PrivateAttr(None)
    _lines: list[int] | None = PrivateAttr(None)

    @field_validator("events", mode="before")
    @classmethod
    def _event_lines(cls, value: object) -> object:
        if value is None:
            return []
        if isinstance(value, list):
            if len(value) > MAX_EVENTS_PER_HAND:
                raise ValueError(
                    f"a hand has at most {MAX_EVENTS_PER_HAND:,} events, not {len(value):,}"
                )
            for i, item in enumerate(value, 1):
                if isinstance(item, int | float) and not isinstance(item, bool):
                    value[i - 1] = str(item)
                elif not isinstance(item, str):
                    kind = "a mapping" if isinstance(item, dict) else type(item).__name__
                    raise ValueError(
                        f"event {i}: one line of text (e.g. 3 call), not {kind}"
                        + ("; quote lines holding ': '" if isinstance(item, dict) else "")
                    )
        return value

    @property
    def header(self) -> HandHeader:
        """The header alone (with the same fields given, so the rulebook still decides
        what the hand leaves out)."""
        return HandHeader.model_validate(self.model_dump(exclude={"events"}, exclude_unset=True))

    @property
    def source(self) -> str | None:
        """The file the hand was read from, if any."""
        return self._source

    def parse_events(self) -> list[Event]:
        """The events read from their notation; :class:`EventError` names the bad one."""
        return [parse_event(text, i) for i, text in enumerate(self.events, 1)]

    def where(self, number: int | None = None) -> str:
        """The file (and line of event ``number``) for messages: ``hand.yaml line 12``."""
        name = self._source or "hand"
        if number is not None and self._lines and 0 < number <= len(self._lines):
            return f"{name} line {self._lines[number - 1]}"
        return name

    def error(self, error: EventError) -> HandFileError:
        """An event error with the file and line in front."""
        return HandFileError(f"{self.where(error.number)}: {error}")


def _yaml_load(text: str) -> Any:
    import yaml

    return yaml.load(text, Loader=yaml_loader())


def parse_hand(text: str, name: str = "hand", *, json_text: bool | None = None) -> Hand:
    """Read a hand from YAML (or JSON) text; errors name ``name`` and the line."""
    if json_text is None:
        json_text = name.endswith(".json")
    return hand_from(read_data(text, name, json_text), name, None if json_text else text)


def hand_from(data: Any, name: str, text: str | None) -> Hand:
    """A hand file's data read by the model; ``text`` is its YAML (``None`` for JSON)."""
    if not isinstance(data, dict):
        raise HandFileError(f"{name}: a hand file is a mapping of header fields and events")
    try:
        hand = Hand.model_validate(data)
    except ValidationError as error:
        raise HandFileError(f"{name}: {_first_problem(error)}") from None
    hand._source = name
    hand._lines = None if text is None else event_line_numbers(text)
    return hand


def load_hand(path: str | Path) -> Hand:
    """Read a hand file; a missing or unreadable file is a :class:`HandFileError`."""
    path = Path(path)
    try:
        text = read_input(path)
    except FloormanError as error:
        raise HandFileError(str(error)) from None
    return parse_hand(text, str(path))


def header_from(data: Mapping[str, Any], name: str = "hand") -> HandHeader:
    """A header from plain values, with errors naming ``name`` and the field."""
    try:
        return HandHeader.model_validate(dict(data))
    except ValidationError as error:
        raise HandFileError(f"{name}: {_first_problem(error)}") from None


def _first_problem(error: ValidationError) -> str:
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"])
    message = problem["msg"].removeprefix("Value error, ")
    if problem["type"] == "extra_forbidden":
        message = "not a hand-file field"
    elif problem["type"] == "missing":
        message = "missing"
    return f"{where}: {message}" if where else message


_KEY_ORDER: Final = (
    "table", "kind", "started", "game", "betting", "blinds", "ante", "button", "small_blind",
    "seats", "table_seats", "chips",
    "rulebook", "house", "burns", "limit_raise_cap", "limit_bets", "min_bet",
    "straddles", "bomb_pot",
)  # fmt: skip
_ALWAYS_WRITTEN: Final = frozenset({"game", "betting", "blinds", "button", "seats"})
"""What a reader looks for first, written even at its default."""
_WRITTEN_WHEN_GIVEN: Final = frozenset({"chips", "limit_raise_cap"})
"""Written whenever the hand gives them, even at their default: a hand that gives them
starts otherwise (its chips refuse any other denomination, its raise cap is its own,
not the rulebook's)."""


def dump_hand(hand: Hand) -> str:
    """The hand as a YAML hand file, header first then one event a line: every key
    that is not at its default (or that the hand gives, where that counts), so the file
    reads back as the same hand.

    >>> print(dump_hand(parse_hand("button: 2\\nseats: {1: 50, 2: 60}\\nevents: [deal]")))
    game: holdem
    betting: no-limit
    blinds: [1, 2]
    button: 2
    seats: {1: 50, 2: 60}
    events:
      - deal
    <BLANKLINE>
    """
    data = hand.model_dump(mode="json", exclude={"events"})
    data["seats"] = dict(hand.seats)  # seat numbers stay numbers
    fields = HandHeader.model_fields
    given = hand.model_fields_set & _WRITTEN_WHEN_GIVEN
    lines: list[str] = []
    for key in (*_KEY_ORDER, *(key for key in fields if key not in _KEY_ORDER)):
        value = data[key]
        default = fields[key].get_default(call_default_factory=True)
        if value == default and key not in _ALWAYS_WRITTEN and key not in given:
            continue
        lines.append(f"{key}: {_flow(value)}")
    lines.append("events:")
    lines.extend(f"  - {_scalar(event)}" for event in hand.events)
    return "\n".join(lines) + "\n"


def _flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow_key(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _float(value)
    return _scalar(str(value), flow=True)


def _flow_key(key: Any) -> str:
    """A seat number plain; any other key as the text it is (``"1"`` stays text)."""
    return str(key) if isinstance(key, int) else _scalar(str(key), flow=True)


def _float(value: float) -> str:
    """A number YAML reads back as the same float: with a point before any exponent
    (``1e-05`` would be read as text)."""
    mantissa, exponent, power = repr(value).partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + exponent + power


_UNWRITABLE: Final = re.compile("[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]")
"""Characters JSON writes as they are and YAML does not read back so: controls YAML
refuses, and line breaks it folds inside quotes."""


def _scalar(text: str, *, flow: bool = False) -> str:
    """Plain when YAML reads it back as the same text, else double-quoted."""
    plain_ok = (
        text
        and text == text.strip()
        and text[0] not in "-?:,[]{}#&*!|>'\"%@`"
        and ": " not in text
        and " #" not in text
        and not text.endswith(":")
        and not (flow and any(ch in text for ch in ",[]{}"))
    )
    if plain_ok:
        import yaml

        try:
            if _yaml_load(text) == text:
                return text
        except yaml.YAMLError:
            pass
    quoted = json.dumps(text, ensure_ascii=False)
    return _UNWRITABLE.sub(lambda found: f"\\u{ord(found.group()):04x}", quoted)


def hand_schema() -> dict[str, Any]:
    """The JSON Schema of a hand file, for editors."""
    schema = Hand.model_json_schema()
    schema["title"] = "floorman hand file"
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
