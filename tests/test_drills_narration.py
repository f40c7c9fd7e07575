"""Events told as a dealer sees them: which card off the deck, all in for how much."""

from __future__ import annotations

from floorman.drills.narration import Teller, roles
from floorman.hand.events import parse_event
from floorman.interchange.handfile import Hand


def told(seats: dict[int, int], button: int, events: list[str]) -> list[str]:
    state = Hand.model_validate({"button": button, "seats": seats}).start()
    teller = Teller()
    for text in events:
        event = parse_event(text)
        teller.before(state, event)
        state.apply(event)
        teller.after(state, event)
    return teller.lines


def test_a_hand_told_with_its_amounts() -> None:
    lines = told(
        {1: 40, 4: 100, 6: 300},
        6,
        ["deal", "6 raise 10", "1 allin", "4 call", "6 call", "burn", "flop Ah Kd 7c", "4 check"],
    )
    assert lines == [
        "The hole cards are dealt",
        "Seat 6 raises to 10",
        "Seat 1 is all in for 40",
        "Seat 4 calls 40",
        "Seat 6 calls 40",
        "Burn",
        "Flop: A♥ K♦ 7♣",
        "Seat 4 checks",
    ]


def test_a_short_call_is_all_in() -> None:
    assert told({1: 100, 2: 30, 3: 100}, 3, ["deal", "3 raise 50", "1 fold", "2 call"])[-1] == (
        "Seat 2 calls 30 and is all in"
    )


def test_an_exposed_card_says_which_card_off_the_deck_it_was() -> None:
    lines = told({2: 100, 5: 100, 9: 100}, 9, ["expose 5:2 Qs", "deal", "expose 9:1 Ah by player"])
    assert lines == [
        "The dealer exposes seat 5's second card: Q♠ (the fifth card off the deck)",
        "The hole cards are dealt",
        "Seat 9 exposes its first card: A♥ (the third card off the deck)",
    ]


def test_roles_round_the_table() -> None:
    state = Hand.model_validate({"button": 5, "seats": {2: 50, 5: 50, 8: 50}}).start()
    assert roles(state) == {2: "big blind", 5: "button", 8: "small blind"}
    heads_up = Hand.model_validate({"button": 5, "seats": {2: 50, 5: 50}}).start()
    assert roles(heads_up) == {2: "big blind", 5: "button, small blind"}


def test_silent_chips_name_the_bet_they_meet() -> None:
    seats = {1: 255, 2: 245, 10: 140}
    assert told(seats, 2, ["deal", "2 chips 25"])[-1] == (
        "Seat 2, facing the big blind of 2, silently pushes out one 25 chip"
    )
    assert told(seats, 2, ["deal", "2 raise 6", "10 chips 5+5"])[-1] == (
        "Seat 10, facing a bet of 6 in all, silently pushes out 5 + 5"
    )
    flop = ["deal", "2 call", "10 call", "1 check", "burn", "flop Ah Kd 7c", "10 chips 25"]
    assert told(seats, 2, flop)[-1] == (
        "Seat 10, with no bet to face, silently pushes out one 25 chip"
    )
