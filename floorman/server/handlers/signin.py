"""Signing in and out: a floor person by name and password, a table's station by its
token typed into the same form. A sign-in is a cookie holding its token; the sign-in
form is guarded by a CSRF token of its own (double submit), signing out by the
sign-in's.

Wrong passwords and tokens cost the guesser a wait that doubles, by the name tried and
by the address (:mod:`floorman.server.throttle`), answered 429 with ``Retry-After``;
and no more than :data:`CHECKING_AT_ONCE` passwords are checked at once, the others
waiting without a thread, so a flood of sign-ins cannot starve the stations.
"""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime
from typing import Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.server import answers, auth, bodies
from floorman.server.auth import Caller
from floorman.server.endpoints import UNAVAILABLE
from floorman.server.handlers.station import station_path
from floorman.server.origins import host_name, is_loopback
from floorman.server.params import BadRequest
from floorman.server.room import Room
from floorman.server.state import state_of
from floorman.server.throttle import WINDOW, Refusal, refusal
from floorman.store.errors import StoreError
from floorman.store.passwords import (
    MAX_PASSWORD_CHARS,
    hash_password,
    needs_rehash,
    verify_password,
)
from floorman.store.staff import FAILURES_KEPT, SIGN_IN_HOURS, Role, Staff

__all__ = ["CHECKING_AT_ONCE", "sign_in", "sign_in_page", "sign_out"]

CHECKING_AT_ONCE: Final = 2
"""Passwords checked at once (each costs scrypt's 16 MiB and a fraction of a second)."""
MOST_WAITING: Final = 64
"""Sign-ins that may wait their turn; more are refused at once (429)."""
_checking = asyncio.Semaphore(CHECKING_AT_ONCE)
_waiting = 0

_MESSAGES: Final = {"": "", "out": "Signed out.", "bad": "That name and password do not match."}

_DUMMY_HASH: Final = (
    "scrypt$16384$8$5$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
)
"""Checked against when there is no such user, so a wrong name costs what a wrong password does."""


async def sign_in_page(request: Request) -> Response:
    """The sign-in form, with its CSRF token (kept from an earlier visit, else new)."""
    token = request.cookies.get(auth.LOGIN_COOKIE)
    if not token or len(token) > auth.MAX_TOKEN_CHARS:
        token = secrets.token_urlsafe(32)
    message = request.query_params.get("message", "")
    shown = _PLAIN_HTTP if _cookies_lost(request) else _MESSAGES.get(message, "")
    response = answers.html(
        request,
        "login.html",
        {"csrf": token, "message": shown, "who": None},
        401 if message == "bad" else 200,
    )
    answers.set_cookie(request, response, auth.LOGIN_COOKIE, token, None)
    return response


async def sign_in(request: Request) -> Response:
    """The sign-in form sent: signed in, to the dashboard (a station to its page); not,
    back to the form saying so. Open to anyone, so its refusals are JSON."""
    try:
        form = await bodies.form(request)
    except BadRequest as error:
        return answers.error(error.status, str(error))
    if not auth.csrf_matches(request.cookies.get(auth.LOGIN_COOKIE), form.get("csrf")):
        if _cookies_lost(request):
            context = {"csrf": form.get("csrf", ""), "message": _PLAIN_HTTP, "who": None}
            return answers.html(request, "login.html", context, 403)
        return answers.error(403, "the sign-in form's CSRF token is missing or wrong: reload it")
    room = state_of(request).room
    address = request.client.host if request.client is not None else "unknown"
    station_token = form.get("station", "")[: auth.MAX_TOKEN_CHARS + 1]
    name = "" if station_token else form.get("name", "")[:200]
    global _waiting
    if _waiting >= MOST_WAITING:
        return _refused(request, form.get("csrf", ""), Refusal(2, locked=False))
    _waiting += 1
    try:
        async with _checking:
            signed = await run_in_threadpool(
                _signed_in, room, name, form.get("password", ""), station_token, address
            )
    except StoreError:
        return answers.error(503, UNAVAILABLE)
    finally:
        _waiting -= 1
    if isinstance(signed, Refusal):
        return _refused(request, form.get("csrf", ""), signed)
    if signed is None:
        return RedirectResponse("/login?message=bad", status_code=303)
    who, sign_in_token = signed
    target = station_path(who.table) if who.table is not None else "/"
    response = RedirectResponse(target, status_code=303)
    answers.set_cookie(request, response, auth.SIGN_IN_COOKIE, sign_in_token, SIGN_IN_HOURS * 3600)
    response.delete_cookie(auth.LOGIN_COOKIE, path="/")
    return response


