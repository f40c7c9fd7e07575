"""Replaying a hand and the check result."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.hand.events import EventError, NotationError, parse_event
from floorman.interchange.handfile import HandFileError, load_hand, parse_hand
from floorman.replay import check_hand, read_event, replay, replay_states

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HEADER = parse_hand("button: 3\nseats: {1: 100, 2: 100, 3: 100}").header


def test_replay_takes_text_or_events() -> None:
    state = replay(HEADER, ["deal", "3 raise 6", parse_event("1 fold")])
    assert state.betting.folded == {1}
    assert state.to_act == 2


def test_replay_states_are_independent_and_one_per_event() -> None:
    states = list(replay_states(HEADER, ["deal", "3 call", "1 call", "2 check"]))
    assert len(states) == 5
    assert [s.to_act for s in states] == [3, 3, 1, 2, None]
    assert states[0].betting.pot == 3
    assert states[-1].betting.pot == 6


def test_a_bad_event_names_its_number() -> None:
    with pytest.raises(EventError) as error:
        replay(HEADER, ["deal", "3 call", "9 call"])
    assert str(error.value) == 'event 3 "9 call": seat 9 is not at the table (seats 1, 2, 3)'


def test_read_event_fills_in_the_seat_to_act() -> None:
    state = replay(HEADER, ["deal"])
    assert str(read_event(state, "r 10")) == "3 raise 10"
    done = replay(HEADER, ["deal", "3 call", "1 call", "2 check"])
    with pytest.raises(NotationError, match="no seat is to act now"):
        read_event(done, "call", 5)


@pytest.mark.parametrize(
    ("events", "why"),
    [
        (["deal", "3 call", "1 call", "2 check"], "the preflop betting is complete; deal the flop"),
        (["deal", "3 allin", "1 call", "2 fold"], "no betting is left (all in); deal the flop"),
        (["deal", "3 fold", "1 fold"], "the hand is over: everyone else folded"),
    ],
)
def test_a_betting_word_with_nobody_to_act_says_why(events: list[str], why: str) -> None:
    with pytest.raises(NotationError) as raised:
        read_event(replay(HEADER, events), "check", len(events) + 1)
    assert str(raised.value).endswith(f'"check": no seat is to act now: {why}')


def test_check_result_has_the_contract_keys_and_string_seats() -> None:
    result = check_hand(load_hand(EXAMPLES / "normal-hand.yaml"))
    data = result.to_json()
    assert list(data) == ["rulings", "violations", "pots", "awards", "stacks"]
    assert set(data["stacks"]) == {"1", "2", "3", "4", "5", "6"}
    assert result.exit_status == 0
    assert result.state.over_reason == "showdown"


def test_check_names_the_file_and_line_of_a_bad_event(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("button: 3\nseats: {1: 9, 3: 9}\nevents:\n  - deal\n  - 1 raise 99\n")
    with pytest.raises(HandFileError) as error:
        check_hand(load_hand(path))
    expected = f'{path} line 5: event 2 "1 raise 99": seat 1 has only 9 (7 behind, 2 in front)'
    assert str(error.value) == expected


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_replays_with_chips_and_cards_accounted(path: Path) -> None:
    result = check_hand(load_hand(path))
    assert result.state.accounting_problems() == []


def test_premature_turn_example_records_the_card_at_event_12() -> None:
    hand = load_hand(EXAMPLES / "premature-turn.yaml")
    state = replay(hand, hand.parse_events())
    (premature,) = [b for b in state.ledger.board if b.premature]
    assert premature.event == 12
    assert str(premature.card) == "7♦"


def test_under_the_rulebook_the_premature_turn_is_set_aside_at_once() -> None:
    """RRoP §5 rule 8: the card is out of play; the flop betting completes with no turn
    on the board, and the procedure waits for the burn and the real turn."""
    state = check_hand(load_hand(EXAMPLES / "premature-turn.yaml")).state
    assert [str(c) for c in state.ledger.board_cards] == ["A♥", "K♦", "7♣"]
    assert [str(c) for c in state.ledger.set_aside] == ["7♦"]
    assert (state.street, state.betting.betting_complete, state.to_act) == ("flop", True, None)
    assert [(p.do, p.street) for p in state.procedures] == [
        ("burn", "turn"), ("reshuffle", "river"), ("cut", "river"),
        ("deal-without-burn", "river"),
    ]  # fmt: skip


def test_pot_limit_example_reaches_the_full_pot_raise() -> None:
    state = check_hand(load_hand(EXAMPLES / "pot-limit.yaml")).state
    flop_raise = next(a for a in state.betting.actions if a.street == "flop" and a.verb == "raise")
    assert flop_raise.total == 160
