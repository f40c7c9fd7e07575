"""Who is dealt in next, what they post, and what a player sitting out comes to owe."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from floorman.hand.events import parse_event
from floorman.hand.table import Table, TableError
from floorman.interchange.handfile import header_from
from floorman.replay import rule_events
from floorman.session.rotation import placed_table
from floorman.session.seating import (
    Change,
    EntryRules,
    Player,
    Seating,
    apply,
    between,
    deal,
    earliest_big_blind_seat,
    settle,
)

RROP = EntryRules()
TDA = EntryRules("dealt-in", "button-to-small-blind", "dealt-in")
WSOP_LIVE = EntryRules("post-or-wait", "none", "missed-blinds")
WSOP_SEATS = EntryRules("post-or-wait", "none", "missed-blinds", "past-two")
WSOP_BUYING = EntryRules("post-or-wait", "none", "missed-blinds", "past-two", "allowed")


def six() -> Seating:
    return Seating.from_stacks({1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100}, (1, 2), 0)


def test_a_player_sitting_out_owes_each_blind_that_passes_the_seat() -> None:
    table = apply(six(), Change("sitout", 4), RROP)  # last hand: button 1, blinds 2 and 3
    first = deal(table, (1, 2, 3, 4, 5, 6), 1, "moving", RROP)
    assert (first.button, sorted(first.seats)) == (2, [1, 2, 3, 5, 6])
    assert first.seating.players[4].owes == ("bb",)  # the big blind went from 3 past 4 to 5
    second = deal(first.seating, tuple(first.seats), first.button, "moving", RROP)
    assert second.seating.players[4].owes == ("sb", "bb")  # the small blind from 3 to 5


def test_coming_back_posts_the_big_blind_live_and_the_small_blind_dead() -> None:
    table = apply(six(), Change("sitout", 4), RROP)
    hand = deal(table, (1, 2, 3, 4, 5, 6), 1, "moving", RROP)
    hand = deal(hand.seating, tuple(hand.seats), hand.button, "moving", RROP)
    back = apply(hand.seating, Change("back", 4, post=True), RROP)
    dealt = deal(back, tuple(hand.seats), hand.button, "moving", RROP)
    assert dealt.button == 5
    assert 4 in dealt.seats
    assert dealt.posts == ["post 4 bb 2", "post 4 dead 1"]
    assert dealt.seating.players[4].owes == ()


def test_a_player_back_who_waits_is_dealt_in_as_the_big_blind() -> None:
    table = apply(six(), Change("sitout", 4), RROP)
    hand = deal(table, (1, 2, 3, 4, 5, 6), 1, "moving", RROP)
    back = apply(hand.seating, Change("back", 4), RROP)
    assert back.players[4].status == "waiting"
    table, seats, button = back, tuple(hand.seats), hand.button
    for _ in range(6):
        hand = deal(table, seats, button, "moving", RROP)
        if 4 in hand.seats:
            break
        table, seats, button = hand.seating, tuple(hand.seats), hand.button
    assert Table(tuple(hand.seats), hand.button).blind_seats[1] == 4
    assert hand.posts == []  # the big blind it posts is the one it is due
    assert hand.seating.players[4].owes == ()


def test_rrop_a_new_player_posting_waits_between_the_button_and_the_big_blind() -> None:
    table = Seating.from_stacks({1: 100, 3: 100, 6: 100, 8: 100}, (1, 2), 0)
    table = apply(table, Change("sit", 4, chips=100, post=True), RROP)
    dealt = deal(table, (1, 3, 6, 8), 1, "moving", RROP)  # button 3: seat 4 would be small blind
    assert 4 not in dealt.seats
    assert dealt.notes == [
        "seat 4 waits: not dealt in between the big blind and the button until the button"
        " passes (RRoP §4 rule 7)"
    ]
    later = deal(dealt.seating, tuple(dealt.seats), dealt.button, "moving", RROP)
    assert later.button == 6
    assert 4 in later.seats
    assert later.posts == ["post 4 bb 2"]


def test_house_may_let_a_new_player_in_between_the_blinds() -> None:
    rules = EntryRules("post-or-wait", "none", "missed-blinds")
    table = Seating.from_stacks({1: 100, 3: 100, 6: 100, 8: 100}, (1, 2), 0)
    table = apply(table, Change("sit", 4, chips=100, post=True), rules)
    dealt = deal(table, (1, 3, 6, 8), 1, "moving", rules)
    assert dealt.button == 3
    assert 4 in dealt.seats
    assert dealt.posts == ["post 4 bb 1"]  # the big blind


def test_tda_deals_a_new_player_in_and_an_absent_player_too() -> None:
    table = apply(six(), Change("sitout", 4), TDA)
    table = apply(table.without(6), Change("sit", 6, chips=300), TDA)
    dealt = deal(table, (1, 2, 3, 4, 5, 6), 1, "dead", TDA)
    assert sorted(dealt.seats) == [1, 2, 3, 4, 5, 6]
    assert dealt.posts == []
    assert dealt.notes == ["seat 4 is away: after the deal, record away 4"]
    assert dealt.seating.players[4].owes == ()


def test_tda_no_new_player_between_the_small_blind_and_the_button() -> None:
    table = Seating.from_stacks({1: 100, 5: 100, 8: 100}, (1, 2), 0)
    table = apply(table, Change("sit", 2, chips=100), TDA)
    dealt = deal(table, (1, 5, 8), 8, "dead", TDA)  # button 1, small blind 5: 2 is between
    assert dealt.button == 1
    assert 2 not in dealt.seats
    assert "(TDA 10-A)" in dealt.notes[0]


def test_a_new_level_a_rebuy_a_seat_change_and_a_player_leaving() -> None:
    table = apply(six(), Change("level", blinds=(2, 4), ante=1), RROP)
    table = apply(table, Change("rebuy", 2, chips=50), RROP)
    table = apply(table, Change("seat", 3, to=9), RROP)
    table = apply(table, Change("leave", 5), RROP)
    assert (table.blinds, table.ante) == ((2, 4), 1)
    assert {s: p.stack for s, p in table.players.items()} == {1: 100, 2: 150, 4: 100, 6: 100,
                                                               9: 100}  # fmt: skip


def test_a_ruling_on_an_earlier_pot_moves_chips_between_stacks() -> None:
    table = apply(six(), Change("correct", 1, chips=-6, hand=4), RROP)
    table = apply(table, Change("correct", 3, chips=6, hand=4), RROP)
    assert {s: p.stack for s, p in table.players.items()} == {1: 94, 2: 100, 3: 106, 4: 100,
                                                               5: 100, 6: 100}  # fmt: skip
    emptied = apply(table, Change("correct", 2, chips=-100, hand=4), RROP)
    assert 2 not in emptied.players  # a seat left with nothing is empty
    assert apply(emptied, Change("correct", 2, chips=6, hand=4), RROP) == emptied  # gone
    assert Change("correct", 1, chips=-6, hand=4).describe() == (
        "seat 1 gives 6: the ruling on hand 4's pot"
    )
    change = Change("correct", 3, chips=6, hand=4)
    assert Change.from_json(change.as_json()) == change


def test_chips_owed_to_a_player_the_hand_busted_deal_the_player_in_again() -> None:
    owed = [Change("correct", 2, chips=6, hand=4), Change("correct", 1, chips=-6, hand=4)]
    after = settle(six(), {1: 200, 2: 0}, owed, RROP)
    assert {s: p.stack for s, p in after.players.items()} == {1: 194, 2: 6, 3: 100, 4: 100,
                                                               5: 100, 6: 100}  # fmt: skip
    assert (
        settle(six(), {2: 0}, [Change("correct", 2, chips=-6, hand=4)], RROP).players.get(2) is None
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (Change("sit", 3, chips=100), "seat 3 is taken"),
        (Change("leave", 8), "seat 8 is empty"),
        (Change("back", 2), "seat 2 is not sitting out"),
        (Change("seat", 2, to=3), "seat 3 is taken"),
        (Change("rebuy", 2, chips=0), "seat 2: the chips are more than 0"),
        (Change("level", blinds=(5, 2)), "a level's small blind is at most its big blind"),
    ],
)
def test_a_change_that_cannot_be_made_says_why(change: Change, message: str) -> None:
    with pytest.raises(TableError, match=message):
        apply(six(), change, RROP)


def test_a_player_moved_in_takes_the_empty_seat_the_big_blind_reaches_first() -> None:
    assert earliest_big_blind_seat([2, 5, 9], 6) == 9
    assert earliest_big_blind_seat([2, 5], 6) == 2
    with pytest.raises(TableError):
        earliest_big_blind_seat([], 6)


def test_the_seating_is_kept_as_json_and_read_back() -> None:
    table = apply(six(), Change("sit", 8, chips=40, name="Ann", post=True), RROP)
    table = apply(table, Change("sitout", 2), RROP)
    assert Seating.from_json(table.as_json()) == table


@settings(max_examples=120, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["sitout", "back", "backpost", "sit", "buy", "leave", "change"]),
            st.integers(1, 9),
        ),
        max_size=12,
    ),
    st.sampled_from(["moving", "dead"]),
    st.sampled_from([RROP, TDA, WSOP_LIVE, WSOP_SEATS, WSOP_BUYING]),
)
# the big blind passed the player waiting on seat 9 when the small blind fell to empty seat 7
@example([("sit", 9), ("sitout", 7), ("back", 7)], "dead", RROP)
def test_dealing_hand_after_hand_keeps_every_chip_and_two_seats_in(
    steps: list[tuple[str, int]], rule: str, rules: EntryRules
) -> None:
    table = Seating.from_stacks({1: 100, 3: 100, 5: 100, 7: 100}, (1, 2), 0)
    seats, button = (1, 3, 5, 7), 1
    small_blind: bool | int = True
    for kind, seat in steps:
        change = {
            "sitout": Change("sitout", seat),
            "back": Change("back", seat),
            "backpost": Change("back", seat, post=True),
            "sit": Change("sit", seat, chips=100, post=seat % 2 == 0),
            "buy": Change("sit", seat, chips=100, buy=True),
            "leave": Change("leave", seat),
            "change": Change("seat", seat, to=10 - seat, post=seat % 3 == 0),
        }[kind]
        try:
            table = apply(table, change, rules)
        except TableError:
            continue
        before = table.chips
        try:
            dealt = deal(table, seats, button, rule, rules, small_blind)  # type: ignore[arg-type]
        except TableError:
            continue  # fewer than two seats to deal to
        assert dealt.seating.chips == before
        assert len(dealt.seats) >= 2
        assert set(dealt.seats) <= set(table.players)
        assert all(p.status != "posting" or s not in dealt.seats
                   for s, p in dealt.seating.players.items())  # fmt: skip
        last = placed_table(seats, button, small_blind)
        placed = placed_table(tuple(dealt.seats), dealt.button, dealt.small_blind)
        assert dealt.small_blind or (rule == "dead" and len(placed.seats) > 2)
        if rule == "dead" and len(placed.seats) > 2:  # the dead button moves the blinds on
            assert placed.blind_seats[0] is None or placed.blind_seats[0] != last.blind_seats[0]
            assert placed.big_blind != last.big_blind or len(last.seats) == 2
        table, seats, button = dealt.seating, tuple(dealt.seats), dealt.button
        small_blind = dealt.small_blind


def test_between_goes_round_the_table() -> None:
    assert between(2, 1, 3)
    assert between(3, 1, 3)
    assert not between(1, 1, 3)
    assert between(9, 8, 2)
    assert between(1, 8, 2)
    assert not between(5, 8, 2)


def hands_out(table: Seating, seat: int, rules: EntryRules) -> list[bool]:
    """Whether ``seat`` is dealt in, hand by hand, from the table dealt last with button 1
    (small blind 2, big blind 3)."""
    seats, button, dealt_in = (1, 2, 3, 4, 5, 6), 1, []
    for _ in range(4):
        dealt = deal(table, seats, button, "dead", rules)
        dealt_in.append(seat in dealt.seats)
        table, seats, button = dealt.seating, tuple(dealt.seats), dealt.button
    return dealt_in


def test_rrop_moving_two_places_from_the_big_blind_waits_two_hands() -> None:
    """RRoP §4 rule 13: "If you move two active positions away from the big blind, you must
    wait two hands before being dealt in again." Seat 4 is due the big blind next; at seat
    9 the big blind reaches it two hands later, after seats 5 and 6."""
    table = apply(six(), Change("seat", 4, to=9), RROP)
    first = deal(table, (1, 2, 3, 4, 5, 6), 1, "dead", RROP)
    assert first.notes == [
        "seat 9 changed seats 2 places farther from the big blind: waits 2 hands to be in"
        " the same position (RRoP §4 rule 13)"
    ]
    assert first.seating.players[9].wait == 1
    assert hands_out(table, 9, RROP) == [False, False, True, True]
    later = deal(first.seating, tuple(first.seats), first.button, "dead", RROP)
    again = deal(later.seating, tuple(later.seats), later.button, "dead", RROP)
    assert Table(tuple(again.seats), again.button).blind_seats[1] == 9  # the same position
    assert again.seating.players[9].owes == ()


def test_rrop_moving_closer_to_the_big_blind_has_no_penalty() -> None:
    table = apply(six(), Change("seat", 6, to=9), RROP)  # 3 hands away before, 3 after
    assert hands_out(table, 9, RROP) == [True] * 4
    table = apply(six(), Change("seat", 2, to=9), RROP)  # had the small blind: the farthest
    assert hands_out(table, 9, RROP) == [True] * 4


def test_rrop_a_player_who_changes_seats_may_post_the_big_blind_instead() -> None:
    table = apply(six(), Change("seat", 4, to=9, post=True), RROP)
    dealt = deal(table, (1, 2, 3, 4, 5, 6), 1, "dead", RROP)
    assert 9 in dealt.seats
    assert dealt.posts == ["post 9 bb 2"]
    assert "posts the big blind to be dealt in (RRoP §4 rule 13)" in dealt.notes[0]


def test_wsop_a_move_past_two_players_is_free_past_three_it_waits() -> None:
    """WSOP LA 159: "move past no more than two active participants without posting";
    more than two, post the big blind or wait the hands to come in free."""
    table = apply(six(), Change("seat", 4, to=9), WSOP_SEATS)
    assert hands_out(table, 9, WSOP_SEATS) == [True] * 4
    seats = (1, 2, 3, 4, 5, 6, 7)  # button 1, small blind 2, big blind 3: seat 4 is due
    table = apply(Seating.from_stacks(dict.fromkeys(seats, 100), (1, 2), 0),
                  Change("seat", 4, to=9), WSOP_SEATS)  # fmt: skip
    dealt = deal(table, seats, 1, "dead", WSOP_SEATS)
    assert 9 not in dealt.seats
    assert dealt.notes == [
        "seat 9 changed seats 3 places farther from the big blind: waits 3 hands to be in"
        " the same position (WSOP LA 159)"
    ]


def test_free_seat_changes_are_dealt_in_at_once() -> None:
    rules = EntryRules(seat_change="free")
    table = apply(six(), Change("seat", 4, to=9), rules)
    assert hands_out(table, 9, rules) == [True] * 4


WSOP_BUY = EntryRules("dealt-in", "none", "missed-blinds", "past-two", "allowed")


def five() -> tuple[Seating, tuple[int, ...]]:
    """Five players, the last hand's button on 1 (small blind 2, big blind 4), a new player
    on seat 3: the dead button puts the next button on 2 and the small blind on 4, so seat
    3 is between them."""
    table = Seating.from_stacks({1: 100, 2: 100, 4: 100, 6: 100, 8: 100}, (1, 2), 0)
    return table, (1, 2, 4, 6, 8)


def rounds(table: Seating, seats: tuple[int, ...], hands: int) -> list[tuple[int, object]]:
    """The button and small blind (its seat, or True) of ``hands`` hands from ``five``."""
    button: int = 1
    small: bool | int = True
    found = []
    for _ in range(hands):
        dealt = deal(table, seats, button, "dead", WSOP_BUY, small)
        found.append((dealt.button, dealt.small_blind))
        table, seats, button, small = (
            dealt.seating,
            tuple(dealt.seats),
            dealt.button,
            dealt.small_blind,
        )
    return found


def test_wsop_a_new_player_buys_the_button_and_has_it_next_hand() -> None:
    table, seats = five()
    table = apply(table, Change("sit", 3, chips=100, buy=True), WSOP_BUY)
    dealt = deal(table, seats, 1, "dead", WSOP_BUY)
    assert (dealt.button, dealt.small_blind, sorted(dealt.seats)) == (2, 4, [1, 2, 3, 4, 6, 8])
    assert dealt.posts == ["post 3 bb 2", "post 3 dead 1"]
    assert "buys the button" in dealt.notes[0]
    after = deal(dealt.seating, tuple(dealt.seats), 2, "dead", WSOP_BUY, 4)
    assert (after.button, after.small_blind, after.posts) == (3, 6, [])  # seat 4 unblinded
    # the button then moves one player a hand, every player having it in the round
    assert [b for b, _ in rounds(table, seats, 7)] == [2, 3, 4, 6, 8, 1, 2]


def test_wsop_a_new_player_posts_just_the_big_blind_and_the_button_passes() -> None:
    table, seats = five()
    table = apply(table, Change("sit", 3, chips=100, post=True), WSOP_BUY)
    dealt = deal(table, seats, 1, "dead", WSOP_BUY)
    assert (dealt.button, dealt.small_blind, dealt.posts) == (2, 4, ["post 3 bb 2"])
    after = deal(dealt.seating, tuple(dealt.seats), 2, "dead", WSOP_BUY, 4)
    assert (after.button, after.small_blind) == (4, True)  # to seat 4, who posted the small blind
    assert after.seating.players[3].buys is None
    assert [b for b, _ in rounds(table, seats, 7)] == [2, 4, 6, 8, 1, 2, 3]


def test_wsop_a_new_player_may_wait_for_the_big_blind_instead() -> None:
    table, seats = five()
    table = apply(table, Change("sit", 3, chips=100), WSOP_BUY)
    dealt = deal(table, seats, 1, "dead", WSOP_BUY)
    assert 3 not in dealt.seats
    assert dealt.small_blind is True
    assert "seat 3 waits" in dealt.notes[0]


@pytest.mark.parametrize("rules", [RROP, TDA, WSOP_LIVE])
def test_buying_the_button_is_refused_where_the_rulebook_does_not_allow_it(
    rules: EntryRules,
) -> None:
    with pytest.raises(TableError, match="seat 3: the rulebook does not let a new player buy"):
        apply(five()[0], Change("sit", 3, chips=100, buy=True), rules)


def test_buying_the_button_elsewhere_is_dealing_in_a_new_player() -> None:
    table, seats = five()
    table = apply(table, Change("sit", 7, chips=100, buy=True), WSOP_BUY)
    dealt = deal(table, seats, 1, "dead", WSOP_BUY)  # seat 7 is not before the small blind
    assert (dealt.button, dealt.small_blind, dealt.posts) == (2, True, [])
    assert 7 in dealt.seats
    assert dealt.seating.players[7].buys is None


WSOP_DEAD_SMALL = EntryRules("post-or-wait", "none", "missed-blinds", missed_live="big-blind")


@pytest.mark.parametrize(
    ("rules", "posts", "stack", "pot"),
    [
        (RROP, ["post 4 sb 1"], 98, 5),  # live up to the opening bet (RRoP §4 rule 9)
        (WSOP_DEAD_SMALL, ["post 4 dead 1"], 97, 6),  # only the big blind live (WSOP LA 156)
    ],
)
def test_a_missed_small_blind_posted_alone_is_live_or_dead_as_the_rulebook_says(
    rules: EntryRules, posts: list[str], stack: int, pot: int
) -> None:
    """Seat 4 missed only the small blind and comes back posting it, on a seat with no
    blind of its own: under RRoP it is live and counts toward seat 4's call of the big
    blind; under WSOP it is dead, in the pot, and seat 4 calls the whole big blind."""
    players = {s: p for s, p in six().players.items() if s != 4}
    seating = Seating({**players, 4: Player(4, 100, status="posting", owes=("sb",))}, (1, 2))
    made = deal(seating, (1, 2, 3, 5, 6), 5, "moving", rules)
    assert (made.button, made.posts) == (6, posts)
    header = header_from({"button": 6, "seats": made.seats, "rulebook": "rrop"}, "next hand")
    events = [parse_event(t, n) for n, t in enumerate([*posts, "deal", "3 fold", "4 call"], 1)]
    state = rule_events(header, events).state
    assert (state.betting.stacks[4], state.betting.pot) == (stack, pot)


@pytest.mark.parametrize("rules", [RROP, WSOP_DEAD_SMALL])
def test_both_blinds_missed_post_the_big_blind_live_and_the_small_blind_dead(
    rules: EntryRules,
) -> None:
    """Both books agree once both blinds are owed: the big blind is live (the minimum
    opening bet, RRoP §4 rule 9; "only the big blind", WSOP LA 156), the small blind dead;
    in the small blind's seat its blind counts toward the big blind owed."""
    players = {s: p for s, p in six().players.items() if s != 4}
    owing = Player(4, 100, status="posting", owes=("sb", "bb"))
    seating = Seating({**players, 4: owing}, (1, 2))
    assert deal(seating, (1, 2, 3, 5, 6), 5, "moving", rules).posts == [
        "post 4 bb 2",
        "post 4 dead 1",
    ]
    open_seats = replace(rules, closed="none")  # RRoP §4 rule 7 keeps seat 4 out there
    in_the_small_blind = deal(seating, (1, 2, 3, 5, 6), 2, "moving", open_seats)
    assert placed_table(tuple(in_the_small_blind.seats), 3, True).blind_seats == (4, 5)
    assert in_the_small_blind.posts == ["post 4 bb 1", "post 4 dead 1"]
