"""Cases: what several rulebooks rule on, written once and named by their rules.

A rule that says ``case: NAME`` takes from the case whatever it leaves out;
an example of its own can be ``like`` one of the case's. A bad reference is
one line naming the file, the rule and the field, as every rulebook mistake.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from floorman.rules import loader
from floorman.rules.kinds import citation
from floorman.rules.loader import RulebookError, load_rulebook, shipped_rulebooks
from floorman.rules.schema import Case, rulebook_json_schema

SHARED = """\
rulebook: shared
title: Shared cases
extends: rrop
abstract: true
cases:
  early-turn:
    title: The turn comes early
    on: turn
    situations: [premature-turn]
    when: {fact: betting_complete, eq: false}
    priority: 30
    steps:
      - do: explain
        text: Leave the turn burn card as the burn.
    examples:
      dealt:
        hand: {events: [deal, 3 call, 1 call, 2 check, burn, flop Ah Kd 7c, 1 check, burn,
                        turn 2s]}
        outcome: continue
        steps: [explain]
      followed:
        describe: Nothing else happens.
        hand: {events: [deal, 3 call, 1 call, 2 check, burn, flop Ah Kd 7c, 1 check, burn,
                        turn 2s, 2 check]}
        event: 9
        outcome: continue
"""

BOOK = """\
rulebook: {name}
title: A book that names the case
extends: shared.yaml
rules:
  - id: holdem.premature-turn
    case: early-turn
    cite: House rule 7
    outcome: continue
{extra}"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def book(folder: Path, extra: str = "", name: str = "room") -> Path:
    write(folder, "shared.yaml", SHARED)
    return write(folder, f"{name}.yaml", BOOK.format(name=name, extra=extra))


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", "")


def test_a_rule_takes_what_it_leaves_out_from_its_case(tmp_path: Path) -> None:
    rule = load_rulebook(book(tmp_path)).rule("holdem.premature-turn")
    assert rule.id == "room.holdem.premature-turn"
    written = rule.rule
    assert (written.title, written.cite, written.outcome) == (
        "The turn comes early",
        "House rule 7",
        "continue",
    )
    assert written.on == ["turn"]
    assert written.situations == ["premature-turn"]
    assert written.priority == 30
    assert written.when is not None
    assert written.when.fact == "betting_complete"
    assert [step.do for step in written.steps] == ["explain"]
    assert [example.describe for example in written.examples] == [None, "Nothing else happens."]
    assert written.case is None
    assert rule.kinds == frozenset({"turn"})


def test_what_a_rule_states_wins_over_its_case(tmp_path: Path) -> None:
    extra = """\
title: Premature turn card
priority: 5
when: null
steps:
  - do: set-aside
    text: Take the {{ card }} out of play.
examples:
  - like: dealt
    outcome: continue
    steps: [set-aside]
  - {like: followed, describe: null, hand: {}, outcome: continue, event: 10}
  - hand: {events: [deal]}
    outcome: none
"""
    written = load_rulebook(book(tmp_path, textwrap.indent(extra, "    "))).rule("premature-turn")
    rule = written.rule
    assert (rule.title, rule.priority, rule.when) == ("Premature turn card", 5, None)
    assert [step.do for step in rule.steps] == ["set-aside"]
    dealt, followed, own = rule.examples
    assert dealt.hand["events"][-1] == "turn 2s"
    assert dealt.steps == ["set-aside"]
    assert (followed.describe, followed.event, followed.hand["events"][-1]) == (
        None,
        10,
        "2 check",
    )
    assert own.hand == {"events": ["deal"]}
    assert all(example.like is None for example in rule.examples)


def test_a_house_profile_can_override_a_rule_written_for_a_case(tmp_path: Path) -> None:
    house = write(
        tmp_path,
        "house.yaml",
        """\
        rulebook: house
        title: House
        extends: room
        rules:
          - id: holdem.premature-turn
            case: early-turn
            cite: House rule 9
            outcome: continue
            priority: 31
        """,
    )
    book_path = book(tmp_path)
    rule = load_rulebook(book_path, house=house).rule("holdem.premature-turn")
    assert (rule.id, rule.rule.cite, rule.rule.priority) == (
        "house.holdem.premature-turn",
        "House rule 9",
        31,
    )
    assert rule.rule.situations == ["premature-turn"]


