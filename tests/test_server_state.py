"""The pages' templates read a view's keys as plain Jinja does, only faster."""

from __future__ import annotations

from typing import Any

import jinja2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.server.state import page_templates

SOURCE = "{{ t.%s is defined }}|{{ t.%s }}"


def _read(pages: jinja2.Environment, text: str, value: dict[str, Any]) -> str:
    try:
        return pages.from_string(text).render(t=value)
    except jinja2.UndefinedError as error:
        return f"UndefinedError: {error}"


def _both(name: str, value: dict[str, Any]) -> tuple[str, str]:
    ours = page_templates()
    plain = jinja2.Environment(autoescape=True, finalize=ours.finalize, undefined=ours.undefined)
    text = SOURCE % (name, name)
    return _read(ours, text, value), _read(plain, text, value)


@pytest.mark.parametrize("name", ["seats", "items", "get", "keys", "copy", "missing"])
def test_a_key_a_method_or_neither_reads_as_jinja_reads_it(name: str) -> None:
    view = {"seats": [1, 2], "items": "a trainee named items", "get": 3, "keys": 4}
    ours, plain = _both(name, view)
    assert ours == plain


def test_a_missing_key_is_still_an_error_on_a_page() -> None:
    with pytest.raises(jinja2.UndefinedError, match="'hand'"):
        page_templates().from_string("{{ t.hand }}").render(t={"table": "7"})


@given(st.dictionaries(st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1), st.integers()))
def test_any_view_reads_as_jinja_reads_it(view: dict[str, int]) -> None:
    for name in [*view, "items", "absent_name"]:
        if name.isidentifier():
            ours, plain = _both(name, view)
            assert ours == plain
