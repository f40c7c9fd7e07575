"""A shift at one table, hand after hand, in process: the session's own functions carry the
stacks a hand leaves into the next, apply the changes the dealer logs between hands, move
the button and the blinds by the rulebook's rule, and deal the next hand; checked against
an independent count of every player's chips and of where the button and blinds belong.

The table's log is kept as the store keeps it (a seating a line for each hand dealt, a
change a line) and read back through :func:`~floorman.session.record.table_record`, as
``floorman next`` reads it, so a misdeal keeps the changes logged after it for the hand
after the redeal. The command line on a real store is ``test_cli_next.py``'s.

Every run plays the same shifts; set ``FLOORMAN_FUZZ_EXAMPLES`` (say 2000) for a longer
hunt through new ones.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from floorman.hand.events import IllegalEvent, parse_event
from floorman.hand.table import TableError
from floorman.interchange.handfile import header_from
from floorman.replay import rule_events
from floorman.rules import load_rulebook
from floorman.session.record import seating_entry, table_record
from floorman.session.rotation import blinds_header, header_small_blind, next_header, placed_table
from floorman.session.seating import (
    Deal,
    EntryRules,
    Player,
    Seating,
    apply,
    deal,
    earliest_big_blind_seat,
    settle,
    table_size,
)
from floorman.session.words import parse_change

RULEBOOKS = ("rrop", "tda-2024", "wsop-2024")
"""A moving button; a dead button that deals new and absent players in; the same with a
new player free to buy the button (WSOP LA 154)."""
SEATS = range(1, 10)
BUY_IN = st.sampled_from([40, 100, 250])
LEVELS = ((1, 2, 0), (2, 4, 1), (5, 10, 1), (10, 20, 2))
STATUSES = ("playing", "waiting", "posting", "out")
OWED = ((), ("sb",), ("bb",), ("sb", "bb"))


@dataclass(frozen=True, slots=True)
class Entry:
    """A line of the table's log, as the store keeps it."""

    id: int
    kind: str
    data: dict[str, Any]
    hand_id: int | None


def clockwise_after(seat: int, seats: list[int]) -> int:
    return next((s for s in sorted(seats) if s > seat), min(seats))


def blinds_of(header: Mapping[str, Any]) -> tuple[int | None, int]:
    """The seats posting the small and the big blind, counted round the seats dealt in."""
    seats, button = sorted(header["seats"]), int(header["button"])
    small_blind = header.get("small_blind", "posted")
    if len(seats) == 2:  # heads-up the button posts the small blind
        return button, clockwise_after(button, seats)
    if small_blind == "none":  # it fell to an empty seat: the first seat posts the big blind
        return None, clockwise_after(button, seats)
    small = small_blind if isinstance(small_blind, int) else clockwise_after(button, seats)
    return small, clockwise_after(small, seats)


def dealt_header(made: Deal) -> dict[str, Any]:
    """The header part of a hand :func:`deal` deals: its seats, button and small blind."""
    return blinds_header({"seats": made.seats, "button": made.button}, made.small_blind)


def hand_begun(header: Mapping[str, Any], posts: list[str]) -> Any:
    """The state of a hand dealt with ``posts``, as ``floorman next`` starts it."""
    events = [parse_event(text, n) for n, text in enumerate(posts, 1)]
    return rule_events(header_from(header, "next hand"), events).state


@contextmanager
def at_hand(number: int, header: Mapping[str, Any]) -> Iterator[None]:
    """Name the hand, and how it was dealt, on any check that fails inside."""
    try:
        yield
    except AssertionError as error:
        error.add_note(
            f"at hand {number}: button {header['button']}, "
            f"small blind {header.get('small_blind', 'posted')}, seats {dict(header['seats'])}"
        )
        raise


