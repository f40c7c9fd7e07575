"""A handler made an endpoint: who is asking (a sign-in cookie, or a station's bearer
token), the refusals handlers share, and how a refusal is answered, as one line of JSON
for the API, as a page for a browser.

A handler is a plain function of the request and its caller; it finds the room and
the rest through the request (:func:`floorman.server.state.state_of`), refuses with
:class:`~floorman.server.params.BadRequest`, and is reached through :func:`as_api` or
:func:`as_page`, which answer anyone not signed in before it runs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.server import answers, auth
from floorman.server.auth import Caller
from floorman.server.params import BadRequest
from floorman.server.state import state_of
from floorman.store.errors import StoreError

__all__ = [
    "Endpoint",
    "Handler",
    "as_api",
    "as_page",
    "caller",
    "check_drills",
    "check_readable",
    "check_writable",
]

Handler = Callable[[Request, Caller], Awaitable[Response]]
Endpoint = Callable[[Request], Awaitable[Response]]


async def caller(request: Request) -> Caller | None:
    """Who sent the request, if anyone signed in or with a station's token."""
    return await run_in_threadpool(_caller_now, request)


def _caller_now(request: Request) -> Caller | None:
    return state_of(request).room.with_staff(
        lambda staff: auth.caller_from(
            staff,
            request.cookies.get(auth.SIGN_IN_COOKIE),
            request.headers.get("authorization"),
        )
    )


def as_api(handler: Handler) -> Endpoint:
    """``handler`` for a caller signed in or with a token; refusals as JSON (401 first)."""

    async def endpoint(request: Request) -> Response:
        who = await caller(request)
        if who is None:
            return answers.error(401, "sign in first, or send a station token")
        try:
            return await handler(request, who)
        except BadRequest as error:
            return answers.error(error.status, str(error))
        except StoreError as error:
            return answers.error(503, str(error))

    return endpoint


def as_page(handler: Handler) -> Endpoint:
    """``handler`` for a browser signed in (a bearer token is not a browser's, so it is
    sent to sign in too); refusals as a page saying why."""

    async def endpoint(request: Request) -> Response:
        who = await caller(request)
        if who is None or request.headers.get("authorization") is not None:
            return RedirectResponse("/login", status_code=303)
        try:
            return await handler(request, who)
        except BadRequest as error:
            context = {"who": who, "message": str(error)}
            return answers.html(request, "message.html", context, error.status)
        except StoreError as error:
            return answers.html(request, "message.html", {"who": who, "message": str(error)}, 503)

    return endpoint


def check_readable(who: Caller, table: str) -> None:
    if not who.may_read(table):
        raise BadRequest(403, f"{who.label} may read only table {who.table}")


def check_writable(who: Caller, table: str, csrf: str | None) -> None:
    """Refuse a caller who may not record at ``table``, or a signed-in one whose request
    does not carry the sign-in's CSRF token."""
    if not who.may_write(table):
        if who.role == "station":
            raise BadRequest(403, f"{who.label} may write only to table {who.table}")
        raise BadRequest(403, f"{who.label} ({who.role}) may not record events")
    if who.csrf is not None and not auth.csrf_matches(who.csrf, csrf):
        raise BadRequest(403, "the form's CSRF token is missing or wrong: reload the page")


def check_drills(who: Caller) -> None:
    if not who.may_read_drills():
        raise BadRequest(403, f"{who.label} may not read the drills")
