"""A hand state as a dealer reads it: a few lines after each event, the whole table on demand."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from floorman.cards import Card, format_cards
from floorman.hand.records import STREETS, PendingStep
from floorman.hand.state import HandState
from floorman.vocabulary import GAME_SHORT_NAMES

_OVER = {
    "fold": "everyone else folded",
    "showdown": "showdown",
    "misdeal": "misdeal: every chip goes back",
    "void": "void: all action void, every chip goes back",
}

_TAKEN_TO = {
    "set-aside": "taken out of play",
    "stub": "returned to the stub",
    "burn": "made the burn",
}


def headline(state: HandState, kind: str = "cash") -> str:
    """``hold'em no-limit 1/2, button seat 3``; a tournament table, a bomb pot, a dead
    button on an empty seat, a hand dealt from a button out of position, a small blind
    fallen to an empty seat and one posted past the first seat left of the button are
    said."""
    small, big = state.betting.blinds
    text = f"{GAME_SHORT_NAMES.get(state.game, state.game)} {state.betting.structure} {small}/{big}"
    if state.betting.ante:
        text += f" ante {state.betting.ante}"
    if kind == "tournament":
        text += ", tournament"
    if state.betting.bomb_pot:
        text += f", bomb pot {state.betting.bomb_pot}"
    text += f", button seat {state.table.button}"
    if state.table.button not in state.table.seats:
        text += " (empty)"
    if state.button_belongs is not None:  # dealt from there: ``button SEAT dealt``
        text += f" (it belonged on seat {state.button_belongs})"
    if state.table.small_blind_seat is not None:
        text += f", small blind seat {state.table.small_blind_seat}"
    return text if state.table.small_blind else text + ", no small blind"


def board_text(state: HandState) -> str:
    ledger = state.ledger
    if ledger.run_count > 1:
        done = [format_cards(board) for board in ledger.run_boards[:-1]]
        shown = [*done, _cards_on_board(state) or "no board"]
        return "; ".join(
            f"run {i} of {ledger.run_count}: {text}" for i, text in enumerate(shown, 1)
        )
    return _cards_on_board(state) or "no board"


def _cards_on_board(state: HandState) -> str:
    """The board on the table, a card turned early marked ``!``; empty before the flop."""
    if not state.ledger.board:
        return ""
    parts = []
    for b in state.ledger.board:
        parts.append(str(b.card) + ("!" if b.premature else ""))
    return " ".join(parts)


def finished(state: HandState) -> bool:
    """The hand is over and nothing is left to do in it: not a showdown still waiting for
    a live hand to be tabled, where nobody can yet say who wins."""
    from floorman.showdown.settlement import awaiting_hands

    return state.over and not awaiting_hands(state)


def state_lines(state: HandState, *, known: Collection[str] = ()) -> list[str]:
    """Street, board and pot; who acts (or how the hand ended); anything irregular.

    Reminders in ``known`` (those the dealer saw after the last event) are left
    out: a procedure in force is said once, and again when it falls due, in the
    line that says what the dealer does next.
    """
    street = state.street
    first = f"{street:<8} {board_text(state):<18} pot {state.betting.pot}"
    bets = {s: b for s, b in state.betting.street_bets.items() if b}
    if bets and not state.over:
        first += "  in front: " + " ".join(f"{s}={b}" for s, b in sorted(bets.items()))
    lines = [first]
    if state.over_reason == "fold":
        (winner,) = state.betting.live or (None,)
        lines.append(f"hand over: {_OVER['fold']}; seat {winner} takes the pot")
    elif state.over_reason == "showdown":
        waiting = [
            seat
            for seat in state.betting.showdown_order()
            if seat not in state.shown and seat not in state.plays_board
        ]
        if waiting:
            order = ", ".join(str(seat) for seat in waiting)
            lines.append(f"showdown: seats show in the order {order}")
        else:
            lines.append("showdown: every hand is tabled")
    elif state.over_reason is not None:
        lines.append(f"hand over: {_OVER.get(state.over_reason, state.over_reason)}")
    elif not state.ledger.deal_complete and state.ledger.dealt:
        lines.append(f"dealing: {state.ledger.dealt} of {state.ledger.deal_total} hole cards out")
    elif not state.ledger.deal_complete and state.to_act is not None:
        lines.append(f"deal the cards; seat {state.to_act} acts first")
    elif state.to_act is not None:
        seat = state.to_act
        options = ", ".join(state.betting.options(seat))
        lines.append(f"seat {seat} to act ({state.betting.stacks[seat]} behind): {options}")
    else:
        nxt = state.ledger.next_board_street
        dealer = dealer_text(state, nxt) if nxt is not None else None
        if nxt is None and state.ledger.runs_to_come > 0:
            ledger = state.ledger
            lines.append(
                f"run {len(ledger.runs) + 2} of {ledger.run_count} next: burn and deal the"
                f" {ledger.run_from}"
            )
        elif dealer is not None:
            why = "betting complete" if state.betting.betting_left else "no betting left (all in)"
            lines.append(f"{why}; dealer: {dealer}")
        elif not state.betting.betting_left and nxt is not None:
            lines.append(f"no betting left (all in): deal the {nxt}")
        elif nxt is not None:
            lines.append(f"betting complete: deal the {nxt}")
    lines.extend(line for line in reminder_lines(state) if line not in known)
    return lines


def reminder_lines(state: HandState) -> list[str]:
    """The procedures in force for streets further on, and the irregular facts."""
    lines = procedure_notices(state)
    notices = notices_for(state)
    if notices:
        lines.append("; ".join(notices))
    return lines


def dealer_text(state: HandState, street: str) -> str | None:
    """What the dealer does before ``street`` under the corrective procedures in force,
    in order (``None`` when nothing departs from burning and dealing it)."""
    steps = _steps_for(state, street)
    if not steps:
        return None
    parts: list[str] = []
    dealt = reshuffled = False
    set_aside = format_cards(c for c in state.ledger.set_aside if c is not None)
    for step in steps:
        cards = format_cards(step.cards)
        if step.do == "return-to-stub":
            parts.append(f"return the {cards} to the stub")
        elif step.do == "set-aside":
            parts.append(f"take the {cards} out of play")
        elif step.do == "reshuffle":
            parts.append(f"reshuffle the stub with the {set_aside}" if set_aside else "reshuffle")
            reshuffled = True
        elif step.do == "cut":
            parts.append("cut")
        elif step.do == "burn":
            parts.append(f"burn a card and deal the {street}")
            dealt = True
        elif step.do == "burn-twice":
            parts.append(f"burn two cards and deal the {street}")
            dealt = True
        elif step.do == "deal-without-burn":
            parts.append(f"deal the {street} without a burn")
            dealt = True
        elif step.do == "use-as-burn":
            burn = f"the {cards or step.what}"
            parts.append(f"{burn} is the {street}'s burn: deal the {street} with no other burn")
            dealt = True
        elif step.do == "scramble":
            parts.append(f"one of the scrambled {cards} is the burn, the others the {street}")
            dealt = True
    if not dealt:
        parts.append(f"deal the {street}")
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", then " + parts[-1]
    if set_aside and not reshuffled:
        text += f" ({set_aside} set aside)"
    return text


def _steps_for(state: HandState, street: str) -> list[PendingStep]:
    return [step for step in state.procedures if step.street == street]


def procedure_notices(state: HandState) -> list[str]:
    """The procedures in force for streets other than the one the dealer deals next
    (a board card to correct before anyone acts on it, a street further on)."""
    on_board = {b.street for b in state.ledger.board}
    waiting = state.to_act is None and not state.over
    notes: list[str] = []
    for street in ("flop", "turn", "river"):
        steps = _steps_for(state, street)
        if not steps or (waiting and street == state.ledger.next_board_street):
            continue
        text = dealer_text(state, street)
        event = steps[0].event
        if street in on_board:
            notes.append(f"correct the {street} first (event {event}): {text}")
        else:
            notes.append(f"before the {street} (event {event}): {text}")
    return notes


def notices_for(state: HandState) -> list[str]:
    """Irregular facts a floor person should see at once."""
    notes: list[str] = []
    premature = [b for b in state.ledger.board if b.premature]
    if premature:
        cards = format_cards(b.card for b in premature)
        notes.append(f"premature board card {cards} (event {premature[0].event})")
    in_force = {step.event for step in state.procedures}
    taken: dict[tuple[int, str], list[str]] = {}
    for back in state.ledger.taken_back:
        if back.board.premature and back.board.event in in_force:
            taken.setdefault((back.board.event, back.to), []).append(str(back.board.card))
    for (event, to), named in taken.items():
        where = _TAKEN_TO.get(to, to)
        notes.append(f"premature board card {' '.join(named)} (event {event}) {where}")
    for d in state.ledger.duplicates[-2:]:
        first = f"event {d.first_event} ({d.first_place})"
        notes.append(f"{d.card} recorded twice: {first}, event {d.event} ({d.place})")
    exposed = state.ledger.exposed
    if exposed:
        shown = ", ".join(f"{seat}:{r} by {who}" for (seat, r), who in sorted(exposed.items()))
        notes.append(f"exposed: {shown}")
    extras = {s: len(e) for s, e in state.ledger.extras.items() if e}
    if extras:
        notes.append("extra cards: " + ", ".join(f"seat {s} ({n})" for s, n in extras.items()))
    if state.ledger.set_aside:
        notes.append(f"set aside: {format_cards(state.ledger.set_aside)}")
    return notes


def award_lines(pots: list[dict[str, Any]], state: HandState | None = None) -> list[str]:
    """Who takes each pot, once the hand is settled: ``pot 106: seat 1 takes 106``, odd
    chips with the reason they go where they go; nothing while a pot is undecided.
    After a showdown of ``state``, each winner's hand follows its pot, and in hi-lo
    the half it won: ``seat 3: low, 8-5-3-2-A``."""
    if not pots or not all(pot["awards"] or not pot["amount"] for pot in pots):
        return []
    lines = []
    for index, pot in enumerate(pots):
        if not pot["awards"]:
            continue
        name = "pot" if len(pots) == 1 else ("main pot" if index == 0 else f"side pot {index}")
        shares = ", ".join(f"seat {seat} takes {chips}" for seat, chips in pot["awards"].items())
        line = f"{name} {pot['amount']}: {shares}"
        for chip in pot["odd_chips"]:
            to = f"seat {chip['seat']}" if chip["seat"] is not None else "the next deal"
            line += f"; odd chip {chip['amount']} to {to}, {chip['reason']}"
        lines.append(line)
        runs = pot.get("runs", [])
        boards = state.ledger.run_boards if state is not None else ()
        for number, run in enumerate(runs, 1):
            taken = ", ".join(f"seat {seat} takes {chips}" for seat, chips in run["awards"].items())
            if state is None or number > len(boards):
                lines.append(f"  run {number}, {run['amount']}: {taken}")
                continue
            board = boards[number - 1]
            lines.append(f"  run {number}, {run['amount']} on {format_cards(board)}: {taken}")
            lines.extend("  " + hand for hand in winning_hands(state, run, board))
        if state is not None and not runs:
            lines.extend(winning_hands(state, pot))
    return lines


def standing_lines(pots: list[dict[str, Any]], awards: dict[int, int]) -> list[str]:
    """When a dispute came too late and the result stands, the chips as the dealer
    pushed them, which the pots (what the cards give) no longer say."""
    given: dict[int, int] = {}
    for pot in pots:
        for seat, chips in pot["awards"].items():
            given[int(seat)] = given.get(int(seat), 0) + chips
    won = {seat: chips for seat, chips in awards.items() if chips}
    if not won or won == {seat: chips for seat, chips in given.items() if chips}:
        return []
    shares = ", ".join(f"seat {seat} keeps {chips}" for seat, chips in sorted(won.items()))
    return [f"the result stands as pushed: {shares}"]


def winning_hands(
    state: HandState, pot: dict[str, Any], run_board: Sequence[Card] | None = None
) -> list[str]:
    """The tabled hands that won a pot (or a run's part of it, on ``run_board``) at the
    showdown, in the dealer's words."""
    board = list(run_board) if run_board is not None else [b.card for b in state.ledger.board]
    if state.over_reason != "showdown" or len(board) != 5:
        return []
    holes: dict[int, list[Card]] = {}
    for seat in pot["eligible"]:
        cards = [
            card for card in state.shown.get(seat) or state.ledger.hole(seat) if card is not None
        ]
        if seat in state.plays_board and state.game == "holdem":
            holes[seat] = cards if len(cards) == 2 else []
        elif (
            seat in state.shown
            and seat not in state.betting.mucked
            and seat not in state.betting.killed
        ):
            holes[seat] = cards
    if not holes:
        return []
    from floorman.errors import FloormanError
    from floorman.showdown.reading import showdown

    try:
        read = showdown(state.game, board, holes)
    except FloormanError:
        return []
    won = {int(seat) for seat in pot["awards"]}
    half = "high, " if read.low_winners else ""
    hands: dict[str, list[int]] = {}
    for seat in read.high_winners:
        if seat in won:
            name = read.announce(seat)
            hands.setdefault(half + name[:1].lower() + name[1:], []).append(seat)
    for seat in read.low_winners:
        low = read.low[seat]
        if seat in won and low is not None:
            hands.setdefault(f"low, {low.name.removesuffix(' low')}", []).append(seat)
    return [f"  {_seats(seats)}: {name}" for name, seats in hands.items()]


def _seats(seats: list[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def detail_lines(state: HandState, kind: str = "cash") -> list[str]:
    """The whole table (at a ``kind`` of table): every seat, the board, burns, the stub."""
    lines = [headline(state, kind)]
    lines.append("seat  behind  in front  in pot  cards")
    for seat in state.table.seats:
        marks = "B" if seat == state.table.button else " "
        marks += ">" if seat == state.to_act else " "
        status = ""
        if seat in state.betting.killed:
            status = "dead"
        elif seat in state.betting.mucked:
            status = "mucked"
        elif seat in state.betting.folded:
            status = "folded"
        elif state.betting.stacks[seat] == 0 and state.over_reason not in ("misdeal", "void"):
            status = "all in"
        cards = format_cards(state.ledger.hole(seat)) if state.ledger.dealt else ""
        extra = state.ledger.extras[seat]
        if extra:
            cards += " + " + format_cards(extra)
        if seat in state.shown:
            status = (status + " shown").strip()
        if seat in state.plays_board:
            status = (status + " plays the board").strip()
        lines.append(
            f"{seat:>3}{marks} {state.betting.stacks[seat]:>7} {state.betting.street_bets[seat]:>9}"
            f" {state.betting.contributed[seat]:>7}  {cards:<12} {status}".rstrip()
        )
    lines.append(f"street: {STREETS[state.betting.street_index]}; board: {board_text(state)}")
    burns = ", ".join(
        f"{street} {len(state.ledger.burns_for(street))}" for street in ("flop", "turn", "river")
    )
    lines.append(f"burns: {burns}; stub: {state.ledger.stub_count} cards; pot {state.betting.pot}")
    lines.extend(state_lines(state)[1:])
    return lines
