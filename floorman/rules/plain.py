"""Checked rulebook models as plain JSON data, and back without validating again.

The rulebook cache keeps a file that loaded cleanly as JSON: nothing in it
can run code when it is read, unlike a pickle. A model becomes an object of
the fields that were set (so ``model_fields_set`` survives, which the loader
and the predicates read); a value typed ``Any`` (a worked example's hand) is
written so that a mapping keeps keys that are not strings (``seats: {1: 100}``), and a
mapping keyed by seat (``bets: {3: 300}``) is kept as ``[seat, value]`` pairs.
Reading it back rebuilds each model with ``model_construct``: the data was
validated when the file was first loaded, and the validators are never
built, which is what makes a cached rulebook cheap to start.

What to do with each field is worked out from the models' annotations, once
per model and on first use; an annotation this module cannot keep is a
``TypeError`` when the model is first written, so a change to the models that
needs more is caught by the tests, never written wrongly.
"""

from __future__ import annotations

import copy
import types
from collections.abc import Callable
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

__all__ = ["from_plain", "to_plain"]

M = TypeVar("M", bound=BaseModel)
_Convert = Callable[[Any], Any]
_Codec = tuple[_Convert, _Convert, type, type]
"""Value to plain data, plain data to value, the value's type and the plain data's
(``dict`` or ``list``); ``None`` stands for a value that is plain data as it is."""

_IMMUTABLE = (str, int, float, tuple, frozenset, type(None))
_set = object.__setattr__

_DICT = "d"
"""In an ``Any`` value, a mapping is an object holding its items as ``[key, value]``
pairs, so any object there is such a mapping."""


def to_plain(model: BaseModel) -> dict[str, Any]:
    """A checked model as plain JSON data."""
    return _ModelCodec.of(type(model)).out(model)


def from_plain(model: type[M], data: Any) -> M:
    """The model :func:`to_plain` made ``data`` from, rebuilt without validation.

    ``data`` is trusted to come from :func:`to_plain` for this very model
    (the cache keys entries on the models' source); plain data of another
    shape raises ``TypeError``, ``KeyError`` or ``ValueError``.
    """
    built = _ModelCodec.of(model).into(data)
    if not isinstance(built, model):
        raise TypeError(f"not a {model.__name__}")
    return built


class _ModelCodec:
    """How one model class becomes plain data and back; fields planned on first use."""

    def __init__(self, model: type[BaseModel]) -> None:
        self.model = model
        self._fields: dict[str, _Codec | None] | None = None
        self._defaults: list[tuple[str, Callable[[], Any]]] = []
        self._plain_build = not (
            model.__pydantic_post_init__
            or model.__pydantic_root_model__
            or model.__private_attributes__
            or model.model_config.get("extra") == "allow"
        )

    @classmethod
    def of(cls, model: type[BaseModel]) -> _ModelCodec:
        codec = _KNOWN.get(model)
        if codec is None:
            codec = _KNOWN[model] = cls(model)
        return codec

    @property
    def fields(self) -> dict[str, _Codec | None]:
        if self._fields is None:
            infos = self.model.model_fields
            self._defaults = [(name, _default(info)) for name, info in infos.items()]
            self._fields = {name: _codec(info.annotation) for name, info in infos.items()}
        return self._fields

    def out(self, model: BaseModel) -> dict[str, Any]:
        fields = self.fields
        plain = {}
        for name in model.model_fields_set:
            value = getattr(model, name)
            codec = fields[name]
            plain[name] = value if codec is None else codec[0](value)
        return plain

    def into(self, plain: dict[str, Any]) -> BaseModel:
        fields = self.fields
        given = {}
        for name, value in plain.items():
            codec = fields[name]
            given[name] = value if codec is None else codec[1](value)
        values = {
            name: given[name] if name in given else default() for name, default in self._defaults
        }
        return self._build(values, set(given))

    def _build(self, values: dict[str, Any], fields_set: set[str]) -> BaseModel:
        """What ``model_construct`` does when every field is given, for a model with no
        extra fields, private attributes or post-init; ``model_construct`` otherwise."""
        model = self.model
        if self._plain_build:
            built = model.__new__(model)
            _set(built, "__dict__", values)
            _set(built, "__pydantic_fields_set__", fields_set)
            _set(built, "__pydantic_extra__", None)
            _set(built, "__pydantic_private__", None)
            return built
        return model.model_construct(fields_set, **values)


