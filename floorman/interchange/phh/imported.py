"""A PHH hand as floorman replayed it: the hand file it makes and the state it ends in.

:class:`ImportedHand` is the record every game's import makes (a flop game's, a stud
game's, a draw game's), over the state its hand ends in; :class:`Imported`, a flop
game's, also makes its hand file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from floorman.hand.state import HandState
from floorman.interchange.phh.errors import PhhError

if TYPE_CHECKING:
    from floorman.hand.events import Event
    from floorman.interchange.handfile import Hand

__all__ = ["Imported", "ImportedHand"]

State = TypeVar("State")


@dataclass
class ImportedHand(Generic[State]):
    """A PHH hand replayed by floorman: the hand-file header and events, the final
    state, the antes that are dead money, and the file's finishing stacks."""

    name: str
    header: dict[str, Any]
    events: list[Event]
    state: State
    dead: dict[int, int] = field(default_factory=dict)
    finishing_stacks: tuple[int | float, ...] | None = None

    def events_text(self) -> list[str]:
        return [str(event) for event in self.events]


class Imported(ImportedHand[HandState]):
    """A flop game's PHH hand replayed by floorman, which makes a hand file."""

    def hand(self) -> Hand:
        """The floorman hand file; :class:`PhhError` if it would not be a valid one."""
        from floorman.interchange.handfile import HandFileError, parse_hand

        data = {**self.header, "events": self.events_text()}
        try:
            return parse_hand(json.dumps(data), self.name, json_text=True)
        except HandFileError as error:
            raise PhhError(str(error)) from None
