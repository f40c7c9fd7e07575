"""Where the button and the blinds go from one hand to the next.

RRoP §4 (Rules for Using Blinds, rule 1) leaves the house a choice: a
*moving* button always goes forward to the next player and the blinds follow
it; with a *dead* button the big blind goes to the player due for it and the
button and small blind are placed accordingly, even before an empty seat
(RRoP §4 rule 1, WSOP LA 151, TDA 32, WSOP T 85). So under the dead button the
big blind moves forward one player every hand, the player who had it posts the
small blind, and when that player has gone the small blind is in front of an
empty seat: nobody posts it that hand, and no seat posts the small blind twice
in a row. Heads-up the button posts the small blind (RRoP §4 rule 3), and
starting heads-up the button is placed so that nobody takes the big blind twice
in a row (TDA 34-B, WSOP T 87).

>>> next_button((1, 3, 5), 1, (1, 3, 5), "moving")
3
>>> next_button((1, 3, 5, 6), 1, (1, 5, 6), "moving")  # seat 3 left: the button moves on
5
>>> next_button((1, 3, 5, 6), 1, (1, 5, 6), "dead")  # seat 3 posted the small blind
3
>>> next_position((1, 3, 5, 6), 1, (1, 3, 6), "dead")  # seat 5, the big blind, left
Position(button=3, small_blind=False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Literal, NamedTuple

from floorman.hand.events import ButtonFound, Event
from floorman.hand.table import Table, TableError

__all__ = [
    "BUTTON_RULES",
    "ButtonRule",
    "Position",
    "blinds_header",
    "button_played",
    "header_small_blind",
    "held_position",
    "next_button",
    "next_header",
    "next_position",
    "placed_table",
    "remaining",
    "small_blind_spot",
]

ButtonRule = Literal["moving", "dead"]
BUTTON_RULES: Final = ("moving", "dead")


class Position(NamedTuple):
    """Where a hand's button is, and whether anyone posts the small blind: ``True``,
    ``False``, or the seat that posts it past the first seat left of the button."""

    button: int
    small_blind: bool | int = True


def placed_table(seats: Sequence[int], button: int, small_blind: bool | int) -> Table:
    """The table a header's ``small_blind`` (posted, none, or a seat) places."""
    if isinstance(small_blind, bool):
        return Table(tuple(seats), button, small_blind)
    return Table(tuple(seats), button, True, small_blind)


def header_small_blind(value: str | int) -> bool | int:
    """A header's ``small_blind`` as :func:`placed_table` takes it."""
    return value if not isinstance(value, str) else value == "posted"


def remaining(stacks: Mapping[int, int]) -> dict[int, int]:
    """The seats still in the game: a seat left with no chips is busted and empty."""
    return {seat: chips for seat, chips in sorted(stacks.items()) if chips > 0}


def next_button(before: Sequence[int], button: int, seats: Sequence[int], rule: ButtonRule) -> int:
    """The button's seat for the next hand (see :func:`next_position`)."""
    return next_position(before, button, seats, rule).button


def button_played(events: Iterable[Event]) -> int | None:
    """The seat the button was found on in a hand played on with it out of position (the
    last ``button`` event; the hand stood), ``None`` when it was where it belonged. Whether
    the next button moves on from there (``not-backed-up``, TDA 34-A) or from the seat it
    belonged on (``corrected``, RRoP §3 Irregularities 1) is the rulebook's option
    ``button_after_error``."""
    found = [event.seat for event in events if isinstance(event, ButtonFound)]
    return found[-1] if found else None


def held_position(
    seats: Sequence[int], button: int, small_blind: bool | int, rule: ButtonRule
) -> Position | None:
    """A position the button rule moves on from to ``button`` and ``small_blind`` at the
    same ``seats``: dealt the next hand from it, the button holds where it was (after a
    bomb pot, WSOP LA 27), every change between hands applied as after any hand; ``None``
    when no seat gives it.

    >>> held_position((1, 3, 5), 3, True, "moving")
    Position(button=1, small_blind=True)
    >>> next_position((1, 3, 5), 1, (1, 3, 5), "moving")
    Position(button=3, small_blind=True)
    """
    wanted = Position(button, small_blind)
    top = max(*seats, button)
    # the nearest seat behind the button first, a player's seat before an empty one
    nearest = sorted(range(1, top + 1), key=lambda s: (s not in seats, (button - s - 1) % top))
    for seat in nearest:
        for posted in (True, False):
            try:
                if next_position(seats, seat, seats, rule, posted) == wanted:
                    return Position(seat, posted)
            except TableError:
                continue
    return None


