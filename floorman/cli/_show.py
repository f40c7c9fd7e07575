"""What ``floorman show`` does once its arguments are read, without typer.

Both the typer command (:mod:`floorman.cli.hands`) and the quick start
(:mod:`floorman.cli._quick`) call :func:`show`: a dealer looks at the table
as often as he records on it.
"""

from __future__ import annotations

from floorman.cli._console import echo
from floorman.cli._console import show as shown


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
    from floorman.tables.hands import hand_at, store_at
    from floorman.tables.view import award_lines, detail_lines

    with user_errors(), store_at(db) as store:
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
