"""The quick-reference card's content: which irregularities, their outcomes and first steps."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from floorman.documents.quickcard import (
    STEP_CHARS,
    card_entries,
    card_page,
    quick_card_view,
    shortened,
)
from floorman.documents.sheet import RulebookGameError
from floorman.errors import FloormanError
from floorman.rules.loader import load_rulebook


def situations(rulebook: str, game: str) -> list[str]:
    return [entry["situation"] for entry in card_entries(load_rulebook(rulebook), game)]


def test_holdem_in_the_order_a_hand_meets_them() -> None:
    entries = card_entries(load_rulebook("rrop"), "holdem")
    assert [(e["situation"], e["outcome"]) for e in entries[:3]] == [
        ("The dealer exposes the first card off the deck", "misdeal"),
        ("The dealer exposes the second card off the deck", "continue"),
        ("The dealer exposes a hole card after the first two", "continue"),
    ]
    turn = next(e for e in entries if e["situation"].startswith("The turn card"))
    assert turn["first_step"].startswith("Take the turn card out of play")
    assert turn["more_steps"] == 5
    assert turn["cite"] == "RRoP §5 rules 6 and 8; §3 Irregularities 15"
    assert entries[-1]["outcome"] == "forfeit"


def test_each_game_gets_its_own_showdown() -> None:
    holdem, omaha, hilo = (situations("rrop", g) for g in ("holdem", "omaha", "omaha-hilo"))
    board = "At showdown a player throws away a hand that plays the board, without declaring"
    assert board in holdem
    assert board not in omaha
    assert "An Omaha player tables only some hole cards" in omaha
    assert "An Omaha player tables only some hole cards" not in holdem
    assert hilo == omaha


def test_the_house_words_rule() -> None:
    house = load_rulebook("first-or-second")
    second = card_entries(house, "holdem")[1]
    assert second["outcome"] == "misdeal"
    assert second["first_step"].startswith("Misdeal: the second card off the deck")
    view = quick_card_view(
        house, "holdem", day=datetime.date(2025, 3, 7), base=load_rulebook("rrop"), house="Mine"
    )
    assert view["house_options"] == [
        {"label": "Exposed hole cards that make a misdeal (deal positions)", "value": "1, 2"}
    ]
    assert view["doc"]["house"] == "Mine"
    assert view["left_out"] == 0


def test_fewer_entries_are_counted_as_left_out() -> None:
    book = load_rulebook("rrop")
    entries = card_entries(book, "omaha")
    view = quick_card_view(
        book, "omaha", day=datetime.date(2025, 3, 7), entries=entries[:4], compact=True
    )
    assert view["left_out"] == len(entries) - 4
    assert view["compact"] is True


def test_an_unknown_game_names_the_games() -> None:
    with pytest.raises(RulebookGameError, match=r'--game "stud": rrop has no such game'):
        quick_card_view(load_rulebook("rrop"), "stud", day=datetime.date(2025, 3, 7))


def test_a_rulebook_without_situations_has_no_card(tmp_path: Path) -> None:
    bare = tmp_path / "bare.yaml"
    bare.write_text(
        "rulebook: bare\ntitle: Bare\ngames:\n  holdem: {hole_cards: 2, play_the_board: true}\n"
        "rules:\n  - {id: holdem.x, title: X, cite: c, on: [flop], outcome: misdeal,\n"
        "     steps: [{do: misdeal, text: Misdeal.}]}\n",
        encoding="utf-8",
    )
    with pytest.raises(FloormanError, match="bare rules on none of the situations"):
        quick_card_view(load_rulebook(str(bare)), "holdem", day=datetime.date(2025, 3, 7))


def test_a_long_step_is_cut_at_a_word_and_points_to_the_sheet() -> None:
    text = "Count the chips again. " * 20
    short = shortened(text, STEP_CHARS)
    kept, pointer = short.split(" … ")
    assert pointer == "(in full on the rule sheet)"
    assert text.startswith(kept)
    assert text[len(kept)] in " ."
    assert STEP_CHARS - 25 < len(kept) <= STEP_CHARS
    assert shortened("Cut the deck.", STEP_CHARS) == "Cut the deck."


def test_the_html_card_is_of_today_and_lists_every_entry() -> None:
    book = load_rulebook("rrop")
    page = card_page(book, "omaha", base=None, house=None, size="letter")
    assert "Omaha: irregularities at a glance" in page
    assert datetime.date.today().strftime("%B %Y") in page
    assert page.count('<td class="what">') == len(card_entries(book, "omaha"))
