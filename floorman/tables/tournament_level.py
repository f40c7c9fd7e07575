"""The level a tournament's table deals its next hand at, told by the tournament clock.

A table dealt from a tournament (``floorman tournament deal``) deals each next
hand at the level the tournament is in when the hand is dealt: the clock's
once it has started (during a break, the level after it), else the level set
by hand. A new level applies to the next hand; the hand in progress finishes
at the level it began at (TDA 2024 Rule 23, RRoP §15 rule 7, WSOP T 79).

A dealer push logged at the table (``floorman table push``) before the hand
is dealt matters under the TDA alone: "Hands begin on the first riffle, push of
the shuffler button, or on the dealer push. [...] If a new level starts during
the dealer push, the incoming dealer will deal one hand at the prior level"
(TDA 2024 Rule 23). RRoP §15 rule 7 ("A deal begins with the first riffle of
the shuffle") and WSOP T 79 ("A new hand begins with the first riffle of the
deck") count the riffle alone, so there the hand after a push is dealt at the
clock's level.

The tournament is read only for a table whose hands say ``kind: tournament``,
so any other table's ``next`` reads nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from floorman.store.hands import Store

__all__ = ["PUSH_HOLD_SECONDS", "RIFFLE", "TableLevel", "table_level"]

PUSH_HOLD_SECONDS = 90
"""TDA 2024 RP-7: "The TDA recommends that dealers hold up the push 90 seconds prior to a
scheduled break or a level change." """

RIFFLE: dict[str, str] = {
    "rrop": "a deal begins with the first riffle of the shuffle",
    "wsop-2024": "a new hand begins with the first riffle of the deck",
}
"""The books whose hand begins on the riffle alone, not on the dealer push, in their words
(RRoP §15 rule 7, WSOP T 79)."""


@dataclass(frozen=True, slots=True)
class TableLevel:
    """The level a tournament's next hand is dealt at, and what the dealer is told."""

    tournament: str
    level: int
    blinds: tuple[int, int]
    ante: int
    big_blind_ante: int
    limits: tuple[int, int] | None
    by_clock: bool
    """Told by the running or paused clock; ``False``: the level set by hand."""
    cite: str
    """The book's rule that a new level applies to the next hand."""
    ends_in: int | None
    """Seconds until the level in play ends (a running clock), or ``None``."""
    ending: str
    """What comes when it ends: ``a level change`` or ``a break``."""
    rulebook: str
    pushed: Literal["prior", "riffle"] | None = None
    """A new level started during the dealer push logged before this hand: ``prior``,
    dealt at the prior level (TDA 2024 Rule 23); ``riffle``, dealt at the new level, the
    hand beginning on the first riffle (RRoP §15 rule 7, WSOP T 79)."""
    in_play: int = 1
    """The tournament's level when the hand is dealt (``level`` but for ``prior``)."""

    def notes(self, table: str, was: tuple[int, int], was_ante: int) -> list[str]:
        """The lines the dealer is told with the hand: the level (and whether it changed),
        the big blind ante to post, and the push held up before the level ends."""
        how = "by the clock" if self.by_clock else "as set"
        changed = (self.blinds, self.ante) != (was, was_ante)
        said = f"blinds {self.blinds[0]}/{self.blinds[1]}"
        if self.ante:
            said += f", ante {self.ante}"
        if self.limits is not None:
            said += f", limits {self.limits[0]}/{self.limits[1]}"
        if self.pushed == "prior":
            how += ", at the dealer push"
            said += (
                f" [{self.cite}: a new level started during the dealer push; the incoming"
                " dealer deals one hand at the prior level]"
            )
        elif self.pushed == "riffle":
            said += (
                f" [{self.cite}: the new level applies to the next hand;"
                f" {RIFFLE[self.rulebook]}, not the dealer push]"
            )
        elif changed:
            said += f" [{self.cite}: the new level applies to the next hand]"
        start = "new level" if changed else "level"
        lines = [f"{start} {self.level} of tournament {self.tournament} ({how}): {said}"]
        if self.pushed == "prior":
            lines.append(f"level {self.in_play} is in play: it applies from the hand after this")
        if self.big_blind_ante:
            lines.append(
                f"the big blind ante of {self.big_blind_ante}: a hand file has none; record it"
                f' as a dead post by the big blind (floorman add -t {table} "post SEAT dead'
                f' {self.big_blind_ante}")'
            )
        if (
            self.rulebook == "tda-2024"
            and self.ends_in is not None
            and self.ends_in <= PUSH_HOLD_SECONDS
        ):
            minutes, seconds = divmod(self.ends_in, 60)
            lines.append(
                f"{self.ending} in {minutes}:{seconds:02}: dealers hold up the push"
                f" {PUSH_HOLD_SECONDS} seconds before it (TDA 2024 RP-7 recommends)"
            )
        return lines

    def held(self, blinds: tuple[int, int], ante: int) -> str:
        """What the dealer is told when the floor's level change at the table stands
        against the clock's (one hand at the prior level when the new level started
        during the dealer push, TDA 2024 Rule 23)."""
        said = f"blinds {blinds[0]}/{blinds[1]}" + (f", ante {ante}" if ante else "")
        return (
            f"level {self.in_play} of tournament {self.tournament} is in play; this hand is"
            f" dealt at the level the floor set at the table: {said}"
        )


