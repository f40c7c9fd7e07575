"""The API's OpenAPI document, written by hand beside the routes it describes.

Tests hold it to the server: every API route is in it, and every key of every
answer the server really gives is declared in the schema of that route and
status, each key the schema requires present. An answer's schema lists all its
keys, so a key the server learns fails until it is written here."""

from __future__ import annotations

from typing import Any, Final, cast

from floorman import __version__
from floorman.hand.rotation import FLOP_GAMES, GAMES
from floorman.hand.stud import STUD_STREETS
from floorman.server.drillopenapi import DRILL_PATHS

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
                "required": ["do", "text"],
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
_POT: Final = {
    "type": "object",
    "description": "a pot, as floorman check --json prints it: the main pot, then the side "
    "pots; awards stay empty until the hand is settled",
    "required": ["amount", "eligible", "awards", "odd_chips"],
    "properties": {
        "amount": {"type": "integer"},
        "eligible": {"type": "array", "items": {"type": "integer"}},
        "awards": {
            "type": "object",
            "description": "seat to the chips it wins from this pot",
            "additionalProperties": {"type": "integer"},
        },
        "odd_chips": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["seat", "amount", "reason"],
                "properties": {
                    "seat": {
                        "type": ["integer", "null"],
                        "description": "null when no single seat gets it",
                    },
                    "amount": {"type": "integer"},
                    "reason": {"type": "string"},
                },
            },
        },
    },
}
_RULINGS: Final = {"type": "array", "items": {"$ref": "#/components/schemas/Ruling"}}
_VIOLATIONS: Final = {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}}
_POTS: Final = {"type": "array", "items": {"$ref": "#/components/schemas/Pot"}}
_STACKS: Final = {
    "type": "object",
    "description": "seat to chips",
    "additionalProperties": {"type": "integer"},
}
_GAMES: Final = list(GAMES)
"""Every game a table deals: the flop, stud and draw games."""
_FLOP_GAMES: Final = list(FLOP_GAMES)
"""The games the whole state and table show describe: the flop games'."""
_FLOP_STREETS: Final = ["preflop", "flop", "turn", "river", "showdown"]
_DRAW_PHASES: Final = ["deal", "bet", "draw", "over"]
_STREETS: Final = list(dict.fromkeys([*_FLOP_STREETS, *STUD_STREETS, *_DRAW_PHASES]))
_STREETS_SAID: Final = (
    "a flop game's betting round (preflop to river, then showdown); a stud game's street "
    "(third to seventh, then showdown); a draw game's phase (deal: the cards not out yet, "
    "bet, draw, over)"
)
_EVENTS_SAID: Final = (
    "one event in the notation of the hand's game (docs/notation.md). Every game: fold, "
    "check, call, bet, raise, allin (SEAT first), show, muck, note and the irregularities "
    "of the game. A flop game: deal, post, burn, flop, turn, river, award. A stud game "
    "(stud, stud-hilo, razz): down SEAT CARDS (?? unseen), up SEAT CARD, SEAT bring-in, "
    "SEAT complete X, common CARD, stub N, expose SEAT:N CARD (a downcard dealt face up), "
    "expose SEAT CARD by player, off-table SEAT CARD, reshuffle, cut. A draw game "
    "(triple-draw-27, single-draw-27, lowball-a5, badugi): deal, cards SEAT CARDS, SEAT "
    "draws N [CARDS], SEAT stands pat, expose SEAT CARD (on the draw), off-table SEAT "
    "CARD, reshuffle (the discards), cut. A "
    "betting word, bring-in, complete, draws or stands pat without its seat is the seat "
    "to act's (to draw's)"
)
_STUD_EXAMPLE: Final = [
    "down 1 ?? ??", "up 1 Kd", "down 2 ?? ??", "up 2 3c", "bring-in", "complete 4", "call",
    "up 1 9s", "up 2 9h", "check", "bet 4", "call", "up 1 2d", "up 2 5s", "check", "check",
    "up 1 7h", "up 2 Jc", "check", "check", "down 1 ??", "down 2 ??", "check", "check",
    "show 1 Kh Kc 4c", "show 2 3d 3h 8c",
]  # fmt: skip
"""A seven-card stud hand heads-up, third street to the showdown."""
_DRAW_EXAMPLE: Final = [
    "deal", "call", "check", "1 draws 2", "2 stands pat", "check", "check", "draws 1",
    "stands pat", "check", "check", "draws 1 7c", "stands pat", "check", "check",
    "show 1 7c 5d 4h 3s 2c", "show 2 8c 6d 5h 4s 2d",
]  # fmt: skip
"""A 2-7 triple draw hand heads-up, the deal to the showdown."""
_INT_OR_NULL: Final = {"type": ["integer", "null"]}
_STATION: Final = {
    "type": ["object", "null"],
    "description": "what the station page draws for a hand in progress (null once it is "
    "closed or cannot be replayed): each button's event is what the terminal would type",
    "required": ["seats", "ring", "actions", "dealer", "showdown", "push", "seen"],
    "properties": {
        "seats": {
            "type": "array",
            "description": "the seats round the oval table, each in its slot (1 to 10 round "
            "the oval from the dealer's left; 11: off it, at a table of more seats)",
            "items": {
                "type": "object",
                "required": [
                    "seat", "name", "behind", "in_front", "button", "blind", "state", "why",
                    "to_act", "slot",
                ],
                "properties": {
                    "seat": {"type": "integer"},
                    "name": {"type": "string"},
                    "behind": _INT_OR_NULL,
                    "in_front": {"type": "integer"},
                    "button": {"type": "boolean"},
                    "blind": {"type": ["string", "null"], "enum": ["SB", "BB", None]},
                    "state": {"enum": ["in", "folded", "mucked", "dead", "all in", "away"]},
                    "why": {"type": "string", "description": "why a seat is not dealt in"},
                    "to_act": {"type": "boolean"},
                    "slot": {"type": "integer"},
                    "up": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "a stud seat's upcards (Ah; ?? unrecorded)",
                    },
                    "down": {"type": "integer", "description": "a stud seat's downcards held"},
                    "held": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "a draw seat's cards (?? for one unseen)",
                    },
                    "drawn": {
                        "type": "array",
                        "items": {"type": "integer"},
                        "description": "a draw seat's draws so far, cards each (0: stood pat)",
                    },
                },
            },
        },
        "game": {"type": "string", "description": "a stud or draw hand's game"},
        "family": {"enum": ["stud", "draw"], "description": "a stud or draw hand's station"},
        "menu": {
            "type": "array",
            "description": "a stud or draw hand's irregular menu: [group, [[label, event]]], "
            "the game's own dealer's errors first",
            "items": {"type": "array"},
        },
        "ring": {"type": "integer", "description": "the places drawn round the oval (2 to 10)"},
        "actions": {
            "type": "array",
            "description": "the legal actions of the seat to act with their amounts; one "
            "with pad true is a bet or raise of lowest..highest chosen on the number pad",
            "items": {
                "type": "object",
                "required": ["label", "event", "verb", "amount", "pad"],
                "properties": {
                    "label": {"type": "string"},
                    "event": {"type": "string"},
                    "verb": {
                        "enum": [
                            "fold", "check", "call", "bet", "raise", "allin", "bring-in",
                            "complete",
                        ]
                    },
                    "amount": _INT_OR_NULL,
                    "pad": {"type": "boolean"},
                    "lowest": {"type": "integer"},
                    "highest": {"type": "integer"},
                },
            },
        },
        "push": {
            "type": ["object", "null"],
            "description": "once the hand is over and its pots decided, and nothing pushed "
            "yet: the dealer's push as the cards give it (event: one award, or one award "
            "SEAT X a winner, separated by ;)",
            "required": ["label", "event"],
            "properties": {"label": {"type": "string"}, "event": {"type": "string"}},
        },
        "dealer": {
            "type": ["object", "null"],
            "description": "what the dealer does next under the procedure in force",
            "required": ["street", "steps", "buttons", "deal"],
            "properties": {
                "street": {"type": "string"},
                "seat": {
                    "type": ["integer", "null"],
                    "description": "a stud or draw hand: the seat dealt to or drawing next",
                },
                "steps": {"type": "array", "items": {"type": "string"}},
                "buttons": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["label", "event"],
                        "properties": {
                            "label": {"type": "string"},
                            "event": {"type": "string"},
                            "count": {"type": "integer", "description": "the cards to pick"},
                        },
                    },
                },
                "deal": {
                    "type": ["object", "null"],
                    "description": "the street may be dealt now: how many cards, and "
                    "whether it has had its burn (false: dealt with no burn of its own)",
                    "required": ["street", "count", "burn"],
                    "properties": {
                        "street": {"type": "string"},
                        "count": {"type": "integer"},
                        "burn": {"type": "boolean"},
                    },
                },
            },
        },
        "showdown": {
            "type": "array",
            "items": {"type": "integer"},
            "description": "the seats still to show or muck, in showdown order",
        },
        "seen": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the cards already seen this hand (Ah), greyed on the picker",
        },
    },
}  # fmt: skip
_TABLE: Final = {
    "type": "object",
    "description": "a table's hand in progress (else its latest hand), or an earlier hand",
    "required": [
        "table", "hand", "game", "game_name", "kind", "betting", "blinds", "ante", "button",
        "street", "board", "pot", "to_act", "stacks", "closed", "over", "status", "buttons",
        "last", "events", "rulings", "violations", "pots", "broken", "floor",
    ],
    "properties": {
        "table": {"type": "string"},
        "hand": {"type": "integer", "description": "the hand's id"},
        "game": {"enum": _GAMES},
        "game_name": {"type": "string", "description": "the game as people say it: hold'em"},
        "game_title": {
            "type": "string",
            "description": "a stud or draw hand: its game and structure as the dealer reads "
            "them (Seven-card stud 20/40, ante 5, bring-in 10)",
        },
        "rotation": {
            "type": ["string", "null"],
            "description": "a stud or draw hand at a mixed table: which game of the rotation",
        },
        "kind": {"enum": ["cash", "tournament"], "description": "a cash game or a tournament"},
        "betting": {"enum": ["no-limit", "pot-limit", "limit"]},
        "blinds": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "ante": {"type": "integer"},
        "button": {
            "type": ["integer", "null"],
            "description": "the button's seat; null at a stud hand, dealt with none",
        },
        "street": {"enum": _STREETS, "description": _STREETS_SAID},
        "board": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the board cards, with suit symbols",
        },
        "pot": {"type": "integer"},
        "to_act": {"type": ["integer", "null"], "description": "the seat to act"},
        "stacks": {**_STACKS, "description": "seat to the chips behind it"},
        "closed": {"type": ["string", "null"], "description": "why the hand was closed"},
        "over": {
            "type": ["string", "null"],
            "description": "why the hand is over: fold, showdown, misdeal, void",
        },
        "status": {
            "type": "array",
            "items": {"type": "string"},
            "description": "what the dealer sees, one line each",
        },
        "buttons": {
            "type": "array",
            "description": "the events the seat to act may record now, as the station's "
            "buttons; none once the hand is closed or cannot be replayed",
            "items": {
                "type": "object",
                "required": ["label", "event", "amount"],
                "properties": {
                    "label": {"type": "string"},
                    "event": {"type": "string"},
                    "amount": {
                        "type": ["string", "null"],
                        "description": "a bet or raise: the least it may be",
                    },
                },
            },
        },
        "last": {"type": "integer", "description": "the id of the hand's latest record"},
        "events": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["number", "id", "text", "at", "by"],
                "properties": {
                    "number": {"type": "integer"},
                    "id": {"type": "integer", "description": "the event's record"},
                    "text": {"type": "string"},
                    "at": {"type": "string", "description": "when it was entered"},
                    "by": {
                        "type": "string",
                        "description": "who entered it: a user by name, a table's station "
                        "(station 7), or terminal; at a stud or draw table as at a flop table",
                    },
                },
            },
        },
        "rulings": _RULINGS,
        "violations": _VIOLATIONS,
        "pots": _POTS,
        "broken": {
            "type": ["string", "null"],
            "description": "for a hand whose events no longer replay: what is wrong and "
            "which undo takes it back",
        },
        "station": _STATION,
        "area": {
            "type": "string",
            "description": "the part of the room, from the table's name (hl-3: hl, A12: A); "
            "empty for none",
        },
        "players": {"type": "integer", "description": "the seats dealt in"},
        "in_hand": {"type": "integer", "description": "the seats still in the hand"},
        "floor": {
            "type": "object",
            "description": "what the table needs of the floor: its calls (floor call) and "
            "the rulings and violations of its hand still open, oldest first; each open "
            "until a floor resolve after it, acknowledged by a floor ack after it",
            "required": ["needs", "open"],
            "properties": {
                "needs": {
                    "enum": ["call", "acknowledged", None],
                    "description": "call: something the floor has not acknowledged; "
                    "acknowledged: all acknowledged, not all resolved; null: nothing open",
                },
                "open": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["kind", "event", "at", "by", "text", "acknowledged"],
                        "properties": {
                            "kind": {"enum": ["call", "ruling", "violation"]},
                            "event": {"type": "integer", "description": "the event raising it"},
                            "at": {"type": ["string", "null"]},
                            "by": {"type": ["string", "null"]},
                            "text": {
                                "type": "string",
                                "description": "why the floor is called, the ruling's "
                                "title or the violation",
                            },
                            "acknowledged": {
                                "type": ["object", "null"],
                                "required": ["by", "at"],
                                "properties": {
                                    "by": {"type": "string"},
                                    "at": {"type": ["string", "null"]},
                                },
                            },
                        },
                    },
                },
            },
        },
    },
}  # fmt: skip
_CHANGE: Final = {
    "type": "object",
    "description": "a change between hands, as floorman table log --json prints it",
    "required": ["change", "by", "at", "kind"],
    "properties": {
        "change": {"type": "string", "description": "what changed, in words"},
        "by": {"type": ["string", "null"]},
        "at": {"type": "string"},
        "kind": {
            "enum": [
                "sit",
                "leave",
                "sitout",
                "back",
                "seat",
                "rebuy",
                "move",
                "level",
                "correct",
                "push",
            ]
        },
        "seat": {"type": "integer"},
        "name": {"type": "string", "description": "the player's name"},
        "chips": {"type": "integer"},
        "to": {"type": "integer", "description": "seat: the new seat"},
        "origin": {"type": "string", "description": "move: the table the player comes from"},
        "post": {"type": "boolean", "description": "posts to be dealt in next hand"},
        "buy": {"type": "boolean", "description": "sit: buys the button"},
        "blinds": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "ante": {"type": "integer"},
        "dealt_in": {"type": "boolean", "description": "sit: the rulebook deals it in"},
        "hand": {
            "type": "integer",
            "description": "correct: the earlier hand whose pot a ruling corrected (chips: "
            "what the seat gets, or gives when negative)",
        },
    },
}
_CHANGES: Final = {"type": "array", "items": {"$ref": "#/components/schemas/Change"}}
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
                "floorman table log --json; a hand whose header cannot be read has no "
                "small_blind, big_blind, blinds or ante, and says why in problem",
                "required": [
                    "hand", "table", "started", "events", "pot", "status", "reason", "street",
                    "button", "stacks_in", "stacks_out", "rulings", "violations", "problem",
                    "changes_before",
                ],
                "properties": {
                    "hand": {"type": "integer"},
                    "table": {"type": "string"},
                    "started": {"type": "string"},
                    "events": {"type": "integer"},
                    "pot": {"type": "integer"},
                    "status": {"enum": ["in progress", "over", "closed", "broken"]},
                    "reason": {"type": ["string", "null"]},
                    "street": {"enum": [*_FLOP_STREETS, None]},
                    "button": {"type": ["integer", "null"]},
                    "small_blind": {
                        "type": ["integer", "null"],
                        "description": "the seat that posts it; null when nobody does",
                    },
                    "big_blind": {"type": "integer", "description": "the seat that posts it"},
                    "blinds": {
                        "type": "array", "items": {"type": "integer"}, "minItems": 2,
                        "maxItems": 2,
                    },
                    "ante": {"type": "integer"},
                    "stacks_in": _STACKS,
                    "stacks_out": {**_STACKS, "type": ["object", "null"]},
                    "rulings": _RULINGS,
                    "violations": _VIOLATIONS,
                    "problem": {
                        "type": ["string", "null"],
                        "description": "why the hand cannot be replayed",
                    },
                    "changes_before": {
                        **_CHANGES,
                        "description": "the changes between hands dealt into this hand",
                    },
                },
            },
        },
        "next_hand_changes": {**_CHANGES, "description": "the changes waiting for the next hand"},
    },
}  # fmt: skip
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
                "required": ["situation", "title", "answers"],
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
    "required": ["sessions", "questions", "correct", "percent", "last"],
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
    "required": ["trainees"],
    "properties": {
        "trainees": {
            "type": "object",
            "additionalProperties": {
                "allOf": [
                    _PROGRESS,
                    {
                        "type": "object",
                        "required": ["topics"],
                        "properties": {
                            "topics": {"type": "object", "additionalProperties": _PROGRESS}
                        },
                    },
                ]
            },
        }
    },
}
_RECORDED: Final = {
    "type": "object",
    "description": "what a post stored: the events, the rulings and violations among them, "
    "the table as they leave it",
    "required": ["table", "hand", "recorded", "last", "rulings", "violations", "pots", "state"],
    "properties": {
        "table": {"type": "string"},
        "hand": {"type": "integer"},
        "recorded": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "number", "text"],
                "properties": {
                    "id": {"type": "integer", "description": "the record"},
                    "number": {"type": "integer", "description": "the event's number"},
                    "text": {"type": "string"},
                },
            },
        },
        "last": {"type": "integer", "description": "the next post's after"},
        "rulings": _RULINGS,
        "violations": _VIOLATIONS,
        "pots": _POTS,
        "state": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the table as floorman add prints it after",
        },
        "disputed": {
            "type": "string",
            "description": "a dispute raised once the next hand began, recorded on the "
            "table's last closed hand: why that hand was closed; hand, recorded, rulings, "
            "violations and pots are that hand's, last the hand in progress's (absent "
            "otherwise)",
        },
        "replayed": {
            "const": True,
            "description": "the answer to a retried post (absent otherwise)",
        },
    },
}
_TABLE_EVENT: Final = {
    "type": "object",
    "description": "the data of each table event of /api/stream",
    "required": ["table", "last", "html", "history"],
    "properties": {
        "table": {"type": "string"},
        "last": {"type": "integer", "description": "the hand's latest record"},
        "html": {"type": "string", "description": "the table drawn as the view asked"},
        "queue": {
            "type": "string",
            "description": "view=card: the table's open calls and rulings drawn for the "
            "floor's queue",
        },
        "history": {
            "type": "string",
            "pattern": "^[0-9]+:(open|closed)$",
            "description": "the hand's id and whether it is closed: 12:open",
        },
    },
}
_CARDS: Final = {
    "type": "array",
    "items": {"type": "string"},
    "description": "cards as written: Ah, Th for a ten, ?? for a card not known",
}
_SEAT_STATE: Final = {
    "type": "object",
    "description": "a seat in the hand, as floorman show --json prints it",
    "required": ["behind", "in_front", "in_pot", "cards", "folded", "shown"],
    "properties": {
        "behind": {"type": "integer", "description": "the chips behind"},
        "in_front": {"type": "integer", "description": "bet on this street"},
        "in_pot": {"type": "integer", "description": "put in this hand"},
        "cards": _CARDS,
        "folded": {"type": "boolean"},
        "shown": {"type": "boolean"},
    },
}
_ACTION: Final = {
    "type": "object",
    "description": "what the seat to act may do now: its event (a bet or raise takes a "
    "total after it), a call's chips, a bet's or raise's least and most totals",
    "required": ["action", "seat", "event"],
    "properties": {
        "action": {"enum": ["fold", "check", "call", "bet", "raise", "allin"]},
        "seat": {"type": "integer"},
        "event": {"type": "string", "examples": ["3 call", "3 raise"]},
        "amount": {"type": "integer", "description": "call: the chips; allin: the total"},
        "min": {"type": "integer", "description": "bet or raise: the least total"},
        "max": {"type": "integer", "description": "bet or raise: the most total"},
    },
}
_STEP: Final = {
    "type": "object",
    "description": "a step of a corrective procedure in force, before its street is dealt",
    "required": ["do", "street", "rule", "event", "cards", "what"],
    "properties": {
        "do": {"type": "string", "description": "the rulebook's primitive: reshuffle, cut, ..."},
        "street": {"enum": ["flop", "turn", "river"]},
        "rule": {"type": "string"},
        "event": {"type": "integer", "description": "the event whose ruling set it"},
        "cards": _CARDS,
        "what": {"type": "string"},
    },
}
_PLAYER: Final = {
    "type": "object",
    "description": "a player seated for the next hand",
    "required": ["stack", "status"],
    "properties": {
        "stack": {"type": "integer"},
        "status": {"enum": ["playing", "waiting", "posting", "out"]},
        "name": {"type": "string"},
        "owes": {"type": "array", "items": {"type": "string"}},
        "new": {"type": "boolean"},
        "moved_from": {"type": "integer"},
        "wait": {"type": "integer"},
        "buys": {"enum": ["button", "big-blind"]},
    },
}
_TABLE_SHOW: Final = {
    "type": "object",
    "description": "the table as floorman table show --json prints it",
    "required": [
        "table", "game", "betting", "blinds", "ante", "rulebook", "kind", "house",
        "button_rule", "table_seats", "button", "small_blind", "big_blind", "seats", "hand",
        "status", "next_hand",
    ],
    "properties": {
        "table": {"type": "string"},
        "game": {"enum": _FLOP_GAMES},
        "betting": {"enum": ["no-limit", "pot-limit", "limit"]},
        "blinds": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "ante": {"type": "integer"},
        "rulebook": {"type": "string"},
        "kind": {"enum": ["cash", "tournament"]},
        "house": {"type": "object", "additionalProperties": {}},
        "button_rule": {"type": "string"},
        "table_seats": {"type": ["integer", "null"]},
        "button": {"type": "integer"},
        "small_blind": {"type": ["integer", "null"]},
        "big_blind": {"type": "integer"},
        "seats": {**_STACKS, "description": "seat to chips: as the hand left them, once over"},
        "hand": {"type": "integer"},
        "status": {"type": "string"},
        "next_hand": {
            "type": "object",
            "description": "who sits where for the next hand, with the changes logged",
            "required": ["players", "blinds", "ante"],
            "properties": {
                "players": {"type": "object", "additionalProperties": _PLAYER},
                "blinds": {"type": "array", "items": {"type": "integer"}},
                "ante": {"type": "integer"},
            },
        },
    },
}  # fmt: skip
_STATE: Final = {
    "type": "object",
    "description": "the table's whole state: its hand (in progress, else its latest) as "
    "floorman show --json prints it, who posts the blinds, the seat to act's actions with "
    "their amounts, the procedure in force and the next step, the latest event (what an "
    "undo takes back), and the table as floorman table show --json prints it",
    "required": [
        "hand", "table", "events", "status", "reason", "game", "betting", "blinds", "button",
        "street", "board", "pot", "to_act", "seats", "rulings", "violations", "pots",
        "awards", "stacks", "problem", "small_blind", "big_blind", "away", "last",
        "last_event", "actions", "procedure", "next_step", "table_show",
    ],
    "properties": {
        "hand": {"type": "integer"},
        "table": {"type": "string"},
        "events": {"type": "integer", "description": "how many events the hand has"},
        "status": {"enum": ["in progress", "over", "closed", "broken"]},
        "reason": {"type": ["string", "null"]},
        "game": {"enum": _FLOP_GAMES},
        "betting": {"enum": ["no-limit", "pot-limit", "limit"]},
        "blinds": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "button": {"type": "integer"},
        "street": {"enum": _FLOP_STREETS},
        "board": _CARDS,
        "pot": {"type": "integer"},
        "to_act": {"type": ["integer", "null"]},
        "seats": {"type": "object", "additionalProperties": _SEAT_STATE},
        "rulings": _RULINGS,
        "violations": _VIOLATIONS,
        "pots": _POTS,
        "awards": {**_STACKS, "description": "seat to the chips it wins"},
        "stacks": {**_STACKS, "description": "seat to its chips once the hand is settled"},
        "problem": {"type": ["string", "null"]},
        "small_blind": {"type": ["integer", "null"], "description": "the seat that posts it"},
        "big_blind": {"type": ["integer", "null"], "description": "the seat that posts it"},
        "away": {"type": "array", "items": {"type": "integer"}},
        "last": {"type": "integer", "description": "the hand's latest record: a write's after"},
        "last_event": {
            "type": ["object", "null"],
            "description": "the latest event: what an undo takes back",
            "required": ["number", "text"],
            "properties": {"number": {"type": "integer"}, "text": {"type": "string"}},
        },
        "actions": {"type": "array", "items": _ACTION},
        "procedure": {"type": "array", "items": _STEP},
        "next_step": {
            "type": ["string", "null"],
            "description": "what the dealer does next when it is the board's turn (deal, "
            "burn and deal, or the procedure in force); null while a seat is to act",
        },
        "table_show": _TABLE_SHOW,
    },
}  # fmt: skip
_UNDONE: Final = {
    "type": "object",
    "description": "what an undo took back, and the hand as it leaves it",
    "required": ["table", "hand", "undone", "last", "state", "problem"],
    "properties": {
        "table": {"type": "string"},
        "hand": {"type": "integer"},
        "undone": {
            "type": "object",
            "required": ["number", "text"],
            "properties": {
                "number": {"type": "integer", "description": "the event's number"},
                "text": {"type": "string", "description": "the event taken back"},
            },
        },
        "last": {"type": "integer", "description": "the next write's after"},
        "state": {"type": "array", "items": {"type": "string"}},
        "problem": {"type": ["string", "null"]},
        "replayed": {"const": True, "description": "the answer to a retried post"},
    },
}
_DEALT: Final = {
    "type": "object",
    "description": "the hand dealt, and what the dealer reads, as floorman next prints it",
    "required": ["table", "hand", "last", "lines"],
    "properties": {
        "table": {"type": "string"},
        "hand": {"type": "integer", "description": "the new hand's id"},
        "last": {"type": "integer", "description": "the next write's after"},
        "lines": {"type": "array", "items": {"type": "string"}},
        "replayed": {"const": True, "description": "the answer to a retried post"},
    },
}
_CHANGED: Final = {
    "type": "object",
    "description": "the change logged for the next hand, as floorman table says it",
    "required": ["table", "change", "said"],
    "properties": {
        "table": {"type": "string"},
        "change": {
            "type": "object",
            "description": "the change as the table log keeps it",
            "required": ["kind"],
            "properties": {
                key: value
                for key, value in cast("dict[str, Any]", _CHANGE["properties"]).items()
                if key not in ("change", "by", "at", "dealt_in")
            },
        },
        "said": {"type": "string", "examples": ["table 7: seat 8 (Dana) sits down with 200"]},
        "replayed": {"const": True, "description": "the answer to a retried post"},
    },
}
_TABLE_PARAMETER: Final = {
    "name": "table", "in": "path", "required": True, "schema": {"type": "string"}
}  # fmt: skip


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_REF_ERROR: Final = {"$ref": "#/components/schemas/Error"}
_SIGN_IN: Final = {"401": _json(_REF_ERROR, "not signed in, or an unknown or revoked token")}
_STORE_DOWN: Final = {"503": _json(_REF_ERROR, "the store cannot be reached")}

