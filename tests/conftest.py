"""Fixtures several test modules share, and the tiers the suite runs in.

A test's tier comes from what it needs, decided here and nowhere else: the fixtures it
uses (:data:`TIERS`), or a PostgreSQL parameter of a fixture (``store_url[postgresql]``);
a test slow by nature is marked ``slow`` where it is written. ``pytest`` alone runs the
fast tier, every test outside :data:`LEFT_OUT`, and the doctests of ``floorman/``;
``pytest --all`` (as ``sh scripts/test`` and CI run it) runs every tier; ``-m`` picks
tiers (``pytest -m postgres``); a test or file named on the command line runs whatever
its tier.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final, NoReturn

import pytest
from hypothesis import settings
from pgcluster import Cluster, binaries, cluster

from floorman.documents import render

TIERS: Final = {
    "postgres": frozenset({"pg_cluster", "own_cluster"}),
    "server": frozenset({"room_server"}),
    "browser": frozenset({"browser"}),
    "pdf": frozenset({"poppler"}),
}
"""The fixtures that put a test in a tier: a PostgreSQL cluster, a card room server on a
port, Chromium, reading a printed PDF back."""
LEFT_OUT: Final = ("slow", "postgres", "server", "browser", "pdf")
"""The tiers ``pytest`` alone leaves out: each costs seconds a test (a server or a cluster
to start, a document to lay out, a browser to drive), together most of the whole run."""

settings.register_profile("floorman", deadline=None)
settings.load_profile("floorman")
"""No time limit on a property example: the suite makes no timed assertions, and a shared
machine's load would make one fail at random."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all",
        action="store_true",
        dest="every_tier",
        help="run every tier: slow, postgres, server, browser and pdf tests too",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Give the run a rulebook cache of its own, for its CLI subprocesses too, never the
    developer's; and build the command line once for the in-process runs, as a real
    process does, instead of once a call."""
    folder = tempfile.mkdtemp(prefix="floorman-test-cache-")
    config.stash[_CACHE] = (folder, os.environ.get("FLOORMAN_CACHE_DIR"))
    os.environ["FLOORMAN_CACHE_DIR"] = folder

    import typer.testing

    from floorman.cli import load_commands

    load_commands()  # in help order, before the doctests import the command modules one by one
    typer.testing._get_command = _BuiltOnce(typer.testing._get_command)


def pytest_unconfigure(config: pytest.Config) -> None:
    folder, before = config.stash.get(_CACHE, (None, None))
    if folder is None:
        return
    if before is None:
        os.environ.pop("FLOORMAN_CACHE_DIR", None)
    else:
        os.environ["FLOORMAN_CACHE_DIR"] = before
    shutil.rmtree(folder, ignore_errors=True)


_CACHE = pytest.StashKey[tuple[str, str | None]]()


class _BuiltOnce:
    """typer's ``get_command``, building an app's command tree once for as long as the
    app's commands stay as they are (a test may swap one for a recorder)."""

    def __init__(self, build: Callable[[Any], Any]) -> None:
        self.build = build
        self.built: dict[tuple[object, ...], Any] = {}

    def __call__(self, app: Any) -> Any:
        key = (id(app), *_registry(app))
        if key not in self.built:
            self.built[key] = self.build(app)
        return self.built[key]


def _registry(app: Any) -> tuple[object, ...]:
    """What a typer app's command tree is built from, by identity."""
    return (
        id(app.registered_callback),
        *((id(info), id(info.callback)) for info in app.registered_commands),
        *((id(group), _registry(group.typer_instance)) for group in app.registered_groups),
    )


