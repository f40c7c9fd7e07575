"""Password hashes for floor staff: scrypt from the standard library, with a salt of its own.

A hash names its parameters, so they can be raised later and old hashes still verify;
a hash made with weaker ones is made again at the next sign-in. The parameters are
OWASP's (Password Storage Cheat Sheet, 2024): N=2^14, r=8, p=5, the equivalent of
N=2^17 with p=1 in CPU at a sixteenth of the memory.

>>> stored = hash_password("correct horse")
>>> stored.startswith("scrypt$16384$8$5$"), needs_rehash(stored)
(True, False)
>>> verify_password("correct horse", stored), verify_password("wrong", stored)
(True, False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Final

__all__ = [
    "MAX_PASSWORD_CHARS",
    "MIN_PASSWORD_CHARS",
    "hash_password",
    "needs_rehash",
    "verify_password",
]

MIN_PASSWORD_CHARS: Final = 8
MAX_PASSWORD_CHARS: Final = 1_000
"""Longer input is refused before hashing, so a sign-in form cannot be made to burn CPU."""

_N, _R, _P = 2**14, 8, 5
_MAXMEM: Final = 64 * 1024 * 1024


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    secret = password.encode("utf-8", "surrogateescape")
    return hashlib.scrypt(secret, salt=salt, n=n, r=r, p=p, maxmem=_MAXMEM, dklen=32)


def hash_password(password: str) -> str:
    """``scrypt$N$r$p$salt$hash`` for ``password``."""
    salt = secrets.token_bytes(16)
    digest = _scrypt(password, salt, _N, _R, _P)
    return f"scrypt${_N}${_R}${_P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (never raises)."""
    if len(password) > MAX_PASSWORD_CHARS:
        return False
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt" or int(n) > 2**20 or int(r) > 16 or int(p) > 16:
            return False
        again = _scrypt(password, base64.b64decode(salt), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(again, base64.b64decode(digest))


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with parameters weaker than today's."""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt" or not all(part.isdigit() for part in parts[1:4]):
        return True
    n, r, p = (int(part) for part in parts[1:4])
    return n * r * p < _N * _R * _P or n < _N or r < _R
