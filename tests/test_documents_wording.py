"""The wording every document shares: dates, editions, sentences, options in words."""

from __future__ import annotations

import datetime
from pathlib import Path

from smallbook import small_book

from floorman.documents.wording import (
    edition,
    in_floor_words,
    in_words,
    long_date,
    option_title,
    sentence,
)
from floorman.rules.loader import load_rulebook


def test_long_date() -> None:
    assert long_date(datetime.date(2024, 12, 25)) == "25 December 2024"


def test_an_edition_is_the_first_sentence_of_the_source_else_the_title(tmp_path: Path) -> None:
    book = small_book(tmp_path)
    assert edition(book) == "A Small Book of Rules, third edition."
    assert edition(load_rulebook("rrop")) == "Robert Ciaffone, Robert's Rules of Poker, version 11."
    untitled = tmp_path / "bare.yaml"
    untitled.write_text("rulebook: bare\ntitle: The Bare Book\n", encoding="utf-8")
    assert edition(load_rulebook(untitled)) == "The Bare Book"


def test_a_step_opening_with_a_placeholder_starts_with_a_capital() -> None:
    assert sentence("the player folds.") == "The player folds."
    assert sentence("") == ""


def test_option_values_in_words() -> None:
    assert [in_words(value) for value in (True, False, None, [], 3)] == [
        "yes", "no", "none", "none", "3",
    ]  # fmt: skip
    assert in_words(["first-left-of-button", "high"]) == "first left of button, high"


def test_options_are_named_by_their_title_else_their_name(tmp_path: Path) -> None:
    book = small_book(tmp_path)
    assert option_title(book, "redeal_burn") == "Redeal burn"
    rrop = load_rulebook("rrop")
    assert option_title(rrop, "redeal_burn") == "Burn before a board card dealt again"
    assert in_floor_words(rrop, "see redeal_burn,\n  and  redeal_burns") == (
        "see “Burn before a board card dealt again”, and redeal_burns"
    )
