"""Stud, razz, draw and mixed-game tables through the real CLI: ``new``, ``add``, ``show``,
``hands``, ``export`` and ``next``, the rotation and the button frozen through stud."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tablecli import ok, run

from floorman.hand.rotation import RotationError, RotationState, parse_rotation
from floorman.interchange.phh import read_phh
from floorman.interchange.phh.drawimport import import_draw_phh
from floorman.interchange.phh.studimport import import_stud_phh

STUD = ["new", "-t", "4", "--game", "stud", "--ante", "5", "--bring-in", "10",
        "--limits", "20/40", "--seats", "1=500,2=500,3=500"]  # fmt: skip

STUD_HAND = [
    "down 1 Ah 2d; up 1 3c; down 2 Kh Kd; up 2 Ks; down 3 7c 7d; up 3 2c",
    "3 bring-in", "1 complete", "2 raise 40", "3 fold", "1 call",
    "up 1 4h; up 2 9d; 2 bet 20; 1 call",
    "up 1 8s; up 2 9s; 2 bet 40; 1 call",
    "up 1 Qh; up 2 Jc; 2 bet 40; 1 call",
    "down 1 Tc; down 2 2h; 2 check; 1 check",
    "show 2 Kh Kd Ks 9d 9s Jc 2h", "show 1 Ah 2d 3c 4h 8s Qh Tc",
]  # fmt: skip


def show_json(table: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(ok("show", "-t", table, "--json"))
    return data


@pytest.mark.usefixtures("table_db")
def test_a_stud_hand_is_recorded_to_the_showdown_and_exported(tmp_path: Path) -> None:
    assert "stud 20/40, ante 5, bring-in 10" in ok(*STUD)
    out = ok("add", "-t", "4", *STUD_HAND)
    assert "hand over (showdown)" in out
    assert "pot 305: seat 2 takes 305" in out  # kings full beat the ace-high
    shown = show_json("4")
    assert shown["game"] == "stud"
    assert shown["over"] == "showdown"
    assert shown["stacks"] == {"1": 355, "2": 660, "3": 485}
    hands = ok("hands", "-t", "4")
    assert "stud, over (showdown)" in hands
    exported = tmp_path / "hand.yaml"
    ok("export", "-t", "4", "-o", str(exported))
    checked = json.loads(run("check", str(exported), "--json").stdout)
    assert checked["stacks"] == shown["stacks"]
    phh = ok("export", "-t", "4", "--format", "phh")
    imported = import_stud_phh(read_phh(phh), "hand.phh")
    assert imported.finishing_stacks == (355, 660, 485)
    assert imported.header["game"] == "stud"


@pytest.mark.usefixtures("table_db")
def test_a_razz_hand_brings_in_the_highest_upcard_and_pays_the_low() -> None:
    ok("new", "-t", "2", "--game", "razz", "--ante", "1", "--bring-in", "2", "--limits",
       "4/8", "--seats", "1=100,2=100")  # fmt: skip
    out = ok("add", "-t", "2", "down 1 Ac 2c; up 1 Kd; down 2 5h 6h; up 2 3s")
    assert "seat 1 to act" in out  # the king, the highest upcard, brings it in
    ok("add", "-t", "2", "1 bring-in", "2 complete", "1 call")
    for cards in (("Qd", "7s"), ("Jd", "8s"), ("9d", "4d")):
        ok("add", "-t", "2", f"up 1 {cards[0]}; up 2 {cards[1]}")
        to_act = show_json("2")["to_act"]
        other = 3 - int(str(to_act))
        ok("add", "-t", "2", f"{to_act} check; {other} check")
    ok("add", "-t", "2", "down 1 Th; down 2 2d")
    to_act = show_json("2")["to_act"]
    ok("add", "-t", "2", f"{to_act} check; {3 - int(str(to_act))} check")
    out = ok("add", "-t", "2", "show 2 5h 6h 3s 7s 8s 4d 2d", "show 1 Ac 2c Kd Qd Jd 9d Th")
    assert "pot 10: seat 2 takes 10" in out  # the 6-5-4-3-2 beats the nine-low
    assert show_json("2")["stacks"] == {"1": 95, "2": 105}


DRAW_HAND = [
    "deal", "3 fold", "1 call", "2 check",
    "1 draws 2", "2 stands pat", "1 bet 10", "2 call",
    "1 stands pat", "2 stands pat", "1 check", "2 check",
    "1 stands pat", "2 draws 1", "1 bet 20", "2 call",
    "show 1 7c 5d 4h 3s 2c", "show 2 8c 6d 5h 4s 2d",
]  # fmt: skip


@pytest.mark.usefixtures("table_db")
def test_a_triple_draw_hand_is_recorded_to_the_showdown_and_the_button_moves() -> None:
    out = ok("new", "-t", "9", "--game", "triple-draw-27", "--betting", "limit", "--blinds",
             "5/10", "--button", "3", "--seats", "1=500,2=500,3=500")  # fmt: skip
    assert "triple-draw-27 limit 5/10, button seat 3" in out
    out = ok("add", "-t", "9", *DRAW_HAND)
    assert "pot 80: seat 1 takes 80" in out
    phh = ok("export", "-t", "9", "--format", "phh")
    imported = import_draw_phh(read_phh(phh), "hand.phh")
    assert imported.state.over_reason == "showdown"
    assert sorted(imported.finishing_stacks or ()) == [460, 500, 540]
    out = ok("next", "-t", "9")
    assert "button seat 1" in out
    assert show_json("9")["seats"]["1"]["behind"] == 540  # type: ignore[index]


def test_a_table_refuses_bad_games_and_rotations_in_one_line(table_db: Path) -> None:
    for args, said in (
        (["--rotation", "chess,stud"], '--rotation "chess": not a game'),
        (["--game", "stud"], "--bring-in: a stud game needs its bring-in"),
        (["--game", "badugi"], "--button: the seat holding the dealer button is required"),
        (["--game", "holdem"], "--button: the seat holding the dealer button is required"),
        (["--rotation", "horse", "--rotate-by", "day"], '--rotate-by "day": orbit or level'),
        (["--rotation", "horse", "--bring-in", "5", "--limits", "9/x"], '--limits "9/x"'),
    ):
        result = run("new", "-t", "1", "--seats", "1=100,2=100", *args)
        assert result.exit_code == 2, (args, result.stdout)
        assert result.stderr.strip().count("\n") == 0, result.stderr
        assert said in result.stderr, result.stderr
    assert not table_db.exists() or "table 1" not in run("hands").stdout


@pytest.mark.usefixtures("table_db")
def test_a_bad_stud_event_is_refused_and_nothing_is_stored() -> None:
    ok(*STUD)
    result = run("add", "-t", "4", "down 1 Ah 2d", "up 9 3c")
    assert result.exit_code == 2
    assert "seat 9" in result.stderr
    assert show_json("4")["events"] == []


def play_out(table: str) -> None:
    """Deal the hand at ``table`` and fold it to one player, whatever the game."""
    shown = show_json(table)
    if shown["game"] in ("stud", "stud-hilo", "razz"):
        seats = sorted(shown["seats"], key=int)  # type: ignore[arg-type]
        ups = ["2c", "9d", "Kh", "5s"]
        ok("add", "-t", table, *(f"down {s} ?? ??; up {s} {ups[i]}" for i, s in enumerate(seats)))
        ok("add", "-t", table, f"{show_json(table)['to_act']} bring-in")
    else:
        ok("add", "-t", table, "deal")
    for _ in range(4):
        shown = show_json(table)
        if shown["to_act"] is None or shown.get("over") or shown.get("status") == "over":
            return
        ok("add", "-t", table, f"{shown['to_act']} fold")


def test_a_horse_table_plays_an_orbit_of_each_game_with_next(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three players, so an orbit is three hands; the button moves through hold'em and
    Omaha, is frozen where the next hold'em hand would have it through razz, stud and
    stud hi-lo, and hold'em starts again there (TDA 11-B, WSOP T 67-b)."""
    monkeypatch.setenv("FLOORMAN_DB", store_url)
    monkeypatch.delenv("FLOORMAN_TABLE", raising=False)
    out = ok("new", "-t", "5", "--rotation", "horse", "--blinds", "10/20", "--ante", "3",
             "--bring-in", "5", "--limits", "20/40", "--button", "3",
             "--seats", "1=500,2=500,3=500")  # fmt: skip
    assert "holdem:limit (hand 1 of 3; game 1 of 5, by orbit)" in out
    games, buttons, said = [], [], []
    for _ in range(16):
        shown = show_json("5")
        games.append(shown["game"])
        buttons.append(shown.get("button"))
        play_out("5")
        said.append(ok("next", "-t", "5"))
    assert games == ["holdem"] * 3 + ["omaha-hilo"] * 3 + ["razz"] * 3 + ["stud"] * 3 + [
        "stud-hilo"
    ] * 3 + ["holdem"]
    assert buttons[:6] == [3, 1, 2, 3, 1, 2]
    assert buttons[15] == 3
    assert "frozen there during the stud games (TDA 11-B; WSOP T 67-b)" in said[5]
    assert "the button starts at seat 3, where it was frozen" in said[14]
    total = sum(s["behind"] + s["in_pot"] for s in show_json("5")["seats"].values())  # type: ignore[attr-defined]
    assert total == 1500


