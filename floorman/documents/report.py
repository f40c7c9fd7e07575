"""The incident report of a recorded hand: timeline, rulings with citations, pots and
chip split, checked against the rulebook in force; signature lines are the template's.

A hand comes to the report from a hand file (:func:`filed_hand`) or from the
store (:func:`stored_hand`, given what the store gave: the caller looks the
hand up), with the times and the undone events the store kept.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Protocol

from floorman.bounds import MAX_REPORTED_EVENTS
from floorman.documents.cards import card_view, cards_view
from floorman.documents.events import event_description
from floorman.documents.potrows import standing_pot_rows
from floorman.documents.wording import edition, in_words, long_date, sentence
from floorman.errors import FloormanError
from floorman.rules.kinds import DEALT_GAMES
from floorman.showdown.chipstacks import chip_breakdown, format_chips
from floorman.showdown.pots import standing_pots
from floorman.showdown.reading import read_high, read_low
from floorman.showdown.settlement import awaiting_hands, dead_posts
from floorman.vocabulary import GAME_TITLES, OUTCOME_LABELS, author_label, room_date, room_time

if TYPE_CHECKING:
    from floorman.cards import Card
    from floorman.hand.events import Event
    from floorman.hand.state import HandState
    from floorman.interchange.drawfile import DrawCheck, DrawHandFile
    from floorman.interchange.handfile import Hand, HandHeader
    from floorman.interchange.studfile import StudCheck, StudHandFile
    from floorman.replay import CheckResult
    from floorman.rules.loader import Rulebook

__all__ = [
    "ReportedHand",
    "StoredEntry",
    "StoredHandLike",
    "Undone",
    "filed_hand",
    "report_page",
    "report_pdf",
    "report_view",
    "stored_hand",
]

View = dict[str, Any]

_ENDINGS: Final = {
    "showdown": "at the showdown",
    "fold": "won without a showdown, everyone else folded",
    "misdeal": "misdeal, every chip goes back",
    "void": "hand void, every chip goes back",
}


@dataclass(frozen=True, slots=True)
class Undone:
    """An event recorded, then taken back: kept in the report, marked as undone.

    *after* is how many standing events came before it; *time* and
    *undone_at* are when it was recorded and when it was taken back, *by* who
    entered it, as the store knows.
    """

    after: int
    text: str
    time: str = ""
    undone_at: str = ""
    by: str = ""


class ReportedHand(NamedTuple):
    """A hand as the report reads it: the hand, its label (``hand 42`` or the file), the
    time each standing event was recorded, when it started, the events taken back, why
    the store closed it and whether it is a stored one."""

    hand: Hand | StudHandFile | DrawHandFile
    label: str
    times: list[str] | None = None
    started: str | None = None
    undone: Sequence[Undone] = ()
    closed: str | None = None
    in_store: bool = False
    authors: list[str] | None = None
    """Who entered each standing event (``station 7``, a floor person), as the store knows."""


class StoredHandLike(Protocol):
    """A hand as the store gives it (:class:`floorman.store.hands.StoredHand`)."""

    @property
    def id(self) -> int: ...
    @property
    def table(self) -> str: ...
    @property
    def header(self) -> Mapping[str, Any]: ...
    @property
    def created(self) -> str: ...
    @property
    def closed(self) -> str | None: ...


class StoredEntry(Protocol):
    """One line of a stored hand's record (:class:`floorman.store.hands.Record`)."""

    @property
    def id(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def text(self) -> str | None: ...
    @property
    def target(self) -> int | None: ...
    @property
    def at(self) -> str: ...


def filed_hand(hand: Hand | StudHandFile | DrawHandFile, label: str) -> ReportedHand:
    """A hand read from a hand file, named by ``label`` (the file)."""
    started = None
    if hand.started is not None:
        started = room_time(hand.started, "%Y-%m-%d %H:%M")
    return ReportedHand(hand, label, started=started)


def stored_hand(
    stored: StoredHandLike,
    records: Sequence[StoredEntry],
    authors: Mapping[int, str] | None = None,
) -> ReportedHand:
    """A stored hand from its record: the events standing, with the time each was
    recorded (and who entered it, from ``authors`` by record id), and those taken back,
    each where it was entered."""
    from floorman.interchange.handfile import parse_hand

    retracted = {r.target: r for r in records if r.kind == "retract"}
    standing: list[StoredEntry] = []
    undone: list[Undone] = []
    for r in records:
        if r.kind != "event":
            continue
        if r.id in retracted:
            by = "" if authors is None else author_label(authors.get(r.id))
            undone.append(
                Undone(len(standing), r.text or "", _clock(r.at), _clock(retracted[r.id].at), by)
            )
        else:
            standing.append(r)
    header = {"table": stored.table, **stored.header}
    label = f"hand {stored.id}"
    recorded: Hand | StudHandFile | DrawHandFile
    if header.get("game") in DEALT_GAMES:
        recorded = _dealt_hand({**header, "events": [r.text or "" for r in standing]}, label)
    else:
        text = json.dumps({**header, "events": [r.text or "" for r in standing]})
        recorded = parse_hand(text, label, json_text=True)
    started = room_time(stored.created, "%Y-%m-%d %H:%M")
    entered = None
    if authors is not None:
        entered = [author_label(authors.get(r.id)) for r in standing]
    return ReportedHand(
        recorded, label, [_clock(r.at) for r in standing], started, undone, stored.closed,
        in_store=True, authors=entered,
    )  # fmt: skip


def _dealt_hand(data: Mapping[str, Any], label: str) -> StudHandFile | DrawHandFile:
    """A stored stud or draw hand as its game's hand file; one line when it cannot be."""
    from floorman.interchange.drawfile import draw_hand_from
    from floorman.interchange.plainhand import HandFileError
    from floorman.interchange.studfile import stud_hand_from

    try:
        if data.get("game") in DEALT_GAMES[:3]:
            return stud_hand_from(data, label, None)
        return draw_hand_from(data, label, None)
    except HandFileError as error:
        raise FloormanError(str(error)) from None


def report_page(
    reported: ReportedHand,
    *,
    rulebook: str | None = None,
    house: str | None = None,
    size: str,
    four_colour: bool = False,
    standalone: bool = False,
) -> tuple[str, CheckResult | StudCheck | DrawCheck]:
    """The report today as HTML for the printer (or a page that stands alone), and the
    check it reports: ruled by ``rulebook`` and ``house`` if given, else by the hand's."""
    from floorman.documents import render
    from floorman.interchange.handfile import Hand
    from floorman.replay import check_hand
    from floorman.rules.loader import load_rulebook

    recorded = reported.hand
    if len(recorded.events) > MAX_REPORTED_EVENTS:
        raise FloormanError(
            f"{reported.label} has {len(recorded.events):,} events, more than a report prints"
            f" ({MAX_REPORTED_EVENTS:,})"
        )
    if not isinstance(recorded, Hand):
        return _dealt_page(
            reported, recorded, rulebook=rulebook, house=house, size=size,
            four_colour=four_colour, standalone=standalone,
        )  # fmt: skip
    result = check_hand(recorded, rulebook=rulebook, house=house)
    book = load_rulebook(
        rulebook or recorded.rulebook, house=house, options=recorded.house, kind=recorded.kind
    )
    view = report_view(
        recorded, result, book, day=room_date(), label=reported.label,
        times=reported.times, started=reported.started, undone=reported.undone,
        authors=reported.authors, closed=reported.closed, in_store=reported.in_store,
        paper=size, four_colour=four_colour,
    )  # fmt: skip
    return render.render_html("report.html", view, standalone=standalone), result


def _dealt_page(
    reported: ReportedHand,
    recorded: StudHandFile | DrawHandFile,
    *,
    rulebook: str | None,
    house: str | None,
    size: str,
    four_colour: bool,
    standalone: bool,
) -> tuple[str, StudCheck | DrawCheck]:
    """A stud or draw hand's report, as :func:`report_page`."""
    from floorman.documents import render
    from floorman.documents.dealtreport import dealt_report_view, dealt_status
    from floorman.hand.drawevents import parse_draw_event
    from floorman.hand.studevents import parse_stud_event
    from floorman.interchange.dealtrulings import hand_book
    from floorman.interchange.drawfile import check_draw
    from floorman.interchange.plainhand import HandFileError
    from floorman.interchange.studfile import StudHandFile, check_stud

    checked: StudCheck | DrawCheck
    try:
        if isinstance(recorded, StudHandFile):
            checked, parse = check_stud(recorded, rulebook, house), parse_stud_event
        else:
            checked, parse = check_draw(recorded, rulebook, house), parse_draw_event
        book = hand_book(recorded, rulebook, house)
    except HandFileError as error:
        raise FloormanError(str(error)) from None
    events = [parse(text, number) for number, text in enumerate(recorded.events, 1)]
    status = dealt_status(checked.state.over_reason, reported.closed, reported.in_store)
    view = dealt_report_view(
        recorded, checked, book, events, day=room_date(), label=reported.label,
        times=reported.times, started=reported.started, authors=reported.authors,
        undone=reported.undone, parse=parse, status=status, paper=size,
        four_colour=four_colour,
    )  # fmt: skip
    return render.render_html("report.html", view, standalone=standalone), checked


def report_pdf(reported: ReportedHand) -> bytes:
    """The report as ``floorman report`` prints it on letter paper, by the hand's rulebook."""
    from floorman.documents import render

    page, _ = report_page(reported, size=render.paper_size("letter"))
    return render.html_to_pdf(page).pdf


def report_view(
    hand: Hand,
    result: CheckResult,
    book: Rulebook,
    *,
    day: datetime.date,
    label: str,
    times: Sequence[str] | None = None,
    started: str | None = None,
    undone: Sequence[Undone] = (),
    authors: Sequence[str] | None = None,
    closed: str | None = None,
    in_store: bool = False,
    paper: str = "letter",
    four_colour: bool = False,
) -> View:
    """The incident report of a recorded hand, checked against *book*.

    *label* names the hand (``hand 42`` or the file); *times* are the times
    each standing event was recorded and *undone* the events taken back,
    when the store kept them; *closed* is why the store closed the hand and
    *in_store* says the hand is a stored one, which may still be played on.
    """
    events = hand.parse_events()
    timeline = _timeline(events, result, times, undone, authors)
    described = [event_description(event) for event in events]
    rulings = [
        {
            "number": number,
            "event": ruling["event"],
            "event_text": described[ruling["event"] - 1]
            if 0 < ruling["event"] <= len(described)
            else "",
            "title": ruling["title"],
            "cite": ruling["cite"],
            "rule": ruling["rule"],
            "outcome": ruling["outcome"],
            "outcome_label": OUTCOME_LABELS.get(ruling["outcome"], ruling["outcome"]),
            "steps": [sentence(step["text"]) for step in ruling["steps"]],
        }
        for number, ruling in enumerate(result.rulings, 1)
    ]
    state = result.state
    seats = _seat_rows(hand, result)
    pots = _pot_rows(result, hand.chips)
    if state.over_reason is None or awaiting_hands(state):
        pots = _standing_pot_rows(state, events)
    odd_chip = in_words(book.options.get("odd_chip", "first-left-of-button"))
    odd_policy = f"Odd chips between tied hands: {odd_chip}"
    if state.game == "omaha-hilo":
        odd_policy += (
            f"; between high and low: to the {book.options.get('hilo_odd_chip', 'high')} half"
        )
    if book.options.get("quartering_exception"):
        odd_policy += "; the quartering exception applies"
    facts = [
        ("Hand", label),
        ("Table", hand.table or "not recorded"),
        ("Started", started or "not recorded"),
        ("Game", _game_line(hand)),
        ("Button", f"seat {state.table.button}"),
        ("Rulebook", f"{book.title} ({book.name})"),
        ("Status", _status(state.over_reason, closed, in_store)),
    ]
    return {
        "doc": {
            "title": "Incident report",
            "house": f"Table {hand.table} · {label}" if hand.table else label,
            "source": edition(book),
            "date": long_date(day),
            "paper": paper,
            "four_colour": four_colour,
            "meta": [f"printed {long_date(day)}"],
        },
        "facts": [{"label": name, "value": value} for name, value in facts],
        "seats": seats,
        "show_cards": any(seat["cards"] for seat in seats),
        "board_label": "Board",
        "board": cards_view([b.card for b in state.ledger.board if not b.premature]),
        "runs": [cards_view(board) for board in state.ledger.run_boards]
        if state.ledger.run_count > 1
        else [],
        "premature": [
            {
                "card": card_view(b.card),
                "event": b.event,
                "set_aside": b.card in state.ledger.set_aside,
            }
            for b in state.ledger.turned_early
        ],
        "set_aside": cards_view(
            [
                c
                for c in state.ledger.set_aside
                if c not in {b.card for b in state.ledger.turned_early}
            ]
        ),
        "timeline": timeline,
        "timed": times is not None,
        "authored": authors is not None,
        "undone": len(undone),
        "rulings": rulings,
        "violations": [
            {"event": v["event"], "rule": v["rule"], "message": v["message"]}
            for v in result.violations
        ],
        "pots": pots,
        "pending": any(pot["pending"] for pot in pots),
        "odd_policy": odd_policy,
        "chips": ", ".join(str(chip) for chip in sorted(hand.chips, reverse=True)),
        "irregular": bool(result.rulings or result.violations),
    }


def _status(over_reason: str | None, closed: str | None, in_store: bool) -> str:
    """Whether the hand is over, said from its events; the store's close only adds why."""
    if over_reason is not None:
        return "Finished: " + _ENDINGS.get(over_reason, over_reason)
    if closed is not None:
        return f"Closed before the end of the hand ({closed})"
    if in_store:
        return "Open: the hand is still being played"
    return "Not finished: the record stops before the end of the hand"


def _game_line(header: HandHeader) -> str:
    small, big = header.blinds
    text = f"{GAME_TITLES.get(header.game, header.game)}, {header.betting}, blinds {small}/{big}"
    return text + (f", ante {header.ante}" if header.ante else "")


def _reading(game: str, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """What the dealer reads on a tabled hand: the high, and in hi-lo the low too."""
    try:
        text = read_high(game, hole, board).name
        if game == "omaha-hilo":
            low = read_low(game, hole, board)
            text += f"; {low.name}" if low is not None else "; no low"
    except FloormanError:
        return ""
    return text


def _seat_rows(hand: Hand, result: CheckResult) -> list[View]:
    state = result.state
    small, big = state.table.blind_seats
    board = state.ledger.board_cards
    rows = []
    for seat, start in hand.seats.items():
        roles = []
        if seat == state.table.button:
            roles.append("button")
        if seat == small:
            roles.append("small blind")
        if seat == big:
            roles.append("big blind")
        cards = state.shown.get(seat) or state.ledger.hole(seat)
        known = [card for card in cards if card is not None]
        reading = ""
        if seat in state.shown and state.ledger.run_count > 1:
            reading = "; ".join(
                f"run {number}: {_reading(state.game, state.shown[seat], run)}"
                for number, run in enumerate(state.ledger.run_boards, 1)
                if len(run) == 5
            )
        elif seat in state.shown and len(board) == 5:
            reading = _reading(state.game, state.shown[seat], board)
        end = result.stacks.get(seat, start)
        status = (
            "folded"
            if seat in state.betting.folded
            else ("mucked" if seat in state.betting.mucked else "")
        )
        rows.append(
            {
                "seat": seat,
                "roles": ", ".join(roles),
                "start": start,
                "cards": cards_view(cards) if known else [],
                "reading": reading,
                "status": status,
                "won": result.awards.get(seat, 0),
                "end": end,
                "net": end - start,
            }
        )
    return rows


def _pot_rows(result: CheckResult, chips: Sequence[int]) -> list[View]:
    rows = []
    for index, pot in enumerate(result.pots):
        awards = []
        for seat, amount in pot["awards"].items():
            awards.append(
                {
                    "seat": int(seat),
                    "amount": amount,
                    "chips": format_chips(chip_breakdown(amount, chips)) if len(chips) > 1 else "",
                }
            )
        rows.append(
            {
                "name": "Main pot" if index == 0 else f"Side pot {index}",
                "amount": pot["amount"],
                "eligible": ", ".join(str(seat) for seat in pot["eligible"]),
                "awards": awards,
                "odd_chips": [
                    {
                        "seat": chip["seat"],
                        "amount": chip["amount"],
                        "reason": chip["reason"],
                    }
                    for chip in pot["odd_chips"]
                ],
                "pending": not pot["awards"],
                "note": "",
                "runs": [
                    {
                        "amount": run["amount"],
                        "awards": [
                            {"seat": int(seat), "amount": amount}
                            for seat, amount in run["awards"].items()
                        ],
                    }
                    for run in pot.get("runs", [])
                ],
            }
        )
    return rows


def _standing_pot_rows(state: HandState, events: Sequence[Event]) -> list[View]:
    """The pots of a hand not yet settled as they stand: a side pot only where an all-in
    made one, and a bet not yet called on a line of its own."""
    dead = dead_posts(events)
    betting = state.betting
    contributions = {s: chips - dead.get(s, 0) for s, chips in betting.contributed.items()}
    all_in = [seat for seat, chips in betting.stacks.items() if chips == 0]
    layout = standing_pots(contributions, betting.folded, all_in, dead=sum(dead.values()))
    return standing_pot_rows(layout)


def _timeline(
    events: Sequence[Event],
    result: CheckResult,
    times: Sequence[str] | None,
    undone: Sequence[Undone],
    authors: Sequence[str] | None = None,
) -> list[View]:
    """Every event in the order recorded, irregular ones marked, undone ones among them,
    each with who entered it when the store knows."""
    marks: dict[int, list[str]] = {}
    for number, ruling in enumerate(result.rulings, 1):
        marks.setdefault(ruling["event"], []).append(f"ruling {number}")
    for violation in result.violations:
        marks.setdefault(violation["event"], []).append("violation")
    taken_back: dict[int, list[Undone]] = {}
    for taken in undone:
        taken_back.setdefault(taken.after, []).append(taken)
    rows: list[View] = []

    def undone_rows(after: int) -> None:
        rows.extend(
            {
                "number": None,
                "time": taken.time,
                "text": _undone_text(taken.text),
                "irregular": False,
                "remarks": [f"undone {taken.undone_at}".rstrip()],
                "by": taken.by,
                "note": False,
                "undone": True,
            }
            for taken in taken_back.get(after, ())
        )

    undone_rows(0)
    for number, event in enumerate(events, 1):
        rows.append(
            {
                "number": number,
                "time": times[number - 1] if times is not None and number <= len(times) else "",
                "text": event_description(event),
                "irregular": number in marks,
                "remarks": marks.get(number, []),
                "by": authors[number - 1] if authors is not None and number <= len(authors) else "",
                "note": event.kind in ("note", "floor"),
                "undone": False,
            }
        )
        undone_rows(number)
    return rows


def _undone_text(text: str) -> str:
    from floorman.hand.events import parse_event

    try:
        return event_description(parse_event(text))
    except FloormanError:
        return text


def _clock(at: str) -> str:
    """The minute an event was entered: the event numbers already give the order."""
    return room_time(at, "%H:%M")
