"""Start-up cost: the quick commands import nothing heavy.

A dealer runs ``floorman check``, ``add``, ``show``, ``new`` and ``next``
mid-shift; they must start as fast as pydantic allows, so typer's app,
pydantic and the hand model, rendering (weasyprint), the store (sqlite3)
where unused, YAML where unused and test-only libraries stay out of those
paths.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cliprobe import loaded_modules

from floorman.cli import COMMAND_MODULES, app

HEAVY = ("weasyprint", "pokerkit", "treys", "rich.progress")
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module", autouse=True)
def _rulebooks_cached() -> None:
    """Fill this run's rulebook cache (a fresh folder for every test run) first.

    A rulebook read from its YAML, once after each edit, is validated: its
    step texts are parsed by Jinja2's sandbox and its fields by the pydantic
    models. These tests hold what a command imports on every other start.
    """
    code = "from floorman.rules.loader import load_rulebook, shipped_rulebooks\n"
    code += "for name in shipped_rulebooks():\n    load_rulebook(name)\n"
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_help_imports_no_renderer_and_no_store() -> None:
    modules = loaded_modules("--help")
    for heavy in (*HEAVY, "sqlite3"):
        assert heavy not in modules


def test_check_on_a_short_hand_imports_nothing_heavy() -> None:
    modules = loaded_modules("check", str(EXAMPLES / "premature-turn.yaml"), "--json")
    assert "floorman.replay" in modules  # the check did run
    for heavy in (*HEAVY, "sqlite3", "jinja2", "floorman.interchange.phh", "tomllib", "pickle"):
        assert heavy not in modules


def test_check_starts_without_typer_or_click() -> None:
    modules = loaded_modules("check", str(EXAMPLES / "premature-turn.yaml"), "--json")
    assert "floorman.cli._check" in modules
    assert not {name for name in modules if name.split(".")[0] in ("typer", "click")}
    assert "floorman.cli._app" not in modules


def test_add_starts_without_typer_click_or_yaml(tmp_path: Path) -> None:
    db = str(tmp_path / "room.db")
    new = [sys.executable, "-m", "floorman", "new", "--db", db, "-t", "7", "--button", "3"]
    subprocess.run([*new, "--seats", "1=100,2=100,3=100"], check=True, capture_output=True)
    modules = loaded_modules("add", "--db", db, "deal", "3 call")
    assert "floorman.store.hands" in modules  # the events were stored
    for heavy in (*HEAVY, "jinja2", "floorman.interchange.phh", "yaml", "pickle", "psycopg"):
        assert heavy not in modules
    for remote in ("floorman.cli._remote", "urllib.request", "http.client", "httpx"):
        assert remote not in modules
    assert not {name for name in modules if name.split(".")[0] in ("typer", "click")}
    shown = subprocess.run(
        [sys.executable, "-m", "floorman", "show", "--db", db],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "2 events, in progress" in shown


def _pydantic(modules: set[str]) -> set[str]:
    return {name for name in modules if name.split(".")[0] in ("pydantic", "pydantic_core")}


SEATS = ("-t", "7", "--button", "3", "--seats", "1=100,2=100,3=100")
TABLE_HEAVY = (*HEAVY, "jinja2", "yaml", "floorman.interchange.phh", "pickle", "psycopg")
"""What none of the table commands needs on a local store: no rendering, no YAML, no
PHH, no PostgreSQL driver."""
MODELS = ("floorman.interchange.handfile", "floorman.rules.schema")
REMOTE = ("floorman.cli._remote", "urllib.request", "http.client", "httpx")


def _floorman(*args: str) -> str:
    argv = [sys.executable, "-m", "floorman", *args]
    return subprocess.run(argv, capture_output=True, text=True, check=True).stdout


def _typer_or_pydantic(modules: set[str]) -> set[str]:
    roots = ("typer", "click", "pydantic", "pydantic_core")
    return {name for name in modules if name.split(".")[0] in roots}


def _held_light(modules: set[str]) -> None:
    for heavy in (*TABLE_HEAVY, *MODELS, *REMOTE):
        assert heavy not in modules
    assert not _typer_or_pydantic(modules)


def test_new_starts_without_typer_pydantic_or_the_hand_model(tmp_path: Path) -> None:
    """The options make a header read plainly; the hand model is not even defined."""
    db = str(tmp_path / "room.db")
    modules = loaded_modules("new", "--db", db, *SEATS, "--blinds", "1/2", "--chips", "1,5")
    assert "floorman.tables.dealing" in modules
    _held_light(modules)
    assert "floorman.showdown.awards" not in modules
    assert "hand 1 at table 7, 0 events, in progress" in _floorman("show", "--db", db)


@pytest.mark.parametrize("as_json", [False, True])
def test_show_starts_without_typer_pydantic_or_the_hand_model(
    tmp_path: Path, as_json: bool
) -> None:
    db = str(tmp_path / "room.db")
    _floorman("new", "--db", db, *SEATS)
    _floorman("add", "--db", db, "deal", "3 call")
    modules = loaded_modules("show", "--db", db, *(["--json"] if as_json else []))
    assert "floorman.tables.view" in modules  # the hand was shown
    _held_light(modules)
    assert "floorman.showdown.awards" not in modules  # a hand in progress lists its pots


def test_next_starts_without_typer_pydantic_or_the_hand_model(tmp_path: Path) -> None:
    """The last hand's stored header and the next one's are read and written plainly."""
    db = str(tmp_path / "room.db")
    _floorman("new", "--db", db, *SEATS)
    _floorman("add", "--db", db, "deal", "3 fold", "1 fold")
    modules = loaded_modules("next", "--db", db, "--sit", "5=100", "--leave", "1")
    assert "floorman.tables.dealing" in modules
    _held_light(modules)
    shown = _floorman("show", "--db", db)
    assert shown.startswith("hand 2 at table 7, 1 events, in progress")  # seat 5 posts


def test_next_at_a_tournaments_table_reads_its_level_and_no_more(tmp_path: Path) -> None:
    """The tournament's structure and clock are read (the structure's model with them);
    not typer, the tournament's balancing, YAML, rendering or the remote client."""
    db = str(tmp_path / "room.db")
    _floorman("tournament", "new", "two", "--db", db, "--entrants", "12", "--seed", "5")
    _floorman("tournament", "deal", "two", "2", "--db", db)
    _floorman("add", "--db", db, "-t", "two-2", "deal; 2 fold; 3 fold; 4 fold; 5 fold; 6 fold")
    modules = loaded_modules("next", "--db", db, "-t", "two-2")
    assert "floorman.tournament.clock" in modules  # the level was read
    for heavy in (
        *TABLE_HEAVY,
        *REMOTE,
        "floorman.tables.tournaments",
        "floorman.tournament.balance",
    ):
        assert heavy not in modules
    assert not {name for name in modules if name.split(".")[0] in ("typer", "click")}
    assert "hand 2 at table two-2, 0 events, in progress" in _floorman(
        "show", "--db", db, "-t", "two-2"
    )


