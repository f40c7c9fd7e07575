"""Sizing questions on the betting: the pot-limit pot and the least and most raise, each
answer checked against a count of its own and against pokerkit playing the same hand."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
    State,
)

from floorman.drills.model import Question, mark
from floorman.drills.wagers import RAISE_CHOICES, pot_limit_question, raise_question
from floorman.hand.events import Action, Board
from floorman.interchange.handfile import Hand
from floorman.rules.loader import load_rulebook

BOOKS = ("rrop", "tda-2024", "wsop-2024")

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def replayed(hand: Hand, book: str):  # type: ignore[no-untyped-def]
    return hand.start(load_rulebook(book).options), hand.parse_events()


def pokerkit_state(hand: Hand, book: str) -> tuple[State, list[int]]:
    """pokerkit playing the question's hand: its players in order from the small blind."""
    start, events = replayed(hand, book)
    order = list(start.table.deal_order)
    stacks = [hand.seats[seat] for seat in order]
    small, big = hand.blinds
    common = {
        "automations": AUTOMATIONS,
        "ante_trimming_status": False,
        "raw_antes": 0,
        "raw_blinds_or_straddles": (small, big),
        "raw_starting_stacks": stacks,
        "player_count": len(order),
    }
    if hand.betting == "limit":
        game = FixedLimitTexasHoldem
        state = game.create_state(small_bet=big, big_bet=2 * big, **common)  # type: ignore[arg-type]
    elif hand.betting == "pot-limit":
        state = PotLimitOmahaHoldem.create_state(min_bet=big, **common)  # type: ignore[arg-type]
    else:
        state = NoLimitTexasHoldem.create_state(min_bet=big, **common)  # type: ignore[arg-type]
    for event in events:
        if isinstance(event, Action):
            start.apply(event)
            record = start.betting.actions[-1]
            if record.verb == "fold":
                state.fold()
            elif record.verb in ("check", "call"):
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(record.total)
        else:
            start.apply(event)
            assert isinstance(event, Board) or event.kind in ("deal", "burn")
    return state, order


def pot_raise(hand: Hand, book: str, seat: int) -> int:
    """The pot-size wager counted from the chips each action added: every chip in the
    middle, the call, then that pot on top of the bet; at most the stack."""
    state, events = replayed(hand, book)
    small_seat, big_seat = state.table.blind_seats
    put_in = dict.fromkeys(hand.seats, 0)
    street = dict.fromkeys(hand.seats, 0)
    if small_seat is not None:
        put_in[small_seat] = street[small_seat] = hand.blinds[0]
    put_in[big_seat] = street[big_seat] = hand.blinds[1]
    for event in events:
        state.apply(event)
        if isinstance(event, Board):
            street = dict.fromkeys(hand.seats, 0)
        elif isinstance(event, Action):
            record = state.betting.actions[-1]
            put_in[record.seat] += record.added
            street[record.seat] = record.total
    middle = sum(put_in.values())
    bet = max(street.values())
    call = bet - street[seat]
    allin = street[seat] + hand.seats[seat] - put_in[seat]
    wager = max(middle, hand.blinds[1]) if bet == 0 else bet + middle + call
    return min(wager, allin)


@pytest.fixture(scope="module")
def pot_questions() -> list[tuple[str, Question]]:
    found = []
    for book in BOOKS:
        rng = Random(17)
        found.extend((book, pot_limit_question(load_rulebook(book), rng)) for _ in range(15))
    return found


@pytest.fixture(scope="module")
def raise_questions() -> list[tuple[str, Question]]:
    found = []
    for book in BOOKS:
        rng = Random(23)
        found.extend((book, raise_question(load_rulebook(book), rng)) for _ in range(25))
    return found


