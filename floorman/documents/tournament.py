"""A tournament on paper: the structure sheet, the seat cards and the seating list, the
payouts, the results, the penalty log and the tournament report.

Each view takes what the tournament's commands print as JSON (``show --json``,
``seating --json``, ``payouts --json``, ``results --json``, ``penalties --json``)
and its log, so
the paper and the screen tell one story. The report's sections are a list:
another log of the tournament (a penalty log, say) joins it as one more
:class:`Section` passed in ``extra``, without this module knowing of it.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from floorman.tournament.places import ordinal
from floorman.tournament.structure import Break, Level, Structure
from floorman.vocabulary import room_time

__all__ = [
    "DOCUMENTS",
    "Section",
    "payouts_view",
    "penalties_view",
    "penalty_sections",
    "report_view",
    "results_view",
    "seat_cards_view",
    "seating_view",
    "structure_view",
]

DOCUMENTS: Final = {
    "structure": "the structure sheet: levels, breaks and color-ups",
    "seat-cards": "a seat card for each player still in, to cut out",
    "seating": "the seating list, by name",
    "payouts": "the prize pool and what each place pays",
    "results": "the finishing places and what each pays",
    "penalties": "the penalty log: every penalty, the players on penalty now, the clock calls",
    "report": "the tournament report: entrants, prize pool, places, every move with its rule",
}
"""What ``floorman tournament print`` prints, by the word that names it."""

BOOKS: Final = {
    "tda-2024": "Poker TDA 2024",
    "rrop": "Robert's Rules of Poker",
    "wsop-2024": "WSOP 2024 tournament rules",
}


@dataclass(frozen=True)
class Section:
    """A section of the tournament report: a title, column heads and rows of text."""

    title: str
    heads: Sequence[str]
    rows: Sequence[Sequence[str]]
    note: str = ""
    numeric: Sequence[int] = field(default=())
    """The columns (counted from 0) set right, as numbers are."""


def _doc(data: Mapping[str, Any], title: str, *, paper: str, day: datetime.date) -> dict[str, Any]:
    from floorman.documents.wording import long_date

    return {
        "title": title,
        "house": f"{data['title']} ({data['tournament']})",
        "source": BOOKS.get(str(data.get("rulebook", "")), str(data.get("rulebook", ""))),
        "date": long_date(day),
        "paper": paper,
        "four_colour": False,
        "meta": [f"printed {long_date(day)}"],
    }


def _who(row: Mapping[str, Any]) -> str:
    name = row.get("name")
    return f"{name} ({row['player']})" if name else f"entrant {row['player']}"


def _chips(amount: int | None) -> str:
    return "" if amount is None else f"{amount:,}"


def _blinds(level: Level) -> str:
    return f"{level.blinds[0]:,}/{level.blinds[1]:,}"


def _clock(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


def structure_view(
    data: Mapping[str, Any], structure: Structure, *, paper: str, day: datetime.date
) -> dict[str, Any]:
    """The structure sheet: every level with its blinds, antes, limits and minutes, the
    time it starts (counted from the start of play), and each break with its color-up."""
    rows: list[dict[str, Any]] = []
    elapsed = 0
    number = 0
    for stage in structure.levels:
        if isinstance(stage, Break):
            chips = ", ".join(f"{c:,}" for c in stage.color_up)
            rows.append(
                {
                    "kind": "break",
                    "start": _clock(elapsed),
                    "text": f"Break, {stage.minutes} minutes"
                    + (f": color up the {chips} chips (chip race)" if chips else ""),
                }
            )
            elapsed += stage.minutes
            continue
        number += 1
        rows.append(
            {
                "kind": "level",
                "level": number,
                "start": _clock(elapsed),
                "blinds": _blinds(stage),
                "ante": _chips(stage.ante or None),
                "bb_ante": _chips(stage.big_blind_ante or None),
                "limits": f"{stage.limits[0]:,}/{stage.limits[1]:,}" if stage.limits else "",
                "minutes": stage.minutes,
            }
        )
        elapsed += stage.minutes
    facts = [
        ("Game", f"{structure.game}, {structure.betting}"),
        ("Rulebook", BOOKS.get(structure.rulebook, structure.rulebook)),
        ("Buy-in", f"{structure.buy_in:,} + {structure.fee:,} fee"),
        ("Starting stack", f"{structure.starting_stack:,}"),
        ("Chips", ", ".join(f"{c:,}" for c in structure.chips)),
        ("Table seats", str(structure.table_seats)),
    ]
    cite = {
        "tda-2024": "TDA 2024 Rule 23, 24",
        "rrop": "RRoP §15 rules 7, 8",
        "wsop-2024": "WSOP T 77, 79",
    }[structure.rulebook]
    return {
        "doc": _doc(data, "Structure", paper=paper, day=day),
        "facts": [{"label": k, "value": v} for k, v in facts],
        "rows": rows,
        "limits": any(r.get("limits") for r in rows),
        "antes": any(r.get("ante") for r in rows),
        "bb_antes": any(r.get("bb_ante") for r in rows),
        "note": "A new level applies to the next hand dealt; chips colored up at a break are"
        f" raced off, one chip at most to a player ({cite}).",
    }


def seat_cards_view(
    data: Mapping[str, Any], seating: Sequence[Mapping[str, Any]], *, paper: str, day: datetime.date
) -> dict[str, Any]:
    """A card for every player still in, in table and seat order, to cut out and hand
    over: the tournament, the player, the table and the seat."""
    cards = [
        {
            "who": _who(row),
            "table": row["table"],
            "seat": row["seat"],
            "chips": _chips(row["chips"]),
        }
        for row in sorted(seating, key=lambda r: (r["table"], r["seat"]))
    ]
    return {
        "doc": _doc(data, "Seat cards", paper=paper, day=day),
        "tournament": data["title"],
        "cards": cards,
    }


def seating_view(
    data: Mapping[str, Any], seating: Sequence[Mapping[str, Any]], *, paper: str, day: datetime.date
) -> dict[str, Any]:
    """The seating list as ``tournament seating`` prints it, for players to find their
    seats: by name, numbered entrants by number."""
    return {
        "doc": _doc(data, "Seating list", paper=paper, day=day),
        "facts": [
            {"label": "Players", "value": f"{data['players']} of {data['entrants']} entrants"},
            {"label": "Tables", "value": ", ".join(str(t["table"]) for t in data["tables"])},
        ],
        "rows": [
            {
                "who": _who(row),
                "table": row["table"],
                "seat": row["seat"],
                "chips": _chips(row["chips"]),
            }
            for row in seating
        ],
    }


def payouts_view(
    data: Mapping[str, Any], payouts: Mapping[str, Any], *, paper: str, day: datetime.date
) -> dict[str, Any]:
    """The prize pool and what each place pays, as posted."""
    return {
        "doc": _doc(data, "Payouts", paper=paper, day=day),
        "facts": [
            {"label": "Entries", "value": str(payouts["entries"])},
            {"label": "Buy-in", "value": f"{payouts['buy_in']:,} + {payouts['fee']:,} fee"},
            {"label": "Prize pool", "value": f"{payouts['prize_pool']:,}"},
            {"label": "Places paid", "value": str(len(payouts["places"]))},
        ],
        "pool_is": payouts["prize_pool_is"],
        "rounding": f"Each place rounded down to {payouts['unit']:,}; what rounding leaves"
        f" goes {_remainder(payouts['remainder'])} (house option: the books are silent,"
        " WSOP T 31 pays as posted).",
        "places": [
            {
                "place": ordinal(p["place"]),
                "percent": f"{p['percent']}%",
                "amount": _chips(p["amount"]),
            }
            for p in payouts["places"]
        ],
    }


def _remainder(remainder: str) -> str:
    return "to first place" if remainder == "first-place" else "a unit a place from the top"


def results_view(
    data: Mapping[str, Any], results: Mapping[str, Any], *, paper: str, day: datetime.date
) -> dict[str, Any]:
    """Every place known, best first: who holds it, why, and what it pays."""
    pool = results["prize_pool"]
    return {
        "doc": _doc(data, "Results", paper=paper, day=day),
        "facts": [
            {"label": "Entries", "value": str(results["entries"])},
            {"label": "Prize pool", "value": _chips(pool) or "no payout structure posted"},
            {
                "label": "Status",
                "value": "finished"
                if results["finished"]
                else f"{len(results['still_in'])} players still in",
            },
            *_deal_fact(results),
        ],
        "rows": _result_rows(results),
        "paid": pool is not None,
    }


def _result_rows(results: Mapping[str, Any]) -> list[dict[str, str]]:
    """Each place known, then the players still in who made a deal, with its amount."""
    deal = results.get("deal")
    cite = f"the deal's amount ({deal['cite']})" if deal else ""
    rows = [
        {
            "place": row["shown"],
            "who": _who(row),
            "paid": _chips(row.get("paid")),
            "reason": f"{row['reason']}; {cite}" if row.get("deal") else row["reason"],
        }
        for row in results["results"]
    ]
    rows += [
        {"place": "still in", "who": _who(row), "paid": _chips(row["deal"]), "reason": cite}
        for row in results["still_in"]
        if row.get("deal") is not None
    ]
    return rows


def _deal_fact(results: Mapping[str, Any]) -> list[dict[str, str]]:
    deal = results.get("deal")
    if not deal:
        return []
    left = (
        f"; {_chips(deal['left'])} left to play for, to the winner"
        if deal["left"]
        else "; nothing left to play for"
    )
    return [{"label": "Deal", "value": f"made by {len(deal['amounts'])} players{left}"}]


def report_view(
    data: Mapping[str, Any],
    results: Mapping[str, Any],
    log: Sequence[Mapping[str, Any]],
    *,
    paper: str,
    day: datetime.date,
    extra: Sequence[Section] = (),
) -> dict[str, Any]:
    """The tournament report: the facts (entries, prize pool, players left), the places
    with their reasons and payouts, every move and table broken with its rule and time,
    every chip race and entry, then ``extra`` sections; signature lines close it.

    ``log`` holds the tournament's records as the store keeps them, each
    ``{"data": record, "at": time, "by": who}``.
    """
    names = {int(k): str(v) for k, v in _draw(log).get("names", {}).items()}
    names.update(
        {int(i["data"]["entry"]): str(i["data"]["name"]) for i in log
         if i["data"]["kind"] == "enter" and i["data"].get("name")}
    )  # fmt: skip

    def who(entry: int) -> str:
        name = names.get(entry)
        return f"{name} ({entry})" if name else f"entrant {entry}"

    moves: list[list[str]] = []
    entries: list[list[str]] = []
    races: list[list[str]] = []
    for item in log:
        record, at, by = item["data"], room_time(item["at"], "%H:%M"), item.get("by") or ""
        if record["kind"] == "moves":
            for table in record.get("broken", []):
                cites = {m["cite"] for m in record["moves"] if m["from"][0] == table}
                moves.append([at, f"table {table} breaks", "; ".join(sorted(cites)), by])
            for move in record["moves"]:
                (ft, fs), (tt, ts) = move["from"], move["to"]
                text = (
                    f"{who(int(move['entry']))}, {int(move['chips']):,} chips: table {ft} seat"
                    f" {fs} to table {tt} seat {ts} — {move['reason']}"
                )
                moves.append([at, text, move["cite"], by])
        elif record["kind"] == "enter":
            text = f"{who(int(record['entry']))}: table {record['table']} seat {record['seat']}"
            forfeit = record.get("forfeit")
            if forfeit:
                text += (
                    f"; a re-entry: {who(int(forfeit['entry']))} forfeited"
                    f" {int(forfeit['chips']):,} chips, removed from play ({forfeit['cite']})"
                )
            entries.append([at, text, str(record.get("cite", "")), by])
        elif record["kind"] == "chips" and record.get("race"):
            race = record["race"]
            text = (
                f"table {record['table']} seat {record['seat']}: {int(race['before']):,} →"
                f" {int(record['chips']):,} — {race['reason']}"
            )
            races.append([at, text, by])
        elif record["kind"] == "chips" and record.get("found"):
            found = record["found"]
            text = (
                f"table {record['table']} seat {record['seat']}: {int(found['before']):,} →"
                f" {int(record['chips']):,} — {found['count']} chips of {found['chip']} found"
                f" after the race: {int(found['exchanged']):,} exchanged,"
                f" {int(found['removed']):,} removed ({found['cite']})"
            )
            races.append([at, text, by])
        elif record["kind"] == "chips" and record.get("color_up"):
            up = record["color_up"]
            text = (
                f"table {record['table']} seat {record['seat']}: colored up, announced —"
                f" {up['changed']} chips of {up['chip']} for {up['new']} of {up['to']}"
                f" ({up['cite']})"
            )
            races.append([at, text, by])
    places = [
        [row["place"], row["who"], row["paid"], row["reason"]] for row in _result_rows(results)
    ]
    sections = [
        Section("Places", ["Place", "Player", "Paid", "Why"], places, numeric=(2,)),
        Section(
            "Moves and tables broken",
            ["Time", "Move", "Rule", "By"],
            moves,
            note="" if moves else "No player was moved.",
        ),
        Section("Late entries and re-entries", ["Time", "Seat", "Rule", "By"], entries),
        Section("Chip races and color-ups", ["Time", "Seat", "By"], races),
        *extra,
    ]
    pool = results["prize_pool"]
    facts = [
        ("Entries", str(data["entrants"])),
        ("Prize pool", _chips(pool) or "no payout structure posted"),
        ("Players left", str(data["players"])),
        *((f["label"], f["value"]) for f in _deal_fact(results)),
        ("Tables in play", str(len(data["tables"]))),
        ("Level", str(data["level"]["level"])),
        ("Rulebook", BOOKS.get(data["rulebook"], data["rulebook"])),
    ]
    return {
        "doc": _doc(data, "Tournament report", paper=paper, day=day),
        "facts": [{"label": k, "value": v} for k, v in facts],
        "sections": [s for s in sections if s.rows or s.note],
    }


def _draw(log: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    for item in log:
        if item["data"]["kind"] == "draw":
            return dict(item["data"])
    return {}


def _penalty_words(row: Mapping[str, Any]) -> str:
    kind, count = row["penalty"], int(row["count"])
    if kind == "warning":
        return "warning"
    if kind == "disqualification":
        return f"disqualified, {int(row['chips_removed']):,} chips removed from play"
    if kind == "hands":
        return f"{count} missed hand{'' if count == 1 else 's'}"
    if kind == "minutes":
        until = f", until {_when(row['until'])}" if row.get("until") else ""
        return f"dealt out for {count} minute{'' if count == 1 else 's'}{until}"
    rounds = f"{count} round{'' if count == 1 else 's'}"
    return f"{rounds} missed ({row['players_at_table']} at the table × {count})"


def _when(moment: str | None) -> str:
    return room_time(moment, "%H:%M") if moment else ""


def penalty_sections(penalties: Mapping[str, Any]) -> list[Section]:
    """The penalty log as sections, from what ``tournament penalties --json`` prints (each
    penalty and clock call with a ``by``, who recorded it): every penalty in order, the
    players on penalty now, the clock calls and how each ended. The same sections close
    the tournament report."""
    given = [
        [
            str(row["number"]),
            _when(row["at"]),
            _who(row),
            f"{row['table']}, {row['seat']}",
            _penalty_words(row),
            *(
                [str(row["hands"]), str(row["served"]), str(row["left"])]
                if row["hands"]
                else ["", "", ""]
            ),
            row["reason"] or "",
            row["cite"],
            row.get("by") or "",
        ]
        for row in penalties["penalties"]
    ]
    on_penalty = [
        [
            _who(row),
            f"{row['where'][0]}, {row['where'][1]}" if row["where"] else "",
            str(row["hands_left"]) if row["hands_left"] else "",
            str(row.get("minutes_left") or ""),
            penalties["dealt_in"],
        ]
        for row in penalties["on_penalty"]
    ]
    calls = []
    for call in penalties["clock_calls"]:
        outcome = call["outcome"]
        ended = (
            "still on the clock"
            if outcome is None
            else "acted in time"
            if outcome == "acted"
            else f"time ran out: the hand is {outcome}"
        )
        if outcome not in (None, "acted") and call.get("house"):
            ended += f" ({call['house']})"
        calls.append(
            [
                _when(call["at"]),
                _who(call),
                f"{call['table']}, {call['seat']}",
                "facing a bet" if call["facing_bet"] else "not facing a bet",
                ended,
                call["cite"],
                call.get("by") or "",
            ]
        )
    heads = ["No.", "Time", "Player", "Table, seat", "Penalty", "Owed", "Served", "Left"]
    return [
        Section(
            "Penalties",
            [*heads, "Why", "Rule", "By"],
            given,
            note="" if given else "No penalty given.",
            numeric=(0, 5, 6, 7),
        ),
        Section(
            "On penalty now",
            ["Player", "Table, seat", "Hands left", "Minutes left", "Rule"],
            on_penalty,
            note="Dealt in, the blinds and antes posted, the hand killed after the initial"
            " deal; a penalty begins at the end of the hand"
            f" ({penalties['begins']})."
            if on_penalty
            else "",
            numeric=(2, 3),
        ),
        Section(
            "Clock calls",
            ["Time", "Player", "Table, seat", "Facing", "Ended", "Rule", "By"],
            calls,
        ),
    ]


def penalties_view(
    data: Mapping[str, Any], penalties: Mapping[str, Any], *, paper: str, day: datetime.date
) -> dict[str, Any]:
    """The penalty log on paper: the counts, then :func:`penalty_sections`."""
    given = penalties["penalties"]
    facts = [
        ("Penalties", str(sum(1 for p in given if p["penalty"] != "warning"))),
        ("Warnings", str(sum(1 for p in given if p["penalty"] == "warning"))),
        ("Disqualified", str(sum(1 for p in given if p["penalty"] == "disqualification"))),
        ("On penalty now", str(len(penalties["on_penalty"]))),
        ("Clock calls", str(len(penalties["clock_calls"]))),
        ("Rulebook", BOOKS.get(data["rulebook"], data["rulebook"])),
    ]
    sections = penalty_sections(penalties)
    if not penalties["clock_calls"]:
        sections[-1] = Section(sections[-1].title, [], [], note="No clock called.")
    return {
        "doc": _doc(data, "Penalty log", paper=paper, day=day),
        "facts": [{"label": k, "value": v} for k, v in facts],
        "sections": [s for s in sections if s.rows or s.note],
    }