class ShiftAtOneTable(RuleBasedStateMachine):
    """Players sit down, bust, stand up, sit out and come back, rebuy, change seats, are
    moved in from another table, the blinds go up, and now and then a hand is misdealt."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[Entry] = []
        self.hand = 0
        self.left: dict[int, int] | None = None
        """The stacks the hand in progress left, once it is over."""
        self.misdealt = False
        self.paid_big: set[int] = set()
        """The seats that posted the big blind this orbit (dead button)."""
        self.moves: list[tuple[str, int, int]] = []
        """The chips each change logged since the last hand dealt afresh moves, counted
        here: (``sit``, seat, chips), (``leave``, seat, 0), (``seat``, seat, new seat)."""
        self.seen: tuple[object, Seating] | None = None

    # -- the table -------------------------------------------------------------------------

    @initialize(
        rulebook=st.sampled_from(RULEBOOKS),
        stacks=st.dictionaries(st.sampled_from(SEATS), BUY_IN, min_size=2, max_size=9),
        data=st.data(),
    )
    def open_the_table(self, rulebook: str, stacks: dict[int, int], data: st.DataObject) -> None:
        options = load_rulebook(rulebook).options
        self.rule = options["button_rule"]
        self.rules = EntryRules.from_options(options, "no-limit")
        button = data.draw(st.sampled_from(sorted(stacks)), label="button")
        self.header: dict[str, Any] = {
            "table": "9", "rulebook": rulebook, "blinds": [1, 2], "ante": 0,
            "button": button, "seats": dict(sorted(stacks.items())),
        }  # fmt: skip
        self.posts: list[str] = []
        self.dealt_chips = dict(stacks)
        """Every player's chips when the last hand was dealt afresh, counted here."""
        self.level = self.pending_level = LEVELS[0]
        self.start_hand()

    def start_hand(self) -> None:
        """The hand just dealt begins: its posts are events the hand accepts."""
        self.hand += 1
        with at_hand(self.hand, self.header):
            state = hand_begun(self.header, self.posts)
            assert sorted(state.table.seats) == sorted(self.header["seats"])
        self.left, self.misdealt = None, False

    def seating_now(self) -> Seating:
        """The seating as ``table show`` finds it: the one the hand was dealt from, the
        stacks the hand left once it is over (not after a misdeal), the changes since."""
        key = (len(self.log), self.hand, self.left is None, self.misdealt)
        if self.seen is None or self.seen[0] != key:
            self.seen = (key, self.seating_from_the_log())
        return self.seen[1]

    def seating_from_the_log(self) -> Seating:
        record = table_record(self.log, self.hand)
        seating = record.seating or Seating.from_stacks(
            self.header["seats"], self.header["blinds"], self.header["ante"]
        )
        if self.left is not None and not self.misdealt:
            return settle(seating, self.left, record.pending, self.rules)
        for change in record.pending:
            seating = apply(seating, change, self.rules)
        return seating

    def chips_now(self) -> dict[int, int]:
        """Every player's chips as counted here, whatever the seating says."""
        chips = dict(self.dealt_chips)
        busted: set[int] = set()
        if self.left is not None and not self.misdealt:
            chips.update(self.left)
            busted = {seat for seat, stack in chips.items() if stack <= 0}
            chips = {seat: stack for seat, stack in chips.items() if stack > 0}
        for kind, seat, amount in self.moves:
            if seat in busted and seat not in chips and kind in ("leave", "seat"):
                if kind == "seat":  # a rebuy may seat the player where the move was to
                    busted.add(amount)
                continue  # the player the change names has gone broke already
            busted.discard(seat)
            if kind in ("sit", "rebuy"):
                chips[seat] = chips.get(seat, 0) + amount
            elif kind == "leave":
                del chips[seat]
            else:
                chips[amount] = chips.pop(seat)
        return chips

    def log_change(self, words: str, moves: tuple[str, int, int] | None = None) -> None:
        """A change as the dealer types it in ``live``: checked against the table as it
        stands, then logged for the next hand."""
        change = parse_change(words)
        apply(self.seating_now(), change, self.rules)
        self.log.append(Entry(len(self.log) + 1, "change", change.as_json(), None))
        if moves is not None:
            self.moves.append(moves)

    # -- a hand ----------------------------------------------------------------------------

    @precondition(lambda self: self.left is None)
    @rule(data=st.data())
    def play_the_hand(self, data: st.DataObject) -> None:
        """Someone wins what the others lose, each losing anything from nothing to all
        their chips: a player all in and beaten is busted, even one a change logged during
        the hand names."""
        seats = sorted(self.header["seats"])
        winner = data.draw(st.sampled_from(seats), label="winner")
        left = dict(self.header["seats"])
        for seat in (s for s in seats if s != winner):
            most = left[seat]
            lost = data.draw(st.one_of(st.just(most), st.integers(0, most)), label="lost")
            left[seat] -= lost
            left[winner] += lost
        self.left = left

    @precondition(lambda self: self.left is None)
    @rule()
    def misdeal(self) -> None:
        self.left, self.misdealt = dict(self.header["seats"]), True

    # -- the changes between hands ---------------------------------------------------------

    def empty_seats(self) -> list[int]:
        taken = self.seating_now().players
        return [s for s in SEATS if s not in taken]

    def a_player(self, data: st.DataObject, *statuses: str) -> int | None:
        players = self.seating_now().players
        seats = sorted(s for s, p in players.items() if not statuses or p.status in statuses)
        return data.draw(st.sampled_from(seats), label="player") if seats else None

    @precondition(lambda self: self.left is not None)
    @rule(
        kind=st.sampled_from(["sit", "move", "leave", "sitout", "back", "seat", "rebuy", "level"]),
        data=st.data(),
    )
    def a_change(self, kind: str, data: st.DataObject) -> None:
        """One change between hands, of any kind; one that cannot be made here is not."""
        getattr(self, f"change_{kind}")(data)

    def change_sit(self, data: st.DataObject) -> None:
        how = data.draw(st.sampled_from(["", " post", " buy-button"]), label="how")
        empty = self.empty_seats()
        if empty and (how != " buy-button" or self.rules.buy_the_button == "allowed"):
            seat = data.draw(st.sampled_from(empty), label="seat")
            chips = data.draw(BUY_IN, label="chips")
            self.log_change(f"sit {seat} {chips} P{self.hand}{how}", ("sit", seat, chips))

    def change_move(self, data: st.DataObject) -> None:
        """A player moved in from another table, given the empty seat the big blind
        reaches first, as ``table move`` gives it."""
        seating = self.seating_now()
        big = blinds_of(self.header)[1]
        size = table_size(None, [*seating.players, big])
        empty = [s for s in range(1, size + 1) if s not in seating.players]
        if empty and (seat := earliest_big_blind_seat(empty, big)) in SEATS:
            chips = data.draw(BUY_IN, label="chips")
            self.log_change(f"move {seat} {chips} from 12", ("sit", seat, chips))

    def change_leave(self, data: st.DataObject) -> None:
        seat = self.a_player(data)
        if seat is not None:
            self.log_change(f"leave {seat}", ("leave", seat, 0))

    def change_sitout(self, data: st.DataObject) -> None:
        seat = self.a_player(data, "playing", "waiting", "posting")
        if seat is not None:
            self.log_change(f"sitout {seat}")

    def change_back(self, data: st.DataObject) -> None:
        seat = self.a_player(data, "out")
        if seat is not None:
            post = data.draw(st.booleans(), label="post")
            self.log_change(f"back {seat}" + " post" * post)

    def change_seat(self, data: st.DataObject) -> None:
        seat, empty = self.a_player(data), self.empty_seats()
        if seat is not None and empty:
            to = data.draw(st.sampled_from(empty), label="to")
            post = data.draw(st.booleans(), label="post")
            self.log_change(f"seat {seat} {to}" + " post" * post, ("seat", seat, to))

    def change_rebuy(self, data: st.DataObject) -> None:
        seat = self.a_player(data)
        if seat is not None:
            chips = data.draw(st.sampled_from([20, 100]), label="chips")
            self.log_change(f"rebuy {seat} {chips}", ("rebuy", seat, chips))

    def change_level(self, data: st.DataObject) -> None:
        self.pending_level = small, big, ante = data.draw(st.sampled_from(LEVELS), label="level")
        self.log_change(f"level {small}/{big} ante {ante}")

    # -- the next hand ---------------------------------------------------------------------

    @precondition(lambda self: self.left is not None)
    @rule()
    def next_hand(self) -> None:
        """Deal the next hand as ``floorman next`` does, then check it."""
        assert self.left is not None
        previous, seating = self.header, self.seating_now()
        if self.misdealt:  # the same hand dealt again, the changes kept for the one after
            data = next_header(previous, self.left, self.rule, misdeal=True)
            record = table_record(self.log, self.hand)
            dealt = record.seating or Seating.from_stacks(
                previous["seats"], previous["blinds"], previous["ante"]
            )
            posts = self.posts
        else:
            try:
                made = deal(
                    seating,
                    tuple(previous["seats"]),
                    previous["button"],
                    self.rule,
                    self.rules,
                    header_small_blind(previous.get("small_blind", "posted")),
                )
            except TableError:  # ``next`` refuses: the dealer seats or brings back someone
                with at_hand(self.hand, previous):
                    assert len(self.can_play(seating)) < 2, "a deal refused to a full table"
                return
            data = blinds_header(
                {**previous, "seats": made.seats, "button": made.button,
                 "blinds": list(made.seating.blinds), "ante": made.seating.ante},
                made.small_blind,
            )  # fmt: skip
            dealt, posts = made.seating, made.posts
            with at_hand(self.hand + 1, data):
                assert self.refused(data, posts) is None
            self.dealt_chips, self.moves = self.chips_now(), []
            self.level = self.pending_level
        entry = dict(seating_entry(dealt, redeal=self.misdealt))
        self.log.append(Entry(len(self.log) + 1, "seating", entry, self.hand + 1))
        with at_hand(self.hand + 1, data):
            self.check_the_deal(previous, data, seating, dealt, posts)
        self.header, self.posts = data, posts
        self.start_hand()

    @staticmethod
    def refused(header: Mapping[str, Any], posts: list[str]) -> str | None:
        """Why the hand cannot begin with ``posts``, if it cannot."""
        try:
            hand_begun(header, posts)
        except IllegalEvent as error:
            return str(error)
        return None

    def can_play(self, seating: Seating) -> list[int]:
        """The seats a hand could be dealt to: every player not sitting out, and those
        sitting out where the rulebook deals them in."""
        return [
            s for s, p in seating.players.items()
            if p.stack > 0 and (p.status != "out" or self.absent_dealt_in)
        ]  # fmt: skip

    def established(self, seating: Seating) -> list[int]:
        """The players already in the game, whom the button goes round: not new, not
        changing seats, sitting out only where the rulebook deals an absent player in."""
        return sorted(
            s for s, p in seating.players.items()
            if (p.status == "playing" or (p.status == "out" and self.absent_dealt_in))
            and not p.new and p.moved_from is None and not p.wait and p.stack > 0
        )  # fmt: skip

    def settled(self, seating: Seating, before: list[int]) -> bool:
        """Whether the button and blinds are checked here: when the players in the game
        were all dealt in last hand, at least two of them, and nobody is changing seats. A
        table starting again, a player moved in or back from a seat change and the like are
        placed by the session's own tests."""
        established = self.established(seating)
        if len(established) < 2 or not set(established) <= set(before):
            return False
        return not any(p.moved_from is not None or p.wait for p in seating.players.values())

    @property
    def absent_dealt_in(self) -> bool:
        return self.rules.sitting_out == "dealt-in"

    def check_the_deal(
        self,
        previous: Mapping[str, Any],
        header: Mapping[str, Any],
        seating: Seating,
        dealt: Seating,
        posts: list[str],
    ) -> None:
        before, after = dict(previous["seats"]), dict(header["seats"])
        small, big, ante = self.level
        assert (tuple(header["blinds"]), header["ante"]) == ((small, big), ante)
        assert set(after) <= set(dealt.players), "a seat dealt in that nobody sits in"
        assert all(after[s] == dealt.players[s].stack for s in after), "a stack not carried"
        if self.misdealt:
            assert (header["button"], after) == (previous["button"], before)
            return
        small_blind = header_small_blind(header.get("small_blind", "posted"))
        placed_table(tuple(after), header["button"], small_blind)  # a table that can deal
        settled = self.settled(seating, sorted(previous["seats"]))
        self.check_the_button(previous, header, seating, settled=settled)
        second = self.second_big_blind(previous, header, seating) if settled else None
        self.check_the_posts(header, seating, posts, settled=settled, second=second)

    def check_the_button(
        self,
        previous: Mapping[str, Any],
        header: Mapping[str, Any],
        seating: Seating,
        *,
        settled: bool,
    ) -> None:
        before, after = sorted(previous["seats"]), sorted(header["seats"])
        button, established = int(header["button"]), self.established(seating)
        last_small, last_big = blinds_of(previous)
        if not settled:
            self.paid_big = set()
            return
        if len(after) == 2:  # heads-up: nobody takes the big blind twice in a row
            assert button in after
            if last_big in after and len(before) == 2:
                assert button == last_big
            self.paid_big = set()
            return
        if self.rule == "moving":  # the button goes to the next player in the game
            assert button == clockwise_after(int(previous["button"]), established)
            return
        small, big = blinds_of(header)
        assert big == clockwise_after(last_big, after), "the big blind did not move on"
        # the player who had the big blind posts the small blind, or nobody does
        assert small == (last_big if last_big in after else None) or (
            small is not None and small not in before
        )
        assert small is None or small != last_small, "the same small blind twice in a row"
        if big <= last_big or len(before) == 2:
            self.paid_big = set()
        assert big not in self.paid_big, "a seat paid the big blind twice in an orbit"
        self.paid_big.add(big)

    def second_big_blind(
        self, previous: Mapping[str, Any], header: Mapping[str, Any], seating: Seating
    ) -> int | None:
        """Under the moving button, the small blind's seat when its player is the one due
        the big blind: a blind's seat emptied, and there may be more than one big blind
        (RRoP §4 rule 1)."""
        after = sorted(header["seats"])
        in_game = [s for s in self.established(seating) if s in after and s in previous["seats"]]
        if self.rule != "moving" or min(len(after), len(previous["seats"])) < 3 or len(in_game) < 2:
            return None
        small = blinds_of(header)[0]
        return small if clockwise_after(blinds_of(previous)[1], in_game) == small else None

    def check_the_posts(
        self,
        header: Mapping[str, Any],
        seating: Seating,
        posts: list[str],
        *,
        settled: bool,
        second: int | None,
    ) -> None:
        """A post is owed: by a player dealt in who came in or back, at most the blind it
        makes up and never more than the stack; none for the big blind's own seat; under
        the moving button, a big blind by the ``second`` seat due it in the small blind."""
        small_blind, big_blind = header["blinds"]
        big = blinds_of(header)[1]
        owing = {
            s for s, p in seating.players.items()
            if p.status == "posting" or p.new or p.owes or p.moved_from is not None
        }  # fmt: skip
        if second is not None:
            owing.add(second)
            short = header["seats"][second] <= header["ante"] + small_blind
            assert short or any(p.startswith(f"post {second} bb ") for p in posts), (
                f"seat {second} is due the big blind and posts none"
            )
        spent: dict[int, list[tuple[str, int]]] = {}
        for text in posts:
            _, seat_text, what, amount_text = text.split()
            seat, amount = int(seat_text), int(amount_text)
            assert seat in header["seats"], f"{text}: a post by a seat not dealt in"
            assert seat in owing, f"{text}: a post nobody owed"
            assert what in ("bb", "sb", "dead"), text
            assert what != "sb" or self.rules.missed_live == "opening-bet", text
            assert 0 < amount <= (big_blind if what == "bb" else small_blind), text
            assert not settled or what != "bb" or seat != big, f"{text}: a second big blind"
            spent.setdefault(seat, []).append((what, amount))
        for seat, made in spent.items():
            kinds = sorted(what for what, _ in made)
            assert kinds in (["bb"], ["bb", "dead"], ["dead"], ["sb"], ["dead", "sb"]), made
            assert sum(amount for _, amount in made) <= header["seats"][seat], made

    # -- what holds after every step -------------------------------------------------------

    @invariant()
    def every_chip_is_counted(self) -> None:
        if self.hand:
            with at_hand(self.hand, self.header):
                stacks = {s: p.stack for s, p in self.seating_now().players.items()}
                assert stacks == self.chips_now()

    @invariant()
    def every_seat_owes_what_it_may(self) -> None:
        dealt = table_record(self.log, self.hand).seating if self.hand else None
        if dealt is None:
            return
        with at_hand(self.hand, self.header):
            for seat, player in dealt.players.items():
                assert player.stack > 0, f"seat {seat}: a busted player kept the seat"
                assert player.status in STATUSES, f"seat {seat}: {player.status}"
                assert player.owes in OWED, f"seat {seat} owes {player.owes}"
                assert player.wait >= 0
                if seat in self.header["seats"] and player.status != "out":
                    assert (player.status, player.owes, player.new) == ("playing", (), False), (
                        f"seat {seat} dealt in still owes: {player}"
                    )
                if player.new or self.absent_dealt_in:
                    assert player.owes == (), f"seat {seat} owes blinds it never missed"
                assert player.buys is None or self.rules.buy_the_button == "allowed"


