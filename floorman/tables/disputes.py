"""A pot disputed after its push, through every door: ``floorman add``, ``live`` and a
station's post record it on the hand whose pot it is, the table's last closed hand once
the next hand has begun (the hand in progress is left as it is).

That hand's incident report then tells the whole story, and it is where the floor looks a
pot up. A dispute raised before the next hand begins goes to the hand just pushed, as any
event does.

A ruling on a closed hand that changes who won its chips reaches the table: the hands
after it were dealt from the stacks it left, so the difference is logged as a change
between hands (``correct``), and the next hand is dealt with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from floorman.tables.hands import Loaded, find_hand, load, record, stacks_left

if TYPE_CHECKING:
    from floorman.session.seating import Change
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
    answer: Callable[[Sequence[Record], list[str]], str] | None = None,
) -> tuple[list[Record], list[str]]:
    """Record the dispute on the closed hand ``disputed``, as :func:`record` records any
    event (``answer``, for a ``key``, is also given the lines below), and carry what its
    ruling changes in the stacks that hand left to the table; the records stored and the
    lines that say so.

    The hands after it were dealt from the stacks it left before the ruling, so each
    seat gets or gives the difference, logged as a change between hands (``correct``):
    the hand in progress plays on as it was dealt, and the next hand is dealt with it."""
    from floorman.tables.seating import dealer

    reason = disputed.stored.closed or "showdown"
    before = stacks_left(disputed, reason)

    def corrections() -> list[Change]:
        after = stacks_left(disputed, reason)
        if before is None or after is None:
            return []
        return _corrections(disputed.stored.id, before, after)

    def answered(added: Sequence[Record]) -> str:
        assert answer is not None
        return answer(added, _lines(disputed.stored.table, corrections()))

    added = record(
        store,
        disputed,
        texts,
        by=by,
        key=key,
        answer=None if answer is None else answered,
        closed=True,
    )
    made = corrections()
    for change in made:
        store.add_change(disputed.stored.table, change.as_json(), dealer(by))
    return added, _lines(disputed.stored.table, made)


def _corrections(hand: int, before: Mapping[int, int], after: Mapping[int, int]) -> list[Change]:
    """What each seat gets (or gives) when a ruling on ``hand``'s pot changes the stacks it
    left from ``before`` to ``after``."""
    from floorman.session.seating import Change

    changes: list[Change] = []
    for seat in sorted(set(before) | set(after)):
        chips = after.get(seat, 0) - before.get(seat, 0)
        if chips:
            changes.append(Change("correct", seat, chips, hand=hand))
    return changes


def _lines(table: str, changes: Sequence[Change]) -> list[str]:
    return [f"table {table}: {change.describe()} (from the next hand)" for change in changes]


def corrections_to_come(store: Store, loaded: Loaded) -> list[str]:
    """The chips rulings on earlier pots move that the table's next hand is still to be
    dealt with, for the hand in progress ``loaded`` (none once it is closed)."""
    from floorman.session.record import table_record

    if loaded.stored.closed is not None:
        return []
    table = loaded.stored.table
    pending = table_record(store.table_log(table), loaded.stored.id).pending
    return _lines(table, [change for change in pending if change.kind == "correct"])
