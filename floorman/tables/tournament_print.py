"""A tournament's printed pages: the view of each document, from what the tournament's
commands print and its log (:mod:`floorman.documents.tournament` lays them out).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from floorman.documents.tournament import (
    DOCUMENTS,
    Section,
    payouts_view,
    penalties_view,
    penalty_sections,
    report_view,
    results_view,
    seat_cards_view,
    seating_view,
    structure_view,
)
from floorman.errors import FloormanError, shown
from floorman.store.tournaments import TournamentStore
from floorman.tables.tournament_floor import penalties_data
from floorman.tables.tournament_money import (
    log_of,
    payouts_data,
    payouts_table,
    race_change,
    results_data,
)
from floorman.tables.tournaments import Current, seating_list, show_data

__all__ = ["DOCUMENTS", "printed_view"]


def printed_view(
    store: TournamentStore,
    now: Current,
    what: str,
    *,
    paper: str,
    day: datetime.date,
    extra: Sequence[Section] = (),
) -> dict[str, Any]:
    """The view of the document ``what`` (one of :data:`DOCUMENTS`) for ``tournament.html``;
    ``extra`` sections join the report."""
    if what not in DOCUMENTS:
        word = shown(what[:40])
        if not word.isprintable():
            word = word.encode("unicode_escape").decode("ascii")
        raise FloormanError(f'"{word}": print one of {", ".join(DOCUMENTS)}')
    log = log_of(store, now)
    data = show_data(now)
    data["chips_in_play"] += race_change(log)
    if what == "structure":
        view = structure_view(data, now.structure, paper=paper, day=day)
    elif what == "seat-cards":
        view = seat_cards_view(data, seating_list(now), paper=paper, day=day)
    elif what == "seating":
        view = seating_view(data, seating_list(now), paper=paper, day=day)
    elif what == "payouts":
        table = payouts_table(now, log)
        if table is None:
            raise FloormanError(
                f"tournament {now.stored.name}: no payout structure posted;"
                f" floorman tournament payouts {now.stored.name} --percent P,P,..."
            )
        view = payouts_view(data, payouts_data(now, table), paper=paper, day=day)
    elif what == "results":
        view = results_view(data, results_data(now, log), paper=paper, day=day)
    elif what == "penalties":
        view = penalties_view(data, _penalties(store, now), paper=paper, day=day)
    else:
        entries = [
            {"data": entry.data, "at": entry.at, "by": entry.by}
            for entry in store.log(now.stored.name)
        ]
        penalties = penalty_sections(_penalties(store, now))
        view = report_view(
            data,
            results_data(now, log),
            entries,
            paper=paper,
            day=day,
            extra=[*penalties, *extra],
        )
    return {**view, "page": what}


def _penalties(store: TournamentStore, now: Current) -> dict[str, Any]:
    """The penalty log as ``tournament penalties --json`` prints it, each penalty and clock
    call with who recorded it, each clock call with the player's name."""
    data = penalties_data(store, now)
    kinds: dict[str, list[str]] = {"penalty": [], "clock-call": []}
    for entry in store.log(now.stored.name):
        if entry.data["kind"] in kinds:
            kinds[entry.data["kind"]].append(entry.by or "")
    penalties = [{**p, "by": by} for p, by in zip(data["penalties"], kinds["penalty"], strict=True)]
    calls = [
        {**c, "by": by, "name": now.floor.names.get(int(c["player"]))}
        for c, by in zip(data["clock_calls"], kinds["clock-call"], strict=True)
    ]
    return {**data, "penalties": penalties, "clock_calls": calls}
