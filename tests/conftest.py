"""Fixtures several test modules share."""

from __future__ import annotations

from pathlib import Path

import pytest

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
