"""``floorman tournament`` and the money, as a floor person runs it: busts in one hand and
their finishing places, the payout structure posted and paid, the results, and the chip
race recorded at a color-up; checked against places and amounts counted here."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tournamentcli import ok, own_store, refused, run  # noqa: F401  (own_store: each test on its own store)
from typer.testing import CliRunner

runner = CliRunner()


def shown(name: str, *db: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("show", name, "--json", *db))
    return data


def at(data: dict[str, Any], table: int, seat: int) -> int:
    """The entrant at ``table`` ``seat``."""
    return next(
        s["player"]
        for t in data["tables"]
        if t["table"] == table
        for s in t["seats"]
        if s["seat"] == seat
    )


def places(data: dict[str, Any]) -> dict[int, list[int]]:
    return {row["player"]: row["places"] for row in data["finishes"]}


def test_two_out_in_one_hand_the_larger_starting_stack_finishes_higher() -> None:
    ok("new", "d", "--entrants", "12", "--seed", "3", "--table-seats", "6")
    before = shown("d")
    small, big = at(before, 1, 2), at(before, 1, 3)
    out = ok("bust", "d", "1", "2", "3", "--started", "5000,9000")
    assert f"entrant {big} is out, 11th" in out
    assert f"entrant {small} is out, 12th" in out
    assert "RRoP §15 rule 35" in out  # TDA is silent: the house option says so
    data = shown("d")
    assert places(data) == {big: [11], small: [12]}
    assert [b["player"] for b in data["busts"]] == [small, big]  # the shape kept
    assert data["players"] == 10
    assert "finishing order:" in ok("show", "d")


def test_equal_starting_stacks_tie_and_share_the_places() -> None:
    ok("new", "d", "--entrants", "12", "--seed", "3", "--table-seats", "6", "--structure",
       "daily")  # fmt: skip
    first = at(shown("d"), 2, 1)
    ok("bust", "d", "2", "1")
    assert places(shown("d")) == {first: [12]}
    second = at(shown("d"), 2, 2)
    out = ok("bust", "d", "2", "2", "--same-hand")
    assert "tied for 11th to 12th" in out
    assert places(shown("d")) == {first: [11, 12], second: [11, 12]}


def test_busts_at_two_tables_in_one_hand_only_hand_for_hand() -> None:
    ok("new", "d", "--entrants", "12", "--seed", "3", "--table-seats", "6")
    data = shown("d")
    one, two = at(data, 1, 1), at(data, 2, 1)
    ok("bust", "d", "1", "1", "--started", "3000")
    refused("busts at different tables are in one hand only hand-for-hand",
            "bust", "d", "2", "1", "--same-hand", "--started", "8000")  # fmt: skip
    assert shown("d")["players"] == 11  # nothing recorded
    ok("bust", "d", "2", "1", "--same-hand", "--hand-for-hand", "--started", "8000")
    finishes = {row["player"]: row for row in shown("d")["finishes"]}
    # TDA 2024 RP-8-A: every bust of the hand-for-hand hand shares the places.
    assert finishes[one]["places"] == finishes[two]["places"] == [11, 12]
    assert "TDA 2024 RP-8-A" in finishes[one]["reason"]


def test_wsop_hand_for_hand_ties_across_tables_and_orders_at_one(tmp_path: Path) -> None:
    structure = (Path(__file__).resolve().parents[1] / "rulebook/structures/daily.yaml").read_text()
    path = tmp_path / "wsop.yaml"
    path.write_text(structure.replace("rulebook: tda-2024", "rulebook: wsop-2024"))
    ok("new", "w", "--entrants", "12", "--seed", "3", "--table-seats", "6", "--structure",
       str(path))  # fmt: skip
    data = shown("w")
    a, b, c = at(data, 1, 1), at(data, 1, 2), at(data, 2, 1)
    ok("bust", "w", "1", "1", "2", "--started", "9000,4000", "--hand-for-hand")
    ok("bust", "w", "2", "1", "--same-hand", "--hand-for-hand", "--started", "100")
    got = places(shown("w"))
    # WSOP T 126-b: the largest at each table tie for the highest places, the next below.
    assert got == {a: [10, 11], c: [10, 11], b: [12]}


def test_refusals_record_nothing() -> None:
    ok("new", "d", "--entrants", "6", "--seed", "1", "--table-seats", "6")
    refused("--started gives 1 stacks for 2 seats", "bust", "d", "1", "1", "2", "--started", "5")
    refused("a seat is named twice", "bust", "d", "1", "1", "1")
    refused("--started 'x'", "bust", "d", "1", "1", "--started", "x")
    refused("no bust is recorded yet", "bust", "d", "1", "1", "--same-hand")
    refused("no payout structure posted", "payouts", "d")
    refused("the percentages add up to 90%, not 100", "payouts", "d", "--percent", "50,40")
    refused("pays 7 places, more than the 6 entries", "payouts", "d", "--percent",
            "40,20,10,10,10,5,5")  # fmt: skip
    assert shown("d")["players"] == 6
    assert json.loads(ok("results", "d", "--json"))["prize_pool"] is None


def test_payouts_from_the_buy_in_and_entries(tmp_path: Path) -> None:
    ok("new", "d", "--entrants", "30", "--seed", "2")
    data = shown("d")
    pool = data["buy_in"] * 30
    out = ok("payouts", "d", "--percent", "50,30,20")
    assert f"prize pool {pool:,} (30 entries × {data['buy_in']}; the fee is the house's)" in out
    paid = json.loads(ok("payouts", "d", "--json"))
    assert [p["amount"] for p in paid["places"]] == [pool // 2, pool * 3 // 10, pool // 5]
    assert paid["prize_pool"] == pool
    table = tmp_path / "payouts.txt"
    table.write_text("# the house's table\n40\n25\n15\n12\n8   # fifth\n")
    odd = json.loads(ok("payouts", "d", "--file", str(table), "--unit", "7", "--json"))
    amounts = [p["amount"] for p in odd["places"]]
    assert sum(amounts) == pool
    assert all(a % 7 == 0 for a in amounts[1:])
    assert amounts == sorted(amounts, reverse=True)
    ok("enter", "d")  # a late entry grows the pool
    assert json.loads(ok("payouts", "d", "--json"))["prize_pool"] == pool + data["buy_in"]


def test_results_of_a_tournament_played_out_pay_the_whole_pool() -> None:
    rng = random.Random(5)
    ok("new", "r", "--entrants", "8", "--seed", "4", "--table-seats", "9")
    ok("payouts", "r", "--percent", "50,30,20", "--unit", "5")
    order: list[int] = []
    said = ""
    while (data := shown("r"))["players"] > 1:
        table = data["tables"][0]
        seat = rng.choice(table["seats"])
        said = ok("bust", "r", str(table["table"]), str(seat["seat"]))
        order.append(seat["player"])
    results = json.loads(ok("results", "r", "--json"))
    winner = data["tables"][0]["seats"][0]["player"]
    assert results["finished"]
    assert [row["player"] for row in results["results"]] == [winner, *reversed(order)]
    assert [row["place"] for row in results["results"]] == list(range(1, 9))
    pool = 8 * data["buy_in"]
    assert [row["paid"] for row in results["results"][:3]] == [pool // 2, pool * 3 // 10,
                                                                pool // 5]  # fmt: skip
    assert sum(row["paid"] for row in results["results"]) == pool
    assert results["results"][0]["reason"] == "the last player left"
    assert f"entrant {winner} wins the tournament" in said
    assert f"1st  {pool // 2:>12,}  entrant {winner} — the last player left" in ok("results", "r")
    refused("the winner cannot bust", "bust", "r", str(data["tables"][0]["table"]),
            str(data["tables"][0]["seats"][0]["seat"]))  # fmt: skip


def test_the_chip_race_is_dealt_run_and_recorded() -> None:
    ok("new", "c", "--entrants", "6", "--seed", "1", "--table-seats", "6")
    ok("chips", "c", "1", "2", "550")  # a short stack: 22 chips of 25
    ok("chips", "c", "1", "3", "75")  # three 25s and nothing else
    due = ok("race", "c", "1", "1=7", "2=22", "3=3")
    assert [line.strip() for line in due.splitlines()[1:4]] == [
        "seat  1: 3 cards",
        "seat  2: 2 cards",
        "seat  3: 3 cards",
    ]
    assert shown("c")["tables"][0]["seats"][0]["chips"] == 20000  # nothing recorded yet
    done = json.loads(
        ok("race", "c", "1", "1=7", "2=22", "3=3", "--cards", "2c 9d Kh As 3c Qd 4h 5s", "--json")
    )
    assert (done["chip"], done["to"], done["recorded"]) == (25, 100, True)
    seats = {s["seat"]: s for s in done["seats"]}
    # 8 odd chips of 25: two 100 chips, to As and Kh; seat 3 keeps in with a 100 chip.
    assert (seats[1]["won"], seats[2]["won"], seats[3]["won"]) == (1, 1, 1)
    assert seats[1]["after"] == 20000 - 3 * 25 + 100
    assert seats[2]["after"] == 500 + 100
    assert (seats[3]["after"], seats[3]["saved"]) == (100, True)
    assert "TDA 2024 Rule 24-A" in seats[3]["reason"]
    chips = {s["seat"]: s["chips"] for s in shown("c")["tables"][0]["seats"]}
    assert (chips[1], chips[2], chips[3]) == (20025, 600, 100)
    # 8 odd 25s (200) raced for three 100 chips (300): 100 more chips in play
    assert shown("c")["chips_in_play"] == 6 * 20000 + 100
    refused("table 1: the 25 chips were raced off already", "race", "c", "1", "1=3",
            "--chip", "25")  # fmt: skip
    refused("table 1: 7 cards dealt for a race of 3 odd chips", "race", "c", "1", "1=3",
            "--chip", "100", "--cards", "2c 9d Kh As 3c Qd 4h")  # fmt: skip
    refused("the structure's chips are", "race", "c", "1", "1=1", "--chip", "30")
    refused("table 1 seat 1: 900 chips of 100 are more than", "race", "c", "1", "1=900")


def test_on_either_store(store_url: str) -> None:
    db = ("--db", store_url)
    ok("new", "s", "--entrants", "9", "--seed", "8", *db)
    ok("bust", "s", "1", "1", "2", "--started", "100,200", *db)
    ok("payouts", "s", "--percent", "70,30", *db)
    ok("race", "s", "1", "3=5", "--cards", "Ah", *db)
    seat3 = next(s for s in shown("s", *db)["tables"][0]["seats"] if s["seat"] == 3)
    assert seat3["chips"] == 20000 - 5 * 25 + 100  # one 100 changed up; the odd 25 lost
    results = json.loads(ok("results", "s", "--json", *db))
    assert [row["place"] for row in results["results"]] == [8, 9]
    assert results["prize_pool"] == 9 * shown("s", *db)["buy_in"]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
        | st.integers(-3, 12).map(str)
        | st.sampled_from(["--started", "--same-hand", "--hand-for-hand", "--percent", "--file",
                           "--unit", "--cards", "--chip", "1=3", "2=40", "50,50", "As Kd"]),
        min_size=1,
        max_size=5,
    )
)  # fmt: skip
def test_arguments_never_crash_a_money_command(words: list[str]) -> None:
    if run("show", "fuzz").exit_code != 0:
        ok("new", "fuzz", "--entrants", "12", "--seed", "1", "--table-seats", "6")
    for command in ("bust", "payouts", "results", "race"):
        result = run(command, "fuzz", *words)
        assert result.exit_code in (0, 2), (command, words, result.stdout, result.stderr)
        if result.exit_code == 2:
            assert result.stderr.count("\n") == 1, result.stderr


def test_the_docs_show_the_keys_of_finishes() -> None:
    import re

    root = Path(__file__).resolve().parents[1]
    text = (root / "docs" / "tournament.md").read_text(encoding="utf-8")
    documented = json.loads(re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)[0])
    ok("new", "d", "--entrants", "9", "--seed", "1")
    ok("bust", "d", "1", "1")
    assert set(documented["finishes"][0]) == set(shown("d")["finishes"][0])


@pytest.mark.slow
def test_a_100_player_tournament_played_out_places_and_pays_exactly() -> None:
    """Busts at random, one or two in a hand at one table with starting stacks given, the
    moves carried out after each, to the winner; the places and payouts are counted here
    from the busts as made, and the chips of every race checked."""
    rng = random.Random(2626)
    data = json.loads(ok("new", "big", "--entrants", "100", "--seed", "26", "--json"))
    ok("payouts", "big", "--percent", "25,16,12,9,7,6,5,4,3.5,3.5,3,3,3", "--unit", "5")
    expected: dict[int, list[int]] = {}
    left = 100
    while data["players"] > 1:
        table = rng.choice(data["tables"])
        count = min(rng.choice([1, 1, 1, 2]), len(table["seats"]), data["players"] - 1)
        out = rng.sample(table["seats"], count)
        stacks = [rng.choice([1000, 5000, 9000]) for _ in out]
        ok("bust", "big", str(table["table"]), *(str(s["seat"]) for s in out),
           "--started", ",".join(map(str, stacks)))  # fmt: skip
        # counted here: the larger starting stack higher, equal stacks tie
        for seat, stack in zip(out, stacks, strict=True):
            above = sum(1 for other in stacks if other > stack)
            same = sum(1 for other in stacks if other == stack)
            first = left - count + 1 + above
            expected[seat["player"]] = list(range(first, first + same))
        left -= count
        ok("balance", "big", "--apply")
        data = shown("big")
        now = places(data)
        assert {player: now[player] for player in expected} == expected
        assert len(now) == len(expected) + (data["players"] == 1)
    winner = data["tables"][0]["seats"][0]["player"]
    results = json.loads(ok("results", "big", "--json"))
    got = {row["player"]: row["places"] for row in results["results"]}
    assert got == {**expected, winner: [1]}
    table = json.loads(ok("payouts", "big", "--json"))
    pays = [p["amount"] for p in table["places"]]
    counted: dict[int, int] = {}
    for player, shared in got.items():
        pooled = sum(pays[p - 1] for p in shared if p <= len(pays))
        counted[player] = pooled // len(shared)
    paid = {row["player"]: row["paid"] for row in results["results"]}
    assert sum(paid.values()) == table["prize_pool"] == 100 * data["buy_in"]
    for player, amount in paid.items():
        # an equal split of shared places leaves at most a unit over per tied player
        assert 0 <= amount - counted[player] <= 5 * len(got[player]), player


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=80)
    | st.sampled_from(["100", "50\n50", "60, 40 # two", "33.4 33.3 33.3", "40 30 20 5 5%"])
)
def test_any_payouts_file_is_posted_or_refused_in_one_line(tmp_path: Path, text: str) -> None:
    if run("show", "fuzz").exit_code != 0:
        ok("new", "fuzz", "--entrants", "12", "--seed", "1")
    path = tmp_path / "payouts.txt"
    path.write_text(text, encoding="utf-8")
    result = run("payouts", "fuzz", "--file", str(path), "--json")
    assert result.exit_code in (0, 2), (text, result.stdout, result.stderr)
    if result.exit_code == 2:
        assert result.stderr.count("\n") == 1, result.stderr
    else:
        table = json.loads(result.stdout)
        assert sum(p["amount"] for p in table["places"]) == table["prize_pool"]
