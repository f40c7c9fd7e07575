"""Signing in and out: a floor person by name and password, a table's station by its
token typed into the same form. A sign-in is a cookie holding its token; the sign-in
form is guarded by a CSRF token of its own (double submit), signing out by the
sign-in's."""

from __future__ import annotations

import secrets
from typing import Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.server import answers, auth, bodies
from floorman.server.auth import Caller
from floorman.server.handlers.station import station_path
from floorman.server.params import BadRequest
from floorman.server.room import Room
from floorman.server.state import state_of
from floorman.store.passwords import (
    MAX_PASSWORD_CHARS,
    hash_password,
    needs_rehash,
    verify_password,
)
from floorman.store.staff import SIGN_IN_HOURS, Role, Staff

__all__ = ["sign_in", "sign_in_page", "sign_out"]

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
    response = answers.html(
        request,
        "login.html",
        {"csrf": token, "message": _MESSAGES.get(message, ""), "who": None},
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
        return answers.error(403, "the sign-in form's CSRF token is missing or wrong: reload it")
    room = state_of(request).room
    station_token = form.get("station", "")[: auth.MAX_TOKEN_CHARS + 1]
    if station_token:
        signed = await run_in_threadpool(_station_signed_in, room, station_token)
    else:
        name, password = form.get("name", "")[:200], form.get("password", "")
        password = password[: MAX_PASSWORD_CHARS + 1]
        signed = await run_in_threadpool(_person_signed_in, room, name, password)
    if signed is None:
        return RedirectResponse("/login?message=bad", status_code=303)
    who, sign_in_token = signed
    target = station_path(who.table) if who.table is not None else "/"
    response = RedirectResponse(target, status_code=303)
    answers.set_cookie(request, response, auth.SIGN_IN_COOKIE, sign_in_token, SIGN_IN_HOURS * 3600)
    response.delete_cookie(auth.LOGIN_COOKIE, path="/")
    return response


def _person_signed_in(room: Room, name: str, password: str) -> tuple[Caller, str] | None:
    """The person signed in and their sign-in token; ``None`` for a wrong name or
    password, or a user disabled."""
    return room.with_staff(lambda staff: _person(staff, name, password))


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
    sign_in_token, csrf = staff.sign_in(user.name, role)
    return Caller(user.name, role, None, csrf), sign_in_token


def _station_signed_in(room: Room, token: str) -> tuple[Caller, str] | None:
    """The station its token names, signed in, and its sign-in token; ``None`` for a
    token unknown or revoked."""
    return room.with_staff(lambda staff: _station(staff, token))


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
