"""``floorman card``: the quick-reference card for the dealer's station, read back from the PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdftext import info, page_words, text_of, word_heights
from typer.testing import CliRunner

from floorman.cli import app
from floorman.documents.quickcard import BODY_PT

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


STUD_AND_DRAW_CARDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("rrop", "stud"): (
        "Seven-Card Stud: irregularities at a glance",
        "DEALING ERRORS",
        "A first or second downcard is dealt face up PLAY CONTINUES 1 The card stays face up",
        "RRoP Seven-Card Stud rule 5",
        "The wrong player is named low PLAY CONTINUES",
        "RRoP Seven-Card Stud rule 9",
        "Too few cards for seventh street, a common card",
        "THE GAME AT A GLANCE",
        "The bring-in. The lowest upcard brings it in",
        "Completing the bring-in. Raising the bring-in to the small bet completes it",
    ),
    ("tda-2024", "razz"): (
        "Razz (Seven-Card Stud Low): irregularities at a glance",
        "A downcard is exposed on the initial deal PLAY CONTINUES",
        "TDA 2024 RP-10-A",
        "TDA 2024 RP-5-D",
        "The bring-in. The highest upcard brings it in",
        "TDA 2024 RP-10-D",
    ),
    ("wsop-2024", "stud-hilo"): (
        "A premature card in stud PLAY CONTINUES",
        "WSOP LA 227",
        "WSOP LA 215 and 216; 240",
    ),
    ("rrop", "triple-draw-27"): (
        "2-7 Triple Draw: irregularities at a glance",
        "A card is exposed on the draw PLAY CONTINUES On the draw an exposed card cannot be taken",
        "RRoP Lowball rule 9",
        "The draws. Each player still in",
    ),
    ("wsop-2024", "badugi"): (
        "Badugi: irregularities at a glance",
        "gives no irregularity procedure of its own for this game",
        "WSOP LA 296",
    ),
}


@pytest.mark.usefixtures("poppler")
class TestStudAndDrawCards:
    @pytest.mark.parametrize(("book", "game"), list(STUD_AND_DRAW_CARDS))
    def test_one_page_of_the_game_s_errors_and_structure_cited(
        self, tmp_path: Path, book: str, game: str
    ) -> None:
        path = tmp_path / "card.pdf"
        code, out, err = card("--rulebook", book, "--game", game, "-o", str(path))
        assert code == 0, err
        assert out == f"wrote {path} (1 page, letter landscape)\n"
        assert info(path)["Pages"] == "1"
        words = text_of(path, raw=True)
        for expected in STUD_AND_DRAW_CARDS[book, game]:
            assert expected in words, expected
        assert "more situation" not in words
        assert "BETTING CALLS" not in words
        assert dict(word_heights(path)).get("Anything", 0) >= BODY_PT * 1.16

    def test_a_tournament_card_names_the_stud_misdeal(self, tmp_path: Path) -> None:
        path = tmp_path / "card.pdf"
        code, _, err = card("--game", "stud", "--kind", "tournament", "-o", str(path))
        assert code == 0, err
        words = text_of(path, raw=True)
        assert "A downcard is dealt face up (tournament) MISDEAL" in words
        cash = tmp_path / "cash.pdf"
        assert card("--game", "stud", "-o", str(cash))[0] == 0
        assert "(tournament) MISDEAL" not in text_of(cash, raw=True)


class TestHoldemCard:
    def test_each_irregularity_with_its_outcome_and_whole_procedure(
        self, holdem: tuple[Path, str]
    ) -> None:
        words = text_of(holdem[0], raw=True)
        for expected in (
            "ROBERT'S RULES OF POKER",
            "Hold'em: irregularities at a glance",
            "THE DEAL, THE BOARD AND THE SHOWDOWN",
            "The dealer exposes the first card off the deck MISDEAL Misdeal: the first card off",
            "The flop comes out with four cards PLAY CONTINUES 1 The flop must be redealt",
            "The turn card is turned before the flop betting is complete PLAY CONTINUES"
            " 1 Take the turn card out of play for this round",
            "2 Complete the betting on the flop. 3 Burn a card and turn what would have been"
            " the river in the turn's place. 4 After the turn's betting, reshuffle the deck",
            "5 Cut the deck. 6 Turn the river without burning a card."
            " RRoP §5 rules 6 and 8; §3 Irregularities 15",
            "Anything not on this card, or any doubt: stop the action",
        ):
            assert expected in words, expected
        assert "more steps" not in words
        assert "rule sheet" not in words
        assert words.index("first card off the deck") < words.index("four cards")
        assert words.index("four cards") < words.index("At showdown")
        assert "Omaha" not in words
        assert "House options" not in words

    def test_the_betting_calls_follow_with_their_citations(self, holdem: tuple[Path, str]) -> None:
        words = text_of(holdem[0], raw=True)
        calls = words[words.index("BETTING CALLS") :]
        for expected in (
            "A player calls out of turn, skipping the player whose turn it is PLAY CONTINUES"
            " Back up to the skipped player",
            "String raises are not allowed: only the player's first motion counts",
            "A single chip larger than the bet, without announcing a raise, is only a call",
            "a call of an improperly low amount is brought up to the bet."
            " RRoP §3 Betting and Raising 16; §14 No-Limit 6",
            'A player says "call" in turn PLAY CONTINUES A verbal statement in turn is binding',
        ):
            assert expected in calls, expected

    def test_set_in_a_size_read_at_arms_length(self, holdem: tuple[Path, str]) -> None:
        heights = dict(word_heights(holdem[0]))
        for word in ("exposes", "Reshuffle", "skipped", "Anything"):
            assert heights.get(word, 0) >= BODY_PT * 1.16, word


@pytest.mark.usefixtures("poppler")
class TestEveryRulebook:
    @pytest.mark.parametrize(
        ("rulebook", "game", "paper", "burn", "call"),
        [
            ("tda-2024", "holdem", "letter", "Leave the turn burn card as the burn.",
             "TDA 2024 Rules 40-B and 51-A"),
            ("tda-2024", "omaha-hilo", "a4", "Leave the river burn card as the burn.",
             "TDA 2024 Rules 44 and 46-C"),
            ("wsop-2024", "omaha", "letter", "Leave the flop burn card as the burn.",
             "WSOP LA 136"),
            ("rrop", "omaha-hilo", "a4", "5 Turn the river without burning a card.",
             "RRoP §3 Betting and Raising 10"),
        ],
    )  # fmt: skip
    def test_one_page_in_the_full_size_with_every_step(
        self, tmp_path: Path, rulebook: str, game: str, paper: str, burn: str, call: str
    ) -> None:
        path = tmp_path / "card.pdf"
        code, _, err = card("-r", rulebook, "-g", game, "--paper", paper, "-o", str(path))
        assert code == 0, err
        assert info(path)["Pages"] == "1"
        (words,) = page_words(path)
        assert burn in words
        assert "Reshuffle" in words
        assert call in words
        assert "then 4 more steps" not in words
        assert "rule sheet" not in words
        assert dict(word_heights(path))["Reshuffle"] >= BODY_PT * 1.16

    def test_premature_rows_in_full_under_tda(self, tmp_path: Path) -> None:
        path = tmp_path / "card.pdf"
        code, _, err = card("-r", "tda-2024", "-o", str(path))
        assert code == 0, err
        words = text_of(path, raw=True)
        assert (
            "The turn card is turned before the flop betting is complete PLAY CONTINUES"
            " 1 Leave the turn burn card as the burn. 2 Return the premature turn card to the"
            " deck stub. 3 Complete the betting on the flop. 4 Reshuffle the entire stub, face"
            " down and unexposed. 5 Re-deal the turn from the newly shuffled stub, without"
            " another burn. TDA 2024 RP-5-B; Rules 38, 39-C and 39-D"
        ) in words


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
        assert "more situations on the rule sheet." in words


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
        code, _, err = card("-g", "pineapple", "-o", str(tmp_path / "x.pdf"))
        assert code == 2
        assert err == (
            'floorman: --game "pineapple": rrop has no such game'
            " (holdem to badugi: --help lists them)\n"
        )
        assert not (tmp_path / "x.pdf").exists()

    def test_unknown_rulebook(self) -> None:
        code, _, err = card("--rulebook", "nosuch")
        assert code == 2
        assert err.startswith("floorman: no rulebook named 'nosuch'")
        assert err.count("\n") == 1
