"""The tournaments on the floor's pages: the clock page for a screen in the room, each
tournament's panel on the dashboard, the station's strip (its level, its moves, a clock
called at its table, its players on penalty), the JSON the pages are drawn from, and the
stream that brings a bust, a move or a pause to them as it is logged.

Who reads a tournament: the floor and trainers every one; a station the tournaments
its table is a table of (:func:`floorman.server.tournaments.table_number`). A screen in
the room is signed in as a trainer, who reads and records nothing.

A tournament is its log, so a change is noticed by polling each tournament's latest
log id (:meth:`floorman.store.tournaments.TournamentStore.marks`), once for the
process while any stream follows, whatever the store: a ``floorman tournament bust`` at
a terminal reaches every page within a second. The clock needs no record to move on:
each stream looks again when the level in play ends, and the pages count the seconds
down themselves.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.errors import FloormanError
from floorman.server import answers, bodies
from floorman.server.auth import Caller, csrf_matches
from floorman.server.endpoints import check_readable, log_once_a_minute
from floorman.server.handlers.live import KEEPALIVE_SECONDS, _Held
from floorman.server.params import BadRequest
from floorman.server.room import Room
from floorman.server.state import state_of
from floorman.server.streams import RETRY_SECONDS
from floorman.server.tournaments import station_part, summary, tournament_view
from floorman.store.errors import StoreConflict
from floorman.store.tournaments import TournamentStore
from floorman.tables.tournament_floor import Call, clock_calls
from floorman.tables.tournaments import Current, apply_due, checked_name, current, due
from floorman.tournament.balance import Plan
from floorman.tournament.floor import FloorError
from floorman.tournament.penalties import PenaltyLog, penalty_log

__all__ = ["POLL_SECONDS", "carry_out", "clock_page", "every", "one", "stream", "tournament_stream"]

POLL_SECONDS: Final = 0.5
"""How often the tournaments' logs are looked at while a stream follows them."""
MAX_NAME_CHARS: Final = 60


# reading -----------------------------------------------------------------------


def _folded(name: str) -> str:
    """A name as the store matches it: in any case of the letters A to Z."""
    return "".join(c.lower() if "A" <= c <= "Z" else c for c in name)


def _known(store: TournamentStore, name: str) -> str | None:
    """The tournament's name as first given, if there is one by ``name`` (in any case)."""
    try:
        checked_name(name)
    except FloormanError:
        return None
    folded = _folded(name)
    return next((n for n in store.names() if _folded(n) == folded), None)


_Kept = tuple[int, Current, Plan, list[Call], PenaltyLog]
_kept: weakref.WeakKeyDictionary[Room, dict[str, _Kept]] = weakref.WeakKeyDictionary()
KEPT_TOURNAMENTS: Final = 256


def _view_of(
    room: Room, store: TournamentStore, name: str, marks: dict[str, int]
) -> dict[str, Any]:
    """The tournament ``name`` as it stands now: replayed from its log, its moves drawn and
    its clock calls and penalties read once per record logged (kept for the process), its
    clock read now."""
    kept = _kept.setdefault(room, {})
    hit = kept.get(name)
    if hit is not None and hit[0] == marks.get(name):
        _, now, planned, calls, penalties = hit
    else:
        now = current(store, name)
        planned = due(now)
        log = store.log(now.stored.name)
        calls = clock_calls(now, [entry.data for entry in log])
        try:
            penalties = penalty_log((entry.data, entry.at) for entry in log)
        except (FloorError, KeyError, TypeError, ValueError) as error:
            raise FloormanError(
                f"{store.path}: the tournament {now.stored.name} is damaged: {error}"
            ) from None
        if len(kept) >= KEPT_TOURNAMENTS:
            kept.clear()
        kept[name] = (now.last, now, planned, calls, penalties)
    return tournament_view(now, _now(), planned, calls, penalties)


def _view(room: Room, name: str) -> dict[str, Any] | None:
    def read(store: TournamentStore) -> dict[str, Any] | None:
        found = _known(store, name)
        return None if found is None else _view_of(room, store, found, store.marks())

    return room.with_tournaments(read)


def _views(room: Room, who: Caller) -> list[dict[str, Any]]:
    """Every tournament the caller may read, oldest first."""

    def read(store: TournamentStore) -> list[dict[str, Any]]:
        marks = store.marks()
        names = store.names()
        found = [_view_of(room, store, n, marks) for n in names]
        return [v for v in found if _may_read(who, v)]

    return room.with_tournaments(read)


def _now() -> datetime:
    return datetime.now(UTC)


def _may_read(who: Caller, view: dict[str, Any]) -> bool:
    """The floor and trainers read every tournament; a station those its table is in."""
    return who.role != "station" or station_part(view, who.table or "") is not None


def _name_of(request: Request) -> str:
    name = str(request.path_params["tournament"])
    if len(name) > MAX_NAME_CHARS * 4:
        raise BadRequest(404, "no such tournament")
    return name


