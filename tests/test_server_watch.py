"""The live pages fed from every server of the room: on PostgreSQL a post to one server
process shows on the pages open on another, after PostgreSQL restarts too; and a stream
that comes back with the id of the last event it had is sent what it missed, or every
table again when the id is not one the server can place."""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time
import tracemalloc
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pgcluster import Cluster, binaries, cluster
from roomserver import Room, Serve, floorman, new_table, room_on_either_store, serving_process

from floorman.server import watch
from floorman.server.room import Room as CardRoom
from floorman.server.watch import KEPT, Watcher
from floorman.store.errors import StoreError

Message = tuple[str | None, dict[str, Any] | None]
"""An event of a stream: its id, if it has one, and the table it carries, if any."""


@pytest.fixture(scope="module")
def own_cluster() -> Iterator[Cluster]:
    bindir = binaries()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (initdb, pg_ctl)")
    with cluster(bindir) as running:
        yield running


class Stream:
    """A dashboard's event stream, read message by message."""

    def __init__(self, lines: Iterator[str]) -> None:
        self._lines = lines
        self.last_id: str | None = None

    def messages(self) -> Iterator[Message]:
        ident: str | None = None
        data: dict[str, Any] | None = None
        for line in self._lines:
            if line.startswith("id: "):
                ident = self.last_id = line.removeprefix("id: ")
            elif line.startswith("data: "):
                data = json.loads(line.removeprefix("data: "))
            elif line == "" and (ident is not None or data is not None):
                yield ident, data
                ident, data = None, None
        raise AssertionError("the stream ended")

    def first_tables(self) -> dict[str, int]:
        """Every table the stream starts with, up to the id that ends them."""
        tables: dict[str, int] = {}
        for ident, data in self.messages():
            if data is not None:
                assert ident is None, "a table of the first batch carries an id"
                tables[data["table"]] = data["last"]
            else:
                return tables
        raise AssertionError("unreachable")

    def until_each(self, wanted: dict[str, int], seconds: float = 60) -> list[Message]:
        """The messages up to the last of those showing each table at its record in
        ``wanted``, in whatever order they come (tables changed together are read side by
        side, so either may be shown first)."""
        deadline = time.monotonic() + seconds
        seen: list[Message] = []
        left = dict(wanted)
        for ident, data in self.messages():
            seen.append((ident, data))
            if data is not None and left.get(data["table"]) == data["last"]:
                del left[data["table"]]
                if not left:
                    return seen
            assert time.monotonic() < deadline, f"{left} not shown: {seen}"
        raise AssertionError("unreachable")

    def until(self, table: str, last: int, seconds: float = 60) -> list[Message]:
        """The messages up to the one showing ``table`` at record ``last``."""
        deadline = time.monotonic() + seconds
        seen: list[Message] = []
        for ident, data in self.messages():
            seen.append((ident, data))
            if data is not None and data["table"] == table and data["last"] == last:
                return seen
            assert time.monotonic() < deadline, f"table {table} at {last} not shown: {seen}"
        raise AssertionError("unreachable")


@contextmanager
def streaming(
    client: httpx.Client, path: str = "/api/stream?view=card", last_id: str | None = None
) -> Iterator[Stream]:
    headers = {} if last_id is None else {"last-event-id": last_id}
    with client.stream("GET", path, headers=headers) as answer:
        assert answer.status_code == 200, answer.read()
        yield Stream(answer.iter_lines())


def post(client: httpx.Client, table: str, text: str, key: str) -> int:
    """Post one event (again, with its key, while the store is away); its record."""
    deadline = time.monotonic() + 60
    while True:
        answer = client.post(
            f"/api/tables/{table}/events", json={"events": [text]}, headers={"idempotency-key": key}
        )
        if answer.status_code == 200:
            last: int = answer.json()["last"]
            return last
        assert answer.status_code == 503, answer.text
        assert time.monotonic() < deadline, answer.text
        time.sleep(0.2)


def other_server(room: Room, url: str) -> Room:
    """The same room as another server process serves it (its clients closed with the
    first's)."""
    return Room(url, room.db, room.stations, room.clients)


