"""Cards as a dealer writes and reads them."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import (
    DECK,
    Card,
    CardError,
    format_cards,
    parse_card,
    parse_cards,
    parse_optional_card,
)
from floorman.errors import FloormanError


@pytest.mark.parametrize(
    ("text", "ascii"),
    [
        ("Ah", "Ah"),
        ("ah", "Ah"),
        ("AH", "Ah"),
        ("10h", "Th"),
        ("Th", "Th"),
        ("th", "Th"),
        ("A♥", "Ah"),
        ("a♥", "Ah"),
        ("10♦", "Td"),
        ("2c", "2c"),
        ("K♠", "Ks"),
        (" 7d ", "7d"),
    ],
)
def test_every_way_a_card_room_writes_a_card(text: str, ascii: str) -> None:
    assert parse_card(text).ascii == ascii


@pytest.mark.parametrize("text", ["Zx", "1h", "11h", "Ahh", "A", "", "??", "10", "♥A", "Ax"])
def test_a_bad_card_names_itself(text: str) -> None:
    with pytest.raises(CardError, match=f'"{text}" is not a card'):
        parse_card(text)


def test_a_bad_card_is_a_user_error() -> None:
    with pytest.raises(FloormanError):
        parse_card("Zx")


def test_output_uses_suit_symbols_with_a_plain_option() -> None:
    card = parse_card("10h")
    assert str(card) == "10♥"
    assert card.pretty(ascii=True) == "Th"
    assert card.name == "ten of hearts"
    assert card.red
    assert not parse_card("As").red


def test_the_deck_has_52_different_cards() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))
    assert {card.suit for card in DECK} == set("cdhs")
    assert {card.rank for card in DECK} == set(range(2, 15))


def test_cards_are_shared_immutable_values() -> None:
    card = parse_card("Qs")
    assert card is Card(12, "s")
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]


def test_unknown_card_is_written_as_question_marks() -> None:
    assert parse_optional_card("??") is None
    assert parse_optional_card("Jc") == parse_card("Jc")
    assert format_cards([parse_card("Jc"), None]) == "J♣ ??"


def test_cards_read_in_a_run_or_separated() -> None:
    expected = (parse_card("Ah"), parse_card("Kd"), parse_card("Tc"))
    assert parse_cards("AhKd10c") == expected
    assert parse_cards("Ah, Kd, 10c") == expected
    assert parse_cards(["Ah", "Kd", "Tc"]) == expected
    with pytest.raises(CardError, match='"AhZz" is not a card'):
        parse_cards("AhZz")


def test_no_card_outside_the_deck_can_be_made() -> None:
    with pytest.raises(CardError):
        Card(15, "h")
    with pytest.raises(CardError):
        Card(10, "x")


@given(st.sampled_from(DECK), st.booleans())
def test_printed_cards_read_back(card: Card, ascii: bool) -> None:
    assert parse_card(card.pretty(ascii=ascii)) is card
    assert parse_card(card.name.split()[0][:0] + card.ascii.lower()) is card


@given(st.lists(st.sampled_from(DECK), max_size=10))
def test_printed_lists_read_back(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
