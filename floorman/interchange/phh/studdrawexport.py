"""Stud and draw hands written as PHH files (``F7S``, ``F7S/8``, ``FR``, ``F2L3D``,
``N2L1D``), which the PHH importers of those games (and pokerkit) replay.

A stud street for one seat is one PHH deal (``d dh p1 8h5sTc`` on third street: the
two downcards, then the upcard); the bring-in is ``pb``, the completion and every
bet or raise ``cbr`` with the seat's total. A draw is the seat's discards (``p2 sd
????``, unknown to the record) and the cards it is dealt (``d dh p2 Jh4s``). Draw
players are listed from the first seat left of the button to the button, as PHH
seats them; stud players by seat. What PHH has no word for (a note, the cards a
seat holds made known mid-hand) is written as commentary.

>>> from floorman.interchange.studfile import parse_stud_hand
>>> hand = parse_stud_hand('''
... game: stud
... ante: 5
... bring_in: 10
... limits: [20, 40]
... seats: {1: 500, 2: 500, 3: 500}
... events: ["down 1 Ah Ad", "up 1 Th", "down 2 ?? ??", "up 2 2c", "down 3 ?? ??",
...          "up 3 9s", "2 bring-in", "3 fold", "1 complete", "2 fold"]
... ''')
>>> print(dump_other_phh(hand, hand.events), end="")
variant = "F7S"
antes = [5, 5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [500, 500, 500]
actions = [
  "d dh p1 AhAdTh",
  "d dh p2 ????2c",
  "d dh p3 ????9s",
  "p2 pb",
  "p3 f",
  "p1 cbr 20",
  "p2 f",
]
finishing_stacks = [520, 485, 495]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from floorman.hand.events import Action, Cards, Deal, Event, Muck, Note, Show
from floorman.interchange.phh.errors import PhhError
from floorman.interchange.phh.writer import toml_value

if TYPE_CHECKING:
    from floorman.cards import Card
    from floorman.interchange.drawfile import DrawHandFile
    from floorman.interchange.studfile import StudHandFile

__all__ = ["dump_other_phh"]

_STUD_CODES: Final = {"stud": "F7S", "stud-hilo": "F7S/8", "razz": "FR"}
_DRAW_CODES: Final = {("triple-draw-27", "limit"): "F2L3D", ("single-draw-27", "no-limit"): "N2L1D"}


def _cards(cards: Sequence[Card | None]) -> str:
    return "".join("??" if card is None else card.ascii for card in cards)


def dump_other_phh(hand: StudHandFile | DrawHandFile, texts: Sequence[str]) -> str:
    """A stud or draw hand (its header and events) as a PHH file; :class:`PhhError` for a
    game PHH names no variant for."""
    from floorman.interchange.studfile import StudHandFile

    if isinstance(hand, StudHandFile):
        return _stud(hand, texts)
    return _draw(hand, texts)


def _wager(state: Any, event: Action, player: int) -> str:
    """A betting action as PHH writes it, read against the state before it."""
    if event.verb == "fold":
        return f"p{player} f"
    if event.verb in ("check", "call"):
        return f"p{player} cc"
    before = state.current_bet
    state.apply(event)
    total = state.bets[event.seat]
    if event.verb == "allin" and total <= before:
        return f"p{player} cc"
    return f"p{player} cbr {total}"


def _common(event: Event, player: dict[int, int]) -> str | None:
    """A show, a muck or a note, as PHH writes it."""
    if isinstance(event, Show):
        return f"p{player[event.seat]} sm {_cards(event.cards)}"
    if isinstance(event, Muck):
        return f"p{player[event.seat]} sm"
    if isinstance(event, Note):
        return f"# {event.text}"
    return None


def _stud(hand: StudHandFile, texts: Sequence[str]) -> str:
    from floorman.hand.studevents import BringIn, Complete, Down, Up, parse_stud_event
    from floorman.interchange.dealtrulings import hand_book
    from floorman.interchange.studfile import check_stud
    from floorman.rules.studdraw import procedure_of

    seats = sorted(hand.seats)
    player = {seat: index for index, seat in enumerate(seats, 1)}
    state = hand.start(procedure_of(hand_book(hand).options))
    held: dict[int, tuple[Card | None, ...]] = {}
    actions: list[str] = []
    for number, text in enumerate(texts, 1):
        event = parse_stud_event(text, number)
        if isinstance(event, Down) and len(state.cards(event.seat)) == 0:
            held[event.seat] = event.cards  # third street's downcards go with its upcard
            state.apply(event, number)
            continue
        if isinstance(event, Up | Down):
            cards = (
                *held.pop(event.seat, ()),
                *(event.cards if isinstance(event, Down) else (event.card,)),
            )
            actions.append(f"d dh p{player[event.seat]} {_cards(cards)}")
        elif isinstance(event, BringIn):
            actions.append(f"p{player[event.seat]} pb")
        elif isinstance(event, Complete):
            state.apply(event, number)
            actions.append(f"p{player[event.seat]} cbr {state.bets[event.seat]}")
            continue
        elif isinstance(event, Action):
            actions.append(_wager(state, event, player[event.seat]))
            if event.verb not in ("fold", "check", "call"):
                continue
        else:
            actions.append(_common(event, player) or f"# floorman: {event}")
        state.apply(event, number)
    lines = [
        f"variant = {toml_value(_STUD_CODES[hand.game])}",
        f"antes = {toml_value([hand.ante] * len(seats))}",
        f"bring_in = {hand.bring_in}",
        f"small_bet = {hand.limits[0]}",
        f"big_bet = {hand.limits[1]}",
        f"starting_stacks = {toml_value([hand.seats[seat] for seat in seats])}",
        "actions = [",
        *(f"  {toml_value(action)}," for action in actions),
        "]",
    ]
    settled = check_stud(hand.model_copy(update={"events": list(texts)})).settled
    if settled is not None:
        lines.append(f"finishing_stacks = {toml_value([settled.stacks[s] for s in seats])}")
    return "\n".join(lines) + "\n"


def _draw(hand: DrawHandFile, texts: Sequence[str]) -> str:
    from floorman.hand.drawevents import Draw, parse_draw_event
    from floorman.hand.table import Table
    from floorman.interchange.drawfile import check_draw

    code = _DRAW_CODES.get((hand.game, hand.betting))
    if code is None:
        raise PhhError(f"PHH has no variant floorman writes for {hand.betting} {hand.game}")
    table = Table(tuple(hand.seats), hand.button)
    ordered = sorted(hand.seats)
    seats = [s for s in ordered if s > hand.button] + [s for s in ordered if s <= hand.button]
    player = {seat: index for index, seat in enumerate(seats, 1)}
    small_seat, big_seat = table.blind_seats
    blinds = {big_seat: hand.blinds[1]}
    if small_seat is not None:
        blinds[small_seat] = hand.blinds[0]
    antes = dict.fromkeys(seats, hand.ante)
    antes[big_seat] += hand.big_blind_ante
    forced = [blinds.get(seat, 0) for seat in seats]
    ante_list = [antes[seat] for seat in seats]
    if len(seats) == 2:  # heads-up the button posts the small blind: PHH lists it first
        forced.reverse()
        ante_list.reverse()
    state = hand.start()
    actions: list[str] = []
    for number, text in enumerate(texts, 1):
        event = parse_draw_event(text, number)
        if isinstance(event, Deal):
            actions.extend(f"d dh p{player[seat]} {'??' * _hole(hand.game)}" for seat in seats)
        elif isinstance(event, Draw):
            new = event.cards or (None,) * event.count
            actions.append(f"p{player[event.seat]} sd {'??' * event.count}".rstrip())
            if event.count:
                actions.append(f"d dh p{player[event.seat]} {_cards(new)}")
        elif isinstance(event, Action):
            actions.append(_wager(state, event, player[event.seat]))
            if event.verb not in ("fold", "check", "call"):
                continue
        elif isinstance(event, Cards):
            actions.append(f"# floorman: {event}")
        else:
            actions.append(_common(event, player) or f"# floorman: {event}")
        state.apply(event, number)
    lines = [
        f"variant = {toml_value(code)}",
        f"antes = {toml_value(ante_list)}",
        f"blinds_or_straddles = {toml_value(forced)}",
    ]
    if hand.betting == "limit":
        small, big = hand.limits or (hand.blinds[1], 2 * hand.blinds[1])
        lines += [f"small_bet = {small}", f"big_bet = {big}"]
    else:
        lines.append(f"min_bet = {hand.min_bet or hand.blinds[1]}")
    lines += [
        f"starting_stacks = {toml_value([hand.seats[seat] for seat in seats])}",
        "actions = [",
        *(f"  {toml_value(action)}," for action in actions),
        "]",
    ]
    settled = check_draw(hand.model_copy(update={"events": list(texts)})).settled
    if settled is not None:
        lines.append(f"finishing_stacks = {toml_value([settled.stacks[s] for s in seats])}")
    return "\n".join(lines) + "\n"


def _hole(game: str) -> int:
    from floorman.hand.drawstate import HOLE

    return int(HOLE[game])