_KEY_PARAMETER: Final = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "a retried post with the same key is done once and answered as the first time",
    "schema": {"type": "string", "maxLength": 200},
}
_AFTER: Final = {
    "type": ["integer", "null"],
    "minimum": 0,
    "description": "the table's last record as the writer saw it (its state's last); "
    "another one gets 409",
}
_STALE: Final = {
    "409": _json(
        {
            "type": "object",
            "required": ["error", "table"],
            "properties": {
                "error": {"type": "string"},
                "table": {"$ref": "#/components/schemas/Table"},
            },
        },
        "the table changed since `after`: nothing done; the current state",
    )
}


def _write(
    summary: str, body: dict[str, Any], done: dict[str, Any], *, refused: str, missing: str
) -> dict[str, Any]:
    """A write at a table: its JSON body, and every answer it gives."""
    return {
        "parameters": [_TABLE_PARAMETER, _KEY_PARAMETER],
        "post": {
            "summary": summary,
            "requestBody": {
                "required": False,
                "content": {"application/json": {"schema": body}},
            },
            "responses": {
                "200": _json(done, "done"),
                "400": _json(_REF_ERROR, refused),
                **_SIGN_IN,
                "403": _json(_REF_ERROR, "this caller may not write to the table"),
                "404": _json(_REF_ERROR, missing),
                **_STALE,
                "413": _json(_REF_ERROR, "a body larger than 1 MiB"),
                **_STORE_DOWN,
            },
        },
    }


