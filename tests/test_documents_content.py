"""What the printed documents say, checked on the view data before any layout."""

from __future__ import annotations

import datetime
import textwrap
from pathlib import Path
from typing import Any

import pytest

from floorman.cards import Card, parse_cards
from floorman.documents import content as documents
from floorman.errors import FloormanError
from floorman.interchange.handfile import Hand
from floorman.replay import CheckResult
from floorman.rules.loader import Rulebook, load_rulebook

DAY = datetime.date(2025, 3, 7)

SMALL_BOOK = """\
rulebook: small
title: The Small Book
source: >-
  A Small Book of Rules, third edition. Written for the tests.
options:
  odd_chip:
    default: first-left-of-button
    choices: [first-left-of-button, high-card-by-suit]
    description: Who gets an odd chip between tied hands.
    cite: Small §9
  redeal_burn:
    default: false
    description: Burn before a redealt board card.
  strict_tabling:
    default: false
    description: A hand must be tabled whole.
games:
  holdem: {hole_cards: 2, play_the_board: true, description: Texas hold'em}
  omaha: {extends: holdem, hole_cards: 4, hole_cards_used: 2, play_the_board: false}
situations:
  four-card-flop:
    title: The flop comes out with four cards
    on: flop
    facts: {event.cards: 4}
    vars: {cards: four flop cards}
rules:
  - id: four-card-flop
    title: The flop has four cards
    cite: Small §1
    on: flop
    situations: [four-card-flop]
    when: {fact: event.cards, ge: 4}
    outcome: continue
    steps:
      - do: return-to-stub
        text: "Mix the {{ cards }} with the deck."
      - do: deal-without-burn
        when: {fact: option.redeal_burn, eq: false}
        text: Deal a new flop without burning a card.
      - do: burn
        when: {fact: option.redeal_burn, eq: true}
        text: Burn a card, then deal a new flop.
    examples:
      - describe: Four cards on the flop with 7♦ among them.
        hand: {events: [deal]}
        outcome: continue
  - id: holdem-only
    title: The board is played without declaring
    cite: Small §2
    games: [holdem]
    on: muck
    outcome: forfeit
    steps:
      - do: forfeit
        text: "{{ seat }} gives up all claim to the pot."
  - id: untabled
    title: A hand thrown away untabled
    cite: Small §3
    on: muck
    when:
      all:
        - {fact: showdown, eq: true}
        - {fact: option.strict_tabling, eq: true}
    outcome: forfeit
    steps:
      - do: forfeit
        text: "<b>{{ seat }}</b> has no claim: see file:///etc/passwd"
"""


@pytest.fixture
def small(tmp_path: Path) -> Rulebook:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL_BOOK, encoding="utf-8")
    return load_rulebook(path)


def write_house(tmp_path: Path, options: str) -> Path:
    house = tmp_path / "house.yaml"
    house.write_text(
        textwrap.dedent(
            f"""\
            rulebook: golden-room
            title: The Golden Room
            extends: small
            options: {options}
            """
        ),
        encoding="utf-8",
    )
    return house


class TestCards:
    def test_card_view(self) -> None:
        assert documents.card_view(Card.parse("Ts")) == {
            "rank": "10",
            "suit": "s",
            "symbol": "♠",
            "text": "10♠",
        }

    def test_unknown_card_stays_unknown(self) -> None:
        assert documents.cards_view([Card.parse("Ah"), None])[1] is None


class TestHandRankings:
    def test_ten_hands_best_first_named_by_the_reader(self) -> None:
        rankings = documents.hand_rankings()
        names = [hand["name"] for hand in rankings["high"]]
        assert names[0] == "Royal flush"
        assert names[-1] == "High card"
        assert len(names) == 10
        full_house = rankings["high"][3]
        assert full_house["example"] == "Full house, kings full of fours"
        assert [c["text"] for c in full_house["cards"]] == ["K♠", "K♥", "K♦", "4♣", "4♠"]

    def test_lows_only_when_asked(self) -> None:
        assert documents.hand_rankings()["low"] == []
        lows = documents.hand_rankings(low=True)["low"]
        assert lows[0]["example"] == "5-4-3-2-A low"
        assert lows[-1]["example"] == "8-7-6-5-4 low"


