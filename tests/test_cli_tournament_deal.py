"""``floorman tournament deal-made``: the amounts the players still in agreed, checked
against what the places left pay, then in ``results``, its printed page and the report,
each player with what the deal gives them and the winner what was left to play for."""

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


def seated(name: str) -> list[tuple[int, int]]:
    """(seat, entrant) at table 1, by seat."""
    data: dict[str, Any] = json.loads(ok("show", name, "--json"))
    return [(s["seat"], s["player"]) for s in data["tables"][0]["seats"]]


def results(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("results", name, "--json"))
    return data


def at_four(name: str, *structure: str) -> list[int]:
    """Ten entrants of 100 at one table, 50/30/20 posted, six out: 1,000 in the pool and
    all of it still to be paid to the four left; the entrants left, by seat."""
    ok("new", name, "--entrants", "10", "--seed", "4", "--table-seats", "10", *structure)
    ok("payouts", name, "--percent", "50,30,20")
    for seat, _entry in seated(name)[:6]:
        ok("bust", name, "1", str(seat))
    return [entry for _seat, entry in seated(name)]


def test_a_deal_is_recorded_and_the_results_pay_it() -> None:
    left = at_four("d")
    pool = results("d")["prize_pool"]
    # the places left pay the whole pool (50/30/20): the deal shares it, 400 left to play for
    amounts = [200, 150, 150, 100]
    out = ok("deal-made", "d", *(f"{e}={a}" for e, a in zip(left, amounts, strict=True)),
             "--left", str(pool - sum(amounts)))  # fmt: skip
    assert "deal made by 4 players [house option (TDA 2024 is silent; as RRoP §15 rule 36)]" in out
    assert "400 left to play for, to the winner" in out
    data = results("d")
    assert data["deal"]["left"] == 400
    assert data["deal"]["pool_left"] == pool
    agreed = dict(zip(left, amounts, strict=True))
    assert {r["player"]: r["deal"] for r in data["still_in"]} == agreed
    text = ok("results", "d")
    assert "deal made by 4 players" in text
    assert f"200  entrant {left[0]}, still in" in text
    # the players bust: each paid the deal's amount, not the place's, the winner the rest
    for seat, _entry in seated("d")[:3]:
        ok("bust", "d", "1", str(seat))
    final = results("d")
    paid = {row["player"]: row["paid"] for row in final["results"]}
    winner = final["results"][0]["player"]
    expected = dict(zip(left, amounts, strict=True))
    expected[winner] += 400
    assert {e: paid[e] for e in left} == expected
    assert sum(paid.values()) == pool
    assert all(row["deal"] for row in final["results"] if row["player"] in left)
    assert "the deal's amount" in ok("results", "d")


def test_amounts_that_do_not_add_up_are_refused_in_one_line() -> None:
    left = at_four("d")
    deal = [f"{e}=250" for e in left]
    refused("the deal's amounts add up to 900; the places left pay 1,000", "deal-made", "d",
            *deal[:3], f"{left[3]}=150")  # fmt: skip
    refused("the deal's amounts and --left add up to 1,100; the places left pay 1,000",
            "deal-made", "d", *deal, "--left", "100")  # fmt: skip
    refused(f"player {left[3]} is still in and not in the deal", "deal-made", "d", *deal[:3])
    refused("player 99 is not still in", "deal-made", "d", *deal, "99=0")
    refused(f"player {left[0]} is named twice", "deal-made", "d", *deal, deal[0])
    refused("'1=x': PLAYER=AMOUNT", "deal-made", "d", "1=x")
    assert results("d")["deal"] is None
    ok("deal-made", "d", *deal)
    refused("a deal is recorded already", "deal-made", "d", *deal)


def test_a_deal_waits_for_the_payouts_and_two_players() -> None:
    ok("new", "n", "--entrants", "3", "--seed", "1")
    refused("no payout structure posted", "deal-made", "n", "1=1", "2=1", "3=1")
    ok("new", "many", "--entrants", "12", "--seed", "1")
    ok("payouts", "many", "--percent", "50,30,20")
    refused("players 2, 3, 4, 5, 6 and 6 more are still in and not in the deal", "deal-made",
            "many", "1=1200")  # fmt: skip


def test_rrop_keeps_some_prize_money_at_stake(tmp_path: Path) -> None:
    text = (ROOT / "rulebook" / "structures" / "daily.yaml").read_text()
    path = tmp_path / "rrop.yaml"
    path.write_text(text.replace("rulebook: tda-2024", "rulebook: rrop"))
    left = at_four("r", "--structure", str(path))
    deal = [f"{e}=250" for e in left]
    refused("a deal that removes all prize money from being at stake is unethical"
            " (RRoP §15 rule 37): leave some to play for with --left", "deal-made", "r",
            *deal)  # fmt: skip
    deal[0] = f"{left[0]}=200"
    out = ok("deal-made", "r", *deal, "--left", "50")
    assert "[RRoP §15 rule 36]" in out


