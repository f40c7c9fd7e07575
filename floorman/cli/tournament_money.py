"""``floorman tournament`` and the money: busts with their finishing places (``bust``),
the payout structure and what each place pays (``payouts``), the results (``results``),
and the chip race at a color-up (``race``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from floorman.cli._app import help_example
from floorman.cli._console import echo, show
from floorman.cli._errors import user_errors
from floorman.cli._options import ByOption, DbOption
from floorman.cli._output import counted
from floorman.cli.tournament import (
    JsonOption,
    NameArgument,
    SeatArgument,
    TableArgument,
    _error,
    _halt_line,
    tournament_app,
)

if TYPE_CHECKING:
    from floorman.tables.tournament_money import ChipsChanged
    from floorman.tournament.chiprace import ChipRace

SeatsArgument = Annotated[
    list[int],
    typer.Argument(metavar="SEAT...", help="The seat (several: out in one hand).", min=1, max=10),
]


@tournament_app.command(
    "bust",
    epilog=help_example(
        "floorman tournament bust daily 3 7",
        "floorman tournament bust daily 3 2 7 --started 4000,9500",
        "floorman tournament bust daily 5 1 --same-hand --hand-for-hand",
    ),
)
def tournament_bust(
    name: NameArgument,
    table: TableArgument,
    seats: SeatsArgument,
    started: Annotated[
        str | None,
        typer.Option(
            "--started",
            metavar="C,C,...",
            help="The chips each began the hand with, seat by seat (default: their stacks).",
            show_default=False,
        ),
    ] = None,
    same_hand: Annotated[
        bool,
        typer.Option("--same-hand", help="Out in the same hand as the bust recorded last."),
    ] = False,
    hand_for_hand: Annotated[
        bool, typer.Option("--hand-for-hand", help="Out in a hand-for-hand round.")
    ] = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The players at TABLE SEAT [SEAT...] are out of the tournament, in one hand (recorded
    by hand): their finishing places (the larger starting stack higher: RRoP §15 rule 35,
    WSOP T 126-b; hand-for-hand: TDA RP-8-A, WSOP T 126-b), and the moves then due."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_money import bust_hand, log_of, placed
    from floorman.tables.tournaments import current, due

    with user_errors():
        stacks = _amounts("--started", started) if started is not None else []
        with open_tournament_store(db) as store:
            now = current(store, name)
            after = bust_hand(
                store,
                now,
                table,
                seats,
                started=stacks,
                same_hand=same_hand,
                hand_for_hand=hand_for_hand,
                by=by,
            )
            rows = placed(after, log_of(store, after))
            planned = due(after)
    out = {now.floor.tables[table][seat].entry for seat in seats}
    lines = []
    for row in rows:
        if row.entry in out or (row.place == 1 and after.floor.players == 1):
            shown = _places(row.places)
            lines.append(
                f"table {row.table} seat {row.seat}: {after.floor.name(row.entry)} is out,"
                f" {shown} — {row.reason}"
                if row.entry in out
                else f"{after.floor.name(row.entry)} wins the tournament"
            )
    lines.append(f"{counted(after.floor.players, 'player')} left")
    if planned.moves or planned.broken:
        lines.append(
            f"{counted(len(planned.moves), 'move')} due:"
            f" floorman tournament balance {after.stored.name}"
        )
    lines += [_halt_line(h.table, h.short, h.cite) for h in planned.halts]
    show(lines)


def _places(places: tuple[int, ...]) -> str:
    from floorman.tournament.places import ordinal

    if len(places) == 1:
        return ordinal(places[0])
    return f"tied for {ordinal(places[0])} to {ordinal(places[-1])}"


def _amounts(option: str, text: str) -> list[int]:
    amounts = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not part.isascii() or len(part) > 16:
            raise _error(f"{option} {text[:60]!r}: whole numbers of chips, separated by commas")
        amounts.append(int(part))
    return amounts


def finishing_lines(finishes: list[dict[str, Any]]) -> list[str]:
    """The finishing order as ``show`` prints it."""
    if not finishes:
        return []
    lines = ["finishing order:"]
    for row in finishes:
        who = row["name"] or f"entrant {row['player']}"
        if row["name"]:
            who += f" ({row['player']})"
        lines.append(f"  {row['shown']:>18}  {who} — {row['reason']}")
    return lines


def finishing_order(store: Any, now: Any) -> list[dict[str, Any]]:
    """``show --json``'s ``finishes``."""
    from floorman.tables.tournament_money import log_of, placed, standings_data

    return standings_data(now, placed(now, log_of(store, now)))


