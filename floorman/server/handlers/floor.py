"""The floor's pages: the dashboard of every table, a table's hand with its history, a
past hand, the rules asked, the rule card and sheet to print, and the trainees' drills.
A station signed in on a browser is sent to its own page instead of the dashboard."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.bounds import MAX_EVENT_CHARS
from floorman.hand.table import TABLE_KINDS
from floorman.server import answers, bodies, documents, params
from floorman.server.auth import Caller
from floorman.server.endpoints import check_drills, check_writable
from floorman.server.handlers import lookups, tournaments
from floorman.server.handlers.station import station_path
from floorman.server.params import BadRequest
from floorman.server.state import state_of

__all__ = [
    "answer_call", "ask", "dashboard", "drills", "floor_queue", "hand", "past_hand", "rules",
]  # fmt: skip


async def dashboard(request: Request, who: Caller) -> Response:
    if who.role == "station":
        assert who.table is not None
        return RedirectResponse(station_path(who.table), status_code=303)
    every = await lookups.visible_tables(request, who)
    room = state_of(request).room
    playing = await run_in_threadpool(tournaments.dashboard_views, room, who)
    game = request.query_params.get("game", "")
    area = request.query_params.get("area", "")
    tables = [
        t for t in every if (not game or t["game"] == game) and (not area or t["area"] == area)
    ]
    context = {
        "who": who,
        "tables": tables,
        "queue": floor_queue(tables),
        "game": game,
        "area": area,
        "games": sorted({(t["game"], t["game_name"]) for t in every}),
        "areas": sorted({t["area"] for t in every if t["area"]}),
        "tournaments": playing,
        **_ask_box("", "rrop"),
    }
    return answers.html(request, "dashboard.html", context)


def floor_queue(tables: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every call and ruling open at the tables, each with its table, oldest first."""
    found = [(t, item) for t in tables for item in t["floor"]["open"]]
    found.sort(key=lambda pair: (pair[1]["at"] or "", pair[0]["table"], pair[1]["event"]))
    return found


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
               "papers": documents.PAPERS, "kinds": TABLE_KINDS}  # fmt: skip
    return answers.html(request, "rules.html", context)


async def drills(request: Request, who: Caller) -> Response:
    check_drills(who)
    found = await run_in_threadpool(state_of(request).room.drill_progress)
    return answers.html(request, "drills.html", {"who": who, "trainees": found["trainees"]})


async def answer_call(request: Request, who: Caller) -> Response:
    """``POST /tables/{table}/floor``: the floor acknowledges (``step=ack``) or resolves
    (``step=resolve``) the table's calls and rulings, recorded on its hand as the floor's
    own event, with what was decided (``text``); back to the page it came from."""
    table = request.path_params["table"]
    form = await bodies.form(request)
    check_writable(who, table, form.get("csrf"))
    if who.role != "floor":
        raise BadRequest(403, "only the floor acknowledges and resolves a call")
    step = form.get("step", "")
    if step not in ("ack", "resolve"):
        raise BadRequest(400, "step: ack or resolve")
    said = " ".join(form.get("text", "").replace(";", ",").split())
    text = f"floor {step} {said}".rstrip()[:MAX_EVENT_CHARS]
    room = state_of(request).room
    answer = await run_in_threadpool(room.record, table, [text], after=None, who=who.who)
    state_of(request).watcher.take_told()
    if answer.status != 200:
        raise BadRequest(answer.status, answer.body["error"])
    back = form.get("back", "")
    where = back if back.startswith("/") and not back.startswith("//") else "/"
    return RedirectResponse(where, status_code=303)
