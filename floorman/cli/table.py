"""``floorman table``: a table as a record (``show``), its session (``log``, ``report``),
and the changes between hands (``sit``, ``move``, ``leave``, ``sitout``, ``back``,
``seat``, ``rebuy``, ``level``, ``push``).

The table is what its hands say (:mod:`floorman.tables.seating`): the latest
hand's game, structure, blinds, rulebook, seats and button, and every hand at
the table in order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from floorman.bounds import MAX_ID
from floorman.cli._app import TABLE, app, help_example
from floorman.cli._console import echo
from floorman.cli._errors import user_errors
from floorman.cli._options import (
    AddDbOption,
    ByOption,
    DbOption,
    HtmlOption,
    PaperOption,
    ServerOption,
    TableOption,
    TokenOption,
    output_option,
    plain_text,
)
from floorman.cli._output import counted
from floorman.cli._values import through_server
from floorman.vocabulary import KIND_WORDS, room_date, room_time

if TYPE_CHECKING:
    from floorman.session.seating import Change

table_app = typer.Typer(
    help="A table: its seats, button and blinds, and its session.",
    epilog=help_example("floorman table show --table 7"),
)
app.add_typer(table_app, name="table", rich_help_panel=TABLE)

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@table_app.command("show", epilog=help_example("floorman table show --table 7"))
def table_show(table: TableOption = None, as_json: JsonOption = False, db: DbOption = None) -> None:
    """The table: game, blinds, rulebook and button rule, seats and stacks, the button."""
    from floorman.cli._console import show
    from floorman.tables.hands import store_at
    from floorman.tables.seating import table_now
    from floorman.tables.view import headline

    with user_errors(), store_at(db) as store:
        now = table_now(store, table)
    data, header, seating = now.data, now.loaded.header, now.seating
    if as_json:
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    size = f", {header.table_seats} seats" if header.table_seats else ""
    kind = KIND_WORDS[header.kind]
    lines = [
        f"table {data['table']}: {headline(now.loaded.state, header.kind)}",
        f"rulebook {header.rulebook}, {kind}, {data['button_rule']} button{size}",
        f"hand {data['hand']}: {data['status']}",
    ]
    roles = {header.button: "button", data["small_blind"]: "small blind"}
    roles[data["big_blind"]] = "big blind"
    if data["small_blind"] is None:
        lines.append("no small blind: it fell to an empty seat (dead button)")
    for seat, chips in data["seats"].items():
        lines.append(f"  seat {seat:>2}  {chips:>8}  {roles.get(int(seat), '')}".rstrip())
    started = "" if now.settled else " (stacks as this hand began)"
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
    from floorman.cli._console import show
    from floorman.tables.hands import store_at
    from floorman.tables.seating import session

    with user_errors(), store_at(db) as store:
        name, hands, pending = session(store, table, limit)
    if as_json:
        data = {"table": name, "hands": hands, "next_hand_changes": pending}
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    lines = [f"table {name}: {counted(len(hands), 'hand')}"]
    for hand in hands:
        lines += _change_lines(hand["changes_before"])
        stacks = " ".join(f"{s}={c}" for s, c in hand["stacks_in"].items())
        where = (
            f"button {hand['button']}  sb {hand['small_blind'] or 'none'}  bb {hand['big_blind']}"
            if hand["button"] is not None
            else "stud, no button"
        )
        lines.append(f"hand {hand['hand']}  {where}  {hand['status']}  in: {stacks}")
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

    lines = []
    for change in changes:
        at = room_time(change["at"])
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


def record_change(
    table: str | None,
    change: Change,
    by: str | None,
    db: str | None,
    server: str | None = None,
    token: str | None = None,
) -> None:
    """Log a change at the table and say so (through the server at ``server``, which
    records who made it by the token, when one is given)."""
    from floorman.tables.hands import store_at
    from floorman.tables.seating import log_change

    if through_server(server, db):
        from floorman.cli._remote import change_remote

        assert server is not None
        change_remote(table, server, token, change.as_json())
        return
    with user_errors(), store_at(db) as store:
        line = log_change(store, table, change, by)
    echo(line)


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
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """A player sits down: dealt in as the rulebook says (post the big blind or wait for it,
    RRoP §4 rules 4-7; dealt in at once, TDA 10-A and WSOP LA 100-a). Between the button
    and the small blind, where the rulebook allows (buy_the_button), the player buys the
    button or, with --post, posts just the big blind (WSOP LA 154)."""
    from floorman.session.seating import Change

    change = Change("sit", seat, _amount(chips, "chips"), name, post=post, buy=buy)
    record_change(table, change, by, db, server, token)


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
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """A player moved from another table: given the empty seat the big blind reaches first
    (RRoP tournament rules, TDA 11-A), playing on at once, not a new player."""
    from floorman.session.seating import Change
    from floorman.tables.hands import store_at
    from floorman.tables.seating import seat_for_move

    if seat is None and server is None:
        with user_errors(), store_at(db) as store:
            seat = seat_for_move(store, table)
    change = Change("move", seat, _amount(chips, "chips"), name, origin=origin)
    record_change(table, change, by, db, server, token)


@table_app.command("leave", epilog=help_example("floorman table leave 3 --table 7"))
def table_leave(
    seat: SeatArgument,
    table: TableOption = None,
    by: ByOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """The player at SEAT stands up and leaves with the chips."""
    from floorman.session.seating import Change

    record_change(table, Change("leave", seat), by, db, server, token)


@table_app.command("sitout", epilog=help_example("floorman table sitout 4 --table 7"))
def table_sitout(
    seat: SeatArgument,
    table: TableOption = None,
    by: ByOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """The player at SEAT sits out: the blinds that pass the seat are owed (RRoP §4 rule 9,
    WSOP LA 156); in TDA an absent player is dealt in and the hand killed (TDA 30)."""
    from floorman.session.seating import Change

    record_change(table, Change("sitout", seat), by, db, server, token)


@table_app.command("back", epilog=help_example("floorman table back 4 --post --table 7"))
def table_back(
    seat: SeatArgument,
    post: PostOption = False,
    table: TableOption = None,
    by: ByOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """The player at SEAT comes back: posts the blinds missed (the big blind live, the small
    blind dead) or waits for the big blind (RRoP §4 rule 9, WSOP LA 156)."""
    from floorman.session.seating import Change

    record_change(table, Change("back", seat, post=post), by, db, server, token)


@table_app.command("seat", epilog=help_example("floorman table seat 2 9 --post --table 7"))
def table_seat(
    seat: SeatArgument,
    to: Annotated[int, typer.Argument(help="The new seat.", min=1, max=99, show_default=False)],
    post: Annotated[
        bool, typer.Option("--post", help="Post the big blind if the move owes it, not wait.")
    ] = False,
    table: TableOption = None,
    by: ByOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """The player at SEAT changes to seat TO, keeping chips and any blinds owed; a move
    farther from the big blind waits to be in the same position or posts the big blind
    (RRoP §4 rule 13; WSOP LA 159 past more than two players)."""
    from floorman.session.seating import Change

    record_change(table, Change("seat", seat, to=to, post=post), by, db, server, token)


@table_app.command("rebuy", epilog=help_example("floorman table rebuy 5 100 --table 7"))
def table_rebuy(
    seat: SeatArgument,
    chips: ChipsArgument,
    table: TableOption = None,
    by: ByOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """A rebuy or add-on: the chips are added to the stack at SEAT."""
    from floorman.session.seating import Change

    record_change(table, Change("rebuy", seat, _amount(chips, "chips")), by, db, server, token)


@table_app.command("level", epilog=help_example("floorman table level 2/4 --table 7"))
def table_level(
    blinds: Annotated[str, typer.Argument(help="small/big, e.g. 2/4.", show_default=False)],
    ante: Annotated[
        int | None, typer.Option("--ante", help="The ante per player.", min=0, show_default=False)
    ] = None,
    table: TableOption = None,
    by: ByOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """A new level: the blinds (and ante) from the next hand on."""
    from floorman.cli._values import blinds_of
    from floorman.session.seating import Change

    small, big = blinds_of(blinds)
    record_change(table, Change("level", blinds=(small, big), ante=ante), by, db, server, token)


@table_app.command("push", epilog=help_example("floorman table push --table 7"))
def table_push(
    table: TableOption = None,
    by: ByOption = None,
    db: AddDbOption = None,
    server: ServerOption = None,
    token: TokenOption = None,
) -> None:
    """A dealer push: the incoming dealer deals the next hand. At a tournament's table, a
    new level started during the push is dealt one hand at the prior level under the TDA
    (TDA 2024 Rule 23); RRoP and WSOP begin the hand on the riffle."""
    from floorman.session.seating import Change

    record_change(table, Change("push"), by, db, server, token)


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

    from floorman.cli._output import write_html, write_output
    from floorman.documents import render
    from floorman.tables.hands import store_at
    from floorman.tables.seating import session_page

    with user_errors(), store_at(db) as store:
        size = render.paper_size(paper)
        name, view, count = session_page(store, table, limit, paper=size, day=room_date())
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
    echo(f"wrote {target} ({pages}, {paper.lower()}): {counted(count, 'hand')}")


def _file_part(name: str) -> str:
    """A table's name as part of a file name."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:60] or "table"
