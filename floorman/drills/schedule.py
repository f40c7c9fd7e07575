"""Spaced repetition: which questions a trainee gets next, and which rules they get wrong.

A question is an *item*, named by its topic and the seed it is generated from
(``splits:1234``), so it comes back exactly as it was first asked. Each item a
trainee has answered sits in a Leitner box: a wrong answer puts it in box 1, a
right one moves it up a box (a new item starts in box 1), to box 5 at most. An
item is due again when its box's wait has passed since it was last answered:

=====  =====================================
box    comes back after
=====  =====================================
1      at once (the next drill)
2      1 day
3      3 days
4      7 days
5      21 days
=====  =====================================

A drill of ``count`` questions asks the items due first, at most half of it
(rounded up) so that new questions keep coming, the ones testing the trainee's
weakest rules first; the rest are new questions, each the one among a few drawn
whose rule the trainee gets wrong most (a rule never asked counts as half wrong),
so new questions lean to weak rules too.

>>> from datetime import datetime, timedelta, UTC
>>> now = datetime(2026, 3, 1, tzinfo=UTC)
>>> seen = [Seen("splits:7", "r.a", False, now), Seen("splits:8", "r.b", True, now)]
>>> [item.key for item in due_items(seen, now)]
['splits:7']
>>> [item.key for item in due_items(seen, now + timedelta(days=1))]
['splits:7', 'splits:8']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from random import Random
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from floorman.drills.model import Question

__all__ = [
    "BOX_DAYS",
    "CANDIDATES",
    "Item",
    "RuleRecord",
    "Seen",
    "boxes",
    "due_items",
    "item_key",
    "parse_item",
    "plan_items",
    "rule_tested",
    "weak_rules",
]

BOX_DAYS: Final = (0, 1, 3, 7, 21)
"""How many days an item in box 1, 2, ... 5 waits before it is asked again."""

CANDIDATES: Final = 3
"""New questions drawn for each new place in a drill; the one on the weakest rule is asked."""

MAX_SEED: Final = 2**31 - 1


@dataclass(frozen=True, slots=True)
class Item:
    """A question to ask: its topic and seed, and whether it comes back for review."""

    topic: str
    seed: int
    review: bool = False

    @property
    def key(self) -> str:
        return item_key(self.topic, self.seed)


@dataclass(frozen=True, slots=True)
class Seen:
    """One answer a trainee gave: to which item, testing which rule, right or not, when."""

    item: str
    rule: str
    correct: bool
    at: datetime


@dataclass(frozen=True, slots=True)
class RuleRecord:
    """How a trainee does on one rule: asked, wrong, and the last answer's time."""

    rule: str
    asked: int
    wrong: int
    last: datetime

    @property
    def weakness(self) -> float:
        """Wrong answers as a share, pulled toward one half while few are asked."""
        return (self.wrong + 1) / (self.asked + 2)


def item_key(topic: str, seed: int) -> str:
    return f"{topic}:{seed}"


def parse_item(key: str) -> Item:
    """The item a stored key names.

    >>> parse_item("reading:42")
    Item(topic='reading', seed=42, review=False)
    """
    topic, _, seed = key.rpartition(":")
    if not topic or not seed.isdigit():
        raise ValueError(f"not a drill item: {key!r}")
    return Item(topic, int(seed))


def rule_tested(question: Question) -> str:
    """What a question tests, as the trainer reads it: the rule's id; else the citation
    it is worked out by (a split); else its topic and kind (a hand to read)."""
    if question.rule:
        return question.rule
    if question.cite:
        return question.cite
    return f"{question.topic}: {question.kind}"


def boxes(seen: Iterable[Seen]) -> dict[str, tuple[int, Seen]]:
    """Each item's box (1 to 5) and its last answer, the answers taken in time order."""
    found: dict[str, tuple[int, Seen]] = {}
    for answer in sorted(seen, key=lambda s: s.at):
        box = found.get(answer.item, (1, answer))[0]
        box = min(box + 1, len(BOX_DAYS)) if answer.correct else 1
        found[answer.item] = (box, answer)
    return found


def weak_rules(seen: Iterable[Seen]) -> list[RuleRecord]:
    """Every rule asked, the weakest first (then the most asked, then by name)."""
    asked: dict[str, list[Seen]] = {}
    for answer in seen:
        asked.setdefault(answer.rule, []).append(answer)
    records = [
        RuleRecord(
            rule,
            len(answers),
            sum(not a.correct for a in answers),
            max(a.at for a in answers),
        )
        for rule, answers in asked.items()
    ]
    return sorted(records, key=lambda r: (-r.weakness, -r.asked, r.rule))


def due_items(
    seen: Sequence[Seen], now: datetime, topics: Iterable[str] | None = None
) -> list[Item]:
    """The items whose wait is over, on ``topics`` (every topic when none), weakest rule
    first, then the lowest box, then the longest waiting."""
    wanted = None if topics is None else set(topics)
    weakness = {record.rule: record.weakness for record in weak_rules(seen)}
    due: list[tuple[float, int, datetime, Item]] = []
    for key, (box, last) in boxes(seen).items():
        item = parse_item(key)
        if wanted is not None and item.topic not in wanted:
            continue
        if last.at + timedelta(days=BOX_DAYS[box - 1]) <= now:
            due.append(
                (-weakness.get(last.rule, 0.5), box, last.at, Item(item.topic, item.seed, True))
            )
    due.sort(key=lambda entry: entry[:3])
    return [entry[3] for entry in due]


def plan_items(
    seen: Sequence[Seen],
    topics: Sequence[str],
    count: int,
    seed: int,
    now: datetime,
    rule_of: Callable[[Item], str],
    draw: Callable[[str, Random], int] | None = None,
) -> list[Item]:
    """The items of a new drill: the due ones first (at most half), then new ones leaning
    to weak rules; ``rule_of`` tells the rule a new item would test, ``draw`` picks a new
    item's seed for a topic (default: any seed). The same history, topics, count and
    seed give the same drill."""
    review = due_items(seen, now, topics)[: (count + 1) // 2]
    asked = {item.key for item in review}
    weakness = {record.rule: record.weakness for record in weak_rules(seen)}
    rng = Random(seed)
    pick = draw or (lambda topic, rng: rng.randint(0, MAX_SEED))
    places = [topics[number % len(topics)] for number in range(count - len(review))]
    rng.shuffle(places)
    fresh: list[Item] = []
    for topic in places:
        drawn = [Item(topic, pick(topic, rng)) for _ in range(CANDIDATES)]
        drawn = [item for item in drawn if item.key not in asked] or drawn
        best = max(drawn, key=lambda item: weakness.get(rule_of(item), 0.5))
        asked.add(best.key)
        fresh.append(best)
    return review + fresh
