"""``--help`` as a user reads it: commands grouped by who uses them, an example for each,
values named by what they are; a usage mistake is one line and exit status 2."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from floorman.cli import app

runner = CliRunner()

PANELS = {
    "At the table": [
        *["ask", "live", "read", "split", "new", "add", "show", "undo", "next"],
        *["call-floor", "table"],
    ],
    "For the floor": [
        *["check", "compare", "report", "sheet", "card", "log", "hands"],
        *["icm", "rules", "tournament"],
    ],
    "For trainers": ["drill"],
    "Data and files": ["import", "audit", "schema", "export"],
    "For the card room": ["serve", "users", "station", "db"],
}
COMMANDS = [
    *[[word] for words in PANELS.values() for word in words],
    ["table", "show"], ["table", "log"], ["drill", "stats"],
    ["rules", "list"], ["rules", "show"], ["rules", "facts"], ["rules", "diff"],
    ["rules", "validate"], ["users", "add"], ["users", "list"], ["users", "disable"],
    ["users", "passwd"], ["station", "token"], ["station", "revoke"],
    ["db", "upgrade"], ["db", "version"],
    ["tournament", "new"], ["tournament", "show"], ["tournament", "bust"],
    ["tournament", "balance"],
]  # fmt: skip


@pytest.fixture(autouse=True)
def columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


def helped(*words: str) -> str:
    result = runner.invoke(app, [*words, "--help"])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_commands_are_grouped_by_who_uses_them() -> None:
    text = helped()
    sections = re.findall(r"^(\S[^\n]*):\n((?:  [^\n]*\n)+)", text, flags=re.MULTILINE)
    grouped = {
        title: [row.split()[0] for row in rows.splitlines() if re.match(r"  \S", row)]
        for title, rows in sections
    }  # a summary's continuation lines are further in
    assert {title: grouped[title] for title in PANELS} == PANELS
    assert "Commands:" not in text


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_every_command_has_an_example_and_no_python_types(words: list[str]) -> None:
    text = helped(*words)
    assert "\n  Example:\n    floorman " in text
    assert not re.search(r"<(str|int|path|list|bool|float)", text), text
    assert "<=x<=" not in text  # a bound such as 2^63 - 1 is the README's, not the dealer's
    assert "{" not in text.splitlines()[0]  # the usage line
    assert all(len(line) <= 80 for line in text.splitlines()), text


def test_values_are_named_by_what_they_are() -> None:
    text = helped("new")
    assert "--button SEAT " in text
    assert "--seats SEAT=STACK,... " in text
    assert "-t, --table TABLE " in text
    assert "--ante N " in text
    assert helped("compare").splitlines()[0] == (
        "Usage: floorman compare [OPTIONS] RULEBOOK RULEBOOK..."
    )
    assert helped("add").splitlines()[0] == "Usage: floorman add [OPTIONS] EVENTS..."


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "--button", "3"], "floorman: missing option '--table' / '-t'"),
        (["add"], "floorman: missing argument 'events'; see floorman add --help"),
        (["show", "--nope"], "floorman: no such option: --nope; see floorman show --help"),
        (["chek"], "floorman: no such command 'chek'. Did you mean 'check'"),
        (["new", "-t", "1", "--button", "x", "--seats", "1=1"], "floorman: invalid value for"),
        (["rules", "lst"], "floorman: no such command 'lst'"),
    ],
)
def test_a_usage_mistake_is_one_line_and_exit_status_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(message)
    assert "Usage:" not in result.stderr
