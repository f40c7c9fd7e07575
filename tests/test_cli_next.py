"""Hand after hand at one table through ``floorman next``, checked against an
independent count of chips and of the button."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from tablecli import ok, run, runner

from floorman.cli import app

BOARD = "burn; flop 2c 3d 4h; burn; turn 9s; burn; river Jc"
PAIRS = ["Ah As", "Kh Kd", "Qh Qd", "8h 8d", "7h 7d", "6h 6d", "5s 5c", "Th Td", "Ts Tc"]


pytestmark = pytest.mark.usefixtures("table_db")


def header() -> dict[str, object]:
    data: dict[str, object] = json.loads(ok("export", "-t", "9", "--format", "json"))
    return data


def seats_of(data: dict[str, object]) -> dict[int, int]:
    seats = data["seats"]
    assert isinstance(seats, dict)
    return {int(seat): chips for seat, chips in seats.items()}


def clockwise_after(seat: int, seats: list[int]) -> int:
    return next((s for s in sorted(seats) if s > seat), min(seats))


def big_blind(button: int, seats: list[int], small_blind: bool = True) -> int:
    if len(seats) == 2 and button in seats:  # heads-up the button posts the small blind
        return clockwise_after(button, seats)
    if not small_blind:  # it fell to an empty seat: the first seat posts the big blind
        return clockwise_after(button, seats)
    return clockwise_after(clockwise_after(button, seats), seats)


def blinds_of(data: dict[str, object]) -> tuple[int | None, int]:
    """The seats posting the small and the big blind, as the header places them."""
    seats, button = sorted(seats_of(data)), int(str(data["button"]))
    if data.get("small_blind") == "none":
        return None, big_blind(button, seats, small_blind=False)
    big = big_blind(button, seats)
    return (button if len(seats) == 2 else clockwise_after(button, seats)), big


def play(rng: random.Random, *, allin: bool = False) -> None:
    """Fold to the big blind, or an all-in called and shown down."""
    out = ok("add", "-t", "9", "deal")
    if not allin and rng.random() < 0.6:
        while "to act" in out or "acts first" in out:
            out = ok("add", "-t", "9", "fold")
        return
    out = ok("add", "-t", "9", "allin")
    out = ok("add", "-t", "9", "call")
    while "to act" in out:
        out = ok("add", "-t", "9", "fold")
    if "showdown" not in out:
        out = ok("add", "-t", "9", BOARD)
    order = re.search(r"seats show in the order ([\d, ]+)", out)
    assert order is not None, out
    cards = rng.sample(PAIRS, len(PAIRS))
    for seat, pair in zip(order.group(1).split(", "), cards, strict=False):
        ok("add", "-t", "9", f"show {seat} {pair}")


def finishing_stacks(tmp_path: Path) -> dict[int, int]:
    """The stacks the hand left, as ``check --json`` computes them from the exported hand."""
    hand = tmp_path / "hand.yaml"
    ok("export", "-t", "9", "-o", str(hand))
    result = run("check", "--json", str(hand))
    assert result.exit_code in (0, 1), result.stderr
    return {int(seat): chips for seat, chips in json.loads(result.stdout)["stacks"].items()}


def table() -> dict[str, dict[str, object]]:
    """The players as the next hand will find them (``table show --json``)."""
    players: dict[str, dict[str, object]] = json.loads(ok("table", "show", "-t", "9", "--json"))[
        "next_hand"
    ]["players"]
    return players


def chips_at(players: dict[str, dict[str, object]]) -> int:
    return sum(int(str(p["stack"])) for p in players.values())


SHIFT: list[tuple[str, ...]] = [
    ("sit", "play"),  # a new player posts to come in
    ("rebuy", "allin"),
    ("sitout", "play"),
    ("misdeal",),  # the next hand is the same hand dealt again
    ("back", "level", "play"),
    ("move", "play"),
    ("leave", "play"),
    ("play",),
]
"""What happens at the table, hand by hand: the changes logged after the hand, then the
hand itself (``play``: folded round or shown down, ``allin``: shown down)."""


@contextmanager
def at_hand(number: int) -> Iterator[None]:
    """Name the hand on any check that fails inside, with the table as it stands."""
    try:
        yield
    except AssertionError as error:
        error.add_note(f"at hand {number}: {header()}")
        raise


@pytest.mark.parametrize("rulebook", ["rrop", "tda-2024"])
def test_a_shift_keeps_every_chip_and_moves_the_button_by_the_rule(
    rulebook: str, store_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hand after hand on a real store: players sit down, rebuy, sit out and come back, are
    moved in, leave, the blinds go up and a hand is misdealt; the chips at the table change
    only by what is bought in and taken away, and the button moves by the rulebook's rule.
    The state machine of ``test_session_shift.py`` tries every order of these in process."""
    monkeypatch.setenv("FLOORMAN_DB", store_url)
    rng = random.Random(rulebook)
    ok("new", "-t", "9", "--button", "1", "--rulebook", rulebook,
       "--seats", "1=100,2=100,4=100,6=100,8=100")  # fmt: skip
    expected = 500  # every chip bought in, less every chip taken away
    leveled = False
    for number, steps in enumerate(SHIFT, 1):
        with at_hand(number):
            previous = header()
            seats = seats_of(previous)
            if "misdeal" in steps:
                ok("add", "-t", "9", "deal; misdeal")
                stacks = dict(seats)
            else:
                play(rng, allin="allin" in steps)
                stacks = finishing_stacks(tmp_path)
                assert sum(stacks.values()) == sum(seats.values())
            players = table()
            assert chips_at(players) == expected
            expected += between_hands(steps, players)
            leveled = leveled or "level" in steps
            players = table()
            assert chips_at(players) == expected
            established = sorted(
                int(s) for s, p in players.items()
                if (p["status"] == "playing" or (p["status"] == "out" and rulebook != "rrop"))
                and not p.get("new")
            )  # fmt: skip
            ok("next", "-t", "9")
            current = header()
            after = seats_of(current)
            assert set(after) <= {int(s) for s in table()}
            assert (current["blinds"], current.get("ante", 0)) == (
                ([2, 4], 1) if leveled else ([1, 2], 0)
            )
            if "misdeal" in steps:
                assert (current["button"], after) == (previous["button"], seats)
            elif len(after) == 2:  # heads-up: nobody takes the big blind twice in a row
                assert current["button"] in after
            elif rulebook == "rrop":  # a moving button goes to the next player
                moved = clockwise_after(int(str(previous["button"])), established)
                assert current["button"] == moved
            else:  # a dead button: the big blind goes to the player due for it
                last_small, last_big = blinds_of(previous)
                small, big = blinds_of(current)
                assert big == clockwise_after(last_big, sorted(after))
                assert small == (last_big if last_big in after else None) or (
                    small is not None and small not in seats
                )
                assert small is None or small != last_small
    assert chips_at(table()) == expected


