"""Loading rulebooks: extends chains, house profiles, and one clear line for each
mistake a floor manager can make in a rulebook file."""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import pytest

from floorman._resources import rulebook_dir
from floorman.errors import FloormanError
from floorman.interchange.handfile import Hand
from floorman.rules.examples import EXAMPLE_TABLE, rule_hand
from floorman.rules.loader import RulebookError, load_rulebook

RULE = """\
rulebook: tiny
title: A tiny rulebook
extends: rrop
rules:
  - id: holdem.exposed-holecard.first
    title: First card exposed
    cite: House rule 1
    on: expose
    when:
      fact: {fact}
      eq: dealer
    outcome: {outcome}
    steps:
      - do: {do}
        text: "{text}"
"""


def write(tmp_path: Path, text: str, name: str = "tiny.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def tiny(tmp_path: Path, **fields: str) -> Path:
    values = {"fact": "exposed_by", "outcome": "misdeal", "do": "misdeal", "text": "Redeal."}
    values.update(fields)
    return write(tmp_path, RULE.format(**values))


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", "")


def test_a_rulebook_extends_and_replaces_a_rule(tmp_path: Path) -> None:
    book = load_rulebook(tiny(tmp_path))
    assert book.chain == ("tiny", "rrop", "common")
    rule = book.rule("holdem.exposed-holecard.first")
    assert rule.id == "tiny.holdem.exposed-holecard.first"
    assert rule.rule.cite == "House rule 1"
    assert book.rule("holdem.premature-turn").id == "rrop.holdem.premature-turn"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"fact": "card.colour"}, "rules[0].when: unknown fact 'card.colour'"),
        ({"outcome": "redeal"}, "rules[0].outcome: 'redeal' is not allowed"),
        ({"do": "shuffle-up"}, "rules[0].steps[0].do: 'shuffle-up' is not allowed"),
        (
            {"text": "{{ ''.__class__ }}"},
            "rules[0].steps[0].text: rule 'holdem.exposed-holecard.first':"
            ' \\"__class__\\" reaches outside the template sandbox',
        ),
        (
            {"text": "Give {{ player }} a card."},
            "rules[0].steps[0].text: rule 'holdem.exposed-holecard.first':"
            " unknown variable 'player'",
        ),
    ],
)
def test_mistakes_fail_to_load_with_file_line_and_field(
    tmp_path: Path, fields: dict[str, str], message: str
) -> None:
    path = tiny(tmp_path, **fields)
    with pytest.raises(RulebookError) as caught:
        load_rulebook(path)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(f"{path}:")
    assert message.replace("\\", "") in text
    line = int(text.split(":")[1])
    assert 5 <= line <= 16


def test_an_option_referenced_but_not_defined_fails(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """\
        rulebook: tiny
        title: T
        extends: rrop
        rules:
          - id: odd
            title: Odd
            cite: House 2
            on: expose
            when: {fact: card.deal_position, in_option: misdeal_positions}
            outcome: misdeal
            steps: [{do: misdeal, text: Redeal.}]
        """,
    )
    with pytest.raises(
        RulebookError,
        match=r"tiny.yaml:9: rules\[0\].when: option 'misdeal_positions' is not defined",
    ):
        load_rulebook(path)


def test_a_fact_compared_with_a_value_it_never_takes_fails(tmp_path: Path) -> None:
    path = tiny(tmp_path)
    path.write_text(path.read_text().replace("eq: dealer", "eq: delaer"))
    with pytest.raises(
        RulebookError, match="is one of dealer, player; eq 'delaer' can never match"
    ):
        load_rulebook(path)


def test_yaml_errors_name_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "rulebook: x\ntitle: [unclosed\n")
    with pytest.raises(RulebookError, match=r"tiny.yaml:\d+: not valid YAML"):
        load_rulebook(path)


def test_a_number_too_long_to_read_names_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, f"rulebook: x\ntitle: X\noptions:\n  limit_raise_cap: {'9' * 4400}\n")
    with pytest.raises(RulebookError, match=r"tiny.yaml:4: .*a number of more than 4,300 digits"):
        load_rulebook(path)


