"""ICM cost: floorman's sets-of-players method against a brute force over every
finishing order, same final tables, one run.

The brute force is the Malmuth–Harville model as written: every order the
players could finish in, its chance the product of each player's share of the
chips still unplaced, each place's payout to whoever holds it; ``n!`` orders.
floorman works over the sets of players who could hold the places above
(``2**n`` at most), in exact fractions up to 10 players, in floating point
beyond. The two agree exactly (``tests/test_tournament_icm.py``); this times
them side by side. The best of ``--repeat`` passes counts. Run from the
repository root:

    python benchmarks/bench_icm.py [--repeat 3]
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from itertools import permutations

from _timing import best_time

from floorman.tournament.icm import icm_equities


def brute_force(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    equities = [Fraction(0)] * len(stacks)
    for order in permutations(range(len(stacks))):
        chance = Fraction(1)
        left = sum(stacks)
        for player in order:
            chance *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(payouts)]):
            equities[player] += chance * payouts[place]
    return equities


def table(players: int) -> tuple[list[int], list[int]]:
    stacks = [1000 + 7919 * i % 5000 for i in range(players)]
    payouts = [100 * (players - place) for place in range(players)]
    return stacks, payouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"best of {args.repeat}; seconds per final table, every place paid")
    print(f"{'players':>7}  {'floorman':>9}  {'brute force':>11}  {'ratio':>7}")
    for players in (5, 6, 7, 8):
        stacks, payouts = table(players)
        ours = best_time(lambda s=stacks, p=payouts: icm_equities(s, p), args.repeat)
        theirs = best_time(lambda s=stacks, p=payouts: brute_force(s, p), args.repeat)
        assert list(icm_equities(stacks, payouts)) == brute_force(stacks, payouts)
        print(f"{players:>7}  {ours:>9.5f}  {theirs:>11.5f}  {theirs / ours:>6.1f}x")
    for players in (9, 10, 11, 12, 14, 16):
        stacks, payouts = table(players)
        ours = best_time(lambda s=stacks, p=payouts: icm_equities(s, p), 1)
        kind = "fractions" if players <= 10 else "floats"
        print(f"{players:>7}  {ours:>9.5f}  {'-':>11}  {'-':>7}  ({kind})")


if __name__ == "__main__":
    main()
