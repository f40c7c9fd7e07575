"""Recording a hand at the table: ``new``, ``add``, ``show``, ``log``, ``undo``, ``hands``,
``export``.

Hands live in the store (``--db`` or ``FLOORMAN_DB``; by default the user's
data folder). ``--table`` (or ``FLOORMAN_TABLE``) picks the table; with one
hand in progress anywhere it can be left out.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer

from floorman.bounds import MAX_ID
from floorman.cli._app import DATA, FLOOR, TABLE, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import (
    AddDbOption,
    DbOption,
    FourColourOption,
    JsonOption,
    ServerOption,
    TableOption,
    TokenOption,
    plain_text,
)
from floorman.cli._values import through_server

HandArgument = Annotated[
    int | None,
    typer.Argument(
        help="A hand id (default: the hand at --table).", show_default=False, min=1, max=MAX_ID
    ),
]


def _local(stamp: str) -> datetime:
    """A stored UTC time as the clock on the card room's wall shows it (the room's time
    zone, :data:`floorman.vocabulary.TIME_ZONE_VARIABLE`)."""
    from floorman.vocabulary import room_zone

    return datetime.fromisoformat(stamp).astimezone(room_zone())


def _echo_state(lines: list[str]) -> None:
    from floorman.cli._console import show

    show(lines)


@app.command(
    rich_help_panel=TABLE,
    epilog=help_example("floorman new --table 7 --button 6 --seats 1=100,2=100,3=100 --blinds 1/2"),
)
def new(
    table: Annotated[
        str,
        typer.Option(
            "--table", "-t", envvar="FLOORMAN_TABLE", help="The table.", callback=plain_text
        ),
    ],
    seats: Annotated[
        str, typer.Option("--seats", help="Occupied seats and stacks: 1=200,3=150,5=300.")
    ],
    button: Annotated[
        int | None,
        typer.Option(
            "--button",
            help="The seat holding the button (every game but stud).",
            show_default=False,
        ),
    ] = None,
    blinds: Annotated[str, typer.Option("--blinds", help="small/big.")] = "1/2",
    game: Annotated[
        str,
        typer.Option(
            "--game",
            help="holdem, omaha, omaha-hilo, stud, stud-hilo, razz, triple-draw-27,"
            " single-draw-27, lowball-a5 or badugi.",
        ),
    ] = "holdem",
    betting: Annotated[
        str, typer.Option("--betting", help="no-limit, pot-limit or limit.")
    ] = "no-limit",
    ante: Annotated[int, typer.Option("--ante", help="Ante per player.")] = 0,
    rulebook: Annotated[str, typer.Option("--rulebook", help="The rulebook.")] = "rrop",
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            metavar="cash|tournament",
            help="A cash game or a tournament: where the rulebook has a text for each (the"
            " WSOP's), the one that rules (default: cash).",
            show_default=False,
        ),
    ] = None,
    raise_cap: Annotated[
        int | None,
        typer.Option(
            "--raise-cap",
            help="Limit: raises allowed after the bet (default: the rulebook's).",
            show_default=False,
        ),
    ] = None,
    chips: Annotated[
        str | None,
        typer.Option("--chips", help="Chip denominations in play: 1,5,25.", show_default=False),
    ] = None,
    straddles: Annotated[
        str | None,
        typer.Option(
            "--straddles",
            metavar="X[,Y]",
            help="The table's mandatory straddles, each its amount: 4 or 4,8.",
            show_default=False,
        ),
    ] = None,
    bomb_pot: Annotated[
        int | None,
        typer.Option(
            "--bomb-pot",
            metavar="CHIPS",
            help="A bomb pot: each player antes CHIPS, no blinds, no betting before the flop.",
            show_default=False,
        ),
    ] = None,
    table_seats: Annotated[
        int | None,
        typer.Option(
            "--table-seats",
            metavar="N",
            help="The seats at the table, empty ones included (default: 9).",
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Close an unfinished hand at the table as abandoned.")
    ] = False,
    db: DbOption = None,
    bring_in: Annotated[
        int | None,
        typer.Option("--bring-in", help="Stud: the bring-in (the forced bet).", show_default=False),
    ] = None,
    limits: Annotated[
        str | None,
        typer.Option(
            "--limits",
            metavar="SMALL/BIG",
            help="Stud and limit draw: the small and big bet (default: the big blind and twice"
            " it).",
            show_default=False,
        ),
    ] = None,
    rotation: Annotated[
        str | None,
        typer.Option(
            "--rotation",
            metavar="GAMES",
            help="Mixed games: horse, 8-game, or GAME[:BETTING],... dealt in turn.",
            show_default=False,
        ),
    ] = None,
    rotate_by: Annotated[
        str,
        typer.Option(
            "--rotate-by",
            metavar="orbit|level",
            help="The rotation's game changes each orbit, or each level (next --level-up).",
        ),
    ] = "orbit",
) -> None:
    """Start a hand: blinds and antes are posted from the stacks."""
    from floorman.cli._new import new as run

    run(
        table, button, seats, blinds, game, betting, ante, rulebook, kind, raise_cap, chips,
        straddles, bomb_pot, table_seats, force, db, bring_in, limits, rotation, rotate_by,
    )  # fmt: skip


@app.command(
    rich_help_panel=TABLE,
    epilog=help_example(
        'floorman add deal "3 call" "4 raise 8" "5 fold"',
        'floorman add --table 7 "burn; flop Ah Kd 7c"',
    ),
)
def add(
    events: Annotated[
        list[str],
        typer.Argument(help='Events, e.g. "3 raise 60" "5 fold", or "deal; 3 call".'),
    ],
    table: TableOption = None,
    db: AddDbOption = None,
    four_colour: FourColourOption = False,
    server: Annotated[
        str | None,
        typer.Option(
            envvar="FLOORMAN_SERVER",
            help="Record through the card room server at this address, not in --db.",
            show_default=False,
        ),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            envvar="FLOORMAN_TOKEN",
            help="The table's station token, for --server.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Record events; all are checked before any is stored."""
    from floorman.cli._add import add as run

    run(events, table, db, four_colour, server, token)


