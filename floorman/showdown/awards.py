"""Awarding each pot to the best tabled hands among the seats that can win it.

Every pot is settled on its own (TDA rule 21): a side pot goes to the best
hand among the seats that reached it, and the main pot may go to a short
all-in that lost the side pot. Cards speak: the best hand the cards make
wins, whatever was announced. A pot only one seat can win goes to it
without a showdown; a seat that mucked is out of every pot.

In omaha-hilo each pot is cut in two: half to the best 8-or-better low,
half to the best high; with no qualifying low the high hand takes it all.

A board run more than once (running it twice) cuts every pot into one part per
run, and each part is awarded on its run's board as a pot of its own (RRoP §14
No-Limit 14: "the pot is divided in two, with each portion being dealt for
separately"); in omaha-hilo each part is then cut high and low.

>>> from floorman.cards import parse_cards as cards
>>> from floorman.showdown.oddchips import SplitRules
>>> from floorman.showdown.pots import Pot
>>> pots = [Pot(300, (1, 2, 3)), Pot(400, (2, 3))]
>>> hands = {1: cards("Ah Ad"), 2: cards("Kh Kd"), 3: cards("7c 2d")}
>>> board = cards("As Ks 9h 5c 3d")
>>> [award.awards for award in award_pots(
...     pots, game="holdem", board=board, hands=hands, button=3, rules=SplitRules())]
[{1: 300}, {2: 400}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from floorman.cards import Card
from floorman.errors import FloormanError
from floorman.showdown.evaluation import high_value, omaha_high_value, omaha_low_value
from floorman.showdown.oddchips import OddChip, Split, SplitRules, split_hilo, split_runs
from floorman.showdown.pots import Pot

__all__ = ["PotAward", "ShowdownError", "award_pots", "award_runs", "hand_values"]

GAMES = ("holdem", "omaha", "omaha-hilo")


class ShowdownError(FloormanError, ValueError):
    """A pot that cannot be awarded: no tabled hand, an unfinished board, a wrong hand."""


@dataclass(frozen=True, slots=True)
class PotAward:
    """One pot and who won it: the high (and low) winners and the split."""

    pot: Pot
    split: Split
    high: tuple[int, ...]
    low: tuple[int, ...] = ()
    contested: bool = True
    runs: tuple[PotAward, ...] = ()
    """A pot run more than once: each run's part and who won it, in the order run."""

    @property
    def awards(self) -> dict[int, int]:
        """Seat to chips won from this pot, in seat order."""
        return dict(sorted(self.split.shares.items()))

    @property
    def odd_chips(self) -> tuple[OddChip, ...]:
        return self.split.odd_chips

    def to_json(self) -> dict[str, object]:
        """The ``pots`` entry of ``floorman check --json``."""
        return {
            "amount": self.pot.amount,
            "eligible": list(self.pot.eligible),
            "awards": {str(seat): chips for seat, chips in self.awards.items()},
            "odd_chips": [chip.to_json() for chip in self.odd_chips],
        } | ({"runs": [run.to_json() for run in self.runs]} if self.runs else {})


def hand_values(
    game: str, board: Sequence[Card], hands: Mapping[int, Sequence[Card]]
) -> tuple[dict[int, int], dict[int, int]]:
    """Each seat's high value, and its qualifying low value (omaha-hilo only).

    Hold'em plays any five of hole and board (a seat may play the board with
    no hole cards); Omaha exactly two hole cards and three of the board.
    """
    if game not in GAMES:
        raise ShowdownError(f'unknown game "{game}"; the games are {", ".join(GAMES)}')
    if len(board) != 5:
        raise ShowdownError(f"a showdown needs the five board cards; the board has {len(board)}")
    need = 2 if game == "holdem" else 4
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for seat, hole in hands.items():
        if len(hole) != need and not (game == "holdem" and not hole):
            raise ShowdownError(
                f"seat {seat} shows {len(hole)} cards; a {game} hand has {need} hole cards"
            )
        if game == "holdem":
            high[seat] = high_value((*hole, *board))
        else:
            high[seat] = omaha_high_value(hole, board)
        if game == "omaha-hilo":
            low_value = omaha_low_value(hole, board)
            if low_value is not None:
                low[seat] = low_value
    return high, low


