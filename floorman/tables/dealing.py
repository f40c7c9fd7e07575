"""Dealing a hand at a table: the first from a header (``floorman new``), each next one
from the last (``floorman next``, ``next`` in ``live``).

The next hand is what the last one and the rulebook say: stacks carried, busted
seats empty, the changes between hands applied, the button moved by the button
rule; after a misdeal, the same hand dealt again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from floorman.errors import FloormanError
from floorman.hand.events import parse_event
from floorman.interchange.plainhand import PlainHeader, header_json, plain_header
from floorman.replay import rule_events
from floorman.session.record import seating_entry, table_record
from floorman.session.seating import Change, EntryRules, Seating, apply, deal, settle
from floorman.store.errors import StoreConflict
from floorman.store.hands import changed_meanwhile
from floorman.tables.hands import Loaded, closing, find_hand, load, stacks_left, store_at
from floorman.tables.seating import dealer, seats_at
from floorman.tables.view import headline, state_lines

if TYPE_CHECKING:
    from floorman.hand.state import HandState
    from floorman.interchange.handfile import HandHeader
    from floorman.store.hands import Store, StoredHand
    from floorman.tables.tournament_level import TableLevel

__all__ = ["start_hand", "start_next"]


def start_hand(
    db: str | Path | None,
    table: str,
    header: Mapping[str, object],
    *,
    force: bool,
    extra: Mapping[str, object] | None = None,
) -> tuple[StoredHand, HandState]:
    """Start a hand at ``table`` from ``header`` (a hand file's header) in the store ``db``,
    the blinds and antes posted from the stacks; the hand and its state. The hand in
    progress at the table is closed first, refused unless it is over or ``force``.

    The header and its rulebook are checked before the store is opened; ``extra`` goes
    into the table's log with the seating (a mixed-game rotation's state)."""
    data = {"table": table, "started": datetime.now(UTC).isoformat(timespec="seconds")}
    checked = _checked({**data, **header}, "new hand")
    state = rule_events(checked, []).state  # the rulebook must exist and know the game
    seating = Seating.from_stacks(checked.seats, checked.blinds, checked.ante)
    with store_at(db) as store:
        from floorman.tables.games import closing_at

        stored = store.deal_next(
            table,
            header_json(checked),
            {**seating_entry(seating), **(extra or {})},
            close=closing_at(store, table, force=force),
        )
    return stored, state


def start_next(
    store: Store,
    table: str | None,
    changes: Sequence[Change],
    *,
    force: bool,
    by: str | None = None,
    bomb_pot: int | None = None,
    after: int | None = None,
    key: str | None = None,
    answer: Callable[[StoredHand, list[str]], str] | None = None,
    level_up: bool = False,
    game: Mapping[str, object] | None = None,
    extra: Mapping[str, object] | None = None,
    replayed: Loaded | None = None,
) -> list[str]:
    """Close the last hand at ``table`` and deal the next from it, in one transaction;
    the lines to print. A bomb pot is agreed for one hand: the next is dealt with blinds
    again, unless ``bomb_pot`` agrees another (a misdeal is dealt again as it was).

    ``after`` (the last hand's latest record as the dealer saw it) refuses with
    :class:`~floorman.store.errors.StoreConflict` a deal made on a hand that changed
    since; ``key`` and the ``answer`` made of the new hand and the lines are stored in
    the same transaction, as :func:`floorman.tables.hands.record` stores them.

    A stud, draw or mixed-game table is dealt by :func:`floorman.tables.mixed.deal_on`
    (``level_up``: the level changed, for a rotation by level), which deals a flop
    game after a flop game back here with the ``game`` and the rotation's ``extra``.

    ``replayed``: the last hand as the caller holds it replayed (the server keeps each
    table's hand), read instead of replaying it again when it is that hand."""
    from floorman.session.rotation import (
        blinds_header,
        button_played,
        header_small_blind,
        held_position,
        next_header,
    )

    last = find_hand(store, None, table, open_only=False)
    if extra is None:
        from floorman.tables.mixed import deal_on

        mixed = deal_on(
            store, last, changes, force=force, by=by, level_up=level_up, after=after, key=key,
            answer=answer,
        )  # fmt: skip
        if mixed is not None:
            return mixed
    if after is not None and store.last_record(last.id) != after:
        raise StoreConflict(changed_meanwhile(last.id))
    if replayed is not None and replayed.stored.id == last.id:
        loaded = replayed
    else:
        loaded = load(store, last)
    reason = last.closed or closing(store, last, force=force, loaded=loaded)
    stacks = stacks_left(loaded, reason)
    if stacks is None:
        if not force:
            raise FloormanError(
                f"table {last.table}: hand {last.id} waits for the showdown "
                "(show or muck every hand) or use --force"
            )
        reason = "abandoned"
        stacks = dict(loaded.values.seats)
    options = loaded.recording.ruled.book.options
    rule = options.get("button_rule", "moving")
    old = header_json(_read(loaded))
    old.update(game or {})
    if reason != "misdeal":
        old.pop("bomb_pot", None)
        if bomb_pot:
            old["bomb_pot"] = bomb_pot
    record = table_record(store.table_log(last.table, from_hand=last.id), last.id)
    seating = record.seating or Seating.from_stacks(
        loaded.values.seats, loaded.values.blinds, loaded.values.ante
    )
    posts: list[str] = []
    notes: list[str] = []
    rules = EntryRules.from_options(options, loaded.values.betting)
    if reason == "misdeal":
        checked = seating
        for change in [*record.pending, *changes]:
            checked = apply(checked, change, rules, seats_at(loaded.values))
        notes = [
            f"{change.describe()}: from the hand after the redeal (a misdeal is dealt again"
            " exactly as it was)"
            for change in [*record.pending, *changes]
            if change.kind != "push"
        ]
        data = next_header(old, stacks, rule, misdeal=True)
        dealt = seating
        posts = loaded.texts[: _posts_at_start(loaded)]  # the redeal posts as the deal did
    else:
        changed = [*record.pending, *changes]
        told = _told(store, loaded, last)
        was = seating.blinds, seating.ante
        floor_set = any(change.kind == "level" for change in changed)  # it stands
        if told is not None and not floor_set and (told.blinds, told.ante) != was:
            changed.append(Change("level", blinds=told.blinds, ante=told.ante))
        seating = settle(seating, stacks, changed, rules, seats_at(loaded.values))
        played = button_played(parse_event(text, n) for n, text in enumerate(loaded.texts, 1))
        moved = options.get("button_after_error", "corrected") == "not-backed-up"
        small_blind = header_small_blind(loaded.values.small_blind)
        if moved and loaded.state.button_belongs is not None:
            small_blind = True  # dealt from where it was, the blinds ran from there
        button = played if played is not None and moved else loaded.values.button
        held = None
        if loaded.values.bomb_pot and options.get("button_after_bomb_pot", "holds") == "holds":
            held = held_position(tuple(loaded.values.seats), button, small_blind, rule)
        if held is not None:  # dealt on from the position that led to the bomb pot's
            button, small_blind = held
        made = deal(seating, tuple(loaded.values.seats), button, rule, rules, small_blind)
        data = blinds_header(
            {
                **old,
                "seats": made.seats,
                "button": made.button,
                "blinds": list(made.seating.blinds),
                "ante": made.seating.ante,
            },
            made.small_blind,
        )
        dealt, posts, notes = made.seating, made.posts, made.notes
        if told is not None:
            if (dealt.blinds, dealt.ante) == (told.blinds, told.ante):
                _limits(data, told.limits)
                notes = [*told.notes(last.table, *was), *notes]
            else:
                notes = [told.held(dealt.blinds, dealt.ante), *notes]
        if played is not None:
            notes = [_button_note(loaded, played, moved), *notes]
        if held is not None:
            notes = [_bomb_pot_note(loaded, made.button), *notes]
    data["started"] = datetime.now(UTC).isoformat(timespec="seconds")
    header = _checked(data, "next hand")
    state = rule_events(header, [parse_event(p, n) for n, p in enumerate(posts, 1)]).state
    again = " (the misdeal redealt)" if reason == "misdeal" else ""

    def said(stored: StoredHand) -> list[str]:
        return [
            f"hand {stored.id} at table {last.table}{again}: {headline(state, header.kind)}",
            *(f"  {post}" for post in posts),
            *notes,
            *state_lines(state),
        ]

    stored = store.deal_next(
        last.table,
        header_json(header),
        {**seating_entry(dealt, redeal=reason == "misdeal"), **(extra or {})},
        close=None if last.closed is not None else (last.id, reason),
        posts=posts,
        changes=[change.as_json() for change in changes],
        by=dealer(by),
        after=None if after is None else (last.id, after),
        key=key,
        answer=None if answer is None else (lambda made: answer(made, said(made))),
    )
    return said(stored)


def _told(store: Store, loaded: Loaded, last: StoredHand) -> TableLevel | None:
    """The level a tournament's table deals its next hand at, by the tournament's clock;
    ``None`` at any other table (whose hands never say ``kind: tournament``)."""
    if loaded.values.kind != "tournament":
        return None
    from floorman.tables.tournament_level import table_level

    return table_level(store, last.table, last.id, datetime.now(UTC), _pushed(store, last))


def _pushed(store: Store, last: StoredHand) -> datetime | None:
    """When the dealer pushed in for the hand about to be dealt: the latest push logged
    since the last hand was dealt (a push before a misdeal's redeal was spent on it, the
    same hand dealt again by the incoming dealer); ``None`` when none was."""
    push = None
    for entry in store.table_log(last.table, from_hand=last.id):
        if entry.kind == "seating":
            push = None
        elif entry.data.get("kind") == "push":
            push = datetime.fromisoformat(entry.at)
    return push if push is None or push.tzinfo else push.replace(tzinfo=UTC)


def _limits(data: dict[str, object], limits: tuple[int, int] | None) -> None:
    """A limit game's bets at the tournament's level: the level's limits where they are
    not the big blind and twice it (a hand file's default)."""
    data.pop("limit_bets", None)
    blinds = data.get("blinds")
    if limits is None or data.get("betting") != "limit" or not isinstance(blinds, list):
        return
    if limits != (blinds[1], 2 * blinds[1]):
        data["limit_bets"] = list(limits)


def _button_note(loaded: Loaded, played: int, moved: bool) -> str:
    """What the dealer is told of the button after a hand played with it out of position."""
    spec = loaded.recording.ruled.book.option_specs.get("button_after_error")
    cite = f"; {spec.cite}" if spec is not None and spec.cite else ""
    if moved:
        how = f"moves on from seat {played}, where it was: not backed up"
    else:
        how = f"is corrected: it moves on from seat {loaded.values.button}, where it belonged"
    return f"the button {how} (button_after_error{cite})"


def _bomb_pot_note(loaded: Loaded, button: int) -> str:
    """What the dealer is told of the button after a bomb pot."""
    spec = loaded.recording.ruled.book.option_specs.get("button_after_bomb_pot")
    cite = f"; {spec.cite}" if spec is not None and spec.cite else ""
    where = "holds" if button == loaded.values.button else f"goes to seat {button}"
    return (
        f"the button {where} after the bomb pot: the blinds it did not post come now"
        f" (button_after_bomb_pot{cite})"
    )


def _checked(data: Mapping[str, object], name: str) -> PlainHeader | HandHeader:
    """A header read without the model when it is plainly right (as the options of ``new``
    and a header carried from the last hand are); else by the model, whose message names
    ``name`` and the field."""
    plain = plain_header(data)
    if plain is not None:
        return plain
    from floorman.interchange.handfile import header_from

    return header_from(data, name)


def _read(loaded: Loaded) -> PlainHeader | HandHeader:
    """The stored header as it was read: plainly, or by the model."""
    values = loaded.values
    return values if isinstance(values, PlainHeader) else loaded.header


def _posts_at_start(loaded: Loaded) -> int:
    """How many of the hand's first events are posts (made before the deal)."""
    count = 0
    for text in loaded.texts:
        if not text.startswith("post "):
            break
        count += 1
    return count
