"""The rulebook file format: its models refuse malformed shapes, and its JSON
Schema is what editors use to check and complete a rulebook."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from floorman.rules.schema import (
    OUTCOMES,
    PRIMITIVES,
    Option,
    Predicate,
    Rule,
    RulebookFile,
    rulebook_json_schema,
)

MINIMAL_RULE: dict[str, Any] = {
    "id": "holdem.x",
    "title": "X",
    "cite": "House 1",
    "on": "flop",
    "outcome": "continue",
    "steps": [{"do": "explain", "text": "Go on."}],
}


def test_a_rule_triggers_on_one_or_several_event_kinds() -> None:
    assert Rule.model_validate(MINIMAL_RULE).on == ["flop"]
    assert Rule.model_validate({**MINIMAL_RULE, "on": ["turn", "river"]}).on == ["turn", "river"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"outcome": "redeal"}, "outcome"),
        ({"on": "shuffle"}, "on"),
        ({"steps": []}, "steps"),
        ({"steps": [{"do": "dance", "text": "x"}]}, "do"),
        ({"id": "Has Spaces"}, "id"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_malformed_rules_are_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        Rule.model_validate({**MINIMAL_RULE, **change})


def test_a_predicate_is_one_form_with_one_comparator() -> None:
    Predicate.model_validate({"fact": "street", "eq": "flop"})
    Predicate.model_validate({"not": {"condition": "substantial_action"}})
    with pytest.raises(ValidationError, match="exactly one comparator"):
        Predicate.model_validate({"fact": "street", "eq": "flop", "ne": "turn"})
    with pytest.raises(ValidationError, match="exactly one of all, any, not, condition or fact"):
        Predicate.model_validate({"all": [], "any": []})
    with pytest.raises(ValidationError, match="only allowed with a fact"):
        Predicate.model_validate({"condition": "x", "eq": 1})


def test_a_predicate_may_compare_with_none() -> None:
    assert Predicate.model_validate({"fact": "street", "eq": None}).comparator == ("eq", None)


def test_option_defaults_must_be_among_the_choices() -> None:
    Option(default="high", choices=["high", "low"])
    with pytest.raises(ValidationError, match="'middle' is not one of high, low"):
        Option(default="middle", choices=["high", "low"])
    with pytest.raises(ValidationError, match="True is not one of 1, 2"):
        Option(default=[True], choices=[1, 2])


def test_house_level_examples_must_name_their_rule() -> None:
    with pytest.raises(ValidationError, match="needs rule"):
        RulebookFile.model_validate(
            {
                "rulebook": "h",
                "title": "H",
                "examples": [{"hand": {"events": ["deal"]}, "outcome": "none"}],
            }
        )


def test_json_schema_lists_outcomes_primitives_and_the_on_key() -> None:
    schema = rulebook_json_schema()
    text = json.dumps(schema)
    assert schema["title"] == "floorman rulebook"
    assert schema["$schema"].startswith("https://json-schema.org/")
    for word in (*OUTCOMES, *PRIMITIVES):
        assert f'"{word}"' in text
    assert "on" in schema["$defs"]["Rule"]["properties"]
    assert "not" in schema["$defs"]["Predicate"]["properties"]
