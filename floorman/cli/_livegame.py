"""``floorman live`` at a stud or draw table: the same shift at the table, one line at a
time, with the game's own words. After each line the dealer reads the rulings it
brought, the table, and what comes next as the station offers it: the seat to act and
its actions (``bring-in | complete 4``), the cards to deal, the draw. A betting word or
a draw typed without its seat is the seat to act's (the seat to draw's). ``next`` deals
the table's next hand, of whatever game its rotation deals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from floorman.cli._console import echo, show

if TYPE_CHECKING:
    from pathlib import Path

    from floorman.store.hands import Store, StoredHand
    from floorman.tables.games import GameHand

__all__ = ["DRAW_HELP", "STUD_HELP", "game_completions", "game_session", "read_lines"]

STUD_HELP = """\
one event per line (several with ;), e.g.
  down 3 ?? ?? (downcards, ?? for one nobody saw) | up 3 Kd | down 3 ??
  bring-in (the seat to act brings it in) | complete 4 | call | 5 raise 8
  fold | check | bet 4 (fourth street: bet 8 with an open pair)
  show 3 Ah Kd 7c (its downcards, or its seven cards) | muck 5 | note TEXT
the dealer's errors (they are ruled):
  expose 3:1 Kc (a downcard dealt face up: 1, 2 or 7) | expose 3 Kc by player
  off-table 3:2 Kc | 4 bring-in (the wrong player named low)
  up 5 Qd (before the betting is complete: premature) | stub 4 | common 9h
  reshuffle | cut
and: undo (take back the last event) | show (the whole table) | help | quit
  next (the next hand once this one is over; next force closes it as abandoned)"""
"""Laid out for 80 columns, an item never across two lines."""

DRAW_HELP = """\
one event per line (several with ;), e.g.
  deal | cards 3 7c 5d 4h 3s 2c (known) | call (the seat to act) | 5 raise 20
  stands pat (the seat to draw) | draws 2 | 3 draws 2 Jh 4s (the cards known)
  show 3 7c 5d 4h 3s 2c | muck 5 | note TEXT
the dealer's errors (they are ruled):
  expose 3 Kh (a card exposed on the draw) | expose 3 Kh by player
  off-table 3 Kh | reshuffle (the discards, for the draw) | cut