ShiftAtOneTable.TestCase.settings = settings(
    max_examples=int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "40")),
    stateful_step_count=100,
    derandomize="FLOORMAN_FUZZ_EXAMPLES" not in os.environ,  # the same shifts every run
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestShiftAtOneTable = ShiftAtOneTable.TestCase


def test_the_blinds_counted_here_are_where_the_table_puts_them() -> None:
    """The count the shift is checked against agrees with the table on plain cases."""
    headers: list[dict[str, Any]] = [
        {"button": 3, "seats": {1: 9, 3: 9, 5: 9, 6: 9}},
        {"button": 3, "seats": {1: 9, 3: 9, 5: 9, 6: 9}, "small_blind": "none"},
        {"button": 6, "seats": {2: 9, 6: 9}},
        {"button": 1, "seats": {1: 9, 3: 9, 5: 9, 6: 9}, "small_blind": 5},
    ]
    for header in headers:
        small_blind = header_small_blind(header.get("small_blind", "posted"))
        table = placed_table(tuple(header["seats"]), header["button"], small_blind)
        assert blinds_of(header) == table.blind_seats, header


def test_the_big_blind_is_due_even_with_a_new_player_kept_out_of_the_small_blind() -> None:
    """Last hand: button 7, small blind 8, big blind 1. Seats 1 and 6 change hands, seat 8
    leaves: under the dead button seat 3 is due the big blind (TDA 32), as it is when the
    player on seat 8 stays."""
    tda = EntryRules.from_options(load_rulebook("tda-2024").options)
    newcomer = {seat: Player(seat, 100, "New", new=True) for seat in (1, 6)}
    regulars = {seat: Player(seat, 100) for seat in (3, 7)}
    staying = Seating({**newcomer, **regulars, 8: Player(8, 100)}, (1, 2))
    assert blinds_of(dealt_header(deal(staying, (1, 3, 6, 7, 8), 7, "dead", tda))) == (1, 3)
    gone = Seating({**newcomer, **regulars}, (1, 2))
    assert blinds_of(dealt_header(deal(gone, (1, 3, 6, 7, 8), 7, "dead", tda)))[1] == 3