def test_the_pot_raise_is_the_pot_after_the_call(pot_questions: list[tuple[str, Question]]) -> None:
    for book, question in pot_questions:
        hand = question.hand
        assert hand is not None
        assert hand.betting == "pot-limit"
        seat = int(question.ask.split()[1])
        ((name, amount),) = question.figures
        assert amount == pot_raise(hand, book, seat)
        assert mark(question, str(amount))
        assert not mark(question, str(amount + 1))
        assert name in ("pot raise to", "pot bet")
        assert (
            question.cite
            == {
                "rrop": "RRoP §14 Pot-Limit Rules 4",
                "tda-2024": "TDA 2024 Rule 54",
                "wsop-2024": "WSOP LA No-Limit and Pot-Limit",
            }[book]
        )
        assert any(line.startswith("In the middle: ") for line in question.explanation)


def test_pokerkit_sizes_the_same_pot_raise(pot_questions: list[tuple[str, Question]]) -> None:
    checked = 0
    for book, question in pot_questions:
        hand = question.hand
        assert hand is not None
        if not hand.game.startswith("omaha") or question.figures[0][0] != "pot raise to":
            continue
        state, order = pokerkit_state(hand, book)
        seat = int(question.ask.split()[1])
        assert order[state.actor_index] == seat  # type: ignore[index]
        assert state.max_completion_betting_or_raising_to_amount == question.figures[0][1]
        checked += 1
    assert checked >= 10


def test_pokerkit_allows_the_same_raises(raise_questions: list[tuple[str, Question]]) -> None:
    """pokerkit's least and most raise where pokerkit plays the game as the book does:
    no limit and Omaha pot limit, and limit hold'em with a bet and three raises."""
    checked = 0
    for book, question in raise_questions:
        hand = question.hand
        assert hand is not None
        if question.kind != "amount":
            continue
        if hand.betting == "limit":
            start, events = replayed(hand, book)
            for event in events:
                start.apply(event)
            if start.betting.raise_cap != 3 or len(start.betting.can_act) < 3:
                continue
            if any(event.endswith("allin") for event in hand.events):
                continue
        state, _ = pokerkit_state(hand, book)
        least, most = (amount for _, amount in question.figures)
        assert state.min_completion_betting_or_raising_to_amount == least, question.explanation
        assert state.max_completion_betting_or_raising_to_amount == most
        checked += 1
    assert checked >= 15


def test_every_kind_of_raise_question_is_asked(raise_questions: list[tuple[str, Question]]) -> None:
    kinds = {q.expected for _, q in raise_questions if q.kind == "choice"}
    assert kinds >= {"capped", "not-reopened"}
    structures = {q.situation.betting for _, q in raise_questions if q.kind == "amount"}
    assert structures == {"no-limit", "pot-limit", "limit"}
    shorts = [q for _, q in raise_questions if any("all-in to" in line for line in q.explanation)]
    assert shorts


def test_a_seat_that_may_not_raise_is_told_why(raise_questions: list[tuple[str, Question]]) -> None:
    for book, question in raise_questions:
        if question.kind != "choice":
            continue
        hand = question.hand
        assert hand is not None
        state, events = replayed(hand, book)
        for event in events:
            state.apply(event)
        seat = state.to_act
        assert seat is not None
        assert question.ask == f"What may seat {seat} do?"
        betting = state.betting
        capped = betting.capped
        assert question.expected == ("capped" if capped else "not-reopened")
        assert capped or not betting.may_raise(seat)
        assert question.choices == tuple(text for _, text in RAISE_CHOICES)
        assert question.cite
        if capped:
            full = 1 + sum(1 for a in betting.actions if a.street == betting.street and a.full)
            assert full >= 1 + (betting.raise_cap or 0)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(BOOKS), st.integers(0, 10_000))
def test_any_raise_question_answers_right_and_re_asks_the_unreadable(book: str, seed: int) -> None:
    question = raise_question(load_rulebook(book), Random(seed))
    if question.kind == "amount":
        right = " ".join(str(amount) for _, amount in question.figures)
        assert mark(question, right)
        least, most = (amount for _, amount in question.figures)
        assert least <= most
        assert not mark(question, f"{least} {most + 1}")
    else:
        assert mark(question, str(question.correct + 1))
