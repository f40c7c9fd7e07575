"""The end of a hand: evaluating and reading hands, building the main and side pots,
awarding each pot, splitting ties down to the odd chip, the chips a dealer pushes, and
the dealer's push set against what the cards say."""
