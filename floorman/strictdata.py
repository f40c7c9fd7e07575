"""YAML, JSON and TOML as a user wrote them, read strictly.

YAML keeps the last of two equal keys, so ``events:`` written twice drops
the first list without a word, and a seat written twice keeps one stack:
floorman's YAML loaders refuse a repeated key instead, naming its line.
Every reader refuses values nested deeper than
:data:`~floorman.limits.MAX_NESTING`, which no hand, rulebook or PHH file
needs and which would otherwise exhaust the parser's stack.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from floorman.limits import MAX_NESTING

if TYPE_CHECKING:
    import yaml

__all__ = ["NestingError", "load_json", "load_toml", "strict_loader", "yaml_problem"]


class NestingError(ValueError):
    """A value nested deeper than :data:`~floorman.limits.MAX_NESTING`."""

    def __init__(self) -> None:
        super().__init__(f"nested more than {MAX_NESTING} deep")


def strict_loader(base: type[Any]) -> type[Any]:
    """A YAML loader like ``base`` that refuses a repeated key and deep nesting."""
    import yaml

    class StrictLoader(base):  # type: ignore[misc]
        def construct_document(self, node: yaml.Node) -> Any:
            _check_depth_of_nodes(node)
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

    StrictLoader.__name__ = StrictLoader.__qualname__ = f"Strict{base.__name__}"
    return StrictLoader


_MERGE = "tag:yaml.org,2002:merge"


def _check_depth_of_nodes(root: yaml.Node) -> None:
    import yaml

    pending: list[tuple[yaml.Node, int]] = [(root, 1)]
    while pending:
        node, depth = pending.pop()
        if isinstance(node, yaml.MappingNode):
            children = [value for _, value in node.value]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        else:
            continue
        if depth > MAX_NESTING:
            raise yaml.constructor.ConstructorError(
                None, None, str(NestingError()), node.start_mark
            )
        pending.extend((child, depth + 1) for child in children)


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