def between_hands(steps: tuple[str, ...], players: dict[str, dict[str, object]]) -> int:
    """Log the changes ``steps`` name through the table commands; the chips they bring to
    the table (taken away: less than nothing)."""
    seated = sorted(int(s) for s in players)
    playing = [s for s in seated if players[str(s)]["status"] == "playing"]
    empty = [seat for seat in range(1, 10) if seat not in seated]
    brought = 0
    for step in steps:
        if step == "sit":
            ok("table", "sit", "-t", "9", str(empty[0]), "100", "--name", "Ann", "--post")
            brought += 100
        elif step == "rebuy":
            ok("table", "rebuy", "-t", "9", str(seated[0]), "50")
            brought += 50
        elif step == "sitout":
            ok("table", "sitout", "-t", "9", str(playing[-1]))
        elif step == "back":
            out = [s for s in seated if players[str(s)]["status"] == "out"]
            ok("table", "back", "-t", "9", str(out[0]), "--post")
        elif step == "level":
            ok("table", "level", "-t", "9", "2/4", "--ante", "1")
        elif step == "move":
            ok("table", "move", "-t", "9", "120", "--from", "12")
            brought += 120
        elif step == "leave":
            brought -= int(str(players[str(playing[0])]["stack"]))
            ok("table", "leave", "-t", "9", str(playing[0]))
    return brought


