"""Predicate trees compiled to plain functions over facts.

A rule's ``when`` is checked once on load (known facts, defined options and
conditions, operands of the right kind) and compiled to a closure; options
and named conditions are resolved then, so matching an event costs a few
function calls and reads only the facts the rule names.

>>> from floorman.rules.schema import Predicate
>>> test = compile_predicate(
...     Predicate.model_validate({"all": [
...         {"fact": "exposed_by", "eq": "dealer"},
...         {"fact": "card.deal_position", "in_option": "misdeal_positions"}]}),
...     options={"misdeal_positions": [1, 2]}, conditions={})
>>> test({"exposed_by": "dealer", "card.deal_position": 2}.__getitem__)
True
>>> test({"exposed_by": "dealer", "card.deal_position": 3}.__getitem__)
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from floorman.rules.catalogue import FACTS, OPTION_PREFIX

if TYPE_CHECKING:
    from floorman.rules.schema import Predicate

__all__ = ["FactReader", "PredicateError", "Test", "compile_predicate", "walk"]

FactReader = Callable[[str], Any]
"""Reads one fact by name (computed on first use)."""

Test = Callable[[FactReader], bool]


class PredicateError(ValueError):
    """A predicate that cannot be checked; the message names the culprit."""


def walk(predicate: Predicate) -> Iterator[Predicate]:
    """Every node of a predicate tree, the root first."""
    yield predicate
    for child in (*(predicate.all or ()), *(predicate.any or ())):
        yield from walk(child)
    if predicate.not_ is not None:
        yield from walk(predicate.not_)


def compile_predicate(
    predicate: Predicate,
    *,
    options: Mapping[str, Any],
    conditions: Mapping[str, Predicate],
    _seen: tuple[str, ...] = (),
) -> Test:
    """Check ``predicate`` and turn it into a function of a fact reader.

    Raise :class:`PredicateError` for an unknown fact, option or condition, a
    condition that refers to itself, or an operand the fact can never take.
    """
    if predicate.all is not None:
        parts = [compile_predicate(p, options=options, conditions=conditions, _seen=_seen)
                 for p in predicate.all]  # fmt: skip
        return lambda read: all(part(read) for part in parts)
    if predicate.any is not None:
        parts = [compile_predicate(p, options=options, conditions=conditions, _seen=_seen)
                 for p in predicate.any]  # fmt: skip
        return lambda read: any(part(read) for part in parts)
    if predicate.not_ is not None:
        inner = compile_predicate(
            predicate.not_, options=options, conditions=conditions, _seen=_seen
        )
        return lambda read: not inner(read)
    if predicate.condition is not None:
        name = predicate.condition
        if name in _seen:
            raise PredicateError(f"condition {name!r} refers to itself")
        if name not in conditions:
            raise PredicateError(f"unknown condition {name!r}")
        return compile_predicate(
            conditions[name], options=options, conditions=conditions, _seen=(*_seen, name)
        )
    return _compile_test(predicate, options)


def _compile_test(predicate: Predicate, options: Mapping[str, Any]) -> Test:
    fact = predicate.fact
    assert fact is not None
    op, operand = predicate.comparator
    if op in ("in_option", "eq_option"):
        if operand not in options:
            raise PredicateError(f"option {operand!r} is not defined")
        value = options[operand]
        if op == "in_option":
            op, operand = "in", value if isinstance(value, list) else [value]
        else:
            op, operand = "eq", value
    if fact.startswith(OPTION_PREFIX):
        name = fact[len(OPTION_PREFIX) :]
        if name not in options:
            raise PredicateError(f"option {name!r} is not defined")
        constant = _compare(op, options[name], operand)
        return lambda read: constant
    spec = FACTS.get(fact)
    if spec is None:
        raise PredicateError(f"unknown fact {fact!r} (see `floorman rules facts`)")
    _check_operand(fact, spec.type, spec.choices, op, operand)
    return lambda read: _compare(op, read(fact), operand)


def _check_operand(
    fact: str, kind: type, choices: tuple[str, ...] | None, op: str, operand: Any
) -> None:
    if op in ("gt", "ge", "lt", "le") and kind is not int:
        raise PredicateError(f"{op} needs a number, but fact {fact!r} is a {kind.__name__}")
    values = operand if op == "in" else [operand]
    for value in values:
        if value is None:
            continue
        if type(value) is not kind:
            raise PredicateError(
                f"fact {fact!r} is a {kind.__name__}; {op} {value!r} can never match"
            )
        if choices is not None and value not in choices:
            raise PredicateError(
                f"fact {fact!r} is one of {', '.join(choices)}; {op} {value!r} can never match"
            )


def _compare(op: str, value: Any, operand: Any) -> bool:
    if op == "eq":
        return bool(value == operand)
    if op == "ne":
        return bool(value != operand)
    if op == "in":
        return value in operand
    if value is None or operand is None:
        return False
    if op == "gt":
        return bool(value > operand)
    if op == "ge":
        return bool(value >= operand)
    if op == "lt":
        return bool(value < operand)
    return bool(value <= operand)
