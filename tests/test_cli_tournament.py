"""``floorman tournament`` as a floor person runs it: the seat draw, the tables shown,
busts recorded by hand, the moves due and carried out, across invocations on either
store; and a 100-player tournament played down to one table, checked after every bust
against counts made here."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tournamentcli import ok, own_store, run  # noqa: F401  (own_store: each test on its own store)
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def shown(name: str, *db: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("show", name, "--json", *db))
    return data


def seated(data: dict[str, Any]) -> dict[int, tuple[int, int, int]]:
    """Each player's table, seat and chips, as ``show --json`` gives them."""
    return {
        s["player"]: (t["table"], s["seat"], s["chips"]) for t in data["tables"] for s in t["seats"]
    }


def test_the_draw_seats_everyone_once_and_is_repeatable_with_a_seed() -> None:
    data = json.loads(ok("new", "daily", "--entrants", "100", "--seed", "7", "--json"))
    assert data["players"] == data["entrants"] == 100
    counts = sorted(t["players"] for t in data["tables"])
    assert counts == [8] * 8 + [9] * 4  # 12 tables within one player
    places = seated(data)
    assert sorted(places) == list(range(1, 101))
    assert len({(t, s) for t, s, _ in places.values()}) == 100
    assert {c for _, _, c in places.values()} == {20000}
    assert data["average_stack"] == 20000
    assert data["level"]["blinds"] == [100, 200]
    again = json.loads(ok("new", "again", "--entrants", "100", "--seed", "7", "--json"))
    assert seated(again) == places
    other = json.loads(ok("new", "other", "--entrants", "100", "--seed", "8", "--json"))
    assert seated(other) != places


def test_show_prints_the_tables_with_the_button_and_blinds() -> None:
    ok("new", "daily", "--entrants", "12", "--seed", "3", "--table-seats", "6")
    text = ok("show", "daily")
    assert "level 1: blinds 100/200" in text
    assert "12 of 12 entrants left at 2 tables, average stack 20000" in text
    assert text.count("button") == 2
    assert text.count(" sb") == 2
    assert text.count(" bb") == 2


def test_names_from_a_file_and_a_bust_by_hand(tmp_path: Path) -> None:
    names = tmp_path / "players.txt"
    names.write_text("Ana\nBen\n\nCy\nDee\n", encoding="utf-8")
    data = json.loads(ok("new", "Friday", "--names", str(names), "--seed", "1", "--json"))
    assert data["entrants"] == 4
    first = data["tables"][0]["seats"][0]
    assert first["name"] in {"Ana", "Ben", "Cy", "Dee"}
    out = ok("bust", "friday", "1", str(first["seat"]))
    assert out.startswith(
        f"table 1 seat {first['seat']}: {first['name']} ({first['player']}) is out"
    )
    assert "3 players left" in out
    after = shown("Friday")
    assert after["players"] == 3
    assert after["busts"][0]["player"] == first["player"]


def test_the_seating_list_finds_every_player_by_name(tmp_path: Path) -> None:
    names = tmp_path / "players.txt"
    names.write_text("ben\nAna\nCy\n", encoding="utf-8")
    data = json.loads(ok("new", "Friday", "--names", str(names), "--seed", "1", "--json"))
    rows = json.loads(ok("seating", "friday", "--json"))
    assert [r["name"] for r in rows] == ["Ana", "ben", "Cy"]
    places = seated(data)
    assert all(places[r["player"]] == (r["table"], r["seat"], r["chips"]) for r in rows)
    assert ok("seating", "friday").splitlines()[0].startswith("Ana ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["bust", "daily", "1", "9"], "tournament daily: table 1 seat 9 is empty"),
        (["bust", "daily", "4", "1"], "tournament daily: table 4 is not in play"),
        (["show", "weekly"], "no tournament 'weekly'"),
        (["new", "daily", "--entrants", "5"], "a tournament 'daily' exists already"),
        (["new", "x"], "tournament new: give --entrants N or --names FILE"),
        (["new", "x", "--entrants", "9", "--structure", "weekly"],
         'structure "weekly": no such file'),
        (["level", "daily", "99"], "level 99: the structure has levels 1 to 22"),
        (["button", "daily", "1", "7"], "seat 7: the tables have seats 1 to 6"),
    ],
)  # fmt: skip
def test_a_users_mistake_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    ok("new", "daily", "--entrants", "10", "--seed", "2", "--table-seats", "6")
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr


def test_a_late_entrant_is_seated_at_a_short_table_with_a_full_stack() -> None:
    ok("new", "late", "--entrants", "17", "--seed", "5")
    text = ok("enter", "late", "--name", "Dana Lee")
    assert text.startswith("Dana Lee (18): table 2 seat ")
    assert "20000 chips [TDA 8-A, 10-A]; 18 players left" in text
    data = shown("late")
    assert [t["players"] for t in data["tables"]] == [9, 9]
    assert data["entrants"] == 18
    assert data["chips_in_play"] == 18 * 20000
    text = ok("enter", "late")
    assert text.startswith("entrant 19: table 3 seat 1, 20000 chips")
    assert "5 moves due" in text  # a new table opens: 9, 9, 1 balanced to 7, 6, 6


