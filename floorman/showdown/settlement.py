"""The end of a hand in chips: the pots and who won them, each seat's winnings and stack.

This is the ``pots``, ``awards`` and ``stacks`` part of ``floorman check``:
the uncalled bet goes back, the pots are built and each awarded, and every
seat's stack is what it had behind plus what came back plus what it won.

>>> from floorman.cards import parse_cards as cards
>>> from floorman.showdown.oddchips import SplitRules
>>> result = settle(
...     {1: 0, 2: 150, 3: 190},
...     {1: 100, 2: 250, 3: 10},
...     folded={3},
...     game="holdem",
...     board=cards("As Ks 9h 5c 3d"),
...     hands={1: cards("Ah Ad"), 2: cards("Kh Kd")},
...     button=3,
...     rules=SplitRules(),
... )
>>> result.to_json()["stacks"]
{'1': 210, '2': 300, '3': 190}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorman.cards import Card
from floorman.hand.events import Event, Post
from floorman.hand.state import HandState
from floorman.showdown.pots import Pot, PotLayout, build_pots, uncalled_bet

if TYPE_CHECKING:
    # Awarding (hand evaluation, odd chips) is imported when a hand is settled: a
    # hand in progress, as on most dealer commands, only lists its pots.
    from floorman.showdown.awards import PotAward
    from floorman.showdown.oddchips import SplitRules

__all__ = [
    "ChipsReport",
    "Settlement",
    "awaiting_hands",
    "chips_report",
    "dead_posts",
    "open_pots_json",
    "settle",
    "settle_state",
]


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every pot's award, the bet handed back, and each seat's winnings and final stack."""

    pots: tuple[PotAward, ...]
    returned: dict[int, int]
    awards: dict[int, int]
    stacks: dict[int, int]
    carried: int = 0

    def to_json(self) -> dict[str, object]:
        """``pots``, ``awards`` and ``stacks`` as ``floorman check --json`` prints them."""
        return {
            "pots": [award.to_json() for award in self.pots],
            "awards": {str(seat): chips for seat, chips in self.awards.items()},
            "stacks": {str(seat): chips for seat, chips in self.stacks.items()},
        }


def settle(
    behind: Mapping[int, int],
    contributions: Mapping[int, int],
    folded: Collection[int] = (),
    *,
    game: str,
    board: Sequence[Card],
    hands: Mapping[int, Sequence[Card]],
    button: int,
    rules: SplitRules,
    order: Sequence[int] | None = None,
    dead: int = 0,
    runs: Sequence[Sequence[Card]] = (),
) -> Settlement:
    """Settle a finished hand.

    ``behind`` is every seat's stack after all it put in; ``contributions``
    what each seat put in over the hand; ``folded`` the seats out; ``hands``
    the live seats' hole cards (a live seat missing from it has mucked);
    ``dead`` money in the main pot that belongs to no seat's level; ``runs``
    each run's board when the board was run more than once (``board`` is then unused).
    """
    live = [seat for seat in contributions if seat not in folded]
    if len(live) == 1 and dead >= 0 and min(contributions.values()) >= 0:
        return _uncontested(behind, contributions, live[0], dead)
    from floorman.showdown.awards import award_runs

    layout = build_pots(contributions, folded, dead=dead)
    awards_by_pot = award_runs(
        layout.pots,
        game=game,
        boards=runs if len(runs) > 1 else (board,),
        hands=hands,
        button=button,
        rules=rules,
        order=order,
    )
    won: dict[int, int] = {}
    for award in awards_by_pot:
        for seat, chips in award.split.shares.items():
            won[seat] = won.get(seat, 0) + chips
    return Settlement(
        pots=awards_by_pot,
        returned=layout.returned,
        awards=dict(sorted(won.items())),
        stacks=_stacks(behind, layout.returned, won),
        carried=sum(award.split.carried for award in awards_by_pot),
    )


def _uncontested(
    behind: Mapping[int, int], contributions: Mapping[int, int], winner: int, dead: int
) -> Settlement:
    """Everyone else folded: the bet nobody called goes back and every other chip,
    dead money included, is one pot for the last seat, won without a showdown."""
    returned: dict[int, int] = {}
    total = sum(contributions.values()) + dead
    unmatched = uncalled_bet(contributions)
    if unmatched is not None:
        seat, excess = unmatched
        returned[seat] = excess
        total -= excess
    if not total:
        return Settlement((), returned, {}, _stacks(behind, returned, {}))
    from floorman.showdown.awards import PotAward
    from floorman.showdown.oddchips import Split

    award = PotAward(Pot(total, (winner,)), Split({winner: total}), (winner,), (), False)
    won = {winner: total}
    return Settlement((award,), returned, won, _stacks(behind, returned, won))


def _stacks(
    behind: Mapping[int, int], returned: Mapping[int, int], won: Mapping[int, int]
) -> dict[int, int]:
    """Each seat's chips at the end, in seat order: what it had behind, its bet handed
    back, its winnings."""
    stacks = dict(sorted(behind.items()))
    for chips in (returned, won):
        for seat, amount in chips.items():
            if seat in stacks:
                stacks[seat] += amount
    return stacks