def with_money(store: Any, now: Any, data: dict[str, Any]) -> dict[str, Any]:
    """``show``'s data with the finishing order, and the chips in play (and the average
    stack) counting the chips each race added to play or took out of it, and those
    removed with a disqualified player."""
    from floorman.tables.tournament_money import log_of, placed, race_change, standings_data
    from floorman.tournament.penalties import removed_chips

    log = log_of(store, now)
    change = race_change(log) - removed_chips(log)
    if change:
        data["chips_in_play"] += change
        data["average_stack"] = data["chips_in_play"] // data["players"] if data["players"] else 0
    data["finishes"] = standings_data(now, placed(now, log))
    return data


@tournament_app.command(
    "payouts",
    epilog=help_example(
        "floorman tournament payouts daily --percent 50,30,20",
        "floorman tournament payouts daily --file payouts.txt --unit 5",
        "floorman tournament payouts daily --json",
    ),
)
def tournament_payouts(
    name: NameArgument,
    percent: Annotated[
        str | None,
        typer.Option(
            "--percent",
            metavar="P,P,...",
            help="Post the structure: percent per place, first place first, adding up to 100.",
            show_default=False,
        ),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            metavar="FILE",
            help="Post the structure from a file: percentages, one a line or by commas.",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    unit: Annotated[
        int, typer.Option("--unit", help="Each place rounded down to this unit.", min=1)
    ] = 1,
    remainder: Annotated[
        str,
        typer.Option(
            "--remainder",
            help="Where rounding's leftover goes: first-place or top-down (house option).",
        ),
    ] = "first-place",
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The prize pool (the buy-in times the entries) and what each place pays; with
    --percent or --file, the house's percentage structure is posted first (the books pay
    as posted, WSOP T 31, and give no percentages)."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_money import (
        log_of,
        payouts_data,
        payouts_table,
        post_payouts,
    )
    from floorman.tables.tournaments import current

    with user_errors():
        if percent is not None and file is not None:
            raise _error("tournament payouts: give --percent or --file, not both")
        posting = _posting(percent, file)
        with open_tournament_store(db) as store:
            now = current(store, name)
            if posting is not None:
                now = post_payouts(store, now, posting, unit=unit, remainder=remainder, by=by)
            table = payouts_table(now, log_of(store, now))
            if table is None:
                raise _error(
                    f"tournament {now.stored.name}: no payout structure posted;"
                    " give --percent P,P,... or --file FILE"
                )
    data = payouts_data(now, table)
    if as_json:
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    lines = [
        f"tournament {data['tournament']}: prize pool {data['prize_pool']:,}"
        f" ({data['entries']} entries × {data['buy_in']:,}; the fee is the house's)",
        f"{counted(len(data['places']), 'place')} paid, rounded to {data['unit']},"
        f" leftover to {data['remainder']} (house option: the books are silent)",
    ]
    lines += [
        f"  {_ordinal(p['place']):>6}  {p['percent']:>6}%  {p['amount']:>12,}"
        for p in data["places"]
    ]
    show(lines)


def _ordinal(place: int) -> str:
    from floorman.tournament.places import ordinal

    return ordinal(place)


def _posting(percent: str | None, file: Path | None) -> list[str] | None:
    if percent is not None:
        text, where = percent, "--percent"
    elif file is not None:
        from floorman.inputfile import read_input

        text = "\n".join(line.split("#", 1)[0] for line in read_input(file).splitlines())
        where = str(file)
    else:
        return None
    parts = [p.strip() for p in text.replace(",", " ").split()]
    parts = [p for p in parts if p]
    if not parts:
        raise _error(f"{where}: no percentages")
    if len(parts) > 10_000:
        raise _error(f"{where}: {len(parts)} places paid, at most 10000")
    from floorman.tournament.payouts import PayoutError, percentages

    try:
        percentages(parts)
    except PayoutError as error:
        raise _error(f"{where}: {error}") from None
    return parts


