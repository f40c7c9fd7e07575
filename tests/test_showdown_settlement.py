"""The chips at the end of a hand: pots, winnings and every seat's stack."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import DECK, parse_cards
from floorman.showdown.oddchips import SplitRules
from floorman.showdown.pots import build_pots
from floorman.showdown.settlement import open_pots_json, settle


def test_side_pots_winnings_and_stacks_as_check_prints_them() -> None:
    # Seat 1 all in for 100, seat 2 bets 250 that seat 3 (folded after 10) does not call.
    result = settle(
        {1: 0, 2: 150, 3: 190, 4: 100},
        {1: 100, 2: 250, 3: 10, 4: 0},
        folded={3, 4},
        game="holdem",
        board=parse_cards("As Ks 9h 5c 3d"),
        hands={1: parse_cards("Ah Ad"), 2: parse_cards("Kh Kd")},
        button=3,
        rules=SplitRules(),
    )
    assert result.returned == {2: 150}
    assert result.to_json() == {
        "pots": [{"amount": 210, "eligible": [1, 2], "awards": {"1": 210}, "odd_chips": []}],
        "awards": {"1": 210},
        "stacks": {"1": 210, "2": 300, "3": 190, "4": 100},
    }


def test_a_split_pot_with_carry_over_keeps_the_odd_chip_out_of_the_stacks() -> None:
    result = settle(
        {1: 0, 2: 0},
        {1: 101, 2: 101},
        game="holdem",
        board=parse_cards("Ah Kh Qh Jh Th"),
        hands={1: parse_cards("2c 3c"), 2: parse_cards("2d 3d")},
        button=2,
        rules=SplitRules(odd_chip="carry-over"),
    )
    assert result.stacks == {1: 101, 2: 101}
    assert result.carried == 0
    result = settle(
        {1: 0, 2: 0, 3: 0},
        {1: 67, 2: 67, 3: 67},
        folded={3},
        game="holdem",
        board=parse_cards("Ah Kh Qh Jh Th"),
        hands={1: parse_cards("2c 3c"), 2: parse_cards("2d 3d")},
        button=2,
        rules=SplitRules(odd_chip="carry-over"),
    )
    assert result.stacks == {1: 100, 2: 100, 3: 0}
    assert result.carried == 1
    assert result.to_json()["pots"][0]["odd_chips"][0]["seat"] is None  # type: ignore[index]


def test_an_unfinished_hand_shows_its_pots_without_awards() -> None:
    layout = build_pots({1: 40, 2: 100, 3: 100})
    assert open_pots_json(layout) == [
        {"amount": 120, "eligible": [1, 2, 3], "awards": {}, "odd_chips": []},
        {"amount": 120, "eligible": [2, 3], "awards": {}, "odd_chips": []},
    ]


@given(
    st.lists(st.integers(0, 500), min_size=2, max_size=6),
    st.permutations(DECK),
    st.sampled_from(["first-left-of-button", "high-card-by-suit", "carry-over"]),
)
def test_chips_are_conserved(put_in: list[int], deck: list, policy: str) -> None:  # type: ignore[type-arg]
    seats = range(1, len(put_in) + 1)
    contributions = dict(zip(seats, put_in, strict=True))
    hands = {seat: tuple(deck[2 * seat : 2 * seat + 2]) for seat in seats}
    result = settle(
        dict.fromkeys(seats, 1000),
        contributions,
        game="holdem",
        board=tuple(deck[:2]) + tuple(deck[20:23]),
        hands=hands,
        button=1,
        rules=SplitRules(odd_chip=policy),  # type: ignore[arg-type]
    )
    before = 1000 * len(put_in) + sum(put_in)
    assert sum(result.stacks.values()) + result.carried == before
    for award in result.pots:
        assert set(award.awards) <= set(award.pot.eligible)


def test_everyone_else_folded_the_last_seat_takes_the_pot_less_the_uncalled_bet() -> None:
    result = settle(
        {1: 90, 2: 0, 3: 150},
        {1: 10, 2: 100, 3: 50},
        folded={1, 3},
        game="holdem",
        board=(),
        hands={},
        button=3,
        rules=SplitRules(),
        dead=5,
    )
    assert result.returned == {2: 50}
    assert result.to_json() == {
        "pots": [{"amount": 115, "eligible": [2], "awards": {"2": 115}, "odd_chips": []}],
        "awards": {"2": 115},
        "stacks": {"1": 90, "2": 165, "3": 150},
    }
    assert not result.pots[0].contested


@given(
    st.lists(st.integers(0, 500), min_size=2, max_size=6),
    st.data(),
    st.integers(0, 20),
)
def test_an_uncontested_pot_is_what_the_side_pots_give(
    put_in: list[int], data: st.DataObject, dead: int
) -> None:
    seats = list(range(1, len(put_in) + 1))
    winner = data.draw(st.sampled_from(seats))
    contributions = dict(zip(seats, put_in, strict=True))
    folded = {seat for seat in seats if seat != winner}
    result = settle(
        dict.fromkeys(seats, 1000),
        contributions,
        folded,
        game="holdem",
        board=(),
        hands={},
        button=1,
        rules=SplitRules(),
        dead=dead,
    )
    layout = build_pots(contributions, folded, dead=dead)
    assert [award.pot for award in result.pots] == list(layout.pots)
    assert result.returned == layout.returned
    assert result.awards == {pot.eligible[0]: pot.amount for pot in layout.pots}
    assert sum(result.stacks.values()) == 1000 * len(seats) + sum(put_in) + dead


def test_a_board_run_twice_splits_every_pot_per_run_odd_chip_to_the_first() -> None:
    """Seat 1 all in for 51 against seats 2 and 3, run twice: the main pot of 153 is cut
    77 and 76, the side pot of 98 in 49s; each part goes to its run's best hand."""
    result = settle(
        {1: 0, 2: 50, 3: 50},
        {1: 51, 2: 100, 3: 100},
        game="holdem",
        board=(),
        hands={1: parse_cards("Ah Ad"), 2: parse_cards("Kh Kd"), 3: parse_cards("Jc 8d")},
        button=3,
        rules=SplitRules(),
        runs=(parse_cards("As 9s 5c 4d 3h"), parse_cards("Ks 9c 5d 4s 3c")),
    )
    main, side = result.pots
    assert [run.awards for run in main.runs] == [{1: 77}, {2: 76}]
    assert [run.awards for run in side.runs] == [{2: 49}, {2: 49}]
    assert result.awards == {1: 77, 2: 174}
    assert result.to_json()["pots"][0]["runs"][0]["amount"] == 77  # type: ignore[index]


def test_a_hilo_pot_run_twice_cuts_each_run_high_and_low() -> None:
    result = settle(
        {1: 0, 2: 0},
        {1: 100, 2: 100},
        game="omaha-hilo",
        board=(),
        hands={1: parse_cards("Ah 2h Kc Kd"), 2: parse_cards("Qs Qd Jc Tc")},
        button=2,
        rules=SplitRules(),
        runs=(parse_cards("3s 4d 8c Qh 9s"), parse_cards("Ks Kh 9d 9c Jd")),
    )
    first, second = result.pots[0].runs
    assert first.awards == {1: 50, 2: 50}
    assert first.low == (1,)
    assert second.awards == {1: 100}
    assert second.low == ()
