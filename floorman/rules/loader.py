"""Loading rulebooks: YAML files, ``extends`` chains and house profiles.

Every mistake in a rulebook file is one line naming the file, the line and
the field (``house.yaml:12: rules[0].when: unknown fact 'card.colour'``), so
a floor manager editing a house profile sees at once what to fix. Checked
files are kept per content, in the process and on disk
(:mod:`floorman.rules.cache`): ``floorman check`` pays for the YAML once, and a
long-running process knows a file that has settled again by its ``stat``.

A rule that names a ``case`` (:class:`floorman.rules.schema.Case`, found by
name along the ``extends`` chain) is written out in full here, before it is
compiled: what the engine, the documents and the cache of resolved books see
is the whole rule. Each file is cached as written, so an edit to the file
that holds a case reaches every book that uses it.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from floorman._resources import rulebook_dir
from floorman.errors import FloormanError, shown
from floorman.inputfile import read_input
from floorman.rules.catalogue import FACTS, OPTION_PREFIX
from floorman.rules.kinds import DEALT_GAMES
from floorman.rules.predicates import PredicateError, Test, compile_predicate, walk
from floorman.strictdata import strict_loader, yaml_problem

if TYPE_CHECKING:
    # The models are imported to validate a file read from its YAML; a file read back
    # from the cache comes as look-alikes (floorman.rules.plain), without pydantic.
    from floorman.rules.schema import (
        Case,
        Example,
        Game,
        Option,
        Predicate,
        Rule,
        RulebookFile,
        Situation,
        Step,
    )

__all__ = [
    "ACTION_KINDS",
    "DEFAULT_RULEBOOK",
    "CompiledRule",
    "CompiledStep",
    "GameSpec",
    "Rulebook",
    "RulebookError",
    "house_names",
    "load_rulebook",
    "shipped_rulebooks",
]

DEFAULT_RULEBOOK = "rrop"


@cache
def yaml_loader() -> Any:
    """PyYAML's safe loader with only true/false as booleans, so a rule's ``on:`` key stays
    a word. Made on first use: a rulebook read from the cache needs no YAML at all."""
    import yaml

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    loader: Any = type("RulebookLoader", (base,), {})
    loader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
        for first, resolvers in base.yaml_implicit_resolvers.items()
    }
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:bool",
        re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
        list("tTfF"),
    )
    return loader


@cache
def strict_yaml_loader() -> Any:
    """:func:`yaml_loader` refusing a repeated key and deep nesting, for reading a file."""
    return strict_loader(yaml_loader())


class RulebookError(FloormanError):
    """A rulebook or house profile that cannot be used; names file, line and field."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    name: str
    hole_cards: int
    hole_cards_used: int | None
    play_the_board: bool
    low: str | None
    description: str | None


@dataclass(frozen=True, slots=True)
class CompiledStep:
    step: Step
    test: Test | None


@dataclass(frozen=True, slots=True)
class _Written:
    """A rule written out in full, with where it was written."""

    rule: Rule
    owner: str
    """The name of the rulebook that defined it."""
    path: Path
    index: int
    case: str | None = None
    borrowed: frozenset[str] = frozenset()
    """The fields the rule took from its case."""


@dataclass(frozen=True, slots=True)
class CompiledRule:
    """A rule of a resolved rulebook, with its predicate compiled."""

    id: str
    """The full id: the defining rulebook's name, a dot, the rule's own id."""
    local_id: str
    rule: Rule
    origin: str
    """The file that defined it, for messages."""
    test: Test | None
    steps: tuple[CompiledStep, ...]
    kinds: frozenset[str]
    games: frozenset[str]