def test_check_of_a_plain_hand_file_imports_no_pydantic() -> None:
    """The hand file's header is read plainly and the rulebook comes from its cache."""
    argv = ("check", str(EXAMPLES / "premature-turn.yaml"), "--json")
    loaded_modules(*argv)  # the rulebook cache is filled
    modules = loaded_modules(*argv)
    assert "floorman.rules.engine" in modules  # the rulebook did rule
    assert not _pydantic(modules)
    for model in ("floorman.interchange.handfile", "floorman.rules.schema"):
        assert model not in modules


@pytest.mark.parametrize("example", ["premature-turn.yaml", "normal-hand.yaml"])
def test_check_awards_chips_only_for_a_settled_hand(example: str) -> None:
    """A hand in progress lists its pots; hand evaluation is loaded to award them."""
    modules = loaded_modules("check", str(EXAMPLES / example), "--json")
    assert "floorman.showdown.settlement" in modules
    settled = example == "normal-hand.yaml"
    for awarding in ("floorman.showdown.awards", "floorman.showdown.evaluation"):
        assert (awarding in modules) is settled


def test_add_imports_no_pydantic(tmp_path: Path) -> None:
    """The stored header is read plainly: the hand model is not even defined."""
    db = str(tmp_path / "room.db")
    new = [sys.executable, "-m", "floorman", "new", "--db", db, "-t", "7", "--button", "3"]
    subprocess.run([*new, "--seats", "1=100,2=100,3=100"], check=True, capture_output=True)
    loaded_modules("add", "--db", db, "deal")
    modules = loaded_modules("add", "--db", db, "3 call")
    assert "floorman.store.hands" in modules
    assert not _pydantic(modules)
    assert "floorman.showdown.awards" not in modules
    for model in ("floorman.interchange.handfile", "floorman.rules.schema"):
        assert model not in modules


