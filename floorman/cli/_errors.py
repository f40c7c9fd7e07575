"""User errors as one line and exit status 2, also when the app is called in process."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from floorman.cli._app import fail
from floorman.errors import FloormanError


@contextmanager
def user_errors() -> Iterator[None]:
    """A user's mistake becomes one line and exit status 2, however the CLI is invoked."""
    try:
        yield
    except FloormanError as error:
        fail(str(error))
