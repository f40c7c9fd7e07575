"""What ``floorman add`` does once its arguments are read, without typer.

Both the typer command (:mod:`floorman.cli.table`) and the quick start
(:mod:`floorman.cli._quick`) call :func:`add`: the dealer's most frequent
command never imports typer.
"""

from __future__ import annotations

from pathlib import Path

from floorman.cli._console import fail, show, use_four_colours


def add(
    events: list[str],
    table: str | None,
    db: str | Path | None,
    four_colour: bool = False,
    server: str | None = None,
    token: str | None = None,
) -> None:
    """Record events; all are checked before any is stored (by the server at ``server``
    when one is given, else in the store ``db``). The ruling comes first.

    ``--db`` and ``--server`` name two stores, so both are refused; ``FLOORMAN_DB`` is
    only the local default and is not read at all with a server."""
    if server is not None:
        if db is not None:
            fail("--db and --server: a remote add records in the server's store; give one")
        from floorman.cli._remote import add_remote

        add_remote(events, table, server, token, four_colour)
        return
    from floorman.cli import _hands
    from floorman.tables.view import award_lines, reminder_lines, state_lines

    use_four_colours(four_colour)
    texts = _hands.split_events(events)
    if not texts:
        fail("no event given")
    with _hands.user_errors(), _hands.store_at(db) as store:
        stored = _hands.find_hand(store, None, table, open_only=True)
        loaded = _hands.load(store, stored)
        before = loaded.count
        known = reminder_lines(loaded.state)
        _hands.record(store, loaded, texts)
    show(
        [
            *_hands.ruling_lines_since(loaded, before),
            *state_lines(loaded.state, known=known),
            *award_lines(loaded.pots, loaded.state),
        ]
    )
