"""The next hand at a stud, draw or mixed-game table: the game the rotation deals, the
stacks carried, and the dealer button as the books move it through the stud games.

A table's rotation (:mod:`floorman.hand.rotation`) is declared when it starts
(``floorman new --rotation horse``) and kept in the table's log with the seating of
each hand, so every hand stays a plain hand file of its own game. Between two flop
games the flop dealing (:func:`floorman.tables.dealing.start_next`) deals the hand,
blinds owed and the button rule included; every other step is dealt here, each
seated player dealt in (the stud games have no blinds to wait for).

The button (TDA 11-B, WSOP T 67-b): after the last hand of a button game it moves
where it would go for another button game and is frozen there through the stud
games; the first button game after them starts with the button where it was frozen.
Between button games (a flop game and a draw game) it moves on to the next player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from floorman.errors import FloormanError
from floorman.hand.rotation import (
    FLOP_GAMES,
    STUD_GAMES,
    RotationGame,
    RotationState,
    parse_rotation,
)
from floorman.store.errors import StoreConflict
from floorman.store.hands import changed_meanwhile
from floorman.tables.games import (
    GameHand,
    checked_header,
    closing_game,
    is_other_game,
    load_game,
    stacks_after,
)

if TYPE_CHECKING:
    from floorman.session.seating import Change
    from floorman.store.hands import Store, StoredHand

__all__ = ["BUTTON_CITE", "deal_on", "first_header", "game_line", "rotation_of"]

BUTTON_CITE = "TDA 11-B; WSOP T 67-b"


def rotation_of(store: Store, table: str, hand_id: int) -> RotationState | None:
    """The rotation the hand ``hand_id`` was dealt in, from the table's log."""
    found: RotationState | None = None
    for entry in store.table_log(table, from_hand=hand_id):
        if entry.kind == "seating" and entry.hand_id == hand_id and "rotation" in entry.data:
            found = RotationState.from_json(entry.data["rotation"])
    return found


def game_line(header: Mapping[str, Any]) -> str:
    """A stud or draw hand's game and stakes, as the dealer reads them first."""
    game = header["game"]
    if game in STUD_GAMES:
        small, big = header["limits"]
        return f"{game} {small}/{big}, ante {header.get('ante', 0)}, bring-in {header['bring_in']}"
    small, big = header["blinds"]
    return f"{game} {header.get('betting', 'limit')} {small}/{big}, button seat {header['button']}"


def first_header(
    game: RotationGame, stakes: Mapping[str, Any], seats: Mapping[int, int], button: int | None
) -> dict[str, Any]:
    """The header of a hand of ``game`` at the table's ``stakes``: the blinds for the flop
    and draw games, the ante (stud only), bring-in and limits for the stud games."""
    if game.game in STUD_GAMES:
        return {
            "game": game.game,
            "ante": stakes.get("ante", 0),
            "bring_in": stakes["bring_in"],
            "limits": list(stakes["limits"]),
            "seats": dict(seats),
        }
    header: dict[str, Any] = {
        "game": game.game,
        "betting": game.betting,
        "blinds": list(stakes["blinds"]),
        "button": button,
        "seats": dict(seats),
    }
    if game.game not in FLOP_GAMES and game.betting == "limit" and stakes.get("limits"):
        header["limits"] = list(stakes["limits"])
    return header


def _next_seat(seats: Sequence[int], after: int) -> int:
    """The first occupied seat clockwise after ``after``."""
    ordered = sorted(seats)
    return next((s for s in ordered if s > after), ordered[0])


