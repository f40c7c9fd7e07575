"""PHH hand histories in and out, checked against the PHH readers' own answers."""

from __future__ import annotations

import tomllib
import warnings
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from phhdata import phh_dir

from floorman.hand.events import parse_event
from floorman.interchange.handfile import load_hand, parse_hand
from floorman.interchange.phh import (
    FLOORMAN_FIELD,
    FractionalChips,
    PhhError,
    UnsupportedVariant,
    dump_phh,
    import_phh,
    read_phh,
    recorded_hand,
)
from floorman.showdown.oddchips import SplitRules
from floorman.showdown.settlement import settle_state

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def phh(**fields: object) -> str:
    """A PHH file, flat form, from field values written as TOML."""
    lines = []
    for key, value in fields.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, str):
            text = repr(value) if "'" not in value else f'"{value}"'
        elif isinstance(value, list):
            text = "[" + ", ".join(repr(v) for v in value) + "]"
        else:
            text = str(value)
        lines.append(f"{key} = {text}")
    return "\n".join(lines) + "\n"


NT3 = {
    "variant": "NT",
    "ante_trimming_status": True,
    "antes": [0, 0, 0],
    "blinds_or_straddles": [1, 2, 0],
    "min_bet": 2,
    "starting_stacks": [100, 100, 100],
}


def imported(actions: list[str], **fields: object) -> list[str]:
    data = read_phh(phh(**{**NT3, **fields, "actions": actions}))
    return import_phh(data).events_text()


# Reading TOML


def test_flat_files_read_like_tomllib() -> None:
    text = phh(**NT3, actions=["d dh p1 AhAd", "p3 f"], finishing_stacks=[100.5, 99.0, 100])
    assert read_phh(text) == tomllib.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "variant = 'NT'  # a comment after a value\n",
        "actions = [\n  'd dh p1 AhKh',  # Ivey\n  'p1 f',\n]\n",
        'players = ["Dwan \\"durrrr\\""]\n',
        "starting_stacks = [inf, 100]\n",
        "[meta]\nevent = 'x'\n",
        "a=1\n",
    ],
)
def test_other_toml_goes_to_tomllib(text: str) -> None:
    assert read_phh(text) == tomllib.loads(text)


def test_bad_toml_names_the_file() -> None:
    with pytest.raises(PhhError, match=r"^h\.phh: not TOML"):
        read_phh("variant = 'NT\n", "h.phh")


scalars = st.one_of(
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False, width=32).map(lambda f: round(f, 3)),
    st.booleans(),
    st.text(st.characters(codec="utf-8", exclude_characters="'\\\"\r\n"), max_size=12),
)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


@pytest.mark.slow
@given(
    st.dictionaries(
        st.from_regex(r"[a-z_][a-z0-9_]{0,12}", fullmatch=True),
        st.one_of(
            scalars,
            st.lists(st.integers(0, 10**9)),
            st.lists(
                st.text(max_size=8).filter(
                    lambda s: (
                        "'" not in s
                        and "\n" not in s
                        and "\r" not in s
                        and all(c == "\t" or (c >= " " and c != "\x7f") for c in s)
                    )
                )
            ),
        ),
        max_size=6,
    )
)
def test_fast_reading_agrees_with_tomllib(fields: dict[str, object]) -> None:
    text = "".join(f"{key} = {_toml(value)}\n" for key, value in fields.items())
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(PhhError):
            read_phh(text)
        return
    assert read_phh(text) == expected


# PHH to floorman


def test_seats_follow_the_players_with_the_button_last() -> None:
    data = read_phh(phh(**NT3, actions=["d dh p1 AhAd", "d dh p2 ????", "d dh p3 7c2d"]))
    hand = import_phh(data).hand()
    assert hand.button == 3
    assert hand.seats == {1: 100, 2: 100, 3: 100}
    assert hand.blinds == (1, 2)