def test_a_post_to_one_server_process_shows_on_the_other_s_dashboard(
    own_cluster: Cluster, room_server: Serve
) -> None:
    db = own_cluster.fresh()
    with room_server(db, ("7", "8")) as one, serving_process(db) as url:
        two = other_server(one, url)
        with streaming(two.signed_in()) as on_two, streaming(one.signed_in()) as on_one:
            assert on_two.first_tables().keys() == on_one.first_tables().keys() == {"7", "8"}
            last = post(one.station("7"), "7", "deal", "deal-7")
            ident, shown = on_two.until("7", last)[-1]
            assert ident is not None
            assert shown is not None
            assert 'last: <span class="text">deal</span>' in shown["html"]
            last = post(two.station("8"), "8", "deal", "deal-8")
            on_one.until("8", last)
            added = floorman(db, "add", "--table", "7", "3 call")
            assert added.returncode == 0, added.stderr
            last = one.station("7").get("/api/tables/7").json()["last"]
            on_one.until("7", last)
            on_two.until("7", last)


def test_dashboards_on_two_processes_recover_when_postgresql_restarts(
    own_cluster: Cluster, room_server: Serve
) -> None:
    db = own_cluster.fresh()
    with room_server(db, ("7", "8")) as one, serving_process(db) as url:
        two = other_server(one, url)
        with streaming(two.signed_in()) as on_two, streaming(one.signed_in()) as on_one:
            on_one.first_tables(), on_two.first_tables()
            own_cluster.restart()
            last = post(one.station("7"), "7", "deal", "deal-7")
            on_two.until("7", last)
            on_one.until("7", last)
            own_cluster.stop()
            time.sleep(3)  # the listeners find it gone and wait longer between tries
            own_cluster.start()
            last = post(two.station("8"), "8", "deal", "deal-8")
            on_one.until("8", last)
            on_two.until("8", last)
            last = post(one.station("8"), "8", "3 call", "call-8")
            on_two.until("8", last)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def room(
    room_server: Serve, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Room]:
    with room_on_either_store(room_server, request, tmp_path_factory, ("7", "8", "9")) as served:
        yield served


def test_a_stream_back_with_its_last_event_id_gets_each_table_it_missed_once(room: Room) -> None:
    floor = room.signed_in()
    with streaming(room.signed_in()) as another:  # a page that stays open meanwhile
        another.first_tables()
        with streaming(floor) as first:
            assert first.first_tables().keys() >= {"7", "8", "9"}
            last = post(room.station("7"), "7", "deal", "missed-7a")
            first.until("7", last)
        left_at = first.last_id
        assert left_at is not None
        post(room.station("8"), "8", "deal", "missed-8")
        post(room.station("7"), "7", "3 call", "missed-7b")
        last_7 = post(room.station("7"), "7", "4 call", "missed-7c")
        last_8 = room.station("8").get("/api/tables/8").json()["last"]
        another.until_each({"7": last_7, "8": last_8})  # the server has read both tables
        with streaming(floor, last_id=left_at) as back:
            missed = back.until_each({"7": last_7, "8": last_8}, seconds=30)
    shown = {data["table"]: data["last"] for _, data in missed if data is not None}
    assert len(missed) == 2, missed
    assert shown == {"7": last_7, "8": last_8}
    assert all(_number(ident) > _number(left_at) for ident, _ in missed)


def test_a_stream_back_after_changes_no_stream_followed_gets_every_table(room: Room) -> None:
    floor = room.signed_in()
    with streaming(floor) as first:
        first.first_tables()
    post(room.station("9"), "9", "note while no page is open", "unfollowed-9")
    time.sleep(1)
    with streaming(floor, last_id=first.last_id) as back:
        assert back.first_tables().keys() >= {"7", "8", "9"}


def _number(ident: str | None) -> int:
    assert ident is not None
    return int(ident.rpartition(".")[2])


def test_a_stream_with_an_id_the_server_cannot_place_gets_every_table(room: Room) -> None:
    floor = room.signed_in()
    for stranger in ("0badc0de.1", "nonsense", "", "-." * 40, "9" * 400):
        with streaming(floor, last_id=stranger) as back:
            assert back.first_tables().keys() >= {"7", "8", "9"}
            assert back.last_id is not None
            assert back.last_id != stranger


