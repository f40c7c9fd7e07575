"""``floorman card``: the quick-reference card for the dealer's station, read back from the PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdftext import info, page_words
from typer.testing import CliRunner

from floorman.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def card(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["card", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def holdem(poppler: None, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp("card") / "holdem.pdf"
    code, out, err = card("-o", str(path))
    assert code == 0, err
    return path, out


class TestHoldemCard:
    def test_each_irregularity_with_its_outcome_and_first_step(
        self, holdem: tuple[Path, str]
    ) -> None:
        (words,) = page_words(holdem[0])
        for expected in (
            "ROBERT'S RULES OF POKER",
            "Hold'em: irregularities at a glance",
            "What happened Ruling Do this first",
            "The dealer exposes the first card off the deck MISDEAL Misdeal: the first card off",
            "The flop comes out with four cards PLAY CONTINUES The flop must be redealt",
            "then 5 more steps · RRoP §5 rules 6 and 8; §3 Irregularities 15",
            "Anything not on this card, or any doubt: stop the action",
        ):
            assert expected in words, expected
        assert words.index("first card off the deck") < words.index("four cards")
        assert words.index("four cards") < words.index("At showdown")
        assert "Omaha" not in words
        assert "House options" not in words


@pytest.mark.usefixtures("poppler")
class TestHouseWords:
    def test_a_house_profile_rules_in_its_own_words(self, tmp_path: Path) -> None:
        path = tmp_path / "house.pdf"
        house = ROOT / "rulebook" / "house" / "first-or-second.yaml"
        code, _, err = card("--house", str(house), "--paper", "a4", "-o", str(path))
        assert code == 0, err
        assert info(path)["Page size"] == "841.89 x 595.276 pts (A4)"
        (words,) = page_words(path)
        assert "HOUSE RULES: THE FIRST OR SECOND HOLE CARD EXPOSED IS A MISDEAL" in words
        assert "second card off the deck MISDEAL Misdeal: the second card off the deck" in words
        assert (
            "House options: Exposed hole cards that make a misdeal (deal positions): 1, 2." in words
        )

    def test_omaha_has_its_own_showdown_and_no_playing_the_board(self, tmp_path: Path) -> None:
        path = tmp_path / "omaha.pdf"
        code, _, err = card("--game", "omaha", "--rulebook", "tda-2024", "-o", str(path))
        assert code == 0, err
        (words,) = page_words(path)
        assert "Omaha: irregularities at a glance" in words
        assert "An Omaha player tables only some hole cards" in words
        assert "throws away a hand that plays the board" not in words

    def test_steps_that_run_long_still_make_one_page(self, tmp_path: Path) -> None:
        sentence = "Stop the game, count every chip in front of every player and call the floor. "
        house = tmp_path / "wordy.yaml"
        house.write_text(
            "rulebook: wordy\ntitle: The Wordy Room\nextends: rrop\nrules:\n"
            "  - id: holdem.everything\n"
            "    title: Anything at all\n"
            "    cite: House rule 1\n"
            "    on: [expose, extra, flop, turn, river, misdeal, muck, plays-board, show]\n"
            "    outcome: void\n"
            "    priority: 1000\n"
            "    steps:\n"
            f"      - {{do: explain, text: '{sentence * 4}'}}\n"
            f"      - {{do: explain, text: '{sentence}'}}\n",
            encoding="utf-8",
        )
        path = tmp_path / "wordy.pdf"
        code, out, err = card("--house", str(house), "-o", str(path))
        assert code == 0, err
        assert out == f"wrote {path} (1 page, letter landscape)\n"
        assert info(path)["Pages"] == "1"
        (words,) = page_words(path)
        assert "HAND VOID" in words
        assert words.count("… (in full on the rule sheet)") >= 1
        assert "more irregularities on the rule sheet." in words


class TestHtml:
    def test_the_page_is_landscape_and_named_for_its_game(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.chdir(tmp_path)
        code, out, _ = card("--game", "omaha-hilo", "--html")
        assert code == 0
        assert out == "wrote omaha-hilo-card.html\n"
        assert "size: letter landscape" in (tmp_path / "omaha-hilo-card.html").read_text("utf-8")


class TestErrors:
    def test_unknown_game(self, tmp_path: Path) -> None:
        code, _, err = card("-g", "stud", "-o", str(tmp_path / "x.pdf"))
        assert code == 2
        assert err == 'floorman: --game "stud": rrop has no such game (holdem, omaha, omaha-hilo)\n'
        assert not (tmp_path / "x.pdf").exists()

    def test_unknown_rulebook(self) -> None:
        code, _, err = card("--rulebook", "nosuch")
        assert code == 2
        assert err.startswith("floorman: no rulebook named 'nosuch'")
        assert err.count("\n") == 1