def test_the_winner_cannot_bust() -> None:
    data = json.loads(ok("new", "hu", "--entrants", "2", "--seed", "2", "--json"))
    first, second = data["tables"][0]["seats"]
    ok("bust", "hu", "1", str(first["seat"]))
    result = run("bust", "hu", "1", str(second["seat"]))
    assert result.exit_code == 2
    assert "the winner cannot bust" in result.stderr


def test_balance_prints_the_moves_with_citations_and_apply_carries_them_out() -> None:
    data = json.loads(ok("new", "daily", "--entrants", "18", "--seed", "4", "--json"))
    assert [t["players"] for t in data["tables"]] == [9, 9]
    table = data["tables"][0]
    for seat in table["seats"][:2]:
        ok("bust", "daily", "1", str(seat["seat"]))
    text = ok("balance", "daily")
    assert "1 move" in text
    assert "[TDA 11-A, 11-C]" in text
    assert "to be big blind next at table 2" in text
    assert text.rstrip().endswith("nothing moved yet: floorman tournament balance daily --apply")
    before = shown("daily")
    assert before["moves_due"] == 1
    plan = json.loads(ok("balance", "daily", "--json"))
    [move] = plan["moves"]
    big_blind = before["tables"][1]["big_blind"]
    assert move["from"] == [2, big_blind]
    assert move["to"][0] == 1
    assert not plan["applied"]
    applied = json.loads(ok("balance", "daily", "--apply", "--json"))
    assert applied["moves"] == plan["moves"]
    assert applied["applied"]
    after = shown("daily")
    assert [t["players"] for t in after["tables"]] == [8, 8]
    assert seated(after)[move["entry"]][:2] == tuple(move["to"])
    assert "no move due (tables within 1" in ok("balance", "daily")


def test_a_stale_balance_is_refused(tmp_path: Path) -> None:
    from floorman.store.errors import StoreConflict
    from floorman.store.tournaments import open_tournament_store
    from floorman.tables.tournaments import apply_due, current

    db = str(tmp_path / "default.db")
    ok("new", "daily", "--entrants", "18", "--seed", "4")
    ok("bust", "daily", "1", "1")
    ok("bust", "daily", "1", "2")
    with open_tournament_store(db) as store:
        seen = current(store, "daily")
        ok("bust", "daily", "2", "3")
        with pytest.raises(StoreConflict):
            apply_due(store, seen)


@pytest.mark.slow
def test_the_commands_work_across_processes_on_one_store(tmp_path: Path) -> None:
    env = {**os.environ, "FLOORMAN_DB": str(tmp_path / "room.db"), "PYTHONPATH": str(ROOT)}

    def floorman(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "floorman", "tournament", *args], env=env,
                              capture_output=True, text=True, check=False, timeout=120)  # fmt: skip

    assert floorman("new", "daily", "--entrants", "30", "--seed", "5").returncode == 0
    assert floorman("bust", "daily", "1", "1").returncode == 0
    shown_ = json.loads(floorman("show", "daily", "--json").stdout)
    assert shown_["players"] == 29
    wrong = floorman("bust", "daily", "1", "1")
    assert (wrong.returncode, wrong.stdout) == (2, "")
    assert wrong.stderr == "floorman: tournament daily: table 1 seat 1 is empty\n"


def test_on_either_store(store_url: str) -> None:
    db = ("--db", store_url)
    ok("new", "daily", "--entrants", "20", "--seed", "9", *db)
    for seat in (1, 2, 3):
        ok("bust", "DAILY", "1", str(seat), *db)
    ok("balance", "daily", "--apply", *db)
    data = shown("daily", *db)
    assert data["players"] == 17
    assert len(data["tables"]) == 2
    assert data["broken"] == [3]


def small_blind_to_button(table: dict[str, Any], size: int) -> set[int]:
    """The empty seats passed going from the button to the small blind, counted here."""
    taken = {s["seat"] for s in table["seats"]}
    button = table["button"]
    if len(taken) < 2 or (len(taken) == 2 and button in taken):
        return set()
    seats, seat = set(), button
    while (seat := seat % size + 1) not in taken:
        seats.add(seat)
    return seats


