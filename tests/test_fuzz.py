"""Fuzzing every input path: whatever a user types or a file holds, floorman answers.

The event notation, hand files, house files, PHH files and every command's
arguments are driven through the real command line, in process for speed
and in a few real processes with their memory and time bounded. Each run
may only exit 0, 1 or 2; exit 2 says one line on stderr (or, for an
argument the command line itself does not take, its usage and one
``Error:`` line, or a group's commands when none is named); nothing ends
in a traceback.

The CI run is seconds long; set ``FLOORMAN_FUZZ_EXAMPLES`` (say 2000) for
a longer one by hand.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from phhdata import SAMPLE_PHH as PHH
from typer.testing import CliRunner, Result

from floorman.cli import COMMAND_MODULES, app
from floorman.errors import FloormanError

ROOT = Path(__file__).resolve().parents[1]

settings.register_profile(
    "floorman-fuzz",
    max_examples=int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "10")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
FUZZ = settings.get_profile("floorman-fuzz")

runner = CliRunner()

HAND = """\
button: 3
seats: {1: 100, 2: 100, 3: 100}
events: [deal, 3 call, 1 call, 2 check, burn, flop Ah Kd 7c]
"""
HOUSE = """\
rulebook: fuzz-house
title: Fuzz house
extends: rrop
options: {redeal_burn: true}
"""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder to work in: a hand file, a house file, a PHH file, a pipe and a store
    with a hand in progress at table 1."""
    folder = tmp_path_factory.mktemp("room")
    (folder / "hand.yaml").write_text(HAND)
    (folder / "house.yaml").write_text(HOUSE)
    (folder / "hand.phh").write_text(PHH)
    os.mkfifo(folder / "pipe.phh")
    before = Path.cwd()
    os.chdir(folder)
    environment = {"FLOORMAN_DB": str(folder / "floorman.db"), "FLOORMAN_CACHE_DIR": ""}
    saved = {name: os.environ.get(name) for name in (*environment, "FLOORMAN_TABLE")}
    os.environ.update(environment)
    os.environ.pop("FLOORMAN_TABLE", None)
    started = invoke(["new", "-t", "1", "--button", "3", "--seats", "1=100,2=100,3=100"])
    assert started.exit_code == 0, started.output
    try:
        yield folder
    finally:
        os.chdir(before)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def invoke(args: list[str], stdin: str = "") -> Result:
    return runner.invoke(app, args, input=stdin)


def answered(result: Result) -> None:
    """The contract every run keeps, whatever it was given. A user error that leaves
    the app is what the console entry prints as one line, exit status 2."""
    if isinstance(result.exception, FloormanError):
        assert "\n" not in str(result.exception), str(result.exception)
        return
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{result.exception!r} escaped") from result.exception
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.stderr
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        if lines and lines[0].startswith("Usage: "):  # a group given no command: its help
            assert "Options:" in lines, result.stderr
        else:
            assert len(lines) == 1, result.stderr
            assert lines[0].startswith("floorman: "), result.stderr


# ---------------------------------------------------------------- the pieces of input

DIGITS = st.sampled_from(["0", "1", "3", "9", "22", "99", "100", "²", "٣", "１", "-1", "1,000",
                          "9" * 20, "9" * 1999, "1e3", "0x10", "1_0"])  # fmt: skip
WORDS = st.sampled_from([
    "deal", "cards", "expose", "extra", "burn", "flop", "turn", "river", "post", "show", "muck",
    "plays-board", "reshuffle", "cut", "misdeal", "note", "fold", "check", "call", "bet",
    "raise", "allin", "chips", "says", "award", "by", "player", "sb", "bb", "ante", "straddle",
    "dead", "before", "kill", "retrieve", "away", "miscount", "unaware", "string", "motion",
    "Ah", "Ah",
    "10h", "A♥", "??", "Zx", "AhKd7c", "3:1", "9:1", "3:²", "3:0", ":",
    "\udcff", "\x00", "é", "",
])  # fmt: skip
EVENT = st.lists(st.one_of(WORDS, DIGITS), min_size=0, max_size=6).map(" ".join)


def _yaml_value() -> st.SearchStrategy[str]:
    words = ["null", "true", "'x'", "[]", "{}", "1.5", "inf", ".nan", "-5", "'²'", "[1, 2]"]
    scalar = st.one_of(DIGITS, st.sampled_from(words))
    nested = st.integers(1, 80).map(lambda depth: "[" * depth + "1" + "]" * depth)
    return st.one_of(scalar, nested)