def test_a_player_who_leaves_and_busts_in_the_same_hand_does_not_stop_the_table() -> None:
    ok("new", "-t", "9", "--button", "1", "--seats", "1=100,3=100,5=100")
    ok("add", "-t", "9", "deal")
    ok("table", "leave", "-t", "9", "5")  # going after this hand
    ok("add", "-t", "9", "1 allin; 3 fold; 5 call; " + BOARD + "; show 5 7h 2d; show 1 Ah As")
    assert "5" not in json.loads(ok("table", "show", "-t", "9", "--json"))["next_hand"]["players"]
    ok("next", "-t", "9")
    assert set(seats_of(header())) == {1, 3}


def test_a_player_who_rebuys_and_busts_in_the_same_hand_plays_on_with_the_rebuy() -> None:
    ok("new", "-t", "9", "--button", "1", "--seats", "1=100,3=100,5=100")
    ok("add", "-t", "9", "deal")
    ok("table", "rebuy", "-t", "9", "5", "50")  # added after this hand
    ok("add", "-t", "9", "1 allin; 3 fold; 5 call; " + BOARD + "; show 5 7h 2d; show 1 Ah As")
    ok("next", "-t", "9")
    assert seats_of(header())[5] == 50


def test_a_misdeal_is_dealt_again_with_the_same_button_and_stacks() -> None:
    ok("new", "-t", "9", "--button", "3", "--seats", "1=100,3=100,5=100")
    ok("add", "-t", "9", "deal; 3 raise 10; misdeal")
    out = ok("next", "-t", "9")
    assert out.splitlines()[0] == (
        "hand 2 at table 9 (the misdeal redealt): hold'em no-limit 1/2, button seat 3"
    )
    assert seats_of(header()) == {1: 100, 3: 100, 5: 100}


def test_an_unfinished_hand_blocks_next_until_forced() -> None:
    ok("new", "-t", "9", "--button", "3", "--seats", "1=100,3=100,5=100")
    ok("add", "-t", "9", "deal; 3 raise 10")
    result = run("next", "-t", "9")
    assert result.exit_code == 2
    assert result.stderr == (
        "floorman: table 9: hand 1 is still in progress (preflop); finish it or use --force\n"
    )
    assert "hand 2 at table 9" in ok("next", "-t", "9", "--force")
    assert seats_of(header()) == {1: 100, 3: 100, 5: 100}
    assert "closed: abandoned" in ok("log", "1")


def test_the_last_player_with_chips_cannot_start_a_hand() -> None:
    ok("new", "-t", "9", "--button", "1", "--seats", "1=100,3=100")
    ok("add", "-t", "9", "deal; 1 allin; 3 call; " + BOARD + "; show 1 Ah As; show 3 Kh Kd")
    result = run("next", "-t", "9")
    assert result.exit_code == 2
    assert result.stderr == ("floorman: a hand needs two seats with chips (seats with chips: 1)\n")


def test_a_bad_seat_option_is_one_line() -> None:
    ok("new", "-t", "9", "--button", "1", "--seats", "1=100,3=100")
    result = run("next", "-t", "9", "--sit", "4")
    assert result.exit_code == 2
    assert result.stderr == 'floorman: --sit "4": write SEAT=CHIPS, e.g. 7=200\n'


