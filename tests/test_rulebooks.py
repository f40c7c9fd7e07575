"""Every shipped rulebook: it loads, every rule's worked examples hold, and what
every rule says is cited and reachable.

The examples are the rulebooks' own claims ("this hand gets this ruling, these
steps, these violations"); each one runs here as its own test.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from compiledrules import GOLDEN, compiled_rules

from floorman._resources import rulebook_dir
from floorman.rules.catalogue import FACTS
from floorman.rules.examples import check_example
from floorman.rules.kinds import citation
from floorman.rules.loader import Rulebook, load_rulebook, shipped_rulebooks
from floorman.rules.predicates import walk

SHIPPED = ("rrop", "tda-2024", "wsop-2024")
HOUSES = tuple(sorted(p.stem for p in (rulebook_dir() / "house").glob("*.yaml")))


def _rule_examples() -> Iterator[object]:
    for name in SHIPPED:
        book = load_rulebook(name)
        for rule in book.rules:
            for index in range(1, len(rule.rule.examples) + 1):
                label = f"{name}:{rule.local_id}:{index}"
                yield pytest.param(name, rule.local_id, index, id=label)


def _house_examples() -> Iterator[object]:
    for name in HOUSES:
        for index, example in enumerate(load_rulebook(name).examples, 1):
            yield pytest.param(name, index, id=f"{name}:{example.rule}:{index}")


def test_the_three_rulebooks_ship() -> None:
    assert set(SHIPPED) <= set(shipped_rulebooks())
    assert "common" not in shipped_rulebooks()


@pytest.mark.parametrize(("name", "rule_id", "index"), list(_rule_examples()))
def test_worked_example(name: str, rule_id: str, index: int) -> None:
    book = load_rulebook(name)
    rule = book.rule(rule_id)
    assert check_example(book, rule, rule.rule.examples[index - 1]) == []


@pytest.mark.parametrize(("name", "index"), list(_house_examples()))
def test_house_worked_example(name: str, index: int) -> None:
    book = load_rulebook(name)
    example = book.examples[index - 1]
    assert example.rule is not None
    assert check_example(book, book.rule(example.rule), example) == []


@pytest.mark.parametrize("name", SHIPPED + HOUSES)
def test_every_rule_is_cited_and_has_an_example(name: str) -> None:
    book = load_rulebook(name)
    for rule in book.rules:
        assert citation(rule.rule).strip()
        assert rule.rule.examples, f"{rule.id} has no worked example"


@pytest.mark.parametrize("name", SHIPPED)
def test_every_rule_answers_its_situations(name: str) -> None:
    """``floorman ask`` on a situation a rule names gets that rule's ruling."""
    from floorman.rules.engine import match_situation

    book = load_rulebook(name)
    for rule in book.rules:
        for situation in rule.rule.situations:
            assert situation in book.situations, f"{rule.id}: unknown situation {situation}"
    asked = {s for rule in book.rules for s in rule.rule.situations}
    for situation in asked:
        ruling, _ = match_situation(book, situation)
        assert ruling is not None, situation
        assert situation in book.rule(ruling.rule).rule.situations


def _names(book: Rulebook) -> set[str]:
    return {
        node.fact
        for rule in book.rules
        if rule.rule.when is not None
        for node in walk(rule.rule.when)
        if node.fact is not None
    }


def test_rules_use_only_documented_facts() -> None:
    for name in SHIPPED:
        for fact in _names(load_rulebook(name)):
            assert fact in FACTS or fact.startswith("option."), fact


def test_rulebooks_disagree_where_the_texts_do() -> None:
    """The premature turn: RRoP sets the card aside, TDA and WSOP reshuffle it back."""
    rrop, tda, wsop = (load_rulebook(name) for name in SHIPPED)
    first = [s.do for s in rrop.rule("holdem.premature-turn").rule.steps]
    assert first[0] == "set-aside"
    for book in (tda, wsop):
        assert "return-to-stub" in [s.do for s in book.rule("holdem.premature-turn").rule.steps]
    assert rrop.options["misdeal_on_exposed_deal_positions"] == [1]
    assert tda.options["misdeal_on_exposed_deal_positions"] == [1, 2]


