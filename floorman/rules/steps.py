"""Step texts: Jinja2 templates filled with the actual cards and seats.

A rulebook may come from a house, so its templates run in a sandbox with
strict undefined variables: a text can use only the documented variables
(:data:`~floorman.rules.catalogue.TEMPLATE_VARS`) and cannot reach into
Python objects. Both are checked when the rulebook loads, not when a dealer
is waiting for a ruling. A text that only prints variables (every shipped
text does) is filled just as Jinja2 would fill it, without loading Jinja2:
a dealer's ``floorman check`` does not wait for it to load.

>>> render_text("Take the {{ card }} out of play.", {"card": "7♦"})
'Take the 7♦ out of play.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from floorman.rules.catalogue import TEMPLATE_VARS

if TYPE_CHECKING:
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

__all__ = ["PRIMITIVE_DOCS", "TemplateError", "check_text", "placeholders", "render_text"]

PRIMITIVE_DOCS: Mapping[str, str] = {
    "misdeal": "The hand is a misdeal: the cards are gathered, reshuffled, cut and redealt.",
    "void-hand": "All action is void and every chip goes back to whoever bet it.",
    "kill-hand": "The seat's hand is dead.",
    "forfeit": "The seat loses its claim to the pot.",
    "set-aside": "The event's cards are out of play until the next reshuffle.",
    "return-to-stub": "The event's cards go back to the stub.",
    "use-as-burn": "The event's card is the next burn card: no other card is burned for it.",
    "replace-card": "After the deal the seat gets the top card of the deck for its exposed card.",
    "reshuffle": "The stub must be reshuffled before the street is dealt.",
    "cut": "The stub must be cut before the street is dealt.",
    "deal-without-burn": "The street is dealt with no burn card.",
    "burn": "Exactly one card is burned before the street.",
    "burn-twice": "Two cards are burned before the street: the card a missed burn left on"
    " top of the deck, then the street's own burn card.",
    "scramble": "The street's cards are scrambled face down; one becomes the burn, the rest"
    " are the street's cards.",
    "redeal": "The street's board cards are dealt again.",
    "continue-deal": "The deal goes on.",
    "complete-betting": "The betting round is completed before the street is dealt.",
    "card-stands": "The card stays as dealt.",
    "card-plays": "The card plays as part of the hand.",
    "show-all-cards": "The seat must table all its hole cards to win any part of the pot.",
    "keep-claim": "The seat that threw its cards away keeps its claim to the pot: a hold'em"
    " seat that declared it plays the board shares as the board plays.",
    "explain": "Nothing to enact: what the rulebook says, for the record.",
}
"""What each ``do`` primitive means; the engine enacts it and checks what follows."""


class TemplateError(ValueError):
    """A step text that would fail or escape its sandbox."""


@cache
def _env() -> SandboxedEnvironment:
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    return SandboxedEnvironment(
        undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False
    )


def check_text(text: str) -> None:
    """Raise :class:`TemplateError` unless ``text`` is a safe template.

    >>> check_text("{{ ''.__class__ }}")
    Traceback (most recent call last):
    ...
    floorman.rules.steps.TemplateError: "__class__" reaches outside the template sandbox
    """
    import jinja2
    from jinja2 import nodes

    try:
        tree = _env().parse(text)
    except jinja2.TemplateSyntaxError as error:
        raise TemplateError(f"template syntax: {error.message} (line {error.lineno})") from None
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        name = node.attr if isinstance(node, nodes.Getattr) else _const(getattr(node, "arg", None))
        if isinstance(name, str) and (name.startswith("_") or not name.isidentifier()):
            raise TemplateError(f'"{name}" reaches outside the template sandbox')
    if any(True for _ in tree.find_all((nodes.Getattr, nodes.Getitem, nodes.Call))):
        raise TemplateError("a step text may only print variables, not call or index them")
    stored = {node.name for node in tree.find_all(nodes.Name) if node.ctx != "load"}
    used = {node.name for node in tree.find_all(nodes.Name) if node.ctx == "load"}
    unknown = sorted(used - stored - TEMPLATE_VARS.keys())
    if unknown:
        raise TemplateError(
            f"unknown variable {unknown[0]!r} (known: {', '.join(sorted(TEMPLATE_VARS))})"
        )


def _const(node: object) -> object:
    from jinja2 import nodes

    return node.value if isinstance(node, nodes.Const) else None


@cache
def _compiled(text: str) -> jinja2.Template:
    return _env().from_string(text)


_PRINT = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_CONSTANTS = frozenset({"true", "false", "none", "True", "False", "None"})
"""Names Jinja2 reads as constants, not variables."""


def _fill_plain(text: str, variables: Mapping[str, str]) -> str | None:
    """The text filled, if its only template parts are ``{{ name }}`` of given
    variables: what Jinja2 prints for them. ``None`` for anything else."""
    if "{%" in text or "{#" in text or "{{{" in text:
        return None
    names = _PRINT.findall(text)
    if text.count("{{") != len(names):
        return None
    if any(name in _CONSTANTS or name not in variables for name in names):
        return None
    return _PRINT.sub(lambda match: str(variables[match.group(1)]), text)


def render_text(text: str, variables: Mapping[str, str]) -> str:
    """Fill a checked step text; an unknown variable is an error, never blank. A step
    is a sentence: one that opens with a variable ("seat 2 keeps ...") gets a capital.

    >>> render_text("{{ seat }} keeps its claim.", {"seat": "seat 2"})
    'Seat 2 keeps its claim.'
    """
    filled = _fill_plain(text, variables)
    if filled is None:
        import jinja2

        try:
            filled = _compiled(text).render(variables)
        except jinja2.TemplateError as error:
            raise TemplateError(f"step text {text!r}: {error}") from None
    filled = " ".join(filled.split())
    return filled[:1].upper() + filled[1:]


def placeholders(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """Words for every variable, for a ruling asked about with no hand."""
    words = {name: spec.placeholder for name, spec in TEMPLATE_VARS.items()}
    words.update(overrides or {})
    return words
