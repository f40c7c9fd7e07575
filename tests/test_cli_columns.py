"""Every command fits an 80-column screen, breaking lines between words only.

The commands are found on the typer app, so a command added later is held
to the same rule: its help at once, and its output with the arguments
:data:`CASES` gives it (a command with none is run bare, which shows at
least its usage error). Each command runs twice, on a terminal 80 columns
wide and through a pipe: the terminal's lines must fit, and hold the same
words as the pipe's one line per item, so nothing was cut inside a word.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import typer
from phhdata import SAMPLE_PHH
from terminal import on_terminal
from typer import _click as click

from floorman.cli import app
from floorman.cli._app import summary
from floorman.cli._columns import cells

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
COLUMNS = 80
ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")
PYTHON_LITERAL = re.compile(
    r"(?:(?<=[\w=(\[,:] )|(?<=[=(\[]))(?:True|False|None)\b"
    r"|'-'|\[\d+(?:, \d+)*\]|\['|\(\d+, \d+\)|<[a-z_.]+ object at"
)
"""What Python prints for a value (``eq False``, ``: None``, ``'-'``, ``[1]``, ``(2, 4)``),
never what a person should read; a sentence may still begin "None:"."""


@functools.cache
def root_command() -> click.Command:
    return typer.main.get_command(app)


def command_paths() -> list[tuple[str, ...]]:
    """Every command and group of the app, as typed after ``floorman``."""
    root = root_command()

    def walk(command: object, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        yield path
        for name, sub in (getattr(command, "commands", None) or {}).items():
            yield from walk(sub, (*path, name))

    return list(walk(root, ()))


def runnable_paths() -> list[tuple[str, ...]]:
    """The commands that do something when run: every leaf, and a group that runs itself
    (``floorman drill``)."""
    root = root_command()
    found = []
    for path in command_paths():
        command = root
        for word in path:
            command = command.commands[word]  # type: ignore[attr-defined]
        leaf = not getattr(command, "commands", None)
        if path and (leaf or getattr(command, "invoke_without_command", False)):
            found.append(path)
    return found


def words(text: str) -> list[str]:
    """The words of ``text``, a table's rule of dashes (as long as its columns) left out."""
    return [word for word in ANSI.sub("", text).split() if word.strip("-")]


def too_wide(text: str) -> list[str]:
    return [line for line in ANSI.sub("", text).splitlines() if cells(line) > COLUMNS]


# -- help -------------------------------------------------------------------------------------


def help_text(path: tuple[str, ...], wide: bool = False) -> str:
    """``floorman PATH --help`` as an 80-column terminal shows it, or unwrapped (``wide``)."""
    command = root_command()
    extra = {"terminal_width": 1000, "max_content_width": 1000} if wide else {}
    ctx = command.context_class(command, info_name="floorman", **extra)
    for word in path:
        command = command.get_command(ctx, word)  # type: ignore[attr-defined]
        ctx = command.context_class(command, info_name=word, parent=ctx)
    return command.get_help(ctx)


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(COLUMNS))


@pytest.mark.parametrize("path", command_paths(), ids=lambda p: " ".join(p) or "floorman")
def test_help_fits_80_columns_and_breaks_between_words(path: tuple[str, ...]) -> None:
    shown = help_text(path)
    assert not too_wide(shown)
    assert words(shown) == words(help_text(path, wide=True))


@pytest.mark.parametrize(
    "path",
    command_paths(),
    ids=lambda p: " ".join(p) or "floorman",
)
def test_every_command_listed_shows_its_whole_summary(path: tuple[str, ...]) -> None:
    command = root_command()
    for word in path:
        command = command.commands[word]  # type: ignore[attr-defined]
    subs = getattr(command, "commands", None) or {}
    if not subs:
        return
    shown = " ".join(words(help_text(path)))
    for name, sub in subs.items():
        if sub.hidden or not sub.help:
            continue
        line = summary(sub.help)
        assert f"{name} {' '.join(line.split())}" in shown, (name, line)
    assert "…" not in shown


