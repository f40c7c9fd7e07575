"""The dealer's station for a stud or draw hand, as data: the game dealt, each seat's
cards as the table sees them (a stud seat's upcards and how many downcards, a draw
seat's cards and draws), what the seat to act may do, the cards the dealer deals next,
the showdown, and the dealer's errors of the game for the irregularity menu.

Pure, like :mod:`floorman.tables.station` for the flop games: it reads a
:class:`StudHand` or :class:`DrawHand` and builds plain data the station page draws.
Every button carries the event words ``floorman add`` takes, and a betting or draw
button is offered only when the hand's own reducer takes its event (tried on a copy of
the hand), so the page offers what the structure allows at that point and no more.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, Final

from floorman.cards import DECK
from floorman.hand.drawevents import parse_draw_event
from floorman.hand.drawstate import HOLE, DrawHand
from floorman.hand.events import EventError
from floorman.hand.stud import STREET_CARDS, STUD_STREETS
from floorman.hand.studevents import parse_stud_event
from floorman.hand.studstate import StudHand

__all__ = [
    "GAME_TITLES", "game_station", "game_title", "irregular_menu", "next_lines", "rotation_line",
    "seated",
]  # fmt: skip

GAME_TITLES: Final = {
    "stud": "Seven-card stud", "stud-hilo": "Seven-card stud hi-lo", "razz": "Razz",
    "triple-draw-27": "2-7 triple draw", "single-draw-27": "2-7 single draw",
    "lowball-a5": "A-5 lowball", "badugi": "Badugi",
}  # fmt: skip

_SLOTS: Final = 10


def game_title(header: Mapping[str, Any]) -> str:
    """The game and its structure as the dealer reads them first: ``Seven-card stud
    10/20, ante 2, bring-in 5``; ``2-7 triple draw limit 10/20, blinds 5/10``."""
    game = str(header["game"])
    title = GAME_TITLES.get(game, game)
    if "bring_in" in header:
        small, big = header["limits"]
        ante = f", ante {header['ante']}" if header.get("ante") else ""
        return f"{title} {small}/{big}{ante}, bring-in {header['bring_in']}"
    betting = header.get("betting", "limit")
    small, big = header["blinds"]
    limits = header.get("limits")
    stakes = f" {limits[0]}/{limits[1]}" if betting == "limit" and limits else ""
    ante = f", ante {header['ante']}" if header.get("ante") else ""
    return f"{title} {betting}{stakes}, blinds {small}/{big}{ante}"


def rotation_line(rotation: Mapping[str, Any] | None) -> str | None:
    """Which game of a mixed rotation this hand is (from the rotation kept in the
    table's log): ``Rotation by orbit: game 4 of 5 (holdem:limit, omaha-hilo:limit,
    razz, stud, stud-hilo), hand 2 of 6``."""
    if not rotation:
        return None
    games = list(rotation["games"])
    index = int(rotation["index"])
    orbit = int(rotation.get("orbit", 0))
    hands = int(rotation.get("hands", 1))
    count = f", hand {hands} of {orbit}" if rotation.get("by") == "orbit" and orbit else ""
    return (
        f"Rotation by {rotation.get('by', 'orbit')}: {games[index]}, game {index + 1} of"
        f" {len(games)} ({', '.join(games)}){count}"
    )


def game_station(state: StudHand | DrawHand, names: Mapping[int, str]) -> dict[str, Any]:
    """Everything the station page draws for a stud or draw hand beyond its header."""
    stud = isinstance(state, StudHand)
    return {
        "game": state.game,
        "family": "stud" if stud else "draw",
        "seats": _seats(state, names),
        "ring": max(2, min(max(state.seats), _SLOTS)),
        "actions": actions(state),
        "dealer": stud_dealer(state) if isinstance(state, StudHand) else draw_dealer(state),
        "showdown": _showdown(state),
        "push": None,
        "seen": _seen(state),
        "menu": irregular_menu(state.game),
    }


def _seats(state: StudHand | DrawHand, names: Mapping[int, str]) -> list[dict[str, Any]]:
    wide = max(state.seats) > _SLOTS
    found = []
    for index, seat in enumerate(state.seats, 1):
        if isinstance(state, StudHand):
            up = ["??" if card is None else card.ascii for card in state.up[seat]]
            down = len(state.down[seat])
            held: list[str] = []
            drawn: list[int] = []
            button = False
        else:
            up, down = [], 0
            held = ["??" if card is None else card.ascii for card in state.cards[seat]]
            drawn = list(state.drawn[seat])
            button = seat == state.button
        folded = seat in state.folded
        found.append(
            {
                "seat": seat,
                "name": names.get(seat, ""),
                "behind": state.stacks[seat],
                "in_front": 0 if state.over else state.bets[seat],
                "button": button,
                "blind": None,
                "state": "folded" if folded else "all in" if not state.stacks[seat] else "in",
                "why": "",
                "to_act": seat == state.to_act and not state.over,
                "slot": min(index, _SLOTS + 1) if wide else seat,
                "up": up,
                "down": down,
                "held": held,
                "drawn": drawn,
            }
        )
    return found


def _takes(state: StudHand | DrawHand, text: str) -> bool:
    """Whether the hand's reducer takes ``text`` now (tried on a copy)."""
    parse = parse_stud_event if isinstance(state, StudHand) else parse_draw_event
    trial = copy.deepcopy(state)
    try:
        trial.apply(parse(text))
    except EventError:
        return False
    return True