def test_heads_up_the_button_posts_the_small_blind_and_acts_first() -> None:
    events = imported(
        ["d dh p1 AhAd", "d dh p2 KhKd", "p2 cbr 6", "p1 cc"],
        antes=[0, 0],
        blinds_or_straddles=[1, 2],
        starting_stacks=[100, 100],
    )
    assert events[3:] == ["2 raise 6", "1 call"]
    heads_up = {"antes": [0, 0], "blinds_or_straddles": [1, 2], "starting_stacks": [100, 50]}
    data = read_phh(phh(**{**NT3, **heads_up, "actions": ["d dh p1 ????", "d dh p2 ????"]}))
    state = import_phh(data).state
    assert state.table.button == 2
    assert state.betting.contributed == {1: 2, 2: 1}


def test_check_or_call_and_bet_or_raise_follow_the_betting() -> None:
    events = imported(
        [
            "d dh p1 ????", "d dh p2 ????", "d dh p3 ????",
            "p3 cc", "p1 cc", "p2 cc",
            "d db AhKd7c", "p1 cc", "p2 cbr 10", "p3 cbr 30", "p1 f", "p2 cc",
        ]
    )  # fmt: skip
    assert events == [
        "deal", "3 call", "1 call", "2 check",
        "burn", "flop Ah Kd 7c", "1 check", "2 bet 10", "3 raise 30", "1 fold", "2 call",
    ]  # fmt: skip


def test_a_big_blind_ante_is_posted_by_that_seat_as_dead_money() -> None:
    data = read_phh(
        phh(
            **{**NT3, "ante_trimming_status": False, "antes": [0, 2, 0]},
            actions=["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"],
        )
    )
    result = import_phh(data)
    assert result.events_text()[0] == "post 2 ante 2"
    assert result.dead == {2: 2}
    settled = settle_state(result.state, rules=SplitRules(), dead=result.dead)
    assert settled is not None
    assert settled.stacks == {1: 99, 2: 101, 3: 100}


def test_uniform_antes_go_in_the_header() -> None:
    data = read_phh(phh(**{**NT3, "antes": [1, 1, 1]}, actions=["d dh p1 ????"]))
    assert import_phh(data).header["ante"] == 1


def test_a_straddle_is_posted() -> None:
    events = imported(
        ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p1 f", "p2 f"],
        blinds_or_straddles=[1, 2, 4],
    )
    assert events[0] == "post 3 straddle 4"


def test_a_lone_forced_bet_is_posted_as_a_straddle_so_the_next_seat_acts_first() -> None:
    events = imported(
        ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p2 cbr 8", "p3 f", "p1 f"],
        blinds_or_straddles=[4, 0, 0],
        min_bet=4,
    )
    assert events[0] == "post 1 straddle 4"
    assert events[-3:] == ["2 raise 8", "3 fold", "1 fold"]


def test_limit_bets_other_than_the_big_blind_are_kept() -> None:
    fields = {key: value for key, value in NT3.items() if key != "min_bet"}
    fields.update(variant="FT", small_bet=4, big_bet=8)
    data = read_phh(phh(**fields, actions=["d dh p1 ????", "d dh p2 ????", "p3 cbr 6"]))
    result = import_phh(data)
    assert result.header["limit_bets"] == (4, 8)
    assert result.header["betting"] == "limit"


def test_showdown_shows_and_mucks() -> None:
    events = imported(
        [
            "d dh p1 AhAd", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc",
            "d db 2c3d4h", "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc",
            "d db Ts", "p1 cc", "p2 cc", "p2 sm", "p1 sm -",
        ]
    )  # fmt: skip
    assert events[-2:] == ["muck 2", "show 1 Ah Ad"]


def test_commentary_becomes_a_note() -> None:
    events = imported(["d dh p1 ???? # Ivey", "# the burn card is exposed", "d dh p2 ????"])
    assert events == ["deal", "note Ivey", "note the burn card is exposed"]


def test_players_are_named_in_notes() -> None:
    events = imported(["d dh p1 ????"], players=["Ivey", "", "Dwan"])
    assert events[:2] == ["note seat 1: Ivey", "note seat 3: Dwan"]


