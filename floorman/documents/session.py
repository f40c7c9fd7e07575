"""The printed session report of a table: its hands in order, who sat where, the stacks
each hand began and ended with, every change between hands and every ruling.

It reads what ``floorman table log --json`` gives (:func:`session_view` takes the same
hands and changes), so the paper and the screen tell one story.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any, Final

from floorman.vocabulary import OUTCOME_LABELS, room_time

__all__ = ["session_view"]

_OUTCOMES: Final = {**OUTCOME_LABELS, "void": "Void"}
"""A ruling's outcome in the table of a session's hands, where a void hand is just Void."""


def _time(stamp: str | None) -> str:
    if not stamp:
        return ""
    return room_time(stamp, "%H:%M")


def _stacks(stacks: Mapping[str, int] | None) -> str:
    if stacks is None:
        return ""
    return ", ".join(f"{seat}: {chips:,}" for seat, chips in stacks.items())


def session_view(
    table: str,
    hands: Sequence[Mapping[str, Any]],
    pending: Sequence[Mapping[str, Any]],
    names: Mapping[int, str],
    *,
    rulebook: str,
    source: str,
    day: datetime.date,
    paper: str,
) -> dict[str, Any]:
    """The report's content; ``hands`` and ``pending`` as ``table log --json`` gives them,
    ``names`` the players' names by seat as the table last knew them."""
    from floorman.documents.wording import long_date

    first_in: dict[str, int] = {}
    last_out: dict[str, int] = {}
    bought = 0
    rows = []
    ruled = 0
    for hand in hands:
        for seat, chips in hand["stacks_in"].items():
            first_in.setdefault(seat, chips)
        if hand["stacks_out"] is not None:
            last_out.update(hand["stacks_out"])
        changes = [
            {"time": _time(c["at"]), "text": c["change"], "by": c.get("by") or ""}
            for c in hand.get("changes_before", [])
        ]
        bought += sum(int(c.get("chips", 0)) for c in hand.get("changes_before", []))
        rulings = [
            {
                "event": r["event"],
                "title": r["title"],
                "outcome": _OUTCOMES.get(r["outcome"], r["outcome"]),
                "cite": r.get("cite", ""),
            }
            for r in hand["rulings"]
        ]
        ruled += len(rulings)
        rows.append(
            {
                "hand": hand["hand"],
                "time": _time(hand["started"]),
                "button": hand["button"] or "",
                "level": ("/".join(f"{b:,}" for b in hand["blinds"]) or "stud")
                + (f" ante {hand['ante']:,}" if hand["ante"] else ""),
                "blinds": f"{hand['small_blind'] or 'none'}, {hand['big_blind']}"
                if hand["big_blind"] is not None
                else "none",
                "status": hand["status"],
                "stacks_in": _stacks(hand["stacks_in"]),
                "stacks_out": _stacks(hand["stacks_out"]),
                "changes": changes,
                "rulings": rulings,
                "violations": [v["message"] for v in hand["violations"]],
            }
        )
    seats = sorted({*first_in, *last_out, *(str(s) for s in names)}, key=int)
    players = [
        {
            "seat": seat,
            "name": names.get(int(seat), ""),
            "in": f"{first_in[seat]:,}" if seat in first_in else "",
            "out": f"{last_out[seat]:,}" if seat in last_out else "",
        }
        for seat in seats
    ]
    started = rows[0]["time"] if rows else ""
    ended = rows[-1]["time"] if rows else ""
    facts = [
        ("Table", table),
        ("Rulebook", rulebook),
        ("Hands", str(len(rows))),
        ("Time", f"{started} to {ended}" if started else ""),
        ("Rulings", str(ruled)),
        ("Bought in", f"{bought:,} between hands"),
    ]
    return {
        "doc": {
            "title": "Session report",
            "house": f"Table {table}",
            "source": source,
            "date": long_date(day),
            "paper": paper,
            "four_colour": False,
            "meta": [f"printed {long_date(day)}"],
        },
        "facts": [{"label": label, "value": value} for label, value in facts],
        "players": players,
        "hands": rows,
        "pending": [
            {"time": _time(c["at"]), "text": c["change"], "by": c.get("by") or ""} for c in pending
        ],
    }
