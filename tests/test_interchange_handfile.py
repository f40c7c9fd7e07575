"""Hand files: the header, YAML and JSON, precise errors, writing them back, the schema."""

from __future__ import annotations

import json
import os
from datetime import timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from floorman.bounds import MAX_CHIPS, MAX_EVENTS_PER_HAND, MAX_FILE_BYTES, MAX_SEAT
from floorman.hand.events import NotationError
from floorman.hand.structures import STRUCTURES
from floorman.interchange.handfile import (
    MAX_TABLE_SEATS,
    Hand,
    HandFileError,
    dump_hand,
    hand_schema,
    header_from,
    load_hand,
    parse_hand,
)
from floorman.interchange.plainhand import GAMES, PlainHand, plain_hand, read_data

CONTRACT = """\
game: holdem          # holdem | omaha | omaha-hilo
betting: no-limit     # no-limit | pot-limit | limit
blinds: [1, 2]        # small, big
ante: 0               # optional, per player
button: 6             # the seat holding the dealer button
seats: {1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100}   # occupied seat -> starting stack
chips: [1]            # optional
rulebook: rrop        # optional, default rrop
house: {}             # optional
events:
  - deal
  - 3 call
"""

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_the_design_example_reads() -> None:
    hand = parse_hand(CONTRACT, "hand.yaml")
    assert hand.game == "holdem"
    assert hand.seats == {1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100}
    assert hand.events == ["deal", "3 call"]
    assert hand.rulebook == "rrop"
    assert hand.house == {}


def test_defaults_let_a_rule_example_be_short() -> None:
    hand = parse_hand("{button: 6, seats: {1: 100, 2: 100, 3: 100}, events: [expose 1:1 Ah]}")
    assert (hand.game, hand.betting, hand.blinds, hand.ante) == ("holdem", "no-limit", (1, 2), 0)
    assert hand.limit_raise_cap == 3


def test_json_hand_files(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"button": 2, "seats": {"1": 50, "2": 60}, "events": ["deal"]}))
    assert load_hand(path).seats == {1: 50, 2: 60}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("button: 6\nseats: {1: 100}\n", "h.yaml: seats: a hand needs at least two occupied seats"),
        ("buton: 6\nseats: {1: 1, 2: 1}\n", "h.yaml: button: missing"),
        ("button: 1\nseats: {1: 1, 2: 1}\ncolour: red\n", "h.yaml: colour: not a hand-file field"),
        ("button: 1\nseats: {1: 1, 2: 0}\n", "h.yaml: seats: seat 2: a stack is more than 0"),
        ("button: 1\nseats: {1: 1, 2: 1}\nblinds: [2, 1]\n",
         "h.yaml: blinds: the small blind 2 is more than the big blind 1"),
        ("button: 1\nseats: {1: 1, 2: 1}\ngame: stud\n", "h.yaml: game: Input should be"),
        ("button: 1\nseats: {1: 1, 2: 1}\nante: -1\n", "h.yaml: ante: Input should be greater"),
        ("button: 1\nseats: {1: 1, 2: 1}\nevents:\n  - deal\n  - note: x\n",
         "h.yaml: events: event 2: one line of text (e.g. 3 call), not a mapping"),
        ("button: 1\nseats: {1: 1, 2: 1}\nevents: [deal\n", "h.yaml line 4: not YAML"),
        ("- just\n- a list\n", "h.yaml: a hand file is a mapping of header fields and events"),
        ("game: omaha\nbutton: 1\nseats: {" + ", ".join(f"{i}: 5" for i in range(1, 13)) + "}\n",
         "h.yaml: seats: one deck deals omaha to at most 11 seats"),
        ("button: 2\nseats: {1: 5, 2: 5}\nevents: [deal]\nevents: [deal, 2 call]\n",
         "h.yaml line 4: not YAML: 'events' is given twice"),
        ("button: 2\nseats:\n  1: 5\n  2: 5\n  1: 500\n",
         "h.yaml line 5: not YAML: '1' is given twice"),
        ("button: 2\nseats: {1: 5, '1': 6, 2: 5}\n", "h.yaml line 2: not YAML: '1' is given twice"),
        ("button: 99\nseats: {1: 5, 2: 5}\n",
         "h.yaml: button: heads-up the button is on seat 1 and 2 (it posts the small blind),"
         " not on seat 99"),
        ("button: 100\nseats: {1: 5, 2: 5, 3: 5}\n", "h.yaml: button: Input should be less"),
        ("button: 1\nsmall_blind: none\nseats: {1: 5, 2: 5}\n",
         "h.yaml: small_blind: heads-up the button posts the small blind"),
        ("button: 1\ntable_seats: 2\nseats: {1: 5, 2: 5, 3: 5}\n",
         "h.yaml: table_seats: seat 3 is past the table's 2 seats"),
        ("button: 1\nsmall_blind: dead\nseats: {1: 5, 2: 5, 3: 5}\n",
         "h.yaml: small_blind: write posted, none or the seat that posts the small blind"),
        ("button: 1\nsmall_blind: 4\nseats: {1: 5, 2: 5, 3: 5}\n",
         "h.yaml: small_blind: seat 4 is not a player in the hand"),
        ("button: 1\nsmall_blind: 2\nseats: {1: 5, 2: 5}\n",
         "h.yaml: small_blind: heads-up the button posts the small blind"),
        ("button: 1\nsmall_blind: 3\nseats: {1: 5, 2: 5, 3: 5}\n",
         "h.yaml: small_blind: seat 3 is not left of the button with the big blind after it"),
        ("button: 1\nseats: {1: 5, 100000000000000000000000: 5}\n",
         "h.yaml: seats: seat 100000000000000000000000: seats are numbered from 1 to 99"),
        ("button: 1\nseats: {1: 5, 2: 10000000000000001}\n",
         "h.yaml: seats: seat 2: a stack is more than 0 and at most 1,000,000,000,000,000"),
        ("button: 1\nseats: {1: 5, 2: 5}\nlimit_raise_cap: -5\n",
         "h.yaml: limit_raise_cap: Input should be greater than or equal to 0"),
        ("button: 1\nseats: {1: 5, 2: 5}\nhouse: " + "[" * 65 + "]" * 65 + "\n",
         "h.yaml line 3: not YAML: nested more than 64 deep"),
        ("button: 1\nseats: {1: 5, 2: 5}\nevents: [" + ", ".join(["deal"] * 5001) + "]\n",
         "h.yaml: events: a hand has at most 5,000 events, not 5,001"),
    ],
)  # fmt: skip
def test_bad_headers_are_one_line_naming_the_field(text: str, message: str) -> None:
    with pytest.raises(HandFileError) as error:
        parse_hand(text, "h.yaml")
    assert str(error.value).startswith(message)
    assert "\n" not in str(error.value)