def _key(name: str) -> str:
    """A table's name as the store matches it: ASCII letters in either case."""
    return "".join(c.lower() if "A" <= c <= "Z" else c for c in name)


def table_level(
    store: Store, table: str, hand: int, at: datetime, push: datetime | None = None
) -> TableLevel | None:
    """The level of the tournament whose table is dealt at ``table`` (linked at or before
    hand ``hand``), for a hand dealt at ``at`` after a dealer push at ``push`` (if one was
    logged for it); ``None`` when no tournament deals there."""
    from floorman.store.tournaments import TournamentStore

    tournaments = TournamentStore(store.database)  # the store's own: not closed here
    linked = [
        name
        for name, link in tournaments.links()
        if _key(str(link.get("name", ""))) == _key(table) and int(link.get("hand", 0)) <= hand
    ]
    if not linked:
        return None
    from floorman.errors import FloormanError
    from floorman.tournament.clock import NEW_LEVEL_RULES, ClockError, log_reading

    name = linked[-1]
    stored = tournaments.tournament(name)
    log = [(entry.data, entry.at) for entry in tournaments.log(stored.name)]
    try:
        from floorman.tournament.structure import Structure

        structure = Structure.model_validate(stored.structure)
        now = log_reading(structure, log, at)
        then = None if push is None else log_reading(structure, log, min(push, at))
    except (ValueError, KeyError, TypeError, ClockError) as error:
        raise FloormanError(
            f"{tournaments.path}: the tournament {name} is damaged: {error}"
        ) from None
    pushed: Literal["prior", "riffle"] | None = None
    dealt = now
    if then is not None and then.level != now.level:
        pushed = "prior" if structure.rulebook == "tda-2024" else "riffle"
        dealt = then if pushed == "prior" else now
    level = dealt.blinds
    ends_in = now.left if now.state == "running" and now.on_break is None else None
    upcoming = now.next_break is not None and now.break_in == now.left
    return TableLevel(
        stored.name,
        dealt.level,
        (int(level.blinds[0]), int(level.blinds[1])),
        level.ante,
        level.big_blind_ante,
        (int(level.limits[0]), int(level.limits[1])) if level.limits else None,
        dealt.state != "not started",
        NEW_LEVEL_RULES[structure.rulebook][0],
        ends_in if now.next_level is not None or upcoming else None,
        "a break" if upcoming else "a level change",
        structure.rulebook,
        pushed,
        now.level,
    )
