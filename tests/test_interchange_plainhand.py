"""Hand headers read without pydantic: whatever the plain reading accepts, the model
reads the same way, and whatever it leaves to the model keeps the model's message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.bounds import MAX_CHIPS, MAX_EVENTS_PER_HAND, MAX_SEAT
from floorman.interchange.handfile import Hand, HandFileError, HandHeader, load_hand
from floorman.interchange.plainhand import (
    PlainHand,
    header_json,
    plain_hand,
    plain_header,
    read_hand,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FIELDS = list(HandHeader.model_fields)

_NUMBERS = st.sampled_from(
    [0, 1, 2, 3, 5, 99, 100, -1, MAX_SEAT + 1, MAX_CHIPS, MAX_CHIPS + 1, MAX_EVENTS_PER_HAND,
     MAX_EVENTS_PER_HAND + 1, True, False, 2.0, 2.5, "2", " 2", "x", None]
)  # fmt: skip
_SEAT_KEYS = st.sampled_from([1, 2, 3, 4, 9, 0, 100, "1", "2", "3", "01", "+2", " 3", "x", True])
_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "game": st.sampled_from(["holdem", "omaha", "omaha-hilo", "stud", "Holdem", 1, None]),
    "betting": st.sampled_from(["no-limit", "pot-limit", "limit", "fixed", None]),
    "blinds": st.one_of(st.lists(_NUMBERS, max_size=3), st.tuples(_NUMBERS, _NUMBERS), _NUMBERS),
    "ante": _NUMBERS,
    "button": _NUMBERS,
    "seats": st.one_of(st.dictionaries(_SEAT_KEYS, _NUMBERS, max_size=4), _NUMBERS),
    "chips": st.one_of(st.lists(_NUMBERS, max_size=3), _NUMBERS),
    "rulebook": st.sampled_from(["rrop", "tda-2024", "", 7, None]),
    "house": st.one_of(
        st.dictionaries(st.sampled_from(["a", "b", 1]), st.sampled_from([1, "x", [1]])), _NUMBERS
    ),
    "burns": st.sampled_from(["recorded", "not-recorded", "yes", None]),
    "small_blind": st.sampled_from(["posted", "none", None, "dead", 0, 1, 2, 3, True]),
    "table_seats": st.sampled_from([None, 1, 2, 3, 6, 9, 10, 99, 100, True, "9"]),
    "table": st.sampled_from(["7", "main", 7, True, 7.5, None]),
    "started": st.sampled_from(
        [
            "2026-12-01T08:18:28Z",
            "2026-12-01T08:18:28.5+01:00",
            "2026-12-01T08:18:28+00:00",
            "2026-12-01T08:18:28.100-00:00",
            "2026-12-01T08:18:28.123456-05:30",
            "2026-13-01T08:18:28Z",
            "2026-12-01T08:18:28+25:00",
            "2026-12-01T08:18:28",
            "2026-12-01",
            "now",
            1,
            None,
        ]
    ),
    "limit_raise_cap": _NUMBERS,
    "limit_bets": st.one_of(st.lists(_NUMBERS, max_size=3), _NUMBERS),
    "min_bet": _NUMBERS,
    "straddles": st.one_of(st.lists(_NUMBERS, max_size=3), _NUMBERS),
    "bomb_pot": _NUMBERS,
    "colour": st.just("red"),
}
_EVENTS = st.one_of(
    st.lists(st.sampled_from(["deal", "3 call", 4, 2.5, True, None, {"3": "call"}]), max_size=3),
    st.none(),
    st.just("deal"),
)


@st.composite
def headers(draw: st.DrawFn) -> dict[str, Any]:
    """Header data near the valid ones: every field sometimes left out, sometimes wrong."""
    data = {
        "button": draw(st.sampled_from([1, 2, 3, 6])),
        "seats": draw(
            st.sampled_from([{1: 100, 2: 100, 3: 100}, {"1": 50, "3": 60}, {2: 5, 6: 7}])
        ),
    }
    for name in draw(st.lists(st.sampled_from(sorted(_VALUES)), unique=True, max_size=5)):
        data[name] = draw(_VALUES[name])
    for name in draw(st.lists(st.sampled_from(["button", "seats"]), unique=True)):
        del data[name]
    return data


def _fields(header: Any) -> dict[str, Any]:
    return {name: getattr(header, name) for name in FIELDS} | {
        "fields_set": header.model_fields_set,
        "records_burns": header.records_burns,
    }


@settings(max_examples=400, deadline=None)
@given(headers())
def test_a_header_read_plainly_is_what_the_model_reads(data: dict[str, Any]) -> None:
    plain = plain_header(dict(data))
    try:
        model = HandHeader.model_validate(data)
    except ValueError:
        assert plain is None
        return
    if plain is not None:
        assert _fields(plain) == _fields(model)
        assert type(plain.blinds) is type(model.blinds)
        assert list(plain.seats) == list(model.seats)
        stored = model.model_dump(mode="json", exclude_unset=True)
        assert list(header_json(plain).items()) == list(stored.items())
        assert header_json(model) == stored


_DEALT = {
    "table": "7", "game": "omaha", "betting": "limit", "blinds": [2, 4], "ante": 1,
    "button": 3, "seats": {1: 100, 2: 100, 3: 50}, "rulebook": "tda-2024", "kind": "tournament",
    "limit_raise_cap": 4, "chips": [25, 1, 5, 5], "table_seats": 6, "straddles": [8],
    "small_blind": "posted", "house": {"dead_button": True}, "burns": "recorded",
    "limit_bets": [4, 8], "min_bet": 4,
}  # fmt: skip


@pytest.mark.parametrize(
    "started",
    [
        "2026-12-01T08:18:28+00:00",
        "2026-12-01T08:18:28Z",
        "2026-12-01T08:18:28-00:00",
        "2026-12-01T08:18:28.5+01:00",
        "2026-12-01T08:18:28.000001Z",
        "2026-12-01T08:18:28.123456-05:30",
    ],
)
@pytest.mark.parametrize("given", [{"button": 3, "seats": {"1": 100, "3": 50}}, _DEALT])
def test_a_plain_header_is_stored_as_the_model_stores_it(
    given: dict[str, Any], started: str
) -> None:
    """What ``new`` and ``next`` store: every field in the model's order, as it writes it."""
    data = {**given, "started": started}
    plain = plain_header(data)
    assert plain is not None
    stored = HandHeader.model_validate(data).model_dump(mode="json", exclude_unset=True)
    assert list(header_json(plain).items()) == list(stored.items())


