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
            "parameters": [
                {"name": "table", "in": "path", "required": True, "schema": {"type": "string"}}
            ],
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
                {"name": "table", "in": "path", "required": True, "schema": {"type": "string"}},
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
        "/api/stream": {
            "get": {
                "summary": "Server-sent events: each table as it changes (event `table`)",
                "responses": {"200": {"description": "text/event-stream"}, **_SIGN_IN},
            }
        },
    },
}
"""The OpenAPI 3.1 document served at ``/api/openapi.json``."""