def test_a_station_s_stream_back_with_its_id_gets_its_own_table_only(room: Room) -> None:
    station = room.station("9")
    with streaming(station, "/api/stream?view=station&table=9") as first:
        assert first.first_tables().keys() == {"9"}
    post(room.station("8"), "8", "note elsewhere", "note-8")
    last = post(station, "9", "note here", "note-9")
    with streaming(station, "/api/stream?view=station&table=9", first.last_id) as back:
        missed = back.until("9", last, seconds=30)
        assert {data["table"] for _, data in missed if data is not None} == {"9"}


# the sequence the streams follow, without a server ------------------------------------


@pytest.fixture
def watcher(tmp_path: Path) -> Watcher:
    return Watcher(CardRoom(tmp_path / "room.db"))


@settings(max_examples=60, deadline=None)
@given(changes=st.lists(st.sampled_from("ABC"), max_size=30), place=st.integers(0, 30))
def test_after_a_place_each_table_changed_since_comes_once_as_it_last_stood(
    tmp_path_factory: pytest.TempPathFactory, changes: list[str], place: int
) -> None:
    watcher = Watcher(CardRoom(tmp_path_factory.mktemp("w") / "room.db"))
    for number, table in enumerate(changes, 1):
        watcher.add(table, {"table": table, "hand": 1, "last": number, "number": number})
    found = watcher.after(place)
    if place > len(changes):
        assert found is None
        return
    assert found is not None
    latest = {table: number for number, table in enumerate(changes, 1)}
    wanted = sorted((n, t) for t, n in latest.items() if n > place)
    assert [(n, t) for n, t, _ in found] == wanted
    assert all(view["number"] == n for n, _, view in found)


