"""Recording a table's events, the one thing the server writes: by the station page (a
dealer's form) or by the API's post (the station's device, or the floor by script).
Both check the caller alike, split the text into events as ``floorman add`` does, and
record through the room, which refuses a post made on a hand that changed since."""

from __future__ import annotations

import json
from typing import Any, Final
from urllib.parse import quote

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.bounds import MAX_EVENT_CHARS, MAX_ID
from floorman.server import answers, bodies
from floorman.server.auth import Caller
from floorman.server.endpoints import check_writable
from floorman.server.handlers import lookups, tournaments
from floorman.server.params import BadRequest
from floorman.server.state import state_of
from floorman.tables.disputes import heading
from floorman.tables.hands import split_events

__all__ = ["EventsBody", "page", "post_events", "post_form", "station_path"]

MAX_EVENTS_PER_POST: Final = 500
MAX_KEY_CHARS: Final = 200


class EventsBody(BaseModel):
    """``POST /api/tables/{table}/events``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    events: list[str] = Field(min_length=1, max_length=MAX_EVENTS_PER_POST)
    after: int | None = Field(None, ge=0, le=MAX_ID)


def station_path(table: str) -> str:
    """The address of a table's station page."""
    return f"/station/{quote(table, safe='')}"


def post_events(request: Request, who: Caller, raw: bytes) -> Response:
    """``POST /api/tables/{table}/events``: answered as the room answers (200, 400, 404,
    409), the same answer again for a retried ``Idempotency-Key``. Runs on the
    posts' threads (:func:`floorman.server.endpoints.as_api_post`)."""
    table = request.path_params["table"]
    check_writable(who, table, request.headers.get("x-csrf-token"))
    key = request.headers.get("idempotency-key")
    if key is not None and not (0 < len(key) <= MAX_KEY_CHARS and key.isprintable()):
        raise BadRequest(400, f"Idempotency-Key: 1 to {MAX_KEY_CHARS} printable characters")
    body = _events_body(raw)
    texts = split_events(body.events)
    if not texts:
        raise BadRequest(400, "events: no event given")
    answer = state_of(request).room.record(table, texts, after=body.after, who=who.who, key=key)
    return answers.answered(answer)


def _events_body(raw: bytes) -> EventsBody:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadRequest(400, "the body is not JSON") from None
    try:
        body = EventsBody.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the body"
        raise BadRequest(400, f"{where}: {first['msg']}") from None
    for number, text in enumerate(body.events, 1):
        if len(text) > MAX_EVENT_CHARS:
            raise BadRequest(400, f"events.{number}: longer than {MAX_EVENT_CHARS} characters")
        if "\x00" in text:
            raise BadRequest(400, f"events.{number}: holds a NUL character")
        if not text.isascii() and any("\ud800" <= c <= "\udfff" for c in text):
            raise BadRequest(400, f"events.{number}: holds a lone surrogate (not UTF-8 text)")
    return body


async def page(request: Request, who: Caller) -> Response:
    """The station page; ``since`` marks the events just recorded."""
    view = await lookups.table_hand(request, who)
    since = request.query_params.get("since", "")
    fresh = int(since) if since.isascii() and since.isdigit() and len(since) < 7 else None
    room = state_of(request).room
    playing = await run_in_threadpool(tournaments.station_parts, room, who, view["table"])
    context = {"who": who, "t": view, "fresh": fresh, "message": None, "tournaments": playing}
    return answers.html(request, "station.html", context)


