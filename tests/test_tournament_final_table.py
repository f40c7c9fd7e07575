"""The final table's size: WSOP 68 combines a 9-handed event at ten players (8-handed at
nine, 7 at eight, 6 at seven); TDA and RRoP are silent, and the tables combine when the
players fit at one; a house sets its own. Players busted at random down to one table,
checked after every plan: nobody lost or seated twice, chips kept, seats within the table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.balance import Book, plan
from floorman.tournament.draw import seat_draw
from floorman.tournament.floor import Floor, apply_record, replay


def drawn(entrants: int, seats: int, seed: int) -> Floor:
    cards = seat_draw(list(range(1, entrants + 1)), seats, random.Random(seed))
    seating = [[c.table, c.seat, e, 1000 + e] for e, c in cards.items()]
    buttons = {str(c.table): 1 for c in cards.values()}
    return replay(
        [{"kind": "draw", "table_seats": seats, "entrants": entrants,
          "seating": seating, "buttons": buttons}]
    )  # fmt: skip


def settle(floor: Floor, book: Book, seed: int) -> list[str]:
    """Carry out the moves due until none is; the notes of every plan."""
    notes: list[str] = []
    for step in range(20):
        planned = plan(floor, book, random.Random(f"{seed}:{step}"))
        notes += planned.notes
        if not planned.moves and not planned.broken:
            return notes
        apply_record(floor, planned.record())
    raise AssertionError("the moves never settle")


def down_to(floor: Floor, players: int, book: Book, seed: int) -> list[str]:
    rng = random.Random(seed)
    notes = settle(floor, book, seed)
    while floor.players > players:
        table = rng.choice(sorted(floor.tables))
        apply_record(floor, {"kind": "bust", "table": table,
                             "seat": rng.choice(sorted(floor.tables[table]))})  # fmt: skip
        notes += settle(floor, book, seed + floor.players)
    return notes


@pytest.mark.parametrize(("size", "final", "rule"), [(9, 10, "68-a"), (8, 9, "68-b"),
                                                      (7, 8, "68-c"), (6, 7, "68-d")])  # fmt: skip
def test_wsop_combines_at_one_more_than_the_tables_seat(size: int, final: int, rule: str) -> None:
    book = Book("wsop-2024")
    assert book.final_size(size) == (final, f"WSOP {rule}")
    floor = drawn(3 * size, size, 1)
    notes = down_to(floor, final + 1, book, 2)
    assert len(floor.tables) == 2
    notes += down_to(floor, final, book, 3)
    assert len(floor.tables) == 1
    [table] = floor.tables.values()
    assert len(table) == final
    assert set(table) == set(range(1, final + 1))
    assert floor.final_seats == final
    assert any(f"seated {final} (WSOP {rule})" in note for note in notes)


@pytest.mark.parametrize("book", [Book("tda-2024"), Book("rrop"), Book("wsop-2024")])
def test_where_the_book_is_silent_the_tables_combine_when_the_players_fit(book: Book) -> None:
    floor = drawn(30, 10, 4)  # ten-handed: WSOP 68 says nothing of it
    assert book.final_size(10)[0] == 10
    assert "house option final_table" in book.final_size(10)[1]
    down_to(floor, 11, book, 5)
    assert len(floor.tables) == 2
    down_to(floor, 10, book, 6)
    assert len(floor.tables) == 1
    assert floor.final_seats == 0


def test_the_house_sets_the_final_table() -> None:
    book = Book("tda-2024", final_table=8)
    floor = drawn(27, 9, 7)
    down_to(floor, 9, book, 8)
    assert len(floor.tables) == 2
    down_to(floor, 8, book, 9)
    assert len(floor.tables) == 1
    assert book.final_size(9) == (8, "house option final_table")


@settings(max_examples=30, deadline=None)
@given(
    size=st.integers(min_value=6, max_value=9),
    entrants=st.integers(min_value=12, max_value=40),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_every_player_and_chip_is_kept_down_to_the_final_table(
    size: int, entrants: int, seed: int
) -> None:
    book = Book("wsop-2024")
    floor = drawn(entrants, size, seed)
    chips = {e: 1000 + e for e in range(1, entrants + 1)}
    down_to(floor, size + 1, book, seed)
    seated = [s for seats in floor.tables.values() for s in seats.values()]
    assert len(seated) == len({s.entry for s in seated}) == floor.players == size + 1
    assert all(s.chips == chips[s.entry] for s in seated)
    assert len(floor.tables) == 1
    assert all(1 <= seat <= size + 1 for seats in floor.tables.values() for seat in seats)
