"""``ask`` as a search: the words a floor person types find the situations they are about,
best first, each answered as ``floorman ask SITUATION --json`` answers it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.rules.engine import match_situation
from floorman.rules.loader import load_rulebook, shipped_rulebooks
from floorman.rules.search import MAX_ANSWERS, answer, options_about, search, words


def test_words_are_stemmed_and_the_small_ones_left_out() -> None:
    assert words("The turn came EARLY, what now?") == ["turn", "premature"]
    assert words("he said raise") == ["declar", "raise"]
    assert words("seat 3 folded, player 2 raised") == ["fold", "rais"]
    assert words("exposed exposes exposing") == ["expos"]
    assert words("four-card flop; RP-5") == ["four", "card", "flop", "rp", "5"]
    assert words("<script>") == ["script"]


@pytest.mark.parametrize("rulebook", shipped_rulebooks())
@pytest.mark.parametrize(
    ("query", "best"),
    [
        ("the turn came early", "premature-turn"),
        ("dealer exposed the first card", "exposed-first-holecard"),
        ("four card flop", "four-card-flop"),
        ("string bet", "string-bet"),
        ("calling the clock", "clock-called"),
        ("premature-river", "premature-river"),
        ("rabbit hunting", "rabbit-hunt"),
        ("can the dealer show what would have come", "rabbit-hunt"),
    ],
)
def test_the_situation_a_question_is_about_comes_first(
    rulebook: str, query: str, best: str
) -> None:
    found = search(load_rulebook(rulebook), query)
    assert found[0]["situation"] == best
    assert len(found) <= MAX_ANSWERS


@pytest.mark.parametrize("rulebook", shipped_rulebooks())
@pytest.mark.parametrize(
    ("query", "offered"),
    [
        ("turn came early", {"premature-turn", "premature-flop", "premature-river"}),
        ("string bet", {"string-bet"}),
        ("dealt a card to an empty seat", {"dealt-to-empty-seat"}),
        ("four card flop", {"four-card-flop", "flop-too-many-cards"}),
        ("undercall", {"undercall", "undercall-of-a-raise"}),
    ],
)
def test_only_the_situations_a_dealer_means_are_offered(
    rulebook: str, query: str, offered: set[str]
) -> None:
    found = {f["situation"] for f in search(load_rulebook(rulebook), query)}
    assert found
    assert found <= offered


@pytest.mark.parametrize("rulebook", shipped_rulebooks())
@pytest.mark.parametrize(
    ("query", "best"),
    [
        ("the dealer flashed the first card", "exposed-first-holecard"),
        ("the guy in seat 3 flashed his first card", "exposed-first-holecard"),
        ("<script>alert('x')</script> four card flop", "four-card-flop"),
        ("player was away when the cards were dealt", "away-at-deal"),
        ("dealer pushed the pot to the wrong player", "wrong-award"),
        ("dealer forgot to burn", "missed-burn-after-action"),
        ("player folded out of turn", "fold-out-of-turn"),
    ],
)
def test_a_question_in_a_dealers_words_finds_its_situation_first(
    rulebook: str, query: str, best: str
) -> None:
    found = search(load_rulebook(rulebook), query)
    assert found[0]["situation"] == best
    assert len(found) < 8


@pytest.mark.parametrize("rulebook", shipped_rulebooks())
@pytest.mark.parametrize(
    "query",
    ["tip the dealer", "who gets the odd chip", "seat change", "time bank", "chopped pot"],
)  # fmt: skip
def test_a_question_no_situation_is_about_finds_nothing(rulebook: str, query: str) -> None:
    """Words found in many rulings ("player", "chip", "blind") with words found in none
    ("tip", "odd") are about no situation: nothing unrelated is offered."""
    assert search(load_rulebook(rulebook), query) == []


def test_a_number_matches_only_itself_in_a_citation() -> None:
    found = search(load_rulebook("tda-2024"), "RP-5")
    assert found
    assert all("RP-5" in (f["ruling"] or {}).get("cite", "") for f in found[:3])


def test_an_answer_is_the_ruling_ask_gives() -> None:
    book = load_rulebook("wsop-2024")
    ruling, _ = match_situation(book, "premature-turn")
    assert ruling is not None
    assert answer(book, "premature-turn") == {
        "rulebook": "wsop-2024",
        "situation": "premature-turn",
        "title": book.situations["premature-turn"].title,
        "ruling": ruling.to_json(),
        "note": ruling.note or None,
    }


def test_words_that_say_nothing_find_nothing() -> None:
    book = load_rulebook()
    assert search(book, "") == []
    assert search(book, "what is the") == []
    assert search(book, "zzqx") == []


@settings(max_examples=50, deadline=None)
@given(query=st.text(max_size=400))
def test_any_text_finds_situations_of_the_rulebook(query: str) -> None:
    book = load_rulebook()
    found = search(book, query)
    assert len(found) <= MAX_ANSWERS
    assert all(f["situation"] in book.situations for f in found)


@pytest.mark.parametrize("rulebook", shipped_rulebooks())
@pytest.mark.parametrize(
    ("query", "options"),
    [
        ("missed blinds", ["missed_blind_live"]),
        ("new player", ["buy_the_button", "new_player_closed_seats", "new_player_entry"]),
    ],
)
def test_what_a_rulebook_decides_between_hands_finds_its_options(
    rulebook: str, query: str, options: list[str]
) -> None:
    """Missed blinds and a new player are no situation of a hand: the options that decide
    them are found, and no situation that holds only part of the words ("missed" of the
    missed burn, "new" of a new hand) is offered."""
    book = load_rulebook(rulebook)
    assert [found["option"] for found in options_about(book, query)] == options
    assert search(book, query) == []


@pytest.mark.parametrize("rulebook", shipped_rulebooks())
@pytest.mark.parametrize("query", ["color up", "colour up the chips", "chip race"])
def test_color_up_is_one_thing_no_rule_is_about(rulebook: str, query: str) -> None:
    """Changing chips up is not the colour of a card's back (the foreign card)."""
    assert words("color up") == ["colorup"]
    book = load_rulebook(rulebook)
    assert search(book, query) == []
    assert options_about(book, query) == []


def test_a_situation_that_holds_the_question_whole_stays_with_the_options() -> None:
    book = load_rulebook("wsop-2024")
    assert [found["situation"] for found in search(book, "bomb pot")] == ["bomb-pot"]
    assert [found["option"] for found in options_about(book, "bomb pot")] == [
        "button_after_bomb_pot"
    ]
    assert search(book, "button")[0]["situation"].startswith("button-")
