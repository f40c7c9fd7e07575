"""A drill question: a table as the dealer sees it, what is asked, and the one right answer.

Every question is worked out by the same code that rules on real hands (the
rules engine, the showdown, the chip split), so the answer a trainee is
marked against is the answer floorman would give at the table.

A trainee answers a multiple-choice question by its number and a split by
an amount for each seat, in the order asked or as ``SEAT=AMOUNT``:

>>> q = Question(topic="splits", kind="split", situation=Situation(game="holdem"),
...              ask="How much does each seat win?", amounts={2: 51, 6: 50},
...              answer="seat 2: 51, seat 6: 50")
>>> mark(q, "51 50"), mark(q, "6=50, 2=51"), mark(q, "50 51")
(True, True, False)
>>> mark(q, "51")
Traceback (most recent call last):
...
floorman.drills.model.AnswerError: give 2 amounts, one for each of seats 2 and 6
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from floorman.cards import Card
from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.interchange.handfile import Hand

__all__ = [
    "KINDS",
    "TOPICS",
    "AnswerError",
    "Kind",
    "Question",
    "SeatView",
    "Situation",
    "Topic",
    "mark",
    "read_amounts",
    "read_choice",
    "read_figures",
    "seat_list",
]

Topic = Literal[
    "irregularities", "splits", "reading", "pot-limit", "raises", "side-pots", "chip-count",
    "odd-chip", "bring-in", "first-to-act", "low-hands", "stud-splits", "draw",
]  # fmt: skip
TOPICS: Final[tuple[Topic, ...]] = (
    "irregularities", "splits", "reading", "pot-limit", "raises", "side-pots", "chip-count",
    "odd-chip", "bring-in", "first-to-act", "low-hands", "stud-splits", "draw",
)  # fmt: skip
"""What a drill can be about: ruling on irregularities, splitting pots, reading hands,
and the sizing a dealer works out at the table: the pot-limit pot, the least and most
raise, side pots, a stack counted by denomination, the odd chip; and the stud and draw
games' own: who brings it in, who acts first (and the open pair), reading low hands,
stud splits and their odd chip, the procedure of the draw."""

Kind = Literal["outcome", "step", "procedure", "split", "winner", "amount", "choice"]
KINDS: Final[tuple[Kind, ...]] = (
    "outcome", "step", "procedure", "split", "winner", "amount", "choice",
)  # fmt: skip
"""What a question asks: the ruling's outcome, its first corrective step, the first
event that departs from the procedure, the chips each seat wins, who wins, one or more
amounts (a pot, a raise, a count), what a seat may do."""


class AnswerError(FloormanError, ValueError):
    """An answer that cannot be read (not a listed number, not an amount per seat)."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """One occupied seat: its chips at the start, its place at the table, cards it shows."""

    seat: int
    stack: int | None = None
    role: str = ""
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Situation:
    """The table as the dealer sees it: the game, the seats, what has happened so far.

    ``events`` are numbered from 1 in the order they happened, each as a dealer
    says it; ``rules`` are the house rules the question turns on.
    """

    game: str
    betting: str | None = None
    blinds: tuple[int, int] | None = None
    button: int | None = None
    seats: tuple[SeatView, ...] = ()
    events: tuple[str, ...] = ()
    board: tuple[Card, ...] = ()
    rules: tuple[str, ...] = ()
    heading: str | None = None
    """What the table shows, when not a flop game's blinds or tabled hands (``Razz:
    fourth street is dealt``)."""


@dataclass(frozen=True)
class Question:
    """One drill question and its answer.

    A multiple-choice question has ``choices`` and the index of the ``correct``
    one; a split question has the ``amounts`` each seat wins, in the order the
    seats are asked; an amount question the ``figures`` asked, each named
    (``("least raise to", 40)``), in the order asked. ``answer`` is the right answer in words and
    ``explanation`` the ruling, reading or split behind it, with ``cite``.

    What the answer was worked out from is kept for checking: the ``hand``
    (irregularities and splits) and the ruling's ``event`` and ``rule``; the
    ``expected`` outcome, step primitive or first departing event (0 for none);
    the high and low ``winners`` of a showdown.
    """

    topic: Topic
    kind: Kind
    situation: Situation
    ask: str
    answer: str
    choices: tuple[str, ...] = ()
    correct: int = -1
    amounts: Mapping[int, int] = field(default_factory=dict)
    explanation: tuple[str, ...] = ()
    cite: str | None = None
    rule: str | None = None
    title: str | None = None
    hand: Hand | None = None
    event: int | None = None
    expected: str | int | None = None
    winners: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    figures: tuple[tuple[str, int], ...] = ()

    @property
    def seats_asked(self) -> tuple[int, ...]:
        """The seats a split question wants an amount for, in order."""
        return tuple(self.amounts)

    def answer_hint(self) -> str:
        """How to answer, for a prompt: ``1-4`` or ``an amount for seats 2, 6``."""
        if self.kind == "split":
            return f"an amount for each of seats {seat_list(self.seats_asked)}"
        if self.kind == "amount":
            if len(self.figures) == 1:
                return f"the {self.figures[0][0]}"
            if len(self.figures) == 2:
                return " and ".join(f"the {name}" for name, _ in self.figures)
            return f"{len(self.figures)} amounts, in the order asked"
        return f"1-{len(self.choices)}"


def mark(question: Question, text: str) -> bool:
    """Whether ``text`` is the right answer; :class:`AnswerError` if it cannot be read."""
    if question.kind == "split":
        return read_amounts(text, question.seats_asked) == dict(question.amounts)
    if question.kind == "amount":
        names = [name for name, _ in question.figures]
        return read_figures(text, names) == [value for _, value in question.figures]
    return read_choice(text, len(question.choices)) == question.correct + 1


def read_choice(text: str, choices: int) -> int:
    """The number of the choice picked, 1 to ``choices``.

    >>> read_choice(" 3) ", 4)
    3
    """
    word = text.strip().rstrip(").").strip()
    if not word.isdigit() or not 1 <= int(word) <= choices:
        raise AnswerError(f'"{text.strip()}" is not a choice: answer with a number from 1 to'
                          f" {choices}")  # fmt: skip
    return int(word)


def read_amounts(text: str, seats: Sequence[int]) -> dict[int, int]:
    """Chips per seat, typed in the order of ``seats`` or as ``SEAT=AMOUNT`` pairs.

    >>> read_amounts("3=25 7=0", [3, 7])
    {3: 25, 7: 0}
    """
    words = text.replace(",", " ").replace(";", " ").split()
    if words and all("=" in word or ":" in word for word in words):
        given: dict[int, int] = {}
        for word in words:
            seat_text, _, amount_text = word.replace(":", "=").partition("=")
            seat = _number(seat_text, word)
            if seat not in seats:
                raise AnswerError(f'"{word}": seat {seat} is not one of seats {seat_list(seats)}')
            if seat in given:
                raise AnswerError(f'"{word}": seat {seat} is given twice')
            given[seat] = _number(amount_text, word)
        missing = [seat for seat in seats if seat not in given]
        if missing:
            raise AnswerError(f"give an amount for seat{'s' if len(missing) > 1 else ''}"
                              f" {seat_list(missing)} too")  # fmt: skip
        return {seat: given[seat] for seat in seats}
    if len(words) != len(seats):
        raise AnswerError(f"give {len(seats)} amounts, one for each of seats {seat_list(seats)}")
    return {seat: _number(word, word) for seat, word in zip(seats, words, strict=True)}


def read_figures(text: str, names: Sequence[str]) -> list[int]:
    """The amounts asked, in the order of ``names``.

    >>> read_figures("40, 160", ["least raise to", "most raise to"])
    [40, 160]
    >>> read_figures("12", ["main pot", "side pot 1", "side pot 2", "side pot 3"])
    Traceback (most recent call last):
    ...
    floorman.drills.model.AnswerError: give 4 amounts, in the order asked (main pot first)
    """
    words = text.replace(",", " ").replace(";", " ").split()
    if len(words) != len(names):
        if len(names) == 1:
            raise AnswerError(f"give one amount: the {names[0]}")
        if len(names) == 2:
            raise AnswerError(f"give 2 amounts, in order: {names[0]}, {names[1]}")
        raise AnswerError(f"give {len(names)} amounts, in the order asked ({names[0]} first)")
    return [_number(word, word) for word in words]


def _number(text: str, word: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise AnswerError(f'"{word}" is not an amount in chips')
    return int(text)


def seat_list(seats: Sequence[int]) -> str:
    """``2``, ``2 and 6``, ``2, 6 and 8``.

    >>> seat_list([2, 6, 8])
    '2, 6 and 8'
    """
    names = [str(seat) for seat in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
