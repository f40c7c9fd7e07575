"""How many live-update streams the room holds open: each is a connection kept for as
long as its page is open, so they are capped in all and from one address, and a
stream over a cap is refused at once with a status that says which.

>>> held = Streams(StreamCaps(total=3, per_client=2))
>>> [held.refusal("10.0.0.5") for _ in range(2)] == [None, None]
True
>>> held.open("10.0.0.5"); held.open("10.0.0.5")
>>> held.refusal("10.0.0.5").status
429
>>> held.open("10.0.0.6"); held.refusal("10.0.0.7").status
503
>>> held.close("10.0.0.6"); held.refusal("10.0.0.7") is None
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final, NamedTuple

__all__ = ["RETRY_SECONDS", "StreamCaps", "StreamRefusal", "Streams"]

RETRY_SECONDS: Final = 30
"""How long a refused page is asked to wait before it asks again."""


@dataclass(frozen=True, slots=True)
class StreamCaps:
    """Streams open at once, in all and from one address (a tablet, a floor computer;
    behind a reverse proxy, the proxy)."""

    total: int = 400
    per_client: int = 8


class StreamRefusal(NamedTuple):
    status: int
    message: str
    kind: str


@dataclass(slots=True)
class Streams:
    """The streams open now, by the address they come from."""

    caps: StreamCaps
    by_address: Counter[str] = field(default_factory=Counter)
    total: int = 0

    def refusal(self, address: str) -> StreamRefusal | None:
        """Why a new stream from ``address`` is refused now, if it is."""
        if self.by_address[address] >= self.caps.per_client:
            return StreamRefusal(
                429,
                f"this address holds {self.caps.per_client} live-update streams, the most one"
                " may: close a page, or try again later",
                "streams-client",
            )
        if self.total >= self.caps.total:
            return StreamRefusal(
                503,
                "the room holds as many live-update streams as it takes: try again later",
                "streams-full",
            )
        return None

    def open(self, address: str) -> None:
        self.by_address[address] += 1
        self.total += 1

    def close(self, address: str) -> None:
        self.total -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]
