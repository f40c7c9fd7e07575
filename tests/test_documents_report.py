"""What an incident report says: the timeline, the rulings, the seats, the chip split."""

from __future__ import annotations

import datetime
from typing import Any

from floorman.cards import Card
from floorman.documents.cards import card_view
from floorman.documents.report import Undone, filed_hand, report_page, report_view, stored_hand
from floorman.interchange.handfile import Hand
from floorman.replay import CheckResult
from floorman.rules.loader import load_rulebook
from floorman.store.hands import Record, StoredHand

DAY = datetime.date(2025, 3, 7)


def check(text: str) -> tuple[Hand, CheckResult]:
    from floorman.interchange.handfile import parse_hand
    from floorman.replay import check_hand

    hand = parse_hand(text, "incident.yaml")
    return hand, check_hand(hand)


PREMATURE_TURN = """\
table: "7"
button: 6
seats: {1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100}
events: [deal, 3 call, 4 call, 5 fold, 6 fold, 1 call, 2 check, burn, flop Ah Kd 7c,
         1 check, 2 bet 6, burn, turn 7d, note the dealer turned early]
"""

SPLIT = """\
button: 4
chips: [1, 5, 25]
seats: {1: 100, 2: 100, 3: 100, 4: 100}
events: [deal, 3 call, 4 call, 1 call, 2 check, burn, flop As Ks Qs, 1 check, 2 check,
         3 bet 9, 4 fold, 1 call, 2 call, burn, turn Js, 1 check, 2 check, 3 check, burn,
         river Ts, 1 check, 2 check, 3 check, show 1 2c 3d, show 2 4h 5h, show 3 7c 7d]
"""


