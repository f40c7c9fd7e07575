"""The table commands and ``floorman db`` on either store, named by ``FLOORMAN_DB`` (a path
or a PostgreSQL URL), as a dealer runs them; an odd ``--db`` is one line, exit 2."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from floorman.cli import app
from floorman.store._backend import masked
from floorman.store._schema import POSTGRES, SQLITE

ROOT = Path(__file__).resolve().parent.parent
HAND = [
    ["new", "--table", "7", "--blinds", "1/2", "--button", "3", "--seats", "1=100,2=100,3=100"],
    ["add", "deal", "3 call", "1 call"],
    ["add", "2 check", "burn", "flop Ah Kd 7c"],
    ["add", "1 check", "2 bet 6"],
    ["undo"],
    ["add", "2 check", "3 check"],
]


def run(where: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "FLOORMAN_DB": where, "PYTHONPATH": str(ROOT)}
    env.pop("FLOORMAN_TABLE", None)
    return subprocess.run(
        [sys.executable, "-m", "floorman", *args],
        input=stdin, capture_output=True, text=True, check=False, env=env, cwd=ROOT,
    )  # fmt: skip


@pytest.mark.slow
def test_a_hand_is_recorded_shown_undone_and_followed_by_the_next(store_url: str) -> None:
    for args in HAND:
        done = run(store_url, *args)
        assert done.returncode == 0, f"{args}: {done.stderr}"
    shown = run(store_url, "show").stdout
    assert "9 events, in progress" in shown
    log = run(store_url, "log").stdout
    assert "undone" in log
    folded = run(store_url, "add", "burn", "turn 2c", "1 bet 10", "2 fold", "3 fold")
    assert folded.returncode == 0, folded.stderr
    following = run(store_url, "next", "--table", "7")
    assert following.returncode == 0, following.stderr
    hands = run(store_url, "hands").stdout.splitlines()
    assert len([line for line in hands if " 7 " in f" {line} "]) == 2


@pytest.mark.slow
def test_db_upgrade_says_from_which_version_to_which(store_url: str) -> None:
    latest = len(POSTGRES) if store_url.startswith("postgresql://") else len(SQLITE)
    shown = masked(store_url)
    assert (
        run(store_url, "db", "upgrade").stdout == f"{shown}: upgraded from version 0 to {latest}\n"
    )
    assert (
        run(store_url, "db", "upgrade").stdout == f"{shown}: at version {latest}, nothing to do\n"
    )
    assert run(store_url, "db", "version").stdout == f"{shown}: version {latest}\n"


def test_db_upgrade_brings_an_old_file_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript("".join(SQLITE[:3]) + "PRAGMA user_version = 3;")
    db.close()
    done = run(str(tmp_path / "unused.db"), "db", "upgrade", "--db", str(path))
    assert done.stdout == f"{path}: upgraded from version 3 to {len(SQLITE)}\n"


def test_a_store_from_a_newer_floorman_is_one_line(pg_url: str) -> None:
    import psycopg

    assert run(pg_url, "db", "upgrade").returncode == 0
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("UPDATE floorman_meta SET value = '7' WHERE key = 'schema'")
    for args in (["db", "upgrade"], ["show"], ["add", "deal"], ["users", "list"]):
        refused = run(pg_url, *args)
        assert refused.returncode == 2
        assert refused.stderr == (
            f"floorman: {masked(pg_url)}: made by a newer floorman (store version 7)\n"
        )


@pytest.mark.slow
def test_a_server_that_is_down_is_one_line_with_the_password_masked(tmp_path: Path) -> None:
    url = f"postgresql://floor:green-felt@/room?host={tmp_path}"
    for args in (["show"], ["add", "deal"], ["db", "upgrade"], ["drill", "stats"]):
        refused = run(url, *args)
        assert refused.returncode == 2, args
        assert refused.stderr.startswith(
            f"floorman: postgresql://floor:***@/room?host={tmp_path}: cannot open the store: "
        )
        assert len(refused.stderr.splitlines()) == 1
        assert "green-felt" not in refused.stderr


@pytest.mark.slow
def test_sqlite_commands_do_not_import_psycopg(tmp_path: Path) -> None:
    db = str(tmp_path / "room.db")
    probe = (
        "import sys, runpy; sys.argv = ['floorman', *sys.argv[1:]]\n"
        "try:\n    runpy.run_module('floorman', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('psycopg' in sys.modules, file=sys.stderr)"
    )
    for args in (HAND[0], HAND[1], ["show"]):
        done = subprocess.run(
            [sys.executable, "-c", probe, *args, "--db", db],
            capture_output=True, text=True, check=False, cwd=ROOT,
        )  # fmt: skip
        assert done.stderr.splitlines()[-1] == "False", done.stderr


FUZZ = settings(
    max_examples=int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "10")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
_HOSTS = st.sampled_from(["", "%2Fnonexistent%2Fsocket", "[::1", "[::1]:99999", "%zz", ":x"])
_PART = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="@/?#&="))
_QUERY = st.text(st.characters(blacklist_categories=("Cs",))).filter(
    lambda text: "host" not in text.lower() and "service" not in text.lower()
)


@pytest.mark.parametrize("scheme", ["postgresql://", "postgres://", "POSTGRESQL://"])
@FUZZ
@given(user=_PART, password=_PART, host=_HOSTS, database=_PART, query=_QUERY)
def test_an_odd_store_url_is_one_line_and_exit_2(
    tmp_path: Path, scheme: str, user: str, password: str, host: str, database: str, query: str
) -> None:
    """Only the URL is odd: the server it names is always a socket folder with no server
    in it (never a host name to look up), so nothing leaves the machine."""
    url = f"{scheme}{user}:{password}@{host}/{database}?host={tmp_path}&{query}"
    result = CliRunner().invoke(app, ["show", "--db", url])
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"floorman: {masked(url)}: ")
    if password and ":" not in user:
        assert ":***@" in lines[0]


@pytest.mark.slow
def test_an_event_with_a_nul_is_refused_in_one_line_on_either_store(store_url: str) -> None:
    from roomserver import floorman, new_table

    new_table(store_url, "7")
    typed = floorman(store_url, "live", "--table", "7", stdin="deal\nnote a\x00b\n3 call\n")
    assert "floorman: event 2: holds a NUL character\n" in typed.stderr
    assert len(typed.stderr.splitlines()) == 1, typed.stderr
    shown = floorman(store_url, "show", "--table", "7", "--json")
    assert shown.returncode == 0, shown.stderr
    assert "\\u0000" not in shown.stdout
