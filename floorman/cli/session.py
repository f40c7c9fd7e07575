"""``floorman table show`` and ``floorman table log``: a table as a record, and its session.

The table is what its hands say: the latest hand's game, structure, blinds,
rulebook, seats and button, and every hand at the table in order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from floorman.cli._app import TABLE, app, help_example
from floorman.cli._options import (
    ByOption,
    DbOption,
    HtmlOption,
    PaperOption,
    TableOption,
    output_option,
    plain_text,
)
from floorman.cli._output import counted
from floorman.limits import MAX_ID

table_app = typer.Typer(
    help="A table: its seats, button and blinds, and its session.",
    epilog=help_example("floorman table show --table 7"),
)
app.add_typer(table_app, name="table", rich_help_panel=TABLE)

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def summary(loaded: Any) -> dict[str, Any]:
    """One hand of the session: its button, blinds, stacks in and out, rulings."""
    header = loaded.header
    small, big = loaded.state.table.blind_seats
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
        "blinds": list(header.blinds),
        "ante": header.ante,
        "stacks_in": {str(seat): chips for seat, chips in header.seats.items()},
        "stacks_out": out,
        "rulings": loaded.rulings,
        "violations": loaded.violations,
    }


def changes_by_hand(entries: Any) -> dict[int | None, list[dict[str, Any]]]:
    """Each change between hands, under the hand it was dealt into (its who and when);
    under ``None`` the changes for the next hand."""
    from floorman.session.seating import Change

    found: dict[int | None, list[dict[str, Any]]] = {}
    waiting: list[dict[str, Any]] = []
    for entry in entries:
        if entry.kind == "change":
            waiting.append(
                {
                    "change": Change.from_json(entry.data).describe(
                        bool(entry.data.get("dealt_in"))
                    ),
                    "by": entry.by,
                    "at": entry.at,
                    **entry.data,
                }
            )
        elif not entry.data.get("redeal") and entry.hand_id is not None:
            found[entry.hand_id] = waiting
            waiting = []
    found[None] = waiting
    return found


def _session(
    store: Any, table: str | None, limit: int
) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]]]:
    """The table's name, its latest ``limit`` hands in order each with the changes dealt
    into it, and the changes waiting for the next hand."""
    from floorman.cli import _hands

    name = _table(store, table).stored.table
    hands = [summary(_hands.load(store, s)) for s in reversed(store.hands(name, limit))]
    changes = changes_by_hand(store.table_log(name))
    for hand in hands:
        hand["changes_before"] = changes.get(hand["hand"], [])
    return name, hands, changes[None]


def _table(store: Any, table: str | None) -> Any:
    from floorman.cli import _hands

    return _hands.load(store, _hands.find_hand(store, None, table, open_only=False))


@table_app.command("show", epilog=help_example("floorman table show --table 7"))
def table_show(table: TableOption = None, as_json: JsonOption = False, db: DbOption = None) -> None:
    """The table: game, blinds, rulebook and button rule, seats and stacks, the button."""
    from floorman.cli import _hands
    from floorman.cli._console import show
    from floorman.cli._view import headline

    with _hands.user_errors(), _hands.store_at(db) as store:
        loaded, _rules, seating = seating_now(store, table)
    header = loaded.header
    hand = summary(loaded)
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
        "table_seats": header.table_seats,
        "button": header.button,
        "small_blind": hand["small_blind"],
        "big_blind": hand["big_blind"],
        "seats": hand["stacks_out"] or hand["stacks_in"],
        "hand": hand["hand"],
        "status": hand["status"],
        "next_hand": seating.as_json(),
    }
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    size = f", {header.table_seats} seats" if header.table_seats else ""
    lines = [
        f"table {data['table']}: {headline(loaded.state)}",
        f"rulebook {header.rulebook}, {rule} button{size}",
        f"hand {data['hand']}: {data['status']}",
    ]
    roles = {header.button: "button", hand["small_blind"]: "small blind"}
    roles[hand["big_blind"]] = "big blind"
    if hand["small_blind"] is None:
        lines.append("no small blind: it fell to an empty seat (dead button)")
    for seat, chips in data["seats"].items():
        lines.append(f"  seat {seat:>2}  {chips:>8}  {roles.get(int(seat), '')}".rstrip())
    started = "" if hand["stacks_out"] else " (stacks as this hand began)"
    lines.append(
        f"next hand{started}: blinds {seating.blinds[0]}/{seating.blinds[1]}"
        + (f", ante {seating.ante}" if seating.ante else "")
    )
    for player in seating.players.values():
        owes = f", owes {' and '.join(player.owes)}" if player.owes else ""
        if player.wait:
            owes += f", {player.wait} hand{'s' if player.wait != 1 else ''} (seat change)"
        elif player.moved_from is not None:
            owes += f", from seat {player.moved_from}"
        if player.buys:
            owes += ", " + _BUYS[player.buys][player.status == "playing" and not player.new]
        name = f"  {player.name}" if player.name else ""
        lines.append(f"  seat {player.seat:>2}  {player.stack:>8}  {player.status}{owes}{name}")
    show(lines)


_BUYS = {
    "button": ("buys the button", "bought the button: has it next hand"),
    "big-blind": ("posts the big blind there", "posted the big blind: the button passes"),
}
"""A new player's choice between the button and the small blind (WSOP LA 154), before
the player is dealt in and after."""


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
    from floorman.cli._console import show

    with _hands.user_errors(), _hands.store_at(db) as store:
        name, hands, pending = _session(store, table, limit)
    if as_json:
        data = {"table": name, "hands": hands, "next_hand_changes": pending}
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    lines = [f"table {name}: {counted(len(hands), 'hand')}"]
    for hand in hands:
        lines += _change_lines(hand["changes_before"])
        stacks = " ".join(f"{s}={c}" for s, c in hand["stacks_in"].items())
        lines.append(
            f"hand {hand['hand']}  button {hand['button']}  sb {hand['small_blind'] or 'none'}  "
            f"bb {hand['big_blind']}  {hand['status']}  in: {stacks}"
        )
        if hand["stacks_out"] is not None:
            lines.append("  out: " + " ".join(f"{s}={c}" for s, c in hand["stacks_out"].items()))
        for ruling in hand["rulings"]:
            lines.append(
                f"  ruling on event {ruling['event']}: {ruling['outcome']}, {ruling['title']}"
            )
        for violation in hand["violations"]:
            lines.append(f"  violation at event {violation['event']}: {violation['message']}")
    if pending:
        lines.append("for the next hand:")
        lines += _change_lines(pending)
    show(lines)


def _change_lines(changes: list[dict[str, Any]]) -> list[str]:
    from datetime import datetime

    lines = []
    for change in changes:
        at = datetime.fromisoformat(change["at"]).astimezone().strftime("%H:%M:%S")
        by = f" (by {change['by']})" if change["by"] else ""
        lines.append(f"  between hands {at}  {change['change']}{by}")
    return lines


SeatArgument = Annotated[int, typer.Argument(help="The seat.", min=1, max=99, show_default=False)]
ChipsArgument = Annotated[str, typer.Argument(help="The chips.", show_default=False)]
NameOption = Annotated[
    str | None,
    typer.Option(
        "--name", help="The player's name (optional).", show_default=False, callback=plain_text
    ),
]
PostOption = Annotated[
    bool, typer.Option("--post", help="Post now to be dealt in next hand, rather than wait.")
]


def seating_now(store: Any, name: str | None) -> tuple[Any, Any, Any]:
    """The latest hand at the table, its rulebook's entry rules, and the seating as the
    changes logged so far leave it (the stacks the hand left, once it is over)."""
    from floorman.cli import _hands
    from floorman.session.record import table_record
    from floorman.session.seating import EntryRules, Seating, apply

    loaded = _table(store, name)
    header = loaded.header
    record = table_record(store.table_log(loaded.stored.table), loaded.stored.id)
    seating = record.seating or Seating.from_stacks(header.seats, header.blinds, header.ante)
    status = loaded.stored.closed or loaded.state.over_reason
    if status is not None and loaded.broken is None:
        left = _hands.stacks_left(loaded, status)
        if left is not None and status != "misdeal":
            seating = seating.after_hand(left)
    rules = EntryRules.from_options(loaded.recording.ruled.book.options, header.betting)
    for change in record.pending:
        seating = apply(seating, change, rules, seats_at(header))
    return loaded, rules, seating


def seats_at(header: Any) -> int:
    """The highest seat a change may name: the table's seats when its set-up gives them."""
    from floorman.limits import MAX_SEAT

    return header.table_seats or MAX_SEAT


