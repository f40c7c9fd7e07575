"""A hand being recorded: the rulebook rules on each new event as it comes.

Adding an event costs that event, not a replay of the hand, so recording
stays linear however long the hand runs. The one exception is the hand's
first recorded burn: from then on a board dealt without a burn is a
violation, so every earlier board is ruled again, as a replay of the whole
hand would.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from floorman.hand.events import Burn, ButtonFound, Event, EventError, parse_event
from floorman.hand.state import HandState
from floorman.replay import Ruled, read_event, rule_events, ruled_chips

if TYPE_CHECKING:
    from floorman.interchange.plainhand import HeaderLike

__all__ = ["Recording"]


@dataclass
class Recording:
    """The events recorded so far and the ruled state after them.

    When :meth:`add` refuses an event, the recording is as it was before the call.
    """

    header: HeaderLike
    events: list[Event] = field(default_factory=list)
    _ruled: Ruled | None = field(default=None, init=False, repr=False)
    _chips: Any = field(default=None, init=False, repr=False)
    """:meth:`chips` as last drawn, until the next event: a server answers every post
    with the pots, and drawing them walks the hand's events for dead money."""

    def __post_init__(self) -> None:
        self._ruled = rule_events(self.header, self.events)

    @classmethod
    def replayed(
        cls, header: HeaderLike, events: Sequence[Event]
    ) -> tuple[Recording, EventError | None]:
        """The hand replayed as far as its events allow, and what stopped it (``None``
        when every event replays)."""
        try:
            return cls(header, list(events)), None
        except EventError as error:
            good = (error.number or 1) - 1
            return cls(header, list(events[:good])), error

    @property
    def ruled(self) -> Ruled:
        assert self._ruled is not None
        return self._ruled

    @property
    def state(self) -> HandState:
        return self.ruled.state

    @property
    def rulings(self) -> list[dict[str, Any]]:
        return self.ruled.rulings

    @property
    def violations(self) -> list[dict[str, Any]]:
        return self.ruled.violations

    def add(self, text: str) -> Event:
        """Read ``text`` against the hand as it stands (a betting action may leave out the
        seat to act), rule on it and apply it; :class:`EventError` if it cannot be."""
        self._chips = None
        number = len(self.events) + 1
        event = read_event(self.state, text, number)
        engine = self.ruled.engine
        if (isinstance(event, Burn) and not engine.records_burns) or (
            isinstance(event, ButtonFound) and event.dealt
        ):  # a first burn rules every board again; a button dealt from elsewhere deals again
            self._ruled = rule_events(self.header, [*self.events, event])
        else:
            try:
                engine.process(self.state, event, number)
            except EventError:
                self._ruled = rule_events(self.header, self.events)
                raise
            self.rulings.extend(r.to_json() for r in engine.rulings[len(self.rulings) :])
            self.violations.extend(v.to_json() for v in engine.violations[len(self.violations) :])
        self.events.append(event)
        return event

    def add_all(self, texts: Sequence[str]) -> list[Event]:
        """:meth:`add` each of ``texts`` in turn. When one says the hand was dealt from
        another seat (``button SEAT dealt``), the hand is dealt from there first, so that
        the action before it is read from where the button really was. When one is
        refused, the recording is as it was before the call."""
        self._chips = None
        count, dealt = len(self.events), None
        for text in texts:
            try:
                found = parse_event(text)
            except EventError:
                continue
            if isinstance(found, ButtonFound) and found.dealt:
                dealt = found.seat
                break
        try:
            if dealt is not None and dealt != self.state.table.button:
                self._ruled = rule_events(self.header, self.events, dealt=dealt)
            return [self.add(text) for text in texts]
        except BaseException:
            del self.events[count:]
            self._ruled = rule_events(self.header, self.events)
            self._chips = None
            raise

    def pots(self) -> list[dict[str, Any]]:
        """The ``check --json`` pots of the hand as it stands."""
        pots: list[dict[str, Any]] = self.chips().pots
        return pots

    def chips(self) -> Any:
        """The ``check --json`` pots, awards and stacks of the hand as it stands (a
        :class:`floorman.showdown.settlement.ChipsReport`)."""
        if self._chips is None:
            self._chips = ruled_chips(self.header, self.events, self.ruled)
        return self._chips