def open_pots_json(layout: PotLayout, *, pending: bool = False) -> list[dict[str, object]]:
    """The ``pots`` entries of a hand not yet settled: amounts and who can win them.

    With ``pending``, a bet not yet called is shown as a last pot open only to
    its bettor (it is the bettor's again if nobody calls), so every chip in the
    middle is in some entry.
    """
    pots = list(layout.pots)
    if pending:
        pots.extend(Pot(chips, (seat,)) for seat, chips in layout.returned.items())
    return [
        {"amount": pot.amount, "eligible": list(pot.eligible), "awards": {}, "odd_chips": []}
        for pot in pots
    ]


def dead_posts(events: Iterable[Event]) -> dict[int, int]:
    """Chips each seat posted as dead money: a dead blind, or an ante one seat
    posts for the table (a big-blind or button ante, ``post SEAT ante X``).

    Dead money is in the main pot for every live seat to win, whatever it
    put in itself; header antes, posted by every seat, are each seat's own.
    """
    dead: dict[int, int] = {}
    for event in events:
        if isinstance(event, Post) and event.what in ("ante", "dead"):
            dead[event.seat] = dead.get(event.seat, 0) + event.amount
    return dead


def settle_state(
    state: HandState,
    *,
    rules: SplitRules,
    dead: Mapping[int, int] | None = None,
) -> Settlement | None:
    """Settle the hand a reducer state holds; ``None`` while the hand is still on.

    Tabled hands are the seats' shown cards (a hold'em seat that declared it
    plays the board needs none); ``dead`` is :func:`dead_posts` of the events.
    A misdeal or a voided hand settles to the stacks as they were.
    """
    if state.over_reason in ("misdeal", "void"):
        return Settlement((), {}, {}, dict(sorted(state.betting.stacks.items())))
    if state.over_reason not in ("fold", "showdown"):
        return None
    posted = dead or {}
    contributions = _less_dead(state.betting.contributed, posted)
    dead_money = sum(posted.values()) if posted else 0
    folded = state.betting.folded
    if len(folded) == len(contributions) - 1 and dead_money >= 0:
        live = contributions.keys() - folded
        if len(live) == 1 and min(contributions.values()) >= 0:
            return _uncontested(state.betting.stacks, contributions, live.pop(), dead_money)
    hands: dict[int, Sequence[Card]] = {}
    for seat in state.table.seats:
        if seat in folded:
            continue
        if seat in state.shown:
            hands[seat] = state.shown[seat]
        elif seat in state.plays_board and state.game == "holdem":
            hands[seat] = ()
    return settle(
        state.betting.stacks,
        contributions,
        folded,
        game=state.game,
        board=state.ledger.board_cards,
        hands=hands,
        button=state.table.button,
        rules=rules,
        dead=dead_money,
        runs=state.ledger.run_boards,
    )


@dataclass(frozen=True, slots=True)
class ChipsReport:
    """The chip part of ``floorman check``: ``pots`` entries, ``awards`` and ``stacks``."""

    pots: list[dict[str, object]]
    awards: dict[int, int]
    stacks: dict[int, int]


def chips_report(
    state: HandState, *, rules: SplitRules, dead: Mapping[int, int] | None = None
) -> ChipsReport:
    """The pots, awards and stacks of ``floorman check`` for any state.

    A finished hand is settled. Until then, and at a showdown until every live
    seat but the last has tabled its hand or mucked (the last live hand wins
    unseen), the pots are listed with nobody awarded yet, a bet not yet called
    as a last pot of its own, and the stacks are the chips behind each seat.
    """
    settlement = None if awaiting_hands(state) else settle_state(state, rules=rules, dead=dead)
    if settlement is not None:
        return ChipsReport(
            [award.to_json() for award in settlement.pots],
            settlement.awards,
            settlement.stacks,
        )
    posted = dead or {}
    contributions = _less_dead(state.betting.contributed, posted)
    layout = build_pots(contributions, state.betting.folded, dead=sum(posted.values()))
    return ChipsReport(
        open_pots_json(layout, pending=True), {}, dict(sorted(state.betting.stacks.items()))
    )


def awaiting_hands(state: HandState) -> bool:
    """At the showdown, live hands not yet tabled (or declared to play the board) while
    another is still live: until they are, nobody can say who wins."""
    live = state.betting.live
    return (
        state.over_reason == "showdown"
        and len(live) > 1
        and any(seat not in state.shown and seat not in state.plays_board for seat in live)
    )


def _less_dead(contributed: Mapping[int, int], dead: Mapping[int, int]) -> Mapping[int, int]:
    """What each seat put in towards its own level: all it put in but dead money."""
    if not dead:
        return contributed
    return {seat: chips - dead.get(seat, 0) for seat, chips in contributed.items()}
