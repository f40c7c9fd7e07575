"""Whether a rule can ever rule before any hand is dealt: its ``when`` settled on what a
printed sheet already knows (the house's options and the table's kind), every other fact
left open, so a rule an option turns off anywhere in its tree (inside ``any:`` too) is
listed apart, as the engine would never reach it.

>>> from floorman.rules.schema import Predicate
>>> when = Predicate.model_validate({"all": [
...     {"fact": "award.differs", "eq": True},
...     {"any": [{"fact": "table.kind", "eq": "tournament"},
...              {"fact": "option.house_error", "eq": False}]}]})
>>> switched_off(when, options={"house_error": True}, conditions={}, kind="cash")
['house_error']
>>> switched_off(when, options={"house_error": True}, conditions={}, kind="tournament")
>>> switched_off(when, options={"house_error": True}, conditions={}, kind=None)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from floorman.rules.catalogue import OPTION_PREFIX
from floorman.rules.predicates import compile_predicate

if TYPE_CHECKING:
    from floorman.rules.schema import Predicate

__all__ = ["settle", "switched_off"]

_KIND = "table.kind"


def settle(
    predicate: Predicate,
    *,
    options: Mapping[str, Any],
    conditions: Mapping[str, Predicate],
    kind: str | None,
) -> bool | None:
    """``predicate`` with options and the table's kind (when given) known: True or False
    when that decides it, None when it rests on a fact of the hand."""
    if predicate.all is not None:
        parts = [settle(p, options=options, conditions=conditions, kind=kind)
                 for p in predicate.all]  # fmt: skip
        if False in parts:
            return False
        return None if None in parts else True
    if predicate.any is not None:
        parts = [settle(p, options=options, conditions=conditions, kind=kind)
                 for p in predicate.any]  # fmt: skip
        if True in parts:
            return True
        return None if None in parts else False
    if predicate.not_ is not None:
        inner = settle(predicate.not_, options=options, conditions=conditions, kind=kind)
        return None if inner is None else not inner
    if predicate.condition is not None:
        return settle(
            conditions[predicate.condition], options=options, conditions=conditions, kind=kind
        )
    fact = predicate.fact
    if fact is None or not (fact.startswith(OPTION_PREFIX) or (fact == _KIND and kind)):
        return None
    test = compile_predicate(predicate, options=options, conditions={})
    return test(lambda name: kind)


def switched_off(
    when: Predicate | None,
    *,
    options: Mapping[str, Any],
    conditions: Mapping[str, Predicate],
    kind: str | None,
) -> list[str] | None:
    """The options whose values keep a rule with ``when`` from ever ruling at a table of
    ``kind`` (either kind when None), in the order the rule names them; None when the rule
    can still rule, and an empty list when the table's kind alone rules it out."""
    if when is None:
        return None
    if settle(when, options=options, conditions=conditions, kind=kind) is not False:
        return None
    off: list[str] = []
    for node, wanted in _option_tests(when, conditions, wanted=True):
        name = node.fact.removeprefix(OPTION_PREFIX) if node.fact else ""
        decided = settle(node, options=options, conditions=conditions, kind=kind)
        if decided is not wanted and name not in off:
            off.append(name)
    return off


def _option_tests(
    predicate: Predicate, conditions: Mapping[str, Predicate], *, wanted: bool
) -> Iterator[tuple[Predicate, bool]]:
    """Each test of an option in the tree, with the value the rule needs it to take (a
    test under ``not:`` is needed false)."""
    if predicate.not_ is not None:
        yield from _option_tests(predicate.not_, conditions, wanted=not wanted)
    elif predicate.condition is not None:
        yield from _option_tests(conditions[predicate.condition], conditions, wanted=wanted)
    elif predicate.fact is not None:
        if predicate.fact.startswith(OPTION_PREFIX):
            yield predicate, wanted
    else:
        for child in (*(predicate.all or ()), *(predicate.any or ())):
            yield from _option_tests(child, conditions, wanted=wanted)
