"""The ASGI application: routes, who may reach them, and the answers.

Starlette, not FastAPI: the API is a few routes, the one body among them
validated by a small pydantic model, and the OpenAPI document is written by hand
(:mod:`floorman.server.openapi`), so a framework that generates it would add
weight and start-up time for little.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, Final

import jinja2
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from floorman._resources import templates_dir
from floorman.errors import FloormanError
from floorman.limits import MAX_EVENT_CHARS, MAX_ID
from floorman.server import auth, documents, params
from floorman.server.auth import Caller
from floorman.server.openapi import DOCUMENT
from floorman.server.params import BadRequest
from floorman.server.room import Answer, Room
from floorman.server.watch import Watcher
from floorman.store.hands import StoreError
from floorman.store.passwords import MAX_PASSWORD_CHARS, verify_password
from floorman.store.staff import Role, Staff
from floorman.tables.hands import split_events

__all__ = ["create_app"]

MAX_BODY_BYTES: Final = 1024 * 1024
MAX_EVENTS_PER_POST: Final = 500
MAX_KEY_CHARS: Final = 200
KEEPALIVE_SECONDS: Final = 15.0

_SECURITY_HEADERS: Final = {
    "content-security-policy": "default-src 'self'; frame-ancestors 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
}


class EventsBody(BaseModel):
    """``POST /api/tables/{table}/events``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    events: list[str] = Field(min_length=1, max_length=MAX_EVENTS_PER_POST)
    after: int | None = Field(None, ge=0, le=MAX_ID)


