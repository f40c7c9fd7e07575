"""Betting limits per structure, with the seed's worked examples."""

from __future__ import annotations

from floorman.hand.structures import Wager, bet_range, is_full_raise, limit_bet_size, raise_range


def test_pot_limit_raise_seed_example() -> None:
    # "If the pot has $100 in it and an opponent bets $20 ... a bet of $160 total."
    wager = raise_range("pot-limit", current_bet=20, raise_size=20, full_level=20,
                        limit_size=0, pot=120, to_call=20, allin=10_000)  # fmt: skip
    assert wager.highest == 160


def test_pot_limit_bet_is_at_most_the_pot() -> None:
    # "if the pot has $100 in it, you can bet up to and including $100"
    assert bet_range("pot-limit", min_bet=2, limit_size=0, pot=100, allin=500).highest == 100


def test_no_limit_minimum_raise_seed_example() -> None:
    # "if the bet was $50 ... a minimum raise ... would be a total bet of $100"
    wager = raise_range("no-limit", current_bet=50, raise_size=50, full_level=50,
                        limit_size=0, pot=80, to_call=50, allin=1000)  # fmt: skip
    assert (wager.lowest, wager.highest) == (100, 1000)


def test_no_limit_bet_is_at_least_the_big_blind() -> None:
    assert bet_range("no-limit", min_bet=20, limit_size=0, pot=30, allin=500).lowest == 20


def test_short_stack_may_only_go_all_in() -> None:
    wager = bet_range("no-limit", min_bet=20, limit_size=0, pot=30, allin=12)
    assert wager == Wager(12, 12, 12)
    assert wager.describe() == "all in 12"


def test_limit_sizes_and_full_raises() -> None:
    assert [limit_bet_size(i, 30, 60) for i in range(4)] == [30, 30, 60, 60]
    assert bet_range("limit", min_bet=30, limit_size=30, pot=45, allin=500) == Wager(30, 30, 500)
    wager = raise_range("limit", current_bet=15, raise_size=30, full_level=15,
                        limit_size=20, pot=100, to_call=15, allin=500)  # fmt: skip
    assert wager.describe() == "35"
    assert is_full_raise("limit", 10, 0, 20)
    assert not is_full_raise("limit", 9, 0, 20)
    assert is_full_raise("no-limit", 100, 100, 0)
    assert not is_full_raise("pot-limit", 99, 100, 0)