@pytest.mark.usefixtures("table_db")
def test_a_rotation_by_level_changes_game_only_when_the_level_does() -> None:
    ok("new", "-t", "6", "--rotation", "triple-draw-27,razz", "--rotate-by", "level",
       "--blinds", "5/10", "--bring-in", "2", "--button", "1",
       "--seats", "1=100,2=100")  # fmt: skip
    for _ in range(3):
        play_out("6")
        ok("next", "-t", "6")
        assert show_json("6")["game"] == "triple-draw-27"
    play_out("6")
    assert "razz (hand 1; game 2 of 2, by level)" in ok("next", "-t", "6", "--level-up")
    assert show_json("6")["game"] == "razz"


def test_named_rotations_and_their_orbits() -> None:
    eight = parse_rotation("8-game")
    assert [g.name for g in eight.games] == [
        "triple-draw-27:limit", "holdem:limit", "omaha-hilo:limit", "razz", "stud",
        "stud-hilo", "holdem:no-limit", "omaha:pot-limit",
    ]  # fmt: skip
    state = RotationState(parse_rotation("horse"), orbit=2)
    state = state.after(2)
    assert (state.index, state.hands) == (0, 2)
    assert state.after(2, redeal=True) == state  # a misdeal is the same hand again
    moved = state.after(3)
    assert (moved.game.game, moved.hands, moved.orbit) == ("omaha-hilo", 1, 3)
    assert RotationState.from_json(moved.as_json()) == moved


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60), st.sampled_from(["orbit", "level", "", "x"]))
def test_any_rotation_text_is_read_or_refused_in_one_line(text: str, by: str) -> None:
    try:
        rotation = parse_rotation(text, by)
    except RotationError as error:
        said = str(error)
    else:
        said = ""
        assert 2 <= len(rotation.games) <= 20
        assert parse_rotation(",".join(g.name for g in rotation.games), by) == rotation
    assert "\n" not in said
    assert not said or said.startswith(("--rotation", "--rotate-by"))


