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
    report_view,
    results_view,
    seat_cards_view,
    seating_view,
    structure_view,
)
from floorman.errors import FloormanError, shown
from floorman.store.tournaments import TournamentStore
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
    else:
        entries = [
            {"data": entry.data, "at": entry.at, "by": entry.by}
            for entry in store.log(now.stored.name)
        ]
        view = report_view(data, results_data(now, log), entries, paper=paper, day=day, extra=extra)
    return {**view, "page": what}