def test_a_table_read_as_it_stood_adds_no_entry(watcher: Watcher) -> None:
    watcher.add("7", {"hand": 1, "last": 1})
    watcher.add("7", {"hand": 1, "last": 1})
    watcher.add("7", {"hand": 1, "last": 2})
    assert watcher.head == 2
    assert watcher.place(watcher.event_id(2)) == 2
    assert watcher.place(watcher.event_id(3)) is None


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=60) | st.from_regex(r"[0-9a-f]{8}\.[0-9]{1,30}", fullmatch=True))
def test_any_last_event_id_is_placed_or_refused_without_an_error(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    watcher = Watcher(CardRoom(tmp_path_factory.mktemp("w") / "room.db"))
    watcher.add("7", {"hand": 1, "last": 1})
    for given_id in (text, f"{watcher.epoch}.{text}", f"{watcher.epoch}{text}"):
        place = watcher.place(given_id)
        assert place is None or 0 <= place <= watcher.head


def test_a_stream_from_before_the_kept_entries_starts_again_from_every_table(
    tmp_path: Path,
) -> None:
    watcher = Watcher(CardRoom(tmp_path / "room.db"), kept=3)
    for number, table in enumerate("ABCDE", 1):
        watcher.add(table, {"table": table, "hand": 1, "last": number, "number": number})
    assert watcher.place(watcher.event_id(1)) is None
    assert watcher.after(1) is None
    assert watcher.place(watcher.event_id(2)) == 2
    found = watcher.after(2)
    assert found is not None
    assert [(n, t) for n, t, _ in found] == [(3, "C"), (4, "D"), (5, "E")]


def test_a_change_let_go_unread_leaves_no_place_before_it(watcher: Watcher) -> None:
    watcher.add("A", {"hand": 1, "last": 1})
    watcher.add("B", {"hand": 1, "last": 1})
    watcher.notice("A")  # no stream follows: not read, and numbered
    assert watcher.place(watcher.event_id(2)) is None
    assert watcher.after(3) == []
    watcher.add("C", {"hand": 1, "last": 1})
    found = watcher.after(3)
    assert found is not None
    assert [(n, t) for n, t, _ in found] == [(4, "C")]


def test_the_kept_sequence_costs_little_however_many_entries_pass(watcher: Watcher) -> None:
    """The sequence's entries name their tables with one string each, not a copy per
    entry (a table's name comes fresh from each request and each read of the store)."""
    tracemalloc.start()
    try:
        for number in range(KEPT + 1_000):  # a new string for the name each time
            watcher.add(f"Table {number % 200}", {"hand": 1, "last": number})
        kept, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert watcher.place(watcher.event_id(watcher.head - KEPT)) is not None
    assert watcher.place(watcher.event_id(watcher.head - KEPT - 1)) is None
    assert kept < 1_000_000, f"{kept} bytes kept for {KEPT} entries"


class _Flaky(CardRoom):
    """A room whose table ``down`` cannot be read the first time it is asked for."""

    down = ""
    asked: list[str]

    def table(self, name: str) -> dict[str, Any] | None:
        self.asked.append(name)
        if name == self.down and self.asked.count(name) == 1:
            raise StoreError("the store is away for a moment")
        return super().table(name)


def _watched(
    tmp_path: Path, tables: list[str], down: str = ""
) -> tuple[Watcher, _Flaky, list[list[str]]]:
    """A watcher of a room with ``tables``, followed by one stream, and each hand-off of
    its reads to the thread pool as the tables it read."""
    for table in tables:
        new_table(tmp_path / "room.db", table)
    room = _Flaky(tmp_path / "room.db")
    room.down, room.asked = down, []
    watcher = Watcher(room)
    watcher.followers = 1
    handed: list[list[str]] = []
    read_each = watcher._read_each

    def counted(names: list[str]) -> Any:
        handed.append(list(names))
        return read_each(names)

    watcher._read_each = counted  # type: ignore[method-assign]
    return watcher, room, handed


async def _until_read(watcher: Watcher, entries: int) -> None:
    async with asyncio.timeout(30):
        while watcher.head < entries:
            await watcher.changed(1.0)


def test_tables_noticed_at_once_are_read_in_one_hand_off(tmp_path: Path) -> None:
    """A poll that finds many tables changed reads them together, each once."""
    tables = [str(number) for number in range(1, 13)]
    watcher, room, handed = _watched(tmp_path, tables)

    async def notice_all() -> None:
        for table in [*tables, *tables[:4]]:
            watcher.notice(table)
        await _until_read(watcher, len(tables))

    asyncio.run(notice_all())
    assert handed == [tables]
    assert sorted(room.asked) == sorted(tables)
    found = watcher.after(0)
    assert found is not None
    assert sorted(table for _, table, _ in found) == sorted(tables)


def test_a_table_the_store_cannot_read_now_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(watch, "RETRY_SECONDS", 0.1)
    watcher, room, handed = _watched(tmp_path, ["1", "2", "3"], down="2")

    async def notice_all() -> None:
        for table in ("1", "2", "3"):
            watcher.notice(table)
        await _until_read(watcher, 3)

    asyncio.run(notice_all())
    assert handed == [["1", "2", "3"], ["2"]]
    assert room.asked.count("2") == 2
    assert [table for _, table, _ in watcher.after(0) or []] == ["1", "3", "2"]


Written = tuple[float, str]
"""A write down a stream: when, and what."""


def _followed(
    tmp_path: Path,
    tables: list[str],
    during: Callable[[Any, list[Written]], Awaitable[None]],
) -> list[Written]:
    """The writes down a signed-in floor's stream, in process, while ``during`` runs with
    the server's state, after the stream's first tables; ``during`` ends when it has
    seen what it waits for."""
    from floorman.server.app import create_app
    from floorman.server.auth import SIGN_IN_COOKIE
    from floorman.store.staff import open_staff

    db = tmp_path / "room.db"
    for table in tables:
        new_table(db, table)
    with open_staff(db) as staff:
        session, _ = staff.sign_in("floor", "floor")
    app = create_app(db)
    writes: list[Written] = []
    asked: list[bool] = []
    gone = asyncio.Event()

    async def receive() -> dict[str, Any]:
        if not asked:
            asked.append(True)
            return {"type": "http.request", "body": b"", "more_body": False}
        await gone.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.body" and message.get("body"):
            writes.append((time.monotonic(), message["body"].decode()))

    async def follow() -> None:
        cookie = f"{SIGN_IN_COOKIE}={session}".encode()
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": "/api/stream",
            "raw_path": b"/api/stream", "query_string": b"view=card", "root_path": "",
            "headers": [(b"host", b"localhost"), (b"cookie", cookie)],
            "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80), "state": {},
        }  # fmt: skip
        async with app.router.lifespan_context(app), asyncio.timeout(30):
            stream = asyncio.create_task(app(scope, receive, send))
            while not any(text.startswith("id:") for _, text in writes):
                await asyncio.sleep(0.05)
            first = len(writes)
            await during(app.state.server, writes)
            gone.set()
            await stream
            del writes[:first]

    asyncio.run(follow())
    return writes


