"""What a rule sheet says: the dealing procedure, the rules in force, the house options."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from smallbook import small_book, write_house

from floorman.documents.sheet import dealing_procedure, sheet_page, sheet_view
from floorman.documents.wording import long_date
from floorman.errors import FloormanError
from floorman.rules.loader import Rulebook, load_rulebook

DAY = datetime.date(2025, 3, 7)


@pytest.fixture
def small(tmp_path: Path) -> Rulebook:
    return small_book(tmp_path)


class TestDealingProcedure:
    def test_holdem(self) -> None:
        text = " ".join(
            s["text"]
            for s in dealing_procedure("holdem", hole_cards=2, hole_cards_used=None, low=False)
        )
        assert "two hole cards" in text
        assert "Burn one card, then turn three board cards" in text
        assert "playing the board" in text

    def test_omaha_uses_two_and_three(self) -> None:
        text = " ".join(
            s["text"]
            for s in dealing_procedure("omaha", hole_cards=4, hole_cards_used=2, low=False)
        )
        assert "four hole cards" in text
        assert "exactly two hole cards with exactly three board cards" in text
        assert "8-or-better" not in text

    @pytest.mark.parametrize(("odd", "half"), [("high", "the high hand"), ("low", "the low hand")])
    def test_hilo_qualifier_and_odd_chip(self, odd: str, half: str) -> None:
        text = " ".join(
            s["text"]
            for s in dealing_procedure(
                "omaha-hilo", hole_cards=4, hole_cards_used=2, low=True, hilo_odd_chip=odd
            )
        )
        assert "eight or lower (8-or-better" in text
        assert f"An odd chip between high and low goes to {half}." in text


class TestSheet:
    def test_header_names_rulebook_edition_and_date(self, small: Rulebook) -> None:
        view = sheet_view(small, ["holdem"], day=DAY)
        assert view["doc"]["title"] == "Hold'em rule sheet"
        assert view["doc"]["house"] == "The Small Book"
        assert view["doc"]["source"] == "A Small Book of Rules, third edition."
        assert view["doc"]["date"] == "7 March 2025"

    def test_rules_for_the_game_only(self, small: Rulebook) -> None:
        holdem = sheet_view(small, ["holdem"], day=DAY)["games"][0]
        omaha = sheet_view(small, ["omaha"], day=DAY)["games"][0]
        assert [r["title"] for r in holdem["rules"]] == [
            "The flop has four cards",
            "The board is played without declaring",
        ]
        assert [r["title"] for r in omaha["rules"]] == ["The flop has four cards"]

    def test_steps_use_the_situation_words_and_the_options(self, small: Rulebook) -> None:
        rule = sheet_view(small, ["holdem"], day=DAY)["games"][0]["rules"][0]
        assert rule["cite"] == "Small §1"
        assert rule["outcome_label"] == "Play continues"
        assert rule["steps"] == [
            "Mix the four flop cards with the deck.",
            "Deal a new flop without burning a card.",
        ]
        assert rule["example"] == "Four cards on the flop with 7♦ among them."
        burning = small.with_options({"redeal_burn": True}, origin="test")
        rule = sheet_view(burning, ["holdem"], day=DAY)["games"][0]["rules"][0]
        assert rule["steps"][1] == "Burn a card, then deal a new flop."

    def test_a_step_opening_with_a_placeholder_starts_with_a_capital(self, small: Rulebook) -> None:
        rule = sheet_view(small, ["holdem"], day=DAY)["games"][0]["rules"][1]
        assert rule["steps"] == ["The player gives up all claim to the pot."]

    def test_a_rule_an_option_switches_off_is_listed_apart(self, small: Rulebook) -> None:
        game = sheet_view(small, ["holdem"], day=DAY)["games"][0]
        assert game["switched_off"] == [
            {
                "title": "A hand thrown away untabled",
                "cite": "Small §3",
                "options": ["Strict tabling"],
            }
        ]
        strict = small.with_options({"strict_tabling": True}, origin="test")
        game = sheet_view(strict, ["holdem"], day=DAY)["games"][0]
        assert game["switched_off"] == []
        # Rule texts stay plain text; the template escapes them.
        assert game["rules"][-1]["steps"] == [
            "<b>the player</b> has no claim: see file:///etc/passwd"
        ]

    @pytest.mark.parametrize(
        ("kind", "in_force", "off"),
        [
            ("cash", ["in-time", "house-error"], ["too-late"]),
            ("tournament", ["in-time", "too-late"], []),
            (None, ["in-time", "too-late", "house-error"], []),
        ],
    )
    def test_an_option_inside_any_switches_a_rule_off_at_its_kind(
        self, kind: str | None, in_force: list[str], off: list[str]
    ) -> None:
        # WSOP LA 51: a wrong push is a house error (option default true), so at a cash
        # game the "result stands" ruling never rules; WSOP T 76 has no such exception.
        book = load_rulebook("wsop-2024", kind=kind)
        game = sheet_view(book, ["holdem"], day=DAY, kind=kind)["games"][0]
        disputes = [r["id"].rsplit(".", 1)[1] for r in game["rules"] if ".dispute." in r["id"]]
        assert disputes == in_force
        late = [r for r in game["switched_off"] if "new hand began" in r["title"]]
        assert [r["options"] for r in late] == [
            ["A pot the dealer pushed wrong is a house error"] for _ in off
        ]
        house = book.with_options({"wrong_push_house_error": False}, origin="test")
        game = sheet_view(house, ["holdem"], day=DAY, kind=kind)["games"][0]
        disputes = [r["id"].rsplit(".", 1)[1] for r in game["rules"] if ".dispute." in r["id"]]
        assert "too-late" in disputes
        assert "house-error" not in disputes

    def test_house_options_are_marked(self, small: Rulebook, tmp_path: Path) -> None:
        house = write_house(tmp_path, "{odd_chip: high-card-by-suit}")
        book = load_rulebook(small.files[0], house=house)
        view = sheet_view(book, ["holdem"], day=DAY, base=small, house=book.title)
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
        view = sheet_view(book, list(book.games), day=DAY)
        assert view["booklet"] is True
        assert view["doc"]["title"] == "Rule booklet"
        assert [g["name"] for g in view["games"]] == ["holdem", "omaha", "omaha-hilo"]
        assert view["rankings"]["low"]

    def test_unknown_game_names_the_option(self, small: Rulebook) -> None:
        with pytest.raises(FloormanError, match='--game "stud": small has no such game'):
            sheet_view(small, ["stud"], day=DAY)


class TestShippedRulebook:
    """The sheet of the shipped Robert's Rules: every step filled, none left as a template."""

    @pytest.mark.parametrize("game", ["holdem", "omaha", "omaha-hilo"])
    def test_every_step_is_filled(self, game: str) -> None:
        view = sheet_view(load_rulebook("rrop"), [game], day=DAY)
        rules = view["games"][0]["rules"]
        assert len(rules) >= 10
        for rule in rules:
            assert rule["steps"], rule["title"]
            for step in rule["steps"]:
                assert "{{" not in step
                assert "{%" not in step
                assert step[0].isupper() or step[0].isdigit(), step


def test_the_page_is_the_sheet_of_today_standing_alone_or_for_the_printer(small: Rulebook) -> None:
    printer = sheet_page(small, ["holdem"], base=None, house=None, size="a4")
    alone = sheet_page(small, ["holdem"], base=None, house=None, size="a4", standalone=True)
    for page in (printer, alone):
        assert "Hold&#39;em rule sheet" in page
        assert long_date(datetime.date.today()) in page
    assert alone != printer
