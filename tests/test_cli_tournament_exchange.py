"""``floorman tournament found-chips`` and ``color-up``: chips of a removed denomination
found after a race exchanged as the book says, and a player colored up at the floor's
discretion; the stacks and the chips in play checked against counts made here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdftext import overflowing, text_of
from tournamentcli import ok, own_store, refused, run  # noqa: F401  (own_store: each test on its own store)

ROOT = Path(__file__).resolve().parents[1]


def stacks(name: str) -> dict[tuple[int, int], int]:
    data: dict[str, Any] = json.loads(ok("show", name, "--json"))
    return {(t["table"], s["seat"]): s["chips"] for t in data["tables"] for s in t["seats"]}


def in_play(name: str) -> int:
    return int(json.loads(ok("show", name, "--json"))["chips_in_play"])


def raced(name: str, *book: str) -> None:
    """Six players at one table, the 25 chips raced off: seat 1 keeps its odd chips."""
    ok("new", name, "--entrants", "6", "--seed", "1", "--table-seats", "6", *book)
    ok("race", name, "1", "1=7", "2=22", "--cards", "2c 9d Kh As 3c")


def test_found_chips_are_exchanged_at_equal_value_and_the_odd_ones_removed() -> None:
    raced("f")
    before, pool = stacks("f"), in_play("f")
    out = ok("found-chips", "f", "1", "1", "5")
    # 5 × 25 = 125: one 100 chip, 25 removed without compensation (TDA 24-C)
    assert "5 chips of 25 found after the race [TDA 2024 Rule 24-C]" in out
    assert "100 exchanged: 1 chip of 100" in out
    assert "25 removed from play without compensation" in out
    assert stacks("f")[(1, 1)] == before[(1, 1)] - 25
    assert in_play("f") == pool - 25
    done = json.loads(ok("found-chips", "f", "1", "2", "8", "--chip", "25", "--json"))
    assert (done["exchanged"], done["removed"], done["to"]) == (200, 0, 100)
    assert done["after"] == done["before"] == before[(1, 2)]
    assert in_play("f") == pool - 25
    assert sum(stacks("f").values()) == in_play("f")


@pytest.mark.parametrize(
    ("book", "found", "up"),
    [
        ("tda-2024", "TDA 2024 Rule 24-C", "TDA 2024 Rule 25-B"),
        ("wsop-2024", "WSOP T 77-c", "WSOP T 106"),
        ("rrop", "house option (RRoP §15 is silent; as TDA 2024 Rule 24-C)",
         "house option (RRoP §15 is silent; as TDA 2024 Rule 25-B)"),
    ],
)  # fmt: skip
def test_each_book_is_cited_and_where_it_is_silent_a_house_option(
    tmp_path: Path, book: str, found: str, up: str
) -> None:
    text = (ROOT / "rulebook" / "structures" / "daily.yaml").read_text()
    path = tmp_path / "structure.yaml"
    path.write_text(text.replace("rulebook: tda-2024", f"rulebook: {book}"))
    raced("b", "--structure", str(path))
    assert f"[{found}]" in ok("found-chips", "b", "1", "1", "3")
    assert f"[{up}]" in ok("color-up", "b", "1", "3", "40", "--chip", "100")


def test_found_chips_are_refused_in_one_line_and_nothing_recorded() -> None:
    ok("new", "n", "--entrants", "6", "--seed", "1", "--table-seats", "6")
    refused("table 1: no chip race is recorded here; give --chip", "found-chips", "n", "1",
            "1", "3")  # fmt: skip
    refused("table 1: the 25 chips were not raced off here", "found-chips", "n", "1", "1",
            "3", "--chip", "25")  # fmt: skip
    raced("f")
    before = stacks("f")
    refused("--chip 30: the structure's chips are", "found-chips", "f", "1", "1", "3",
            "--chip", "30")  # fmt: skip
    refused("table 1 seat 1: 900 chips of 25 are more than the stack", "found-chips", "f",
            "1", "1", "900")  # fmt: skip
    refused("table 1 seat 9 is empty", "found-chips", "f", "1", "9", "3")
    refused("table 4 is not in play", "found-chips", "f", "4", "1", "3")
    assert stacks("f") == before


def test_a_discretionary_color_up_keeps_the_stack_and_is_logged() -> None:
    ok("new", "c", "--entrants", "6", "--seed", "1", "--table-seats", "6")
    pool = in_play("c")
    out = ok("color-up", "c", "1", "4", "9", "--chip", "100", "--to", "500")
    assert "table 1 seat 4: entrant" in out
    assert "colored up, announced [TDA 2024 Rule 25-B]" in out
    assert "5 chips of 100 for 1 chip of 500, 4 chips of 100 kept" in out
    assert stacks("c")[(1, 4)] == 20000
    assert in_play("c") == pool
    done = json.loads(ok("color-up", "c", "1", "2", "36", "--chip", "25", "--json"))
    assert (done["to"], done["changed"], done["new"], done["kept"]) == (100, 36, 9, 0)
    refused("--to 300: the structure's chips are", "color-up", "c", "1", "4", "9", "--chip",
            "100", "--to", "300")  # fmt: skip
    refused("--to 100: 500 chips color up to a chip worth a whole number of them",
            "color-up", "c", "1", "4", "9", "--chip", "500", "--to", "100")  # fmt: skip
    refused("table 1 seat 4: 3 chips of 100 make no chip of 500", "color-up", "c", "1", "4",
            "3", "--chip", "100", "--to", "500")  # fmt: skip
    assert run("color-up", "c", "1", "4", "9").exit_code == 2  # --chip is required


@pytest.mark.usefixtures("poppler")
def test_the_report_lists_found_chips_and_color_ups(tmp_path: Path) -> None:
    raced("p")
    ok("found-chips", "p", "1", "1", "5")
    ok("color-up", "p", "1", "4", "9", "--chip", "100", "--to", "500")
    path = tmp_path / "report.pdf"
    ok("print", "p", "report", "-o", str(path))
    text = " ".join(text_of(path, layout=False).split())
    assert "Chip races and color-ups" in text
    assert "5 chips of 25 found after the race: 100 exchanged, 25 removed" in text
    assert "(TDA 2024 Rule 24-C)" in text
    assert "colored up, announced — 5 chips of 100 for 1 of 500 (TDA 2024 Rule 25-B)" in text
    assert not overflowing(path)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
        | st.integers(-3, 2000).map(str)
        | st.sampled_from(["--chip", "--to", "--json", "25", "100", "500", "1", "9"]),
        min_size=1,
        max_size=6,
    )
)
def test_arguments_never_crash_a_chip_command(words: list[str]) -> None:
    if run("show", "fuzz").exit_code != 0:
        raced("fuzz")
    for command in ("found-chips", "color-up"):
        before = in_play("fuzz")
        result = run(command, "fuzz", *words)
        assert result.exit_code in (0, 2), (command, words, result.stdout, result.stderr)
        if result.exit_code == 2:
            assert result.stderr.count("\n") == 1, result.stderr
            assert in_play("fuzz") == before
        assert sum(stacks("fuzz").values()) == in_play("fuzz")
