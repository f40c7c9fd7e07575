"""Hand headers and hand files read without pydantic, when they are plainly right.

A dealer's ``check`` and ``add`` read one hand header each; importing
pydantic's model machinery, defining the hand models and building their
validators would cost more than the rest of the command. A header whose
every value is already of its field's type and within its limits (what a
hand file written by hand or by floorman, and every header in the store,
holds) is read here into a :class:`PlainHeader` with the values, defaults
and ``model_fields_set`` the model would have. Anything else (a value pydantic
would convert, a value out of its limits, an unknown field) is left to the
model (:mod:`floorman.interchange.handfile`), so every message for bad input
stays the model's own.

>>> header = plain_header({"button": 3, "seats": {"3": 150, "1": 200}})
>>> header.game, header.blinds, header.seats, sorted(header.model_fields_set)
('holdem', (1, 2), {1: 200, 3: 150}, ['button', 'seats'])
>>> plain_header({"button": 3, "seats": {1: 200}}) is None  # the model says why
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeGuard

from floorman.bounds import MAX_CHIPS, MAX_EVENTS_PER_HAND, MAX_SEAT
from floorman.errors import FloormanError
from floorman.hand.structures import DEFAULT_RAISE_CAP, STRUCTURES
from floorman.hand.table import DEFAULT_KIND, TABLE_KINDS
from floorman.strictdata import LONG_NUMBER, NestingError, load_json, yaml_problem

if TYPE_CHECKING:
    from typing import Protocol

    from floorman.hand.events import Event, EventError
    from floorman.hand.state import HandState
    from floorman.interchange.handfile import HandHeader

    # Only for annotations: a protocol class costs a start to define.
    class HeaderLike(Protocol):
        """What replaying a hand reads of its header: the model's or a :class:`PlainHeader`."""

        @property
        def game(self) -> str: ...
        @property
        def betting(self) -> str: ...
        @property
        def blinds(self) -> tuple[int, int]: ...
        @property
        def ante(self) -> int: ...
        @property
        def small_blind(self) -> str | int: ...
        @property
        def table_seats(self) -> int | None: ...
        @property
        def bomb_pot(self) -> int: ...
        @property
        def rulebook(self) -> str: ...
        @property
        def kind(self) -> str: ...
        @property
        def house(self) -> Mapping[str, Any]: ...
        @property
        def chips(self) -> Sequence[int]: ...
        @property
        def seats(self) -> Mapping[int, int]: ...
        @property
        def records_burns(self) -> bool: ...
        @property
        def button(self) -> int: ...
        def start(
            self, options: Mapping[str, Any] | None = None, *, button: int | None = None
        ) -> HandState: ...

    class HandLike(HeaderLike, Protocol):
        """What ``check`` reads of a hand file: the model's or a :class:`PlainHand`."""

        def parse_events(self) -> list[Event]: ...
        def error(self, error: EventError) -> Exception: ...


__all__ = [
    "GAMES",
    "MAX_TABLE_SEATS",
    "HandFileError",
    "PlainHand",
    "PlainHeader",
    "event_line_numbers",
    "header_json",
    "names_game",
    "names_stud_or_draw",
    "plain_hand",
    "plain_header",
    "read_data",
    "read_hand",
    "start_state",
    "yaml_loader",
]

GAMES: Final = ("holdem", "omaha", "omaha-hilo")
MAX_TABLE_SEATS: Final = {"holdem": 22, "omaha": 11, "omaha-hilo": 11}
"""Most seats a deck can serve: every hand, five board cards and three burns."""
_STUD_OR_DRAW: Final = re.compile(
    r'^\s*"?game"?\s*:\s*"?(stud|stud-hilo|razz|triple-draw-27|single-draw-27|lowball-a5|badugi)\b',
    re.MULTILINE,
)


def names_game(text: str, games: Collection[str]) -> bool:
    """Whether a hand file's text has a ``game`` line naming one of ``games`` (stud or
    draw games): what their readers look for before they read the file's data.

    >>> names_game("game: stud-hilo\\nante: 5\\n", ("stud", "stud-hilo", "razz"))
    True
    >>> names_game("# game: razz\\ngame: badugi\\n", ("stud", "stud-hilo", "razz"))
    False
    """
    return any(named[1] in games for named in _STUD_OR_DRAW.finditer(text))


def names_stud_or_draw(path: str | Path) -> bool:
    """Whether a hand file names a stud or draw game, which their own readers take (with
    pydantic); a flop game's file is never handed to them, so ``check`` stays quick."""
    from floorman.inputfile import read_input

    try:
        return _STUD_OR_DRAW.search(read_input(Path(path))) is not None
    except FloormanError:
        return False