def _rule_line(path: Path) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if "id: holdem.premature-turn" in line)


@pytest.mark.parametrize(
    ("extra", "line", "message"),
    [
        (
            "",
            0,
            "rules[0].case: rule 'holdem.premature-turn': no case 'early-trun'"
            " (did you mean 'early-turn'?)",
        ),
        (
            "examples:\n  - {like: delt, outcome: continue}\n",
            2,
            "rules[0].examples[0].like: rule 'holdem.premature-turn': case 'early-turn' has"
            " no example 'delt' (it has: dealt, followed)",
        ),
        (
            "when: {condition: substantial_acton}\n",
            0,
            "rules[0].when: unknown condition 'substantial_acton'",
        ),
        (
            "steps: []\n",
            0,
            "rules[0].steps: List should have at least 1 item",
        ),
    ],
)
def test_a_bad_reference_is_one_line_naming_file_rule_and_field(
    tmp_path: Path, extra: str, line: int, message: str
) -> None:
    path = book(tmp_path, textwrap.indent(extra, "    "))
    if not extra:
        path.write_text(path.read_text("utf-8").replace("early-turn", "early-trun"), "utf-8")
    with pytest.raises(RulebookError) as caught:
        load_rulebook(path)
    text = str(caught.value)
    assert "\n" not in text
    assert message in text
    assert text.startswith(f"{path}:")
    assert int(text.split(":")[1]) >= _rule_line(path) + line


def test_an_example_like_another_needs_a_case(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "room.yaml",
        """\
        rulebook: room
        title: Room
        extends: rrop
        rules:
          - id: holdem.premature-turn
            title: Premature turn
            cite: House rule 7
            on: turn
            outcome: continue
            steps: [{do: explain, text: Call the floor.}]
            examples:
              - {like: dealt, outcome: continue}
        """,
    )
    with pytest.raises(
        RulebookError,
        match=r"room.yaml:12: rules\[0\].examples\[0\].like: rule 'holdem.premature-turn':"
        r" names no case to take example 'dealt' from",
    ):
        load_rulebook(path)


@pytest.mark.parametrize("field", ["title", "on", "steps"])
def test_what_neither_the_rule_nor_its_case_gives_is_required(tmp_path: Path, field: str) -> None:
    write(tmp_path, "shared.yaml", SHARED)
    shared = tmp_path / "shared.yaml"
    text = shared.read_text("utf-8")
    cut = {
        "title": "    title: The turn comes early\n",
        "on": "    on: turn\n",
        "steps": (
            "    steps:\n      - do: explain\n        text: Leave the turn burn card as the burn.\n"
        ),
    }[field]
    shared.write_text(text.replace(cut, ""), "utf-8")
    path = write(tmp_path, "room.yaml", BOOK.format(name="room", extra=""))
    with pytest.raises(RulebookError) as caught:
        load_rulebook(path)
    assert str(caught.value) == (
        f"{path}:5: rules[0].{field}: Field required"
        " (rule 'holdem.premature-turn' and its case 'early-turn' leave it out)"
    )


def test_a_rule_with_no_case_still_needs_its_fields(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "room.yaml",
        """\
        rulebook: room
        title: Room
        extends: rrop
        rules:
          - id: odd
            title: Odd
            cite: House 2
            outcome: misdeal
            steps: [{do: misdeal, text: Redeal.}]
        """,
    )
    with pytest.raises(RulebookError, match=r"room.yaml:5: rules\[0\].on: Field required$"):
        load_rulebook(path)