@dataclass(frozen=True, eq=False)
class Rulebook:
    """A rulebook with its ``extends`` chain and any house options resolved."""

    name: str
    title: str
    source: str | None
    chain: tuple[str, ...]
    """Names from this rulebook down to its root, e.g. ``("my-room", "rrop", "common")``."""
    option_specs: Mapping[str, Option]
    options: Mapping[str, Any]
    games: Mapping[str, GameSpec]
    conditions: Mapping[str, Predicate]
    situations: Mapping[str, Situation]
    cases: Mapping[str, Case]
    """What its rules, and a house profile's, can name with ``case:``."""
    rules: tuple[CompiledRule, ...]
    files: tuple[Path, ...]
    _raw_rules: tuple[_Written, ...] = field(repr=False)
    examples: tuple[Example, ...] = ()
    """Worked examples of this rulebook's own options (a house profile's), not inherited."""

    def rule(self, rule_id: str) -> CompiledRule:
        """A rule by full or local id; :class:`RulebookError` if there is none."""
        for rule in self.rules:
            if rule_id in (rule.id, rule.local_id):
                return rule
        tail = [rule for rule in self.rules if rule.local_id.endswith(f".{rule_id}")]
        if len(tail) == 1:
            return tail[0]
        if tail:
            names = ", ".join(rule.local_id for rule in tail)
            raise RulebookError(f"{self.name}: {rule_id!r} could be {names}")
        raise RulebookError(f"{self.name} has no rule {rule_id!r}")

    def at_kind(self, kind: str) -> Rulebook:
        """This rulebook at a table of ``kind``: each option the rulebook sets otherwise
        for a tournament (``tournament:``) takes that value there."""
        from floorman.rules.kinds import value_for

        changed = {
            name: value_for(spec, kind)
            for name, spec in self.option_specs.items()
            if "tournament" in spec.model_fields_set
            and value_for(spec, kind) != self.options.get(name)
        }
        return self.with_options(changed, origin=f"a {kind} table")

    def with_options(self, overrides: Mapping[str, Any], *, origin: str) -> Rulebook:
        """This rulebook with some option values changed (a hand's ``house:``)."""
        if not overrides:
            return self
        options = dict(self.options)
        for name, value in overrides.items():
            options[name] = _check_option_value(self.option_specs, name, value, origin)
        book = _compile(
            self.name, self.title, self.source, self.chain, self.option_specs, options,
            self.games, self.conditions, self.situations, self.cases, self._raw_rules,
            self.files,
        )  # fmt: skip
        return replace(book, examples=self.examples)


def shipped_rulebooks() -> list[str]:
    """Names of the rulebooks that ship with floorman (not the abstract bases)."""
    names = []
    for path in sorted(rulebook_dir().glob("*.yaml")):
        if not _read(path).file.abstract:
            names.append(path.stem)
    return names


def load_rulebook(
    name_or_path: str | Path | None = None,
    *,
    house: str | Path | None = None,
    options: Mapping[str, Any] | None = None,
    kind: str | None = None,
) -> Rulebook:
    """Load a rulebook by name (``rrop``, ``tda-2024``, a shipped house profile)
    or path, then set it for the table's ``kind`` (a tournament's option values), then
    apply a house profile file and option overrides, in that order.
    """
    book = _load(_find(name_or_path or DEFAULT_RULEBOOK, None))
    if kind is not None:
        book = book.at_kind(kind)
    if house is not None:
        house_path = _find(house, None)
        house_read = _read(house_path)
        house_file = house_read.file
        if house_file.extends is not None and house_file.extends not in book.chain:
            raise RulebookError(
                f"{house_path}: extends: house profile extends {house_file.extends!r},"
                f" not the rulebook in use ({book.name})"
            )
        book = _resolve(house_path, house_read, base=book)
        _remember(house_path, house_read)
    if options:
        book = book.with_options(options, origin="house")
    return book


# -- finding and reading files ------------------------------------------------------


