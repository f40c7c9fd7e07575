"""The stud games as hands: the bring-in, the completion, who acts first, the limits."""

from __future__ import annotations

import contextlib
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards import DECK, Card, parse_card, parse_cards
from floorman.hand.events import Action, EventError, IllegalEvent, NotationError
from floorman.hand.stud import bring_in_seat, first_to_act, open_pair, showing_key
from floorman.hand.studevents import BringIn, Complete, Down, Up, parse_stud_event
from floorman.hand.studstate import StudHand, StudProcedure
from floorman.rules.loader import load_rulebook
from floorman.rules.studdraw import procedure_of


def third_street(game: str, upcards: dict[int, str], stacks: int = 1000, **kw: object) -> StudHand:
    hand = StudHand(
        seats=dict.fromkeys(upcards, stacks),
        game=game,  # type: ignore[arg-type]
        ante=kw.get("ante", 5),  # type: ignore[arg-type]
        bring_in=10,
        limits=(20, 40),
        raise_cap=kw.get("raise_cap", 3),  # type: ignore[arg-type]
        procedure=kw.get("procedure"),  # type: ignore[arg-type]
    )
    for seat, card in upcards.items():
        hand.apply(Down(seat, (None, None)))
        hand.apply(Up(seat, parse_card(card)))
    return hand


def play(hand: StudHand, *texts: str) -> StudHand:
    for text in texts:
        hand.apply(parse_stud_event(text))
    return hand


# ---------------------------------------------------------------- who acts first


def test_stud_brings_in_the_lowest_upcard_clubs_lowest_aces_high() -> None:
    cards = {1: parse_card("2d"), 2: parse_card("2c"), 3: parse_card("Ac")}
    assert bring_in_seat("stud", cards) == 2
    assert bring_in_seat("stud-hilo", cards) == 2


def test_razz_brings_in_the_highest_upcard_spades_highest_aces_low() -> None:
    cards = {1: parse_card("Kd"), 2: parse_card("Ks"), 3: parse_card("Ac")}
    assert bring_in_seat("razz", cards) == 2
    assert bring_in_seat("razz", {1: parse_card("Ah"), 2: parse_card("2c")}) == 2


def test_the_high_hand_showing_acts_first_pairs_over_high_cards() -> None:
    showing = {1: parse_cards("As Kd"), 2: parse_cards("3c 3d"), 3: parse_cards("Qh Jh")}
    assert first_to_act("stud", showing) == 2
    assert first_to_act("stud-hilo", showing) == 2


def test_two_pair_beats_a_higher_single_pair_showing() -> None:
    assert showing_key("stud", parse_cards("Kc Kd 2c 2d")) > showing_key(
        "stud", parse_cards("Ac Ad Qc Jd")
    )


def test_a_tie_showing_goes_to_the_seat_dealt_first() -> None:
    showing = {5: parse_cards("Kh 7c"), 2: parse_cards("Kd 7s"), 7: parse_cards("Qh 7d")}
    assert first_to_act("stud", showing) == 2
    assert first_to_act("razz", {4: parse_cards("3c 2d"), 6: parse_cards("3d 2c")}) == 4


def test_razz_the_low_hand_showing_acts_first_a_pair_is_bad() -> None:
    showing = {1: parse_cards("Kc Qd"), 2: parse_cards("2c 2d"), 3: parse_cards("Jh Th")}
    assert first_to_act("razz", showing) == 3