def test_an_unknown_field_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "rulebook: x\ntitle: X\noptionz: {}\n")
    with pytest.raises(RulebookError, match=r"tiny.yaml:3: optionz: unknown field"):
        load_rulebook(path)


def test_extends_cycle_and_missing_parent(tmp_path: Path) -> None:
    write(tmp_path, "rulebook: a\ntitle: A\nextends: b.yaml\n", "a.yaml")
    write(tmp_path, "rulebook: b\ntitle: B\nextends: a.yaml\n", "b.yaml")
    with pytest.raises(RulebookError, match="forms a cycle"):
        load_rulebook(tmp_path / "a.yaml")
    write(tmp_path, "rulebook: c\ntitle: C\nextends: nowhere\n", "c.yaml")
    with pytest.raises(RulebookError, match="no rulebook named 'nowhere'"):
        load_rulebook(tmp_path / "c.yaml")


def test_house_profile_options_are_checked(tmp_path: Path) -> None:
    house = write(
        tmp_path, "rulebook: h\ntitle: H\nextends: rrop\noptions: {odd_chip: coin-flip}\n"
    )
    with pytest.raises(RulebookError, match="'coin-flip' is not one of first-left-of-button"):
        load_rulebook("rrop", house=house)
    house.write_text("rulebook: h\ntitle: H\nextends: rrop\noptions: {odd_chips: carry-over}\n")
    with pytest.raises(RulebookError, match=r"options\.odd_chips: no such option in rrop"):
        load_rulebook("rrop", house=house)


def test_a_house_profile_for_another_rulebook_is_refused(tmp_path: Path) -> None:
    house = write(tmp_path, "rulebook: h\ntitle: H\nextends: tda-2024\n")
    with pytest.raises(RulebookError, match="extends 'tda-2024', not the rulebook in use"):
        load_rulebook("rrop", house=house)


def test_house_options_override_defaults() -> None:
    book = load_rulebook("rrop", options={"odd_chip": "high-card-by-suit"})
    assert book.options["odd_chip"] == "high-card-by-suit"
    assert load_rulebook("rrop").options["odd_chip"] == "first-left-of-button"
    with pytest.raises(FloormanError, match="option 'redeal_burn' takes a single value"):
        load_rulebook("rrop", options={"redeal_burn": [True]})


def test_shipped_house_profiles_extend_robert() -> None:
    book = load_rulebook("first-or-second")
    assert book.chain[1:] == ("rrop", "common")
    assert book.options["misdeal_on_exposed_deal_positions"] == [1, 2]
    assert load_rulebook("ciaffone-burn").options["redeal_burn"] is True


def exposed_second_card(book_path: Path | str) -> str:
    hand = Hand.model_validate({**EXAMPLE_TABLE, "events": ["expose 2:1 Kd"]})
    ruled = rule_hand(hand, load_rulebook(book_path))
    return ruled.rulings[0].outcome


def test_edit_a_rule_and_the_ruling_changes(tmp_path: Path) -> None:
    """The engine holds no rule of its own: the YAML decides."""
    copy = tmp_path / "rulebook"
    shutil.copytree(rulebook_dir(), copy)
    rrop = copy / "rrop.yaml"
    assert exposed_second_card(rrop) == "continue"
    text = rrop.read_text(encoding="utf-8")
    edited = text.replace(
        "misdeal_on_exposed_deal_positions:\n    default: [1]",
        "misdeal_on_exposed_deal_positions:\n    default: [1, 2]",
    )
    assert edited != text
    rrop.write_text(edited, encoding="utf-8")
    assert exposed_second_card(rrop) == "misdeal"
    voided = edited.replace("    outcome: misdeal\n", "    outcome: void\n", 1)
    assert voided != edited
    rrop.write_text(voided, encoding="utf-8")
    assert exposed_second_card(rrop) == "void"