def test_bad_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    path.write_text('{"button": 1,\n "seats": {1: 2}}')
    with pytest.raises(HandFileError, match=r"h\.json line 2: not JSON"):
        load_hand(path)


def test_a_missing_file() -> None:
    with pytest.raises(HandFileError, match="no such file"):
        load_hand("no/such/hand.yaml")


def test_a_bad_event_is_named_with_its_file_line() -> None:
    hand = parse_hand("button: 6\nseats: {1: 9, 6: 9}\nevents:\n  - deal\n\n  - flop Ah Zx Kd\n",
                      "h.yaml")  # fmt: skip
    with pytest.raises(NotationError) as error:
        hand.parse_events()
    assert (
        str(hand.error(error.value)) == 'h.yaml line 6: event 2 "flop Ah Zx Kd": "Zx" is not a card'
    )


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_written_hands_read_back_the_same(path: Path) -> None:
    hand = load_hand(path)
    again = parse_hand(dump_hand(hand))
    assert again.model_dump() == hand.model_dump()


def test_awkward_events_and_header_values_survive_writing() -> None:
    hand = Hand.model_validate({
        "button": 1, "seats": {1: 5, 2: 5}, "table": "7", "house": {"odd_chip": "carry-over"},
        "events": ["note: seat 2 #angry", "note yes", "expose 2:1 Ah", "note - [x]"],
    })  # fmt: skip
    text = dump_hand(hand)
    assert parse_hand(text).model_dump() == hand.model_dump()
    assert "  - expose 2:1 Ah\n" in text


def test_header_from_values() -> None:
    header = header_from({"button": 3, "seats": {1: 10, 3: 10}, "table": 7})
    assert header.table == "7"
    with pytest.raises(HandFileError, match="new hand: button: Input should be greater"):
        header_from({"button": 0, "seats": {1: 10, 3: 10}}, "new hand")


def test_the_schema_describes_the_fields() -> None:
    schema = hand_schema()
    assert schema["title"] == "floorman hand file"
    assert {"game", "betting", "blinds", "button", "seats", "events"} <= set(schema["properties"])
    assert set(schema["required"]) == {"button", "seats"}
    assert schema["additionalProperties"] is False


def test_deep_json_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    path.write_text('{"button": 1, "seats": {"1": 2, "2": 2}, "house": ' + "[" * 100_000)
    with pytest.raises(HandFileError, match=r"h\.json: not a hand file: nested more than 64 deep"):
        load_hand(path)


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null"])
def test_only_a_regular_file_is_read(special: str) -> None:
    with pytest.raises(HandFileError, match=f"^{special}: not a regular file$"):
        load_hand(special)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "hand.yaml"
    os.mkfifo(fifo)
    with pytest.raises(HandFileError, match="not a regular file"):
        load_hand(fifo)


def test_a_file_past_the_size_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with path.open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(HandFileError, match=r"big\.yaml: more than 4,194,304 bytes"):
        load_hand(path)


def test_a_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "h.yaml"
    path.write_bytes(b"button: 1\nseats: {1: 5, 2: 5}\n# caf\xe9\n")
    with pytest.raises(HandFileError, match=r"h\.yaml line 3: not UTF-8 text"):
        load_hand(path)