def counted_and_ranked(cards: list[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The high hand showing read by hand: how many of each rank (quads, trips, two pair,
    a pair), then the ranks in that order, highest first; no straight or flush."""
    counts = Counter(card.rank for card in cards)
    grouped = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return tuple(count for _, count in grouped), tuple(rank for rank, _ in grouped)


@st.composite
def boards(draw: st.DrawFn) -> dict[int, list[Card]]:
    """Two to eight seats with as many upcards each: one to four, or five (four and the
    common card or a last card dealt face up)."""
    seats = draw(st.integers(2, 8))
    showing = draw(st.integers(1, 5))
    cards = draw(st.permutations(range(52)))[: seats * showing]
    numbers = draw(st.lists(st.integers(1, 9), min_size=seats, max_size=seats, unique=True))
    return {
        seat: [DECK[i] for i in cards[n * showing : (n + 1) * showing]]
        for n, seat in enumerate(numbers)
    }


@settings(max_examples=300, deadline=None)
@given(boards())
def test_the_high_hand_showing_is_the_one_a_dealer_counts(showing: dict[int, list[Card]]) -> None:
    by_hand = max(sorted(showing), key=lambda seat: (counted_and_ranked(showing[seat]), -seat))
    assert first_to_act("stud", showing) == by_hand
    assert first_to_act("stud-hilo", showing) == by_hand


def test_a_last_card_dealt_face_up_counts_card_by_card_not_by_its_number() -> None:
    """RRoP stud rule 16: "the hand now high on the board using all the upcards" opens;
    the exposed last card is one more card showing, read highest first like the rest."""
    exposed = {1: parse_cards("7c 5d 4h 3s 2c"), 2: parse_cards("Ah Kd Qc Jd")}
    assert first_to_act("stud", exposed) == 2
    kicker = {1: parse_cards("3c 3d Ah 7s 2c"), 2: parse_cards("3h 3s As 5d")}
    assert first_to_act("stud", kicker) == 1


def test_an_open_pair_on_fourth_street() -> None:
    assert open_pair([parse_cards("7c 7d"), parse_cards("2c 9d")])
    assert not open_pair([parse_cards("7c 8d"), parse_cards("2c")])


# ---------------------------------------------------------------- the third street round


def test_antes_are_posted_and_the_bring_in_opens() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c", 3: "9s"})
    assert hand.pot == 15
    assert hand.to_act == 2
    assert hand.bring_in_seat == 2
    assert hand.options(2) == ("bring-in", "complete")


def test_the_bring_in_may_not_check_or_fold() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c", 3: "9s"})
    with pytest.raises(IllegalEvent, match="brings it in or completes"):
        hand.apply(Action(2, "fold"))


def test_completion_is_the_bet_and_three_raises_follow() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c", 3: "9s", 4: "Kd"})
    play(hand, "2 bring-in", "3 complete 20", "4 raise 40", "1 raise 60", "2 raise 80")
    assert hand.current_bet == 80
    with pytest.raises(IllegalEvent, match="capped"):
        hand.apply(Action(3, "raise", 100))


def test_a_raise_of_the_bring_in_is_a_completion() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c", 3: "9s"})
    play(hand, "2 bring-in")
    with pytest.raises(IllegalEvent, match="may complete, not raise"):
        hand.apply(Action(3, "raise", 20))
    with pytest.raises(IllegalEvent, match="goes to 20, not 30"):
        hand.apply(Complete(3, 30))


def test_everyone_calls_the_bring_in_and_the_round_ends_without_its_option() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c", 3: "9s"})
    play(hand, "2 bring-in", "3 call", "1 call")
    assert hand.street == "fourth"
    assert hand.to_act is None
    assert hand.pot == 45


def test_the_bring_in_may_complete_itself() -> None:
    hand = third_street("razz", {1: "Kh", 2: "2c", 3: "9s"})
    assert hand.to_act == 1
    play(hand, "1 complete", "2 fold", "3 call")
    assert hand.street == "fourth"


def test_a_short_stack_brings_in_for_what_it_has() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c"}, stacks=12)
    play(hand, "2 bring-in")
    assert hand.stacks[2] == 0
    assert hand.bets[2] == 7


def test_a_seat_all_in_for_the_ante_with_the_low_card_passes_the_bring_in_left() -> None:
    hand = StudHand(seats={1: 500, 2: 5, 3: 500}, game="stud", ante=5, bring_in=10,
                    limits=(20, 40))  # fmt: skip
    for seat, card in ((1, "Th"), (2, "2c"), (3, "9s")):
        hand.apply(Down(seat, (None, None)))
        hand.apply(Up(seat, parse_card(card)))
    assert hand.bring_in_seat == 2
    assert hand.to_act == 3
    play(hand, "3 bring-in", "1 call")
    assert hand.street == "fourth"


@pytest.mark.parametrize("name", ["rrop", "tda-2024", "wsop-2024"])
def test_the_seat_left_of_a_low_card_all_in_for_the_ante_may_fold(name: str) -> None:
    # RRoP stud rule 8: "That player may fold, open for the forced bet, or open for a
    # full bet"; TDA RP-10-E: "Players with chips must bet at least the bring-in or fold".
    procedure = procedure_of(load_rulebook(name).options)
    hand = StudHand(seats={1: 500, 2: 5, 3: 500, 4: 500}, game="stud", ante=5, bring_in=10,
                    limits=(20, 40), procedure=procedure)  # fmt: skip
    for seat, card in ((1, "Th"), (2, "2c"), (3, "9s"), (4, "Ks")):
        hand.apply(Down(seat, (None, None)))
        hand.apply(Up(seat, parse_card(card)))
    assert hand.to_act == 3
    assert hand.options(3) == ("fold", "bring-in", "complete")
    play(hand, "3 fold")
    assert hand.options(4) == ("fold", "bring-in", "complete")
    play(hand, "4 bring-in")
    assert hand.options(1) == ("fold", "call", "complete")
    with pytest.raises(IllegalEvent, match="brings it in or completes"):
        third_street("stud", {1: "Th", 2: "2c"}).apply(Action(2, "fold"))


# ---------------------------------------------------------------- later streets


def fourth_street(upcards: dict[int, str], game: str = "stud") -> StudHand:
    hand = third_street(game, {1: "Th", 2: "2c", 3: "9s"})
    play(hand, "2 bring-in", "3 call", "1 call")
    for seat, card in upcards.items():
        hand.apply(Up(seat, parse_card(card)))
    return hand


BY_SUIT = StudProcedure(tie_by_suit=frozenset({"stud", "stud-hilo", "razz"}))
NOT_DOUBLED = StudProcedure(open_pair_big_bet=False)


def tied_fourth(game: str, procedure: StudProcedure | None) -> StudHand:
    """Seats 1 and 3 show the same on fourth street; seat 3 holds the higher suit."""
    doors = {"razz": {1: "5c", 2: "Kd", 3: "5s"}}.get(game, {1: "Kc", 2: "2d", 3: "Ks"})
    hand = third_street(game, doors, procedure=procedure)
    play(hand, f"{hand.to_act} bring-in")
    while hand.to_act is not None:
        play(hand, f"{hand.to_act} call")
    fourth = {"razz": {1: "3d", 2: "Qh", 3: "3h"}}.get(game, {1: "9d", 2: "4h", 3: "9h"})
    for seat, card in fourth.items():
        hand.apply(Up(seat, parse_card(card)))
    return hand


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_equal_hands_showing_tie_by_position_or_by_the_high_card_by_suit(game: str) -> None:
    assert tied_fourth(game, None).to_act == 1  # RRoP stud rule 1: the seat dealt first
    assert tied_fourth(game, BY_SUIT).to_act == 3  # TDA RP-10-D: K-spades, 5-spades
    only_stud = StudProcedure(tie_by_suit=frozenset({"stud"}))  # the WSOP Tournament Rules
    assert tied_fourth(game, only_stud).to_act == (3 if game == "stud" else 1)


@pytest.mark.parametrize(
    ("name", "kind", "stud", "razz"),
    [("rrop", None, 1, 1), ("tda-2024", None, 3, 3), ("wsop-2024", None, 1, 1),
     ("wsop-2024", "tournament", 3, 1)],
)  # fmt: skip
def test_each_book_breaks_the_tie_its_own_way(
    name: str, kind: str | None, stud: int, razz: int
) -> None:
    procedure = procedure_of(load_rulebook(name, kind=kind).options)
    assert tied_fourth("stud", procedure).to_act == stud
    assert tied_fourth("razz", procedure).to_act == razz


def test_a_tie_by_suit_reads_past_a_common_card_every_hand_holds() -> None:
    showing = {2: parse_cards("Kd 9c 4h 2s As"), 5: parse_cards("Ks 9d 4c 2h As")}
    assert first_to_act("stud", showing) == 2
    assert first_to_act("stud", showing, by_suit=True) == 5


@pytest.mark.parametrize(
    ("name", "kind", "big"),
    [("rrop", None, True), ("tda-2024", None, False), ("wsop-2024", None, True),
     ("wsop-2024", "tournament", False)],
)  # fmt: skip
def test_an_open_pair_allows_the_big_bet_as_the_book_says(
    name: str, kind: str | None, big: bool
) -> None:
    hand = third_street("stud", {1: "Th", 2: "2c", 3: "9s"},
                        procedure=procedure_of(load_rulebook(name, kind=kind).options))  # fmt: skip
    play(hand, "2 bring-in", "3 call", "1 call")
    for seat, card in {1: "3d", 2: "Ac", 3: "9h"}.items():
        hand.apply(Up(seat, parse_card(card)))
    assert hand.bet_sizes() == ((20, 40) if big else (20,))
    if big:
        play(hand, "3 bet 40")
    else:
        with pytest.raises(IllegalEvent, match="goes to 20, not 40"):
            hand.apply(Action(3, "bet", 40))
        play(hand, "3 bet 20")
        with pytest.raises(IllegalEvent, match="goes to 40, not 60"):
            hand.apply(Action(1, "raise", 60))


def test_fourth_street_is_the_small_bet_and_the_high_hand_opens() -> None:
    hand = fourth_street({1: "3d", 2: "Ac", 3: "8h"})
    assert hand.to_act == 2  # A-2 showing over T-3 and 9-8
    with pytest.raises(IllegalEvent, match="goes to 20, not 40"):
        hand.apply(Action(2, "bet", 40))
    play(hand, "2 bet 20", "3 raise 40")


def test_an_open_pair_lets_stud_bet_the_big_bet_on_fourth_street() -> None:
    hand = fourth_street({1: "3d", 2: "Ac", 3: "9h"})  # seat 3 shows 9s 9h
    play(hand, "3 bet 40", "1 raise 80")
    assert hand.limit == 40
    with pytest.raises(IllegalEvent, match="goes to 120"):
        hand.apply(Action(2, "raise", 100))


def test_a_small_bet_with_an_open_pair_may_be_raised_either_size() -> None:
    hand = fourth_street({1: "3d", 2: "Ac", 3: "9h"})
    play(hand, "3 bet 20", "1 raise 60")
    assert hand.current_bet == 60
    assert hand.limit == 40


def test_an_open_pair_does_not_change_the_limit_in_stud_hilo() -> None:
    hand = fourth_street({1: "3d", 2: "Ac", 3: "9h"}, game="stud-hilo")
    with pytest.raises(IllegalEvent, match="goes to 20, not 40"):
        hand.apply(Action(3, "bet", 40))


def test_fifth_street_is_the_big_bet() -> None:
    hand = fourth_street({1: "3d", 2: "Ac", 3: "8h"})
    play(hand, "2 check", "3 check", "1 check", "up 1 4d", "up 2 Kc", "up 3 7h")
    assert hand.street == "fifth"
    assert hand.to_act == 2
    with pytest.raises(IllegalEvent, match="goes to 40, not 20"):
        hand.apply(Action(2, "bet", 20))


def test_a_card_before_the_round_is_complete_is_recorded_premature() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c", 3: "9s"})
    play(hand, "2 bring-in")
    hand.apply(Up(1, parse_card("3d")))
    assert hand.premature == [(1, parse_card("3d"))]
    assert hand.up[1] == [parse_card("Th")]
    assert hand.to_act == 3


def test_a_card_before_a_seat_is_dealt_its_street_is_refused() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c", 3: "9s"})
    play(hand, "2 bring-in", "3 call", "1 call")
    play(hand, "up 1 3d")
    with pytest.raises(IllegalEvent, match="fifth street is dealt when the betting on fourth"):
        play(hand, "up 1 ??")


def test_a_card_dealt_twice_is_refused() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c", 3: "9s"})
    play(hand, "2 bring-in", "3 call", "1 call")
    with pytest.raises(IllegalEvent, match="Th is dealt already"):
        hand.apply(Up(2, parse_card("Th")))


def test_seventh_street_is_a_downcard_and_then_the_showdown() -> None:
    hand = fourth_street({1: "3d", 2: "Ac", 3: "8h"})
    play(hand, "2 check", "3 check", "1 check")
    for cards in (("4d", "Kc", "7h"), ("5d", "Qc", "6h")):
        for seat, card in zip((1, 2, 3), cards, strict=True):
            hand.apply(Up(seat, parse_card(card)))
        while hand.to_act is not None:
            hand.apply(Action(hand.to_act, "check"))
    with pytest.raises(IllegalEvent, match="seventh street deals seat 1 a downcard"):
        hand.apply(Up(1, parse_card("2h")))
    play(hand, "down 1 2h", "down 2 ??", "down 3 ??")
    while hand.to_act is not None:
        hand.apply(Action(hand.to_act, "check"))
    assert hand.over_reason == "showdown"
    assert hand.accounting_problems() == []


def test_all_in_players_get_their_cards_with_no_betting() -> None:
    hand = third_street("stud", {1: "Th", 2: "2c"}, stacks=35)
    play(hand, "2 bring-in", "1 complete", "2 raise 30")
    assert hand.stacks == {1: 10, 2: 0}
    play(hand, "1 call")
    for seat, card in ((1, "3d"), (2, "Ac")):
        hand.apply(Up(seat, parse_card(card)))
    assert hand.to_act is None
    assert hand.street == "fifth"


def test_a_raise_that_covers_every_other_stack_stands_short() -> None:
    """The chips over what anyone can call could never be called (a PHH record's habit)."""
    hand = third_street("stud", {1: "Th", 2: "2c"}, stacks=5000)
    hand.stacks[1] = 25
    play(hand, "2 bring-in", "1 complete 20", "2 raise 25")
    assert hand.current_bet == 25


# ---------------------------------------------------------------- notation


def test_the_notation_prints_back() -> None:
    for text in ("down 3 Ah ??", "up 3 Kd", "4 bring-in 5", "4 complete", "show 2 Ah Kd 7c"):
        assert str(parse_stud_event(text)) == text
    assert parse_stud_event("down 3 ????") == Down(3, (None, None))
    assert parse_stud_event("4 bring-in") == BringIn(4)


@pytest.mark.parametrize(
    "text",
    ["up 3", "up 3 Ah Kd", "down 3", "down 3 Ah Kd Qc Jd", "3 bring-in x", "show 3",
     "3 complete 20 30"],
)  # fmt: skip
def test_bad_notation_names_the_event(text: str) -> None:
    with pytest.raises(NotationError, match=f'event 4 "{text}"'):
        parse_stud_event(text, 4)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_fuzz_stud_notation_reads_or_says_why(text: str) -> None:
    with contextlib.suppress(EventError):
        parse_stud_event(text, 1)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([
    "down 1 ?? ??", "down 2 ?? ??", "up 1 7c", "up 2 Kd", "up 1 ??", "up 2 ??", "down 1 ??",
    "down 2 ??", "1 bring-in", "2 bring-in", "1 complete", "2 complete", "1 call", "2 call",
    "1 check", "2 check", "1 fold", "2 fold", "1 bet 40", "2 raise 40", "1 raise 60",
    "2 allin", "show 1 Ah Ad", "muck 2",
]), max_size=30))  # fmt: skip
def test_fuzz_stud_hands_take_or_refuse_and_keep_the_chips(texts: list[str]) -> None:
    hand = StudHand(seats={1: 300, 2: 200}, game="stud", ante=5, bring_in=10, limits=(20, 40))
    for number, text in enumerate(texts, 1):
        with contextlib.suppress(EventError):
            hand.apply(parse_stud_event(text, number), number)
        assert hand.accounting_problems() == []