def test_hands_of_one_table_start_alike_and_stay_apart() -> None:
    """A table's start is kept and copied: each hand gets its own state, events and header."""
    fields = {**NT3, "players": ["Ivey", "Dwan", "Antonius"]}
    first_actions = ["d dh p1 AhAd", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]
    hands = [import_phh(read_phh(phh(**fields, actions=first_actions))) for _ in range(3)]
    first = hands[0]
    first.state.apply(parse_event("note changed after the import"))
    first.header["seats"][1] = 5
    first.events.clear()
    other = import_phh(read_phh(phh(**fields, actions=["d dh p1 KhKd", "p3 cbr 6", "p1 cc"])))
    again = import_phh(read_phh(phh(**fields, actions=first_actions)))
    assert again.events_text() == hands[1].events_text()
    assert again.events_text()[:3] == [
        "note seat 1: Ivey",
        "note seat 2: Dwan",
        "note seat 3: Antonius",
    ]
    assert again.header["seats"] == {1: 100, 2: 100, 3: 100}
    assert again.state.snapshot() == hands[2].state.snapshot()
    assert again.state is not hands[2].state
    assert other.events_text()[3:] == ["deal", "cards 1 Kh Kd", "3 raise 6", "1 call"]
    assert other.state.betting.stacks == {1: 94, 2: 98, 3: 94}


def test_a_start_from_other_amount_types_is_not_taken_for_a_kept_one() -> None:
    for _ in range(2):
        import_phh(read_phh(phh(**{**NT3, "min_bet": 1}, actions=[])))
    data = read_phh(phh(**{**NT3, "min_bet": 1}, actions=[]))
    data["min_bet"] = True
    with pytest.raises(PhhError, match="min_bet: True is not an amount"):
        import_phh(data)
    data = read_phh(phh(**{**NT3, "min_bet": 1}, actions=[]))
    data["starting_stacks"] = [100, 100.0, 100]
    assert import_phh(data).header["seats"] == {1: 100, 2: 100, 3: 100}


def test_unknown_and_partly_known_hole_cards() -> None:
    events = imported(["d dh p1 ??Ad", "d dh p2 ????"])
    assert events == ["deal", "cards 1 ?? Ad"]


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"variant": "F7S"}, UnsupportedVariant, "variant 'F7S' is not one floorman plays"),
        ({"starting_stacks": [100.25, 100, 100]}, FractionalChips, "100.25 is not a whole"),
        ({"antes": [0, 0]}, PhhError, "antes needs 3 amounts"),
        ({"actions": ["d dh p4 AhAd"]}, PhhError, 'action 1 "d dh p4 AhAd": there is no player p4'),
        ({"actions": ["d dh p1 AhZz"]}, PhhError, '"Zz" is not a card'),
        ({"actions": ["d dh p1 ????", "p1 cc"]}, PhhError, 'action 2 "p1 cc": seat 3 is to act'),
        ({"actions": ["d dh p1 ????", "p3 sd"]}, PhhError, "draws and bring-ins"),
        ({"actions": ["d dh p1 ????", "p3 xx"]}, PhhError, 'action 2 "p3 xx": not a PHH action'),
        ({"actions": ["d dh p1 AhAd", "d dh p2 AhKd"]}, PhhError, "action 2 .*: Ah is dealt twice"),
        ({"variant": [1]}, UnsupportedVariant, r"variant \[1\] is not one floorman plays"),
        ({"min_bet": 0}, PhhError, "min_bet: a bet is at least 1 chip, not 0"),
        ({"actions": ["# a note"] * 5001}, PhhError, "actions: a hand has at most 5,000"),
        ({"min_bet": 10**20}, PhhError, "min_bet: .* is more than 1,000,000,000,000,000 chips"),
        ({"antes": [0] * 23, "blinds_or_straddles": [1, 2] + [0] * 21,
          "starting_stacks": [100] * 23},
         PhhError, "starting_stacks: one deck deals holdem to at most 22 players"),
        ({"finishing_stacks": ["a", "b", "c"]}, PhhError, "finishing_stacks: 'a' is not an amount"),
        ({"finishing_stacks": [float("inf"), 1, 2]}, PhhError,
         "finishing_stacks: inf is not an amount"),
    ],
)  # fmt: skip
def test_bad_files_are_named_with_the_action(
    fields: dict[str, object], error: type[Exception], message: str
) -> None:
    data = read_phh(phh(**{**NT3, "actions": [], **fields}))
    with pytest.raises(error, match=message) as raised:
        import_phh(data, "h.phh")
    assert str(raised.value).startswith("h.phh: ")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("p3 cbr 2.5", "h.phh: 2.5 is not a whole number of chips"),
        ("p3 cbr six", 'h.phh: action 2 "p3 cbr six": "six" is not an amount'),
        ("p03 f", 'h.phh: action 2 "p03 f": there is no player p03'),
        ("p9 f", 'h.phh: action 2 "p9 f": there is no player p9'),
    ],
)
def test_a_betting_action_read_once_is_refused_alike_every_time(action: str, message: str) -> None:
    data = read_phh(phh(**NT3, actions=["d dh p1 ????", action]))
    for _ in range(2):
        with pytest.raises(PhhError) as raised:
            import_phh(data, "h.phh")
        assert str(raised.value) == message