def log_change(store: Any, table: str | None, change: Any, by: str | None) -> str:
    """Check a change against the table as it stands, log it with who and when; the line
    that says so."""
    from floorman.cli.nexthand import dealer
    from floorman.session.seating import apply

    loaded, rules, seating = seating_now(store, table)
    apply(seating, change, rules, seats_at(loaded.header))
    dealt_in = change.kind == "sit" and rules.new_player == "dealt-in"
    data = change.as_json() | ({"dealt_in": True} if dealt_in else {})
    store.add_change(loaded.stored.table, data, dealer(by))
    described = change.describe(dealt_in)
    return f"table {loaded.stored.table}: {described} (from the next hand)"


def record_change(table: str | None, change: Any, by: str | None, db: Any) -> None:
    from floorman.cli import _hands

    with _hands.user_errors(), _hands.store_at(db) as store:
        line = log_change(store, table, change, by)
    typer.echo(line)


def _amount(text: str, what: str) -> int:
    from floorman.cli._app import fail
    from floorman.numerals import NumberError, chip_amount

    try:
        return chip_amount(text)
    except NumberError as error:
        fail(f'{what} "{text}": {error}')
    raise AssertionError("unreachable")


@table_app.command("sit", epilog=help_example("floorman table sit 8 200 --name Dana --table 7"))
def table_sit(
    seat: SeatArgument,
    chips: ChipsArgument,
    name: NameOption = None,
    post: PostOption = False,
    buy: Annotated[
        bool,
        typer.Option(
            "--buy-button",
            help="Between the button and the small blind: post a big blind and a dead small"
            " blind, be dealt in, and have the button next hand (WSOP LA 154).",
        ),
    ] = False,
    table: TableOption = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """A player sits down: dealt in as the rulebook says (post the big blind or wait for it,
    RRoP §4 rules 4-7; dealt in at once, TDA 10-A and WSOP LA 100-a). Between the button
    and the small blind, where the rulebook allows (buy_the_button), the player buys the
    button or, with --post, posts just the big blind (WSOP LA 154)."""
    from floorman.session.seating import Change

    change = Change("sit", seat, _amount(chips, "chips"), name, post=post, buy=buy)
    record_change(table, change, by, db)


@table_app.command("move", epilog=help_example("floorman table move 350 --from 12 --table 7"))
def table_move(
    chips: ChipsArgument,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help="The seat (default: the empty seat due soonest for the big blind).",
            min=1,
            max=99,
            show_default=False,
        ),
    ] = None,
    origin: Annotated[
        str | None, typer.Option("--from", help="The table the player comes from.")
    ] = None,
    name: NameOption = None,
    table: TableOption = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """A player moved from another table: given the empty seat the big blind reaches first
    (RRoP tournament rules, TDA 11-A), playing on at once, not a new player."""
    from floorman.cli import _hands
    from floorman.session.seating import Change, earliest_big_blind_seat, table_size

    if seat is None:
        with _hands.user_errors(), _hands.store_at(db) as store:
            loaded, _rules, seating = seating_now(store, table)
            big = loaded.state.table.big_blind
            size = table_size(loaded.header.table_seats, [*seating.players, big])
            empty = [s for s in range(1, size + 1) if s not in seating.players]
            seat = earliest_big_blind_seat(empty, big)
    change = Change("move", seat, _amount(chips, "chips"), name, origin=origin)
    record_change(table, change, by, db)


