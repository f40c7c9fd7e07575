"""``floorman rules``: list, show, facts, diff and validate, as a floor manager sees them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from floorman.cli import app

HOUSE = Path(__file__).parent.parent / "rulebook" / "house"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_list_names_each_rule_with_outcome_and_citation() -> None:
    status, out, _ = run("rules", "list", "--rulebook", "tda-2024")
    assert status == 0
    assert out.startswith("Poker TDA Rules 2024 (tda-2024): ")
    line = next(x for x in out.splitlines() if x.startswith("tda-2024.holdem.premature-turn "))
    assert "CONTINUE" in line
    assert "(TDA 2024 RP-5-B; Rules 38, 39-C and 39-D)" in line


def test_show_prints_when_steps_and_examples() -> None:
    status, out, _ = run("rules", "show", "premature-turn")
    assert status == 0
    assert out.splitlines()[0] == (
        "rrop.holdem.premature-turn: The turn card is dealt before the betting round is complete"
    )
    assert "betting_complete eq false" in out  # as the rulebook writes it, not Python's False
    assert "(when option.redeal_burn eq true)" in out
    assert "1. [set-aside] Take the {{ card }} out of play" in out
    assert "example — The whole procedure followed." in out


def test_show_an_unknown_rule_is_one_line_exit_2() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "rules", "show", "no.such.rule"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == "floorman: rrop has no rule 'no.such.rule'\n"


def test_facts_lists_facts_variables_and_primitives() -> None:
    status, out, _ = run("rules", "facts")
    assert status == 0
    assert "  card.deal_position (number): Deal position of the hole card" in out
    assert "  card.duplicate (true or false): " in out
    assert "  exposed_by (dealer | player):" in out
    assert "Step text variables" in out
    assert "  use-as-burn: " in out


def test_diff_shows_where_two_rulebooks_part() -> None:
    status, out, _ = run("rules", "diff", "rrop", "tda-2024")
    assert status == 0
    lines = out.splitlines()
    assert "option misdeal_on_exposed_deal_positions: rrop 1, tda-2024 1, 2" in lines
    assert "option conditional_statement_binds: rrop no, tda-2024 yes" in lines
    assert "option limit_raise_cap: rrop 3, tda-2024 none" in lines
    assert "option boxed_card: rrop (not defined), tda-2024 replace" in lines
    for literal in ("True", "False", "None", "'-'", "[1]"):
        assert literal not in out, literal
    assert any(line.startswith("holdem.premature-turn: steps rrop set-aside") for line in lines)
    assert "only in tda-2024: holdem.extra-card (A player is dealt the wrong number of cards)" in (
        lines
    )
    status, out, _ = run("rules", "diff", "rrop", "rrop")
    assert out == "rrop and rrop rule alike\n"


def test_validate_a_house_profile_runs_its_examples() -> None:
    status, out, _ = run("rules", "validate", str(HOUSE / "ciaffone-burn.yaml"))
    assert status == 0
    assert out == "ciaffone-burn: ok; 0 rules, 3 worked examples\n"


def test_validate_reports_a_failing_example_exit_1(tmp_path: Path) -> None:
    house = tmp_path / "room.yaml"
    house.write_text(
        "rulebook: room\ntitle: Room\nextends: rrop\nexamples:\n"
        "  - rule: holdem.exposed-holecard.first\n"
        "    hand: {events: [expose 2:1 Kd]}\n"
        "    outcome: misdeal\n",
        encoding="utf-8",
    )
    status, out, _ = run("rules", "validate", str(house))
    assert status == 1
    assert "room example 1 (holdem.exposed-holecard.first): event 1: expected rule" in out
    assert out.splitlines()[-1] == "room: 2 failing; 0 rules, 1 worked examples"


def test_validate_a_broken_file_is_one_line_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        "rulebook: broken\ntitle: B\nextends: rrop\nrules:\n  - id: x\n    title: X\n"
        "    cite: C\n    on: flop\n    when: {fact: card.colour, eq: red}\n"
        "    outcome: continue\n    steps: [{do: explain, text: x}]\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "rules", "validate", str(broken)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == (
        f"floorman: {broken}:9: rules[0].when: unknown fact 'card.colour'"
        " (see `floorman rules facts`)\n"
    )


def test_schema_rulebook_is_registered() -> None:
    status, out, _ = run("schema", "rulebook")
    assert status == 0
    assert json.loads(out)["title"] == "floorman rulebook"