def _find(name: str | Path, relative_to: Path | None) -> Path:
    text = str(name)
    looks_like_path = isinstance(name, Path) or "/" in text or text.endswith((".yaml", ".yml"))
    if looks_like_path:
        path = Path(text)
        if not path.is_absolute() and relative_to is not None:
            path = relative_to / path
        try:
            if not path.is_file():
                problem = "not a regular file" if path.exists() else "no such rulebook file"
                raise RulebookError(f"{_shown(text)}: {problem}")
            return path.resolve()
        except OSError as error:
            raise RulebookError(f"{_shown(text)}: cannot read it: {error.strerror}") from None
    named = _NAMED.get(text)
    if named is not None and os.path.isfile(named):
        return named
    if _NAME.fullmatch(text) is None:
        raise RulebookError(f"{_shown(text)!r} is not a rulebook name (letters, digits, - and _)")
    for candidate in (rulebook_dir() / f"{text}.yaml", rulebook_dir() / "house" / f"{text}.yaml"):
        if candidate.is_file():
            return _keep(_NAMED, text, candidate.resolve())
    known = ", ".join(shipped_rulebooks() + house_names())
    raise RulebookError(f"no rulebook named {text!r} (known: {known})")


_NAMED: dict[str, Path] = {}
"""Where each rulebook name was found in this process (looked for again once gone)."""
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
"""A shipped rulebook's name: a file name in ``rulebook/`` without its ``.yaml``."""


def _shown(text: str) -> str:
    text = shown(text)
    return text if len(text) <= 80 else f"{text[:60]}...({len(text)} characters)"


def house_names() -> list[str]:
    """Names of the house rulebooks the room keeps beside the shipped ones."""
    return [p.stem for p in sorted((rulebook_dir() / "house").glob("*.yaml"))]


@dataclass(frozen=True, slots=True)
class _Read:
    file: RulebookFile
    trusted: bool
    """Read from the cache: it loaded cleanly before, so its templates are checked."""
    digest: str
    """The hash of the file's bytes: what the caches know this version of the file by."""


_READS: dict[tuple[Path, str], _Read] = {}
"""Files read in this process, by path and content."""
_KEPT = 64
"""How many files, and how many resolved rulebooks, a process keeps."""
_K = TypeVar("_K")
_V = TypeVar("_V")


_SEEN: dict[Path, tuple[tuple[int, ...], _Read]] = {}
"""Files read in this process that had not changed for a while, by path, with what
``stat`` said of them then: one ``stat`` stands for reading and hashing them again."""
_SETTLED_NS: Final = 2_000_000_000
"""How long a file must have stood unchanged before its ``stat`` stands for its content."""


def _read(path: Path) -> _Read:
    """A rulebook file checked, once per content: an edit that keeps the file's size
    and modification time is still read afresh.

    A file unchanged for :data:`_SETTLED_NS` is known again by its ``stat`` alone
    (device, inode, size, modification and change times): any write to it since moves
    its change time, which no one can set back. A file changed more recently than that
    is read and hashed each time, since a write in the same tick of the clock would
    leave every time as it was."""
    from floorman.rules import cache

    marks = _stat_marks(path)
    seen = _SEEN.get(path)
    if marks is not None and seen is not None and seen[0] == marks:
        return seen[1]
    text = _content(path)
    key = (path, cache.digest(text.encode("utf-8")))
    read = _READS.get(key)
    if read is None:
        read = _keep(_READS, key, _parse(path, key[1], text))
    if marks is not None and time.time_ns() - max(marks[-2:]) > _SETTLED_NS:
        _keep(_SEEN, path, (marks, read))
    return read


