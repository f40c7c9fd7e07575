"""The layer map of ``docs/architecture.md``, held: every import of every module of
floorman, at module level, under ``TYPE_CHECKING`` or inside a function, is read with
``ast`` and checked against it.

- A module imports only from its own layer and the layers below it.
- ``cli/`` and ``server/`` never import each other, save the ``serve`` command
  starting the server's app.
- A library that reaches the terminal, a store, paper, the network or the web has
  one home: the domain and the helpers import none of them.

What does not hold today is listed in :data:`EXCEPTIONS`, each with its reason, and
the list only shrinks: an exception that no longer occurs fails too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import floorman

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "floorman"
DOC = ROOT / "docs" / "architecture.md"

LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    ("the command line and the server", frozenset({"cli", "server", "__main__"})),
    ("the use cases", frozenset({"tables"})),
    ("documents, hand files and the store", frozenset({"documents", "interchange", "store"})),
    (
        "the domain",
        frozenset(
            {"rules", "drills", "session", "showdown", "hand", "tournament", "replay", "recording"}
        ),
    ),
    ("the helpers", frozenset({"cards", "errors", "ansi", "bounds", "numerals", "inputfile",
                               "strictdata", "vocabulary", "visible", "_resources",
                               "__init__"})),
)  # fmt: skip
"""From the top: each layer's packages (``cli``) and top-level modules (``replay``);
``__init__`` is the package itself (its version)."""

APART = frozenset({"cli", "server"})
"""In one layer, never importing each other."""

SERVE = ("floorman.cli.serve", "floorman.server.app")
"""The one edge between them: ``floorman serve`` starts the server's app."""

HOMES: dict[str, tuple[str, ...]] = {
    "typer": ("cli",),
    "click": ("cli",),
    "readline": ("cli",),
    "getpass": ("cli",),
    "urllib.request": ("cli",),
    "urllib.error": ("cli",),
    "http.client": ("cli",),
    "uvicorn": ("cli.serve", "cli.listening"),
    "ctypes": ("cli.arenas",),
    "starlette": ("server",),
    "sqlite3": ("store",),
    "psycopg": ("store",),
    "weasyprint": ("documents",),
    "markupsafe": ("documents",),
    "jinja2": ("documents", "server", "rules.steps"),
}
"""Each library that reaches the terminal, a store, paper, the network or the web, and
the packages or modules that may import it; ``rules.steps`` renders a rule's step
text in jinja2's sandbox. The domain may read its data (YAML, pydantic models, its
rulebook files and their cache) but imports none of these."""

EXCEPTIONS: dict[tuple[str, str], str] = {
    ("floorman.drills.irregularities", "floorman.documents.wording"): "documents' words",
    ("floorman.drills.narration", "floorman.documents.events"): "documents' words",
    ("floorman.drills.printing", "floorman.documents.cards"): "documents' words",
    ("floorman.drills.printing", "floorman.documents.wording"): "documents' words",
    ("floorman.drills.irregularities", "floorman.interchange.handfile"): "the hand model",
    ("floorman.drills.model", "floorman.interchange.handfile"): "the hand model",
    ("floorman.drills.sidepots", "floorman.interchange.handfile"): "the hand model",
    ("floorman.drills.splits", "floorman.interchange.handfile"): "the hand model",
    ("floorman.drills.variation", "floorman.interchange.handfile"): "the hand model",
    ("floorman.drills.wagers", "floorman.interchange.handfile"): "the hand model",
    ("floorman.rules.examples", "floorman.interchange.handfile"): "the hand model",
    ("floorman.rules.dealtexamples", "floorman.interchange.dealtrulings"): "the hand model",
    ("floorman.rules.dealtexamples", "floorman.interchange.drawfile"): "the hand model",
    ("floorman.rules.dealtexamples", "floorman.interchange.studfile"): "the hand model",
    ("floorman.recording", "floorman.interchange.plainhand"): "the plain header's type",
    ("floorman.replay", "floorman.interchange.plainhand"): "the plain hand's types",
}
"""Imports that break the map today, with what they reach for; docs/architecture.md
says where each belongs. Remove an entry when its import goes."""


@dataclass(frozen=True)
class Import:
    """One imported name as the module that holds it: ``floorman.tables.hands``, ``typer``."""

    target: str
    line: int


