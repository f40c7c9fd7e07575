"""What the stud and the draw hands share as reducers: an event routed by its type to
the hand's handler, a handler's refusal turned into :class:`IllegalEvent` naming the
event (the state left as it was), and the count of the events taken.

Each hand keeps its own table of handlers (``_routes``, one per event type it takes)
and says what it is (``_hand_name``) for the line refusing an event of another game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Self

from floorman.hand.events import Event, IllegalEvent
from floorman.hand.records import Refusal

__all__ = ["Reducer"]


class Reducer:
    """A hand that takes its events one by one (:meth:`apply`)."""

    _routes: ClassVar[Mapping[type, Callable[[Any, Any], None]]]
    """Each event type the hand takes, to its handler (which raises :class:`Refusal`
    before it changes anything)."""
    _hand_name: ClassVar[str]
    """The hand in the refusal of an event it does not take: ``stud hand``."""

    event_count: int
    stacks: dict[int, int]

    def apply(self, event: Event, number: int | None = None) -> None:
        """Take one event; raise :class:`IllegalEvent` (state unchanged) if it cannot be."""
        n = self.event_count + 1 if number is None else number
        handler = self._routes.get(type(event))
        if handler is None:
            raise IllegalEvent(
                n, str(event), f'"{event.kind}" is not an event of a {self._hand_name}'
            )
        try:
            handler(self, event)
        except Refusal as bad:
            raise IllegalEvent(n, str(event), str(bad)) from None
        self.event_count = n

    def apply_all(self, events: Iterable[Event]) -> Self:
        for event in events:
            self.apply(event)
        return self

    def _seat(self, seat: int) -> int:
        if seat not in self.stacks:
            raise Refusal(f"seat {seat} is not in the hand")
        return seat