@table_app.command("leave", epilog=help_example("floorman table leave 3 --table 7"))
def table_leave(
    seat: SeatArgument, table: TableOption = None, by: ByOption = None, db: DbOption = None
) -> None:
    """The player at SEAT stands up and leaves with the chips."""
    from floorman.session.seating import Change

    record_change(table, Change("leave", seat), by, db)


@table_app.command("sitout", epilog=help_example("floorman table sitout 4 --table 7"))
def table_sitout(
    seat: SeatArgument, table: TableOption = None, by: ByOption = None, db: DbOption = None
) -> None:
    """The player at SEAT sits out: the blinds that pass the seat are owed (RRoP §4 rule 9,
    WSOP LA 156); in TDA an absent player is dealt in and the hand killed (TDA 30)."""
    from floorman.session.seating import Change

    record_change(table, Change("sitout", seat), by, db)


@table_app.command("back", epilog=help_example("floorman table back 4 --post --table 7"))
def table_back(
    seat: SeatArgument,
    post: PostOption = False,
    table: TableOption = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The player at SEAT comes back: posts the blinds missed (the big blind live, the small
    blind dead) or waits for the big blind (RRoP §4 rule 9, WSOP LA 156)."""
    from floorman.session.seating import Change

    record_change(table, Change("back", seat, post=post), by, db)


@table_app.command("seat", epilog=help_example("floorman table seat 2 9 --post --table 7"))
def table_seat(
    seat: SeatArgument,
    to: Annotated[int, typer.Argument(help="The new seat.", min=1, max=99, show_default=False)],
    post: Annotated[
        bool, typer.Option("--post", help="Post the big blind if the move owes it, not wait.")
    ] = False,
    table: TableOption = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The player at SEAT changes to seat TO, keeping chips and any blinds owed; a move
    farther from the big blind waits to be in the same position or posts the big blind
    (RRoP §4 rule 13; WSOP LA 159 past more than two players)."""
    from floorman.session.seating import Change

    record_change(table, Change("seat", seat, to=to, post=post), by, db)


@table_app.command("rebuy", epilog=help_example("floorman table rebuy 5 100 --table 7"))
def table_rebuy(
    seat: SeatArgument,
    chips: ChipsArgument,
    table: TableOption = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """A rebuy or add-on: the chips are added to the stack at SEAT."""
    from floorman.session.seating import Change

    record_change(table, Change("rebuy", seat, _amount(chips, "chips")), by, db)


@table_app.command("level", epilog=help_example("floorman table level 2/4 --table 7"))
def table_level(
    blinds: Annotated[str, typer.Argument(help="small/big, e.g. 2/4.", show_default=False)],
    ante: Annotated[
        int | None, typer.Option("--ante", help="The ante per player.", min=0, show_default=False)
    ] = None,
    table: TableOption = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """A new level: the blinds (and ante) from the next hand on."""
    from floorman.cli.table import _blinds
    from floorman.session.seating import Change

    small, big = _blinds(blinds)
    record_change(table, Change("level", blinds=(small, big), ante=ante), by, db)


@table_app.command("report", epilog=help_example("floorman table report --table 7 -o session.pdf"))
def table_report(
    table: TableOption = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", help="The latest hands.", min=1, max=MAX_ID)
    ] = 1000,
    paper: PaperOption = "letter",
    html: HtmlOption = False,
    output: Annotated[
        Path | None, output_option("Where to write it (default: table-TABLE-session.pdf).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Print the session at a table: its hands in order, who sat where, the stacks in and
    out, every change between hands with who and when, every ruling."""
    import datetime

    from floorman.cli import _hands
    from floorman.cli._output import write_html, write_output
    from floorman.documents import render
    from floorman.documents.session import session_view
    from floorman.documents.wording import edition

    with _hands.user_errors(), _hands.store_at(db) as store:
        size = render.paper_size(paper)
        name, hands, pending = _session(store, table, limit)
        loaded, _rules, seating = seating_now(store, name)
        book = loaded.recording.ruled.book
        names = {s: p.name for s, p in seating.players.items() if p.name}
        for entry in store.table_log(name):  # players who have left keep their names
            seat, player = entry.data.get("seat"), entry.data.get("name")
            if entry.kind == "change" and isinstance(seat, int) and player:
                names.setdefault(seat, player)
        view = session_view(
            name, hands, pending, names, rulebook=book.title, source=edition(book),
            day=datetime.date.today(), paper=size,
        )  # fmt: skip
        page = render.render_html("session.html", view, standalone=html)
        target = output or Path(f"table-{_file_part(name)}-session").with_suffix(
            ".html" if html else ".pdf"
        )
        if html:
            write_html(target, page)
            return
        printed = render.html_to_pdf(page)
        write_output(target, printed.pdf)
    pages = counted(printed.pages, "page")
    typer.echo(f"wrote {target} ({pages}, {paper.lower()}): {counted(len(hands), 'hand')}")


def _file_part(name: str) -> str:
    """A table's name as part of a file name."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:60] or "table"
