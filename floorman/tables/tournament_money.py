"""A tournament's money and chips as the floor records them: busts in one hand with their
finishing places, the payout structure posted and what each place pays, the results,
and the chip race at a color-up, each step logged like any other record.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from floorman.cards import Card
from floorman.errors import FloormanError
from floorman.store.tournaments import TournamentStore
from floorman.tables.tournaments import Current, _who, current
from floorman.tournament.chiprace import (
    ChipRace,
    ColorUp,
    RaceError,
    RaceSeat,
    assign_cards,
    cards_due,
    chip_race,
    color_up,
    exchange_found,
    race_rules,
)
from floorman.tournament.deal import DealError, deal_paid, deal_record
from floorman.tournament.floor import FloorError, apply_record
from floorman.tournament.handforhand import hand_for_hand as h4h_state
from floorman.tournament.payouts import REMAINDERS, PayoutTable, payout_table
from floorman.tournament.places import ordinal
from floorman.tournament.standings import Standing, paid, standings

__all__ = [
    "PRIZE_POOL",
    "ChipsChanged",
    "RaceDone",
    "bust_hand",
    "color_up_player",
    "found_chips",
    "log_of",
    "make_deal",
    "payouts_data",
    "payouts_table",
    "placed",
    "post_payouts",
    "race",
    "race_change",
    "race_chip",
    "results_data",
    "standings_data",
]

PRIZE_POOL = "the buy-in times the entries (re-entries included); the fee is the house's"
MAX_STACK = 10**15


def log_of(store: TournamentStore, now: Current) -> list[dict[str, Any]]:
    """The tournament's records, as :func:`placed` reads them."""
    return [entry.data for entry in store.log(now.stored.name)]


def placed(now: Current, log: Sequence[Mapping[str, Any]]) -> list[Standing]:
    """The finishing order with ``log`` as the tournament's records."""
    try:
        return standings(log, now.structure.rulebook)
    except (FloorError, KeyError, TypeError, ValueError) as error:
        raise FloormanError(f"tournament {now.stored.name}: {error}") from None


def bust_hand(
    store: TournamentStore,
    now: Current,
    table: int,
    seats: Sequence[int],
    *,
    started: Sequence[int] = (),
    same_hand: bool = False,
    hand_for_hand: bool = False,
    by: str | None = None,
) -> Current:
    """The players at ``table`` ``seats`` went out in one hand (joining the busts recorded
    last with ``same_hand``), having begun it with ``started`` chips each (default: their
    stacks as recorded); logged in one transaction once their places are worked out."""
    name = now.stored.name
    if len(set(seats)) != len(seats):
        raise FloormanError(f"table {table}: a seat is named twice")
    if started and len(started) != len(seats):
        raise FloormanError(
            f"--started gives {len(started)} stacks for {len(seats)} seats: one for each seat"
        )
    for stack in started:
        if not 1 <= stack <= MAX_STACK:
            raise FloormanError(f"--started {stack}: a player out began the hand with chips")
    log = log_of(store, now)
    if same_hand and not any(record["kind"] == "bust" for record in log):
        raise FloormanError(f"tournament {name}: --same-hand, but no bust is recorded yet")
    playing = h4h_state(log)
    if playing.on:  # busts in one hand-for-hand hand share places (TDA 2024 RP-8-A)
        hand_for_hand = True
        same_hand = same_hand or playing.busts_this_hand > 0
    records: list[dict[str, Any]] = []
    floor = now.floor.copy()
    for index, seat in enumerate(seats):
        record: dict[str, Any] = {"kind": "bust", "table": table, "seat": seat}
        if started:
            record["started"] = started[index]
        if same_hand or index:
            record["same_hand"] = True
        if hand_for_hand:
            record["hand_for_hand"] = True
        try:
            if floor.players <= 1:
                raise FloorError("one player is left: the winner cannot bust")
            apply_record(floor, record)
        except FloorError as error:
            raise FloormanError(f"tournament {name}: {error}") from None
        records.append(record)
    if floor.players < 1:
        raise FloormanError(f"tournament {name}: every player left cannot bust")
    placed(now, log + records)
    store.append(name, records, after=now.last, by=_who(by))
    return current(store, name)