# -- running every command --------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A command's arguments (``{db}``, ``{dir}`` and ``{examples}`` filled in), what is
    typed at it, and the words that differ from run to run (a new token)."""

    args: tuple[str, ...]
    typed: str | None = None
    changing: str | None = None
    status: tuple[int, ...] = (0,)
    data: bool = False
    """JSON or a file's text: never wrapped, and no check for Python literals."""
    env: dict[str, str] = field(default_factory=dict)


def case(*args: str, **kw: object) -> Case:
    return Case(args, **kw)  # type: ignore[arg-type]


T7 = ("-t", "7")
CASES: dict[str, list[Case]] = {
    "ask": [case("the", "turn", "came", "early"), case(),
            case("a", "player", "missed", "the", "blinds", status=(1,))],
    "check": [case("{examples}/premature-turn.yaml"),
              case("{examples}/exposed-first-card.yaml", "--rulebook", "tda-2024"),
              case("{examples}/stud/stud-hilo.yaml")],
    "compare": [case("rrop", "tda-2024", "wsop-2024", "--differences")],
    "live": [case(*T7, typed="show\nbogus words here\n9 raise 5\nhelp\nquit\n", status=(0,))],
    "import": [case("{dir}/hand.phh", data=True)],
    "audit": [case("{dir}/hand.phh", "--no-progress", status=(0, 1))],
    "read": [case("--game", "omaha-hilo", "--board", "2c 5d 8h Kc Js", "3=Ac 3d Ks Qd",
                  "5=Jh Jd 9s 7c"),
             case("--game", "stud-hilo", "2=Ah 2c 3d 5s 7h 8c 9d", "4=As 2d 3c 4h 6s Kd Kc"),
             case("--game", "badugi", "1=Kc 4d 2h As", "2=7c 4d 2h 2s", status=(2,))],
    "report": [case("1", "--html", "-o", "{dir}/report.html"),
               case("{examples}/stud/exposed-downcard.yaml", "--html", "-o", "{dir}/stud.html")],
    "schema": [case("hand", data=True)],
    "sheet": [case("--html", "-o", "{dir}/sheet.html"),
              case("--game", "razz", "--html", "-o", "{dir}/razz.html"),
              case("--game", "pineapple", status=(2,))],
    "card": [case("--html", "-o", "{dir}/card.html"),
             case("--game", "badugi", "--rulebook", "wsop-2024", "--html", "-o", "{dir}/b.html")],
    "split": [case("347", "--high", "2", "--low", "6,8", "--button", "4", "--chips", "1,5,25"),
              case("347", "--between", "2,6", "--button", "4", "--policy", "high-card-by-suit",
                   "--cards", "2=AhKd,6=AsQc"),
              case("101", "--game", "razz", "--cards", "2=Ah2c3d4s7h8c9d,4=As2d3c4h7sKdKc")],
    "new": [case("-t", "8", "--button", "1", "--seats", "1=100,2=100,3=100")],
    "add": [case(*T7, "3 call", "4 fold", "1 call", "burn", "turn 9s")],
    "show": [case(*T7)],
    "log": [case("1")],
    "undo": [case(*T7)],
    "hands": [case()],
    "export": [case("1", data=True)],
    "next": [case(*T7, "--force", "--sit", "8=200")],
    "call-floor": [case(*T7, "seat", "4", "disputes", "the", "pot")],
    "serve": [case("--port", "70000", status=(2,))],
    "icm": [case("--stacks", "5000,3000,2000", "--payouts", "50,30,20", "--chop")],
    "table show": [case(*T7)],
    "table log": [case(*T7)],
    "table sit": [case("8", "200", "--name", "Dana", *T7)],
    "table move": [case("350", "--from", "12", *T7)],
    "table leave": [case("3", *T7)],
    "table sitout": [case("4", *T7)],
    "table back": [case("4", "--post", *T7, status=(0, 2))],
    "table seat": [case("2", "9", "--post", *T7)],
    "table rebuy": [case("5", "100", *T7)],
    "table level": [case("2/4", *T7)],
    "table push": [case("-t", "9"), case(*T7, status=(2,))],
    "table report": [case(*T7, "--html", "-o", "{dir}/session.html")],
    "drill": [case("--seed", "7", "--count", "6", typed="1\n2\n1\n1\n3\n2\n"),
              case("--seed", "11", "--count", "4", "--topic", "splits",
                   typed="1\n10 10\n2\n1\n"),
              case("--seed", "4", "--count", "5", "--topic",
                   "bring-in,first-to-act,low-hands,stud-splits,draw",
                   typed="1\n2\n1\n1 1\n1 1 1\n1\n1\n")],
    "drill stats": [case()],
    "rules list": [case("--rulebook", "wsop-2024")],
    "rules show": [case("rrop.holdem.premature-turn")],
    "rules facts": [case()],
    "rules diff": [case("rrop", "tda-2024"), case("tda-2024", "wsop-2024")],
    "rules validate": [case("rulebook/house/first-or-second.yaml")],
    "users add": [case("sam", "--role", "trainer", typed="a long password 1\n")],
    "users list": [case()],
    "users disable": [case("alex")],
    "users passwd": [case("alex", "--password-stdin", typed="another password 2\n")],
    "users unlock": [case("alex")],
    "station token": [case("7", changing=r"\S{20,}", data=True)],
    "station revoke": [case("7")],
    "db upgrade": [case()],
    "db version": [case()],
    "tournament new": [case("sunday", "--entrants", "40", "--seed", "3")],
    "tournament show": [case("daily")],
    "tournament seating": [case("daily")],
    "tournament bust": [case("daily", "1", "4")],
    "tournament payouts": [case("daily")],
    "tournament results": [case("daily")],
    "tournament deal-made": [case("daily", "1=100", "2=100", "--left", "5", status=(2,))],
    "tournament race": [case("daily", "1", "1=3", "4=2", "7=1", status=(0, 2))],
    "tournament found-chips": [case("daily", "1", "5", "3", status=(2,)),
                               case("daily", "1", "5", "3", "--chip", "25", status=(2,))],
    "tournament color-up": [case("daily", "1", "5", "36", "--chip", "25"),
                            case("daily", "1", "5", "9", "--chip", "100", "--to", "500")],
    "tournament balance": [case("daily")],
    "tournament enter": [case("daily", "--name", "Dana Lee")],
    "tournament button": [case("daily", "1", "5")],
    "tournament level": [case("daily", "4")],
    "tournament chips": [case("daily", "1", "5", "41500")],
    "tournament clock": [case("daily")],
    "tournament call-clock": [case("daily", "1", "5", "--no-wait")],
    "tournament penalty": [case("daily", "1", "5", "rounds", "1", "--reason", "swore"),
                           case("daily", "1", "5", "minutes", "10", "--reason", "threw cards",
                                changing=r"\b\d{1,2}:\d{2}\b")],  # it ends at a clock time
    "tournament penalties": [case("daily", changing=r"\b\d+ minutes? left\b")],
    "tournament hand": [case("daily", "1")],
    "tournament hand-for-hand": [case("daily", "start")],
    "tournament print": [case("daily", "structure", "-o", "{dir}/structure.pdf")],
    "tournament deal": [case("daily", "2")],
}  # fmt: skip
"""The arguments each command is run with; a command not here is run bare."""

