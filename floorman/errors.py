"""Errors a user can cause: the CLI prints their message as one line, exit status 2."""


class FloormanError(Exception):
    """Bad input from a user: a card, a seat, a hand file, a rulebook.

    The message names the place (the event, the file and line, the option)
    and is shown as it is, with no traceback.
    """
