"""Drills in the browser: the pages a trainee takes a drill on by touch, the trainer's
page of a trainee, and the JSON API of both (:mod:`floorman.server.drillcoach` does the
work).

Who may do what: anyone signed in as a person (a trainee, a trainer, the floor) takes
drills of their own; a trainee sees only their own drills and results; trainers and
the floor see every trainee's and give them drill sets. A table's station takes no
drill. Every change made with a sign-in cookie carries its CSRF token.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from floorman.server import answers, auth, bodies, documents
from floorman.server.auth import Caller
from floorman.server.drillcoach import (
    MAX_TIME_LIMIT,
    RUN_MAX,
    DrillRefused,
    answer_question,
    assign,
    run_view,
    start_run,
    topics,
    trainee_report,
)
from floorman.server.params import BadRequest
from floorman.server.state import state_of
from floorman.store.drillruns import open_drill_runs

__all__ = [
    "api_answer",
    "api_assign",
    "api_report",
    "api_run",
    "api_start",
    "api_topics",
    "api_trainees",
    "form_answer",
    "form_assign",
    "form_start",
    "home",
    "run_page",
    "trainee_page",
    "trainees_page",
]

MAX_NAME_CHARS: Final = 100
MAX_MILLIS: Final = 24 * 3600 * 1000


class _Start(BaseModel):
    model_config = ConfigDict(extra="forbid")
    topics: list[str] = Field(default_factory=list, max_length=20)
    count: int = Field(10, ge=1, le=RUN_MAX)
    time_limit: int | None = Field(None, ge=0, le=MAX_TIME_LIMIT)
    assignment: int | None = Field(None, ge=1, le=2**53)
    rulebook: str = Field("rrop", max_length=MAX_NAME_CHARS)


class _Assign(BaseModel):
    model_config = ConfigDict(extra="forbid")
    topics: list[str] = Field(default_factory=list, max_length=20)
    count: int = Field(10, ge=1, le=RUN_MAX)
    time_limit: int | None = Field(None, ge=0, le=MAX_TIME_LIMIT)
    rulebook: str = Field("rrop", max_length=MAX_NAME_CHARS)


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    number: int = Field(ge=1, le=RUN_MAX)
    choice: int | None = Field(None, ge=0, le=1000)
    amounts: dict[str, int] | None = Field(None, max_length=20)
    answer: str | None = Field(None, max_length=400)
    millis: int | None = Field(None, ge=0, le=MAX_MILLIS)


# who may -----------------------------------------------------------------------


def _check_person(who: Caller) -> None:
    if who.role == "station":
        raise BadRequest(403, f"{who.label} takes no drills: sign in as a person")


def _check_coach(who: Caller) -> None:
    if not who.may_read_drills():
        raise BadRequest(403, f"{who.label} ({who.role}) may not read others' drills")


def _check_sees(who: Caller, trainee: str) -> None:
    _check_person(who)
    if who.who.lower() != trainee.lower():
        _check_coach(who)


def _check_csrf(who: Caller, given: str | None) -> None:
    if who.csrf is not None and not auth.csrf_matches(who.csrf, given):
        raise BadRequest(403, "the form's CSRF token is missing or wrong: reload the page")


def _viewer(who: Caller) -> str | None:
    """The trainee whose runs a caller may see (``None``: anyone's, for trainers)."""
    return None if who.may_read_drills() else who.who


def _number(request: Request, name: str) -> int:
    text = request.path_params[name]
    if not text.isdigit() or len(text) > 15:
        raise BadRequest(404, f"no drill {text}")
    return int(text)


def _name(request: Request) -> str:
    name = str(request.path_params["trainee"])
    if not 0 < len(name) <= MAX_NAME_CHARS or not name.isprintable():
        raise BadRequest(404, "no such trainee")
    return name


def _checked_rulebook(name: str) -> str:
    if name not in documents.choices():
        raise BadRequest(400, f"rulebook: one of {', '.join(documents.choices())}")
    return name


async def _call(function: Any, *args: Any, **kwargs: Any) -> Any:
    """A use case in a worker thread; a refusal as the status it names."""
    try:
        return await run_in_threadpool(function, *args, **kwargs)
    except DrillRefused as error:
        raise BadRequest(error.status, str(error)) from None


async def _json(request: Request, model: type[BaseModel]) -> Any:
    raw = await bodies.body(request)
    try:
        data = json.loads(raw) if raw.strip() else {}
    except (ValueError, RecursionError):
        raise BadRequest(400, "the body is not JSON") from None
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the body"
        raise BadRequest(400, f"{where}: {first['msg']}") from None


def _form_int(form: Mapping[str, str], name: str, default: int | None, top: int) -> int | None:
    text = form.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) > top:
        raise BadRequest(400, f"{name}: a whole number from 0 to {top}")
    return int(text)


