"""Events in a floor person's words: the timeline of an incident report, and what a
drill tells a trainee happened at the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from floorman.vocabulary import ORDINALS

if TYPE_CHECKING:
    from floorman.cards import Card
    from floorman.hand.events import Event

__all__ = ["event_description"]

_VERBS: Final = {
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "bet": "bets",
    "raise": "raises to",
    "allin": "is all in",
}
_SAID: Final = {"allin": "all in"}
_FLOOR_STEPS: Final = {
    "call": "The floor is called to the table",
    "ack": "The floor acknowledges the call",
    "resolve": "The floor resolves the call",
}
_POSTS: Final = {
    "sb": "a small blind",
    "bb": "a big blind",
    "ante": "an ante",
    "straddle": "a straddle",
    "dead": "dead chips",
}


def _shown(cards: Sequence[Card | None]) -> str:
    return " ".join("??" if card is None else card.pretty() for card in cards)


def event_description(event: Event) -> str:
    """An event as a floor person writes it in a report.

    >>> from floorman.hand.events import parse_event
    >>> event_description(parse_event("expose 1:1 Ah"))
    "The dealer exposes seat 1's first card: A♥"
    >>> event_description(parse_event("3 raise 60"))
    'Seat 3 raises to 60'
    """
    from floorman.hand import events as e

    if isinstance(event, e.Deal):
        return "The hole cards are dealt"
    if isinstance(event, e.Cards):
        return f"Seat {event.seat}'s hole cards are {_shown(event.cards)}"
    if isinstance(event, e.Expose):
        which = (
            f"{ORDINALS[event.round - 1]} card"
            if event.round is not None and event.round <= len(ORDINALS)
            else "latest card"
        )
        who = (
            f"Seat {event.seat} exposes its"
            if event.by_player
            else f"The dealer exposes seat {event.seat}'s"
        )
        card = f": {event.card.pretty()}" if event.card is not None else ""
        return f"{who} {which}{card}"
    if isinstance(event, e.Extra):
        card = f" ({event.card.pretty()})" if event.card is not None else ""
        return f"An extra card to seat {event.seat}{card}"
    if isinstance(event, e.Burn):
        card = f": {event.card.pretty()}" if event.card is not None else ""
        if event.before is not None:
            return f"A burn card from before the {event.before} is found{card}"
        return "Burn" + card
    if isinstance(event, e.Board):
        label = event.street.capitalize()
        if event.street == "flop" and len(event.cards) != 3:
            label += f" of {len(event.cards)} cards"
        return f"{label}: {_shown(event.cards)}"
    if isinstance(event, e.Action):
        if event.verb == "call" and event.amount is not None:
            return f"Seat {event.seat} calls, putting out {event.amount} in all"
        amount = f" {event.amount}" if event.amount is not None else ""
        return f"Seat {event.seat} {_VERBS.get(event.verb, event.verb)}{amount}"
    if isinstance(event, e.Chips | e.Says | e.StringBet | e.Motion):
        return _betting_description(event)
    if isinstance(event, e.Pullback):
        chips = " + ".join(str(chip) for chip in event.chips) if event.chips else "all"
        return f"Seat {event.seat} pulls back chips it had in front ({chips})"
    if isinstance(event, e.Prior):
        chips = " + ".join(str(chip) for chip in event.chips)
        return f"Seat {event.seat}'s chips in front from its earlier bet are {chips}"
    if isinstance(event, e.Kill):
        return f"Seat {event.seat}'s hand is killed: mucked by the dealer, or fouled"
    if isinstance(event, e.Retrieve):
        return f"Seat {event.seat}'s hand is taken back out of the muck"
    if isinstance(event, e.Miscount):
        return f"Seat {event.seat}'s pot bet is found made on a wrong count of the pot"
    if isinstance(event, e.Unaware):
        return f"Seat {event.seat} called unaware of a raise and asks for the chips back"
    if isinstance(event, e.Count):
        who = "a player" if event.by_player else "the dealer"
        return f"Seat {event.seat} asks for a count of the bet and is told {event.amount} by {who}"
    if isinstance(event, e.ChipsBehind):
        return f"Chips worth {event.amount} are found behind seat {event.seat}'s stack"
    if isinstance(event, e.Away):
        return f"Seat {event.seat}'s player is away from the seat when the deal ends"
    if isinstance(event, e.Clock):
        if event.expired:
            return f"The clock on seat {event.seat} runs out before the player acts"
        return f"The clock is put on seat {event.seat}"
    if isinstance(event, e.Run):
        times = {2: "twice", 3: "three times"}.get(event.times, f"{event.times} times")
        return f"The players agree to run the board {times}"
    if isinstance(event, e.Post):
        return f"Seat {event.seat} posts {_POSTS.get(event.what, event.what)} of {event.amount}"
    if isinstance(event, e.Show):
        return f"Seat {event.seat} shows {_shown(event.cards)}"
    if isinstance(event, e.Muck):
        return f"Seat {event.seat} mucks"
    if isinstance(event, e.PlaysBoard):
        return f"Seat {event.seat} declares playing the board"
    if isinstance(event, e.Reshuffle):
        return "The stub is reshuffled"
    if isinstance(event, e.Cut):
        return "The stub is cut"
    if isinstance(event, e.Misdeal):
        return "The floor declares a misdeal"
    if isinstance(event, e.Note):
        return f"Note: {event.text}"
    if isinstance(event, e.Floor):
        done = _FLOOR_STEPS[event.step]
        return f"{done}: {event.text}" if event.text else done
    if isinstance(event, e.Award):
        from floorman.showdown.pushes import describe_push

        return f"The dealer pushes {describe_push(event.seats, event.amount)}"
    return str(event)


def _betting_description(event: Event) -> str:
    """Chips pushed, words said, a string bet or a forward motion, as the floor writes them.

    >>> from floorman.hand.events import parse_event
    >>> _betting_description(parse_event("3 chips 1000+500"))
    'Seat 3 puts out 1000 + 500 (1500 in all) in one motion, without a word'
    >>> _betting_description(parse_event("2 says raise 8000"))
    'Seat 2 says "raise to 8000"'
    >>> _betting_description(parse_event("2 says if bet then raise"))
    'Seat 2 says "if bet, then raise" (a conditional statement)'
    >>> _betting_description(parse_event("1 says 500|5000"))
    'Seat 1 says an amount that can mean 500 or 5000'
    """
    from floorman.hand import events as e

    if isinstance(event, e.Chips):
        if len(event.chips) == 1:
            return f"Seat {event.seat} puts out a single {event.chips[0]} chip, without a word"
        chips = " + ".join(str(chip) for chip in event.chips)
        return (
            f"Seat {event.seat} puts out {chips} ({sum(event.chips)} in all) in one motion,"
            " without a word"
        )
    if isinstance(event, e.Says) and event.condition is not None:
        then = str(event).split(" then ", 1)[1]
        return (
            f'Seat {event.seat} says "if {event.condition}, then {then}" (a conditional statement)'
        )
    if isinstance(event, e.Says) and event.readings:
        meanings = " or ".join(str(r) for r in event.readings)
        return f"Seat {event.seat} says an amount that can mean {meanings}"
    if isinstance(event, e.Says):
        word = _SAID.get(event.verb or "", event.verb or "")
        if event.amount is None:
            return f'Seat {event.seat} says "{word}"'
        if event.verb is None:
            return f'Seat {event.seat} says "{event.amount}"'
        to = " to" if event.verb == "raise" else ""
        return f'Seat {event.seat} says "{word}{to} {event.amount}"'
    if isinstance(event, e.StringBet):
        return (
            f"Seat {event.seat} puts out chips in two motions, to {event.first} and then to"
            f" {event.total}: a string bet"
        )
    assert isinstance(event, e.Motion)
    toward = f" toward {event.total}" if event.total is not None else ""
    return f"Seat {event.seat} moves chips forward{toward} and stops short"
