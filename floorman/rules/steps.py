"""Step texts: Jinja2 templates filled with the actual cards and seats.

A rulebook may come from a house, so its templates run in a sandbox with
strict undefined variables, and only the little of Jinja2 a sentence needs
is allowed: printing the documented variables
(:data:`~floorman.rules.catalogue.TEMPLATE_VARS`), ``if``/``elif``/``else``,
comparisons and ``~``, and a few filters and tests that cannot grow the
text (:data:`FILTERS`, :data:`TESTS`). No loop, no call, no attribute, no
include, import or macro: a text fills in bounded time and memory, at most
ten times :data:`~floorman.bounds.MAX_STEP_CHARS`. The shape is checked
when the rulebook loads, not when a dealer is waiting for a ruling, and
again before a text is first compiled. A text that only prints variables
(every shipped text does) is filled just as Jinja2 would fill it, without
loading Jinja2: a dealer's ``floorman check`` does not wait for it to load.

>>> render_text("Take the {{ card }} out of play.", {"card": "7♦"})
'Take the 7♦ out of play.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from floorman.bounds import MAX_STEP_CHARS
from floorman.errors import FloormanError
from floorman.rules.catalogue import TEMPLATE_VARS

if TYPE_CHECKING:
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

__all__ = [
    "FILTERS",
    "PRIMITIVE_DOCS",
    "TESTS",
    "TemplateError",
    "check_text",
    "placeholders",
    "render_text",
]

FILTERS: frozenset[str] = frozenset(
    {"upper", "lower", "capitalize", "title", "trim", "default", "d"}
)
"""Filters a step text may use: none makes the text longer than its variables."""

TESTS: frozenset[str] = frozenset(
    {"defined", "undefined", "none", "string", "eq", "equalto", "ne", "in"}
)
"""Tests a step text may use (``{% if card is defined %}``)."""

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
    "scramble-next-burn": "The street's cards are scrambled face down; one is drawn as the"
    " burn card of the street after it, the rest are the street's cards.",
    "redeal": "The street's board cards are dealt again.",
    "continue-deal": "The deal goes on.",
    "complete-betting": "The betting round is completed before the street is dealt.",
    "card-stands": "The card stays as dealt.",
    "card-plays": "The card plays as part of the hand.",
    "show-all-cards": "The seat must table all its hole cards to win any part of the pot.",
    "keep-claim": "The seat that threw its cards away keeps its claim to the pot: a hold'em"
    " seat that declared it plays the board shares as the board plays.",
    "keep-live": "The seat's hand, killed by the dealer, stays live: it is back in the hand"
    " as it was.",
    "correct-award": "The push departs from what the cards and pots give: a violation, and"
    " the chips go where the cards speak.",
    "explain": "Nothing to enact: what the rulebook says, for the record.",
    "result-stands": "The result of the hand stands as pushed: the chips stay where the"
    " dealer pushed them, whatever the cards say.",
    "bind-call": "The seat's chips or words bind it to a call of the full bet (a check when"
    " nothing is bet); chips beyond it go back, chips short of it come from its stack.",
    "bind-check": "The seat's words bind it to a check; facing a bet, it may call or fold"
    " but not raise.",
    "bind-min-raise": "The seat is bound to the least legal bet or raise (a call when it may"
    " not raise).",
    "bind-as-made": "The seat bets or raises to the chips in front, brought within what the"
    " structure allows (an overbet comes down to the maximum, the excess goes back).",
    "bind-pot": "The seat bets or raises the size of the pot, as pot limit counts it (the"
    " call, then the pot after the call), at most its stack.",
    "bind-conditional": "The seat's conditional statement binds: once what it waited for"
    " comes to pass this round (a bet or raise; for a check, none), the seat's next action"
    " in turn must be the one it stated, or it is a violation.",
    "bind-call-or-raise": "The seat is bound to call or raise on its turn: a fold is a violation.",
    "bind-first-motion": "Only the first motion of a string bet counts (for a forward motion,"
    " the action it began).",
    "forfeit-fold": "The chips the seat put out stay in the pot and the seat folds.",
    "take-back": "The seat takes back the chips of its call short of a raise it did not see"
    " (and the full call it was held to): it acts again facing the raise.",
    "back-up": "The action backs up to the seat whose turn it was; the action out of turn"
    " stands if the action to it does not change (a check, call or fold does not change"
    " it), else its chips go back and the seat has every option.",
    "back-up-unless-called": "The action backs up to the seat whose turn it was; the action"
    " out of turn stands only if no one in between bets, calls or raises.",
    "return-chips": "The action out of turn does not bind: its chips go back and the seat"
    " acts again in turn.",
    "fold-stands": "The fold out of turn stands: the seat is out of the hand.",
    "no-bet-or-raise": "On its next turn the seat may check, call or fold, but not bet or raise.",
    "wait-for-chips": "The declaration binds but leaves the amount open: the chips that"
    " follow say how much.",
    "out-of-turn-binds": "Every action out of turn of the round stands as made, whatever the"
    " skipped seat then does.",
    "skipped-no-bet-or-raise": "The skipped seat may check, call or fold, but not bet or"
    " raise, for the rest of the betting round.",
    "kill-skipped": "The skipped seat's hand is dead.",
    "correct-to-pot": "The seat's pot-limit bet or raise, made on a count of the pot that was"
    " too low, is brought up to the pot; the others act again facing it.",
    "check-hand": "The seat's hand is checked: it checks in turn, and the turn moves on.",
    "run-once": "An agreement to run the board more than once is undone: the cards to come"
    " are dealt once, as one board.",
    "return-post": "The post is not allowed: its chips go back to the seat, and the hand goes"
    " on as before it.",
    "deal-down": "Stud: the exposed downcard is the seat's upcard, and its third card is dealt"
    " face down; the bring-in follows the option `stud_exposed_low`.",
    "return-ante": "Stud: the dead hand's ante goes back to the seat.",
    "correct-bring-in": "Stud: the wrongly named low takes back its wager when the true low"
    " brings it in before the next seat acts; once the next seat acts the wager stands (the"
    " state does both as the record goes on).",
    "common-card": "Stud: the card turned face up in the center plays in every hand as its"
    " seventh card; who opens follows the option `stud_common_opener`.",
}
"""What each ``do`` primitive means; the engine enacts it and checks what follows."""


class TemplateError(FloormanError, ValueError):
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

    if len(text) > MAX_STEP_CHARS:
        raise TemplateError(f"a step text is at most {MAX_STEP_CHARS:,} characters")
    try:
        tree = _env().parse(text)
    except jinja2.TemplateSyntaxError as error:
        raise TemplateError(f"template syntax: {error.message} (line {error.lineno})") from None
    except RecursionError:
        raise TemplateError("template syntax: nested too deep") from None
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        name = node.attr if isinstance(node, nodes.Getattr) else _const(getattr(node, "arg", None))
        if isinstance(name, str) and (name.startswith("_") or not name.isidentifier()):
            raise TemplateError(f'"{name}" reaches outside the template sandbox')
    if any(True for _ in tree.find_all((nodes.Getattr, nodes.Getitem, nodes.Call))):
        raise TemplateError("a step text may only print variables, not call or index them")
    for part in tree.find_all(nodes.Node):
        _check_node(part)


_ALLOWED: tuple[str, ...] = (
    "Template", "Output", "TemplateData", "Const", "Name", "If", "CondExpr", "Filter",
    "Test", "Compare", "Operand", "And", "Or", "Not", "Concat",
)  # fmt: skip
"""The parts of Jinja2 a sentence needs: printing, choosing and comparing."""


def _check_node(node: jinja2.nodes.Node) -> None:
    from jinja2 import nodes

    kind = type(node).__name__
    if kind not in _ALLOWED:
        what = _STATEMENTS.get(kind, f"{kind.lower()} expressions")
        raise TemplateError(f"a step text cannot use {what}: only variables, if and filters")
    if isinstance(node, nodes.Name):
        if node.ctx != "load" or node.name not in TEMPLATE_VARS:
            raise TemplateError(
                f"unknown variable {node.name!r} (known: {', '.join(sorted(TEMPLATE_VARS))})"
            )
    elif isinstance(node, nodes.Filter | nodes.Test):
        allowed, word = (FILTERS, "filter") if isinstance(node, nodes.Filter) else (TESTS, "test")
        if node.name not in allowed:
            raise TemplateError(
                f'"{node.name}" is not a {word} step texts use ({", ".join(sorted(allowed))})'
            )
        if node.kwargs or node.dyn_args or node.dyn_kwargs or len(node.args) > 1:
            raise TemplateError(f'the {word} "{node.name}" takes at most one plain value')
    elif isinstance(node, nodes.Const) and not isinstance(node.value, str | int | bool | None):
        raise TemplateError(f"{node.value!r} is not a value a step text prints")


_STATEMENTS: dict[str, str] = {
    "For": "loops ({% for %})",
    "Include": "{% include %}",
    "Extends": "{% extends %}",
    "Import": "{% import %}",
    "FromImport": "{% from ... import %}",
    "Macro": "macros",
    "CallBlock": "{% call %}",
    "Assign": "{% set %}",
    "AssignBlock": "{% set %}",
    "Block": "blocks",
    "With": "{% with %}",
    "FilterBlock": "{% filter %}",
    "Mul": "arithmetic",
    "Pow": "arithmetic",
    "Add": "arithmetic",
    "Sub": "arithmetic",
    "Div": "arithmetic",
    "FloorDiv": "arithmetic",
    "Mod": "arithmetic",
}


def _const(node: object) -> object:
    from jinja2 import nodes

    return node.value if isinstance(node, nodes.Const) else None


@cache
def _compiled(text: str) -> jinja2.Template:
    check_text(text)  # a rulebook read from the cache was checked by the floorman that wrote it
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
        if len(filled) > 10 * MAX_STEP_CHARS:
            raise TemplateError(f"step text {text[:40]!r}...: fills to more than it may")
    filled = " ".join(filled.split())
    return filled[:1].upper() + filled[1:]


def placeholders(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """Words for every variable, for a ruling asked about with no hand."""
    words = {name: spec.placeholder for name, spec in TEMPLATE_VARS.items()}
    words.update(overrides or {})
    return words
