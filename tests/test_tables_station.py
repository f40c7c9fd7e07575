"""The station's data: the legal actions of the seat to act with their amounts, the cards
already seen, the seat map, and the dealer's buttons under the procedure in force."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from floorman.interchange.handfile import load_hand, parse_hand
from floorman.replay import check_hand
from floorman.tables.station import station_view

HEADER = """game: holdem
betting: {betting}
blinds: [1, 2]
button: 6
seats: {{1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: {six}}}
rulebook: {book}
events:
"""

PREMATURE_TURN = [
    "deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check",
    "burn", "flop Ah Kd 7c", "1 check", "2 bet 6", "turn 7d",
]  # fmt: skip
"""The turn turned before seat 3 acted on the flop."""


def station(
    events: list[str], *, betting: str = "no-limit", book: str = "tda-2024", six: int = 100
) -> dict[str, Any]:
    text = HEADER.format(betting=betting, book=book, six=six)
    hand = parse_hand(text + "".join(f"  - {event}\n" for event in events))
    return station_view(check_hand(hand).state)


def labels(view: dict[str, Any]) -> list[str]:
    return [action["label"] for action in view["actions"]]


def test_before_the_deal_the_dealer_deals() -> None:
    view = station([])
    assert view["actions"] == []
    assert view["dealer"]["buttons"] == [{"label": "deal", "event": "deal"}]
    assert not any(seat["to_act"] for seat in view["seats"])


def test_facing_the_big_blind_call_min_raise_the_pad_and_all_in() -> None:
    view = station(["deal"])
    assert labels(view) == ["fold", "call 2", "min raise to 4", "raise", "all in 100"]
    events = [action["event"] for action in view["actions"]]
    assert events == ["3 fold", "3 call", "3 raise 4", "3 raise", "3 allin"]
    pad = view["actions"][3]
    assert pad["pad"]
    assert (pad["lowest"], pad["highest"]) == (4, 100)
    assert view["dealer"] is None


def test_a_raise_sets_the_next_minimum_and_the_call() -> None:
    view = station(["deal", "3 raise 8"])
    assert labels(view)[:3] == ["fold", "call 8", "min raise to 14"]


def test_the_big_blind_checks_its_option() -> None:
    view = station(["deal", "3 call", "4 call", "5 fold", "6 fold", "1 call"])
    assert labels(view)[:3] == ["fold", "check", "min raise to 4"]


def test_a_bet_on_the_flop_and_its_pad() -> None:
    view = station(["deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check",
                    "burn", "flop Ah Kd 7c"])  # fmt: skip
    assert labels(view) == ["fold", "check", "bet 2", "bet", "all in 98"]


def test_pot_limit_offers_the_pot() -> None:
    view = station(["deal"], betting="pot-limit")
    # the call of 2 and then the pot of 5: a raise to 7
    assert "pot: raise to 7" in labels(view)
    pot = next(a for a in view["actions"] if a["label"] == "pot: raise to 7")
    assert pot["event"] == "3 raise 7"
    assert next(a for a in view["actions"] if a["pad"])["highest"] == 7


def test_limit_has_no_pad_and_no_all_in_while_the_stack_covers_the_bet() -> None:
    view = station(["deal"], betting="limit")
    assert labels(view) == ["fold", "call 2", "min raise to 4"]


def test_a_short_stack_facing_a_bet_it_cannot_cover_goes_all_in() -> None:
    view = station(["deal", "3 raise 30", "4 fold", "5 fold"], six=20)
    assert labels(view) == ["fold", "call 20"]
    assert view["actions"][1]["event"] == "6 call"


def test_a_stack_short_of_a_limit_raise_goes_all_in_for_less() -> None:
    view = station(["deal", "3 call", "4 call", "5 call"], betting="limit", six=3)
    assert labels(view) == ["fold", "call 2", "all in 3"]


def test_the_seen_cards_are_the_board_and_no_hidden_card() -> None:
    view = station(["deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check",
                    "burn", "flop Ah Kd 7c", "expose 1:1 Qs"])  # fmt: skip
    assert sorted(view["seen"]) == ["7c", "Ah", "Kd", "Qs"]


def test_the_seat_map_marks_button_blinds_folds_and_the_seat_to_act() -> None:
    view = station(["deal", "3 call", "4 fold"])
    seats = {seat["seat"]: seat for seat in view["seats"]}
    assert seats[6]["button"]
    assert not seats[1]["button"]
    assert (seats[1]["blind"], seats[2]["blind"]) == ("SB", "BB")
    assert (seats[1]["in_front"], seats[2]["in_front"], seats[3]["in_front"]) == (1, 2, 2)
    assert seats[4]["state"] == "folded"
    assert seats[3]["state"] == "in"
    assert [s["seat"] for s in view["seats"] if s["to_act"]] == [5]
    assert [s["slot"] for s in view["seats"]] == [1, 2, 3, 4, 5, 6]
    assert view["ring"] == 6


def test_the_seat_map_names_the_players_and_the_seats_sitting_out() -> None:
    hand = parse_hand(HEADER.format(betting="no-limit", book="rrop", six=100) + "  - deal\n")
    state = check_hand(hand).state
    view = station_view(state, {1: "Ana", 8: "Bo"}, {8: "sitting out"})
    seats = {seat["seat"]: seat for seat in view["seats"]}
    assert seats[1]["name"] == "Ana"
    assert seats[2]["name"] == ""
    assert (seats[8]["name"], seats[8]["state"], seats[8]["why"]) == ("Bo", "away", "sitting out")
    assert seats[8]["behind"] is None
    assert view["ring"] == 8


def test_an_all_in_seat_is_marked() -> None:
    view = station(["deal", "3 allin"])
    assert next(s for s in view["seats"] if s["seat"] == 3)["state"] == "all in"


def test_with_betting_complete_the_dealer_burns_then_deals_the_flop() -> None:
    complete = ["deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check"]
    view = station(complete)
    assert view["dealer"]["buttons"] == [{"label": "burn", "event": "burn"}]
    assert view["dealer"]["deal"] is None
    view = station([*complete, "burn"])
    assert view["dealer"]["buttons"] == []
    assert view["dealer"]["deal"] == {"street": "flop", "count": 3, "burn": True}


@pytest.mark.parametrize("book", ["tda-2024", "wsop-2024"])
def test_after_a_premature_turn_the_stub_is_reshuffled_before_the_burn(book: str) -> None:
    """TDA 38 and WSOP: the premature card goes back into the stub, which is reshuffled;
    the turn is then burned and dealt."""
    ruled = [*PREMATURE_TURN, "3 call", "4 call", "1 call"]
    view = station(ruled, book=book)
    assert view["dealer"]["buttons"] == [{"label": "reshuffle", "event": "reshuffle"}]
    assert "7d" not in view["seen"]
    view = station([*ruled, "reshuffle"], book=book)
    assert view["dealer"]["buttons"] == [{"label": "burn", "event": "burn"}]
    view = station([*ruled, "reshuffle", "burn"], book=book)
    assert view["dealer"]["deal"] == {"street": "turn", "count": 1, "burn": True}


def test_after_a_premature_turn_rrop_deals_the_river_without_a_burn() -> None:
    """RRoP: the premature turn card is set aside; the turn is burned and dealt, and
    before the river the stub is reshuffled with it, cut, and the river dealt with no
    burn: never a plain burn."""
    ruled = [*PREMATURE_TURN, "3 call", "4 call", "1 call"]
    view = station(ruled, book="rrop")
    assert view["dealer"]["buttons"] == [{"label": "burn", "event": "burn"}]
    assert "7d" in view["seen"]
    turned = [*ruled, "burn", "turn 2c", "1 check", "2 check", "3 check", "4 check"]
    view = station(turned, book="rrop")
    assert view["dealer"]["buttons"] == [{"label": "reshuffle", "event": "reshuffle"}]
    assert view["dealer"]["steps"] == [
        "reshuffle the stub with the 7♦", "cut", "deal the river without a burn",
    ]  # fmt: skip
    view = station([*turned, "reshuffle"], book="rrop")
    assert view["dealer"]["buttons"] == [{"label": "cut", "event": "cut"}]
    view = station([*turned, "reshuffle", "cut"], book="rrop")
    assert view["dealer"]["buttons"] == []
    assert view["dealer"]["deal"] == {"street": "river", "count": 1, "burn": False}
    assert "7d" not in view["seen"]


def test_at_the_showdown_the_seats_show_in_order() -> None:
    events = ["deal", "3 fold", "4 fold", "5 fold", "6 fold", "1 call", "2 check",
              "burn", "flop Ah Kd 7c", "1 check", "2 bet 4", "1 call",
              "burn", "turn 2c", "1 check", "2 check", "burn", "river 3d", "1 check",
              "2 check"]  # fmt: skip
    view = station(events)
    assert view["showdown"] == [1, 2]
    assert view["actions"] == []
    assert view["dealer"] is None
    view = station([*events, "show 1 Qh Qd"])
    assert view["showdown"] == [2]


def settled(events: list[str]) -> dict[str, Any]:
    """The station with the hand's pots and the stacks they leave, as the server draws it."""
    hand = parse_hand(HEADER.format(betting="no-limit", book="tda-2024", six=100) + "".join(
        f"  - {event}\n" for event in events
    ))  # fmt: skip
    result = check_hand(hand)
    return station_view(result.state, pots=result.pots, settled=result.stacks)