def deal_on(
    store: Store,
    last: StoredHand,
    changes: Sequence[Change],
    *,
    force: bool,
    by: str | None = None,
    level_up: bool = False,
    after: int | None = None,
    key: str | None = None,
    answer: Callable[[StoredHand, list[str]], str] | None = None,
) -> list[str] | None:
    """Close ``last`` and deal the next hand at its table when the table is a stud, draw or
    mixed-game table; the lines to print. ``None`` for a flop table with no rotation,
    which the flop dealing deals."""
    rotation = rotation_of(store, last.table, last.id)
    other = is_other_game(last.header)
    if rotation is None and not other:
        return None
    if after is not None and store.last_record(last.id) != after:
        raise StoreConflict(changed_meanwhile(last.id))
    from floorman.session.record import table_record
    from floorman.session.seating import EntryRules, Seating, settle

    misdeal = False
    if other:
        played = load_game(store, last)
        reason = last.closed or closing_game(played, force=force)
        stacks = stacks_after(played, reason)
        button: int | None = getattr(played.model, "button", None)
        ante, blinds = played.model.ante, getattr(played.model, "blinds", (0, 0))
    else:
        from floorman.tables.hands import closing, load, stacks_left

        loaded = load(store, last)
        reason = last.closed or closing(store, last, force=force, loaded=loaded)
        left = stacks_left(loaded, reason)
        if left is None:
            if not force:
                raise FloormanError(
                    f"table {last.table}: hand {last.id} waits for the showdown "
                    "(show or muck every hand) or use --force"
                )
            reason, left = "abandoned", dict(loaded.values.seats)
        stacks, misdeal = left, reason == "misdeal"
        button = loaded.values.button
        ante, blinds = loaded.values.ante, loaded.values.blinds
    record = table_record(store.table_log(last.table, from_hand=last.id), last.id)
    seating = record.seating or Seating.from_stacks(stacks, blinds, ante)
    seating = settle(seating, stacks, [*record.pending, *changes], EntryRules())
    seats = {s: p.stack for s, p in seating.players.items() if p.status == "playing"}
    if len(seats) < 2:
        raise FloormanError(f"table {last.table}: fewer than two players to deal to")
    if rotation is not None:
        coming = rotation.after(len(seats), level_up=level_up, redeal=misdeal)
        game = coming.game
    else:
        coming = None
        game = RotationGame(str(last.header["game"]), str(last.header.get("betting", "limit")))
    if not other and game.family == "flop":
        from floorman.tables.dealing import start_next

        assert coming is not None
        update = {"game": game.game, "betting": game.betting}
        return [
            *start_next(
                store, last.table, changes, force=force, by=by, after=after, key=key,
                answer=answer, game=update, extra={"rotation": coming.as_json()},
            ),
            f"the rotation: {coming.describe()}",
        ]  # fmt: skip
    notes: list[str] = []
    next_button: int | None = None
    last_stud = str(last.header["game"]) in STUD_GAMES
    if game.family == "stud":
        if not last_stud:
            assert button is not None
            frozen = _next_seat(tuple(seats), button)
            if coming is not None:
                coming = _frozen(coming, frozen)
                notes.append(
                    f"the button moves to seat {frozen}, where the next hold'em hand would"
                    f" have it, and is frozen there during the stud games ({BUTTON_CITE})"
                )
    elif last_stud:
        held = coming.frozen if coming is not None else None
        next_button = held if held in seats else _next_seat(tuple(seats), held or 0)
        if coming is not None:
            coming = _frozen(coming, None)
        notes.append(
            f"the button starts at seat {next_button}, where it was frozen ({BUTTON_CITE})"
        )
    else:
        assert button is not None
        next_button = _next_seat(tuple(seats), button)
    if coming is not None and game.family == "stud" and last_stud:
        notes.append(f"the button stays frozen at seat {coming.frozen} ({BUTTON_CITE})")
    stakes = coming.stakes if coming is not None else _stakes_of(last.header)
    header = first_header(game, stakes, seats, next_button)
    if coming is None and "betting" in last.header:
        header["betting"] = last.header["betting"]
    for name in ("rulebook", "kind", "chips"):
        if name in last.header:
            header[name] = last.header[name]
    header["table"] = last.table
    header["started"] = datetime.now(UTC).isoformat(timespec="seconds")
    if game.family == "flop":
        from floorman.interchange.plainhand import header_json
        from floorman.replay import rule_events
        from floorman.tables.dealing import _checked
        from floorman.tables.view import headline, state_lines

        checked = _checked(header, "next hand")
        flop_state = rule_events(checked, []).state
        data = header_json(checked)
        head = headline(flop_state, checked.kind)
        shown = state_lines(flop_state)
    else:
        model = checked_header(header, "next hand")
        data = model.model_dump(mode="json", exclude_unset=True, exclude={"events"})
        head = game_line(data)
        shown = GameHand(last, model, [], model.start(), 0).lines()
    from floorman.session.record import seating_entry
    from floorman.tables.seating import dealer

    extra = {} if coming is None else {"rotation": coming.as_json()}
    if coming is not None:
        notes.append(f"the rotation: {coming.describe()}")

    def said(stored: StoredHand) -> list[str]:
        return [f"hand {stored.id} at table {last.table}: {head}", *notes, *shown]

    stored = store.deal_next(
        last.table,
        data,
        {**seating_entry(seating), **extra},
        close=None if last.closed is not None else (last.id, reason),
        changes=[change.as_json() for change in changes],
        by=dealer(by),
        after=None if after is None else (last.id, after),
        key=key,
        answer=None if answer is None else (lambda made: answer(made, said(made))),
    )
    return said(stored)


def _frozen(state: RotationState, seat: int | None) -> RotationState:
    from dataclasses import replace

    return replace(state, frozen=seat)


def _stakes_of(header: Mapping[str, Any]) -> dict[str, Any]:
    """A stud or draw table's stakes, from its last hand's header."""
    return {key: header[key] for key in ("blinds", "ante", "bring_in", "limits") if key in header}


def start_rotation(text: str, by: str, stakes: Mapping[str, Any], players: int) -> RotationState:
    """The rotation a table starts with: its first game, an orbit of ``players``."""
    return RotationState(parse_rotation(text, by), orbit=players, stakes=dict(stakes))