def test_a_betting_action_with_a_comment_is_played_and_noted() -> None:
    actions = ["d dh p1 ????", "p3 cbr 6 # a raise", "p3 cbr 6"]
    assert imported(actions[:2]) == ["deal", "3 raise 6", "note a raise"]
    with pytest.raises(PhhError, match='action 3 "p3 cbr 6": seat 1 is to act'):
        imported(actions)


def test_a_table_start_is_kept_the_second_time_and_the_starts_empty_when_full() -> None:
    from floorman.interchange.phh.starts import TableStarts, start_key

    starts = TableStarts(size=2, seen=4)
    tables = [{**NT3, "starting_stacks": [100, 100, stack]} for stack in (50, 60, 70)]
    keys = [start_key(table) for table in tables]
    hands = [import_phh(read_phh(phh(**table, actions=[]))) for table in tables]
    assert None not in keys
    starts.saw(keys[0], hands[0])
    assert starts.get(keys[0]) is None
    starts.saw(keys[0], hands[0])
    kept = starts.get(keys[0])
    assert kept is not None
    assert kept.imported("again.phh").header["seats"] == {1: 100, 2: 100, 3: 50}
    for key, hand in zip(keys[1:], hands[1:], strict=True):
        starts.saw(key, hand)
        starts.saw(key, hand)
    assert [starts.get(key) is not None for key in keys] == [False, False, True]


# floorman to PHH


def test_dump_phh_writes_the_hand_pokerkit_replays_to_the_same_stacks() -> None:
    from pokerkit import HandHistory

    hand = parse_hand(
        "game: holdem\nblinds: [1, 2]\nbutton: 5\nseats: {1: 100, 3: 150, 5: 80}\n"
        "events: [deal, cards 5 Ah Ad, 5 raise 6, 1 call, 3 fold, burn, flop Kc 7d 2s,"
        " 1 check, 5 bet 74, 1 call, burn, turn 9h, burn, river 3c,"
        " show 1 Kh Qh, show 5 Ah Ad]"
    )
    text = dump_phh(hand)
    data = tomllib.loads(text)
    assert data["variant"] == "NT"
    assert data["starting_stacks"] == [100, 150, 80]  # from the first seat left of the button
    assert data["actions"][:3] == ["d dh p1 KhQh", "d dh p2 ????", "d dh p3 AhAd"]
    assert data["finishing_stacks"] == [20, 148, 162]
    states = list(HandHistory.loads(text))
    assert list(states[-1].stacks) == data["finishing_stacks"]


