"""``floorman check`` of a stud hand file, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "stud" / "stud-hilo.yaml"
runner = CliRunner()


def test_check_settles_the_stud_hilo_example() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLE)])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "stud-hilo: hand over (showdown), pot 305"
    assert lines[-1] == (
        "pot 305: seat 1 takes 152, seat 2 takes 153; odd chip 1 to seat 2, the odd chip of"
        " the high/low split goes to the high half"
    )


def test_check_json_gives_the_contract_keys() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLE), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) == {"rulings", "violations", "pots", "awards", "stacks"}
    assert data["stacks"] == {"1": 507, "2": 508, "3": 485}


def test_a_hand_in_progress_says_who_is_to_act(tmp_path: Path) -> None:
    hand = tmp_path / "razz.yaml"
    hand.write_text(
        "game: razz\nante: 1\nbring_in: 2\nlimits: [4, 8]\nseats: {2: 100, 5: 100}\n"
        "events: [down 2 ?? ??, up 2 Kc, down 5 ?? ??, up 5 3d, 2 bring-in, 5 call]\n"
    )
    result = runner.invoke(app, ["check", str(hand)])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "razz: deal fourth street, pot 6"


def test_a_bad_event_is_one_line_naming_the_file_and_line(tmp_path: Path) -> None:
    hand = tmp_path / "stud.yaml"
    hand.write_text(
        "game: stud\nante: 1\nbring_in: 2\nlimits: [4, 8]\nseats: {1: 100, 2: 100}\n"
        "events:\n  - down 1 ?? ??\n  - up 1 Kc\n  - down 2 ?? ??\n  - up 2 3d\n"
        "  - 1 call\n"
    )
    result = runner.invoke(app, ["check", str(hand)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"floorman: {hand} line 11: event 5 \"1 call\": it is seat 2's turn, not seat 1's\n"
    )


def test_a_bad_header_is_one_line_naming_the_field(tmp_path: Path) -> None:
    hand = tmp_path / "stud.yaml"
    hand.write_text("game: stud\nbring_in: 50\nlimits: [20, 40]\nseats: {1: 100, 2: 100}\n")
    result = runner.invoke(app, ["check", str(hand)])
    assert result.exit_code == 2
    assert result.stderr == f"floorman: {hand}: bring_in: 50 is more than the small bet 20\n"


# -- where the books part: equal hands showing, the open pair on fourth street -----------------

TIED = {
    # Seats 1 and 3 show the same on fourth street; seat 3's highest card is the spade.
    "stud": "[down 1 ?? ??, up 1 Kc, down 2 ?? ??, up 2 2d, down 3 ?? ??, up 3 Ks,"
    " 2 bring-in, 3 call, 1 call, up 1 9d, up 2 4h, up 3 9h]",
    "razz": "[down 1 ?? ??, up 1 5c, down 2 ?? ??, up 2 Kd, down 3 ?? ??, up 3 5s,"
    " 2 bring-in, 3 call, 1 call, up 1 3d, up 2 Qh, up 3 3h]",
}
PAIR = (
    "[down 1 ?? ??, up 1 Th, down 2 ?? ??, up 2 2c, down 3 ?? ??, up 3 9s,"
    " 2 bring-in, 3 call, 1 call, up 1 3d, up 2 Ac, up 3 9h, 3 bet 8]"
)


def _stud_file(tmp_path: Path, game: str, events: str, extra: str = "") -> Path:
    hand = tmp_path / f"{game}.yaml"
    hand.write_text(
        f"game: {game}\nante: 1\nbring_in: 2\nlimits: [4, 8]\n"
        f"seats: {{1: 100, 2: 100, 3: 100}}\n{extra}events: {events}\n"
    )
    return hand


@pytest.mark.parametrize(
    ("book", "kind", "stud", "razz"),
    [("rrop", "cash", 1, 1), ("tda-2024", "tournament", 3, 3), ("wsop-2024", "cash", 1, 1),
     ("wsop-2024", "tournament", 3, 1)],
)  # fmt: skip
def test_equal_hands_showing_on_fourth_street_act_as_the_book_says(
    tmp_path: Path, book: str, kind: str, stud: int, razz: int
) -> None:
    """RRoP stud rule 1 and razz rule 3, WSOP LA 215 and 235: by position, the seat dealt
    first; TDA RP-10-D: the high card by suit; the WSOP Tournament Rules: by suit in
    stud, by position in razz."""
    for game, seat in (("stud", stud), ("razz", razz)):
        hand = _stud_file(tmp_path, game, TIED[game], f"kind: {kind}\n")
        result = runner.invoke(app, ["check", str(hand), "--rulebook", book])
        assert result.exit_code == 0, result.stderr
        assert result.stdout.splitlines()[0] == f"{game}: fourth street, pot 9, seat {seat} to act"


def test_a_hand_recorded_under_the_tda_breaks_the_tie_by_suit_without_the_option(
    tmp_path: Path,
) -> None:
    hand = _stud_file(tmp_path, "stud", TIED["stud"], "rulebook: tda-2024\n")
    result = runner.invoke(app, ["check", str(hand)])
    assert result.stdout.splitlines()[0] == "stud: fourth street, pot 9, seat 3 to act"
    house = _stud_file(
        tmp_path, "stud", TIED["stud"], "rulebook: tda-2024\nhouse: {stud_tie_by_suit: []}\n"
    )
    result = runner.invoke(app, ["check", str(house)])
    assert result.stdout.splitlines()[0] == "stud: fourth street, pot 9, seat 1 to act"


@pytest.mark.parametrize(
    ("book", "kind", "big"),
    [("rrop", "cash", True), ("tda-2024", "cash", False), ("wsop-2024", "cash", True),
     ("wsop-2024", "tournament", False)],
)  # fmt: skip
def test_an_open_pair_on_fourth_street_takes_the_big_bet_as_the_book_says(
    tmp_path: Path, book: str, kind: str, big: bool
) -> None:
    """RRoP stud rule 4, WSOP LA 220: either limit; TDA RP-10-F and the WSOP Tournament
    Rules: not doubled."""
    hand = _stud_file(tmp_path, "stud", PAIR, f"kind: {kind}\n")
    result = runner.invoke(app, ["check", str(hand), "--rulebook", book])
    if big:
        assert result.exit_code == 0, result.stderr
        assert result.stdout.splitlines()[0] == "stud: fourth street, pot 17, seat 1 to act"
    else:
        assert result.exit_code == 2
        assert result.stdout == ""
        assert result.stderr.strip().endswith(
            'event 13 "3 bet 8": a bet in this round goes to 4, not 8 (the book in force:'
            " not doubled for an open pair)"
        )
        assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("book", "kind", "tie", "pair"),
    [("rrop", None, "RRoP Seven-Card Stud rule 1", "RRoP Seven-Card Stud rule 4"),
     ("tda-2024", None, "TDA 2024 RP-10-D", "TDA 2024 RP-10-F"),
     ("wsop-2024", None, "WSOP LA 215", "WSOP LA 220"),
     ("wsop-2024", "tournament", "WSOP T Seven Card Games", "WSOP T Seven Card Games")],
)  # fmt: skip
def test_the_rule_sheet_says_what_check_does(
    book: str, kind: str | None, tie: str, pair: str
) -> None:
    """The printed order of play reads the same options as the hand."""
    from floorman.documents.studdraw import book_family, dealt_procedure
    from floorman.rules.loader import load_rulebook

    loaded = load_rulebook(book, kind=kind)
    steps = {
        s["label"]: s for s in dealt_procedure("stud", book_family(loaded.chain), loaded.options)
    }
    by_suit = "stud" in loaded.options["stud_tie_by_suit"]
    assert steps["Who acts first"]["cite"] == tie
    assert ("high card by suit" in steps["Who acts first"]["text"]) == by_suit
    assert steps["The small and the big bet"]["cite"] == pair
    doubles = loaded.options["stud_open_pair"] == "either-limit"
    assert ("not doubled" not in steps["The small and the big bet"]["text"]) == doubles
    house = loaded.with_options({"stud_tie_by_suit": [] if by_suit else ["stud"]}, origin="house")
    flipped = dealt_procedure("stud", book_family(house.chain), house.options)[4]
    assert ("high card by suit" in flipped["text"]) != by_suit