_BURNS: Final = ("recorded", "not-recorded")
_SMALL_BLIND: Final = ("posted", "none")
_DEFAULTS: Final[dict[str, Any]] = {
    "game": "holdem",
    "betting": "no-limit",
    "blinds": (1, 2),
    "ante": 0,
    "rulebook": "rrop",
    "burns": "recorded",
    "small_blind": "posted",
    "table_seats": None,
    "table": None,
    "kind": DEFAULT_KIND,
    "started": None,
    "limit_raise_cap": DEFAULT_RAISE_CAP,
    "limit_bets": None,
    "min_bet": None,
    "bomb_pot": 0,
}
"""The header fields' defaults (``chips``, ``house`` and ``straddles`` are made fresh per
header)."""


class HandFileError(FloormanError, ValueError):
    """A hand file that cannot be read: the message names the file (and line)."""


def start_state(
    header: Any,
    given: set[str] | frozenset[str],
    options: Mapping[str, Any] | None,
    button: int | None = None,
) -> HandState:
    """A fresh hand state for ``header`` (the model or a plain header, with the fields
    ``given``) with the blinds and antes posted, the raise cap as the rulebook's
    ``options`` set it when the header leaves it out. ``button``: the seat the hand was
    really dealt from, not the header's (``button SEAT dealt``); the blinds run from it."""
    from floorman.hand.state import HandState

    cap = header.limit_raise_cap
    options = options or {}
    if "limit_raise_cap" not in given:
        cap = options.get("limit_raise_cap", cap)
    return HandState(
        seats=header.seats,
        button=header.button if button is None else button,
        blinds=header.blinds,
        ante=header.ante,
        game=header.game,
        betting=header.betting,
        limit_raise_cap=cap,
        limit_bets=header.limit_bets,
        min_bet=header.min_bet,
        limit_heads_up_uncapped=bool(options.get("limit_heads_up_uncapped", False)),
        chip_values=tuple(header.chips) if "chips" in given else None,
        small_blind=header.small_blind != "none" or button is not None,
        small_blind_seat=(
            header.small_blind if type(header.small_blind) is int and button is None else None
        ),
        straddles=tuple(header.straddles),
        straddle_raise=str(options.get("straddle_min_raise", "increment")),
        bomb_pot=header.bomb_pot,
    )


def _small_blind_seat(seat: int, seats: Mapping[int, int], button: int) -> bool:
    """Whether ``seat`` may post the small blind, as the model's check says."""
    from floorman.hand.table import Table, TableError

    try:
        Table(tuple(seats), button, small_blind_seat=seat)
    except TableError:
        return False
    return True


class PlainHeader:
    """A hand header checked without the model: the same values as its fields."""

    game: str
    betting: str
    blinds: tuple[int, int]
    ante: int
    button: int
    small_blind: str | int
    seats: dict[int, int]
    table_seats: int | None
    chips: list[int]
    rulebook: str
    house: dict[str, Any]
    burns: str
    table: str | None
    kind: str
    started: datetime | None
    limit_raise_cap: int | None
    limit_bets: tuple[int, int] | None
    min_bet: int | None
    straddles: list[int]
    bomb_pot: int
    model_fields_set: set[str]

    @property
    def records_burns(self) -> bool:
        """Whether a board card with no ``burn`` before it was dealt without one."""
        return self.burns == "recorded"

    def start(
        self, options: Mapping[str, Any] | None = None, *, button: int | None = None
    ) -> HandState:
        """As :meth:`floorman.interchange.handfile.HandHeader.start`."""
        return start_state(self, self.model_fields_set, options, button)


class PlainHand(PlainHeader):
    """A hand file checked without the model, as :class:`floorman.interchange.handfile.Hand`
    reads it for ``check``: the header, the events as text, where they came from."""

    events: list[str]
    source: str | None
    _text: str | None
    """The YAML text, to place an event's error on its line (read only then)."""

    def parse_events(self) -> list[Event]:
        """The events read from their notation; :class:`EventError` names the bad one."""
        from floorman.hand.events import parse_event

        return [parse_event(text, i) for i, text in enumerate(self.events, 1)]

    def where(self, number: int | None = None) -> str:
        """The file (and line of event ``number``) for messages: ``hand.yaml line 12``."""
        name = self.source or "hand"
        lines = event_line_numbers(self._text) if self._text is not None else None
        if number is not None and lines and 0 < number <= len(lines):
            return f"{name} line {lines[number - 1]}"
        return name

    def error(self, error: EventError) -> Exception:
        """An event error with the file and line in front."""
        return HandFileError(f"{self.where(error.number)}: {error}")


def plain_header(data: Mapping[str, Any]) -> PlainHeader | None:
    """``data`` as the model would read it, when every value is plainly right; ``None``
    leaves it to the model."""
    header = PlainHeader()
    return header if _fill(header, data, frozenset()) else None


