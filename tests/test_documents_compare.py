"""What a rulebook comparison says, situation by situation, and where books part ways."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from smallbook import small_book

from floorman.documents.compare import (
    comparison_json,
    comparison_lines,
    comparison_text,
    comparison_view,
)
from floorman.rules.loader import Rulebook, load_rulebook

DAY = datetime.date(2025, 3, 7)


@pytest.fixture
def small(tmp_path: Path) -> Rulebook:
    return small_book(tmp_path)


OTHER_BOOK = """\
rulebook: other
title: The Other Book
options:
  odd_chip:
    default: high-card-by-suit
    choices: [first-left-of-button, high-card-by-suit]
  redeal_burn: {default: false}
games:
  holdem: {hole_cards: 2, play_the_board: true}
  omaha: {extends: holdem, hole_cards: 4, hole_cards_used: 2, play_the_board: false}
situations:
  four-card-flop:
    title: The flop comes out with four cards
    on: flop
    facts: {event.cards: 4}
  only-here:
    title: A situation only the other book names
    on: muck
    facts: {showdown: true}
rules:
  - id: scramble
    title: Four-card flop scrambled
    cite: Other §4
    on: flop
    situations: [four-card-flop]
    when: {fact: event.cards, ge: 4}
    outcome: continue
    steps:
      - {do: explain, text: The rule comes from a scramble.}
      - {do: scramble, text: "Scramble the {{ cards }}; one becomes the burn."}
"""


@pytest.fixture
def books(small: Rulebook, tmp_path: Path) -> list[Rulebook]:
    path = tmp_path / "other.yaml"
    path.write_text(OTHER_BOOK, encoding="utf-8")
    return [small, load_rulebook(path)]


class TestComparison:
    def test_situation_by_situation(self, books: list[Rulebook]) -> None:
        view = comparison_view(books, day=DAY)
        assert [row["situation"] for row in view["rows"]] == ["four-card-flop", "only-here"]
        flop = view["rows"][0]
        assert flop["differs"] is True
        assert flop["differences"] == ["procedure"]
        small, other = flop["cells"]
        assert small["cite"] == "Small §1"
        assert small["procedure"] == ["return-to-stub", "deal-without-burn"]
        assert small["steps"][0] == "Mix the four flop cards with the deck."
        assert other["outcome_label"] == "Play continues"
        assert other["steps"] == [
            "The rule comes from a scramble.",
            "Scramble the cards; one becomes the burn.",
        ]

    def test_silence_against_a_ruling_is_a_difference(
        self, books: list[Rulebook], tmp_path: Path
    ) -> None:
        row = comparison_view(books, day=DAY)["rows"][1]
        assert [cell["absent"] for cell in row["cells"]] == [True, True]
        assert row["differs"] is False
        ruling = tmp_path / "ruling.yaml"
        ruling.write_text(
            OTHER_BOOK + "  - id: muck\n    title: Mucked\n    cite: Other §5\n    on: muck\n"
            "    outcome: forfeit\n    steps: [{do: forfeit, text: No claim.}]\n",
            encoding="utf-8",
        )
        row = comparison_view([books[0], load_rulebook(ruling)], day=DAY)["rows"][1]
        assert [cell["absent"] for cell in row["cells"]] == [True, False]
        assert row["differences"] == ["outcome"]

    def test_explain_steps_do_not_make_a_difference(self, books: list[Rulebook]) -> None:
        same = comparison_view([books[1], books[1]], day=DAY)
        assert same["differing"] == 0

    def test_options_and_unreached_rules(self, books: list[Rulebook]) -> None:
        view = comparison_view(books, day=DAY)
        options = {row["name"]: row for row in view["options"]}
        assert options["odd_chip"]["by_book"] == ["first left of button", "high card by suit"]
        assert options["odd_chip"]["differs"] is True
        assert options["strict_tabling"]["by_book"] == ["no", ""]
        assert options["redeal_burn"]["differs"] is False
        unreached = {group["book"]: group["rules"] for group in view["unreached"]}
        assert [rule["title"] for rule in unreached["small"]] == [
            "The board is played without declaring",
            "A hand thrown away untabled",
        ]
        assert unreached["other"] == []

    def test_rrop_and_tda_part_ways_on_the_second_card(self) -> None:
        view = comparison_view([load_rulebook("rrop"), load_rulebook("tda-2024")], day=DAY)
        row = next(r for r in view["rows"] if r["situation"] == "exposed-second-holecard")
        assert [cell["outcome"] for cell in row["cells"]] == ["continue", "misdeal"]
        assert "outcome" in row["differences"]
        assert view["doc"]["meta"][0] == (
            f"{len(view['rows'])} situations, {view['differing']} ruled differently"
        )


class TestComparisonInText:
    def test_the_table_marks_differences_and_opens_each_ruling_with_its_outcome(
        self, books: list[Rulebook]
    ) -> None:
        view = comparison_view(books, day=DAY)
        lines = comparison_lines(view, width=100)
        assert lines[0].split() == ["Situation", "small", "other"]
        flop = next(line for line in lines if "The flop comes out" in line)
        assert flop.startswith("* The flop comes out")
        assert flop.split()[-2:] == ["CONTINUE", "CONTINUE"]
        shouted = comparison_lines(view, outcome_word=lambda word: f"<{word}>")
        assert "<continue>" in next(line for line in shouted if "The flop comes out" in line)
        assert any(line.startswith("Rules of small no situation reaches:") for line in lines)

    def test_the_text_file_holds_no_colour_code(self, books: list[Rulebook]) -> None:
        view = comparison_view(books, day=DAY)
        view["rows"][0]["title"] = "\033[1mFour\033[0m up"
        text = comparison_text(view)
        assert "\033" not in text
        assert "* Four up" in text
        assert text.endswith("\n")

    def test_the_json_names_games_and_options_as_the_rulebooks_do(
        self, books: list[Rulebook]
    ) -> None:
        view = comparison_view(books, day=DAY)
        shape = comparison_json(view, books, only_differences=True)
        assert shape["rulebooks"] == ["small", "other"]
        assert [s["situation"] for s in shape["situations"]] == ["four-card-flop"]
        flop = shape["situations"][0]
        assert flop["game"] == "holdem"
        assert flop["rulings"]["other"]["cite"] == "Other §4"
        assert shape["options"]["odd_chip"] == {
            "small": "first-left-of-button",
            "other": "high-card-by-suit",
        }