@tournament_app.command("results", epilog=help_example("floorman tournament results daily --json"))
def tournament_results(
    name: NameArgument, as_json: JsonOption = False, db: DbOption = None
) -> None:
    """The results: every place known, best first, who holds it and why, and what it
    pays by the payout structure posted; then the players still in."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_money import log_of, results_data
    from floorman.tables.tournaments import current

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        data = results_data(now, log_of(store, now))
    if as_json:
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    pool = data["prize_pool"]
    lines = [
        f"tournament {data['tournament']}: {data['entries']} entries"
        + (f", prize pool {pool:,}" if pool is not None else ", no payout structure posted")
    ]
    for row in data["results"]:
        who = row["name"] or f"entrant {row['player']}"
        if row["name"]:
            who += f" ({row['player']})"
        paid = f"{row['paid']:>12,}" if row["paid"] is not None else " " * 12
        dealt = "; the deal's amount" if row["deal"] else ""
        lines.append(f"  {row['shown']:>18}  {paid}  {who} — {row['reason']}{dealt}")
    if data["still_in"]:
        lines.append(f"still in: {counted(len(data['still_in']), 'player')}")
    lines += deal_lines(data)
    show(lines)


def deal_lines(data: dict[str, Any]) -> list[str]:
    """A deal as ``results`` and ``deal-made`` print it: each player still in with the
    amount agreed, and what is left to play for."""
    deal = data["deal"]
    if deal is None:
        return []
    lines = [f"deal made by {counted(len(deal['amounts']), 'player')} [{deal['cite']}]"]
    out = {row["player"] for row in data["results"]}
    for row in deal["amounts"]:
        who = f"{row['name']} ({row['player']})" if row["name"] else f"entrant {row['player']}"
        state = "" if row["player"] in out else ", still in"
        if row.get("disqualified"):
            state = ", disqualified: what the deal pays is the floor's call (the books are silent)"
        lines.append(f"  {row['amount']:>12,}  {who}{state}")
    if deal["left"]:
        lines.append(f"{deal['left']:,} left to play for, to the winner ({deal['left_to']})")
    else:
        lines.append("nothing left to play for")
    return lines


@tournament_app.command(
    "deal-made",
    epilog=help_example(
        "floorman tournament deal-made daily 12=4200 31=3100 7=2700",
        "floorman tournament deal-made daily 12=4000 31=3000 7=2500 --left 500",
    ),
)
def tournament_deal_made(
    name: NameArgument,
    amounts: Annotated[
        list[str],
        typer.Argument(
            metavar="PLAYER=AMOUNT...",
            help="What each player still in agreed to receive, by entrant number.",
            show_default=False,
        ),
    ],
    left: Annotated[
        int,
        typer.Option("--left", help="The prize money left to play for.", min=0, max=10**15),
    ] = 0,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The deal the players still in made (worked out with floorman icm, or any other):
    each one's amount recorded and paid in the results (RRoP §15 rule 36; TDA and WSOP
    are silent: a house option). The amounts and --left add up to what the places left
    pay; under RRoP some prize money stays at stake (rule 37)."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_money import log_of, make_deal, results_data
    from floorman.tables.tournaments import current

    with user_errors():
        agreed = _agreed(amounts)
        with open_tournament_store(db) as store:
            now = current(store, name)
            after = make_deal(store, now, agreed, left=left, by=by)
            data = results_data(after, log_of(store, after))
    if as_json:
        echo(json.dumps({"tournament": data["tournament"], **data["deal"]}, ensure_ascii=False,
                        indent=2))  # fmt: skip
        return
    show([*deal_lines(data), "recorded: floorman tournament results shows what each receives"])


def _agreed(texts: list[str]) -> dict[int, int]:
    agreed: dict[int, int] = {}
    if len(texts) > 1000:
        raise _error(f"{len(texts)} players in a deal: at most 1000")
    for text in texts:
        player, sep, amount = text.partition("=")
        if (
            not sep
            or not player.isdigit()
            or not amount.isdigit()
            or not player.isascii()
            or not amount.isascii()
            or len(player) > 6
            or len(amount) > 15
        ):
            raise _error(f"{text[:40]!r}: PLAYER=AMOUNT, an entrant number and a whole amount")
        if int(player) in agreed:
            raise _error(f"player {int(player)} is named twice")
        agreed[int(player)] = int(amount)
    return agreed


@tournament_app.command(
    "race",
    epilog=help_example(
        "floorman tournament race daily 3 1=3 4=2 7=1",
        "floorman tournament race daily 3 1=3 4=2 7=1 --cards '2c 9d Kh As 3c Qd'",
    ),
)
def tournament_race(
    name: NameArgument,
    table: TableArgument,
    counts: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="SEAT=CHIPS...",
            help="The chips of the removed denomination each seat holds (seats not named: none).",
            show_default=False,
        ),
    ] = None,
    chip: Annotated[
        int | None,
        typer.Option(
            "--chip",
            help="The chip colored up (default: the next the structure colors up).",
            min=1,
            show_default=False,
        ),
    ] = None,
    cards: Annotated[
        str | None,
        typer.Option(
            "--cards",
            metavar="CARDS",
            help="The cards dealt for the race, in the order dealt (without it: the cards due).",
            show_default=False,
        ),
    ] = None,
    one_chip: Annotated[
        bool | None,
        typer.Option(
            "--one-chip/--chip-per-card",
            help="House option where the book leaves it open (RRoP): one chip a player.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The chip race at TABLE when a chip is colored up (TDA 24, WSOP T 77, RRoP §15 rule
    8): the chips enough for a new chip changed up, the odd ones raced with the cards
    dealt, one card per odd chip from seat 1; each seat's new stack recorded, each step
    with its rule. Without --cards, the cards each seat is due."""
    from floorman.cards import parse_cards
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_money import race
    from floorman.tables.tournaments import current

    with user_errors():
        held = _counts(counts or [])
        dealt = parse_cards(cards) if cards is not None else None
        with open_tournament_store(db) as store:
            now = current(store, name)
            done = race(
                store,
                now,
                table,
                held,
                chip=chip,
                cards=dealt,
                one_chip_per_player=one_chip,
                by=by,
            )
    if as_json:
        echo(json.dumps(_race_json(now.stored.name, done), ensure_ascii=False, indent=2))
        return
    if done.race is None:
        if not done.due:
            show([f"table {table}: no odd chips to race [{done.cite}]"])
            return
        lines = [f"table {table}: deal the race from seat 1 [{done.cite}]"]
        lines += [f"  seat {seat:>2}: {counted(n, 'card')}" for seat, n in done.due]
        lines.append(f"then: floorman tournament race {now.stored.name} {table} ... --cards CARDS")
        show(lines)
        return
    show(_race_lines(table, done.race))


