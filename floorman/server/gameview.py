"""A stud or draw table as the floor's dashboard draws it: the game, the street, the pot,
who acts and the events with who entered them, in the shape of a flop table's view; and
the station's seats, buttons and menu for the game (:mod:`floorman.tables.gamestation`),
with which game of the table's rotation the hand is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from floorman.server.views import area_of
from floorman.tables.floorcalls import floor_calls
from floorman.tables.games import load_game
from floorman.tables.gamestation import game_station, game_title, rotation_line
from floorman.vocabulary import author_label

if TYPE_CHECKING:
    from floorman.store.hands import Store, StoredHand
    from floorman.store.staff import Staff

__all__ = ["game_view"]


def game_view(store: Store, staff: Staff, stored: StoredHand) -> dict[str, Any]:
    """The dashboard's view of a stud or draw hand; each event with its record's id and
    time and who entered it, from the same records and authors a flop hand's view reads
    (:func:`floorman.server.views.table_view`)."""
    loaded = load_game(store, stored)
    state, model = loaded.state, loaded.model
    json, lines = loaded.report()
    authors = staff.authors(record.id for record in loaded.records)
    events = [
        {
            "number": number,
            "id": record.id,
            "text": text,
            "at": record.at,
            "by": author_label(authors.get(record.id)),
        }
        for number, (text, record) in enumerate(zip(loaded.texts, loaded.records, strict=True), 1)
    ]
    stakes: tuple[int, int] | None = getattr(model, "blinds", None) or getattr(
        model, "limits", None
    )
    blinds = list(stakes or (0, 0))
    names, rotation = _seated(store, stored)
    return {
        "table": stored.table,
        "hand": stored.id,
        "game": loaded.game,
        "game_name": loaded.game,
        "game_title": game_title(stored.header),
        "rotation": rotation_line(rotation),
        "kind": model.kind,
        "betting": getattr(model, "betting", "limit"),
        "blinds": blinds,
        "ante": model.ante,
        "button": getattr(model, "button", None),
        "street": str(getattr(state, "street", "") or getattr(state, "phase", "")),
        "board": [],
        "pot": state.pot,
        "to_act": state.to_act,
        "stacks": json["stacks"],
        "closed": stored.closed,
        "over": state.over_reason,
        "status": [*lines[:1], *(line for line in lines[1:] if " takes " in line)],
        "buttons": [],
        "last": loaded.last,
        "events": events,
        "rulings": json["rulings"],
        "violations": json["violations"],
        "pots": json["pots"],
        "broken": None,
        "station": game_station(state, names),
        "floor": floor_calls(events, [], []),
        "area": area_of(stored.table),
        "players": len(state.seats),
        "in_hand": len([s for s in state.seats if s not in state.folded]),
    }


def _seated(store: Store, stored: StoredHand) -> tuple[dict[int, str], dict[str, Any] | None]:
    """The players' names by seat and the table's rotation, as the table's log gives them
    for the hand."""
    from floorman.session.record import table_record

    log = list(store.table_log(stored.table, from_hand=stored.id))
    rotation = None
    for entry in log:
        if entry.kind == "seating" and entry.hand_id == stored.id and "rotation" in entry.data:
            rotation = entry.data["rotation"]
    seating = table_record(log, stored.id).seating
    if seating is None:
        return {}, rotation
    return {seat: p.name for seat, p in seating.players.items() if p.name}, rotation
