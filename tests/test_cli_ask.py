"""``floorman ask``: the dealer's quick answer for a named situation, no hand recorded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.cli import app
from floorman.cli.ask import _situations

HOUSE = Path(__file__).parent.parent / "rulebook" / "house"


def ask(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["ask", *args])
    return result.exit_code, result.stdout


def test_premature_turn_under_robert_and_tda() -> None:
    status, out = ask("premature-turn")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == (
        "The turn card is turned before the flop betting is complete — Robert's Rules of Poker"
    )
    assert lines[1] == "CONTINUE  The turn card is dealt before the betting round is complete"
    assert lines[2].startswith("  1. Take the turn card out of play for this round")
    assert (
        lines[-1] == "  RRoP §5 rules 6 and 8; §3 Irregularities 15  [rrop.holdem.premature-turn]"
    )
    status, out = ask("premature-turn", "--rulebook", "tda-2024")
    assert "  4. Reshuffle the entire stub, face down and unexposed." in out.splitlines()
    assert "[tda-2024.holdem.premature-turn]" in out


def test_the_house_profile_changes_the_answer() -> None:
    _, out = ask("exposed-second-holecard")
    assert "CONTINUE  A holecard other than the first is exposed by the dealer" in out
    _, out = ask("exposed-second-holecard", "--house", str(HOUSE / "first-or-second.yaml"))
    assert "MISDEAL  The first or second holecard dealt is exposed" in out
    assert (
        "  House rule; RRoP §3 Misdeals 1(a)  [first-or-second.holdem.exposed-holecard.first]"
        in out
    )
    assert "  Note: This room's wording of §5 rule 1 makes the first or second holecard" in out
    _, out = ask("exposed-later-holecard", "--house", str(HOUSE / "first-or-second.yaml"))
    assert "CONTINUE  A holecard other than the first two is exposed by the dealer" in out


def test_a_silent_rulebook_says_so() -> None:
    _, out = ask("exposed-later-holecard", "-r", "tda-2024")
    assert "  1. The TDA rules are silent on one exposed downcard after the first two" in out
    assert "  Note: The TDA rules give no procedure" in out


def test_no_situation_lists_them_and_no_rule_says_so(tmp_path: Path) -> None:
    status, out = ask()
    assert status == 0
    assert out.splitlines()[0] == "Situations in Robert's Rules of Poker (rrop):"
    assert any(line.split()[0] == "four-card-flop" for line in out.splitlines()[1:])
    house = tmp_path / "house.yaml"
    house.write_text(
        "rulebook: notes\ntitle: A house that asks about notes\nextends: tda-2024\n"
        "situations:\n  a-note:\n    title: The dealer writes a note\n    on: note\n",
        encoding="utf-8",
    )
    _, out = ask("a-note", "-r", "tda-2024", "--house", str(house))
    assert out == "The dealer writes a note: no rule of notes applies.\n"


def floorman_ask(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "floorman", "ask", *args],
        capture_output=True, text=True, check=False,
    )  # fmt: skip


def test_a_question_in_words_answers_with_the_situation_it_is_about() -> None:
    result = floorman_ask("the", "turn", "came", "early", "-r", "tda-2024")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "The turn card is turned before the flop betting is complete — Poker TDA Rules 2024"
    )
    assert "[tda-2024.holdem.premature-turn]" in lines[-4]
    assert lines[-3] == "Also about this:"
    assert [line.split()[0] for line in lines[-2:]] == ["premature-flop", "premature-river"]
    quoted = floorman_ask("turn-too-early")
    assert quoted.returncode == 0
    assert "[rrop.holdem.premature-turn]" in quoted.stdout


def test_a_question_no_situation_is_about_says_so_exit_1() -> None:
    result = floorman_ask("tip the dealer")
    assert result.returncode == 1
    assert result.stdout.startswith(
        "No situation in Robert's Rules of Poker (rrop) is about “tip the dealer”."
    )
    assert "CONTINUE" not in result.stdout
    assert "Also" not in result.stdout
    assert result.stderr == ""


def test_a_question_in_words_as_json() -> None:
    import json

    found = json.loads(floorman_ask("dealer", "flashed", "the", "first", "card", "--json").stdout)
    assert found["query"] == "dealer flashed the first card"
    assert found["situations"][0]["situation"] == "exposed-first-holecard"
    assert found["situations"][0] == json.loads(
        floorman_ask("exposed-first-holecard", "--json").stdout
    )
    nothing = floorman_ask("who gets the odd chip", "--json")
    assert nothing.returncode == 1
    assert json.loads(nothing.stdout) == {
        "rulebook": "rrop", "query": "who gets the odd chip", "situations": []
    }  # fmt: skip


def test_situation_names_complete() -> None:
    assert _situations("premature-") == ["premature-flop", "premature-river", "premature-turn"]
    assert "four-card-flop" in _situations("")


OPTION_VARIANTS = {
    # Rules that apply only under a house option other than the rulebook's default:
    # asked with the default options, the situation gets the default's rule.
    "rrop.play-the-board.untabled",
    "rrop.betting.skipped-player",
    "tda-2024.holdem.exposed-holecard.later-kept",
    "wsop-2024.holdem.exposed-holecard.later-kept",
    "tda-2024.boxed-card.misdeal",
    "tda-2024.off-table.plays",
    "tda-2024.short.deck-void",
    # TDA is silent on running it twice: the house allows it or not (run_it_twice).
    "tda-2024.run.agreed",
    "tda-2024.run.too-many",
}


def test_every_rule_has_a_situation_to_ask() -> None:
    from floorman.rules.engine import match_situation
    from floorman.rules.loader import load_rulebook

    for name in ("rrop", "tda-2024", "wsop-2024"):
        book = load_rulebook(name)
        asked = set(book.games)  # the flop games: stud and draw rules are asked by hand file
        silent = {
            rule.id for rule in book.rules if not rule.rule.situations and set(rule.games) & asked
        }
        assert silent <= OPTION_VARIANTS, sorted(silent - OPTION_VARIANTS)
        for rule in book.rules:
            for situation in rule.rule.situations:
                ruling, _ = match_situation(book, situation)
                assert ruling is not None, (rule.id, situation)


def test_the_list_of_situations_is_one_line_each_in_a_pipe() -> None:
    result = CliRunner().invoke(app, ["ask", "-r", "tda-2024"], env={"COLUMNS": "80"})
    lines = result.stdout.splitlines()[1:]
    names = [line.split()[0] for line in lines]
    assert len(names) == len(set(names))
    assert {"hand-killed", "hand-retrieved", "wrong-award", "skipped-player"} <= set(names)
    assert any(len(line) > 80 for line in lines)  # nothing broken for a script


@pytest.mark.slow
def test_the_list_of_situations_wraps_long_titles_under_themselves_on_a_terminal() -> None:
    from terminal import on_terminal

    lines = on_terminal("ask", "-r", "tda-2024").splitlines()[1:]
    assert all(len(line) <= 80 for line in lines)
    start = next(i for i, line in enumerate(lines) if line.split()[0] == "away-at-deal")
    title = lines[start].index(lines[start].split()[1])
    assert lines[start + 1].startswith(" " * title)
    assert lines[start + 1].strip()


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("missed blinds", "  missed_blind_live: opening-bet — What part of the missed blinds"),
        ("new player", "  buy_the_button: not-allowed — A new player between the button"),
    ],
)
def test_a_question_about_the_table_between_hands_answers_with_the_options(
    query: str, first: str
) -> None:
    result = floorman_ask(query)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == (
        f"No situation of a hand in Robert's Rules of Poker (rrop) is about “{query}”:"
        " the rulebook decides it with its options."
    )
    assert lines[1].startswith(first)
    assert "burn" not in result.stdout
    assert "CONTINUE" not in result.stdout


def test_color_up_is_answered_plainly() -> None:
    result = floorman_ask("color up", "-r", "wsop-2024")
    assert result.returncode == 1
    assert result.stdout.startswith(
        "No situation in World Series of Poker 2024 Rules (wsop-2024) is about “color up”."
    )
    assert "foreign" not in result.stdout.lower()
    assert "different" not in result.stdout


def test_new_player_at_the_wsop_offers_no_dispute() -> None:
    result = floorman_ask("new", "player", "-r", "wsop-2024", "--json")
    assert result.returncode == 1
    assert json.loads(result.stdout)["situations"] == []
