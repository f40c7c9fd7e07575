"""Who may use the card room server, kept beside the recorded hands in the same store.

Floor staff (a name, a role, a password hash), their sign-ins, each table's
station tokens, who entered each record, and the answers already given to a
station's retried post (its idempotency key). Secrets are never stored as
given: passwords as scrypt hashes (made by :mod:`floorman.store.passwords`),
sign-in and station tokens as SHA-256 digests, so a copy of the file signs
nobody in.

What is a record stays a record: users, disablings, password changes, station
tokens and their revocations, authors and idempotent answers are append-only
(triggers refuse updates and deletes); only sign-ins, which are not part of
the audit trail, are deleted when someone signs out. Sign-ins are kept in the
table ``staff_sessions``, a stored name that stays so that every existing
store opens as it is. :class:`StaffStore` is the interface the server and the
command line use; :class:`Staff` writes it in either backend, on a store of
its own or on the hands' (:func:`staff_of`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Final, Literal, Protocol

from floorman.store._backend import Database, chunks, open_database
from floorman.store.errors import Duplicate, StoreError
from floorman.store.hands import Store

__all__ = [
    "FAILURES_KEPT",
    "ROLES",
    "SIGN_IN_HOURS",
    "Failures",
    "SignIn",
    "Staff",
    "StaffStore",
    "StoreError",
    "User",
    "open_staff",
    "staff_of",
]

Role = Literal["floor", "trainer", "trainee", "station"]
ROLES: Final = ("floor", "trainer", "trainee")
"""The roles a person can have; ``station`` is a table's device, not a person. A
trainee signs in only to take drills."""

SIGN_IN_HOURS: Final = 12
"""A sign-in lasts one long shift."""


@dataclass(frozen=True, slots=True)
class User:
    """A member of the floor staff."""

    name: str
    role: str
    created: str
    disabled: str | None = None


@dataclass(frozen=True, slots=True)
class SignIn:
    """Who a sign-in belongs to: a person (``floor``, ``trainer``) or a table's station
    (``station``, with its table), and the sign-in's CSRF token."""

    who: str
    role: Role
    table: str | None
    csrf: str


class StaffStore(Protocol):
    """What the server and the ``users`` and ``station`` commands need."""

    def add_user(self, name: str, role: str, password_hash: str) -> User: ...
    def users(self) -> list[User]: ...
    def user(self, name: str) -> tuple[User, str] | None:
        """The user and their password hash, if there is one by that name."""
        ...

    def disable(self, name: str) -> None: ...
    def set_password(self, name: str, password_hash: str) -> None:
        """A new password for the user; their sign-ins end."""
        ...

    def rehash_password(self, name: str, password_hash: str) -> None:
        """The same password hashed with stronger parameters; sign-ins go on."""
        ...

    def new_station_token(self, table: str) -> str: ...
    def revoke_stations(self, table: str) -> int:
        """Revoke every token of the table's station, ending its sign-ins; returns how many."""
        ...

    def station_table(self, token: str) -> str | None: ...
    def sign_in(self, who: str, role: Role, table: str | None = None) -> tuple[str, str]:
        """A new sign-in: its token (for the cookie) and its CSRF token."""
        ...

    def signed_in(self, token: str) -> SignIn | None:
        """The sign-in a token names, while it lasts and its user is not disabled."""
        ...

    def sign_out(self, token: str) -> None: ...
    def failed_sign_in(self, name: str, address: str) -> None:
        """Keep a failed sign-in under the name tried and the caller's address."""
        ...

    def sign_in_failures(self, name: str, address: str, since: datetime) -> Failures:
        """The failed sign-ins since ``since``: the name's (those before it was last
        cleared left out) and the address's."""
        ...

    def clear_sign_in_failures(self, name: str) -> None:
        """Forget the name's failed sign-ins (it signed in, or a floor manager unlocked it)."""
        ...

    def note_authors(self, record_ids: Iterable[int], who: str) -> None: ...
    def authors(self, record_ids: Iterable[int]) -> dict[int, str]: ...
    def answered(self, who: str, key: str) -> str | None: ...
    def remember_answer(self, who: str, key: str, answer: str) -> None: ...
    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Failures:
    """Failed sign-ins counted for a name and for an address, each with the latest."""

    by_name: int
    name_last: datetime | None
    by_address: int
    address_last: datetime | None


