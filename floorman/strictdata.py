"""YAML, JSON and TOML as a user wrote them, read strictly.

YAML keeps the last of two equal keys, so ``events:`` written twice drops
the first list without a word, and a seat written twice keeps one stack:
floorman's YAML loaders refuse a repeated key instead, naming its line.
Every reader refuses values nested deeper than
:data:`~floorman.bounds.MAX_NESTING`, which no hand, rulebook or PHH file
needs and which would otherwise exhaust the parser's stack, and a number
longer than Python reads (4,300 digits), naming its line.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from floorman.bounds import MAX_NESTING

if TYPE_CHECKING:
    import yaml

__all__ = ["LONG_NUMBER", "NestingError", "load_json", "load_toml", "strict_loader", "yaml_problem"]


class NestingError(ValueError):
    """A value nested deeper than :data:`~floorman.bounds.MAX_NESTING`."""

    def __init__(self) -> None:
        super().__init__(f"nested more than {MAX_NESTING} deep")


def strict_loader(base: type[Any]) -> type[Any]:
    """A YAML loader like ``base`` that refuses a repeated key and deep nesting."""
    import yaml

    class StrictLoader(base):  # type: ignore[misc]
        def construct_document(self, node: yaml.Node) -> Any:
            _check_shape(node)
            return super().construct_document(node)

        def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> Any:
            merges = any(key.tag == _MERGE for key, _ in node.value)
            mapping = super().construct_mapping(node, deep=deep)
            if not merges:
                seen: set[str] = set()
                for key_node, _ in node.value:
                    key = str(self.construct_object(key_node))
                    if key in seen:
                        raise yaml.constructor.ConstructorError(
                            None, None, f"{key!r} is given twice", key_node.start_mark
                        )
                    seen.add(key)
            return mapping

    def construct_int(loader: Any, node: yaml.ScalarNode) -> Any:
        try:
            return base.construct_yaml_int(loader, node)
        except ValueError:
            raise yaml.constructor.ConstructorError(
                None, None, LONG_NUMBER, node.start_mark
            ) from None

    StrictLoader.add_constructor("tag:yaml.org,2002:int", construct_int)
    StrictLoader.__name__ = StrictLoader.__qualname__ = f"Strict{base.__name__}"
    return StrictLoader


_MERGE = "tag:yaml.org,2002:merge"

LONG_NUMBER = "a number of more than 4,300 digits"
"""What a number too long to read is called; no hand, rulebook or PHH file holds one."""


_MOST_VALUES = 100_000
"""Values a document may hold once its aliases are expanded, when it uses aliases."""


def _check_shape(root: yaml.Node) -> None:
    """Refuse nesting past the limit, an alias inside itself, and aliases that multiply
    the document (a "billion laughs"): each node is looked at once, however often aliased."""

    height: dict[int, int] = {}
    size: dict[int, int] = {}
    open_nodes: set[int] = set()
    pending: list[tuple[yaml.Node, bool]] = [(root, False)]
    while pending:
        node, finished = pending.pop()
        key = id(node)
        if key in height:
            continue
        children = _children(node)
        if not finished:
            if key in open_nodes:
                raise _shape_error(node, "an alias refers to the value that holds it")
            open_nodes.add(key)
            pending.append((node, True))
            pending.extend((child, False) for child in children if id(child) not in height)
            continue
        open_nodes.discard(key)
        height[key] = 1 + max((height[id(child)] for child in children), default=0)
        size[key] = 1 + sum(size[id(child)] for child in children)
        if height[key] > MAX_NESTING:
            raise _shape_error(node, str(NestingError()))
    if size[id(root)] > max(len(size), _MOST_VALUES):
        raise _shape_error(root, f"aliases expand it to more than {_MOST_VALUES:,} values")


def _children(node: yaml.Node) -> list[yaml.Node]:
    import yaml

    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _shape_error(node: yaml.Node, problem: str) -> yaml.YAMLError:
    import yaml

    return yaml.constructor.ConstructorError(None, None, problem, node.start_mark)


def yaml_problem(error: yaml.YAMLError, text: str) -> tuple[int | None, str]:
    """The line (from 1; ``None`` when YAML does not say) and the problem, in one line."""
    import yaml

    line: int | None = None
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = error.problem or error.context or "not YAML"
    elif isinstance(error, yaml.reader.ReaderError):
        line = text.count("\n", 0, max(error.position, 0)) + 1
        problem = f"character {error.character!r} is not allowed: {error.reason}"
    else:
        problem = str(error)
    return line, " ".join(problem.split())


def load_json(text: str) -> Any:
    """JSON text; :class:`json.JSONDecodeError` or :class:`NestingError`."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise NestingError from None
    _check_depth(value)
    return value


def load_toml(text: str) -> dict[str, Any]:
    """TOML text; :class:`tomllib.TOMLDecodeError` or :class:`NestingError`."""
    import tomllib

    try:
        value = tomllib.loads(text)
    except RecursionError:
        raise NestingError from None
    _check_depth(value)
    return value


def _check_depth(value: Any) -> None:
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_NESTING:
            raise NestingError
        pending.extend((child, depth + 1) for child in children)