def _form_topics(form: Mapping[str, str]) -> list[str]:
    return [name.removeprefix("topic-") for name in form if name.startswith("topic-")]


# pages -------------------------------------------------------------------------


async def home(request: Request, who: Caller) -> Response:
    """``GET /drill``: start a drill (topics, how many, timed or not), the trainer's
    drill sets to take, the trainee's own weak rules and drills."""
    _check_person(who)
    report = await _call(trainee_report, state_of(request).room.db, who.who)
    context = {
        "who": who,
        "topics": topics(),
        "report": report,
        "run_max": RUN_MAX,
        "message": request.query_params.get("message", "")[:200],
    }
    return answers.html(request, "drill_home.html", context)


async def form_start(request: Request, who: Caller) -> Response:
    """``POST /drill``: a new drill, from the form or from a drill set (``assignment``)."""
    _check_person(who)
    form = await bodies.form(request)
    _check_csrf(who, form.get("csrf"))
    assignment = _form_int(form, "assignment", None, 2**53)
    number = await _call(
        start_run,
        state_of(request).room.db,
        who.who,
        named_topics=_form_topics(form),
        count=_form_int(form, "count", 10, RUN_MAX) or 0,
        time_limit=_form_int(form, "time_limit", None, MAX_TIME_LIMIT),
        assignment=assignment,
    )
    return RedirectResponse(f"/drill/runs/{number}", status_code=303)


async def run_page(request: Request, who: Caller) -> Response:
    """``GET /drill/runs/{run}``: the next question, or with ``shown=N`` the result of
    question N (the answer, why, the citation); the score when all are answered."""
    _check_person(who)
    number = _number(request, "run")
    view = await _call(run_view, state_of(request).room.db, number, _viewer(who))
    shown_text = request.query_params.get("shown", "")
    shown = None
    if shown_text.isdigit():
        shown = next((r for r in view["results"] if r["number"] == int(shown_text)), None)
    own = view["trainee"].lower() == who.who.lower()
    context = {"who": who, "view": view, "shown": shown, "own": own, "message": ""}
    return answers.html(request, "drill_run.html", context)


async def form_answer(request: Request, who: Caller) -> Response:
    """``POST /drill/runs/{run}/answer``: the tapped choice, or an amount per seat
    (``seat-N``); an answer that cannot be read asks the question again."""
    _check_person(who)
    number = _number(request, "run")
    form = await bodies.form(request)
    _check_csrf(who, form.get("csrf"))
    question = _form_int(form, "number", None, RUN_MAX)
    if question is None or question < 1:
        raise BadRequest(400, f"number: the question, 1 to {RUN_MAX}")
    given: dict[str, Any] = {}
    if form.get("choice", "").strip():
        given["choice"] = form["choice"].strip()[:40]
    seats = {name[5:]: value.strip() for name, value in form.items() if name.startswith("seat-")}
    if seats:
        if any(not v.isdigit() or len(v) > 12 for v in seats.values()):
            given["answer"] = " ".join(f"{s}={v or '?'}" for s, v in seats.items())
        else:
            given["amounts"] = {s: int(v) for s, v in seats.items()}
    millis = _form_int(form, "millis", None, MAX_MILLIS)
    db = state_of(request).room.db
    try:
        await run_in_threadpool(answer_question, db, number, who.who, question, given, millis)
    except DrillRefused as error:
        if error.status != 400:
            raise BadRequest(error.status, str(error)) from None
        view = await _call(run_view, db, number, who.who)
        context = {"who": who, "view": view, "shown": None, "own": True, "message": str(error)}
        return answers.html(request, "drill_run.html", context, 400)
    return RedirectResponse(f"/drill/runs/{number}?shown={question}", status_code=303)


async def trainees_page(request: Request, who: Caller) -> Response:
    """``GET /drills/trainees``: every trainee (a user with the role, or anyone who took
    or was given a drill), each a link to their page (trainers and the floor)."""
    _check_person(who)
    _check_coach(who)
    room = state_of(request).room

    def read() -> list[str]:
        from floorman.store.drills import open_drill_store

        names = {u.name.lower(): u.name for u in room.with_staff(lambda s: s.users())
                 if u.role == "trainee" and u.disabled is None}  # fmt: skip
        with open_drill_runs(room.db) as runs:
            for name in runs.trainees():
                names.setdefault(name.lower(), name)
        with open_drill_store(room.db) as drills:
            for name in drills.trainees():
                names.setdefault(name.lower(), name)
        return sorted(names.values(), key=str.lower)

    names = await run_in_threadpool(read)
    return answers.html(request, "drill_trainees.html", {"who": who, "names": names})


