"""A table as the server shows it: the JSON the API answers and the pages are drawn from.

Pure: it reads a replayed hand (:class:`floorman.tables.hands.Loaded`) and who
entered each record, and builds plain data; no store, no HTTP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from floorman.tables.floorcalls import floor_calls
from floorman.tables.station import station_view
from floorman.tables.view import award_lines, state_lines
from floorman.vocabulary import GAME_SHORT_NAMES, STATION, author_label

if TYPE_CHECKING:
    from floorman.hand.state import HandState
    from floorman.store.hands import Record
    from floorman.tables.hands import Loaded

__all__ = ["STATION", "area_of", "author_label", "buttons", "table_view"]


def buttons(state: HandState) -> list[dict[str, Any]]:
    """The events the seat to act may record now, as the station's big buttons:
    ``{"label": "call 6", "event": "3 call", "amount": None}``; a bet or raise carries
    the smallest amount it may be (the dealer types another)."""
    found: list[dict[str, Any]] = []
    if state.over:
        return found
    if not state.ledger.dealt and not state.ledger.deal_complete:
        return [{"label": "deal", "event": "deal", "amount": None}]
    seat = state.to_act
    if seat is None or not state.ledger.deal_complete:
        if state.ledger.next_board_street is not None or state.ledger.runs_to_come > 0:
            found.append({"label": "burn", "event": "burn", "amount": None})
        return found
    for option in state.betting.options(seat):
        verb, _, rest = option.partition(" ")
        if verb in ("bet", "raise"):
            least = rest.split("..")[0]
            found.append({"label": verb, "event": f"{seat} {verb}", "amount": least})
        else:
            found.append({"label": option, "event": f"{seat} {verb}", "amount": None})
    if state.betting.stacks[seat] > 0:
        found.append({"label": "all in", "event": f"{seat} allin", "amount": None})
    return found


def table_view(
    loaded: Loaded,
    records: Sequence[Record],
    authors: Mapping[int, str],
    names: Mapping[int, str] | None = None,
    away: Mapping[int, str] | None = None,
) -> dict[str, Any]:
    """Everything about a table's current hand: the header, the state, the events with
    who entered them, and the rulings and violations in the ``check --json`` shapes.

    ``records`` are the hand's standing events (as :func:`floorman.store.hands.standing`
    gives them), in the order the hand replays them. ``names`` and ``away`` (seats not
    dealt in, and why) come from the table's log, for the station's seat map.
    """
    state = loaded.state
    stored = loaded.stored
    by_event = dict(enumerate(records, 1))
    events = []
    for number, text in enumerate(loaded.texts, 1):
        record = by_event.get(number)
        who = authors.get(record.id) if record is not None else None
        events.append(
            {
                "number": number,
                "id": record.id if record is not None else None,
                "text": text,
                "at": record.at if record is not None else None,
                "by": author_label(who),
            }
        )
    chips = loaded.chips
    pots = chips.pots
    return {
        "table": stored.table,
        "hand": stored.id,
        "game": state.game,
        "game_name": GAME_SHORT_NAMES.get(state.game, state.game),
        "kind": loaded.values.kind,
        "betting": state.betting.structure,
        "blinds": list(state.betting.blinds),
        "ante": state.betting.ante,
        "button": state.table.button,
        "street": state.street,
        "board": [str(b.card) for b in state.ledger.board],
        "pot": state.betting.pot,
        "to_act": None if state.over else state.to_act,
        "stacks": {str(seat): chips for seat, chips in state.betting.stacks.items()},
        "closed": stored.closed,
        "over": state.over_reason,
        "status": [*state_lines(state)[1:], *award_lines(pots)],
        "buttons": buttons(state) if stored.closed is None and loaded.broken is None else [],
        "last": loaded.last,
        "events": events,
        "rulings": loaded.rulings,
        "violations": loaded.violations,
        "pots": pots,
        "broken": None if loaded.broken is None else loaded.repair(),
        "station": station_view(state, names, away, pots, chips.stacks)
        if stored.closed is None and loaded.broken is None
        else None,
        "floor": floor_calls(events, loaded.rulings, loaded.violations),
        "area": area_of(stored.table),
        "players": len(state.betting.table.seats),
        "in_hand": len(state.betting.live),
    }


def area_of(table: str) -> str:
    """The part of the room a table stands in, read from its name: what comes before the
    first ``-``, ``.`` or ``_`` (``hl-3``, ``main.12``), else its letters before its
    number (``A12``, ``T3``); none (``""``) for a name that is a number or a word alone.

    >>> [area_of(name) for name in ("hl-3", "main.12", "A12", "T3", "12", "bar")]
    ['hl', 'main', 'A', 'T', '', '']
    """
    for mark in ("-", ".", "_"):
        head, found, tail = table.partition(mark)
        if found and head and tail:
            return head
    letters = table.rstrip("0123456789")
    return letters if letters and letters != table else ""
