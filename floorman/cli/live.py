"""``floorman live``: record a hand one line at a time, seeing the state after each.

Each line is an event (or several separated by ``;``), stored as soon as it
is accepted; a bad line is refused with one message and the session goes
on. ``undo``, ``show``, ``next``, ``help`` and ``quit`` work inside: the
session is a shift at the table, and ``next`` starts the next hand when one
ends. Ctrl-C clears the line; a second Ctrl-C, or Ctrl-D, leaves. On a
terminal, Tab completes event words and seats (stdlib ``readline``); piped
input works the same, without prompts.

Another terminal may record at the same table meanwhile. Before each line
the session looks whether the table changed; if it did, it reloads it,
shows it, and does not act on the line, which was typed against what the
dealer saw before (the store refuses a write from a stale view in any case).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from floorman.cli._app import TABLE, app, help_example
from floorman.cli._console import echo
from floorman.cli._options import ByOption, DbOption, TableOption

if TYPE_CHECKING:
    from pathlib import Path

    from floorman.store.hands import Store, StoredHand
    from floorman.tables.hands import Loaded

_COMMANDS = ("undo", "show", "next", "help", "quit")
_CHANGES = ("sit", "move", "leave", "sitout", "back", "seat", "rebuy", "level", "push")
"""Changes between hands (:mod:`floorman.session.words`), applied from the next hand."""

HELP = """\
one event per line (several with ;), e.g.
  deal | 3 raise 60 | 5 fold | call (the seat to act) | burn | flop Ah Kd 7c
  turn 7d | expose 3:2 Ah [by player] | extra 4 | post 6 straddle 4
  show 3 Ah Kd | muck 5 | plays-board 2 | misdeal | reshuffle | cut | note TEXT
  kill 3 | retrieve 3 | away 3 | award 1,3 [X] (what the dealer pushed)
  button 5 (found out of position) | dealt-empty 7 | dealt-out 4
  clock 3 (the clock is put on seat 3) | clock 3 expired
  run 2 (the players all in agree to run the board twice)
  count 4 1200 [by player] (the count seat 4 was given) | behind 2 500 (found)
as it happened, out of turn too (it is ruled):
  4 call 300 (short) | 4 chips 1000+500 | 4 says raise | 4 string 400 1000
  4 motion (limit)
  unaware 4 (called short of a raise it did not see: asks for the chips back)
and: undo (take back the last event) | show (the whole table) | help | quit
  next (the next hand once this one is over; next force closes it as abandoned)
