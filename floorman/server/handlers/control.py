"""The table's controls besides its events: taking the latest event back, dealing the
next hand, the changes between hands, and the table's whole state. Each write is
offered twice, as the API's JSON post (idempotent by ``Idempotency-Key``) and as the
station page's form; both check the caller as a post of events is checked, and are
refused, as it is, when the table changed since the writer looked."""

from __future__ import annotations

import json
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.bounds import MAX_CHIPS, MAX_ID, MAX_SEAT
from floorman.errors import FloormanError
from floorman.server import answers, bodies
from floorman.server.auth import Caller
from floorman.server.endpoints import check_readable, check_writable
from floorman.server.handlers.station import MAX_KEY_CHARS, station_path
from floorman.server.params import BadRequest
from floorman.server.room import Answer
from floorman.server.state import state_of
from floorman.session.seating import Change

__all__ = [
    "ChangeBody",
    "NextBody",
    "UndoBody",
    "form_change",
    "form_next",
    "form_undo",
    "post_change",
    "post_next",
    "post_undo",
    "table_state",
]

MAX_NAME_CHARS = 100
"""A player's name, as the station and the API take it."""

_Body = TypeVar("_Body", bound=BaseModel)


class UndoBody(BaseModel):
    """``POST /api/tables/{table}/undo``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    after: int | None = Field(None, ge=0, le=MAX_ID)


class NextBody(BaseModel):
    """``POST /api/tables/{table}/next``: ``floorman next``'s options."""

    model_config = ConfigDict(extra="forbid", strict=True)
    after: int | None = Field(None, ge=0, le=MAX_ID)
    force: bool = False
    bomb_pot: int | None = Field(None, ge=1, le=MAX_CHIPS)
    sit: dict[str, int] = Field(default_factory=dict, max_length=MAX_SEAT)
    rebuy: dict[str, int] = Field(default_factory=dict, max_length=MAX_SEAT)
    leave: list[int] = Field(default_factory=list, max_length=MAX_SEAT)


ChangeKind = Literal["sit", "leave", "sitout", "back", "seat", "rebuy", "move", "level", "push"]


class ChangeBody(BaseModel):
    """``POST /api/tables/{table}/changes``: one change between hands, in the words of
    ``floorman table`` and the fields of the table log's changes."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: ChangeKind
    after: int | None = Field(None, ge=0, le=MAX_ID)
    seat: int | None = Field(None, ge=1, le=MAX_SEAT)
    chips: int | None = Field(None, ge=1, le=MAX_CHIPS)
    name: str | None = Field(None, min_length=1, max_length=MAX_NAME_CHARS)
    to: int | None = Field(None, ge=1, le=MAX_SEAT)
    post: bool = False
    buy: bool = False
    blinds: list[int] | None = Field(None, min_length=2, max_length=2)
    ante: int | None = Field(None, ge=0, le=MAX_CHIPS)
    origin: str | None = Field(None, min_length=1, max_length=MAX_NAME_CHARS)


_NEEDS: dict[str, tuple[str, ...]] = {
    "sit": ("seat", "chips"),
    "leave": ("seat",),
    "sitout": ("seat",),
    "back": ("seat",),
    "seat": ("seat", "to"),
    "rebuy": ("seat", "chips"),
    "move": ("chips",),
    "level": ("blinds",),
    "push": (),
}
"""What each change must name (a move with no seat takes the one the big blind reaches
first, as ``floorman table move`` does)."""


def change_of(body: ChangeBody) -> Change:
    """The change a body asks for, refused (400) when it leaves out what the word needs."""
    for field in _NEEDS[body.kind]:
        if getattr(body, field) is None:
            raise BadRequest(400, f"{field}: {body.kind} needs it")
    for text in (body.name, body.origin):
        if text is not None and not text.isprintable():
            raise BadRequest(400, "name: holds a control character")
    blinds = None
    if body.blinds is not None:
        small, big = body.blinds
        if not 0 <= small <= big or big < 1 or big > MAX_CHIPS:
            raise BadRequest(400, "blinds: small and big, 0 <= small <= big, big at least 1")
        blinds = (small, big)
    return Change(
        body.kind,
        body.seat,
        body.chips or 0,
        body.name,
        to=body.to,
        post=body.post,
        blinds=blinds,
        ante=body.ante,
        origin=body.origin,
        buy=body.buy,
    )


def next_changes(body: NextBody) -> list[Change]:
    """``floorman next``'s ``--sit``, ``--rebuy`` and ``--leave``, as it makes them."""
    changes: list[Change] = []
    for kind, given in (("sit", body.sit), ("rebuy", body.rebuy)):
        for seat_text, chips in given.items():
            seat = int(seat_text) if seat_text.isascii() and seat_text.isdigit() else 0
            if not 1 <= seat <= MAX_SEAT:
                raise BadRequest(400, f"{kind}.{seat_text}: a seat from 1 to {MAX_SEAT}")
            if not 1 <= chips <= MAX_CHIPS:
                raise BadRequest(400, f"{kind}.{seat_text}: the chips must be more than 0")
            changes.append(Change("sit", seat, chips, post=True) if kind == "sit" else
                           Change("rebuy", seat, chips))  # fmt: skip
    for seat in body.leave:
        if not 1 <= seat <= MAX_SEAT:
            raise BadRequest(400, f"leave: a seat from 1 to {MAX_SEAT}")
        changes.append(Change("leave", seat))
    return changes


# the API ---------------------------------------------------------------------


