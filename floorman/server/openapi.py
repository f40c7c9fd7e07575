"""The API's OpenAPI document, written by hand beside the routes it describes
(a test checks that every route in it answers and every API route is in it)."""

from __future__ import annotations

from typing import Any, Final

from floorman import __version__

_ERROR: Final = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {"type": "string", "description": "one line for the user"}},
}
_RULING: Final = {
    "type": "object",
    "description": "a ruling, as floorman check --json prints it",
    "required": ["event", "rule", "cite", "outcome", "title", "steps"],
    "properties": {
        "event": {"type": "integer"},
        "rule": {"type": "string"},
        "cite": {"type": "string"},
        "outcome": {"enum": ["misdeal", "void", "continue", "dead-hand", "forfeit"]},
        "title": {"type": "string"},
        "steps": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"do": {"type": "string"}, "text": {"type": "string"}},
            },
        },
    },
}
_VIOLATION: Final = {
    "type": "object",
    "required": ["event", "rule", "message"],
    "properties": {
        "event": {"type": "integer"},
        "rule": {"type": "string"},
        "message": {"type": "string"},
    },
}
_TABLE: Final = {
    "type": "object",
    "description": "a table's hand in progress (else its latest hand)",
    "required": ["table", "hand", "game", "blinds", "street", "pot", "to_act", "last"],
    "properties": {
        "table": {"type": "string"},
        "hand": {"type": "integer"},
        "game": {"enum": ["holdem", "omaha", "omaha-hilo"]},
        "betting": {"enum": ["no-limit", "pot-limit", "limit"]},
        "blinds": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "ante": {"type": "integer"},
        "button": {"type": "integer"},
        "street": {"type": "string"},
        "board": {"type": "array", "items": {"type": "string"}},
        "pot": {"type": "integer"},
        "to_act": {"type": ["integer", "null"], "description": "the seat to act"},
        "closed": {"type": ["string", "null"], "description": "why the hand closed"},
        "status": {"type": "array", "items": {"type": "string"}},
        "last": {"type": "integer", "description": "the id of the hand's latest record"},
        "events": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "number": {"type": "integer"},
                    "id": {"type": ["integer", "null"]},
                    "text": {"type": "string"},
                    "at": {"type": ["string", "null"]},
                    "by": {"type": "string", "description": "who entered it"},
                },
            },
        },
        "rulings": {"type": "array", "items": {"$ref": "#/components/schemas/Ruling"}},
        "violations": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}},
        "pots": {"type": "array", "items": {"type": "object"}},
    },
}


