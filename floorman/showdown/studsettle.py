"""The end of a stud hand in chips: the pots, who won them, the odd chips.

Stud plays the best five of a seat's seven cards for high; stud hi-lo splits each pot
between the best high and the best 8-or-better low (the high hand scoops when no low
qualifies, RRoP stud hi-lo rule 2); razz plays the best ace-to-five low.

Odd chips go by the cards, not the seats (RRoP "Ties" 3; TDA 20-B; WSOP LA 149, 244): in a
split between a high and a low half the odd chip goes to the high half; between tied
hands, to the highest card by suit. The books differ on which cards count:

- ``all-cards`` (RRoP "Ties" 3, stud hi-lo rules 9 and 10): every card the seat holds,
  and between tied low hands the *lowest* card by suit;
- ``five-cards`` (TDA 20-B, WSOP LA 149 and 244): only the five cards of the winning
  hand, the highest card by suit for high and low alike. Where a rank of a low hand is
  held twice, the seat plays the card of the higher suit.

>>> from floorman.hand.studevents import parse_stud_event as ev
>>> hand = StudHand(seats={1: 100, 2: 100}, game="stud", ante=1, bring_in=2, limits=(4, 8))
>>> streets = [["down 1 Ah Ad", "up 1 2c", "down 2 Kh Kd", "up 2 Ks", "1 bring-in", "2 call"],
...            ["up 1 3c", "up 2 4d"], ["up 1 5h", "up 2 6d"], ["up 1 9h", "up 2 8d"],
...            ["down 1 Jc", "down 2 Qc"]]
>>> for street in streets:
...     _ = hand.apply_all(ev(text) for text in street)
...     while hand.to_act is not None:
...         hand.apply(ev(f"{hand.to_act} check"))
>>> settled = settle_stud(hand)
>>> settled.stacks, hand.over_reason
({1: 97, 2: 103}, 'showdown')
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Final, Literal

from floorman.cards import Card
from floorman.hand.stud import StudGame
from floorman.hand.studstate import StudHand
from floorman.showdown.awards import PotAward, ShowdownError
from floorman.showdown.evaluation import high_value, low_ranks, low_value
from floorman.showdown.oddchips import OddChip, Split, SplitRules, split_pot
from floorman.showdown.pots import Pot, build_pots
from floorman.showdown.settlement import Settlement

__all__ = [
    "ODD_CHIP_CARDS", "RULEBOOK_ODD_CHIP_CARDS", "HiloLow", "OddChipCards", "hilo_low_of",
    "odd_chip_cards",
    "settle_stud",
    "split_stud_pot",
]  # fmt: skip

OddChipCards = Literal["all-cards", "five-cards"]
HiloLow = Literal["eight-or-better", "regular"]
ODD_CHIP_CARDS: Final[tuple[OddChipCards, ...]] = ("all-cards", "five-cards")
RULEBOOK_ODD_CHIP_CARDS: Final[dict[str, OddChipCards]] = {
    "rrop": "all-cards",
    "tda": "five-cards",
    "wsop": "five-cards",
}
"""Which cards decide a stud odd chip, by rulebook (see the module docstring)."""


def odd_chip_cards(rulebook: str) -> OddChipCards:
    """Which cards a rulebook reads a stud odd chip by: all of them in Robert's Rules,
    the five of the hand in the TDA's and the WSOP's.

    >>> odd_chip_cards("rrop"), odd_chip_cards("tda-2024"), odd_chip_cards("wsop-2024")
    ('all-cards', 'five-cards', 'five-cards')
    """
    found = (cards for book, cards in RULEBOOK_ODD_CHIP_CARDS.items() if rulebook.startswith(book))
    return next(found, "all-cards")


A5_LOW_MODULE: Final = "floorman.showdown.lowball"
"""Where the ace-to-five low evaluator razz is read with lives."""


def hilo_low_of(options: Mapping[str, object]) -> HiloLow:
    """The low a rulebook's stud hi-lo plays for (its ``stud_hilo_low`` option).

    >>> hilo_low_of({"stud_hilo_low": "regular"}), hilo_low_of({})
    ('regular', 'eight-or-better')
    """
    return "regular" if options.get("stud_hilo_low") == "regular" else "eight-or-better"


def settle_stud(
    hand: StudHand,
    rules: SplitRules | None = None,
    odd_chip_cards: OddChipCards = "all-cards",
    hilo_low: HiloLow = "eight-or-better",
) -> Settlement | None:
    """Settle a finished stud hand (``None`` while it is on). A live seat whose seven
    cards are not all known at the showdown has not tabled a hand. ``hilo_low`` is the
    low half of stud hi-lo: 8-or-better, or ``regular`` (no qualifier: the best
    ace-to-five low of any five cards takes it, a house option, WSOP LA 245)."""
    if hand.over_reason is None:
        return None
    rules = SplitRules(
        odd_chip="high-card-by-suit",
        hilo_odd_chip=rules.hilo_odd_chip if rules else "high",
        unit=rules.unit if rules else 1,
    )
    layout = build_pots(hand.contributed, hand.folded)
    tabled = {
        seat: hand.known(seat)
        for seat in hand.live
        if len(hand.known(seat)) == 7 or hand.over_reason == "fold"
    }
    awards = tuple(
        _award(hand, pot, number, tabled, rules, odd_chip_cards, hilo_low)
        for number, pot in enumerate(layout.pots, 1)
    )
    won: dict[int, int] = {}
    for award in awards:
        for seat, chips in award.split.shares.items():
            won[seat] = won.get(seat, 0) + chips
    stacks = {
        seat: hand.stacks[seat] + layout.returned.get(seat, 0) + won.get(seat, 0)
        for seat in hand.seats
    }
    return Settlement(
        pots=awards,
        returned=layout.returned,
        awards=dict(sorted(won.items())),
        stacks=stacks,
        carried=sum(award.split.carried for award in awards),
    )


def _award(
    hand: StudHand,
    pot: Pot,
    number: int,
    tabled: Mapping[int, Sequence[Card]],
    rules: SplitRules,
    odd_chip_cards: OddChipCards,
    hilo_low: HiloLow = "eight-or-better",
) -> PotAward:
    if len(pot.eligible) == 1:
        seat = pot.eligible[0]
        return PotAward(pot, Split({seat: pot.amount}), (seat,), contested=False)
    rivals = [seat for seat in pot.eligible if seat in tabled]
    if not rivals:
        seats = ", ".join(map(str, pot.eligible))
        raise ShowdownError(f"pot {number} of {pot.amount}: none of seats {seats} has tabled")
    split, high, low = split_stud_pot(
        hand.game, pot.amount, {seat: tabled[seat] for seat in rivals}, rules,
        button=hand.seats[-1], odd_chip_cards=odd_chip_cards, hilo_low=hilo_low,
    )  # fmt: skip
    return PotAward(pot, split, high, low)


def split_stud_pot(
    game: StudGame,
    amount: int,
    tabled: Mapping[int, Sequence[Card]],
    rules: SplitRules,
    *,
    button: int,
    odd_chip_cards: OddChipCards = "all-cards",
    hilo_low: HiloLow = "eight-or-better",
) -> tuple[Split, tuple[int, ...], tuple[int, ...]]:
    """Split ``amount`` among the hands ``tabled`` for it: the split, the seats winning
    high and those winning low (razz: low alone). The odd chip goes by the high card by
    suit, read from every card or from the five of the hand as ``odd_chip_cards`` says;
    ``button`` (the last seat) orders what the cards cannot.

    >>> from floorman.cards import parse_cards as cards
    >>> hands = {2: cards("Ah 2c 3d 5s 7h 8c 9d"), 4: cards("As 2d 3c 4h 6s Kd Kc")}
    >>> split, high, low = split_stud_pot("stud-hilo", 101, hands, SplitRules(), button=4)
    >>> dict(split.shares), high, low
    ({4: 101}, (4,), (4,))
    """
    rivals = sorted(tabled)
    rules = SplitRules(  # stud: by the cards (RRoP §3 Ties, TDA 20-B, WSOP LA 149)
        odd_chip="high-card-by-suit", hilo_odd_chip=rules.hilo_odd_chip, unit=rules.unit
    )
    five = odd_chip_cards == "five-cards"
    if game == "razz":
        razz = {seat: _a5(tabled[seat]) for seat in rivals}
        best = _best(rivals, {seat: value for seat, (value, _) in razz.items()})
        cards = {seat: razz[seat][1] if five else tuple(tabled[seat]) for seat in best}
        split = split_pot(
            amount, best, button=button, rules=rules, cards=cards, low=not five,
            what="tied low hands",
        )  # fmt: skip
        return split, (), best
    highs = {seat: high_value(tabled[seat]) for seat in rivals}
    high = _best(rivals, highs)
    low: tuple[int, ...] = ()
    regular: dict[int, tuple[int, tuple[Card, ...]]] = {}
    if game == "stud-hilo" and hilo_low == "regular":
        regular = {seat: _a5(tabled[seat]) for seat in rivals}
        low = _best(rivals, {seat: value for seat, (value, _) in regular.items()})
    elif game == "stud-hilo":
        qualified = {seat: v for seat in rivals if (v := low_value(tabled[seat])) is not None}
        low = _best(list(qualified), qualified)
    high_cards = {seat: _high_five(tabled[seat], highs[seat], five) for seat in high}
    if not low:
        split = split_pot(amount, high, button=button, rules=rules, cards=high_cards)
        return split, high, ()
    low_cards = {
        seat: (regular[seat][1] if five else tuple(tabled[seat]))
        if regular
        else _low_five(tabled[seat], five)
        for seat in low
    }
    split = _split_hilo(amount, high, low, button, rules, high_cards, low_cards, five)
    return split, high, low


def _split_hilo(
    amount: int,
    high: tuple[int, ...],
    low: tuple[int, ...],
    button: int,
    rules: SplitRules,
    high_cards: Mapping[int, Sequence[Card]],
    low_cards: Mapping[int, Sequence[Card]],
    five: bool,
) -> Split:
    """Half high, half low; the odd chip of the cut to the high half (RRoP stud hi-lo
    rule 9, TDA 20-C, WSOP LA 244) unless the house gives it low; each half's own odd chip
    by the cards that count for it."""
    unit = rules.unit
    half, odd = divmod(amount // unit, 2)
    if not five and len(high) > 1 and sorted(high) == sorted(low):
        # RRoP stud hi-lo rule 9: players tying for both the high and the low split the
        # pot as evenly as possible, the odd chip to the high card by suit (§3 Ties 4: no
        # player receives more than one odd chip).
        whole = split_pot(
            amount, high, button=button, rules=rules, cards=high_cards,
            what="hands tying for both the high and the low",
        )  # fmt: skip
        return Split(
            whole.shares, whole.odd_chips, carried=whole.carried,
            halves={"high": (half + odd) * unit, "low": half * unit},
        )  # fmt: skip
    to_low = odd and rules.hilo_odd_chip == "low"
    high_units, low_units = half + (odd and not to_low), half + to_low
    chips: list[OddChip] = []
    if odd:
        side, winners = ("low", low) if to_low else ("high", high)
        reason = f"the odd chip of the high/low split goes to the {side} half"
        chips.append(OddChip(winners[0] if len(winners) == 1 else None, unit, reason))
    high_split = split_pot(
        high_units * unit, high, button=button, rules=rules, cards=high_cards,
        what="tied high hands",
    )  # fmt: skip
    low_split = split_pot(
        low_units * unit, low, button=button, rules=rules, cards=low_cards, low=not five,
        what="tied low hands",
    )  # fmt: skip
    shares = dict(high_split.shares)
    for seat, share in low_split.shares.items():
        shares[seat] = shares.get(seat, 0) + share
    return Split(
        shares,
        (*chips, *high_split.odd_chips, *low_split.odd_chips),
        carried=high_split.carried + low_split.carried,
        halves={"high": high_units * unit, "low": low_units * unit},
    )


def _best(seats: Sequence[int], values: Mapping[int, int]) -> tuple[int, ...]:
    if not seats:
        return ()
    top = max(values[seat] for seat in seats)
    return tuple(seat for seat in seats if values[seat] == top)


def _high_five(cards: Sequence[Card], value: int, five: bool) -> tuple[Card, ...]:
    """The cards that decide a high odd chip: all of them, or the five of the hand."""
    if not five:
        return tuple(cards)
    return next(tuple(c) for c in combinations(cards, 5) if high_value(c) == value)


def _low_five(cards: Sequence[Card], five: bool) -> tuple[Card, ...]:
    """The cards that decide a low odd chip: all of them, or the five of the 8-or-better
    low (the higher suit of a rank held twice)."""
    if not five:
        return tuple(cards)
    chosen: list[Card] = []
    pool = sorted(cards, reverse=True)
    for rank in low_ranks(low_value(cards)):
        card = next(c for c in pool if (1 if c.rank == 14 else c.rank) == rank)
        pool.remove(card)
        chosen.append(card)
    return tuple(chosen)


def _a5(cards: Sequence[Card]) -> tuple[int, tuple[Card, ...]]:
    """The ace-to-five low of ``cards`` (value, larger better; the five that play): razz
    is read with the low evaluator."""
    try:
        module = importlib.import_module(A5_LOW_MODULE)
    except ImportError:
        raise ShowdownError(
            "razz is read with the ace-to-five low evaluator, not installed"
        ) from None
    low = module.evaluate_low_a5(cards)
    return int(low.value), tuple(low.cards)
