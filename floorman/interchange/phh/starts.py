"""How the hands of a table start, kept to copy: a table deals many hands from the same
stacks, blinds and players, and building a hand's start (its header, the forced bets
posted, the players named) costs more than copying one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from floorman.interchange.phh.imported import Imported

if TYPE_CHECKING:
    from floorman.hand.events import Event
    from floorman.hand.state import HandState

__all__ = ["STARTS", "TableStart", "TableStarts", "start_key"]

StartKey = tuple[object, ...]


class TableStart(NamedTuple):
    """How the hands of one table start (its header, the state with the forced bets
    in, the posts and the players' names as events, the dead antes), kept to copy."""

    header: dict[str, Any]
    events: tuple[Event, ...]
    state: HandState
    dead: dict[int, int]

    @staticmethod
    def of(imported: Imported) -> TableStart:
        header = {**imported.header, "seats": dict(imported.header["seats"])}
        return TableStart(
            header, tuple(imported.events), imported.state.copy(), dict(imported.dead)
        )

    def imported(self, name: str) -> Imported:
        """A new hand from this start, every part its own copy."""
        header = {**self.header, "seats": dict(self.header["seats"])}
        return Imported(name, header, list(self.events), self.state.copy(), dict(self.dead))


class TableStarts:
    """The starts of the tables being imported, by :func:`start_key`.

    A start is kept the second time its table comes: a hand seen once is not
    worth a copy, which is why this is not a :func:`functools.lru_cache`. At
    most ``size`` starts are kept and ``seen`` keys remembered; when either is
    full it is emptied, and the tables still dealing are kept again at once.
    """

    def __init__(self, size: int = 1024, seen: int = 4096) -> None:
        self._starts: dict[StartKey, TableStart] = {}
        self._seen: set[StartKey] = set()
        self._size = size
        self._most_seen = seen

    def get(self, key: StartKey) -> TableStart | None:
        return self._starts.get(key)

    def clear(self) -> None:
        """Forget every start and key, as a fresh process would have them."""
        self._starts.clear()
        self._seen.clear()

    def saw(self, key: StartKey, imported: Imported) -> None:
        """A hand started as ``imported`` (before its first action) at the table ``key``."""
        if key in self._seen:
            if len(self._starts) >= self._size:
                self._starts.clear()
            self._starts[key] = TableStart.of(imported)
        else:
            if len(self._seen) >= self._most_seen:
                self._seen.clear()
            self._seen.add(key)


STARTS: Final = TableStarts()
"""The starts kept for every import in this process."""

_PLAIN_FIELDS: Final = ("variant", "ante_trimming_status", "min_bet", "small_bet", "big_bet")
_PLAIN_TYPES: Final = frozenset({str, int, float, bool, type(None)})


def start_key(data: Mapping[str, Any]) -> StartKey | None:
    """Everything a hand's start is made from, when each part is a plain value
    (lists of whole numbers or names, text, true or false), types included;
    ``None`` otherwise."""
    stacks = data.get("starting_stacks")
    antes = data.get("antes")
    forced = data.get("blinds_or_straddles")
    names = data.get("players", [])
    if not type(stacks) is type(antes) is type(forced) is type(names) is list:
        return None
    amounts = (*stacks, *antes, *forced)
    if set(map(type, amounts)) != {int} or not set(map(type, names)) <= {str}:
        return None
    fields = tuple(map(data.get, _PLAIN_FIELDS))
    if not set(map(type, fields)) <= _PLAIN_TYPES:
        return None
    return len(stacks), len(antes), amounts, tuple(names), fields, tuple(map(type, fields))
