"""Staff passwords: hashed with a salt of their own, checked without ever raising."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.store.passwords import hash_password, needs_rehash, verify_password


@settings(max_examples=10, deadline=None)
@given(st.text(min_size=1, max_size=40))
def test_a_password_verifies_against_its_hash_and_no_other(password: str) -> None:
    stored = hash_password(password)
    assert verify_password(password, stored)
    assert not verify_password(password + "x", stored)


def test_two_hashes_of_one_password_differ() -> None:
    assert hash_password("same password") != hash_password("same password")


@settings(max_examples=50, deadline=None)
@given(st.text(max_size=200))
def test_a_damaged_hash_never_verifies_and_never_raises(stored: str) -> None:
    assert not verify_password("anything", stored)


def test_a_hash_made_with_weaker_parameters_verifies_and_is_due_a_rehash() -> None:
    import base64
    import hashlib

    salt = b"0123456789abcdef"
    digest = hashlib.scrypt(b"green felt", salt=salt, n=2**14, r=8, p=1, dklen=32)
    old = "scrypt$16384$8$1$" + base64.b64encode(salt).decode() + "$"
    old += base64.b64encode(digest).decode()
    assert verify_password("green felt", old)
    assert needs_rehash(old)
    assert not needs_rehash(hash_password("green felt"))
    assert needs_rehash("not a hash")
