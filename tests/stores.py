"""What the store tests share: a look at a store without floorman, in either backend."""

from __future__ import annotations

import sqlite3

import pytest

__all__ = ["refused"]


def refused(where: str, statement: str) -> str:
    """What the database itself says to a statement run on it without floorman."""
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as db, pytest.raises(psycopg.Error) as caught:
            db.execute(statement)
    else:
        sqlite = sqlite3.connect(where)
        with pytest.raises(sqlite3.DatabaseError) as caught:
            sqlite.execute(statement)
        sqlite.close()
    return str(caught.value)