HEADER_KEYS = st.sampled_from(["game", "betting", "blinds", "ante", "button", "seats", "chips",
                               "rulebook", "house", "limit_raise_cap", "limit_bets", "min_bet",
                               "events", "table", "started", "colour"])  # fmt: skip


@st.composite
def hand_files(draw: st.DrawFn) -> str:
    lines = ["button: 3", "seats: {1: 100, 2: 100, 3: 100}"]
    for _ in range(draw(st.integers(0, 4))):
        key = draw(HEADER_KEYS)
        if key == "seats":
            seats = draw(st.lists(st.tuples(DIGITS, DIGITS), max_size=4))
            value = "{" + ", ".join(f"{seat}: {stack}" for seat, stack in seats) + "}"
        elif key == "events":
            events = draw(st.lists(EVENT, max_size=8))
            value = "\n" + "".join(f"  - {event!r}\n" for event in events)
        else:
            value = draw(_yaml_value())
        lines.append(f"{key}: {value}")
    events = draw(st.lists(EVENT, max_size=8))
    if events:
        lines.append("events:")
        lines.extend(f"  - {_quoted(event)}" for event in events)
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


OPTION_NAMES = st.sampled_from(["misdeal_on_exposed_deal_positions", "redeal_burn", "odd_chip",
                                "hilo_odd_chip", "quartering_exception", "limit_raise_cap",
                                "no_such_option"])  # fmt: skip
STEP_TEXTS = st.sampled_from([
    "Redeal.", "{{ card }}", "{{ card|upper }}", "{{ card|center(1500000000) }}",
    "{% for a in cards %}{% for b in cards %}{{ a }}{% endfor %}{% endfor %}",
    "{% include 'x' %}", "{% extends 'x' %}", "{% import 'x' as y %}",
    "{{ card|attr('__class__') }}", "{% set card = 1 %}{{ card }}", "{{ ''.__class__ }}",
    "{{ card * 99999999 }}", "{{ nothing }}", "{% if card %}x{% endif %}", "{{ card ",
    "{{ " + "(" * 300 + "card" + ")" * 300 + " }}",
])  # fmt: skip


CASE_LINES = st.sampled_from([
    ["    on: expose"], ["    case: holdem.exposed-holecard.first"], ["    case: nowhere"],
    ["    case: holdem.exposed-holecard.first", "    on: []"], ["    case: [1]"], [],
])  # fmt: skip
EXAMPLE_LINES = st.sampled_from([
    [], ["    examples: []"], ["    examples: [{like: first-card, outcome: misdeal}]"],
    ["    examples: [{like: nothing, outcome: void}]"], ["    examples: [{like: first-card}]"],
    ["    examples: [{like: second-card, outcome: continue, hand: {events: []}}]"],
])  # fmt: skip


@st.composite
def house_files(draw: st.DrawFn) -> str:
    extends = draw(st.sampled_from(["rrop", "tda-2024", "nowhere", "a" * 300]))
    lines = ["rulebook: fuzz", "title: Fuzz", f"extends: {extends}"]
    options = draw(st.lists(st.tuples(OPTION_NAMES, _yaml_value()), max_size=3))
    if options:
        lines.append("options:")
        lines.extend(f"  {name}: {value}" for name, value in options)
    if draw(st.booleans()):
        lines += [
            "rules:",
            "  - id: holdem.exposed-holecard.first",
            "    title: First card exposed",
            "    cite: House rule 1",
            *draw(CASE_LINES),
            "    outcome: misdeal",
            "    steps:",
            "      - do: misdeal",
            f"        text: {_quoted(draw(STEP_TEXTS))}",
        ]
        lines += draw(EXAMPLE_LINES)
    if draw(st.booleans()):
        lines.append(draw(st.sampled_from(["title: again", "options: {}", "extends: rrop"])))
    return "\n".join(lines) + "\n"