@app.command(rich_help_panel=TABLE, epilog=help_example("floorman show --table 7"))
def show(
    hand: HandArgument = None,
    table: TableOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    four_colour: FourColourOption = False,
) -> None:
    """The whole table: seats, chips, cards, board, burns, who acts."""
    from floorman.cli._show import show as run

    run(hand, table, db, as_json, four_colour)


@app.command(rich_help_panel=FLOOR, epilog=help_example("floorman log 12"))
def log(
    hand: HandArgument = None,
    table: TableOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Every record of a hand, undone events included."""
    from floorman.cli._errors import user_errors
    from floorman.tables.hands import records_of, store_at

    with user_errors(), store_at(db) as store:
        stored, records = records_of(store, hand, table)
    if as_json:
        from floorman.cli._json import print_json
        from floorman.tables.shapes import log_json

        print_json(log_json(stored, records))
        return
    texts = {r.id: r.text for r in records}
    retracted = {r.target for r in records if r.kind == "retract"}
    started = _local(stored.created).strftime("%Y-%m-%d %H:%M:%S")
    echo(f"hand {stored.id} at table {stored.table}, started {started}")
    number = 0
    for r in records:
        at = _local(r.at).strftime("%H:%M:%S")
        if r.kind == "event":
            if r.id in retracted:
                echo(f"   -  {at}  {r.text}  (undone)")
            else:
                number += 1
                echo(f"{number:>4}  {at}  {r.text}")
        elif r.kind == "retract":
            echo(f"   -  {at}  undo: {texts.get(r.target or 0, '?')}")
        else:
            echo(f"   -  {at}  closed: {r.text}")


@app.command(
    rich_help_panel=TABLE,
    epilog=help_example(
        "floorman undo --table 7", "floorman undo --table 7 --server http://floor:8765 --token T"
    ),
)
def undo(
    table: TableOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """Take back the latest event (it stays in the log as undone)."""
    from floorman.cli._errors import user_errors
    from floorman.tables.hands import find_hand, load, store_at, undo_event
    from floorman.tables.view import state_lines

    if through_server(server, db):
        from floorman.cli._remote import undo_remote

        assert server is not None
        undo_remote(table, server, token)
        return
    from floorman.tables.games import is_other_game, undo_game

    with user_errors(), store_at(db) as store:
        stored = find_hand(store, None, table, open_only=True)
        if is_other_game(stored.header):
            said, other = undo_game(store, stored)
            echo(f'undone: event {other.count + 1} "{said}"')
            _echo_state(other.lines())
            return
        found = load(store, stored)
        number, text, loaded = undo_event(store, found)
    echo(f'undone: event {number} "{text}"')
    _echo_state(state_lines(loaded.state))
    if loaded.broken is not None:
        echo(loaded.repair())


@app.command(rich_help_panel=FLOOR, epilog=help_example("floorman hands --table 7 -n 5"))
def hands(
    table: TableOption = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help="How many.", min=1, max=MAX_ID)] = 20,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Recent hands, newest first, with how each stands."""
    from floorman.cli._errors import user_errors
    from floorman.cli._json import print_json
    from floorman.tables.games import GameHand, game_row
    from floorman.tables.hands import Unreadable, recent, store_at
    from floorman.tables.shapes import hand_row, unreadable_row

    with user_errors(), store_at(db) as store:
        found = recent(store, table, limit)
    rows: list[dict[str, object]] = []
    lines = []
    for loaded in found:
        stored = loaded.stored
        if isinstance(loaded, Unreadable):
            lines.append(
                f"{stored.id:>5}  table {stored.table:<4} cannot be replayed: {loaded.problem}"
            )
            rows.append(unreadable_row(loaded))
            continue
        when = _local(stored.created).strftime("%Y-%m-%d %H:%M")
        if isinstance(loaded, GameHand):
            row = game_row(loaded)
            rows.append(row)
            said = f"{row['status']} ({row['reason']})" if row["reason"] else "in progress"
            lines.append(
                f"{stored.id:>5}  table {stored.table:<4} {when}  {loaded.count:>3} events  "
                f"pot {row['pot']:<6} {loaded.game}, {said}"
            )
            continue
        rows.append(hand_row(loaded))
        state = loaded.state
        if stored.closed:
            status = f"closed ({stored.closed})"
        elif loaded.broken is not None:
            status = f"cannot be replayed from event {loaded.broken.number}"
        elif state.over:
            status = f"over ({state.over_reason})"
        else:
            status = f"in progress: {state.street}"
        when = _local(stored.created).strftime("%Y-%m-%d %H:%M")
        lines.append(
            f"{stored.id:>5}  table {stored.table:<4} {when}  "
            f"{loaded.count:>3} events  pot {state.betting.pot:<6} {status}"
        )
    if as_json:
        print_json({"hands": rows})
        return
    if not lines:
        echo("no hands recorded" + (f" at table {table}" if table else ""))
    _echo_state(lines)


@app.command(
    rich_help_panel=DATA, epilog=help_example("floorman export 12 --format phh -o hand.phh")
)
def export(
    hand: HandArgument = None,
    table: TableOption = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write to this file.", show_default=False),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format", help="yaml, json or phh (default: the -o file's suffix, else yaml)."
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """A recorded hand as a hand file, which floorman check replays to the same state."""
    from floorman.cli._errors import user_errors
    from floorman.cli._output import output_format
    from floorman.tables.hands import export as exported
    from floorman.tables.hands import store_at

    if fmt not in (None, "yaml", "json", "phh"):
        fail(f'--format "{fmt}": yaml, json or phh')
    with user_errors():
        fmt = output_format(output, ("yaml", "json", "phh"), wanted=fmt)
    with user_errors(), store_at(db) as store:
        hand_id, text = exported(store, hand, table, fmt)
    if output is None:
        echo(text, nl=False, wrap=False)  # a file to save: never broken
        return
    from floorman.cli._output import write_output

    with user_errors():
        write_output(output, text.encode("utf-8"))
    echo(f"hand {hand_id} written to {output}", err=True)