def _shown(text: str) -> list[str]:
    return [
        json.loads(line[6:])["table"] for line in text.splitlines() if line.startswith("data: ")
    ]


def test_the_tables_a_stream_is_sent_at_once_go_in_one_write(tmp_path: Path) -> None:
    """Twelve tables recorded at once reach a dashboard's stream in one write, not
    twelve (each write costs the server as much as drawing a table)."""
    tables = [str(number) for number in range(1, 13)]

    async def record_all(state: Any, writes: list[Written]) -> None:
        first = len(writes)
        for table in tables:  # no await between them
            answer = state.room.record(table, ["deal"], after=None, who="floor")
            assert answer.status == 200, answer.body
        while len(writes) == first:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.6)  # two more looks at the store: nothing else comes

    after = _followed(tmp_path, tables, record_all)
    assert len(after) == 1, after
    assert sorted(_shown(after[0][1]), key=int) == tables


def test_a_stream_writes_at_most_ten_times_a_second(tmp_path: Path) -> None:
    """Posts told one at a time, 10 ms apart, reach the stream at least a tenth of a
    second apart, what came meanwhile together: a write per post cost the server more
    than drawing the tables."""
    tables = [str(number) for number in range(1, 9)]

    async def one_by_one(state: Any, writes: list[Written]) -> None:
        first = len(writes)
        for table in tables:
            answer = await asyncio.to_thread(
                state.room.record, table, ["deal"], after=None, who="floor"
            )
            assert answer.status == 200, answer.body
            state.watcher.take_told()  # as a post's answer coming back does
            await asyncio.sleep(0.01)
        async with asyncio.timeout(10):
            while sorted(t for _, text in writes[first:] for t in _shown(text)) != tables:
                await asyncio.sleep(0.02)

    after = _followed(tmp_path, tables, one_by_one)
    assert [t for _, text in after for t in _shown(text)] == tables
    assert len(after) < len(tables)
    gaps = [later - earlier for (earlier, _), (later, _) in itertools.pairwise(after)]
    assert all(gap >= 0.09 for gap in gaps), gaps


class _Counted(CardRoom):
    """A room that counts the tables read from it."""

    def __init__(self, db: Path) -> None:
        super().__init__(db)
        self.read: list[str] = []

    def table(self, name: str) -> dict[str, Any] | None:
        self.read.append(name)
        return super().table(name)


def _followed_room(room: CardRoom, during: Callable[[Watcher], Awaitable[None]]) -> Watcher:
    """A watcher of ``room`` followed by one stream, started, while ``during`` runs after
    its first look at the store."""
    watcher = Watcher(room)

    async def follow() -> None:
        watcher.start()
        watcher.followers = 1
        try:
            await asyncio.sleep(2 * watch.POLL_SECONDS)
            await during(watcher)
        finally:
            await watcher.stop()

    asyncio.run(follow())
    return watcher


async def _dealt(room: CardRoom, table: str) -> int:
    """``deal`` posted at ``table`` off the loop, as a post is: its latest record."""
    answer = await asyncio.to_thread(room.record, table, ["deal"], after=None, who="x")
    assert answer.status == 200, answer.body
    return int(answer.body["last"])


