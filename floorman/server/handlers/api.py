"""The JSON API for reading: the tables, a table's hand, its history and past hands,
the rules asked, the trainees' drills, and the API's own OpenAPI document. Every
answer is the shape ``floorman`` prints with ``--json`` (recording is
:mod:`.station`'s)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from floorman.server import answers
from floorman.server.auth import Caller
from floorman.server.endpoints import check_drills
from floorman.server.handlers import lookups
from floorman.server.openapi import DOCUMENT
from floorman.server.state import state_of

__all__ = ["ask", "drills", "hand", "history", "openapi", "table", "tables"]


async def tables(request: Request, who: Caller) -> Response:
    return answers.json({"tables": await lookups.visible_tables(request, who)})


async def table(request: Request, who: Caller) -> Response:
    return answers.json(await lookups.table_hand(request, who))


async def history(request: Request, who: Caller) -> Response:
    return answers.json(await lookups.table_history(request, who))


async def hand(request: Request, who: Caller) -> Response:
    return answers.json(await lookups.past_hand(request, who))


async def ask(request: Request, who: Caller) -> Response:
    return answers.json(await lookups.asked(request))


async def drills(request: Request, who: Caller) -> Response:
    check_drills(who)
    return answers.json(await run_in_threadpool(state_of(request).room.drill_progress))


async def openapi(request: Request, who: Caller) -> Response:
    return answers.json(DOCUMENT)
