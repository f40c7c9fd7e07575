"""The dealer's station as data: the seats round the table, what the seat to act may do
with the amounts, the cards already seen, and what the dealer does next under the
procedure in force.

Pure: it reads a :class:`HandState` (and the names the table's log gives) and builds
plain data the station page draws; nothing here records anything. Each button carries
the event words the terminal would type, so the page records exactly what ``live``
would.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from floorman.cards import DECK, format_cards
from floorman.hand.records import STUB
from floorman.hand.state import HandState

__all__ = [
    "actions", "dealer", "push", "ring", "seat_map", "seen_cards", "showdown", "station_view",
]  # fmt: skip

_DEAL_COUNT = {"flop": 3, "turn": 1, "river": 1}

_SLOTS = 10
"""The places drawn round the oval, one a seat of a ten-handed table."""

_NO_OTHER_BURN = ("deal-without-burn", "use-as-burn", "scramble")
"""Procedure steps that deal the street with no burn of its own."""

_STEP_EVENTS = {"reshuffle": "reshuffle", "cut": "cut", "burn": "burn", "burn-twice": "burn"}
"""The procedure steps a dealer records with an event of their own; the others are
carried out by the next card dealt (a card set aside or returned to the stub moves
when the dealer reshuffles, cuts, burns or deals)."""


def station_view(
    state: HandState,
    names: Mapping[int, str] | None = None,
    away: Mapping[int, str] | None = None,
    pots: Sequence[Mapping[str, Any]] = (),
    settled: Mapping[int, int] | None = None,
) -> dict[str, Any]:
    """Everything the station page draws beyond the table's header: ``names`` of the
    players by seat, ``away`` seats not dealt in (sitting out) with the reason, the
    hand's ``pots`` (as the table's view gives them) for the push, and the stacks they
    leave (``settled``), shown once the dealer has pushed."""
    return {
        "seats": seat_map(state, names or {}, away or {}, settled if state.pushed else None),
        "ring": ring(state, away or {}),
        "actions": actions(state),
        "dealer": dealer(state),
        "showdown": showdown(state),
        "push": push(state, pots),
        "seen": seen_cards(state),
    }


def seat_map(
    state: HandState,
    names: Mapping[int, str],
    away: Mapping[int, str],
    settled: Mapping[int, int] | None = None,
) -> list[dict[str, Any]]:
    """Every seat round an oval table, seat 1 at the dealer's left: who sits there, chips
    behind and in front, the button and the blinds, how the seat stands in the hand,
    and its ``slot`` round the table (1 to 10; a table of more seats is drawn in seat
    order, those past the tenth in slot 11, off the oval). The ``settled`` stacks, when
    given (the pot pushed), are the chips behind."""
    betting = state.betting
    behind = {**betting.stacks, **(settled or {})}
    dealt = set(state.table.seats)
    seats = sorted(dealt | set(away))
    small, big = state.table.blind_seats
    wide = max(seats, default=0) > _SLOTS
    acting = not state.over and state.ledger.deal_complete
    found = []
    for index, seat in enumerate(seats, 1):
        mark = _standing(state, seat) if seat in dealt else "away"
        found.append(
            {
                "seat": seat,
                "name": names.get(seat, ""),
                "behind": behind.get(seat),
                "in_front": betting.street_bets.get(seat, 0) if not state.over else 0,
                "button": seat == state.table.button,
                "blind": "SB" if seat == small else "BB" if seat == big else None,
                "state": mark,
                "why": away.get(seat, ""),
                "to_act": seat == state.to_act and acting,
                "slot": min(index, _SLOTS + 1) if wide else seat,
            }
        )
    return found


def ring(state: HandState, away: Mapping[int, str]) -> int:
    """How many places the oval is drawn with: the highest seat taken (at least two, at
    most ten; a table of more seats is drawn in seat order)."""
    highest = max([*state.table.seats, *away], default=2)
    return max(2, min(highest, _SLOTS))


def _standing(state: HandState, seat: int) -> str:
    betting = state.betting
    if seat in betting.killed:
        return "dead"
    if seat in betting.mucked:
        return "mucked"
    if seat in betting.folded:
        return "folded"
    if seat in state.away:
        return "away"
    if betting.stacks[seat] == 0 and state.over_reason not in ("misdeal", "void"):
        return "all in"
    return "in"


def actions(state: HandState) -> list[dict[str, Any]]:
    """The legal actions of the seat to act with their amounts, as the station's big
    buttons: ``{"label": "call 40", "event": "3 call", "verb": "call", "amount": 40}``.
    A bet or raise comes as its least (``min raise to 80``), the pot in pot limit, and
    as ``{"verb": "raise", "event": "3 raise", "lowest": 80, "highest": 1000}`` for
    the number pad (``amount`` ``None``)."""
    seat = state.to_act
    betting = state.betting
    if state.over or seat is None or not state.ledger.deal_complete:
        return []
    found: list[dict[str, Any]] = []
    allin = betting.street_bets[seat] + betting.stacks[seat]
    for option in betting.options(seat):
        verb, _, rest = option.partition(" ")
        if verb == "fold":
            found.append(_button("fold", f"{seat} fold", "fold", None))
        elif verb == "check":
            found.append(_button("check", f"{seat} check", "check", None))
        elif verb == "call":
            chips = int(rest)
            found.append(_button(f"call {chips}", f"{seat} call", "call", chips))
        else:
            wager = betting.bet_range(seat) if verb == "bet" else betting.raise_range(seat)
            lowest, highest = wager.lowest, wager.highest
            if lowest < allin:
                said = "bet" if verb == "bet" else "min raise to"
                found.append(_button(f"{said} {lowest}", f"{seat} {verb} {lowest}", verb, lowest))
            if betting.structure == "pot-limit":
                pot = betting.pot_wager(seat)
                if lowest < pot < allin:
                    label = f"pot: {verb} to {pot}" if verb == "raise" else f"pot: bet {pot}"
                    found.append(_button(label, f"{seat} {verb} {pot}", verb, pot))
            if highest > lowest:
                found.append(
                    {"label": verb, "event": f"{seat} {verb}", "verb": verb, "amount": None,
                     "lowest": lowest, "highest": highest, "pad": True}
                )  # fmt: skip
    covers = allin > betting.current_bet  # else the call is the whole stack already
    wagers = any(button["verb"] in ("bet", "raise") for button in found)
    if covers and (betting.structure != "limit" or not wagers):  # limit: a stack short
        found.append(_button(f"all in {allin}", f"{seat} allin", "allin", allin))
    return found


def _button(label: str, event: str, verb: str, amount: int | None) -> dict[str, Any]:
    return {"label": label, "event": event, "verb": verb, "amount": amount, "pad": False}


def seen_cards(state: HandState) -> list[str]:
    """The cards already seen this hand (``Ah``): on the board, burned face up, exposed,
    shown, set aside; a card a procedure returned to the stub may come again."""
    return [card.ascii for card in DECK if state.ledger.location(card) != STUB]


def dealer(state: HandState) -> dict[str, Any] | None:
    """What the dealer does now, while nobody is to act and a board street is next: the
    steps of the procedure in force for it in order, the event buttons for the first
    that wants one, and whether the street may be dealt (``deal``: the street and how
    many cards) once they are done. A plain burn is offered only where no procedure
    says otherwise; none where the procedure deals without a burn."""
    ledger = state.ledger
    street = ledger.next_board_street
    if state.over:
        return None
    if not ledger.deal_complete:
        return {"street": "deal", "steps": [], "buttons": [_step("deal", "deal")], "deal": None}
    if state.to_act is not None or street is None:
        return None
    steps = [step for step in state.procedures if step.street == street]
    aside = format_cards(card for card in ledger.set_aside if card is not None)
    said = [_said(step.do, street, aside) for step in steps]
    burned = len(ledger.burns_for(street))
    for step in steps:
        event = _STEP_EVENTS.get(step.do)
        if event is not None:
            return {"street": street, "steps": said, "buttons": [_step(event, event)], "deal": None}
    unburned = any(step.do in _NO_OTHER_BURN for step in steps)
    if burned or unburned:
        deal = {"street": street, "count": _DEAL_COUNT[street], "burn": not unburned}
        return {"street": street, "steps": said, "buttons": [], "deal": deal}
    return {"street": street, "steps": said, "buttons": [_step("burn", "burn")], "deal": None}


def _step(label: str, event: str) -> dict[str, str]:
    return {"label": label, "event": event}


def _said(do: str, street: str, aside: str) -> str:
    """A step as the dealer reads it; a reshuffle names the cards set aside it takes in."""
    return {
        "reshuffle": f"reshuffle the stub with the {aside}" if aside else "reshuffle the stub",
        "cut": "cut",
        "burn": "burn a card",
        "burn-twice": "burn two cards",
        "deal-without-burn": f"deal the {street} without a burn",
        "use-as-burn": f"the card set aside is the {street}'s burn: deal with no other burn",
        "scramble": f"one of the scrambled cards is the burn, the others the {street}",
        "set-aside": "take the card out of play",
        "return-to-stub": "return the card to the stub",
    }.get(do, do)


def showdown(state: HandState) -> list[int]:
    """The live seats still to table or throw away their hands at the showdown, in the
    order they show."""
    if state.over_reason != "showdown":
        return []
    done = set(state.shown) | set(state.plays_board) | state.betting.mucked
    return [seat for seat in state.betting.showdown_order() if seat not in done]


def push(state: HandState, pots: Sequence[Mapping[str, Any]]) -> dict[str, str] | None:
    """The dealer's push once the hand is over and every pot is decided, as the cards
    and pots give it: ``award 2`` for one winner of it all, one ``award SEAT X`` a seat
    where the chips go to several. None before that, and once a push is recorded."""
    if state.over_reason not in ("fold", "showdown") or state.pushed or not pots:
        return None
    won = sorted(_taken(pots).items())
    if not won:
        return None
    if len(won) == 1:
        ((seat, chips),) = won
        return {"label": f"push {chips} to seat {seat}", "event": f"award {seat}"}
    return {
        "label": "push " + ", ".join(f"{chips} to seat {seat}" for seat, chips in won),
        "event": "; ".join(f"award {seat} {chips}" for seat, chips in won),
    }


def _taken(pots: Sequence[Mapping[str, Any]]) -> dict[int, int]:
    """The chips each seat takes from the pots, once every pot is decided (else none)."""
    if not all(pot["awards"] or not pot["amount"] for pot in pots):
        return {}
    taken: dict[int, int] = {}
    for pot in pots:
        for seat, chips in pot["awards"].items():
            taken[int(seat)] = taken.get(int(seat), 0) + chips
    return {seat: chips for seat, chips in taken.items() if chips}