_SEAT_CHIPS: Final = {
    "type": "object",
    "description": "seat to chips",
    "additionalProperties": {"type": "integer", "minimum": 1},
}
_NEXT_BODY: Final = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "after": _AFTER,
        "force": {
            "type": "boolean",
            "description": "close an unfinished hand (a showdown with a live hand still to "
            "show or muck included) as abandoned",
        },
        "bomb_pot": {
            "type": ["integer", "null"],
            "minimum": 1,
            "description": "the players agree a bomb pot: each antes this, this hand only",
        },
        "sit": {**_SEAT_CHIPS, "description": "players sitting down (posting) with chips"},
        "rebuy": {**_SEAT_CHIPS, "description": "rebuys or add-ons"},
        "leave": {"type": "array", "items": {"type": "integer"}, "description": "seats leaving"},
    },
}
_CHANGE_BODY: Final = {
    "type": "object",
    "required": ["kind"],
    "additionalProperties": False,
    "description": "one change, in the words of floorman table: sit (seat, chips; name, "
    "post, buy), leave, sitout (seat), back (seat; post), seat (seat, to; post), rebuy "
    "(seat, chips), move (chips; seat, origin, name), level (blinds; ante), push (a dealer push)",
    "properties": {
        "kind": {
            "enum": ["sit", "leave", "sitout", "back", "seat", "rebuy", "move", "level", "push"]
        },
        "after": _AFTER,
        "seat": {"type": "integer", "minimum": 1, "maximum": 99},
        "chips": {"type": "integer", "minimum": 1},
        "name": {"type": "string", "maxLength": 100},
        "to": {"type": "integer", "minimum": 1, "maximum": 99},
        "post": {"type": "boolean"},
        "buy": {"type": "boolean"},
        "blinds": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "ante": {"type": "integer", "minimum": 0},
        "origin": {"type": "string", "maxLength": 100},
    },
}


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
            "Pot": _POT,
            "Table": _TABLE,
            "Change": _CHANGE,
            "State": _STATE,
            "TableEvent": _TABLE_EVENT,
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
                            "required": ["tables"],
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
                    **_STORE_DOWN,
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
                    **_STORE_DOWN,
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
                                        "items": {
                                            "type": "string",
                                            "maxLength": 2000,
                                            "description": _EVENTS_SAID,
                                        },
                                        "examples": [
                                            ["3 call", "burn", "turn 7d"],
                                            _STUD_EXAMPLE,
                                            _DRAW_EXAMPLE,
                                        ],
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
                        _RECORDED, "recorded; the rulings and violations on the new events"
                    ),
                    "400": _json(
                        _REF_ERROR, "a bad event, body or Idempotency-Key: nothing was stored"
                    ),
                    **_SIGN_IN,
                    "403": _json(_REF_ERROR, "this caller may not write to the table"),
                    "404": _json(_REF_ERROR, "the table has no hand in progress"),
                    "409": _json(
                        {
                            "type": "object",
                            "required": ["error", "table"],
                            "properties": {
                                "error": {"type": "string"},
                                "table": {"$ref": "#/components/schemas/Table"},
                            },
                        },
                        "the table changed since `after`: nothing stored; the current state",
                    ),
                    "413": _json(_REF_ERROR, "a body larger than 1 MiB"),
                    **_STORE_DOWN,
                },
            },
        },
        "/api/tables/{table}/state": {
            "parameters": [_TABLE_PARAMETER],
            "get": {
                "summary": "A table's whole state: seats, stacks, button, blinds, pots, the "
                "seat to act and its actions, the procedure in force and the next step",
                "responses": {
                    "200": _json({"$ref": "#/components/schemas/State"}, "the table"),
                    **_SIGN_IN,
                    "403": _json(_REF_ERROR, "a station asking for another table"),
                    "400": _json(
                        _REF_ERROR,
                        "a stud or draw table: its hand is read at /api/tables/{table}",
                    ),
                    "404": _json(_REF_ERROR, "no hand was ever recorded at the table"),
                    **_STORE_DOWN,
                },
            },
        },
        "/api/tables/{table}/undo": _write(
            "Take back the latest event of the hand in progress, as floorman undo does",
            {"type": "object", "additionalProperties": False, "properties": {"after": _AFTER}},
            _UNDONE,
            refused="no event to take back, or a bad body or Idempotency-Key",
            missing="the table has no hand in progress",
        ),
        "/api/tables/{table}/next": _write(
            "Close the hand and deal the next, as floorman next does",
            _NEXT_BODY,
            _DEALT,
            refused="the hand is unfinished, a showdown with a live hand still to show or "
            "muck included, at any game's table (send force), a change that does not fit, "
            "or a bad body or Idempotency-Key: nothing was done",
            missing="no hand was ever recorded at the table",
        ),
        "/api/tables/{table}/changes": _write(
            "A change between hands, from the next hand on, as floorman table logs it",
            _CHANGE_BODY,
            _CHANGED,
            refused="a change that does not fit the table (a seat taken, no player there), "
            "or a bad body or Idempotency-Key: nothing was logged",
            missing="no hand was ever recorded at the table",
        ),
        "/api/tables/{table}/hands": {
            "parameters": [_TABLE_PARAMETER],
            "get": {
                "summary": "A table's history: its latest hands, newest first, and its session",
                "responses": {
                    "200": _json(_HISTORY, "the table's hands"),
                    **_SIGN_IN,
                    "403": _json(_REF_ERROR, "a station asking for another table"),
                    "404": _json(_REF_ERROR, "no hand was ever recorded at the table"),
                    **_STORE_DOWN,
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
                    **_STORE_DOWN,
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
                    **_STORE_DOWN,
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
                    **_STORE_DOWN,
                },
            }
        },
        "/api/stream": {
            "get": {
                "summary": "Server-sent events: every table in sight, then each table as it "
                "changes (event `table`, its data a TableEvent)",
                "parameters": [
                    {
                        "name": "view",
                        "in": "query",
                        "required": False,
                        "description": "the part of a page each table is drawn as: its card "
                        "on the dashboard, the station's hand, or a table's page",
                        "schema": {"enum": ["card", "station", "hand"], "default": "card"},
                    },
                    {
                        "name": "table",
                        "in": "query",
                        "required": False,
                        "description": "follow this table only (a station follows its own)",
                        "schema": {"type": "string"},
                    },
                ],
                "responses": {
                    "200": {
                        "description": "a stream of `table` events, each with one line of "
                        "JSON data (components/schemas/TableEvent), and a comment when "
                        "nothing changed for a while",
                        "content": {"text/event-stream": {"schema": {"type": "string"}}},
                    },
                    "400": _json(_REF_ERROR, "a view the server does not draw"),
                    **_SIGN_IN,
                    "403": _json(_REF_ERROR, "a station asking for another table"),
                },
            }
        },
    },
}
"""The OpenAPI 3.1 document served at ``/api/openapi.json``."""
DOCUMENT["paths"].update(DRILL_PATHS)

from floorman.server.openapi_tournaments import PATHS, SCHEMAS  # noqa: E402  (the tournaments')

DOCUMENT["paths"].update(PATHS)
DOCUMENT["components"]["schemas"].update(SCHEMAS)
