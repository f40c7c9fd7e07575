"""Who may talk to the server: a request for a host name it was not told it answers to
is refused (a DNS-rebinding page would otherwise reach it as its own origin), and so is
a form or post sent from another page's origin, another port on the same machine
included, since cookies do not tell ports apart.

An address (``192.168.1.20``, ``[::1]``) and ``localhost`` are always answered: a
rebinding page needs a name. A request that carries no ``Origin`` (a terminal, a
station's bearer token, ``curl``) is not a browser's form and passes.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["HostAndOrigin", "host_name", "is_loopback"]

_SAFE: Final = frozenset({"GET", "HEAD", "OPTIONS"})


def host_name(host: str) -> str:
    """The name or address of a ``Host`` header, without its port or brackets.

    >>> host_name("[::1]:8765"), host_name("Room.Example:443"), host_name("10.0.0.5")
    ('::1', 'room.example', '10.0.0.5')
    """
    if host.startswith("["):
        return host[1 : host.find("]")].lower() if "]" in host else host.lower()
    return host.rsplit(":", 1)[0].lower() if host.count(":") == 1 else host.lower()


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def is_loopback(name: str) -> bool:
    """Whether ``name`` (a host name or address) is this machine.

    >>> is_loopback("localhost"), is_loopback("127.0.0.1"), is_loopback("192.168.1.2")
    (True, True, False)
    """
    if name == "localhost":
        return True
    return _is_address(name) and ipaddress.ip_address(name).is_loopback


class HostAndOrigin:
    """Refuse a request for another host name (421) or an unsafe one from another origin
    (403), before any route sees it, each in one line of JSON."""

    def __init__(self, app: ASGIApp, names: Iterable[str] = ()) -> None:
        self.app = app
        self.names = frozenset(name.lower().rstrip(".") for name in names) | {"localhost"}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        name = host_name(host).rstrip(".")
        refused = None
        if not (_is_address(name) or name in self.names):
            refused = JSONResponse(
                {
                    "error": f"this server does not answer to the name {name[:80]!r}: start "
                    f"it with floorman serve --host-name {name[:80]} if that is its name"
                },
                421,
            )
        elif scope["method"] not in _SAFE:
            origin = headers.get("origin")
            if origin is not None and not _same_origin(origin, scope, host):
                refused = JSONResponse(
                    {"error": "a form sent from another page's origin is refused"}, 403
                )
        if refused is not None:
            await refused(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _same_origin(origin: str, scope: Scope, host: str) -> bool:
    """Whether ``origin`` is this server's own: the same scheme, host and port."""
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    scheme = scope.get("scheme", "http")
    default = {"http": "80", "https": "443"}.get(scheme, "")
    ours = host if ":" in host.rsplit("]", 1)[-1] else f"{host}:{default}"
    theirs = parts.netloc
    if ":" not in theirs.rsplit("]", 1)[-1]:
        theirs = f"{theirs}:{default}"
    return parts.scheme == scheme and theirs.lower() == ours.lower()