def _stat_marks(path: Path) -> tuple[int, ...] | None:
    """What ``stat`` says of the file that any write to it changes; ``None`` if it
    cannot say."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def _keep(kept: dict[_K, _V], key: _K, value: _V) -> _V:
    """Remember ``value``, forgetting the oldest entry past :data:`_KEPT`."""
    if len(kept) >= _KEPT:
        del kept[next(iter(kept))]
    kept[key] = value
    return value


def _content(path: Path) -> str:
    try:
        return read_input(path)
    except FloormanError as error:
        raise RulebookError(str(error)) from None


def _parse(path: Path, digest: str, text: str) -> _Read:
    from floorman.rules import cache

    cached = cache.get(path, digest)
    if cached is not None:
        return _Read(cached, True, digest)
    import yaml

    try:
        data = yaml.load(text, Loader=strict_yaml_loader())
    except yaml.YAMLError as error:
        line, problem = yaml_problem(error, text)
        at = f":{line}" if line is not None else ""
        raise RulebookError(f"{path}{at}: not valid YAML: {problem}") from None
    if not isinstance(data, dict):
        raise RulebookError(f"{path}:1: a rulebook file is a mapping (rulebook:, title:, ...)")
    from pydantic import ValidationError

    from floorman.rules.schema import RulebookFile

    try:
        return _Read(RulebookFile.model_validate(data), False, digest)
    except ValidationError as error:
        first = error.errors()[0]
        field_path = _path_text(first["loc"])
        line = _line_of(text, first["loc"])
        raise RulebookError(f"{path}:{line}: {field_path}: {_message(first)}") from None


def _remember(path: Path, read: _Read) -> None:
    """A file resolved cleanly: cache it for the next process."""
    if not read.trusted:
        from floorman.rules import cache

        cache.put(path, read.digest, read.file)


def _message(error: Mapping[str, Any]) -> str:
    message = str(error["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    if error["type"] == "extra_forbidden":
        return "unknown field"
    if error["type"] == "literal_error":
        return f"{error['input']!r} is not allowed: {message.lower()}"
    return message


_UNION_TAGS = {"Option", "bool", "int", "str", "none", "list[...]", "function-after[...]"}


def _clean_loc(loc: Sequence[str | int]) -> list[str | int]:
    return [
        part for part in loc
        if not (isinstance(part, str) and (part in _UNION_TAGS or "[" in part))
    ]  # fmt: skip


def _path_text(loc: Sequence[str | int]) -> str:
    text = ""
    for part in _clean_loc(loc):
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "(top)"


def _line_of(text: str, loc: Sequence[str | int]) -> int:
    """The line of the deepest node of ``loc`` found in the YAML text."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml_loader())
    except yaml.YAMLError:
        return 1
    line = node.start_mark.line + 1 if node is not None else 1
    for part in _clean_loc(loc):
        child = None
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == str(part):
                    child = value
                    line = key.start_mark.line + 1
                    break
        elif (
            isinstance(node, yaml.SequenceNode)
            and isinstance(part, int)
            and 0 <= part < len(node.value)
        ):
            child = node.value[part]
            line = child.start_mark.line + 1
        if child is None:
            break
        node = child
    return line


def _locate(path: Path, loc: Sequence[str | int]) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return f"{path}"
    return f"{path}:{_line_of(text, loc)}"


# -- resolving extends and house profiles ---------------------------------------------


_BOOKS: dict[tuple[tuple[Path, str], ...], Rulebook] = {}
"""Rulebooks resolved in this process, by the content of every file of their chain."""


def _load(path: Path) -> Rulebook:
    reads = _chain(path)
    key = tuple((file, read.digest) for file, read in reads.items())
    book = _BOOKS.get(key)
    if book is None:
        book = _keep(_BOOKS, key, _load_chain(path, (), reads))
    return book


def _chain(path: Path) -> dict[Path, _Read]:
    """A file and every file it extends, each read once: a resolved rulebook is reused
    only while none of them has changed."""
    reads: dict[Path, _Read] = {}
    current: Path | None = path
    while current is not None and current not in reads:
        read = reads[current] = _read(current)
        extends = read.file.extends
        current = _find(extends, current.parent) if extends is not None else None
    return reads