def post_payouts(
    store: TournamentStore,
    now: Current,
    percent: Sequence[str],
    *,
    unit: int = 1,
    remainder: str = "first-place",
    by: str | None = None,
) -> Current:
    """Post the payout structure (percent per place, first place first): checked against
    the prize pool now, then logged; a later posting replaces it."""
    record = {"kind": "payouts", "percent": list(percent), "unit": unit, "remainder": remainder}
    _table(now, record)
    store.append(now.stored.name, [record], after=now.last, by=_who(by))
    return current(store, now.stored.name)


def _posted(now: Current, log: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    posted = [record for record in log if record["kind"] == "payouts"]
    return posted[-1] if posted else None


def _table(now: Current, record: Mapping[str, Any]) -> PayoutTable:
    remainder = str(record["remainder"])
    if remainder not in REMAINDERS:
        raise FloormanError(f"--remainder {remainder}: one of {', '.join(REMAINDERS)}")
    pool = now.structure.buy_in * now.floor.entrants
    table = payout_table(
        pool,
        [str(p) for p in record["percent"]],
        unit=int(record["unit"]),
        remainder="top-down" if remainder == "top-down" else "first-place",
    )
    if table.places_paid > now.floor.entrants:
        raise FloormanError(
            f"the structure pays {table.places_paid} places, more than the"
            f" {now.floor.entrants} entries"
        )
    return table


def payouts_table(now: Current, log: Sequence[Mapping[str, Any]]) -> PayoutTable | None:
    """The payout table posted, cut from the prize pool as it stands, or ``None``."""
    record = _posted(now, log)
    return _table(now, record) if record is not None else None


def _who_is(now: Current, entry: int) -> dict[str, Any]:
    return {"player": entry, "name": now.floor.names.get(entry)}


def standings_data(now: Current, rows: Sequence[Standing]) -> list[dict[str, Any]]:
    """The finishing order as ``show --json`` and ``results --json`` print it."""
    return [
        {
            "place": row.place,
            "places": list(row.places),
            "shown": _shown(row.places),
            **_who_is(now, row.entry),
            "table": row.table,
            "seat": row.seat,
            "started": row.started,
            "tied_with": list(row.tied_with),
            "reason": row.reason,
        }
        for row in rows
    ]


def _shown(places: Sequence[int]) -> str:
    if len(places) == 1:
        return ordinal(places[0])
    return f"tied for {ordinal(places[0])} to {ordinal(places[-1])}"


def payouts_data(now: Current, table: PayoutTable) -> dict[str, Any]:
    """The payout table as ``payouts --json`` prints it."""
    return {
        "tournament": now.stored.name,
        "buy_in": now.structure.buy_in,
        "fee": now.structure.fee,
        "entries": now.floor.entrants,
        "prize_pool": table.prize_pool,
        "prize_pool_is": PRIZE_POOL,
        "unit": table.unit,
        "remainder": table.remainder,
        "places": [
            {"place": place, "percent": _percent(share), "amount": amount}
            for place, (share, amount) in enumerate(
                zip(table.percentages, table.amounts, strict=True), start=1
            )
        ],
    }


def _percent(share: Any) -> str:
    return f"{float(share):g}"


def _deal(log: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    deals = [record for record in log if record["kind"] == "deal"]
    return deals[-1] if deals else None


def _disqualified(log: Sequence[Mapping[str, Any]]) -> set[int]:
    return {
        int(r["entry"])
        for r in log
        if r["kind"] == "penalty" and r["penalty"] == "disqualification"
    }


def _still_in(now: Current) -> list[int]:
    return sorted(seated.entry for seats in now.floor.tables.values() for seated in seats.values())


def make_deal(
    store: TournamentStore,
    now: Current,
    amounts: Mapping[int, int],
    *,
    left: int = 0,
    by: str | None = None,
) -> Current:
    """The deal the players still in made: ``amounts`` agreed, ``left`` to play for,
    checked against what the places left pay by the payout structure posted, then
    logged; a tournament has one deal."""
    name = now.stored.name
    log = log_of(store, now)
    if _deal(log) is not None:
        raise FloormanError(f"tournament {name}: a deal is recorded already")
    table = payouts_table(now, log)
    if table is None:
        raise FloormanError(
            f"tournament {name}: no payout structure posted; post it first:"
            f" floorman tournament payouts {name} --percent P,P,..."
        )
    players = now.floor.players
    pool_left = sum(table.amounts[:players])
    try:
        record = deal_record(amounts, left, set(_still_in(now)), pool_left, now.structure.rulebook)
    except DealError as error:
        raise FloormanError(f"tournament {name}: {error}") from None
    store.append(name, [record], after=now.last, by=_who(by))
    return current(store, name)


def deal_data(
    now: Current, record: Mapping[str, Any], disqualified: Collection[int] = ()
) -> dict[str, Any]:
    """A deal as ``results --json`` prints it; ``disqualified``: the players of the deal
    disqualified since (what the deal pays them the books do not say)."""
    return {
        "amounts": [
            {**_who_is(now, int(e)), "amount": int(a), "disqualified": int(e) in disqualified}
            for e, a in record["amounts"].items()
        ],
        "left": int(record["left"]),
        "pool_left": int(record["pool_left"]),
        "cite": record["cite"],
        "at_stake": record["at_stake"],
        "left_to": record["left_to"],
    }


def results_data(now: Current, log: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The results: each place known with what it pays (for the players in a deal, what
    the deal gives them), and who is still in."""
    rows = placed(now, log)
    table = payouts_table(now, log)
    amounts = paid(rows, table) if table is not None else {}
    deal = _deal(log)
    winner = rows[0].entry if now.floor.players == 1 and rows else None
    dealt = deal_paid(deal, winner) if deal is not None else {}
    amounts.update(dealt)
    results = standings_data(now, rows)
    for row in results:
        row["paid"] = amounts.get(row["player"]) if table is not None else None
        row["deal"] = row["player"] in dealt
    still_in = _still_in(now)
    return {
        "tournament": now.stored.name,
        "entries": now.floor.entrants,
        "prize_pool": table.prize_pool if table is not None else None,
        "finished": now.floor.players == 1,
        "results": results,
        "still_in": []
        if now.floor.players == 1
        else [{**_who_is(now, e), "deal": dealt.get(e)} for e in still_in],
        "deal": deal_data(now, deal, _disqualified(log)) if deal is not None else None,
    }


@dataclass(frozen=True)
class RaceDone:
    """A race worked out at one table: the race, and the cards still to deal if none
    were given."""

    table: int
    race: ChipRace | None
    due: tuple[tuple[int, int], ...]
    cite: str


def race_chip(now: Current, table: int, log: Sequence[Mapping[str, Any]]) -> int:
    """The chip a race at ``table`` colors up by default: the first chip the structure's
    breaks color up that has not been raced off at that table."""
    raced = _raced(log, table)
    for stage in now.structure.levels:
        for chip in getattr(stage, "color_up", ()):
            if chip not in raced:
                return int(chip)
    raise FloormanError(
        f"table {table}: the structure colors up no chip not yet raced here; give --chip"
    )


def race_change(log: Sequence[Mapping[str, Any]]) -> int:
    """The chips the races recorded added to play (below 0: took out of it): each seat's
    stack after its race less its stack before, and the chips of a removed denomination
    found after a race and removed without compensation (TDA 24-C)."""
    return sum(
        int(record["chips"]) - int(record[step]["before"])
        for record in log
        if record["kind"] == "chips"
        for step in ("race", "found")
        if record.get(step)
    )


def _raced(log: Sequence[Mapping[str, Any]], table: int) -> set[int]:
    return {
        int(record["race"]["chip"])
        for record in log
        if record["kind"] == "chips" and record.get("race") and int(record["table"]) == table
    }


def _next_chip(now: Current, chip: int) -> int:
    """The smallest chip still in play once ``chip`` is colored up: the chips colored up
    at the breaks up to the one that colors ``chip`` up are out of play by then."""
    if chip not in now.structure.chips:
        chips = ", ".join(str(c) for c in now.structure.chips)
        raise FloormanError(f"--chip {chip}: the structure's chips are {chips}")
    gone: set[int] = set()
    for stage in now.structure.levels:
        scheduled = set(getattr(stage, "color_up", ()))
        if chip in scheduled:
            gone |= scheduled
            break
        gone |= scheduled
    else:
        gone = set()
    larger = [c for c in now.structure.chips if c > chip and c not in gone]
    if not larger:
        raise FloormanError(f"--chip {chip}: no larger chip stays in play to color up to")
    return min(larger)


def race(
    store: TournamentStore,
    now: Current,
    table: int,
    counts: Mapping[int, int],
    *,
    chip: int | None = None,
    cards: Sequence[Card] | None = None,
    one_chip_per_player: bool | None = None,
    by: str | None = None,
) -> RaceDone:
    """The chip race at ``table``: ``counts`` the chips of the removed denomination each
    seat holds (seats not named hold none). Without ``cards``, the cards due to each seat;
    with them, the race run and each seat's new stack logged."""
    name = now.stored.name
    if table not in now.floor.tables:
        where = "was broken" if table in now.floor.broken else "is not in play"
        raise FloormanError(f"tournament {name}: table {table} {where}")
    at_table = now.floor.tables[table]
    for seat in counts:
        if seat not in at_table:
            raise FloormanError(f"tournament {name}: table {table} seat {seat} is empty")
    log = log_of(store, now)
    removed = chip if chip is not None else race_chip(now, table, log)
    if removed in _raced(log, table):
        raise FloormanError(f"table {table}: the {removed} chips were raced off already")
    color = ColorUp(removed, _next_chip(now, removed))
    rules = race_rules(now.structure.rulebook, one_chip_per_player=one_chip_per_player)
    racers = []
    for seat, seated in sorted(at_table.items()):
        count = counts.get(seat, 0)
        if count * removed > seated.chips:
            raise FloormanError(
                f"table {table} seat {seat}: {count} chips of {removed} are more than"
                f" the stack of {seated.chips}"
            )
        racers.append(RaceSeat(seat, count, seated.chips - count * removed))
    try:
        due = cards_due(racers, color)
        if cards is None:
            return RaceDone(table, None, due, rules.race)
        done = chip_race(racers, assign_cards(due, cards), color, rules)
    except RaceError as error:
        raise FloormanError(f"table {table}: {error}") from None
    records = [
        {
            "kind": "chips",
            "table": table,
            "seat": seat.seat,
            "chips": seat.after,
            "race": {
                "chip": removed,
                "to": color.next_chip,
                "removed_chips": counts.get(seat.seat, 0),
                "odd": seat.odd,
                "direct": seat.direct,
                "won": seat.won,
                "cards": [card.ascii for card in seat.cards],
                "before": seat.before,
                "reason": seat.reason,
            },
        }
        for seat in done.seats
    ]
    store.append(name, records, after=now.last, by=_who(by))
    return RaceDone(table, done, due, rules.race)


@dataclass(frozen=True)
class ChipsChanged:
    """Chips changed at one seat outside a race: found chips of a removed denomination
    exchanged, or a player colored up; the stack before and after, and the rule."""

    table: int
    seat: int
    entry: int
    before: int
    after: int
    record: Mapping[str, Any]
    cite: str


def _seated_chips(now: Current, table: int, seat: int, count: int, chip: int) -> int:
    """The stack at ``table`` ``seat``, checked to hold ``count`` chips of ``chip``."""
    try:
        seated = now.floor.at(table, seat)
    except FloorError as error:
        raise FloormanError(f"tournament {now.stored.name}: {error}") from None
    if chip not in now.structure.chips:
        chips = ", ".join(str(c) for c in now.structure.chips)
        raise FloormanError(f"--chip {chip}: the structure's chips are {chips}")
    if count * chip > seated.chips:
        raise FloormanError(
            f"table {table} seat {seat}: {count} chips of {chip} are more than the stack of"
            f" {seated.chips}"
        )
    return seated.chips


def found_chips(
    store: TournamentStore,
    now: Current,
    table: int,
    seat: int,
    count: int,
    *,
    chip: int | None = None,
    by: str | None = None,
) -> ChipsChanged:
    """``count`` chips of a denomination raced off at ``table`` found with the player at
    ``seat`` after the race (default: the chip raced off there last): exchanged at equal
    value in the smallest chip still in play, the rest removed without compensation
    (TDA 24-C); the stack, which counted them at face value, logged less what is removed."""
    try:
        now.floor.at(table, seat)
    except FloorError as error:
        raise FloormanError(f"tournament {now.stored.name}: {error}") from None
    log = log_of(store, now)
    raced = [
        int(record["race"]["chip"])
        for record in log
        if record["kind"] == "chips" and record.get("race") and int(record["table"]) == table
    ]
    if chip is None:
        if not raced:
            raise FloormanError(f"table {table}: no chip race is recorded here; give --chip")
        chip = raced[-1]
    seated = _seated_chips(now, table, seat, count, chip)
    if chip not in raced:
        raise FloormanError(
            f"table {table}: the {chip} chips were not raced off here; found chips are"
            " exchanged after the race"
        )
    smallest = _next_chip(now, chip)
    try:
        kept, lost = exchange_found(count, chip, smallest)
    except RaceError as error:
        raise FloormanError(f"table {table} seat {seat}: {error}") from None
    if lost >= seated:
        raise FloormanError(
            f"table {table} seat {seat}: the found chips are the whole stack; count it"
            " with chips or record the bust"
        )
    cite = race_rules(now.structure.rulebook).found
    record: dict[str, Any] = {
        "kind": "chips",
        "table": table,
        "seat": seat,
        "chips": seated - lost,
        "found": {
            "chip": chip,
            "count": count,
            "to": smallest,
            "exchanged": kept,
            "removed": lost,
            "before": seated,
            "cite": cite,
        },
    }
    store.append(now.stored.name, [record], after=now.last, by=_who(by))
    entry = now.floor.tables[table][seat].entry
    return ChipsChanged(table, seat, entry, seated, seated - lost, record, cite)


def color_up_player(
    store: TournamentStore,
    now: Current,
    table: int,
    seat: int,
    count: int,
    chip: int,
    *,
    to: int | None = None,
    by: str | None = None,
) -> ChipsChanged:
    """The player at ``table`` ``seat`` colored up at the floor's discretion, announced
    (TDA 25-B): ``count`` chips of ``chip`` exchanged at equal value for chips of ``to``
    (default: the next larger chip of the structure), the odd ones kept; logged with the
    stack unchanged."""
    seated = _seated_chips(now, table, seat, count, chip)
    larger = [c for c in now.structure.chips if c > chip]
    if to is None:
        if not larger:
            raise FloormanError(f"--chip {chip}: no larger chip to color up to")
        to = min(larger)
    if to not in now.structure.chips:
        chips = ", ".join(str(c) for c in now.structure.chips)
        raise FloormanError(f"--to {to}: the structure's chips are {chips}")
    try:
        after = color_up({chip: count}, chip, to)
    except RaceError as error:
        raise FloormanError(f"--to {to}: {error}") from None
    if after[to] == 0:
        raise FloormanError(
            f"table {table} seat {seat}: {count} chips of {chip} make no chip of {to}"
        )
    cite = race_rules(now.structure.rulebook).discretionary
    record: dict[str, Any] = {
        "kind": "chips",
        "table": table,
        "seat": seat,
        "chips": seated,
        "color_up": {
            "chip": chip,
            "count": count,
            "to": to,
            "changed": count - after[chip],
            "new": after[to],
            "kept": after[chip],
            "cite": cite,
        },
    }
    store.append(now.stored.name, [record], after=now.last, by=_who(by))
    entry = now.floor.tables[table][seat].entry
    return ChipsChanged(table, seat, entry, seated, seated, record, cite)
