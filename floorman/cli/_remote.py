"""``floorman add --server``: record through the card room server's API, print as ``add`` does.

The standard library's HTTP client, not httpx: a terminal at a table needs
nothing installed beyond floorman, and plain ``add`` never imports this module.
Like ``add``, it reads the table and then records after what it read, so a
writer that another terminal or station overtook is refused with ``add``'s
message; one request at a time, each bounded by a timeout.

A post carries an idempotency key of its own. When its answer is lost (a
timeout, a dropped connection, a server restarting or a 502, 503 or 504),
the post is sent again with the same key until a definite answer comes, for
up to :data:`RETRY_SECONDS`: the server stores the events once and answers
a repeat with the answer it gave.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
import uuid
from typing import Any, Final
from urllib.parse import quote, urlsplit

from floorman.cli._console import echo, fail, show, use_four_colours
from floorman.errors import shown

__all__ = ["add_remote", "change_remote", "next_remote", "undo_remote"]

TIMEOUT_SECONDS: Final = 10.0
MAX_ANSWER_BYTES: Final = 16 * 1024 * 1024
RETRY_SECONDS: Final = 60.0
"""How long a post whose answer was lost is sent again before giving up."""
_PAUSES: Final = (0.25, 0.5, 1.0, 2.0, 4.0)
_LOST: Final = frozenset({502, 503, 504})
"""Statuses a proxy or a server answers when the post may not have reached the store."""


class _NoAnswer(Exception):
    """The request went out and no answer came back."""


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
        request = self._request(method, path, body, headers)
        try:
            return self._answer(request)
        except _NoAnswer as error:
            fail(f"cannot reach the server at {self.url}: {error}")

    def post_until_answered(
        self, path: str, body: dict[str, Any], key: str
    ) -> tuple[int, dict[str, Any]]:
        """Post with the idempotency ``key``, again with the same key while the answer is
        lost, until a definite one comes; one line, exit 2, if none comes in time."""
        give_up = time.monotonic() + RETRY_SECONDS
        tries = 0
        while True:
            request = self._request("POST", path, body, {"idempotency-key": key})
            try:
                status, answer = self._answer(request)
                if status not in _LOST:
                    return status, answer
                problem = str(answer.get("error") or f"HTTP {status}")
            except _NoAnswer as error:
                problem = str(error)
            pause = _PAUSES[min(tries, len(_PAUSES) - 1)]
            tries += 1
            if time.monotonic() + pause > give_up:
                fail(
                    f"no answer from the server at {self.url} in {RETRY_SECONDS:.0f} s"
                    f" ({problem}): the events may have been recorded; look at the table"
                    " before adding them again"
                )
            time.sleep(pause)

    def _request(
        self, method: str, path: str, body: dict[str, Any] | None, headers: dict[str, str]
    ) -> urllib.request.Request:
        return urllib.request.Request(
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

    @staticmethod
    def _answer(request: urllib.request.Request) -> tuple[int, dict[str, Any]]:
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
                return response.status, _decoded(response.read(MAX_ANSWER_BYTES))
        except urllib.error.HTTPError as error:
            with error:
                return error.code, _decoded(error.read(MAX_ANSWER_BYTES))
        except (urllib.error.URLError, OSError, ValueError) as error:
            raise _NoAnswer(getattr(error, "reason", None) or error) from None

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
    from floorman.tables.disputes import heading
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
    status, answer = server.post_until_answered(f"{path}/events", body, key)
    if status == 409:
        now = answer.get("table")
        fail(changed_meanwhile(now["hand"] if isinstance(now, dict) else view["hand"]))
    if status != 200:
        server.refuse(status, answer)
    use_four_colours(four_colour)
    rulings = ruling_lines_of(answer["rulings"], answer["violations"])
    if "disputed" in answer:
        show([heading(answer["hand"], answer["disputed"]), *rulings, *answer["state"]])
        return
    state = answer.get("state") or award_lines(answer["pots"])
    show([*rulings, *state])


def _only_table(server: Server) -> str:
    """The one table with a hand in progress that the token may see, as ``add`` finds it."""
    status, answer = server.ask("GET", "/api/tables")
    if status != 200:
        server.refuse(status, answer)
    open_tables = [t["table"] for t in answer.get("tables", []) if t.get("closed") is None]
    if len(open_tables) != 1:
        fail(f"{server.url} has {len(open_tables)} tables with a hand in progress: give --table")
    return str(open_tables[0])


class _Writer:
    """A table written to through the server as a terminal writes to its store: the
    table's state read first, then the write made after what was read, posted with an
    idempotency key of its own until a definite answer comes."""

    def __init__(self, table: str | None, server_url: str, token: str | None) -> None:
        if not token:
            fail("--server needs a token: --token or FLOORMAN_TOKEN (floorman station token TABLE)")
        self.server = Server(server_url, token)
        self.table = table if table is not None else _only_table(self.server)
        self.path = f"/api/tables/{quote(self.table, safe='')}"

    def state(self) -> dict[str, Any]:
        status, state = self.server.ask("GET", f"{self.path}/state")
        if status != 200:
            self.server.refuse(status, state)
        return state

    def write(self, word: str, body: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any]:
        """``body`` posted to the table's ``word`` after the state ``seen``; a writer
        another overtook is told so in ``add``'s words."""
        from floorman.store.hands import changed_meanwhile

        after = {"after": seen["last"]}
        status, answer = self.server.post_until_answered(
            f"{self.path}/{word}", {**body, **after}, uuid.uuid4().hex
        )
        if status == 409:
            now = answer.get("table")
            fail(changed_meanwhile(now["hand"] if isinstance(now, dict) else seen["hand"]))
        if status != 200:
            self.server.refuse(status, answer)
        return answer


def undo_remote(table: str | None, server_url: str, token: str | None) -> None:
    """Take back the latest event through the server, printed as ``floorman undo`` prints."""
    writer = _Writer(table, server_url, token)
    answer = writer.write("undo", {}, writer.state())
    undone = answer["undone"]
    echo(f'undone: event {undone["number"]} "{undone["text"]}"')
    show(answer["state"])
    if answer.get("problem"):
        echo(str(answer["problem"]))


def next_remote(
    table: str | None,
    server_url: str,
    token: str | None,
    *,
    changes: list[dict[str, Any]],
    force: bool,
    bomb_pot: int | None,
) -> None:
    """Deal the next hand through the server, printed as ``floorman next`` prints; the
    changes as ``Change.as_json`` writes them (``sit``, ``rebuy``, ``leave``)."""
    body: dict[str, Any] = {"force": force, "bomb_pot": bomb_pot}
    for change in changes:
        if change["kind"] == "leave":
            body.setdefault("leave", []).append(change["seat"])
        else:
            body.setdefault(change["kind"], {})[str(change["seat"])] = change["chips"]
    writer = _Writer(table, server_url, token)
    answer = writer.write("next", body, writer.state())
    show(answer["lines"])


def change_remote(
    table: str | None, server_url: str, token: str | None, change: dict[str, Any]
) -> None:
    """Log a change between hands through the server, said as ``floorman table`` says it."""
    writer = _Writer(table, server_url, token)
    answer = writer.write("changes", change, writer.state())
    echo(str(answer["said"]))
