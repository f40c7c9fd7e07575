"""The tournament floor: seating, balancing, the clock, chips and payouts."""
