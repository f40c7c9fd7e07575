"""The ASGI application, wired: the routes and who may reach them, the middleware, and
the state every handler finds through its request. The handlers themselves are
:mod:`floorman.server.handlers`, one module per area.

Starlette, not FastAPI: the API is a few routes, the one body among them
validated by a small pydantic model, and the OpenAPI document is written by hand
(:mod:`floorman.server.openapi`), so a framework that generates it would add
weight and start-up time for little.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from floorman._resources import templates_dir
from floorman.server import drillpages, params
from floorman.server.endpoints import as_api, as_api_post, as_page, log_once_a_minute
from floorman.server.handlers import api, control, floor, live, printed, signin, station
from floorman.server.handlers import tournaments as tournament
from floorman.server.origins import HostAndOrigin
from floorman.server.room import Room
from floorman.server.state import ServerState, page_templates
from floorman.server.streams import StreamCaps, Streams
from floorman.server.watch import Watcher

__all__ = ["create_app"]


def create_app(
    db: str | Path,
    *,
    secure_cookies: bool = True,
    host_names: Iterable[str] = (),
    streams: tuple[int, int] | None = None,
) -> Starlette:
    """The card room server on the store at ``db``, answering to its addresses,
    ``localhost`` and ``host_names``, holding at most ``streams`` live-update streams
    (in all, and from one address)."""
    room = Room(db)
    middleware = [
        Middleware(HostAndOrigin, names=tuple(host_names)),
        Middleware(params.RefuseNul),
    ]
    app = Starlette(routes=_routes(), lifespan=_lifespan, middleware=middleware)
    held = Streams(StreamCaps(*streams) if streams else StreamCaps())
    app.state.server = ServerState(room, page_templates(), Watcher(room), secure_cookies, held)
    return app


def _routes() -> list[BaseRoute]:
    """Every route and who may reach it: :func:`as_page` a browser signed in,
    :func:`as_api` a caller signed in or with a station's token, neither anyone (the
    sign-in form and the stylesheet). Where two routes share a path, the first answers
    a method neither takes (405, with its ``Allow``), so their order is kept. A station's
    post comes first: the routes are tried in turn for every request, and it is most of
    them."""
    return [
        Route("/api/tables/{table}/events", as_api_post(station.post_events), methods=["POST"]),
        Route("/login", signin.sign_in_page, methods=["GET"]),
        Route("/login", signin.sign_in, methods=["POST"]),
        Route("/logout", as_page(signin.sign_out), methods=["POST"]),
        Route("/", as_page(floor.dashboard), methods=["GET"]),
        Route("/tables/{table}", as_page(floor.hand), methods=["GET"]),
        Route("/tables/{table}/floor", as_page(floor.answer_call), methods=["POST"]),
        Route("/tables/{table}/report.pdf", as_page(printed.report), methods=["GET"]),
        Route("/tables/{table}/hands/{hand}", as_page(floor.past_hand), methods=["GET"]),
        Route(
            "/tables/{table}/hands/{hand}/report.pdf", as_page(printed.past_report), methods=["GET"]
        ),
        Route("/tables/{table}/card.pdf", as_page(printed.table_card), methods=["GET"]),
        Route("/tables/{table}/sheet.pdf", as_page(printed.table_sheet), methods=["GET"]),
        Route("/ask", as_page(floor.ask), methods=["GET"]),
        Route("/rules", as_page(floor.rules), methods=["GET"]),
        Route("/rules/card.pdf", as_page(printed.rules_card), methods=["GET"]),
        Route("/rules/sheet.pdf", as_page(printed.rules_sheet), methods=["GET"]),
        Route("/drills", as_page(floor.drills), methods=["GET"]),
        Route("/station/{table}", as_page(station.page), methods=["GET"]),
        Route("/station/{table}", as_page(station.post_form), methods=["POST"]),
        Route("/station/{table}/undo", as_page(control.form_undo), methods=["POST"]),
        Route("/station/{table}/next", as_page(control.form_next), methods=["POST"]),
        Route("/station/{table}/changes", as_page(control.form_change), methods=["POST"]),
        Route("/api/openapi.json", as_api(api.openapi), methods=["GET"]),
        Route("/api/tables", as_api(api.tables), methods=["GET"]),
        Route("/api/tables/{table}", as_api(api.table), methods=["GET"]),
        Route("/api/tables/{table}/state", as_api(control.table_state), methods=["GET"]),
        Route("/api/tables/{table}/undo", as_api(control.post_undo), methods=["POST"]),
        Route("/api/tables/{table}/next", as_api(control.post_next), methods=["POST"]),
        Route("/api/tables/{table}/changes", as_api(control.post_change), methods=["POST"]),
        Route("/api/tables/{table}/hands", as_api(api.history), methods=["GET"]),
        Route("/api/tables/{table}/hands/{hand}", as_api(api.hand), methods=["GET"]),
        Route("/api/ask", as_api(api.ask), methods=["GET"]),
        Route("/api/drills", as_api(api.drills), methods=["GET"]),
        *_drill_routes(),
        Route("/api/stream", as_api(live.stream), methods=["GET"]),
        Route("/tournaments/{tournament}/clock", as_page(tournament.clock_page), methods=["GET"]),
        Route("/tournaments/{tournament}/balance", as_page(tournament.carry_out), methods=["POST"]),
        Route("/api/tournaments", as_api(tournament.every), methods=["GET"]),
        Route("/api/tournaments/{tournament}", as_api(tournament.one), methods=["GET"]),
        Route("/api/stream/tournaments", as_api(tournament.stream), methods=["GET"]),
        Mount("/static", StaticFiles(directory=templates_dir() / "web" / "static"), name="static"),
    ]


def _drill_routes() -> list[BaseRoute]:
    """Drills in the browser (:mod:`floorman.server.drillpages`)."""
    d = drillpages
    return [
        Route("/drill", as_page(d.home), methods=["GET"]),
        Route("/drill", as_page(d.form_start), methods=["POST"]),
        Route("/drill/runs/{run}", as_page(d.run_page), methods=["GET"]),
        Route("/drill/runs/{run}/answer", as_page(d.form_answer), methods=["POST"]),
        Route("/drills/trainees", as_page(d.trainees_page), methods=["GET"]),
        Route("/drills/trainees/{trainee}", as_page(d.trainee_page), methods=["GET"]),
        Route("/drills/trainees/{trainee}/assignments", as_page(d.form_assign), methods=["POST"]),
        Route("/api/drill/topics", as_api(d.api_topics), methods=["GET"]),
        Route("/api/drill/runs", as_api(d.api_start), methods=["POST"]),
        Route("/api/drill/runs/{run}", as_api(d.api_run), methods=["GET"]),
        Route("/api/drill/runs/{run}/answers", as_api(d.api_answer), methods=["POST"]),
        Route("/api/drill/trainees", as_api(d.api_trainees), methods=["GET"]),
        Route("/api/drill/trainees/{trainee}", as_api(d.api_report), methods=["GET"]),
        Route("/api/drill/trainees/{trainee}/assignments", as_api(d.api_assign), methods=["POST"]),
    ]


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """The watcher polls the store while the server serves; the posts' threads stop with
    the server."""
    state = app.state.server
    assert isinstance(state, ServerState)
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(_out_of_files_once_a_minute)
    state.watcher.start()
    try:
        yield
    finally:
        await state.watcher.stop()
        await asyncio.to_thread(state.posts.close)


def _out_of_files_once_a_minute(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """A connection the process has no file left for is logged once a minute, not with
    a traceback each time (asyncio waits a second and accepts again on its own)."""
    message = str(context.get("message", ""))
    if message.startswith("socket.accept() out of system resource"):
        log_once_a_minute("accept", f"connections: {message}: {context.get('exception')}")
    else:
        loop.default_exception_handler(context)