def test_a_new_player_in_the_big_blind_does_not_buy_the_button_as_well() -> None:
    """Last hand: button 4, small blind 6, big blind 2. Seat 2 leaves, a player is moved in
    to seat 9 and a new player sits down in seat 1 to buy the button (WSOP LA 154): seat 1
    is not between the button and the small blind, and no seat posts two big blinds."""
    wsop = EntryRules.from_options(load_rulebook("wsop-2024").options)
    seating = Seating(
        {1: Player(1, 100, "New", new=True, buys="button"), 4: Player(4, 100),
         6: Player(6, 100), 9: Player(9, 100, "Moved")},
        (1, 2),
    )  # fmt: skip
    made = deal(seating, (2, 4, 6), 4, "dead", wsop)
    big = blinds_of(dealt_header(made))[1]
    assert not [post for post in made.posts if post.startswith(f"post {big} bb")]


def test_a_short_stack_posts_what_the_ante_leaves() -> None:
    """A new player sits down with 4 chips to post at 2/4 with an ante of 1 (RRoP §4 rule
    4): after the ante, 3 chips is all the player can post."""
    rrop = EntryRules.from_options(load_rulebook("rrop").options)
    regulars = {seat: Player(seat, 100) for seat in (1, 3, 5)}
    seating = Seating({**regulars, 2: Player(2, 4, "Cy", "posting", new=True)}, (2, 4), 1)
    made = deal(seating, (1, 3, 5), 1, "moving", rrop)
    header = {**dealt_header(made), "blinds": [2, 4], "ante": 1, "rulebook": "rrop"}
    hand_begun(header, made.posts)
