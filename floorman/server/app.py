"""The ASGI application: routes, who may reach them, and the answers.

Starlette, not FastAPI: the API is a few routes, the one body among them
validated by a small pydantic model, and the OpenAPI document is written by hand
(:mod:`floorman.server.openapi`), so a framework that generates it would add
weight and start-up time for little.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from floorman._resources import templates_dir
from floorman.server import answers, params
from floorman.server.auth import Caller
from floorman.server.endpoints import (
    as_api,
    as_page,
    check_readable,
)
from floorman.server.handlers import api, floor, printed, signin, station
from floorman.server.params import BadRequest
from floorman.server.room import Room
from floorman.server.state import ServerState, page_templates
from floorman.server.watch import Watcher

__all__ = ["create_app"]

KEEPALIVE_SECONDS: Final = 15.0


def create_app(db: str | Path, *, secure_cookies: bool = True) -> Starlette:
    """The card room server on the store at ``db``."""
    room = Room(db)
    pages = page_templates()
    watcher = Watcher(room)

    # the API ---------------------------------------------------------------

    async def stream(request: Request, who: Caller) -> Response:
        view = request.query_params.get("view", "card")
        if view not in ("card", "station", "hand"):
            raise BadRequest(400, "view: one of card, station, hand")
        only = request.query_params.get("table")
        if only is not None:
            check_readable(who, only)
        elif who.role == "station":
            only = who.table
        template = pages.get_template(f"_{view}.html")

        def event(table: dict[str, Any]) -> str:
            html = template.render({"t": table, "who": who})
            state = "closed" if table["closed"] else "open"
            data = {"table": table["table"], "last": table["last"], "html": html,
                    "history": f"{table['hand']}:{state}"}  # fmt: skip
            return f"event: table\ndata: {json.dumps(data)}\n\n"

        async def events() -> AsyncIterator[str]:
            queue = watcher.listen()
            try:
                names = [only] if only is not None else None
                for table in await run_in_threadpool(room.tables, names):
                    yield event(table)
                while not watcher.stopping.is_set():
                    try:
                        name = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    if only is not None and name != only:
                        continue
                    found = await run_in_threadpool(room.table, name)
                    if found is not None:
                        yield event(found)
            finally:
                watcher.leave(queue)

        headers = {**answers.SECURITY_HEADERS, "x-accel-buffering": "no"}
        return StreamingResponse(events(), media_type="text/event-stream", headers=headers)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watcher.start()
        try:
            yield
        finally:
            await watcher.stop()

    static = StaticFiles(directory=templates_dir() / "web" / "static")
    routes = [
        Route("/login", signin.sign_in_page, methods=["GET"]),
        Route("/login", signin.sign_in, methods=["POST"]),
        Route("/logout", as_page(signin.sign_out), methods=["POST"]),
        Route("/", as_page(floor.dashboard), methods=["GET"]),
        Route("/tables/{table}", as_page(floor.hand), methods=["GET"]),
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
        Route("/api/openapi.json", as_api(api.openapi), methods=["GET"]),
        Route("/api/tables", as_api(api.tables), methods=["GET"]),
        Route("/api/tables/{table}", as_api(api.table), methods=["GET"]),
        Route("/api/tables/{table}/events", as_api(station.post_events), methods=["POST"]),
        Route("/api/tables/{table}/hands", as_api(api.history), methods=["GET"]),
        Route("/api/tables/{table}/hands/{hand}", as_api(api.hand), methods=["GET"]),
        Route("/api/ask", as_api(api.ask), methods=["GET"]),
        Route("/api/drills", as_api(api.drills), methods=["GET"]),
        Route("/api/stream", as_api(stream), methods=["GET"]),
        Mount("/static", static, name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(params.RefuseNul)])
    app.state.server = ServerState(room, pages, watcher, secure_cookies)
    return app