def test_silent_rules_say_so_and_name_their_option() -> None:
    for name in ("tda-2024", "wsop-2024"):
        rule = load_rulebook(name).rule("holdem.exposed-holecard.later")
        assert rule.rule.note is not None
        assert "exposed_downcard_procedure" in rule.rule.note


def _step_texts(name: str) -> Iterator[tuple[str, str]]:
    """Every step of every rule as a dealer reads it (filled with the first worked
    example's cards and seats) and as the rule sheet prints it (placeholders)."""
    from floorman.documents.sheet import rule_view
    from floorman.rules.dealtexamples import is_dealt_example, rule_dealt_example
    from floorman.rules.examples import example_hand, rule_hand

    book = load_rulebook(name)
    for rule in book.rules:
        example = rule.rule.examples[0]
        if is_dealt_example(example):
            at = example.event or len(example.hand["events"])
            for ruling in rule_dealt_example(book, example).rulings:
                if ruling.event == at:
                    yield from ((f"{rule.id} example", step.text) for step in ruling.steps)
            continue
        hand = example_hand(example)
        at = example.event or len(hand.events)
        for ruling in rule_hand(hand, book).rulings:
            if ruling.event == at:
                yield from ((f"{rule.id} example", step.text) for step in ruling.steps)
        for game in sorted(rule.games):
            yield from (
                (f"{rule.id} sheet ({game})", text) for text in rule_view(book, rule, game)["steps"]
            )


@pytest.mark.parametrize("name", SHIPPED)
def test_every_step_reads_as_sentences(name: str) -> None:
    import re

    for where, text in _step_texts(name):
        assert text[0].isupper(), (where, text)
        assert text.endswith((".", ")")), (where, text)
        assert not re.search(r"\. [a-z]", text), (where, text)  # a sentence opens in capitals
        assert not re.search(r"\b(\w+) \1\b", text), (where, text)  # "the extra extra card"
        assert not re.search(r"\((extra|burn|exposed|flop|turn|river) cards?\)", text), (
            where,
            text,
        )
        assert "board (" not in text, (where, text)
        assert "the card is the second" not in text, (where, text)


def test_steps_name_the_card_where_it_was_seen_first() -> None:
    from floorman.interchange.handfile import Hand
    from floorman.rules.examples import EXAMPLE_TABLE, rule_hand

    events = ["deal", "3 call", "1 call", "2 check", "burn", "flop Ah Kd 7c", "cards 1 Ah 2c"]
    hand = Hand.model_validate({**EXAMPLE_TABLE, "events": events})
    (ruling,) = rule_hand(hand, load_rulebook("rrop")).rulings
    assert ruling.steps[0].text.startswith(
        "A second A♥ is found (the first was recorded at event 6, on the flop): the deck is"
        " defective."
    )
    hand = Hand.model_validate({**EXAMPLE_TABLE, "events": ["deal", "extra 1"]})
    (ruling,) = rule_hand(hand, load_rulebook("rrop")).rulings
    assert ruling.steps[0].text == (
        "Take the extra card back from seat 1 and return it to the deck: it is the burn card"
        " for the flop; burn no other card."
    )


@pytest.mark.parametrize("read", ["from the files", "from the cache"])
def test_every_book_compiles_to_the_recorded_rules(
    read: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What every shipped book rules, after ``extends`` and house profiles, is what
    ``tests/data/compiled-rules.json`` recorded. A rule changed on purpose: write the file
    anew with ``sh scripts/compiled-rules``."""
    from floorman.rules import loader

    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path / "cache"))
    for _ in range(2 if read == "from the cache" else 1):
        loader._READS.clear()
        loader._BOOKS.clear()
        loader._SEEN.clear()
        found = json.loads(json.dumps(compiled_rules()))
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert list(found) == list(recorded)
    for name, book in recorded.items():
        for field, value in book.items():
            if field != "rules":
                assert found[name][field] == value, f"{name}: {field}"
        assert [rule["id"] for rule in found[name]["rules"]] == [r["id"] for r in book["rules"]]
        for rule, expected in zip(found[name]["rules"], book["rules"], strict=True):
            assert rule == expected, f"{name}: {rule['id']}"