def _load_chain(path: Path, seen: tuple[Path, ...], reads: Mapping[Path, _Read]) -> Rulebook:
    read = reads.get(path) or _read(path)
    file = read.file
    base = None
    if file.extends is not None:
        parent = _find(file.extends, path.parent)
        if parent == path or parent in seen:
            where = _locate(path, ["extends"])
            raise RulebookError(f"{where}: extends: {file.extends!r} forms a cycle")
        base = _load_chain(parent, (*seen, path), reads)
    book = _resolve(path, read, base=base)
    _remember(path, read)
    return book


def _resolve(path: Path, read: _Read, *, base: Rulebook | None) -> Rulebook:
    file = read.file
    specs: dict[str, Option] = dict(base.option_specs) if base else {}
    options: dict[str, Any] = dict(base.options) if base else {}
    for name, given in file.options.items():
        where = _Where(path, ["options", name])
        if given is not None and not isinstance(given, bool | int | str | list):
            if name in specs:
                changed = {field: getattr(given, field) for field in given.model_fields_set}
                given = specs[name].model_copy(update=changed)
            specs[name] = given
            options[name] = given.default
        elif name in specs:
            options[name] = _check_option_value(specs, name, given, where)
            specs[name] = _one_value(specs[name])
        elif base is None:
            from floorman.rules.schema import Option

            specs[name] = Option.model_construct(default=given)  # ``given`` passed validation
            options[name] = given
        else:
            raise RulebookError(f"{where}: options.{name}: no such option in {base.name}")

    games = _resolve_games(path, file.games, base.games if base else {})
    conditions = {**(base.conditions if base else {}), **file.conditions}
    situations = {**(base.situations if base else {}), **file.situations}
    if not read.trusted:
        _check_cases(path, file.cases, options, games)
    cases = {**(base.cases if base else {}), **file.cases}

    raw: list[_Written] = list(base._raw_rules) if base else []
    removed = set(file.remove)
    for index, local in enumerate(file.remove):
        if not any(entry.rule.id == local for entry in raw):
            raise RulebookError(
                f"{_locate(path, ['remove', index])}: remove[{index}]: no inherited rule {local!r}"
            )
    raw = [entry for entry in raw if entry.rule.id not in removed]
    seen_here: set[str] = set()
    for index, rule in enumerate(file.rules):
        if rule.id in seen_here:
            raise RulebookError(
                f"{_locate(path, ['rules', index, 'id'])}: rules[{index}].id:"
                f" {rule.id!r} is defined twice"
            )
        seen_here.add(rule.id)
        entry = _write_out(rule, file.rulebook, path, index, cases)
        for position, old in enumerate(raw):
            if old.rule.id == rule.id:
                raw[position] = entry
                break
        else:
            raw.append(entry)

    chain = (file.rulebook, *(base.chain if base else ()))
    files = (path, *(base.files if base else ()))
    book = _compile(
        file.rulebook, file.title, file.source or (base.source if base else None), chain,
        specs, options, games, conditions, situations, cases, tuple(raw), files,
        check_texts=frozenset() if read.trusted else frozenset({path}),
    )  # fmt: skip
    for index, example in enumerate(file.examples):
        if example.rule not in {rule.local_id for rule in book.rules}:
            at = _locate(path, ["examples", index, "rule"])
            raise RulebookError(f"{at}: examples[{index}].rule: no rule {example.rule!r}")
    return replace(book, examples=tuple(file.examples))


_CASE_FIELDS: Final = (
    "title", "games", "on", "when", "steps", "priority", "overrides", "situations",
)  # fmt: skip
"""What a rule that names a case and leaves them out takes from it (and its examples,
when it gives none)."""