class TestDealingProcedure:
    def test_holdem(self) -> None:
        text = " ".join(
            s["text"]
            for s in documents.dealing_procedure(
                "holdem", hole_cards=2, hole_cards_used=None, low=False
            )
        )
        assert "two hole cards" in text
        assert "Burn one card, then turn three board cards" in text
        assert "playing the board" in text

    def test_omaha_uses_two_and_three(self) -> None:
        text = " ".join(
            s["text"]
            for s in documents.dealing_procedure(
                "omaha", hole_cards=4, hole_cards_used=2, low=False
            )
        )
        assert "four hole cards" in text
        assert "exactly two hole cards with exactly three board cards" in text
        assert "8-or-better" not in text

    @pytest.mark.parametrize(("odd", "half"), [("high", "the high hand"), ("low", "the low hand")])
    def test_hilo_qualifier_and_odd_chip(self, odd: str, half: str) -> None:
        text = " ".join(
            s["text"]
            for s in documents.dealing_procedure(
                "omaha-hilo", hole_cards=4, hole_cards_used=2, low=True, hilo_odd_chip=odd
            )
        )
        assert "eight or lower (8-or-better" in text
        assert f"An odd chip between high and low goes to {half}." in text


class TestSheet:
    def test_header_names_rulebook_edition_and_date(self, small: Rulebook) -> None:
        view = documents.sheet_view(small, ["holdem"], day=DAY)
        assert view["doc"]["title"] == "Hold'em rule sheet"
        assert view["doc"]["house"] == "The Small Book"
        assert view["doc"]["source"] == "A Small Book of Rules, third edition."
        assert view["doc"]["date"] == "7 March 2025"

    def test_rules_for_the_game_only(self, small: Rulebook) -> None:
        holdem = documents.sheet_view(small, ["holdem"], day=DAY)["games"][0]
        omaha = documents.sheet_view(small, ["omaha"], day=DAY)["games"][0]
        assert [r["title"] for r in holdem["rules"]] == [
            "The flop has four cards",
            "The board is played without declaring",
        ]
        assert [r["title"] for r in omaha["rules"]] == ["The flop has four cards"]

    def test_steps_use_the_situation_words_and_the_options(self, small: Rulebook) -> None:
        rule = documents.sheet_view(small, ["holdem"], day=DAY)["games"][0]["rules"][0]
        assert rule["cite"] == "Small §1"
        assert rule["outcome_label"] == "Play continues"
        assert rule["steps"] == [
            "Mix the four flop cards with the deck.",
            "Deal a new flop without burning a card.",
        ]
        assert rule["example"] == "Four cards on the flop with 7♦ among them."
        burning = small.with_options({"redeal_burn": True}, origin="test")
        rule = documents.sheet_view(burning, ["holdem"], day=DAY)["games"][0]["rules"][0]
        assert rule["steps"][1] == "Burn a card, then deal a new flop."

    def test_a_step_opening_with_a_placeholder_starts_with_a_capital(self, small: Rulebook) -> None:
        rule = documents.sheet_view(small, ["holdem"], day=DAY)["games"][0]["rules"][1]
        assert rule["steps"] == ["The player gives up all claim to the pot."]

    def test_a_rule_an_option_switches_off_is_listed_apart(self, small: Rulebook) -> None:
        game = documents.sheet_view(small, ["holdem"], day=DAY)["games"][0]
        assert game["switched_off"] == [
            {
                "title": "A hand thrown away untabled",
                "cite": "Small §3",
                "options": ["Strict tabling"],
            }
        ]
        strict = small.with_options({"strict_tabling": True}, origin="test")
        game = documents.sheet_view(strict, ["holdem"], day=DAY)["games"][0]
        assert game["switched_off"] == []
        # Rule texts stay plain text; the template escapes them.
        assert game["rules"][-1]["steps"] == [
            "<b>the player</b> has no claim: see file:///etc/passwd"
        ]

    def test_house_options_are_marked(self, small: Rulebook, tmp_path: Path) -> None:
        house = write_house(tmp_path, "{odd_chip: high-card-by-suit}")
        book = load_rulebook(small.files[0], house=house)
        view = documents.sheet_view(book, ["holdem"], day=DAY, base=small, house=book.title)
        options = {row["name"]: row for row in view["options"]}
        assert options["odd_chip"]["value"] == "high card by suit"
        assert options["odd_chip"]["house"] is True
        assert options["odd_chip"]["cite"] == "Small §9"
        assert options["redeal_burn"] == {
            "name": "redeal_burn",
            "label": "Redeal burn",
            "value": "no",
            "description": "Burn before a redealt board card.",
            "cite": "",
            "house": False,
        }
        assert view["doc"]["house"] == "The Golden Room"
        assert "1 house option changed" in view["doc"]["meta"]
        assert view["doc"]["source"] == "A Small Book of Rules, third edition."

    def test_booklet_has_every_game_and_the_lows_when_a_game_is_hilo(self) -> None:
        book = load_rulebook("rrop")
        view = documents.sheet_view(book, list(book.games), day=DAY)
        assert view["booklet"] is True
        assert view["doc"]["title"] == "Rule booklet"
        assert [g["name"] for g in view["games"]] == ["holdem", "omaha", "omaha-hilo"]
        assert view["rankings"]["low"]

    def test_unknown_game_names_the_option(self, small: Rulebook) -> None:
        with pytest.raises(FloormanError, match='--game "stud": small has no such game'):
            documents.sheet_view(small, ["stud"], day=DAY)


