"""``floorman table show`` and ``floorman table log``: a table as a record, and its session.

The table is what its hands say: the latest hand's game, structure, blinds,
rulebook, seats and button, and every hand at the table in order.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from floorman.cli._app import TABLE, app, help_example
from floorman.cli._options import DbOption, TableOption
from floorman.limits import MAX_ID

table_app = typer.Typer(
    help="A table: its seats, button and blinds, and its session.",
    epilog=help_example("floorman table show --table 7"),
)
app.add_typer(table_app, name="table", rich_help_panel=TABLE)

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def _summary(loaded: Any) -> dict[str, Any]:
    """One hand of the session: its button, blinds, stacks in and out, rulings."""
    from floorman.hand.table import Table

    header = loaded.header
    small, big = Table(tuple(header.seats), header.button).blind_seats
    state = loaded.state
    status = loaded.stored.closed or state.over_reason
    out = None
    if status is not None and loaded.broken is None:
        from floorman.cli._hands import stacks_left

        left = stacks_left(loaded, status)
        out = None if left is None else {str(seat): chips for seat, chips in left.items()}
    return {
        "hand": loaded.stored.id,
        "started": loaded.stored.created,
        "status": status or "in progress",
        "button": header.button,
        "small_blind": small,
        "big_blind": big,
        "stacks_in": {str(seat): chips for seat, chips in header.seats.items()},
        "stacks_out": out,
        "rulings": loaded.rulings,
        "violations": loaded.violations,
    }


def _table(store: Any, table: str | None) -> Any:
    from floorman.cli import _hands

    return _hands.load(store, _hands.find_hand(store, None, table, open_only=False))


@table_app.command("show", epilog=help_example("floorman table show --table 7"))
def table_show(table: TableOption = None, as_json: JsonOption = False, db: DbOption = None) -> None:
    """The table: game, blinds, rulebook and button rule, seats and stacks, the button."""
    from floorman.cli import _hands
    from floorman.cli._view import headline

    with _hands.user_errors(), _hands.store_at(db) as store:
        loaded = _table(store, table)
    header = loaded.header
    hand = _summary(loaded)
    rule = loaded.recording.ruled.book.options.get("button_rule", "moving")
    data = {
        "table": loaded.stored.table,
        "game": header.game,
        "betting": header.betting,
        "blinds": list(header.blinds),
        "ante": header.ante,
        "rulebook": header.rulebook,
        "house": header.house,
        "button_rule": rule,
        "button": header.button,
        "small_blind": hand["small_blind"],
        "big_blind": hand["big_blind"],
        "seats": hand["stacks_out"] or hand["stacks_in"],
        "hand": hand["hand"],
        "status": hand["status"],
    }
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    typer.echo(f"table {data['table']}: {headline(loaded.state)}")
    typer.echo(f"rulebook {header.rulebook}, {rule} button")
    typer.echo(f"hand {data['hand']}: {data['status']}")
    roles = {header.button: "button", hand["small_blind"]: "small blind"}
    roles[hand["big_blind"]] = "big blind"
    for seat, chips in data["seats"].items():
        typer.echo(f"  seat {seat:>2}  {chips:>8}  {roles.get(int(seat), '')}".rstrip())


@table_app.command("log", epilog=help_example("floorman table log --table 7 --json"))
def table_log(
    table: TableOption = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", help="The latest hands.", min=1, max=MAX_ID)
    ] = 1000,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """The session at a table: every hand in order, its button, stacks in and out, rulings."""
    from floorman.cli import _hands

    with _hands.user_errors(), _hands.store_at(db) as store:
        name = _table(store, table).stored.table
        hands = [_summary(_hands.load(store, s)) for s in reversed(store.hands(name, limit))]
    if as_json:
        typer.echo(json.dumps({"table": name, "hands": hands}, ensure_ascii=False, indent=2))
        return
    typer.echo(f"table {name}: {len(hands)} hands")
    for hand in hands:
        stacks = " ".join(f"{s}={c}" for s, c in hand["stacks_in"].items())
        typer.echo(
            f"hand {hand['hand']}  button {hand['button']}  sb {hand['small_blind']}  "
            f"bb {hand['big_blind']}  {hand['status']}  in: {stacks}"
        )
        if hand["stacks_out"] is not None:
            typer.echo("  out: " + " ".join(f"{s}={c}" for s, c in hand["stacks_out"].items()))
        for ruling in hand["rulings"]:
            typer.echo(
                f"  ruling on event {ruling['event']}: {ruling['outcome']}, {ruling['title']}"
            )
        for violation in hand["violations"]:
            typer.echo(f"  violation at event {violation['event']}: {violation['message']}")
