"""``floorman report``: the incident report a floor person signs, read back from the PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdftext import overflowing, page_words, pages_of, text_of
from typer.testing import CliRunner

from floorman.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

PREMATURE_TURN = ROOT / "examples" / "premature-turn.yaml"
REPORT_MARGIN = 13 * 72 / 25.4
"""The report's side margins (13 mm), in points: narrower than other documents' to fit one page."""

BURN_AFTER_EXPOSED_CARD = """\
button: 3
seats: {1: 100, 2: 100, 3: 100}
events: [expose 2:2 Qs, deal, 3 call, 1 call, 2 check, burn 5h, flop 8c 7d 2h]
"""

SPLIT = """\
button: 4
chips: [1, 5, 25]
seats: {1: 100, 2: 100, 3: 100, 4: 100}
events: [deal, 3 call, 4 call, 1 call, 2 check, burn, flop As Ks Qs, 1 check, 2 check,
         3 bet 9, 4 fold, 1 call, 2 call, burn, turn Js, 1 check, 2 check, 3 check, burn,
         river Ts, 1 check, 2 check, 3 check, show 1 2c 3d, show 2 4h 5h, show 3 7c 7d]
"""


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def hand_file(tmp_path: Path, text: str, name: str = "hand.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def premature(poppler: None, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The premature-turn example printed once, read by every test of the class below."""
    path = tmp_path_factory.mktemp("report") / "report.pdf"
    code, out, err = invoke("report", str(PREMATURE_TURN), "-o", str(path))
    assert code == 0, err
    return path, out


@pytest.mark.usefixtures("poppler")
class TestFromAHandFile:
    def test_says_what_an_incident_report_must_say(self, premature: tuple[Path, str]) -> None:
        path = premature[0]
        text = text_of(path)
        pages = pages_of(path)
        for expected in (
            "Incident report",
            "Robert Ciaffone, Robert's Rules of Poker, version 11.",
            "Game Hold'em, no-limit, blinds 1/2",
            "Button seat 6",
            "Status Not finished: the record stops before the end of the hand",
            "Board A♥ K♦ 7♣ 7♦ turned early (event 12), set aside until the next reshuffle",
            "1 ruling, 0 violations. Event 12: Turn: 7♦.",
            # the ruling with citation and steps naming the card
            "Ruling The turn card is dealt before the betting round is complete PLAY CONTINUES",
            "RRoP §5 rules 6 and 8; §3 Irregularities 15 · event 12: Turn: 7♦",
            "1. Take the 7♦ out of play for this round",
            # the chips
            "The chips",
            "The hand is not settled yet.",
            "Main pot 26 1, 2, 3 not yet",
            "1 small blind 100 92 -8",
            # the timeline with the irregular event marked
            "! 12 Turn: 7♦ (ruling 1)",
            "11 Seat 2 bets 6",
            "Dealer: name and signature Floor person: name and signature Date",
            f"Page {pages} of {pages}",
        ):
            assert expected in text, expected

    def test_a_violation_is_listed(self, tmp_path: Path) -> None:
        path = tmp_path / "v.pdf"
        source = hand_file(tmp_path, BURN_AFTER_EXPOSED_CARD)
        code, out, err = invoke("report", str(source), "-o", str(path))
        assert code == 0, err
        assert out.endswith(": 1 ruling, 1 violation\n")
        text = text_of(path)
        assert "Violations" in text
        assert "! 6 Burn: 5♥ (violation)" in text
        assert "The dealer exposes seat 2's second card: Q♠" in text

    def test_the_chip_split_and_odd_chips(self, tmp_path: Path) -> None:
        path = tmp_path / "split.pdf"
        code, out, err = invoke("report", str(hand_file(tmp_path, SPLIT)), "-o", str(path))
        assert code == 0, err
        assert out.endswith(": 0 rulings, 0 violations, nothing irregular\n")
        text = text_of(path, layout=False)
        assert "No irregularity. Every event followed the normal procedure." in text
        assert (
            "Odd chips between tied hands: first left of button. Chips in play: 25, 5, 1." in text
        )
        assert "Seat 1: 12 (2×5 + 2×1)" in text
        assert "Seat 3: 11 (2×5 + 1×1)" in text
        assert "Odd chip of 1 to seat 1: first of the tied hands clockwise from the button" in text
        assert "Royal flush" in text
        assert overflowing(path, REPORT_MARGIN) == []


