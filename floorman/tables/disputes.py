"""A pot disputed after its push, through every door: ``floorman add``, ``live`` and a
station's post record it on the hand whose pot it is, the table's last closed hand once
the next hand has begun (the hand in progress is left as it is).

That hand's incident report then tells the whole story, and it is where the floor looks a
pot up. A dispute raised before the next hand begins goes to the hand just pushed, as any
event does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from floorman.tables.hands import Loaded, find_hand, load, record

if TYPE_CHECKING:
    from floorman.store.hands import Record, Store

__all__ = ["disputed_hand", "heading", "is_dispute", "record_dispute"]


def is_dispute(texts: Sequence[str]) -> bool:
    """Every event is a ``dispute``."""
    return bool(texts) and all(text.split()[:1] == ["dispute"] for text in map(str.lower, texts))


def disputed_hand(
    store: Store, table: str | None, texts: Sequence[str], in_progress: Loaded | None = None
) -> Loaded | None:
    """The closed hand a dispute is about, when every event is a ``dispute`` and the
    table's hand in progress (``in_progress`` when already read) has no pot pushed: the
    next hand has begun, and the dispute is of the latest closed hand at the table.
    ``None`` when the dispute goes to the hand in progress."""
    if not is_dispute(texts):
        return None
    if in_progress is None:
        found = store.open_hand(table) if table is not None else None
        if found is None and table is None:
            found = find_hand(store, None, None, open_only=True)
        in_progress = load(store, found) if found is not None else None
    if in_progress is not None and in_progress.state.pushed:
        return None
    at = in_progress.stored.table if in_progress is not None else table
    for stored in store.hands(at, 2):
        if stored.closed is not None:
            return load(store, stored)
    return None


def heading(hand: int, closed: str | None) -> str:
    """The line that tells the dealer where a dispute went."""
    return f"hand {hand} (closed, {closed}): the dispute is recorded on the hand whose pot it is"


def record_dispute(
    store: Store,
    disputed: Loaded,
    texts: Sequence[str],
    *,
    by: str | None = None,
    key: str | None = None,
    answer: Callable[[Sequence[Record]], str] | None = None,
) -> list[Record]:
    """Record the dispute on the closed hand ``disputed``, as :func:`record` records any
    event; the records stored."""
    return record(store, disputed, texts, by=by, key=key, answer=answer, closed=True)
