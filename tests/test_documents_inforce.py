"""The rulebook a document is printed under, with the one its house profile changes."""

from __future__ import annotations

from pathlib import Path

from floorman._resources import rulebook_dir
from floorman.documents.inforce import load_in_force

HOUSE_TITLE = "House rules: the first or second hole card exposed is a misdeal"


def test_a_shipped_rulebook_changes_nothing() -> None:
    book, base, house = load_in_force("rrop", None)
    assert (book.name, base, house) == ("rrop", None, None)


def test_a_shipped_house_profile_named_as_the_rulebook_changes_the_one_it_extends() -> None:
    book, base, house = load_in_force("first-or-second", None)
    assert base is not None
    assert (book.name, base.name, house) == ("first-or-second", "rrop", HOUSE_TITLE)


def test_a_house_file_changes_the_rulebook_named() -> None:
    path = rulebook_dir() / "house" / "first-or-second.yaml"
    book, base, house = load_in_force("rrop", Path(path))
    assert base is not None
    assert (base.name, house) == ("rrop", HOUSE_TITLE)
    assert book.options != base.options
