"""The end of a hand in chips: the pots and who won them, each seat's winnings and stack.

This is the ``pots``, ``awards`` and ``stacks`` part of ``floorman check``:
the uncalled bet goes back, the pots are built and each awarded, and every
seat's stack is what it had behind plus what came back plus what it won.

>>> from floorman.cards import parse_cards as cards
>>> from floorman.oddchips import SplitRules
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

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from floorman.cards import Card
from floorman.oddchips import SplitRules
from floorman.pots import PotLayout, build_pots
from floorman.showdown import PotAward, award_pots

__all__ = ["Settlement", "open_pots_json", "settle"]


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
) -> Settlement:
    """Settle a finished hand.

    ``behind`` is every seat's stack after all it put in; ``contributions``
    what each seat put in over the hand; ``folded`` the seats out; ``hands``
    the live seats' hole cards (a live seat missing from it has mucked);
    ``dead`` money in the main pot that belongs to no seat's level.
    """
    layout = build_pots(contributions, folded, dead=dead)
    awards_by_pot = award_pots(
        layout.pots, game=game, board=board, hands=hands, button=button, rules=rules, order=order
    )
    won: dict[int, int] = {}
    for award in awards_by_pot:
        for seat, chips in award.split.shares.items():
            won[seat] = won.get(seat, 0) + chips
    stacks = {
        seat: behind[seat] + layout.returned.get(seat, 0) + won.get(seat, 0)
        for seat in sorted(behind)
    }
    return Settlement(
        pots=awards_by_pot,
        returned=layout.returned,
        awards=dict(sorted(won.items())),
        stacks=stacks,
        carried=sum(award.split.carried for award in awards_by_pot),
    )


def open_pots_json(layout: PotLayout) -> list[dict[str, object]]:
    """The ``pots`` entries of a hand not yet settled: amounts and who can win them."""
    return [
        {"amount": pot.amount, "eligible": list(pot.eligible), "awards": {}, "odd_chips": []}
        for pot in layout.pots
    ]