@pytest.mark.slow
def test_a_100_player_tournament_played_down_to_one_table() -> None:
    """Busts at random, one at a time, the moves carried out after each; after every one
    the tables are checked against counts kept here."""
    rng = random.Random(26)
    data = json.loads(ok("new", "big", "--entrants", "100", "--seed", "26", "--json"))
    size = data["table_seats"]
    out: list[int] = []
    chips = {p: c for p, (_t, _s, c) in seated(data).items()}
    while len(data["tables"]) > 1:
        table = rng.choice(data["tables"])
        seat = rng.choice(table["seats"])
        ok("bust", "big", str(table["table"]), str(seat["seat"]))
        out.append(seat["player"])
        before = shown("big")
        plan = json.loads(ok("balance", "big", "--apply", "--json"))
        tables = {t["table"]: t for t in before["tables"]}
        losing = {m["from"][0] for m in plan["moves"]}
        for move in plan["moves"]:
            assert move["cite"]
            assert move["reason"]
            target, seat_to = move["to"]
            if target not in losing and seat_to in small_blind_to_button(tables[target], size):
                assert move["waits"], move
        data = shown("big")
        places = seated(data)
        assert sorted(places) == sorted(set(range(1, 101)) - set(out))
        assert len({(t, s) for t, s, _ in places.values()}) == len(places)
        assert data["players"] == 100 - len(out) == len(places)
        counts = [t["players"] for t in data["tables"]]
        assert max(counts) - min(counts) <= 1
        assert len(counts) == -(-len(places) // size)
        assert all(chips[p] == c for p, (_t, _s, c) in places.items())
        assert [b["player"] for b in data["busts"]] == out
    assert data["players"] <= size
    assert data["broken"] == list(range(12, 1, -1))


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.text(alphabet=st.characters(codec="utf-8"), max_size=12) | st.integers(-3, 12).map(str),
        min_size=1,
        max_size=4,
    )
)
def test_arguments_never_crash_a_command(words: list[str]) -> None:
    if run("show", "fuzz").exit_code != 0:
        ok("new", "fuzz", "--entrants", "12", "--seed", "1", "--table-seats", "6")
    for command in ("bust", "button", "chips", "level", "show", "balance", "enter", "seating"):
        result = run(command, "fuzz", *words)
        assert result.exit_code in (0, 2), (command, words, result.stdout, result.stderr)
        if result.exit_code == 2:
            assert result.stderr.count("\n") == 1, result.stderr


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=200))
def test_any_names_file_seats_its_names_or_is_one_line(tmp_path: Path, content: bytes) -> None:
    names = tmp_path / "names.txt"
    names.write_bytes(content)
    result = run("new", f"n{len(content)}-{hash(content)}", "--names", str(names), "--json")
    assert result.exit_code in (0, 2), result.stderr
    if result.exit_code == 2:
        assert result.stderr.count("\n") == 1, result.stderr
        return
    data = json.loads(result.stdout)
    given_names = [line.strip() for line in content.decode("utf-8").splitlines() if line.strip()]
    assert sorted(n for n in (s["name"] for t in data["tables"] for s in t["seats"])) == sorted(
        given_names
    )


def test_the_docs_show_the_keys_show_json_prints() -> None:
    import re

    text = (ROOT / "docs" / "tournament.md").read_text(encoding="utf-8")
    documented = json.loads(re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)[0])
    data = json.loads(ok("new", "daily", "--entrants", "20", "--seed", "1", "--json"))
    assert set(documented) == set(data)
    assert set(documented["level"]) == set(data["level"])
    assert set(documented["tables"][0]) == set(data["tables"][0])
    assert set(documented["tables"][0]["seats"][0]) == set(data["tables"][0]["seats"][0])
    ok("bust", "daily", "1", "1")
    assert set(documented["busts"][0]) == set(shown("daily")["busts"][0])


STUD = """\
structure: stud-daily
title: Daily Seven Card Stud
game: stud
betting: limit
starting_stack: 2000
chips: [5, 25, 100]
table_seats: 8
levels:
  - {blinds: [5, 10], ante: 5, limits: [20, 40], minutes: 30}
"""


def test_a_stud_tournament_fills_the_last_seat_open_by_position(tmp_path: Path) -> None:
    structure = tmp_path / "stud.yaml"
    structure.write_text(STUD, encoding="utf-8")
    ok("new", "stud", "--entrants", "16", "--seed", "2", "--structure", str(structure))
    for seat in (6, 2, 4):
        ok("bust", "stud", "1", str(seat))
    plan = json.loads(ok("balance", "stud", "--json"))
    [move] = plan["moves"]
    assert (move["from"], move["to"]) == ([2, 4], [1, 4])  # seat 4 opened last
    assert "house option stud_mover same-seat" in move["cite"]
    assert "[TDA 11-A, 11-C; house option stud_mover same-seat" in ok("balance", "stud")
    ok("balance", "stud", "--apply")
    assert seated(shown("stud"))[move["entry"]][:2] == (1, 4)
    refused = run("deal", "stud", "1")
    assert refused.exit_code == 2
    assert refused.stderr.strip().splitlines() == [
        "floorman: tournament stud: stud tables are not dealt from the tournament yet;"
        " deal them with floorman new"
    ]
