"""What ``floorman add`` does once its arguments are read, without typer.

Both the typer command (:mod:`floorman.cli.hands`) and the quick start
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
    from floorman.cli._errors import user_errors
    from floorman.tables.hands import add_events, split_events, store_at

    use_four_colours(four_colour)
    texts = split_events(events)
    if not texts:
        fail("no event given")
    with user_errors(), store_at(db) as store:
        lines = add_events(store, table, texts)
    show(lines)