def test_a_hand_with_no_small_blind_is_written_with_the_big_blind_alone() -> None:
    from pokerkit import HandHistory

    hand = load_hand(EXAMPLES / "dead-button.yaml")
    text = dump_phh(hand)
    data = tomllib.loads(text)
    assert data["blinds_or_straddles"] == [2, 0, 0, 0]  # seat 6, first left of the button
    assert data["actions"][4:8] == ["p2 cbr 6", "p3 f", "p4 cc", "p1 f"]
    assert data["finishing_stacks"] == [98, 108, 100, 94]
    states = list(HandHistory.loads(text))
    assert list(states[-1].stacks) == data["finishing_stacks"]


def test_events_phh_cannot_say_are_kept_as_commentary() -> None:
    hand = parse_hand(
        "button: 2\nseats: {1: 50, 2: 50}\n"
        "events: [deal, expose 1 Ah, note the dealer exposed it, 2 fold]"
    )
    data = tomllib.loads(dump_phh(hand))
    assert data["actions"][2:] == ["# floorman: expose 1 Ah", "# the dealer exposed it", "p2 f"]


THREE = (
    "game: holdem\nblinds: [1, 2]\nbutton: 3\nchips: [1, 5, 25]\nseats: {1: 100, 2: 100, 3: 100}\n"
)
SHOWDOWN = (
    ", burn, flop 2c 3d 4h, {a} check, {b} check, burn, turn 5s, {a} check, {b} check,"
    " burn, river 9d, {a} check, {b} check, show {a} Ah Ad, show {b} Kh Kd]"
)


