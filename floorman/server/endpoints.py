"""A handler made an endpoint: who is asking (a sign-in cookie, or a station's bearer
token), the refusals handlers share, and how a refusal is answered, as one line of JSON
for the API, as a page for a browser.

A handler is a plain function of the request and its caller; it finds the room and
the rest through the request (:func:`floorman.server.state.state_of`), refuses with
:class:`~floorman.server.params.BadRequest`, and is reached through :func:`as_api` or
:func:`as_page`, which answer anyone not signed in before it runs.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.server import answers, auth, bodies
from floorman.server.auth import Caller
from floorman.server.params import BadRequest
from floorman.server.state import state_of
from floorman.store._backend import masked
from floorman.store.errors import StoreError, Unavailable

__all__ = [
    "Endpoint",
    "Handler",
    "Posted",
    "as_api",
    "as_api_post",
    "as_page",
    "caller",
    "check_drills",
    "check_readable",
    "check_writable",
    "log_once_a_minute",
    "trainee_may",
]

Handler = Callable[[Request, Caller], Awaitable[Response]]
Posted = Callable[[Request, Caller, bytes], Response]
"""A handler of a post that runs on the posts' threads: the request, its caller and the
body as it came."""
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


SIGN_IN_FIRST: Final = "sign in first, or send a station token"
UNAVAILABLE: Final = "the store is unavailable for now: try again in a moment"
"""What a client is told when the store cannot serve: where the store is stays in the log."""
RETRY_AFTER: Final = {"retry-after": "2"}

_log = logging.getLogger("floorman.server")
_last_logged: dict[str, float] = {}


def _store_failed(request: Request, error: StoreError) -> tuple[int, str, dict[str, str]]:
    """The status, the message and the headers for a store failure: a store that cannot
    serve now is a 503 to retry; the store's address is never part of the answer."""
    _log_once_a_minute(type(error).__name__, str(error))
    if isinstance(error, Unavailable):
        return 503, UNAVAILABLE, RETRY_AFTER
    where = str(state_of(request).room.db)
    message = str(error).replace(where, "the store")  # a file as named, a URL masked
    return 503, message.replace(masked(where), "the store"), RETRY_AFTER


def _log_once_a_minute(kind: str, message: str) -> None:
    """One log line per kind of failure a minute: a store that is down for an hour
    must not fill the disk with the same line."""
    log_once_a_minute(kind, f"store: {message}")


def log_once_a_minute(kind: str, line: str) -> None:
    """``line`` logged unless a line of its ``kind`` was in the last minute: a failure
    or a refusal that repeats a thousand times a second is one line a minute."""
    now = time.monotonic()
    if now - _last_logged.get(kind, -60.0) >= 60.0:
        _last_logged[kind] = now
        _log.warning("%s", line)


def as_api(handler: Handler) -> Endpoint:
    """``handler`` for a caller signed in or with a token; refusals as JSON (401 first)."""

    async def endpoint(request: Request) -> Response:
        try:
            who = await caller(request)
            if who is None:
                return answers.error(401, SIGN_IN_FIRST)
            _refuse_trainee_beyond_drills(who, request)
            return await handler(request, who)
        except (BadRequest, StoreError) as error:
            return _api_refusal(request, error)

    return endpoint


def as_api_post(handler: Posted) -> Endpoint:
    """``handler`` answered as :func:`as_api` answers, for the posts a station makes all
    night: the caller is looked up, checked and the post handled in one hand-off to the
    posts' threads (:mod:`floorman.server.handoff`), not two (a hand-off costs the server
    about as much CPU as recording an event). So the body is read first, bounded as every
    body is; a request with no sign-in cookie and no token is answered 401 before it.
    As the answer comes back, the live pages are told what the post recorded."""

    async def endpoint(request: Request) -> Response:
        try:
            if (
                request.headers.get("authorization") is None
                and request.cookies.get(auth.SIGN_IN_COOKIE) is None
            ):
                return answers.error(401, SIGN_IN_FIRST)
            raw = await bodies.body(request)
            state = state_of(request)
            try:
                return await state.posts.run(partial(_posted, handler, request, raw))
            finally:
                state.watcher.take_told()
        except (BadRequest, StoreError) as error:
            return _api_refusal(request, error)

    return endpoint


def _posted(handler: Posted, request: Request, raw: bytes) -> Response:
    who = _caller_now(request)
    if who is None:
        return answers.error(401, SIGN_IN_FIRST)
    _refuse_trainee_beyond_drills(who, request)
    return handler(request, who, raw)


def _refuse_trainee_beyond_drills(who: Caller, request: Request) -> None:
    if not trainee_may(who, request):
        raise BadRequest(403, f"{who.label} (trainee) may only take drills")


def _api_refusal(request: Request, error: BadRequest | StoreError) -> Response:
    """A refusal or a store failure as the API answers it: one line of JSON, with the
    headers the refusal carries (``Retry-After`` for a store that cannot serve now)."""
    if isinstance(error, BadRequest):
        status, message, headers = error.status, str(error), error.headers
    else:
        status, message, headers = _store_failed(request, error)
    answer = answers.error(status, message)
    answer.headers.update(headers)
    return answer


def as_page(handler: Handler) -> Endpoint:
    """``handler`` for a browser signed in (a bearer token is not a browser's, so it is
    sent to sign in too); refusals as a page saying why."""

    async def endpoint(request: Request) -> Response:
        who: Caller | None = None
        try:
            who = await caller(request)
            if who is None or request.headers.get("authorization") is not None:
                return RedirectResponse("/login", status_code=303)
            if not trainee_may(who, request):
                if request.url.path == "/" and request.method == "GET":
                    return RedirectResponse("/drill", status_code=303)
                raise BadRequest(403, f"{who.label} (trainee) may only take drills")
            return await handler(request, who)
        except BadRequest as error:
            context = {"who": who, "message": str(error)}
            refusal = answers.html(request, "message.html", context, error.status)
            refusal.headers.update(error.headers)
            return refusal
        except StoreError as error:
            status, message, headers = _store_failed(request, error)
            page = answers.html(request, "message.html", {"who": who, "message": message}, status)
            page.headers.update(headers)
            return page

    return endpoint


TRAINEE_PATHS: Final = ("/logout", "/ask", "/rules", "/api/ask")
"""Where a trainee may go besides the drills (``/drill...``, ``/api/drill...``): sign
out, and ask and read the rules."""


def trainee_may(who: Caller, request: Request) -> bool:
    """A trainee reaches only the drills, the rules and signing out; anyone else, every
    route (each handler then checks what its caller may do)."""
    if who.role != "trainee":
        return True
    path = request.url.path
    return path.startswith(("/drill", "/api/drill")) or path in TRAINEE_PATHS


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
