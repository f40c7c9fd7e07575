"""Side pots, chip counts and odd chips: each answer worked out again another way."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.drills.chipcount import CHIP_SETS, PILE, chip_count_question
from floorman.drills.model import AnswerError, Question, mark, read_figures
from floorman.drills.oddchip import odd_chip_question
from floorman.drills.questions import generate_questions
from floorman.drills.sidepots import pot_names, side_pot_question
from floorman.rules.loader import load_rulebook

BOOKS = ("rrop", "tda-2024", "wsop-2024")


def layered_pots(put_in: dict[int, int], folded: set[int]) -> tuple[list[int], dict[int, int]]:
    """Pots cut level by level from what each seat put in: the top bet nobody matched goes
    back; each level holds that much from every seat that put in at least as much; a level
    no live seat reached joins the one below."""
    put_in = dict(put_in)
    ordered = sorted(put_in.values(), reverse=True)
    returned = {}
    if len(ordered) > 1 and ordered[0] > ordered[1]:
        top = max(put_in, key=lambda seat: put_in[seat])
        returned[top] = ordered[0] - ordered[1]
        put_in[top] = ordered[1]
    levels = sorted({put_in[s] for s in put_in if s not in folded and put_in[s]})
    pots: list[int] = []
    below = 0
    for level in levels:
        pots.append(sum(min(chips, level) - min(chips, below) for chips in put_in.values()))
        below = level
    pots[-1] += sum(max(0, chips - below) for chips in put_in.values())
    return pots, returned


@pytest.fixture(scope="module")
def side_pots() -> list[tuple[str, Question]]:
    return [
        (book, side_pot_question(load_rulebook(book), Random(seed)))
        for book in BOOKS
        for seed in range(12)
    ]


def test_side_pots_are_cut_level_by_level(side_pots: list[tuple[str, Question]]) -> None:
    for book, question in side_pots:
        hand = question.hand
        assert hand is not None
        state = hand.start(load_rulebook(book).options)
        for event in hand.parse_events():
            state.apply(event)
        assert state.betting.betting_complete
        put_in = {seat: hand.seats[seat] - state.betting.stacks[seat] for seat in hand.seats}
        pots, returned = layered_pots(put_in, state.betting.folded)
        figures = dict(question.figures)
        assert [figures[name] for name in pot_names(len(pots))] == pots
        assert len(pots) >= 3
        for seat, chips in returned.items():
            assert f"seat {seat}'s uncalled {chips} goes back first" in question.ask
        assert sum(pots) + sum(returned.values()) == sum(put_in.values())
        right = " ".join(str(amount) for amount in pots)
        assert mark(question, right)
        assert not mark(question, " ".join(str(amount) for amount in reversed(pots)))
        assert (
            question.cite
            == {
                "rrop": "RRoP §3 Ties 5(d); Glossary (Side pot)",
                "tda-2024": "TDA 2024 Rule 21",
                "wsop-2024": "WSOP LA 149",
            }[book]
        )


def test_a_stack_is_counted_chip_by_chip() -> None:
    counts = pushes = 0
    for seed in range(60):
        question = chip_count_question(load_rulebook("rrop"), Random(seed))
        if question.figures[0][0] == "stack":
            counts += 1
            total = 0
            for line in question.situation.events:
                chip = int(line.split()[0])
                piles = int(line.split(": ")[1].split()[0]) if " pile" in line else 0
                loose = int(line.split(" loose")[0].split()[-1]) if "loose" in line else 0
                total += chip * (piles * PILE + loose)
            assert question.figures == (("stack", total),)
            assert mark(question, str(total))
        else:
            pushes += 1
            chips = tuple(int(name.split()[0]) for name, _ in question.figures)
            assert chips in {tuple(reversed(s)) for s in CHIP_SETS}
            amount = int(question.ask.split("pot of ")[1].split()[0])
            rest, fewest = amount, []
            for chip in chips:
                fewest.append(rest // chip)
                rest %= chip
            assert [count for _, count in question.figures] == fewest
            assert mark(question, " ".join(map(str, fewest)))
        assert question.cite == "RRoP §2 Procedures 16"
    assert counts
    assert pushes


def test_the_odd_chip_goes_as_each_book_says() -> None:
    for book in BOOKS:
        rulebook = load_rulebook(book)
        for seed in range(25):
            question = odd_chip_question(rulebook, Random(seed))
            pot = int(question.situation.events[0].split()[-1].rstrip("."))
            unit = int(question.situation.rules[0].split("smallest is ")[1].split(".")[0])
            button = question.situation.button
            assert button is not None
            won = dict(question.amounts)
            assert sum(won.values()) == pot
            assert all(amount % unit == 0 for amount in won.values())
            if question.situation.game == "holdem":
                tied = sorted(won)
                share, odd = divmod(pot // unit, len(tied))
                clockwise = sorted(tied, key=lambda seat: (seat <= button, seat))
                expected = dict.fromkeys(tied, share * unit)
                for seat in clockwise[:odd]:
                    expected[seat] += unit
                assert won == expected
                assert odd
            else:
                high_line = question.situation.events[1]
                assert high_line.startswith("High: ")
            assert question.cite is not None
            assert question.cite.startswith(
                {"rrop": "RRoP §3 Ties 5(a)", "tda-2024": "TDA", "wsop-2024": "WSOP"}[book]
            )


def test_a_carried_odd_chip_goes_to_nobody() -> None:
    book = load_rulebook("rrop").with_options({"odd_chip": "carry-over"}, origin="test")
    for seed in range(20):
        question = odd_chip_question(book, Random(seed))
        pot = int(question.situation.events[0].split()[-1].rstrip("."))
        if question.situation.game == "holdem":
            assert sum(question.amounts.values()) < pot
            assert any("stays in for the next deal" in line for line in question.explanation)


def test_figures_are_read_in_the_order_asked() -> None:
    assert read_figures("40 160", ["least raise to", "most raise to"]) == [40, 160]
    with pytest.raises(AnswerError) as caught:
        read_figures("40", ["least raise to", "most raise to"])
    assert str(caught.value) == "give 2 amounts, in order: least raise to, most raise to"
    with pytest.raises(AnswerError) as one:
        read_figures("40 50", ["stack"])
    assert str(one.value) == "give one amount: the stack"


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=30), st.integers(1, 6))
def test_any_typed_figures_are_read_or_refused_in_one_line(text: str, count: int) -> None:
    names = [f"amount {n}" for n in range(count)]
    words = text.replace(",", " ").replace(";", " ").split()
    if len(words) == count and all(word.isascii() and word.isdigit() for word in words):
        assert read_figures(text, names) == [int(word) for word in words]
    else:
        with pytest.raises(AnswerError) as caught:
            read_figures(text, names)
        assert "\n" not in str(caught.value)


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from(BOOKS),
    st.sampled_from(["side-pots", "chip-count", "odd-chip", "pot-limit"]),
    st.integers(0, 100_000),
)
def test_every_sizing_question_takes_its_own_answer(book: str, topic: str, seed: int) -> None:
    (question,) = generate_questions(load_rulebook(book), [topic], count=1, seed=seed)
    if question.kind == "split":
        typed = " ".join(str(amount) for amount in question.amounts.values())
    else:
        typed = " ".join(str(amount) for _, amount in question.figures)
    assert mark(question, typed)
    assert question.cite
    assert question.rule is not None
    assert question.rule.startswith("sizing.")
