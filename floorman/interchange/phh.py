"""PHH hand histories in and out: the Poker Hand History format as floorman hand files.

A PHH file is TOML: the variant, antes, blinds and straddles, starting
stacks and the actions in PHH notation (``d dh p1 AhKd``, ``d db 7c8c9c``,
``p3 cbr 60``, ``p1 cc``, ``p2 f``, ``p1 sm AhKd``). Players are listed from
the first seat left of the button, so PHH player N sits in seat N and the
button is the last seat; heads-up the button posts the small blind, which
is why PHH lists the big blind's forced bets first there.

An import replays the actions through floorman's reducer as it converts
them: whether ``cc`` is a check or a call and ``cbr`` a bet or a raise
depends on the betting so far, and an action the reducer refuses is
reported with its number and text.

>>> text = '''variant = 'NT'
... ante_trimming_status = true
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ['d dh p1 AhAd', 'd dh p2 ????', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 6', 'p2 f']
... finishing_stacks = [102, 98, 100]'''
>>> imported = import_phh(read_phh(text), "hand.phh")
>>> imported.events_text()
['deal', 'cards 1 Ah Ad', 'cards 3 7c 2d', '3 fold', '1 raise 6', '2 fold']
>>> imported.state.over_reason, imported.finishing_stacks
('fold', (102, 98, 100))
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from floorman.cards import DECK, Card, CardError
from floorman.errors import FloormanError
from floorman.hand.events import (
    Action,
    Away,
    Board,
    Burn,
    Cards,
    Chips,
    Deal,
    Event,
    EventError,
    Kill,
    Miscount,
    Motion,
    Muck,
    Note,
    PlaysBoard,
    Post,
    Retrieve,
    Says,
    Show,
    StringBet,
)
from floorman.hand.records import ActionRecord
from floorman.hand.state import HandState
from floorman.interchange.handfile import MAX_TABLE_SEATS, Hand, HandFileError
from floorman.limits import MAX_CHIPS, MAX_EVENTS_PER_HAND
from floorman.strictdata import NestingError, load_toml

__all__ = [
    "VARIANTS",
    "FractionalChips",
    "Imported",
    "PhhError",
    "UnsupportedVariant",
    "dump_phh",
    "import_phh",
    "read_phh",
]

VARIANTS: Final[dict[str, tuple[str, str]]] = {
    "NT": ("holdem", "no-limit"),
    "FT": ("holdem", "limit"),
    "PO": ("omaha", "pot-limit"),
    "FO/8": ("omaha-hilo", "limit"),
}
"""The PHH variants floorman plays, as (game, betting)."""

_CODES: Final = {value: code for code, value in VARIANTS.items()}


class PhhError(FloormanError, ValueError):
    """A PHH file that cannot be read or played; the message names the file (and action)."""


class UnsupportedVariant(PhhError):
    """A variant floorman does not play (stud, draw, short deck, ...)."""


class FractionalChips(PhhError):
    """An amount that is not a whole number of chips (``starting_stacks`` of 1259450.25)."""


# ---------------------------------------------------------------------- reading TOML

_FAST_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_FAST_STRING: Final = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'|\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\""
_FAST_STRINGS: Final = re.compile(
    rf"\[\s*(?:{_FAST_STRING})(?:\s*,\s*(?:{_FAST_STRING}))*\s*,?\s*\]"
)
_FAST_ITEM: Final = re.compile(_FAST_STRING)
_FAST_INT: Final = re.compile(r"[+-]?(?:0|[1-9][0-9]*)")
_FAST_INTS: Final = re.compile(r"(?:0|[1-9][0-9]*)(?:[ \t]*,[ \t]*(?:0|[1-9][0-9]*))*[ \t]*,?")
_FAST_FLOAT: Final = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\.[0-9]+")


class _NotFlat(Exception):
    """The text is not in the flat one-line-per-key form the fast reader handles."""


def read_phh(text: str, name: str = "hand.phh") -> dict[str, Any]:
    """The fields of a PHH file, read as TOML.

    Most PHH files are a handful of ``key = value`` lines; those are read
    directly, anything else (comments after values, arrays over several
    lines, tables, escapes) by :mod:`tomllib`. Both give the same values.
    """
    try:
        return _read_flat(text)
    except (_NotFlat, ValueError):  # a number past int's 4,300 digits: tomllib says where
        pass
    try:
        return load_toml(text)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(f"{name}: not TOML: {error}") from None
    except NestingError as error:
        raise PhhError(f"{name}: not a hand history: {error}") from None
    except ValueError:
        raise PhhError(f"{name}: not a hand history: a number of more than 4,300 digits") from None


def _read_flat(text: str) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] == "#":
            continue
        key, value = (len(line) <= 200 and _LINES.get(line)) or _flat_line(line)
        if key in fields:
            raise _NotFlat
        fields[key] = list(value) if type(value) is tuple else value
    return fields


def _flat_line(line: str) -> tuple[str, Any]:
    """One ``key = value`` line. A table's header lines (its blinds, antes, stacks,
    players) repeat from hand to hand: those are remembered, a list as a tuple."""
    key, equals, value = line.partition(" = ")
    if not equals or not value:
        raise _NotFlat
    if not (key.isascii() and key.isidentifier()) and _FAST_KEY.fullmatch(key) is None:
        raise _NotFlat
    parsed = _flat_value(value)
    if key in _TABLE_KEYS and len(line) <= 200:
        if len(_LINES) >= 4096:
            _LINES.clear()
        _LINES[line] = (key, tuple(parsed) if type(parsed) is list else parsed)
    return key, parsed


_LINES: dict[str, tuple[str, Any]] = {}
_TABLE_KEYS: Final = frozenset(
    {
        "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in",
        "small_bet", "big_bet", "min_bet", "starting_stacks", "players", "event",
        "venue", "currency", "seat_count", "seats", "table", "day", "month", "year",
    }
)  # fmt: skip
"""Fields that stay the same from hand to hand at a table."""


def _flat_value(text: str) -> Any:
    """One value; the usual shapes (``['d dh p1 AhKd', 'p1 f']``, ``[100, 200]``)
    by splitting, where the split itself shows the shape was right."""
    first = text[0]
    if first == "[":
        if text[-1] != "]":
            raise _NotFlat
        inner = text[1:-1]
        if inner[:1] == "'":
            if inner[-1] == "'" and text.isprintable():
                items = inner[1:-1].split("', '")
                if inner.count("'") == 2 * len(items):
                    return items
        elif inner[:1].isdigit():
            digits = inner.replace(", ", "")
            if digits.isdigit() and digits.isascii() and ", 0" not in ", " + inner:
                try:  # no sign, no underscore, no leading zero (a 0 goes the long way)
                    return list(map(int, inner.split(", ")))
                except ValueError:  # an empty item: "1, , 2"
                    pass
        return _flat_array(text)
    quoted = text[1:-1]
    if first == "'" == text[-1] and len(text) >= 2 and "'" not in quoted and text.isprintable():
        return quoted
    return _flat_scalar(text)


def _flat_array(text: str) -> list[Any]:
    inner = text[1:-1].strip()
    if not inner:
        return []
    if inner[0] in "'\"":
        if _FAST_STRINGS.fullmatch(text) is None:
            raise _NotFlat
        return [item[1:-1] for item in _FAST_ITEM.findall(text)]
    if _FAST_INTS.fullmatch(inner):
        return [int(item) for item in inner.rstrip(", \t").split(",")]
    items = [item.strip() for item in inner.split(",")]
    if items and not items[-1]:
        items.pop()
    return [_flat_scalar(item) for item in items]


def _flat_scalar(text: str) -> Any:
    if text == "true":
        return True
    if text == "false":
        return False
    if text.isdigit() and text.isascii() and (text[0] != "0" or text == "0"):
        return int(text)
    if _FAST_INT.fullmatch(text):
        return int(text)
    if _FAST_FLOAT.fullmatch(text):
        return float(text)
    if len(text) >= 2 and text[0] == text[-1] and _FAST_ITEM.fullmatch(text):
        return text[1:-1]
    raise _NotFlat


# ---------------------------------------------------------------------- PHH to floorman


@dataclass
class Imported:
    """A PHH hand replayed by floorman: the hand-file header and events, the final
    state, the antes that are dead money, and the file's finishing stacks."""

    name: str
    header: dict[str, Any]
    events: list[Event]
    state: HandState
    dead: dict[int, int] = field(default_factory=dict)
    finishing_stacks: tuple[int | float, ...] | None = None

    def events_text(self) -> list[str]:
        return [str(event) for event in self.events]

    def hand(self) -> Hand:
        """The floorman hand file; :class:`PhhError` if it would not be a valid one."""
        from floorman.interchange.handfile import parse_hand

        data = {**self.header, "events": self.events_text()}
        try:
            return parse_hand(json.dumps(data), self.name, json_text=True)
        except HandFileError as error:
            raise PhhError(str(error)) from None


