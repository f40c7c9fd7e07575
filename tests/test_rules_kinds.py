"""A rulebook at each kind of table: the options a tournament's text sets otherwise, and
a rule's citation of each text."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.rules.kinds import citation, cite_for
from floorman.rules.loader import RulebookError, load_rulebook


@pytest.mark.parametrize(
    ("name", "kind", "sitting_out", "entry"),
    [
        ("wsop-2024", None, "missed-blinds", "post-in-limit"),
        ("wsop-2024", "cash", "missed-blinds", "post-in-limit"),
        ("wsop-2024", "tournament", "dealt-in", "dealt-in"),
        ("rrop", "cash", "missed-blinds", "post-or-wait"),
        ("rrop", "tournament", "dealt-in", "dealt-in"),
        ("tda-2024", "cash", "dealt-in", "dealt-in"),
    ],
)
def test_a_tournament_takes_the_options_its_text_sets(
    name: str, kind: str | None, sitting_out: str, entry: str
) -> None:
    options = load_rulebook(name, kind=kind).options
    assert (options["sitting_out"], options["new_player_entry"]) == (sitting_out, entry)


def test_the_house_sets_an_option_at_every_kind(tmp_path: Path) -> None:
    """A value the house gives, in a profile or a hand's ``house:``, holds at a tournament
    table too: it is the house's, not the text's."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "rulebook: my-room\ntitle: My room\nextends: wsop-2024\n"
        "options:\n  sitting_out: missed-blinds\n",
        encoding="utf-8",
    )
    assert load_rulebook(house, kind="tournament").options["sitting_out"] == "missed-blinds"
    book = load_rulebook("wsop-2024", house=house, kind="tournament")
    assert book.options["sitting_out"] == "missed-blinds"
    hand = load_rulebook("wsop-2024", kind="tournament", options={"sitting_out": "missed-blinds"})
    assert hand.options["sitting_out"] == "missed-blinds"


def test_a_rule_cites_each_kinds_text() -> None:
    rule = load_rulebook("wsop-2024").rule("away-at-deal").rule
    assert (cite_for(rule, "cash"), cite_for(rule, "tournament")) == ("WSOP LA 79", "WSOP T 82")
    assert citation(rule) == "WSOP LA 79 (cash); WSOP T 82 (tournament)"
    one = load_rulebook("tda-2024").rule("away-at-deal").rule
    assert cite_for(one, "cash") == cite_for(one, "tournament") == citation(one)
    assert citation(one) == "TDA 2024 Rule 30"


@pytest.mark.parametrize(
    ("cite", "problem"),
    [
        ("{cash: WSOP LA 1}", "tournament"),
        ("{cash: WSOP LA 1, tournament: WSOP T 1, league: X 1}", "league"),
        ("{cash: '', tournament: WSOP T 1}", "cash"),
    ],
)
def test_a_citation_by_kind_names_both_kinds(tmp_path: Path, cite: str, problem: str) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "rulebook: my-room\ntitle: My room\nextends: wsop-2024\nrules:\n"
        f"  - id: rabbit-hunt\n    case: rabbit-hunt\n    cite: {cite}\n"
        "    outcome: continue\n    steps: [{do: explain, text: No rabbit hunting.}]\n",
        encoding="utf-8",
    )
    with pytest.raises(RulebookError, match=problem):
        load_rulebook(house)


def test_an_option_for_tournaments_is_one_of_its_choices(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "rulebook: my-room\ntitle: My room\nextends: rrop\noptions:\n"
        "  sitting_out:\n    default: missed-blinds\n    tournament: blinded-off\n"
        "    choices: [missed-blinds, dealt-in]\n",
        encoding="utf-8",
    )
    with pytest.raises(RulebookError, match="blinded-off"):
        load_rulebook(house)
