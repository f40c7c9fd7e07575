"""The quick start of ``check`` and ``add``: the same parameters typer would pass, or
none at all (typer then runs the command, its help and its errors)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from floorman.cli import _quick, app

WORDS = sorted(_quick.QUICK)


@pytest.fixture(scope="module")
def typer_reads() -> Iterator[Callable[[str, list[str], dict[str, str]], dict[str, Any] | None]]:
    """What typer calls a quick command's function with for some arguments, by running the
    real app with each command's function replaced by a recorder of the same signature."""
    calls: list[dict[str, Any]] = []
    saved = []
    for info in app.registered_commands:
        name = info.name or (info.callback.__name__ if info.callback else "")
        if name in _quick.QUICK and info.callback is not None:
            original = info.callback

            @functools.wraps(original)
            def recorder(*args: Any, **kwargs: Any) -> None:
                assert not args
                calls.append(kwargs)

            saved.append((info, original))
            info.callback = recorder
    runner = CliRunner()

    def read(word: str, args: list[str], env: dict[str, str]) -> dict[str, Any] | None:
        calls.clear()
        unset: dict[str, str | None] = dict.fromkeys(
            ("FLOORMAN_TABLE", "FLOORMAN_DB", "FLOORMAN_SERVER", "FLOORMAN_TOKEN")
        )
        result = runner.invoke(app, [word, *args], env={**unset, **env})
        if result.exit_code != 0 or not calls:
            return None
        (call,) = calls
        return call

    yield read
    for info, original in saved:
        info.callback = original


PLAIN = [
    ("check", ["hand.yaml"], {}),
    ("check", ["hand.yaml", "--json"], {}),
    ("check", ["--json", "hand.yaml", "-r", "tda-2024", "--house", "house.yaml"], {}),
    ("check", ["hand.yaml", "--rulebook=wsop-2024"], {}),
    ("check", ["some dir/a hand ♥.json"], {}),
    ("add", ["3 call"], {}),
    ("add", ["deal", "3 call", "4 fold; 5 fold"], {}),
    ("add", ["--table", "7", "3 raise 60", "--db", "x.db"], {}),
    ("add", ["-t", "7", "burn", "flop Ah Kd 7c"], {"FLOORMAN_DB": "room.db"}),
    ("add", ["--table=12", "2 bet 6"], {"FLOORMAN_TABLE": "7"}),
    ("add", ["2 says raise 8000"], {"FLOORMAN_TABLE": "7", "FLOORMAN_DB": "r.db"}),
    ("add", ["--server", "http://127.0.0.1:8765", "--token", "t0k", "-t", "7", "deal"], {}),
    ("add", ["3 call"], {"FLOORMAN_SERVER": "http://127.0.0.1:8765", "FLOORMAN_TOKEN": "t0k"}),
    ("show", [], {}),
    ("show", ["12"], {}),
    ("show", ["--table", "7", "--json"], {"FLOORMAN_DB": "room.db"}),
    ("show", ["007", "-t", "7", "--db", "x.db", "--four-colour"], {}),
    ("show", [], {"FLOORMAN_TABLE": "7"}),
    ("show", [str(2**63 - 1)], {}),
    ("new", ["--table", "7", "--button", "3", "--seats", "1=100,2=100,3=100"], {}),
    ("new", ["--button=6", "--seats", "1=200 3=150", "--blinds", "2/5"], {"FLOORMAN_TABLE": "2"}),
    (
        "new",
        [
            "-t", "7", "--button", "3", "--seats", "1=100,2=100,3=100", "--game", "omaha",
            "--betting", "limit", "--ante", "1", "--rulebook", "tda-2024", "--kind",
            "tournament", "--raise-cap", "4", "--chips", "1,5,25", "--straddles", "4,8",
            "--bomb-pot", "10", "--table-seats", "6", "--force", "--db", "room.db",
        ],
        {"FLOORMAN_DB": "other.db"},
    ),
    ("next", [], {}),
    ("next", ["--table", "7"], {"FLOORMAN_DB": "room.db"}),
    ("next", ["-t", "7", "--sit", "8=200", "--leave", "3", "--sit", "9=150"], {}),
    ("next", ["--rebuy", "2=100", "--leave", "3", "--leave", "04", "--force"], {}),
    ("next", ["--bomb-pot", "5", "--by", "Ana", "--db", "r.db"], {"FLOORMAN_TABLE": "7"}),
    ("next", [], {"FLOORMAN_DEALER": "Bo", "FLOORMAN_SERVER": "http://f:8765"}),
    ("next", ["--server", "http://f:8765", "--token", "T", "-t", "7"], {}),
    ("sheet", [], {}),
    ("sheet", ["-g", "omaha-hilo", "--paper", "a4", "-o", "sheet.pdf"], {}),
    ("sheet", ["--all", "--house", "my-room.yaml", "--output=booklet.pdf"], {}),
    ("sheet", ["-r", "tda-2024", "--kind", "tournament", "--four-colour", "--html"], {}),
    ("sheet", ["--rulebook=wsop-2024", "--game", "holdem", "-o", "a sheet ♥.pdf"], {}),
]  # fmt: skip