and: undo (take back the last event) | show (the whole table) | help | quit
  next (the next hand once this one is over; next force closes it as abandoned)"""

_NEXT = "hand over: type next for the next hand"
_VERBS = ("fold", "check", "call", "bet", "raise", "allin", "bring-in", "complete")
_STUD_WORDS = ("down", "up", "common", "stub", "expose", "off-table", "show", "muck", "note",
               "reshuffle", "cut")  # fmt: skip
_DRAW_WORDS = ("deal", "cards", "draws", "stands", "expose", "off-table", "show", "muck",
               "note", "reshuffle", "cut")  # fmt: skip
_COMMANDS = ("undo", "show", "next", "help", "quit")


def game_completions(text: str, line: str, loaded: GameHand | None) -> list[str]:
    """Words that can follow what is typed at a stud or draw table: the game's words and
    the betting verbs first, seats where a seat goes."""
    from floorman.hand.rotation import STUD_GAMES

    stud = loaded is None or loaded.game in STUD_GAMES
    words = line[: len(line) - len(text)].split()
    seats = [str(s) for s in loaded.state.seats] if loaded is not None else []
    own = _STUD_WORDS if stud else _DRAW_WORDS
    if not words:
        candidates = [*seats, *own, *_VERBS, *_COMMANDS]
    elif words[0].isdigit() and len(words) == 1:
        candidates = [*_VERBS] if stud else [*_VERBS, "draws", "stands"]
        candidates = [c for c in candidates if c in _VERBS or not stud]
    elif words[0].isdigit() and words[1:] == ["stands"]:
        candidates = ["pat"]
    elif words[0] in ("down", "up", "expose", "off-table", "show", "muck", "cards"):
        candidates = seats if len(words) == 1 else []
    else:
        candidates = []
    return [c + " " for c in candidates if c.startswith(text)]


def read_lines(prompt: str, interactive: bool, table: str) -> Iterator[str]:
    """The lines typed, stripped, blank ones skipped. Ctrl-C clears the line; a second
    one, or Ctrl-D (the end of piped input), leaves."""
    import sys

    interrupted = False
    while True:
        try:
            line = input(prompt) if interactive else sys.stdin.readline()
        except KeyboardInterrupt:
            if interrupted:
                echo(f"\nleft table {table}")
                return
            interrupted = True
            echo("\n(line cleared: Ctrl-C again or Ctrl-D to leave)")
            continue
        except EOFError:
            echo(f"\nleft table {table}")
            return
        interrupted = False
        if not interactive and not line:
            return
        if line.strip():
            yield line.strip()


def _table_lines(loaded: GameHand) -> list[str]:
    from floorman.tables.gamestation import next_lines

    return [*loaded.lines(), *next_lines(loaded.state)]


def _over(loaded: GameHand) -> bool:
    """Whether the dealer is told the hand is over: its pots can be pushed and no live
    hand is still to be shown or mucked (as at a flop table, where the pot waits for
    every hand tabled), so ``next`` is the one thing left to do."""
    from floorman.tables.gamestation import next_lines

    return loaded.finished() and not next_lines(loaded.state)


def _heading(loaded: GameHand) -> str:
    from floorman.tables.gamestation import game_title

    stored = loaded.stored
    return f"hand {stored.id} at table {stored.table}: {game_title(stored.header)}"


def game_session(
    db: str | Path | None,
    stored: StoredHand,
    by: str | None,
    interactive: bool,
    enable: Callable[[Callable[[], object], Callable[..., list[str]]], None],
) -> StoredHand | None:
    """The shift at a stud or draw table from hand ``stored`` on; the hand ``next``
    dealt when it is a flop game's (for the flop session), ``None`` when the dealer left."""
    from floorman.errors import FloormanError
    from floorman.hand.rotation import STUD_GAMES
    from floorman.store.errors import StoreConflict
    from floorman.tables import hands
    from floorman.tables.games import is_other_game, load_game, record_game, undo_game
    from floorman.tables.gamestation import game_title, rotation_line
    from floorman.tables.mixed import rotation_of

    with hands.store_at(db) as store:
        holder = [load_game(store, stored)]
        rotation = rotation_of(store, stored.table, stored.id)
    if interactive:
        enable(lambda: holder[0], game_completions)
    table = stored.table
    echo(f"hand {stored.id} at table {table}: type help for the events, quit to stop")
    echo(game_title(stored.header))
    said = rotation_line(None if rotation is None else rotation.as_json())
    if said is not None:
        echo(said)
    show(_table_lines(holder[0]))
    if _over(holder[0]):
        echo(_NEXT)

    def catch_up(store: Store, line: str) -> bool:
        """Reload the table if another terminal recorded to it; ``True`` when it did."""
        before = holder[0]
        now = store.open_hand(table)
        same = now is not None and now.id == before.stored.id
        if same and store.last_record(before.stored.id) == before.last:
            return False
        if now is None or not is_other_game(now.header):
            return False
        holder[0] = load_game(store, now)
        if not same:
            echo(
                f"hand {before.stored.id} was closed in another terminal; now {_heading(holder[0])}"
            )
        else:
            echo(f"hand {now.id} changed in another terminal; as it stands now:")
        if line != "show":
            echo(f'not done: "{line}" was typed against the old view; enter it again')
        show(_table_lines(holder[0]))
        return line != "show"

    with hands.store_at(db) as store:
        for line in read_lines(f"table {table}> ", interactive, table):
            word = line.lower()
            loaded = holder[0]
            try:
                if word in ("quit", "exit", "q"):
                    return None
                if word in ("help", "?"):
                    echo(STUD_HELP if loaded.game in STUD_GAMES else DRAW_HELP)
                    continue
                if catch_up(store, line):
                    continue
                if word == "show":
                    show(_table_lines(loaded))
                    continue
                if word in ("next", "next force"):
                    from floorman.tables.dealing import start_next

                    show(start_next(store, table, [], force=word != "next", by=by))
                    dealt = store.open_hand(table)
                    if dealt is None:
                        continue
                    if not is_other_game(dealt.header):
                        return dealt
                    holder[0] = load_game(store, dealt)
                    from floorman.tables.gamestation import next_lines

                    show(next_lines(holder[0].state))  # next printed the table
                    continue
                if word.split()[0] in ("sit", "move", "leave", "sitout", "back", "seat", "rebuy",
                                       "level", "push"):  # fmt: skip
                    from floorman.session.words import parse_change
                    from floorman.tables.seating import log_change

                    echo(log_change(store, table, parse_change(line), by))
                    continue
                if word == "undo":
                    number = loaded.count
                    text, holder[0] = undo_game(store, loaded.stored)
                    news = [f'undone: event {number} "{text}"']
                else:
                    texts = hands.split_events([line])
                    news = record_game(store, loaded, texts, by=by)
            except StoreConflict:
                catch_up(store, line)
                continue
            except FloormanError as error:
                echo(f"floorman: {error}", err=True)
                continue
            show([*news, *_table_lines(holder[0])])
            if _over(holder[0]):
                echo(_NEXT)
    return None
