"""``floorman compare``: two rulebooks side by side, on the terminal and on paper."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pdftext import overflowing, pages_of, text_of
from typer.testing import CliRunner

from floorman.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def compare(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["compare", *args], env={"COLUMNS": "100"})
    return result.exit_code, result.stdout, result.stderr


def blocks(out: str) -> list[str]:
    """The situations of the table, one block each, without the header and the summary."""
    body = out.split("\n", 2)[2].split("\n\n")
    return [block for block in body if block.strip() and "situations," not in block]


class TestTerminal:
    def test_a_table_with_a_column_per_rulebook(self) -> None:
        code, out, err = compare("rrop", "tda-2024")
        assert code == 0, err
        lines = out.splitlines()
        assert lines[0].split() == ["Situation", "rrop", "tda-2024"]
        assert set(lines[1]) == {"-", " "}
        assert all(len(line) <= 100 for line in lines)

    def test_the_second_card_differs(self) -> None:
        out = compare("rrop", "tda-2024")[1]
        second = next(b for b in blocks(out) if "second card off the" in b)
        assert second.startswith("* The dealer exposes the")
        assert "CONTINUE" in second
        assert "MISDEAL" in second
        assert "RRoP §5 rule 1" in second
        assert "TDA 2024 Rule 35-A-7" in second
        assert "continue deal > replace card > use" in second
        assert "differs: outcome and" in second

    def test_alike_rows_are_unmarked(self) -> None:
        out = compare("rrop", "tda-2024")[1]
        first = next(b for b in blocks(out) if "first card off the deck" in b)
        assert first.startswith("The dealer exposes the")
        assert "differs" not in first

    def test_summary_options_and_rules_no_situation_reaches(self) -> None:
        out = compare("rrop", "tda-2024")[1]
        assert "situations," in out
        assert "ruled differently (marked *)." in out
        assert "Options whose defaults differ:" in out
        assert "Playing the board needs the cards tabled: rrop no; tda-2024 yes" in out
        assert "Rules of tda-2024 no situation reaches:" in out

    def test_only_the_differences(self) -> None:
        everything = compare("rrop", "tda-2024")[1]
        differences = compare("rrop", "tda-2024", "--differences")[1]
        assert "first card off the deck" in everything
        assert "first card off the deck" not in differences
        differing = blocks(differences)
        assert differing
        assert all(b.startswith("* ") for b in differing)
        assert len(differing) == sum(1 for b in blocks(everything) if b.startswith("* "))

    def test_a_rulebook_compared_with_itself(self) -> None:
        code, out, _ = compare("rrop", "rrop")
        assert code == 0
        assert "* " not in out
        assert "ruled differently." in out
        assert "Options whose defaults differ" not in out


class TestKinds:
    """A WSOP table is ruled by the Live Action rules at a cash game and the Tournament
    rules at a tournament (WSOP LA 164 and T 88-c-3-i on a flop dealt without a burn;
    LA 51 and T 76 on a wrong push found after the next hand began)."""

    @pytest.mark.parametrize(
        ("args", "kind", "rulings"),
        [
            (
                (),
                "cash",
                {
                    "flop-without-burn": ("wsop-2024.holdem.flop.no-burn.cash", "WSOP LA 164"),
                    "hand-misread-after-shuffle": (
                        "wsop-2024.showdown.dispute.house-error",
                        "WSOP LA 51 (house option)",
                    ),
                },
            ),
            (
                ("--kind", "tournament"),
                "tournament",
                {
                    "flop-without-burn": ("wsop-2024.holdem.flop.no-burn", "WSOP T 88-c-3-i"),
                    "hand-misread-after-shuffle": (
                        "wsop-2024.showdown.dispute.too-late",
                        "WSOP T 76",
                    ),
                },
            ),
        ],
    )
    def test_each_kind_is_ruled_by_its_text_and_says_so(
        self, args: tuple[str, ...], kind: str, rulings: dict[str, tuple[str, str]]
    ) -> None:
        code, out, err = compare("rrop", "wsop-2024", *args, "--json")
        assert code == 0, err
        data = json.loads(out)
        assert data["kind"] == kind
        found = {s["situation"]: s["rulings"]["wsop-2024"] for s in data["situations"]}
        for situation, (rule, cite) in rulings.items():
            assert (found[situation]["rule"], found[situation]["cite"]) == (rule, cite)
        words = "at a cash game" if kind == "cash" else "at a tournament table"
        table = compare("rrop", "wsop-2024", *args)[1]
        assert f"Ruled {words}: where a rulebook has a text for each kind, that one's." in table
        flop = next(b for b in blocks(table) if b.lstrip("* ").startswith("The flop is turned"))
        assert rulings["flop-without-burn"][1] in flop

    def test_the_tournament_text_sets_the_options(self) -> None:
        cash = json.loads(compare("rrop", "wsop-2024", "--json")[1])["options"]
        tournament = json.loads(compare("rrop", "wsop-2024", "--kind", "tournament", "--json")[1])
        assert cash["sitting_out"]["wsop-2024"] == "missed-blinds"  # WSOP LA 156
        assert tournament["options"]["sitting_out"]["wsop-2024"] == "dealt-in"  # WSOP T 36, 82

    def test_a_kind_that_is_neither_is_one_line(self) -> None:
        code, _, err = compare("rrop", "wsop-2024", "--kind", "home")
        assert (code, err) == (2, "floorman: --kind: cash or tournament, not 'home'\n")

    @pytest.mark.usefixtures("poppler")
    def test_the_printed_comparison_says_its_kind(self, tmp_path: Path) -> None:
        path = tmp_path / "tournament.pdf"
        code, _, err = compare("rrop", "wsop-2024", "--kind", "tournament", "-o", str(path))
        assert code == 0, err
        text = text_of(path, layout=False)
        assert "at a tournament table" in text
        assert "WSOP T 88-c-3-i" in text


@pytest.mark.usefixtures("poppler")
class TestPdf:
    def test_says_what_differs_and_where_each_rulebook_says_so(self, tmp_path: Path) -> None:
        path = tmp_path / "diff.pdf"
        code, _, err = compare("rrop", "tda-2024", "-o", str(path), "--paper", "a4")
        assert code == 0, err
        text = text_of(path, layout=False)
        for expected in (
            "Rulebook comparison",
            "Robert Ciaffone, Robert's Rules of Poker, version 11.",
            "Poker Tournament Directors Association, 2024 Rules and Recommended Procedures.",
            "The dealer exposes the second card off the deck Hold'em DIFFERS",
            "DIFFERS: OUTCOME AND PROCEDURE",
            "RRoP §5 rule 1",
            "TDA 2024 Rule 35-A-7",
            "PLAY CONTINUES",
            "Options and their defaults",
            "Rules no situation reaches",
        ):
            assert expected in text, expected

    def test_only_the_differences_on_paper(self, tmp_path: Path) -> None:
        every, only = tmp_path / "every.pdf", tmp_path / "only.pdf"
        code, _, err = compare("rrop", "tda-2024", "-o", str(every))
        assert code == 0, err
        code, out, err = compare("rrop", "tda-2024", "--differences", "-o", str(only))
        assert code == 0, err
        assert out == f"wrote {only} ({pages_of(only)} pages, letter)\n"
        assert pages_of(only) * 2 < pages_of(every)
        text = text_of(only, layout=False)
        assert "Situations ruled differently: 28 of 108" in text
        assert "the 80 ruled alike are left out" in text
        assert "The dealer exposes the second card off the deck" in text
        assert "The dealer exposes the first card off the deck" in text_of(every, layout=False)
        assert "The dealer exposes the first card off the deck" not in text
        assert "Options whose defaults differ" in text
        assert text.count("DIFFERS:") == 28

    @pytest.mark.slow
    def test_three_rulebooks(self, tmp_path: Path) -> None:
        path = tmp_path / "three.pdf"
        code, _, err = compare("rrop", "tda-2024", "wsop-2024", "-o", str(path))
        assert code == 0, err
        text = text_of(path)
        assert (
            "Situation Robert's Rules of Poker Poker TDA Rules 2024 World Series of Poker 2024"
            in text
        )
        assert overflowing(path) == []


class TestErrors:
    def test_one_rulebook_is_not_a_comparison(self) -> None:
        code, _, err = compare("rrop")
        assert code == 2
        assert err.startswith("floorman: name at least two rulebooks to compare")
        assert err.count("\n") == 1

    def test_unknown_rulebook(self) -> None:
        code, _, err = compare("rrop", "nosuch")
        assert code == 2
        assert err.startswith("floorman: no rulebook named 'nosuch'")
        assert err.count("\n") == 1


def test_real_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "compare", "rrop", "tda-2024", "--differences"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "120"},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Situation")
    assert "\x1b[" not in result.stdout  # no colour codes when piped
