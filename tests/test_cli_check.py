"""``floorman check`` and ``floorman schema`` end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cliprobe import loaded_modules
from terminal import on_terminal
from typer.testing import CliRunner

from floorman import replay
from floorman.cli import app
from floorman.interchange.handfile import load_hand

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
runner = CliRunner()


def test_check_prints_the_table_and_exits_0() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLES / "premature-turn.yaml")])
    assert result.exit_code == 0
    out = result.stdout
    assert "hold'em no-limit 1/2, button seat 6" in out
    # The 7♦ came before the flop betting was complete: RRoP takes it out of play, so
    # the flop round ends with no turn on the board and the dealer burns and turns.
    assert "street: flop; board: A♥ K♦ 7♣" in out
    assert "premature board card 7♦ (event 12) taken out of play" in out
    assert "betting complete; dealer: burn a card and deal the turn (7♦ set aside)" in out
    assert "to act" not in out


def test_check_json_is_the_contract_object() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "check", str(EXAMPLES / "normal-hand.yaml"), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"rulings", "violations", "pots", "awards", "stacks"}
    assert data["violations"] == []
    assert isinstance(data["rulings"], list)
    assert isinstance(data["pots"], list)
    assert all(isinstance(seat, str) for seat in data["stacks"])
    assert all(isinstance(chips, int) for chips in data["stacks"].values())
    assert data["awards"] == {"3": 103}
    assert sum(data["stacks"].values()) == 600


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("button: 6\nseats: {1: 9, 6: 9}\nevents:\n  - deal\n  - flop Ah Zx Kd\n",
         'line 5: event 2 "flop Ah Zx Kd": "Zx" is not a card'),
        ("button: 6\nseats: {1: 9, 6: 9}\nevents:\n  - deal\n  - 1 raise 99\n",
         'line 5: event 2 "1 raise 99": seat 1 has only 9 (7 behind, 2 in front)'),
        ("button: 6\nseats: {1: 9, 6: 9}\nevents: [deal\n", "line 4: not YAML"),
        ("button: 6\nseats: {1: 9}\n", "seats: a hand needs at least two occupied seats"),
        ("button: 3\nseats: {1: 9, 2: 9, 3: 9}\nevents:\n  - expose 9:1\n",
         'line 4: event 1 "expose 9:1": seat 9 is not at the table (seats 1, 2, 3)'),
        ("button: 3\nseats: {1: 9, 2: 9, 3: 9}\nevents:\n  - ² call\n",
         'line 4: event 1 "² call": "²" is not a seat number'),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(text)
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    separator = " " if message.startswith("line") else ": "
    assert result.stderr.startswith(f"floorman: {path}{separator}{message}")
    assert result.stderr.count("\n") == 1


def test_a_missing_file_through_the_real_cli() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "check", "no-such-hand.yaml"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == "floorman: no-such-hand.yaml: no such file\n"
    assert "Traceback" not in result.stderr


def test_check_prints_each_ruling_with_numbered_steps_and_its_citation() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLES / "premature-turn.yaml")])
    lines = result.stdout.splitlines()
    start = lines.index(
        "event 12: CONTINUE  The turn card is dealt before the betting round is complete"
    )
    assert lines[start + 1 : start + 4] == [
        "  1. Take the 7♦ out of play for this round, even if players who have not acted fold;"
        " nobody may accept or reject it.",
        "  2. Complete the betting on the flop.",
        "  3. Burn a card and turn what would have been the river in the turn's place.",
    ]
    assert lines[start + 7] == (
        "  RRoP §5 rules 6 and 8; §3 Irregularities 15  [rrop.holdem.premature-turn]"
    )
    assert "\x1b[" not in result.stdout


def test_check_says_who_takes_each_pot_and_why_an_odd_chip_goes_where(tmp_path: Path) -> None:
    path = tmp_path / "split.yaml"
    path.write_text(
        "button: 3\nseats: {1: 100, 2: 100, 3: 101}\nevents: [deal, 3 call, 1 fold, 2 check,"
        " burn, flop Ah Kh Qh, 2 check, 3 check, burn, turn Jh, 2 check, 3 check, burn,"
        " river Th, 2 check, 3 check, show 2 4c 5d, show 3 6c 7d]\n",
        encoding="utf-8",
    )
    out = runner.invoke(app, ["check", str(path)]).stdout.splitlines()
    assert out[-2:] == [
        "pot 5: seat 2 takes 3, seat 3 takes 2; odd chip 1 to seat 2, first of the tied hands"
        " clockwise from the button (seat 3)",
        "  seats 2 and 3: royal flush",
    ]


def test_the_outcome_is_coloured_on_a_terminal() -> None:
    text = on_terminal("check", str(EXAMPLES / "premature-turn.yaml"))
    assert "event 12: \x1b[34m\x1b[1mCONTINUE\x1b[0m  \x1b[1mThe turn card" in text


LIMIT = """\
game: holdem
betting: limit
blinds: [1, 2]
button: 4
seats: {{1: 100, 2: 100, 3: 100, 4: 100}}
rulebook: {book}
{extra}
events: [deal, {events}]
"""
FOUR_RAISES = "3 raise 4, 4 raise 6, 1 raise 8, 2 raise 10"
HEADS_UP = "3 raise 4, 4 fold, 1 fold, 2 raise 6, 3 raise 8, 2 raise 10, 3 raise 12"


def check_limit(tmp_path: Path, events: str, book: str = "rrop", extra: str = "") -> str:
    path = tmp_path / "limit.yaml"
    path.write_text(LIMIT.format(book=book, extra=extra, events=events), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    return result.stderr.strip() if result.exit_code else result.stdout


@pytest.mark.parametrize(
    ("book", "extra", "refused"),
    [
        ("rrop", "", "a bet and 3 raises"),  # RRoP §3 Betting and Raising 3
        ("rrop", "house: {limit_raise_cap: 4}", None),
        ("rrop", "limit_raise_cap: 4", None),
        ("wsop-2024", "", None),  # WSOP T 100-b: a bet and four raises
        ("wsop-2024", "limit_raise_cap: 3", "a bet and 3 raises"),  # the hand's own cap wins
        ("tda-2024", "", None),  # TDA Rule 48: the house limit, none by default
    ],
)
def test_the_limit_raise_cap_is_the_rulebook_option(
    tmp_path: Path, book: str, extra: str, refused: str | None
) -> None:
    out = check_limit(tmp_path, FOUR_RAISES, book, extra)
    if refused is None:
        assert "seat 3 to act (96 behind): fold, call 6" in out
    else:
        assert out.endswith(f'event 5 "2 raise 10": the betting is capped at {refused}')


def test_raising_heads_up_is_unlimited_in_robert_s_rules_but_not_at_the_wsop(
    tmp_path: Path,
) -> None:
    """RRoP §3 Betting and Raising 4 lifts the cap heads-up; WSOP T 100-b does not."""
    assert "seat 2 to act (90 behind): fold, call 2, raise 14" in check_limit(tmp_path, HEADS_UP)
    assert check_limit(tmp_path, HEADS_UP, "wsop-2024").endswith(
        'event 8 "3 raise 12": the betting is capped at a bet and 4 raises'
    )
    assert check_limit(
        tmp_path, HEADS_UP, "rrop", "house: {limit_heads_up_uncapped: false}"
    ).endswith('event 7 "2 raise 10": the betting is capped at a bet and 3 raises')


def test_a_violation_makes_the_exit_status_1(monkeypatch: pytest.MonkeyPatch) -> None:
    real = replay.check_hand

    def with_violation(hand: replay.Hand, **options: str | None) -> replay.CheckResult:
        result = real(hand, **options)
        result.violations.append({"event": 9, "rule": "x.y", "message": "a burn was skipped"})
        return result

    monkeypatch.setattr(replay, "check_hand", with_violation)
    path = EXAMPLES / "normal-hand.yaml"
    assert load_hand(path)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "violation at event 9: a burn was skipped" in result.stdout
    assert runner.invoke(app, ["check", str(path), "--json"]).exit_code == 1


def test_check_imports_neither_the_store_nor_the_renderer() -> None:
    modules = loaded_modules("check", str(EXAMPLES / "normal-hand.yaml"), "--json")
    assert "floorman.hand.state" in modules
    assert "sqlite3" not in modules
    assert "weasyprint" not in modules
    assert "floorman.store.hands" not in modules


def test_schema_hand_prints_the_json_schema() -> None:
    result = runner.invoke(app, ["schema", "hand"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["title"] == "floorman hand file"
    assert "events" in schema["properties"]


def test_schema_of_an_unknown_format() -> None:
    result = runner.invoke(app, ["schema", "nothing"])
    assert result.exit_code == 2
    assert result.stderr.startswith('floorman: no schema named "nothing" (known: ')


@pytest.mark.parametrize("named_twice", ["cards 1 Ah Ah", "show 1 Ah Ah", "flop Ah Ah Kd"])
def test_a_card_named_twice_in_one_event_is_ruled_a_duplicate(
    tmp_path: Path, named_twice: str
) -> None:
    path = tmp_path / "hand.yaml"
    events = ["deal", "3 call", "1 call", "2 check", "burn", named_twice]
    path.write_text(f"button: 3\nseats: {{1: 50, 2: 50, 3: 50}}\nevents: {events}\n")
    result = runner.invoke(app, ["check", str(path), "--json"])
    rulings = json.loads(result.stdout)["rulings"]
    assert [(r["event"], r["rule"], r["outcome"]) for r in rulings] == [
        (6, "rrop.duplicate-card", "void")
    ]
    assert "A second A♥ is found" in rulings[0]["steps"][0]["text"]