_KNOWN: dict[type[BaseModel], _ModelCodec] = {}


def _default(field: FieldInfo) -> Callable[[], Any]:
    """A field's default as pydantic fills it in (a fresh value from the factory), found
    once: ``model_construct`` would inspect the factory again for every model it builds."""
    if field.is_required():
        return _required
    factory = field.default_factory
    if factory is not None:
        return factory  # type: ignore[return-value]  # one made from other fields fails to read
    default = field.default
    if isinstance(default, _IMMUTABLE):
        return lambda: default
    return lambda: copy.deepcopy(default)


def _required() -> Any:
    raise KeyError("a required field is missing")


def _codec(annotation: Any) -> _Codec | None:
    if annotation is Any:
        return _any_out, _any_in, object, dict
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        model = _ModelCodec.of(annotation)
        return model.out, model.into, annotation, dict
    origin, args = get_origin(annotation), get_args(annotation)
    if annotation in (str, int, bool, type(None)) or origin is Literal:
        return None
    if origin is list:
        item = _codec(args[0])
        if item is None:
            return None
        item_out, item_in, _, _ = item
        return (lambda v: [item_out(x) for x in v]), (lambda v: [item_in(x) for x in v]), list, list
    if origin is dict and args[0] is str:
        value = _codec(args[1])
        if value is None:
            return None
        value_out, value_in, _, _ = value
        return (
            lambda v: {k: value_out(x) for k, x in v.items()},
            lambda v: {k: value_in(x) for k, x in v.items()},
            dict,
            dict,
        )
    if origin is dict and args[0] is int:
        number_value = _codec(args[1]) or _AS_IT_IS
        value_out, value_in, _, _ = number_value
        return (
            lambda v: [[k, value_out(x)] for k, x in v.items()],
            lambda v: {int(k): value_in(x) for k, x in v},
            dict,
            list,
        )
    if origin in (Union, types.UnionType):
        return _union(annotation, args)
    raise TypeError(f"the rulebook cache cannot keep a value of type {annotation!r}")


_AS_IT_IS: _Codec = (lambda v: v, lambda v: v, object, object)
"""A value that is plain data as it is, where a codec is needed all the same."""


def _union(annotation: Any, members: tuple[Any, ...]) -> _Codec | None:
    """A union of at most one member that needs converting and plain members whose plain
    data cannot be mistaken for it (``Option | bool | int | str | None | list[...]``)."""
    coded = [(member, codec) for member in members if (codec := _codec(member)) is not None]
    if not coded:
        return None
    (member, (out, into, kind, shape)), *others = coded
    plain_shapes = {get_origin(m) or m for m in members if m is not member}
    if others or kind is object or shape in plain_shapes:
        raise TypeError(f"the rulebook cache cannot tell apart the members of {annotation!r}")
    return (
        lambda v: out(v) if isinstance(v, kind) else v,
        lambda v: into(v) if isinstance(v, shape) else v,
        kind,
        shape,
    )


def _any_out(value: Any) -> Any:
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, list):
        return [_any_out(item) for item in value]
    if isinstance(value, dict):
        return {_DICT: [[_any_out(key), _any_out(item)] for key, item in value.items()]}
    raise TypeError(f"the rulebook cache cannot keep a {type(value).__name__}")


def _any_in(plain: Any) -> Any:
    if isinstance(plain, list):
        return [_any_in(item) for item in plain]
    if isinstance(plain, dict):
        return {_any_in(key): _any_in(item) for key, item in plain[_DICT]}
    return plain
