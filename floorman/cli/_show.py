"""What ``floorman show`` does once its arguments are read, without typer.

Both the typer command (:mod:`floorman.cli.hands`) and the quick start
(:mod:`floorman.cli._quick`) call :func:`show`: a dealer looks at the table
as often as he records on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.cli._console import echo
from floorman.cli._console import show as shown

if TYPE_CHECKING:
    from floorman.tables.games import GameHand


def show(
    hand: int | None,
    table: str | None,
    db: str | None,
    as_json: bool = False,
    four_colour: bool = False,
) -> None:
    """The whole table: seats, chips, cards, board, burns, who acts."""
    from floorman.cli._console import use_four_colours
    from floorman.cli._errors import user_errors
    from floorman.tables.disputes import corrections_to_come
    from floorman.tables.games import is_other_game, load_game
    from floorman.tables.hands import find_hand, hand_at, store_at
    from floorman.tables.view import award_lines, detail_lines

    with user_errors(), store_at(db) as store:
        found = find_hand(store, hand, table, open_only=False)
        if is_other_game(found.header):
            _show_other(load_game(store, found), as_json)
            return
        loaded = hand_at(store, hand, table)
        to_come = [] if as_json else corrections_to_come(store, loaded)
    if as_json:
        from floorman.cli._json import print_json
        from floorman.tables.shapes import hand_json

        print_json(hand_json(loaded))
        return
    use_four_colours(four_colour)
    stored = loaded.stored
    if stored.closed:
        status = f"closed ({stored.closed})"
    elif loaded.state.over:
        status = f"over ({loaded.state.over_reason})"
    else:
        status = "in progress"
    echo(f"hand {stored.id} at table {stored.table}, {loaded.count} events, {status}")
    shown(detail_lines(loaded.state, loaded.values.kind))
    shown(award_lines(loaded.pots, loaded.state))
    shown(to_come)
    shown(
        [f"ruling on event {r['event']}: {r['outcome']}, {r['title']}" for r in loaded.rulings]
        + [f"violation at event {v['event']}: {v['message']}" for v in loaded.violations]
    )
    if loaded.broken is not None:
        echo(loaded.repair())


def _show_other(loaded: GameHand, as_json: bool) -> None:
    """A stud or draw hand: the table as its game's ``check`` shows it."""
    stored = loaded.stored
    if as_json:
        from floorman.cli._json import print_json
        from floorman.tables.games import seats_json

        print_json(
            {
                "hand": stored.id,
                "table": stored.table,
                "game": loaded.game,
                "closed": stored.closed,
                "over": loaded.state.over_reason,
                "to_act": loaded.state.to_act,
                "pot": loaded.state.pot,
                "seats": seats_json(loaded),
                "events": loaded.texts,
                **loaded.checked().to_json(),
            }
        )
        return
    status = f"closed ({stored.closed})" if stored.closed else "in progress"
    if not stored.closed and loaded.state.over_reason is not None:
        status = f"over ({loaded.state.over_reason})"
    echo(f"hand {stored.id} at table {stored.table}, {loaded.count} events, {status}")
    shown(loaded.lines())
