"""What a dealer writes in an option's value (blinds, a seat's chips), read without typer,
so that the commands started without it read them the same way."""

from __future__ import annotations

from floorman.cli._console import fail
from floorman.errors import FloormanError
from floorman.numerals import NumberError, chip_amount, is_number, quoted, seat_number

__all__ = ["amounts", "blinds_of", "checked_kind", "seat_chips", "through_server"]


def blinds_of(text: str) -> list[int]:
    """The small and big blind written ``small/big`` (or ``small-big``, ``small,big``);
    else one line naming ``--blinds``."""
    parts = [p.strip() for p in text.replace("-", "/").replace(",", "/").split("/")]
    if len(parts) != 2 or not all(map(is_number, parts)):
        fail(f'--blinds "{text}": write small/big, e.g. 1/2')
    try:
        return [chip_amount(p) for p in parts]
    except NumberError as error:
        fail(f"--blinds: {error}")
    raise AssertionError("unreachable")


def seat_chips(option: str, item: str, form: str) -> tuple[int, int]:
    """A seat and an amount written ``SEAT=CHIPS``; else one line naming ``option``."""
    seat, sep, chips = item.partition("=")
    if not sep or not is_number(seat) or not is_number(chips):
        fail(f'{option} "{quoted(item)}": write {form}')
    try:
        return seat_number(seat), chip_amount(chips)
    except NumberError as error:
        fail(f'{option} "{quoted(item)}": {error}')
    raise AssertionError("unreachable")


def amounts(option: str, text: str) -> list[int]:
    """Chip amounts written ``4,8``; else one line naming ``option``."""
    try:
        return [chip_amount(word.strip()) for word in text.split(",") if word.strip()]
    except NumberError as error:
        fail(f'{option} "{quoted(text)}": {error}')
    raise AssertionError("unreachable")


def through_server(server: str | None, db: str | None) -> bool:
    """Whether a command goes through the server; ``--db`` with it names two stores."""
    if server is not None and db is not None:
        fail("--db and --server: through a server, the server's store is written; give one")
    return server is not None


def checked_kind(kind: str | None) -> str | None:
    """``--kind`` as given; a word other than cash or tournament is a user's error."""
    if kind not in (None, "cash", "tournament"):
        raise FloormanError(f"--kind: cash or tournament, not {kind!r}")
    return kind
