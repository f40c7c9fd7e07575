"""Tournaments in the store: created once by name in any case, the log append-only and
in order, a writer with a stale view refused; in a SQLite file and in PostgreSQL alike."""

from __future__ import annotations

import pytest

from floorman.store.errors import Duplicate, StoreConflict, StoreError
from floorman.store.tournaments import open_tournament_store
from tests.stores import refused

DRAW = {"kind": "draw", "entrants": 2, "table_seats": 9,
        "seating": [[1, 1, 1, 100], [1, 2, 2, 100]], "buttons": {"1": 1}}  # fmt: skip


def test_a_tournament_and_its_log(store_url: str) -> None:
    with open_tournament_store(store_url) as store:
        created = store.create("Sunday Major", {"structure": "daily"}, 2**61, DRAW, "Ana")
        assert (created.name, created.seed) == ("Sunday Major", 2**61)
        found = store.tournament("sunday major")
        assert (found.name, found.structure, found.seed) == (
            "Sunday Major",
            {"structure": "daily"},
            2**61,
        )
        [first] = store.log("SUNDAY MAJOR")
        assert (first.kind, first.data, first.by) == ("draw", DRAW, "Ana")
        ids = store.append(
            "sunday major", [{"kind": "bust", "table": 1, "seat": 2}], after=first.id
        )
        assert [e.kind for e in store.log("Sunday Major")] == ["draw", "bust"]
        with pytest.raises(StoreConflict, match="changed by another terminal"):
            store.append("Sunday Major", [{"kind": "level", "level": 2}], after=first.id)
        store.append("Sunday Major", [{"kind": "level", "level": 2}], after=ids[-1])
        assert store.names() == ["Sunday Major"]


def test_a_name_is_used_once_in_any_case(store_url: str) -> None:
    with open_tournament_store(store_url) as store:
        store.create("Daily", {}, 1, DRAW)
        with pytest.raises(Duplicate, match="exists already"):
            store.create("DAILY", {}, 2, DRAW)
        with pytest.raises(StoreError, match=r"no tournament 'weekly'.*there are Daily"):
            store.tournament("weekly")


def test_the_log_is_append_only(store_url: str) -> None:
    with open_tournament_store(store_url) as store:
        store.create("Daily", {}, 1, DRAW)
    assert "append-only" in refused(store_url, "DELETE FROM tournament_log")
    assert "append-only" in refused(store_url, "UPDATE tournaments SET seed = '2'")