async def trainee_page(request: Request, who: Caller) -> Response:
    """``GET /drills/trainees/{trainee}``: the trainee's weak rules, rule by rule, their
    progress day by day, their drill sets and drills; a trainer gives a new drill set."""
    name = _name(request)
    _check_sees(who, name)
    report = await _call(trainee_report, state_of(request).room.db, name)
    context = {
        "who": who,
        "report": report,
        "topics": topics(),
        "rulebooks": documents.choices(),
        "run_max": RUN_MAX,
        "coach": who.may_read_drills(),
    }
    return answers.html(request, "drill_trainee.html", context)


async def form_assign(request: Request, who: Caller) -> Response:
    """``POST /drills/trainees/{trainee}/assignments``: a trainer gives a drill set."""
    name = _name(request)
    _check_coach(who)
    form = await bodies.form(request)
    _check_csrf(who, form.get("csrf"))
    await _call(
        assign,
        state_of(request).room.db,
        name,
        named_topics=_form_topics(form),
        count=_form_int(form, "count", 10, RUN_MAX) or 0,
        time_limit=_form_int(form, "time_limit", None, MAX_TIME_LIMIT),
        rulebook=_checked_rulebook(form.get("rulebook", "rrop")),
        by=who.who,
    )
    return RedirectResponse(f"/drills/trainees/{_quoted(name)}", status_code=303)


def _quoted(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


# the API -----------------------------------------------------------------------


async def api_topics(request: Request, who: Caller) -> Response:
    """``GET /api/drill/topics``."""
    _check_person(who)
    return answers.json({"topics": topics(), "rulebooks": documents.choices()})


async def api_start(request: Request, who: Caller) -> Response:
    """``POST /api/drill/runs``: a new drill for the caller; the run with its first question."""
    _check_person(who)
    _check_csrf(who, request.headers.get("x-csrf-token"))
    body = await _json(request, _Start)
    db = state_of(request).room.db
    number = await _call(
        start_run,
        db,
        who.who,
        rulebook=_checked_rulebook(body.rulebook),
        named_topics=body.topics,
        count=body.count,
        time_limit=body.time_limit,
        assignment=body.assignment,
    )
    view = await _call(run_view, db, number, who.who)
    answer = answers.json(view)
    answer.status_code = 201
    return answer


async def api_run(request: Request, who: Caller) -> Response:
    """``GET /api/drill/runs/{run}``: the run, its results, its next question."""
    _check_person(who)
    number = _number(request, "run")
    return answers.json(await _call(run_view, state_of(request).room.db, number, _viewer(who)))


async def api_answer(request: Request, who: Caller) -> Response:
    """``POST /api/drill/runs/{run}/answers``: mark and keep an answer; its result."""
    _check_person(who)
    _check_csrf(who, request.headers.get("x-csrf-token"))
    number = _number(request, "run")
    body = await _json(request, _Answer)
    given = body.model_dump(include={"choice", "amounts", "answer"}, exclude_none=True)
    result = await _call(
        answer_question, state_of(request).room.db, number, who.who, body.number, given, body.millis
    )
    return answers.json(result)


async def api_trainees(request: Request, who: Caller) -> Response:
    """``GET /api/drill/trainees``: every trainee with a drill in the browser (trainers)."""
    _check_person(who)
    _check_coach(who)

    def read() -> list[str]:
        with open_drill_runs(state_of(request).room.db) as runs:
            return runs.trainees()

    return answers.json({"trainees": await run_in_threadpool(read)})


async def api_report(request: Request, who: Caller) -> Response:
    """``GET /api/drill/trainees/{trainee}``: weak rules, progress, schedule, drill sets."""
    name = _name(request)
    _check_sees(who, name)
    return answers.json(await _call(trainee_report, state_of(request).room.db, name))


async def api_assign(request: Request, who: Caller) -> Response:
    """``POST /api/drill/trainees/{trainee}/assignments``: a trainer gives a drill set."""
    name = _name(request)
    _check_person(who)
    _check_coach(who)
    _check_csrf(who, request.headers.get("x-csrf-token"))
    body = await _json(request, _Assign)
    number = await _call(
        assign,
        state_of(request).room.db,
        name,
        named_topics=body.topics,
        count=body.count,
        time_limit=body.time_limit,
        rulebook=_checked_rulebook(body.rulebook),
        by=who.who,
    )
    answer = answers.json({"assignment": number, "trainee": name})
    answer.status_code = 201
    return answer