def _write_out(
    rule: Rule, owner: str, path: Path, index: int, cases: Mapping[str, Case]
) -> _Written:
    """The rule with what it leaves out taken from its case."""

    def fail(field: list[str | int], message: str) -> RulebookError:
        dotted = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in field)
        where = _locate(path, ["rules", index, *field])
        return RulebookError(f"{where}: rules[{index}]{dotted}: rule {rule.id!r}: {message}")

    given = rule.model_fields_set
    case = None
    if rule.case is not None:
        case = cases.get(rule.case)
        if case is None:
            from difflib import get_close_matches

            close = get_close_matches(rule.case, list(cases), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise fail(["case"], f"no case {rule.case!r}{hint}")
    borrowed: dict[str, Any] = {
        name: getattr(case, name)
        for name in _CASE_FIELDS
        if case is not None and name not in given and name in case.model_fields_set
    }
    for name in ("title", "on", "steps"):
        if name not in given and name not in borrowed:
            raise RulebookError(
                f"{_locate(path, ['rules', index, name])}: rules[{index}].{name}: Field required"
                + (f" (rule {rule.id!r} and its case {rule.case!r} leave it out)" if case else "")
            )
    if case is None:
        for number, example in enumerate(rule.examples):
            if example.like is not None:
                raise fail(
                    ["examples", number, "like"],
                    f"names no case to take example {example.like!r} from",
                )
        return _Written(rule, owner, path, index)
    if "examples" in given:
        examples = []
        for number, example in enumerate(rule.examples):
            if example.like is None:
                examples.append(example)
                continue
            shared = case.examples.get(example.like)
            if shared is None:
                known = ", ".join(case.examples) or "none"
                raise fail(
                    ["examples", number, "like"],
                    f"case {rule.case!r} has no example {example.like!r} (it has: {known})",
                )
            stated = {
                name: getattr(example, name)
                for name in example.model_fields_set - {"like"}
                if name != "hand" or example.hand
            }
            examples.append(shared.model_copy(update=stated))
    else:
        examples = list(case.examples.values())
        borrowed["examples"] = examples
    written = rule.model_copy(update={**borrowed, "case": None, "examples": examples})
    return _Written(written, owner, path, index, rule.case, frozenset(borrowed))


def _check_cases(
    path: Path, cases: Mapping[str, Case], options: Mapping[str, Any], games: Mapping[str, Any]
) -> None:
    """What can be checked of a file's cases before a rulebook uses them: their facts,
    options, games and step texts (conditions are the using rulebook's own)."""
    from floorman.rules.steps import TemplateError, check_text

    for name, case in cases.items():
        at: list[str | int] = ["cases", name]
        for number, game in enumerate(case.games or ()):
            if game not in games and game not in DEALT_GAMES:
                known = ", ".join(games)
                raise _error(path, [*at, "games", number], f"no game {game!r} (known: {known})")
        predicates: list[tuple[list[str | int], Predicate | None]] = [([*at, "when"], case.when)]
        for number, step in enumerate(case.steps):
            predicates.append(([*at, "steps", number, "when"], step.when))
            try:
                check_text(step.text)
            except TemplateError as error:
                raise _error(path, [*at, "steps", number, "text"], str(error)) from None
        for place, predicate in predicates:
            for node in walk(predicate) if predicate is not None else ():
                if node.fact is None:
                    continue
                try:
                    compile_predicate(node, options=options, conditions={})
                except PredicateError as error:
                    raise _error(path, place, str(error)) from None


def _error(path: Path, at: list[str | int], message: str) -> RulebookError:
    """A mistake at a place in a file: ``file:line: place: message``."""
    return RulebookError(f"{_locate(path, at)}: {_path_text(at)}: {message}")


def _resolve_games(
    path: Path, declared: Mapping[str, Game], inherited: Mapping[str, GameSpec]
) -> dict[str, GameSpec]:
    games = dict(inherited)
    pending = dict(declared)
    while pending:
        progressed = False
        for name, game in list(pending.items()):
            parent_name = game.extends
            if parent_name is not None and parent_name in pending and parent_name != name:
                continue
            parent = games.get(parent_name) if parent_name else games.get(name)
            if parent_name is not None and parent is None:
                raise RulebookError(
                    f"{_locate(path, ['games', name, 'extends'])}: games.{name}.extends:"
                    f" no game {parent_name!r}"
                )
            hole_cards = game.hole_cards or (parent.hole_cards if parent else None)
            if hole_cards is None:
                raise RulebookError(
                    f"{_locate(path, ['games', name])}: games.{name}: hole_cards is required"
                )
            games[name] = GameSpec(
                name=name,
                hole_cards=hole_cards,
                hole_cards_used=_first(game.hole_cards_used, parent and parent.hole_cards_used),
                play_the_board=bool(
                    _first(game.play_the_board, parent and parent.play_the_board, True)
                ),
                low=_first(game.low, parent and parent.low),
                description=_first(game.description, parent and parent.description),
            )
            del pending[name]
            progressed = True
        if not progressed:
            name = next(iter(pending))
            raise RulebookError(
                f"{_locate(path, ['games', name, 'extends'])}: games.{name}.extends: forms a cycle"
            )
    return games


def _first(*values: Any) -> Any:
    return next((value for value in values if value is not None), None)


class _Where:
    """A place in a file, found (by composing the YAML again) only for a message."""

    def __init__(self, path: Path, loc: list[str | int]) -> None:
        self.path, self.loc = path, loc

    def __str__(self) -> str:
        return _locate(self.path, self.loc)


def _one_value(spec: Option) -> Option:
    """An option set to one plain value: the value holds at every kind of table, so the
    spec no longer gives a tournament's own."""
    if "tournament" not in spec.model_fields_set:
        return spec
    copied = spec.model_copy()
    copied.model_fields_set.discard("tournament")
    return copied


_KINDS: Final = {bool: "true or false", int: "a whole number", float: "a number", str: "a word"}


def _yaml(value: Any) -> str:
    """A value as a rulebook file writes it.

    >>> [_yaml(v) for v in (True, None, "x", [1, "a"], 2)]
    ['true', 'null', '"x"', '[1, "a"]', '2']
    """
    import json

    return json.dumps(value, ensure_ascii=False)


def _check_option_value(specs: Mapping[str, Option], name: str, value: Any, where: object) -> Any:
    spec = specs.get(name)
    if spec is None:
        known = ", ".join(sorted(specs))
        raise RulebookError(f"{where}: option {name!r} is not defined (known: {known})")
    default = spec.default
    if isinstance(default, list) != isinstance(value, list):
        kind = "a list" if isinstance(default, list) else "a single value"
        raise RulebookError(f"{where}: option {name!r} takes {kind}, not {_yaml(value)}")
    items = value if isinstance(value, list) else [value]
    samples = default if isinstance(default, list) else [default]
    for item in items:
        if samples and samples[0] is not None and type(item) is not type(samples[0]):
            kind = _KINDS.get(type(samples[0]), "of the default's kind")
            raise RulebookError(f"{where}: option {name!r}: {_yaml(item)} is not {kind}")
    from floorman.rules.schema import check_choice, check_minimum

    try:
        if spec.choices is not None:
            check_choice(f"option {name!r}", value, spec.choices)
        if spec.minimum is not None:
            check_minimum(f"option {name!r}", value, spec.minimum)
    except ValueError as error:
        raise RulebookError(f"{where}: {error}") from None
    return value


def _compile(
    name: str,
    title: str,
    source: str | None,
    chain: tuple[str, ...],
    specs: Mapping[str, Option],
    options: Mapping[str, Any],
    games: Mapping[str, GameSpec],
    conditions: Mapping[str, Predicate],
    situations: Mapping[str, Situation],
    cases: Mapping[str, Case],
    raw: tuple[_Written, ...],
    files: tuple[Path, ...],
    check_texts: frozenset[Path] = frozenset(),
) -> Rulebook:
    """Compile every rule; check the step texts of rules from ``check_texts`` files."""
    local_ids = {entry.rule.id for entry in raw}
    compiled = [
        _compile_rule(
            entry, options, conditions, games, local_ids, check_texts=entry.path in check_texts
        )
        for entry in raw
    ]
    for situation_name, situation in situations.items():
        where = f"situations.{situation_name}"
        for fact in situation.facts:
            if fact not in FACTS and not fact.startswith(OPTION_PREFIX):
                raise RulebookError(f"{name}: {where}.facts: unknown fact {fact!r}")
        if situation.game not in games:
            raise RulebookError(f"{name}: {where}.game: no game {situation.game!r}")
    return Rulebook(
        name=name, title=title, source=source, chain=chain, option_specs=dict(specs),
        options=dict(options), games=dict(games), conditions=dict(conditions),
        situations=dict(situations), cases=dict(cases), rules=tuple(compiled), files=files,
        _raw_rules=raw,
    )  # fmt: skip


def _compile_rule(
    entry: _Written,
    options: Mapping[str, Any],
    conditions: Mapping[str, Predicate],
    games: Mapping[str, GameSpec],
    local_ids: set[str],
    *,
    check_texts: bool,
) -> CompiledRule:
    rule, path = entry.rule, entry.path
    at: list[str | int] = ["rules", entry.index]

    def fail(field: list[str | int], message: str) -> RulebookError:
        dotted = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in field)
        if field[0] in entry.borrowed:
            dotted += f" (from case {entry.case!r})"
        where = _locate(path, [*at, *field])
        return RulebookError(f"{where}: rules[{entry.index}]{dotted}: {message}")

    def compile_when(predicate: Predicate | None, field: list[str | int]) -> Test | None:
        if predicate is None:
            return None
        try:
            return compile_predicate(predicate, options=options, conditions=conditions)
        except PredicateError as error:
            raise fail(field, str(error)) from None

    for index, game in enumerate(rule.games or ()):
        if game not in games and game not in DEALT_GAMES:
            raise fail(["games", index], f"no game {game!r} (known: {', '.join(games)})")
    for index, other in enumerate(rule.overrides):
        if other.split(".")[-1] not in local_ids and other not in local_ids:
            raise fail(["overrides", index], f"no rule {other!r} to override")
    test = compile_when(rule.when, ["when"])
    steps = []
    for index, step in enumerate(rule.steps):
        if check_texts:
            from floorman.rules.steps import TemplateError, check_text

            try:
                check_text(step.text)
            except TemplateError as error:
                raise fail(["steps", index, "text"], f"rule {rule.id!r}: {error}") from None
        steps.append(CompiledStep(step, compile_when(step.when, ["steps", index, "when"])))
    for index, example in enumerate(rule.examples):
        if example.rule is not None and example.rule not in local_ids:
            raise fail(["examples", index, "rule"], f"no rule {example.rule!r}")
        for number, violation in enumerate(example.violations or ()):
            if violation.rule is not None and violation.rule not in local_ids:
                raise fail(
                    ["examples", index, "violations", number, "rule"],
                    f"no rule {violation.rule!r}",
                )
    return CompiledRule(
        id=f"{entry.owner}.{rule.id}",
        local_id=rule.id,
        rule=rule,
        origin=str(path),
        test=test,
        steps=tuple(steps),
        kinds=frozenset(_expand_kinds(rule.on)),
        games=frozenset(rule.games or games),
    )


ACTION_KINDS: Final = (
    "fold", "check", "call", "bet", "raise", "allin", "chips", "says", "string", "motion",
)  # fmt: skip
"""Every betting event kind: what ``on: action`` means."""

_KIND_GROUPS = {"board": ("flop", "turn", "river"), "action": ACTION_KINDS}


def _expand_kinds(kinds: Iterable[str]) -> Iterable[str]:
    for kind in kinds:
        yield from _KIND_GROUPS.get(kind, (kind,))


def referenced_facts(predicate: Predicate) -> set[str]:
    """Facts a predicate tree names directly (conditions not followed)."""
    return {node.fact for node in walk(predicate) if node.fact is not None}