def test_live_is_a_shift_at_the_table_next_starts_the_next_hand() -> None:
    ok("new", "-t", "9", "--button", "1", "--seats", "1=100,3=100,5=100")
    result = runner.invoke(
        app, ["live", "-t", "9"], input="deal\nfold\nfold\nnext\ndeal\nnext\nnext force\n"
    )
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "hand over: type next for the next hand" in lines
    assert "hand 2 at table 9: hold'em no-limit 1/2, button seat 3" in lines
    assert "hand 3 at table 9: hold'em no-limit 1/2, button seat 5" in lines
    assert result.stderr == (
        "floorman: table 9: hand 2 is still in progress (preflop); finish it or use --force\n"
    )


def test_live_opens_on_a_table_whose_last_hand_is_over() -> None:
    ok("new", "-t", "9", "--button", "1", "--seats", "1=100,3=100,5=100")
    ok("add", "-t", "9", "deal; fold; fold")
    ok("next", "-t", "9")
    ok("add", "-t", "9", "deal; fold; fold")
    result = runner.invoke(app, ["live", "-t", "9"], input="next\n")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "hand 2 at table 9: type help for the events, quit to stop"
    assert "hand over: type next for the next hand" in lines
    assert lines[-3] == "hand 3 at table 9: hold'em no-limit 1/2, button seat 5"


def fold_round() -> None:
    out = ok("add", "-t", "9", "deal")
    while "to act" in out or "acts first" in out:
        out = ok("add", "-t", "9", "fold")


@pytest.mark.parametrize(
    ("how", "posts", "buttons"),
    [
        ("--buy-button", ["post 3 bb 2", "post 3 dead 1"], [3, 4, 6, 8, 1, 2, 3]),
        ("--post", ["post 3 bb 2"], [4, 6, 8, 1, 2, 3, 4]),
    ],
)
def test_wsop_a_new_player_buys_the_button_or_posts_the_big_blind_before_the_small_blind(
    how: str, posts: list[str], buttons: list[int]
) -> None:
    """WSOP LA 154: seat 3 sits down between the next button (2) and small blind (4); buying
    the button it has the button next hand, posting just the big blind the button passes it
    to seat 4, who posted the small blind; then a round in which everyone has the button."""
    ok("new", "-t", "9", "--button", "1", "--rulebook", "wsop-2024",
       "--seats", "1=100,2=100,4=100,6=100,8=100")  # fmt: skip
    fold_round()
    said = ok("table", "sit", "-t", "9", "3", "100", "--name", "Cy", how)
    assert said.startswith("table 9: seat 3 (Cy) sits down with 100, ")
    choice = "buys the button" if how == "--buy-button" else "posts the big blind there"
    assert f"  seat  3       100  playing, {choice}  Cy" in ok("table", "show", "-t", "9")
    lines = ok("next", "-t", "9").splitlines()
    assert lines[0] == "hand 2 at table 9: hold'em no-limit 1/2, button seat 2, small blind seat 4"
    assert lines[1 : 1 + len(posts)] == [f"  {post}" for post in posts]
    assert (header()["button"], header()["small_blind"]) == (2, 4)
    seen = []
    for number, _ in enumerate(buttons, 3):
        fold_round()
        ok("next", "-t", "9")
        data = header()
        seen.append(data["button"])
        _, big = blinds_of({**data, "small_blind": "posted"})
        if isinstance(data.get("small_blind"), int):
            big = clockwise_after(int(str(data["small_blind"])), sorted(seats_of(data)))
        due = [8, 1, 2, 3, 4, 6, 8][len(seen) - 1]  # one player on each hand
        assert big == due, f"hand {number}: the big blind on seat {big}, not {due}"
    assert seen == buttons
    log = ok("table", "log", "-t", "9")
    assert "hand 2  button 2  sb 4  bb 6" in log
    assert "seat 3 (Cy) sits down with 100, " in log


