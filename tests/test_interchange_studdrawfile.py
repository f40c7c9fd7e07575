"""The stud and draw hand files read alike: a bad field in one line naming the file
and the field, a file of another game left to its own reader, an event's line named."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.interchange.drawfile import parse_draw_hand, read_draw_hand
from floorman.interchange.plainhand import HandFileError
from floorman.interchange.studfile import parse_stud_hand, read_stud_hand

STUD = "game: razz\nante: 5\nbring_in: 10\nlimits: [20, 40]\nseats: {1: 500, 2: 500}\n"
DRAW = "game: badugi\nblinds: [5, 10]\nbutton: 2\nseats: {1: 500, 2: 500}\n"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (STUD + "colour: red\n", "h.yaml: colour: not a stud hand-file field"),
        (STUD.replace("bring_in: 10\n", ""), "h.yaml: bring_in: missing"),
        (STUD.replace("ante: 5", "ante: -5"), "h.yaml: ante: Input should be greater than"),
        (STUD + "chips: [x]\n", "h.yaml: chips.0: Input should be a valid integer"),
        ("- razz\n", "h.yaml: a hand file is a mapping of header fields and events"),
    ],
)
def test_a_bad_stud_file_is_one_line_naming_the_field(text: str, said: str) -> None:
    with pytest.raises(HandFileError) as bad:
        parse_stud_hand(text, "h.yaml")
    assert str(bad.value).startswith(said)
    assert "\n" not in str(bad.value)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (DRAW + "colour: red\n", "h.yaml: colour: not a draw hand-file field"),
        (DRAW.replace("button: 2\n", ""), "h.yaml: button: missing"),
        (DRAW + "kind: home\n", "h.yaml: kind: Input should be 'cash' or 'tournament'"),
        (DRAW + "started: soon\n", "h.yaml: started: Input should be a valid datetime"),
    ],
)
def test_a_bad_draw_file_is_one_line_naming_the_field(text: str, said: str) -> None:
    with pytest.raises(HandFileError) as bad:
        parse_draw_hand(text, "h.yaml")
    assert str(bad.value).startswith(said)


def test_each_reader_takes_its_own_games_and_leaves_the_others(tmp_path: Path) -> None:
    stud, draw, holdem = tmp_path / "s.yaml", tmp_path / "d.json", tmp_path / "h.yaml"
    stud.write_text(STUD + 'events: ["down 1 ?? ??"]\n')
    draw.write_text('{\n "game": "badugi", "blinds": [5, 10], "button": 2,\n'
                    ' "seats": {"1": 500, "2": 500}\n}\n')  # fmt: skip
    holdem.write_text("# game: razz is dealt next\nbutton: 1\nseats: {1: 100, 2: 100}\n")
    read_stud, read_draw = read_stud_hand(stud), read_draw_hand(draw)
    assert read_stud is not None
    assert read_stud.game == "razz"
    assert read_draw is not None
    assert (read_draw.game, read_draw.source) == ("badugi", str(draw))
    assert read_stud_hand(draw) is None
    assert read_draw_hand(stud) is None
    assert read_stud_hand(holdem) is None
    assert read_draw_hand(holdem) is None
    assert read_stud_hand(tmp_path / "none.yaml") is None


def test_a_refused_event_names_the_file_and_its_line() -> None:
    hand = parse_stud_hand(STUD + "events:\n  - down 1 ?? ??\n  - up 3 Ah\n", "h.yaml")
    with pytest.raises(HandFileError, match=r'^h.yaml line 8: event 2 "up 3 Ah": seat 3 is not'):
        hand.replay()
    text = '{"game": "badugi", "blinds": [5, 10], "button": 2, "seats": {"1": 5, "2": 5}}'
    json_hand = parse_draw_hand(text, "d.json")
    assert json_hand.where(1) == "d.json"