def _counts(texts: list[str]) -> dict[int, int]:
    held: dict[int, int] = {}
    for text in texts:
        seat, sep, count = text.partition("=")
        if (
            not sep
            or not seat.isdigit()
            or not count.isdigit()
            or not seat.isascii()
            or not count.isascii()
            or len(count) > 9
            or not 1 <= int(seat) <= 10
        ):
            raise _error(f"{text[:40]!r}: SEAT=CHIPS, a seat 1 to 10 and a count of chips")
        if int(seat) in held:
            raise _error(f"seat {int(seat)} is named twice")
        held[int(seat)] = int(count)
    return held


def _race_lines(table: int, done: ChipRace) -> list[str]:
    up = done.color_up
    lines = [f"table {table}: the {up.removed} chips colored up to {up.next_chip}"]
    for seat in done.seats:
        cards = " ".join(str(c) for c in seat.cards)
        lines.append(
            f"  seat {seat.seat:>2}  {seat.before:>9,} → {seat.after:>9,}"
            f"  {seat.direct} changed up, {seat.odd} raced"
            + (f" ({cards})" if cards else "")
            + f": {seat.reason}"
        )
    lines.append(
        f"raced {done.raced:,} in {up.removed} chips for {done.awarded:,} in {up.next_chip} chips;"
        " recorded"
    )
    return lines


def _race_json(name: str, done: Any) -> dict[str, Any]:
    race = done.race
    data: dict[str, Any] = {
        "tournament": name,
        "table": done.table,
        "cite": done.cite,
        "due": [{"seat": seat, "cards": n} for seat, n in done.due],
        "recorded": race is not None,
    }
    if race is not None:
        data.update(
            chip=race.color_up.removed,
            to=race.color_up.next_chip,
            raced=race.raced,
            awarded=race.awarded,
            seats=[
                {
                    "seat": s.seat,
                    "before": s.before,
                    "direct": s.direct,
                    "odd": s.odd,
                    "won": s.won,
                    "saved": s.saved,
                    "after": s.after,
                    "cards": [c.ascii for c in s.cards],
                    "reason": s.reason,
                }
                for s in race.seats
            ],
        )
    return data


