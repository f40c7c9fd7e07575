"""The words shown to people: one table each, covering every game and outcome."""

from __future__ import annotations

import doctest
import subprocess
import sys

import pytest

from floorman import vocabulary
from floorman.hand.records import GAMES
from floorman.rules.schema import OUTCOMES
from floorman.vocabulary import (
    GAME_SHORT_NAMES,
    GAME_TITLES,
    NUMBER_WORDS,
    ORDINALS,
    OUTCOME_LABELS,
    number_word,
    ordinal,
)


def test_the_examples_in_the_module_hold() -> None:
    failures, tried = doctest.testmod(vocabulary)
    assert tried >= 4
    assert failures == 0


def test_every_game_has_a_title_and_a_short_name() -> None:
    assert set(GAME_TITLES) == set(GAME_SHORT_NAMES) == set(GAMES)
    assert GAME_TITLES["holdem"] == "Hold'em"
    assert GAME_SHORT_NAMES["holdem"] == "hold'em"


def test_every_outcome_a_rule_can_give_has_a_label() -> None:
    assert set(OUTCOME_LABELS) == set(OUTCOMES)
    assert OUTCOME_LABELS["continue"] == "Play continues"


@pytest.mark.parametrize(
    ("number", "word"),
    [(1, "first"), (4, "fourth"), (20, "twentieth"), (21, "21st"), (22, "22nd"),
     (23, "23rd"), (111, "111th"), (112, "112th"), (122, "122nd")],
)  # fmt: skip
def test_ordinals(number: int, word: str) -> None:
    assert ordinal(number) == word


def test_the_ordinal_table_names_the_first_twenty_in_order() -> None:
    assert len(ORDINALS) == 20
    assert [ordinal(n) for n in range(1, 21)] == list(ORDINALS)


@pytest.mark.parametrize(("number", "word"), [(1, "one"), (2, "two"), (10, "ten"), (11, "11")])
def test_number_words(number: int, word: str) -> None:
    assert number_word(number) == word


def test_number_words_run_from_one_to_ten() -> None:
    assert sorted(NUMBER_WORDS) == list(range(1, 11))


def test_the_vocabulary_imports_nothing_of_floorman() -> None:
    code = (
        "import sys, floorman.vocabulary\n"
        "print(sorted(m for m in sys.modules if m.startswith('floorman.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "['floorman.vocabulary']"