def test_help_and_mistakes_on_the_quick_commands_are_typers() -> None:
    def floorman(*args: str) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "floorman", *args]
        return subprocess.run(argv, capture_output=True, text=True, check=False)

    for word in ("check", "add", "show", "new", "next"):
        usage = floorman(word, "--help").stdout.splitlines()[0]
        assert usage.startswith("Usage: ")
        assert f"floorman {word} [OPTIONS]" in usage
    missing = floorman("add")
    assert missing.returncode == 2
    assert missing.stderr == "floorman: missing argument 'events'; see floorman add --help\n"
    unknown = floorman("check", str(EXAMPLES / "premature-turn.yaml"), "--colour")
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("floorman: no such option: --colour")
    no_table = floorman("new", "--button", "3", "--seats", "1=100,2=100")
    assert no_table.returncode == 2
    assert no_table.stderr.startswith("floorman: missing option '--table'")
    no_hand = floorman("show", "0")
    assert no_hand.returncode == 2
    assert no_hand.stderr.startswith("floorman: invalid value for 'hand'")
    nothing = floorman("check", "no-such-hand.yaml")
    assert nothing.returncode == 2
    assert nothing.stderr == "floorman: no-such-hand.yaml: no such file\n"


def test_check_builds_no_other_command() -> None:
    modules = loaded_modules("check", str(EXAMPLES / "premature-turn.yaml"), "--json")
    others = {f"floorman.cli.{module}" for module in COMMAND_MODULES.values()} - {
        "floorman.cli.check"
    }
    assert not others & modules


def test_every_command_word_names_the_module_that_registers_it() -> None:
    registered = {
        command.name or command.callback.__name__: command.callback.__module__
        for command in app.registered_commands
        if command.callback is not None
    }
    for group in app.registered_groups:
        typer_app = group.typer_instance
        assert typer_app is not None
        callbacks = {command.callback for command in typer_app.registered_commands}
        modules = {callback.__module__ for callback in callbacks if callback is not None}
        word = group.name or typer_app.info.name or ""
        home = f"floorman.cli.{COMMAND_MODULES.get(word)}"
        # A group's commands may live in several modules, which its module imports.
        for other in modules - {home}:
            assert any(value is sys.modules[other] for value in vars(sys.modules[home]).values())
        registered[word] = home if home in modules else min(modules)
    assert {word: f"floorman.cli.{module}" for word, module in COMMAND_MODULES.items()} == (
        registered
    )


def test_help_lists_every_command_and_an_unknown_word_is_refused() -> None:
    help_text = subprocess.run(
        [sys.executable, "-m", "floorman", "--help"], capture_output=True, text=True, check=True
    ).stdout
    listed = {line.split()[0] for line in help_text.splitlines() if line.startswith("  ")}
    assert set(COMMAND_MODULES) <= listed
    unknown = subprocess.run(
        [sys.executable, "-m", "floorman", "chek"], capture_output=True, text=True, check=False
    )
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("floorman: no such command 'chek'")


def test_version_is_printed() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("floorman ")


@pytest.mark.parametrize("repeat", [[], ["--rulebook", "rrop", "--rulebook", "rrop"]])
def test_a_closed_pipe_ends_check_quietly_with_or_without_typer(repeat: list[str]) -> None:
    """Typer reads a repeated option; the quick start leaves it to typer: both end alike."""
    hand = str(EXAMPLES / "premature-turn.yaml")
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "floorman", "check", hand, "--json", *repeat],
            stdout=write, stderr=subprocess.PIPE, text=True, check=False,
        )  # fmt: skip
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (1, "")


def test_serve_collects_cycles_though_short_commands_do_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server lives for days: each report PDF leaves cycles that only the collector frees."""
    import gc

    import uvicorn
    from typer.testing import CliRunner

    seen: list[bool] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: seen.append(gc.isenabled()))
    gc.disable()
    try:
        result = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "room.db")])
    finally:
        gc.unfreeze()
        gc.enable()
    assert result.exit_code == 0, result.output
    assert seen == [True]