def tiers_of(item: pytest.Item) -> set[str]:
    """The tiers a test is in, by the fixtures it uses."""
    used = set(getattr(item, "fixturenames", ()))
    found = {tier for tier, fixtures in TIERS.items() if used & fixtures}
    callspec = getattr(item, "callspec", None)
    if callspec is not None and "postgresql" in callspec.params.values():
        found.add("postgres")
    return found


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for tier in sorted(tiers_of(item)):
            item.add_marker(tier)
    if not _fast_tier(config):
        return
    kept, left = [], []
    for item in items:
        (left if any(item.get_closest_marker(t) for t in LEFT_OUT) else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


def _fast_tier(config: pytest.Config) -> bool:
    """``pytest`` alone, or with options only: no ``--all``, no ``-m``, no test named."""
    return (
        not config.option.every_tier
        and not config.option.markexpr
        and config.args_source == pytest.Config.ArgsSource.TESTPATHS
    )


def pytest_report_header(config: pytest.Config) -> str:
    if _fast_tier(config):
        return f"tier: fast, leaving out {', '.join(LEFT_OUT)} (pytest --all runs every tier)"
    return "tier: every test --all, -m or the command line selects"


def unavailable(message: str) -> NoReturn:
    """A tool the test needs is not installed: a failure under CI, a skip elsewhere."""
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def requested(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every URL the renderer is asked for, whether it serves it or not."""
    urls: list[str] = []
    original = render.template_file

    def spy(url: str) -> Path:
        urls.append(url)
        return original(url)

    monkeypatch.setattr(render, "template_file", spy)
    return urls


@pytest.fixture
def table_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A store of its own for the test, no table named by the environment."""
    db = tmp_path / "floorman.db"
    monkeypatch.setenv("FLOORMAN_DB", str(db))
    monkeypatch.delenv("FLOORMAN_TABLE", raising=False)
    return db


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster for the whole run."""
    bindir = binaries()
    if bindir is None:
        unavailable("PostgreSQL is not installed (initdb, pg_ctl): sh scripts/system-deps --tests")
    with cluster(bindir) as running:
        yield running


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    """The URL of a fresh PostgreSQL database for the test."""
    return pg_cluster.fresh()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's store is, once in a SQLite file and once in a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "floorman.db")
    return str(request.getfixturevalue("pg_url"))


def forget_rulebooks() -> None:
    """Drop the rulebooks this process has read, so that the next are read afresh."""
    from floorman.rules import loader

    loader._READS.clear()
    loader._BOOKS.clear()
    loader._SEEN.clear()


def read_every_rulebook() -> list[str]:
    """Load every shipped rulebook and house profile; their names."""
    from floorman.rules import loader

    names = loader.shipped_rulebooks() + loader.house_names()
    for name in names:
        loader.load_rulebook(name)
    return names


@pytest.fixture(scope="session")
def warm_rulebooks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A rulebook cache holding every shipped rulebook and house profile, as a first
    read of each leaves it."""
    folder = tmp_path_factory.mktemp("rulebooks") / "cache"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FLOORMAN_CACHE_DIR", str(folder))
        forget_rulebooks()
        read_every_rulebook()
    forget_rulebooks()
    return folder


@pytest.fixture(params=["cold", "warm"])
def rulebook_cache(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """How the test's rulebooks are read: ``cold``, from their YAML into pydantic's models,
    or ``warm``, from the rulebook cache into the look-alikes of :mod:`floorman.rules.plain`
    (without pydantic's methods, which type checking cannot see)."""
    if request.param == "warm":
        folder = request.getfixturevalue("warm_rulebooks")
    else:
        folder = tmp_path / "rulebook-cache"
    monkeypatch.setenv("FLOORMAN_CACHE_DIR", str(folder))
    forget_rulebooks()
    yield request.param
    forget_rulebooks()


@pytest.fixture(scope="session")
def room_server() -> Callable[..., Any]:
    """:func:`roomserver.running_room`: a card room served on a loopback port while a
    block runs."""
    from roomserver import running_room

    return running_room


@pytest.fixture(scope="session")
def poppler() -> None:
    """poppler-utils, which read a printed document back (``pdftotext``, ``pdfinfo``,
    ``pdffonts``)."""
    missing = [tool for tool in ("pdftotext", "pdfinfo", "pdffonts") if not shutil.which(tool)]
    if missing:
        tools = ", ".join(missing)
        unavailable(f"poppler-utils is not installed ({tools}): sh scripts/system-deps")
