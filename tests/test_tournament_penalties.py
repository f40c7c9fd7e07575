"""Warnings, penalties and disqualification: the hands a penalty costs (TDA 2024 Rule 71-A,
WSOP T 113), how they are served hand by hand at the player's table, the chips removed
with a disqualified player (TDA 2024 Rule 71-D, WSOP T 114), the places after one, and
the house's ladder of escalating penalties."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.floor import FloorError, replay
from floorman.tournament.penalties import (
    Penalty,
    PenaltyError,
    next_step,
    penalty_log,
    penalty_record,
    removed_chips,
)
from floorman.tournament.standings import standings

NINE = [[1, seat, seat, 20000] for seat in range(1, 10)]


def draw(seating: list[list[int]] | None = None) -> dict[str, Any]:
    seats = seating or NINE
    tables = sorted({t for t, *_ in seats})
    return {
        "kind": "draw",
        "entrants": len(seats),
        "table_seats": 9,
        "seating": seats,
        "buttons": {str(t): 1 for t in tables},
    }


def test_a_missed_round_is_a_hand_for_every_player_at_the_table_times_the_rounds() -> None:
    # TDA 71-A: nine at the table, two rounds: the offender misses 18 hands.
    record = penalty_record(replay([draw()]), 1, 4, "rounds", 2, "tda-2024", "threw cards")
    assert (record["players"], record["hands"], record["entry"]) == (9, 18, 4)
    assert record["cite"] == "TDA 2024 Rule 71-A"
    six = [[1, s, s, 20000] for s in (1, 2, 4, 6, 7, 9)]
    assert penalty_record(replay([draw(six)]), 1, 4, "rounds", 1, "tda-2024")["hands"] == 6


def test_each_book_cites_its_own_rule_and_rrop_counts_rounds_as_a_house_option() -> None:
    floor = replay([draw()])
    assert penalty_record(floor, 1, 1, "rounds", 1, "wsop-2024")["cite"] == "WSOP T 113-b"
    assert penalty_record(floor, 1, 1, "warning", 1, "wsop-2024")["cite"] == "WSOP T 113-a"
    assert penalty_record(floor, 1, 1, "disqualification", 0, "tda-2024")["cite"] == (
        "TDA 2024 Rule 71-D"
    )
    rrop = penalty_record(floor, 1, 1, "rounds", 1, "rrop")["cite"]
    assert rrop.startswith("house option")
    assert "RRoP §15 rule 27" in rrop


def test_wsop_gives_one_missed_hand_or_one_to_four_rounds() -> None:
    floor = replay([draw()])
    assert penalty_record(floor, 1, 1, "rounds", 4, "wsop-2024")["hands"] == 36
    with pytest.raises(PenaltyError, match="5 rounds: WSOP T 113-a gives 1 to 4"):
        penalty_record(floor, 1, 1, "rounds", 5, "wsop-2024")
    with pytest.raises(PenaltyError, match="2 hands: WSOP T 113-a gives 1 to 1"):
        penalty_record(floor, 1, 1, "hands", 2, "wsop-2024")
    assert penalty_record(floor, 1, 1, "rounds", 5, "tda-2024")["hands"] == 45


def test_a_penalty_on_an_empty_seat_is_refused() -> None:
    floor = replay([draw(), {"kind": "bust", "table": 1, "seat": 3}])
    with pytest.raises(FloorError, match="table 1 seat 3 is empty"):
        penalty_record(floor, 1, 3, "warning", 1, "tda-2024")


def test_a_penalty_is_served_by_the_hands_played_after_it_at_the_players_table() -> None:
    records = [draw(), {"kind": "hand", "table": 1, "count": 4}]
    given_ = penalty_record(replay(records), 1, 2, "hands", 3, "tda-2024")
    log = penalty_log([*records, given_, {"kind": "hand", "table": 1, "count": 2}])
    (p,) = log.penalties
    assert (p.hands, p.served, p.left) == (3, 2, 1)
    assert log.on_penalty() == {2: 1}
    log = penalty_log([*records, given_, {"kind": "hand", "table": 1, "count": 5}])
    assert (log.penalties[0].served, log.on_penalty()) == (3, {})
    assert log.hands == {1: 9}


def test_a_player_moved_while_on_penalty_serves_it_at_the_new_table() -> None:
    seating = [[1, s, s, 1000] for s in range(1, 6)] + [[2, s, 5 + s, 1000] for s in (1, 2)]
    records: list[dict[str, Any]] = [draw(seating)]
    records.append(penalty_record(replay(records), 1, 5, "hands", 4, "tda-2024"))
    records += [
        {"kind": "hand", "table": 1},
        {"kind": "moves", "moves": [{"entry": 5, "from": [1, 5], "to": [2, 3]}]},
        {"kind": "hand", "table": 1},
        {"kind": "hand", "table": 2, "count": 2},
    ]
    (p,) = penalty_log(records).penalties
    assert (p.served, p.served_at) == (3, [1, 2, 2])


def test_a_second_penalty_is_served_after_the_first() -> None:
    records: list[dict[str, Any]] = [draw()]
    records.append(penalty_record(replay(records), 1, 1, "hands", 2, "tda-2024"))
    records.append(penalty_record(replay(records), 1, 1, "rounds", 1, "tda-2024"))
    records.append({"kind": "hand", "table": 1, "count": 3})
    first, second = penalty_log(records).penalties
    assert (first.served, second.served, second.left) == (2, 1, 8)


def test_disqualification_removes_the_player_and_the_chips_and_gives_no_place() -> None:
    seating = [[1, 1, 1, 5000], [1, 2, 2, 7000], [1, 3, 3, 8000]]
    records: list[dict[str, Any]] = [draw(seating)]
    dq = penalty_record(replay(records), 1, 2, "disqualification", 0, "wsop-2024", "collusion")
    assert (dq["chips"], dq["cite"]) == (7000, "WSOP T 114")
    records.append(dq)
    floor = replay(records)
    assert sorted(floor.tables[1]) == [1, 3]
    assert floor.busts == []
    assert removed_chips(records) == 7000
    records.append({"kind": "bust", "table": 1, "seat": 3})
    placed = [(s.entry, s.places) for s in standings(records, "wsop-2024")]
    assert placed == [(1, (1,)), (3, (2,))]


def test_the_house_ladder_escalates_from_a_warning_to_disqualification() -> None:
    def given_(kind: str, count: int = 0) -> Penalty:
        return Penalty(1, 1, 1, 1, kind, count, 9, 0, "", None, 0, None)  # type: ignore[arg-type]

    assert next_step([]) == ("warning", 0)
    assert next_step([given_("warning")]) == ("hands", 1)
    assert next_step([given_("warning"), given_("hands", 1)]) == ("rounds", 1)
    assert next_step([given_("rounds", 2)]) == ("rounds", 3)
    assert next_step([given_("rounds", 4)]) == ("disqualification", 0)
    assert next_step([given_("rounds", 9)]) == ("disqualification", 0)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_penalties_never_make_or_lose_chips_and_the_hands_add_up(data: st.DataObject) -> None:
    seating = [[1 + i // 6, 1 + i % 6, 1 + i, 1000 * (1 + i)] for i in range(12)]
    records: list[dict[str, Any]] = [draw(seating)]
    start = sum(row[3] for row in seating)
    book = data.draw(st.sampled_from(["tda-2024", "wsop-2024", "rrop"]))
    for _ in range(data.draw(st.integers(1, 25))):
        floor = replay(records)
        tables = sorted(t for t, seats in floor.tables.items() if seats)
        table = data.draw(st.sampled_from(tables))
        step = data.draw(st.sampled_from(["hand", "hand", "warning", "hands", "rounds", "dq"]))
        if step == "hand":
            records.append({"kind": "hand", "table": table, "count": data.draw(st.integers(1, 9))})
            continue
        if floor.players <= 2 and step == "dq":
            continue
        seat = data.draw(st.sampled_from(sorted(floor.tables[table])))
        kind = {"dq": "disqualification"}.get(step, step)
        try:
            count = data.draw(st.integers(1, 4))
            records.append(penalty_record(floor, table, seat, kind, count, book))
        except PenaltyError:
            assert book == "wsop-2024"
            assert kind == "hands"
            assert count > 1
    floor = replay(records)
    at_tables = sum(s.chips for seats in floor.tables.values() for s in seats.values())
    assert at_tables + removed_chips(records) == start
    log = penalty_log(records)
    for p in log.penalties:
        assert 0 <= p.served <= p.hands
        assert p.served + p.left == p.hands
        assert len(p.served_at) == p.served
        if p.kind == "rounds":
            assert p.hands == p.count * p.players
    hands = [r for r in records if r["kind"] == "hand"]
    assert sum(log.hands.values()) == sum(r["count"] for r in hands)
    for entry in {p.entry for p in log.penalties}:
        served = sum(p.served for p in log.of(entry))
        assert served <= sum(log.hands.values())


@settings(max_examples=60, deadline=None)
@given(minutes=st.integers(1, 120), after=st.integers(0, 130 * 60), hands=st.integers(0, 30))
def test_minutes_are_served_by_the_clock_and_not_by_hands(
    minutes: int, after: int, hands: int
) -> None:
    from datetime import UTC, datetime, timedelta

    start = datetime(2026, 3, 1, 21, 0, tzinfo=UTC)
    records = [draw()]
    given = penalty_record(replay(records), 1, 4, "minutes", minutes, "rrop", "threw cards")
    assert (given["hands"], given["minutes"], given["cite"]) == (0, minutes, "RRoP §15 rule 27")
    log = penalty_log([(records[0], None), (given, start.isoformat()),
                       ({"kind": "hand", "table": 1, "count": hands}, None)])  # fmt: skip
    penalty = log.penalties[0]
    assert penalty.served == 0
    assert log.on_penalty() == {}
    left = log.away(start + timedelta(seconds=after)).get(4, 0)
    assert left == max(0, -(-(minutes * 60 - after) // 60))  # whole minutes, rounded up
    assert 0 <= left <= minutes
    with pytest.raises(PenaltyError, match="no penalty in minutes"):
        penalty_record(replay(records), 1, 4, "minutes", minutes, "wsop-2024")
