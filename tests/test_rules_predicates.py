"""Predicate trees: checked on load, compiled to functions, reading only the facts they need."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.rules.predicates import PredicateError, compile_predicate, walk
from floorman.rules.schema import Predicate


def compiled(tree: dict[str, Any], options: dict[str, Any] | None = None, **conditions: Any):  # type: ignore[no-untyped-def]
    return compile_predicate(
        Predicate.model_validate(tree),
        options=options or {},
        conditions={name: Predicate.model_validate(c) for name, c in conditions.items()},
    )


def test_comparators() -> None:
    facts = {"board_cards": 3, "street": "flop", "exposed_by": "dealer"}.__getitem__
    assert compiled({"fact": "board_cards", "ge": 3})(facts)
    assert not compiled({"fact": "board_cards", "gt": 3})(facts)
    assert compiled({"fact": "board_cards", "lt": 4})(facts)
    assert compiled({"fact": "board_cards", "le": 3})(facts)
    assert compiled({"fact": "street", "in": ["flop", "turn"]})(facts)
    assert compiled({"fact": "street", "ne": "river"})(facts)
    assert compiled({"fact": "exposed_by", "eq_option": "who"}, {"who": "dealer"})(facts)


def test_all_any_not_and_named_conditions() -> None:
    facts = {"board_cards": 0, "actions_in_turn": 2}.__getitem__
    tree = {"all": [{"fact": "board_cards", "eq": 0}, {"not": {"condition": "sa"}}]}
    assert not compiled(tree, sa={"fact": "actions_in_turn", "ge": 2})(facts)
    assert compiled(tree, sa={"fact": "actions_in_turn", "ge": 3})(facts)
    assert compiled({"any": [{"fact": "board_cards", "eq": 5}, {"condition": "sa"}]},
                    sa={"fact": "actions_in_turn", "eq": 2})(facts)  # fmt: skip


def test_only_the_facts_a_rule_needs_are_read() -> None:
    read: list[str] = []

    def facts(name: str) -> Any:
        read.append(name)
        return {"board_cards": 4, "street": "turn"}[name]

    tree = {"all": [{"fact": "board_cards", "eq": 0}, {"fact": "street", "eq": "turn"}]}
    assert not compiled(tree)(facts)
    assert read == ["board_cards"]


@pytest.mark.parametrize(
    ("tree", "message"),
    [
        ({"fact": "card.colour", "eq": "red"}, "unknown fact 'card.colour'"),
        ({"fact": "card.deal_position", "in_option": "nope"}, "option 'nope' is not defined"),
        ({"fact": "option.nope", "eq": 1}, "option 'nope' is not defined"),
        ({"condition": "loop"}, "condition 'loop' refers to itself"),
        ({"condition": "missing"}, "unknown condition 'missing'"),
        ({"fact": "street", "gt": 1}, "gt needs a number, but fact 'street' is a str"),
        ({"fact": "board_cards", "eq": "three"}, "fact 'board_cards' is a int"),
        ({"fact": "street", "eq": "fifth"}, "eq 'fifth' can never match"),
    ],
)
def test_predicates_that_cannot_be_checked(tree: dict[str, Any], message: str) -> None:
    with pytest.raises(PredicateError, match=message):
        compiled(tree, loop={"condition": "loop"})


def test_an_option_fact_is_a_constant() -> None:
    def nothing(name: str) -> Any:
        raise AssertionError(name)

    assert compiled({"fact": "option.redeal_burn", "eq": True}, {"redeal_burn": True})(nothing)


def test_walk_visits_every_node() -> None:
    tree = Predicate.model_validate(
        {"all": [{"fact": "street", "eq": "flop"}, {"not": {"any": [{"condition": "x"}]}}]}
    )
    assert [n.fact or n.condition for n in walk(tree) if n.fact or n.condition] == ["street", "x"]


@given(st.integers(-5, 60), st.integers(-5, 60))
def test_numeric_comparators_agree_with_python(value: int, operand: int) -> None:
    facts = {"hole_cards_dealt": value}.__getitem__
    for op, expected in (("gt", value > operand), ("ge", value >= operand),
                         ("lt", value < operand), ("le", value <= operand),
                         ("eq", value == operand), ("ne", value != operand)):  # fmt: skip
        assert compiled({"fact": "hole_cards_dealt", op: operand})(facts) is expected
