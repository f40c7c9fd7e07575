"""The changes between hands as typed in ``live``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.session.seating import Change
from floorman.session.words import CHANGE_WORDS, USAGE, ChangeError, parse_change


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("sit 7 200", Change("sit", 7, 200)),
        ("sit 7 200 Ann Lee post", Change("sit", 7, 200, "Ann Lee", post=True)),
        ("move 4 150 from 12 Bo", Change("move", 4, 150, "Bo", origin="12")),
        ("leave 3", Change("leave", 3)),
        ("sitout 3", Change("sitout", 3)),
        ("back 3 post", Change("back", 3, post=True)),
        ("seat 3 8", Change("seat", 3, to=8)),
        ("seat 3 8 post", Change("seat", 3, to=8, post=True)),
        ("rebuy 3 1,000", Change("rebuy", 3, 1000)),
        ("level 2/4", Change("level", blinds=(2, 4))),
        ("level 50-100 ante 10", Change("level", blinds=(50, 100), ante=10)),
        ("push", Change("push")),
    ],
)
def test_each_change_reads_as_typed(text: str, change: Change) -> None:
    assert parse_change(text) == change
    assert Change.from_json(change.as_json()) == change


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sit 7", '"sit 7": write sit SEAT CHIPS [NAME] [post | buy-button]'),
        ("leave", '"leave": write leave SEAT'),
        ("back 3 now", '"back 3 now": write back SEAT [post]'),
        ("level 2", '"level 2": write level SMALL/BIG [ante X]'),
        ("seat x 4", '"seat x 4": write seat SEAT NEWSEAT [post]'),
        ("seat 3 4 now", '"seat 3 4 now": write seat SEAT NEWSEAT [post]'),
        ("push 3", '"push 3": write push'),
    ],
)
def test_a_change_typed_wrong_gives_its_form(text: str, message: str) -> None:
    with pytest.raises(ChangeError) as caught:
        parse_change(text)
    assert str(caught.value) == message


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(CHANGE_WORDS), st.text(max_size=40))
def test_any_text_after_a_change_word_is_read_or_refused(word: str, rest: str) -> None:
    text = f"{word} {rest}"
    try:
        change = parse_change(text)
    except ChangeError as error:
        message = str(error)
    else:
        message = ""
        assert change.kind == word
    assert message in ("", f'"{text}": write {USAGE[word]}')