def small_blind_spot(table: Table) -> int:
    """The seat the small blind is in front of: its player's, or with no small blind the
    empty seat just before the big blind (the button's own, when there is none between)."""
    small, big = table.blind_seats
    if small is not None:
        return small
    return big - 1 if big > 1 and big - 1 != table.button else table.button


def next_position(
    before: Sequence[int],
    button: int,
    seats: Sequence[int],
    rule: ButtonRule,
    small_blind: bool | int = True,
    *,
    one_player_on: bool = True,
) -> Position:
    """The next hand's button and small blind.

    ``before``, ``button`` and ``small_blind`` are the last hand's occupied seats, button
    and small blind (posted, none or its seat); ``seats`` are the seats dealt in next.
    After a hand with players dealt in between the button and the small blind, the dead
    button moves ``one_player_on``, to the first of them, so that every player has the
    button each round (WSOP LA 151; the player who bought the button plays it, LA 154),
    the blinds moving on as due; else it goes behind the small blind, passing them (the
    player who posted only the big blind there, LA 154).
    """
    last = placed_table(before, button, small_blind)
    big = last.big_blind
    table = Table(tuple(seats), button)
    if len(table.seats) == 2:
        return Position(_heads_up(table, big))
    if rule == "moving":
        return Position(table.left_of(button))
    due = table.left_of(big)
    if one_player_on and last.small_blind_seat is not None:
        moved = _one_player_on(last, table, due)
        if moved is not None:
            return moved
    spot = small_blind_spot(last)
    behind = Table(table.seats, spot, big in table.seats)
    if behind.blind_seats == ((big if big in table.seats else None), due):
        return Position(spot, behind.small_blind)
    # a player came in between the blinds: the seat before the one due posts the small blind
    for candidate in _counterclockwise(table, due):
        if Table(table.seats, candidate).big_blind == due:
            return Position(candidate)
    raise AssertionError("some button always puts the big blind on the seat due")


def _one_player_on(last: Table, table: Table, due: int) -> Position | None:
    """The button on the first player left of the last button, the small blind on the
    player who had the big blind and the big blind on ``due``; ``None`` when either has
    gone or the seats cannot be placed so."""
    button, big = last.deal_order[0], last.big_blind
    if button not in table.seats or big not in table.seats:
        return None
    try:
        moved = Table(table.seats, button, True, big)
    except TableError:
        return None
    if moved.big_blind != due:
        return None
    return Position(button, True if moved.first_left_of_button == big else big)


def _heads_up(table: Table, big: int) -> int:
    """Heads-up the button is the small blind: the other seat takes the big blind,
    unless that seat had it last hand."""
    first, second = table.seats
    if big in table.seats:
        return big
    moved = table.left_of(table.button)
    return moved if moved in (first, second) else first


def _counterclockwise(table: Table, seat: int) -> tuple[int, ...]:
    order = table.clockwise_from(seat)
    return tuple(reversed(order))


def next_header(
    header: Mapping[str, Any],
    stacks: Mapping[int, int],
    rule: ButtonRule,
    *,
    misdeal: bool = False,
    changes: Mapping[int, int] | None = None,
) -> dict[str, Any]:
    """The header of the hand after ``header``: the stacks it left (busted seats empty),
    the seats changed by ``changes`` (a seat's chips added, a new seat, 0 to leave), and
    the button moved by ``rule``.

    After a misdeal the same hand is dealt again: the same button and the stacks it
    started with, every blind and ante returned (TDA 35-C, WSOP T 88-b, RRoP §3
    Misdeals).
    """
    before = {int(seat): chips for seat, chips in header["seats"].items()}
    button = int(header["button"])
    small_blind = header_small_blind(header.get("small_blind", "posted"))
    carried = dict(before) if misdeal else {int(s): c for s, c in stacks.items()}
    for seat, chips in (changes or {}).items():
        carried[seat] = carried.get(seat, 0) + chips if chips else 0
    seats = remaining(carried)
    if len(seats) < 2:
        left = ", ".join(map(str, seats)) or "none"
        raise TableError(f"a hand needs two seats with chips (seats with chips: {left})")
    if not (misdeal and (len(seats) > 2 or button in seats)):
        button, small_blind = next_position(tuple(before), button, tuple(seats), rule, small_blind)
    return blinds_header({**header, "seats": seats, "button": button}, small_blind)


def blinds_header(header: Mapping[str, Any], small_blind: bool | int) -> dict[str, Any]:
    """``header`` saying whether the hand has a small blind, or which seat posts it (the
    field only when it has none or names the seat)."""
    data = {key: value for key, value in header.items() if key != "small_blind"}
    if small_blind is False:
        data["small_blind"] = "none"
    elif small_blind is not True:
        data["small_blind"] = small_blind
    return data
