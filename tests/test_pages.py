"""Every kind of printed document, read back page by page as the person holding it would.

Each document is printed through the real command line, then its pages are
measured: how many there are, how far down each one the printing reaches
(no page but the last of a part may be more than half blank), where the
ruling of a report sits, whether every font is embedded and whether any word
runs into the margins.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdftext import filled, fonts, info, overflowing, page_words
from typer.testing import CliRunner

from floorman.cli import app

pytestmark = pytest.mark.usefixtures("poppler")

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "rulebook" / "house"
runner = CliRunner()

LETTER_LANDSCAPE = "792 x 612 pts (letter)"
A4_LANDSCAPE = "841.89 x 595.276 pts (A4)"


def printed(tmp_path: Path, *args: str) -> Path:
    path = tmp_path / "document.pdf"
    result = runner.invoke(app, [*args, "-o", str(path)])
    assert result.exit_code == 0, result.stderr
    return path


def half_blank(pdf: Path, *, part_ends: tuple[int, ...] = ()) -> list[int]:
    """Pages (from 1) less than half filled that do not end the document or a part of it."""
    fractions = filled(pdf)
    ends = {len(fractions), *part_ends}
    return [page for page, share in enumerate(fractions, 1) if share < 0.5 and page not in ends]


def unembedded(pdf: Path) -> list[str]:
    return [line for line in fonts(pdf) if line.split()[-5] != "yes"]


def check_pages(pdf: Path, *, margin_mm: float = 15, part_ends: tuple[int, ...] = ()) -> None:
    assert half_blank(pdf, part_ends=part_ends) == []
    assert unembedded(pdf) == []
    assert fonts(pdf)
    assert overflowing(pdf, margin_pt=margin_mm * 72 / 25.4) == []


class TestQuickReferenceCard:
    @pytest.mark.parametrize("game", ["holdem", "omaha", "omaha-hilo"])
    @pytest.mark.parametrize(
        ("paper", "size"), [("letter", LETTER_LANDSCAPE), ("a4", A4_LANDSCAPE)]
    )
    def test_every_game_fits_one_landscape_page(
        self, tmp_path: Path, game: str, paper: str, size: str
    ) -> None:
        pdf = printed(tmp_path, "card", "--game", game, "--paper", paper)
        assert info(pdf)["Pages"] == "1"
        assert info(pdf)["Page size"] == size
        check_pages(pdf, margin_mm=10)
        (words,) = page_words(pdf)
        assert "irregularities at a glance" in words
        assert "MISDEAL" in words
        assert "PLAY CONTINUES" in words
        assert "BETTING CALLS" in words
        assert "more situations on the rule sheet" not in words

    @pytest.mark.parametrize(
        ("rulebook", "game", "paper"),
        [
            ("tda-2024", "omaha-hilo", "letter"),
            (str(HOUSE / "first-or-second.yaml"), "holdem", "a4"),
        ],
    )
    def test_other_rulebooks_and_houses_fit_too(
        self, tmp_path: Path, rulebook: str, game: str, paper: str
    ) -> None:
        pdf = printed(tmp_path, "card", "--rulebook", rulebook, "--game", game, "--paper", paper)
        assert info(pdf)["Pages"] == "1"
        check_pages(pdf, margin_mm=10)

    @pytest.mark.parametrize(
        "game",
        ["stud", "stud-hilo", "razz", "triple-draw-27", "single-draw-27", "lowball-a5", "badugi"],
    )
    @pytest.mark.parametrize("rulebook", ["rrop", "tda-2024", "wsop-2024"])
    @pytest.mark.parametrize(
        ("paper", "size"), [("letter", LETTER_LANDSCAPE), ("a4", A4_LANDSCAPE)]
    )
    def test_every_stud_and_draw_game_fits_one_landscape_page(
        self, tmp_path: Path, game: str, rulebook: str, paper: str, size: str
    ) -> None:
        pdf = printed(tmp_path, "card", "--rulebook", rulebook, "--game", game, "--paper", paper)
        assert info(pdf)["Pages"] == "1"
        assert info(pdf)["Page size"] == size
        assert unembedded(pdf) == []
        assert overflowing(pdf, margin_pt=10 * 72 / 25.4) == []
        (words,) = page_words(pdf)
        assert "irregularities at a glance" in words
        assert "THE GAME AT A GLANCE" in words
        assert "more situations on the rule sheet" not in words


class TestRuleSheet:
    @pytest.mark.parametrize(
        "args",
        [
            ("--game", "omaha-hilo", "--paper", "a4"),
            ("--rulebook", "tda-2024", "--game", "omaha"),
            ("--house", str(HOUSE / "first-or-second.yaml")),
            ("--game", "stud-hilo", "--paper", "a4"),
            ("--rulebook", "wsop-2024", "--game", "stud"),
        ],
        ids=["rrop-hilo-a4", "tda-omaha", "house", "rrop-stud-hilo-a4", "wsop-stud"],
    )
    def test_no_page_is_mostly_blank_and_the_rankings_stay_whole(
        self, tmp_path: Path, args: tuple[str, ...]
    ) -> None:
        pdf = printed(tmp_path, "sheet", *args)
        check_pages(pdf)
        pages = page_words(pdf)
        ranked = [n for n, words in enumerate(pages) if "Royal flush" in words]
        assert len(ranked) == 1
        assert "High card" in pages[ranked[0]]

    def test_the_booklet_flows_from_game_to_game(self, tmp_path: Path) -> None:
        pdf = printed(tmp_path, "sheet", "--all", "--paper", "a4")
        check_pages(pdf)

    @pytest.mark.parametrize(
        ("rulebook", "game"),
        [("rrop", "razz"), ("tda-2024", "triple-draw-27"), ("wsop-2024", "badugi")],
    )
    def test_a_low_game_keeps_its_rankings_whole(
        self, tmp_path: Path, rulebook: str, game: str
    ) -> None:
        pdf = printed(tmp_path, "sheet", "--rulebook", rulebook, "--game", game)
        check_pages(pdf)
        pages = page_words(pdf)
        ranked = [n for n, words in enumerate(pages) if "Hand rankings:" in words]
        assert len(ranked) == 1
        assert "One pair" in pages[ranked[0]] or "Two-card hand" in pages[ranked[0]]


REPORT_MARGIN_MM = 12
"""The report's narrowest margin (its top): its margins are narrower than other documents'
so that a simple incident fits one page."""


class TestIncidentReport:
    def test_a_simple_incident_is_one_page_with_the_ruling_on_it(self, tmp_path: Path) -> None:
        pdf = printed(tmp_path, "report", str(ROOT / "examples" / "premature-turn.yaml"))
        assert info(pdf)["Pages"] == "1"
        check_pages(pdf, margin_mm=REPORT_MARGIN_MM)
        (words,) = page_words(pdf)
        ruling = words.index("Ruling")
        assert words.index("Take the 7♦ out of play") > ruling
        assert ruling < words.index("The chips") < words.index("Timeline")
        assert words.index("Timeline") < words.index("Dealer: name and signature")

    def test_a_long_hand_from_the_store_keeps_the_ruling_on_page_one(self, tmp_path: Path) -> None:
        db = str(tmp_path / "floorman.db")
        for args in (
            ["new", "-t", "7", "--button", "6", "--seats", "1=100,2=100,3=100,4=100,5=100,6=100"],
            ["add", "-t", "7", "deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check",
             "burn", "flop Ah Kd 7c", "1 check", "2 bet 6", "turn 7d", "3 call", "4 fold",
             "1 call", "burn", "turn 9s"],
            ["undo", "-t", "7"],
            ["add", "-t", "7", "turn Qs", "1 check", "2 check", "3 check", "reshuffle", "cut",
             "river Jh", "1 check", "2 check", "3 check", "show 1 Tc 2c", "show 2 Td 3d",
             "show 3 Th 4s"],
        ):  # fmt: skip
            result = runner.invoke(app, [*args, "--db", db])
            assert result.exit_code == 0, result.stderr
        pdf = printed(tmp_path, "report", "1", "--db", db)
        check_pages(pdf, margin_mm=REPORT_MARGIN_MM)
        first = page_words(pdf)[0]
        assert "Status Finished: at the showdown" in first
        assert "Take the 7♦ out of play" in first
        assert "Odd chip of 1 to seat 1" in " ".join(page_words(pdf))
        assert "(undone" in " ".join(page_words(pdf))


class TestSessionReport:
    def test_a_session_lists_its_hands_changes_and_rulings(self, tmp_path: Path) -> None:
        db = str(tmp_path / "floorman.db")
        for args in (
            ["new", "-t", "7", "--button", "6", "--seats", "1=100,2=100,3=100,4=100,5=100,6=100"],
            ["table", "sit", "-t", "7", "8", "200", "--name", "Ann", "--post", "--by", "Bo"],
            ["add", "-t", "7", "deal; fold; fold; fold; fold; fold"],
            ["next", "-t", "7"],
            ["table", "sitout", "-t", "7", "3"],
            ["add", "-t", "7", "deal; button 2"],
            ["next", "-t", "7"],
            ["add", "-t", "7", "deal; fold; fold; fold; fold; fold; fold"],
            ["table", "level", "-t", "7", "2/4", "--ante", "1"],
            ["next", "-t", "7"],
        ):
            result = runner.invoke(app, [*args, "--db", db])
            assert result.exit_code == 0, result.stderr
        pdf = printed(tmp_path, "table", "report", "-t", "7", "--db", db)
        check_pages(pdf)
        text = " ".join(page_words(pdf))
        assert "Session report" in text
        assert "Who sat where" in text
        assert "seat 8 (Ann) sits down with 200, posts to come in (by Bo)" in text
        assert "Ruling on event 3: Misdeal, The button is out of position for the deal" in text
        assert "new level: blinds 2/4, ante 1" in text
        assert "Floor person: name and signature" in text


class TestComparison:
    def test_the_header_fits_and_speaks_floor_language(self, tmp_path: Path) -> None:
        pdf = printed(tmp_path, "compare", "rrop", "tda-2024", "wsop-2024")
        check_pages(pdf)
        pages = page_words(pdf)
        text = " ".join(pages)
        header = pages[0][: pages[0].index("Each situation is put")]
        assert "Rulebook comparison" in header
        counted = re.search(r"(\d+) situations, (\d+) ruled differently", header)
        assert counted is not None
        situations, different = int(counted[1]), int(counted[2])
        assert situations >= 24
        assert 0 < different <= situations
        assert "_" not in text
        assert " true " not in text
        assert " false " not in text
        assert "Exposed hole cards that make a misdeal (deal positions) DIFFERS 1 1, 2 1, 2" in text


class TestDrill:
    def test_question_pages_then_the_key_none_mostly_blank(self, tmp_path: Path) -> None:
        pdf = printed(tmp_path, "drill", "--print", "--count", "20", "--seed", "3", "--paper", "a4")
        pages = page_words(pdf)
        key = next(n for n, words in enumerate(pages, 1) if "Answer key For the trainer" in words)
        check_pages(pdf, margin_mm=12, part_ends=(key - 1,))  # the drill's own margins
        handout = " ".join(pages[: key - 1])
        assert "seed" not in handout
        assert "Dealer drill, quiz no. 3" in handout
