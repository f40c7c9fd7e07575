"""What the PHH stud and draw imports share: a failure naming the file, an amount read
as whole chips, and the replay of the players' names and actions as the hand's events,
each refused event naming its action (:mod:`floorman.interchange.phh.studimport`,
:mod:`floorman.interchange.phh.drawimport` read their own fields and actions)."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from floorman.bounds import MAX_CHIPS, MAX_EVENTS_PER_HAND
from floorman.cards import CardError
from floorman.hand.events import Event, EventError
from floorman.hand.reducer import Reducer
from floorman.interchange.phh.errors import FractionalChips, PhhError
from floorman.interchange.phh.imported import ImportedHand
from floorman.interchange.phh.notation import name_notes, player_seats

__all__ = ["GameImporter"]

Hand = TypeVar("Hand", bound=Reducer)


class GameImporter(ABC, Generic[Hand]):
    """The fields of one PHH file (``data``, from the file ``name``), replayed as a hand
    of one game: :meth:`events` reads an action as the game's events."""

    def __init__(self, data: Mapping[str, Any], name: str) -> None:
        self.data = data
        self.name = name

    def fail(self, message: str) -> PhhError:
        return PhhError(f"{self.name}: {message}")

    def chips(self, key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(f"{key}: {value!r} is not an amount")
        if not math.isfinite(value) or value != int(value):
            raise FractionalChips(f"{self.name}: {key}: {value} is not a whole number of chips")
        if not 0 <= value <= MAX_CHIPS:
            raise self.fail(f"{key}: {value} is not 0 to {MAX_CHIPS:,} chips")
        return int(value)

    def replay(self, imported: ImportedHand[Hand], actions: Any, players: int) -> None:
        """The players' names as notes, every action as the hand's events, then the
        file's finishing stacks."""
        names = self.data.get("players")
        if isinstance(names, list) and len(names) == players:
            for note in name_notes(names):
                self.apply(imported, note, 0, "")
        if not isinstance(actions, list) or len(actions) > MAX_EVENTS_PER_HAND:
            raise self.fail(f"actions is a list of at most {MAX_EVENTS_PER_HAND:,} actions")
        seated = player_seats(players)
        for number, raw in enumerate(actions, 1):
            if not isinstance(raw, str):
                raise self.fail(f"action {number}: {raw!r} is not an action string")
            try:
                for event in self.events(imported.state, seated, raw):
                    self.apply(imported, event, number, raw)
            except (CardError, ValueError) as error:
                if isinstance(error, PhhError):
                    raise
                raise self.fail(f'action {number} "{raw}": {error}') from None
        finishing = self.data.get("finishing_stacks")
        if isinstance(finishing, list) and len(finishing) == players:
            imported.finishing_stacks = tuple(finishing)

    @abstractmethod
    def events(self, state: Hand, seated: Mapping[str, int], raw: str) -> list[Event]:
        """One PHH action as the game's events (``seated``: each player's seat); each
        game's importer reads its own actions."""

    def apply(self, imported: ImportedHand[Hand], event: Event, number: int, raw: str) -> None:
        try:
            imported.state.apply(event, len(imported.events) + 1)
        except EventError as error:
            where = f'action {number} "{raw}"' if number else "the players"
            raise self.fail(f"{where}: {error.reason}") from None
        imported.events.append(event)