def import_phh(data: Mapping[str, Any], name: str = "hand.phh") -> Imported:
    """Turn the fields of a PHH file (see :func:`read_phh`) into a floorman hand.

    Raises :class:`UnsupportedVariant` for variants floorman does not play,
    :class:`FractionalChips` for amounts in fractions of a chip and
    :class:`PhhError` for anything else, naming the file and the action.
    """
    return _Importer(data, name).run()


class _Importer:
    def __init__(self, data: Mapping[str, Any], name: str) -> None:
        self.data = data
        self.name = name
        self.seats: dict[str, int] = {}

    def fail(self, message: str) -> PhhError:
        return PhhError(f"{self.name}: {message}")

    def field(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(f"{key} is missing")
        return self.data[key]

    def chips(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(f"{where}: {value!r} is not an amount")
        if isinstance(value, float) and (not math.isfinite(value) or value != int(value)):
            raise FractionalChips(f"{self.name}: {where}: {value} is not a whole number of chips")
        chips = int(value)
        if chips < 0:
            raise self.fail(f"{where}: {value} is below zero")
        if chips > MAX_CHIPS:
            raise self.fail(f"{where}: {value} is more than {MAX_CHIPS:,} chips")
        return chips

    def amounts(self, key: str, count: int) -> list[int]:
        values = self.field(key)
        if not isinstance(values, list) or len(values) != count:
            raise self.fail(f"{key} needs {count} amounts, one a player")
        if set(map(type, values)) == {int} and min(values) >= 0 and max(values) <= MAX_CHIPS:
            return values
        return [self.chips(value, key) for value in values]

    def run(self) -> Imported:
        """Start the hand (a copy of its table's start when one is kept) and play it."""
        key = _start_key(self.data)
        start = _STARTS.get(key) if key is not None else None
        if start is not None:
            self.seats = _players(len(start.header["seats"]))
            return self.play_actions(start.imported(self.name))
        imported = self.start()
        if key is not None:
            _remember_start(key, imported)
        return self.play_actions(imported)

    def start(self) -> Imported:
        """The hand before its first action: the header, the state with the blinds
        and antes in, the forced posts and the players' names as events."""
        variant = self.field("variant")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise UnsupportedVariant(
                f"{self.name}: variant {variant!r} is not one floorman plays"
                f" ({', '.join(VARIANTS)})"
            )
        game, betting = VARIANTS[variant]
        stacks = self.field("starting_stacks")
        if not isinstance(stacks, list) or len(stacks) < 2:
            raise self.fail("starting_stacks needs two players or more")
        players = len(stacks)
        if players > MAX_TABLE_SEATS[game]:
            most = MAX_TABLE_SEATS[game]
            raise self.fail(f"starting_stacks: one deck deals {game} to at most {most} players")
        self.seats = _players(players)
        starting = self.amounts("starting_stacks", players)
        if not all(starting):
            raise self.fail("starting_stacks: every player has chips")
        antes = list(self.amounts("antes", players))
        forced = self.amounts("blinds_or_straddles", players)
        if players == 2:  # heads-up, PHH lists the antes the other way round
            antes.reverse()
        header: dict[str, Any] = {"game": game, "betting": betting, "burns": "not-recorded"}
        small, big = forced[0], forced[1]
        posted = next((i for i, amount in enumerate(forced) if amount), 0)
        if 0 < posted < players - 2 and _blinds_at(forced, posted):
            blinds = header["blinds"] = (forced[posted], forced[posted + 1])
            header["small_blind"] = posted + 1  # the players before it are dealt in unblinded
            straddles = []
        elif big and small <= big:
            blinds = header["blinds"] = (small, big)
            straddles = forced[2:]
        else:  # a lone blind or one out of order: post them as straddles in turn
            blinds = header["blinds"] = (0, 0)
            straddles = forced
        first = players - len(straddles) + 1
        posts = [
            Post(seat, "straddle", amount) for seat, amount in enumerate(straddles, first) if amount
        ]
        ante = antes[0]
        if antes.count(ante) == players and (not ante or self.data.get("ante_trimming_status")):
            header["ante"] = ante
        else:
            ante = 0
            posts.extend(Post(seat, "ante", amount) for seat, amount in enumerate(antes, 1))
        header["button"] = players
        seats = header["seats"] = dict(enumerate(starting, 1))
        big_blind = blinds[1]
        limit_bets: tuple[int, int] | None = None
        min_bet: int | None = None
        if betting == "limit":
            limit_bets = (
                self.chips(self.field("small_bet"), "small_bet"),
                self.chips(self.field("big_bet"), "big_bet"),
            )
            if limit_bets == (big_blind, 2 * big_blind):
                limit_bets = None
            else:
                header["limit_bets"] = limit_bets
        else:
            min_bet = self.chips(self.field("min_bet"), "min_bet")
            if min_bet < 1:
                raise self.fail(f"min_bet: a bet is at least 1 chip, not {min_bet}")
            if min_bet == big_blind:
                min_bet = None
            else:
                header["min_bet"] = min_bet
        state = HandState(
            seats=seats,
            button=players,
            blinds=blinds,
            ante=ante,
            game=game,
            betting=betting,  # type: ignore[arg-type]
            limit_bets=limit_bets,
            min_bet=min_bet,
            strict=True,
            small_blind_seat=header.get("small_blind"),
        )
        imported = Imported(self.name, header, [], state)
        for post in posts:
            amount = min(post.amount, state.betting.stacks[post.seat])
            if amount:
                post = Post(post.seat, post.what, amount)
                self.apply(imported, post, 0, "")
                if post.what == "ante":
                    imported.dead[post.seat] = amount
        events = imported.events
        names = self.data.get("players")
        if isinstance(names, list) and len(names) == players:
            for note in _name_notes(names):
                state.apply(note, len(events) + 1)
                events.append(note)
        return imported

    def play_actions(self, imported: Imported) -> Imported:
        """Replay the actions, then note the file's finishing stacks."""
        state = imported.state
        events = imported.events
        players = len(state.table.seats)
        actions = self.field("actions")
        if not isinstance(actions, list):
            raise self.fail("actions is a list of action strings")
        if len(actions) > MAX_EVENTS_PER_HAND:
            raise self.fail(
                f"actions: a hand has at most {MAX_EVENTS_PER_HAND:,}, not {len(actions):,}"
            )
        hole = state.ledger.hole_count
        for number, raw in enumerate(actions, 1):
            if type(raw) is str:
                known = _BETTING.get(raw)
                if known is not None and known.seat <= players:
                    event = known.first  # as _Betting.event decides, without the call
                    if known.kind == "cc":
                        if state.betting.to_call(known.seat):
                            event = known.second
                    elif known.kind == "cbr" and state.betting.current_bet:
                        event = known.second
                    try:
                        state.apply(event, len(events) + 1)
                    except EventError as error:
                        raise self.fail(f'action {number} "{raw}": {error.reason}') from None
                    events.append(event)
                    continue
                head = raw[:5]
                if head == "d dh " and self.deal_hole(imported, number, raw, hole):
                    continue
                if head == "d db " and self.deal_board(imported, number, raw):
                    continue
            elif not isinstance(raw, str):
                raise self.fail(f"action {number}: {raw!r} is not an action string")
            self.action(imported, number, raw, hole)
        finishing = self.data.get("finishing_stacks")
        if isinstance(finishing, list) and len(finishing) == players:
            for value in finishing:
                if (
                    isinstance(value, bool)
                    or not isinstance(value, int | float)
                    or not 0 <= value <= MAX_CHIPS
                ):
                    raise self.fail(f"finishing_stacks: {value!r} is not an amount")
            imported.finishing_stacks = tuple(finishing)
        return imported

    def action(self, imported: Imported, number: int, raw: str, hole: int) -> None:
        text, comment = (raw, "") if "#" not in raw else raw.split("#", 1)
        words = text.split()
        if words:
            try:
                self.play(imported, number, raw, words, hole)
            except (CardError, ValueError) as error:
                if isinstance(error, PhhError):
                    raise
                raise self.fail(f'action {number} "{raw}": {error}') from None
        if comment.strip():
            self.apply(imported, Note(comment.strip()), number, raw)

    def play(self, imported: Imported, number: int, raw: str, words: list[str], hole: int) -> None:
        state = imported.state
        actor = words[0]
        if actor == "d":
            what = words[1] if len(words) > 1 else ""
            if what == "dh" and len(words) == 4:
                if not state.ledger.deal_complete:
                    self.apply(imported, _DEAL, number, raw)
                seat = self.player(words[2], number, raw)
                cards = _cards(words[3])
                if len(cards) != hole:
                    raise self.fail(f'action {number} "{raw}": {hole} hole cards are dealt')
                if any(cards):
                    self.apply(imported, Cards(seat, cards), number, raw)
                return
            if what == "db" and len(words) == 3:
                street = state.ledger.next_board_street
                board = _cards(words[2])
                if street is None or None in board:
                    raise self.fail(f'action {number} "{raw}": not a board card to deal')
                self.apply(imported, _BURN, number, raw)
                self.apply(imported, Board(street, board), number, raw)  # type: ignore[arg-type]
                return
        elif actor in self.seats:
            seat = self.seats[actor]
            betting = _Betting.read(seat, words[1] if len(words) > 1 else "", words[2:], self.name)
            if betting is None:
                event = self.player_event(seat, words, state)
            else:
                event = betting.event(state)
                if "#" not in raw:
                    if len(_BETTING) >= 8192:
                        _BETTING.clear()
                    _BETTING[raw] = betting
            self.apply(imported, event, number, raw)
            return
        elif actor[:1] == "p":
            raise self.fail(f'action {number} "{raw}": there is no player {actor}')
        raise self.fail(f'action {number} "{raw}": not a PHH action')

    def deal_hole(self, imported: Imported, number: int, raw: str, hole: int) -> bool:
        """``d dh pN CARDS`` read in one go; ``False`` (nothing done) when it is not
        that plain, for :meth:`action` to read it and say what is wrong."""
        words = raw.split()
        if len(words) != 4 or "#" in raw:
            return False
        seat = self.seats.get(words[2])
        cards = _RUNS.get(words[3]) or _run(words[3])
        if seat is None or cards is None or len(cards) != hole:
            return False
        if not imported.state.ledger.deal_complete:
            self.apply(imported, _DEAL, number, raw)
        if any(cards):
            self.apply(imported, Cards(seat, cards), number, raw)
        return True

    def deal_board(self, imported: Imported, number: int, raw: str) -> bool:
        """``d db CARDS`` read in one go: the burn, then the next board street;
        ``False`` (nothing done) when it is not that plain."""
        words = raw.split()
        if len(words) != 3 or "#" in raw:
            return False
        board = _run(words[2])
        street = imported.state.ledger.next_board_street
        if board is None or street is None or None in board:
            return False
        self.apply(imported, _BURN, number, raw)
        self.apply(imported, Board(street, board), number, raw)  # type: ignore[arg-type]
        return True

    def player_event(self, seat: int, words: list[str], state: HandState) -> Event:
        what = words[1] if len(words) > 1 else ""
        args = words[2:]
        if what == "sm" and not args:
            return Muck(seat)
        if what == "sm" and len(args) == 1:
            if args[0] == "-":
                known = state.ledger.hole(seat)
                if None in known:
                    raise ValueError("the cards to show were never dealt face up")
                return Show(seat, tuple(card for card in known if card is not None))
            cards = _cards(args[0])
            if None in cards:
                raise ValueError("floorman cannot read a hand shown with unknown cards")
            return Show(seat, tuple(card for card in cards if card is not None))
        if what in ("sd", "pb"):
            raise ValueError("draws and bring-ins are not in the games floorman plays")
        raise ValueError("not a PHH action")

    def player(self, word: str, number: int, raw: str) -> int:
        seat = self.seats.get(word)
        if seat is None:
            raise self.fail(f'action {number} "{raw}": there is no player {word}')
        return seat

    def apply(self, imported: Imported, event: Event, number: int, raw: str) -> None:
        state = imported.state
        duplicates = len(state.ledger.duplicates)
        try:
            state.apply(event, len(imported.events) + 1)
        except EventError as error:
            raise self.fail(f"{_where(number, raw)}: {error.reason}") from None
        if len(state.ledger.duplicates) > duplicates:
            twice = state.ledger.duplicates[-1]
            raise self.fail(f"{_where(number, raw)}: {twice.card.ascii} is dealt twice")
        imported.events.append(event)


class _Start(NamedTuple):
    """How the hands of one table start (its header, the state with the forced bets
    in, the posts and the players' names as events, the dead antes), kept to copy."""

    header: dict[str, Any]
    events: tuple[Event, ...]
    state: HandState
    dead: dict[int, int]

    @staticmethod
    def of(imported: Imported) -> _Start:
        header = {**imported.header, "seats": dict(imported.header["seats"])}
        return _Start(header, tuple(imported.events), imported.state.copy(), dict(imported.dead))

    def imported(self, name: str) -> Imported:
        """A new hand from this start, every part its own copy."""
        header = {**self.header, "seats": dict(self.header["seats"])}
        return Imported(name, header, list(self.events), self.state.copy(), dict(self.dead))


_STARTS: dict[tuple[object, ...], _Start] = {}
_SEEN: set[tuple[object, ...]] = set()


def _remember_start(key: tuple[object, ...], imported: Imported) -> None:
    """Keep a table's start the second time it comes: a table deals many hands
    from the same stacks and players, a hand seen once is not worth a copy."""
    if key in _SEEN:
        if len(_STARTS) >= 1024:
            _STARTS.clear()
        _STARTS[key] = _Start.of(imported)
    else:
        if len(_SEEN) >= 4096:
            _SEEN.clear()
        _SEEN.add(key)


_PLAIN_FIELDS: Final = ("variant", "ante_trimming_status", "min_bet", "small_bet", "big_bet")
_PLAIN_TYPES: Final = frozenset({str, int, float, bool, type(None)})


def _start_key(data: Mapping[str, Any]) -> tuple[object, ...] | None:
    """Everything a hand's start is made from, when each part is a plain value
    (lists of whole numbers or names, text, true or false), types included;
    ``None`` otherwise."""
    stacks = data.get("starting_stacks")
    antes = data.get("antes")
    forced = data.get("blinds_or_straddles")
    names = data.get("players", [])
    if not type(stacks) is type(antes) is type(forced) is type(names) is list:
        return None
    amounts = (*stacks, *antes, *forced)
    if set(map(type, amounts)) != {int} or not set(map(type, names)) <= {str}:
        return None
    fields = tuple(map(data.get, _PLAIN_FIELDS))
    if not set(map(type, fields)) <= _PLAIN_TYPES:
        return None
    return len(stacks), len(antes), amounts, tuple(names), fields, tuple(map(type, fields))


class _Betting(NamedTuple):
    """A PHH betting action read once: ``cc`` is a check or a call and ``cbr`` a bet
    or a raise depending on the betting when it comes, so both events are made."""

    seat: int
    kind: str
    first: Action
    second: Action

    @staticmethod
    def read(seat: int, what: str, args: list[str], name: str) -> _Betting | None:
        if what == "f" and not args:
            fold = Action(seat, "fold")
            return _Betting(seat, what, fold, fold)
        if what == "cc" and not args:
            return _Betting(seat, what, Action(seat, "check"), Action(seat, "call"))
        if what == "cbr" and len(args) == 1:
            amount = _amount(args[0], name)
            return _Betting(seat, what, Action(seat, "bet", amount), Action(seat, "raise", amount))
        return None

    def event(self, state: HandState) -> Action:
        if self.kind == "cc":
            return self.first if state.betting.to_call(self.seat) == 0 else self.second
        if self.kind == "cbr":
            return self.first if state.betting.current_bet == 0 else self.second
        return self.first


_BETTING: dict[str, _Betting] = {}
"""Betting actions by their text (``p3 f``, ``p2 cbr 225``): they repeat from hand to hand."""


_RUNS: dict[str, tuple[Card | None, ...]] = {}
"""Runs of one or two cards by their PHH text (``AhKd``, ``??``): 2,862 of them at most."""


def _run(text: str) -> tuple[Card | None, ...] | None:
    """The cards of a PHH run (``AhKd7c``, ``????``); ``None`` if it is not one."""
    cards = _RUNS.get(text)
    if cards is None:
        if len(text) % 2:
            return None
        try:
            cards = tuple([_PHH_CARDS[text[i : i + 2]] for i in range(0, len(text), 2)])
        except KeyError:
            return None
        if len(text) <= 4:
            _RUNS[text] = cards
    return cards


_NAMES: dict[tuple[object, ...], tuple[Note, ...]] = {}


def _name_notes(names: list[Any]) -> tuple[Note, ...]:
    """Notes naming the players in their seats (``seat 1: Pluribus``), made once for
    each table of players: the same players sit down hand after hand."""
    key = tuple(names)
    try:
        notes = _NAMES.get(key)
        hashable = True
    except TypeError:  # a list or table among the names
        notes, hashable = None, False
    if notes is None:
        notes = tuple(
            Note(f"seat {seat}: {player}")
            for seat, player in enumerate(names, 1)
            if isinstance(player, str) and player
        )
        if hashable:
            if len(_NAMES) >= 1024:
                _NAMES.clear()
            _NAMES[key] = notes
    return notes


_PLAYERS: dict[int, dict[str, int]] = {}


def _players(count: int) -> dict[str, int]:
    """PHH player names to seats, ``p1`` to seat 1 (shared: read, never changed)."""
    named = _PLAYERS.get(count)
    if named is None:
        named = {f"p{seat}": seat for seat in range(1, count + 1)}
        if count <= 32:
            _PLAYERS[count] = named
    return named


def _where(number: int, raw: str) -> str:
    return f'action {number} "{raw}"' if number else "the forced bets"


_DEAL: Final = Deal()
_BURN: Final = Burn()
_PHH_CARDS: Final[dict[str, Card | None]] = {card.ascii: card for card in DECK}
_PHH_CARDS["??"] = None


def _cards(text: str) -> tuple[Card | None, ...]:
    """PHH cards run together, ``??`` unknown: ``Ah??`` is the ace of hearts and one unknown."""
    if len(text) % 2:
        raise CardError(f'"{text}" is not a run of cards')
    try:
        return tuple([_PHH_CARDS[text[i : i + 2]] for i in range(0, len(text), 2)])
    except KeyError:
        return tuple(
            None if text[i : i + 2] == "??" else Card.parse(text[i : i + 2])
            for i in range(0, len(text), 2)
        )


def _amount(text: str, name: str) -> int:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f'"{text}" is not an amount') from None
    if not math.isfinite(value) or value != int(value) or value < 0:
        raise FractionalChips(f"{name}: {text} is not a whole number of chips")
    return int(value)


def _blinds_at(forced: Sequence[int], index: int) -> bool:
    """Whether ``forced`` holds just a small and a big blind, the small one at ``index``:
    the players before it dealt in with no blind."""
    small, big = forced[index], forced[index + 1]
    return 0 < small <= big and not any(forced[index + 2 :])


# ---------------------------------------------------------------------- floorman to PHH

_NAME_NOTE: Final = re.compile(r"seat (\d+): (.+)")


FLOORMAN_FIELD: Final = "_floorman_hand"
"""The user-defined PHH field that keeps the floorman hand as recorded (JSON text)."""


def dump_phh(hand: Hand) -> str:
    """The hand as a PHH file (TOML).

    Players are numbered from the first seat left of the button. Burns are
    left out (PHH deals without them); events PHH has no action for (an
    exposed card, a reshuffle, a note) become commentary no-ops. The hand is
    replayed with its rulebook ruling, so a board card a procedure took back
    is a comment too, and the board is the one played. The finishing stacks
    are given when the hand is over. The hand as recorded, irregularities
    and all, is kept in the user-defined field :data:`FLOORMAN_FIELD`, so an
    import gives back the same events and the same rulings. The betting is
    written as it was played after the rulings (see :class:`_PhhTable`). A hand
    PHH cannot play (a dead blind, a hand retrieved from the muck after PHH
    folded it) is refused with :class:`PhhError` rather than written as a
    different hand.
    """
    from floorman.replay import rule_events, rule_steps
    from floorman.showdown.oddchips import split_rules
    from floorman.showdown.settlement import dead_posts, settle_state

    code = _CODES.get((hand.game, hand.betting))
    if code is None:
        raise PhhError(f"PHH has no variant for {hand.betting} {hand.game}")
    events = hand.parse_events()
    try:
        ruled = rule_events(hand, events)
    except EventError as error:
        raise hand.error(error) from None
    final = ruled.state
    played = {b.event for b in final.ledger.board}
    order = final.table.deal_order
    player = {seat: index for index, seat in enumerate(order, 1)}
    count = len(order)
    antes = [hand.ante] * count
    forced = [0] * count
    named = final.table.small_blind_seat
    if named is not None:  # the players before it are dealt in with no blind
        small = player[named] - 1
        forced[small], forced[small + 1] = hand.blinds
    elif final.table.small_blind:
        forced[0], forced[1] = hand.blinds
    else:  # the small blind fell to an empty seat: the first player posts the big blind alone
        forced[0] = hand.blinds[1]
    trimming = True
    steps = rule_steps(hand, events)
    state = next(steps)
    table = _PhhTable(hand.start(ruled.book.options), player)
    actions = table.actions
    names: dict[int, str] = {}
    dealt = False
    for number, event in enumerate(events, 1):
        to_act, seen, pot = state.to_act, len(state.betting.actions), state.betting.pot
        next(steps)
        if isinstance(event, Miscount) and state.betting.pot != pot:
            raise PhhError(f'PHH cannot record "{event}": a bet raised after it was made')
        if isinstance(event, Kill | Away):
            table.dies(event, state, to_act)
        table.play(state.betting.actions[seen:])
        if state.ledger.event_count != number and not isinstance(event, Burn):
            actions.append(f"# floorman: {event} (not played)")
        elif isinstance(event, Post):
            index = player[event.seat] - 1
            if event.what == "ante":
                antes[index] += event.amount
                trimming = False
            elif event.what == "straddle":
                forced[index] += event.amount
            else:
                raise PhhError(f'PHH cannot record "{event}": only antes and straddles are posted')
            table.follow(event)
        elif isinstance(event, Deal | Cards):
            if not dealt:
                dealt = True
                table.follow(Deal())
                for seat in order:
                    held = "".join("??" if c is None else c.ascii for c in final.ledger.hole(seat))
                    actions.append(f"d dh p{player[seat]} {held}")
        elif isinstance(event, Board) and number in played:
            table.before_board()
            actions.append("d db " + "".join(card.ascii for card in event.cards))
            table.follow(event)
        elif isinstance(event, Show):
            table.at_showdown()
            actions.append(f"p{player[event.seat]} sm " + "".join(c.ascii for c in event.cards))
        elif isinstance(event, Muck):
            table.at_showdown()
            actions.append(f"p{player[event.seat]} sm")
        elif isinstance(event, Note):
            match = _NAME_NOTE.fullmatch(event.text)
            if match and int(match.group(1)) in player:
                names[player[int(match.group(1))]] = match.group(2)
            else:
                actions.append(f"# {event.text}")
        elif isinstance(event, PlaysBoard):
            actions.append(f"# p{player[event.seat]} plays the board")
        elif isinstance(event, Retrieve):
            table.comes_back(event)
        elif isinstance(event, Kill | Away | Action | Chips | Says | StringBet | Motion):
            if isinstance(event, Away) and event.seat not in state.betting.folded:
                actions.append(f"# floorman: {event}")
        elif not isinstance(event, Burn):
            actions.append(f"# floorman: {event}")
    table.finish(state)
    if count == 2:
        antes.reverse()
    lines = [
        f"variant = {_toml(code)}",
        f"ante_trimming_status = {_toml(trimming)}",
        f"antes = {_toml(antes)}",
        f"blinds_or_straddles = {_toml(forced)}",
    ]
    if hand.betting == "limit":
        small_bet, big_bet = hand.limit_bets or (hand.blinds[1], 2 * hand.blinds[1])
        lines += [f"small_bet = {small_bet}", f"big_bet = {big_bet}"]
    else:
        lines.append(f"min_bet = {hand.min_bet or max(hand.blinds[1], 1)}")
    lines.append(f"starting_stacks = {_toml([hand.seats[seat] for seat in order])}")
    lines.append("actions = [")
    lines.extend(f"  {_toml(action)}," for action in actions)
    lines.append("]")
    if len(names) == count:
        lines.append(f"players = {_toml([names[index] for index in range(1, count + 1)])}")
    rules = split_rules(ruled.book.options, min(hand.chips))
    settled = settle_state(final, rules=rules, dead=dead_posts(events))
    if settled is not None:
        lines.append(f"finishing_stacks = {_toml([settled.stacks[seat] for seat in order])}")
    recorded = hand.model_dump(mode="json", exclude_unset=True, exclude={"events"})
    recorded["events"] = [str(event) for event in events]
    lines.append(f"{FLOORMAN_FIELD} = {_toml(json.dumps(recorded, ensure_ascii=False))}")
    return "\n".join(lines) + "\n"


class _PhhTable:
    """The betting as PHH plays it, written out action by action.

    The actions are those the ruled hand played, in the order they were played
    (an action out of turn when it came to stand, silent chips as the action they
    were ruled). PHH has no dead hand: a hand killed out of its turn to act, or of
    a player away from the seat, stays in until its turn comes and then folds,
    which ``mirror`` (the hand as PHH sees it) says.
    """

    def __init__(self, mirror: HandState, player: Mapping[int, int]) -> None:
        self.actions: list[str] = []
        self.player = player
        self.mirror: HandState | None = mirror
        self.dead: list[int] = []
        self.waiting: Event | None = None

    def follow(self, event: Event) -> None:
        """PHH's view takes ``event``; a view that cannot stops being followed, and only
        a dead hand waiting for its turn needs it."""
        if self.mirror is None:
            return
        try:
            self.mirror.apply(event)
        except EventError:
            self.mirror = None
            self._needs_view()

    def _needs_view(self) -> None:
        if self.dead and self.mirror is None:
            raise PhhError(f'PHH cannot record "{self.waiting}": the hand dies out of its turn')

    def _fold_dead(self, until: int | None = None) -> None:
        mirror = self.mirror
        while mirror is not None and mirror.to_act in self.dead and mirror.to_act != until:
            seat = mirror.to_act
            self.dead.remove(seat)
            self.actions.append(f"p{self.player[seat]} f")
            self.follow(Action(seat, "fold"))
            mirror = self.mirror

    def dies(self, event: Kill | Away, state: HandState, to_act: int | None) -> None:
        """A hand killed: a fold in turn, a muck at the showdown, else a fold to come."""
        seat = event.seat
        if seat not in state.betting.folded:
            return
        player = self.player[seat]
        if state.street == "showdown":
            self.actions.append(f"p{player} sm")
        elif to_act == seat:
            self._fold_dead(seat)
            self.actions.append(f"p{player} f")
            self.follow(Action(seat, "fold"))
        else:
            self.dead.append(seat)
            self.waiting = event
            self._needs_view()

    def comes_back(self, event: Retrieve) -> None:
        """A hand retrieved before PHH folded it never left PHH's hand."""
        if event.seat in self.dead:
            self.dead.remove(event.seat)
            return
        raise PhhError(f'PHH cannot record "{event}": a hand comes back out of the muck')

    def play(self, records: Sequence[ActionRecord]) -> None:
        for record in records:
            self._fold_dead(record.seat)
            player, verb = self.player[record.seat], record.verb
            if verb == "fold":
                self.actions.append(f"p{player} f")
                self.follow(Action(record.seat, "fold"))
            elif verb in ("check", "call"):
                self.actions.append(f"p{player} cc")
                self.follow(Action(record.seat, "check" if verb == "check" else "call"))
            else:
                self.actions.append(f"p{player} cbr {record.total}")
                self.follow(Action(record.seat, "bet" if verb == "bet" else "raise", record.total))

    def before_board(self) -> None:
        self._fold_dead()

    def at_showdown(self) -> None:
        """A dead hand PHH still holds at the showdown is mucked first."""
        self._fold_dead()
        for seat in list(self.dead):
            self.dead.remove(seat)
            self.actions.append(f"p{self.player[seat]} sm")

    def finish(self, state: HandState) -> None:
        self._fold_dead()
        if self.dead and state.street == "showdown":
            self.at_showdown()
        if self.dead:
            self.waiting = self.waiting or Note("end")
            self.mirror = None
            self._needs_view()


def recorded_hand(data: Mapping[str, Any], name: str = "hand.phh") -> Hand | None:
    """The floorman hand a PHH file keeps in :data:`FLOORMAN_FIELD`, if it has one;
    :class:`floorman.interchange.handfile.HandFileError` names the field when it is not a hand."""
    from floorman.interchange.handfile import parse_hand

    text = data.get(FLOORMAN_FIELD)
    if text is None:
        return None
    if not isinstance(text, str):
        raise PhhError(f"{name}: {FLOORMAN_FIELD} is a floorman hand as JSON text")
    return parse_hand(text, f"{name} {FLOORMAN_FIELD}", json_text=True)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Sequence):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    raise TypeError(f"no TOML for {value!r}")