CHECKED_DOWN = [
    "deal", "3 fold", "4 fold", "5 fold", "6 call", "1 fold", "2 check",
    "burn", "flop Ah Kd 7c", "2 check", "6 check", "burn", "turn 2c", "2 check", "6 check",
    "burn", "river 3d", "2 check", "6 check",
]  # fmt: skip
"""Folded round to the button, who calls; the big blind and the button check it down."""


def test_the_push_comes_once_every_hand_is_tabled_and_goes_once_pushed() -> None:
    assert settled(CHECKED_DOWN)["push"] is None
    assert settled([*CHECKED_DOWN, "show 2 Qs Qh"])["push"] is None
    view = settled([*CHECKED_DOWN, "show 2 Qs Qh", "show 6 Js Jh"])
    assert view["push"] == {"label": "push 5 to seat 2", "event": "award 2"}
    assert [seat["behind"] for seat in view["seats"]] == [99, 98, 100, 100, 100, 98]
    view = settled([*CHECKED_DOWN, "show 2 Qs Qh", "show 6 Js Jh", "award 2"])
    assert view["push"] is None
    assert [seat["behind"] for seat in view["seats"]] == [99, 103, 100, 100, 100, 98]


def test_a_split_pot_is_pushed_a_share_to_each_winner() -> None:
    view = settled([*CHECKED_DOWN, "show 2 Qs Qh", "show 6 Qd Qc"])
    assert view["push"] is not None
    assert view["push"]["event"] == "award 2 3; award 6 2"
    pushed = settled([*CHECKED_DOWN, "show 2 Qs Qh", "show 6 Qd Qc", "award 2 3", "award 6 2"])
    assert pushed["push"] is None
    assert sum(seat["behind"] for seat in pushed["seats"]) == 600


