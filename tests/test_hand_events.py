"""The event notation: every event reads, prints back the same, and bad text is named."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import DECK, Card
from floorman.hand.events import (
    Action,
    Award,
    Away,
    Board,
    Burn,
    Cards,
    Deal,
    Expose,
    Extra,
    Kill,
    Miscount,
    Muck,
    NotationError,
    Note,
    PlaysBoard,
    Post,
    Retrieve,
    Show,
    Unaware,
    parse_event,
)


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("deal", Deal()),
        ("3 raise 60", Action(3, "raise", 60)),
        ("3 r 60", Action(3, "raise", 60)),
        ("5 f", Action(5, "fold")),
        ("2 x", Action(2, "check")),
        ("7 all-in", Action(7, "allin")),
        ("4 bet 1,000", Action(4, "bet", 1000)),
        ("flop Ah 10h Kd", Board("flop", (c("Ah"), c("Th"), c("Kd")))),
        ("flop A♥K♦7♣", Board("flop", (c("Ah"), c("Kd"), c("7c")))),
        ("FLOP ah kd 7c 2s", Board("flop", (c("Ah"), c("Kd"), c("7c"), c("2s")))),
        ("turn 7d", Board("turn", (c("7d"),))),
        ("river 10s", Board("river", (c("Ts"),))),
        ("burn", Burn()),
        ("burn ??", Burn()),
        ("burn 9c", Burn(c("9c"))),
        ("expose 3:2 Ah", Expose(3, 2, c("Ah"))),
        ("expose 3", Expose(3)),
        ("expose 3:1 by player", Expose(3, 1, None, by_player=True)),
        ("expose 3 Kd by dealer", Expose(3, None, c("Kd"))),
        ("extra 1", Extra(1)),
        ("extra 1 Qs", Extra(1, c("Qs"))),
        ("cards 3 Ah Kd", Cards(3, (c("Ah"), c("Kd")))),
        ("cards 3 ????", Cards(3, (None, None))),
        ("cards 2 AhKd7c2s", Cards(2, (c("Ah"), c("Kd"), c("7c"), c("2s")))),
        ("show 3 Ah Kd", Show(3, (c("Ah"), c("Kd")))),
        ("muck 5", Muck(5)),
        ("plays-board 2", PlaysBoard(2)),
        ("post 6 straddle 4", Post(6, "straddle", 4)),
        ("post 2 dead 1", Post(2, "dead", 1)),
        ("note seat 4: called the clock", Note("seat 4: called the clock")),
        ("kill 2", Kill(2)),
        ("retrieve 3", Retrieve(3)),
        ("away 4", Away(4)),
        ("miscount 2", Miscount(2)),
        ("unaware 3", Unaware(3)),
        ("burn before flop", Burn(None, "flop")),
        ("burn 7c before turn", Burn(c("7c"), "turn")),
        ("burn ?? Before River", Burn(None, "river")),
        ("award 3", Award((3,))),
        ("award 1,3", Award((1, 3))),
        ("award 3 1,200", Award((3,), 1200)),
        ("flop Ah Kd 7c 2s 9h", Board("flop", tuple(c(x) for x in ("Ah", "Kd", "7c", "2s", "9h")))),
    ],
)
def test_events_read_as_written(text: str, event: object) -> None:
    assert parse_event(text) == event


def test_the_contract_error_names_the_event_and_the_bad_card() -> None:
    with pytest.raises(NotationError) as error:
        parse_event("flop Ah Zx Kd", 7)
    assert str(error.value) == 'event 7 "flop Ah Zx Kd": "Zx" is not a card'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an empty line is not an event"),
        ("shuffle", '"shuffle" is not an event'),
        ("call", 'a betting action starts with the seat, e.g. "3 call"'),
        ("3 dance", '"dance" is not a betting action'),
        ("3 raise", "raise how much?"),
        ("3 raise -5", '"-5": an amount cannot be below zero'),
        ("3 raise lots", '"lots" is not an amount in chips'),
        ("0 call", '"0" is not a seat number'),
        ("flop Ah Kd", "a flop is three cards (more when more were turned), not 2"),
        ("turn 7d 8d", "the turn is one card, not 2"),
        ("expose 3:0", '"3:0": the card is SEAT:N with N its deal round'),
        ("post 3 blind 2", '"blind" is not a post'),
        ("deal now", 'unexpected "now"'),
        ("show 3", "give the cards tabled"),
        ("flop ?? Kd 7c", '"??" is not a card'),
    ],
)
def test_bad_text_is_named(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_event(text, 4)
    assert error.value.number == 4
    assert message in str(error.value)
    assert str(error.value).startswith(f'event 4 "{text.strip()}": ')


card_text = st.sampled_from(DECK).map(lambda card: card.ascii)
EVENT_TEXT = st.one_of(
    st.just("deal"),
    st.builds("{} {} {}".format, st.integers(1, 10), st.sampled_from(["bet", "raise"]),
              st.integers(0, 10**6)),
    st.builds("{} {}".format, st.integers(1, 10),
              st.sampled_from(["fold", "check", "call", "allin"])),
    st.builds(lambda cs: "flop " + " ".join(cs), st.lists(card_text, min_size=3, max_size=4)),
    st.builds("turn {}".format, card_text),
    st.builds("burn {} before {}".format, card_text, st.sampled_from(["flop", "turn", "river"])),
    st.builds("expose {}:{} {}".format, st.integers(1, 10), st.integers(1, 4), card_text),
    st.builds("expose {} by player".format, st.integers(1, 10)),
    st.builds(lambda s, cs: f"show {s} " + " ".join(cs), st.integers(1, 10),
              st.lists(card_text, min_size=1, max_size=4)),
    st.builds("post {} {} {}".format, st.integers(1, 10),
              st.sampled_from(["sb", "bb", "ante", "straddle", "dead"]), st.integers(0, 500)),
    st.builds("note {}".format, st.text("abc :#", min_size=1).map(str.strip).filter(bool)),
)  # fmt: skip


@given(EVENT_TEXT)
def test_every_event_prints_back_in_the_notation(text: str) -> None:
    event = parse_event(text)
    assert parse_event(str(event)) == event


@given(st.lists(st.sampled_from(["Ah", "??", "before", "flop", "turn", "river", "preflop",
                                 "x", ""]), max_size=4))  # fmt: skip
def test_any_burn_is_read_or_refused_in_one_line(words: list[str]) -> None:
    text = " ".join(["burn", *words])
    complaint = ""
    try:
        event = parse_event(text)
    except NotationError as error:
        complaint = str(error)
    if complaint:
        assert "\n" not in complaint
    else:
        assert isinstance(event, Burn)
        assert parse_event(str(event)) == event


def test_kind_is_the_first_word() -> None:
    assert parse_event("flop Ah Kd 7c").kind == "flop"
    assert parse_event("3 raise 6").kind == "raise"
    assert parse_event("expose 3:1").kind == "expose"
    assert parse_event("plays-board 2").kind == "plays-board"


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("² call", '"²" is not a seat number'),
        ("٣ fold", '"٣" is not a seat number'),
        ("100 call", "at most 99"),
        ("3 raise 10000000000000000", "at most 1,000,000,000,000,000"),
        ("3 raise " + "9" * 1990, "at most 1,000,000,000,000,000"),
        ("3 raise " + "9" * 5000, "an event is at most 2,000 characters"),
        ("expose 3:²", "SEAT:N"),
        ("expose 3:99999999999999999999", "SEAT:N"),
        ("post 3 straddle ²", '"²" is not an amount'),
        ("note caf\udce9", "not UTF-8 text"),
    ],
)
def test_numbers_beyond_ascii_digits_or_the_limits_are_named(text: str, complaint: str) -> None:
    with pytest.raises(NotationError, match=re.escape(complaint)) as raised:
        parse_event(text, 4)
    message = str(raised.value)
    assert message.startswith("event 4 ")
    assert "\n" not in message
    message.encode("utf-8")  # printable as it is


@pytest.mark.parametrize(
    ("text", "kind"), [("button 5", "button"), ("dealt-empty 7", "dealt-empty"),
                       ("dealt-out 4", "dealt-out")],
)  # fmt: skip
def test_a_tables_deal_and_button_errors_read_and_print_back(text: str, kind: str) -> None:
    event = parse_event(text)
    assert (event.kind, str(event)) == (kind, text)


@pytest.mark.parametrize(
    ("text", "seat", "expired"), [("clock 1", 1, False), ("CLOCK 4 Expired", 4, True)]
)
def test_the_clock_put_on_a_seat_and_run_out_reads_and_prints_back(
    text: str, seat: int, expired: bool
) -> None:
    event = parse_event(text)
    assert (event.kind, event.seat, event.expired) == ("clock", seat, expired)  # type: ignore[attr-defined]
    assert parse_event(str(event)) == event


def test_a_clock_with_a_word_it_does_not_know_is_named() -> None:
    with pytest.raises(NotationError, match='"out" is not understood; clock SEAT'):
        parse_event("clock 3 out")


@pytest.mark.parametrize(
    ("text", "kind", "printed"),
    [
        ("dispute", "dispute", "dispute after push"),
        ("dispute after riffle", "dispute", "dispute after shuffle"),
        ("DISPUTE AFTER DEAL", "dispute", "dispute after deal"),
        ("dispute after action", "dispute", "dispute after action"),
        ("off-table 3:2", "off-table", "off-table 3:2"),
        ("off-table 1:1 ah", "off-table", "off-table 1:1 Ah"),
        ("boxed", "boxed", "boxed"),
        ("boxed 7c", "boxed", "boxed 7c"),
        ("joker", "joker", "joker stub"),
        ("joker 3", "joker", "joker 3"),
        ("foreign board", "foreign", "foreign board"),
        ("short 4", "short", "short 4"),
        ("short deck", "short", "short deck"),
    ],
)
def test_a_dispute_and_the_decks_errors_read_and_print_back(
    text: str, kind: str, printed: str
) -> None:
    event = parse_event(text)
    assert (event.kind, str(event)) == (kind, printed)
    assert parse_event(printed) == event


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("dispute after lunch", 'not "lunch"'),
        ("dispute before deal", "dispute after push, shuffle, deal or action"),
        ("off-table 3 by player", "a card dealt off the table is the dealer's"),
        ("boxed 7c 8c", 'unexpected "8c"'),
        ("joker 0", "seat"),
        ("short", "short SEAT (dealt too few cards) or short deck"),
    ],
)
def test_a_bad_dispute_or_deck_error_is_named(text: str, complaint: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_event(text, 9)
    assert complaint in str(raised.value)