def unit(module: str) -> str:
    """The package or top-level module of floorman that ``module`` is part of."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def layer(module: str) -> int | None:
    """The layer of ``module``, counted from the top; ``None`` for one in no layer."""
    for index, (_name, units) in enumerate(LAYERS):
        if unit(module) in units:
            return index
    return None


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports(module: str, source: str) -> Iterator[Import]:
    """Every module ``source`` imports, anywhere in it; ``from floorman.cli import _app``
    is ``floorman.cli._app``, ``from floorman import __version__`` is ``floorman``."""
    package = module if is_module(f"{module}.__init__") else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield Import(full if is_module(full) else base, node.lineno)


def _within(module: str, home: str) -> bool:
    name = f"floorman.{home}"
    return module == name or module.startswith(name + ".")


def problems(module: str, source: str) -> list[str]:
    """What in ``source``, the text of ``module``, breaks the map; one line each, naming
    the module, the import and its line."""
    found: list[str] = []
    own = layer(module)
    if own is None:
        return [f"{module} is in no layer: place {unit(module)} in docs/architecture.md"]
    for imported in imports(module, source):
        target = imported.target
        where = f"{module} imports {target} (line {imported.line})"
        if target == "floorman" or target.startswith("floorman."):
            theirs = layer(target)
            if theirs is None:
                found.append(f"{where}: {unit(target)} is in no layer")
            elif theirs < own:
                found.append(
                    f"{where}: {LAYERS[own][0]} ({unit(module)}) may not import "
                    f"{LAYERS[theirs][0]} ({unit(target)}), above it"
                )
            elif {unit(module), unit(target)} == APART and (module, target) != SERVE:
                found.append(
                    f"{where}: cli/ and server/ never import each other "
                    f"(only {SERVE[0]} starts {SERVE[1]})"
                )
            continue
        for library, homes in HOMES.items():
            reached = target == library or target.startswith(library + ".")
            if reached and not any(_within(module, home) for home in homes):
                places = ", ".join(f"floorman.{home}" for home in homes)
                found.append(f"{where}: {library} belongs to {places} alone")
    return found


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, path


def _exception(line: str) -> tuple[str, str] | None:
    found = re.match(r"(\S+) imports (\S+) \(line", line)
    if found is None or (": cli/ and server/" not in line and "may not import" not in line):
        return None
    return found.group(1), found.group(2)


def all_problems() -> list[str]:
    return [line for name, path in modules() for line in problems(name, path.read_text())]


def test_every_module_keeps_to_the_layer_map() -> None:
    broken = [line for line in all_problems() if _exception(line) not in EXCEPTIONS]
    assert broken == [], "\n".join(broken)


def test_every_exception_still_occurs_so_the_list_only_shrinks() -> None:
    occurring = {_exception(line) for line in all_problems()}
    gone = [f"{a} no longer imports {b}" for (a, b) in EXCEPTIONS if (a, b) not in occurring]
    assert gone == [], "remove from EXCEPTIONS: " + "; ".join(gone)


def test_a_module_reaching_up_or_for_an_io_library_is_named_with_its_import() -> None:
    source = (
        "import typer\n"
        "from floorman.tables import hands\n"
        "\n"
        "def later():\n"
        "    from floorman.store import _sqlite\n"
        "    import sqlite3\n"
    )
    assert problems("floorman.hand.state", source) == [
        "floorman.hand.state imports typer (line 1): typer belongs to floorman.cli alone",
        "floorman.hand.state imports floorman.tables.hands (line 2): the domain (hand) may not "
        "import the use cases (tables), above it",
        "floorman.hand.state imports floorman.store._sqlite (line 5): the domain (hand) may not "
        "import documents, hand files and the store (store), above it",
        "floorman.hand.state imports sqlite3 (line 6): sqlite3 belongs to floorman.store alone",
    ]


def test_cli_and_server_never_import_each_other_save_serve() -> None:
    into_cli = "def f():\n    from floorman.cli import _console\n"
    assert problems("floorman.server.room", into_cli) == [
        "floorman.server.room imports floorman.cli._console (line 2): cli/ and server/ never "
        "import each other (only floorman.cli.serve starts floorman.server.app)"
    ]
    assert problems("floorman.cli.serve", "from floorman.server.app import create_app") == []
    assert problems("floorman.cli.serve", "from floorman.server.room import Room") != []
    assert problems("floorman.cli.hands", "from floorman.server.app import create_app") != []
    assert problems("floorman.cli.hands", "import uvicorn") == [
        "floorman.cli.hands imports uvicorn (line 1): uvicorn belongs to"
        " floorman.cli.serve, floorman.cli.listening alone"
    ]


def test_what_is_allowed_is_not_reported() -> None:
    downward = (
        "from floorman.tables.hands import store_at\n"
        "from floorman.session.seating import Change\n"
        "from floorman import __version__\n"
        "import json, urllib.parse\n"
    )
    assert problems("floorman.cli.table", downward) == []
    assert problems("floorman.rules.steps", "import jinja2") == []
    assert problems("floorman.rules.loader", "import jinja2") != []
    assert problems("floorman.store.hands", "from floorman.drills import model") == []


def test_a_module_in_no_layer_is_named() -> None:
    assert problems("floorman.pricing.fees", "") == [
        "floorman.pricing.fees is in no layer: place pricing in docs/architecture.md"
    ]
    assert problems("floorman.cards", "from floorman.pricing import fees") == [
        "floorman.cards imports floorman.pricing (line 1): pricing is in no layer"
    ]


def _documented_layers() -> list[set[str]]:
    """The map as docs/architecture.md draws it: one line a layer in its ``layers``
    block, the packages and modules before the dash."""
    block = re.search(r"```layers\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None, "docs/architecture.md has no ```layers block"
    return [
        {word.strip("`/") for word in line.split(" — ")[0].split()}
        for line in block.group(1).splitlines()
        if line.strip()
    ]


def test_the_documented_map_is_the_one_held() -> None:
    assert _documented_layers() == [set(units) for _name, units in LAYERS]


@pytest.mark.parametrize("name", sorted(path.name for path in PACKAGE.iterdir() if path.is_dir()
                                         and (path / "__init__.py").is_file()))  # fmt: skip
def test_every_package_is_in_the_package_docstrings_map(name: str) -> None:
    assert re.search(rf"\b{name}/", floorman.__doc__ or ""), f"{name}/ is not in floorman's map"


def test_the_commands_print_through_the_console_echo() -> None:
    """``echo`` shows a user's control characters as escapes; ``typer.echo`` would
    let a note's escape sequence erase a line of the floor's terminal."""
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "floorman" / "cli").glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "typer.echo(" in line or re.search(r"(?<![\w.])print\(", line)
    ]
    assert not offenders, f"print with floorman.cli._console.echo instead: {offenders}"