class TestShippedRulebook:
    """The sheet of the shipped Robert's Rules: every step filled, none left as a template."""

    @pytest.mark.parametrize("game", ["holdem", "omaha", "omaha-hilo"])
    def test_every_step_is_filled(self, game: str) -> None:
        view = documents.sheet_view(load_rulebook("rrop"), [game], day=DAY)
        rules = view["games"][0]["rules"]
        assert len(rules) >= 10
        for rule in rules:
            assert rule["steps"], rule["title"]
            for step in rule["steps"]:
                assert "{{" not in step
                assert "{%" not in step
                assert step[0].isupper() or step[0].isdigit(), step


def test_long_date() -> None:
    assert documents.long_date(datetime.date(2024, 12, 25)) == "25 December 2024"


def test_ranking_examples_go_from_best_to_worst() -> None:
    from floorman.showdown.evaluation import high_value, low_value

    def cards(hand: dict[str, object]) -> tuple[Card, ...]:
        return parse_cards(" ".join(c["text"] for c in hand["cards"]))  # type: ignore[attr-defined]

    rankings = documents.hand_rankings(low=True)
    highs = [high_value(cards(hand)) for hand in rankings["high"]]
    assert highs == sorted(highs, reverse=True)
    assert len(set(highs)) == len(highs)
    lows = [low_value(cards(hand)) for hand in rankings["low"]]
    assert None not in lows
    assert lows == sorted(lows, reverse=True)  # type: ignore[type-var]


OTHER_BOOK = """\
rulebook: other
title: The Other Book
options:
  odd_chip:
    default: high-card-by-suit
    choices: [first-left-of-button, high-card-by-suit]
  redeal_burn: {default: false}
games:
  holdem: {hole_cards: 2, play_the_board: true}
  omaha: {extends: holdem, hole_cards: 4, hole_cards_used: 2, play_the_board: false}
situations:
  four-card-flop:
    title: The flop comes out with four cards
    on: flop
    facts: {event.cards: 4}
  only-here:
    title: A situation only the other book names
    on: muck
    facts: {showdown: true}
rules:
  - id: scramble
    title: Four-card flop scrambled
    cite: Other §4
    on: flop
    situations: [four-card-flop]
    when: {fact: event.cards, ge: 4}
    outcome: continue
    steps:
      - {do: explain, text: The rule comes from a scramble.}
      - {do: scramble, text: "Scramble the {{ cards }}; one becomes the burn."}
"""