_PLAIN_HTTP: Final = (
    "This room is served over plain HTTP, so this browser keeps no sign-in. Ask the floor"
    " to start floorman serve with --certfile and --keyfile, then open the https:// address."
)


def _cookies_lost(request: Request) -> bool:
    """Whether this browser will drop the sign-in's cookie: it is Secure, and the page came
    over plain HTTP from another machine (browsers keep one on HTTP for localhost only)."""
    name = host_name(request.headers.get("host", ""))
    return (
        state_of(request).secure_cookies and request.url.scheme == "http" and not is_loopback(name)
    )


def _refused(request: Request, csrf: str, refused: Refusal) -> Response:
    """The sign-in form again, saying how long to wait, or who lifts a lock: 429."""
    if refused.locked:
        message = (
            "Too many wrong passwords for this name today: a floor manager unlocks it "
            "with floorman users unlock NAME."
        )
    else:
        message = f"Too many wrong tries: wait {refused.seconds} seconds, then sign in again."
    context = {"csrf": csrf, "message": message, "who": None}
    page = answers.html(request, "login.html", context, 429)
    page.headers["retry-after"] = str(refused.seconds)
    return page


def _signed_in(
    room: Room, name: str, password: str, token: str, address: str
) -> tuple[Caller, str] | Refusal | None:
    """The sign-in, or why not: refused for now (too many wrong tries), or ``None`` for a
    wrong name, password or token, or a user disabled (and that failure kept)."""

    def attempt(staff: Staff) -> tuple[Caller, str] | Refusal | None:
        now = datetime.now(UTC)
        recent = staff.sign_in_failures(name, address, now - WINDOW)
        today = staff.sign_in_failures(name, address, now - FAILURES_KEPT)
        refused = refusal(recent, today, now, named=bool(name))
        if refused is not None:
            return refused
        signed = (
            _station(staff, token)
            if token
            else _person(staff, name, password[: MAX_PASSWORD_CHARS + 1])
        )
        if signed is None:
            staff.failed_sign_in(name, address)
            return None
        if today.by_name:
            staff.clear_sign_in_failures(name)
        staff.purge_sessions()
        return signed

    return room.with_staff(attempt)


def _person(staff: Staff, name: str, password: str) -> tuple[Caller, str] | None:
    found = staff.user(name)
    if found is None:
        verify_password(password, _DUMMY_HASH)
        return None
    user, stored = found
    if not verify_password(password, stored) or user.disabled is not None:
        return None
    if needs_rehash(stored):
        staff.rehash_password(user.name, hash_password(password))
    role: Role = "floor" if user.role == "floor" else "trainer"
    if user.role == "trainee":
        role = "trainee"
    sign_in_token, csrf = staff.sign_in(user.name, role)
    return Caller(user.name, role, None, csrf), sign_in_token


def _station(staff: Staff, token: str) -> tuple[Caller, str] | None:
    table = staff.station_table(token)
    if table is None:
        return None
    sign_in_token, csrf = staff.sign_in(f"station:{table}", "station", table)
    return Caller(f"station:{table}", "station", table, csrf), sign_in_token


async def sign_out(request: Request, who: Caller) -> Response:
    """End the sign-in the cookie holds, and forget the cookie."""
    form = await bodies.form(request)
    if not auth.csrf_matches(who.csrf, form.get("csrf")):
        raise BadRequest(403, "the form's CSRF token is missing or wrong: reload the page")
    cookie = request.cookies.get(auth.SIGN_IN_COOKIE, "")
    room = state_of(request).room
    await run_in_threadpool(room.with_staff, lambda staff: staff.sign_out(cookie))
    response = RedirectResponse("/login?message=out", status_code=303)
    response.delete_cookie(auth.SIGN_IN_COOKIE, path="/")
    return response
