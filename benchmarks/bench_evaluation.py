"""Hand evaluation speed: floorman against treys and pokerkit on the same random deals.

Every library gets the same deals, already converted to its own card type,
and is timed over all of them in the same run; the best of ``--repeat``
passes counts.  Run from the repository root:

    python benchmarks/bench_evaluation.py [--deals 3000] [--seed 2024] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from _timing import best_time

Pass = Callable[[], object]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    start = time.perf_counter()
    import floorman.showdown.evaluation as evaluation

    import_ms = (time.perf_counter() - start) * 1000
    from pokerkit import Card as PokerkitCard
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand, StandardHighHand
    from treys import Card as TreysCard
    from treys import Evaluator

    from floorman.cards import DECK

    rng = random.Random(args.seed)
    deals = [rng.sample(DECK, 9) for _ in range(args.deals)]
    treys_of = {card: TreysCard.new(card.ascii) for card in DECK}
    pokerkit_of = {card: next(iter(PokerkitCard.parse(card.ascii))) for card in DECK}

    # Hold'em: two hole cards and a five-card board; Omaha: four and five.
    ours7 = [deal[:7] for deal in deals]
    treys7 = [([treys_of[c] for c in d[:2]], [treys_of[c] for c in d[2:7]]) for d in deals]
    kit7 = [([pokerkit_of[c] for c in d[:2]], [pokerkit_of[c] for c in d[2:7]]) for d in deals]
    ours_omaha = [(deal[:4], deal[4:]) for deal in deals]
    kit_omaha = [([pokerkit_of[c] for c in d[:4]], [pokerkit_of[c] for c in d[4:]]) for d in deals]

    start = time.perf_counter()
    evaluation.omaha_high_value(*ours_omaha[0])  # builds the five-card table once
    table_ms = (time.perf_counter() - start) * 1000

    high_value = evaluation.high_value
    omaha_high = evaluation.omaha_high_value
    omaha_low = evaluation.omaha_low_value
    treys_evaluate = Evaluator().evaluate
    kit_high = StandardHighHand.from_game
    kit_omaha_high = OmahaHoldemHand.from_game
    kit_omaha_low = OmahaEightOrBetterLowHand.from_game_or_none

    def ours_high() -> None:
        for cards in ours7:
            high_value(cards)

    def treys_high() -> None:
        for hole, board in treys7:
            treys_evaluate(board, hole)

    def kit_7() -> None:
        for hole, board in kit7:
            kit_high(hole, board)

    def ours_oh() -> None:
        for hole, board in ours_omaha:
            omaha_high(hole, board)

    def kit_oh() -> None:
        for hole, board in kit_omaha:
            kit_omaha_high(hole, board)

    def ours_ol() -> None:
        for hole, board in ours_omaha:
            omaha_low(hole, board)

    def kit_ol() -> None:
        for hole, board in kit_omaha:
            kit_omaha_low(hole, board)

    def ours_hilo() -> None:
        for hole, board in ours_omaha:
            omaha_high(hole, board)
            omaha_low(hole, board)

    def kit_hilo() -> None:
        for hole, board in kit_omaha:
            kit_omaha_high(hole, board)
            kit_omaha_low(hole, board)

    cases: list[tuple[str, Pass, Pass | None, Pass]] = [
        ("7-card high", ours_high, treys_high, kit_7),
        ("Omaha high", ours_oh, None, kit_oh),
        ("Omaha 8-or-better low", ours_ol, None, kit_ol),
        ("Omaha hi-lo (high + low)", ours_hilo, None, kit_hilo),
    ]
    rows: list[Sequence[Any]] = []
    for name, ours, treys, kit in cases:
        ours_rate = args.deals / best_time(ours, args.repeat)
        treys_rate = args.deals / best_time(treys, args.repeat) if treys else None
        kit_rate = args.deals / best_time(kit, args.repeat)
        rows.append((name, ours_rate, treys_rate, kit_rate))

    print(
        f"{args.deals} random deals (seed {args.seed}), best of {args.repeat};"
        " hands evaluated per second"
    )
    header = ("case", "floorman", "treys", "pokerkit", "vs treys", "vs pokerkit")
    print(
        f"{header[0]:<26}{header[1]:>11}{header[2]:>10}{header[3]:>10}{header[4]:>10}"
        f"{header[5]:>13}"
    )
    for name, ours_rate, treys_rate, kit_rate in rows:
        treys_cell = f"{treys_rate:>10,.0f}" if treys_rate else f"{'-':>10}"
        ratio_cell = f"{ours_rate / treys_rate:>9.1f}x" if treys_rate else f"{'-':>10}"
        print(
            f"{name:<26}{ours_rate:>11,.0f}{treys_cell}{kit_rate:>10,.0f}{ratio_cell}"
            f"{ours_rate / kit_rate:>12.1f}x"
        )
    print(
        f"import floorman.showdown.evaluation: {import_ms:.1f} ms;"
        f" Omaha five-card table: {table_ms:.1f} ms"
    )


if __name__ == "__main__":
    main()