@pytest.mark.usefixtures("poppler")
def test_the_results_and_the_report_print_the_deal(tmp_path: Path) -> None:
    left = at_four("p")
    ok("deal-made", "p", *(f"{e}=200" for e in left), "--left", "200")
    for what in ("results", "report"):
        path = tmp_path / f"{what}.pdf"
        ok("print", "p", what, "-o", str(path))
        text = " ".join(text_of(path, layout=False).split())
        assert "Deal made by 4 players; 200 left to play for, to the winner" in text
        assert "still in" in text
        assert "the deal's amount (house option (TDA 2024 is silent; as RRoP §15 rule 36))" in text
        assert not overflowing(path)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
        | st.tuples(st.integers(-2, 12), st.integers(-5, 1200)).map(lambda p: f"{p[0]}={p[1]}")
        | st.sampled_from(["--left", "--json", "250", "0", "=", "1=", "=5"]),
        min_size=1,
        max_size=6,
    )
)
def test_arguments_never_crash_a_deal(words: list[str]) -> None:
    if run("show", "fuzz").exit_code != 0:
        at_four("fuzz")
    result = run("deal-made", "fuzz", *words)
    assert result.exit_code in (0, 2), (words, result.stdout, result.stderr)
    if result.exit_code == 2:
        assert result.stderr.count("\n") == 1, result.stderr
    deal = results("fuzz")["deal"]
    if deal is not None:  # recorded only when it adds up to what the places left pay
        assert sum(a["amount"] for a in deal["amounts"]) + deal["left"] == 1000
        assert len(deal["amounts"]) == 4


def _seats(name: str, *db: str) -> list[tuple[int, int, int]]:
    """(table, seat, entrant) of every player still in."""
    data: dict[str, Any] = json.loads(ok("show", name, "--json", *db))
    return [(t["table"], s["seat"], s["player"]) for t in data["tables"] for s in t["seats"]]


def _book(tmp_path: Path, book: str) -> str:
    text = (ROOT / "rulebook" / "structures" / "daily.yaml").read_text()
    path = tmp_path / f"{book}.yaml"
    path.write_text(text.replace("rulebook: tda-2024", f"rulebook: {book}\nreentry_forfeit: true"))
    return str(path)


@pytest.mark.parametrize(
    ("book", "why"),
    [
        ("rrop", "RRoP §15 rule 36: a deal that excludes an active competitor is improper"),
        ("tda-2024", "house option: TDA 2024 Rule 8 is silent on entries after a deal;"
                     " as RRoP §15 rule 36"),
        ("wsop-2024", "house option: WSOP T 12 closes late registration at a level of the"
                      " structure sheet and is silent on deals; as RRoP §15 rule 36"),
    ],
)  # fmt: skip
def test_no_entry_after_a_deal_and_play_goes_on(tmp_path: Path, book: str, why: str) -> None:
    """A deal is made among the players left: a late entry, an alternate or a re-entry
    then would be a player the deal leaves out, and is refused with nothing written; busts
    and balancing go on, as the tournament is played to completion (RRoP §15 rule 37)."""
    ok("new", "t", "--entrants", "12", "--seed", "6", "--table-seats", "6",
       "--structure", _book(tmp_path, book))  # fmt: skip
    ok("payouts", "t", "--percent", "50,30,20")
    ok("enter", "t", "--name", "Dana Lee")  # before the deal: a late entry is seated
    for table, seat, _entry in _seats("t")[:9]:
        ok("bust", "t", str(table), str(seat))
    left = [entry for _table, _seat, entry in _seats("t")]
    assert len(left) == 4
    ok("deal-made", "t", *(f"{e}=300" for e in left), "--left", "100")
    before = ok("show", "t", "--json")
    message = f"tournament t: a deal is recorded: no entry after it ({why})"
    refused(message, "enter", "t", "--name", "Late Larry")
    table, seat, _entry = _seats("t")[0]
    refused(message, "enter", "t", "--forfeit", str(table), str(seat))
    assert ok("show", "t", "--json") == before
    # play goes on after the deal: the tables combine, the players bust, the deal is paid
    ok("balance", "t", "--apply")
    assert len({table for table, _seat, _entry in _seats("t")}) == 1
    for table, seat, _entry in _seats("t")[:3]:
        ok("bust", "t", str(table), str(seat))
    final = results("t")
    paid = {row["player"]: row["paid"] for row in final["results"] if row["player"] in left}
    assert sorted(paid.values()) == [300, 300, 300, 400]


def test_no_entry_after_a_deal_on_either_store(store_url: str) -> None:
    db = ("--db", store_url)
    ok("new", "s", "--entrants", "6", "--seed", "2", *db)
    ok("payouts", "s", "--percent", "70,30", *db)
    for table, seat, _entry in _seats("s", *db)[:3]:
        ok("bust", "s", str(table), str(seat), *db)
    left = [entry for _table, _seat, entry in _seats("s", *db)]
    ok("deal-made", "s", *(f"{e}=200" for e in left), *db)
    result = run("enter", "s", *db)
    assert result.exit_code == 2, result.stdout
    assert result.stderr.startswith("floorman: tournament s: a deal is recorded: no entry after")
    assert result.stderr.count("\n") == 1
    assert len(_seats("s", *db)) == 3
    table, seat, _entry = _seats("s", *db)[0]
    ok("bust", "s", str(table), str(seat), *db)
    assert len(_seats("s", *db)) == 2


def test_a_player_of_the_deal_disqualified_after_it_is_named_so() -> None:
    """The books say nothing of what a deal pays a player disqualified after it: the
    results name the player disqualified, not still in, and leave it to the floor."""
    left = at_four("q")
    ok("deal-made", "q", *(f"{e}=250" for e in left))
    seat, entry = seated("q")[0]
    ok("penalty", "q", "1", str(seat), "disqualify", "--reason", "collusion")
    data = results("q")
    flags = {row["player"]: row["disqualified"] for row in data["deal"]["amounts"]}
    assert flags == {e: e == entry for e in left}
    assert entry not in {row["player"] for row in data["still_in"]}
    text = ok("results", "q")
    assert f"entrant {entry}, disqualified: what the deal pays is the floor's call" in text
    assert text.count(", still in") == 3