async def post_form(request: Request, who: Caller) -> Response:
    """The station page's form: an event typed or a button pressed. A button's event may
    name what the page picked: ``SEAT`` (the seat chosen), ``CARDS`` (the cards ticked
    in the card picker, ``c.Ah`` fields; ``N`` their count, as a draw says it) and ``X``
    (the amount); a bet or raise without
    its amount takes the amount field's. Recorded, back to the page; refused, the page
    again saying why."""
    table = request.path_params["table"]
    form = await bodies.form(request)
    check_writable(who, table, form.get("csrf"))
    room = state_of(request).room
    typed = (form.get("text") or "").strip()
    try:
        text = typed or _pressed(form)
    except BadRequest as missing:
        view = await run_in_threadpool(room.table, table)
        if view is None:
            raise
        context = {
            "who": who, "t": view, "fresh": None, "message": str(missing), "kept": _kept(form),
        }  # fmt: skip
        return answers.html(request, "station.html", context, missing.status)
    after_text = form.get("after", "")
    after = (
        int(after_text)
        if after_text.isascii() and after_text.isdigit() and len(after_text) < 19
        else None
    )
    texts = split_events([text[:MAX_EVENT_CHARS]]) if text else []
    if not texts:
        raise BadRequest(400, "type an event or press one of the buttons")
    answer = await run_in_threadpool(room.record, table, texts, after=after, who=who.who)
    state_of(request).watcher.take_told()
    if answer.status == 200 and "disputed" in answer.body:
        return await _disputed_page(request, who, table, answer.body)
    if answer.status == 200:
        first = answer.body["recorded"][0]["number"] - 1
        return RedirectResponse(f"{station_path(table)}?since={first}", status_code=303)
    view = answer.body.get("table") or await run_in_threadpool(room.table, table)
    if view is None:
        raise BadRequest(answer.status, answer.body["error"])
    context = {
        "who": who, "t": view, "fresh": None, "message": answer.body["error"],
        "kept": _kept(form),
    }  # fmt: skip
    return answers.html(request, "station.html", context, answer.status)


def _kept(form: dict[str, str]) -> dict[str, Any]:
    """What the dealer picked on a refused post, shown again to correct rather than redo."""
    return {
        "seat": form.get("seat", ""),
        "amount": form.get("amount", ""),
        "cards": [v for k, v in form.items() if k.startswith("c.") and v == k[2:] and _card(v)],
    }


def _card(text: str) -> bool:
    """A card as the picker sends it (``Ah``): the parser then says if it is one."""
    return 2 <= len(text) <= 3 and text.isascii() and text.isalnum()


def _pressed(form: dict[str, str]) -> str:
    """The event of the button pressed, with the seat, cards and amount it names."""
    text = (form.get("event") or "").strip()
    if not text:
        raise BadRequest(400, "type an event or press one of the buttons")
    words = text.split()
    amount = form.get("amount", "").strip()
    if len(words) == 2 and words[-1] in ("bet", "raise"):
        words.append("X")
    if "X" in words:
        if not amount:
            raise BadRequest(400, f"{text}: give the amount")
        if not (amount.isascii() and amount.replace(",", "").replace("_", "").isdigit()):
            raise BadRequest(400, f"amount {amount[:20]!r}: give it in digits")
        words = [amount if w == "X" else w for w in words]
    if any(w == "SEAT" or w.startswith("SEAT:") for w in words):  # SEAT:1, a seat's card
        seat = form.get("seat", "").strip()
        if not seat:
            raise BadRequest(400, f"{text}: choose the seat")
        if not (seat.isascii() and seat.isdigit() and len(seat) <= 2):
            raise BadRequest(400, f"seat {seat[:20]!r}: a seat is a number, 1 to 99")
        words = [seat + w[4:] if w == "SEAT" or w.startswith("SEAT:") else w for w in words]
    if "CARDS" in words:
        picked = [v for k, v in form.items() if k.startswith("c.") and v == k[2:] and _card(v)]
        if not picked:
            raise BadRequest(400, f"{text.replace(' CARDS', '')}: pick the cards first")
        words = [" ".join(picked) if w == "CARDS" else w for w in words]
        words = [str(len(picked)) if w == "N" else w for w in words]
    return " ".join(words)


async def _disputed_page(
    request: Request, who: Caller, table: str, body: dict[str, Any]
) -> Response:
    """The station page after a dispute recorded on the hand whose pot it is (the next
    hand has begun): the hand in progress, and the ruling on the disputed hand."""
    view = await run_in_threadpool(state_of(request).room.table, table)
    if view is None:
        raise BadRequest(404, f"table {table} has no hand")
    disputed = {
        "heading": heading(body["hand"], body["disputed"]),
        "rulings": body["rulings"],
        "violations": body["violations"],
        "state": body["state"],
    }
    context = {"who": who, "t": view, "fresh": None, "message": None, "disputed": disputed}
    return answers.html(request, "station.html", context)
