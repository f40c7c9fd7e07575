"""How a ruling looks on a terminal: the outcome in colour, numbered steps, the citation.

The colour says how bad it is at a glance: red when the hand is redealt or
void, amber when a seat loses its hand or its claim, blue when play goes on
(never green: an irregularity is not all well).

Shared by every command that shows a ruling (``ask``, ``check``, ``add``,
``live``): pass the ruling as the ``check --json`` object (a mapping with
``outcome``, ``title``, ``cite``, ``steps``, ``rule`` and ``event``).
Colour is added as ANSI styles (:mod:`floorman.ansi`) that the printer drops
when the output is not a terminal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from floorman.ansi import style

__all__ = ["OUTCOME_COLOURS", "outcome_word", "ruling_lines"]

OUTCOME_COLOURS: Mapping[str, str] = {
    "misdeal": "red",
    "void": "red",
    "dead-hand": "yellow",
    "forfeit": "yellow",
    "continue": "blue",
}


def outcome_word(outcome: str) -> str:
    """The outcome as a dealer reads it at a glance: ``MISDEAL`` in red."""
    return style(outcome.upper(), fg=OUTCOME_COLOURS.get(outcome), bold=True)


def ruling_lines(ruling: Mapping[str, Any], *, note: str | None = None) -> list[str]:
    """The ruling as lines: the outcome and title, the numbered steps, then the
    citation and rule id (and the rulebook's note where it is silent or ambiguous).

    >>> ruling = {"event": 7, "rule": "rrop.holdem.premature-turn", "cite": "RRoP §5 rule 8",
    ...           "outcome": "continue", "title": "Premature turn",
    ...           "steps": [{"do": "set-aside", "text": "Take the 7♦ out of play."}]}
    >>> import re
    >>> print(re.sub(r"\\033\\[[0-9;]*m", "", "\\n".join(ruling_lines(ruling))))
    event 7: CONTINUE  Premature turn
      1. Take the 7♦ out of play.
      RRoP §5 rule 8  [rrop.holdem.premature-turn]
    """
    event = ruling.get("event")
    head = f"event {event}: " if event else ""
    title = style(str(ruling["title"]), bold=True)
    lines = [f"{head}{outcome_word(str(ruling['outcome']))}  {title}"]
    for number, step in enumerate(ruling.get("steps", ()), 1):
        lines.append(f"  {number}. {step['text']}")
    lines.append(f"  {ruling['cite']}  [{ruling['rule']}]")
    if note:
        lines.append(f"  Note: {note}")
    return lines
