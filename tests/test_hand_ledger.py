"""The card ledger on its own: an undealt deck, cards moved by corrective procedures,
and a recount that finds every card where the ledger says it is."""

from __future__ import annotations

import pytest

from floorman.cards import parse_card
from floorman.hand.ledger import CardLedger
from floorman.hand.records import BoardCard, Place, ProcedureError
from floorman.hand.table import Table


def ledger() -> CardLedger:
    return CardLedger(Table((1, 2, 3), 3), 2)


def test_an_undealt_deck_has_every_card_in_the_stub() -> None:
    cards = ledger()
    assert (cards.dealt, cards.deal_total, cards.stub_count) == (0, 6, 52)
    assert str(cards.location(parse_card("Ah"))) == "stub"
    assert cards.card_problems() == []


def test_a_card_taken_from_the_stub_is_set_aside_and_counted() -> None:
    cards = ledger()
    cards.move_card(parse_card("7d"), "set-aside")
    assert cards.set_aside == [parse_card("7d")]
    assert cards.location(parse_card("7d")) == Place("set-aside")
    assert (cards.stub_count, cards.card_problems()) == (51, [])


def test_a_board_card_goes_back_to_the_stub() -> None:
    cards = ledger()
    turn = parse_card("Kc")
    cards.board.append(BoardCard(turn, "turn", True, 4))
    cards.out += 1
    cards._record(turn, Place("board", street="turn"), 4)
    cards.move_card(turn, "stub")
    assert cards.board == []
    assert [t.to for t in cards.taken_back] == ["stub"]
    assert str(cards.location(turn)) == "stub"
    assert cards.card_problems() == []


def test_a_hole_card_not_dealt_cannot_be_taken() -> None:
    with pytest.raises(ProcedureError, match="seat 1's card 1 is not dealt"):
        ledger().take_hole_card(1, 1, "burn")


def test_deal_positions_start_left_of_the_button() -> None:
    cards = ledger()
    assert [cards.deal_position(seat, 1) for seat in (1, 2, 3)] == [1, 2, 3]
    assert cards.deal_position(1, 2) == 4
