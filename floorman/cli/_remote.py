"""``floorman add --server``: record through the card room server's API, print as ``add`` does.

The standard library's HTTP client, not httpx: a terminal at a table needs
nothing installed beyond floorman, and plain ``add`` never imports this module.
Like ``add``, it reads the table and then records after what it read, so a
writer that another terminal or station overtook is refused with ``add``'s
message; one request at a time, each bounded by a timeout.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid
from typing import Any, Final
from urllib.parse import quote, urlsplit

from floorman.cli._console import fail, show, use_four_colours
from floorman.errors import shown

__all__ = ["add_remote"]

TIMEOUT_SECONDS: Final = 10.0
MAX_ANSWER_BYTES: Final = 16 * 1024 * 1024


class Server:
    """The server at ``url``, asked with a station's (or a person's) bearer token."""

    def __init__(self, url: str, token: str) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc or not url.isascii():
            fail(f"--server {shown(url)}: give the server's address, e.g. http://127.0.0.1:8765")
        if not (token.isascii() and token.isprintable()):
            fail("--token: not a station token (those are printable ASCII)")
        self.url = url.rstrip("/")
        self.token = token

    def ask(
        self, method: str, path: str, body: dict[str, Any] | None = None, **headers: str
    ) -> tuple[int, dict[str, Any]]:
        """The status and JSON answer; a server that cannot be reached is one line, exit 2."""
        request = urllib.request.Request(
            self.url + path,
            data=None if body is None else json.dumps(body).encode(),
            method=method,
            headers={
                "authorization": f"Bearer {self.token}",
                "content-type": "application/json",
                "accept": "application/json",
                **headers,
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
                return response.status, _decoded(response.read(MAX_ANSWER_BYTES))
        except urllib.error.HTTPError as error:
            with error:
                return error.code, _decoded(error.read(MAX_ANSWER_BYTES))
        except (urllib.error.URLError, OSError, ValueError) as error:
            reason = getattr(error, "reason", None) or error
            fail(f"cannot reach the server at {self.url}: {reason}")

    def refuse(self, status: int, answer: dict[str, Any]) -> None:
        """Stop on an answer other than 200, with the server's own words."""
        message = answer.get("error") or f"HTTP {status}"
        if status == 400:
            fail(str(message))
        fail(f"{self.url}: {message} (HTTP {status})")


def _decoded(raw: bytes) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def add_remote(
    events: list[str],
    table: str | None,
    server_url: str,
    token: str | None,
    four_colour: bool = False,
) -> None:
    """Record events at a table through the server, as ``floorman add`` records locally:
    the ruling first, then the table as it now stands."""
    from floorman.store.hands import changed_meanwhile
    from floorman.tables.hands import ruling_lines_of, split_events
    from floorman.tables.view import award_lines

    texts = split_events(events)
    if not texts:
        fail("no event given")
    if not token:
        fail("--server needs a token: --token or FLOORMAN_TOKEN (floorman station token TABLE)")
    server = Server(server_url, token)
    if table is None:
        table = _only_table(server)
    path = f"/api/tables/{quote(table, safe='')}"
    status, view = server.ask("GET", path)
    if status != 200:
        server.refuse(status, view)
    body = {"events": texts, "after": view["last"]}
    key = uuid.uuid4().hex
    status, answer = server.ask("POST", f"{path}/events", body, **{"idempotency-key": key})
    if status == 409:
        now = answer.get("table")
        fail(changed_meanwhile(now["hand"] if isinstance(now, dict) else view["hand"]))
    if status != 200:
        server.refuse(status, answer)
    use_four_colours(four_colour)
    state = answer.get("state") or award_lines(answer["pots"])
    show([*ruling_lines_of(answer["rulings"], answer["violations"]), *state])


def _only_table(server: Server) -> str:
    """The one table with a hand in progress that the token may see, as ``add`` finds it."""
    status, answer = server.ask("GET", "/api/tables")
    if status != 200:
        server.refuse(status, answer)
    open_tables = [t["table"] for t in answer.get("tables", []) if t.get("closed") is None]
    if len(open_tables) != 1:
        fail(f"{server.url} has {len(open_tables)} tables with a hand in progress: give --table")
    return str(open_tables[0])
