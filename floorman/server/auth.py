"""Who is asking, and what they may do: floor staff by their sign-in cookie, a table's
station by its token (a bearer token for the API, or a sign-in made from it).

A floor person reads every table and writes to any; a trainer reads; a station
reads and writes its own table only; a trainee reads no table, and takes drills
(:mod:`floorman.server.drillpages`). Floor and trainers read the drills; everyone
signed in may ask the rules and print them. A request that comes with a cookie must
also carry the sign-in's CSRF token to change anything (a form field, or the
``X-CSRF-Token`` header); a bearer token is never sent by a browser on its
own, so it needs none.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Final

from floorman.server.views import STATION
from floorman.store.staff import Role, Staff

__all__ = ["SIGN_IN_COOKIE", "Caller", "caller_from", "csrf_matches"]

SIGN_IN_COOKIE: Final = "floorman_session"
"""The sign-in's token; the cookie keeps this name so that browsers signed in stay so."""
LOGIN_COOKIE: Final = "floorman_login"
"""The sign-in form's own CSRF token, before there is a sign-in (double submit)."""

MAX_TOKEN_CHARS: Final = 200


@dataclass(frozen=True, slots=True)
class Caller:
    """Who made a request: ``who`` as records name them (a user, ``station:7``)."""

    who: str
    role: Role
    table: str | None = None
    csrf: str | None = None
    """The sign-in's CSRF token; ``None`` for a caller by bearer token."""

    def may_read(self, table: str | None = None) -> bool:
        """A station reads its own table; staff read every table (``None``: the room)."""
        if self.role == "station":
            return table is not None and table == self.table
        return self.role != "trainee"

    def may_write(self, table: str) -> bool:
        if self.role == "station":
            return table == self.table
        return self.role == "floor"

    def may_read_drills(self) -> bool:
        """Trainers and the floor read the trainees' drill progress; a station does not."""
        return self.role in ("floor", "trainer")

    @property
    def label(self) -> str:
        return f"station {self.table}" if self.role == "station" else self.who


def caller_from(staff: Staff, cookie: str | None, authorization: str | None) -> Caller | None:
    """The caller a request's sign-in cookie or ``Authorization: Bearer`` token names."""
    if authorization is not None:
        scheme, _, token = authorization.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token or len(token) > MAX_TOKEN_CHARS:
            return None
        table = staff.station_table(token)
        return None if table is None else Caller(f"{STATION}{table}", "station", table)
    if cookie is None or len(cookie) > MAX_TOKEN_CHARS:
        return None
    signed = staff.signed_in(cookie)
    if signed is None:
        return None
    return Caller(signed.who, signed.role, signed.table, signed.csrf)


def csrf_matches(expected: str | None, given: str | None) -> bool:
    """Whether a CSRF token sent with a request is the one expected (constant time)."""
    if not expected or not given:
        return False
    return hmac.compare_digest(expected.encode(), given.encode("utf-8", "surrogateescape"))
