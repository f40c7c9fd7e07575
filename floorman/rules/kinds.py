"""A rule's citation and an option's value at each kind of table.

A rulebook with a text for cash games and one for tournaments (the WSOP's Live Action
and Tournament rules) cites the text of the table's kind, and sets an option to the
tournament text's ruling where it differs (``tournament:``). These read the checked
models and the cache's look-alikes alike, with no pydantic, on ``floorman check``'s path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from floorman.rules.loader import CompiledRule
    from floorman.rules.schema import Option, Rule

__all__ = [
    "DEALT_GAMES", "KIND_WORDS", "applies_at_kind", "citation", "cite_for", "value_for",
]  # fmt: skip

DEALT_GAMES: Final = (
    "stud", "stud-hilo", "razz", "triple-draw-27", "single-draw-27", "lowball-a5", "badugi",
)  # fmt: skip
"""The stud and draw games: a rule names them in ``games:`` to rule on their hands (with
their own engine, :mod:`floorman.rules.studdraw`); a rule that names no game is a flop
game's."""

KIND_WORDS: Final = {"cash": "at a cash game", "tournament": "at a tournament table"}
"""How a document says which kind of table it is ruled for."""


def cite_for(rule: Rule, kind: str) -> str:
    """The rule's citation at a table of ``kind`` (``cash`` or ``tournament``)."""
    cite = rule.cite
    if isinstance(cite, str):
        return cite
    return cite.tournament if kind == "tournament" else cite.cash


def citation(rule: Rule) -> str:
    """The rule's citation as documents print it: each kind's, named, where they differ."""
    cite = rule.cite
    if isinstance(cite, str):
        return cite
    if cite.cash == cite.tournament:
        return cite.cash
    return f"{cite.cash} (cash); {cite.tournament} (tournament)"


def value_for(option: Option, kind: str) -> Any:
    """The option's value at a table of ``kind``, as the rulebook sets it (``default``
    unless the option gives a tournament's own)."""
    if kind == "tournament" and "tournament" in option.model_fields_set:
        return option.tournament
    return option.default


def applies_at_kind(rule: CompiledRule, kind: str) -> bool:
    """Whether ``rule`` can rule at a table of ``kind``: not when its ``when`` (or one of
    the tests it requires all of) asks for the other kind (a rule written for one text)."""
    when = rule.rule.when
    if when is None:
        return True
    tests = when.all if when.all is not None else [when]
    for test in tests:
        if test.fact == "table.kind":
            if test.eq is not None and test.eq != kind:
                return False
            if test.in_ is not None and kind not in test.in_:
                return False
    return True
