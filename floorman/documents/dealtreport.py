"""The incident report of a stud or draw hand: the same page as a flop game's
(:mod:`floorman.documents.report`), read from the stud or draw hand's own state.

Each seat's cards are shown as they were dealt: in stud the downcards apart from the
upcards (and the common card, if one was turned), in a draw game the hand held at the
end with the draws the seat took; the timeline words the games' own events (an upcard,
the bring-in, a completion, a draw); the pots are shown as they stand.

>>> from floorman.hand.studevents import parse_stud_event as ev
>>> dealt_description(ev("up 3 Kd")), dealt_description(ev("2 complete"))
("Seat 3's upcard: K♦", 'Seat 2 completes the bring-in')
>>> from floorman.hand.drawevents import parse_draw_event as dv
>>> dealt_description(dv("1 draws 2 Kh 3c")), dealt_description(dv("2 stands pat"))
('Seat 1 draws 2: K♥ 3♣', 'Seat 2 stands pat')
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from floorman.documents.cards import cards_view
from floorman.documents.events import event_description
from floorman.documents.potrows import standing_pot_rows
from floorman.documents.studdraw import game_title
from floorman.documents.wording import edition, in_words, long_date, sentence
from floorman.hand.drawevents import Draw
from floorman.hand.drawstate import DrawHand
from floorman.hand.studevents import BringIn, Common, Complete, Down, Stub, Up
from floorman.hand.studstate import StudHand
from floorman.showdown.chipstacks import chip_breakdown, format_chips
from floorman.showdown.pots import standing_pots
from floorman.vocabulary import OUTCOME_LABELS

if TYPE_CHECKING:
    from floorman.cards import Card
    from floorman.hand.events import Event
    from floorman.interchange.drawfile import DrawCheck, DrawHandFile
    from floorman.interchange.studfile import StudCheck, StudHandFile
    from floorman.rules.loader import Rulebook

__all__ = ["dealt_description", "dealt_reading", "dealt_report_view", "dealt_status"]

View = dict[str, Any]

_ENDINGS: Final = {
    "showdown": "at the showdown",
    "fold": "won without a showdown, everyone else folded",
    "misdeal": "misdeal, every chip goes back",
    "void": "hand void, every chip goes back",
}


def _shown(cards: Sequence[Card | None]) -> str:
    return " ".join("??" if card is None else card.pretty() for card in cards)


def dealt_description(event: Event) -> str:
    """A stud or draw event as a floor person writes it in a report; any other event as
    the flop games' report writes it."""
    if isinstance(event, Up):
        card = event.card.pretty() if event.card is not None else "not seen"
        return f"Seat {event.seat}'s upcard: {card}"
    if isinstance(event, Down):
        count = len(event.cards)
        known = any(card is not None for card in event.cards)
        what = f"{count} downcard{'s' if count != 1 else ''}"
        return f"Seat {event.seat} is dealt {what}" + (f": {_shown(event.cards)}" if known else "")
    if isinstance(event, BringIn):
        amount = "" if event.amount is None else f" for {event.amount}"
        return f"Seat {event.seat} brings it in{amount}"
    if isinstance(event, Complete):
        amount = "" if event.amount is None else f" to {event.amount}"
        return f"Seat {event.seat} completes the bring-in{amount}"
    if isinstance(event, Common):
        return f"A common card is turned in the center: {event.card.pretty()}"
    if isinstance(event, Stub):
        return f"The dealer counts {event.count} cards in the stub"
    if isinstance(event, Draw):
        if event.count == 0:
            return f"Seat {event.seat} stands pat"
        cards = f": {_shown(event.cards)}" if event.cards else ""
        return f"Seat {event.seat} draws {event.count}{cards}"
    return event_description(event)


