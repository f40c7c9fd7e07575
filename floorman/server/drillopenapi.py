"""The drills' part of the OpenAPI document (:mod:`floorman.server.openapi`): the routes
of :mod:`floorman.server.drillpages`, with their bodies and answers."""

from __future__ import annotations

from typing import Any, Final

from floorman.server.drillcoach import MAX_TIME_LIMIT, RUN_MAX

__all__ = ["DRILL_PATHS"]

_ERROR: Final = {"$ref": "#/components/schemas/Error"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _refused(*pairs: tuple[str, str]) -> dict[str, Any]:
    statuses = {
        "401": "not signed in",
        "403": "a station, a trainee reading another, or a missing or wrong CSRF token",
        "503": "the store cannot be reached",
        **dict(pairs),
    }
    return {status: _json(_ERROR, why) for status, why in statuses.items()}


def _path(name: str) -> dict[str, Any]:
    kind = {"type": "integer"} if name == "run" else {"type": "string"}
    return {"name": name, "in": "path", "required": True, "schema": kind}


_TOPICS: Final = {"type": "array", "items": {"type": "string"}, "maxItems": 20}
_COUNT: Final = {"type": "integer", "minimum": 1, "maximum": RUN_MAX, "default": 10}
_LIMIT: Final = {
    "type": ["integer", "null"],
    "minimum": 0,
    "maximum": MAX_TIME_LIMIT,
    "description": "seconds allowed for each answer (0 or null: no limit)",
}
_INT: Final = {"type": "integer"}
_STR: Final = {"type": "string"}
_BOOL: Final = {"type": "boolean"}
_INT_OR_NULL: Final = {"type": ["integer", "null"]}
_STR_OR_NULL: Final = {"type": ["string", "null"]}


def _array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


def _object(**properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": list(properties), "properties": properties}


_QUESTION: Final = _object(
    number=_INT, of=_INT, topic=_STR, kind=_STR, headline=_STR, board=_STR,
    seats=_array(_object(seat=_INT, stack=_INT_OR_NULL, role=_STR, cards=_STR)),
    rules=_array(_STR), events=_array(_STR), ask=_STR, choices=_array(_STR),
    seats_asked=_array(_INT), chips=_array(_INT), time_limit=_INT_OR_NULL,
)  # fmt: skip
_RESULT: Final = _object(
    number=_INT, correct=_BOOL, given=_STR, out_of_time=_BOOL, millis=_INT, answer=_STR,
    explanation=_array(_STR), cite=_STR_OR_NULL, rule=_STR, title=_STR_OR_NULL,
)  # fmt: skip
_RUN: Final = _object(
    run=_INT, trainee=_STR, rulebook=_STR, topics=_array(_STR), questions=_INT,
    answered=_INT, correct=_INT, percent=_INT, millis=_INT, time_limit=_INT_OR_NULL,
    assignment=_INT_OR_NULL, started=_STR, reviews=_INT, finished=_BOOL,
    results=_array(_RESULT), next={"oneOf": [_QUESTION, {"type": "null"}]},
)  # fmt: skip
_REPORT: Final = _object(
    trainee=_STR,
    weak_rules=_array(_object(rule=_STR, asked=_INT, wrong=_INT, percent=_INT, last=_STR)),
    progress=_array(
        _object(day=_STR, questions=_INT, correct=_INT, millis=_INT, percent=_INT)
    ),
    due=_INT,
    boxes={"type": "object", "additionalProperties": _INT},
    assignments=_array(
        _object(id=_INT, topics=_array(_STR), count=_INT, time_limit=_INT_OR_NULL,
                rulebook=_STR, by=_STR, at=_STR, runs=_INT, done=_INT)
    ),
    runs=_array(
        _object(run=_INT, started=_STR, questions=_INT, answered=_INT, correct=_INT,
                millis=_INT)
    ),
)  # fmt: skip

DRILL_PATHS: Final[dict[str, Any]] = {
    "/api/drill/topics": {
        "get": {
            "summary": "The drill topics and rulebooks offered",
            "responses": {
                "200": _json(_object(topics=_array(_STR), rulebooks=_array(_STR)), "the topics"),
                **_refused(),
            },
        }
    },
    "/api/drill/runs": {
        "post": {
            "summary": "Start a drill for the caller: questions due again first, then new ones",
            "requestBody": {
                "required": False,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "additionalProperties": False,
                            "properties": {
                                "topics": _TOPICS,
                                "count": _COUNT,
                                "time_limit": _LIMIT,
                                "assignment": {"type": ["integer", "null"], "minimum": 1},
                                "rulebook": {"type": "string", "default": "rrop"},
                            },
                        }
                    }
                },
            },
            "responses": {
                "201": _json(_RUN, "the drill and its first question"),
                **_refused(
                    ("400", "an unknown topic or rulebook, a count or limit out of range"),
                    ("404", "no such drill set for the caller"),
                ),
            },
        }
    },
    "/api/drill/runs/{run}": {
        "get": {
            "summary": "A drill: its results so far and its next question",
            "parameters": [_path("run")],
            "responses": {
                "200": _json(_RUN, "the drill"),
                **_refused(("404", "no such drill, or another trainee's")),
            },
        }
    },
    "/api/drill/runs/{run}/answers": {
        "post": {
            "summary": "Answer a question: a choice, an amount per seat, or the answer typed",
            "parameters": [_path("run")],
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "additionalProperties": False,
                            "required": ["number"],
                            "properties": {
                                "number": {"type": "integer", "minimum": 1},
                                "choice": {"type": ["integer", "null"]},
                                "amounts": {
                                    "type": ["object", "null"],
                                    "additionalProperties": {"type": "integer"},
                                },
                                "answer": {"type": ["string", "null"], "maxLength": 400},
                                "millis": {"type": ["integer", "null"], "minimum": 0},
                            },
                        }
                    }
                },
            },
            "responses": {
                "200": _json(_RESULT, "the answer marked, with the right one and why"),
                **_refused(
                    ("400", "an answer that cannot be read: nothing kept, ask again"),
                    ("404", "no such drill or question"),
                    ("409", "the question is answered already"),
                ),
            },
        }
    },
    "/api/drill/trainees": {
        "get": {
            "summary": "Every trainee with a drill in the browser (trainers and the floor)",
            "responses": {
                "200": _json(_object(trainees=_array(_STR)), "the trainees"),
                **_refused(),
            },
        }
    },
    "/api/drill/trainees/{trainee}": {
        "get": {
            "summary": "A trainee's weak rules, progress by day, schedule, drill sets, drills",
            "parameters": [_path("trainee")],
            "responses": {"200": _json(_REPORT, "the trainee's report"), **_refused()},
        }
    },
    "/api/drill/trainees/{trainee}/assignments": {
        "post": {
            "summary": "Give a trainee a drill set (trainers and the floor)",
            "parameters": [_path("trainee")],
            "requestBody": {
                "required": False,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "additionalProperties": False,
                            "properties": {
                                "topics": _TOPICS,
                                "count": _COUNT,
                                "time_limit": _LIMIT,
                                "rulebook": {"type": "string", "default": "rrop"},
                            },
                        }
                    }
                },
            },
            "responses": {
                "201": _json(_object(assignment=_INT, trainee=_STR), "the drill set's number"),
                **_refused(("400", "an unknown topic or rulebook, a count or limit out of range")),
            },
        }
    },
}
"""The drills' API routes, each with the statuses it answers."""