def header_json(header: PlainHeader | HandHeader) -> dict[str, Any]:
    """The fields the header was given, as the model's ``model_dump(mode="json",
    exclude_unset=True)`` writes them (what the store keeps); a plain header's without
    the model."""
    if not isinstance(header, PlainHeader):
        return header.model_dump(mode="json", exclude_unset=True, exclude={"events"})
    data: dict[str, Any] = {}
    for name in _FIELD_ORDER:
        if name not in header.model_fields_set:
            continue
        value = getattr(header, name)
        if name == "seats":
            value = {str(seat): stack for seat, stack in value.items()}
        elif name == "started" and value is not None:
            value = _instant_json(value)
        elif isinstance(value, tuple | list):
            value = list(value)
        elif isinstance(value, dict):
            value = dict(value)
        data[name] = value
    return data


_FIELD_ORDER: Final = (
    "game", "betting", "blinds", "ante", "button", "small_blind", "seats", "table_seats",
    "chips", "rulebook", "house", "burns", "table", "kind", "started", "limit_raise_cap",
    "limit_bets", "min_bet", "straddles", "bomb_pot",
)  # fmt: skip
"""The header's fields in the model's order, the order its dump writes them in."""


def _instant_json(started: datetime) -> str:
    """A time as the model writes it: ``Z`` for UTC, else the offset."""
    text = started.isoformat()
    offset = started.utcoffset()
    if offset is not None and not offset:
        return text[: -len("+00:00")] + "Z"
    return text


def plain_hand(data: Mapping[str, Any], name: str, text: str | None) -> PlainHand | None:
    """A hand file's data as the model would read it, when plainly right (see
    :func:`plain_header`); ``text`` is its YAML (``None`` for JSON)."""
    hand = PlainHand()
    if not _fill(hand, data, frozenset({"events"})):
        return None
    events = data.get("events")
    if events is None:
        events = []
    elif type(events) is not list or len(events) > MAX_EVENTS_PER_HAND:
        return None
    if not all(type(event) is str for event in events):
        return None
    hand.events = list(events)
    hand.source = name
    hand._text = text
    return hand


def _fill(header: PlainHeader, data: Mapping[str, Any], more: frozenset[str]) -> bool:
    """Set the header's fields from ``data``; false at the first value not plainly right."""
    if not (_FIELDS | more).issuperset(data):
        return False
    values = {**_DEFAULTS, **data}
    game, betting, burns = values["game"], values["betting"], values["burns"]
    if not (_text_in(game, GAMES) and _text_in(betting, STRUCTURES) and _text_in(burns, _BURNS)):
        return False
    kind = values["kind"]
    if not _text_in(kind, TABLE_KINDS):
        return False
    blinds = _pair(values["blinds"])
    if blinds is None or not 0 <= blinds[0] <= blinds[1] <= MAX_CHIPS:
        return False
    limit_bets = values["limit_bets"]
    if limit_bets is not None:
        limit_bets = _pair(limit_bets)
        if limit_bets is None or not 0 < limit_bets[0] <= limit_bets[1] <= MAX_CHIPS:
            return False
    ante, button, cap, min_bet = (
        values["ante"], values.get("button"), values["limit_raise_cap"], values["min_bet"],
    )  # fmt: skip
    if not _whole(button, 1, MAX_SEAT) or not _whole(ante, 0, MAX_CHIPS):
        return False
    if not (cap is None or _whole(cap, 0, MAX_EVENTS_PER_HAND)):
        return False
    if not (min_bet is None or _whole(min_bet, 1, MAX_CHIPS)):
        return False
    seats = _seats(values.get("seats"))
    if seats is None or len(seats) > MAX_TABLE_SEATS[game]:
        return False
    table_seats = values["table_seats"]
    if table_seats is not None and not (
        _whole(table_seats, 2, MAX_SEAT) and max(*seats, button) <= table_seats
    ):
        return False
    small_blind = values["small_blind"]
    if type(small_blind) is int:
        if not _small_blind_seat(small_blind, seats, button):
            return False
    elif not _text_in(small_blind, _SMALL_BLIND):
        return False
    if len(seats) == 2 and (button not in seats or small_blind != "posted"):
        return False
    chips = values.get("chips", [1])
    if type(chips) is not list or not chips or not all(_whole(c, 1, MAX_CHIPS) for c in chips):
        return False
    bomb_pot, straddles = values["bomb_pot"], values.get("straddles", [])
    if not _whole(bomb_pot, 0, MAX_CHIPS) or not _straddles(straddles, blinds[1], len(seats)):
        return False
    if straddles and bomb_pot:
        return False
    house = values.get("house", {})
    if type(house) is not dict or not all(type(key) is str for key in house):
        return False
    rulebook, table, started = values["rulebook"], values["table"], values["started"]
    if type(rulebook) is not str:
        return False
    if started is not None:
        if type(started) is not str or _INSTANT.fullmatch(started) is None:
            return False
        try:
            started = datetime.fromisoformat(started)
        except ValueError:  # no such day or offset: the model says so
            return False
    if type(table) is int:
        table = str(table)
    elif table is not None and type(table) is not str:
        return False
    header.game, header.betting, header.burns = game, betting, burns
    header.small_blind, header.table_seats = small_blind, table_seats
    header.blinds, header.limit_bets = blinds, limit_bets
    header.ante, header.button, header.limit_raise_cap, header.min_bet = ante, button, cap, min_bet
    header.seats, header.chips, header.house = seats, sorted(set(chips)), dict(house)
    header.rulebook, header.table, header.started = rulebook, table, started
    header.straddles, header.bomb_pot = list(straddles), bomb_pot
    header.kind = kind
    header.model_fields_set = set(data)
    return True