_CHANGE: Final = {
    "type": "object",
    "description": "a change between hands, as floorman table log --json prints it",
    "required": ["change", "by", "at"],
    "properties": {
        "change": {"type": "string", "description": "what changed, in words"},
        "by": {"type": ["string", "null"]},
        "at": {"type": "string"},
    },
}
_HISTORY: Final = {
    "type": "object",
    "description": "a table's latest hands, newest first, with the changes between them",
    "required": ["table", "hands", "next_hand_changes"],
    "properties": {
        "table": {"type": "string"},
        "hands": {
            "type": "array",
            "items": {
                "type": "object",
                "description": "a hand as floorman hands --json lists it, with its line of "
                "floorman table log --json",
                "required": ["hand", "table", "started", "events", "pot", "status", "rulings"],
                "properties": {
                    "hand": {"type": "integer"},
                    "table": {"type": "string"},
                    "started": {"type": "string"},
                    "events": {"type": "integer"},
                    "pot": {"type": "integer"},
                    "status": {"enum": ["in progress", "over", "closed", "broken"]},
                    "reason": {"type": ["string", "null"]},
                    "street": {"type": ["string", "null"]},
                    "button": {"type": ["integer", "null"]},
                    "stacks_in": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "stacks_out": {
                        "type": ["object", "null"],
                        "additionalProperties": {"type": "integer"},
                    },
                    "rulings": {"type": "array", "items": {"$ref": "#/components/schemas/Ruling"}},
                    "violations": {
                        "type": "array",
                        "items": {"$ref": "#/components/schemas/Violation"},
                    },
                    "problem": {"type": ["string", "null"]},
                    "changes_before": {
                        "type": "array",
                        "items": {"$ref": "#/components/schemas/Change"},
                    },
                },
            },
        },
        "next_hand_changes": {"type": "array", "items": {"$ref": "#/components/schemas/Change"}},
    },
}
_ASKED: Final = {
    "type": "object",
    "description": "the situations a question is most about, best first, each with its "
    "answer under every rulebook asked, as floorman ask SITUATION --json prints it",
    "required": ["query", "rulebooks", "situations"],
    "properties": {
        "query": {"type": "string"},
        "rulebooks": {"type": "array", "items": {"type": "string"}},
        "situations": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "situation": {"type": "string"},
                    "title": {"type": "string"},
                    "answers": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["rulebook", "situation", "title", "ruling", "note"],
                            "properties": {
                                "rulebook": {"type": "string"},
                                "situation": {"type": "string"},
                                "title": {"type": "string"},
                                "ruling": {
                                    "oneOf": [
                                        {"$ref": "#/components/schemas/Ruling"},
                                        {"type": "null"},
                                    ],
                                    "description": "null when no rule applies",
                                },
                                "note": {"type": ["string", "null"]},
                            },
                        },
                    },
                },
            },
        },
    },
}
_PROGRESS: Final = {
    "type": "object",
    "properties": {
        "sessions": {"type": "integer"},
        "questions": {"type": "integer"},
        "correct": {"type": "integer"},
        "percent": {"type": "integer"},
        "last": {"type": "string", "description": "when the last drill finished (UTC)"},
    },
}
_DRILLS: Final = {
    "type": "object",
    "description": "every trainee's progress, as floorman drill stats --json prints it",
    "properties": {
        "trainees": {
            "type": "object",
            "additionalProperties": {
                "allOf": [
                    _PROGRESS,
                    {
                        "type": "object",
                        "properties": {
                            "topics": {"type": "object", "additionalProperties": _PROGRESS}
                        },
                    },
                ]
            },
        }
    },
}
_TABLE_PARAMETER: Final = {
    "name": "table", "in": "path", "required": True, "schema": {"type": "string"}
}  # fmt: skip


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_REF_ERROR: Final = {"$ref": "#/components/schemas/Error"}
_SIGN_IN: Final = {"401": _json(_REF_ERROR, "not signed in, or an unknown token")}