@settings(max_examples=200, deadline=None)
@given(headers(), _EVENTS)
def test_a_hand_read_plainly_is_what_the_model_reads(data: dict[str, Any], events: Any) -> None:
    data = {**data, "events": events}
    plain = plain_hand(dict(data), "h.yaml", None)
    try:
        model = Hand.model_validate(dict(data))
    except ValueError:
        assert plain is None
        return
    if plain is not None:
        assert _fields(plain) == _fields(model)
        assert plain.events == model.events


def test_the_headers_floorman_writes_are_read_plainly() -> None:
    header = HandHeader.model_validate(
        {"button": 3, "seats": {3: 150, 1: 200}, "table": 7, "chips": [5, 1, 5],
         "started": "2026-12-01T08:18:28Z", "house": {"redeal_burn": False}}
    )  # fmt: skip
    stored = header.model_dump(mode="json", exclude_unset=True)
    plain = plain_header(stored)
    assert plain is not None
    assert _fields(plain) == _fields(HandHeader.model_validate(stored))
    assert plain.seats == {1: 200, 3: 150}
    assert plain.start().table.seats == header.start().table.seats


@pytest.mark.parametrize("name", sorted(path.name for path in EXAMPLES.glob("*.yaml")))
def test_every_example_is_read_plainly_and_starts_alike(name: str) -> None:
    hand = read_hand(EXAMPLES / name)
    model = load_hand(EXAMPLES / name)
    assert isinstance(hand, PlainHand)
    assert _fields(hand) == _fields(model)
    assert hand.parse_events() == model.parse_events()
    for options in ({}, {"limit_raise_cap": 5, "limit_heads_up_uncapped": True}):
        plain_start, model_start = hand.start(options), model.start(options)
        assert (plain_start.betting.raise_cap, plain_start.to_act, plain_start.betting.pot) == (
            model_start.betting.raise_cap, model_start.to_act, model_start.betting.pot
        )  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "button: 3\nseats: {1: 200}\n",
        "button: 3\nseats: {1: 200, 2: 100}\nevents: [deal, {3: call}]\n",
        "button: 3\nseats: {1: 200, 2: 100}\ncolour: red\n",
        "button: 3\nseats: {1: 200, 2: 100}\nblinds: [2, 1]\n",
        "seats: {1: 200, 2: 100}\n",
        "button: 3\nseats: {1: 200, 2: 100}\nevents: [deal, 3 fly]\n",
        "- deal\n",
        "button: [\n",
        "button: 1\nbutton: 2\nseats: {1: 200, 2: 100}\n",
    ],
)
def test_bad_files_get_the_models_message(tmp_path: Path, text: str) -> None:
    path = tmp_path / "h.yaml"
    path.write_text(text, encoding="utf-8")

    def outcome(read: Any) -> str:
        try:
            hand = read(path)
            events = hand.parse_events()
        except HandFileError as error:
            return f"file: {error}"
        except ValueError as error:
            return f"event: {hand.error(error)}"  # type: ignore[arg-type]
        return f"read: {len(events)} events"

    assert outcome(read_hand) == outcome(load_hand)


def test_a_missing_file_is_named() -> None:
    with pytest.raises(HandFileError, match=r"no-such\.yaml"):
        read_hand("no-such.yaml")
