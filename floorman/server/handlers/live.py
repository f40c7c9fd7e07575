"""The live updates the floor's pages and the station listen to: a stream of
server-sent events, one per table that changed, each carrying the table's part of the
page as it now stands (its tile on the dashboard with its calls and rulings for the
floor's queue, the station's hand, a table's page), and a keep-alive comment when
nothing did. Each change carries an id, so that a stream cut and made again
misses nothing (:mod:`floorman.server.watch`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from floorman.server import answers
from floorman.server.auth import Caller
from floorman.server.endpoints import check_readable, log_once_a_minute
from floorman.server.params import BadRequest
from floorman.server.state import state_of
from floorman.server.streams import RETRY_SECONDS

__all__ = ["KEEPALIVE_SECONDS", "stream"]

KEEPALIVE_SECONDS: Final = 15.0
GATHER_SECONDS: Final = 0.1
"""How long a stream waits after a write before the next: the posts recorded meanwhile
go in one write. A busy room's posts reach the pages at once as they are stored
(:mod:`floorman.server.watch`); one write each, at 200 tables, cost the server more
CPU a post than drawing the tables (every write wakes the page's reader); ten a
second at most keep the pages within a tenth of a second of the room."""
FIRST_BATCH: Final = 20
"""How many tables a stream's first tables are read at a time: a busy room's dashboard
fills as they come, rather than after the last of hundreds."""


async def stream(request: Request, who: Caller) -> Response:
    """``GET /api/stream``: every table in sight first, then each one as it changes;
    ``view`` picks the part of the page sent, ``table`` one table only. Each change
    has an id; a stream asked again with the last one it had (``Last-Event-ID``, as a
    browser does by itself) is sent each table that changed since, or, when the id
    cannot be placed, every table again."""
    view = request.query_params.get("view", "card")
    if view not in ("card", "station", "hand"):
        raise BadRequest(400, "view: one of card, station, hand")
    only = request.query_params.get("table")
    if only is not None:
        check_readable(who, only)
    elif who.role == "station":
        only = who.table
    state = state_of(request)
    room, watcher = state.room, state.watcher
    template = state.pages.get_template(f"_{view}.html")
    queue_items = state.pages.get_template("_queue.html") if view == "card" else None

    def event(table: dict[str, Any], number: int | None = None) -> str:
        html = template.render({"t": table, "who": who})
        status = "closed" if table["closed"] else "open"
        data = {"table": table["table"], "last": table["last"], "html": html,
                "history": f"{table['hand']}:{status}"}  # fmt: skip
        if queue_items is not None:
            data["queue"] = queue_items.render({"t": table, "who": who})
        marked = "" if number is None else f"id: {watcher.event_id(number)}\n"
        return f"{marked}event: table\ndata: {json.dumps(data)}\n\n"

    async def every_table(place: int) -> AsyncIterator[str]:
        """Every table in sight as it stands, then the id of ``place``, the entry they
        stand at: a stream cut before the end starts again from every table."""
        names = [only] if only is not None else await run_in_threadpool(room.table_names)
        for start in range(0, len(names), FIRST_BATCH):
            read = await run_in_threadpool(room.tables, names[start : start + FIRST_BATCH])
            if read:
                yield "".join(event(table) for table in read)
        yield f"id: {watcher.event_id(place)}\n\n"

    async def events() -> AsyncIterator[str]:
        watcher.followers += 1
        try:
            async for text in following():
                yield text
        finally:
            watcher.followers -= 1

    async def following() -> AsyncIterator[str]:
        place = watcher.place(request.headers.get("last-event-id"))
        while not watcher.stopping.is_set():
            since = None if place is None else watcher.after(place)
            if since is None:
                place = watcher.head
                async for text in every_table(place):
                    yield text
                continue
            if since:
                place = since[-1][0]
                sent = [event(t, n) for n, name, t in since if only is None or name == only]
                if sent:  # one write for all: a busy room's twenty changes, not twenty
                    yield "".join(sent)
                    await asyncio.sleep(GATHER_SECONDS)
            if not since and not await watcher.changed(KEEPALIVE_SECONDS):
                yield ": still here\n\n"

    address = request.client.host if request.client is not None else ""
    held = state.streams
    refused = held.refusal(address)
    if refused is not None:
        log_once_a_minute(refused.kind, f"streams: {refused.message} ({refused.status})")
        answer = answers.error(refused.status, refused.message)
        answer.headers["retry-after"] = str(RETRY_SECONDS)
        answer.headers["connection"] = "close"
        return answer
    held.open(address)
    headers = {**answers.SECURITY_HEADERS, "x-accel-buffering": "no"}
    return _Held(events(), lambda: held.close(address), headers)


class _Held(StreamingResponse):
    """A stream that gives its place back however it ends, even before its first event."""

    def __init__(
        self, events: AsyncIterator[str], release: Callable[[], None], headers: dict[str, str]
    ) -> None:
        super().__init__(events, media_type="text/event-stream", headers=headers)
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()
