"""Scoring a drill session: right answers per topic, and in all.

>>> card = Scorecard()
>>> for topic, right in [("splits", True), ("reading", False), ("splits", False)]:
...     card.add(topic, right)
>>> print("\\n".join(card.lines()))
Score: 1 of 3 (33%)
  splits          1 of 2    50%
  reading         0 of 1     0%
"""

from __future__ import annotations

from dataclasses import dataclass, field

from floorman.drills.model import TOPICS

__all__ = ["Scorecard", "Tally", "percent"]


def percent(correct: int, questions: int) -> int:
    """Whole per cent, rounded half up; 0 of 0 is 0%.

    >>> percent(2, 3), percent(1, 8), percent(0, 0)
    (67, 13, 0)
    """
    return (200 * correct + questions) // (2 * questions) if questions else 0


@dataclass
class Tally:
    """Questions asked and answered right."""

    questions: int = 0
    correct: int = 0

    @property
    def percent(self) -> int:
        return percent(self.correct, self.questions)


@dataclass
class Scorecard:
    """A session's tallies by topic, in the order topics are listed."""

    tallies: dict[str, Tally] = field(default_factory=dict)

    def add(self, topic: str, correct: bool) -> None:
        tally = self.tallies.setdefault(topic, Tally())
        tally.questions += 1
        tally.correct += int(correct)

    @property
    def total(self) -> Tally:
        return Tally(
            sum(t.questions for t in self.tallies.values()),
            sum(t.correct for t in self.tallies.values()),
        )

    def by_topic(self) -> list[tuple[str, Tally]]:
        order: dict[str, int] = {topic: index for index, topic in enumerate(TOPICS)}
        return sorted(self.tallies.items(), key=lambda item: order.get(item[0], len(order)))

    def lines(self) -> list[str]:
        """The score as the trainee reads it at the end of a session."""
        total = self.total
        lines = [f"Score: {total.correct} of {total.questions} ({total.percent}%)"]
        for topic, tally in self.by_topic():
            lines.append(
                f"  {topic:<14} {tally.correct:>2} of {tally.questions:<3} {tally.percent:>3}%"
            )
        return lines
