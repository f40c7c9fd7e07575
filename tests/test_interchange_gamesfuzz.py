"""Fuzzing the stud and draw inputs: a PHH stud or draw file, a stud or draw hand file,
anything at all, is played or refused with a floorman error, never a crash."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.errors import FloormanError
from floorman.interchange.audit import audit_phh
from floorman.interchange.drawfile import check_draw, parse_draw_hand
from floorman.interchange.studfile import check_stud, parse_stud_hand
from floorman.showdown.awards import ShowdownError

STUD = """variant = 'F7S'
antes = [5, 5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [500, 500, 500]
actions = ['d dh p1 AhAdTh', 'd dh p2 ????2c', 'd dh p3 ????9s', 'p2 pb', 'p3 f', 'p1 cbr 20', \
'p2 cc', 'd dh p1 3c', 'd dh p2 4d', 'p1 cc', 'p2 cc']
"""
DRAW = """variant = 'F2L3D'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [500, 500, 500]
actions = ['d dh p1 AhAdTh9c2c', 'd dh p2 ??????????', 'd dh p3 7c5d4h3s2d', 'p3 cc', 'p1 cc', \
'p2 cc', 'p1 sd AhAd', 'p2 sd', 'p3 sd', 'd dh p1 8h6h']
"""
VALUES = st.sampled_from([
    "'F7S'", "'F7S/8'", "'FR'", "'F2L3D'", "'N2L1D'", "[1]", "0", "2", "-2", "2.5", "inf",
    "nan", "'x'", "[0, 0, 0]", "[5, 5, 5]", "[5, 10, 0]", "[1, 2]", "[100, inf, 3]",
    "['a', 'b', 'c']", "99999999999999999999", "[" + ", ".join(["100"] * 12) + "]",
    "['d dh p1 AhAd', 'p2 pb', 'p1 cbr inf', 'p9 f', 'p1 sd ZzZz', 'd dh p1 ??']",
    "['d dh p1 AhAdKh', 'd dh p2 AhQcJd', 'p1 pb', 'p2 cbr 1e400', 'p1 sm', 'p2 sd Ah']",
])  # fmt: skip
KEYS = st.sampled_from(["variant", "antes", "blinds_or_straddles", "bring_in", "min_bet",
                        "small_bet", "big_bet", "starting_stacks", "actions",
                        "finishing_stacks"])  # fmt: skip


@st.composite
def phh_files(draw: st.DrawFn) -> str:
    base = draw(st.sampled_from([STUD, DRAW])).replace("\\\n", "")
    fields = dict(line.split(" = ", 1) for line in base.splitlines())
    for _ in range(draw(st.integers(1, 4))):
        fields[draw(KEYS)] = draw(VALUES)
    return "".join(f"{key} = {value}\n" for key, value in fields.items())


@settings(max_examples=200, deadline=None)
@given(phh_files())
def test_fuzz_stud_and_draw_phh_files_are_audited_or_named(text: str) -> None:
    assert audit_phh(text, "f.phh").status in ("matched", "unchecked", "failed", "skipped",
                                               "mismatched")  # fmt: skip


LINES = st.sampled_from([
    "game: stud", "game: razz", "game: stud-hilo", "game: badugi", "game: triple-draw-27",
    "game: single-draw-27", "betting: no-limit", "betting: limit", "betting: x", "ante: 5",
    "ante: -1", "bring_in: 10", "bring_in: 999", "limits: [20, 40]", "limits: [40, 20]",
    "limits: 7", "blinds: [5, 10]", "blinds: [10, 5]", "button: 3", "button: 0",
    "seats: {1: 500, 2: 500, 3: 500}", "seats: {1: 500}", "seats: {0: 5, 1: 5}",
    "big_blind_ante: 10", "min_bet: 10", "chips: [5]", "limit_raise_cap: null",
    "events: [deal, 3 call, 1 call, 2 check, 1 draws 2, 2 stands pat, 3 draws 9]",
    "events: [down 1 ?? ??, up 1 Kc, down 2 Ah ??, up 2 Ah, 1 bring-in, 2 complete]",
    "events: [down 1 ?? ??, up 1 Kc, down 2 ?? ??, up 2 2c, 2 bring-in, 1 call, up 1 ??]",
    "events: 7", "events: [{a: 1}]", "extra: 1", "- 1", "::",
])  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=10))
def test_fuzz_stud_and_draw_hand_files_check_or_say_why(lines: list[str]) -> None:
    text = "\n".join(lines) + "\n"
    for parse, check in ((parse_stud_hand, check_stud), (parse_draw_hand, check_draw)):
        with contextlib.suppress(FloormanError):
            checked = check(parse(text, "h.yaml"))  # type: ignore[operator]
            assert set(checked.to_json()) == {"rulings", "violations", "pots", "awards",
                                              "stacks"}  # fmt: skip
    assert issubclass(ShowdownError, FloormanError)