PHH_VALUES = st.sampled_from([
    "'NT'", "'FT'", "'PO'", "'FO/8'", "'F7S'", "[1]", "0", "2", "-2", "2.5", "inf", "nan",
    "'x'", "[0, 0]", "[1, 2]", "[100, 80]", "[100, inf]", "['a', 'b']", "[180, 0]",
    "[" + ", ".join(["100"] * 23) + "]", "99999999999999999999", "9" * 5000,
    "[" * 70 + "]" * 70, "['d dh p1 AhAd', 'd dh p2 ????', 'p2 cbr 80', 'p1 cc']",
    "['p1 xx', 'd db AhAh', 'p9 f', 'p2 cbr -1', 'p2 cbr 1e400']",
])  # fmt: skip
PHH_KEYS = st.sampled_from(["variant", "ante_trimming_status", "antes", "blinds_or_straddles",
                            "min_bet", "small_bet", "big_bet", "starting_stacks", "actions",
                            "finishing_stacks", "players"])  # fmt: skip


@st.composite
def phh_files(draw: st.DrawFn) -> str:
    fields = dict(line.split(" = ", 1) for line in PHH.replace("\\\n", "").splitlines())
    for _ in range(draw(st.integers(1, 4))):
        fields[draw(PHH_KEYS)] = draw(PHH_VALUES)
    return "".join(f"{key} = {value}\n" for key, value in fields.items())


# ---------------------------------------------------------------- the fuzz tests


@FUZZ
@given(events=st.lists(EVENT, min_size=1, max_size=5))
def test_any_events_typed_at_the_table(room: Path, events: list[str]) -> None:
    answered(invoke(["add", "-t", "1", *events]))
    answered(invoke(["undo", "-t", "1"]))


@FUZZ
@given(text=hand_files(), as_json=st.booleans())
def test_any_hand_file(room: Path, text: str, as_json: bool) -> None:
    path = room / "fuzzed.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    answered(invoke(["check", str(path), *(["--json"] if as_json else [])]))


@FUZZ
@given(text=house_files())
def test_any_house_file(room: Path, text: str) -> None:
    path = room / "fuzzed-house.yaml"
    path.write_text(text, encoding="utf-8")
    answered(invoke(["rules", "validate", str(path)]))
    answered(invoke(["check", "hand.yaml", "--house", str(path)]))


@FUZZ
@given(text=phh_files())
def test_any_phh_file(room: Path, text: str) -> None:
    path = room / "fuzzed.phh"
    path.write_text(text, encoding="utf-8")
    answered(invoke(["import", str(path)]))
    answered(invoke(["audit", str(path), "--json"]))


VALUES = st.sampled_from([
    "", "1", "0", "-1", "²", "٣", "9" * 30, "9" * 5000, "1=²", "1=100,2=100", "1=100,1=5",
    "2/1", "1/2", "1/²", "holdem", "omaha-hilo", "limit", "rrop", "tda-2024", "a" * 300,
    "/dev/zero", "/dev/full", ".", "pipe.phh", "hand.yaml", "house.yaml", "hand.phh",
    "out.pdf", "x\udcff", "Ah", "AhKd", "3=AhKd", "3=AhAh", "2,6,8", "deal", "3 call",
    "note x", "premature-turn", "irregularities", "a4", "yaml", "phh",
])  # fmt: skip


def _options(word: str) -> list[str]:
    sub = typer.main.get_command(app).commands[word]  # type: ignore[attr-defined]
    if hasattr(sub, "commands"):
        return list(sub.commands)
    return [name for param in sub.params for name in param.opts if name.startswith("-")]


SLOW = {"--print"}
"""Options that print a PDF: covered by the document tests, too slow to fuzz."""


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    word = draw(st.sampled_from(sorted(set(COMMAND_MODULES) - {"live", "serve"})))
    options = [name for name in _options(word) if name not in SLOW]
    argv = [word]
    for _ in range(draw(st.integers(0, 4))):
        if options and draw(st.booleans()):
            argv.append(draw(st.sampled_from(options)))
        argv.append(draw(VALUES))
    if word in ("sheet", "report", "compare") and "--html" not in argv:
        argv.append("--html")  # the page is checked, not laid out as a PDF
    return argv


@FUZZ
@given(argv=command_lines())
def test_any_arguments_to_any_command(room: Path, argv: list[str]) -> None:
    """Files a command writes (``-o 999...``) are removed again, so that a later test
    still finds the room as it was made (``report 999...`` is then a hand id)."""
    before = set(os.listdir(room))
    try:
        answered(invoke(argv))
    finally:
        for name in set(os.listdir(room)) - before:
            if (room / name).is_file():
                (room / name).unlink()