CountArgument = Annotated[
    int, typer.Argument(help="How many chips of that denomination.", min=1, max=10**9)
]


@tournament_app.command(
    "found-chips",
    epilog=help_example(
        "floorman tournament found-chips daily 3 5 7",
        "floorman tournament found-chips daily 3 5 7 --chip 25",
    ),
)
def tournament_found_chips(
    name: NameArgument,
    table: TableArgument,
    seat: SeatArgument,
    count: CountArgument,
    chip: Annotated[
        int | None,
        typer.Option(
            "--chip",
            help="The removed chip found (default: the chip raced off at TABLE last).",
            min=1,
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """COUNT chips of a denomination raced off found with the player at TABLE SEAT after
    the race (TDA 24-C, WSOP T 77-c; RRoP is silent: the same, as a house option):
    exchanged at equal value for the smallest chip still in play; what does not make a
    whole chip of it is removed from play without compensation. The stack is recorded."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_money import found_chips
    from floorman.tables.tournaments import current

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        done = found_chips(store, now, table, seat, count, chip=chip, by=by)
    found = done.record["found"]
    if as_json:
        echo(json.dumps(_changed_json(now.stored.name, done, "found"), ensure_ascii=False,
                        indent=2))  # fmt: skip
        return
    new = found["exchanged"] // found["to"]
    show(
        [
            f"table {table} seat {seat}: {now.floor.name(done.entry)}, {counted(count, 'chip')}"
            f" of {found['chip']} found after the race [{done.cite}]",
            f"  {found['exchanged']:,} exchanged: {counted(new, 'chip')} of {found['to']}",
            f"  {found['removed']:,} removed from play without compensation"
            if found["removed"]
            else "  nothing removed: they make whole chips",
            f"stack {done.before:,} → {done.after:,}; recorded",
        ]
    )


@tournament_app.command(
    "color-up",
    epilog=help_example(
        "floorman tournament color-up daily 3 5 36 --chip 25",
        "floorman tournament color-up daily 3 5 12 --chip 100 --to 500",
    ),
)
def tournament_color_up(
    name: NameArgument,
    table: TableArgument,
    seat: SeatArgument,
    count: CountArgument,
    chip: Annotated[
        int, typer.Option("--chip", help="The chip colored up.", min=1, show_default=False)
    ],
    to: Annotated[
        int | None,
        typer.Option(
            "--to",
            help="The chip given for them (default: the next larger chip).",
            min=1,
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """A color-up of the player at TABLE SEAT at the floor's discretion, announced (TDA
    25-B, WSOP T 106; RRoP is silent: a house option): COUNT chips of --chip exchanged
    at equal value for chips of --to, the odd ones kept; the stack is unchanged."""
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournament_money import color_up_player
    from floorman.tables.tournaments import current

    with user_errors(), open_tournament_store(db) as store:
        now = current(store, name)
        done = color_up_player(store, now, table, seat, count, chip, to=to, by=by)
    up = done.record["color_up"]
    if as_json:
        echo(json.dumps(_changed_json(now.stored.name, done, "color_up"), ensure_ascii=False,
                        indent=2))  # fmt: skip
        return
    kept = f", {counted(up['kept'], 'chip')} of {up['chip']} kept" if up["kept"] else ""
    show(
        [
            f"table {table} seat {seat}: {now.floor.name(done.entry)} colored up, announced"
            f" [{done.cite}]",
            f"  {counted(up['changed'], 'chip')} of {up['chip']} for"
            f" {counted(up['new'], 'chip')} of {up['to']}{kept}",
            f"stack {done.before:,}, unchanged; recorded",
        ]
    )


def _changed_json(name: str, done: ChipsChanged, step: str) -> dict[str, Any]:
    return {
        "tournament": name,
        "table": done.table,
        "seat": done.seat,
        "player": done.entry,
        "before": done.before,
        "after": done.after,
        **done.record[step],
    }


__all__ = ["finishing_lines", "finishing_order", "with_money"]