def _button(label: str, event: str, verb: str, amount: int | None) -> dict[str, Any]:
    return {"label": label, "event": event, "verb": verb, "amount": amount, "pad": False}


def actions(state: StudHand | DrawHand) -> list[dict[str, Any]]:
    """The betting buttons of the seat to act: the bring-in and the completion on third
    street, then fold, check or call, the bet or raise at the sizes the limit allows
    (both sizes on fourth street with an open pair), all in when the stack is short of
    them; in no or pot limit the least wager and the number pad."""
    seat = state.to_act
    if state.over or seat is None:
        return []
    stack = state.stacks[seat]
    allin = state.bets[seat] + stack
    found: list[dict[str, Any]] = []
    for verb in _verbs(state, seat):
        if verb == "fold":
            found.append(_button("fold", f"{seat} fold", "fold", None))
        elif verb == "check":
            found.append(_button("check", f"{seat} check", "check", None))
        elif verb == "call":
            chips = state.to_call(seat)
            found.append(_button(f"call {chips}", f"{seat} call", "call", chips))
        elif verb == "bring-in" and isinstance(state, StudHand):
            chips = min(state.bring_in, stack)
            found.append(_button(f"bring-in {chips}", f"{seat} bring-in", "bring-in", chips))
        elif verb == "complete" and isinstance(state, StudHand):
            total = state.full_level + state.small_bet
            if total < allin:
                found.append(
                    _button(f"complete to {total}", f"{seat} complete {total}", "complete", total)
                )
        else:
            found += _wagers(state, seat, verb, allin)
    wagers = any(b["verb"] in ("bet", "raise", "complete") for b in found)
    if allin > state.current_bet and not wagers and _takes(state, f"{seat} allin"):
        found.append(_button(f"all in {allin}", f"{seat} allin", "allin", allin))
    return found


def _verbs(state: StudHand | DrawHand, seat: int) -> tuple[str, ...]:
    """The words the seat may say: the stud reducer names them; a draw hand's are read
    from the chips (fold and call facing a bet, else check; bet or raise if taken)."""
    if isinstance(state, StudHand):
        return state.options(seat)
    facing = ("fold", "call") if state.to_call(seat) else ("check",)
    return (*facing, "raise" if state.current_bet else "bet")


