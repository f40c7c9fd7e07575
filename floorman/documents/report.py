"""The incident report of a recorded hand: timeline, rulings with citations, pots and
chip split, checked against the rulebook in force; signature lines are the template's.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from floorman.documents.cards import card_view, cards_view
from floorman.documents.events import event_description
from floorman.documents.wording import edition, in_words, long_date, sentence
from floorman.errors import FloormanError
from floorman.showdown.chipstacks import chip_breakdown, format_chips
from floorman.showdown.reading import read_high, read_low
from floorman.vocabulary import GAME_TITLES, OUTCOME_LABELS

if TYPE_CHECKING:
    from floorman.cards import Card
    from floorman.hand.events import Event
    from floorman.interchange.handfile import Hand, HandHeader
    from floorman.replay import CheckResult
    from floorman.rules.loader import Rulebook

__all__ = ["Undone", "report_view"]

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
    *undone_at* are when it was recorded and when it was taken back.
    """

    after: int
    text: str
    time: str = ""
    undone_at: str = ""


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
    timeline = _timeline(events, result, times, undone)
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
        ("Button", f"seat {state.button}"),
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
        "board": cards_view([b.card for b in state.board if not b.premature]),
        "premature": [
            {"card": card_view(b.card), "event": b.event, "set_aside": b.card in state.set_aside}
            for b in state.turned_early
        ],
        "set_aside": cards_view(
            [c for c in state.set_aside if c not in {b.card for b in state.turned_early}]
        ),
        "timeline": timeline,
        "timed": times is not None,
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
    board = state.board_cards
    rows = []
    for seat, start in hand.seats.items():
        roles = []
        if seat == state.button:
            roles.append("button")
        if seat == small:
            roles.append("small blind")
        if seat == big:
            roles.append("big blind")
        cards = state.shown.get(seat) or state.hole(seat)
        known = [card for card in cards if card is not None]
        reading = ""
        if seat in state.shown and len(board) == 5:
            reading = _reading(state.game, state.shown[seat], board)
        end = result.stacks.get(seat, start)
        status = "folded" if seat in state.folded else ("mucked" if seat in state.mucked else "")
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
            }
        )
    return rows


def _timeline(
    events: Sequence[Event],
    result: CheckResult,
    times: Sequence[str] | None,
    undone: Sequence[Undone],
) -> list[View]:
    """Every event in the order recorded, irregular ones marked, undone ones among them."""
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
                "note": event.kind == "note",
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
