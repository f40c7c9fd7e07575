"""Breaking and balancing tournament tables: after every plan the tables are within the
rulebook's spread, nobody is seated twice or lost, chips are conserved, every move cites
its rule, and no player is dealt in between the small blind and the button."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.balance import (
    STUD_ONLY,
    Book,
    break_order,
    last_open_seat,
    plan,
    seat_for_entrant,
)
from floorman.tournament.draw import seat_draw
from floorman.tournament.floor import Floor, Seated, apply_record, replay

BOOKS = [Book(), Book("rrop"), Book("wsop-2024"), Book(balance_within=2)]
STUD_BOOKS = [
    Book(game="stud"),
    Book(game="razz", stud_mover="high-card"),
    Book("rrop", game="stud-hilo"),
    Book("wsop-2024", game="stud"),
    Book(game="mixed"),
    Book("wsop-2024", game="mixed"),
]
CITES = ("TDA ", "RRoP ", "WSOP ")


def drawn(entrants: int, seats: int, seed: int) -> Floor:
    """A tournament after the opening draw, every button on the table's seat 1."""
    cards = seat_draw(list(range(1, entrants + 1)), seats, random.Random(seed))
    seating = [[c.table, c.seat, e, 1000 + e] for e, c in cards.items()]
    buttons = {str(c.table): 1 for c in cards.values()}
    return replay(
        [{"kind": "draw", "table_seats": seats, "entrants": entrants,
          "seating": seating, "buttons": buttons}]
    )  # fmt: skip


def first_after(button: int, taken: set[int], size: int) -> int:
    """The first occupied seat clockwise after ``button``, counted seat by seat."""
    seat = button
    for _ in range(size):
        seat = seat % size + 1
        if seat in taken:
            return seat
    raise AssertionError("nobody seated")


def between_button_and_small_blind(floor: Floor, table: int) -> set[int]:
    """The empty seats passed going from the button to the small blind (heads-up, the
    button is the small blind: none)."""
    taken = set(floor.tables[table])
    button = floor.buttons[table]
    if len(taken) < 2 or (len(taken) == 2 and button in taken):
        return set()
    small = first_after(button, taken, floor.size())
    seats, seat = set(), button
    while (seat := seat % floor.size() + 1) != small:
        seats.add(seat)
    return seats


