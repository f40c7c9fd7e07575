"""A stud or draw table as the floor's dashboard draws it: the game, the street, the pot,
who acts and the latest event, in the shape of a flop table's view. The station's
buttons and seat map are the flop games' only: a stud or draw hand is recorded at the
terminal (``floorman add``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from floorman.server.views import area_of
from floorman.tables.floorcalls import floor_calls
from floorman.tables.games import load_game

if TYPE_CHECKING:
    from floorman.store.hands import Store, StoredHand

__all__ = ["game_view"]


def game_view(store: Store, stored: StoredHand) -> dict[str, Any]:
    """The dashboard's view of a stud or draw hand."""
    loaded = load_game(store, stored)
    state, model = loaded.state, loaded.model
    checked = loaded.checked()
    events = [
        {"number": n, "id": None, "text": text, "at": None, "by": None}
        for n, text in enumerate(loaded.texts, 1)
    ]
    stakes: tuple[int, int] | None = getattr(model, "blinds", None) or getattr(
        model, "limits", None
    )
    blinds = list(stakes or (0, 0))
    json = checked.to_json()
    return {
        "table": stored.table,
        "hand": stored.id,
        "game": loaded.game,
        "game_name": loaded.game,
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
        "status": checked.lines()[:1],
        "buttons": [],
        "last": loaded.last,
        "events": events,
        "rulings": json["rulings"],
        "violations": json["violations"],
        "pots": json["pots"],
        "broken": None,
        "station": None,
        "floor": floor_calls(events, [], []),
        "area": area_of(stored.table),
        "players": len(state.seats),
        "in_hand": len([s for s in state.seats if s not in state.folded]),
    }
