"""A rule's citation and an option's value at each kind of table.

A rulebook with a text for cash games and one for tournaments (the WSOP's Live Action
and Tournament rules) cites the text of the table's kind, and sets an option to the
tournament text's ruling where it differs (``tournament:``). These read the checked
models and the cache's look-alikes alike, with no pydantic, on ``floorman check``'s path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from floorman.rules.schema import Option, Rule

__all__ = ["citation", "cite_for", "value_for"]


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
