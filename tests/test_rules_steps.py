"""Step texts: sandboxed templates over the documented variables only."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from floorman.rules.catalogue import TEMPLATE_VARS
from floorman.rules.schema import PRIMITIVES
from floorman.rules.steps import (
    PRIMITIVE_DOCS,
    TemplateError,
    check_text,
    placeholders,
    render_text,
)


def test_texts_are_filled_with_the_actual_cards() -> None:
    text = "Take the {{ card }} out of play; {{ seat }} acts."
    check_text(text)
    assert render_text(text, {"card": "7♦", "seat": "seat 3"}) == (
        "Take the 7♦ out of play; seat 3 acts."
    )


def test_rendered_texts_are_one_line() -> None:
    assert render_text("Burn\n   a card.", {}) == "Burn a card."


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{{ ''.__class__ }}", "reaches outside the template sandbox"),
        ("{{ card.__class__.__mro__ }}", "reaches outside the template sandbox"),
        ("{{ card['_x'] }}", "reaches outside the template sandbox"),
        ("{{ card.upper() }}", "may only print variables"),
        ("{{ cycler }}", "unknown variable 'cycler'"),
        ("{{ card ", "template syntax"),
        ("{{ card|center(1500000000) }}", '"center" is not a filter step texts use'),
        ("{{ card|attr('__class__') }}", '"attr" is not a filter step texts use'),
        ("{{ card|default(card, true) }}", 'the filter "default" takes at most one plain value'),
        ("{{ card is divisibleby 3 }}", '"divisibleby" is not a test step texts use'),
        ("{% for a in cards %}{% for b in cards %}{{ a }}{% endfor %}{% endfor %}", "loops"),
        ("{% include 'x' %}", "cannot use {% include %}"),
        ("{% extends 'x' %}", "cannot use {% extends %}"),
        ("{% import 'x' as y %}", "cannot use {% import %}"),
        ("{% macro m() %}x{% endmacro %}", "cannot use macros"),
        ("{% set card = 'x' %}{{ card }}", "cannot use {% set %}"),
        ("{% for card in seat %}{{ card }}{% endfor %}", "loops"),
        ("{{ card * 1000000000 }}", "cannot use arithmetic"),
        ("{{ [card] }}", "cannot use list expressions"),
        ("{{ " + "(" * 400 + "card" + ")" * 400 + " }}", "nested too deep"),
        ("x" * 2001, "at most 2,000 characters"),
    ],
)
def test_unsafe_or_unknown_templates_are_refused(text: str, message: str) -> None:
    with pytest.raises(TemplateError, match=message):
        check_text(text)


def test_filters_and_conditions_are_allowed() -> None:
    check_text("{% if card %}Show the {{ card | upper }}.{% endif %}")
    text = (
        "{% if seat is defined and card != 'x' %}{{ seat ~ ' shows' }} {{ card|d('a card') }}"
        "{% elif card in cards %}no{% else %}{{ card if seat else cards }}{% endif %}"
    )
    check_text(text)
    assert render_text(text, {"seat": "seat 3", "card": "7♦", "cards": "7♦"}) == "Seat 3 shows 7♦"


def test_a_text_from_a_cached_rulebook_is_checked_before_it_is_filled() -> None:
    with pytest.raises(TemplateError, match='"center" is not a filter'):
        render_text("{{ card|center(1500000000) }}", {"card": "7♦"})


def test_an_unfilled_variable_is_an_error_not_a_blank() -> None:
    with pytest.raises(TemplateError, match="card"):
        render_text("Take the {{ card }}.", {})


def test_placeholders_cover_every_variable_and_every_primitive_is_documented() -> None:
    assert set(placeholders()) == set(TEMPLATE_VARS)
    assert placeholders({"card": "turn card"})["card"] == "turn card"
    assert set(PRIMITIVE_DOCS) == set(PRIMITIVES)


@example(list("{{{}}}}"))  # a dict expression Jinja2 renders, which a step text may not use
@given(
    st.lists(
        st.sampled_from(
            [
                "{{ card }}",
                "{{seat}}",
                "{{ true }}",
                "{{ nothing }}",
                "{{ card|upper }}",
                "{{- seat }}",
                "{% if card %}x{% endif %}",
                "{{{ card }}",
                "}}",
                "{",
                "}",
                " ",
                "\n",
                "the ",
                "{# note #}",
                "seat",
            ]
        ),
        max_size=8,
    )
)
def test_texts_filled_without_jinja2_read_as_jinja2_reads_them(parts: list[str]) -> None:
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    text = "".join(parts)
    variables = {"card": "7♦", "seat": "seat 3"}
    try:
        check_text(text)
    except TemplateError:
        with pytest.raises(TemplateError):
            render_text(text, variables)
        return
    env = SandboxedEnvironment(undefined=jinja2.StrictUndefined, keep_trailing_newline=False)
    try:
        expected = " ".join(env.from_string(text).render(variables).split())
    except jinja2.TemplateError:
        with pytest.raises(TemplateError):
            render_text(text, variables)
        return
    assert render_text(text, variables) == expected[:1].upper() + expected[1:]


def test_a_ruling_with_plain_texts_does_not_load_jinja2() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from floorman.rules.steps import render_text\n"
        "print(render_text('Take the {{ card }} out of play.', {'card': '7♦'}))\n"
        "print('jinja2' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["Take the 7♦ out of play.", "False"]
