"""How ``floorman serve`` takes connections: a cap on those open at once, in all and
from one address, and a deadline for a request's head and for its body.

Whoever can open a TCP connection to the room could otherwise hold it: a connection
that sends nothing, or a request head one byte a minute, costs the server an open
file for good, and a process runs out of them at about a thousand. So a connection
over a cap is answered ``503`` with ``Retry-After`` and closed (given a moment to send
its request, so the answer can be read); one over the caps by far is closed unread;
one whose head or body is late is answered ``408`` (or closed, if it sent nothing)
when its deadline passes. Each kind of refusal is logged once a minute at most.

This is uvicorn's HTTP/1.1 protocol on httptools (a parser in C: h11's, in Python,
cost a fifth of the server's CPU a post) with the caps and deadlines added: what an
ASGI application sees begins only once a request's head has arrived, too late to
drop a connection that never sends one. httptools puts no bound on a head's size,
so a head longer than :data:`MAX_HEAD_BYTES` is answered ``431`` and closed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = [
    "BACKLOG",
    "MAX_HEAD_BYTES",
    "REFUSING",
    "RESERVED_FILES",
    "Door",
    "Limits",
    "OnceAMinute",
    "limited_protocol",
]

REFUSING: Final = 64
"""Connections being refused at once (each given :data:`REFUSAL_GRACE` to send its
request and read the 503); more are closed unread."""
REFUSAL_GRACE: Final = 1.0
BACKLOG: Final = 64
"""Connections the kernel holds waiting, and so the most taken in one go before the
caps can look at them: each holds an open file until it is refused."""
RESERVED_FILES: Final = 192
"""Open files kept for the store (a connection per thread, 40 in the shared pool and 16
for the posts, each with its write-ahead log on SQLite: 112), the templates and the
rest beyond connections."""

LIVE_STREAMS: Final = "/api/stream"
"""Where the live-update streams are served (``/api/stream``, ``/api/stream/tournaments``):
held open for hours, they are closed at once when the server stops."""

MAX_HEAD_BYTES: Final = 16_384
"""The longest request head taken (h11's bound, which uvicorn's other protocol keeps):
a station's or a browser's heads are a few hundred bytes."""

_log = logging.getLogger("floorman.server")


@dataclass(frozen=True, slots=True)
class Limits:
    """What ``serve`` takes: connections in all and from one address, and how long a
    request's head and body may take to arrive."""

    connections: int
    per_client: int
    head_seconds: float
    body_seconds: float


@dataclass(slots=True)
class Door:
    """The connections open now, in all and by address, and when each kind of refusal
    was last logged."""

    limits: Limits
    by_address: Counter[str] = field(default_factory=Counter)
    served: int = 0
    refusing: int = 0
    _logged: dict[str, float] = field(default_factory=dict)

    def log_once_a_minute(self, kind: str, line: str) -> None:
        """One log line a minute per kind of refusal: an attack must not fill the disk."""
        if _due(self._logged, kind):
            _log.warning("connections: %s", line)


def _due(logged: dict[str, float], kind: str) -> bool:
    """Whether a line of ``kind`` may be logged now (none in the last minute); if so, it
    is counted as logged."""
    now = time.monotonic()
    if now - logged.get(kind, -60.0) < 60.0:
        return False
    logged[kind] = now
    return True


class OnceAMinute(logging.Filter):
    """uvicorn's own warnings about what a client sent (a request it cannot read, an
    upgrade it does not take), each kind at most once a minute: a client sending
    garbage a thousand times a second must not fill the disk. Errors pass as they are."""

    def __init__(self) -> None:
        super().__init__()
        self._logged: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR:
            return True
        if len(self._logged) >= 100:  # uvicorn's kinds are a handful: this is a bound
            self._logged.clear()
        return _due(self._logged, str(record.msg)[:200])


