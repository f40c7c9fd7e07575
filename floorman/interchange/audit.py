"""Auditing PHH hand histories: replay each hand and compare the finishing stacks.

Each hand is replayed through floorman's reducer, its pots built and
awarded, and the stacks compared with the ``finishing_stacks`` the file
records. A file can only be:

- ``matched`` / ``mismatched``: replayed, and the stacks agree or differ;
- ``half-chip``: the file records a fraction of a chip (a pot split as
  162.5 each), which no table can pay; floorman gives the odd chip instead;
- ``unchecked``: replayed, but the file records no finishing stacks;
- ``failed``: floorman could not replay it (the reason names the action);
- ``skipped``: a variant floorman does not play, or stacks in fractions of a chip.

This module reads no file: the command gives it each file's text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final, Literal

from floorman.errors import FloormanError
from floorman.interchange.phh import (
    VARIANTS,
    FractionalChips,
    Imported,
    UnsupportedVariant,
    import_phh,
    read_phh,
)
from floorman.interchange.phh.drawimport import DRAW_VARIANTS, DrawImported, import_draw_phh
from floorman.interchange.phh.studimport import STUD_VARIANTS, StudImported, import_stud_phh
from floorman.showdown.drawsettle import settle_draw
from floorman.showdown.oddchips import SplitRules
from floorman.showdown.settlement import Settlement, settle_state
from floorman.showdown.studsettle import settle_stud

_PLAYED: Final = frozenset(VARIANTS) | frozenset(STUD_VARIANTS) | frozenset(DRAW_VARIANTS)
"""The PHH variants floorman replays: a file of another is skipped for its variant."""

__all__ = ["STATUSES", "AuditSummary", "Outcome", "Status", "audit_phh"]

Status = Literal["matched", "mismatched", "half-chip", "unchecked", "failed", "skipped"]
STATUSES: Final[tuple[Status, ...]] = (
    "matched", "mismatched", "half-chip", "unchecked", "failed", "skipped",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the audit found for one file; ``detail`` says why (the differences, the error)."""

    name: str
    status: Status
    detail: str = ""
    variant: str = ""


def audit_phh(text: str, name: str, rules: SplitRules | None = None) -> Outcome:
    """Replay one PHH file's text and compare its finishing stacks."""
    rules = rules or SplitRules()
    variant = ""
    try:
        data = read_phh(text, name)
        variant = str(data.get("variant", ""))
        settled: Settlement | None
        imported: Imported | StudImported | DrawImported
        if variant in STUD_VARIANTS:
            imported = stud = import_stud_phh(data, name)
            settled = settle_stud(stud.state, rules)
        elif variant in DRAW_VARIANTS:
            imported = draw = import_draw_phh(data, name)
            settled = settle_draw(draw.state, rules)
        else:
            imported = flop = import_phh(data, name)
            settled = settle_state(flop.state, rules=rules, dead=flop.dead)
    except (UnsupportedVariant, FractionalChips) as error:
        return Outcome(name, "skipped", _reason(error, name), variant)
    except FloormanError as error:
        return Outcome(name, "failed", _reason(error, name), variant)
    if settled is None:
        return Outcome(name, "failed", "the hand is not over after the last action", variant)
    recorded = imported.finishing_stacks
    if recorded is None:
        return Outcome(name, "unchecked", "no finishing_stacks to compare", variant)
    fractions = [value for value in recorded if value != int(value)]
    if fractions:
        shown = ", ".join(f"{value:g}" for value in fractions)
        return Outcome(name, "half-chip", f"finishing_stacks records {shown}", variant)
    differences = [
        f"p{seat}: file {recorded[seat - 1]:g}, floorman {stack}"
        for seat, stack in settled.stacks.items()
        if stack != recorded[seat - 1]
    ]
    if differences:
        return Outcome(name, "mismatched", "; ".join(differences), variant)
    return Outcome(name, "matched", "", variant)


def _reason(error: FloormanError, name: str) -> str:
    return str(error).removeprefix(f"{name}: ")


@dataclass
class AuditSummary:
    """The outcomes of a run, counted, with the files that need a look named."""

    outcomes: list[Outcome] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)

    def extend(self, outcomes: Iterable[Outcome]) -> None:
        self.outcomes.extend(outcomes)

    @property
    def counts(self) -> dict[Status, int]:
        counted = Counter(outcome.status for outcome in self.outcomes)
        return {status: counted[status] for status in STATUSES}

    @property
    def replayed(self) -> int:
        """Files floorman played to the end (everything but failed and skipped)."""
        counts = self.counts
        return counts["matched"] + counts["mismatched"] + counts["half-chip"] + counts["unchecked"]

    @property
    def clean(self) -> bool:
        """No mismatch and no failure."""
        counts = self.counts
        return not counts["mismatched"] and not counts["failed"]

    def skipped_variants(self) -> dict[str, int]:
        """Files skipped for their variant, by variant."""
        counted = Counter(
            outcome.variant or "?"
            for outcome in self.outcomes
            if outcome.status == "skipped" and outcome.variant not in _PLAYED
        )
        return dict(sorted(counted.items()))

    @property
    def fractional(self) -> int:
        """Files skipped because they count chips in fractions (a stack of 1259450.25)."""
        return sum(
            1
            for outcome in self.outcomes
            if outcome.status == "skipped" and outcome.variant in _PLAYED
        )

    def to_text(self) -> str:
        """The summary a floor manager reads: counts, then every file that needs a look."""
        counts = self.counts
        lines = [
            f"replayed {self.replayed}: matched {counts['matched']},"
            f" mismatched {counts['mismatched']}, half chip {counts['half-chip']},"
            f" no finishing stacks {counts['unchecked']}",
        ]
        why = [f"{variant} {n}" for variant, n in self.skipped_variants().items()]
        if self.fractional:
            why.append(f"fractions of a chip {self.fractional}")
        lines.append(f"skipped {counts['skipped']}" + (f" ({', '.join(why)})" if why else ""))
        if counts["failed"]:
            lines.append(f"failed {counts['failed']}")
        for status, title in (
            ("mismatched", "mismatched"),
            ("failed", "failed"),
            ("half-chip", "half chip (the file splits a chip; floorman pays the odd chip)"),
        ):
            named = [outcome for outcome in self.outcomes if outcome.status == status]
            if named:
                lines.append(f"{title}:")
                lines.extend(f"  {outcome.name}: {outcome.detail}" for outcome in named)
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"replayed": self.replayed}
        for status, count in self.counts.items():
            out[status] = count
        out["skipped_variants"] = self.skipped_variants()
        out["skipped_fractional"] = self.fractional
        out["files"] = [
            {"file": o.name, "status": o.status, "detail": o.detail}
            for o in self.outcomes
            if o.status not in ("matched", "unchecked")
        ]
        return out