def replayed(events: str) -> tuple[list[str], list[int]]:
    """The hand's PHH actions, after checking pokerkit replays them to its stacks."""
    from pokerkit import HandHistory

    text = dump_phh(parse_hand(THREE + "events: " + events))
    data = tomllib.loads(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns of a dead hand folding a free check
        states = list(HandHistory.loads(text))
    assert list(states[-1].stacks) == data["finishing_stacks"]
    return data["actions"], data["finishing_stacks"]


@pytest.mark.parametrize(
    ("events", "folds", "stacks"),
    [
        # The big blind away: it folds when the betting comes round to it.
        ("[deal, away 2, 3 call, 1 call" + SHOWDOWN.format(a=1, b=3), "p2 f", [104, 98, 98]),
        # The small blind away: it folds after the first player calls.
        ("[deal, away 1, 3 call, 2 check" + SHOWDOWN.format(a=2, b=3), "p1 f", [99, 103, 98]),
        # The first to act away: a fold in turn.
        ("[deal, away 3, 1 call, 2 check" + SHOWDOWN.format(a=1, b=2), "p3 f", [102, 98, 100]),
    ],
)
def test_a_player_away_at_the_deal_folds_in_turn_in_phh(
    events: str, folds: str, stacks: list[int]
) -> None:
    actions, finishing = replayed(events)
    assert folds in actions
    assert finishing == stacks


def test_a_hand_killed_out_of_turn_folds_when_its_turn_comes() -> None:
    actions, finishing = replayed(
        "[deal, 3 call, 1 call, 2 check, burn, flop 2c 3d 4h, 1 bet 4, kill 3, 2 call,"
        " burn, turn 5s, 1 check, 2 check, burn, river 9d, 1 check, 2 check,"
        " show 1 Ah Ad, show 2 Kh Kd]"
    )
    assert actions[7:10] == ["p1 cbr 4", "p2 cc", "p3 f"]
    assert finishing == [108, 94, 98]


def test_a_hand_retrieved_before_its_turn_never_left_phh_hand() -> None:
    actions, _ = replayed(
        "[deal, 3 call, 1 call, 2 check, burn, flop 2c 3d 4h, 1 bet 4, kill 3, retrieve 3,"
        " 2 call, 3 call, burn, turn 5s, 1 check, 2 check, 3 check, burn, river 9d, 1 check,"
        " 2 check, 3 check, show 1 Ah Ad, show 2 Kh Kd, show 3 Qh Qd]"
    )
    assert "p3 f" not in actions


def test_a_hand_retrieved_after_phh_folded_it_is_refused() -> None:
    hand = parse_hand(
        THREE + "events: [deal, 3 call, 1 call, 2 check, burn, flop 2c 3d 4h, 1 bet 4,"
        " kill 3, 2 call, burn, turn 5s, retrieve 3]"
    )
    with pytest.raises(PhhError, match='PHH cannot record "retrieve 3"'):
        dump_phh(hand)


def test_a_call_taken_back_is_refused() -> None:
    # RRoP §3 Betting and Raising 12: the undercall held to a full call is taken back;
    # PHH has already played the call, so the hand cannot be written.
    hand = parse_hand(
        THREE + "rulebook: rrop\nevents: [deal, 3 call, 1 call, 2 check, burn, flop 2c 3d 4h,"
        " 1 bet 4, 2 raise 12, 3 call 4, unaware 3]"
    )
    with pytest.raises(PhhError, match='PHH cannot record "unaware 3": a call taken back'):
        dump_phh(hand)


def test_the_betting_is_written_as_ruled() -> None:
    # A silent 25 chip facing a raise to 10 is a call; PHH gets the call, and the
    # import keeps the chips as recorded.
    events = "[deal, 3 raise 10, 1 chips 25, 2 fold" + SHOWDOWN.format(a=1, b=3)
    actions, finishing = replayed(events)
    assert actions[3:6] == ["p3 cbr 10", "p1 cc", "p2 f"]
    assert finishing == [112, 98, 90]
    data = tomllib.loads(dump_phh(parse_hand(THREE + "events: " + events)))
    again = recorded_hand(data)
    assert again is not None
    assert [str(e) for e in again.parse_events()][:4] == [
        "deal",
        "3 raise 10",
        "1 chips 25",
        "2 fold",
    ]


def test_a_game_phh_has_no_variant_for() -> None:
    hand = parse_hand("game: omaha\nbetting: no-limit\nbutton: 2\nseats: {1: 50, 2: 50}")
    with pytest.raises(PhhError, match="PHH has no variant for no-limit omaha"):
        dump_phh(hand)


def test_the_data_set_round_trips_through_floorman() -> None:
    """Import every supported hand, dump it back to PHH, import that: same hand."""
    folder = phh_dir()
    if folder is None:
        pytest.skip("no PHH data set (set FLOORMAN_PHH_DIR)")
    checked = 0
    for path in sorted(folder.rglob("*.phh"))[::10]:
        try:
            first = import_phh(read_phh(path.read_text()), path.name)
        except (UnsupportedVariant, FractionalChips):
            continue
        again = import_phh(read_phh(dump_phh(first.hand())), path.name)
        assert again.events_text() == first.events_text(), path
        assert again.state.betting.stacks == first.state.betting.stacks
        checked += 1
    assert checked > 200


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", "not a hand history: nested more than 64 deep"),
        (
            "min_bet = " + "9" * 5000 + "\n",
            "not a hand history: a number of more than 4,300 digits",
        ),
        (
            "antes = [" + "9" * 5000 + ", 0]\n",
            "not a hand history: a number of more than 4,300 digits",
        ),
    ],
)
def test_toml_no_parser_can_hold_is_one_line(text: str, message: str) -> None:
    with pytest.raises(PhhError, match=f"^h.phh: {message}$"):
        read_phh(text, "h.phh")


def test_a_seat_dealt_in_before_the_small_blind_is_a_player_with_no_blind() -> None:
    # seat 3 is dealt in between the button (1) and the small blind (5), WSOP LA 154: PHH
    # numbers it player 1 with no blind, and pokerkit replays the hand to the same stacks
    from pokerkit import HandHistory

    hand = parse_hand(
        "button: 1\nsmall_blind: 5\nseats: {1: 100, 3: 100, 5: 100, 6: 100}\nevents: [deal,"
        " 1 call, 3 raise 6, 5 fold, 6 call, 1 fold, burn, flop 2c 3d 4h, 3 bet 10, 6 fold]"
    )
    text = dump_phh(hand)
    data = tomllib.loads(text)
    assert data["blinds_or_straddles"] == [0, 1, 2, 0]
    assert data["actions"][4:8] == ["p4 cc", "p1 cbr 6", "p2 f", "p3 cc"]
    assert data["finishing_stacks"] == [109, 99, 94, 98]
    states = list(HandHistory.loads(text))
    assert list(states[-1].stacks) == data["finishing_stacks"]
    del data[FLOORMAN_FIELD]
    imported = import_phh(data)
    assert (imported.header["button"], imported.header["small_blind"]) == (4, 2)
    settled = settle_state(imported.state, rules=SplitRules(), dead=imported.dead)
    assert settled is not None
    assert settled.stacks == {1: 109, 2: 99, 3: 94, 4: 98}


