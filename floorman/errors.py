"""Errors a user can cause: the CLI prints their message as one line, exit status 2.

Every error a user can cause is a :class:`FloormanError`, raised where the
mistake is found, named after what was wrong, its message naming the place
(the event, the file and line, the option)::

    FloormanError
    ├── CardError           a card that cannot be (cards)
    ├── NumberError         a seat or an amount as typed (numerals)
    ├── InputFileError      a file that cannot be read as given (inputfile)
    ├── EventError          an event of the notation (hand.events)
    │   ├── NotationError   ...that cannot be read
    │   └── IllegalEvent    ...that cannot be at this point of the hand
    ├── TableError          seats, button and blinds that cannot be (hand.table)
    ├── ProcedureError      a corrective procedure that cannot be enacted (hand.records)
    ├── ChangeError         a seating change between hands (session.words)
    ├── HandFileError       a hand file's header (interchange.plainhand)
    ├── PhhError            a PHH file (interchange.phh.errors)
    │   ├── UnsupportedVariant
    │   └── FractionalChips
    ├── RulebookError       a rulebook or house profile (rules.loader)
    ├── TemplateError       a rule's step text (rules.steps)
    ├── RulebookGameError   a sheet asked of a game the rulebook does not deal (documents.sheet)
    ├── ShowdownError, PotError, ReadingError, ChipError, SplitError
    │                       a showdown, pot, hand reading, chip count or split asked of
    │                       what cannot be (showdown)
    ├── AnswerError, DrillError   a drill's answer or question (drills)
    └── StoreError          the store cannot do what was asked (store.errors, its own tree)

A failing store keeps exit status 2 on the command line: like the other
errors it is one line naming the place (the file or the masked URL), nothing
is recorded, and the user's remedy is the same (another path, a running
server, room on the disk). The server answers a store that fails with
503, not with a client's 4xx.
"""

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