def dealt_report_view(
    hand: StudHandFile | DrawHandFile,
    checked: StudCheck | DrawCheck,
    book: Rulebook,
    events: Sequence[Event],
    *,
    day: datetime.date,
    label: str,
    times: Sequence[str] | None = None,
    started: str | None = None,
    authors: Sequence[str] | None = None,
    undone: Sequence[Any] = (),
    parse: Callable[[str], Event] | None = None,
    status: str,
    paper: str = "letter",
    four_colour: bool = False,
) -> View:
    """The incident report of a stud or draw hand, for ``report.html``: the keys the flop
    games' view has, from the hand's own state (``events`` its parsed events, ``undone``
    the events taken back as :class:`floorman.documents.report.Undone`, read with
    ``parse``, ``status`` the line saying whether it is over)."""
    state = checked.state
    described = [dealt_description(event) for event in events]
    marks: dict[int, list[str]] = {}
    rulings = []
    for number, ruling in enumerate(checked.rulings, 1):
        marks.setdefault(ruling.event, []).append(f"ruling {number}")
        rulings.append(
            {
                "number": number,
                "event": ruling.event,
                "event_text": described[ruling.event - 1]
                if 0 < ruling.event <= len(described)
                else "",
                "title": ruling.title,
                "cite": ruling.cite,
                "rule": ruling.rule,
                "outcome": ruling.outcome,
                "outcome_label": OUTCOME_LABELS.get(ruling.outcome, ruling.outcome),
                "steps": [sentence(step.text) for step in ruling.steps],
            }
        )
    for violation in checked.violations:
        marks.setdefault(violation.event, []).append("violation")
    taken_back: dict[int, list[Any]] = {}
    for taken in undone:
        taken_back.setdefault(taken.after, []).append(taken)
    timeline: list[View] = [*_undone_rows(taken_back.get(0, ()), parse)]
    for number, text in enumerate(described, 1):
        timeline.append(
            {
                "number": number,
                "time": times[number - 1] if times is not None and number <= len(times) else "",
                "text": text,
                "irregular": number in marks,
                "remarks": marks.get(number, []),
                "by": authors[number - 1] if authors is not None and number <= len(authors) else "",
                "note": events[number - 1].kind in ("note", "floor"),
                "undone": False,
            }
        )
        timeline.extend(_undone_rows(taken_back.get(number, ()), parse))
    seats = _seat_rows(hand, checked)
    pots = _pot_rows(checked, hand.chips)
    odd = "high card by suit" if isinstance(state, StudHand) else None
    odd_policy = "Odd chips between tied hands: " + (
        odd or in_words(book.options.get("odd_chip", "first-left-of-button"))
    )
    if state.game == "stud-hilo":
        odd_policy += "; between high and low: to the high half"
    common = getattr(state, "common", None)
    facts = [
        ("Hand", label),
        ("Table", hand.table or "not recorded"),
        ("Started", started or "not recorded"),
        ("Game", _game_line(hand)),
        ("Button", f"seat {state.button}" if isinstance(state, DrawHand) else "none (stud)"),
        ("Rulebook", f"{book.title} ({book.name})"),
        ("Status", status),
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
        "show_cards": any(seat["cards"] or seat["down"] for seat in seats),
        "board_label": "Common card" if isinstance(state, StudHand) else "",
        "board": cards_view([common]) if common is not None else [],
        "runs": [],
        "premature": [],
        "set_aside": cards_view(list(getattr(state, "set_aside", ()))),
        "timeline": timeline,
        "timed": times is not None,
        "authored": authors is not None,
        "undone": len(undone),
        "rulings": rulings,
        "violations": [
            {"event": v.event, "rule": v.rule, "message": v.message} for v in checked.violations
        ],
        "pots": pots,
        "pending": any(pot["pending"] for pot in pots),
        "odd_policy": odd_policy,
        "chips": ", ".join(str(chip) for chip in sorted(hand.chips, reverse=True)),
        "irregular": bool(checked.rulings or checked.violations),
    }


def _undone_rows(taken: Sequence[Any], parse: Callable[[str], Event] | None) -> list[View]:
    """Events entered, then undone: struck through where they were entered."""
    from floorman.errors import FloormanError

    rows = []
    for event in taken:
        text = event.text
        if parse is not None:
            with contextlib.suppress(FloormanError):
                text = dealt_description(parse(event.text))
        rows.append(
            {
                "number": None,
                "time": event.time,
                "text": text,
                "irregular": False,
                "remarks": [f"undone {event.undone_at}".rstrip()],
                "by": event.by,
                "note": False,
                "undone": True,
            }
        )
    return rows


def dealt_status(over_reason: str | None, closed: str | None, in_store: bool) -> str:
    """Whether the hand is over, as the flop games' report says it."""
    if over_reason is not None:
        return "Finished: " + _ENDINGS.get(over_reason, over_reason)
    if closed is not None:
        return f"Closed before the end of the hand ({closed})"
    if in_store:
        return "Open: the hand is still being played"
    return "Not finished: the record stops before the end of the hand"


def _game_line(hand: StudHandFile | DrawHandFile) -> str:
    from floorman.interchange.studfile import StudHandFile

    title = game_title(hand.game)
    if isinstance(hand, StudHandFile):
        small, big = hand.limits
        text = f"{title}, limit {small}/{big}, bring-in {hand.bring_in}"
        return text + (f", ante {hand.ante}" if hand.ante else "")
    small, big = hand.blinds
    text = f"{title}, {hand.betting}, blinds {small}/{big}"
    if hand.limits is not None:
        text += f", bets {hand.limits[0]}/{hand.limits[1]}"
    return text + (f", ante {hand.ante}" if hand.ante else "")


