"""Drawing a drill: questions on the chosen topics, the same ones for the same seed.

Topics take turns in a shuffled order, so a ten-question drill on three
topics has three or four of each. Irregularity questions go through the
rulebook's worked examples in a shuffled order before any comes again (and
when one does, it is dealt at another table).

>>> from floorman.rules.loader import load_rulebook
>>> drill = generate_questions(load_rulebook("rrop"), ["splits", "reading"], count=4, seed=7)
>>> sorted(question.topic for question in drill)
['reading', 'reading', 'splits', 'splits']
>>> drill == generate_questions(load_rulebook("rrop"), ["splits", "reading"], count=4, seed=7)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from random import Random
from typing import Final

from floorman.drills.chipcount import chip_count_question
from floorman.drills.drawing import draw_question
from floorman.drills.irregularities import Source, irregularity_question, sources
from floorman.drills.lows import low_hand_question
from floorman.drills.model import TOPICS, Question, Topic
from floorman.drills.oddchip import odd_chip_question
from floorman.drills.showdowns import reading_question
from floorman.drills.sidepots import side_pot_question
from floorman.drills.splits import split_question
from floorman.drills.studplay import bring_in_question, first_to_act_question, stud_split_question
from floorman.drills.wagers import pot_limit_question, raise_question
from floorman.errors import FloormanError
from floorman.rules.loader import Rulebook

__all__ = ["DEFAULT_COUNT", "MAX_COUNT", "DrillError", "check_topics", "generate_questions"]

DEFAULT_COUNT: Final = 10
MAX_COUNT: Final = 500


class DrillError(FloormanError, ValueError):
    """A drill that cannot be drawn: an unknown topic, a count out of range."""


ALIASES: Final[dict[str, Topic]] = {
    "irregularity": "irregularities",
    "split": "splits",
    "read": "reading",
    "pot": "pot-limit",
    "plo": "pot-limit",
    "raise": "raises",
    "side-pot": "side-pots",
    "sidepots": "side-pots",
    "chips": "chip-count",
    "chip": "chip-count",
    "count": "chip-count",
    "odd-chips": "odd-chip",
    "odd": "odd-chip",
    "bringin": "bring-in",
    "bring": "bring-in",
    "first": "first-to-act",
    "acts-first": "first-to-act",
    "open-pair": "first-to-act",
    "low": "low-hands",
    "lows": "low-hands",
    "low-hand": "low-hands",
    "stud-split": "stud-splits",
    "draws": "draw",
    "draw-procedure": "draw",
}
"""The words a trainer may use for a topic besides its name: a question is "a split"."""


SIZING: Final[dict[str, Callable[[Rulebook, Random], Question]]] = {
    "pot-limit": pot_limit_question,
    "raises": raise_question,
    "side-pots": side_pot_question,
    "chip-count": chip_count_question,
    "odd-chip": odd_chip_question,
}
"""The sizing topics: each question worked out by the hand engine under the rulebook."""

GAMES: Final[dict[str, Callable[[Rulebook, Random], Question]]] = {
    "bring-in": bring_in_question,
    "first-to-act": first_to_act_question,
    "low-hands": low_hand_question,
    "stud-splits": stud_split_question,
    "draw": draw_question,
}
"""The stud and draw games' topics: each worked out by the stud or draw hand, the low
evaluators and the rulebook's rulings."""


def check_topics(topics: Sequence[str]) -> tuple[Topic, ...]:
    """The topics asked for, in the usual order; every topic when none is named.

    >>> check_topics(["reading", "split"])
    ('splits', 'reading')
    """
    named = []
    for word in topics:
        topic = ALIASES.get(word.lower(), word.lower())
        if topic not in TOPICS:
            raise DrillError(f'--topic "{word}": choose {", ".join(TOPICS)}')
        named.append(topic)
    return tuple(topic for topic in TOPICS if topic in named or not named)


def generate_questions(
    book: Rulebook,
    topics: Sequence[str] = TOPICS,
    *,
    count: int = DEFAULT_COUNT,
    seed: int = 0,
) -> list[Question]:
    """``count`` questions on ``topics`` under ``book``; the same seed gives the same drill."""
    chosen = check_topics(topics)
    if not 1 <= count <= MAX_COUNT:
        raise DrillError(f"--count {count}: a drill has 1 to {MAX_COUNT} questions")
    rng = Random(seed)
    plan = [chosen[number % len(chosen)] for number in range(count)]
    rng.shuffle(plan)
    examples: Iterator[Source] | None = None
    if "irregularities" in chosen:
        pool = sources(book)
        if not pool:
            raise DrillError(f"{book.name} has no worked examples to drill irregularities from")
        examples = _cycle(pool, rng)
    questions: list[Question] = []
    for topic in plan:
        if topic == "irregularities":
            assert examples is not None
            questions.append(irregularity_question(book, next(examples), rng))
        elif topic == "splits":
            questions.append(split_question(book, rng))
        elif topic == "reading":
            questions.append(reading_question(rng))
        elif topic in GAMES:
            questions.append(GAMES[topic](book, rng))
        else:
            questions.append(SIZING[topic](book, rng))
    return questions


def _cycle(pool: Sequence[Source], rng: Random) -> Iterator[Source]:
    """The sources in a shuffled order, again and again, each round shuffled anew."""
    while True:
        round_ = list(pool)
        rng.shuffle(round_)
        yield from round_