SEATS = "1=100,2=100,3=100,4=100,5=100,6=100"
SETUP = [
    (["new", "-t", "7", "--button", "6", "--seats", SEATS], None),
    (["add", "-t", "7", "deal; 3 call; 4 call; 5 fold; 6 fold; 1 call; 2 check; burn;"
      " flop Ah Kd 7c; 1 check; 2 bet 6", "turn 7d"], None),
    (["new", "-t", "9", "--button", "1", "--seats", "1=100,2=100,3=100"], None),
    (["add", "-t", "9", "deal; 1 fold; 2 fold"], None),
    (["tournament", "new", "daily", "--entrants", "30", "--seed", "7"], None),
    (["tournament", "payouts", "daily", "--percent", "50,30,20"], None),
    (["users", "add", "alex", "--role", "floor"], "a long password 1\n"),
    (["drill", "--seed", "5", "--count", "3", "--trainee", "alex"], "1\n1\n1\n"),
]  # fmt: skip
"""The store every command runs on: a table mid-hand with a ruling, a table whose hand is
over, a tournament with its payouts, a user, a trainee's scores."""


def piped(
    args: list[str], env: dict[str, str], typed: str | None
) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR")}
    environ.update(env)
    return subprocess.run([sys.executable, "-m", "floorman", *args], input=typed or "",
                          capture_output=True, text=True, cwd=ROOT, env=environ, check=False,
                          timeout=300)  # fmt: skip


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("room")
    (folder / "hand.phh").write_text(SAMPLE_PHH, encoding="utf-8")
    env = {"FLOORMAN_DB": str(folder / "room.db")}
    for args, typed in SETUP:
        done = piped(args, env, typed)
        assert done.returncode == 0, (args, done.stderr)
    return folder


