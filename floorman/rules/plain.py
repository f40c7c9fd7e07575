"""Checked rulebook models as plain JSON data, and back without pydantic.

The rulebook cache keeps a file that loaded cleanly as JSON: nothing in it
can run code when it is read, unlike a pickle. Reading it back needs neither
pydantic nor the models: importing pydantic's model machinery and defining
the nine rulebook models costs more than the rest of a dealer's command. So
each model comes back as a :class:`Plain` look-alike of the same name, with
the same fields as attributes and the same ``model_fields_set`` (which the
loader and the predicates read), and ``Predicate``'s ``comparator``. The
engine, the loader and the documents read a rulebook by its fields only, so
a look-alike serves them as the model would; the data was validated when the
file was first loaded.

An entry is two parts. :func:`models` describes each model class (its fields
and their defaults) as plain JSON; :func:`to_plain` writes the tree: a model
is an object with its class name under ``@``, the fields that were set
under ``@s`` and those fields' values; a mapping is an object holding its
items as ``[key, value]`` pairs under ``d`` (so keys that are not strings,
``seats: {1: 100}``, survive). :func:`from_plain` reads the tree with one
hook on the JSON decoder.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from pydantic import BaseModel

    from floorman.rules.schema import RulebookFile

__all__ = ["COMPARATORS", "Plain", "from_plain", "models", "to_plain", "written_name"]

COMPARATORS: tuple[str, ...] = (
    "eq", "ne", "in", "gt", "ge", "lt", "le", "in_option", "eq_option",
)  # fmt: skip
"""The comparators of a fact test (here, not in the models, so that a rulebook read back
from the cache needs no pydantic)."""

_MODEL = "@"
_SET = "@s"
_DICT = "d"
_ALIASES = {"not_": "not", "in_": "in"}


def written_name(field: str) -> str:
    """A predicate field as a rulebook writes it: ``not`` and ``in``, not ``not_``, ``in_``."""
    return _ALIASES.get(field, field)


class Plain:
    """A checked model read back from the cache: its fields as attributes.

    A field left unset reads its default from the class; a list or mapping
    default is the object's own, as pydantic makes a fresh one.
    """

    __slots__ = ("__dict__", "model_fields_set")

    _fields: tuple[str, ...] = ()

    model_fields_set: set[str]

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Plain:
        """A copy with some fields changed, as ``BaseModel.model_copy`` makes it."""
        copied = object.__new__(type(self))
        copied.__dict__.update(self.__dict__)
        copied.model_fields_set = set(self.model_fields_set)
        if update:
            copied.__dict__.update(update)
            copied.model_fields_set.update(update)
        return copied

    def __eq__(self, other: object) -> bool:
        if type(other).__name__ != type(self).__name__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self._fields)

    __hash__ = None  # type: ignore[assignment]  # mutable, as the models are

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"


def comparator_of(predicate: Any) -> tuple[str, Any]:
    """The one comparator a fact test (a predicate model or its plain look-alike) sets,
    by its written name, and its operand."""
    for name in predicate.model_fields_set:
        alias = written_name(name)
        if alias in COMPARATORS:
            return alias, getattr(predicate, name)
    raise ValueError("not a fact test")


class _PlainPredicate(Plain):
    __slots__ = ()

    @property
    def comparator(self) -> tuple[str, Any]:
        """The one comparator of a fact test and its operand."""
        return comparator_of(self)


def models(model: type[BaseModel]) -> dict[str, Any]:
    """Every model class reachable from ``model``: its fields and their defaults (a
    default factory's value), as plain JSON data."""
    from pydantic import BaseModel

    described: dict[str, Any] = {}
    pending: list[type[BaseModel]] = [model]
    while pending:
        current = pending.pop()
        if current.__name__ in described:
            continue
        defaults = {}
        for name, info in current.model_fields.items():
            if not info.is_required():
                default = info.get_default(call_default_factory=True)
                if not _json_plain(default):
                    raise TypeError(f"the rulebook cache cannot keep the default {default!r}")
                defaults[name] = default
            pending.extend(_models_in(info.annotation, BaseModel))
        described[current.__name__] = {"fields": list(current.model_fields), "defaults": defaults}
    return described


def _models_in(annotation: Any, base: type[BaseModel]) -> Iterable[type[BaseModel]]:
    from typing import get_args

    if isinstance(annotation, type) and issubclass(annotation, base):
        yield annotation
    for argument in get_args(annotation):
        yield from _models_in(argument, base)


def _json_plain(value: Any) -> bool:
    return value is None or type(value) in (str, int, float, bool) or value in ([], {})


def to_plain(value: Any) -> Any:
    """A checked model tree as plain JSON data; ``TypeError`` for a value it cannot hold."""
    from pydantic import BaseModel

    if value is None or type(value) in (str, int, float, bool):
        return value
    if isinstance(value, BaseModel):
        given = sorted(value.model_fields_set)
        plain = {_MODEL: type(value).__name__, _SET: given}
        for name in given:
            plain[name] = to_plain(getattr(value, name))
        return plain
    if type(value) is list:
        return [to_plain(item) for item in value]
    if type(value) is dict:
        return {_DICT: [[to_plain(key), to_plain(item)] for key, item in value.items()]}
    raise TypeError(f"the rulebook cache cannot keep a {type(value).__name__}")


def from_plain(described: dict[str, Any], text: str) -> RulebookFile:
    """The rulebook file :func:`to_plain` wrote as ``text``, its models described by
    :func:`models`, rebuilt as look-alikes.

    Data of another shape (a field the description does not know, a model it
    does not describe) raises ``TypeError``, ``KeyError`` or ``ValueError``.
    """
    built = json.loads(text, object_hook=_decoder(described))
    if type(built).__name__ != "RulebookFile" or not isinstance(built, Plain):
        raise TypeError("not a rulebook file")
    return cast("RulebookFile", built)


def _decoder(described: dict[str, Any]) -> Callable[[dict[str, Any]], Any]:
    kinds: dict[str, tuple[type[Plain], frozenset[str], list[tuple[str, Any]]]] = {}
    for name, description in described.items():
        fields = tuple(description["fields"])
        defaults: dict[str, Any] = description["defaults"]
        mutable = [
            (key, value) for key, value in defaults.items() if isinstance(value, list | dict)
        ]
        immutable = {key: value for key, value in defaults.items() if key not in dict(mutable)}
        base = _PlainPredicate if name == "Predicate" else Plain
        kind = type(name, (base,), {"__slots__": (), "_fields": fields, **immutable})
        kinds[name] = (kind, frozenset(fields), mutable)

    def decode(data: dict[str, Any]) -> Any:
        name = data.pop(_MODEL, None)
        if name is None:
            return dict(data[_DICT])
        kind, fields, mutable = kinds[name]
        given = data.pop(_SET)
        if data.keys() != set(given) or not fields.issuperset(given):
            raise ValueError(f"a {name} of other fields")
        built = object.__new__(kind)
        values = built.__dict__
        for field, default in mutable:
            if field not in data:
                values[field] = default.copy()
        values.update(data)
        built.model_fields_set = set(given)
        return built

    return decode