class TestReport:
    def report(self, text: str, **kwargs: Any) -> dict[str, Any]:
        hand, result = check(text)
        book = load_rulebook("rrop")
        return report_view(
            hand,
            result,
            book,
            day=DAY,
            label="incident.yaml",
            **kwargs,
        )

    def test_mid_hand_a_bet_in_front_is_no_side_pot(self) -> None:
        pots = self.report(PREMATURE_TURN)["pots"]
        assert [(pot["name"], pot["amount"], pot["eligible"]) for pot in pots] == [
            ("Main pot", 8, "1, 2, 3, 4"),
            ("Bet not yet called", 6, "2"),
        ]
        assert pots[1]["note"] == "back to seat 2 if nobody calls"
        assert not pots[1]["pending"]

    def test_mid_hand_an_all_in_makes_the_side_pot(self) -> None:
        text = (
            "button: 3\nseats: {1: 100, 2: 100, 3: 40}\nevents: [deal, 3 allin, 1 call, 2 call,"
            " burn, flop Ah Kd 7c, 1 bet 10, 2 call]\n"
        )
        pots = self.report(text)["pots"]
        assert [(pot["name"], pot["amount"], pot["eligible"]) for pot in pots] == [
            ("Main pot", 120, "1, 2, 3"),
            ("Side pot 1", 20, "1, 2"),
        ]

    def test_each_event_says_who_entered_it_when_the_store_knows(self) -> None:
        text = "button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: [deal, 3 fold, 1 fold]\n"
        view = self.report(text, times=["14:02", "14:02", "14:03"],
                           authors=["station 7", "alex", "terminal"])  # fmt: skip
        assert [event["by"] for event in view["timeline"]] == ["station 7", "alex", "terminal"]
        assert view["authored"]
        filed = self.report(text)
        assert [event["by"] for event in filed["timeline"]] == ["", "", ""]
        assert not filed["authored"]

    def test_a_board_run_twice_shows_each_run_and_each_runs_part(self) -> None:
        view = self.report(
            "button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: [deal, 3 allin, 1 fold,"
            " 2 call, run 2, burn, flop 2s 7d 9c, burn, turn Jh, burn, river 4s, burn,"
            " flop Ks 8d 3c, burn, turn 5h, burn, river 6s, show 2 Ac Ad, show 3 Kh Kc]"
        )
        assert [[card["text"] for card in run] for run in view["runs"]] == [
            ["2♠", "7♦", "9♣", "J♥", "4♠"],
            ["K♠", "8♦", "3♣", "5♥", "6♠"],
        ]
        assert view["pots"][0]["runs"] == [
            {"amount": 101, "awards": [{"seat": 2, "amount": 101}]},
            {"amount": 100, "awards": [{"seat": 3, "amount": 100}]},
        ]
        rows = {row["seat"]: row for row in view["seats"]}
        assert rows[3]["reading"] == "run 1: Pair of kings; run 2: Three of a kind, kings"
        assert view["timeline"][4]["text"] == "The players agree to run the board twice"

    def test_the_irregular_event_is_marked_and_ruled(self) -> None:
        view = self.report(PREMATURE_TURN, times=[f"21:0{i % 10}" for i in range(14)])
        timeline = view["timeline"]
        assert isinstance(timeline, list)
        turn = timeline[12]
        assert turn["text"] == "Turn: 7♦"
        assert turn["irregular"] is True
        assert turn["remarks"] == ["ruling 1"]
        assert turn["time"] == "21:02"
        assert [e["number"] for e in timeline if e["irregular"]] == [13]
        assert timeline[13]["note"] is True
        (ruling,) = view["rulings"]
        assert ruling["cite"].startswith("RRoP §5")
        assert ruling["event_text"] == "Turn: 7♦"
        assert ruling["steps"][0].startswith("Take the 7♦ out of play")

    def test_header_facts_and_the_early_card(self) -> None:
        view = self.report(PREMATURE_TURN, started="2025-03-07 21:14")
        facts = {f["label"]: f["value"] for f in view["facts"]}
        assert facts["Table"] == "7"
        assert facts["Started"] == "2025-03-07 21:14"
        assert facts["Game"] == "Hold'em, no-limit, blinds 1/2"
        assert facts["Button"] == "seat 6"
        assert facts["Status"] == "Not finished: the record stops before the end of the hand"
        assert view["doc"]["house"] == "Table 7 · incident.yaml"
        assert [c["text"] for c in view["board"]] == ["A♥", "K♦", "7♣"]
        assert view["premature"] == [
            {"card": card_view(Card.parse("7d")), "event": 13, "set_aside": True}
        ]
        assert view["set_aside"] == []
        assert view["timed"] is False

    def test_the_status_comes_from_the_hand_not_from_the_store(self) -> None:
        def status(text: str, **kwargs: Any) -> str:
            facts = {f["label"]: f["value"] for f in self.report(text, **kwargs)["facts"]}
            return str(facts["Status"])

        assert status(SPLIT, in_store=True) == "Finished: at the showdown"
        assert status(SPLIT, closed="showdown", in_store=True) == "Finished: at the showdown"
        assert status(PREMATURE_TURN, in_store=True) == "Open: the hand is still being played"
        assert (
            status(PREMATURE_TURN, closed="abandoned", in_store=True)
            == "Closed before the end of the hand (abandoned)"
        )

    def test_undone_events_stand_where_they_were_entered(self) -> None:
        undone = [
            Undone(0, "expose 1 Ah", "21:00:01", "21:00:02"),
            Undone(12, "turn 9s", "21:04:00", "21:04:30"),
            Undone(12, "not an event at all", "21:04:40", "21:04:41"),
        ]
        timeline = self.report(PREMATURE_TURN, undone=undone)["timeline"]
        marked = [(e["number"], e["text"], e["remarks"]) for e in timeline if e["undone"]]
        assert marked == [
            (None, "The dealer exposes seat 1's latest card: A♥", ["undone 21:00:02"]),
            (None, "Turn: 9♠", ["undone 21:04:30"]),
            (None, "not an event at all", ["undone 21:04:41"]),
        ]
        numbers = [e["number"] for e in timeline]
        assert numbers[:2] == [None, 1]
        assert numbers[12:15] == [12, None, None]
        assert numbers[15] == 13

    def test_seats_stacks_and_readings(self) -> None:
        view = self.report(SPLIT)
        seats = {row["seat"]: row for row in view["seats"]}
        assert seats[4]["roles"] == "button"
        assert seats[4]["status"] == "folded"
        assert seats[1]["roles"] == "small blind"
        assert seats[1]["reading"] == "Royal flush"
        assert (seats[1]["start"], seats[1]["won"], seats[1]["end"], seats[1]["net"]) == (
            100, 12, 101, 1,
        )  # fmt: skip
        assert seats[4]["net"] == -2
        assert view["irregular"] is False

    def test_the_chip_split_names_each_odd_chip(self) -> None:
        view = self.report(SPLIT)
        (pot,) = view["pots"]
        assert pot["name"] == "Main pot"
        assert pot["amount"] == 35
        assert pot["eligible"] == "1, 2, 3"
        assert [(a["seat"], a["amount"], a["chips"]) for a in pot["awards"]] == [
            (1, 12, "2×5 + 2×1"),
            (2, 12, "2×5 + 2×1"),
            (3, 11, "2×5 + 1×1"),
        ]
        assert [(c["seat"], c["amount"]) for c in pot["odd_chips"]] == [(1, 1), (2, 1)]
        assert "clockwise from the button" in pot["odd_chips"][0]["reason"]
        assert view["odd_policy"] == "Odd chips between tied hands: first left of button"
        assert view["chips"] == "25, 5, 1"
        assert view["pending"] is False