def _seat_rows(hand: StudHandFile | DrawHandFile, checked: StudCheck | DrawCheck) -> list[View]:
    state = checked.state
    stacks = checked.stacks
    awards = checked.settled.awards if checked.settled is not None else {}
    rows = []
    for seat, start in hand.seats.items():
        roles: list[str] = []
        down: list[Card | None] = []
        if isinstance(state, StudHand):
            up = list(state.up[seat])
            down = list(state.down[seat])
            shown = state.shown.get(seat)
            if seat == state.bring_in_seat:
                roles.append("bring-in")
        else:
            up = list(state.shown.get(seat) or state.cards[seat])
            small, big = _blind_seats(state)
            if seat == state.button:
                roles.append("button")
            if seat == small:
                roles.append("small blind")
            if seat == big:
                roles.append("big blind")
            drawn = state.drawn.get(seat, [])
            if drawn:
                roles.append("drew " + ", ".join("pat" if n == 0 else str(n) for n in drawn))
            shown = None
        if shown and isinstance(state, StudHand):
            roles.append("tabled")
        shown_any = seat in state.shown or (
            state.over_reason == "showdown" and seat not in state.folded
        )
        end = stacks.get(seat, start)
        status = "folded" if seat in state.folded else ("all in" if not state.stacks[seat] else "")
        rows.append(
            {
                "seat": seat,
                "roles": ", ".join(roles),
                "start": start,
                "down": cards_view(down) if any(c is not None for c in down) else [],
                "cards": cards_view(up) if any(c is not None for c in up) else [],
                "reading": dealt_reading(state.game, _tabled(state, seat)) if shown_any else "",
                "status": status,
                "won": awards.get(seat, 0),
                "end": end,
                "net": end - start,
            }
        )
    return rows


def _tabled(state: StudHand | DrawHand, seat: int) -> Sequence[Card | None]:
    if isinstance(state, StudHand):
        return state.cards(seat)
    return state.shown.get(seat) or state.cards[seat]


def dealt_reading(game: str, cards: Sequence[Card | None]) -> str:
    """What the dealer reads on a tabled stud or draw hand: the high, the low (both in
    stud hi-lo), or the badugi; nothing when a card is not known.

    >>> from floorman.cards import parse_cards as cs
    >>> dealt_reading("stud-hilo", cs("Ah 2d 3c 4h 8s Qd Tc"))
    'High card, ace; 8-4-3-2-A low'
    >>> dealt_reading("razz", cs("As 2d 3c 4h 8s Qd Tc"))
    'Eight-four low'
    >>> dealt_reading("badugi", cs("Ac 2d 3h 3s"))
    'Three-card three'
    """
    from floorman.errors import FloormanError
    from floorman.showdown.badugi import evaluate_badugi
    from floorman.showdown.lowball import evaluate_low_8, evaluate_low_27, evaluate_low_a5
    from floorman.showdown.reading import read_high

    known = [card for card in cards if card is not None]
    if len(known) != len(cards) or len(known) < (4 if game == "badugi" else 5):
        return ""
    try:
        if game in ("stud", "stud-hilo"):
            text = read_high("holdem", known[:2], known[2:7]).name if len(known) == 7 else ""
            if game == "stud-hilo" and text:
                low = evaluate_low_8(known)
                text += f"; {low.name}" if low is not None else "; no low"
            return text
        if game in ("razz", "lowball-a5"):
            return evaluate_low_a5(known).name
        if game == "badugi":
            return evaluate_badugi(known).name
        return evaluate_low_27(known).name
    except FloormanError:
        return ""


def _blind_seats(state: DrawHand) -> tuple[int | None, int | None]:
    from floorman.hand.table import Table

    small, big = Table(tuple(state.seats), state.button).blind_seats
    return small, big


def _pot_rows(checked: StudCheck | DrawCheck, chips: Sequence[int]) -> list[View]:
    state = checked.state
    if checked.settled is None:
        all_in = [seat for seat, left in state.stacks.items() if left == 0]
        layout = standing_pots(dict(state.contributed), state.folded, all_in)
        return standing_pot_rows(layout)
    return [
        {
            "name": "Main pot" if index == 0 else f"Side pot {index}",
            "amount": award.pot.amount,
            "eligible": ", ".join(str(seat) for seat in award.pot.eligible),
            "awards": [
                {
                    "seat": seat,
                    "amount": amount,
                    "chips": format_chips(chip_breakdown(amount, chips)) if len(chips) > 1 else "",
                }
                for seat, amount in award.awards.items()
            ],
            "odd_chips": [
                {"seat": chip.seat, "amount": chip.amount, "reason": chip.reason}
                for chip in award.odd_chips
            ],
            "pending": not award.awards,
            "note": "",
            "runs": [],
        }
        for index, award in enumerate(checked.settled.pots)
    ]