def check_plan(before: Floor, book: Book, seed: int) -> Floor:
    """Plan, carry out, and check everything a floor person relies on; the tables after."""
    result = plan(before, book, random.Random(seed))
    after = before.copy()
    apply_record(after, result.record())
    entries = [s.entry for seats in after.tables.values() for s in seats.values()]
    assert len(entries) == len(set(entries)), "someone seated twice"
    assert sorted(entries) == sorted(s.entry for t in before.tables.values() for s in t.values())
    chips = {s.entry: s.chips for t in before.tables.values() for s in t.values()}
    assert sum(chips.values()) == sum(s.chips for t in after.tables.values() for s in t.values())
    assert all(s.chips == chips[s.entry] for t in after.tables.values() for s in t.values())
    counts = after.counts()
    spread = max(counts.values()) - min(counts.values())
    assert spread <= book.tolerance(len(counts))[0]
    final = book.final_size(after.table_seats)[0]  # WSOP 68: one more at the final table
    assert len(counts) == (1 if after.players <= final else -(-after.players // after.size()))
    losing = {m.source[0] for m in result.moves}
    for move in result.moves:
        assert move.cite.startswith(CITES)
        assert move.reason
        table, seat = move.target
        fresh = move.why != "redraw" and table not in losing
        stud = book.game in STUD_ONLY  # no button in stud: nobody waits for it
        if fresh and not stud and seat in between_button_and_small_blind(before, table):
            assert move.waits, move
    for table, cite in result.broken:
        assert table not in after.tables
        assert cite
    return after


def enter_one(floor: Floor, book: Book, rng: random.Random) -> None:
    """Seat a late entrant as drawn, checking the seat is open and dealt in at once
    unless every open seat at the tables with the fewest players waits for the button."""
    entry = seat_for_entrant(floor, book, rng)
    counts = floor.counts()
    if entry.table in floor.tables:
        assert entry.seat not in floor.tables[entry.table]
        assert counts[entry.table] == min(c for c in counts.values() if c < floor.size())
        assert entry.waits == (entry.seat in between_button_and_small_blind(floor, entry.table))
    else:
        assert min(counts.values()) == floor.size()
    apply_record(floor, {"kind": "enter", "entry": floor.entrants + 1, "table": entry.table,
                         "seat": entry.seat, "chips": 500})  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(
    entrants=st.integers(2, 130),
    seats=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    book=st.sampled_from(BOOKS),
    data=st.data(),
)
def test_every_plan_keeps_the_tables_balanced_and_everyone_seated_once(
    entrants: int, seats: int, seed: int, book: Book, data: Any
) -> None:
    floor = drawn(entrants, seats, seed)
    rng = random.Random(seed)
    while floor.players > 1:
        for _ in range(data.draw(st.integers(1, 4), label="busts")):
            if floor.players > 1:
                table = rng.choice(sorted(floor.tables))
                apply_record(
                    floor,
                    {
                        "kind": "bust",
                        "table": table,
                        "seat": rng.choice(sorted(floor.tables[table])),
                    },
                )
                if not floor.tables[table]:
                    floor = check_plan(floor, book, rng.randrange(2**32))
        if data.draw(st.booleans(), label="a late entrant"):
            enter_one(floor, book, rng)
        if data.draw(st.booleans(), label="button moves"):
            for table, taken in floor.tables.items():
                apply_record(
                    floor, {"kind": "button", "table": table, "seat": rng.choice(sorted(taken))}
                )
        floor = check_plan(floor, book, rng.randrange(2**32))


def test_the_player_to_be_big_blind_next_moves_to_the_worst_position() -> None:
    floor = Floor(9)
    floor.tables = {
        1: {s: Seated(s, 100) for s in range(1, 10)},
        2: {s: Seated(10 + s, 100) for s in (1, 2, 3, 6, 8, 9)},
    }
    floor.buttons = {1: 4, 2: 1}
    result = plan(floor, Book(), random.Random(1))
    assert len(result.moves) == 1
    move = result.moves[0]
    # button 4: small blind 5, big blind 6 next hand; table 2: button 1, small blind 2,
    # big blind 3: the empty seat due soonest for the big blind is 4
    assert (move.source, move.target, move.cite) == ((1, 6), (2, 4), "TDA 11-A, 11-C")
    assert "to be big blind next at table 1" in move.reason
    assert [h.table for h in result.halts] == [2]  # three short of table 1


def test_a_seat_between_the_blinds_is_a_single_big_blind_and_comes_first() -> None:
    floor = Floor(9)
    floor.tables = {
        1: {s: Seated(s, 100) for s in range(1, 10)},
        2: {s: Seated(10 + s, 100) for s in (1, 2, 4, 5, 7, 8)},
    }
    floor.buttons = {1: 9, 2: 1}
    move = plan(floor, Book(), random.Random(1)).moves[0]
    assert (move.source, move.target) == ((1, 2), (2, 3))


def test_play_halts_on_a_table_three_short_under_tda_and_wsop_not_rrop() -> None:
    floor = Floor(9)
    floor.tables = {t: {s: Seated(10 * t + s, 100) for s in range(1, 10)} for t in (1, 2, 3)}
    for seat in (1, 2, 3):
        del floor.tables[2][seat]
    floor.buttons = {1: 1, 2: 5, 3: 1}
    assert [h.as_json() for h in plan(floor, Book(), random.Random(1)).halts] == [
        {"table": 2, "short": 3, "cite": "TDA 11-D"}
    ]
    assert plan(floor, Book("wsop-2024"), random.Random(1)).halts[0].cite == "WSOP 67"
    assert plan(floor, Book("rrop"), random.Random(1)).halts == []


def test_rrop_keeps_more_than_six_tables_within_two_players() -> None:
    floor = Floor(9)
    floor.tables = {t: {s: Seated(10 * t + s, 100) for s in range(1, 10)} for t in range(1, 8)}
    for seat in (1, 2):
        del floor.tables[3][seat]
    floor.buttons = dict.fromkeys(range(1, 8), 5)
    assert plan(floor, Book("rrop"), random.Random(1)).moves == []
    moves = plan(floor, Book(), random.Random(1)).moves
    assert len(moves) == 1
    assert moves[0].target[0] == 3


def test_a_table_breaks_when_the_others_can_seat_everyone() -> None:
    floor = drawn(27, 9, 3)
    for table, out in ((1, 4), (2, 4), (3, 2)):
        for seat in sorted(floor.tables[table])[:out]:
            del floor.tables[table][seat]
    result = plan(floor, Book(), random.Random(4))
    assert [t for t, _ in result.broken] == [3]  # 17 players fit at two tables
    moved = [m for m in result.moves if m.why == "break"]
    assert len(moved) == 7
    assert all(m.card for m in moved)
    assert all(m.cite == "TDA 10-A, 10-B and Addendum §10" for m in moved)


def test_the_two_step_draw_gives_the_first_seat_card_to_the_highest_card() -> None:
    from floorman.tournament.draw import SeatCard, two_step_draw

    cards = [SeatCard(1, 4), SeatCard(2, 7), SeatCard(1, 9)]
    drawn_ = two_step_draw([11, 12, 13], cards, random.Random(5))
    assert sorted((c.table, c.seat) for _, c, _ in drawn_) == [(1, 4), (1, 9), (2, 7)]
    again = two_step_draw([11, 12, 13], cards, random.Random(5))
    assert drawn_ == again


@pytest.mark.parametrize(
    ("book", "counts"),
    [(Book("rrop"), {2, 1}), (Book("wsop-2024"), {3, 2, 1}), (Book(), set())],
)
def test_redraws_as_each_book_says(book: Book, counts: set[int]) -> None:
    assert book.redraws(12, 100)[0] == counts


def test_a_redraw_for_the_final_table_reseats_everyone_and_draws_the_button() -> None:
    floor = drawn(30, 9, 8)
    floor.most_tables = 4
    while floor.players > 9:
        table = max(floor.tables, key=lambda t: len(floor.tables[t]))
        del floor.tables[table][max(floor.tables[table])]
    result = plan(floor, Book("rrop"), random.Random(2))
    assert result.notes == ["redraw for the final table (RRoP §15 rule 17)"]
    assert len(result.buttons) == 1
    assert "RRoP §15 rule 29" in next(iter(result.buttons.values()))[1]
    after = floor.copy()
    apply_record(after, result.record())
    assert list(after.counts().values()) == [9]


def test_break_order_puts_the_house_list_first() -> None:
    assert break_order([1, 2, 3], "lowest-first") == [1, 2, 3]
    assert break_order([1, 2, 3, 5], (5, 1)) == [5, 1, 3, 2]


def stud_tables() -> Floor:
    """Table 1 full; table 2 lost seat 7, then seat 3, then seat 5 (three busts)."""
    floor = Floor(8)
    floor.tables = {
        1: {s: Seated(s, 100) for s in range(1, 9)},
        2: {s: Seated(10 + s, 100) for s in range(1, 9)},
    }
    floor.buttons = {1: 1, 2: 1}
    for seat in (7, 3, 5):
        apply_record(floor, {"kind": "bust", "table": 2, "seat": seat})
    return floor


def test_in_stud_only_the_last_seat_open_at_the_short_table_is_filled() -> None:
    floor = stud_tables()
    assert last_open_seat(floor, 2) == 5
    result = plan(floor, Book(game="stud"), random.Random(1))
    # 8 and 5 players: one move, to seat 5 (opened last), not 3 or 7 (opened before)
    assert [(m.source, m.target) for m in result.moves] == [((1, 5), (2, 5))]
    first = result.moves[0]
    assert first.cite == (
        "TDA 11-A, 11-C; house option stud_mover same-seat (TDA 11-A silent on the player)"
    )
    assert "by position for seat 5" in first.reason
    assert "to the last seat open at table 2" in first.reason
    assert not first.waits


def test_the_same_seat_empty_at_the_donor_table_the_next_seat_clockwise_moves() -> None:
    floor = stud_tables()
    apply_record(floor, {"kind": "bust", "table": 1, "seat": 5})
    move = plan(floor, Book(game="stud"), random.Random(1)).moves[0]
    assert (move.source, move.target) == ((1, 6), (2, 5))


def test_with_no_bust_recorded_the_highest_open_seat_is_the_last_open() -> None:
    floor = Floor(9)
    floor.tables = {1: {s: Seated(s, 100) for s in range(1, 10)},
                    2: {s: Seated(10 + s, 100) for s in (1, 2, 4, 5, 6, 8, 9)}}  # fmt: skip
    assert last_open_seat(floor, 2) == 7


@pytest.mark.parametrize(
    ("book", "cite"),
    [
        (Book(game="razz", stud_mover="high-card"),
         "TDA 11-A, 11-C; house option stud_mover high-card"),
        (Book("wsop-2024", game="stud"), "WSOP 67, 67-b-a; seat as TDA 11-A (WSOP silent)"),
    ],
)  # fmt: skip
def test_a_high_card_drawn_at_the_donor_table_picks_the_stud_mover(book: Book, cite: str) -> None:
    move = plan(stud_tables(), book, random.Random(3)).moves[0]
    assert move.cite == cite
    assert move.target == (2, 5)
    assert "drew the high card" in move.reason


def test_in_a_mixed_game_the_would_be_big_blind_from_the_frozen_button_moves() -> None:
    floor = Floor(9)
    floor.tables = {
        1: {s: Seated(s, 100) for s in range(1, 10)},
        2: {s: Seated(10 + s, 100) for s in (1, 2, 3, 6, 8, 9)},
    }
    # the button frozen at seat 4 of table 1 for the stud rounds: were the game hold'em,
    # seat 6 would be big blind; at table 2 (button 1) the worst position is seat 4
    floor.buttons = {1: 4, 2: 1}
    move = plan(floor, Book(game="mixed"), random.Random(1)).moves[0]
    assert (move.source, move.target) == ((1, 6), (2, 4))
    assert move.cite == "TDA 11-A, 11-B, 11-C"
    assert "to be big blind next from the frozen button at table 1" in move.reason
    wsop = plan(floor, Book("wsop-2024", game="mixed"), random.Random(1)).moves[0]
    assert wsop.cite == "WSOP 67, 67-b-a"
    assert wsop.target == (2, 4)


@settings(max_examples=25, deadline=None)
@given(
    entrants=st.integers(2, 60),
    seats=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    book=st.sampled_from(STUD_BOOKS),
)
def test_stud_and_mixed_plans_lose_nobody_and_cite_their_rule(
    entrants: int, seats: int, seed: int, book: Book
) -> None:
    floor = drawn(entrants, seats, seed)
    rng = random.Random(seed)
    while floor.players > 1:
        table = rng.choice(sorted(floor.tables))
        apply_record(
            floor, {"kind": "bust", "table": table, "seat": rng.choice(sorted(floor.tables[table]))}
        )
        floor = check_plan(floor, book, rng.randrange(2**32))


def test_a_second_mover_beside_one_waiting_for_the_button_waits_too() -> None:
    floor = Floor(7)
    floor.tables = {
        1: {s: Seated(s, 100) for s in range(1, 8)},
        2: {s: Seated(10 + s, 100) for s in range(1, 8)},
        3: {s: Seated(20 + s, 100) for s in (2, 3, 4, 5)},
    }
    floor.buttons = {1: 1, 2: 1, 3: 5}
    result = plan(floor, Book(), random.Random(1))
    # button 5, small blind 2: seats 6, 7 and 1 wait, whoever is seated in them first
    into = sorted((m.target[1], m.waits) for m in result.moves if m.target[0] == 3)
    assert len(into) == 2
    assert all(seat in (6, 7, 1) and waits for seat, waits in into)
