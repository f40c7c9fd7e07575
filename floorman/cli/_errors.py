"""User errors as one line and exit status 2, also when the app is called in process."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from floorman.cli._console import fail
from floorman.errors import FloormanError


def tolerant_streams() -> None:
    """Bytes that are not UTF-8 on standard input reach the parser, which names them,
    and text that holds them prints escaped, instead of ending the command with a
    traceback (as a strict locale such as ``en_US.UTF-8`` would)."""
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "backslashreplace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=errors)


@contextmanager
def user_errors() -> Iterator[None]:
    """A user's mistake becomes one line and exit status 2, however the CLI is invoked."""
    try:
        yield
    except FloormanError as error:
        fail(str(error))
