"""The quick-reference card's content: which irregularities, their outcomes and first steps."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from floorman.documents.quickcard import (
    BETTING_CALLS,
    BODY_PT,
    COMPACT_PT,
    STEP_CHARS,
    card_entries,
    card_page,
    quick_card_view,
    shortened,
)
from floorman.documents.sheet import RulebookGameError
from floorman.errors import FloormanError
from floorman.rules.engine import match_situation
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
    assert turn["steps"] == [
        "Take the turn card out of play for this round, even if players who have not acted"
        " fold; nobody may accept or reject it.",
        "Complete the betting on the flop.",
        "Burn a card and turn what would have been the river in the turn's place.",
        "After the turn's betting, reshuffle the deck including the turn card, but not the"
        " burn cards or discards.",
        "Cut the deck.",
        "Turn the river without burning a card.",
    ]
    assert turn["cite"] == "RRoP §5 rules 6 and 8; §3 Irregularities 15"
    deal = [e for e in entries if e["section"] == "The deal, the board and the showdown"]
    assert deal[-1]["outcome"] == "forfeit"
    assert entries[: len(deal)] == deal


@pytest.mark.parametrize("rulebook", ["rrop", "tda-2024", "wsop-2024"])
@pytest.mark.parametrize("game", ["holdem", "omaha-hilo"])
def test_every_row_carries_its_whole_procedure(rulebook: str, game: str) -> None:
    book = load_rulebook(rulebook)
    entries = card_entries(book, game)
    premature = [e for e in entries if " is turned before the " in e["situation"]]
    assert len(premature) == 3
    for entry in entries:
        assert "…" not in " ".join(entry["steps"])
    for name in ("premature-flop", "premature-turn", "premature-river"):
        ruling = match_situation(book, name, game=game)[0]
        assert ruling is not None
        entry = next(e for e in entries if e["situation"] == book.situations[name].title)
        assert len(entry["steps"]) == len(ruling.steps) >= 5
        assert entry["steps"][0][1:] == ruling.steps[0].text[1:]


@pytest.mark.parametrize(
    ("rulebook", "cites"),
    [
        (
            "rrop",
            [
                "RRoP §3 Betting and Raising 10",
                "RRoP §3 Betting and Raising 14",
                "RRoP §3 Betting and Raising 15; §14 No-Limit 9, Pot-Limit 7",
                "RRoP §3 Betting and Raising 16; §14 No-Limit 6",
                "RRoP §3 Betting and Raising 8; §14 No-Limit 4 and 5",
            ],
        ),
        (
            "tda-2024",
            [
                "TDA 2024 Rule 53-A",
                "TDA 2024 Rules 42 and 56",
                "TDA 2024 Rules 44 and 46-C",
                "TDA 2024 Rule 51-B",
                "TDA 2024 Rules 40-B and 51-A",
            ],
        ),
        (
            "wsop-2024",
            [
                "WSOP LA 17 and 132",
                "WSOP LA 136",
                "WSOP LA 137 and 178",
                "WSOP LA 138 and 177",
                "WSOP LA 16 and 131",
            ],
        ),
    ],
)
def test_the_betting_calls_a_floor_hears_most_close_the_card(
    rulebook: str, cites: list[str]
) -> None:
    book = load_rulebook(rulebook)
    for game in ("holdem", "omaha"):
        calls = [e for e in card_entries(book, game) if e["section"] == "Betting calls"]
        assert [e["situation"] for e in calls] == [
            book.situations[name].title for name in BETTING_CALLS
        ]
        assert [e["cite"] for e in calls] == cites
        assert {e["outcome"] for e in calls} == {"continue"}
    string = next(e for e in calls if "goes back to the stack" in e["situation"])
    assert "first motion" in string["steps"][0]


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
    assert second["steps"][0].startswith("Misdeal: the second card off the deck")
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
    assert view["type_pt"] == COMPACT_PT < BODY_PT
    assert [s["title"] for s in view["sections"]] == ["The deal, the board and the showdown"]


def test_an_unknown_game_names_the_games() -> None:
    with pytest.raises(
        RulebookGameError, match=r'--game "pineapple": rrop has no such game \(holdem to badugi'
    ):
        quick_card_view(load_rulebook("rrop"), "pineapple", day=datetime.date(2025, 3, 7))


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
    assert page.count('<span class="what">') == len(card_entries(book, "omaha"))
    assert "font-size: 10.5pt" in page
