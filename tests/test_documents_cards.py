"""Cards as a page prints them, and the hand rankings with their examples."""

from __future__ import annotations

from floorman.cards import Card, parse_cards
from floorman.documents.cards import card_view, cards_view, hand_rankings


class TestCards:
    def test_card_view(self) -> None:
        assert card_view(Card.parse("Ts")) == {
            "rank": "10",
            "suit": "s",
            "symbol": "♠",
            "text": "10♠",
        }

    def test_unknown_card_stays_unknown(self) -> None:
        assert cards_view([Card.parse("Ah"), None])[1] is None


class TestHandRankings:
    def test_ten_hands_best_first_named_by_the_reader(self) -> None:
        rankings = hand_rankings()
        names = [hand["name"] for hand in rankings["high"]]
        assert names[0] == "Royal flush"
        assert names[-1] == "High card"
        assert len(names) == 10
        full_house = rankings["high"][3]
        assert full_house["example"] == "Full house, kings full of fours"
        assert [c["text"] for c in full_house["cards"]] == ["K♠", "K♥", "K♦", "4♣", "4♠"]

    def test_lows_only_when_asked(self) -> None:
        assert hand_rankings()["low"] == []
        lows = hand_rankings(low=True)["low"]
        assert lows[0]["example"] == "5-4-3-2-A low"
        assert lows[-1]["example"] == "8-7-6-5-4 low"


def test_ranking_examples_go_from_best_to_worst() -> None:
    from floorman.showdown.evaluation import high_value, low_value

    def cards(hand: dict[str, object]) -> tuple[Card, ...]:
        return parse_cards(" ".join(c["text"] for c in hand["cards"]))  # type: ignore[attr-defined]

    rankings = hand_rankings(low=True)
    highs = [high_value(cards(hand)) for hand in rankings["high"]]
    assert highs == sorted(highs, reverse=True)
    assert len(set(highs)) == len(highs)
    lows = [low_value(cards(hand)) for hand in rankings["low"]]
    assert None not in lows
    assert lows == sorted(lows, reverse=True)  # type: ignore[type-var]