def test_a_post_recorded_here_reaches_the_streams_at_once_and_is_not_read_again(
    tmp_path: Path,
) -> None:
    """The room tells the watcher of a post as it is stored, with the table as the
    post left it, added as the post's answer comes back (as the post's endpoint does
    here): the live pages have it at once, and the looks at the store that follow
    find nothing to read."""
    new_table(tmp_path / "room.db", "7")
    room = _Counted(tmp_path / "room.db")
    seen: list[tuple[int, int, dict[str, Any]]] = []

    async def post(watcher: Watcher) -> None:
        last = await _dealt(room, "7")
        watcher.take_told()
        found = watcher.after(0)
        assert found is not None
        seen.append((watcher.head, last, found[-1][2]))
        await asyncio.sleep(3 * watch.POLL_SECONDS)

    watcher = _followed_room(room, post)
    [(head, last, shown)] = seen
    assert head == 1
    assert shown["last"] == last
    assert [event["text"] for event in shown["events"]] == ["deal"]
    assert watcher.head == 1
    assert room.read == []
    assert room.on_recorded is None


def test_no_table_is_drawn_for_the_streams_when_none_follows(tmp_path: Path) -> None:
    watcher = Watcher(CardRoom(tmp_path / "room.db"))
    drawn: list[str] = []

    def draw() -> dict[str, Any]:
        drawn.append("7")
        return {"table": "7", "hand": 1, "last": 1, "closed": None}

    async def told() -> None:
        watcher.start()
        try:
            watcher.recorded("7", draw)
            watcher.followers = 1
            watcher.recorded("7", draw)
            watcher.take_told()
        finally:
            await watcher.stop()

    asyncio.run(told())
    assert drawn == ["7"]
    assert watcher.head == 1


def test_a_read_begun_before_a_post_and_ended_after_it_leaves_the_post_shown(
    watcher: Watcher,
) -> None:
    watcher.add("7", {"hand": 3, "last": 41, "events": ["deal", "3 call"]})
    watcher.add("7", {"hand": 3, "last": 40, "events": ["deal"]})
    watcher.add("7", {"hand": 2, "last": 39, "events": ["1 wins"]})
    assert watcher.head == 1
    found = watcher.after(0)
    assert found is not None
    assert found[0][2]["last"] == 41
    watcher.add("7", {"hand": 4, "last": 42, "events": []})
    assert watcher.head == 2


def test_what_a_post_told_is_added_at_the_next_look_when_no_answer_took_it(
    tmp_path: Path,
) -> None:
    """A post recorded other than through the posts' endpoint (by a page's form, say)
    reaches the streams at the next look at the store, still without a read."""
    new_table(tmp_path / "room.db", "7")
    room = _Counted(tmp_path / "room.db")
    lasts: list[int] = []

    async def post(watcher: Watcher) -> None:
        lasts.append(await _dealt(room, "7"))
        await _until_read(watcher, 1)
        await asyncio.sleep(2 * watch.POLL_SECONDS)

    watcher = _followed_room(room, post)
    found = watcher.after(0)
    assert found is not None
    assert [(table, view["last"]) for _, table, view in found] == [("7", lasts[0])]
    assert room.read == []


class _SlowLook(_Counted):
    """A room whose look at the store, once asked to, is stale when it comes back: the
    latest records are read, then a post is stored before they are returned."""

    def __init__(self, db: Path) -> None:
        super().__init__(db)
        self.hold = threading.Event()
        self.looked = threading.Event()
        self.posted = threading.Event()

    def marks(self) -> dict[str, tuple[int, int]]:
        found = super().marks()
        if self.hold.is_set():
            self.hold.clear()
            self.looked.set()
            self.posted.wait(10)
        return found


def test_a_look_at_the_store_taken_before_a_post_told_does_not_read_it_again(
    tmp_path: Path,
) -> None:
    new_table(tmp_path / "room.db", "7")
    room = _SlowLook(tmp_path / "room.db")

    async def post_during_a_look(watcher: Watcher) -> None:
        room.hold.set()
        await asyncio.to_thread(room.looked.wait, 10)
        await _dealt(room, "7")
        room.posted.set()
        await _until_read(watcher, 1)
        await asyncio.sleep(3 * watch.POLL_SECONDS)

    watcher = _followed_room(room, post_during_a_look)
    assert room.read == []
    assert watcher.head == 1
