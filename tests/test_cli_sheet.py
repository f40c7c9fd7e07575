"""``floorman sheet``: the printed rule sheet, read back from the PDF as a card room sees it."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from cliprobe import loaded_modules
from pdftext import info, overflowing, text_of
from typer.testing import CliRunner

from floorman.cli import app
from floorman.documents.wording import long_date

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def sheet(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["sheet", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def holdem(poppler: None, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp("sheet") / "holdem.pdf"
    code, out, err = sheet("--rulebook", "rrop", "--game", "holdem", "-o", str(path))
    assert code == 0, err
    return path, out


class TestHoldemSheet:
    def test_says_what_the_podium_sheet_must_say(self, holdem: tuple[Path, str]) -> None:
        text = text_of(holdem[0])
        pages = info(holdem[0])["Pages"]
        assert 3 <= int(pages) <= 24  # every rule of the book, each with its steps
        for expected in (
            "ROBERT'S RULES OF POKER",
            "Hold'em rule sheet",
            "Robert Ciaffone, Robert's Rules of Poker, version 11.",
            long_date(datetime.date.today()),
            # the normal procedure
            "Dealing procedure",
            "until every player has two hole cards",
            "Burn one card, then turn three board cards face up together",
            "playing the board",
            # irregularities with citation, outcome and numbered steps
            "The first holecard dealt is exposed MISDEAL RRoP §5 rule 1",
            "The flop contains too many cards",
            "Deal a new flop without burning a card.",
            # house options, betting and hand rankings
            "Betting structures",
            "Pot-limit",
            "House options in force",
            "Odd chip between first left of button",
            "Hand rankings",
            "Royal flush",
            "Full house, kings full of fours",
            f"Page 1 of {pages}",
            f"Page {pages} of {pages}",
        ):
            assert expected in text, expected

    def test_holdem_sheet_has_no_omaha_rule_or_low(self, holdem: tuple[Path, str]) -> None:
        text = text_of(holdem[0])
        assert "An Omaha player declares playing the board" not in text
        assert "Low hands (8-or-better)" not in text


@pytest.mark.usefixtures("poppler")
class TestOtherGames:
    def test_omaha_hilo_a4(self, tmp_path: Path) -> None:
        path = tmp_path / "plo8.pdf"
        code, _, err = sheet("-g", "omaha-hilo", "--paper", "A4", "-o", str(path))
        assert code == 0, err
        assert info(path)["Page size"].startswith("595.276 x 841.89 pts (A4)")
        text = text_of(path)
        assert "Omaha High-Low (8-or-better) rule sheet" in text
        assert "until every player has four hole cards" in text
        assert "exactly two hole cards with exactly three board cards" in text
        assert "eight or lower (8-or-better" in text
        assert "An Omaha player declares playing the board" in text
        assert "Low hands (8-or-better)" in text
        assert "5-4-3-2-A low" in text
        assert overflowing(path) == []

    @pytest.mark.slow
    def test_booklet_of_every_game(self, tmp_path: Path) -> None:
        path = tmp_path / "booklet.pdf"
        code, _out, err = sheet("--all", "-o", str(path))
        assert code == 0, err
        text = text_of(path)
        assert "Rule booklet" in text
        assert "Contents" in text
        for title in (
            "Hold'em", "Omaha", "Omaha High-Low (8-or-better)", "Seven-Card Stud",
            "Seven-Card Stud High-Low (8-or-better)", "Razz (Seven-Card Stud Low)",
            "2-7 Triple Draw", "2-7 Single Draw", "Ace-to-Five Lowball", "Badugi",
        ):  # fmt: skip
            assert f"{title}: dealing procedure and" in text
        assert text.count("Dealing procedure") == 10
        # the contents line, the section and its running header
        assert text.count("Hand rankings") == 3
        # each low game's own ranking, in its section
        for low in ("Low hands (ace-to-five)", "Low hands (deuce-to-seven)", "Badugi hands"):
            assert low in text
        assert int(info(path)["Pages"]) >= 10
        assert overflowing(path) == []


STUD_AND_DRAW: dict[tuple[str, str], tuple[str, ...]] = {
    ("rrop", "stud"): (
        "Seven-Card Stud rule sheet",
        "The lowest upcard brings it in, by rank, then by suit",
        "opens for a full small bet. (RRoP Seven-Card Stud rules 1 and 2)",
        "completes it and is not a raise",
        "With an open pair on fourth street any player may bet the small or the big bet",
        "raises are in big bets. (RRoP Seven-Card Stud rule 4)",
        "the highest hand showing acts first",
        "A first or second downcard is dealt face up PLAY CONTINUES RRoP Seven-Card Stud rule 5",
        "The wrong player is named low PLAY CONTINUES RRoP Seven-Card Stud rule 9",
        "A card is dealt before the betting round is complete PLAY CONTINUES"
        " RRoP Seven-Card Stud rule 14",
        "Too few cards for seventh street, a common card",
        "Royal flush",
    ),
    ("tda-2024", "stud-hilo"): (
        "Seven-Card Stud High-Low (8-or-better) rule sheet",
        "An open pair on fourth street does not change the limit. (TDA rules silent; as RRoP",
        "broken by the high card by suit. (TDA 2024 RP-10-D)",
        "A downcard is exposed on the initial deal PLAY CONTINUES TDA 2024 RP-10-A",
        "Return the premature card to the stub",
        "Low hands (8-or-better)",
        "TDA 2024 Rule 20-B and C",
    ),
    ("wsop-2024", "razz"): (
        "Razz (Seven-Card Stud Low) rule sheet",
        "The highest upcard brings it in, aces low",
        "(WSOP LA 235)",
        "the lowest hand showing acts first",
        "The wrong participant is designated low PLAY CONTINUES WSOP LA 218",
        "with the highest upcard, must bet",
        "A premature card in stud PLAY CONTINUES WSOP LA 227 (cash); WSOP T 90-f-d (tournament)",
        "Hand rankings: low hands (ace-to-five)",
        "(WSOP LA 234)",
    ),
    ("rrop", "triple-draw-27"): (
        "2-7 Triple Draw rule sheet",
        "until every player has five cards",
        "There are three draws",
        "(RRoP Lowball rule 11)",
        "A card is exposed on the draw PLAY CONTINUES RRoP Lowball rule 9",
        "The stub runs out during a draw PLAY CONTINUES House rule (RRoP is silent)",
        "Hand rankings: low hands (deuce-to-seven)",
        "(RRoP Deuce-to-Seven Lowball rule 1)",
        "Betting structures",
    ),
    ("wsop-2024", "single-draw-27"): (
        "2-7 Single Draw rule sheet",
        "One draw, then a last betting round",
        "Two or more cards are exposed during the draw PLAY CONTINUES WSOP LA section X",
        "WSOP LA 281 and 282",
    ),
    ("rrop", "lowball-a5"): (
        "Ace-to-Five Lowball rule sheet",
        "the lowest ace-to-five hand wins",
        "(RRoP Ace-to-Five Lowball; Lowball rule 15)",
        "Hand rankings: low hands (ace-to-five)",
    ),
    ("wsop-2024", "badugi"): (
        "Badugi rule sheet",
        "until every player has four cards",
        "(WSOP LA 296)",
        "gives no irregularity procedure of its own for Badugi",
        "Hand rankings: badugi hands",
        "(WSOP LA 293 and 294)",
    ),
}


@pytest.mark.usefixtures("poppler")
class TestStudAndDrawSheets:
    @pytest.mark.parametrize(("book", "game"), list(STUD_AND_DRAW))
    def test_the_game_its_procedures_and_rankings_cited(
        self, tmp_path: Path, book: str, game: str
    ) -> None:
        path = tmp_path / "sheet.pdf"
        code, out, err = sheet("--rulebook", book, "--game", game, "-o", str(path))
        assert code == 0, err
        assert out.startswith(f"wrote {path} (")
        text = text_of(path)
        for expected in STUD_AND_DRAW[book, game]:
            assert expected in text, expected
        assert "Dealing procedure" in text
        assert "the the" not in text.split("House options in force")[0]
        assert "House options in force" in text
        assert overflowing(path) == []

    def test_a_stud_sheet_has_no_blinds_and_no_flop(self, tmp_path: Path) -> None:
        path = tmp_path / "stud.pdf"
        code, _out, err = sheet("--game", "stud", "-o", str(path))
        assert code == 0, err
        text = text_of(path)
        assert "There is no button and no blind: every player antes." in text
        assert "flop" not in text.split("House options in force")[0]
        assert "Betting structures" not in text
        options = text.split("House options in force")[1]
        assert "The other options of the rulebook rule on the flop games" in options
        assert "(RRoP Seven-Card Stud High-Low rule 2)" in options
        assert "Running it twice" not in options


@pytest.mark.usefixtures("poppler")
class TestHouseProfile:
    def test_house_name_and_changed_options(self, tmp_path: Path) -> None:
        house = tmp_path / "golden.yaml"
        house.write_text(
            "rulebook: golden\ntitle: The Golden Nugget Poker Room\nextends: rrop\n"
            "options: {odd_chip: high-card-by-suit, redeal_burn: true}\n",
            encoding="utf-8",
        )
        path = tmp_path / "golden.pdf"
        code, _, err = sheet("--house", str(house), "-o", str(path))
        assert code == 0, err
        text = text_of(path)
        assert "THE GOLDEN NUGGET POKER ROOM" in text
        assert "2 house options changed" in text
        assert "Odd chip between high card by suit" in text
        assert "tied hands HOUSE" in text
        assert "Burn a card, then deal a new flop" in text
        assert "Robert Ciaffone, Robert's Rules of Poker, version 11." in text

    def test_shipped_house_profile_by_name(self, tmp_path: Path) -> None:
        path = tmp_path / "room.pdf"
        code, _, err = sheet("--rulebook", "first-or-second", "-o", str(path))
        assert code == 0, err
        text = text_of(path)
        assert "HOUSE RULES: THE FIRST OR SECOND HOLE CARD EXPOSED IS A MISDEAL" in text
        assert "1 house option changed" in text
        assert "The first or second holecard dealt is exposed MISDEAL" in text
        assert "A holecard other than the first two is exposed by the dealer PLAY CONTINUES" in text
        assert "The first holecard dealt is exposed" not in text
        assert "other than the first is exposed" not in text


@pytest.mark.usefixtures("poppler")
class TestKind:
    TOO_LATE = "A pushed pot is disputed after a new hand began; the result stands"

    @pytest.mark.parametrize(("kind", "in_force"), [("cash", False), ("tournament", True)])
    def test_the_result_stands_rule_is_in_force_only_where_its_option_leaves_it(
        self, tmp_path: Path, kind: str, in_force: bool
    ) -> None:
        # WSOP LA 51 (house option wrong_push_house_error, default true) corrects a
        # wrong push at a cash game after the next hand began; WSOP T 76 lets it stand.
        path = tmp_path / f"{kind}.pdf"
        code, _, err = sheet("--rulebook", "wsop-2024", "--kind", kind, "-o", str(path))
        assert code == 0, err
        text = text_of(path, layout=False)
        off = text.split("Not in force with these house options:", 1)
        assert (self.TOO_LATE in off[0]) is in_force
        late_off = (
            f"{self.TOO_LATE} (WSOP LA 51 (house option); "
            "option A pot the dealer pushed wrong is a house error)"
        )
        assert (late_off in off[1]) is not in_force


class TestHtml:
    def test_the_page_colours_its_cards_by_suit(self, tmp_path: Path) -> None:
        path = tmp_path / "sheet.html"
        code, _, _ = sheet("--html", "--four-colour", "-o", str(path))
        assert code == 0
        page = path.read_text(encoding="utf-8")
        assert ".four-colour .suit-d" in page
        assert '<span class="card suit-' in page


class TestErrors:
    def test_unknown_game(self, tmp_path: Path) -> None:
        code, _, err = sheet("-g", "pineapple", "-o", str(tmp_path / "x.pdf"))
        assert code == 2
        assert err == (
            'floorman: --game "pineapple": rrop has no such game'
            " (holdem to badugi: --help lists them)\n"
        )
        assert not (tmp_path / "x.pdf").exists()

    def test_unknown_rulebook(self) -> None:
        code, _, err = sheet("--rulebook", "nosuch")
        assert code == 2
        assert err.startswith("floorman: no rulebook named 'nosuch'")
        assert err.count("\n") == 1

    def test_broken_house_file(self, tmp_path: Path) -> None:
        house = tmp_path / "broken.yaml"
        house.write_text("rulebook: broken\ntitle: x\nextends: rrop\noptions: {odd_chip: 7}\n")
        code, _, err = sheet("--house", str(house), "-o", str(tmp_path / "x.pdf"))
        assert code == 2
        assert err.startswith(f"floorman: {house}")
        assert err.count("\n") == 1
        assert not (tmp_path / "x.pdf").exists()


class TestImports:
    """WeasyPrint loads only when a document is laid out, never for a dealer's quick commands."""

    def test_help_and_check_do_not_load_the_renderer(self) -> None:
        assert "weasyprint" not in loaded_modules("--help")
        assert "weasyprint" not in loaded_modules("sheet", "--help")
        assert "weasyprint" not in loaded_modules("check", str(ROOT / "examples/normal-hand.yaml"))

    @pytest.mark.slow
    def test_printing_does_load_it(self, tmp_path: Path) -> None:
        assert "weasyprint" in loaded_modules("sheet", "-o", str(tmp_path / "x.pdf"))
