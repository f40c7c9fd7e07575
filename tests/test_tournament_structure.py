"""Tournament structures from YAML: the shipped ones load, every mistake is one line
naming the file, the line and the field, and no input crashes the reader."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.structure import (
    Break,
    Level,
    StructureError,
    load_structure,
    parse_structure,
    shipped_structures,
)

GOOD = """\
structure: house
title: House Limit Hold'em
betting: limit
starting_stack: 5000
chips: [25, 100, 500]
levels:
  - {blinds: [25, 50], limits: [50, 100], minutes: 15}
  - {break: 10, color_up: [25]}
  - {blinds: [100, 200], ante: 100, limits: [200, 400], minutes: 15}
"""


def refusal(text: str) -> str:
    """Why ``text`` is refused as a structure; nothing when it is one."""
    try:
        parse_structure(text, "fuzz.yaml")
    except StructureError as error:
        return str(error)
    return ""


@pytest.mark.parametrize("name", shipped_structures())
def test_every_shipped_structure_loads(name: str) -> None:
    structure = load_structure(name)
    assert structure.structure == name
    assert structure.level(1).blinds[1] > 0


def test_shipped_structures_are_the_daily_and_the_deep_stack() -> None:
    assert shipped_structures() == ["daily", "deepstack"]
    assert load_structure(None).structure == "daily"


def test_levels_and_breaks_in_order() -> None:
    structure = parse_structure(GOOD, "house.yaml")
    assert [type(s) for s in structure.levels] == [Level, Break, Level]
    assert structure.level(2).describe() == "blinds 100/200, ante 100, limits 200/400, 15 minutes"
    assert structure.level(9) == structure.level(2)
    assert structure.levels[1].describe() == "break, 10 minutes, color up the 25 chips"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("minutes: 15}\n  - {break", "minutes: 0}\n  - {break"),
         "house.yaml:7: levels[0].minutes: Input should be greater than 0"),
        (("color_up: [25]", "color_up: [5]"),
         "house.yaml:8: levels[1]: the 5 chip is not in play then"),
        (("ante: 100,", "ante: 100, big_blind_ante: 200,"),
         "house.yaml:9: levels[2]: an ante or a big blind ante, not both"),
        (("[25, 50], limits", "[25, 50], limit"),
         "house.yaml:7: levels[0].limit: unknown field"),
        (("betting: limit", "betting: spread"),
         "house.yaml:3: betting: 'spread' is not allowed"),
        (("starting_stack: 5000", "starting_stack: 5010"),
         "house.yaml:1: the starting stack 5010 is not made of 25 chips"),
        (("ante: 100", "ante: 150"),
         "house.yaml:9: levels[2]: 150 cannot be made of the chips in play (the smallest is 100)"),
        (("starting_stack: 5000", "starting_stack: '5000'"),
         "house.yaml:4: starting_stack: Input should be a valid integer"),
        (("title: House", "title: House\ntitle: Twice"),
         "house.yaml:3: not valid YAML: 'title' is given twice"),
    ],
)  # fmt: skip
def test_a_mistake_is_one_line_naming_file_line_and_field(
    change: tuple[str, str], message: str
) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(StructureError) as caught:
        parse_structure(GOOD.replace(old, new, 1), "house.yaml")
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_a_missing_file_names_the_shipped_ones() -> None:
    with pytest.raises(StructureError, match="no such file or shipped daily, deepstack"):
        load_structure("weekly")


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300))
def test_no_text_crashes_the_reader(text: str) -> None:
    assert "\n" not in refusal(text)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.fixed_dictionaries(
            {"blinds": st.lists(st.integers(-5, 500), min_size=1, max_size=3),
             "minutes": st.integers(-1, 30)},
            optional={"ante": st.integers(-1, 200), "break": st.integers(0, 20),
                      "color_up": st.lists(st.integers(0, 600), max_size=2)},
        ),
        max_size=4,
    )
)  # fmt: skip
def test_any_levels_load_or_are_refused_in_one_line(levels: list[dict[str, object]]) -> None:
    import yaml

    text = yaml.safe_dump(
        {"structure": "f", "title": "F", "starting_stack": 1000, "chips": [25, 100],
         "levels": levels}
    )  # fmt: skip
    message = refusal(text)
    assert message == "" or message.startswith("fuzz.yaml:")
    assert "\n" not in message
