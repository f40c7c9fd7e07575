"""The PHH stud and draw imports alike: a file that cannot be played is refused in one
line naming the file and the action; the players' names become notes, and the file's
finishing stacks are kept for the audit."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from floorman.interchange.phh import PhhError
from floorman.interchange.phh.drawimport import import_draw_phh
from floorman.interchange.phh.studimport import import_stud_phh

Importer = Callable[[Mapping[str, Any], str], Any]

STUD = {
    "variant": "F7S", "antes": [5, 5], "bring_in": 10, "small_bet": 20, "big_bet": 40,
    "starting_stacks": [100, 100], "players": ["Ann", "Bo"], "finishing_stacks": [105, 95],
    "actions": ["d dh p1 AhAdTh", "d dh p2 ????2c", "p2 pb", "p1 f"],
}  # fmt: skip
DRAW = {
    "variant": "F2L3D", "antes": [0, 0, 0], "blinds_or_straddles": [5, 10, 0],
    "small_bet": 10, "big_bet": 20, "starting_stacks": [100, 100, 100],
    "players": ["Ann", "Bo", "Cy"], "finishing_stacks": [95, 105, 100],
    "actions": ["d dh p1 ????????7c", "d dh p2 ??????????", "d dh p3 ??????????", "p3 f",
                "p1 f"],
}  # fmt: skip


@pytest.mark.parametrize(
    ("importer", "fields", "change", "said"),
    [
        (import_stud_phh, STUD, {"actions": None}, "actions is missing"),
        (import_draw_phh, DRAW, {"actions": None}, "actions is a list of at most 5,000 actions"),
        (import_stud_phh, STUD, {"actions": ["d dh p1 AhAdTh", 7]},
         "action 2: 7 is not an action string"),
        (import_draw_phh, DRAW, {"actions": ["d dh p1 ??????????", 7]},
         "action 2: 7 is not an action string"),
        (import_stud_phh, STUD, {"bring_in": 2.5}, "bring_in: 2.5 is not a whole number of chips"),
        (import_draw_phh, DRAW, {"small_bet": 2.5},
         "small_bet: 2.5 is not a whole number of chips"),
        (import_stud_phh, STUD, {"big_bet": "40"}, "big_bet: '40' is not an amount"),
        (import_stud_phh, STUD, {"actions": ["p3 f"]}, 'action 1 "p3 f": not a PHH action'),
        (import_draw_phh, DRAW, {"actions": ["p9 f"]}, 'action 1 "p9 f": not a PHH action'),
        (import_stud_phh, STUD, {"actions": ["d dh p1 AhAdTh", "p1 f"]},
         'action 2 "p1 f": no betting now'),
        (import_draw_phh, DRAW, {"actions": ["d dh p1 ??????????", "p1 f"]},
         'action 2 "p1 f": it is seat 3'),
    ],
)  # fmt: skip
def test_a_phh_that_cannot_be_played_names_the_file_and_the_action(
    importer: Importer, fields: dict[str, Any], change: dict[str, Any], said: str
) -> None:
    data = {key: value for key, value in {**fields, **change}.items() if value is not None}
    with pytest.raises(PhhError) as refused:
        importer(data, "x.phh")
    assert str(refused.value).startswith(f"x.phh: {said}")


@pytest.mark.parametrize(
    ("importer", "fields", "last"),
    [
        (import_stud_phh, STUD, ["2 bring-in", "1 fold"]),
        (import_draw_phh, DRAW, ["3 fold", "1 fold"]),
    ],
)
def test_the_players_are_named_and_the_finishing_stacks_kept(
    importer: Importer, fields: dict[str, Any], last: list[str]
) -> None:
    imported = importer(fields, "x.phh")
    notes = [text for text in imported.events_text() if text.startswith("note")]
    names = fields["players"]
    assert notes == [f"note seat {seat}: {name}" for seat, name in enumerate(names, 1)]
    assert imported.events_text()[-2:] == last
    assert imported.finishing_stacks == tuple(fields["finishing_stacks"])
