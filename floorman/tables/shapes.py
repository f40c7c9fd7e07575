"""The JSON the data commands print with ``--json`` and the server answers: one
documented shape each.

They keep the ``check --json`` contract's conventions: seats are object keys
as strings, amounts are integers in the smallest chip unit, a ruling is the
``check --json`` ruling object, and cards are written ``Ah`` (``Th`` for a
ten, ``??`` for a card not known).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from floorman.cards import Card

if TYPE_CHECKING:
    from floorman.hand.state import HandState
    from floorman.rules.loader import CompiledRule, Rulebook
    from floorman.store.hands import Record, StoredHand
    from floorman.tables.hands import Loaded, Unreadable
    from floorman.tables.seating import TableNow

__all__ = [
    "actions_json",
    "hand_json",
    "hand_row",
    "log_json",
    "next_step",
    "procedure_json",
    "rule_json",
    "rule_row",
    "session_row",
    "table_state",
    "unreadable_row",
]


def cards(seen: Iterable[Card | None]) -> list[str]:
    return [card.ascii if card is not None else "??" for card in seen]


def status(stored: StoredHand, state: HandState, broken: bool = False) -> tuple[str, str | None]:
    """``in progress``, ``over`` or ``closed`` (``broken`` when it stops replaying), and why."""
    if stored.closed:
        return "closed", stored.closed
    if broken:
        return "broken", None
    if state.over:
        return "over", state.over_reason
    return "in progress", None


def hand_json(loaded: Loaded) -> dict[str, Any]:
    """``floorman show --json``: the hand, every seat, and the ``check --json`` keys."""

    state = loaded.state
    stored = loaded.stored
    chips = loaded.recording.chips()
    kind, reason = status(stored, state, loaded.broken is not None)
    seats: dict[str, Any] = {}
    for seat in state.table.seats:
        seats[str(seat)] = {
            "behind": state.betting.stacks[seat],
            "in_front": state.betting.street_bets[seat],
            "in_pot": state.betting.contributed[seat],
            "cards": cards(state.ledger.hole(seat)) if state.ledger.dealt else [],
            "folded": seat in state.betting.folded,
            "shown": seat in state.shown,
        }
    return {
        "hand": stored.id,
        "table": stored.table,
        "events": loaded.count,
        "status": kind,
        "reason": reason,
        "game": state.game,
        "betting": state.betting.structure,
        "blinds": list(state.betting.blinds),
        "button": state.table.button,
        "street": state.street,
        "board": cards(b.card for b in state.ledger.board),
        "pot": state.betting.pot,
        "to_act": state.to_act,
        "seats": seats,
        "rulings": loaded.rulings,
        "violations": loaded.violations,
        "pots": chips.pots,
        "awards": {str(seat): amount for seat, amount in chips.awards.items()},
        "stacks": {str(seat): amount for seat, amount in chips.stacks.items()},
        "problem": loaded.repair() if loaded.broken is not None else None,
    }


def log_json(stored: StoredHand, records: list[Record]) -> dict[str, Any]:
    """``floorman log --json``: every record, undone events marked, in the order written."""
    texts = {r.id: r.text for r in records}
    retracted = {r.target for r in records if r.kind == "retract"}
    rows: list[dict[str, Any]] = []
    number = 0
    for r in records:
        row: dict[str, Any] = {"at": r.at, "kind": r.kind, "event": None, "text": r.text}
        if r.kind == "event":
            row["undone"] = r.id in retracted
            if not row["undone"]:
                number += 1
                row["event"] = number
        elif r.kind == "retract":
            row["kind"], row["text"] = "undo", texts.get(r.target or 0)
        else:
            row["kind"] = "close"
        rows.append(row)
    return {"hand": stored.id, "table": stored.table, "started": stored.created, "records": rows}


def hand_row(loaded: Loaded) -> dict[str, Any]:
    """One hand of ``floorman hands --json``."""
    kind, reason = status(loaded.stored, loaded.state, loaded.broken is not None)
    return {
        "hand": loaded.stored.id,
        "table": loaded.stored.table,
        "started": loaded.stored.created,
        "events": loaded.count,
        "pot": loaded.state.betting.pot,
        "status": kind,
        "reason": reason,
        "street": loaded.state.street,
    }


def unreadable_row(unreadable: Unreadable) -> dict[str, Any]:
    """A hand of ``floorman hands --json`` that cannot be replayed at all."""
    stored = unreadable.stored
    return {
        "hand": stored.id,
        "table": stored.table,
        "status": "broken",
        "problem": unreadable.problem,
    }


def session_row(loaded: Loaded) -> dict[str, Any]:
    """One hand of ``floorman table log --json``: its button (where the hand was dealt
    from, with ``button SEAT dealt`` not the header's), blinds, stacks in and out,
    rulings."""
    header = loaded.header
    small, big = loaded.state.table.blind_seats
    state = loaded.state
    status = loaded.stored.closed or state.over_reason
    out = None
    if status is not None and loaded.broken is None:
        from floorman.tables.hands import stacks_left

        left = stacks_left(loaded, status)
        out = None if left is None else {str(seat): chips for seat, chips in left.items()}
    return {
        "hand": loaded.stored.id,
        "started": loaded.stored.created,
        "status": status or "in progress",
        "button": state.table.button,
        "small_blind": small,
        "big_blind": big,
        "blinds": list(header.blinds),
        "ante": header.ante,
        "stacks_in": {str(seat): chips for seat, chips in header.seats.items()},
        "stacks_out": out,
        "rulings": loaded.rulings,
        "violations": loaded.violations,
    }


def rule_row(compiled: CompiledRule) -> dict[str, Any]:
    """One rule of ``floorman rules list --json``."""
    from floorman.rules.kinds import citation

    rule = compiled.rule
    return {
        "rule": compiled.id, "outcome": rule.outcome, "title": rule.title,
        "cite": citation(rule),
    }  # fmt: skip


def predicate_json(predicate: Any) -> dict[str, Any]:
    """A rule's ``when`` as its rulebook writes it (``not`` and ``in``, not the field
    names), from a checked predicate or one read back from the rulebook cache alike."""
    from floorman.rules.plain import written_name

    written: dict[str, Any] = {}
    for name in sorted(predicate.model_fields_set):
        value = getattr(predicate, name)
        if value is None:
            continue
        key = written_name(name)
        if key in ("all", "any"):
            written[key] = [predicate_json(part) for part in value]
        elif key == "not":
            written[key] = predicate_json(value)
        else:
            written[key] = list(value) if isinstance(value, (list, tuple)) else value
    return written


def rule_json(compiled: CompiledRule, book: Rulebook) -> dict[str, Any]:
    """``floorman rules show --json``: the rule as its rulebook states it."""
    rule = compiled.rule
    return {
        **rule_row(compiled),
        "on": list(rule.on),
        "games": list(rule.games or book.games),
        "when": predicate_json(rule.when) if rule.when is not None else None,
        "steps": [{"do": step.do, "text": step.text.strip()} for step in rule.steps],
        "note": rule.note or None,
        "situations": list(rule.situations),
        "examples": [
            {"describe": e.describe or None, "events": [str(x) for x in e.hand["events"]],
             "outcome": e.outcome}
            for e in rule.examples
        ],
    }  # fmt: skip


def actions_json(state: HandState) -> list[dict[str, Any]]:
    """What the seat to act may do now, each with its event and amounts: a call its chips,
    a bet or raise the least and most it may be (totals, as the notation writes them)."""
    seat = None if state.over else state.to_act
    if seat is None or not state.ledger.deal_complete:
        return []
    betting = state.betting
    found: list[dict[str, Any]] = []
    for option in betting.options(seat):
        verb = option.split(" ")[0]
        action: dict[str, Any] = {"action": verb, "seat": seat, "event": f"{seat} {verb}"}
        if verb == "call":
            action["amount"] = betting.to_call(seat)
        elif verb in ("bet", "raise"):
            wager = betting.bet_range(seat) if verb == "bet" else betting.raise_range(seat)
            least = min(wager.lowest, wager.allin)
            action["min"], action["max"] = least, min(wager.highest, wager.allin)
        found.append(action)
    if betting.stacks[seat] > 0:
        allin = betting.street_bets[seat] + betting.stacks[seat]
        found.append({"action": "allin", "seat": seat, "event": f"{seat} allin", "amount": allin})
    return found


def procedure_json(state: HandState) -> list[dict[str, Any]]:
    """The steps of the corrective procedures in force, in order, each with the street it
    comes before and the ruling (event and rule) it comes from."""
    return [
        {
            "do": step.do, "street": step.street, "rule": step.rule, "event": step.event,
            "cards": [card.ascii for card in step.cards], "what": step.what,
        }
        for step in state.procedures
    ]  # fmt: skip


def next_step(state: HandState) -> str | None:
    """What the dealer does next when it is the board's turn (the procedure in force
    first): ``None`` while a seat is to act or the hand is over."""
    from floorman.tables.view import dealer_text

    street = state.ledger.next_board_street
    if state.over or not state.ledger.deal_complete:
        return None if state.over else "deal"
    if state.to_act is not None or street is None:
        return None
    return dealer_text(state, street) or f"burn a card and deal the {street}"


def table_state(now: TableNow) -> dict[str, Any]:
    """The table's whole state (``GET /api/tables/{table}/state``): the hand as
    ``floorman show --json`` gives it, the blinds' seats, the seat to act's actions with
    their amounts, the procedure in force and the next step, the latest event (what an
    undo takes back), and the table as ``floorman table show --json`` gives it."""
    loaded = now.loaded
    state = loaded.state
    whole = loaded.broken is None and loaded.stored.closed is None
    small, big = state.table.blind_seats
    latest = loaded.texts[-1] if loaded.texts else None
    return {
        **hand_json(loaded),
        "small_blind": small,
        "big_blind": big,
        "away": sorted(state.away),
        "last": loaded.last,
        "last_event": None if latest is None else {"number": loaded.count, "text": latest},
        "actions": actions_json(state) if whole else [],
        "procedure": procedure_json(state),
        "next_step": next_step(state) if whole else None,
        "table_show": now.data,
    }
