"""The documented vocabulary of the rulebooks: facts and step text variables."""

from __future__ import annotations

from floorman.rules.catalogue import FACTS, TEMPLATE_VARS


def test_every_fact_is_documented_with_a_quick_question_default() -> None:
    for name, spec in FACTS.items():
        assert spec.name == name
        assert spec.doc.endswith((".", ")"))
        assert spec.ask_default is None or isinstance(spec.ask_default, spec.type)
        if spec.choices is not None:
            assert spec.ask_default in spec.choices


def test_every_template_variable_has_words_for_a_question_without_a_hand() -> None:
    for name, var in TEMPLATE_VARS.items():
        assert var.name == name
        assert var.placeholder
        assert var.doc
