"""The card ledger on its own: an undealt deck, cards moved by corrective procedures,
and a recount that finds every card where the ledger says it is."""

from __future__ import annotations

import pytest

from floorman.cards import parse_card
from floorman.hand.ledger import CardLedger
from floorman.hand.order import FlopDeal
from floorman.hand.records import Place, ProcedureError, Refusal
from floorman.hand.table import Table


def ledger() -> CardLedger:
    return CardLedger(FlopDeal(Table((1, 2, 3), 3), 2))


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
    cards.record_board("flop", (parse_card("2c"), parse_card("3d"), parse_card("4h")), False, 3)
    turn = parse_card("Kc")
    cards.record_board("turn", (turn,), True, 4)
    cards.move_card(turn, "stub")
    assert [b.street for b in cards.board] == ["flop"] * 3
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


FLOP = (parse_card("Ah"), parse_card("Kd"), parse_card("7c"))


def test_a_snapshot_puts_back_every_card_a_procedure_moved() -> None:
    cards = ledger()
    cards.record_cards(1, (parse_card("2s"), parse_card("3s")), 1)
    cards.record_burn(None, None, 2)
    cards.record_board("flop", FLOP, False, 3)
    saved = cards.snapshot()
    cards.move_card(FLOP[0], "set-aside")
    cards.take_hole_card(1, 2, "burn")
    assert cards.snapshot() != saved
    cards.restore(saved)
    assert cards.snapshot() == saved
    assert cards.location(FLOP[0]) == Place("board", street="flop")
    assert cards.hole(1) == (parse_card("2s"), parse_card("3s"))
    assert (cards.stub_count, cards.card_problems()) == (52 - 10, [])


def test_a_refused_card_event_changes_nothing() -> None:
    cards = ledger()
    cards.record_board("flop", FLOP, False, 1)
    saved = cards.snapshot()
    with pytest.raises(Refusal, match="there is no turn yet: the river cannot come before it"):
        cards.record_board("river", (parse_card("2d"),), False, 2)
    with pytest.raises(Refusal, match="the turn is not out: record the burn as it is made"):
        cards.record_burn(None, "turn", 2)
    assert cards.snapshot() == saved


def test_a_copy_is_independent() -> None:
    cards = ledger()
    cards.record_board("flop", FLOP, False, 1)
    copy = cards.copy()
    copy.move_card(FLOP[1], "stub")
    assert cards.board_cards == FLOP
    assert copy.board_cards == (FLOP[0], FLOP[2])
    assert copy.snapshot() != cards.snapshot()