def cases() -> list[tuple[tuple[str, ...], int, Case]]:
    return [
        (path, index, given)
        for path in runnable_paths()
        for index, given in enumerate(CASES.get(" ".join(path), [case()]))
    ]


def fresh(room: Path, name: str) -> Path:
    """A copy of the room's store for one run, so each run starts from the same table."""
    folder = room / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    for part in room.iterdir():
        if part.is_file():
            shutil.copy(part, folder / part.name)
    return folder


@pytest.mark.slow
@pytest.mark.parametrize(
    ("path", "index", "given"), cases(), ids=[f"{' '.join(p)}-{i}" for p, i, _ in cases()]
)
def test_every_command_fits_80_columns_and_breaks_between_words(
    room: Path, path: tuple[str, ...], index: int, given: Case
) -> None:
    runs = {}
    for where in ("terminal", "pipe"):
        folder = fresh(room, f"{'-'.join(path)}-{index}-{where}")
        args = [
            part.format(db=folder / "room.db", dir=folder, examples=EXAMPLES) for part in given.args
        ]
        env = {"FLOORMAN_DB": str(folder / "room.db"), **given.env}
        if where == "terminal":
            out = on_terminal(*path, *args, env=env, stdin=given.typed or "")
        else:
            done = piped([*path, *args], env, given.typed)
            assert done.returncode in given.status, (done.returncode, done.stderr)
            out = done.stdout + done.stderr
        runs[where] = out.replace(str(folder), "{dir}")
    terminal, pipe = runs["terminal"], runs["pipe"]
    assert "Traceback" not in pipe
    if not given.data:
        assert not too_wide(terminal), "\n".join(too_wide(terminal))
    if given.changing:
        terminal = re.sub(given.changing, "X", terminal)
        pipe = re.sub(given.changing, "X", pipe)
    assert sorted(words(terminal)) == sorted(words(pipe))
    if not given.data:
        assert not PYTHON_LITERAL.search(pipe), PYTHON_LITERAL.findall(pipe)


def test_lives_help_is_laid_out_for_80_columns_an_item_on_one_line() -> None:
    from floorman.cli.live import HELP

    assert all(len(line) <= COLUMNS for line in HELP.splitlines())
    assert "  unaware 4 (called short of a raise it did not see: asks for the chips back)" in (
        HELP.splitlines()
    )


@pytest.mark.parametrize(
    ("text", "python"),
    [("betting_complete eq False", True), ("option x: None", True), ("values [1, 2]", True),
     ("not '-'", True), ("  1) None: every event follows the procedure", False),
     ("Not so once everyone is all in", False)],
)  # fmt: skip
def test_the_python_literal_check_tells_python_from_english(text: str, python: bool) -> None:
    assert bool(PYTHON_LITERAL.search(text)) is python
