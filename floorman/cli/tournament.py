"""``floorman tournament``: start a tournament by the seat draw (``new``), see its tables
(``show``), record busts (``bust``) and late entrants (``enter``), and the moves due:
breaking and balancing tables (``balance``); the button, the level and a chip count set
by hand.

Every command reads and writes the tournament in the store (``--db``,
``FLOORMAN_DB``), so a floor person can run it from any terminal.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from floorman.cli._app import FLOOR, app, help_example
from floorman.cli._console import echo, show
from floorman.cli._errors import user_errors
from floorman.cli._options import ByOption, DbOption, plain_text
from floorman.cli._output import counted

if TYPE_CHECKING:
    from floorman.tables.tournaments import Current
    from floorman.tournament.balance import Plan

tournament_app = typer.Typer(
    help="A tournament: the seat draw, its tables, busts, breaking and balancing tables.",
    epilog=help_example("floorman tournament new daily --entrants 100 --seed 7"),
)
app.add_typer(tournament_app, name="tournament", rich_help_panel=FLOOR)

NameArgument = Annotated[
    str, typer.Argument(help="The tournament's name.", show_default=False, callback=plain_text)
]
TableArgument = Annotated[int, typer.Argument(help="The table.", min=1, max=9999)]
SeatArgument = Annotated[int, typer.Argument(help="The seat.", min=1, max=10)]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@tournament_app.command(
    "new",
    epilog=help_example(
        "floorman tournament new daily --entrants 100 --seed 7",
        "floorman tournament new sunday --names players.txt --structure deepstack",
    ),
)
def tournament_new(
    name: NameArgument,
    entrants: Annotated[
        int | None,
        typer.Option(
            "--entrants", help="How many entrants (numbered 1 to N).", min=2, show_default=False
        ),
    ] = None,
    names: Annotated[
        Path | None,
        typer.Option(
            "--names", metavar="FILE", help="The entrants' names, one a line.", dir_okay=False
        ),
    ] = None,
    structure: Annotated[
        str | None,
        typer.Option(
            "--structure",
            metavar="NAME|FILE",
            help="A shipped structure (daily, deepstack) or a structure file (default: daily).",
            show_default=False,
        ),
    ] = None,
    table_seats: Annotated[
        int | None,
        typer.Option(
            "--table-seats",
            help="Seats at each table (default: the structure's, 9).",
            min=2,
            max=10,
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Make the draws repeatable (default: a random seed, kept with the tournament).",
            min=0,
            max=2**62,
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Start a tournament: every entrant seated by the random draw (TDA 7, RRoP §15 rule
    2), as few tables as seat them, kept within one player; each table's button by the
    high card (RRoP §15 rule 29)."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournaments import show_data, start

    with user_errors():
        listed = _names(names) if names is not None else []
        if entrants is None and not listed:
            raise _error("tournament new: give --entrants N or --names FILE")
        with open_tournament_store(db) as store:
            now = start(
                store,
                name,
                entrants=entrants,
                names=listed,
                structure_source=structure,
                table_seats=table_seats,
                seed=seed,
                by=by,
            )
            data = show_data(now)
            data = tournament_money.with_money(store, now, data)
    if as_json:
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    show(
        [
            f"tournament {data['tournament']}: {data['title']}, {data['rulebook']}",
            f"{counted(data['entrants'], 'entrant')} drawn to"
            f" {counted(len(data['tables']), 'table')} of {data['table_seats']} seats"
            f" (seed {data['seed']})",
            *_table_lines(data),
        ]
    )


def _error(message: str) -> Exception:
    from floorman.errors import FloormanError

    return FloormanError(message)


def _names(path: Path) -> list[str]:
    from floorman.inputfile import read_input

    lines = [line.strip() for line in read_input(path).splitlines()]
    listed = [line for line in lines if line]
    for line in listed:
        if len(line) > 60 or not line.isprintable():
            raise _error(f"{path}: the name {line[:60]!r}: at most 60 printable characters")
    return listed


def _table_lines(data: dict[str, Any]) -> list[str]:
    lines = []
    for table in data["tables"]:
        roles = {table["button"]: "button", table["small_blind"]: "sb", table["big_blind"]: "bb"}
        lines.append(f"table {table['table']}: {counted(table['players'], 'player')}")
        for seat in table["seats"]:
            who = seat["name"] or f"entrant {seat['player']}"
            if seat["name"]:
                who += f" ({seat['player']})"
            role = roles.get(seat["seat"], "")
            lines.append(f"  seat {seat['seat']:>2}  {seat['chips']:>9}  {who}  {role}".rstrip())
        if table["button"] not in {s["seat"] for s in table["seats"]}:
            lines.append(f"  button on empty seat {table['button']} (dead button)")
    return lines


@tournament_app.command("show", epilog=help_example("floorman tournament show daily --json"))
def tournament_show(name: NameArgument, as_json: JsonOption = False, db: DbOption = None) -> None:
    """The tournament: the level, players left, the average stack, every table with its
    seats and chips, the button and blinds, and the moves due."""
    from floorman.cli.tournament_clock import clock_note
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournaments import current, show_data

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        data = tournament_money.with_money(store, now, show_data(now))
    if as_json:
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    level = data["level"]
    blinds = f"blinds {level['blinds'][0]}/{level['blinds'][1]}"
    if level["ante"]:
        blinds += f", ante {level['ante']}"
    if level["big_blind_ante"]:
        blinds += f", big blind ante {level['big_blind_ante']}"
    lines = [
        f"tournament {data['tournament']}: {data['title']}, {data['rulebook']}",
        f"level {level['level']}: {blinds}{clock_note(data['clock'])}",
        f"{data['players']} of {counted(data['entrants'], 'entrant')} left at"
        f" {counted(len(data['tables']), 'table')}, average stack {data['average_stack']}",
        *_table_lines(data),
    ]
    if data["broken"]:
        lines.append("tables broken: " + ", ".join(str(t) for t in data["broken"]))
    for halt in data["halts"]:
        lines.append(f"halt play at table {halt['table']}: {halt['short']} short [{halt['cite']}]")
    lines += tournament_money.finishing_lines(data["finishes"])
    if data["moves_due"]:
        due = counted(data["moves_due"], "move")
        lines.append(f"{due} due: floorman tournament balance {data['tournament']}")
    show(lines)


@tournament_app.command("seating", epilog=help_example("floorman tournament seating daily"))
def tournament_seating(
    name: NameArgument, as_json: JsonOption = False, db: DbOption = None
) -> None:
    """The seating list: every player still in, by name (numbered entrants by number), with
    table, seat and chips, for players to find their seats."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournaments import current, seating_list

    with user_errors(), open_tournament_store(db) as store:
        rows = seating_list(current(store, name))
    if as_json:
        echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    show(
        f"{row['name'] or 'entrant ' + str(row['player']):<30} table {row['table']:>3}"
        f"  seat {row['seat']:>2}  {row['chips']:>9}"
        for row in rows
    )


