"""A cash game or a tournament: the table's kind picks the text that rules, end to end.

The WSOP has a text for each (Live Action, "WSOP LA"; Tournament, "WSOP T"): the same
hand is ruled and cited by the one of its table's kind, and a hand file that does not
say is a cash game's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablecli import ok, run

RABBIT = ["deal", "3 raise 6", "1 fold", "2 fold", "burn", "flop Ah Kd 7c"]
NO_BURN = ["deal", "3 call", "1 call", "2 check", "flop Ah Kd 7c"]


def hand_file(tmp_path: Path, events: list[str], kind: str | None = None) -> str:
    header = {"rulebook": "wsop-2024", "button": 3, "seats": {1: 100, 2: 100, 3: 100}}
    if kind is not None:
        header["kind"] = kind
    path = tmp_path / f"hand-{kind or 'old'}.json"
    path.write_text(json.dumps({**header, "events": events}), encoding="utf-8")
    return str(path)


def checked(path: str) -> dict[str, object]:
    return json.loads(ok("check", path, "--json"))


@pytest.mark.parametrize(
    ("kind", "cite"), [(None, "WSOP LA 77"), ("cash", "WSOP LA 77"), ("tournament", "WSOP T 81")]
)
def test_a_ruling_cites_the_text_of_the_tables_kind(
    tmp_path: Path, kind: str | None, cite: str
) -> None:
    """Rabbit hunting is not allowed in either text: the ruling is one, its citation the
    kind's. A hand file with no kind is a cash game's."""
    out = ok("check", hand_file(tmp_path, RABBIT, kind))
    title = "The board is dealt after everyone else folded (rabbit hunting)"
    assert f"event 6: CONTINUE  {title}" in out
    assert f"  {cite}  [wsop-2024.rabbit-hunt]" in out.splitlines()
    said = ", tournament" if kind == "tournament" else ""
    assert f"hold'em no-limit 1/2{said}, button seat 3" in out.splitlines()


def test_where_the_texts_rule_differently_the_kind_rules(tmp_path: Path) -> None:
    """A flop turned with no burn: LA 164 reshuffles, T 88-c-3-i scrambles."""
    cash = checked(hand_file(tmp_path, NO_BURN, "cash"))["rulings"]
    tournament = checked(hand_file(tmp_path, NO_BURN, "tournament"))["rulings"]
    assert [(r["rule"], r["cite"]) for r in cash] == [
        ("wsop-2024.holdem.flop.no-burn.cash", "WSOP LA 164")
    ]
    assert [s["do"] for s in cash[0]["steps"]] == ["return-to-stub", "reshuffle", "burn"]
    assert [(r["rule"], r["cite"]) for r in tournament] == [
        ("wsop-2024.holdem.flop.no-burn", "WSOP T 88-c-3-i")
    ]
    assert [s["do"] for s in tournament[0]["steps"]] == ["scramble"]


def test_a_bad_kind_is_one_line_exit_2(tmp_path: Path) -> None:
    result = run("check", hand_file(tmp_path, RABBIT, "freeroll"))
    assert result.exit_code == 2
    assert "kind" in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.usefixtures("table_db")
def test_a_tournament_table_is_started_shown_and_carried_to_the_next_hand() -> None:
    said = ok("new", "-t", "9", "--button", "1", "--rulebook", "wsop-2024", "--kind",
              "tournament", "--seats", "1=100,2=100,4=100,6=100,8=100")  # fmt: skip
    assert said.startswith("hand 1 at table 9: hold'em no-limit 1/2, tournament, button seat 1")
    shown = ok("table", "show", "-t", "9").splitlines()
    assert shown[1] == "rulebook wsop-2024, tournament, dead button"
    assert json.loads(ok("table", "show", "-t", "9", "--json"))["kind"] == "tournament"
    ok("add", "-t", "9", "deal; 6 fold; 8 fold; 1 fold; 2 fold")
    assert ok("next", "-t", "9").startswith("hand 2 at table 9: hold'em no-limit 1/2, tournament")


@pytest.mark.usefixtures("table_db")
@pytest.mark.parametrize("kind", ["cash", "tournament"])
def test_a_new_player_comes_in_by_the_text_of_the_tables_kind(kind: str) -> None:
    """WSOP LA 154 lets a new player at a cash game buy the button; a tournament's late
    registrant buys nothing (T 14)."""
    ok("new", "-t", "9", "--button", "1", "--rulebook", "wsop-2024", "--kind", kind,
       "--seats", "1=100,2=100,4=100,6=100,8=100")  # fmt: skip
    ok("add", "-t", "9", "deal; 6 fold; 8 fold; 1 fold; 2 fold")
    bought = run("table", "sit", "-t", "9", "3", "100", "--buy-button")
    if kind == "cash":
        assert bought.exit_code == 0, bought.stderr
    else:
        assert bought.exit_code == 2
        assert "does not let a new player buy the button" in bought.stderr


def test_ask_at_a_tournament_table_cites_the_tournament_text() -> None:
    cash = ok("ask", "rabbit-hunt", "-r", "wsop-2024")
    tournament = ok("ask", "rabbit", "hunting", "-r", "wsop-2024", "--kind", "tournament")
    assert "  WSOP LA 77  [wsop-2024.rabbit-hunt]" in cash.splitlines()
    assert "  WSOP T 81  [wsop-2024.rabbit-hunt]" in tournament.splitlines()
    refused = run("ask", "rabbit-hunt", "--kind", "league")
    assert refused.exit_code == 2
    assert refused.stderr == "floorman: --kind: cash or tournament, not 'league'\n"
