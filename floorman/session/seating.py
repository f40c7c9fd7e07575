"""Who sits where at a table between hands: players, stacks, who sits out, who owes blinds.

The table record is a :class:`Seating`; between hands the dealer records a
:class:`Change` (a player sits down, stands up, sits out, comes back, changes seats,
rebuys, is moved from another table, the blinds go up, or a new dealer pushes in), and
the next hand is dealt from the seating those changes leave. Where a new player may come
in and what a player who missed blinds posts to come back are the rulebook's
:class:`EntryRules`.

>>> table = Seating.from_stacks({1: 100, 3: 100, 5: 100}, (1, 2), 0)
>>> table = apply(table, Change("sit", 7, chips=200, name="Ann", post=True), EntryRules())
>>> table.players[7].name, table.players[7].stack, table.players[7].status
('Ann', 200, 'posting')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from floorman.bounds import MAX_CHIPS, MAX_SEAT
from floorman.hand.table import Table, TableError
from floorman.session.rotation import (
    ButtonRule,
    next_button,
    next_position,
    placed_table,
    small_blind_spot,
)

__all__ = [
    "CHANGE_KINDS",
    "DEFAULT_TABLE_SEATS",
    "Change",
    "Deal",
    "EntryRules",
    "Player",
    "Seating",
    "apply",
    "between",
    "deal",
    "earliest_big_blind_seat",
    "settle",
    "table_size",
]

Status = Literal["playing", "waiting", "posting", "out"]
"""playing: dealt in. waiting: sat down, came back or changed seats, dealt in when the big
blind comes to the seat (or, after a seat change, the hands it waits have passed). posting:
dealt in next hand, posting what is owed. out: sitting out."""
Buys = Literal["button", "big-blind"]
"""A new player's choice between the button and the small blind (WSOP LA 154): buy the
button (a big blind and a dead small blind; the button comes to the seat next hand) or post
just the big blind (the button passes the seat next hand)."""

DEFAULT_TABLE_SEATS: Final = 9

ChangeKind = Literal[
    "sit", "leave", "sitout", "back", "seat", "rebuy", "move", "level", "correct", "push"
]  # fmt: skip
CHANGE_KINDS: Final[tuple[str, ...]] = ChangeKind.__args__  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class Player:
    """A player in a seat: name (optional), chips, whether dealt in, blinds missed."""

    seat: int
    stack: int
    name: str | None = None
    status: Status = "playing"
    owes: tuple[str, ...] = ()
    """Blinds missed while sitting out (``sb``, ``bb``), posted on coming back."""
    new: bool = False
    """A new player, not yet dealt a hand here: entering, not making up missed blinds."""
    moved_from: int | None = None
    """The seat a player changed from since the last hand, to be dealt in as the rulebook
    says (RRoP §4 rule 13, WSOP LA 159)."""
    wait: int = 0
    """Hands a player who changed seats still waits to be back in the same position."""
    buys: Buys | None = None
    """Sitting down between the button and the small blind: the new player's choice, kept
    for the hand after the one the player is dealt into (where the button goes)."""

    @property
    def label(self) -> str:
        return f"seat {self.seat} ({self.name})" if self.name else f"seat {self.seat}"

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"stack": self.stack, "status": self.status}
        if self.name:
            data["name"] = self.name
        if self.owes:
            data["owes"] = list(self.owes)
        if self.new:
            data["new"] = True
        if self.moved_from is not None:
            data["moved_from"] = self.moved_from
        if self.wait:
            data["wait"] = self.wait
        if self.buys:
            data["buys"] = self.buys
        return data


@dataclass(frozen=True, slots=True)
class Seating:
    """The table between hands: its players by seat, and the blinds and ante of the level."""

    players: Mapping[int, Player]
    blinds: tuple[int, int]
    ante: int = 0

    @classmethod
    def from_stacks(cls, stacks: Mapping[int, int], blinds: Sequence[int], ante: int) -> Seating:
        """Every seat dealt in: a table as its first hand sets it up."""
        players = {s: Player(s, chips) for s, chips in sorted(stacks.items())}
        return cls(players, (int(blinds[0]), int(blinds[1])), ante)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seating:
        players = {}
        for seat, p in data["players"].items():
            number = int(seat)
            players[number] = Player(
                number,
                int(p["stack"]),
                p.get("name"),
                p.get("status", "playing"),
                tuple(p.get("owes", ())),
                bool(p.get("new", False)),
                p.get("moved_from"),
                int(p.get("wait", 0)),
                p.get("buys"),
            )
        blinds = data["blinds"]
        return cls(dict(sorted(players.items())), (int(blinds[0]), int(blinds[1])), data["ante"])

    def as_json(self) -> dict[str, Any]:
        return {
            "players": {str(s): p.as_json() for s, p in sorted(self.players.items())},
            "blinds": list(self.blinds),
            "ante": self.ante,
        }

    def with_player(self, player: Player) -> Seating:
        players = dict(self.players)
        players[player.seat] = player
        return replace(self, players=dict(sorted(players.items())))

    def without(self, seat: int) -> Seating:
        return replace(self, players={s: p for s, p in self.players.items() if s != seat})

    def after_hand(self, stacks: Mapping[int, int]) -> Seating:
        """The stacks a hand left to the seats dealt in; a seat left with no chips is empty."""
        players = dict(self.players)
        for seat, chips in stacks.items():
            player = players.get(seat, Player(seat, 0))
            if chips > 0:
                players[seat] = replace(player, stack=chips, new=False)
            else:
                players.pop(seat, None)
        return replace(self, players=dict(sorted(players.items())))

    @property
    def chips(self) -> int:
        return sum(p.stack for p in self.players.values())


@dataclass(frozen=True, slots=True)
class Change:
    """One change between hands, as the dealer records it."""

    kind: ChangeKind
    seat: int | None = None
    chips: int = 0
    name: str | None = None
    to: int | None = None
    """``seat``: the new seat; ``move``: unused (the seat is ``seat``)."""
    post: bool = False
    """``sit``, ``back`` and ``seat``: post now to be dealt in next hand, rather than wait."""
    blinds: tuple[int, int] | None = None
    ante: int | None = None
    origin: str | None = None
    """``move``: the table the player comes from."""
    buy: bool = False
    """``sit``: buy the button, posting a big blind and a dead small blind (WSOP LA 154)."""
    hand: int | None = None
    """``correct``: the earlier hand whose pot a ruling corrected (``chips`` is what the
    seat gets, or gives when negative)."""

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for key in ("seat", "name", "to", "origin", "ante", "hand"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        if self.chips:
            data["chips"] = self.chips
        if self.post:
            data["post"] = True
        if self.blinds is not None:
            data["blinds"] = list(self.blinds)
        if self.buy:
            data["buy"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Change:
        blinds = data.get("blinds")
        return cls(
            data["kind"],
            data.get("seat"),
            int(data.get("chips", 0)),
            data.get("name"),
            data.get("to"),
            bool(data.get("post", False)),
            None if blinds is None else (int(blinds[0]), int(blinds[1])),
            data.get("ante"),
            data.get("origin"),
            bool(data.get("buy", False)),
            data.get("hand"),
        )

    def describe(self, dealt_in: bool = False) -> str:
        """The change as the session log prints it; ``dealt_in``: the rulebook deals a new
        player in with no post."""
        who = f"seat {self.seat}" + (f" ({self.name})" if self.name else "")
        if self.kind == "sit":
            how = (
                "buys the button (WSOP LA 154)"
                if self.buy
                else "dealt in, or posts the big blind between the button and the small blind"
                " (WSOP LA 154)"
                if dealt_in and self.post
                else "dealt in"
                if dealt_in
                else "posts to come in"
                if self.post
                else "waits for the big blind"
            )
            return f"{who} sits down with {self.chips}, {how}"
        if self.kind == "move":
            where = f" from table {self.origin}" if self.origin else ""
            return f"{who} moved{where} with {self.chips}"
        if self.kind == "leave":
            return f"{who} stands up"
        if self.kind == "sitout":
            return f"{who} sits out"
        if self.kind == "back":
            how = "posts what is owed" if self.post else "waits for the big blind"
            return f"{who} comes back, {how}"
        if self.kind == "seat":
            post = ", posts the big blind if the move owes it" if self.post else ""
            return f"{who} changes to seat {self.to}{post}"
        if self.kind == "rebuy":
            return f"{who} rebuys {self.chips}"
        if self.kind == "push":
            return "dealer push: the incoming dealer deals the next hand"
        if self.kind == "correct":
            how = "gets" if self.chips > 0 else "gives"
            return f"{who} {how} {abs(self.chips)}: the ruling on hand {self.hand}'s pot"
        assert self.blinds is not None
        ante = f", ante {self.ante}" if self.ante else ""
        return f"new level: blinds {self.blinds[0]}/{self.blinds[1]}{ante}"


@dataclass(frozen=True, slots=True)
class EntryRules:
    """The rulebook's rules for coming into the game; the defaults are RRoP §4's.

    ``new_player``: ``post-or-wait`` (post the big blind and be dealt in now, or wait for
    the big blind: RRoP §4 rule 4); ``dealt-in`` (dealt in at once, no post: TDA 10-A,
    WSOP LA 100-a in no-limit and pot-limit). ``closed``: where a new player is not dealt
    in: ``button-to-big-blind`` (RRoP §4 rule 7), ``button-to-small-blind`` (TDA 10-A) or
    ``none``. ``sitting_out``: ``missed-blinds`` (the blinds that pass an absent seat are
    owed: RRoP §4 rule 9, WSOP LA 156) or ``dealt-in`` (an absent player is dealt in and
    posts, and the hand is killed: TDA 30). ``seat_change``: ``same-position`` (a player
    who changes seats farther from the big blind waits to be in the same position, or posts
    the big blind: RRoP §4 rule 13), ``past-two`` (the same once the move passes more than
    two active players: WSOP LA 159) or ``free``. ``buy_the_button``: ``allowed`` (a new
    player between the button and the small blind may buy the button or post just the big
    blind and be dealt in: WSOP LA 154, under the dead button) or ``not-allowed``.
    ``missed_live``: what part of the missed blinds a player coming back posts is live,
    the rest dead: ``opening-bet`` (up to the minimum opening bet, the big blind, with the
    seat's own blind: RRoP §4 rule 9) or ``big-blind`` (only the big blind: WSOP LA 156).
    """

    new_player: str = "post-or-wait"
    closed: str = "button-to-big-blind"
    sitting_out: str = "missed-blinds"
    seat_change: str = "same-position"
    buy_the_button: str = "not-allowed"
    missed_live: str = "opening-bet"

    @classmethod
    def from_options(cls, options: Mapping[str, Any], betting: str = "no-limit") -> EntryRules:
        new = str(options.get("new_player_entry", "post-or-wait"))
        if new == "post-in-limit":  # WSOP LA 100-a: only limit games make a new player post
            new = "post-or-wait" if betting == "limit" else "dealt-in"
        return cls(
            new,
            str(options.get("new_player_closed_seats", "button-to-big-blind")),
            str(options.get("sitting_out", "missed-blinds")),
            str(options.get("seat_change", "same-position")),
            str(options.get("buy_the_button", "not-allowed")),
            str(options.get("missed_blind_live", "opening-bet")),
        )


def _chips(chips: int, what: str) -> int:
    if not 0 < chips <= MAX_CHIPS:
        raise TableError(f"{what}: the chips are more than 0 and at most {MAX_CHIPS:,}")
    return chips


def _seat(seat: int | None) -> int:
    if seat is None or not 1 <= seat <= MAX_SEAT:
        raise TableError(f"a seat is numbered from 1 to {MAX_SEAT}")
    return seat


def _player(seating: Seating, seat: int | None) -> Player:
    number = _seat(seat)
    player = seating.players.get(number)
    if player is None:
        raise TableError(f"seat {number} is empty")
    return player


def _empty(seating: Seating, seat: int | None, size: int) -> int:
    number = _seat(seat)
    if number > size:
        raise TableError(f"seat {number}: the table has {size} seats")
    if number in seating.players:
        name = seating.players[number].name
        raise TableError(f"seat {number} is taken" + (f" ({name})" if name else ""))
    return number


def apply(seating: Seating, change: Change, rules: EntryRules, size: int = MAX_SEAT) -> Seating:
    """The seating after ``change`` at a table of ``size`` seats; :class:`TableError` when
    the change cannot be made."""
    kind = change.kind
    if kind == "push":  # the dealer changes; the seats do not
        return seating
    if kind == "level":
        if change.blinds is None:
            raise TableError("a new level names its blinds")
        small, big = change.blinds
        if not 0 <= small <= big <= MAX_CHIPS or (change.ante or 0) < 0:
            raise TableError("a level's small blind is at most its big blind")
        return replace(
            seating, blinds=change.blinds, ante=seating.ante if change.ante is None else change.ante
        )
    if kind in ("sit", "move"):
        seat = _empty(seating, change.seat, size)
        chips = _chips(change.chips, f"seat {seat}")
        if kind == "move":  # moved in: dealt in at once, not a new player
            return seating.with_player(Player(seat, chips, change.name))
        if change.buy and rules.buy_the_button != "allowed":
            raise TableError(
                f"seat {seat}: the rulebook does not let a new player buy the button"
                " (buy_the_button)"
            )
        status: Status = (
            "playing"
            if rules.new_player == "dealt-in"
            else "posting"
            if change.post or change.buy
            else "waiting"
        )
        buys: Buys | None = None
        if rules.buy_the_button == "allowed":
            buys = "button" if change.buy else "big-blind" if change.post else None
        player = Player(seat, chips, change.name, status, new=True, buys=buys)
        return seating.with_player(player)
    if kind == "correct":
        return _corrected(seating, change)
    player = _player(seating, change.seat)
    if kind == "leave":
        return seating.without(player.seat)
    if kind == "rebuy":
        chips = _chips(change.chips, player.label)
        return seating.with_player(replace(player, stack=_chips(player.stack + chips, "a stack")))
    if kind == "sitout":
        if player.status == "out":
            raise TableError(f"{player.label} is already sitting out")
        return seating.with_player(replace(player, status="out"))
    if kind == "back":
        if player.status != "out":
            raise TableError(f"{player.label} is not sitting out")
        if rules.sitting_out == "dealt-in" or not player.owes:
            return seating.with_player(replace(player, status="playing"))
        return seating.with_player(replace(player, status="posting" if change.post else "waiting"))
    to = _empty(seating, change.to, size)
    moved = replace(player, seat=to)
    if player.status in ("playing", "posting") and not player.owes and not player.new:
        origin = player.seat if player.moved_from is None else player.moved_from
        moved = replace(moved, moved_from=origin, status="posting" if change.post else "playing")
    return seating.without(player.seat).with_player(moved)


def _corrected(seating: Seating, change: Change) -> Seating:
    """The chips a ruling on an earlier hand's pot moves, added to the seat's stack or
    taken from it: a seat left with nothing is empty, one that has gone is the floor's to
    settle with (the seating is as it was)."""
    player = seating.players.get(_seat(change.seat))
    if player is None:
        return seating
    stack = player.stack + change.chips
    if stack <= 0:
        return seating.without(player.seat)
    return seating.with_player(replace(player, stack=_chips(stack, "a stack")))


_PLAYER_CHANGES: Final = ("leave", "sitout", "back", "seat", "rebuy", "correct")


def settle(
    seating: Seating,
    stacks: Mapping[int, int],
    changes: Iterable[Change],
    rules: EntryRules,
    size: int = MAX_SEAT,
) -> Seating:
    """The seating a finished hand leaves (its ``stacks``), with the ``changes`` logged
    since the hand was dealt applied. A change may have been logged while the hand was on,
    for a player the hand then busted: the player has gone already (leaving, sitting out,
    changing seats), or buys back in (a rebuy, with the rebuy's chips, into the seat the
    player was to change to, if any), or gets chips a ruling on an earlier pot gives it
    back in the seat."""
    after = seating.after_hand(stacks)
    busted = {s: p for s, p in seating.players.items() if s in stacks and stacks[s] <= 0}
    for change in changes:
        gone = busted.get(change.seat) if change.seat is not None else None
        if gone is not None and change.kind in _PLAYER_CHANGES and change.seat not in after.players:
            if change.kind == "rebuy" or (change.kind == "correct" and change.chips > 0):
                chips = _chips(change.chips, gone.label)
                after = after.with_player(replace(gone, stack=chips, new=False))
            elif change.kind == "seat" and change.to is not None:
                busted[change.to] = replace(gone, seat=change.to)
            continue
        after = apply(after, change, rules, size)
    return after


def table_size(table_seats: int | None, taken: Iterable[int]) -> int:
    """The seats at a table: as its set-up gives them, else nine (every game's deck deals
    nine hands), or the highest seat ``taken`` when above."""
    return table_seats or max(DEFAULT_TABLE_SEATS, *taken)


def between(seat: int, start: int, end: int) -> bool:
    """Whether ``seat`` is passed going clockwise from ``start`` (not included) to ``end``
    (included) round a table of numbered seats."""
    if start < end:
        return start < seat <= end
    return seat > start or seat <= end


def earliest_big_blind_seat(empty: Sequence[int], big_blind: int) -> int:
    """Of the ``empty`` seats, the one the big blind reaches first going clockwise from
    ``big_blind`` (the seat due for the big blind soonest)."""
    if not empty:
        raise TableError("the table has no empty seat")
    return min(empty, key=lambda s: (s - big_blind - 1) % (MAX_SEAT + 1))


@dataclass(frozen=True, slots=True)
class Deal:
    """The next hand as the seating deals it: the seats dealt in and their stacks, the
    button, the posts owed (events), what the dealer is told, the seating after, and
    whether a small blind is posted (not when it falls to an empty seat), or the seat that
    posts it when players are dealt in between it and the button."""

    seats: dict[int, int]
    button: int
    posts: list[str]
    notes: list[str]
    seating: Seating
    small_blind: bool | int = True


def deal(
    seating: Seating,
    before: Sequence[int],
    button: int,
    rule: ButtonRule,
    rules: EntryRules,
    small_blind: bool | int = True,
) -> Deal:
    """Deal the next hand from ``seating``; ``before``, ``button`` and ``small_blind`` are
    the last hand's seats dealt in, button and small blind (posted, none, or its seat).

    A player waiting is dealt in when the big blind comes to the seat; a player posting is
    dealt in now and posts what is owed: a new player the big blind (RRoP §4 rule 4), a
    player coming back every blind missed, the big blind live and the small blind dead
    (RRoP §4 rule 9, WSOP LA 156), but not in the seats the rulebook closes (RRoP §4
    rule 7). A player sitting out misses the blinds that pass the seat, unless the
    rulebook deals absent players in (TDA 30). Where the rulebook lets a new player between
    the button and the small blind buy the button or post just the big blind (WSOP LA 154),
    the player is dealt in there, the seat that posts the small blind named.
    """
    last = placed_table(before, button, small_blind)
    last_small, last_big = small_blind_spot(last), last.big_blind
    players, notes = _seat_changes(seating.players, before, last_big, rules)
    away = [s for s, p in players.items() if p.status == "out"]
    established = {
        s for s, p in players.items() if p.status == "playing" and not p.new and p.stack > 0
    }
    if rules.sitting_out == "dealt-in":
        established |= set(away)
    posting = {
        s
        for s, p in players.items()
        if (p.status == "posting" or (p.status == "playing" and p.new)) and p.stack > 0
    }
    waiting = {s for s, p in players.items() if p.status == "waiting" and p.stack > 0}
    posted: bool | int = True
    if len(established) >= 2:
        rotating = established
        if rule == "dead" and len(established) == 2:  # no longer heads-up: the big blind moves on
            rotating = established | posting | waiting
        passed = any(players[s].buys == "big-blind" for s in before if s in players)
        button, posted = next_position(
            tuple(before), button, tuple(sorted(rotating)), rule, small_blind,
            one_player_on=not passed,
        )  # fmt: skip
    else:  # a table starting again: the newcomers are all the players there are
        established |= posting | waiting
        posting, waiting = set(), set()
        button = _table(before, button, sorted(established), rule).button
        rotating = established
    place = _Place(button, posted, placed_table(tuple(sorted(rotating)), button, posted).big_blind)
    if rule == "dead" and len(rotating) > 2:  # the big blind goes to the next seat to take it
        taking = Table(tuple(sorted(established | posting | waiting)), button)
        place = replace(place, due=taking.left_of(last_big))
        waiting &= {place.due}
    table = place.table(established | posting | waiting, before, rule)
    waiting &= {table.big_blind}
    ahead_of = _small_blind_due(place, established, before, rule, last_big)
    shut: set[int] = set()
    held: set[int] = set()
    entering: set[int] = set()
    for _ in range(2 * len(posting) + 1):
        table = place.table(established | posting | waiting, before, rule, entering)
        closed = {s for s in posting if _closed(s, table, rules, players[s], place, last_big)}
        ahead = {s for s in posting - closed - entering if place.ahead(s, table, rule, ahead_of)}
        buying = {s for s in ahead if players[s].buys and rules.buy_the_button == "allowed"}
        if buying and place.fits(established | posting | waiting, before, rule, entering | buying):
            entering |= buying
            ahead -= buying
        if not closed | ahead:
            if buying & entering:
                continue
            break
        shut |= closed
        held |= ahead
        posting -= closed | ahead
    if entering and not place.fits(established | posting | waiting, before, rule, entering):
        held |= entering
        posting -= entering
        entering = set()
    table = place.table(established | posting | waiting, before, rule, entering)
    small, big = table.blind_seats
    posts: list[str] = []
    for s in sorted(entering):
        player = players[s]
        chips = player.stack - min(seating.ante, player.stack)
        live = min(seating.blinds[1], chips)
        if live > 0:
            posts.append(f"post {s} bb {live}")
        if player.buys == "button" and seating.blinds[0] and chips > live:
            posts.append(f"post {s} dead {min(seating.blinds[0], chips - live)}")
            notes.append(f"{player.label} buys the button: posts a big blind and a dead small"
                         " blind, and has the button next hand (WSOP LA 154)")  # fmt: skip
        else:
            notes.append(f"{player.label} posts the big blind between the button and the small"
                         " blind: next hand the button passes the seat (WSOP LA 154)")  # fmt: skip
    for s in sorted(posting - entering):
        player = players[s]
        if player.status != "posting":
            continue
        owed = ("bb",) if player.new else player.owes
        blind = _blind_at(s, small, big, seating.blinds)
        left = player.stack - min(seating.ante, player.stack) - blind  # the ante comes first
        live, dead = _owed_posts(owed, blind, seating.blinds, rules)
        live = min(live, max(left, 0))
        if live > 0:
            posts.append(f"post {s} {'bb' if 'bb' in owed else 'sb'} {live}")
            left -= live
        if dead and left > 0:
            posts.append(f"post {s} dead {min(dead, left)}")
    if rule == "moving" and len(before) > 2:  # heads-up the blinds alternate
        posts.extend(_second_big_blind(table, established & set(before), last_big, seating, notes))
    for s in sorted(shut):
        notes.append(f"{players[s].label} waits: not dealt in {_CLOSED[rules.closed]}")
    for s in sorted(held):
        notes.append(f"{players[s].label} waits: not dealt in {_AHEAD}")
    updated = dict(players)
    dealt = set(table.seats)
    for s, player in players.items():
        if s in dealt:
            if player.status == "out":
                notes.append(f"{player.label} is away: after the deal, record away {s}")
            else:
                if player.buys and player.new and s not in entering:
                    notes.append(f"{player.label} is not between the button and the small blind"
                                 " this hand: dealt in as a new player, with no button to buy"
                                 " (WSOP LA 154)")  # fmt: skip
                buys = player.buys if s in entering else None
                updated[s] = replace(player, status="playing", owes=(), new=False, buys=buys)
        elif player.wait:  # a seat change: no blind is missed while it waits
            left = player.wait - 1
            updated[s] = replace(player, wait=left, status="waiting" if left else "playing")
        elif player.status in ("out", "waiting") and not player.new:
            missed = set(player.owes)
            if between(s, last_big, big):
                missed.add("bb")
            if between(s, last_small, small_blind_spot(table)):
                missed.add("sb")
            updated[s] = replace(player, owes=tuple(b for b in ("sb", "bb") if b in missed))
    return Deal(
        {s: players[s].stack for s in table.seats},
        table.button,
        posts,
        notes,
        replace(seating, players=updated),
        table.small_blind if table.small_blind_seat is None else table.small_blind_seat,
    )


def _second_big_blind(
    table: Table, established: set[int], last_big: int, seating: Seating, notes: list[str]
) -> list[str]:
    """Under the moving button, when a blind's seat has emptied the player due the big
    blind next (of the players dealt in last hand, the first after its big blind,
    ``last_big``) may land in the small blind: that player posts a big blind there, the small
    blind made up to it, and the hand has two (RRoP §4 rule 1: "There may be more than one
    big blind"), so that nobody skips a big blind in the round."""
    small = table.blind_seats[0]
    if table.heads_up or small is None:
        return []
    in_game = tuple(sorted(s for s in established if s in table.seats))
    if len(in_game) < 2 or Table(in_game, table.button).left_of(last_big) != small:
        return []
    player = seating.players[small]
    chips = player.stack - min(seating.ante, player.stack) - seating.blinds[0]
    more = min(seating.blinds[1] - seating.blinds[0], chips)
    if more <= 0:
        return []
    notes.append(f"{player.label} is due the big blind and has the small blind: makes it a big"
                 ' blind, and the hand has two (RRoP §4 rule 1: "There may be more than one big'
                 ' blind")')  # fmt: skip
    return [f"post {small} bb {more}"]


_SEAT_CHANGES: Final = {"same-position": (0, "RRoP §4 rule 13"), "past-two": (2, "WSOP LA 159")}


def _seat_changes(
    players: Mapping[int, Player], before: Sequence[int], big: int, rules: EntryRules
) -> tuple[dict[int, Player], list[str]]:
    """The players who changed seats since the last hand, dealt in as the rulebook says, and
    what the dealer is told: a move farther from the big blind (``big``, last hand's) by more
    positions than the rulebook allows waits that many hands, so as to be dealt in again in
    the same position, or posts the big blind to be dealt in now."""
    found = dict(players)
    notes: list[str] = []
    for seat, player in players.items():
        if player.moved_from is None:
            continue
        settled = replace(player, moved_from=None, status="playing")
        limit = _SEAT_CHANGES.get(rules.seat_change)
        if limit is None or player.moved_from not in before:
            found[seat] = settled
            continue
        now = (set(before) - {player.moved_from}) | {seat}
        away = _hands_to_big_blind(seat, now, big) - _hands_to_big_blind(
            player.moved_from, before, big
        )
        allowed, cite = limit
        if away <= allowed:
            found[seat] = settled
        elif player.status == "posting":
            found[seat] = replace(settled, status="posting", new=True)
            notes.append(f"{player.label} changed seats {away} places farther from the big"
                         f" blind: posts the big blind to be dealt in ({cite})")  # fmt: skip
        else:
            found[seat] = replace(settled, status="waiting", wait=away)
            hands = f"{away} hand{'s' if away != 1 else ''}"
            notes.append(f"{player.label} changed seats {away} places farther from the big"
                         f" blind: waits {hands} to be in the same position ({cite})")  # fmt: skip
    return found, notes


def _hands_to_big_blind(seat: int, seats: Iterable[int], big: int) -> int:
    """Hands before the big blind, last on ``big``, comes to ``seat`` among ``seats``."""
    return sum(1 for s in seats if between(s, big, seat)) - 1


def _owed_posts(
    owed: Sequence[str], blind: int, blinds: tuple[int, int], rules: EntryRules
) -> tuple[int, int]:
    """What a player owing ``owed`` posts besides ``blind``, the seat's own blind this hand:
    (live, dead). The seat's blind counts toward a big blind owed; the rest of the big blind
    is live, and a small blind owed is dead (WSOP LA 156), or live too while the chips the
    seat has in stay within the minimum opening bet, the big blind (RRoP §4 rule 9)."""
    small, big = blinds
    room = max(big - blind, 0)
    big_part = room if "bb" in owed else 0
    small_part = small if "sb" in owed else 0
    live = big_part + (small_part if rules.missed_live == "opening-bet" else 0)
    live = min(live, room)
    return live, big_part + small_part - live


def _blind_at(seat: int, small: int | None, big: int, blinds: tuple[int, int]) -> int:
    return blinds[0] if seat == small else blinds[1] if seat == big else 0


@dataclass(frozen=True, slots=True)
class _Place:
    """The button as the rotation placed it for the players already in the game, whether
    they post a small blind, and the seat due for the big blind."""

    button: int
    small_blind: bool | int
    due: int

    def table(
        self,
        seats: set[int],
        before: Sequence[int],
        rule: ButtonRule,
        entering: set[int] | frozenset[int] = frozenset(),
    ) -> Table:
        """The table dealt with the button already placed; heads-up the button must be on a
        seat dealt in, so it is placed again for the two seats. A player dealt in between
        the button and the big blind due posts the small blind that had fallen to an empty
        seat. The players ``entering`` between the button and the small blind are dealt in
        with no blind, the small blind named on the seat it is on without them."""
        if entering:
            without = self.table(seats - entering, before, rule)
            small = without.blind_seats[0]
            assert small is not None
            assert not without.heads_up
            return Table(tuple(sorted(seats)), without.button, True, small)
        if len(seats) < 2 or (len(seats) == 2 and self.button not in seats):
            return _table(before, self.button, sorted(seats), rule)
        order = tuple(sorted(seats))
        if not isinstance(self.small_blind, bool):
            named = self.small_blind if self.small_blind in order else None
            if named is not None and Table(order, self.button).first_left_of_button != named:
                return Table(order, self.button, True, named)
        posted = bool(self.small_blind) or len(order) == 2
        if not posted and Table(order, self.button).first_left_of_button != self.due:
            posted = True
        return Table(order, self.button, posted)

    def fits(
        self, seats: set[int], before: Sequence[int], rule: ButtonRule, entering: set[int]
    ) -> bool:
        """Whether the players ``entering`` can be dealt in between the button and the small
        blind: a small blind posted by a player, and three players without them."""
        try:
            without = self.table(seats - entering, before, rule)
        except TableError:
            return False
        small = without.blind_seats[0]
        if small is None or without.heads_up or without.button != self.button:
            return False
        try:
            Table(tuple(sorted(seats)), without.button, True, small)
        except TableError:
            return False
        return True

    def ahead(self, seat: int, table: Table, rule: ButtonRule, small_blind: int) -> bool:
        """Whether ``seat`` is between the dead button and ``small_blind``, the seat the
        small blind is due in front of: dealt in, it would take the small blind and move the
        big blind back onto the seat that just had it."""
        if rule != "dead" or len(table.seats) < 3 or table.button != self.button:
            return False
        return between(seat, self.button, small_blind) and seat != small_blind


def _small_blind_due(
    place: _Place, established: set[int], before: Sequence[int], rule: ButtonRule, last_big: int
) -> int:
    """The seat the small blind is due in front of: the player who had the big blind, or a
    player moved in between the button and that seat, who is dealt in at once and posts it
    (``last_big`` when nobody in the game posts it, or when two players are all the game
    has and newcomers move the blinds on)."""
    if len(established) < 3:
        return last_big
    try:
        small = place.table(established, before, rule).blind_seats[0]
    except TableError:
        return last_big
    return last_big if small is None else small


def _table(before: Sequence[int], button: int, seats: Sequence[int], rule: ButtonRule) -> Table:
    if len(seats) < 2:
        left = ", ".join(map(str, seats)) or "none"
        raise TableError(f"a hand needs two seats with chips (seats with chips: {left})")
    return Table(tuple(seats), next_button(tuple(before), button, tuple(seats), rule))


def _closed(
    seat: int, table: Table, rules: EntryRules, player: Player, place: _Place, vacated: int
) -> bool:
    """Whether ``seat`` may not come in this hand: RRoP §4 rule 7 (no new player dealt in,
    and no blinds made up, between the big blind and the button), TDA 10-A (a new player
    not between the small blind and the button; with no small blind posted, the empty
    seat it fell to, ``vacated``, is where the small blind is)."""
    if rules.closed == "none" or (rules.closed == "button-to-small-blind" and not player.new):
        return False
    if rules.closed == "button-to-big-blind":
        return between(seat, table.button, table.big_blind) and seat != table.big_blind
    others = tuple(s for s in table.seats if s != seat)
    if len(others) < 2 or seat == vacated:  # the seat the small blind is due on posts it
        return False
    small = Table(others, table.button).first_left_of_button
    if not place.small_blind and table.button == place.button:
        small = vacated
    return between(seat, table.button, small) and seat != small


_AHEAD: Final = (
    "between the button and the small blind: the dead button keeps the blinds on the seats"
    " due (RRoP §4 rule 1, WSOP LA 151, TDA 32)"
)
_CLOSED: Final = {
    "button-to-big-blind": "between the big blind and the button until the button passes"
    " (RRoP §4 rule 7)",
    "button-to-small-blind": "between the small blind and the button (TDA 10-A)",
}