def test_wsop_a_buyer_not_before_the_small_blind_next_hand_is_dealt_in_with_nothing_to_buy() -> (
    None
):
    """Seat 3 is between the button (2) and the small blind (5) when the player sits down,
    but the next hand's button is 5: seat 3 is an ordinary seat then, and nothing is posted
    (no-limit: WSOP LA 100-a)."""
    ok("new", "-t", "9", "--button", "2", "--rulebook", "wsop-2024",
       "--seats", "1=100,2=100,5=100,6=100")  # fmt: skip
    fold_round()
    ok("table", "sit", "-t", "9", "3", "100", "--name", "Cy", "--buy-button")
    lines = ok("next", "-t", "9").splitlines()
    assert lines[:2] == [
        "hand 2 at table 9: hold'em no-limit 1/2, button seat 5",
        "seat 3 (Cy) is not between the button and the small blind this hand: dealt in as a"
        " new player, with no button to buy (WSOP LA 154)",
    ]
    assert not any(line.startswith("  post") for line in lines)
    assert 3 in seats_of(header())


def test_rrop_refuses_buying_the_button_in_one_line() -> None:
    ok("new", "-t", "9", "--button", "1", "--seats", "1=100,2=100,4=100")
    result = run("table", "sit", "-t", "9", "3", "100", "--buy-button")
    assert result.exit_code == 2
    assert result.stderr == (
        "floorman: seat 3: the rulebook does not let a new player buy the button (buy_the_button)\n"
    )


def test_live_sit_buy_button_is_the_same_change() -> None:
    ok("new", "-t", "9", "--button", "1", "--rulebook", "wsop-2024",
       "--seats", "1=100,2=100,4=100,6=100,8=100")  # fmt: skip
    result = runner.invoke(app, ["live", "-t", "9"], input="sit 3 100 Cy buy-button\n")
    assert result.exit_code == 0, result.stderr
    assert "seat 3 (Cy) sits down with 100, buys the button (WSOP LA 154)" in result.stdout


def test_a_moving_button_deals_two_big_blinds_when_the_big_blinds_seat_empties() -> None:
    """RRoP §4 rule 1, the moving button: "There may be more than one big blind". Button 1,
    small blind 3, big blind 5; seat 5 leaves. The button moves to seat 3 and seat 6, due
    the big blind, lands in the small blind: it posts a big blind there."""
    ok("new", "-t", "9", "--button", "1", "--rulebook", "rrop",
       "--seats", "1=100,3=100,5=100,6=100,8=100")  # fmt: skip
    ok("add", "-t", "9", "deal; 6 fold; 8 fold; 1 fold; 3 fold")
    ok("table", "leave", "-t", "9", "5")
    out = ok("next", "-t", "9")
    assert "  post 6 bb 1" in out.splitlines()
    assert "There may be more than one big blind" in out
    assert header()["button"] == 3
    ok("add", "-t", "9", "deal; 1 call 2; 3 fold; 6 check; 8 check")
    shown = ok("show", "-t", "9")
    assert "pot 6" in shown, shown


@pytest.mark.parametrize(
    ("live", "post", "in_front"),
    [
        ("opening-bet", "post 5 sb 1", "1=1 3=2 5=2"),  # RRoP §4 rule 9
        ("big-blind", "post 5 dead 1", "1=1 3=2 5=2"),  # WSOP LA 156: dead, in the pot
    ],
)
def test_a_missed_small_blind_posted_on_coming_back_is_live_as_the_rulebook_says(
    live: str, post: str, in_front: str, tmp_path: Path
) -> None:
    """RRoP's moving button: seat 5 had the big blind and sits out, so the small blind
    passes it (button 3, small blind 6). Back and posting, seat 5 owes the small blind
    alone: live under RRoP, so its call of 2 costs 1 more; dead under WSOP LA 156's
    reading, so the call costs 2 and the dead chip stays in the pot."""
    book = tmp_path / "house.yaml"
    book.write_text(
        f"rulebook: house\ntitle: House\nextends: rrop\noptions:\n  missed_blind_live: {live}\n"
    )
    ok("new", "-t", "9", "--button", "1", "--rulebook", str(book),
       "--seats", "1=100,3=100,5=100,6=100")  # fmt: skip
    ok("add", "-t", "9", "deal; 6 fold; 1 fold; 3 fold")
    ok("table", "sitout", "-t", "9", "5")
    ok("next", "-t", "9")
    ok("add", "-t", "9", "deal; fold; fold")
    ok("table", "back", "-t", "9", "5", "--post")
    assert f"  {post}" in ok("next", "-t", "9").splitlines()
    lines = ok("add", "-t", "9", "deal; 5 call").splitlines()
    pot = 5 if live == "opening-bet" else 6
    assert f"preflop  no board           pot {pot}  in front: {in_front}" in lines