def _error(status: int, message: str) -> JSONResponse:
    """One line for the user: a control character from the request shows as its escape."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    return JSONResponse({"error": line}, status_code=status, headers=_SECURITY_HEADERS)


def _json(answer: Answer) -> JSONResponse:
    return JSONResponse(answer.body, status_code=answer.status, headers=_SECURITY_HEADERS)


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise BadRequest(413, f"the body is larger than {MAX_BODY_BYTES} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise BadRequest(413, f"the body is larger than {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


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


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir() / "web"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def create_app(db: str | Path, *, secure_cookies: bool = True) -> Starlette:
    """The card room server on the store at ``db``."""
    room = Room(db)
    pages = _environment()
    watcher = Watcher(room)

    # who is asking ---------------------------------------------------------

    def _caller_now(request: Request) -> Caller | None:
        return room.with_staff(
            lambda staff: auth.caller_from(
                staff,
                request.cookies.get(auth.SESSION_COOKIE),
                request.headers.get("authorization"),
            )
        )

    async def caller(request: Request) -> Caller | None:
        return await run_in_threadpool(_caller_now, request)

    Handler = Callable[[Request, Caller], Awaitable[Response]]

    def api(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            who = await caller(request)
            if who is None:
                return _error(401, "sign in first, or send a station token")
            try:
                return await handler(request, who)
            except BadRequest as error:
                return _error(error.status, str(error))
            except StoreError as error:
                return _error(503, str(error))

        return endpoint

    def page(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            who = await caller(request)
            if who is None or request.headers.get("authorization") is not None:
                return RedirectResponse("/login", status_code=303)
            try:
                return await handler(request, who)
            except BadRequest as error:
                return _html("message.html", {"who": who, "message": str(error)}, error.status)
            except StoreError as error:
                return _html("message.html", {"who": who, "message": str(error)}, 503)

        return endpoint

    def _html(name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
        text = pages.get_template(name).render(context)
        return HTMLResponse(text, status_code=status, headers=_SECURITY_HEADERS)

    def _cookie(response: Response, name: str, value: str, max_age: int | None) -> None:
        response.set_cookie(
            name,
            value,
            max_age=max_age,
            path="/",
            secure=secure_cookies,
            httponly=True,
            samesite="strict",
        )

    def _readable(who: Caller, table: str) -> None:
        if not who.may_read(table):
            raise BadRequest(403, f"{who.label} may read only table {who.table}")

    async def _table(
        who: Caller, table: str, read: Callable[[str], dict[str, Any] | None] = room.table
    ) -> dict[str, Any]:
        """What ``read`` finds of a table the caller may read (its hand, by default)."""
        _readable(who, table)
        view = await run_in_threadpool(read, table)
        if view is None:
            raise BadRequest(404, f"no hand was ever recorded at table {table}")
        return view

    async def _visible(who: Caller) -> list[dict[str, Any]]:
        if who.role == "station":
            assert who.table is not None
            return await run_in_threadpool(room.tables, [who.table])
        return await run_in_threadpool(room.tables)

    def _write_check(who: Caller, table: str, csrf: str | None) -> None:
        if not who.may_write(table):
            if who.role == "station":
                raise BadRequest(403, f"{who.label} may write only to table {who.table}")
            raise BadRequest(403, f"{who.label} ({who.role}) may not record events")
        if who.csrf is not None and not auth.csrf_matches(who.csrf, csrf):
            raise BadRequest(403, "the form's CSRF token is missing or wrong: reload the page")

    # the API ---------------------------------------------------------------

    async def api_tables(request: Request, who: Caller) -> Response:
        return JSONResponse({"tables": await _visible(who)}, headers=_SECURITY_HEADERS)

    async def api_table(request: Request, who: Caller) -> Response:
        view = await _table(who, request.path_params["table"])
        return JSONResponse(view, headers=_SECURITY_HEADERS)

    async def api_events(request: Request, who: Caller) -> Response:
        table = request.path_params["table"]
        _write_check(who, table, request.headers.get("x-csrf-token"))
        key = request.headers.get("idempotency-key")
        if key is not None and not (0 < len(key) <= MAX_KEY_CHARS and key.isprintable()):
            raise BadRequest(400, f"Idempotency-Key: 1 to {MAX_KEY_CHARS} printable characters")
        body = _events_body(await _body(request))
        texts = split_events(body.events)
        if not texts:
            raise BadRequest(400, "events: no event given")
        answer = await run_in_threadpool(
            room.record, table, texts, after=body.after, who=who.who, key=key
        )
        return _json(answer)

    async def openapi(request: Request, who: Caller) -> Response:
        return JSONResponse(DOCUMENT, headers=_SECURITY_HEADERS)

    async def stream(request: Request, who: Caller) -> Response:
        view = request.query_params.get("view", "card")
        if view not in ("card", "station", "hand"):
            raise BadRequest(400, "view: one of card, station, hand")
        only = request.query_params.get("table")
        if only is not None:
            _readable(who, only)
        elif who.role == "station":
            only = who.table
        template = pages.get_template(f"_{view}.html")

        def event(table: dict[str, Any]) -> str:
            html = template.render({"t": table, "who": who})
            state = "closed" if table["closed"] else "open"
            data = {"table": table["table"], "last": table["last"], "html": html,
                    "history": f"{table['hand']}:{state}"}  # fmt: skip
            return f"event: table\ndata: {json.dumps(data)}\n\n"

        async def events() -> AsyncIterator[str]:
            queue = watcher.listen()
            try:
                names = [only] if only is not None else None
                for table in await run_in_threadpool(room.tables, names):
                    yield event(table)
                while not watcher.stopping.is_set():
                    try:
                        name = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    if only is not None and name != only:
                        continue
                    found = await run_in_threadpool(room.table, name)
                    if found is not None:
                        yield event(found)
            finally:
                watcher.leave(queue)

        headers = {**_SECURITY_HEADERS, "x-accel-buffering": "no"}
        return StreamingResponse(events(), media_type="text/event-stream", headers=headers)

    # signing in ------------------------------------------------------------

    async def login_form(request: Request) -> Response:
        import secrets

        token = request.cookies.get(auth.LOGIN_COOKIE)
        if not token or len(token) > auth.MAX_TOKEN_CHARS:
            token = secrets.token_urlsafe(32)
        message = request.query_params.get("message", "")
        known = {"": "", "out": "Signed out.", "bad": "That name and password do not match."}
        response = _html(
            "login.html",
            {"csrf": token, "message": known.get(message, ""), "who": None},
            401 if message == "bad" else 200,
        )
        _cookie(response, auth.LOGIN_COOKIE, token, None)
        return response

    def _sign_in(name: str, password: str) -> tuple[Caller, str] | None:
        return room.with_staff(lambda staff: _signed(staff, name, password))

    def _signed(staff: Staff, name: str, password: str) -> tuple[Caller, str] | None:
        found = staff.user(name)
        if found is None:
            verify_password(password, _DUMMY_HASH)
            return None
        user, stored = found
        if not verify_password(password, stored) or user.disabled is not None:
            return None
        role: Role = "floor" if user.role == "floor" else "trainer"
        token, csrf = staff.start_session(user.name, role)
        return Caller(user.name, role, None, csrf), token

    def _station_in(token: str) -> tuple[Caller, str] | None:
        return room.with_staff(lambda staff: _station_signed(staff, token))

    def _station_signed(staff: Staff, token: str) -> tuple[Caller, str] | None:
        table = staff.station_table(token)
        if table is None:
            return None
        session, csrf = staff.start_session(f"station:{table}", "station", table)
        return Caller(f"station:{table}", "station", table, csrf), session

    async def login(request: Request) -> Response:
        try:
            form = await _form(request)
        except BadRequest as error:
            return _error(error.status, str(error))
        if not auth.csrf_matches(request.cookies.get(auth.LOGIN_COOKIE), form.get("csrf")):
            return _error(403, "the sign-in form's CSRF token is missing or wrong: reload it")
        station = form.get("station", "")
        if station:
            signed = await run_in_threadpool(_station_in, station[: auth.MAX_TOKEN_CHARS + 1])
        else:
            name, password = form.get("name", "")[:200], form.get("password", "")
            signed = await run_in_threadpool(_sign_in, name, password[: MAX_PASSWORD_CHARS + 1])
        if signed is None:
            return RedirectResponse("/login?message=bad", status_code=303)
        who, token = signed
        target = f"/station/{_quote(who.table)}" if who.table is not None else "/"
        response = RedirectResponse(target, status_code=303)
        _cookie(response, auth.SESSION_COOKIE, token, 12 * 3600)
        response.delete_cookie(auth.LOGIN_COOKIE, path="/")
        return response

    async def logout(request: Request, who: Caller) -> Response:
        form = await _form(request)
        if not auth.csrf_matches(who.csrf, form.get("csrf")):
            raise BadRequest(403, "the form's CSRF token is missing or wrong: reload the page")
        cookie = request.cookies.get(auth.SESSION_COOKIE, "")

        await run_in_threadpool(room.with_staff, lambda staff: staff.end_session(cookie))
        response = RedirectResponse("/login?message=out", status_code=303)
        response.delete_cookie(auth.SESSION_COOKIE, path="/")
        return response

    # pages -----------------------------------------------------------------

    async def dashboard(request: Request, who: Caller) -> Response:
        if who.role == "station":
            assert who.table is not None
            return RedirectResponse(f"/station/{_quote(who.table)}", status_code=303)
        context = {"who": who, "tables": await _visible(who), **_ask_box("", "rrop")}
        return _html("dashboard.html", context)

    async def hand_page(request: Request, who: Caller) -> Response:
        view = await _table(who, request.path_params["table"])
        history = await _table(who, request.path_params["table"], room.history)
        return _html("hand.html", {"who": who, "t": view, "history": history})

    async def station_page(request: Request, who: Caller) -> Response:
        view = await _table(who, request.path_params["table"])
        since = request.query_params.get("since", "")
        fresh = int(since) if since.isascii() and since.isdigit() and len(since) < 7 else None
        return _html("station.html", {"who": who, "t": view, "fresh": fresh, "message": None})

    async def station_post(request: Request, who: Caller) -> Response:
        table = request.path_params["table"]
        form = await _form(request)
        _write_check(who, table, form.get("csrf"))
        text = (form.get("text") or form.get("event") or "").strip()
        if text.endswith((" bet", " raise")):
            amount = form.get("amount", "").strip()
            if not amount:
                raise BadRequest(400, f"{text}: give the amount")
            text = f"{text} {amount}"
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
        if answer.status == 200:
            first = answer.body["recorded"][0]["number"] - 1
            return RedirectResponse(f"/station/{_quote(table)}?since={first}", status_code=303)
        view = answer.body.get("table") or await run_in_threadpool(room.table, table)
        if view is None:
            raise BadRequest(answer.status, answer.body["error"])
        context = {"who": who, "t": view, "fresh": None, "message": answer.body["error"]}
        return _html("station.html", context, answer.status)

    async def report(request: Request, who: Caller) -> Response:
        view = await _table(who, request.path_params["table"])
        try:
            pdf = await run_in_threadpool(room.report_pdf, view["hand"])
        except FloormanError as error:
            raise BadRequest(400, str(error)) from None
        return _pdf(
            pdf, f"table-{view['table']}-hand-{view['hand']}.pdf", f"hand-{view['hand']}.pdf"
        )

    # a table's past, the rules and the drills (read only) ------------------

    async def _past_hand(request: Request, who: Caller) -> dict[str, Any]:
        table = request.path_params["table"]
        _readable(who, table)
        hand = params.hand_id(request)
        view = await run_in_threadpool(room.hand_at, table, hand)
        if view is None:
            raise BadRequest(404, f"table {table} has no hand {hand}")
        return view

    def _drills_check(who: Caller) -> None:
        if not who.may_read_drills():
            raise BadRequest(403, f"{who.label} may not read the drills")

    async def _asked(request: Request) -> dict[str, Any]:
        query, rulebook = params.ask_query(request)
        if not query:
            return {"query": "", "rulebooks": [], "situations": []}
        return await run_in_threadpool(documents.ask, query, rulebook)

    def _ask_box(query: str, rulebook: str) -> dict[str, Any]:
        return {"query": query, "rulebook": rulebook, "choices": documents.choices(),
                "every": documents.EVERY}  # fmt: skip

    def _pdf(pdf: bytes, name: str, fallback: str) -> Response:
        safe = name if name.isascii() and name.isprintable() and '"' not in name else fallback
        headers = {**_SECURITY_HEADERS, "content-disposition": f'inline; filename="{safe}"'}
        return Response(pdf, media_type="application/pdf", headers=headers)

    async def _printed(kind: str, rules: documents.InForce, game: str, paper: str) -> bytes:
        make = documents.card_pdf if kind == "card" else documents.sheet_pdf
        try:
            return await run_in_threadpool(make, rules, game, paper)
        except FloormanError as error:
            raise BadRequest(400, str(error)) from None

    async def api_history(request: Request, who: Caller) -> Response:
        found = await _table(who, request.path_params["table"], room.history)
        return JSONResponse(found, headers=_SECURITY_HEADERS)

    async def api_hand(request: Request, who: Caller) -> Response:
        return JSONResponse(await _past_hand(request, who), headers=_SECURITY_HEADERS)

    async def api_ask(request: Request, who: Caller) -> Response:
        return JSONResponse(await _asked(request), headers=_SECURITY_HEADERS)

    async def api_drills(request: Request, who: Caller) -> Response:
        _drills_check(who)
        found = await run_in_threadpool(room.drill_progress)
        return JSONResponse(found, headers=_SECURITY_HEADERS)

    async def past_hand_page(request: Request, who: Caller) -> Response:
        view = await _past_hand(request, who)
        return _html("past.html", {"who": who, "t": view, "past": True})

    async def past_report(request: Request, who: Caller) -> Response:
        table = request.path_params["table"]
        _readable(who, table)
        hand = params.hand_id(request)
        if not await run_in_threadpool(room.has_hand, table, hand):
            raise BadRequest(404, f"table {table} has no hand {hand}")
        try:
            pdf = await run_in_threadpool(room.report_pdf, hand)
        except FloormanError as error:
            raise BadRequest(400, str(error)) from None
        return _pdf(pdf, f"table-{table}-hand-{hand}.pdf", f"hand-{hand}.pdf")

    def table_rules(kind: str) -> Handler:
        async def handler(request: Request, who: Caller) -> Response:
            table = request.path_params["table"]
            _readable(who, table)
            paper = params.paper(request)
            found = await run_in_threadpool(room.rules_in_force, table)
            if found is None:
                raise BadRequest(404, f"no hand was ever recorded at table {table}")
            rulebook, options, game = found
            try:
                book = await run_in_threadpool(documents.in_force, rulebook, options, table=table)
            except FloormanError as error:
                raise BadRequest(400, str(error)) from None
            pdf = await _printed(kind, book, game, paper)
            return _pdf(pdf, f"table-{table}-{game}-{kind}.pdf", f"{game}-{kind}.pdf")

        return handler

    def rules_pdf(kind: str) -> Handler:
        async def handler(request: Request, who: Caller) -> Response:
            rulebook = request.query_params.get("rulebook", "rrop")
            game = request.query_params.get("game", "holdem")
            paper = params.paper(request)
            try:
                book = await run_in_threadpool(documents.in_force, rulebook)
            except FloormanError as error:
                raise BadRequest(400, str(error)) from None
            pdf = await _printed(kind, book, game, paper)
            return _pdf(pdf, f"{rulebook}-{game}-{kind}.pdf", f"{kind}.pdf")

        return handler

    async def ask_page(request: Request, who: Caller) -> Response:
        query, rulebook = params.ask_query(request)
        found = await _asked(request)
        return _html("ask.html", {"who": who, "found": found, **_ask_box(query, rulebook)})

    async def rules_page(request: Request, who: Caller) -> Response:
        context = {"who": who, "choices": documents.choices(), "games": documents.games(),
                   "papers": documents.PAPERS}  # fmt: skip
        return _html("rules.html", context)

    async def drills_page(request: Request, who: Caller) -> Response:
        _drills_check(who)
        found = await run_in_threadpool(room.drill_progress)
        return _html("drills.html", {"who": who, "trainees": found["trainees"]})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watcher.start()
        try:
            yield
        finally:
            await watcher.stop()

    static = StaticFiles(directory=templates_dir() / "web" / "static")
    routes = [
        Route("/login", login_form, methods=["GET"]),
        Route("/login", login, methods=["POST"]),
        Route("/logout", page(logout), methods=["POST"]),
        Route("/", page(dashboard), methods=["GET"]),
        Route("/tables/{table}", page(hand_page), methods=["GET"]),
        Route("/tables/{table}/report.pdf", page(report), methods=["GET"]),
        Route("/tables/{table}/hands/{hand}", page(past_hand_page), methods=["GET"]),
        Route("/tables/{table}/hands/{hand}/report.pdf", page(past_report), methods=["GET"]),
        Route("/tables/{table}/card.pdf", page(table_rules("card")), methods=["GET"]),
        Route("/tables/{table}/sheet.pdf", page(table_rules("sheet")), methods=["GET"]),
        Route("/ask", page(ask_page), methods=["GET"]),
        Route("/rules", page(rules_page), methods=["GET"]),
        Route("/rules/card.pdf", page(rules_pdf("card")), methods=["GET"]),
        Route("/rules/sheet.pdf", page(rules_pdf("sheet")), methods=["GET"]),
        Route("/drills", page(drills_page), methods=["GET"]),
        Route("/station/{table}", page(station_page), methods=["GET"]),
        Route("/station/{table}", page(station_post), methods=["POST"]),
        Route("/api/openapi.json", api(openapi), methods=["GET"]),
        Route("/api/tables", api(api_tables), methods=["GET"]),
        Route("/api/tables/{table}", api(api_table), methods=["GET"]),
        Route("/api/tables/{table}/events", api(api_events), methods=["POST"]),
        Route("/api/tables/{table}/hands", api(api_history), methods=["GET"]),
        Route("/api/tables/{table}/hands/{hand}", api(api_hand), methods=["GET"]),
        Route("/api/ask", api(api_ask), methods=["GET"]),
        Route("/api/drills", api(api_drills), methods=["GET"]),
        Route("/api/stream", api(stream), methods=["GET"]),
        Mount("/static", static, name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(params.RefuseNul)])


_DUMMY_HASH: Final = (
    "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
)
"""Checked against when there is no such user, so a wrong name costs what a wrong password does."""


def _quote(table: str) -> str:
    from urllib.parse import quote

    return quote(table, safe="")


async def _form(request: Request) -> dict[str, str]:
    """A form's fields (the first of each name), bounded in size; files are refused."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise BadRequest(413, f"the form is larger than {MAX_BODY_BYTES} bytes")
    try:
        async with request.form(max_files=0, max_fields=50, max_part_size=64 * 1024) as form:
            fields: dict[str, str] = {}
            for name, value in form.multi_items():
                if not isinstance(value, str):
                    raise BadRequest(400, "the form holds a file")
                if "\x00" in name or "\x00" in value:
                    raise BadRequest(400, f"{name}: holds a NUL character")
                fields.setdefault(name, value)
            return fields
    except BadRequest:
        raise
    except Exception as error:
        raise BadRequest(400, f"the form cannot be read: {error}") from None
