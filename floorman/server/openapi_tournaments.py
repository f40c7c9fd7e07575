"""The tournaments' part of the OpenAPI document (:mod:`floorman.server.openapi`): the
routes the floor's pages read a tournament by, and the ``Tournament`` schema, as
:func:`floorman.server.tournaments.tournament_view` builds it."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["PATHS", "SCHEMAS"]

_ERROR: Final = {"$ref": "#/components/schemas/Error"}
_INT: Final = {"type": "integer"}
_PAIR: Final = {"type": "array", "items": _INT, "minItems": 2, "maxItems": 2}
_CITE: Final = {"type": "string", "description": "the rule followed", "examples": ["TDA 11-A"]}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _object(properties: dict[str, Any], description: str = "") -> dict[str, Any]:
    shaped: dict[str, Any] = {
        "type": "object",
        "required": list(properties),
        "properties": properties,
    }
    if description:
        shaped["description"] = description
    return shaped


_LEVEL: Final = {
    "blinds": _PAIR,
    "ante": _INT,
    "big_blind_ante": _INT,
    "limits": {"oneOf": [_PAIR, {"type": "null"}]},
}
_CLOCK: Final = _object(
    {
        "state": {"enum": ["not started", "running", "paused"]},
        "level": {**_INT, "description": "the level in play; during a break the level after it"},
        "on_break": {"type": "boolean"},
        **_LEVEL,
        "minutes": {**_INT, "description": "of the level or break in play"},
        "left_seconds": {
            "type": ["integer", "null"],
            "description": "left of the level or break in play; null in the last level",
        },
        "next_level": {
            "oneOf": [_object({"level": _INT, **_LEVEL}), {"type": "null"}],
        },
        "next_break": {
            "oneOf": [
                _object(
                    {
                        "in_seconds": _INT,
                        "minutes": _INT,
                        "color_up": {"type": "array", "items": _INT},
                    }
                ),
                {"type": "null"},
            ]
        },
        "played_seconds": _INT,
        "began": {"type": ["string", "null"], "description": "when the level in play began, UTC"},
        "cite": _CITE,
        "players": _INT,
        "entrants": _INT,
        "average_stack": _INT,
    },
    "the clock as floorman tournament clock --json prints it",
)
_MOVE: Final = _object(
    {
        "entry": {**_INT, "description": "the entrant's number"},
        "name": {"type": ["string", "null"]},
        "from": {**_PAIR, "description": "table and seat left"},
        "to": {**_PAIR, "description": "table and seat taken"},
        "chips": _INT,
        "why": {"enum": ["balance", "break", "redraw"]},
        "cite": _CITE,
        "reason": {"type": "string"},
        "card": {"type": ["string", "null"], "description": "the card drawn in a 2-step draw"},
        "waits": {
            "type": "boolean",
            "description": "the seat is between the button and the small blind",
        },
        "said": {"type": "string", "description": "the move as the floor reads it out"},
    },
    "a move due, as floorman tournament balance --json gives it",
)
_HALT: Final = _object({"table": _INT, "short": _INT, "cite": _CITE})
_CALL: Final = _object(
    {
        "table": _INT,
        "seat": _INT,
        "entry": {**_INT, "description": "the entrant's number"},
        "player": {**_INT, "description": "the entrant's number"},
        "name": {"type": ["string", "null"]},
        "facing_bet": {"type": "boolean"},
        "at": {"type": "string", "description": "when the clock was called, UTC"},
        "seconds": {**_INT, "description": "the time given before the count"},
        "count": {**_INT, "description": "the count's seconds"},
        "expires": {"type": "string", "description": "when time runs out, UTC"},
        "on_expiry": {"enum": ["dead", "checked"]},
        "ended": {"type": ["string", "null"], "description": "when it was ended, UTC"},
        "outcome": {"enum": ["acted", "dead", "checked", None]},
        "cite": _CITE,
        "house": {"type": ["string", "null"], "description": "the house option followed"},
        "phase": {
            "enum": ["time", "count", "expired", "ended"],
            "description": "expired: time ran out and the floor has not yet recorded it",
        },
        "left_seconds": {
            "type": ["integer", "null"],
            "description": "to the end of the count while it runs; null once ended",
        },
        "said": {"type": "string", "description": "the call as the floor reads it"},
    },
    "a clock called on a player, as floorman tournament call-clock --json prints it",
)
_CALLS: Final = _object(
    {
        "on": {"type": "array", "items": _CALL, "description": "every clock running"},
        "ended": {
            "type": "array",
            "items": _CALL,
            "description": "the latest three ended, latest first",
        },
        "count": {**_INT, "description": "every clock called in the tournament"},
    },
    "the clocks called on players (TDA 2024 Rule 29)",
)
_PENALTY: Final = _object(
    {
        "number": {**_INT, "description": "the penalty's number in the log"},
        "player": {**_INT, "description": "the entrant's number"},
        "name": {"type": ["string", "null"]},
        "table": {**_INT, "description": "where the player sits now"},
        "seat": _INT,
        "penalty": {"enum": ["hands", "rounds", "minutes"]},
        "count": {**_INT, "description": "the hands, rounds or minutes given"},
        "hands": {**_INT, "description": "the hands to miss; 0 for a penalty in minutes"},
        "hands_left": _INT,
        "minutes": {**_INT, "description": "the minutes away; 0 for a penalty in hands"},
        "until": {
            "type": ["string", "null"],
            "description": "when a penalty in minutes ends by the clock on the wall, UTC",
        },
        "left_seconds": {
            "type": ["integer", "null"],
            "description": "to the end of a penalty in minutes; null for one in hands",
        },
        "reason": {"type": ["string", "null"]},
        "cite": _CITE,
        "at": {"type": ["string", "null"], "description": "when it was given, UTC"},
        "said": {"type": "string", "description": "the penalty as the floor reads it"},
    },
    "a penalty being served, as floorman tournament penalties --json gives it",
)
_PENALTIES: Final = _object(
    {
        "on": {
            "type": "array",
            "items": _PENALTY,
            "description": "every penalty being served by a player still seated",
        },
        "count": {**_INT, "description": "every penalty given in the tournament"},
        "dealt_in": {**_CITE, "description": "how a player away on penalty is dealt in"},
    },
    "the penalties being served (TDA 2024 Rule 71; RRoP §15 rule 27)",
)
_TOURNAMENT: Final = _object(
    {
        "tournament": {"type": "string"},
        "title": {"type": "string"},
        "at": {"type": "string", "description": "when it was read, UTC"},
        "log": {**_INT, "description": "the tournament's latest record"},
        "clock": _CLOCK,
        "players": _INT,
        "entrants": _INT,
        "average_stack": _INT,
        "finished": {"type": "boolean", "description": "one player is left"},
        "linked": {
            "type": "object",
            "additionalProperties": _INT,
            "description": "each room table a tournament table is dealt at (tournament deal)",
        },
        "tables": {
            "type": "array",
            "items": _object(
                {
                    "table": _INT,
                    "players": _INT,
                    "seats": _INT,
                    "short": {**_INT, "description": "players fewer than the fullest table"},
                    "halted": {"type": "boolean"},
                    "moving": {"type": "boolean", "description": "a move due leaves or joins it"},
                }
            ),
        },
        "within": _object({"players": _INT, "why": {"type": "string"}}),
        "next_move": {"oneOf": [_MOVE, {"type": "null"}]},
        "moves": {"type": "array", "items": _MOVE},
        "breaking": {"type": "array", "items": _object({"table": _INT, "cite": _CITE})},
        "halts": {"type": "array", "items": _HALT},
        "notes": {"type": "array", "items": {"type": "string"}},
        "busts": {
            "type": "array",
            "items": _object(
                {
                    "player": _INT,
                    "name": {"type": ["string", "null"]},
                    "table": _INT,
                    "seat": _INT,
                    "chips": _INT,
                }
            ),
        },
        "bust_count": _INT,
        "clock_calls": _CALLS,
        "penalties": _PENALTIES,
    },
    "a tournament as the floor's pages show it",
)
_SUMMARY_KEYS: Final = (
    "tournament", "title", "clock", "players", "entrants", "average_stack", "finished",
    "next_move", "halts", "bust_count", "clock_calls", "penalties",
)  # fmt: skip
_SUMMARY: Final = _object(
    {key: _TOURNAMENT["properties"][key] for key in _SUMMARY_KEYS}, "a tournament, in brief"
)
_NAME_PARAMETER: Final = {
    "name": "tournament",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "maxLength": 60},
}
_STATION: Final = _object(
    {
        "tournament": {"type": "string"},
        "title": {"type": "string"},
        "table": {**_INT, "description": "the tournament's table the room's table is"},
        "clock": _CLOCK,
        "players": _INT,
        "average_stack": _INT,
        "leaving": {"type": "array", "items": _MOVE},
        "coming": {"type": "array", "items": _MOVE},
        "breaking": {"type": "boolean"},
        "halt": {"oneOf": [_HALT, {"type": "null"}]},
        "clock_calls": {
            "type": "array",
            "items": _CALL,
            "description": "every clock running on a player at the station's table",
        },
        "penalties": {
            "type": "array",
            "items": _PENALTY,
            "description": "every penalty being served at the station's table",
        },
        "dealt_in": {**_CITE, "description": "how a player away on penalty is dealt in"},
    },
    "with view=station: the level, the moves, the clocks called and the penalties at the "
    "station's table",
)
_SIGN_IN: Final = {"401": _json(_ERROR, "not signed in, or an unknown or revoked token")}
_STORE_DOWN: Final = {"503": _json(_ERROR, "the store cannot be reached")}
_NOT_ITS: Final = "a station asking for a tournament its table is not in"

SCHEMAS: Final[dict[str, Any]] = {
    "Tournament": _TOURNAMENT,
    "TournamentEvent": {
        "type": "object",
        "description": "the data of each event of /api/stream/tournaments",
        "required": ["tournament", "view", "html"],
        "properties": {
            "tournament": {"type": "string"},
            "view": {"$ref": "#/components/schemas/Tournament"},
            "html": {
                "type": "string",
                "description": "the part of the page drawn; empty: take it off the page",
            },
            "station": {"oneOf": [_STATION, {"type": "null"}]},
        },
    },
}

PATHS: Final[dict[str, Any]] = {
    "/api/tournaments": {
        "get": {
            "summary": "Every tournament the caller may read, in brief",
            "responses": {
                "200": _json(
                    _object({"tournaments": {"type": "array", "items": _SUMMARY}}),
                    "the tournaments, oldest first",
                ),
                **_SIGN_IN,
                **_STORE_DOWN,
            },
        }
    },
    "/api/tournaments/{tournament}": {
        "parameters": [_NAME_PARAMETER],
        "get": {
            "summary": "A tournament: its clock, tables, moves due with their citations, "
            "halts and latest busts",
            "responses": {
                "200": _json({"$ref": "#/components/schemas/Tournament"}, "the tournament"),
                **_SIGN_IN,
                "403": _json(_ERROR, _NOT_ITS),
                "404": _json(_ERROR, "no such tournament"),
                **_STORE_DOWN,
            },
        },
    },
    "/api/stream/tournaments": {
        "get": {
            "summary": "Server-sent events: every tournament in sight, then each one as "
            "something is logged to it or its level ends (event `tournament`, its data a "
            "TournamentEvent)",
            "parameters": [
                {
                    "name": "view",
                    "in": "query",
                    "required": False,
                    "description": "what each tournament is drawn as: its panel on the "
                    "dashboard, the station's strip, or the clock page",
                    "schema": {"enum": ["card", "station", "clock"], "default": "card"},
                },
                {
                    "name": "tournament",
                    "in": "query",
                    "required": False,
                    "description": "follow this tournament only",
                    "schema": {"type": "string"},
                },
                {
                    "name": "table",
                    "in": "query",
                    "required": False,
                    "description": "the room's table a station strip is drawn for (a "
                    "station's own by default)",
                    "schema": {"type": "string"},
                },
            ],
            "responses": {
                "200": {
                    "description": "a stream of `tournament` events, each with one line of "
                    "JSON data (components/schemas/TournamentEvent), and a comment when "
                    "nothing changed for a while",
                    "content": {"text/event-stream": {"schema": {"type": "string"}}},
                },
                "400": _json(_ERROR, "a view the server does not draw, or no table to draw"),
                **_SIGN_IN,
                "403": _json(_ERROR, _NOT_ITS + ", or another table"),
                "404": _json(_ERROR, "no such tournament"),
            },
        }
    },
}