def _forfeit_cite(now: Current) -> str:
    from floorman.tables.tournaments import forfeit_rule

    return forfeit_rule(now.structure)[1]


def _halt_line(table: int, short: int, cite: str) -> str:
    return f"halt play at table {table}: {short} short of the fullest table [{cite}]"


from floorman.cli import tournament_money  # noqa: E402  (bust, payouts, results, race)


@tournament_app.command(
    "balance",
    epilog=help_example(
        "floorman tournament balance daily", "floorman tournament balance daily --apply"
    ),
)
def tournament_balance(
    name: NameArgument,
    apply: Annotated[bool, typer.Option("--apply", help="Carry the moves out.")] = False,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The moves due now, each with its citation: tables broken when the players fit in
    fewer (RRoP §15 rule 12), their players seated by the 2-step draw (TDA 10-B), the
    player to be big blind next moved to the worst position (TDA 11-A, 11-C), tables within
    one or two players (RRoP §15 rule 16), halts (TDA 11-D); with --apply, carried out."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournaments import apply_due, current, due

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        planned = apply_due(store, now, by) if apply else due(now)
    if as_json:
        data = {
            "tournament": now.stored.name,
            "applied": apply and bool(planned.moves or planned.broken),
            "moves": [_move_json(now, m.as_json()) for m in planned.moves],
            "broken": [{"table": t, "cite": c} for t, c in planned.broken],
            "buttons": [
                {"table": t, "seat": s, "why": why} for t, (s, why) in planned.buttons.items()
            ],
            "halts": [h.as_json() for h in planned.halts],
            "notes": planned.notes,
        }
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    show(_plan_lines(now, planned, apply))


def _move_json(now: Current, move: dict[str, Any]) -> dict[str, Any]:
    return {**move, "name": now.floor.names.get(move["entry"])}


def _plan_lines(now: Current, planned: Plan, applied: bool) -> list[str]:
    name = now.stored.name
    if not planned.moves and not planned.broken:
        tolerance, why = now.book.tolerance(len(now.floor.tables))
        lines = [f"tournament {name}: no move due (tables within {tolerance}: {why})"]
        return lines + [_halt_line(h.table, h.short, h.cite) for h in planned.halts]
    lines = [f"tournament {name}: {counted(len(planned.moves), 'move')}"]
    lines += [_halt_line(h.table, h.short, h.cite) for h in planned.halts]
    lines += [f"{note}" for note in planned.notes]
    for table, cite in planned.broken:
        lines.append(f"table {table} breaks [{cite}]")
    for number, move in enumerate(planned.moves, start=1):
        (ft, fs), (tt, ts) = move.source, move.target
        who = now.floor.name(move.entry)
        lines.append(
            f"{number:>3}. {who}, {move.chips} chips: table {ft} seat {fs} to table {tt} seat {ts}"
            f" — {move.reason} [{move.cite}]"
        )
    for table, (seat, why) in sorted(planned.buttons.items()):
        lines.append(f"table {table}: the button to seat {seat}: {why}")
    if applied:
        lines.append("carried out")
    else:
        lines.append(f"nothing moved yet: floorman tournament balance {name} --apply")
    return lines


@tournament_app.command(
    "enter", epilog=help_example("floorman tournament enter daily --name 'Dana Lee'")
)
def tournament_enter(
    name: NameArgument,
    player: Annotated[
        str | None,
        typer.Option(
            "--name", help="The player's name (optional).", show_default=False, callback=plain_text
        ),
    ] = None,
    forfeit: Annotated[
        tuple[int, int] | None,
        typer.Option(
            "--forfeit",
            metavar="TABLE SEAT",
            help="A re-entry by the player at TABLE SEAT, whose chips are forfeited (TDA 8-B).",
            show_default=False,
        ),
    ] = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """A late entrant, an alternate or a re-entry: a full stack, and a seat drawn at random
    from the open seats at the tables with the fewest players, dealt in at once, never
    between the small blind and the button while another seat is open (TDA 8-A, 10-A).
    With --forfeit, a player still in re-enters: the chips forfeited are removed from play
    (TDA 8-B; allowed by WSOP T 13, elsewhere as the house says)."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournaments import current, due, enter

    with user_errors():
        if player is not None and (not player.strip() or len(player) > 60):
            raise _error("--name: 1 to 60 characters")
        with open_tournament_store(db) as store:
            now = current(store, name)
            after, drawn, entry = enter(store, now, player, by, forfeit=forfeit)
            planned = due(after)
    chips = after.structure.starting_stack
    waits = ", dealt in once the button passes" if drawn.waits else ""
    lines = []
    if forfeit is not None:
        gone = after.floor.busts[-1]
        lines.append(
            f"table {gone.table} seat {gone.seat}: {after.floor.name(gone.entry)} forfeits"
            f" {gone.chips} chips, removed from play, and re-enters"
            f" [{_forfeit_cite(after)}]"
        )
    lines += [
        f"{after.floor.name(entry)}: table {drawn.table} seat {drawn.seat}, {chips} chips"
        f"{waits} [{drawn.cite}]; {counted(after.floor.players, 'player')} left"
    ]
    if planned.moves or planned.broken:
        lines.append(
            f"{counted(len(planned.moves), 'move')} due:"
            f" floorman tournament balance {after.stored.name}"
        )
    show(lines)


@tournament_app.command("button", epilog=help_example("floorman tournament button daily 3 5"))
def tournament_button(
    name: NameArgument,
    table: TableArgument,
    seat: SeatArgument,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The button at TABLE is at SEAT for the next hand (an empty seat: a dead button).
    Balancing moves the player to be big blind next, counted from it."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournaments import current, record

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        record(store, now, {"kind": "button", "table": table, "seat": seat}, by)
    echo(f"table {table}: the button is at seat {seat} for the next hand")


@tournament_app.command("level", epilog=help_example("floorman tournament level daily 4"))
def tournament_level(
    name: NameArgument,
    level: Annotated[int, typer.Argument(help="The level now in play.", min=1, max=999)],
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The level in play is LEVEL: its blinds and antes from the next hand (RRoP §15 rule 7,
    TDA 23). With the clock started, the clock goes to the start of LEVEL."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournaments import current, record

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        record(store, now, {"kind": "level", "level": level}, by)
    echo(f"tournament {now.stored.name}: level {level}, {now.structure.level(level).describe()}")


@tournament_app.command("chips", epilog=help_example("floorman tournament chips daily 3 5 41500"))
def tournament_chips(
    name: NameArgument,
    table: TableArgument,
    seat: SeatArgument,
    chips: Annotated[int, typer.Argument(help="The stack counted.", min=1, max=10**15)],
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The stack at TABLE SEAT is counted at CHIPS (a player with none is a bust)."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournaments import current, record

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        record(store, now, {"kind": "chips", "table": table, "seat": seat, "chips": chips}, by)
    echo(f"table {table} seat {seat}: {chips} chips")


from floorman.cli import tournament_clock as _tournament_clock  # noqa: E402, F401  (registers clock)
from floorman.cli import tournament_floor as _tournament_floor  # noqa: E402, F401  (clock calls, penalties, hand-for-hand)
from floorman.cli import tournament_print as _tournament_print  # noqa: E402, F401  (registers print)
from floorman.cli import tournament_tables as _tournament_tables  # noqa: E402, F401  (registers deal)
