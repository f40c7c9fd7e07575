"""Reading stud and draw hands at showdown: the winners hold the best value, each
reading plays the seat's own cards, and each game's own evaluator decides."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import DECK, parse_cards
from floorman.showdown.badugi import badugi_value
from floorman.showdown.evaluation import high_value
from floorman.showdown.gamereading import GAME_CARDS, read_game_hands
from floorman.showdown.lowball import a5_low_value, deuce_seven_value, evaluate_low_8
from floorman.showdown.reading import ReadingError

VALUE = {
    "stud": high_value,
    "stud-hilo": high_value,
    "razz": a5_low_value,
    "triple-draw-27": deuce_seven_value,
    "single-draw-27": deuce_seven_value,
    "lowball-a5": a5_low_value,
    "badugi": badugi_value,
}


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, dict[int, tuple]]:
    game = draw(st.sampled_from(sorted(GAME_CARDS)))
    size = GAME_CARDS[game]
    seats = draw(st.lists(st.integers(1, 10), min_size=1, max_size=52 // size, unique=True))
    cards = draw(st.permutations(DECK))
    return game, {seat: tuple(cards[i * size : (i + 1) * size]) for i, seat in enumerate(seats)}


@given(deals())
def test_the_winners_hold_the_best_hand_by_the_games_own_evaluator(deal: tuple) -> None:
    game, hands = deal
    result = read_game_hands(game, hands)
    values = {seat: VALUE[game](cards) for seat, cards in hands.items()}
    best = max(values.values())
    assert result.high_winners == tuple(s for s in sorted(hands) if values[s] == best)
    for seat, reading in result.high.items():
        assert reading.value == values[seat]
        assert set(reading.cards) <= set(hands[seat])
    if game == "stud-hilo":
        lows = {s: evaluate_low_8(c) for s, c in hands.items()}
        qualified = {s: low.value for s, low in lows.items() if low is not None}
        top = max(qualified.values(), default=None)
        assert result.low_winners == tuple(s for s in sorted(qualified) if qualified[s] == top)
    else:
        assert result.low == {}
        assert result.low_winners == ()


def test_badugi_reads_four_cards_of_four_suits_and_ranks_best() -> None:
    result = read_game_hands(
        "badugi", {1: parse_cards("Kc 4d 2h As"), 2: parse_cards("7c 5d 3h 2s")}
    )
    assert [result.high[s].name for s in (1, 2)] == ["King badugi", "Seven badugi"]
    assert result.high_winners == (2,)


def test_tied_hands_are_all_winners() -> None:
    hands = {1: parse_cards("7h 5d 4c 3s 2h"), 2: parse_cards("7c 5s 4h 3d 2c")}
    assert read_game_hands("triple-draw-27", hands).high_winners == (1, 2)


@pytest.mark.parametrize(
    ("game", "hands", "message"),
    [
        ("razz", {1: parse_cards("Ah 2c")}, "seat 1: razz shows down 7 cards, not 2"),
        ("omaha", {1: parse_cards("Ah 2c 3d 4s")}, 'unknown game "omaha"'),
        ("badugi", {}, "no hands to read"),
    ],
)
def test_what_cannot_be_read_is_refused_naming_the_place(
    game: str, hands: dict, message: str
) -> None:
    with pytest.raises(ReadingError, match=message):
        read_game_hands(game, hands)