def test_the_uncalled_bet_comes_back_with_the_pot_after_a_push() -> None:
    view = settled(["deal", "3 raise 6", "4 fold", "5 fold", "6 fold", "1 fold", "2 fold"])
    assert view["push"] == {"label": "push 5 to seat 3", "event": "award 3"}
    pushed = settled(
        ["deal", "3 raise 6", "4 fold", "5 fold", "6 fold", "1 fold", "2 fold", "award 3"]
    )
    assert [seat["behind"] for seat in pushed["seats"]] == [99, 98, 103, 100, 100, 100]


def test_a_misdeal_has_no_push() -> None:
    assert settled(["deal", "misdeal"])["push"] is None


def walk_throughs() -> list[tuple[Path, set[int]]]:
    """The procedure walk-throughs that follow their procedure to the letter (no
    violation; ``tests/test_procedures.py`` holds each to it), with the events ruled
    on: the irregularities the procedures correct."""
    from test_procedures import BOOKS, PROCEDURES

    return [
        (PROCEDURES / book / f"{name}.yaml", {event for event, _ in rulings})
        for book, names in BOOKS.items()
        for name, (rulings, violations) in sorted(names.items())
        if not violations
    ]


@pytest.mark.parametrize(
    ("path", "ruled"),
    [pytest.param(p, r, id=f"{p.parent.name}/{p.stem}") for p, r in walk_throughs()],
)
def test_the_station_offers_every_dealer_step_of_a_procedure_followed(
    path: Path, ruled: set[int]
) -> None:
    """Before each reshuffle, cut, burn and board card of a walk-through dealt with
    nobody to act (but the irregularity itself), the station offers that step: the
    dealer can follow every procedure by its buttons alone, and a burn is never the
    button where the street comes without one."""
    hand = load_hand(path)
    events = [str(event) for event in hand.events]
    for number, text in enumerate(events):
        word = text.split()[0]
        if number + 1 in ruled or word not in _DEALER_WORDS:
            continue
        state = check_hand(hand.model_copy(update={"events": events[:number]})).state
        if state.to_act is not None or state.over:
            continue
        view = station_view(state)
        dealer = view["dealer"]
        where = f"{path.parent.name}/{path.stem} event {number + 1} ({text})"
        assert dealer is not None, where
        offered = [button["event"] for button in dealer["buttons"]]
        if word in ("flop", "turn", "river"):
            assert dealer["deal"] is not None, where
            assert dealer["deal"]["street"] == word, where
            assert offered == [], where
        elif word == "burn" and dealer["deal"] is not None:
            steps = {step.do for step in state.procedures}
            assert steps & {"use-as-burn", "scramble"}, where
        else:
            assert offered == [word], where


_DEALER_WORDS = ("burn", "reshuffle", "cut", "flop", "turn", "river")


def test_every_event_of_the_irregular_menu_is_one_the_notation_reads() -> None:
    """The station's menu stands in for typing: each of its events, with a seat, a card
    and an amount put in its words, is an event of the notation; and every word of the
    notation but a note's free text can be recorded by touch."""
    import re
    from pathlib import Path

    from floorman.hand.events import EVENT_WORDS, parse_event

    page = (Path(__file__).parents[1] / "templates" / "web" / "_station.html").read_text()
    menu = re.findall(r'\("[^"]+", "([^"]+)"\)', page)
    assert len(menu) > 40
    for event in menu:
        cards = "Ah Kd 7c" if event.startswith("flop") else "Ah"
        words = {"SEAT": "3", "X": "100", "CARDS": cards}
        parse_event(" ".join(words.get(w, w) for w in event.split()))
    offered = {w for e in menu for w in e.split() if w != "SEAT"}
    by_touch = offered | {"deal", "show", "muck", "burn", "flop", "turn", "river", "floor"}
    assert set(EVENT_WORDS) - by_touch == {"note"}