def _wagers(state: StudHand | DrawHand, seat: int, verb: str, allin: int) -> list[dict[str, Any]]:
    """The bet or raise buttons the reducer takes: each limit size, or the least wager
    and the pad in no and pot limit."""
    said = "bet" if verb == "bet" else "raise to"
    if isinstance(state, DrawHand) and state.structure != "limit":
        lowest = state.current_bet + state.raise_size if state.current_bet else state.min_bet
        if state.structure == "pot-limit":
            highest = min(allin, state.current_bet + state.pot + state.to_call(seat))
        else:
            highest = allin
        found = []
        if lowest < allin and _takes(state, f"{seat} {verb} {lowest}"):
            found.append(_button(f"{said} {lowest}", f"{seat} {verb} {lowest}", verb, lowest))
        if highest > lowest and found:
            found.append(
                {"label": verb, "event": f"{seat} {verb}", "verb": verb, "amount": None,
                 "lowest": lowest, "highest": highest, "pad": True}
            )  # fmt: skip
        return found
    totals = sorted({state.full_level + state.small_bet, state.full_level + state.big_bet})
    return [
        _button(f"{said} {total}", f"{seat} {verb} {total}", verb, total)
        for total in totals
        if total < allin and _takes(state, f"{seat} {verb} {total}")
    ]


def stud_dealer(state: StudHand) -> dict[str, Any] | None:
    """The cards the dealer deals next, while nobody is to act: the first live seat
    short of its cards for the street, its downcards (unseen, or picked) or its upcard
    (picked), in the order the street deals them."""
    if state.over or state.to_act is not None or state.round_open:
        return None
    street = state.street_index
    downs = sum(down for down, _ in STREET_CARDS[: street + 1])
    ups = sum(up for _, up in STREET_CARDS[: street + 1])
    for seat in state.live:
        have_down = len(state.down[seat]) + (state.common is not None)
        if have_down < downs:
            count = downs - have_down
            unseen = " ".join(["??"] * count)
            return {
                "street": STUD_STREETS[street],
                "seat": seat,
                "steps": [],
                "deal": None,
                "buttons": [
                    {"label": f"down {seat}: {count} unseen", "event": f"down {seat} {unseen}"},
                    {
                        "label": f"down {seat}: pick {count}",
                        "event": f"down {seat} CARDS",
                        "count": count,
                    },
                ],
            }
        if len(state.up[seat]) < ups:
            return {
                "street": STUD_STREETS[street],
                "seat": seat,
                "steps": [],
                "deal": None,
                "buttons": [
                    {"label": f"up {seat}: pick 1", "event": f"up {seat} CARDS", "count": 1}
                ],
            }
    return None


def draw_dealer(state: DrawHand) -> dict[str, Any] | None:
    """The deal, then each draw in turn: the seat to draw stands pat or draws 1 to its
    whole hand (the new cards picked when the dealer sees them)."""
    if state.over:
        return None
    if state.phase == "deal":
        deal = [{"label": "deal", "event": "deal"}]
        return {"street": "deal", "seat": None, "steps": [], "deal": None, "buttons": deal}
    seat = state.to_draw
    if state.phase != "draw" or seat is None:
        return None
    buttons: list[dict[str, Any]] = [{"label": "stands pat", "event": f"{seat} stands pat"}]
    for count in range(1, HOLE[state.game] + 1):
        buttons.append({"label": f"draws {count}", "event": f"{seat} draws {count}"})
    buttons.append({"label": "draws the picked cards", "event": f"{seat} draws N CARDS"})
    street = f"draw {state.round_index + 1}"
    return {"street": street, "seat": seat, "steps": [], "deal": None, "buttons": buttons}


def _showdown(state: StudHand | DrawHand) -> list[int]:
    """The live seats still to table or throw away their hands, in seat order."""
    if state.over_reason != "showdown":
        return []
    return [seat for seat in state.live if seat not in state.shown]


def _seen(state: StudHand | DrawHand) -> list[str]:
    """The cards already out face up or known: a picked card cannot be dealt twice."""
    if isinstance(state, StudHand):
        known = set(state.seen)
    else:
        known = {card for seat in state.live for card in state.cards[seat] if card is not None}
    return [card.ascii for card in DECK if card in known]


