"""A drill question on a terminal: the table, what happened, the choices; then the answer.

>>> from floorman.drills.model import Question, SeatView, Situation
>>> q = Question(topic="reading", kind="winner", ask="Who wins the pot?",
...              situation=Situation(game="holdem", seats=(SeatView(2), SeatView(6))),
...              choices=("Seat 2 wins", "Seat 6 wins"), correct=1, answer="Seat 6 wins")
>>> print("\\n".join(question_lines(q, 1, 5)))
Question 1 of 5 · reading
Hold'em: the hands are tabled
  Seat 2
  Seat 6
Who wins the pot?
  1) Seat 2 wins
  2) Seat 6 wins
>>> answer_lines(q)[0]
'The answer: 2) Seat 6 wins'
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Final

from floorman.cards import format_cards
from floorman.drills.model import Question, Situation
from floorman.vocabulary import GAME_TITLES

__all__ = [
    "WIDTH",
    "answer_lines",
    "choice_lines",
    "event_groups",
    "event_lines",
    "headline",
    "prompt",
    "question_lines",
    "wrap",
]


def headline(situation: Situation) -> str:
    """``Hold'em no-limit, blinds 1/2, button seat 7``."""
    game = GAME_TITLES.get(situation.game, situation.game)
    if situation.heading is not None:
        return situation.heading
    if not situation.seats and not situation.board:
        return "Chips at the table"
    if situation.blinds is None:
        return f"{game}: the hands are tabled"
    small, big = situation.blinds
    return f"{game} {situation.betting}, blinds {small}/{big}, button seat {situation.button}"


WIDTH: Final = 80
"""The terminal width a question is laid out for."""

ROUTINE: Final = re.compile(
    r"Seat \d+ (folds|checks|calls \d+( and is all in)?|bets \d+|raises to \d+"
    r"|is all in for \d+|shows .+|mucks)"
)
"""Events told in a few words (a plain action, a hand shown): several go on one line."""


STREET: Final = re.compile(r"(Flop|Turn|River)( \(.*\))?: .+")
"""A board card turned: a new street begins on a new line."""


def event_lines(events: Sequence[str], width: int = WIDTH) -> list[str]:
    """The events numbered, a street to a line (its burn, its cards, the plain actions
    that follow), wrapped at ``width``: a long hand stays on one screen and each event
    keeps its number. Anything else (an exposed card, chips pushed out silently, words)
    has a line of its own.

    >>> print("\\n".join(event_lines(["The hole cards are dealt", "Seat 6 calls 2",
    ...     "Seat 7 folds", "Burn", "Flop: J♦ 10♥ J♠", "Seat 3 checks"], width=40)))
      1. The hole cards are dealt
      2. Seat 6 calls 2 · 3. Seat 7 folds
      4. Burn · 5. Flop: J♦ 10♥ J♠
         6. Seat 3 checks
    """
    digits = len(str(len(events)))
    indent = " " * (digits + 4)
    lines: list[str] = []
    for group in event_groups(events):
        items = [f"{number}. {text}" for number, text in group]
        items[0] = f"{group[0][0]:>{digits}}. {group[0][1]}"
        lines.extend(_pack(items, "  ", indent, width))
    return lines


def event_groups(events: Sequence[str]) -> list[list[tuple[int, str]]]:
    """The events numbered from 1, in the groups :func:`event_lines` puts on a line."""
    groups: list[list[tuple[int, str]]] = []
    joins = False
    for number, text in enumerate(events, 1):
        routine = ROUTINE.fullmatch(text) is not None
        street = STREET.fullmatch(text) is not None
        after_burn = street and bool(groups) and events[number - 2] == "Burn"
        if (routine and joins) or after_burn:
            groups[-1].append((number, text))
        else:
            groups.append([(number, text)])
        joins = routine or street or text == "Burn"
    return groups


def _pack(items: Sequence[str], first: str, rest: str, width: int) -> list[str]:
    """``items`` joined with `` · `` in lines of at most ``width``; an item too long for a
    line of its own is wrapped."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + 3 + len(item) <= width:
            line += " · " + item
            continue
        if line:
            lines.append(line)
        wrapped = wrap(item, width, first if not lines else rest, rest)
        lines.extend(wrapped[:-1])
        line = wrapped[-1]
    if line:
        lines.append(line)
    return lines


def wrap(text: str, width: int = WIDTH, indent: str = "", hanging: str = "") -> list[str]:
    """``text`` in lines of at most ``width``, the first after ``indent``, the others after
    ``hanging`` (the same when not given)."""
    return textwrap.wrap(
        text, width, initial_indent=indent, subsequent_indent=hanging or indent,
        break_on_hyphens=False, break_long_words=False,
    ) or [indent.rstrip()]  # fmt: skip


def question_lines(question: Question, number: int, total: int, width: int = WIDTH) -> list[str]:
    """Everything the trainee reads before answering, in lines of at most ``width``."""
    situation = question.situation
    lines = [f"Question {number} of {total} · {question.topic}", *wrap(headline(situation), width)]
    if situation.board:
        lines.append(f"  {'Board':<7}  {format_cards(situation.board)}")
    role_width = max((len(seat.role) for seat in situation.seats), default=0)
    for seat in situation.seats:
        line = f"  Seat {seat.seat:<2}"
        if seat.stack is not None:
            line += f"  {seat.role:<{role_width}}  {seat.stack:>6}"
        if seat.cards:
            line += f"  {format_cards(seat.cards)}"
        lines.append(line.rstrip())
    for rule in situation.rules:
        lines.extend(wrap(rule, width))
    if situation.events:
        lines.append("What happened:")
        lines.extend(event_lines(situation.events, width))
    lines.extend(wrap(question.ask, width))
    lines.extend(choice_lines(question.choices, width))
    return lines


def choice_lines(choices: Sequence[str], width: int = WIDTH) -> list[str]:
    """The choices numbered, two to a line when there are many and they are short.

    >>> choice_lines(["Yes", "No"])
    ['  1) Yes', '  2) No']
    """
    digits = len(str(len(choices)))
    items = [f"{index:>{digits}}) {choice}" for index, choice in enumerate(choices, 1)]
    half = (width - 4) // 2
    lines: list[str] = []
    index = 0
    while index < len(items):
        item = items[index]
        pair = items[index + 1] if index + 1 < len(items) else None
        if len(items) > 6 and pair is not None and len(item) < half and len(pair) < half:
            lines.append(f"  {item.ljust(half)}  {pair}")
            index += 2
            continue
        lines.extend(wrap(item, width, "  ", " " * (digits + 4)))
        index += 1
    return lines


def prompt(question: Question) -> str:
    """What the answer line asks for."""
    return f"Your answer ({question.answer_hint()}): "


def answer_lines(question: Question, width: int = WIDTH) -> list[str]:
    """The right answer and why: the ruling with its citation, the split, the reading."""
    if question.choices:
        head = f"The answer: {question.correct + 1}) {question.answer}"
    else:
        head = f"The answer: {question.answer}"
    lines = wrap(head, width, "", "  ")
    for line in question.explanation:
        lines.extend(wrap(line, width, "  ", "    "))
    if question.cite:
        cite = f"{question.cite}" + (f"  [{question.rule}]" if question.rule else "")
        lines.extend(wrap(cite, width, "  ", "    "))
    return lines
