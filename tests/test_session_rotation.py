"""The button and the blinds from one hand to the next, under each button rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.hand.events import parse_event
from floorman.hand.table import Table, TableError
from floorman.session.rotation import (
    button_played,
    held_position,
    next_button,
    next_header,
    next_position,
    placed_table,
    small_blind_spot,
)
from floorman.session.seating import Change, EntryRules, Seating, apply, between, deal

HEADER = {"game": "holdem", "blinds": [1, 2], "button": 3, "seats": {1: 100, 3: 100, 5: 100}}


@pytest.mark.parametrize("rule", ["moving", "dead"])
def test_a_full_table_moves_the_button_one_seat(rule: str) -> None:
    assert next_button((1, 3, 5, 6), 3, (1, 3, 5, 6), rule) == 5  # type: ignore[arg-type]
    assert next_button((1, 3, 5, 6), 6, (1, 3, 5, 6), rule) == 1  # type: ignore[arg-type]


def test_moving_button_skips_the_seat_that_left() -> None:
    # seat 5 had the small blind and left: the button goes to the next player
    assert next_button((1, 3, 5, 6, 8), 3, (1, 3, 6, 8), "moving") == 6


def test_dead_button_stays_behind_the_small_blind_seat_that_left() -> None:
    # button 3, small blind 5, big blind 6; seat 5 leaves: the button goes on the empty
    # seat 5, seat 6 has the small blind, seat 8 the big blind it is due
    button = next_button((1, 3, 5, 6, 8), 3, (1, 3, 6, 8), "dead")
    assert button == 5
    assert Table((1, 3, 6, 8), button).blind_seats == (6, 8)


def test_dead_button_gives_the_same_player_the_button_twice() -> None:
    # button 1, small blind 3, big blind 5: seat 3 busts. The big blind moves to 6,
    # the small blind to 5, and seat 1 keeps the last action (a dead button on 3)
    button = next_button((1, 3, 5, 6), 1, (1, 5, 6), "dead")
    assert button == 3
    assert Table((1, 5, 6), button).blind_seats == (5, 6)


def test_dead_button_when_the_big_blind_leaves_nobody_posts_the_small_blind() -> None:
    # button 1, small blind 3, big blind 5; seat 5 busts. The big blind goes to seat 6,
    # due for it; the small blind is in front of the empty seat 5, so nobody posts it and
    # seat 3 does not post it twice; seat 3 has the button (RRoP §4 rule 1, WSOP LA 151)
    assert next_position((1, 3, 5, 6), 1, (1, 3, 6), "dead") == (3, False)
    assert Table((1, 3, 6), 3, small_blind=False).blind_seats == (None, 6)
    # the next hand: seat 6 posts the small blind, seat 1 the big blind
    button, small_blind = next_position((1, 3, 6), 3, (1, 3, 6), "dead", small_blind=False)
    assert Table((1, 3, 6), button, small_blind).blind_seats == (6, 1)


def test_dead_button_when_both_blinds_leave_the_button_is_dead_and_no_small_blind() -> None:
    # button 1, small blind 3, big blind 5; seats 3 and 5 leave: a dead button on seat 3,
    # the small blind before empty seat 5, seat 6 posts the big blind it is due
    assert next_position((1, 3, 5, 6, 8), 1, (1, 6, 8), "dead") == (3, False)


def test_moving_button_always_has_a_small_blind() -> None:
    assert next_position((1, 3, 5, 6), 1, (1, 3, 6), "moving") == (3, True)


def test_going_heads_up_nobody_takes_the_big_blind_twice() -> None:
    # button 1, small blind 3, big blind 5; seat 1 busts: seat 5 must not post the big
    # blind again, so it takes the button (and the small blind)
    for rule in ("moving", "dead"):
        button = next_button((1, 3, 5), 1, (3, 5), rule)  # type: ignore[arg-type]
        assert button == 5
        assert Table((3, 5), button).blind_seats == (5, 3)


def test_heads_up_the_button_alternates() -> None:
    assert next_button((2, 7), 7, (2, 7), "moving") == 2
    assert next_button((2, 7), 2, (2, 7), "dead") == 7


def test_from_heads_up_to_three_handed_the_big_blind_moves_on() -> None:
    # heads-up button 2 (small blind), seat 7 big blind; seat 4 sits down between them
    assert Table((2, 4, 7), next_button((2, 7), 2, (2, 4, 7), "dead")).blind_seats[1] == 2


def test_next_header_carries_stacks_and_empties_busted_seats() -> None:
    after = next_header(HEADER, {1: 0, 3: 150, 5: 150}, "moving", changes={7: 80})
    assert after["seats"] == {3: 150, 5: 150, 7: 80}
    assert after["button"] == 5
    assert after["blinds"] == [1, 2]


def test_next_header_says_when_a_hand_has_no_small_blind() -> None:
    header = {**HEADER, "seats": {1: 100, 3: 100, 5: 100, 6: 100}, "button": 1}
    after = next_header(header, {1: 100, 3: 100, 5: 0, 6: 100}, "dead")
    assert (after["button"], after["small_blind"]) == (3, "none")
    again = next_header(after, after["seats"], "dead")
    assert (again["button"], "small_blind" in again) == (5, False)  # the dead button on 5
    redealt = next_header(after, after["seats"], "dead", misdeal=True)
    assert (redealt["button"], redealt["small_blind"]) == (3, "none")


def test_after_a_misdeal_the_same_hand_is_dealt_again() -> None:
    after = next_header(HEADER, {1: 98, 3: 101, 5: 101}, "moving", misdeal=True)
    assert after["seats"] == HEADER["seats"]
    assert after["button"] == 3


def test_a_table_with_one_player_left_cannot_deal() -> None:
    with pytest.raises(TableError, match="two seats with chips"):
        next_header(HEADER, {1: 0, 3: 300, 5: 0}, "dead")


@given(
    seats=st.sets(st.integers(1, 10), min_size=3, max_size=10),
    data=st.data(),
)
def test_dead_button_big_blind_always_goes_to_the_next_player(
    seats: set[int], data: st.DataObject
) -> None:
    before = tuple(sorted(seats))
    button = data.draw(st.sampled_from(before))
    big = Table(before, button).blind_seats[1]
    leaving = data.draw(st.sets(st.sampled_from(before), max_size=len(before) - 3))
    after = tuple(s for s in before if s not in leaving)
    due = next((s for s in after if s > big), after[0])
    small = Table(before, button).blind_seats[0]
    button, small_blind = next_position(before, button, after, "dead")
    placed = Table(after, button, small_blind)
    assert placed.blind_seats == (big if big in after else None, due)
    assert placed.blind_seats[0] != small  # nobody posts the small blind twice in a row


@given(
    seats=st.sets(st.integers(1, 10), min_size=4, max_size=10),
    hands=st.lists(st.sets(st.integers(1, 10), max_size=2), min_size=1, max_size=12),
    data=st.data(),
)
def test_dead_button_hand_after_hand_the_big_blind_moves_one_player_on(
    seats: set[int], hands: list[set[int]], data: st.DataObject
) -> None:
    """Players leave and sit down hand after hand: under the dead button the big blind
    always goes to the next player, the small blind to the player who had the big blind (or
    to nobody; to a player who sat down between the blinds), and no seat posts the small
    blind twice in a row."""
    table = Table(tuple(sorted(seats)), data.draw(st.sampled_from(sorted(seats))))
    for changes in hands:
        after = tuple(sorted(set(table.seats) ^ changes))
        if len(after) < 3:
            continue
        small, big = table.blind_seats
        button, small_blind = next_position(table.seats, table.button, after, "dead",
                                            table.small_blind)  # fmt: skip
        placed = Table(after, button, small_blind)
        due = next((s for s in after if s > big), after[0])
        new_small, new_big = placed.blind_seats
        assert new_big == due
        arrived = set(after) - set(table.seats)
        if not any(between(s, small_blind_spot(table), due) for s in arrived):
            assert new_small == (big if big in after else None)
        assert new_small is None or new_small != small
        table = placed


def test_the_button_a_hand_was_played_with_is_its_last_button_event() -> None:
    events = [parse_event(text, n) for n, text in enumerate(["deal", "6 raise 6", "button 3"])]
    assert button_played(events) == 3
    assert button_played(events[:2]) is None


def test_after_a_hand_dealt_before_the_small_blind_the_button_moves_one_player_on() -> None:
    # hand: button 2, seat 3 dealt in unblinded, small blind 4, big blind 6 (WSOP LA 154)
    assert next_position((1, 2, 3, 4, 6), 2, (1, 2, 3, 4, 6), "dead", 4) == (3, 6)
    passed = next_position((1, 2, 3, 4, 6), 2, (1, 2, 3, 4, 6), "dead", 4, one_player_on=False)
    assert passed == (4, True)
    assert next_header({**HEADER, "button": 1, "small_blind": 5, "seats": {
        1: 100, 3: 100, 5: 100, 6: 100}}, {1: 100, 3: 100, 5: 100, 6: 100}, "dead",
    )["small_blind"] == 6  # fmt: skip


WSOP_BUY = EntryRules("dealt-in", "none", "missed-blinds", "past-two", "allowed")


@given(
    seats=st.sets(st.integers(1, 9), min_size=3, max_size=7),
    data=st.data(),
)
def test_a_new_player_who_waits_buys_the_button_or_posts_keeps_the_dead_button_round(
    seats: set[int], data: st.DataObject
) -> None:
    """A new player sits down, hand after hand, and waits for the big blind, buys the
    button or posts just the big blind (WSOP LA 154): the big blind still moves one player
    on every hand, the player who had it posts the small blind, and once everyone is dealt
    in every player has the button once a round (WSOP LA 151)."""
    order = tuple(sorted(seats))
    button = data.draw(st.sampled_from(order))
    empty = [s for s in range(1, 11) if s not in seats]
    newcomer = data.draw(st.sampled_from(empty))
    choice = data.draw(st.sampled_from(["wait", "buy", "post"]))
    sits = data.draw(st.integers(0, len(order)))
    table = Seating.from_stacks(dict.fromkeys(order, 100), (1, 2), 0)
    last = Table(order, button)
    small_blind: bool | int = True
    buttons: list[int] = []
    for hand in range(4 * (len(order) + 1)):
        if hand == sits:
            change = Change("sit", newcomer, 100, post=choice == "post", buy=choice == "buy")
            table = apply(table, change, WSOP_BUY, 10)
        dealt = deal(table, last.seats, last.button, "dead", WSOP_BUY, small_blind)
        placed = placed_table(tuple(dealt.seats), dealt.button, dealt.small_blind)
        small, big = placed.blind_seats
        assert big == Table(placed.seats, last.big_blind).left_of(last.big_blind)
        assert small == last.big_blind
        assert small != last.blind_seats[0]
        buttons.append(placed.button)
        table, last, small_blind = dealt.seating, placed, dealt.small_blind
    everyone = sorted(table.players)
    assert sorted(last.seats) == everyone
    settled = len(buttons) - 2 * len(everyone)  # the newcomer is in and a round has passed
    for start in range(settled, len(buttons) - len(everyone) + 1):
        assert sorted(buttons[start : start + len(everyone)]) == everyone


RROP = EntryRules()


@pytest.mark.parametrize(
    ("left", "button", "second"),
    [(5, 3, 6), (3, 5, 6)],  # the big blind's seat empties; the small blind's
)
def test_moving_button_the_player_due_the_big_blind_posts_it_in_the_small_blind(
    left: int, button: int, second: int
) -> None:
    # button 1, small blind 3, big blind 5: seat 6 is due the big blind next. The button
    # moves on to the next player and seat 6 lands in the small blind, so it posts a big
    # blind there and the hand has two (RRoP §4 rule 1: "There may be more than one big
    # blind")
    stacks = {s: 100 for s in (1, 3, 5, 6, 8) if s != left}
    made = deal(Seating.from_stacks(stacks, (1, 2), 0), (1, 3, 5, 6, 8), 1, "moving", RROP)
    placed = placed_table(tuple(made.seats), made.button, made.small_blind)
    assert (made.button, placed.blind_seats) == (button, (second, 8))
    assert made.posts == [f"post {second} bb 1"]
    assert "There may be more than one big blind" in made.notes[0]


def test_moving_button_a_full_table_has_one_big_blind() -> None:
    made = deal(Seating.from_stacks(dict.fromkeys((1, 3, 5, 6), 100), (1, 2), 0),
                (1, 3, 5, 6), 1, "moving", RROP)  # fmt: skip
    assert (made.button, made.posts) == (3, [])


@given(
    seats=st.sets(st.integers(1, 9), min_size=4, max_size=9),
    gone=st.lists(st.integers(1, 9), min_size=1, max_size=6),
    data=st.data(),
)
def test_moving_button_nobody_skips_a_big_blind(
    seats: set[int], gone: list[int], data: st.DataObject
) -> None:
    """Players leave one a hand: under the moving button the player due the big blind (the
    first player after the last big blind) posts one every hand, as the big blind or a
    second big blind in the small blind (RRoP §4 rule 1)."""
    order = tuple(sorted(seats))
    table = Seating.from_stacks(dict.fromkeys(order, 100), (1, 2), 0)
    last = Table(order, data.draw(st.sampled_from(order)))
    for seat in gone:
        if seat in table.players and len(table.players) > 3:
            table = apply(table, Change("leave", seat), RROP)
        dealt = deal(table, last.seats, last.button, "moving", RROP)
        placed = placed_table(tuple(dealt.seats), dealt.button, dealt.small_blind)
        due = Table(placed.seats, placed.button).left_of(last.big_blind)
        assert due == placed.big_blind or f"post {due} bb 1" in dealt.posts
        table, last = dealt.seating, placed


@given(
    st.sets(st.integers(1, 10), min_size=2, max_size=10).map(sorted),
    st.sampled_from(["moving", "dead"]),
    st.data(),
)
def test_a_held_position_deals_the_same_button_and_blinds_again(
    seats: list[int], rule: str, data: st.DataObject
) -> None:
    # After a bomb pot the button holds (WSOP LA 27): dealt on from the held position,
    # the next hand has the bomb pot's button and small blind.
    button = data.draw(st.sampled_from(seats))
    held = held_position(tuple(seats), button, True, rule)  # type: ignore[arg-type]
    assert held is not None
    moved = next_position(tuple(seats), held.button, tuple(seats), rule, held.small_blind)  # type: ignore[arg-type]
    assert moved == (button, True)