def award_pots(
    pots: Sequence[Pot],
    *,
    game: str,
    board: Sequence[Card],
    hands: Mapping[int, Sequence[Card]],
    button: int,
    rules: SplitRules,
    order: Sequence[int] | None = None,
) -> tuple[PotAward, ...]:
    """Award every pot to the best of its eligible seats' tabled ``hands``.

    ``hands`` are the hole cards of the seats still holding live hands
    (shown, or known to the record); a seat not in it has mucked. ``button``
    and ``order`` (the seats clockwise, when seat numbers do not go round in
    order) place the odd chips.
    """
    contested = [pot for pot in pots if len(pot.eligible) > 1]
    values: tuple[dict[int, int], dict[int, int]] = ({}, {})
    if contested:
        showing = {seat: hands[seat] for pot in contested for seat in pot.eligible if seat in hands}
        values = hand_values(game, board, showing)
    high_values, low_values = values
    awards: list[PotAward] = []
    for number, pot in enumerate(pots, start=1):
        if len(pot.eligible) == 1:
            seat = pot.eligible[0]
            awards.append(PotAward(pot, Split({seat: pot.amount}), (seat,), contested=False))
            continue
        rivals = [seat for seat in pot.eligible if seat in high_values]
        if not rivals:
            raise ShowdownError(
                f"{_name(number)} of {pot.amount}: none of seats "
                f"{', '.join(map(str, pot.eligible))} has tabled a hand"
            )
        high = _best(rivals, high_values)
        low = _best([seat for seat in rivals if seat in low_values], low_values)
        split = split_hilo(
            pot.amount, high, low, button=button, rules=rules, order=order, cards=hands
        )
        awards.append(PotAward(pot, split, high, low))
    return tuple(awards)


def award_runs(
    pots: Sequence[Pot],
    *,
    game: str,
    boards: Sequence[Sequence[Card]],
    hands: Mapping[int, Sequence[Card]],
    button: int,
    rules: SplitRules,
    order: Sequence[int] | None = None,
) -> tuple[PotAward, ...]:
    """Award every pot of a board run once per board in ``boards``: each pot is cut into
    a part per run (:func:`split_runs`), each part awarded on its run's board; a pot's
    award is what its runs won together, its ``runs`` each run's award."""
    if len(boards) == 1:
        return award_pots(
            pots, game=game, board=boards[0], hands=hands, button=button, rules=rules, order=order
        )
    by_run = [
        award_pots(
            [Pot(part, pot.eligible) for pot, part in zip(pots, parts, strict=True)],
            game=game, board=board, hands=hands, button=button, rules=rules, order=order,
        )
        for board, parts in zip(
            boards, zip(*(split_runs(p.amount, len(boards), rules) for p in pots), strict=True),
            strict=True,
        )
    ]  # fmt: skip
    awards: list[PotAward] = []
    for index, pot in enumerate(pots):
        runs = tuple(run[index] for run in by_run)
        shares: dict[int, int] = {}
        for run in runs:
            for seat, chips in run.split.shares.items():
                shares[seat] = shares.get(seat, 0) + chips
        split = Split(
            shares,
            tuple(chip for run in runs for chip in run.odd_chips),
            sum(run.split.carried for run in runs),
        )
        high = tuple(sorted({seat for run in runs for seat in run.high}))
        low = tuple(sorted({seat for run in runs for seat in run.low}))
        awards.append(PotAward(pot, split, high, low, runs[0].contested, runs))
    return tuple(awards)


def _best(seats: Sequence[int], values: Mapping[int, int]) -> tuple[int, ...]:
    if not seats:
        return ()
    top = max(values[seat] for seat in seats)
    return tuple(seat for seat in seats if values[seat] == top)


def _name(number: int) -> str:
    return "main pot" if number == 1 else f"side pot {number - 1}"
