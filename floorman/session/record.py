"""A table's record from its log: the seating its latest hand was dealt from and the
changes since, still to be applied when the next hand is dealt.

A misdeal is dealt again exactly, with no new players seated (TDA 35-C), so the changes
logged before a redeal stay pending until the hand after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from floorman.session.seating import Change, Seating

__all__ = ["Entry", "TableRecord", "seating_entry", "table_record"]


class Entry(Protocol):
    """A line of the table's log as the store keeps it."""

    @property
    def id(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def data(self) -> dict[str, Any]: ...
    @property
    def hand_id(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class TableRecord:
    """The seating the hand ``hand_id`` was dealt from (``None`` when the log has none for
    it) and the changes logged since the last hand dealt fresh."""

    seating: Seating | None
    pending: list[Change]


def table_record(entries: Sequence[Entry], hand_id: int) -> TableRecord:
    """The record for the table whose latest hand is ``hand_id``."""
    seating: Seating | None = None
    since = 0
    for entry in entries:
        if entry.kind != "seating":
            continue
        if entry.hand_id == hand_id:
            seating = Seating.from_json(entry.data["seating"])
        if not entry.data.get("redeal"):
            since = entry.id
    pending = [Change.from_json(e.data) for e in entries if e.kind == "change" and e.id > since]
    return TableRecord(seating, pending)


def seating_entry(seating: Seating, *, redeal: bool = False) -> Mapping[str, Any]:
    """What the log keeps for the seating a hand is dealt from."""
    data: dict[str, Any] = {"seating": seating.as_json()}
    if redeal:
        data["redeal"] = True
    return data