def test_a_field_from_the_case_that_fails_in_the_book_names_the_case(tmp_path: Path) -> None:
    write(tmp_path, "shared.yaml", SHARED.replace("{fact: betting_complete, eq: false}",
                                                  "{condition: early}"))  # fmt: skip
    path = write(tmp_path, "room.yaml", BOOK.format(name="room", extra=""))
    with pytest.raises(
        RulebookError,
        match=r"room.yaml:5: rules\[0\].when \(from case 'early-turn'\): unknown condition",
    ):
        load_rulebook(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("{fact: betting_complete, eq: false}", "{fact: betting_done, eq: false}"),
            "10: cases.early-turn.when: unknown fact 'betting_done'",
        ),
        (
            ("text: Leave the turn burn", "text: Leave {{ player }} the turn burn"),
            "14: cases.early-turn.steps[0].text: unknown variable 'player'",
        ),
        (
            ("priority: 30\n", "priority: 30\n    games: [canasta]\n"),
            "12: cases.early-turn.games[0]: no game 'canasta' (known: holdem, omaha, omaha-hilo)",
        ),
        (
            ("      dealt:\n", "      dealt:\n        like: followed\n"),
            "15: cases.early-turn.examples: examples.dealt: like is for a rule's examples",
        ),
    ],
)
def test_a_case_is_checked_in_the_file_that_writes_it(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = book(tmp_path)
    shared = tmp_path / "shared.yaml"
    shared.write_text(shared.read_text("utf-8").replace(*change), "utf-8")
    with pytest.raises(RulebookError) as caught:
        load_rulebook(path)
    assert str(caught.value).startswith(f"{shared}:{message}")


def test_a_bad_reference_exits_2_with_one_line(tmp_path: Path) -> None:
    path = book(tmp_path)
    path.write_text(path.read_text("utf-8").replace("early-turn", "late-turn"), "utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "rules", "validate", str(path)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == (
        f"floorman: {path}:6: rules[0].case: rule 'holdem.premature-turn': no case 'late-turn'"
        " (did you mean 'early-turn'?)\n"
    )


def test_an_edit_to_a_case_reaches_every_book_that_uses_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file is cached as written; the books that name a case see an edit to it, in
    this process and the next, with their own entries still in the cache."""
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(tmp_path / "cache"))
    books = [book(tmp_path, name=name) for name in ("first", "second")]

    def titles() -> list[str]:
        return [load_rulebook(p).rule("holdem.premature-turn").rule.title for p in books]

    def forget() -> None:
        loader._READS.clear()
        loader._BOOKS.clear()
        loader._SEEN.clear()

    forget()
    assert titles() == ["The turn comes early"] * 2
    forget()
    assert titles() == ["The turn comes early"] * 2
    entries = {p.name: p.stat().st_mtime_ns for p in (tmp_path / "cache").iterdir()}
    assert len(entries) >= 3
    shared = tmp_path / "shared.yaml"
    before = shared.stat()
    shared.write_text(shared.read_text("utf-8").replace("comes early", "came early"), "utf-8")
    os.utime(shared, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert titles() == ["The turn came early"] * 2
    forget()
    assert titles() == ["The turn came early"] * 2
    for path in books:
        assert loader._read(path).trusted, f"{path.name} was read again from its YAML"


def test_the_loader_takes_every_field_a_case_has() -> None:
    assert set(loader._CASE_FIELDS) == set(Case.model_fields) - {"examples"}


def test_the_json_schema_describes_cases_and_like() -> None:
    schema = rulebook_json_schema()
    assert schema["properties"]["cases"]["additionalProperties"] == {"$ref": "#/$defs/Case"}
    rule = schema["$defs"]["Rule"]
    assert "case" in rule["properties"]
    assert set(rule["required"]) == {"id", "cite", "outcome"}
    assert "like" in schema["$defs"]["Example"]["properties"]
    assert "examples" in schema["$defs"]["Case"]["properties"]


def _cases_named() -> dict[str, set[str]]:
    named: dict[str, set[str]] = {}
    for name in shipped_rulebooks():
        path = Path(load_rulebook(name).files[0])
        file = loader._read(path).file
        for rule in file.rules:
            if rule.case is not None:
                named.setdefault(rule.case, set()).add(name)
    return named


def test_every_shipped_case_is_written_for_several_rulebooks() -> None:
    cases = load_rulebook("rrop").cases
    named = _cases_named()
    assert set(named) <= set(cases)
    for case in cases:
        assert len(named.get(case, ())) >= 2, f"{case}: named by {sorted(named.get(case, ()))}"


def test_the_premature_turn_is_recognised_once_and_ruled_three_ways() -> None:
    rules = {name: load_rulebook(name).rule("holdem.premature-turn").rule for name in
             ("rrop", "tda-2024", "wsop-2024")}  # fmt: skip
    assert rules["rrop"].when is not None
    assert rules["rrop"].when == rules["tda-2024"].when == rules["wsop-2024"].when
    assert len({citation(rule) for rule in rules.values()}) == 3
    assert rules["rrop"].steps[0].do == "set-aside"
    assert rules["tda-2024"].steps[1].do == "return-to-stub"