def test_a_bomb_pot_is_agreed_for_one_hand_and_a_mandatory_straddle_stays() -> None:
    ok("new", "-t", "1", "--button", "1", "--seats", "1=100,2=100,3=100,4=100", "--bomb-pot", "5")
    shown = ok("show", "--table", "1")
    assert "bomb pot 5" in shown
    assert "pot 20" in shown
    ok("next", "-t", "1", "--force")
    after = ok("show", "--table", "1")
    assert "bomb pot" not in after
    assert "pot 3\n" in after
    ok("next", "-t", "1", "--force", "--bomb-pot", "10")
    assert "bomb pot 10" in ok("show", "--table", "1")
    ok("new", "-t", "2", "--button", "1", "--seats", "1=100,2=100,3=100,4=100", "--straddles", "4")
    assert "pot 7\n" in ok("show", "--table", "2")
    assert "pot 7  in front: 1=4 3=1 4=2\n" in ok("next", "-t", "2", "--force")
    refused = run("new", "-t", "3", "--button", "1", "--seats", "1=100,2=100", "--straddles", "x")
    assert refused.exit_code == 2
    assert refused.stderr == 'floorman: --straddles "x": "x" is not an amount in chips\n'


@pytest.mark.parametrize("book", ["rrop", "tda-2024", "wsop-2024"])
def test_the_button_holds_after_a_bomb_pot(book: str) -> None:
    # WSOP LA 27: "The button does not advance in a "bomb pot" hand" (RRoP and the TDA
    # are silent: the house default holds it too). The hand after it is dealt from the
    # same button, with the blinds the bomb pot did not post.
    ok("new", "-t", "9", "--button", "3", "--seats", "1=200,3=150,5=300", "--rulebook", book)
    ok("add", "-t", "9", "deal; 3 fold; 5 fold")
    assert "button seat 5" in ok("next", "-t", "9", "--bomb-pot", "5")
    ok("add", "-t", "9", "deal; burn; flop Ah Kd 7c; 1 bet 10; 3 fold; 5 fold")
    lines = ok("next", "-t", "9").splitlines()
    assert lines[0].endswith("button seat 5")
    assert lines[1].startswith("the button holds after the bomb pot")
    assert (header()["button"], header().get("small_blind", "posted")) == (5, "posted")
    assert "preflop  no board           pot 3  in front: 1=1 3=2" in lines
    assert "deal the cards; seat 5 acts first" in ok("show", "--table", "9")
    # and after the hand with the blinds, the button moves on as usual
    ok("add", "-t", "9", "deal; 5 fold; 1 fold")
    assert ok("next", "-t", "9").splitlines()[0].endswith("button seat 1")


def test_a_house_may_move_the_button_after_a_bomb_pot(tmp_path: Path) -> None:
    house = tmp_path / "moves.yaml"
    house.write_text(
        "rulebook: moves\ntitle: Moves\nextends: wsop-2024\n"
        "options: {button_after_bomb_pot: moves}\n",
        encoding="utf-8",
    )
    ok("new", "-t", "9", "--button", "3", "--seats", "1=200,3=150,5=300",
       "--rulebook", str(house), "--bomb-pot", "5")  # fmt: skip
    ok("add", "-t", "9", "deal; burn; flop Ah Kd 7c; 1 bet 10; 3 fold; 5 fold")
    lines = ok("next", "-t", "9").splitlines()
    assert lines[0].endswith("button seat 5")
    assert not any("bomb pot" in line for line in lines[1:])