class TestComparison:
    @pytest.fixture
    def books(self, small: Rulebook, tmp_path: Path) -> list[Rulebook]:
        path = tmp_path / "other.yaml"
        path.write_text(OTHER_BOOK, encoding="utf-8")
        return [small, load_rulebook(path)]

    def test_situation_by_situation(self, books: list[Rulebook]) -> None:
        view = documents.comparison_view(books, day=DAY)
        assert [row["situation"] for row in view["rows"]] == ["four-card-flop", "only-here"]
        flop = view["rows"][0]
        assert flop["differs"] is True
        assert flop["differences"] == ["procedure"]
        small, other = flop["cells"]
        assert small["cite"] == "Small §1"
        assert small["procedure"] == ["return-to-stub", "deal-without-burn"]
        assert small["steps"][0] == "Mix the four flop cards with the deck."
        assert other["outcome_label"] == "Play continues"
        assert other["steps"] == [
            "The rule comes from a scramble.",
            "Scramble the cards; one becomes the burn.",
        ]

    def test_silence_against_a_ruling_is_a_difference(
        self, books: list[Rulebook], tmp_path: Path
    ) -> None:
        row = documents.comparison_view(books, day=DAY)["rows"][1]
        assert [cell["absent"] for cell in row["cells"]] == [True, True]
        assert row["differs"] is False
        ruling = tmp_path / "ruling.yaml"
        ruling.write_text(
            OTHER_BOOK + "  - id: muck\n    title: Mucked\n    cite: Other §5\n    on: muck\n"
            "    outcome: forfeit\n    steps: [{do: forfeit, text: No claim.}]\n",
            encoding="utf-8",
        )
        row = documents.comparison_view([books[0], load_rulebook(ruling)], day=DAY)["rows"][1]
        assert [cell["absent"] for cell in row["cells"]] == [True, False]
        assert row["differences"] == ["outcome"]

    def test_explain_steps_do_not_make_a_difference(self, books: list[Rulebook]) -> None:
        same = documents.comparison_view([books[1], books[1]], day=DAY)
        assert same["differing"] == 0

    def test_options_and_unreached_rules(self, books: list[Rulebook]) -> None:
        view = documents.comparison_view(books, day=DAY)
        options = {row["name"]: row for row in view["options"]}
        assert options["odd_chip"]["by_book"] == ["first left of button", "high card by suit"]
        assert options["odd_chip"]["differs"] is True
        assert options["strict_tabling"]["by_book"] == ["no", ""]
        assert options["redeal_burn"]["differs"] is False
        unreached = {group["book"]: group["rules"] for group in view["unreached"]}
        assert [rule["title"] for rule in unreached["small"]] == [
            "The board is played without declaring",
            "A hand thrown away untabled",
        ]
        assert unreached["other"] == []

    def test_rrop_and_tda_part_ways_on_the_second_card(self) -> None:
        view = documents.comparison_view(
            [load_rulebook("rrop"), load_rulebook("tda-2024")], day=DAY
        )
        row = next(r for r in view["rows"] if r["situation"] == "exposed-second-holecard")
        assert [cell["outcome"] for cell in row["cells"]] == ["continue", "misdeal"]
        assert "outcome" in row["differences"]
        assert view["doc"]["meta"][0] == (
            f"{len(view['rows'])} situations, {view['differing']} ruled differently"
        )


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
        ],
    )
    def test_plain_words(self, notation: str, words: str) -> None:
        from floorman.hand.events import parse_event

        assert documents.event_description(parse_event(notation)) == words


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
        return documents.report_view(
            hand,
            result,
            book,
            day=DAY,
            label="incident.yaml",
            **kwargs,
        )

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
            {"card": documents.card_view(Card.parse("7d")), "event": 13, "set_aside": True}
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
            documents.Undone(0, "expose 1 Ah", "21:00:01", "21:00:02"),
            documents.Undone(12, "turn 9s", "21:04:00", "21:04:30"),
            documents.Undone(12, "not an event at all", "21:04:40", "21:04:41"),
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