def _answer(status: int, reason: str, message: str, retry_after: int | None) -> bytes:
    body = (message + "\n").encode()
    head = [f"HTTP/1.1 {status} {reason}", "content-type: text/plain; charset=utf-8",
            f"content-length: {len(body)}", "connection: close"]  # fmt: skip
    if retry_after is not None:
        head.append(f"retry-after: {retry_after}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


def _refusal_app(message: str) -> Any:
    """An ASGI application that answers every request ``503`` with ``Retry-After``."""
    body = (message + "\n").encode()

    async def refuse(scope: Any, receive: Any, send: Any) -> None:
        headers = [(b"content-type", b"text/plain; charset=utf-8"),
                   (b"content-length", str(len(body)).encode()),
                   (b"retry-after", b"5"), (b"connection", b"close")]  # fmt: skip
        await send({"type": "http.response.start", "status": 503, "headers": headers})
        await send({"type": "http.response.body", "body": body, "more_body": False})

    return refuse


def limited_protocol(door: Door) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol held to ``door``'s caps and deadlines."""
    limits = door.limits

    class Limited(HttpToolsProtocol):
        _address = ""
        _counted: str | None = None
        _phase: str | None = None
        _deadline: asyncio.TimerHandle | None = None
        _heard = False
        _owed = "head"
        """What the client owes now: a request's ``head``, its ``body``, or nothing
        (``""``) while the room answers; ``refused`` once its head was too long."""
        _head_bytes = 0
        """The bytes of the head's URL and headers as parsed so far."""
        _unparsed = 0
        """The bytes received while a head is not yet whole (httptools keeps a header
        until its end: a header that never ends is counted here)."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._address = self.client[0] if self.client else ""
            if door.served >= limits.connections:
                self._refuse("full", f"{door.served} connections open, the most the room takes")
            elif door.by_address[self._address] >= limits.per_client:
                self._refuse("client", f"{limits.per_client} connections open from {self._address}")
            else:
                door.served += 1
                door.by_address[self._address] += 1
                self._counted = "served"
                self._follow()

        def _refuse(self, kind: str, why: str) -> None:
            if door.refusing >= REFUSING:
                door.log_once_a_minute("unread", f"{why}: closing new ones unread")
                self.transport.abort()
                return
            door.log_once_a_minute(kind, f"{why}: refusing new ones (503)")
            door.refusing += 1
            self._counted = "refusing"
            self.app = _refusal_app(
                "the room serves as many connections as it takes: try again in a moment"
                if kind == "full"
                else "this address holds as many connections as one may: close a page"
                " or try again in a moment"
            )
            self._arm("refusing", REFUSAL_GRACE)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._counted == "served":
                door.served -= 1
                door.by_address[self._address] -= 1
                if door.by_address[self._address] <= 0:
                    del door.by_address[self._address]
            elif self._counted == "refusing":
                door.refusing -= 1
            self._counted = None
            super().connection_lost(exc)

        def shutdown(self) -> None:
            """The server stops: a live-update stream is closed at once (its page makes
            it again, on the server that follows), rather than holding the stop for the
            graceful wait and being cancelled at its end; any other answer is finished."""
            cycle = self.cycle
            streaming = cycle is not None and not cycle.response_complete
            if streaming and cycle.scope["path"].startswith(LIVE_STREAMS):
                self.transport.close()
                return
            super().shutdown()

        def data_received(self, data: bytes) -> None:
            self._heard = True
            super().data_received(data)
            if self._owed == "head":
                self._unparsed += len(data)
                if self._unparsed > MAX_HEAD_BYTES:
                    self._too_long()
                    return
            self._follow()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._owed, self._head_bytes = "head", 0

        def on_url(self, url: bytes) -> None:
            self._head_bytes += len(url)
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._head_bytes += len(name) + len(value) + 4
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            if self._head_bytes > MAX_HEAD_BYTES:
                self._too_long()
                return
            self._owed, self._head_bytes, self._unparsed = "body", 0, 0
            super().on_headers_complete()

        def on_body(self, body: bytes) -> None:
            if self._owed != "refused":
                super().on_body(body)

        def on_message_complete(self) -> None:
            if self._owed != "refused":
                self._owed = ""
                super().on_message_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._heard = False
            if self._owed == "":
                self._owed = "head"
            self._follow()

        def _too_long(self) -> None:
            """A head over :data:`MAX_HEAD_BYTES`: answered 431, and the connection closed."""
            self._owed = "refused"
            self._disarm()
            door.log_once_a_minute("long", f"a request's head over {MAX_HEAD_BYTES} bytes (431)")
            if not self.transport.is_closing():
                self.transport.write(
                    _answer(431, "Request Header Fields Too Large",
                            f"the request's head is over {MAX_HEAD_BYTES} bytes", None)
                )  # fmt: skip
                self.transport.close()

        def _follow(self) -> None:
            """The deadline for what the client owes now: a request's head, its body,
            or nothing while the room answers."""
            if self._counted != "served" or self.transport.is_closing():
                return
            if self._owed == "head":
                self._arm("head", limits.head_seconds)
            elif self._owed == "body":
                self._arm("body", limits.body_seconds)
            else:
                self._disarm()

        def _arm(self, phase: str, seconds: float) -> None:
            if self._phase == phase:
                return
            self._disarm()
            self._phase = phase
            self._deadline = self.loop.call_later(seconds, self._late)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = None
            self._phase = None

        def _late(self) -> None:
            """The deadline passed: a request begun is answered 408, a silent one closed."""
            phase, self._phase, self._deadline = self._phase, None, None
            if self.transport.is_closing():
                return
            started = self.cycle is not None and self.cycle.response_started
            if phase == "body" and not started:
                door.log_once_a_minute("body", "a request's body came too slowly (408)")
                self.transport.write(
                    _answer(408, "Request Timeout", "the request's body came too slowly", None)
                )
            elif phase == "head" and self._heard:
                door.log_once_a_minute("head", "a request's head came too slowly (408)")
                self.transport.write(
                    _answer(408, "Request Timeout", "the request's head came too slowly", None)
                )
            self.transport.close()

    return Limited