async def _readable(request: Request, who: Caller, name: str) -> dict[str, Any]:
    """The tournament ``name`` for this caller: 404 when there is none, 403 for a station
    whose table is not one of its tables."""
    view = await run_in_threadpool(_view, state_of(request).room, name)
    if view is None:
        raise BadRequest(404, f"no tournament {_shown(name)}")
    if not _may_read(who, view):
        raise BadRequest(403, f"{who.label} may read only the tournament its table is in")
    return view


def _shown(name: str) -> str:
    return json.dumps(name[:MAX_NAME_CHARS], ensure_ascii=False)


# the API --------------------------------------------------------------------------


async def every(request: Request, who: Caller) -> Response:
    """``GET /api/tournaments``: each tournament the caller may read, in brief."""
    views = await run_in_threadpool(_views, state_of(request).room, who)
    return answers.json({"tournaments": [summary(v) for v in views]})


async def one(request: Request, who: Caller) -> Response:
    """``GET /api/tournaments/{tournament}``: the tournament as the floor's pages show it."""
    return answers.json(await _readable(request, who, _name_of(request)))


# the pages --------------------------------------------------------------------------


async def clock_page(request: Request, who: Caller) -> Response:
    """``GET /tournaments/{tournament}/clock``: the clock for a screen in the room."""
    view = await _readable(request, who, _name_of(request))
    return answers.html(request, "tournament_clock.html", {"who": who, "v": view})


async def carry_out(request: Request, who: Caller) -> Response:
    """``POST /tournaments/{tournament}/balance``: the floor carries out the moves due, as
    ``floorman tournament balance --apply`` does (form fields ``csrf`` and ``log``, the
    tournament's latest record as the screen showed it: a tournament changed since is
    refused with 409, and nothing is moved); back to the floor's screen."""
    name = _name_of(request)
    form = await bodies.form(request)
    if who.role != "floor":
        raise BadRequest(403, f"{who.label} ({who.role}) may not move players")
    if who.csrf is not None and not csrf_matches(who.csrf, form.get("csrf")):
        raise BadRequest(403, "the form's CSRF token is missing or wrong: reload the page")
    seen = form.get("log", "")
    if not (seen.isascii() and seen.isdigit() and len(seen) < 19):
        raise BadRequest(400, "log: the tournament's latest record, as the screen showed it")

    def apply(store: TournamentStore) -> bool:
        found = _known(store, name)
        if found is None:
            raise BadRequest(404, f"no tournament {_shown(name)}")
        now = current(store, found)
        if now.last != int(seen):
            raise StoreConflict("stale")
        planned = apply_due(store, now, who.who)
        return bool(planned.moves or planned.broken)

    try:
        await run_in_threadpool(state_of(request).room.with_tournaments, apply)
    except StoreConflict:
        raise BadRequest(
            409,
            f"tournament {_shown(name)} changed since the screen showed it: nothing was moved;"
            " look at the moves due again",
        ) from None
    return RedirectResponse("/", status_code=303)


def dashboard_views(room: Room, who: Caller) -> list[dict[str, Any]]:
    """The tournaments the dashboard shows: those still being played."""
    return [v for v in _views(room, who) if not v["finished"]]


def station_parts(room: Room, who: Caller, table: str) -> list[dict[str, Any]]:
    """What the station at ``table`` shows of the tournaments its table is in."""
    if not who.may_read(table):
        return []

    def read(store: TournamentStore) -> list[dict[str, Any]]:
        marks = store.marks()
        found = [station_part(_view_of(room, store, n, marks), table) for n in store.names()]
        return [part for part in found if part is not None]

    return room.with_tournaments(read)


# the stream -----------------------------------------------------------------------


