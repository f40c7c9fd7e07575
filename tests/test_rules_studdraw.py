"""The rulings of the stud and draw games' dealer errors in each book, and the hand
going on as each ruling says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from floorman.cli import app
from floorman.hand.drawevents import parse_draw_event
from floorman.hand.events import EventError
from floorman.hand.studevents import parse_stud_event
from floorman.interchange.dealtrulings import rule_draw, rule_stud
from floorman.interchange.drawfile import parse_draw_hand
from floorman.interchange.studfile import check_stud, parse_stud_hand
from floorman.rules.dealtexamples import is_dealt_example, rule_dealt_example
from floorman.rules.loader import load_rulebook
from floorman.rules.studdraw import DealtEngine, procedure_of

ROOT = Path(__file__).resolve().parent.parent
STUD_EXAMPLE = ROOT / "examples" / "stud" / "exposed-downcard.yaml"
DRAW_EXAMPLE = ROOT / "examples" / "draw" / "exposed-on-draw.yaml"
BOOKS = ("rrop", "tda-2024", "wsop-2024")
runner = CliRunner()

THIRD = [
    "down 1 ?? ??",
    "up 1 3c",
    "down 2 ?? ??",
    "up 2 Kd",
    "down 3 ?? ??",
    "up 3 9d",
]


def stud(events: list[str], book: str = "rrop", **header: object) -> str:
    fields = {"game": "stud", "ante": 1, "bring_in": 2, "limits": [4, 8], **header}
    lines = [f"{key}: {json.dumps(value)}" for key, value in fields.items()]
    lines.append(f"rulebook: {book}")
    if "seats" not in fields:
        lines.append("seats: {1: 100, 2: 100, 3: 100}")
    lines.append("events: " + json.dumps(events))
    return "\n".join(lines) + "\n"


def draw(events: list[str], book: str = "rrop") -> str:
    return (
        "game: triple-draw-27\nblinds: [1, 2]\nlimits: [2, 4]\nbutton: 3\n"
        f"rulebook: {book}\nseats: {{1: 100, 2: 100, 3: 100}}\nevents: {json.dumps(events)}\n"
    )


# ------------------------------------------------------------------ each book, cited


@pytest.mark.parametrize(
    ("book", "cite", "to_act"),
    [
        ("rrop", "RRoP Seven-Card Stud rule 5", 3),
        ("tda-2024", "TDA 2024 RP-10-A", 2),
        ("wsop-2024", "WSOP LA 214", 2),
    ],
)
def test_an_exposed_downcard_is_the_upcard_and_the_books_differ_on_the_bring_in(
    book: str, cite: str, to_act: int
) -> None:
    events = ["down 1 ?? ??", "up 1 9h", "down 2 ??", "expose 2:1 2c", "down 2 ?? ??"]
    events += ["down 3 ?? ??", "up 3 Kd"]
    ruled = rule_stud(parse_stud_hand(stud(events, book)))
    (ruling,) = ruled.rulings
    assert (ruling.event, ruling.cite, ruling.outcome) == (4, cite, "continue")
    assert ruling.steps[0].do == "deal-down"
    assert "2♣" in ruling.steps[0].text
    assert "seat 2" in ruling.steps[0].text
    state = ruled.state
    assert [str(c) for c in state.up[2] if c] == ["2♣"]
    assert len(state.down[2]) == 2
    assert state.to_act == to_act
    assert state.options(to_act)[0] == ("fold" if book == "rrop" else "bring-in")


@pytest.mark.parametrize(
    ("book", "outcome", "folded"),
    [("rrop", "dead-hand", True), ("tda-2024", "misdeal", False), ("wsop-2024", "misdeal", False)],
)
def test_both_downcards_face_up(book: str, outcome: str, folded: bool) -> None:
    events = ["down 1 ?? ??", "down 2 ?? ??", "expose 2:1 9h", "expose 2:2 Jc"]
    ruled = rule_stud(parse_stud_hand(stud(events, book)))
    assert [r.outcome for r in ruled.rulings] == ["continue", outcome]
    assert (2 in ruled.state.folded) is folded
    if folded:  # RRoP stud rule 5: the dead hand takes its ante back
        assert ruled.state.stacks[2] == 100
        assert ruled.state.contributed[2] == 0


@pytest.mark.parametrize("book", BOOKS)
def test_a_tournament_downcard_face_up(book: str) -> None:
    events = ["down 1 ?? ??", "expose 1:2 Kd"]
    ruled = rule_stud(parse_stud_hand(stud(events, book, kind="tournament")))
    (ruling,) = ruled.rulings
    expected = {"rrop": "misdeal", "tda-2024": "continue", "wsop-2024": "misdeal"}[book]
    assert ruling.outcome == expected
    if book == "wsop-2024":
        assert ruling.cite == "WSOP T 88-a-6"


@pytest.mark.parametrize("book", BOOKS)
def test_the_wrong_bring_in_is_corrected_before_the_next_player_acts(book: str) -> None:
    events = [*THIRD[:5], "up 3 2d", "1 bring-in", "3 bring-in"]
    ruled = rule_stud(parse_stud_hand(stud(events, book)))
    (ruling,) = ruled.rulings
    assert ruling.event == 7
    assert "seat 1 takes back its wager and seat 3, with the 2♦" in ruling.steps[0].text
    state = ruled.state
    assert (state.bets[1], state.bets[3], state.stacks[1]) == (0, 2, 99)
    assert state.to_act == 1
    assert state.bring_in_seat == 3


def test_the_wrong_bring_in_stands_once_the_next_player_acts() -> None:
    events = [*THIRD[:5], "up 3 2d", "1 bring-in", "2 call", "3 call"]
    ruled = rule_stud(parse_stud_hand(stud(events, "wsop-2024")))
    assert [r.event for r in ruled.rulings] == [7]
    assert ruled.state.street == "fourth"
    assert ruled.state.pot == 9


def test_a_premature_card_is_set_aside_under_rrop_and_the_street_dealt_as_if_not() -> None:
    events = [*THIRD, "1 bring-in", "up 1 Ah", "2 call", "3 call"]
    events += ["up 1 5c", "up 2 6c", "up 3 7c"]
    ruled = rule_stud(parse_stud_hand(stud(events, "rrop")))
    (ruling,) = ruled.rulings
    assert (ruling.rule, ruling.event) == ("rrop.stud.premature-card", 8)
    assert [s.do for s in ruling.steps] == ["set-aside", "explain"]
    assert [str(c) for c in ruled.state.set_aside] == ["A♥"]
    assert ruled.violations == []
    assert ruled.state.street == "fourth"


@pytest.mark.parametrize("book", ["tda-2024", "wsop-2024"])
def test_a_premature_card_goes_back_to_the_stub_and_is_dealt_again(book: str) -> None:
    events = [*THIRD, "1 bring-in", "up 2 Ah", "2 call", "3 call", "reshuffle"]
    events += ["up 1 5c", "up 2 Ah", "up 3 7c"]
    ruled = rule_stud(parse_stud_hand(stud(events, book)))
    assert [r.event for r in ruled.rulings] == [8]
    assert ruled.violations == []
    assert ruled.state.up[2][1] is not None
    assert str(ruled.state.up[2][1]) == "A♥"


@pytest.mark.parametrize("book", ["tda-2024", "wsop-2024"])
def test_a_street_dealt_without_the_reshuffle_is_a_violation(book: str) -> None:
    events = [*THIRD, "1 bring-in", "up 1 Ah", "2 call", "3 call", "up 1 5c"]
    ruled = rule_stud(parse_stud_hand(stud(events, book)))
    (violation,) = ruled.violations
    assert violation.event == 11
    assert "reshuffled" in violation.message


SIXTH = [
    "down 1 ?? ??", "up 1 3c", "down 2 ?? ??", "up 2 Kd", "1 bring-in", "2 call",
    "up 1 3d", "up 2 4s", "1 check", "2 check", "up 1 5c", "up 2 6s", "1 check", "2 check",
    "up 1 8c", "up 2 9s", "1 check", "2 check",
]  # fmt: skip


@pytest.mark.parametrize(("book", "opener"), [("rrop", 2), ("tda-2024", 1), ("wsop-2024", 1)])
def test_the_common_card_plays_in_every_hand(book: str, opener: int) -> None:
    hand = stud([*SIXTH, "common Kh"], book, seats={1: 100, 2: 100})
    ruled = rule_stud(parse_stud_hand(hand))
    (ruling,) = ruled.rulings
    assert ruling.steps[0].do == "common-card"
    assert ruled.state.to_act == opener
    assert str(ruled.state.cards(1)[-1]) == "K♥"
    assert str(ruled.state.cards(2)[-1]) == "K♥"


def test_the_common_card_is_in_the_showdown() -> None:
    events = [*SIXTH, "common Kh", "2 check", "1 check"]
    events += ["show 1 2c 2d 3c 3d 5c 8c", "show 2 Ks Qs Kd 4s 6s 9s"]
    checked = check_stud(parse_stud_hand(stud(events, "rrop", seats={1: 100, 2: 100})))
    assert checked.to_json()["awards"] == {"2": 6}


@pytest.mark.parametrize(
    ("book", "kept"), [("rrop", True), ("tda-2024", False), ("wsop-2024", True)]
)
def test_the_last_card_dealt_face_up(book: str, kept: bool) -> None:
    events = [*SIXTH, "down 1 ??", "down 2 Js", "expose 2:7 Js"]
    ruled = rule_stud(parse_stud_hand(stud(events, book, seats={1: 100, 2: 100})))
    (ruling,) = ruled.rulings
    assert (ruling.steps[0].do == "card-plays") is kept
    held = ruled.state.down[2]
    assert (len(held) == 3) is kept
    if not kept:  # TDA RP-10-B: replaced, the betting waits for the new card
        assert ruled.state.to_act is None
        ruled.state.apply(parse_stud_event("down 2 ??"))
        assert ruled.state.to_act is not None


def test_a_card_dealt_off_the_table_plays_as_an_exposed_card() -> None:
    events = ["down 1 ??", "off-table 1:1 Qs", "down 1 ?? ??"]
    for book, cite in (("rrop", "rules 11 and 5"), ("wsop-2024", "224")):
        ruled = rule_stud(parse_stud_hand(stud(events, book)))
        (ruling,) = ruled.rulings
        assert cite in ruling.cite
        assert str(ruled.state.up[1][0]) == "Q♠"


@pytest.mark.parametrize(
    ("book", "cite"),
    [
        ("rrop", "RRoP Lowball rule 9"),
        ("tda-2024", "TDA 2024 Rule 35-A (house rules for draw games)"),
        ("wsop-2024", "WSOP LA section X (Lowball) and 269"),
    ],
)
def test_a_card_exposed_on_the_draw_is_replaced_after_the_draw(book: str, cite: str) -> None:
    events = ["deal", "3 call", "1 call", "2 check", "1 draws 2 Kh 4c", "expose 1 Kh"]
    ruled = rule_draw(parse_draw_hand(draw(events, book)))
    (ruling,) = ruled.rulings
    assert ruling.cite == cite
    assert ruling.steps[-1].do == "replace-card"
    assert ruled.state.cards[1][3] is None
    assert str(ruled.state.burned[0]) == "K♥"
    assert ruled.state.to_replace == {1: 1}
    for text in ("2 stands pat", "3 draws 1"):
        ruled.state.apply(parse_draw_event(text))
    assert ruled.state.to_replace == {}


def test_a_card_a_player_exposes_on_the_draw_plays_under_rrop() -> None:
    events = ["deal", "3 call", "1 call", "2 check", "1 draws 2 Kh 4c", "expose 1 Kh by player"]
    ruled = rule_draw(parse_draw_hand(draw(events)))
    (ruling,) = ruled.rulings
    assert ruling.steps[0].do == "card-plays"
    assert str(ruled.state.cards[1][3]) == "K♥"


@pytest.mark.parametrize("book", BOOKS)
def test_reshuffling_the_discards_is_ruled_and_silences_are_said(book: str) -> None:
    events = ["deal", "3 call", "1 call", "2 check", "1 draws 2", "reshuffle"]
    ruled = rule_draw(parse_draw_hand(draw(events, book)))
    (ruling,) = ruled.rulings
    assert "discards" in ruling.steps[0].text
    assert (ruling.note is not None) is (book != "wsop-2024")


# ------------------------------------------------------------------ stud hi-lo regular


def test_stud_hilo_regular_gives_the_low_half_without_a_qualifier() -> None:
    events = [
        "down 1 Ah Kd", "up 1 Qc", "down 2 Kh Ks", "up 2 Kc", "1 bring-in", "2 call",
        "up 1 Jd", "up 2 9d", "2 check", "1 check", "up 1 9s", "up 2 2s", "2 check",
        "1 check", "up 1 7h", "up 2 4h", "2 check", "1 check", "down 1 6c", "down 2 3d",
        "2 check", "1 check",
    ]  # fmt: skip
    eight = check_stud(
        parse_stud_hand(stud(events, "rrop", game="stud-hilo", seats={1: 50, 2: 50}))
    )
    assert eight.to_json()["awards"] == {"2": 6}
    regular = stud(events, "rrop", game="stud-hilo", seats={1: 50, 2: 50})
    regular += "house: {stud_hilo_low: regular}\n"
    checked = check_stud(parse_stud_hand(regular))
    assert checked.to_json()["awards"] == {"1": 3, "2": 3}


# ------------------------------------------------------------------ the CLI


@pytest.mark.parametrize("book", BOOKS)
def test_check_prints_the_stud_example_ruling_in_each_book(book: str) -> None:
    result = runner.invoke(app, ["check", str(STUD_EXAMPLE), "--rulebook", book])
    assert result.exit_code == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith("event 4: CONTINUE")
    as_json = runner.invoke(app, ["check", str(STUD_EXAMPLE), "--rulebook", book, "--json"])
    rulings = json.loads(as_json.stdout)["rulings"]
    assert rulings[0]["rule"] == f"{book}.stud.exposed-downcard"
    assert rulings[0]["steps"][0]["do"] == "deal-down"


def test_check_prints_the_draw_example_ruling_and_a_violation_exits_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(DRAW_EXAMPLE)])
    assert result.exit_code == 0, result.stderr
    assert "RRoP Lowball rule 9  [rrop.draw.exposed-on-draw]" in result.stdout
    hand = tmp_path / "premature.yaml"
    hand.write_text(stud([*THIRD, "1 bring-in", "up 1 Ah", "2 call", "3 call", "up 1 5c"]))
    result = runner.invoke(app, ["check", str(hand), "--rulebook", "tda-2024", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["violations"][0]["event"] == 11


# ------------------------------------------------------------------ following the steps


def test_following_every_ruling_to_the_letter_draws_no_other_ruling() -> None:
    """Each worked example of these games that goes on past its ruling goes on as the
    steps say: no later event is ruled, and nothing is a violation unless it says so."""
    followed = 0
    for name in BOOKS:
        book = load_rulebook(name)
        for rule in book.rules:
            for example in rule.rule.examples:
                if not is_dealt_example(example):
                    continue
                ruled = rule_dealt_example(book, example)
                at = example.event or len(example.hand["events"])
                later = [r.rule for r in ruled.rulings if r.event > at]
                assert later == [], (rule.id, later)
                if not example.violations:
                    assert ruled.violations == [], (rule.id, ruled.violations)
                followed += at < len(example.hand["events"])
    assert followed >= 12


# ------------------------------------------------------------------ fuzz

EVENT_WORDS = st.sampled_from(
    [
        "down {s} ??", "down {s} ?? ??", "up {s} {c}", "expose {s}:1 {c}", "expose {s}:2",
        "expose {s} by player", "off-table {s}:1 {c}", "{s} bring-in", "{s} complete",
        "{s} call", "{s} fold", "{s} check", "{s} bet 8", "{s} raise 8", "common {c}",
        "reshuffle", "down {s} {c}", "expose {s}:7", "stub {s}",
    ]
)  # fmt: skip
CARDS = st.sampled_from([f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(EVENT_WORDS, st.integers(1, 3), CARDS), max_size=40),
    st.sampled_from(BOOKS),
    st.sampled_from(["stud", "stud-hilo", "razz"]),
)
def test_random_stud_events_are_ruled_or_refused_and_chips_stay(
    words: list[tuple[str, int, str]], book: str, game: str
) -> None:
    rulebook = load_rulebook(book)
    hand = parse_stud_hand(stud([], book, game=game)).start()
    hand.procedure = procedure_of(rulebook.options)
    engine = DealtEngine(rulebook, game)
    number = 0
    for template, seat, card in words:
        number += 1
        try:
            engine.process(hand, parse_stud_event(template.format(s=seat, c=card)), number)
        except EventError:
            number -= 1
        assert hand.accounting_problems() == []
        for ruling in engine.rulings:
            assert ruling.cite
            assert ruling.steps


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                [
                    "{s} draws 1",
                    "{s} stands pat",
                    "expose {s} {c}",
                    "expose {s} {c} by player",
                    "reshuffle",
                    "{s} call",
                    "{s} check",
                    "{s} fold",
                    "{s} bet 2",
                ]
            ),
            st.integers(1, 3),
            CARDS,
        ),
        max_size=30,
    ),
    st.sampled_from(BOOKS),
)
def test_random_draw_events_are_ruled_or_refused_and_chips_stay(
    words: list[tuple[str, int, str]], book: str
) -> None:
    rulebook = load_rulebook(book)
    hand = parse_draw_hand(draw([], book)).start()
    engine = DealtEngine(rulebook, "triple-draw-27")
    engine.process(hand, parse_draw_event("deal"), 1)
    number = 1
    for template, seat, card in words:
        number += 1
        try:
            engine.process(hand, parse_draw_event(template.format(s=seat, c=card)), number)
        except EventError:
            number -= 1
        assert hand.accounting_problems() == []


SIXTH_THREE = [
    *THIRD, "1 bring-in", "2 call", "3 call",
    "up 1 ??", "up 2 ??", "up 3 ??", "1 check", "2 check", "3 check",
    "up 1 ??", "up 2 ??", "up 3 ??", "1 check", "2 check", "3 check",
    "up 1 ??", "up 2 ??", "up 3 ??", "1 check", "2 check", "3 check",
]  # fmt: skip


@pytest.mark.parametrize(
    ("book", "stub", "says"),
    [
        ("rrop", 2, "Deal all the cards except the last card"),
        ("rrop", 0, "the dealer does not burn"),
        ("tda-2024", 4, "Scramble the stub with the 3 prior burn cards into a new stub, cut"),
        ("tda-2024", 1, "deal the next card as a community card"),
        ("wsop-2024", 3, "scramble the stub and the three burn cards together"),
        ("wsop-2024", 1, "Scramble the stub and the burn cards together, burn a card"),
        ("tda-2024", 5, None),
        ("rrop", 4, None),
    ],
)
def test_a_short_stub_before_seventh_street(book: str, stub: int, says: str | None) -> None:
    ruled = rule_stud(parse_stud_hand(stud([*SIXTH_THREE, f"stub {stub}"], book)))
    if says is None:
        assert ruled.rulings == []
        return
    (ruling,) = ruled.rulings
    assert "stub-short" in ruling.rule
    assert len(ruling.steps) == 1
    assert says in ruling.steps[0].text