@FUZZ
@given(lines=st.lists(EVENT, max_size=5))
def test_any_lines_typed_into_a_live_session(room: Path, lines: list[str]) -> None:
    text = "".join(f"{line}\n" for line in lines).encode("utf-8", "surrogateescape")
    answered(invoke(["live", "-t", "1"], stdin=text.decode("utf-8", "replace")))
    answered(invoke(["undo", "-t", "1"]))


CHANGE_WORDS = st.sampled_from(["sit", "move", "leave", "sitout", "back", "seat", "rebuy", "level"])
CHANGE_ARGS = st.one_of(DIGITS, VALUES, st.sampled_from(["post", "from", "ante", "2/4", "Ann"]))
CHANGE_OPTIONS = st.sampled_from(["--post", "--name", "--from", "--seat", "--ante", "--by"])


@FUZZ
@given(
    word=CHANGE_WORDS,
    pairs=st.lists(st.tuples(st.one_of(st.none(), CHANGE_OPTIONS), CHANGE_ARGS), max_size=4),
)
def test_any_change_between_hands(
    room: Path, word: str, pairs: list[tuple[str | None, str]]
) -> None:
    """``table sit|move|leave|sitout|back|seat|rebuy|level`` and the same words in ``live``
    (an option is followed by a value, as in the other commands' fuzzing)."""
    args = [part for option, value in pairs for part in (option, value) if part is not None]
    answered(invoke(["table", word, "-t", "1", *args]))
    line = " ".join([word, *args]).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    answered(invoke(["live", "-t", "1"], stdin=line + "\n"))


# ---------------------------------------------------------------- real processes, bounded


MEMORY = 1 << 30
"""A process that would need more than this is a failure, not a slow machine."""


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_real(
    *args: str | bytes, cwd: Path, stdin: bytes = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "floorman", *args],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        preexec_fn=_bounded,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["check", "/dev/zero"], b"", b"/dev/zero: not a regular file"),
        (["check", "pipe.phh"], b"", b"pipe.phh: not a regular file"),
        (["import", "pipe.phh"], b"", b"pipe.phh: not a regular file"),
        (["add", "-t", "1", "\u00b2 call"], b"", '"\u00b2" is not a seat number'.encode()),
        (["add", "-t", "1", b"note \xff"], b"", b'"note \\xff": not UTF-8 text'),
        (["add", "-t", b"x\xff", "deal"], b"", b'--table "x\\xff": not UTF-8 text'),
        (["add", "-t", "1", "1 raise " + "9" * 5000], b"", b"at most 2,000 characters"),
        (["report", "\u00b2"], b"", b"no such file"),
        (["report", "9" * 30], b"", b"at most 9,223,372,036,854,775,807"),
        (["log", "--db", "9" * 5000], b"", b"cannot open the store: [Errno 36] File name too long"),
        (["report", "hand.yaml", "--html", "-o", "/dev/full"], b"", b"No space left on device"),
        (["export", "-t", "1", "-o", ""], b"", b'-o ".": a folder'),
        (["live", "-t", "1"], b"\xff\xfe call\n", b'"\\xff\\xfe call": not UTF-8 text'),  # goes on
    ],
)
def test_real_processes_answer_in_one_line(
    room: Path, args: list[str | bytes], stdin: bytes, message: bytes
) -> None:
    result = run_real(*args, cwd=room, stdin=stdin, env={"PYTHONIOENCODING": "utf-8:strict"})
    assert b"Traceback" not in result.stderr
    assert result.returncode == (0 if args[0] == "live" else 2), result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert message in result.stderr
    assert os.stat("/dev/full").st_mode & 0o170000 == 0o020000  # still a device


def test_a_house_step_text_that_would_take_gigabytes_fails_to_load_at_once(room: Path) -> None:
    house = room / "big-text.yaml"
    house.write_text(
        HOUSE + "rules:\n  - id: holdem.exposed-holecard.first\n    title: t\n    cite: c\n"
        "    on: expose\n    outcome: misdeal\n    steps:\n      - do: misdeal\n"
        '        text: "{{ card|center(1500000000) }}"\n'
    )
    result = run_real("check", "hand.yaml", "--house", str(house), cwd=room)
    assert result.returncode == 2
    assert result.stderr.startswith(f"floorman: {house}:".encode())
    assert b"rules[0].steps[0].text: rule 'holdem.exposed-holecard.first'" in result.stderr
