"""The stud and draw drills: every answer checked against a computation of its own (the
rule as the books state it, and pokerkit's evaluators for the low hands and the high
hands of a stud split), over many deals."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import (
    BadugiHand,
    EightOrBetterLowHand,
    RegularLowHand,
    StandardHighHand,
    StandardLowHand,
)

from floorman.cards import Card
from floorman.drills.drawing import draw_question
from floorman.drills.gamecites import open_pair_doubles, stud_tie
from floorman.drills.lows import low_hand_question
from floorman.drills.model import Question, mark, seat_list
from floorman.drills.questions import GAMES, check_topics, generate_questions
from floorman.drills.studplay import (
    bring_in_question,
    first_to_act_question,
    stud_split_question,
)
from floorman.drills.text import WIDTH, answer_lines, question_lines
from floorman.hand.studstate import StudHand
from floorman.interchange.plainhand import HandFileError
from floorman.rules.loader import Rulebook, load_rulebook

BOOKS = ("rrop", "tda-2024", "wsop-2024")
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
BOUNDED = settings(max_examples=40, deadline=None)
SUIT = "cdhs"


@pytest.fixture(scope="module", params=BOOKS)
def book(request: pytest.FixtureRequest) -> Rulebook:
    return load_rulebook(request.param)


def _books() -> dict[str, Rulebook]:
    return {name: load_rulebook(name) for name in BOOKS}


LOADED = _books()


def _seat_of(choice: str) -> int:
    return int(choice.split()[1])


def _fits(question: Question) -> None:
    for line in [*question_lines(question, 10, 10), *answer_lines(question)]:
        assert len(line) <= WIDTH, line


def _pk(cards: Sequence[Card]) -> str:
    return "".join(f"{'T' if c.rank == 10 else str(c)[:-1]}{c.suit}" for c in cards)


# -- the bring-in --------------------------------------------------------------------------------


@BOUNDED
@given(seed=SEEDS, name=st.sampled_from(BOOKS))
def test_the_bring_in_is_the_lowest_upcard_by_suit_the_highest_in_razz(
    seed: int, name: str
) -> None:
    question = bring_in_question(LOADED[name], Random(seed))
    doors = {seat.seat: seat.cards[0] for seat in question.situation.seats}

    def razz(card: Card) -> tuple[int, int]:
        return (1 if card.rank == 14 else card.rank), SUIT.index(card.suit)

    if question.situation.game == "razz":
        expected = max(doors, key=lambda seat: razz(doors[seat]))
    else:
        expected = min(doors, key=lambda seat: (doors[seat].rank, SUIT.index(doors[seat].suit)))
    assert _seat_of(question.answer) == expected
    assert mark(question, str(question.correct + 1))
    assert question.cite
    assert question.rule == f"{question.situation.game}.bring-in"
    _fits(question)


def test_the_bring_in_cites_each_book() -> None:
    cites = {name: bring_in_question(LOADED[name], Random(1)).cite for name in BOOKS}
    assert str(cites["rrop"]).startswith("RRoP Seven-Card Stud")
    assert str(cites["wsop-2024"]).startswith("WSOP LA")
    assert "TDA" in str(cites["tda-2024"])


# -- who acts first ------------------------------------------------------------------------------


def _showing(game: str, cards: Sequence[Card]) -> tuple[object, ...]:
    """How a dealer ranks the upcards: more of a kind first, then the ranks (razz: the
    fewest of a kind, then the lowest ranks, aces low)."""
    if game == "razz":
        ranks = [1 if c.rank == 14 else c.rank for c in cards]
        counts = Counter(ranks)
        groups = sorted(counts.items(), key=lambda g: (g[1], g[0]), reverse=True)
        return tuple(-n for _, n in groups), tuple(-r for r, _ in groups)
    counts = Counter(c.rank for c in cards)
    groups = sorted(counts.items(), key=lambda g: (g[1], g[0]), reverse=True)
    return tuple(n for _, n in groups), tuple(r for r, _ in groups)


@BOUNDED
@given(seed=SEEDS, name=st.sampled_from(BOOKS))
def test_the_best_hand_showing_acts_first_ties_as_the_book_says(seed: int, name: str) -> None:
    question = first_to_act_question(LOADED[name], Random(seed))
    game = question.situation.game
    showing = {seat.seat: seat.cards for seat in question.situation.seats}
    _fits(question)
    if question.rule == f"{game}.open-pair":
        doubles = game == "stud" and name != "tda-2024"
        assert question.correct == (1 if doubles else 0)
        assert any(len({c.rank for c in up[:2]}) == 1 for up in showing.values())
        return
    best = max(_showing(game, cards) for cards in showing.values())
    tied = sorted(seat for seat, cards in showing.items() if _showing(game, cards) == best)
    if name == "tda-2024" and len(tied) > 1:

        def high(seat: int) -> tuple[int, int]:
            ranks = [((1 if c.rank == 14 and game == "razz" else c.rank), SUIT.index(c.suit))
                     for c in showing[seat]]  # fmt: skip
            return max(ranks)

        expected = max(tied, key=high)
    else:
        expected = tied[0]
    assert _seat_of(question.answer) == expected


def test_an_open_pair_on_fourth_street_in_stud_allows_the_big_bet_but_not_at_the_tda() -> None:
    found: dict[str, set[str]] = {name: set() for name in BOOKS}
    for name in BOOKS:
        for seed in range(400):
            question = first_to_act_question(LOADED[name], Random(seed))
            if question.rule == "stud.open-pair":
                found[name].add(question.answer)
            if found[name]:
                break
    assert all(found.values())
    assert all(answer.startswith("The small bet") for answer in found["rrop"])
    assert all(answer.startswith("The small bet") for answer in found["wsop-2024"])
    assert all(answer.startswith("Only the small bet") for answer in found["tda-2024"])


def _checked_to_act(name: str, question: Question, then: str | None = None) -> int | None:
    """The seat ``floorman check`` has to act when the question's table is recorded as a
    hand file under book ``name`` (the upcards shown, the downcards unseen, everyone
    calling the bring-in and checking on), and ``then`` after it when given."""
    from floorman.interchange.studfile import check_stud, parse_stud_hand

    situation = question.situation
    limits = re.search(r"Limits (\d+)/(\d+); ante (\d+), bring-in (\d+)", situation.rules[0])
    assert limits is not None
    small, big, ante, bring_in = limits.groups()
    showing = {view.seat: view.cards for view in situation.seats}
    header = (
        f"game: {situation.game}\nante: {ante}\nbring_in: {bring_in}\n"
        f"limits: [{small}, {big}]\nseats: {{{', '.join(f'{s}: 100000' for s in showing)}}}\n"
    )
    events = [e for s, up in showing.items() for e in (f"down {s} ?? ??", f"up {s} {up[0]}")]
    upcards = len(next(iter(showing.values())))
    seventh = str(situation.heading).endswith("seventh street is dealt")

    def state_after(texts: list[str]) -> StudHand:
        hand = parse_stud_hand(header + "events:\n" + "".join(f"  - {t}\n" for t in texts))
        return check_stud(hand, name).state

    for street in range(1, upcards + seventh):
        state = state_after(events)
        events.append(f"{state.to_act} bring-in" if street == 1 else f"{state.to_act} check")
        while (state := state_after(events)).to_act is not None:
            events.append(f"{state.to_act} {'call' if state.to_call(state.to_act) else 'check'}")
        events += [
            f"down {s} ??" if street == 4 else f"up {s} {up[street]}" for s, up in showing.items()
        ]
    if then is not None:
        events.append(then)
    return state_after(events).to_act


def _big_bet_taken(name: str, question: Question, seat: int, big: str) -> bool:
    try:
        _checked_to_act(name, question, f"{seat} bet {big}")
    except HandFileError:
        return False
    return True


def _agrees(name: str, question: Question) -> str:
    """Check the drill's answer against ``floorman check``'s; what the question was."""
    if question.rule.endswith("open-pair"):
        seat = int(question.ask.split()[1])
        assert _checked_to_act(name, question) == seat
        big = question.choices[2].rsplit(" ", 1)[1]
        assert question.correct == (1 if _big_bet_taken(name, question, seat, big) else 0)
        return f"{question.situation.game} open-pair"
    assert _checked_to_act(name, question) == _seat_of(question.answer)
    return "tie" if "show the same" in " ".join(question.explanation) else "first"


@pytest.mark.parametrize("name", BOOKS)
def test_the_drill_and_check_agree_on_who_acts_and_what_an_open_pair_allows(name: str) -> None:
    """The drill's answer is the one ``floorman check`` gives the same table under the
    same book: who acts first, ties included, and whether the big bet is taken with an
    open pair on fourth street in stud."""
    seen = Counter(_agrees(name, first_to_act_question(LOADED[name], Random(s))) for s in range(40))
    assert {"tie", "first", "stud open-pair"} <= set(seen), seen


def test_the_drill_reads_the_books_options_as_the_hand_does() -> None:
    tda, wsop_t = LOADED["tda-2024"], load_rulebook("wsop-2024", kind="tournament")
    assert [stud_tie(tda, game) for game in ("stud", "razz")] == ["high-card-by-suit"] * 2
    assert [stud_tie(wsop_t, game) for game in ("stud", "razz")] == [
        "high-card-by-suit",
        "position",
    ]
    assert not open_pair_doubles(tda)
    assert not open_pair_doubles(wsop_t)
    assert open_pair_doubles(LOADED["rrop"])
    assert open_pair_doubles(LOADED["wsop-2024"])
    house = LOADED["tda-2024"].with_options({"stud_open_pair": "either-limit"}, origin="house")
    assert open_pair_doubles(house)


# -- low hands -----------------------------------------------------------------------------------

ORACLE = {
    "razz": RegularLowHand,
    "lowball-a5": RegularLowHand,
    "triple-draw-27": StandardLowHand,
    "badugi": BadugiHand,
    "stud-hilo": EightOrBetterLowHand,
}


@BOUNDED
@given(seed=SEEDS)
def test_the_low_that_wins_is_pokerkits(seed: int) -> None:
    question = low_hand_question(LOADED["rrop"], Random(seed))
    game = question.situation.game
    hands = {}
    for seat in question.situation.seats:
        try:
            hands[seat.seat] = ORACLE[game].from_game(_pk(seat.cards))
        except ValueError:  # no 8-or-better low
            continue
    if hands:
        best = max(hands.values())
        expected = tuple(sorted(seat for seat, hand in hands.items() if hand == best))
    else:
        expected = ()
    assert question.winners == ((), expected)
    if not expected:
        assert question.answer.startswith("No low qualifies")
    elif len(expected) == 1:
        assert question.answer == f"Seat {expected[0]} wins"
    else:
        assert question.answer == f"Seats {seat_list(expected)} split"
    _fits(question)


def test_stud_hilo_lows_qualify_or_not() -> None:
    answers = set()
    for seed in range(300):
        question = low_hand_question(LOADED["rrop"], Random(seed))
        if question.situation.game == "stud-hilo":
            answers.add(question.answer.startswith("No low qualifies"))
    assert answers == {True, False}


# -- stud splits ---------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, name=st.sampled_from(BOOKS))
def test_a_stud_split_gives_each_half_to_its_winners(seed: int, name: str) -> None:
    question = stud_split_question(LOADED[name], Random(seed))
    game = question.situation.game
    pot = question.expected
    assert isinstance(pot, int)
    held = {seat.seat: seat.cards for seat in question.situation.seats}
    assert sum(question.amounts.values()) == pot
    high = {seat: StandardHighHand.from_game(_pk(cards)) for seat, cards in held.items()}
    lows: dict[int, object] = {}
    for seat, cards in held.items():
        try:
            oracle = RegularLowHand if game == "razz" else EightOrBetterLowHand
            lows[seat] = oracle.from_game(_pk(cards))
        except ValueError:
            continue
    unit = int(question.situation.rules[0].split("smallest is ")[1].rstrip("."))

    def best(hands: dict[int, object]) -> tuple[int, ...]:
        top = max(hands.values())  # type: ignore[type-var]
        return tuple(sorted(seat for seat, hand in hands.items() if hand == top))

    if game == "razz":
        halves = [(best(lows), pot)]
    elif game == "stud" or not lows:
        halves = [(best(high), pot)]
    else:
        units = pot // unit
        halves = [(best(high), (units - units // 2) * unit), (best(lows), units // 2 * unit)]
    owed: dict[int, int] = dict.fromkeys(held, 0)
    for seats, amount in halves:
        share = amount // unit // len(seats) * unit
        for seat in seats:
            owed[seat] += share
    for seat, won in question.amounts.items():
        assert 0 <= won - owed[seat] <= 2 * unit
    assert any(line.startswith("Odd chip") for line in question.explanation)
    _fits(question)


def test_the_odd_chip_between_tied_stud_hands_goes_by_the_cards_each_book_counts() -> None:
    said = {
        name: next(
            line
            for seed in range(200)
            for line in stud_split_question(LOADED[name], Random(seed)).explanation
            if line.startswith("Between tied hands")
        )
        for name in BOOKS
    }
    assert "every card" in said["rrop"]
    assert "only the five cards" in said["tda-2024"]
    assert "only the five cards" in said["wsop-2024"]


# -- the draw ------------------------------------------------------------------------------------


@BOUNDED
@given(seed=SEEDS, name=st.sampled_from(BOOKS))
def test_the_draw_order_and_procedure(seed: int, name: str) -> None:
    book = LOADED[name]
    question = draw_question(book, Random(seed))
    _fits(question)
    events = question.situation.events
    if question.rule == "draw.order":
        button = int(question.situation.heading.rsplit(" ", 1)[1])  # type: ignore[union-attr]
        drawing = sorted(int(word) for word in question.ask.split("seats ")[1].split(" draw")[0]
                         .replace(",", " ").replace("and", " ").split())  # fmt: skip
        expected = [s for s in drawing if s > button] + [s for s in drawing if s <= button]
        assert question.answer == ", ".join(f"seat {s}" for s in expected).capitalize()
        return
    if question.rule == "draw.five-cards":
        last = "(the last player to draw)" in question.ask
        expected = "at-once" if name == "wsop-2024" else "burn-fifth" if last else "fifth-later"
        assert question.expected == expected
        assert question.cite is not None
        assert question.cite.endswith("WSOP LA 270" if name == "wsop-2024" else "Lowball rule 10")
        return
    rule = book.rule(question.rule or "")
    assert question.cite == rule.rule.cite
    if "turns up" in events[-1]:
        assert question.expected == "card-plays"
    elif "exposes" in events[-1]:
        assert question.expected == "replace-card"
    else:
        assert events[-1].startswith("The stub runs out")


def test_each_kind_of_draw_question_is_asked() -> None:
    rules = {draw_question(LOADED["wsop-2024"], Random(seed)).rule for seed in range(60)}
    assert {
        "draw.order",
        "draw.five-cards",
        "wsop-2024.draw.exposed-on-draw",
        "wsop-2024.draw.reshuffle",
    } <= rules


# -- a drill of them -----------------------------------------------------------------------------


def test_the_stud_and_draw_topics_by_name_and_by_their_other_words() -> None:
    assert check_topics(["bring-in", "first", "lows", "stud-split", "draws"]) == (
        "bring-in", "first-to-act", "low-hands", "stud-splits", "draw",
    )  # fmt: skip


def test_a_drill_of_every_stud_and_draw_topic_is_the_same_for_the_same_seed() -> None:
    topics = ["bring-in", "first-to-act", "low-hands", "stud-splits", "draw"]
    drill = generate_questions(LOADED["rrop"], topics, count=15, seed=9)
    assert sorted(Counter(q.topic for q in drill).values()) == [3, 3, 3, 3, 3]
    assert drill == generate_questions(LOADED["rrop"], topics, count=15, seed=9)


def test_the_drills_page_names_every_stud_and_draw_topic() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "drills.md").read_text()
    table = text.split("## The stud and draw games", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"^\| `([a-z-]+)` \|", table, flags=re.MULTILINE)
    assert named == list(GAMES)
    assert f"--topic {','.join(GAMES)}" in table
