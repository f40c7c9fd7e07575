"""The shape of a rulebook file, checked on load and exported as JSON Schema.

A rulebook is data: options a house may tune, games, named conditions,
situations a dealer can ask about, and rules. Each rule names the event that
triggers it, a predicate tree over documented facts, the outcome, the
corrective steps and worked examples. These models check the *shape*; the
loader then checks what the shape cannot say (known facts, defined options,
safe templates) and merges ``extends`` chains.

Several rulebooks rule on the same things: a premature turn card is
recognised the same way whatever the ruling. Such a *case* is written once,
under ``cases:`` in a file the rulebooks extend (``common.yaml``): the
events, the predicate, the games, the situations, the priority, worked
example hands, and the title and steps where the books agree. A rule says
``case: NAME`` and states only its own: citation, outcome, and whatever it
says otherwise; the loader writes the rule out in full.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeAlias

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationInfo,
    field_validator,
    model_validator,
)

from floorman.rules.plain import COMPARATORS, comparator_of, written_name

__all__ = [
    "COMPARATORS",
    "EVENT_KINDS",
    "OUTCOMES",
    "PRIMITIVES",
    "Case",
    "Example",
    "ExpectedViolation",
    "Game",
    "KindCite",
    "Option",
    "Outcome",
    "Predicate",
    "Primitive",
    "Rule",
    "RulebookFile",
    "Situation",
    "Step",
    "rulebook_json_schema",
]

Scalar: TypeAlias = bool | int | str | None
Value: TypeAlias = Scalar | list[Scalar]

Outcome = Literal["misdeal", "void", "continue", "dead-hand", "forfeit"]
OUTCOMES: tuple[str, ...] = ("misdeal", "void", "continue", "dead-hand", "forfeit")

EventKind = Literal[
    "deal", "cards", "expose", "extra", "burn", "flop", "turn", "river", "board",
    "action", "fold", "check", "call", "bet", "raise", "allin", "post",
    "chips", "says", "string", "motion", "pullback",
    "show", "muck", "plays-board", "reshuffle", "cut", "misdeal", "kill", "retrieve", "away",
    "award", "miscount", "note", "button", "dealt-empty", "dealt-out", "unaware", "clock",
    "count", "behind", "dispute", "boxed", "off-table", "joker", "foreign", "short",
    "run", "up", "down", "bring-in", "common", "draws", "stub",
]  # fmt: skip
EVENT_KINDS: tuple[str, ...] = EventKind.__args__  # type: ignore[attr-defined]
"""Event kinds a rule can trigger on; ``board`` is any of flop, turn and river,
``action`` any betting action."""

Primitive = Literal[
    "misdeal", "void-hand", "kill-hand", "forfeit", "set-aside", "return-to-stub",
    "use-as-burn", "replace-card", "reshuffle", "cut", "deal-without-burn", "burn",
    "burn-twice", "scramble", "scramble-next-burn", "redeal", "continue-deal",
    "complete-betting", "card-stands",
    "card-plays", "show-all-cards", "keep-claim", "keep-live", "correct-award", "explain",
    "bind-call", "bind-check", "bind-min-raise", "bind-as-made", "bind-first-motion",
    "bind-pot", "bind-conditional", "bind-call-or-raise",
    "forfeit-fold", "back-up", "back-up-unless-called", "return-chips", "fold-stands",
    "no-bet-or-raise", "wait-for-chips", "out-of-turn-binds", "skipped-no-bet-or-raise",
    "kill-skipped", "correct-to-pot", "take-back", "check-hand", "return-post",
    "result-stands", "run-once", "deal-down", "return-ante", "correct-bring-in",
    "common-card",
]  # fmt: skip
PRIMITIVES: tuple[str, ...] = Primitive.__args__  # type: ignore[attr-defined]

_STRICT = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)
"""Validators are built on first use: a rulebook read back from the cache needs none."""
_ID = r"^[a-z0-9][a-z0-9.-]*$"


class Predicate(BaseModel):
    """One node of a predicate tree: ``all``, ``any``, ``not``, a named
    ``condition``, or a test of one ``fact`` with exactly one comparator.

    ``in_option`` and ``eq_option`` compare the fact with the value of a
    rulebook option, so a house profile can change the ruling by option alone.
    """

    model_config = _STRICT

    all: list[Predicate] | None = None
    any: list[Predicate] | None = None
    not_: Predicate | None = Field(default=None, alias="not")
    condition: str | None = Field(default=None, description="a name from `conditions`")
    fact: str | None = Field(default=None, description="a fact from `floorman rules facts`")
    eq: Value = None
    ne: Value = None
    in_: list[Scalar] | None = Field(default=None, alias="in")
    gt: int | None = None
    ge: int | None = None
    lt: int | None = None
    le: int | None = None
    in_option: str | None = Field(default=None, description="an option holding a list")
    eq_option: str | None = Field(default=None, description="an option holding a value")

    @model_validator(mode="after")
    def _one_form(self) -> Predicate:
        given = self.model_fields_set
        forms = [f for f in ("all", "any", "not_", "condition", "fact") if f in given]
        if len(forms) != 1:
            raise ValueError(
                "a predicate is exactly one of all, any, not, condition or fact"
                f" (got {', '.join(written_name(f) for f in forms) or 'none'})"
            )
        comparators = [c for c in given if written_name(c) in COMPARATORS]
        if forms == ["fact"] and len(comparators) != 1:
            raise ValueError(
                f"fact {self.fact!r} needs exactly one comparator of {', '.join(COMPARATORS)}"
            )
        if forms != ["fact"] and comparators:
            raise ValueError(f"{written_name(comparators[0])} is only allowed with a fact")
        return self

    @property
    def comparator(self) -> tuple[str, Any]:
        """The one comparator of a fact test and its operand."""
        return comparator_of(self)


class Step(BaseModel):
    """One numbered corrective step: a primitive the engine enacts and the
    text a dealer reads, a Jinja2 template filled with the actual cards and
    seats. ``when`` keeps the step only where its predicate holds (e.g. a
    house option)."""

    model_config = _STRICT

    do: Primitive
    text: str = Field(min_length=1)
    street: Literal["this", "next"] = Field(
        default="this",
        description="the street a dealing step applies to: the one the event belongs to,"
        " or the one after it",
    )
    when: Predicate | None = None


class ExpectedViolation(BaseModel):
    model_config = _STRICT

    event: int = Field(ge=0)
    rule: str | None = Field(default=None, description="rule id; default: this rule")


class Example(BaseModel):
    """A worked example: a small hand and what the rulebook rules on it.

    ``hand`` is a hand file (header fields may be left out: a three-seat
    no-limit hold'em table, blinds 1-2, the button on seat 3, stacks of 100).
    The ruling is looked for at ``event`` (default: the last event);
    ``outcome: none`` says no rule rules there.

    In a rule written for a case, ``like`` names one of the case's examples:
    the fields this one leaves out are that example's, so a book states only
    its own outcome and what else it rules differently.
    """

    model_config = _STRICT

    describe: str | None = None
    like: str | None = Field(
        default=None,
        description="an example of the rule's case this one is like: the fields left out"
        " here are that example's",
    )
    hand: dict[str, Any] = Field(
        default_factory=dict, validate_default=True, description="default: the example it is like"
    )
    event: int | None = Field(default=None, ge=0)
    outcome: Outcome | Literal["none"]
    rule: str | None = Field(default=None, description="rule id; default: this rule")
    steps: list[Primitive] | None = None
    violations: list[ExpectedViolation] | None = None
    bets: dict[int, int] | None = Field(
        default=None,
        description="chips in front of each seat on the street after the hand's last event,"
        " as the ruling left them (seats left out: any)",
    )
    to_act: int | None = Field(
        default=None, description="the seat to act after the hand's last event"
    )
    awards: dict[int, int] | None = Field(
        default=None,
        description="chips each seat wins from the pots after the hand's last event, as the"
        " cards and the rulings give them ({} while nobody wins yet)",
    )

    @field_validator("hand")
    @classmethod
    def _has_events(cls, hand: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        if not hand and info.data.get("like") is not None:
            return hand
        events = hand.get("events")
        if not isinstance(events, list) or not events:
            raise ValueError("an example hand needs a non-empty list of events")
        return hand


def _one_or_many(value: object) -> object:
    return [value] if isinstance(value, str) else value


def _cite_form(value: object) -> str:
    """Which form a citation is written in, so a mistake is named in its own terms."""
    return "by-kind" if isinstance(value, dict | KindCite) else "text"


class KindCite(BaseModel):
    """A rule's citation at each kind of table, where the rulebook has a text for each (the
    WSOP's Live Action rules for a cash game, its Tournament rules for a tournament)."""

    model_config = _STRICT

    cash: str = Field(min_length=1, description="the citation at a cash game")
    tournament: str = Field(min_length=1, description="the citation at a tournament table")


class Rule(BaseModel):
    """A rule of a rulebook. One that names a ``case`` takes from it every case field
    it leaves out (``title``, ``games``, ``on``, ``when``, ``steps``, ``priority``,
    ``overrides``, ``situations``), and its examples when it gives none."""

    model_config = _STRICT

    id: str = Field(pattern=_ID)
    case: str | None = Field(
        default=None, description="a name from `cases`: what the rule leaves out comes from it"
    )
    title: str = Field(default="", min_length=1, description="required unless the case has it")
    cite: Annotated[
        Annotated[str, Field(min_length=1), Tag("text")] | Annotated[KindCite, Tag("by-kind")],
        Discriminator(_cite_form),
    ] = Field(description="one citation, or one for each kind of table: {cash, tournament}")
    games: list[str] | None = Field(default=None, description="default: every game")
    on: list[EventKind] = Field(default_factory=list, description="required unless the case has it")
    when: Predicate | None = None
    outcome: Outcome
    steps: list[Step] = Field(
        default_factory=list, min_length=1, description="required unless the case has them"
    )
    priority: int = 0
    overrides: list[str] = Field(default_factory=list)
    situations: list[str] = Field(default_factory=list)
    note: str | None = Field(
        default=None, description="where the source is silent or ambiguous, say so here"
    )
    examples: list[Example] = Field(default_factory=list)

    _on = field_validator("on", mode="before")(_one_or_many)


class Case(BaseModel):
    """Something that happens at a table, written once for every rulebook that rules on
    it: how it is recognised (``on``, ``when``, ``games``), the situations it answers,
    its priority, the title and steps where the rulebooks agree, and named worked
    examples."""

    model_config = _STRICT

    title: str = Field(default="", min_length=1)
    games: list[str] | None = Field(default=None, description="default: every game")
    on: list[EventKind] = Field(default_factory=list)
    when: Predicate | None = None
    steps: list[Step] = Field(default_factory=list, min_length=1)
    priority: int = 0
    overrides: list[str] = Field(default_factory=list)
    situations: list[str] = Field(default_factory=list)
    examples: dict[str, Example] = Field(
        default_factory=dict,
        description="a rule that gives no examples has these; one of its own can be `like` one",
    )

    _on = field_validator("on", mode="before")(_one_or_many)

    @field_validator("examples")
    @classmethod
    def _written_out(cls, examples: dict[str, Example]) -> dict[str, Example]:
        for name, example in examples.items():
            if example.like is not None:
                raise ValueError(f"examples.{name}: like is for a rule's examples")
        return examples


class Option(BaseModel):
    """A house-tunable knob with this rulebook's default."""

    model_config = _STRICT

    default: Value
    choices: list[Scalar] | None = Field(
        default=None, description="allowed values (for a list option: allowed items)"
    )
    minimum: int | None = Field(
        default=None, description="a whole-number option: the smallest value (null stays allowed)"
    )
    title: str = Field(default="", description="what floor staff call it on printed documents")
    description: str = ""
    cite: str | None = None
    tournament: Value = Field(
        default=None,
        description="the value at a tournament table, where the rulebook's tournament text"
        " rules otherwise (`default` is then the cash game's); left out, the same",
    )

    @model_validator(mode="after")
    def _default_allowed(self) -> Option:
        tournament = "tournament" in self.model_fields_set
        if self.choices is not None:
            check_choice("default", self.default, self.choices)
            if tournament:
                check_choice("tournament", self.tournament, self.choices)
        if self.minimum is not None:
            check_minimum("default", self.default, self.minimum)
            if tournament:
                check_minimum("tournament", self.tournament, self.minimum)
        return self


def check_choice(name: str, value: Value, choices: list[Scalar]) -> None:
    """Raise ``ValueError`` if ``value`` (or an item of it) is not a choice."""
    for item in value if isinstance(value, list) else [value]:
        if not any(item == c and type(item) is type(c) for c in choices):
            allowed = ", ".join(str(c) for c in choices)
            raise ValueError(f"{name}: {item!r} is not one of {allowed}")


def check_minimum(name: str, value: Value, minimum: int) -> None:
    """Raise ``ValueError`` unless ``value`` is null or a whole number from ``minimum``."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{name}: {value!r} is not a whole number from {minimum}")


class Game(BaseModel):
    model_config = _STRICT

    extends: str | None = None
    hole_cards: int | None = Field(default=None, ge=1, le=7)
    hole_cards_used: int | None = Field(default=None, ge=0, le=5)
    play_the_board: bool | None = None
    low: Literal["eight-or-better"] | None = None
    description: str | None = None


class Situation(BaseModel):
    """A named situation a dealer can ask about with no recorded hand.

    The facts are matched against the rules as if the event had happened; the
    vars fill the step templates with words instead of actual cards.
    """

    model_config = _STRICT

    title: str
    on: EventKind
    game: str = "holdem"
    facts: dict[str, Value] = Field(default_factory=dict)
    vars: dict[str, str] = Field(default_factory=dict)


class RulebookFile(BaseModel):
    """One rulebook or house profile file, before ``extends`` is resolved.

    In a file that extends another, an option written as a plain value
    overrides the inherited default; a rule whose id is inherited replaces
    that rule; ``remove`` drops inherited rules. Conditions, situations and
    cases are inherited by name.
    """

    model_config = _STRICT

    rulebook: str = Field(pattern=_ID)
    title: str
    extends: str | None = None
    abstract: bool = Field(default=False, description="a base for others, not used alone")
    source: str | None = Field(default=None, description="the text the rules are written from")
    options: dict[str, Option | Value] = Field(default_factory=dict)
    games: dict[str, Game] = Field(default_factory=dict)
    conditions: dict[str, Predicate] = Field(default_factory=dict)
    situations: dict[str, Situation] = Field(default_factory=dict)
    cases: dict[str, Case] = Field(
        default_factory=dict, description="what several rulebooks rule on, for `case:` in rules"
    )
    rules: list[Rule] = Field(default_factory=list)
    remove: list[str] = Field(default_factory=list)
    examples: list[Example] = Field(
        default_factory=list,
        description="worked examples of this file's options on inherited rules (rule: required)",
    )

    @field_validator("examples")
    @classmethod
    def _examples_name_rule(cls, examples: list[Example]) -> list[Example]:
        for index, example in enumerate(examples):
            if example.rule is None:
                raise ValueError(f"examples[{index}] needs rule: the rule it shows")
            if example.like is not None:
                raise ValueError(f"examples[{index}]: like is for a rule's examples")
        return examples


def rulebook_json_schema() -> dict[str, Any]:
    """The JSON Schema of a rulebook file, for editors to check and complete."""
    schema = RulebookFile.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "floorman rulebook"
    return schema
