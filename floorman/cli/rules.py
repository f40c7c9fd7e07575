"""``floorman rules``: read, compare and check rulebooks.

``list`` and ``show`` print what a rulebook rules, ``facts`` the vocabulary
rules are written in, ``diff`` where two rulebooks part ways, ``validate``
loads a rulebook or house profile file and runs its worked examples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from floorman.cli._app import FLOOR, app, help_example
from floorman.cli._console import echo
from floorman.cli._options import HouseOption, JsonOption

if TYPE_CHECKING:
    from floorman.rules.loader import CompiledRule, Rulebook
    from floorman.rules.schema import Predicate

rules_app = typer.Typer(
    name="rules",
    help="Read, compare and check rulebooks.",
    epilog=help_example("floorman rules list --rulebook tda-2024"),
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(rules_app, rich_help_panel=FLOOR)

RulebookOption = Annotated[
    str | None,
    typer.Option("--rulebook", "-r", help="A rulebook name or file (default: rrop)."),
]


def _load(rulebook: str | None, house: str | None = None) -> Rulebook:
    from floorman.rules.loader import load_rulebook

    return load_rulebook(rulebook, house=house)


@rules_app.command("list", epilog=help_example("floorman rules list --rulebook wsop-2024"))
def list_rules(
    rulebook: RulebookOption = None, house: HouseOption = None, as_json: JsonOption = False
) -> None:
    """List the rules of a rulebook: id, outcome, title and citation."""
    from floorman.rules.kinds import citation
    from floorman.tables.ruling import outcome_word

    book = _load(rulebook, house)
    if as_json:
        from floorman.cli._json import print_json
        from floorman.tables.shapes import rule_row

        rules = [rule_row(rule) for rule in book.rules]
        print_json({"rulebook": book.name, "title": book.title, "rules": rules})
        return
    echo(f"{book.title} ({book.name}): {len(book.rules)} rules")
    width = max(len(rule.id) for rule in book.rules)
    for rule in book.rules:
        outcome = outcome_word(rule.rule.outcome)
        pad = " " * (9 - len(rule.rule.outcome))
        echo(f"{rule.id:<{width}}  {outcome}{pad} {rule.rule.title}  ({citation(rule.rule)})")


@rules_app.command("show", epilog=help_example("floorman rules show rrop.holdem.premature-turn"))
def show_rule(
    rule_id: Annotated[str, typer.Argument(metavar="ID", help="A rule id, full or local.")],
    rulebook: RulebookOption = None,
    house: HouseOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show one rule: when it applies, the ruling, its steps and worked examples."""
    book = _load(rulebook, house)
    if as_json:
        from floorman.cli._json import print_json
        from floorman.tables.shapes import rule_json

        print_json(rule_json(book.rule(rule_id), book))
        return
    for line in _rule_lines(book.rule(rule_id), book):
        echo(line)


def _rule_lines(compiled: CompiledRule, book: Rulebook) -> list[str]:
    from floorman.rules.kinds import citation
    from floorman.tables.ruling import outcome_word

    rule = compiled.rule
    lines = [
        f"{compiled.id}: {rule.title}",
        f"  cite:     {citation(rule)}",
        f"  outcome:  {outcome_word(rule.outcome)}",
        f"  on:       {', '.join(rule.on)}",
        f"  games:    {', '.join(rule.games or book.games)}",
    ]
    if rule.priority or rule.overrides:
        lines.append(f"  priority: {rule.priority}" + (
            f"; overrides {', '.join(rule.overrides)}" if rule.overrides else ""
        ))  # fmt: skip
    if rule.when is not None:
        lines.append("  when:")
        lines.extend(f"    {line}" for line in _predicate_lines(rule.when))
    lines.append("  steps:")
    for number, step in enumerate(rule.steps, 1):
        condition = f" (when {' '.join(_predicate_lines(step.when))})" if step.when else ""
        lines.append(f"    {number}. [{step.do}] {step.text.strip()}{condition}")
    if rule.note:
        lines.append(f"  note: {rule.note}")
    if rule.situations:
        lines.append(f"  ask:  {', '.join(rule.situations)}")
    for example in rule.examples:
        said = f" — {example.describe}" if example.describe else ""
        events = ", ".join(str(e) for e in example.hand["events"])
        lines.append(f"  example{said}: [{events}] -> {example.outcome}")
    return lines


def _predicate_lines(predicate: Predicate) -> list[str]:
    if predicate.all is not None or predicate.any is not None:
        word = "all of" if predicate.all is not None else "any of"
        parts = predicate.all if predicate.all is not None else predicate.any or []
        lines = [word]
        for part in parts:
            sub = _predicate_lines(part)
            lines.append(f"- {sub[0]}")
            lines.extend(f"  {line}" for line in sub[1:])
        return lines
    if predicate.not_ is not None:
        sub = _predicate_lines(predicate.not_)
        return [f"not {sub[0]}", *(f"  {line}" for line in sub[1:])]
    if predicate.condition is not None:
        return [f"condition {predicate.condition}"]
    op, operand = predicate.comparator
    return [f"{predicate.fact} {op} {_as_written(operand)}"]


def _as_written(value: object) -> str:
    """A value as a rulebook writes it (YAML): ``false``, ``null``, ``turn``, ``1, 2``.

    >>> _as_written(False), _as_written(None), _as_written("turn"), _as_written([1, 2])
    ('false', 'null', 'turn', '1, 2')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(_as_written(item) for item in value)
    return str(value)


_KINDS = {"int": "number", "float": "number", "bool": "true or false", "str": "text"}
"""A fact's type as a rule author writes its values, not as Python names it."""


