"""What several handlers look up for their caller: a table's hand or history, a past
hand, the tables in sight, a question asked of the rules. A table the caller may not
read is refused (403), one with nothing recorded is not found (404)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from floorman.server import documents, params
from floorman.server.auth import Caller
from floorman.server.endpoints import check_readable
from floorman.server.params import BadRequest
from floorman.server.state import state_of

__all__ = ["asked", "past_hand", "table_hand", "table_history", "visible_tables"]


async def table_hand(request: Request, who: Caller) -> dict[str, Any]:
    """The ``{table}``'s hand in progress, else its latest."""
    return await _found(request, who, state_of(request).room.table)


async def table_history(request: Request, who: Caller) -> dict[str, Any]:
    """The ``{table}``'s latest hands and the changes waiting for the next."""
    return await _found(request, who, state_of(request).room.history)


async def _found(
    request: Request, who: Caller, read: Callable[[str], dict[str, Any] | None]
) -> dict[str, Any]:
    table = request.path_params["table"]
    check_readable(who, table)
    view = await run_in_threadpool(read, table)
    if view is None:
        raise BadRequest(404, f"no hand was ever recorded at table {table}")
    return view


async def past_hand(request: Request, who: Caller) -> dict[str, Any]:
    """Hand ``{hand}`` of the ``{table}``, as a table's hand is shown."""
    table = request.path_params["table"]
    check_readable(who, table)
    hand = params.hand_id(request)
    view = await run_in_threadpool(state_of(request).room.hand_at, table, hand)
    if view is None:
        raise BadRequest(404, f"table {table} has no hand {hand}")
    return view


async def visible_tables(request: Request, who: Caller) -> list[dict[str, Any]]:
    """Every table for the staff; its own for a station."""
    room = state_of(request).room
    if who.role == "station":
        assert who.table is not None
        return await run_in_threadpool(room.tables, [who.table])
    return await run_in_threadpool(room.tables)


async def asked(request: Request) -> dict[str, Any]:
    """The situations the question ``q`` finds; none for no question."""
    query, rulebook = params.ask_query(request)
    if not query:
        return {"query": "", "rulebooks": [], "situations": []}
    return await run_in_threadpool(documents.ask, query, rulebook)