@pytest.mark.usefixtures("poppler")
class TestFromTheStore:
    @pytest.fixture
    def db(self, tmp_path: Path) -> Path:
        db = tmp_path / "floorman.db"
        code, _, err = invoke(
            "new", "--db", str(db), "-t", "5", "--button", "3", "--seats", "1=100,2=100,3=100"
        )
        assert code == 0, err
        code, _, err = invoke(
            "add", "--db", str(db), "-t", "5",
            "deal; 3 call; 1 call; 2 check; burn; flop Ah Kd 7c; 1 check; 2 bet 4; burn; turn 2s",
        )  # fmt: skip
        assert code == 0, err
        return db

    def test_a_recorded_hand_by_id(self, db: Path, tmp_path: Path) -> None:
        path = tmp_path / "hand.pdf"
        code, out, err = invoke("report", "1", "--db", str(db), "-o", str(path))
        assert code == 0, err
        assert out.endswith(": 1 ruling, 0 violations\n")
        text = text_of(path)
        assert "TABLE 5 · HAND 1" in text
        assert "Hand hand 1" in text
        assert "Table 5" in text
        assert "Status Open: the hand is still being played" in text
        assert "Turn: 2♠ (ruling 1)" in text

    def test_a_finished_hand_says_so_and_keeps_what_was_undone(
        self, db: Path, tmp_path: Path
    ) -> None:
        code, _, err = invoke("undo", "--db", str(db), "-t", "5")
        assert code == 0, err
        code, _, err = invoke("add", "--db", str(db), "-t", "5", "3 fold", "1 fold")
        assert code == 0, err
        path = tmp_path / "hand.pdf"
        code, out, err = invoke("report", "1", "--db", str(db), "-o", str(path))
        assert code == 0, err
        assert out == f"wrote {path} (1 page, letter): 0 rulings, 0 violations, nothing irregular\n"
        text = text_of(path)
        assert "Status Finished: won without a showdown, everyone else folded" in text
        assert "open" not in text.lower()
        assert "struck-through events were entered, then undone" in text
        read = text_of(path, raw=True)
        undone = re.search(r"– \d\d:\d\d Turn: 2♠ \(undone \d\d:\d\d\) · terminal", read)
        assert undone is not None, read
        assert re.search(r"10 \d\d:\d\d Seat 3 folds · terminal", read)

    def test_default_name_is_the_hand_id(
        self, db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("FLOORMAN_DB", str(db))
        code, out, _ = invoke("report", "1", "--html")
        assert code == 0
        assert out == "wrote hand-1.html\n"

    def test_no_such_hand(self, db: Path, tmp_path: Path) -> None:
        code, _, err = invoke("report", "7", "--db", str(db), "-o", str(tmp_path / "x.pdf"))
        assert code == 2
        assert err == f"floorman: no hand 7 in {db}\n"
        assert not (tmp_path / "x.pdf").exists()

    def test_no_store_is_not_created(self, tmp_path: Path) -> None:
        db = tmp_path / "none.db"
        code, _, err = invoke("report", "1", "--db", str(db))
        assert code == 2
        assert err.startswith(f'floorman: --db "{db}": no store there')
        assert not db.exists()


SIMPLE_INCIDENT = [
    "expose 2:2 Qs", "deal", "6 call", "1 call", "2 call", "3 call", "4 call", "5 check",
    "burn Qs", "flop Ah Kd 7c", "4 check", "5 check", "6 bet 10", "1 call", "2 fold", "3 call",
    "4 fold", "5 call", "burn", "turn 2s", "5 check", "6 check", "1 check", "3 check", "burn",
    "river 9h", "5 check", "6 bet 20", "1 fold", "3 call", "5 fold", "show 6 As 9s",
    "show 3 Kh Kc",
]  # fmt: skip
"""A six-handed hand played to the showdown with one ruling (a hole card exposed by the
dealer): what a floor person prints most."""


@pytest.mark.usefixtures("poppler")
class TestASimpleIncidentIsOnePage:
    """One page with the signature lines on it, letter and A4; each event says who entered
    it and when, for a stored hand; a hand file names nobody."""

    @pytest.fixture
    def db(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
        from floorman.store.hands import open_store

        db = tmp_path / "floorman.db"
        monkeypatch.setenv("FLOORMAN_DB", str(db))
        seats = ",".join(f"{seat}=200" for seat in range(1, 7))
        code, _, err = invoke("new", "-t", "7", "--button", "3", "--seats", seats)
        assert code == 0, err
        store = open_store(str(db))
        try:
            store.append(1, SIMPLE_INCIDENT[:8], by="station:7")
            store.append(1, SIMPLE_INCIDENT[8:16], by="alex")
        finally:
            store.close()
        code, _, err = invoke("add", "-t", "7", "; ".join(SIMPLE_INCIDENT[16:]))
        assert code == 0, err
        return db

    @pytest.mark.parametrize("paper", ["letter", "a4"])
    def test_a_stored_hand_with_one_ruling(self, db: Path, tmp_path: Path, paper: str) -> None:
        path = tmp_path / "report.pdf"
        code, out, err = invoke("report", "1", "--paper", paper, "-o", str(path))
        assert code == 0, err
        assert out == f"wrote {path} (1 page, {paper}): 1 ruling, 0 violations\n"
        assert pages_of(path) == 1
        (page,) = page_words(path)
        assert "Dealer: name and signature" in page
        assert "Floor person: name and signature" in page
        assert overflowing(path, REPORT_MARGIN) == []
        text = text_of(path, raw=True)
        assert "with the time it was entered and who entered it" in text
        assert re.search(r"! 1 \d\d:\d\d The dealer exposes seat 2's second card: Q♠ \(ruling 1\)"
                         r" · station 7", text), text  # fmt: skip
        assert re.search(r" 8 \d\d:\d\d Seat 5 checks · station 7 ", text)
        assert re.search(r" 9 \d\d:\d\d Burn: Q♠ · alex ", text)
        assert re.search(r" 17 \d\d:\d\d Seat 4 folds · terminal ", text)
        assert "Side pot" not in text

    def test_the_same_hand_from_a_file_names_nobody(self, tmp_path: Path) -> None:
        events = ", ".join(SIMPLE_INCIDENT)
        seats = ", ".join(f"{seat}: 200" for seat in range(1, 7))
        source = hand_file(tmp_path, f"button: 3\nseats: {{{seats}}}\nevents: [{events}]\n")
        path = tmp_path / "report.pdf"
        code, out, err = invoke("report", str(source), "-o", str(path))
        assert code == 0, err
        assert out == f"wrote {path} (1 page, letter): 1 ruling, 0 violations\n"
        assert pages_of(path) == 1
        assert "Dealer: name and signature" in page_words(path)[0]
        text = text_of(path, raw=True)
        assert "1 The dealer exposes seat 2's second card: Q♠ (ruling 1) 2 The hole" in text
        assert "·" not in text.split("Timeline", 1)[1]
        assert "who entered it" not in text

    def test_a_longer_report_never_leaves_the_signatures_alone(self, tmp_path: Path) -> None:
        played = [e for e in SIMPLE_INCIDENT if e != "5 fold"] + ["5 fold"]
        events = ", ".join("burn" if e == "burn Qs" else e for e in played)
        seats = ", ".join(f"{seat}: 200" for seat in range(1, 7))
        source = hand_file(tmp_path, f"button: 3\nseats: {{{seats}}}\nevents: [{events}]\n")
        path = tmp_path / "report.pdf"
        code, out, err = invoke("report", str(source), "-o", str(path))
        assert code == 0, err
        assert out == f"wrote {path} (2 pages, letter): 3 rulings, 1 violation\n"
        last = page_words(path)[-1]
        assert "Dealer: name and signature" in last
        assert "Timeline" in last
        assert "Seat 3 shows K♥ K♣ (ruling 3)" in last

    def test_mid_hand_a_bet_not_yet_called_is_no_side_pot(self, db: Path, tmp_path: Path) -> None:
        code, _, err = invoke("new", "-t", "8", "--button", "3", "--seats", "1=100,2=100,3=100")
        assert code == 0, err
        played = "deal; 3 call; 1 call; 2 check; burn; flop Ah Kd 7c; 1 bet 4; 2 call"
        code, _, err = invoke("add", "-t", "8", played)
        assert code == 0, err
        path = tmp_path / "report.pdf"
        code, _, err = invoke("report", "2", "-o", str(path))
        assert code == 0, err
        text = text_of(path, layout=False)
        assert "Side pot" not in text
        assert "Main pot 14 1, 2, 3 not yet awarded" in text, text


class TestErrors:
    def test_missing_hand_file(self) -> None:
        code, _, err = invoke("report", "nosuch.yaml")
        assert code == 2
        assert err == "floorman: nosuch.yaml: no such file\n"

    def test_a_hand_that_cannot_be_replayed(self, tmp_path: Path) -> None:
        source = hand_file(tmp_path, "button: 3\nseats: {1: 100, 2: 100}\nevents: [deal, 9 call]\n")
        target = tmp_path / "x.pdf"
        code, _, err = invoke("report", str(source), "-o", str(target))
        assert code == 2
        assert err.startswith(f"floorman: {source}")
        assert err.count("\n") == 1
        assert not target.exists()


def _noted_hand(tmp_path: Path, events: int) -> Path:
    """A hand of ``events`` events: the deal, then notes."""
    notes = ", ".join(f"note count {number}" for number in range(1, events))
    text = f"button: 3\nseats: {{1: 100, 2: 100, 3: 100}}\nevents: [deal, {notes}]\n"
    return hand_file(tmp_path, text, f"noted-{events}.yaml")


def test_a_hand_longer_than_a_report_prints_is_refused_in_one_line(tmp_path: Path) -> None:
    from floorman.bounds import MAX_REPORTED_EVENTS

    path = _noted_hand(tmp_path, MAX_REPORTED_EVENTS + 1)
    target = tmp_path / "long.pdf"
    code, _out, err = invoke("report", str(path), "-o", str(target))
    assert code == 2
    assert err == f"floorman: {path} has 1,001 events, more than a report prints (1,000)\n"
    assert not target.exists()
    longest = _noted_hand(tmp_path, MAX_REPORTED_EVENTS)
    code, _out, err = invoke("report", str(longest), "--html", "-o", str(tmp_path / "r.html"))
    assert code == 0, err
    assert "Note: count 999" in (tmp_path / "r.html").read_text()


RAZZ = """\
table: "6"
game: razz
ante: 1
bring_in: 2
limits: [4, 8]
seats: {1: 100, 2: 100, 3: 100}
events: [down 1 As 2d, up 1 3c, down 2 ??, expose 2:1 Kc, down 2 ?? ??, down 3 7c 7d, up 3 Qh,
         3 bring-in, 1 complete, 2 call, 3 fold, up 1 4h, up 2 9d, 1 bet 4, 2 call, up 1 8s,
         up 2 9s, 1 bet 8, 2 call, up 1 Qd, up 2 Jc, 1 bet 8, 2 call, down 1 Tc, down 2 2h,
         1 check, 2 check, show 1 As 2d 3c 4h 8s Qd Tc, show 2 5d 6d Kc 9d 9s Jc 2h]
"""


@pytest.mark.usefixtures("poppler")
class TestStudAndDrawHands:
    def test_a_razz_hand_file_with_its_ruling_cards_and_pot(self, tmp_path: Path) -> None:
        path = tmp_path / "razz.pdf"
        code, out, err = invoke("report", str(hand_file(tmp_path, RAZZ)), "-o", str(path))
        assert code == 0, err
        assert out == f"wrote {path} (1 page, letter): 1 ruling, 0 violations\n"
        text = text_of(path)
        for expected in (
            "Game Razz (Seven-Card Stud Low), limit 4/8, bring-in 2, ante 1",
            "Button none (stud)",
            "Status Finished: at the showdown",
            "Event 4: The dealer exposes seat 2's first card: K♣.",
            "A first or second downcard is dealt face up PLAY CONTINUES"
            " RRoP Seven-Card Stud rule 5",
            "1. The K♣ stays face up as seat 2's upcard: deal seat 2's third card face down.",
            "Main pot 53 1, 2 Seat 1: 53",
            "1 tabled down A♠ 2♦ 10♣ up 3♣ 4♥ 8♠ Q♦ Eight-four low 100 53 128 +28",
            "2 tabled down 5♦ 6♦ 2♥ up K♣ 9♦ 9♠ J♣ Jack-nine low 100 75 -25",
            "3 bring-in, folded down 7♣ 7♦ up Q♥ 100 97 -3",
            "Seat 3's upcard: Q♥",
            "Seat 1 completes the bring-in",
            "Dealer: name and signature",
        ):
            assert expected in text, expected
        assert overflowing(path, margin_pt=REPORT_MARGIN) == []

    def test_the_same_hand_by_the_tda_is_ruled_by_its_book(self, tmp_path: Path) -> None:
        path = tmp_path / "razz.pdf"
        hand = str(hand_file(tmp_path, RAZZ))
        code, _, err = invoke("report", hand, "--rulebook", "tda-2024", "-o", str(path))
        assert code == 0, err
        text = text_of(path)
        assert "A downcard is exposed on the initial deal PLAY CONTINUES TDA 2024 RP-10-A" in text
        assert "Rulebook The Poker TDA" in text or "(tda-2024)" in text

    def test_a_draw_hand_mid_draw_with_its_pots_as_they_stand(self, tmp_path: Path) -> None:
        path = tmp_path / "draw.pdf"
        example = ROOT / "examples" / "draw" / "exposed-on-draw.yaml"
        code, out, err = invoke("report", str(example), "-o", str(path))
        assert code == 0, err
        assert out == f"wrote {path} (1 page, letter): 1 ruling, 0 violations\n"
        text = text_of(path)
        for expected in (
            "Game 2-7 Triple Draw, limit, blinds 5/10, bets 10/20",
            "Button seat 3",
            "Status Not finished: the record stops before the end of the hand",
            "A card is exposed on the draw PLAY CONTINUES RRoP Lowball rule 9",
            "the K♥ is not seat 1's. Complete the draw to each player in order",
            "The hand is not settled yet.",
            "Main pot 30 1, 2, 3 not yet",
            "1 small blind, drew 2 500 490 -10",
            "2 big blind, drew pat",
            "Seat 1 draws 2",
            "Seat 2 stands pat",
        ):
            assert expected in text, expected
        assert "Common card" not in text
        assert overflowing(path, margin_pt=REPORT_MARGIN) == []

    def test_stored_stud_and_draw_hands_by_id_with_what_was_undone(self, tmp_path: Path) -> None:
        db = str(tmp_path / "floorman.db")
        for args in (
            ["new", "-t", "4", "--game", "stud", "--ante", "5", "--bring-in", "10",
             "--limits", "20/40", "--seats", "1=500,2=500,3=500"],
            ["add", "-t", "4", "down 1 ?? ??", "up 1 9h", "down 2 ??", "expose 2:1 2c",
             "down 2 ?? ??", "down 3 ?? ??", "up 3 Kd", "3 bring-in", "1 complete", "2 call"],
            ["undo", "-t", "4"],
            ["add", "-t", "4", "2 fold", "3 raise 40", "1 call"],
            ["new", "-t", "9", "--game", "triple-draw-27", "--betting", "limit", "--blinds",
             "5/10", "--button", "3", "--seats", "1=500,2=500,3=500"],
            ["add", "-t", "9", "deal", "3 call", "1 call", "2 check", "1 draws 2",
             "expose 1 Kh"],
        ):  # fmt: skip
            code, _, err = invoke(*args, "--db", db)
            assert code == 0, err
        stud, draw = tmp_path / "stud.pdf", tmp_path / "draw.pdf"
        assert invoke("report", "1", "--db", db, "-o", str(stud))[0] == 0
        assert invoke("report", "2", "--db", db, "-o", str(draw))[0] == 0
        text = text_of(stud)
        for expected in (
            "Hand hand 1",
            "Seven-Card Stud, limit 20/40, bring-in 10, ante 5",
            "Status Open: the hand is still being played",
            "A first or second downcard is dealt face up PLAY CONTINUES",
            "struck-through events were entered, then undone",
            "Seat 2 calls (undone",
            "Seat 3 raises to 40",
            "Main pot 95 1, 3",
        ):
            assert expected in text, expected
        assert re.search(r"\d\d:\d\d Seat 2 folds · terminal", text)
        text = text_of(draw)
        assert "A card is exposed on the draw PLAY CONTINUES RRoP Lowball rule 9" in text
        assert "2-7 Triple Draw, limit, blinds 5/10" in text


@pytest.mark.usefixtures("poppler")
def test_the_session_report_of_a_stud_and_a_draw_table(tmp_path: Path) -> None:
    db = str(tmp_path / "floorman.db")
    for args in (
        ["new", "-t", "4", "--game", "razz", "--ante", "1", "--bring-in", "2",
         "--limits", "4/8", "--seats", "1=100,2=100,3=100"],
        ["add", "-t", "4", *RAZZ.split("events: [")[1].rstrip("]\n").replace("\n", " ")
         .split(", ")],
        ["new", "-t", "4", "--game", "razz", "--ante", "1", "--bring-in", "2",
         "--limits", "4/8", "--seats", "1=128,2=75,3=97"],
        ["new", "-t", "9", "--game", "triple-draw-27", "--betting", "limit", "--blinds",
         "5/10", "--button", "3", "--seats", "1=500,2=500,3=500"],
        ["add", "-t", "9", "deal", "3 call", "1 call", "2 check", "1 draws 2", "expose 1 Kh"],
    ):  # fmt: skip
        code, _, err = invoke(*[a.strip() for a in args], "--db", db)
        assert code == 0, err
    code, out, err = invoke("table", "log", "-t", "4", "--db", db)
    assert code == 0, err
    assert "hand 1  stud, no button  showdown  in: 1=100 2=100 3=100" in out
    assert "  out: 1=128 2=75 3=97" in out
    assert "ruling on event 4: continue, A first or second downcard is dealt face up" in out
    path = tmp_path / "session.pdf"
    code, out, err = invoke("table", "report", "-t", "4", "--db", db, "-o", str(path))
    assert code == 0, err
    assert out == f"wrote {path} (1 page, letter): 2 hands\n"
    text = text_of(path)
    assert "stud ante none 1: 100, 2: 100, 3: 100 1: 128, 2: 75, 3: showdown" in text
    assert "(RRoP Seven-Card Stud rule 5)" in text
    assert "Rulebook Robert's Rules of Poker" in text
    draw = tmp_path / "draw.pdf"
    code, _, err = invoke("table", "report", "-t", "9", "--db", db, "-o", str(draw))
    assert code == 0, err
    text = text_of(draw)
    assert "5/10 3 1, 2" in text
    assert "Ruling on event 6: Play continues, A card is exposed on the draw" in text
