"""What a table needs of the floor: its calls and the rulings the engine made, each open
until the floor resolves it, acknowledged or not.

A call is the event ``floor call``; every ruling and violation raises the same flag. The
floor's ``floor ack`` acknowledges everything raised before it, ``floor resolve``
resolves (and so acknowledges) everything raised before it. Pure: it reads a table's
events (with when and by whom each was entered) and its rulings, as the server shows
them (:func:`floorman.server.views.table_view`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

__all__ = ["Need", "floor_calls"]

Need = Literal["call", "acknowledged"]
"""A table still waiting for the floor to acknowledge (``call``), or acknowledged and
not yet resolved (``acknowledged``)."""


def floor_calls(
    events: Sequence[Mapping[str, Any]],
    rulings: Sequence[Mapping[str, Any]],
    violations: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The calls and rulings still open at a table, oldest first, and what the table
    needs (``None`` when nothing is open)::

        {"needs": "call", "open": [{"kind": "call", "event": 14, "at": "...",
          "by": "station 7", "text": "seat 4 disputes the pot", "acknowledged": None}]}

    ``acknowledged`` is ``{"by": ..., "at": ...}`` once the floor has seen it."""
    by_number = {int(e["number"]): e for e in events}
    raised = [_item("ruling", r["event"], by_number, str(r["title"])) for r in rulings]
    raised += [_item("violation", v["event"], by_number, str(v["message"])) for v in violations]
    answers: list[tuple[int, str, Mapping[str, Any]]] = []
    for event in events:
        words = str(event["text"]).split(maxsplit=2)
        if len(words) < 2 or words[0] != "floor":
            continue
        if words[1] == "call":
            said = words[2] if len(words) > 2 else ""
            raised.append(_item("call", event["number"], by_number, said))
        else:
            answers.append((int(event["number"]), words[1], event))
    resolved: set[int] = set()
    for number, step, event in answers:
        for at, item in enumerate(raised):
            if item["event"] >= number or at in resolved:
                continue
            if item["acknowledged"] is None:
                item["acknowledged"] = {"by": event["by"], "at": event["at"]}
            if step == "resolve":
                resolved.add(at)
    still = [item for at, item in enumerate(raised) if at not in resolved]
    still.sort(key=lambda item: (item["event"], item["kind"] != "call"))
    needs: Need | None = None
    if any(item["acknowledged"] is None for item in still):
        needs = "call"
    elif still:
        needs = "acknowledged"
    return {"needs": needs, "open": still}


def _item(
    kind: str, number: object, events: Mapping[int, Mapping[str, Any]], text: str
) -> dict[str, Any]:
    """A call or a ruling raised at event ``number``, when and by whom that was entered."""
    event = events.get(int(str(number))) if number is not None else None
    return {
        "kind": kind,
        "event": int(str(number)) if number is not None else 0,
        "at": None if event is None else event["at"],
        "by": None if event is None else event["by"],
        "text": text,
        "acknowledged": None,
    }
