"""``floorman next``: the next hand at a table, from the last one."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer

from floorman.cli._app import TABLE, app, fail, help_example
from floorman.cli._options import DbOption, TableOption, seat_chips
from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.store.hands import SQLiteStore


def _changes(sit: list[str], rebuy: list[str], leave: list[int]) -> dict[int, int]:
    changes: dict[int, int] = {}
    for option, items in (("--sit", sit), ("--rebuy", rebuy)):
        for item in items:
            number, amount = seat_chips(option, item, "SEAT=CHIPS, e.g. 7=200")
            if amount == 0:
                fail(f'{option} "{item}": the chips must be more than 0')
            changes[number] = changes.get(number, 0) + amount
    for seat in leave:
        changes[seat] = 0
    return changes


def start_next(
    store: SQLiteStore, table: str | None, changes: dict[int, int], *, force: bool
) -> list[str]:
    """Close the last hand at ``table`` and start the next from it; the lines to print."""
    from floorman.cli import _hands
    from floorman.cli._view import headline, state_lines
    from floorman.interchange.handfile import header_from
    from floorman.replay import rule_events
    from floorman.session.rotation import next_header

    last = _hands.find_hand(store, None, table, open_only=False)
    loaded = _hands.load(store, last)
    reason = last.closed or _hands.closing(store, last, force=force)
    stacks = _hands.stacks_left(loaded, reason)
    if stacks is None:
        if not force:
            raise FloormanError(
                f"table {last.table}: hand {last.id} waits for the showdown "
                "(show or muck every hand) or use --force"
            )
        reason = "abandoned"
        stacks = dict(loaded.header.seats)
    rule = loaded.recording.ruled.book.options.get("button_rule", "moving")
    data = next_header(
        loaded.header.header.model_dump(mode="json", exclude_unset=True),
        stacks,
        rule,
        misdeal=reason == "misdeal",
        changes=changes,
    )
    data["started"] = datetime.now(UTC).isoformat(timespec="seconds")
    header = header_from(data, "next hand")
    state = rule_events(header, []).state
    if last.closed is None:
        store.close_hand(last.id, reason)
    stored = store.start_hand(last.table, header.model_dump(mode="json", exclude_unset=True))
    again = " (the misdeal redealt)" if reason == "misdeal" else ""
    return [
        f"hand {stored.id} at table {last.table}{again}: {headline(state)}",
        *state_lines(state),
    ]


@app.command(
    "next",
    rich_help_panel=TABLE,
    epilog=help_example("floorman next --table 7 --sit 8=200 --leave 3"),
)
def next_hand(
    table: TableOption = None,
    sit: Annotated[
        list[str],
        typer.Option("--sit", metavar="SEAT=CHIPS", help="A player sits down with these chips."),
    ] = [],  # noqa: B006
    rebuy: Annotated[
        list[str],
        typer.Option("--rebuy", metavar="SEAT=CHIPS", help="A rebuy or add-on at a seat."),
    ] = [],  # noqa: B006
    leave: Annotated[
        list[int], typer.Option("--leave", metavar="SEAT", help="The player at SEAT stands up.")
    ] = [],  # noqa: B006
    force: Annotated[
        bool, typer.Option("--force", help="Close an unfinished hand at the table as abandoned.")
    ] = False,
    db: DbOption = None,
) -> None:
    """Start the next hand: stacks carried, busted seats empty, the button moved by the
    rulebook's button rule; after a misdeal, the same hand dealt again."""
    from floorman.cli import _hands

    changes = _changes(sit, rebuy, leave)
    with _hands.user_errors(), _hands.store_at(db) as store:
        lines = start_next(store, table, changes, force=force)
    for line in lines:
        typer.echo(line)
