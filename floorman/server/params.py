"""What a request asks for, read from its path and query string: a hand's id, a question
and the rulebook to ask, a paper size. Anything the server does not offer is a clear
4xx (:class:`BadRequest`), never passed on to be looked up."""

from __future__ import annotations

from typing import Final
from urllib.parse import unquote_to_bytes

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from floorman.bounds import MAX_ID
from floorman.hand.table import DEFAULT_KIND, TABLE_KINDS
from floorman.rules.search import MAX_QUERY_CHARS
from floorman.server import documents

__all__ = ["BadRequest", "RefuseNul", "ask_query", "hand_id", "paper", "table_kind"]

_ID_DIGITS: Final = len(str(MAX_ID))


class BadRequest(Exception):
    """An answer other than success: its HTTP status, and one line for the user."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers or {}
        """Headers the answer carries (a refusal's ``Retry-After``)."""


def hand_id(request: Request) -> int:
    """The ``{hand}`` of the path; a number that names no hand is 404, like a missing one."""
    text = request.path_params["hand"]
    number = int(text) if text.isascii() and text.isdigit() and len(text) <= _ID_DIGITS else 0
    if not 0 < number <= MAX_ID:
        raise BadRequest(404, f"table {request.path_params['table']} has no hand {text[:40]}")
    return number


def ask_query(request: Request) -> tuple[str, str]:
    """The question ``q`` (cut to its longest) and the rulebook to ask (default ``rrop``)."""
    query = request.query_params.get("q", "")[:MAX_QUERY_CHARS].replace("\x00", "")
    rulebook = request.query_params.get("rulebook", "rrop")
    if rulebook != documents.EVERY and rulebook not in documents.choices():
        offered = ", ".join([documents.EVERY, *documents.choices()])
        raise BadRequest(400, f"rulebook: one of {offered}")
    return query.strip(), rulebook


def paper(request: Request) -> str:
    """The paper to print on (default ``letter``)."""
    chosen = request.query_params.get("paper", "letter")
    if chosen not in documents.PAPERS:
        raise BadRequest(400, f"paper: one of {', '.join(documents.PAPERS)}")
    return chosen


def table_kind(request: Request) -> str:
    """The kind of table to print for (default a cash game): where a rulebook has a text
    for each kind, that kind's rules, citations and options."""
    chosen = request.query_params.get("kind", DEFAULT_KIND)
    if chosen not in TABLE_KINDS:
        raise BadRequest(400, f"kind: one of {', '.join(TABLE_KINDS)}")
    return chosen


class RefuseNul:
    """Refuse an address with a NUL character in its path or query string (400, one line)
    before any route sees it: PostgreSQL text cannot hold one, and no table, hand or
    question is named with it, so it never reaches the store on either backend."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and (
            "\x00" in scope["path"] or b"\x00" in unquote_to_bytes(scope["query_string"])
        ):
            refused = JSONResponse({"error": "the address holds a NUL character"}, 400)
            await refused(scope, receive, send)
            return
        await self.app(scope, receive, send)