async def table_state(request: Request, who: Caller) -> Response:
    """``GET /api/tables/{table}/state``."""
    table = request.path_params["table"]
    check_readable(who, table)
    found = await run_in_threadpool(state_of(request).room.state, table)
    if found is None:
        raise BadRequest(404, f"no hand was ever recorded at table {table}")
    if isinstance(found, str):
        raise BadRequest(400, found)
    return answers.json(found)


async def post_undo(request: Request, who: Caller) -> Response:
    """``POST /api/tables/{table}/undo``."""
    table, key, body = await _api_write(request, who, UndoBody)
    room = state_of(request).room
    answer = await run_in_threadpool(room.undo, table, after=body.after, who=who.who, key=key)
    return answers.answered(answer)


async def post_next(request: Request, who: Caller) -> Response:
    """``POST /api/tables/{table}/next``."""
    table, key, body = await _api_write(request, who, NextBody)
    changes = next_changes(body)
    answer = await run_in_threadpool(
        lambda: state_of(request).room.next_hand(
            table, changes, force=body.force, bomb_pot=body.bomb_pot,
            after=body.after, who=who.who, key=key,
        )
    )  # fmt: skip
    return answers.answered(answer)


async def post_change(request: Request, who: Caller) -> Response:
    """``POST /api/tables/{table}/changes``."""
    table, key, body = await _api_write(request, who, ChangeBody)
    change = change_of(body)
    room = state_of(request).room
    answer = await run_in_threadpool(
        lambda: room.change(table, change, after=body.after, who=who.who, key=key)
    )
    return answers.answered(answer)


async def _api_write(
    request: Request, who: Caller, model: type[_Body]
) -> tuple[str, str | None, _Body]:
    """The table, the idempotency key and the body of an API write, its caller checked
    as a post of events is."""
    table = request.path_params["table"]
    check_writable(who, table, request.headers.get("x-csrf-token"))
    key = request.headers.get("idempotency-key")
    if key is not None and not (0 < len(key) <= MAX_KEY_CHARS and key.isprintable()):
        raise BadRequest(400, f"Idempotency-Key: 1 to {MAX_KEY_CHARS} printable characters")
    raw = await bodies.body(request)
    try:
        data = json.loads(raw) if raw.strip() else {}
    except (ValueError, RecursionError):
        raise BadRequest(400, "the body is not JSON") from None
    try:
        return table, key, model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the body"
        raise BadRequest(400, f"{where}: {first['msg']}") from None


# the station page's forms ----------------------------------------------------


async def form_undo(request: Request, who: Caller) -> Response:
    """The station's **Undo**, confirmed: the latest event taken back."""
    table, _form, after = await _form_write(request, who)
    room = state_of(request).room
    answer = await run_in_threadpool(room.undo, table, after=after, who=who.who)
    return await _back_to_station(request, who, table, answer)


async def form_next(request: Request, who: Caller) -> Response:
    """The station's **Next hand** (``force`` closes an unfinished hand as abandoned)."""
    table, form, after = await _form_write(request, who)
    force = form.get("force") == "1"
    room = state_of(request).room
    answer = await run_in_threadpool(
        lambda: room.next_hand(table, force=force, after=after, who=who.who)
    )
    return await _back_to_station(request, who, table, answer)


async def form_change(request: Request, who: Caller) -> Response:
    """The station's between-hands panel: one change, its fields as the API takes them."""
    table, form, after = await _form_write(request, who)
    data: dict[str, Any] = {"kind": form.get("kind", "")}
    for field in ("seat", "chips", "to", "ante"):
        text = form.get(field, "").strip()
        if text:
            data[field] = _number(field, text)
    for field in ("name", "origin"):
        text = form.get(field, "").strip()
        if text:
            data[field] = text
    data["post"] = form.get("post") == "1" and data["kind"] in ("sit", "back", "seat")
    data["buy"] = form.get("buy") == "1" and data["kind"] == "sit"
    blinds = form.get("blinds", "").strip()
    if blinds:
        parts = blinds.replace("-", "/").split("/")
        if len(parts) != 2:
            raise BadRequest(400, f'blinds "{blinds}": write small/big, e.g. 2/4')
        data["blinds"] = [_number("blinds", part.strip()) for part in parts]
    try:
        body = ChangeBody.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the form"
        raise BadRequest(400, f"{where}: {first['msg']}") from None
    change = change_of(body)
    room = state_of(request).room
    answer = await run_in_threadpool(lambda: room.change(table, change, after=after, who=who.who))
    return await _back_to_station(request, who, table, answer)


def _number(field: str, text: str) -> int:
    from floorman.numerals import chip_amount

    try:
        return chip_amount(text)
    except (FloormanError, ValueError) as error:
        raise BadRequest(400, f'{field} "{text[:40]}": {error}') from None


async def _form_write(request: Request, who: Caller) -> tuple[str, dict[str, str], int | None]:
    table = request.path_params["table"]
    form = await bodies.form(request)
    check_writable(who, table, form.get("csrf"))
    after_text = form.get("after", "")
    after = (
        int(after_text)
        if after_text.isascii() and after_text.isdigit() and len(after_text) < 19
        else None
    )
    return table, form, after


async def _back_to_station(request: Request, who: Caller, table: str, answer: Answer) -> Response:
    """Done: back to the station page. Refused: the page again, saying why."""
    if answer.status == 200:
        return RedirectResponse(station_path(table), status_code=303)
    room = state_of(request).room
    view = answer.body.get("table") or await run_in_threadpool(room.table, table)
    if not isinstance(view, dict):
        raise BadRequest(answer.status, answer.body["error"])
    context = {"who": who, "t": view, "fresh": None, "message": answer.body["error"]}
    return answers.html(request, "station.html", context, answer.status)
