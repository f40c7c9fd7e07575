"""One hand as it is played: its events and their notation, the seats and the button,
the betting structures, the records it is made of, the ledger of its 52 cards, the
betting round and the irregular betting it records for a ruling, the order of play a
game gives them, and the hand state that composes them and applies events."""