@settings(max_examples=15, deadline=None)
@given(
    text=st.text(alphabet="stud-razhoe8gm,:lipt2713ab ", max_size=30),
    game=st.sampled_from(["stud", "razz", "badugi", "triple-draw-27", "holdem", "poker"]),
)
def test_new_with_any_rotation_or_game_starts_a_hand_or_says_why(
    text: str, game: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    db = tmp_path_factory.mktemp("fuzz") / "floorman.db"
    args = ["new", "-t", "1", "--db", str(db), "--seats", "1=100,2=100,3=100", "--button",
            "1", "--bring-in", "1", "--blinds", "1/2", "--game", game]  # fmt: skip
    result = run(*args, *(["--rotation", text] if text.strip() else []))
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        assert result.stderr.strip()
        assert result.stderr.strip().count("\n") == 0


@pytest.mark.usefixtures("table_db")
def test_pokerkit_replays_an_exported_stud_hand_to_the_same_stacks() -> None:
    from pokerkit import HandHistory

    ok(*STUD)
    ok("add", "-t", "4", *STUD_HAND)
    phh = ok("export", "-t", "4", "--format", "phh")
    state = None
    for state in HandHistory.loads(phh):  # noqa: B007 the last state is the hand's end
        pass
    assert state is not None
    assert list(state.stacks) == [355, 660, 485]


@pytest.mark.usefixtures("table_db")
def test_undo_takes_back_a_stud_event_and_log_keeps_it() -> None:
    ok(*STUD)
    ok("add", "-t", "4", "down 1 Ah 2d", "up 1 3c")
    assert 'undone: event 2 "up 1 3c"' in ok("undo", "-t", "4")
    assert show_json("4")["events"] == ["down 1 Ah 2d"]
    assert "up 1 3c  (undone)" in ok("log", "-t", "4")


@pytest.mark.usefixtures("table_db")
def test_a_badugi_hand_exports_as_a_hand_file_but_phh_names_no_variant_for_it() -> None:
    ok("new", "-t", "3", "--game", "badugi", "--betting", "limit", "--blinds", "1/2",
       "--button", "2", "--seats", "1=50,2=50")  # fmt: skip
    ok("add", "-t", "3", "deal", "2 fold")
    assert 'game: "badugi"' in ok("export", "-t", "3")
    result = run("export", "-t", "3", "--format", "phh")
    assert result.exit_code == 2
    assert "PHH has no variant floorman writes for limit badugi" in result.stderr


@pytest.mark.usefixtures("table_db")
@pytest.mark.parametrize(
    ("book", "cite"),
    [("rrop", "RRoP Seven-Card Stud rule 5"), ("tda-2024", "TDA 2024 RP-10-A"),
     ("wsop-2024", "WSOP LA 214")],
)  # fmt: skip
def test_a_downcard_dealt_face_up_at_a_stud_table_is_ruled_by_the_tables_book(
    book: str, cite: str
) -> None:
    ok("new", "-t", "E", "--game", "stud", "--ante", "1", "--bring-in", "1", "--limits", "2/4",
       "--seats", "1=100,2=100,3=100", "--rulebook", book)  # fmt: skip
    out = ok("add", "-t", "E", "down 1 ?? ??; up 1 9h; down 2 ??; expose 2:1 2c")
    assert "event 4: CONTINUE" in out
    assert cite in out
    assert "seat 2" in out
    # the ruling followed: seat 2's third card comes down (an upcard is refused)
    assert run("add", "-t", "E", "up 2 5d").exit_code == 2
    later = ok("add", "-t", "E", "down 2 ?? ??; down 3 ?? ??; up 3 Kd")
    assert "CONTINUE" not in later
    assert "violation" not in later


@pytest.mark.usefixtures("table_db")
@pytest.mark.parametrize(
    ("book", "cite"),
    [("rrop", "RRoP Lowball rule 9"), ("tda-2024", "TDA 2024 Rule 35-A"),
     ("wsop-2024", "WSOP LA section X")],
)  # fmt: skip
def test_a_card_exposed_on_the_draw_at_a_triple_draw_table_is_ruled(book: str, cite: str) -> None:
    ok("new", "-t", "D", "--game", "triple-draw-27", "--betting", "limit", "--blinds", "5/10",
       "--limits", "10/20", "--button", "3", "--seats", "1=500,2=500,3=500",
       "--rulebook", book)  # fmt: skip
    ok("add", "-t", "D", "deal; 3 call; 1 call; 2 check; 1 draws 2")
    out = ok("add", "-t", "D", "expose 1 Kh")
    assert "event 6: CONTINUE" in out
    assert cite in out
    later = ok("add", "-t", "D", "2 stands pat; 3 draws 1; 1 check; 2 check; 3 check")
    assert "CONTINUE" not in later
    assert "violation" not in later


SHOWN_ONE = {
    "razz": (
        ["new", "-t", "R", "--game", "razz", "--ante", "1", "--bring-in", "2", "--limits", "4/8",
         "--seats", "1=100,2=100"],
        ["down 1 ?? ??; up 1 Kh; down 2 ?? ??; up 2 2c; 1 bring-in; 2 call",
         *(f"up 1 {a}; up 2 {b}; check; check" for a, b in (("Qh", "3c"), ("Jh", "4c"),
                                                             ("Th", "5c"))),
         "down 1 ??; down 2 ??; check; check", "show 2 Ac 6d 7s"],
        "muck 1",
    ),
    "triple-draw-27": (
        ["new", "-t", "R", "--game", "triple-draw-27", "--betting", "limit", "--blinds", "5/10",
         "--limits", "10/20", "--button", "2", "--seats", "1=500,2=500"],
        ["deal; call; check; 1 draws 2; 2 stands pat; check; check",
         "draws 1; stands pat; check; check", "draws 1; stands pat; check; check",
         "show 1 7c 5d 4h 3s 2c"],
        "muck 2",
    ),
}  # fmt: skip
"""A heads-up hand of each family to the showdown with one of the two live hands shown,
and the word that throws the other away."""


@pytest.mark.parametrize("game", sorted(SHOWN_ONE))
def test_next_waits_for_every_live_hand_at_the_showdown_as_at_a_flop_table(
    game: str, store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 1 or 2 has shown, the other is still live: ``next`` is refused in one line, as
    at a hold'em table, and nothing is dealt; once the other hand is mucked it deals, and
    a hand that ends by a fold goes on with ``next`` at once."""
    monkeypatch.setenv("FLOORMAN_DB", store_url)
    monkeypatch.delenv("FLOORMAN_TABLE", raising=False)
    new, events, muck = SHOWN_ONE[game]
    ok(*new)
    assert " takes " in ok("add", "-t", "R", *events)  # the shown hand is read
    refused = run("next", "-t", "R")
    assert refused.exit_code == 2
    assert refused.stderr == (
        "floorman: table R: hand 1 is at the showdown with hands still to be tabled;"
        " record them (show, muck) or use --force\n"
    )
    assert refused.stdout == ""
    assert len(json.loads(ok("hands", "--json"))["hands"]) == 1
    ok("add", "-t", "R", muck)
    assert "hand 2 at table R" in ok("next", "-t", "R")
    play_out("R")
    assert "hand 3 at table R" in ok("next", "-t", "R")
    hands = json.loads(ok("hands", "--json"))["hands"]
    assert [h["reason"] for h in sorted(hands, key=lambda h: h["hand"])] == [
        "showdown", "fold", None
    ]  # fmt: skip


@pytest.mark.usefixtures("table_db")
def test_next_force_closes_a_showdown_with_a_hand_still_live_as_abandoned() -> None:
    """As at a flop table: the stacks go on as the hand began."""
    new, events, _ = SHOWN_ONE["razz"]
    ok(*new)
    ok("add", "-t", "R", *events)
    ok("next", "-t", "R", "--force")
    hands = json.loads(ok("hands", "--json"))["hands"]
    assert [h["reason"] for h in sorted(hands, key=lambda h: h["hand"])] == ["abandoned", None]
    seats = show_json("R")["seats"]
    assert {s: v["behind"] + v["in_pot"] for s, v in seats.items()} == {"1": 100, "2": 100}  # type: ignore[attr-defined]