def irregular_menu(game: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The dealer's errors of the game the rulebooks rule on (RRoP "Seven-Card Stud" and
    "Lowball"/"Draw High", TDA RP-5-D and RP-10, WSOP LA 214-245 and the draw rules),
    then the hands' and the deal's events every game has."""
    if game in ("stud", "stud-hilo", "razz"):
        cards = [
            ("1st downcard face up", "expose SEAT:1 CARDS"),
            ("2nd downcard face up", "expose SEAT:2 CARDS"),
            ("7th-street card face up", "expose SEAT:7 CARDS"),
            ("downcard exposed by player", "expose SEAT CARDS by player"),
            ("downcard off the table", "off-table SEAT CARDS"),
            ("wrong player named low", "SEAT bring-in"),
            ("premature upcard", "up SEAT CARDS"),
            ("premature downcard", "down SEAT ??"),
            ("stub count before 7th", "stub X"),
            ("common card", "common CARDS"),
            ("reshuffle", "reshuffle"),
        ]
    else:
        cards = [
            ("card exposed on the draw", "expose SEAT CARDS"),
            ("exposed by player", "expose SEAT CARDS by player"),
            ("card off the table", "off-table SEAT CARDS"),
            ("reshuffle the discards", "reshuffle"),
            ("cut", "cut"),
            ("cards known", "cards SEAT CARDS"),
        ]
    return [
        ("The game's errors", cards),
        ("The hands", [("fold", "SEAT fold"), ("muck", "muck SEAT")]),
    ]


def next_lines(state: StudHand | DrawHand) -> list[str]:
    """What the dealer types next at the terminal, as the station's buttons offer it:
    the seat to act and its actions (the seat may be left out), the cards to deal or
    the draw, the hands to show; nothing once the hand is settled."""
    station = game_station(state, {})
    if station["actions"]:
        keys = []
        for button in station["actions"]:
            seat_text, _, words = str(button["event"]).partition(" ")
            if button["pad"]:
                words += f" {button['lowest']}..{button['highest']}"
            elif button["verb"] == "call":
                words += f" ({button['amount']})"
            keys.append(words)
        behind = state.stacks[int(seat_text)]
        return [f"seat {seat_text} to act ({behind} behind): {' | '.join(keys)}"]
    dealer = station["dealer"]
    if dealer is not None:
        if isinstance(state, StudHand):
            seat, first = dealer["seat"], str(dealer["buttons"][0]["event"])
            said = (
                f"{first} (?? unseen, or the cards)"
                if first.startswith("down")
                else (f"up {seat} CARD")
            )
            return [f"{dealer['street']} street, seat {seat}: {said}"]
        if dealer["seat"] is None:
            return ["deal the cards: deal"]
        seat = dealer["seat"]
        return [f"{dealer['street']}, seat {seat}: stands pat | draws N [CARDS]"]
    if station["showdown"]:
        seats = ", ".join(str(seat) for seat in station["showdown"])
        return [f"showdown: show SEAT CARDS or muck SEAT (seats {seats})"]
    return []


def seated(state: StudHand | DrawHand, texts: Sequence[str]) -> list[str]:
    """The events as typed, a betting word or a draw without its seat given the seat
    whose turn it is then (each event tried on a copy of the hand, so ``check; check``
    is two seats' checks); the rest, and all after one the hand does not take, as
    typed."""
    parse = parse_stud_event if isinstance(state, StudHand) else parse_draw_event
    trial = copy.deepcopy(state)
    found: list[str] = []
    for number, text in enumerate(texts):
        words = text.split()
        head = words[0].lower() if words else ""
        drawing = trial.to_draw if isinstance(trial, DrawHand) else None
        if head in _VERBS and trial.to_act is not None:
            text = f"{trial.to_act} {text}"
        elif head in ("draws", "stands") and drawing is not None:
            text = f"{drawing} {text}"
        found.append(text)
        try:
            trial.apply(parse(text))
        except EventError:
            return [*found, *texts[number + 1 :]]
    return found


_VERBS: Final = ("fold", "check", "call", "bet", "raise", "allin", "bring-in", "complete")