DOCUMENT: Final[dict[str, Any]] = {
    "openapi": "3.1.0",
    "info": {
        "title": "floorman card room API",
        "version": __version__,
        "description": "Record hands in the event notation and read the rulings, "
        "in the shapes of floorman check --json.",
    },
    "components": {
        "securitySchemes": {
            "station": {"type": "http", "scheme": "bearer", "description": "a station token"},
            "session": {"type": "apiKey", "in": "cookie", "name": "floorman_session"},
        },
        "schemas": {
            "Error": _ERROR,
            "Ruling": _RULING,
            "Violation": _VIOLATION,
            "Table": _TABLE,
            "Change": _CHANGE,
        },
    },
    "security": [{"station": []}, {"session": []}],
    "paths": {
        "/api/tables": {
            "get": {
                "summary": "Every table the caller may read",
                "responses": {
                    "200": _json(
                        {
                            "type": "object",
                            "properties": {
                                "tables": {
                                    "type": "array",
                                    "items": {"$ref": "#/components/schemas/Table"},
                                }
                            },
                        },
                        "the tables",
                    ),
                    **_SIGN_IN,
                },
            }
        },
        "/api/tables/{table}": {
            "parameters": [_TABLE_PARAMETER],
            "get": {
                "summary": "A table: game, blinds, hand, street, pot, seat to act, rulings",
                "responses": {
                    "200": _json({"$ref": "#/components/schemas/Table"}, "the table"),
                    **_SIGN_IN,
                    "403": _json(_REF_ERROR, "a station asking for another table"),
                    "404": _json(_REF_ERROR, "no hand was ever recorded at the table"),
                },
            },
        },
        "/api/tables/{table}/events": {
            "parameters": [
                _TABLE_PARAMETER,
                {
                    "name": "Idempotency-Key",
                    "in": "header",
                    "required": False,
                    "description": "a retried post with the same key is stored once and "
                    "answered as the first time",
                    "schema": {"type": "string", "maxLength": 200},
                },
            ],
            "post": {
                "summary": "Record events at the table's hand in progress, as floorman add does",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["events"],
                                "additionalProperties": False,
                                "properties": {
                                    "events": {
                                        "type": "array",
                                        "minItems": 1,
                                        "maxItems": 500,
                                        "items": {"type": "string", "maxLength": 2000},
                                        "examples": [["3 call", "burn", "turn 7d"]],
                                    },
                                    "after": {
                                        "type": ["integer", "null"],
                                        "minimum": 0,
                                        "description": "the table's last record as the "
                                        "writer saw it; another one gets 409",
                                    },
                                },
                            }
                        }
                    },
                },
                "responses": {
                    "200": _json(
                        {
                            "type": "object",
                            "properties": {
                                "table": {"type": "string"},
                                "hand": {"type": "integer"},
                                "recorded": {"type": "array", "items": {"type": "object"}},
                                "last": {"type": "integer"},
                                "rulings": {
                                    "type": "array",
                                    "items": {"$ref": "#/components/schemas/Ruling"},
                                },
                                "violations": {
                                    "type": "array",
                                    "items": {"$ref": "#/components/schemas/Violation"},
                                },
                                "pots": {"type": "array", "items": {"type": "object"}},
                                "state": {
                                    "type": "array",
                                    "items": {"type": "string"},
                                    "description": "the table as floorman add prints it after",
                                },
                                "replayed": {"type": "boolean"},
                            },
                        },
                        "recorded; the rulings and violations on the new events",
                    ),
                    "400": _json(_REF_ERROR, "a bad event or body: nothing was stored"),
                    **_SIGN_IN,
                    "403": _json(_REF_ERROR, "this caller may not write to the table"),
                    "404": _json(_REF_ERROR, "the table has no hand in progress"),
                    "409": _json(
                        {
                            "type": "object",
                            "properties": {
                                "error": {"type": "string"},
                                "table": {"$ref": "#/components/schemas/Table"},
                            },
                        },
                        "the table changed since `after`: nothing stored; the current state",
                    ),
                },
            },
        },
        "/api/tables/{table}/hands": {
            "parameters": [_TABLE_PARAMETER],
            "get": {
                "summary": "A table's history: its latest hands, newest first, and its session",
                "responses": {
                    "200": _json(_HISTORY, "the table's hands"),
                    **_SIGN_IN,
                    "403": _json(_REF_ERROR, "a station asking for another table"),
                    "404": _json(_REF_ERROR, "no hand was ever recorded at the table"),
                },
            },
        },
        "/api/tables/{table}/hands/{hand}": {
            "parameters": [
                _TABLE_PARAMETER,
                {"name": "hand", "in": "path", "required": True, "schema": {"type": "integer"}},
            ],
            "get": {
                "summary": "One hand of a table, earlier or in progress, as a table is shown",
                "responses": {
                    "200": _json({"$ref": "#/components/schemas/Table"}, "the hand"),
                    **_SIGN_IN,
                    "403": _json(_REF_ERROR, "a station asking for another table"),
                    "404": _json(_REF_ERROR, "no such hand at the table"),
                },
            },
        },
        "/api/ask": {
            "get": {
                "summary": "floorman ask as a search: the rulings for what happened, in words",
                "parameters": [
                    {
                        "name": "q",
                        "in": "query",
                        "required": False,
                        "description": "what happened, e.g. the turn came early",
                        "schema": {"type": "string", "maxLength": 200},
                    },
                    {
                        "name": "rulebook",
                        "in": "query",
                        "required": False,
                        "description": "a shipped rulebook or house profile, or every "
                        "(each shipped rulebook); default rrop",
                        "schema": {"type": "string", "default": "rrop"},
                    },
                ],
                "responses": {
                    "200": _json(_ASKED, "the matching situations"),
                    "400": _json(_REF_ERROR, "a rulebook the server does not offer"),
                    **_SIGN_IN,
                },
            }
        },
        "/api/drills": {
            "get": {
                "summary": "Every trainee's drill progress (trainers and the floor)",
                "responses": {
                    "200": _json(_DRILLS, "the trainees"),
                    **_SIGN_IN,
                    "403": _json(_REF_ERROR, "a station may not read the drills"),
                },
            }
        },
        "/api/stream": {
            "get": {
                "summary": (
                    "Server-sent events: each table as it changes (event `table`: its name, "
                    "latest record, rendered view, and `history`, its hand and whether closed)"
                ),
                "responses": {"200": {"description": "text/event-stream"}, **_SIGN_IN},
            }
        },
    },
}
"""The OpenAPI 3.1 document served at ``/api/openapi.json``."""
