"""The floor's pages: the dashboard of every table, a table's hand with its history, a
past hand, the rules asked, the rule card and sheet to print, and the trainees' drills.
A station signed in on a browser is sent to its own page instead of the dashboard."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.server import answers, documents, params
from floorman.server.auth import Caller
from floorman.server.endpoints import check_drills
from floorman.server.handlers import lookups
from floorman.server.handlers.station import station_path
from floorman.server.state import state_of

__all__ = ["ask", "dashboard", "drills", "hand", "past_hand", "rules"]


async def dashboard(request: Request, who: Caller) -> Response:
    if who.role == "station":
        assert who.table is not None
        return RedirectResponse(station_path(who.table), status_code=303)
    context = {
        "who": who,
        "tables": await lookups.visible_tables(request, who),
        **_ask_box("", "rrop"),
    }
    return answers.html(request, "dashboard.html", context)


async def hand(request: Request, who: Caller) -> Response:
    view = await lookups.table_hand(request, who)
    history = await lookups.table_history(request, who)
    return answers.html(request, "hand.html", {"who": who, "t": view, "history": history})


async def past_hand(request: Request, who: Caller) -> Response:
    view = await lookups.past_hand(request, who)
    return answers.html(request, "past.html", {"who": who, "t": view, "past": True})


async def ask(request: Request, who: Caller) -> Response:
    query, rulebook = params.ask_query(request)
    found = await lookups.asked(request)
    context = {"who": who, "found": found, **_ask_box(query, rulebook)}
    return answers.html(request, "ask.html", context)


def _ask_box(query: str, rulebook: str) -> dict[str, Any]:
    """The search box the dashboard and the ask page share, filled as asked."""
    return {"query": query, "rulebook": rulebook, "choices": documents.choices(),
            "every": documents.EVERY}  # fmt: skip


async def rules(request: Request, who: Caller) -> Response:
    context = {"who": who, "choices": documents.choices(), "games": documents.games(),
               "papers": documents.PAPERS}  # fmt: skip
    return answers.html(request, "rules.html", context)


async def drills(request: Request, who: Caller) -> Response:
    check_drills(who)
    found = await run_in_threadpool(state_of(request).room.drill_progress)
    return answers.html(request, "drills.html", {"who": who, "trainees": found["trainees"]})
