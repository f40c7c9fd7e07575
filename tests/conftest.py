"""Fixtures several test modules share."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pgcluster import Cluster, binaries, cluster

from floorman.documents import render


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
    """A throwaway PostgreSQL cluster for the whole run; without PostgreSQL installed, the
    tests that need it fail under CI and are skipped elsewhere."""
    bindir = binaries()
    if bindir is None:
        message = "PostgreSQL is not installed (initdb, pg_ctl): sh scripts/system-deps --tests"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
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