def test_rulebooks_are_cached_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from floorman.rules import cache

    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path / "cache"))
    path = tiny(tmp_path)
    first = load_rulebook(path)
    entries = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert any(name.startswith("tiny-") for name in entries)
    assert cache.get(path.resolve(), cache.digest(path.read_bytes())) is not None
    assert (
        load_rulebook(path).rule("holdem.exposed-holecard.first").rule
        == first.rule("holdem.exposed-holecard.first").rule
    )


def test_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "rulebook: h\ntitle: H\nextends: rrop\noptions: {}\noptions: {}\n")
    with pytest.raises(
        RulebookError, match=r"tiny\.yaml:5: not valid YAML: 'options' is given twice"
    ):
        load_rulebook(path)


def test_a_negative_raise_cap_is_refused(tmp_path: Path) -> None:
    house = write(
        tmp_path, "rulebook: h\ntitle: H\nextends: rrop\noptions: {limit_raise_cap: -5}\n"
    )
    with pytest.raises(RulebookError, match="'limit_raise_cap': -5 is not a whole number from 0"):
        load_rulebook("rrop", house=house)
    with pytest.raises(RulebookError, match="'x' is not a whole number from 0"):
        load_rulebook("tda-2024", options={"limit_raise_cap": "x"})
    assert load_rulebook("tda-2024", options={"limit_raise_cap": 4}).options["limit_raise_cap"] == 4


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a" * 300, "is not a rulebook name"),
        ("a/" * 300, "...(600 characters): no such rulebook file"),
        ("r\udcffop", "is not a rulebook name"),
        ("/dev/zero", "/dev/zero: not a regular file"),
        ("/tmp", "/tmp: not a regular file"),
    ],
)
def test_a_bad_rulebook_name_is_one_line(name: str, message: str) -> None:
    with pytest.raises(RulebookError, match=re.escape(message)) as raised:
        load_rulebook(name)
    assert len(str(raised.value)) < 200


def test_a_step_text_that_would_not_fill_in_bounded_time_fails_to_load(tmp_path: Path) -> None:
    path = tiny(tmp_path, text="{{ card|center(1500000000) }}")
    with pytest.raises(RulebookError) as raised:
        load_rulebook(path)
    assert str(raised.value) == (
        f"{path}:15: rules[0].steps[0].text: rule 'holdem.exposed-holecard.first':"
        ' "center" is not a filter step texts use (capitalize, d, default, lower, title, trim,'
        " upper)"
    )


def test_a_settled_file_is_known_again_by_its_stat_and_an_edit_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long-running server loads a hand's rulebook for each hand: a file that has not
    changed for a while is not read and hashed again, and an edit to it, even one that
    keeps its size and modification time, is read."""
    import os
    import time

    from floorman.rules import loader

    house = tmp_path / "room.yaml"
    house.write_text(
        "rulebook: room\ntitle: The room\nextends: rrop\noptions:\n  redeal_burn: false\n",
        encoding="utf-8",
    )
    settled = time.time_ns() - 10 * loader._SETTLED_NS
    os.utime(house, ns=(settled, settled))
    reads: list[Path] = []
    real = loader._content
    monkeypatch.setattr(loader, "_content", lambda path: reads.append(path) or real(path))
    monkeypatch.setattr(loader, "_SETTLED_NS", 0)
    assert load_rulebook(house).options["redeal_burn"] is False
    assert reads.count(house) == 1
    assert load_rulebook(house).options["redeal_burn"] is False
    assert reads.count(house) == 1
    before = house.stat()
    time.sleep(0.05)  # past the tick of the clock the change time was read at
    house.write_text(house.read_text("utf-8").replace("false", "true "), encoding="utf-8")
    os.utime(house, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (house.stat().st_size, house.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert load_rulebook(house).options["redeal_burn"] is True
    assert reads.count(house) == 2


def test_a_file_changed_just_now_is_read_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from floorman.rules import loader

    house = tmp_path / "fresh.yaml"
    house.write_text("rulebook: fresh\ntitle: Fresh\nextends: rrop\n", encoding="utf-8")
    reads: list[Path] = []
    real = loader._content
    monkeypatch.setattr(loader, "_content", lambda path: reads.append(path) or real(path))
    load_rulebook(house)
    load_rulebook(house)
    assert reads.count(house) == 2