@pytest.mark.parametrize(("word", "args", "env"), PLAIN)
def test_plain_arguments_are_read_as_typer_reads_them(
    typer_reads: Callable[..., dict[str, Any] | None],
    word: str,
    args: list[str],
    env: dict[str, str],
) -> None:
    quick = _quick.parse(word, args, env)
    assert quick is not None
    assert quick == typer_reads(word, args, env)


LEFT_TO_TYPER = [
    ("check", []),
    ("check", ["--help"]),
    ("check", ["hand.yaml", "--json", "--json"]),
    ("check", ["hand.yaml", "other.yaml"]),
    ("check", ["hand.yaml", "--json=yes"]),
    ("check", ["hand.yaml", "--rulebook"]),
    ("check", ["hand.yaml", "--rulebook", "--json"]),
    ("check", ["hand.yaml", "--colour"]),
    ("check", ["--", "hand.yaml"]),
    ("check", [""]),
    ("add", []),
    ("add", ["--table", "7"]),
    ("add", ["-t7", "3 call"]),
    ("add", ["3 call", "-"]),
    ("add", ["--db", "", "3 call"]),
    ("add", ["3 call\udcff"]),
    ("show", ["0"]),
    ("show", ["+3"]),
    ("show", ["1_000"]),
    ("show", ["\u0663"]),
    ("show", [str(2**63)]),
    ("show", ["1", "2"]),
    ("show", ["-1"]),
    ("new", ["--button", "3", "--seats", "1=100,2=100"]),
    ("new", ["--table", "7", "--button", "3"]),
    ("new", ["--table", "7", "--button", " 3", "--seats", "1=100,2=100"]),
    ("new", ["--table", "7", "--button", "3", "--seats", "1=100", "--ante", "-1"]),
    ("new", ["--table", "7", "--button", "3", "--seats", "1=100", "--force", "--force"]),
    ("new", ["hand", "--table", "7", "--button", "3", "--seats", "1=100"]),
    ("next", ["--leave", "x"]),
    ("next", ["--leave", "9" * 101]),
    ("next", ["--bomb-pot", "5", "--bomb-pot", "6"]),
    ("next", ["--sit"]),
    ("sheet", ["holdem"]),
    ("sheet", ["--all", "--all"]),
    ("sheet", ["-o", "."]),
    ("sheet", ["--house", "/"]),
    ("sheet", ["--paper"]),
    ("sheet", ["-gomaha"]),
]


@pytest.mark.parametrize(("word", "args"), LEFT_TO_TYPER)
def test_anything_unusual_is_left_to_typer(word: str, args: list[str]) -> None:
    assert _quick.parse(word, args, {}) is None


def test_an_empty_variable_is_left_to_typer() -> None:
    assert _quick.parse("add", ["3 call"], {"FLOORMAN_TABLE": ""}) is None


def test_other_commands_are_left_to_typer() -> None:
    assert _quick.parse("log", [], {}) is None
    assert _quick.parse("undo", ["--table", "7"], {}) is None


TOKENS = [
    "hand.yaml", "x.db", "7", "3 call", "deal", "♥", "",
    "--json", "--json=1", "--rulebook", "-r", "--rulebook=rrop", "--house", "--house=",
    "--table", "-t", "--table=7", "-t7", "--db", "--db=y.db", "--help", "--", "-", "-x",
    "12", "0", "+3", "-1", "3=100", "1=100,2=100", "--button", "--button=3", "--seats",
    "--ante", "--force", "--sit", "--leave", "--leave=4", "--by", "--four-colour",
    "--all", "-g", "--game=omaha", "--paper", "a4", "--kind", "--html", "-o", "--output=.",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    word=st.sampled_from(WORDS),
    args=st.lists(st.sampled_from(TOKENS), max_size=6),
    table=st.sampled_from([None, "", "9"]),
    db=st.sampled_from([None, "", "z.db"]),
)
def test_whatever_is_read_quickly_is_what_typer_would_pass(
    typer_reads: Callable[..., dict[str, Any] | None],
    word: str,
    args: list[str],
    table: str | None,
    db: str | None,
) -> None:
    env = {
        name: value
        for name, value in (("FLOORMAN_TABLE", table), ("FLOORMAN_DB", db))
        if value is not None
    }
    quick = _quick.parse(word, args, env)
    if quick is not None:
        assert quick == typer_reads(word, args, env)