class _Watch:
    """The tournaments' latest log ids, polled for the whole process while a stream
    follows; ``changed`` is set (and replaced) each time one moves."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.marks: dict[str, int] | None = None
        self.changed = asyncio.Event()
        self.followers = 0
        self._task: asyncio.Task[None] | None = None

    def follow(self) -> None:
        self.followers += 1
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._poll())

    def leave(self) -> None:
        self.followers -= 1

    async def _poll(self) -> None:
        while self.followers > 0:
            marks: dict[str, int] | None
            try:
                marks = await run_in_threadpool(self.room.with_tournaments, _marks)
            except Exception as error:  # the store away: looked at again next time
                log_once_a_minute("watch-tournaments", f"live updates: tournaments: {error}")
                marks = self.marks
            if marks != self.marks:
                self.marks = marks
                tick, self.changed = self.changed, asyncio.Event()
                tick.set()
            await asyncio.sleep(POLL_SECONDS)


def _marks(store: TournamentStore) -> dict[str, int]:
    return store.marks()


_watches: weakref.WeakKeyDictionary[Room, _Watch] = weakref.WeakKeyDictionary()


def _watch(room: Room) -> _Watch:
    found = _watches.get(room)
    if found is None:
        found = _watches[room] = _Watch(room)
    return found


VIEWS: Final = ("card", "station", "clock")


async def stream(request: Request, who: Caller) -> Response:
    """``GET /api/stream/tournaments``: every tournament in sight as it stands, then each
    one again when something is logged to it or its level ends (event ``tournament``).
    ``tournament`` follows one; ``view`` picks what is drawn: the dashboard's panel
    (``card``), the station's strip (``station``, for ``table``: a station's own by
    default), or nothing but the data (``clock``)."""
    view = request.query_params.get("view", "card")
    if view not in VIEWS:
        raise BadRequest(400, f"view: one of {', '.join(VIEWS)}")
    only = request.query_params.get("tournament")
    table = request.query_params.get("table", who.table or "")
    if view == "station":
        if not table:
            raise BadRequest(400, "table: the station's table, for view=station")
        check_readable(who, table)
    state = state_of(request)
    room = state.room
    if only is not None:
        await _readable(request, who, only)
    template = {"card": "_tournament.html", "station": "_station_tournament.html"}.get(
        view, "_clock.html"
    )
    drawn = state.pages.get_template(template)

    def event(found: dict[str, Any], gone: bool = False) -> str:
        """The tournament drawn for the page; ``gone``: out of the caller's sight now, its
        part taken off the page."""
        data: dict[str, Any] = {"tournament": found["tournament"], "view": found}
        if view == "station":
            part = None if gone else station_part(found, table)
            data["station"] = part
            data["html"] = "" if part is None else drawn.render({"p": part})
        else:
            hidden = gone or (view == "card" and found["finished"])
            data["html"] = "" if hidden else drawn.render({"v": found, "who": who})
        return f"event: tournament\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"

    def read() -> list[dict[str, Any]]:
        if only is None:
            return _views(room, who)
        found = _view(room, only)
        return [] if found is None else [found]

    watch = _watch(room)

    async def events() -> AsyncIterator[str]:
        watch.follow()
        try:
            async for text in tournament_stream(watch, read, event, state.watcher.stopping):
                yield text
        finally:
            watch.leave()

    address = request.client.host if request.client is not None else ""
    held = state.streams
    refused = held.refusal(address)
    if refused is not None:
        log_once_a_minute(refused.kind, f"streams: {refused.message} ({refused.status})")
        answer = answers.error(refused.status, refused.message)
        answer.headers["retry-after"] = str(RETRY_SECONDS)
        answer.headers["connection"] = "close"
        return answer
    held.open(address)
    headers = {**answers.SECURITY_HEADERS, "x-accel-buffering": "no"}
    return _Held(events(), lambda: held.close(address), headers)


async def tournament_stream(
    watch: _Watch,
    read: Any,
    event: Any,
    stopping: asyncio.Event,
    keepalive: float = KEEPALIVE_SECONDS,
) -> AsyncIterator[str]:
    """Every tournament as it stands, then each one that changed, whenever a log moves, a
    level or break ends, a clock call's phase changes or a penalty in minutes runs out; a
    comment when nothing did for ``keepalive`` seconds."""
    sent: dict[str, dict[str, Any]] = {}
    while not stopping.is_set():
        changed = watch.changed
        found = await run_in_threadpool(read)
        for view in found:
            if _shown_part(sent.get(view["tournament"])) != _shown_part(view):
                sent[view["tournament"]] = view
                yield event(view)
        for name in set(sent) - {view["tournament"] for view in found}:
            yield event(sent.pop(name), True)
        ends = [
            v["clock"]["left_seconds"]
            for v in found
            if v["clock"]["state"] == "running" and v["clock"]["left_seconds"] is not None
        ]
        ends += [_phase_left(call) for v in found for call in v["clock_calls"]["on"]]
        ends += [
            float(p["left_seconds"])
            for v in found
            for p in v["penalties"]["on"]
            if p["left_seconds"] is not None
        ]
        wait = min([keepalive, *[left + 0.5 for left in ends]])
        try:
            await asyncio.wait_for(changed.wait(), wait)
        except TimeoutError:
            if wait >= keepalive:
                yield ": still here\n\n"


def _phase_left(call: dict[str, Any]) -> float:
    """Seconds until a running clock call's phase changes (the count begins, or time runs
    out), when the stream looks again; a call run out is looked at no sooner than the
    keepalive."""
    if call["phase"] == "time":
        return float(call["left_seconds"] - call["count"])
    if call["phase"] == "count":
        return float(call["left_seconds"])
    return float(KEEPALIVE_SECONDS)


def _shown_part(view: dict[str, Any] | None) -> Any:
    """A tournament as a page shows it, less the seconds the page counts down itself (the
    clock's, a clock call's, a penalty in minutes')."""
    if view is None:
        return None
    clock = {k: v for k, v in view["clock"].items()
             if k not in ("left_seconds", "played_seconds", "next_break")}  # fmt: skip
    calls = {
        key: [{k: v for k, v in c.items() if k != "left_seconds"} for c in items]
        if isinstance(items, list)
        else items
        for key, items in view["clock_calls"].items()
    }
    penalties = {
        **view["penalties"],
        "on": [
            {k: v for k, v in p.items() if k != "left_seconds"} for p in view["penalties"]["on"]
        ],
    }
    shown = {k: v for k, v in view.items() if k not in ("at", "clock", "clock_calls", "penalties")}
    return {**shown, "clock": clock, "clock_calls": calls, "penalties": penalties}
