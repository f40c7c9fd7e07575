"""The command line: parse arguments, call the domain, print. Nothing else.

Each command lives in its own module and registers itself on :data:`app`
when imported here; heavy libraries (weasyprint, sqlite3, pokerkit) are
imported inside the commands that need them, so ``floorman check`` starts fast.
"""

from __future__ import annotations

from floorman.cli import (
    ask,  # noqa: F401
    check,  # noqa: F401
    compare,  # noqa: F401
    drill,  # noqa: F401
    live,  # noqa: F401
    phh,  # noqa: F401
    read,  # noqa: F401
    report,  # noqa: F401
    rules,  # noqa: F401
    schema,  # noqa: F401
    sheet,  # noqa: F401
    split,  # noqa: F401
    table,  # noqa: F401
)
from floorman.cli._app import app, main

__all__ = ["app", "main"]
