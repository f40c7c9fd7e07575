"""Errors a user can cause: the CLI prints their message as one line, exit status 2."""

__all__ = ["FloormanError", "is_utf8", "shown"]


class FloormanError(Exception):
    """Bad input from a user: a card, a seat, a hand file, a rulebook.

    The message names the place (the event, the file and line, the option)
    and is shown as it is, with no traceback.
    """


def is_utf8(text: str) -> bool:
    """Text that came in as UTF-8: no lone surrogate stands for a byte that was not."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown(text: str) -> str:
    """User text as a message prints it: a byte that was not UTF-8 as an escape (``\\xff``)."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