FAILURES_KEPT: Final = timedelta(days=1)
"""How long a failed sign-in is kept to count."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _stamp(moment: datetime) -> str:
    """A moment as stored: one width, so that stored moments sort as text."""
    return moment.isoformat(timespec="microseconds")


def _moment(value: object) -> datetime | None:
    return None if value is None else datetime.fromisoformat(str(value))


def open_staff(where: str | Path | None = None) -> Staff:
    """The staff tables in the store at ``where`` (default: the hands' store)."""
    return Staff(open_database(where))


def staff_of(store: Store) -> Staff:
    """The staff tables of an open hand store, on its connection, so that a post's events,
    authors and answer are one transaction; closing the hand store closes them."""
    return Staff(store.database, owned=False)


class Staff:
    """:class:`StaffStore` in a SQLite file or a PostgreSQL database."""

    def __init__(self, db: Database, *, owned: bool = True) -> None:
        self.path = db.path
        self._db = db
        self._owned = owned

    def close(self) -> None:
        if self._owned:
            self._db.close()

    def __enter__(self) -> Staff:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self) -> AbstractContextManager[None]:
        return self._db.write()

    def _rows(self, query: str, arguments: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        return self._db.rows(query, arguments)

    def _stored_name(self, name: str) -> str | None:
        rows = self._rows(
            f"SELECT name FROM staff_users WHERE {self._db.same_name('name')}", (name,)
        )
        return str(rows[0][0]) if rows else None

    def _end_sign_ins(self, name: str) -> None:
        self._rows(
            f"DELETE FROM staff_sessions WHERE {self._db.same_name('who')} AND role != 'station'",
            (name,),
        )

    # people ----------------------------------------------------------------

    def add_user(self, name: str, role: str, password_hash: str) -> User:
        if role not in ROLES:
            raise StoreError(f"no role {role!r}: one of {', '.join(ROLES)}")
        created = _now().isoformat(timespec="seconds")
        taken = StoreError(f"there is already a user {name}")
        try:
            with self._write():
                if self._stored_name(name) is not None:
                    raise taken
                self._rows(
                    "INSERT INTO staff_users (name, role, password, created) VALUES (?, ?, ?, ?)",
                    (name, role, password_hash, created),
                )
        except Duplicate:
            raise taken from None
        return User(name, role, created)

    _USERS: Final = (
        "SELECT u.name, u.role, u.created, d.at, COALESCE((SELECT p.password FROM "
        "staff_passwords p WHERE p.name = u.name ORDER BY p.id DESC LIMIT 1), u.password) "
        "FROM staff_users u LEFT JOIN staff_disabled d ON d.name = u.name "
    )

    def users(self) -> list[User]:
        return [
            User(str(name), str(role), str(created), None if at is None else str(at))
            for name, role, created, at, _ in self._rows(self._USERS + "ORDER BY u.name")
        ]

    def user(self, name: str) -> tuple[User, str] | None:
        rows = self._rows(self._USERS + f"WHERE {self._db.same_name('u.name')}", (name,))
        if not rows:
            return None
        found, role, created, at, password = rows[0]
        user = User(str(found), str(role), str(created), None if at is None else str(at))
        return user, str(password)

    def disable(self, name: str) -> None:
        """Disable a user: their sign-ins end and they cannot sign in again."""
        self._about_user(
            name, "INSERT INTO staff_disabled (name, at) VALUES (?, ?) ON CONFLICT DO NOTHING"
        )

    def set_password(self, name: str, password_hash: str) -> None:
        self._about_user(
            name,
            "INSERT INTO staff_passwords (name, password, at) VALUES (?, ?, ?)",
            password_hash,
        )

    def rehash_password(self, name: str, password_hash: str) -> None:
        self._about_user(
            name,
            "INSERT INTO staff_passwords (name, password, at) VALUES (?, ?, ?)",
            password_hash,
            end_sign_ins=False,
        )

    def _about_user(
        self, name: str, statement: str, *values: object, end_sign_ins: bool = True
    ) -> None:
        """Keep a record about the user ``name`` (the name, ``values``, when) and end their
        sign-ins, in one transaction; refused for no such user."""
        with self._write():
            stored = self._stored_name(name)
            if stored is None:
                raise StoreError(f"no user {name}")
            self._rows(statement, (stored, *values, _now().isoformat(timespec="seconds")))
            if end_sign_ins:
                self._end_sign_ins(name)

    # stations --------------------------------------------------------------

    def new_station_token(self, table: str) -> str:
        """A new token for ``table``'s station (earlier ones keep working until revoked)."""
        token = secrets.token_urlsafe(24)
        with self._write():
            self._rows(
                "INSERT INTO station_tokens (token, table_name, created) VALUES (?, ?, ?)",
                (_digest(token), table, _now().isoformat(timespec="seconds")),
            )
        return token

    def station_table(self, token: str) -> str | None:
        rows = self._rows(
            "SELECT table_name FROM station_tokens t WHERE token = ? AND NOT EXISTS "
            "(SELECT 1 FROM station_revoked r WHERE r.token = t.token)",
            (_digest(token),),
        )
        return str(rows[0][0]) if rows else None

    def revoke_stations(self, table: str) -> int:
        at = _now().isoformat(timespec="seconds")
        with self._write():
            revoked = self._rows(
                "INSERT INTO station_revoked (token, at) SELECT token, ? FROM station_tokens t "
                "WHERE table_name = ? AND NOT EXISTS "
                "(SELECT 1 FROM station_revoked r WHERE r.token = t.token) RETURNING token",
                (at, table),
            )
            self._rows(
                "DELETE FROM staff_sessions WHERE role = 'station' AND table_name = ?", (table,)
            )
        return len(revoked)

    # sign-ins --------------------------------------------------------------

    def sign_in(self, who: str, role: Role, table: str | None = None) -> tuple[str, str]:
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        expires = (_now() + timedelta(hours=SIGN_IN_HOURS)).isoformat()
        with self._write():
            self._rows(
                "INSERT INTO staff_sessions (token, who, role, table_name, csrf, expires) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (_digest(token), who, role, table, csrf, expires),
            )
        return token, csrf

    def signed_in(self, token: str) -> SignIn | None:
        rows = self._rows(
            "SELECT s.who, s.role, s.table_name, s.csrf, s.expires FROM staff_sessions s "
            "WHERE s.token = ? AND NOT EXISTS (SELECT 1 FROM staff_disabled d WHERE "
            f"{self._db.same_name('d.name', 's.who')} AND s.role != 'station')",
            (_digest(token),),
        )
        if not rows:
            return None
        who, role, table, csrf, expires = rows[0]
        if datetime.fromisoformat(str(expires)) <= _now():
            return None
        assert role in ("floor", "trainer", "trainee", "station")
        return SignIn(str(who), role, None if table is None else str(table), str(csrf))

    def sign_out(self, token: str) -> None:
        with self._write():
            self._rows("DELETE FROM staff_sessions WHERE token = ?", (_digest(token),))

    def purge_sessions(self) -> int:
        """Forget the sign-ins that have expired and the failed sign-ins past counting;
        returns how many sign-ins went."""
        now = _now()
        with self._write():
            gone = self._rows(
                "DELETE FROM staff_sessions WHERE expires < ? RETURNING token", (now.isoformat(),)
            )
            self._rows(
                "DELETE FROM sign_in_failures WHERE at < ?",
                (_stamp(now - FAILURES_KEPT),),
            )
        return len(gone)

    # failed sign-ins -------------------------------------------------------

    def failed_sign_in(self, name: str, address: str) -> None:
        with self._write():
            self._rows(
                "INSERT INTO sign_in_failures (name, address, at) VALUES (?, ?, ?)",
                (name.lower(), address, _stamp(_now())),
            )

    def sign_in_failures(self, name: str, address: str, since: datetime) -> Failures:
        cleared = self._rows("SELECT MAX(at) FROM sign_in_cleared WHERE name = ?", (name.lower(),))[
            0
        ][0]
        after = max(_stamp(since), str(cleared)) if cleared else _stamp(since)
        named = self._rows(
            "SELECT COUNT(*), MAX(at) FROM sign_in_failures WHERE name = ? AND at > ?",
            (name.lower(), after),
        )[0]
        addressed = self._rows(
            "SELECT COUNT(*), MAX(at) FROM sign_in_failures WHERE address = ? AND at > ?",
            (address, _stamp(since)),
        )[0]
        return Failures(
            int(str(named[0])), _moment(named[1]), int(str(addressed[0])), _moment(addressed[1])
        )

    def clear_sign_in_failures(self, name: str) -> None:
        with self._write():
            self._rows(
                "INSERT INTO sign_in_cleared (name, at) VALUES (?, ?)",
                (name.lower(), _stamp(_now())),
            )

    # who entered what ------------------------------------------------------

    def note_authors(self, record_ids: Iterable[int], who: str) -> None:
        with self._write():
            self._db.many(
                "INSERT INTO record_authors (record_id, who) VALUES (?, ?) ON CONFLICT DO NOTHING",
                [(record_id, who) for record_id in record_ids],
            )

    def authors(self, record_ids: Iterable[int]) -> dict[int, str]:
        ids = list(record_ids)
        found: dict[int, str] = {}
        for chunk in chunks(ids):
            marks = ",".join("?" * len(chunk))
            query = f"SELECT record_id, who FROM record_authors WHERE record_id IN ({marks})"
            for record_id, who in self._rows(query, tuple(chunk)):
                assert isinstance(record_id, int)
                found[record_id] = str(who)
        return found

    # idempotent posts -----------------------------------------------------

    def answered(self, who: str, key: str) -> str | None:
        rows = self._rows("SELECT answer FROM idempotent WHERE who = ? AND key = ?", (who, key))
        return str(rows[0][0]) if rows else None

    def remember_answer(self, who: str, key: str, answer: str) -> None:
        with self._write():
            self._rows(
                "INSERT INTO idempotent (who, key, answer, at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (who, key, answer, _now().isoformat(timespec="seconds")),
            )


"""The name callers knew the staff store by when it was SQLite only."""
