"""The end of a draw hand in chips: the pots and who won them.

2-7 triple draw and single draw play the best deuce-to-seven low (aces high, straights
and flushes count against the hand), A-5 lowball the best ace-to-five low, badugi the
best badugi; each is read with the low evaluators. Draw games are button games: an odd
chip between tied hands goes to the first of them clockwise from the button (RRoP
"Ties" 3; WSOP LA 149: in low-low split games, by position from the button; TDA 20-A).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Final

from floorman.cards import Card
from floorman.hand.drawstate import DrawHand
from floorman.showdown.awards import PotAward, ShowdownError
from floorman.showdown.oddchips import Split, SplitRules, split_pot
from floorman.showdown.pots import build_pots
from floorman.showdown.settlement import Settlement

__all__ = ["settle_draw"]

_EVALUATORS: Final = {
    "triple-draw-27": ("floorman.showdown.lowball", "deuce_seven_value"),
    "single-draw-27": ("floorman.showdown.lowball", "deuce_seven_value"),
    "lowball-a5": ("floorman.showdown.lowball", "a5_low_value"),
    "badugi": ("floorman.showdown.badugi", "badugi_value"),
}
"""Where each game's hand value (larger better) is read."""


def _evaluator(game: str) -> Callable[[Sequence[Card]], int]:
    module_name, function = _EVALUATORS[game]
    try:
        module: Any = importlib.import_module(module_name)
    except ImportError:
        raise ShowdownError(f"{game} is read with the low evaluators, not installed") from None
    found: Callable[[Sequence[Card]], int] = getattr(module, function)
    return found


def settle_draw(hand: DrawHand, rules: SplitRules | None = None) -> Settlement | None:
    """Settle a finished draw hand (``None`` while it is on). A live seat whose cards are
    not all known at the showdown has not tabled a hand."""
    if hand.over_reason is None:
        return None
    rules = SplitRules(odd_chip="first-left-of-button", unit=rules.unit if rules else 1)
    # The antes are dead money in the main pot, which every live seat may win whatever
    # its stack (the big blind's ante included), as the flop games' antes are.
    bets = {seat: hand.contributed[seat] - hand.antes[seat] for seat in hand.seats}
    layout = build_pots(bets, hand.folded, dead=sum(hand.antes.values()))
    tabled = {
        seat: tuple(c for c in hand.cards[seat] if c is not None)
        for seat in hand.live
        if None not in hand.cards[seat] or hand.over_reason == "fold"
    }
    values: dict[int, int] = {}
    awards: list[PotAward] = []
    for number, pot in enumerate(layout.pots, 1):
        if len(pot.eligible) == 1:
            seat = pot.eligible[0]
            awards.append(PotAward(pot, Split({seat: pot.amount}), (seat,), contested=False))
            continue
        rivals = [seat for seat in pot.eligible if seat in tabled]
        if not rivals:
            seats = ", ".join(map(str, pot.eligible))
            raise ShowdownError(f"pot {number} of {pot.amount}: none of seats {seats} has tabled")
        value = _evaluator(hand.game)
        for seat in rivals:
            if seat not in values:
                values[seat] = value(tabled[seat])
        top = max(values[seat] for seat in rivals)
        best = tuple(seat for seat in rivals if values[seat] == top)
        split = split_pot(pot.amount, best, button=hand.button, rules=rules, order=hand.seats)
        awards.append(PotAward(pot, split, best))
    won: dict[int, int] = {}
    for award in awards:
        for seat, chips in award.split.shares.items():
            won[seat] = won.get(seat, 0) + chips
    stacks = {
        seat: hand.stacks[seat] + layout.returned.get(seat, 0) + won.get(seat, 0)
        for seat in hand.seats
    }
    return Settlement(
        pots=tuple(awards),
        returned=layout.returned,
        awards=dict(sorted(won.items())),
        stacks=stacks,
        carried=sum(award.split.carried for award in awards),
    )
