"""Events of a hand and the one-line notation a dealer types for them.

A hand is an append-only list of events; each is a small frozen value whose
``kind`` is its first word (``"deal"``, ``"flop"``, ``"raise"``, ...), so the
rules engine can say ``on: expose``. The same grammar serves hand files, the
command line and the interactive session, and every event prints back in it:

>>> parse_event("3 raise 60")
Action(seat=3, verb='raise', amount=60)
>>> str(parse_event("flop ah kd 7c"))
'flop Ah Kd 7c'
>>> str(parse_event("expose 3:2 by player"))
'expose 3:2 by player'
>>> parse_event("flop Ah Zx Kd", 7)
Traceback (most recent call last):
...
floorman.hand.events.NotationError: event 7 "flop Ah Zx Kd": "Zx" is not a card
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final, Literal, cast

from floorman.bounds import MAX_EVENT_CHARS
from floorman.cards import Card, CardError, format_cards, parse_card
from floorman.errors import FloormanError, is_utf8, shown
from floorman.numerals import NumberError, chip_amount, is_number, seat_number

__all__ = [
    "ACTION_VERBS",
    "DISPUTE_TIMES",
    "EVENT_WORDS",
    "FLOOR_STEPS",
    "MAX_RUNS",
    "POST_KINDS",
    "VERB_ALIASES",
    "Action",
    "Award",
    "Away",
    "Board",
    "Boxed",
    "Burn",
    "ButtonFound",
    "Cards",
    "Chips",
    "ChipsBehind",
    "Clock",
    "Count",
    "Cut",
    "Deal",
    "DealtEmpty",
    "DealtOut",
    "Dispute",
    "Event",
    "EventError",
    "Expose",
    "Extra",
    "Floor",
    "Foreign",
    "FoundCard",
    "IllegalEvent",
    "Joker",
    "Kill",
    "Miscount",
    "Misdeal",
    "Motion",
    "Muck",
    "NotationError",
    "Note",
    "OffTable",
    "PlaysBoard",
    "Post",
    "Prior",
    "Pullback",
    "Reshuffle",
    "Retrieve",
    "Run",
    "Says",
    "SeatEvent",
    "Short",
    "Show",
    "StringBet",
    "Unaware",
    "parse_event",
    "parse_events",
]

Verb = Literal["fold", "check", "call", "bet", "raise", "allin"]
Said = Literal["fold", "check", "call", "bet", "raise", "allin", "pot"]
"""What a seat may declare: an action's word, or ``pot`` (the pot-size bet or raise
in pot limit; what it binds to elsewhere, the rulebook says)."""
Condition = Literal["bet", "raise", "check"]
"""What a conditional statement waits for: a bet or raise (the bet goes up before the
seat's turn), or a check (it does not)."""
CONDITIONS: Final[tuple[Condition, ...]] = ("bet", "raise", "check")
PostKind = Literal["sb", "bb", "ante", "straddle", "dead"]
Street = Literal["flop", "turn", "river"]
DisputeTime = Literal["push", "shuffle", "deal", "action"]
FoundWhere = Literal["seat", "board", "stub"]
FloorStep = Literal["call", "ack", "resolve"]

DISPUTE_TIMES: Final[tuple[DisputeTime, ...]] = ("push", "shuffle", "deal", "action")
"""When a dispute of a pushed pot is raised: after the push, after the next hand's shuffle
began (its first riffle, or the shuffler's button), after its cards were dealt, after
substantial action on it."""

ACTION_VERBS: Final[tuple[Verb, ...]] = ("fold", "check", "call", "bet", "raise", "allin")
POST_KINDS: Final[tuple[PostKind, ...]] = ("sb", "bb", "ante", "straddle", "dead")
FLOOR_STEPS: Final[tuple[FloorStep, ...]] = ("call", "ack", "resolve")
"""A call to the floor as it goes: the table calls, the floor acknowledges, the floor
resolves."""

VERB_ALIASES: Final[dict[str, Verb]] = {
    "fold": "fold", "f": "fold", "folds": "fold",
    "check": "check", "x": "check", "k": "check", "checks": "check",
    "call": "call", "c": "call", "calls": "call",
    "bet": "bet", "b": "bet", "bets": "bet",
    "raise": "raise", "r": "raise", "raises": "raise",
    "allin": "allin", "all-in": "allin", "a": "allin", "shove": "allin",
}  # fmt: skip
"""Short forms a dealer can type quickly: ``3 r 60``, ``5 f``, ``2 x``."""


class EventError(FloormanError, ValueError):
    """An event that cannot be recorded: names its number and its text.

    ``number`` counts the events of the hand from 1 (``None`` when the event
    is not part of a hand yet); ``reason`` is the bare complaint.
    """

    def __init__(self, number: int | None, text: str, reason: str) -> None:
        self.number = number
        self.text = text
        self.reason = reason
        where = f'event {number} "{text}"' if number is not None else f'"{text}"'
        super().__init__(f"{where}: {reason}")


class NotationError(EventError):
    """Text that is not an event: an unknown word, a card that cannot be, a bad number."""


class IllegalEvent(EventError):
    """A well-formed event the hand cannot take: out of turn, more than a stack, ..."""


class Event:
    """Base of every event; ``kind`` is the event's first word in the notation."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """The starting hole cards are dealt, one at a time, from the first seat left of the button."""

    kind: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Cards(Event):
    """The identity of a seat's hole cards becomes known; ``None`` is a card still unknown."""

    seat: int
    cards: tuple[Card | None, ...]
    kind: ClassVar[str] = "cards"

    def __str__(self) -> str:
        return f"cards {self.seat} {format_cards(self.cards, ascii=True)}"


@dataclass(frozen=True, slots=True)
class Expose(Event):
    """A hole card is exposed; ``round`` is its deal round (``None``: the seat's latest card)."""

    seat: int
    round: int | None = None
    card: Card | None = None
    by_player: bool = False
    kind: ClassVar[str] = "expose"

    def __str__(self) -> str:
        text = f"expose {self.seat}"
        if self.round is not None:
            text += f":{self.round}"
        if self.card is not None:
            text += f" {self.card.ascii}"
        return text + (" by player" if self.by_player else "")


@dataclass(frozen=True, slots=True)
class Extra(Event):
    """An extra card to a seat after every player had a full starting hand."""

    seat: int
    card: Card | None = None
    kind: ClassVar[str] = "extra"

    def __str__(self) -> str:
        return f"extra {self.seat}" + (f" {self.card.ascii}" if self.card else "")


@dataclass(frozen=True, slots=True)
class Burn(Event):
    """A burn card, usually unknown. ``before`` names a street already turned: the burn
    was made before it and is found only now (a second burn found after the cards)."""

    card: Card | None = None
    before: Street | None = None
    kind: ClassVar[str] = "burn"

    def __str__(self) -> str:
        card = f" {self.card.ascii}" if self.card else ""
        return f"burn{card}" + (f" before {self.before}" if self.before else "")


@dataclass(frozen=True, slots=True)
class Board(Event):
    """Board cards as turned: a flop (three cards; four or more when the dealer erred),
    turn, river."""

    street: Street
    cards: tuple[Card, ...]

    @property
    def kind(self) -> str:  # type: ignore[override]
        return self.street

    def __str__(self) -> str:
        return f"{self.street} {format_cards(self.cards, ascii=True)}"


@dataclass(frozen=True, slots=True)
class Action(Event):
    """A betting action; ``amount`` is the total in front of the seat on this street."""

    seat: int
    verb: Verb
    amount: int | None = None

    @property
    def kind(self) -> str:  # type: ignore[override]
        return self.verb

    def __str__(self) -> str:
        text = f"{self.seat} {self.verb}"
        return text if self.amount is None else f"{text} {self.amount}"


@dataclass(frozen=True, slots=True)
class Chips(Event):
    """Chips of these denominations pushed out in one motion, with no word; they add to
    what the seat has in front, and the rulebook rules what they bind to."""

    seat: int
    chips: tuple[int, ...]
    kind: ClassVar[str] = "chips"

    def __str__(self) -> str:
        return f"{self.seat} chips {'+'.join(str(c) for c in self.chips)}"


@dataclass(frozen=True, slots=True)
class Pullback(Event):
    """The seat takes back chips it has in front, from a bet of this round: these chips
    (``chips``, their values), or all of them (empty). Chips put in the pot in turn stay
    in it; the rulebook rules what pulling them back binds the seat to, and how chips it
    adds next are read."""

    seat: int
    chips: tuple[int, ...] = ()
    kind: ClassVar[str] = "pullback"

    def __str__(self) -> str:
        chips = f" {'+'.join(str(c) for c in self.chips)}" if self.chips else ""
        return f"{self.seat} pullback{chips}"


@dataclass(frozen=True, slots=True)
class Prior(Event):
    """The chips of the seat's earlier bet of this round, lying in front of it not yet
    pulled in, as they are (``chips``, their values): worth more than the bet when it was
    made with a larger chip and no change given (a big blind of 100 posted with one 1000
    chip). Nothing moves; the rulebook reads the seat's next chips with them (TDA 46-C-2,
    WSOP T 98-b: prior chips that cover the call)."""

    seat: int
    chips: tuple[int, ...]
    kind: ClassVar[str] = "prior"

    def __str__(self) -> str:
        return f"{self.seat} prior {'+'.join(str(c) for c in self.chips)}"


@dataclass(frozen=True, slots=True)
class Says(Event):
    """A verbal declaration in turn: a word (``verb``), an amount, or both (``raise
    8000``: the total in front). A word with no amount waits for the chips; ``pot``
    waits for the rulebook to say what it binds to. ``readings`` are the amounts an
    amount said can mean ("five" at 200-400: ``500|5000``), for the rulebook to choose.
    A ``condition`` makes it a statement of future action, not an action: "if you bet,
    I will raise" (``if bet then raise``)."""

    seat: int
    verb: Said | None
    amount: int | None = None
    readings: tuple[int, ...] = ()
    condition: Condition | None = None
    kind: ClassVar[str] = "says"

    def __str__(self) -> str:
        if self.condition is not None:
            then = f"{self.verb} {self.amount}" if self.amount is not None else self.verb
            return f"{self.seat} says if {self.condition} then {then}"
        if self.readings:
            return f"{self.seat} says {'|'.join(str(r) for r in self.readings)}"
        words = [w for w in (self.verb, self.amount) if w is not None]
        return f"{self.seat} says {' '.join(str(w) for w in words)}"


@dataclass(frozen=True, slots=True)
class StringBet(Event):
    """Chips put out in more than one motion with no word first: the first motion
    brought the seat's total in front to ``first``, the later ones to ``total``."""

    seat: int
    first: int
    total: int
    kind: ClassVar[str] = "string"

    def __str__(self) -> str:
        return f"{self.seat} string {self.first} {self.total}"


@dataclass(frozen=True, slots=True)
class Motion(Event):
    """A forward motion with chips toward the pot that stopped short (limit games):
    ``total`` is what the motion would have made the seat's total (by default the
    call, or the bet when nothing is to call)."""

    seat: int
    total: int | None = None
    kind: ClassVar[str] = "motion"

    def __str__(self) -> str:
        return f"{self.seat} motion" if self.total is None else f"{self.seat} motion {self.total}"


@dataclass(frozen=True, slots=True)
class Post(Event):
    """A post beyond the automatic blinds and antes (a straddle, a dead small blind, ...)."""

    seat: int
    what: PostKind
    amount: int
    kind: ClassVar[str] = "post"

    def __str__(self) -> str:
        return f"post {self.seat} {self.what} {self.amount}"


@dataclass(frozen=True, slots=True)
class Show(Event):
    """A seat tables its hole cards."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "show"

    def __str__(self) -> str:
        return f"show {self.seat} {format_cards(self.cards, ascii=True)}"


@dataclass(frozen=True, slots=True)
class SeatEvent(Event):
    """An event about one seat's hand and nothing more: printed as its word and the seat."""

    seat: int

    def __str__(self) -> str:
        return f"{self.kind} {self.seat}"


@dataclass(frozen=True, slots=True)
class Muck(SeatEvent):
    """A seat discards its hand without tabling it."""

    kind: ClassVar[str] = "muck"


@dataclass(frozen=True, slots=True)
class PlaysBoard(SeatEvent):
    """A seat declares that it plays the board."""

    kind: ClassVar[str] = "plays-board"


@dataclass(frozen=True, slots=True)
class Reshuffle(Event):
    """The dealer reshuffles the stub, as a corrective procedure requires."""

    kind: ClassVar[str] = "reshuffle"


@dataclass(frozen=True, slots=True)
class Cut(Event):
    """The dealer cuts the stub."""

    kind: ClassVar[str] = "cut"


@dataclass(frozen=True, slots=True)
class Misdeal(Event):
    """The floor declares a misdeal: the hand ends and every chip goes back."""

    kind: ClassVar[str] = "misdeal"


@dataclass(frozen=True, slots=True)
class Note(Event):
    """Free text for the report."""

    text: str
    kind: ClassVar[str] = "note"

    def __str__(self) -> str:
        return f"note {self.text}"


@dataclass(frozen=True, slots=True)
class Floor(Event):
    """The table and the floor, for the record: the dealer calls the floor, the floor
    acknowledges the call (and every ruling before it), the floor resolves it. Nothing is
    played by it; who entered it and when are the store's."""

    step: FloorStep
    text: str = ""
    kind: ClassVar[str] = "floor"

    def __str__(self) -> str:
        return f"floor {self.step} {self.text}".rstrip()


@dataclass(frozen=True, slots=True)
class Kill(SeatEvent):
    """The seat's hand goes into the muck by the dealer's hand, or is fouled past
    identifying: it is dead, and the rulebook says what the player is owed."""

    kind: ClassVar[str] = "kill"


@dataclass(frozen=True, slots=True)
class Retrieve(SeatEvent):
    """A hand killed or folded in the betting, or thrown away or killed at the showdown,
    is taken back out of the muck while still identifiable: it is live again."""

    kind: ClassVar[str] = "retrieve"


@dataclass(frozen=True, slots=True)
class Miscount(SeatEvent):
    """The seat bet or raised the pot (pot limit) as the dealer counted it, and the count
    is found wrong now: the bet in force is that seat's, and the rulebook rules on it."""

    kind: ClassVar[str] = "miscount"


@dataclass(frozen=True, slots=True)
class Unaware(SeatEvent):
    """The player says it did not know the pot had been raised when it released its chips
    for a call short of the raise: it asks to take them back and act again. The rulebook
    rules whether it may."""

    kind: ClassVar[str] = "unaware"


@dataclass(frozen=True, slots=True)
class Away(SeatEvent):
    """The player was not at the seat when the last card of the starting deal was dealt."""

    kind: ClassVar[str] = "away"


@dataclass(frozen=True, slots=True)
class ButtonFound(SeatEvent):
    """The button is found on ``seat`` for this deal: out of position, as the hand's
    button says where it belongs. ``dealt`` (``button 2 dealt``): the hand was dealt from
    ``seat``, the blinds posted and the action taken from there, and is recorded so."""

    kind: ClassVar[str] = "button"
    dealt: bool = False

    def __str__(self) -> str:
        return f"button {self.seat}" + (" dealt" if self.dealt else "")


@dataclass(frozen=True, slots=True)
class DealtEmpty(SeatEvent):
    """Cards were dealt to ``seat``, an empty seat or one not entitled to a hand."""

    kind: ClassVar[str] = "dealt-empty"


@dataclass(frozen=True, slots=True)
class DealtOut(SeatEvent):
    """``seat``, entitled to a hand, was dealt out."""

    kind: ClassVar[str] = "dealt-out"


@dataclass(frozen=True, slots=True)
class Award(Event):
    """The dealer pushes the pot (or ``amount`` of it) to ``seats``: what was done, to be
    compared with what the cards and pots say."""

    seats: tuple[int, ...]
    amount: int | None = None
    kind: ClassVar[str] = "award"

    def __str__(self) -> str:
        text = "award " + ",".join(str(seat) for seat in self.seats)
        return text if self.amount is None else f"{text} {self.amount}"


@dataclass(frozen=True, slots=True)
class Clock(Event):
    """The floor puts the clock on the seat to act; ``expired``: its time ran out before
    it acted, and the rulebook says what becomes of the hand."""

    seat: int
    expired: bool = False
    kind: ClassVar[str] = "clock"

    def __str__(self) -> str:
        return f"clock {self.seat}" + (" expired" if self.expired else "")


@dataclass(frozen=True, slots=True)
class Count(Event):
    """The seat asked for a count of the bet it faces and was told ``amount`` (the bet's
    total), by the dealer or, ``by_player``, by a player: a wrong count acted on is the
    caller's to answer for (TDA 49, WSOP T 104)."""

    seat: int
    amount: int
    by_player: bool = False
    kind: ClassVar[str] = "count"

    def __str__(self) -> str:
        return f"count {self.seat} {self.amount}" + (" by player" if self.by_player else "")


@dataclass(frozen=True, slots=True)
class ChipsBehind(Event):
    """Chips worth ``amount`` are found behind the seat's stack, hidden when it went all
    in (TDA 62, WSOP T 105): they were never in the hand's count of its chips."""

    seat: int
    amount: int
    kind: ClassVar[str] = "behind"

    def __str__(self) -> str:
        return f"behind {self.seat} {self.amount}"


@dataclass(frozen=True, slots=True)
class Dispute(Event):
    """A player disputes the pot as it was pushed, raised ``after`` the push, the next
    hand's shuffle, its deal or substantial action on it: recorded on the hand whose
    pot it is, and ruled by how long the rulebook keeps a result open."""

    after: DisputeTime = "push"
    kind: ClassVar[str] = "dispute"

    def __str__(self) -> str:
        return f"dispute after {self.after}"


@dataclass(frozen=True, slots=True)
class OffTable(Expose):
    """A hole card dealt off the table (onto the floor, out of reach): the dealer's
    error; ``round`` and ``card`` as for :class:`Expose`."""

    kind: ClassVar[str] = "off-table"

    def __str__(self) -> str:
        text = f"off-table {self.seat}"
        if self.round is not None:
            text += f":{self.round}"
        return text + (f" {self.card.ascii}" if self.card is not None else "")


@dataclass(frozen=True, slots=True)
class Boxed(Event):
    """A card found face up in the deck (a boxed card) as the dealer comes to it, in the
    deal or dealing the board: it is out of the stub."""

    card: Card | None = None
    kind: ClassVar[str] = "boxed"

    def __str__(self) -> str:
        return "boxed" + (f" {self.card.ascii}" if self.card is not None else "")


@dataclass(frozen=True, slots=True)
class FoundCard(Event):
    """A card that is not one of the game's 52 is found ``where``: in ``seat``'s hand, on
    the board, or in the stub (the deck)."""

    where: FoundWhere = "stub"
    seat: int | None = None

    def __str__(self) -> str:
        return f"{self.kind} {self.seat if self.where == 'seat' else self.where}"


@dataclass(frozen=True, slots=True)
class Joker(FoundCard):
    """A joker, in a game that does not use one."""

    kind: ClassVar[str] = "joker"


@dataclass(frozen=True, slots=True)
class Foreign(FoundCard):
    """A card from another deck (a different back)."""

    kind: ClassVar[str] = "foreign"


@dataclass(frozen=True, slots=True)
class Short(Event):
    """Too few cards: ``seat`` was dealt too few hole cards, or (``seat`` ``None``) the
    deck is found short of its 52 cards."""

    seat: int | None = None
    kind: ClassVar[str] = "short"

    def __str__(self) -> str:
        return f"short {'deck' if self.seat is None else self.seat}"


@dataclass(frozen=True, slots=True)
class Run(Event):
    """The players agree to run the cards to come ``times`` times (running it twice): each
    run deals the board's remaining streets again and wins its share of every pot."""

    times: int
    kind: ClassVar[str] = "run"

    def __str__(self) -> str:
        return f"run {self.times}"


MAX_RUNS: Final = 9
"""The most runs an agreement is recorded with (books speak of twice or three times)."""


EVENT_WORDS: Final[tuple[str, ...]] = (
    "deal", "cards", "expose", "extra", "burn", "flop", "turn", "river", "post",
    "show", "muck", "plays-board", "reshuffle", "cut", "misdeal", "kill", "retrieve",
    "away", "award", "miscount", "note", "button", "dealt-empty", "dealt-out", "unaware",
    "clock", "count", "behind", "dispute", "boxed", "off-table", "joker", "foreign", "short",
    "floor",
    "run",
)  # fmt: skip
"""Words that start an event; a betting action starts with the seat number instead."""


class _Bad(Exception):
    """A complaint about the text, turned into a :class:`NotationError` with the event named."""


def parse_event(text: str, number: int | None = None) -> Event:
    """Read one event written in the notation; ``number`` names it in errors.

    Raises :class:`NotationError` naming the event and what is wrong with it.
    """
    known = _PARSED.get(text)
    if known is not None:
        return known
    if len(text) > MAX_EVENT_CHARS:
        raise NotationError(
            number,
            f"{text.strip()[:40]}...",
            f"an event is at most {MAX_EVENT_CHARS:,} characters, not {len(text):,}",
        )
    if not is_utf8(text):
        raise NotationError(number, shown(text.strip()), "not UTF-8 text")
    words = text.split()
    try:
        if not words:
            raise _Bad("an empty line is not an event")
        event = _parse(words, text)
    except (_Bad, CardError, NumberError) as bad:
        raise NotationError(number, text.strip(), str(bad)) from None
    if len(_PARSED) >= 8192:
        _PARSED.clear()
    _PARSED[text] = event
    return event


_PARSED: dict[str, Event] = {}
"""Events are immutable values: the same text read again gives the event already made."""


def parse_events(lines: list[str] | tuple[str, ...], first: int = 1) -> list[Event]:
    """Read several events, numbered from ``first``."""
    return [parse_event(line, first + i) for i, line in enumerate(lines)]


_SIMPLE: Final[dict[str, Event]] = {
    "deal": Deal(),
    "reshuffle": Reshuffle(),
    "cut": Cut(),
    "misdeal": Misdeal(),
}


def _parse_burn(words: list[str]) -> Burn:
    """``burn [CARD] [before flop|turn|river]``."""
    rest = words[1:]
    before: Street | None = None
    if len(rest) >= 2 and rest[-2].lower() == "before":
        street = rest[-1].lower()
        if street not in ("flop", "turn", "river"):
            raise _Bad(f"burn before flop, turn or river, not {rest[-1]!r}")
        before = cast("Street", street)
        rest = rest[:-2]
    if len(rest) > 1:
        raise _Bad("a burn is one card: burn [CARD] [before STREET]")
    return Burn(_optional_card(rest[0]) if rest else None, before)


def _parse_floor(words: list[str], text: str) -> Floor:
    """``floor call|ack|resolve [TEXT]``."""
    step = words[1].lower() if len(words) > 1 else ""
    if step not in FLOOR_STEPS:
        raise _Bad("floor call, floor ack or floor resolve, then what was said if anything")
    said = text.strip()[len(words[0]) :].strip()[len(words[1]) :].strip()
    return Floor(step, said)


def _parse(words: list[str], text: str) -> Event:
    head = words[0].lower()
    if head[0].isdigit():
        return _parse_action(words)
    simple = _SIMPLE.get(head)
    if simple is not None:
        _no_more(words, 1)
        return simple
    if head == "note":
        return Note(text.strip()[len(words[0]) :].strip())
    if head == "floor":
        return _parse_floor(words, text)
    if head in ("flop", "turn", "river"):
        return _parse_board(head, words[1:])
    if head == "burn":
        return _parse_burn(words)
    if head == "expose":
        return _parse_expose(words)
    if head == "extra":
        seat = _seat(words, 1)
        _no_more(words, 3)
        return Extra(seat, _optional_card(words[2]) if len(words) > 2 else None)
    if head == "cards":
        seat = _seat(words, 1)
        cards = tuple(_optional_card(w) for w in _card_words(words[2:]))
        if not 1 <= len(cards) <= 4:
            raise _Bad("give the seat's hole cards, e.g. cards 3 Ah Kd")
        return Cards(seat, cards)
    if head == "show":
        seat = _seat(words, 1)
        tabled = tuple(parse_card(w) for w in _card_words(words[2:]))
        if not 1 <= len(tabled) <= 4:
            raise _Bad("give the cards tabled, e.g. show 3 Ah Kd")
        return Show(seat, tabled)
    if head == "muck":
        seat = _seat(words, 1)
        _no_more(words, 2)
        return Muck(seat)
    if head in ("plays-board", "playsboard", "board"):
        seat = _seat(words, 1)
        _no_more(words, 2)
        return PlaysBoard(seat)
    if head == "post":
        return _parse_post(words)
    if head == "award":
        return _parse_award(words)
    if head == "button" and len(words) == 3 and words[2].lower() == "dealt":
        return ButtonFound(_seat(words, 1), dealt=True)
    if head == "clock":
        return _parse_clock(words)
    if head == "count":
        return _parse_count(words)
    if head == "behind":
        seat = _seat(words, 1)
        if len(words) < 3:
            raise _Bad("how much was found behind? e.g. behind 3 500")
        _no_more(words, 3)
        return ChipsBehind(seat, chip_amount(words[2]))
    if head in _DEALING_ERRORS:
        return _DEALING_ERRORS[head](words)
    if head in _HAND_EVENTS:
        seat = _seat(words, 1)
        _no_more(words, 2)
        return _HAND_EVENTS[head](seat)
    if head in VERB_ALIASES:
        raise _Bad(f'a betting action starts with the seat, e.g. "3 {VERB_ALIASES[head]}"')
    raise _Bad(f'"{words[0]}" is not an event (try: {", ".join(EVENT_WORDS)}, or SEAT call)')


def _parse_action(words: list[str]) -> Event:
    seat = _seat(words, 0)
    if len(words) < 2:
        raise _Bad(f"what did seat {seat} do? (fold, check, call, bet X, raise X, allin)")
    word = words[1].lower()
    special = _SEAT_EVENTS.get(word)
    if special is not None:
        return special(seat, words)
    verb = VERB_ALIASES.get(word)
    if verb is None:
        raise _Bad(
            f'"{words[1]}" is not a betting action (fold, check, call, bet, raise, allin,'
            " chips, pullback, prior, says, string, motion)"
        )
    if verb in ("bet", "raise"):
        if len(words) < 3:
            raise _Bad(f"{verb} how much? X is the total in front of the seat, e.g. 3 {verb} 60")
        _no_more(words, 3)
        return Action(seat, verb, chip_amount(words[2]))
    if verb == "call" and len(words) == 3:
        return Action(seat, verb, chip_amount(words[2]))
    _no_more(words, 2)
    return Action(seat, verb)


def _parse_chips(seat: int, words: list[str]) -> Chips:
    if len(words) < 3:
        raise _Bad(f"which chips? e.g. {seat} chips 1000+500")
    _no_more(words, 3)
    chips = tuple(chip_amount(w) for w in words[2].split("+"))
    if any(c == 0 for c in chips):
        raise _Bad("a chip is worth more than 0")
    return Chips(seat, chips)


def _parse_pullback(seat: int, words: list[str]) -> Pullback:
    _no_more(words, 3)
    if len(words) == 2:
        return Pullback(seat)
    chips = tuple(chip_amount(w) for w in words[2].split("+"))
    if any(c == 0 for c in chips):
        raise _Bad("a chip is worth more than 0")
    return Pullback(seat, chips)


def _parse_prior(seat: int, words: list[str]) -> Prior:
    if len(words) < 3:
        raise _Bad(f"which chips lie in front? e.g. {seat} prior 1000")
    _no_more(words, 3)
    chips = tuple(chip_amount(w) for w in words[2].split("+"))
    if any(c == 0 for c in chips):
        raise _Bad("a chip is worth more than 0")
    return Prior(seat, chips)


def _parse_says(seat: int, words: list[str]) -> Says:
    if len(words) < 3:
        raise _Bad(
            f"what did seat {seat} say? (fold, check, call, bet [X], raise [X], allin, pot, X)"
        )
    first = words[2]
    if first.lower() == "if":
        return _parse_conditional(seat, words)
    _no_more(words, 4)
    if first[0].isdigit() or first[0] == "-":
        _no_more(words, 3)
        if "|" in first:
            return Says(seat, None, readings=_readings(first))
        return Says(seat, None, chip_amount(first))
    if first.lower() == "pot":
        _no_more(words, 3)
        return Says(seat, "pot")
    verb = VERB_ALIASES.get(first.lower())
    if verb is None:
        raise _Bad(f'"{first}" is not a declaration (fold, check, call, bet, raise, allin, pot, X)')
    if len(words) == 4:
        if verb not in ("bet", "raise"):
            raise _Bad(f'only bet and raise take an amount, not "{verb}"')
        return Says(seat, verb, chip_amount(words[3]))
    return Says(seat, verb)


def _parse_conditional(seat: int, words: list[str]) -> Says:
    """``SEAT says if bet|raise|check then ACTION [X]``."""
    shape = f"a conditional statement is {seat} says if bet|raise|check then ACTION [X]"
    if len(words) < 6 or words[4].lower() != "then":
        raise _Bad(shape)
    condition = words[3].lower()
    if condition not in CONDITIONS:
        raise _Bad(f'"{words[3]}" is not a condition (bet, raise, check): {shape}')
    verb = VERB_ALIASES.get(words[5].lower())
    if verb is None:
        raise _Bad(f'"{words[5]}" is not an action (fold, check, call, bet, raise, allin)')
    _no_more(words, 7 if verb in ("bet", "raise") else 6)
    amount = chip_amount(words[6]) if len(words) == 7 else None
    return Says(seat, verb, amount, condition=condition)


def _readings(word: str) -> tuple[int, ...]:
    """``500|5000``: the amounts one amount said can mean, each once."""
    readings = tuple(chip_amount(part) for part in word.split("|"))
    if len(set(readings)) != len(readings):
        raise _Bad(f'"{word}" gives an amount twice: give each meaning once, e.g. 500|5000')
    return readings


def _parse_string(seat: int, words: list[str]) -> StringBet:
    if len(words) != 4:
        raise _Bad(
            f"give the total after the first motion and after the last, e.g. {seat} string 400 1000"
        )
    return StringBet(seat, chip_amount(words[2]), chip_amount(words[3]))


def _parse_motion(seat: int, words: list[str]) -> Motion:
    _no_more(words, 3)
    return Motion(seat, chip_amount(words[2]) if len(words) == 3 else None)


_SEAT_EVENTS: Final[dict[str, Callable[[int, list[str]], Event]]] = {
    "chips": _parse_chips,
    "pullback": _parse_pullback,
    "prior": _parse_prior,
    "says": _parse_says,
    "string": _parse_string,
    "motion": _parse_motion,
}
"""Seat events that are not a plain betting action: chips, chips pulled back, the chips
of an earlier bet as they lie, words, string bets, motions."""


def _parse_board(street: str, words: list[str]) -> Board:
    cards = tuple(parse_card(w) for w in _card_words(words))
    if street == "flop":
        if len(cards) < 3:
            raise _Bad(f"a flop is three cards (more when more were turned), not {len(cards)}")
        return Board("flop", cards)
    if len(cards) != 1:
        raise _Bad(f"the {street} is one card, not {len(cards)}")
    return Board("turn" if street == "turn" else "river", cards)


def _parse_expose(words: list[str]) -> Expose:
    if len(words) < 2:
        raise _Bad("expose which seat? e.g. expose 3:2 Ah")
    seat_text, _, round_text = words[1].partition(":")
    seat = _seat([seat_text], 0)
    deal_round: int | None = None
    if round_text:
        if not is_number(round_text) or len(round_text) > 2 or int(round_text) < 1:
            raise _Bad(f'"{words[1]}": the card is SEAT:N with N its deal round, e.g. 3:2')
        deal_round = int(round_text)
    rest = words[2:]
    by_player = False
    if len(rest) >= 2 and [w.lower() for w in rest[-2:]] == ["by", "player"]:
        by_player, rest = True, rest[:-2]
    elif len(rest) >= 2 and [w.lower() for w in rest[-2:]] == ["by", "dealer"]:
        rest = rest[:-2]
    if len(rest) > 1:
        raise _Bad(f'"{" ".join(rest[1:])}" is not understood; expose SEAT[:N] [CARD] [by player]')
    card = _optional_card(rest[0]) if rest else None
    return Expose(seat, deal_round, card, by_player)


def _parse_post(words: list[str]) -> Post:
    seat = _seat(words, 1)
    if len(words) < 4:
        raise _Bad("post SEAT sb|bb|ante|straddle|dead X")
    what = words[2].lower()
    if what not in POST_KINDS:
        raise _Bad(f'"{words[2]}" is not a post (sb, bb, ante, straddle, dead)')
    _no_more(words, 4)
    return Post(seat, what, chip_amount(words[3]))


_HAND_EVENTS: Final[dict[str, type[SeatEvent]]] = {
    "kill": Kill,
    "retrieve": Retrieve,
    "away": Away,
    "button": ButtonFound,
    "dealt-empty": DealtEmpty,
    "dealt-out": DealtOut,
    "miscount": Miscount,
    "unaware": Unaware,
}
"""Events about one seat, word first: ``kill 3``, ``retrieve 3``, ``away 3``,
``miscount 3``, ``unaware 3``, and a table's deal and button errors: ``button 5``,
``dealt-empty 7``, ``dealt-out 4``."""


def _parse_award(words: list[str]) -> Award:
    if len(words) < 2:
        raise _Bad("award which seats? e.g. award 3, award 1,3 or award 3 200")
    _no_more(words, 3)
    parts = words[1].split(",")
    seats = tuple(_seat(parts, i) for i in range(len(parts)))
    if len(set(seats)) != len(seats):
        raise _Bad(f'"{words[1]}" names a seat twice')
    return Award(seats, chip_amount(words[2]) if len(words) > 2 else None)


def _parse_clock(words: list[str]) -> Clock:
    """``clock SEAT`` (the clock is put on the seat) or ``clock SEAT expired``."""
    seat = _seat(words, 1)
    _no_more(words, 3)
    if len(words) == 3:
        if words[2].lower() != "expired":
            raise _Bad(f'"{words[2]}" is not understood; clock SEAT [expired]')
        return Clock(seat, True)
    return Clock(seat)


def _parse_count(words: list[str]) -> Count:
    """``count SEAT X [by dealer|by player]``."""
    seat = _seat(words, 1)
    if len(words) < 3:
        raise _Bad("what count was the seat given? e.g. count 3 1200 [by dealer|by player]")
    rest = [w.lower() for w in words[3:]]
    if rest not in ([], ["by", "dealer"], ["by", "player"]):
        raise _Bad(f'unexpected "{" ".join(words[3:])}": count SEAT X [by dealer|by player]')
    return Count(seat, chip_amount(words[2]), rest == ["by", "player"])


def _parse_dispute(words: list[str]) -> Dispute:
    """``dispute [after push|shuffle|riffle|deal|action]``."""
    if len(words) == 1:
        return Dispute()
    if len(words) != 3 or words[1].lower() != "after":
        raise _Bad("dispute after push, shuffle, deal or action, e.g. dispute after shuffle")
    word = words[2].lower()
    for when in DISPUTE_TIMES:
        if word == when or (word == "riffle" and when == "shuffle"):
            return Dispute(when)
    raise _Bad(f'dispute after push, shuffle, deal or action, not "{words[2]}"')


def _parse_off_table(words: list[str]) -> OffTable:
    """``off-table SEAT[:N] [CARD]``: read as an exposure, which it is by the dealer."""
    if any(w.lower() in ("by", "player", "dealer") for w in words[2:]):
        raise _Bad("off-table SEAT[:N] [CARD]: a card dealt off the table is the dealer's")
    exposed = _parse_expose(words)
    return OffTable(exposed.seat, exposed.round, exposed.card)


def _parse_boxed(words: list[str]) -> Boxed:
    _no_more(words, 2)
    return Boxed(_optional_card(words[1]) if len(words) > 1 else None)


def _parse_found(words: list[str]) -> FoundCard:
    """``joker|foreign [SEAT|board|stub]``."""
    _no_more(words, 2)
    make = Joker if words[0].lower() == "joker" else Foreign
    if len(words) == 1 or words[1].lower() == "stub":
        return make()
    if words[1].lower() == "board":
        return make("board")
    return make("seat", _seat(words, 1))


def _parse_run(words: list[str]) -> Run:
    """``run N``: the board is run ``N`` times, from 2 up."""
    _no_more(words, 2)
    if len(words) < 2 or not is_number(words[1]) or len(words[1]) > 2:
        raise _Bad("how many times? e.g. run 2 (running it twice) or run 3")
    times = int(words[1])
    if not 2 <= times <= MAX_RUNS:
        raise _Bad(f"a board is run from 2 to {MAX_RUNS} times, not {times}")
    return Run(times)


def _parse_short(words: list[str]) -> Short:
    """``short SEAT`` or ``short deck``."""
    if len(words) < 2:
        raise _Bad("short SEAT (dealt too few cards) or short deck")
    _no_more(words, 2)
    return Short(None if words[1].lower() == "deck" else _seat(words, 1))


_DEALING_ERRORS: Final[dict[str, Callable[[list[str]], Event]]] = {
    "dispute": _parse_dispute,
    "off-table": _parse_off_table,
    "offtable": _parse_off_table,
    "boxed": _parse_boxed,
    "joker": _parse_found,
    "foreign": _parse_found,
    "short": _parse_short,
    "run": _parse_run,
}
"""A pot disputed after the push, and the deck's errors: a card dealt off the table, a
boxed card, a joker or a card from another deck, too few cards; and an agreement to run
the board more than once."""


def _seat(words: list[str], at: int) -> int:
    if len(words) <= at:
        raise _Bad("which seat?")
    return seat_number(words[at])


def _optional_card(word: str) -> Card | None:
    return None if word == "??" else parse_card(word)


def _card_words(words: list[str]) -> list[str]:
    """Split cards typed together (``AhKd7c``, ``????``) into one word each."""
    out: list[str] = []
    for word in words:
        for part in word.replace(",", " ").split():
            out.extend(_split_run(part))
    return out


def _split_run(word: str) -> list[str]:
    if len(word) <= 2 or (len(word) == 3 and word.startswith("10")):
        return [word]
    parts: list[str] = []
    rest = word
    while rest:
        size = 3 if rest.startswith("10") else 2
        parts.append(rest[:size])
        rest = rest[size:]
    if any(len(p) < 2 for p in parts):
        return [word]
    return parts


def _no_more(words: list[str], allowed: int) -> None:
    if len(words) > allowed:
        raise _Bad(f'unexpected "{" ".join(words[allowed:])}"')