@rules_app.command("facts", epilog=help_example("floorman rules facts"))
def facts(as_json: JsonOption = False) -> None:
    """The facts rules test, the words step texts use, and the step primitives."""
    from floorman.rules.catalogue import FACTS, TEMPLATE_VARS
    from floorman.rules.steps import PRIMITIVE_DOCS

    if as_json:
        from floorman.cli._json import print_json

        print_json(
            {
                "facts": {
                    spec.name: {
                        "type": spec.type.__name__,
                        "choices": list(spec.choices) if spec.choices else None,
                        "doc": spec.doc,
                    }
                    for spec in FACTS.values()
                },
                "variables": {var.name: var.doc for var in TEMPLATE_VARS.values()},
                "primitives": dict(PRIMITIVE_DOCS),
            }
        )
        return

    echo("Facts (a rule's `when` tests these; option.NAME reads an option):")
    for spec in FACTS.values():
        name = spec.type.__name__
        kind = " | ".join(spec.choices) if spec.choices else _KINDS.get(name, name)
        echo(f"  {spec.name} ({kind}): {spec.doc}")
    echo("Step text variables ({{ name }}):")
    for var in TEMPLATE_VARS.values():
        echo(f"  {var.name}: {var.doc}")
    echo("Step primitives (do:):")
    for name, doc in PRIMITIVE_DOCS.items():
        echo(f"  {name}: {doc}")


@rules_app.command("diff", epilog=help_example("floorman rules diff rrop tda-2024"))
def diff(
    first: Annotated[str, typer.Argument(metavar="RULEBOOK", help="A rulebook name or file.")],
    second: Annotated[str, typer.Argument(metavar="RULEBOOK", help="Another one.")],
    as_json: JsonOption = False,
) -> None:
    """Where two rulebooks differ: options, rules only in one, and rulings that differ."""
    from floorman.documents.wording import in_words
    from floorman.rules.kinds import citation

    def said(book: Rulebook, name: str) -> str:
        return in_words(book.options[name]) if name in book.options else "(not defined)"

    a, b = _load(first), _load(second)
    lines: list[str] = []
    options: dict[str, list[object]] = {}
    for name in sorted(set(a.options) | set(b.options)):
        left, right = a.options.get(name, "-"), b.options.get(name, "-")
        if left != right:
            lines.append(f"option {name}: {a.name} {said(a, name)}, {b.name} {said(b, name)}")
            options[name] = [a.options.get(name), b.options.get(name)]
    left_rules = {rule.local_id: rule for rule in a.rules}
    right_rules = {rule.local_id: rule for rule in b.rules}
    only = {
        a.name: sorted(left_rules.keys() - right_rules.keys()),
        b.name: sorted(right_rules.keys() - left_rules.keys()),
    }
    for local in only[a.name]:
        lines.append(f"only in {a.name}: {local} ({left_rules[local].rule.title})")
    for local in only[b.name]:
        lines.append(f"only in {b.name}: {local} ({right_rules[local].rule.title})")
    differing: dict[str, dict[str, list[object]]] = {}
    for local in sorted(left_rules.keys() & right_rules.keys()):
        one, two = left_rules[local].rule, right_rules[local].rule
        found: dict[str, list[object]] = {}
        if one.outcome != two.outcome:
            lines.append(f"{local}: {a.name} {one.outcome}, {b.name} {two.outcome}")
            found["outcome"] = [one.outcome, two.outcome]
        steps_one = [step.do for step in one.steps]
        steps_two = [step.do for step in two.steps]
        if steps_one != steps_two:
            lines.append(
                f"{local}: steps {a.name} {' > '.join(steps_one)}; {b.name} {' > '.join(steps_two)}"
            )
            found["steps"] = [steps_one, steps_two]
        if citation(one) != citation(two):
            lines.append(f'{local}: cite {a.name} "{citation(one)}", {b.name} "{citation(two)}"')
            found["cite"] = [citation(one), citation(two)]
        if found:
            differing[local] = found
    if as_json:
        from floorman.cli._json import print_json

        print_json(
            {"rulebooks": [a.name, b.name], "options": options, "only": only, "rules": differing}
        )
        return
    if not lines:
        echo(f"{a.name} and {b.name} rule alike")
    for line in lines:
        echo(line)


@rules_app.command(
    "validate", epilog=help_example("floorman rules validate rulebook/house/first-or-second.yaml")
)
def validate(
    path: Annotated[str, typer.Argument(metavar="FILE", help="A rulebook or house profile.")],
) -> None:
    """Load a rulebook file (with what it extends) and run its worked examples.

    Exit status 0 when it loads and every example holds, 1 when an example
    fails, 2 when the file cannot be loaded (the message names file, line, field).
    """
    from floorman.rules.examples import check_example
    from floorman.rules.loader import load_rulebook

    book = load_rulebook(path)
    own = {str(p) for p in book.files[:1]}
    failures = 0
    examples = 0
    for rule in book.rules:
        if rule.origin not in own:
            continue
        for index, example in enumerate(rule.rule.examples):
            examples += 1
            for problem in check_example(book, rule, example):
                failures += 1
                echo(f"{rule.id} example {index + 1}: {problem}")
    for index, example in enumerate(book.examples):
        examples += 1
        for problem in check_example(book, book.rule(example.rule or ""), example):
            failures += 1
            echo(f"{book.name} example {index + 1} ({example.rule}): {problem}")
    own_rules = sum(1 for rule in book.rules if rule.origin in own)
    verdict = "ok" if not failures else f"{failures} failing"
    echo(f"{book.name}: {verdict}; {own_rules} rules, {examples} worked examples")
    raise typer.Exit(1 if failures else 0)
