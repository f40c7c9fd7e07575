"""What ``floorman users`` and ``floorman station`` share: the staff tables of the store,
and a name checked as the server keeps it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import typer

from floorman.cli._app import fail
from floorman.cli._options import plain_text
from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.store.staff import Staff

MAX_NAME = 64


def checked_name(param: typer.CallbackParam, value: str) -> str:
    """A user's or a table's name: 1 to :data:`MAX_NAME` printable characters, no ``:``
    (the server marks a station's records ``station:TABLE``)."""
    plain_text(param, value)
    if not value.strip() or len(value) > MAX_NAME or not value.isprintable() or ":" in value:
        raise FloormanError(f'"{value}": a name is 1 to {MAX_NAME} printable characters, no ":"')
    return value.strip()


@contextmanager
def staff_at(db: str | None) -> Iterator[Staff]:
    """The staff tables of the store ``--db`` names; a failure of the store is one line."""
    from floorman.store.staff import open_staff

    try:
        with open_staff(db) as staff:
            yield staff
    except FloormanError as error:
        fail(str(error))