_FIELDS: Final = frozenset({*_DEFAULTS, "button", "seats", "chips", "house", "straddles"})
_INSTANT: Final = re.compile(
    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?(?:Z|[+-]\d\d:\d\d)", re.ASCII
)
"""A time as floorman stores one (``2026-12-01T08:18:28Z``): ``started`` read plainly."""


def _straddles(value: Any, big_blind: int, players: int) -> bool:
    """Mandatory straddles the model takes: each above the last, the first above the big
    blind, no more than the seats left of the big blind."""
    if type(value) is not list or len(value) > players - 2:
        return False
    before = big_blind
    for amount in value:
        if not _whole(amount, before + 1, MAX_CHIPS):
            return False
        before = amount
    return True


def _text_in(value: Any, allowed: tuple[str, ...]) -> bool:
    return type(value) is str and value in allowed


def _whole(value: Any, lowest: int, highest: int) -> TypeGuard[int]:
    return type(value) is int and lowest <= value <= highest


def _pair(value: Any) -> tuple[int, int] | None:
    if type(value) not in (list, tuple) or len(value) != 2:
        return None
    first, second = value
    if type(first) is not int or type(second) is not int:
        return None
    return first, second


def _seats(value: Any) -> dict[int, int] | None:
    """Seat to stack, keys as YAML (numbers) or JSON (their decimal text) write them."""
    if type(value) is not dict or len(value) < 2:
        return None
    seats: dict[int, int] = {}
    for key, stack in value.items():
        seat = key
        if type(key) is str and key.isascii() and key.isdigit() and str(int(key)) == key:
            seat = int(key)
        if not _whole(seat, 1, MAX_SEAT) or not _whole(stack, 1, MAX_CHIPS):
            return None
        seats[seat] = stack
    if len(seats) != len(value):
        return None
    return dict(sorted(seats.items()))


def read_data(text: str, name: str, json_text: bool) -> Any:
    """A hand file's YAML (or JSON) text as data; a
    :class:`floorman.interchange.handfile.HandFileError` names the file and line."""
    if json_text:
        try:
            return load_json(text)
        except json.JSONDecodeError as error:
            raise HandFileError(f"{name} line {error.lineno}: not JSON: {error.msg}") from None
        except NestingError as error:
            raise HandFileError(f"{name}: not a hand file: {error}") from None
        except ValueError:
            raise HandFileError(f"{name}: not a hand file: {LONG_NUMBER}") from None
    import yaml

    try:
        return yaml.load(text, Loader=yaml_loader())
    except yaml.YAMLError as error:
        line, problem = yaml_problem(error, text)
        where = f"{name} line {line}" if line is not None else name
        raise HandFileError(f"{where}: not YAML: {problem}") from None


@cache
def yaml_loader() -> type[Any]:
    """The strict YAML loader for hand files, made on first use."""
    import yaml

    from floorman.strictdata import strict_loader

    return strict_loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def event_line_numbers(text: str) -> list[int] | None:
    """Line of each event in the YAML text (only computed to place an error)."""
    import yaml

    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return None
    if not isinstance(root, yaml.MappingNode):
        return None
    for key, value in root.value:
        if getattr(key, "value", None) == "events" and isinstance(value, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in value.value]
    return None


def read_hand(path: str | Path) -> HandLike:
    """A hand file as :func:`floorman.interchange.handfile.load_hand` reads it: without
    the model when it is plainly right, else by the model (and its messages)."""
    from floorman.inputfile import read_input

    path = Path(path)
    try:
        text = read_input(path)
    except FloormanError as error:
        raise HandFileError(str(error)) from None
    name = str(path)
    json_text = name.endswith(".json")
    data = read_data(text, name, json_text)
    yaml_text = None if json_text else text
    if isinstance(data, dict):
        plain = plain_hand(data, name, yaml_text)
        if plain is not None:
            return plain
    from floorman.interchange.handfile import hand_from

    return hand_from(data, name, yaml_text)