def test_aliases_that_multiply_the_file_or_hold_themselves_are_refused() -> None:
    laughs = ["button: 1", "seats: {1: 5, 2: 5}", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    laughs += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    with pytest.raises(HandFileError, match="aliases expand it to more than 100,000 values"):
        parse_hand("\n".join(laughs), "h.yaml")
    with pytest.raises(HandFileError, match="line 3: not YAML: an alias refers to the value"):
        parse_hand("button: 1\nseats: {1: 5, 2: 5}\nhouse: &h [*h]\n", "h.yaml")
    shared = parse_hand("button: 1\nseats: &s {1: 5, 2: 5}\ntable: t\nhouse: {x: *s}\n")
    assert shared.house == {"x": {1: 5, 2: 5}}


# -- writing a hand file back: every value the model accepts round-trips --------------

_TEXT = st.text(max_size=12)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | _TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=6,
)  # fmt: skip
_OFFSETS = st.integers(-23 * 60 - 59, 23 * 60 + 59).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)
_BIG_FIRST = st.integers(0, MAX_CHIPS).flatmap(
    lambda big: st.tuples(st.integers(0, big), st.just(big))
)
_HEADER_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "betting": st.sampled_from(STRUCTURES),
    "blinds": _BIG_FIRST,
    "ante": st.integers(0, MAX_CHIPS),
    "chips": st.lists(st.integers(1, MAX_CHIPS), min_size=1, max_size=4),
    "rulebook": _TEXT,
    "house": st.dictionaries(_TEXT, _JSON, max_size=3),
    "burns": st.sampled_from(["recorded", "not-recorded"]),
    "table": st.none() | _TEXT,
    "kind": st.sampled_from(["cash", "tournament"]),
    "started": st.none() | st.datetimes(timezones=st.none() | _OFFSETS),
    "limit_raise_cap": st.none() | st.integers(0, MAX_EVENTS_PER_HAND),
    "limit_bets": st.none() | _BIG_FIRST.filter(lambda bets: bets[0] > 0),
    "min_bet": st.none() | st.integers(1, MAX_CHIPS),
    "straddles": st.lists(st.integers(1, MAX_CHIPS), max_size=3, unique=True).map(sorted),
    "bomb_pot": st.integers(0, MAX_CHIPS),
    "events": st.lists(st.text(max_size=20), max_size=3),
}
"""Every value a hand file's key may take but the seats' own (game, seats, button, the
small blind's seat and the table's seats, drawn together in :func:`hands`); the house
options any value JSON holds, what a hand file holds in either format."""


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """A hand of any valid header: each key left out, or given any value it takes."""
    game = draw(st.sampled_from(GAMES))
    seats = draw(
        st.dictionaries(
            st.integers(1, MAX_SEAT), st.integers(1, MAX_CHIPS),
            min_size=2, max_size=MAX_TABLE_SEATS[game],
        )
    )  # fmt: skip
    taken = sorted(seats)
    button = draw(st.sampled_from(taken) if len(seats) == 2 else st.integers(1, MAX_SEAT))
    values: dict[str, Any] = {"game": game, "seats": seats, "button": button}
    given = {
        **_HEADER_VALUES,
        "small_blind": st.sampled_from(["posted", "none", *taken]),
        "table_seats": st.integers(max(*taken, button), MAX_SEAT),
    }
    for name in draw(st.lists(st.sampled_from(sorted(given)), unique=True)):
        values[name] = draw(given[name])
    try:
        return Hand.model_validate(values)
    except ValidationError:
        reject()


def test_the_hands_drawn_give_every_key_of_a_hand_file() -> None:
    drawn = {*_HEADER_VALUES, "game", "seats", "button", "small_blind", "table_seats"}
    assert drawn == set(Hand.model_fields)


def _started(hand: Hand | PlainHand) -> tuple[int | None, tuple[int, ...] | None]:
    """What the hand's start takes from the keys it gives, not only from their values:
    a raise cap the rulebook cannot change, chips that refuse any other denomination."""
    state = hand.start({"limit_raise_cap": 7})
    return state.betting.raise_cap, state.irregular.chip_values


@given(hands())
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_hand_written_and_read_back_is_the_same_hand(hand: Hand) -> None:
    """Read by the model and, when plainly right, without it."""
    text = dump_hand(hand)
    again = parse_hand(text)
    assert again.model_dump() == hand.model_dump()
    assert _started(again) == _started(hand)
    plain = plain_hand(read_data(text, "hand.yaml", json_text=False), "hand.yaml", text)
    if plain is not None:
        assert {key: getattr(plain, key) for key in Hand.model_fields} == again.model_dump()
        assert _started(plain) == _started(hand)


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        ("huge.yaml", "button: 1\nseats: {1: %s, 2: 100}\nevents: [deal]\n", "huge.yaml line 2: "),
        ("huge.json", '{"button": 1, "seats": {"1": %s}, "events": []}', "huge.json: "),
    ],
)
def test_a_number_too_long_to_read_is_one_line_naming_the_file(
    name: str, text: str, where: str
) -> None:
    with pytest.raises(HandFileError) as raised:
        parse_hand(text % ("9" * 4400), name)
    assert str(raised.value).startswith(where)
    assert str(raised.value).endswith("a number of more than 4,300 digits")
