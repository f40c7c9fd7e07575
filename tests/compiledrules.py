"""Every shipped rulebook and house profile as the rules engine sees it, as JSON.

``tests/data/compiled-rules.json`` holds this for the rulebooks as they are;
``test_rulebooks`` compares them against it, so a change to how rulebooks are
written (a rule moved, shared, reworded in one place for several books) that
changes what a book rules is caught. After changing a rule on purpose, write
the file anew with ``sh scripts/compiled-rules`` and commit it with the rule.

Each book: its options and their specs, games, conditions, situations, house
examples and every rule after ``extends`` and house overrides, with the
events it triggers on, the games it covers and every field of the rule. A
field that is null is left out: null and absent mean the same to the engine.
Model fields are sorted by name; mappings and lists keep their order.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from floorman._resources import rulebook_dir
from floorman.rules.loader import Rulebook, house_names, load_rulebook, shipped_rulebooks
from floorman.rules.plain import Plain, written_name

GOLDEN = Path(__file__).parent / "data" / "compiled-rules.json"


def compiled_rules() -> dict[str, Any]:
    """Every shipped rulebook and house profile, by name."""
    return {name: book_data(load_rulebook(name)) for name in shipped_rulebooks() + house_names()}


def book_data(book: Rulebook) -> dict[str, Any]:
    return {
        "name": book.name,
        "title": book.title,
        "source": book.source,
        "chain": list(book.chain),
        "options": data(book.options),
        "option_specs": data(book.option_specs),
        "games": data(book.games),
        "conditions": data(book.conditions),
        "situations": data(book.situations),
        "examples": data(book.examples),
        "rules": [
            {
                "id": rule.id,
                "local_id": rule.local_id,
                "origin": Path(rule.origin).relative_to(rulebook_dir().resolve()).as_posix(),
                "kinds": sorted(rule.kinds),
                "games": sorted(rule.games),
                "rule": data(rule.rule),
            }
            for rule in book.rules
        ],
    }


def data(value: Any) -> Any:
    from pydantic import BaseModel

    if isinstance(value, BaseModel | Plain):
        names = value._fields if isinstance(value, Plain) else type(value).model_fields
        fields = {written_name(name): getattr(value, name) for name in names}
        return {name: data(item) for name, item in sorted(fields.items()) if item is not None}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return data(dataclasses.asdict(value))
    if isinstance(value, dict):
        return {str(key): data(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [data(item) for item in value]
    return value


def text(data: Any, indent: str = "") -> str:
    """``data`` as JSON, one field a line; a list or mapping of plain values on one line
    where it fits, so that a changed rule is a short diff."""
    inline = json.dumps(data, ensure_ascii=False)
    items = data.values() if isinstance(data, dict) else data
    nested = isinstance(data, dict | list) and any(isinstance(i, dict | list) for i in items)
    if not isinstance(data, dict | list) or (not nested and len(indent) + len(inline) <= 100):
        return inline
    inner = indent + " "
    if isinstance(data, dict):
        items = [f"{inner}{json.dumps(key)}: {text(item, inner)}" for key, item in data.items()]
        opening, closing = "{", "}"
    else:
        items = [f"{inner}{text(item, inner)}" for item in data]
        opening, closing = "[", "]"
    return opening + "\n" + ",\n".join(items) + "\n" + indent + closing


if __name__ == "__main__":
    GOLDEN.write_text(text(compiled_rules()) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {GOLDEN}\n")