@pytest.mark.parametrize(
    ("rulebook", "events", "flop_actions", "stacks"),
    [
        # WSOP LA 181: the hand of seat 1, first to act on the flop, is dead: a fold
        ("wsop-2024", "", ["# floorman: clock 1", "p1 f", "# floorman: clock 1 expired"],
         [98, 102, 100]),
        # TDA 29: with no bet to face it is checked: a check
        ("tda-2024", ", 2 bet 4, 1 fold",
         ["# floorman: clock 1", "p1 cc", "# floorman: clock 1 expired", "p2 cbr 4", "p1 f"],
         [98, 102, 100]),
    ],
)  # fmt: skip
def test_the_clock_running_out_is_written_as_the_fold_or_check_it_was_ruled(
    rulebook: str, events: str, flop_actions: list[str], stacks: list[int]
) -> None:
    hand = parse_hand(
        f"rulebook: {rulebook}\nbutton: 3\nseats: {{1: 100, 2: 100, 3: 100}}\nevents: [deal,"
        f" 3 fold, 1 call, 2 check, burn, flop Ah Kd 7c, clock 1, clock 1 expired{events}]"
    )
    from pokerkit import HandHistory

    text = dump_phh(hand)
    data = tomllib.loads(text)
    assert data["actions"][-len(flop_actions) :] == flop_actions
    assert data["finishing_stacks"] == stacks
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns of a dead hand folding a free check
        states = list(HandHistory.loads(text))
    assert list(states[-1].stacks) == stacks


@pytest.mark.parametrize(
    ("key", "why"),
    [("bomb_pot: 5", "a bomb pot"), ("straddles: [4]", "the table's mandatory straddles")],
)
def test_a_bomb_pot_or_mandatory_straddles_are_refused_rather_than_written_otherwise(
    key: str, why: str
) -> None:
    hand = parse_hand(f"button: 4\nseats: {{1: 100, 2: 100, 3: 100, 4: 100}}\n{key}\n")
    with pytest.raises(PhhError, match=f"PHH cannot record {why}"):
        dump_phh(hand)


def test_a_board_run_twice_is_refused_rather_than_written_as_one_board() -> None:
    """PHH has no action for more than one run-out (pokerkit's reader selects one)."""
    hand = parse_hand(
        "button: 3\nseats: {1: 100, 2: 100, 3: 100}\nevents: [deal, 3 allin, 1 fold, 2 call,"
        " run 2, burn, flop 2s 7d 9c, burn, turn Jh, burn, river 4s, burn, flop Ks 8d 3c,"
        " burn, turn 5h, burn, river 6s, show 2 Ac Ad, show 3 Kh Kc]\n"
    )
    with pytest.raises(PhhError, match="PHH cannot record a board run 2 times"):
        dump_phh(hand)


def test_an_agreement_to_run_twice_undone_is_written_with_its_one_board() -> None:
    hand = parse_hand(
        "button: 3\nseats: {1: 100, 2: 100, 3: 100}\nrulebook: tda-2024\nevents: [deal,"
        " 3 allin, 1 fold, 2 call, run 2, burn, flop 2s 7d 9c, burn, turn Jh, burn, river 4s,"
        " show 2 Ac Ad, show 3 Kh Kc]\n"
    )
    text = dump_phh(hand)
    assert "# floorman: run 2" in text
    assert tomllib.loads(text)["finishing_stacks"] == [99, 201, 0]