class TestReportedHands:
    """A hand comes to the report from a file or from what the store gave."""

    def test_a_filed_hand_keeps_its_label_and_says_when_it_started(self) -> None:
        hand, _ = check(PREMATURE_TURN + "started: 2025-03-07T21:14:00\n")
        reported = filed_hand(hand, "incident.yaml")
        assert (reported.label, reported.started, reported.in_store) == (
            "incident.yaml", "2025-03-07 21:14", False,
        )  # fmt: skip
        assert reported.times is None
        assert filed_hand(check(SPLIT)[0], "split.yaml").started is None

    def test_a_stored_hand_stands_without_its_undone_events_which_keep_their_place(
        self,
    ) -> None:
        stored = StoredHand(42, "7", {"button": 3, "seats": {"1": 100, "2": 100, "3": 100}},
                            "2025-03-07T21:14:00", closed=None)  # fmt: skip
        texts = [(1, "event", "deal", None), (2, "event", "1 call", None),
                 (3, "retract", None, 2), (4, "event", "3 fold", None)]  # fmt: skip
        records = [
            Record(id, 42, kind, text, target, f"2025-03-07T21:14:0{id}")  # type: ignore[arg-type]
            for id, kind, text, target in texts
        ]
        reported = stored_hand(stored, records)
        assert reported.label == "hand 42"
        assert reported.hand.table == "7"
        assert [str(event) for event in reported.hand.parse_events()] == ["deal", "3 fold"]
        assert reported.times == ["21:14", "21:14"]
        assert list(reported.undone) == [Undone(1, "1 call", "21:14", "21:14")]
        assert reported.authors is None
        by = stored_hand(stored, records, {1: "station:7", 2: "ana"})
        assert by.authors == ["station 7", "terminal"]
        assert list(by.undone) == [Undone(1, "1 call", "21:14", "21:14", "ana")]
        assert (reported.started, reported.closed, reported.in_store) == (
            "2025-03-07 21:14", None, True,
        )  # fmt: skip

    def test_the_page_is_ruled_by_the_hands_rulebook_unless_told(self) -> None:
        reported = filed_hand(check(PREMATURE_TURN)[0], "incident.yaml")
        page, result = report_page(reported, size="letter")
        assert "incident.yaml" in page
        assert [ruling["rule"] for ruling in result.rulings] == ["rrop.holdem.premature-turn"]
        _, tda = report_page(reported, rulebook="tda-2024", size="a4")
        assert [ruling["rule"] for ruling in tda.rulings] == ["tda-2024.holdem.premature-turn"]