between hands (from the next hand on):
  sit SEAT CHIPS [NAME] [post | buy-button] | leave SEAT | sitout SEAT
  move SEAT CHIPS [from TABLE] [NAME] | back SEAT [post] | seat SEAT NEWSEAT
  rebuy SEAT CHIPS | level SMALL/BIG [ante X] | push (a dealer push)"""
"""Laid out for 80 columns, an item never across two lines; a narrower terminal
breaks the lines between words."""


_NEXT = "hand over: type next for the next hand"


def completions(text: str, line: str, loaded: Loaded | None) -> list[str]:
    """Words that can follow what is typed: event words first, seats where a seat goes."""
    from floorman.hand.events import ACTION_VERBS, EVENT_WORDS

    words = line[: len(line) - len(text)].split()
    seats = [str(s) for s in loaded.state.table.seats] if loaded is not None else []
    if not words:
        candidates = [*seats, *EVENT_WORDS, *ACTION_VERBS, *_COMMANDS, *_CHANGES]
    elif words[0].isdigit():
        candidates = list(ACTION_VERBS) if len(words) == 1 else []
    elif words[0] in ("expose", "extra", "cards", "show", "muck", "plays-board", "post",
                      "leave", "sitout", "back", "rebuy", "seat", "kill", "retrieve", "away",
                      "button", "dealt-out", "clock", "count", "behind"):  # fmt: skip
        candidates = seats if len(words) == 1 else []
        if words[0] == "post" and len(words) == 2:
            candidates = ["sb", "bb", "ante", "straddle", "dead"]
        if words[0] == "expose" and len(words) >= 2:
            candidates = ["by"] if words[-1] != "by" else ["player"]
    else:
        candidates = []
    return [c + " " for c in candidates if c.startswith(text)]


def _enable_completion(
    get_loaded: object, complete_with: Callable[..., list[str]] | None = None
) -> None:
    try:
        import readline
    except ImportError:  # some platforms have no readline: typing still works
        return
    options: list[str] = []

    def complete(text: str, index: int) -> str | None:
        nonlocal options
        if index == 0:
            words = complete_with or completions
            options = words(text, readline.get_line_buffer(), get_loaded())  # type: ignore[operator]
        return options[index] if index < len(options) else None

    readline.set_completer_delims(" ;")
    readline.set_completer(complete)
    binding = "bind ^I rl_complete" if "libedit" in (readline.__doc__ or "") else "tab: complete"
    readline.parse_and_bind(binding)


@app.command(rich_help_panel=TABLE, epilog=help_example("floorman live --table 7"))
def live(table: TableOption = None, by: ByOption = None, db: DbOption = None) -> None:
    """Record a hand interactively, one event per line, and the changes between hands."""
    from floorman.cli import long_running
    from floorman.cli._errors import user_errors
    from floorman.cli._livegame import game_session
    from floorman.tables import hands
    from floorman.tables.games import is_other_game

    long_running()
    interactive = sys.stdin.isatty()
    with user_errors(), hands.store_at(db) as store:
        found: StoredHand | None = hands.find_hand(store, None, table, open_only=table is None)
    while found is not None:
        with user_errors():
            if is_other_game(found.header):
                found = game_session(db, found, by, interactive, _enable_completion)
            else:
                found = _flop_session(db, found, by, interactive)


def _flop_session(
    db: str | Path | None, stored: StoredHand, by: str | None, interactive: bool
) -> StoredHand | None:
    """The shift at a flop table from hand ``stored`` on; the hand ``next`` dealt when
    it is a stud or draw game's (a mixed table), ``None`` when the dealer left."""
    from floorman.cli._console import show
    from floorman.cli._errors import user_errors
    from floorman.errors import FloormanError
    from floorman.store.errors import StoreConflict
    from floorman.tables import disputes, hands
    from floorman.tables.games import is_other_game
    from floorman.tables.view import (
        award_lines,
        detail_lines,
        finished,
        reminder_lines,
        state_lines,
    )

    with user_errors(), hands.store_at(db) as store:
        loaded = hands.load(store, stored)
    holder = [loaded]
    if interactive:
        _enable_completion(lambda: holder[0])
    echo(f"hand {stored.id} at table {stored.table}: type help for the events, quit to stop")
    for line in state_lines(loaded.state):
        echo(line)
    if loaded.broken is not None:
        echo(loaded.repair())
    if stored.closed is not None or finished(loaded.state):
        echo(_NEXT)
    prompt = f"table {stored.table}> "

    def catch_up(store: Store, line: str) -> bool:
        """Reload the table if another terminal recorded to it; ``True`` when it did."""
        before = holder[0]
        now = hands.current(store, before)
        if now is None:
            return False
        holder[0] = now
        if now.stored.id != before.stored.id:
            echo(
                f"hand {before.stored.id} was closed in another terminal; "
                f"now hand {now.stored.id} at table {now.stored.table}"
            )
        else:
            echo(f"hand {now.stored.id} changed in another terminal; as it stands now:")
        if line != "show":
            echo(f'not done: "{line}" was typed against the old view; enter it again')
        for out in [*state_lines(now.state), *award_lines(now.pots, now.state)]:
            echo(out)
        if now.broken is not None:
            echo(now.repair())
        return line != "show"

    interrupted = False
    with user_errors(), hands.store_at(db) as store:
        while True:
            try:
                line = input(prompt) if interactive else sys.stdin.readline()
            except KeyboardInterrupt:
                if interrupted:
                    echo(f"\nleft table {stored.table}")
                    return None
                interrupted = True
                echo("\n(line cleared: Ctrl-C again or Ctrl-D to leave)")
                continue
            except EOFError:
                echo(f"\nleft table {stored.table}")
                return None
            interrupted = False
            if not interactive and not line:
                return None
            line = line.strip()
            if not line:
                continue
            word = line.lower()
            try:
                if word in ("quit", "exit", "q"):
                    return None
                if word in ("help", "?"):
                    echo(HELP)
                    continue
                if catch_up(store, word if word == "show" else line):
                    continue
                if word == "show":
                    show(
                        [
                            *detail_lines(holder[0].state, holder[0].values.kind),
                            *award_lines(holder[0].pots, holder[0].state),
                        ]
                    )
                    continue
                if word in ("next", "next force"):
                    from floorman.tables.dealing import start_next

                    show(start_next(store, stored.table, [], force=word != "next", by=by))
                    dealt = store.open_hand(stored.table)
                    if dealt is not None and is_other_game(dealt.header):
                        return dealt
                    holder[0] = hands.load(store, dealt or stored)
                    continue
                if word.split()[0] in _CHANGES:
                    from floorman.session.words import parse_change
                    from floorman.tables.seating import log_change

                    echo(log_change(store, stored.table, parse_change(line), by))
                    continue
                known: list[str] = []
                if word == "undo":
                    number, text, holder[0] = hands.undo_event(store, holder[0])
                    echo(f'undone: event {number} "{text}"')
                    news: list[str] = []
                else:
                    texts = hands.split_events([line])
                    count = holder[0].count
                    known = reminder_lines(holder[0].state)
                    disputed = disputes.disputed_hand(store, stored.table, texts, holder[0])
                    if disputed is not None:
                        count = disputed.count
                        _, corrected = disputes.record_dispute(store, disputed, texts)
                        news = [
                            disputes.heading(disputed.stored.id, disputed.stored.closed),
                            *hands.ruling_lines_since(disputed, count),
                            *corrected,
                        ]
                    else:
                        hands.record(store, holder[0], texts)
                        news = hands.ruling_lines_since(holder[0], count)
            except StoreConflict:
                catch_up(store, line)
                continue
            except FloormanError as error:
                echo(f"floorman: {error}", err=True)
                continue
            show(
                [
                    *news,
                    *state_lines(holder[0].state, known=known),
                    *award_lines(holder[0].pots, holder[0].state),
                ]
            )
            if holder[0].broken is not None:
                echo(holder[0].repair())
            if finished(holder[0].state):
                echo(_NEXT)
    return None
