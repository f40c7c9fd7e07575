"""What the server prints, as PDF shown in the browser: a hand's incident report (the
table's current hand or a past one), a table's rule card and sheet (the rulebook and
house options its hand is ruled by), and any rulebook's card and sheet. What floorman
cannot print (a rulebook or game it does not know) is refused with a 400."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, ParamSpec, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from floorman.errors import FloormanError
from floorman.server import answers, documents, params
from floorman.server.auth import Caller
from floorman.server.endpoints import check_readable
from floorman.server.handlers import lookups
from floorman.server.params import BadRequest
from floorman.server.state import state_of

__all__ = [
    "past_report",
    "report",
    "rules_card",
    "rules_sheet",
    "table_card",
    "table_sheet",
]

_Made = TypeVar("_Made")
_Arguments = ParamSpec("_Arguments")
Kind = Literal["card", "sheet"]


async def report(request: Request, who: Caller) -> Response:
    """The incident report of the ``{table}``'s hand in progress, else its latest."""
    view = await lookups.table_hand(request, who)
    pdf = await _made(request, state_of(request).room.report_pdf, view["hand"])
    return answers.pdf(
        pdf, f"table-{view['table']}-hand-{view['hand']}.pdf", f"hand-{view['hand']}.pdf"
    )


async def past_report(request: Request, who: Caller) -> Response:
    """The incident report of hand ``{hand}`` of the ``{table}``."""
    table = request.path_params["table"]
    check_readable(who, table)
    hand = params.hand_id(request)
    room = state_of(request).room
    if not await run_in_threadpool(room.has_hand, table, hand):
        raise BadRequest(404, f"table {table} has no hand {hand}")
    pdf = await _made(request, room.report_pdf, hand)
    return answers.pdf(pdf, f"table-{table}-hand-{hand}.pdf", f"hand-{hand}.pdf")


async def table_card(request: Request, who: Caller) -> Response:
    return await _table_rules(request, who, "card")


async def table_sheet(request: Request, who: Caller) -> Response:
    return await _table_rules(request, who, "sheet")


async def rules_card(request: Request, who: Caller) -> Response:
    return await _rules(request, "card")


async def rules_sheet(request: Request, who: Caller) -> Response:
    return await _rules(request, "sheet")


async def _table_rules(request: Request, who: Caller, kind: Kind) -> Response:
    """The rules the ``{table}``'s hand is ruled by, with its house options, for its kind
    of table (a cash game or a tournament: where the rulebook has a text for each, that
    kind's rules, citations and option values)."""
    table = request.path_params["table"]
    check_readable(who, table)
    paper = params.paper(request)
    found = await run_in_threadpool(state_of(request).room.rules_in_force, table)
    if found is None:
        raise BadRequest(404, f"no hand was ever recorded at table {table}")
    rulebook, options, game, table_kind = found
    book = await _made(request, documents.in_force, rulebook, options, table=table, kind=table_kind)
    pdf = await _made(request, _printer(kind), book, game, paper, table_kind)
    return answers.pdf(pdf, f"table-{table}-{game}-{kind}.pdf", f"{game}-{kind}.pdf")


async def _rules(request: Request, kind: Kind) -> Response:
    """A rulebook's rules (``rrop`` by default) for a game (``holdem`` by default) at a
    kind of table (a cash game by default, as a table that does not say is)."""
    rulebook = request.query_params.get("rulebook", "rrop")
    game = request.query_params.get("game", "holdem")
    paper = params.paper(request)
    table_kind = params.table_kind(request)
    book = await _made(request, documents.in_force, rulebook, kind=table_kind)
    pdf = await _made(request, _printer(kind), book, game, paper, table_kind)
    name = f"{rulebook}-{game}{'-tournament' if table_kind == 'tournament' else ''}-{kind}.pdf"
    return answers.pdf(pdf, name, f"{kind}.pdf")


def _printer(kind: Kind) -> Callable[[documents.InForce, str, str, str | None], bytes]:
    return documents.card_pdf if kind == "card" else documents.sheet_pdf


async def _made(
    request: Request,
    make: Callable[_Arguments, _Made],
    *args: _Arguments.args,
    **kwargs: _Arguments.kwargs,
) -> _Made:
    """``make`` run off the event loop, on the server's press (one document at a time);
    what floorman refuses to make is a 400."""
    try:
        return await state_of(request).press.run(lambda: make(*args, **kwargs))
    except FloormanError as error:
        raise BadRequest(400, str(error)) from None
