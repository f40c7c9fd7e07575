"""The finishing order worked out from a tournament's log: every place from 1 to the
entries held once a winner is left, shared places held by as many players as they
number, and the larger starting stack of a hand never below the smaller."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.standings import standings


def draw(stacks: list[int]) -> dict[str, Any]:
    return {
        "kind": "draw",
        "entrants": len(stacks),
        "table_seats": 10,
        "buttons": {"1": 1},
        "seating": [[1, seat, seat, chips] for seat, chips in enumerate(stacks, start=1)],
    }


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_tournament_played_out_holds_every_place_once(data: st.DataObject) -> None:
    entries = data.draw(st.integers(2, 10))
    stacks = data.draw(st.lists(st.sampled_from([100, 200, 300]), min_size=entries,
                                max_size=entries))  # fmt: skip
    records: list[dict[str, Any]] = [draw(stacks)]
    seats = list(range(1, entries + 1))
    hands: list[list[int]] = []
    while len(seats) > 1:
        out = data.draw(st.lists(st.sampled_from(seats), min_size=1, max_size=len(seats) - 1,
                                 unique=True))  # fmt: skip
        for index, seat in enumerate(out):
            records.append({"kind": "bust", "table": 1, "seat": seat, "same_hand": index > 0})
            seats.remove(seat)
        hands.append(out)
    placed = standings(records, "rrop")
    shared = {s.places for s in placed}
    assert sorted(p for places in shared for p in places) == list(range(1, entries + 1))
    for places in shared:
        assert sum(1 for s in placed if s.places == places) == len(places)
    assert sorted(s.entry for s in placed) == list(range(1, entries + 1))
    assert [s.entry for s in placed if s.place == 1] == seats
    by_entry = {s.entry: s for s in placed}
    for out in hands:
        for a in out:
            for b in out:
                if stacks[a - 1] > stacks[b - 1]:
                    assert by_entry[a].places[-1] < by_entry[b].place
                if stacks[a - 1] == stacks[b - 1]:
                    assert by_entry[a].places == by_entry[b].places
