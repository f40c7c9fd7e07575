"""Events in the words a floor person writes in a report."""

from __future__ import annotations

import pytest

from floorman.documents.events import event_description


class TestEventDescription:
    @pytest.mark.parametrize(
        ("notation", "words"),
        [
            ("deal", "The hole cards are dealt"),
            ("cards 3 Ah ??", "Seat 3's hole cards are A♥ ??"),
            ("expose 2:1 Kd", "The dealer exposes seat 2's first card: K♦"),
            ("expose 4 by player", "Seat 4 exposes its latest card"),
            ("extra 1 5c", "An extra card to seat 1 (5♣)"),
            ("burn", "Burn"),
            ("burn 3c before flop", "A burn card from before the flop is found: 3♣"),
            ("flop Ah Kd 7c 2s", "Flop of 4 cards: A♥ K♦ 7♣ 2♠"),
            ("turn Th", "Turn: 10♥"),
            ("3 raise 60", "Seat 3 raises to 60"),
            ("3 call", "Seat 3 calls"),
            ("5 allin", "Seat 5 is all in"),
            ("post 4 straddle 4", "Seat 4 posts a straddle of 4"),
            ("show 2 Ac Qd", "Seat 2 shows A♣ Q♦"),
            ("plays-board 2", "Seat 2 declares playing the board"),
            ("note As agreed by both players", "Note: As agreed by both players"),
            ("2 call 300", "Seat 2 calls, putting out 300 in all"),
            ("2 chips 5000", "Seat 2 puts out a single 5000 chip, without a word"),
            (
                "3 chips 1000+500+500",
                "Seat 3 puts out 1000 + 500 + 500 (2000 in all) in one motion, without a word",
            ),
            ("2 says allin", 'Seat 2 says "all in"'),
            ("2 says raise", 'Seat 2 says "raise"'),
            ("2 says raise 8000", 'Seat 2 says "raise to 8000"'),
            ("2 says bet 500", 'Seat 2 says "bet 500"'),
            ("2 says 1400", 'Seat 2 says "1400"'),
            (
                "1 string 10 30",
                "Seat 1 puts out chips in two motions, to 10 and then to 30: a string bet",
            ),
            ("1 motion", "Seat 1 moves chips forward and stops short"),
            ("1 motion 4", "Seat 1 moves chips forward toward 4 and stops short"),
            ("kill 2", "Seat 2's hand is killed: mucked by the dealer, or fouled"),
            ("retrieve 3", "Seat 3's hand is taken back out of the muck"),
            ("away 2", "Seat 2's player is away from the seat when the deal ends"),
            ("miscount 1", "Seat 1's pot bet is found made on a wrong count of the pot"),
            ("unaware 3", "Seat 3 called unaware of a raise and asks for the chips back"),
        ],
    )
    def test_plain_words(self, notation: str, words: str) -> None:
        from floorman.hand.events import parse_event

        assert event_description(parse_event(notation)) == words
