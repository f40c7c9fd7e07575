"""Reading hands at showdown: the words, the five cards, the winners, and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import DECK, Card, parse_cards
from floorman.errors import FloormanError
from floorman.showdown.evaluation import high_value, omaha_high_value
from floorman.showdown.reading import ReadingError, read_high, read_low, showdown


def ascii_cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.ascii for card in cards)


@pytest.mark.parametrize(
    ("hole", "board", "name", "plays"),
    [
        ("Ah Kh", "Qh Jh Th 2c 3d", "Royal flush", "Ah Kh Qh Jh Th"),
        ("9h 8h", "7h 6h 5h 2c 3d", "Straight flush, nine high", "9h 8h 7h 6h 5h"),
        ("Ad 2d", "3d 4d 5d Kc Ks", "Straight flush, five high", "5d 4d 3d 2d Ad"),
        ("7c 7d", "7h 7s Kc 2d 3h", "Four of a kind, sevens", "7s 7h 7d 7c Kc"),
        ("Kd 9c", "Kh Ks 9h 2c 3d", "Full house, kings full of nines", "Ks Kh Kd 9h 9c"),
        ("Ah 9h", "2h 5h 7h Kc Qd", "Flush, ace high", "Ah 9h 7h 5h 2h"),
        ("Ah 2d", "3c 4s 5h Kd Kc", "Straight, five high", "5h 4s 3c 2d Ah"),
        ("Qc Qd", "Qs 9h 2c 3d Ac", "Three of a kind, queens", "Qs Qd Qc Ac 9h"),
        ("Ah 4d", "As 4c Kd 2c 7h", "Two pair, aces and fours", "As Ah 4d 4c Kd"),
        ("Jh Jd", "9s 7c 2h 3d Ac", "Pair of jacks", "Jh Jd Ac 9s 7c"),
        ("Ad 9c", "7s 5h 3c 2d Qh", "High card, ace", "Ad Qh 9c 7s 5h"),
        ("Td 9c", "Th 9h 8s 7c 6d", "Straight, ten high", "Th 9h 8s 7c 6d"),
    ],
)
def test_holdem_readings(hole: str, board: str, name: str, plays: str) -> None:
    reading = read_high("holdem", parse_cards(hole), parse_cards(board))
    assert reading.name == name
    assert str(reading) == name
    assert ascii_cards(reading.cards) == plays
    assert reading.value == high_value(parse_cards(hole) + parse_cards(board))


@pytest.mark.parametrize(
    ("hole", "board", "full_name"),
    [
        ("7c 7d", "7h 7s Kc 2d 3h", "Four of a kind, sevens, king kicker"),
        ("Qc Qd", "Qs 9h 2c 3d Ac", "Three of a kind, queens, ace-nine kickers"),
        ("Ah 4d", "As 4c Kd 2c 7h", "Two pair, aces and fours, king kicker"),
        ("Jh Jd", "9s 7c 2h 3d Ac", "Pair of jacks, ace-nine-seven kickers"),
        ("Ah 9h", "2h 5h 7h Kc Qd", "Flush, ace-nine-seven-five-deuce"),
        ("Ad 9c", "7s 5h 3c 2d Qh", "High card, ace-queen-nine-seven-five"),
        ("Kd 9c", "Kh Ks 9h 2c 3d", "Full house, kings full of nines"),
        ("Ah 2d", "3c 4s 5h Kd Kc", "Straight, five high"),
    ],
)
def test_full_names_add_the_kickers(hole: str, board: str, full_name: str) -> None:
    assert read_high("holdem", parse_cards(hole), parse_cards(board)).full_name == full_name


def test_holdem_reads_the_board_when_it_plays() -> None:
    reading = read_high("holdem", (), parse_cards("Ts Js Qs Ks As"))
    assert reading.name == "Royal flush"
    plays_board = read_high("holdem", parse_cards("2c 3d"), parse_cards("9s 9h 9d 9c Ah"))
    assert ascii_cards(plays_board.cards) == "9s 9h 9d 9c Ah"


def test_holdem_shows_board_cards_when_a_hole_card_only_matches_them() -> None:
    reading = read_high("holdem", parse_cards("Kd 4c"), parse_cards("Kh Qs 8d 6c 4h"))
    assert reading.name == "Two pair, kings and fours"
    assert ascii_cards(reading.cards) == "Kh Kd 4h 4c Qs"


def test_omaha_uses_exactly_two_hole_cards() -> None:
    board = parse_cards("Ah Kh Qh Jh Th")
    reading = read_high("omaha", parse_cards("9c 2c 3d 4d"), board)
    assert reading.name == "High card, ace"
    assert ascii_cards(reading.cards) == "Ah Kh Qh 9c 4d"
    aces = read_high("omaha", parse_cards("Ac Ad Ah As"), parse_cards("Kc 7d 2h 5s 9c"))
    assert aces.name == "Pair of aces"
    assert sum(card.rank == 14 for card in aces.cards) == 2


def test_omaha_reading_names_the_two_and_three_that_play() -> None:
    reading = read_high("omaha", parse_cards("Ah Kd 7c 2s"), parse_cards("Qh Jh Th 3h 4c"))
    assert reading.name == "Straight, ace high"
    assert ascii_cards(reading.cards) == "Ah Kd Qh Jh Th"


@pytest.mark.parametrize(
    ("game", "hole", "board", "name", "plays"),
    [
        ("omaha-hilo", "Ac 3d Ks Qd", "2c 5d 8h Kc Js", "8-5-3-2-A low", "8h 5d 3d 2c Ac"),
        ("omaha-hilo", "Ah 2h Kd Kc", "3h 4h 5h Qs Js", "5-4-3-2-A low", "5h 4h 3h 2h Ah"),
        ("omaha-hilo", "Ah 2h 3c Kc", "Ad 2d 7h 8s Js", "8-7-3-2-A low", "8s 7h 3c 2d Ah"),
        ("holdem", "Ah 6d", "2c 3d 4h Kc Qs", "6-4-3-2-A low", "6d 4h 3d 2c Ah"),
    ],
)
def test_low_readings(game: str, hole: str, board: str, name: str, plays: str) -> None:
    reading = read_low(game, parse_cards(hole), parse_cards(board))
    assert reading is not None
    assert reading.name == name
    assert ascii_cards(reading.cards) == plays


def test_no_low_without_three_low_board_cards_or_two_low_hole_cards() -> None:
    assert read_low("omaha-hilo", parse_cards("Ah 2h Kd Kc"), parse_cards("3h 9h Ts Qs Js")) is None
    assert read_low("omaha-hilo", parse_cards("Ah Ad Kd Kc"), parse_cards("3h 4h 5s Qs Js")) is None


def test_the_example_showdown() -> None:
    hands = {3: parse_cards("Ac 3d Ks Qd"), 5: parse_cards("Jh Jd 9s 7c")}
    result = showdown("omaha-hilo", parse_cards("2c 5d 8h Kc Js"), hands)
    assert result.high[3].name == "Pair of kings"
    assert result.high[5].name == "Three of a kind, jacks"
    assert result.low[5] is None
    low = result.low[3]
    assert low is not None
    assert low.name == "8-5-3-2-A low"
    assert result.high_winners == (5,)
    assert result.low_winners == (3,)


def test_tied_hands_split_and_unqualified_low_leaves_no_low_winner() -> None:
    hands = {
        2: parse_cards("9c 8d 6h 6d"),
        6: parse_cards("9s 8s 2h 3d"),
        4: parse_cards("2c 2d 3c 3h"),
    }
    result = showdown("omaha-hilo", parse_cards("Tc Jd Qs 4h 4s"), hands)
    assert result.high_winners == (2, 6)
    assert result.high[2].name == result.high[6].name == "Straight, queen high"
    assert result.low_winners == ()
    assert list(result.high) == [2, 4, 6]


def test_a_shared_low_is_a_tie() -> None:
    hands = {1: parse_cards("Ac 2c Kd Kh"), 2: parse_cards("Ad 2d Qh Qs")}
    result = showdown("omaha-hilo", parse_cards("3c 4d 5h Js Ts"), hands)
    assert result.low_winners == (1, 2)


def test_holdem_and_omaha_have_no_low_half() -> None:
    result = showdown("holdem", parse_cards("2c 5d 8h Kc Js"), {1: parse_cards("Ac 3d")})
    assert result.low == {}
    assert result.low_winners == ()
    assert result.high_winners == (1,)


def test_the_dealer_names_kickers_only_when_they_decide() -> None:
    board = parse_cards("Js 9h 7d 4c 2s")
    result = showdown("holdem", board, {1: parse_cards("Jh Ac"), 2: parse_cards("Jd Kc")})
    assert result.announce(1) == "Pair of jacks, ace-nine-seven kickers"
    assert result.announce(2) == "Pair of jacks, king-nine-seven kickers"
    result = showdown("holdem", board, {1: parse_cards("Jh Ac"), 2: parse_cards("Qd Qc")})
    assert result.announce(1) == "Pair of jacks"
    result = showdown("holdem", board, {1: parse_cards("Jh Ac"), 2: parse_cards("Jd Ah")})
    assert result.announce(1) == "Pair of jacks"
    assert result.high_winners == (1, 2)


@pytest.mark.parametrize(
    ("game", "holes", "board", "message"),
    [
        ("stud", {1: "Ah Kh"}, "2c 3c 4c 5c 6c", 'unknown game "stud"'),
        ("omaha", {3: "Ah Kh Qh"}, "2c 3c 4c 5c 6c", "seat 3: omaha needs 4 hole cards, not 3"),
        ("holdem", {3: "Ah"}, "2c 3c 4c 5c 6c", "seat 3: holdem needs 2 hole cards, not 1"),
        ("holdem", {1: "Ah Kh"}, "2c 3c 4c 5c 6c 7c", "the board has 6 cards"),
        ("holdem", {1: "Ah Kh"}, "2c 3c", "the board has 2 cards"),
        ("holdem", {1: ""}, "2c 3c 4c", "with no hole cards the board needs 5 cards"),
        ("holdem", {1: "Ah Kh", 2: "Ah Qd"}, "2c 3c 4c", "the Ah is both in seat 1 and in seat 2"),
        ("holdem", {1: "Ah 2c"}, "2c 3c 4c", "the 2c is both on the board and in seat 1"),
        ("holdem", {1: "Ah Ah"}, "2c 3c 4c", "the Ah appears twice in seat 1"),
        ("holdem", {}, "2c 3c 4c", "no hands to read"),
    ],
)
def test_bad_input_is_one_line_naming_the_place(
    game: str, holes: dict[int, str], board: str, message: str
) -> None:
    hands = {seat: parse_cards(cards) for seat, cards in holes.items()}
    with pytest.raises(ReadingError, match=message) as caught:
        showdown(game, parse_cards(board), hands)
    assert isinstance(caught.value, FloormanError)
    assert "\n" not in str(caught.value)


def test_single_reads_check_their_cards_too() -> None:
    with pytest.raises(ReadingError, match="the Kh appears twice in the hole cards"):
        read_high("holdem", parse_cards("Kh Kh"), parse_cards("2c 3c 4c 5c 6c"))
    with pytest.raises(ReadingError, match="omaha-hilo needs 4 hole cards, not 2"):
        read_low("omaha-hilo", parse_cards("Ah 2h"), parse_cards("3c 4c 5c"))


@given(st.lists(st.sampled_from(DECK), min_size=9, max_size=9, unique=True))
def test_the_five_cards_shown_make_the_hand_read(cards: list[Card]) -> None:
    hole, board = cards[:4], cards[4:]
    reading = read_high("omaha", hole, board)
    assert len(reading.cards) == 5
    assert sum(card in hole for card in reading.cards) == 2
    assert high_value(reading.cards) == reading.value == omaha_high_value(hole, board)
    holdem = read_high("holdem", hole[:2], board)
    assert high_value(holdem.cards) == holdem.value == high_value(hole[:2] + board)
    low = read_low("omaha-hilo", hole, board)
    if low is not None:
        assert sum(card in hole for card in low.cards) == 2
        assert len({1 if card.rank == 14 else card.rank for card in low.cards}) == 5
