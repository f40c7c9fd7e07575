"""What is found after the fact or in the deck: a pot disputed after it was pushed, a
boxed card, a joker or a card from another deck, too few cards.

Each is recorded as it happened, and the rulebook rules on it; only a boxed card
changes the cards in play (it came off the stub, face up, and is out of play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.hand.records import Refusal

if TYPE_CHECKING:
    from floorman.hand.events import Boxed, Dispute, FoundCard, Short
    from floorman.hand.state import HandState

__all__ = ["boxed", "dispute", "found_card", "short"]


def dispute(state: HandState, event: Dispute, n: int) -> None:
    """A dispute is of a pot pushed: the hand is over and the push is on record."""
    betting = state.betting
    if betting.over_reason not in ("fold", "showdown"):
        raise Refusal(
            betting.over_text()
            if betting.over_reason is not None
            else "a pot is disputed once it is pushed: the hand is not over"
        )
    if not state.pushed:
        raise Refusal("no pot was pushed: record the push first (award SEAT)")


def boxed(state: HandState, event: Boxed, n: int) -> None:
    """The boxed card came off the stub and is out of play, set aside."""
    state.betting.refuse_when_over()
    state.ledger.record_boxed(event.card, n)


def found_card(state: HandState, event: FoundCard, n: int) -> None:
    """A joker or a card from another deck is not one of the 52: nothing moves."""
    betting = state.betting
    betting.refuse_when_void()
    if event.where == "seat" and event.seat is not None:
        seat = betting.at_table(event.seat)
        if seat in betting.folded:
            raise Refusal(f"seat {seat} has no hand: the card was found in the muck")
    elif event.where == "board" and not state.ledger.board:
        raise Refusal("there is no board yet: a card found dealing the flop is on the board")


def short(state: HandState, event: Short, n: int) -> None:
    """A seat dealt too few cards, or a deck short of cards: the cards are as dealt."""
    betting = state.betting
    if event.seat is None:
        betting.refuse_when_void()
        return
    betting.refuse_when_over()
    seat = betting.at_table(event.seat)
    if seat in betting.folded:
        raise Refusal(f"seat {seat} has no live hand")
