"""Irregularity questions: a rule's worked example, dealt again at a new table.

Every worked example of the rulebook in force (and of its house profile)
becomes questions: the ruling's outcome, the first corrective step, and for
examples that play the procedure out, the first event that departs from it.
The answer is what the rulebook rules on the varied hand, and a variation is
only used when it gets the very ruling the example gets (same rule, outcome
and steps, and the same departures), so the situation keeps its meaning.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from random import Random
from typing import Final

from floorman.cards import format_cards
from floorman.documents.wording import option_title
from floorman.drills.model import Kind, Question, SeatView, Situation
from floorman.drills.narration import roles
from floorman.drills.variation import Dealt, Reseat, replay, ruling_signature
from floorman.hand.events import Action, Board, Burn, Event
from floorman.interchange.handfile import Hand
from floorman.rules.engine import Ruling
from floorman.rules.examples import example_hand
from floorman.rules.facts import event_cards, event_seat
from floorman.rules.loader import CompiledRule, Rulebook, RulebookError
from floorman.rules.schema import Example

__all__ = [
    "OUTCOME_CHOICES",
    "STEP_CHOICES",
    "Source",
    "irregularity_question",
    "sources",
    "step_choice",
]

OUTCOME_CHOICES: Final[tuple[tuple[str, str], ...]] = (
    ("misdeal", "Misdeal: gather the cards, reshuffle and deal the hand again"),
    ("void", "Void: all action is void and every chip goes back"),
    ("dead-hand", "A player's hand is dead"),
    ("forfeit", "A player loses all claim to the pot"),
    ("continue", "Play continues after a corrective procedure"),
    ("none", "Nothing irregular: play on as normal"),
)
"""The outcomes a trainee chooses from, always in this order."""

STEP_CHOICES: Final[Mapping[str, str]] = {
    "misdeal": "Declare a misdeal: gather the cards, reshuffle, recut and redeal",
    "void-hand": "Void the hand: every chip goes back to whoever bet it",
    "kill-hand": "Kill {seat}'s hand",
    "forfeit": "Rule that {seat} has lost all claim to the pot",
    "set-aside": "Take the {cards} out of play until the next reshuffle",
    "return-to-stub": "Return the {cards} to the stub",
    "use-as-burn": "Use the {cards} as the burn card for the next street",
    "replace-card": "Replace the {cards} at once with the top card of the deck",
    "reshuffle": "Reshuffle the stub",
    "cut": "Cut the stub",
    "deal-without-burn": "Deal the next board card without burning a card",
    "burn": "Burn a card, then deal the next board card",
    "scramble": "Scramble the {cards} face down with the top card of the stub",
    "scramble-next-burn": "Scramble the {cards} face down: one is the next burn card, the"
    " others the street",
    "redeal": "Turn the next card of the stub in its place",
    "continue-deal": "Finish dealing the hand and deal with the {cards} afterwards",
    "complete-betting": "Complete the betting round first",
    "card-stands": "Leave the {cards} as dealt and play on",
    "card-plays": "The {cards} plays: {seat} keeps it",
    "keep-live": "Keep {seat}'s tabled hand live: put it back face up",
    "show-all-cards": "Have {seat} table every hole card",
    "bind-call": "Hold {seat} to a full call of the bet, change back",
    "bind-check": "Rule {seat}'s words a check",
    "bind-min-raise": "Make {seat} complete a minimum raise",
    "bind-as-made": "Let {seat}'s chips stand as the wager, within the limit",
    "bind-first-motion": "Count only {seat}'s first motion",
    "forfeit-fold": "Let {seat} fold, forfeiting the chips put out",
    "back-up": "Back up to the skipped seat; {seat}'s action stands unless the action changes",
    "back-up-unless-called": "Back up to the skipped seat; {seat}'s action stands only if no"
    " one in between bets, calls or raises",
    "return-chips": "Give {seat} the chips back; {seat} acts again in turn",
    "fold-stands": "Hold {seat} to the fold: {seat} is out",
    "wait-for-chips": "Hold {seat} to the declaration and wait for the chips",
    "out-of-turn-binds": "Hold every player who acted out of turn to the action made",
}
"""The first corrective step in a dealer's words, for each primitive that can come first."""

_LIKELY_STEPS: Final[Mapping[str, tuple[str, ...]]] = {
    "board": ("set-aside", "return-to-stub", "use-as-burn", "card-stands", "complete-betting",
              "redeal", "deal-without-burn"),
    "expose": ("misdeal", "card-plays", "continue-deal", "replace-card", "card-stands",
               "use-as-burn"),
    "extra": ("use-as-burn", "misdeal", "kill-hand", "card-stands", "return-to-stub"),
    "burn": ("return-to-stub", "card-stands", "use-as-burn", "redeal"),
    "action": ("card-stands", "return-to-stub", "redeal", "void-hand", "complete-betting",
               "bind-call", "bind-min-raise", "back-up", "return-chips"),
    "betting": ("bind-call", "bind-min-raise", "bind-as-made", "bind-first-motion",
                "forfeit-fold", "back-up", "return-chips", "wait-for-chips"),
    "showdown": ("forfeit", "show-all-cards", "kill-hand", "card-stands"),
    "other": ("card-stands", "misdeal", "void-hand", "return-to-stub", "complete-betting"),
}  # fmt: skip
"""Steps a trainee could mistake for the right one, by what happened."""

_ATTEMPTS: Final = 10


@dataclass(frozen=True)
class Source:
    """One worked example and what it can be asked: its ``hand``, the event ruled on
    (``at``) and how the rulebook rules the example (``dealt``).

    The whole hand is kept even when only the events up to ``at`` are shown: the
    rulebook learns from a hand's record whether its burn cards are recorded.
    """

    rule: CompiledRule
    example: Example
    kind: Kind
    hand: Hand
    at: int
    dealt: Dealt

    @property
    def signature(self) -> tuple[object, ...]:
        """What a variation must keep: see :func:`ruling_signature`."""
        return self.signature_of(self.dealt)

    def signature_of(self, dealt: Dealt) -> tuple[object, ...]:
        return ruling_signature(dealt, self.at, violations=self.kind == "procedure")


def sources(book: Rulebook) -> list[Source]:
    """Every question the worked examples of ``book`` can give, in rulebook order.

    An example the rulebook cannot replay (a house profile may make an inherited
    example's hand impossible) gives none.
    """
    found: list[Source] = []
    examples = [(rule, example) for rule in book.rules for example in rule.rule.examples]
    for example in book.examples:
        try:
            examples.append((book.rule(example.rule or ""), example))
        except RulebookError:
            continue
    for rule, example in examples:
        try:
            hand = example_hand(example)
        except ValueError:
            continue
        at = example.event or len(hand.events)
        dealt = replay(hand, book, Reseat.same(hand)) if 1 <= at <= len(hand.events) else None
        if dealt is None:
            continue
        found.append(Source(rule, example, "outcome", hand, at, dealt))
        ruling = dealt.ruling_at(at)
        if ruling is not None and _first_step(ruling) is not None:
            found.append(Source(rule, example, "step", hand, at, dealt))
        if (
            example.violations is not None
            and ruling is not None
            and at < len(hand.events)
            and all(v.event > at for v in dealt.violations)
        ):
            found.append(Source(rule, example, "procedure", hand, at, dealt))
    return found


def _first_step(ruling: Ruling) -> str | None:
    """The first step, when asking for it is a question of its own."""
    if ruling.outcome in ("misdeal", "void") or not ruling.steps:
        return None
    first = ruling.steps[0].do
    return first if first in STEP_CHOICES else None


def irregularity_question(book: Rulebook, source: Source, rng: Random) -> Question:
    """A question from ``source``, dealt at a new table when a variation keeps its ruling."""
    want = source.signature
    dealt = source.dealt
    for attempt in range(_ATTEMPTS):
        extra = rng.choice((0, 0, 1, 2, 3)) if attempt < _ATTEMPTS // 2 else 0
        reseat = Reseat.draw(source.hand, rng, extra_seats=extra, any_cards=attempt < _ATTEMPTS - 2)
        varied = replay(source.hand, book, reseat)
        if varied is not None and source.signature_of(varied) == want:
            dealt = varied
            break
    return _question(book, source, dealt, rng)


def _question(book: Rulebook, source: Source, dealt: Dealt, rng: Random) -> Question:
    at = dealt.numbers[source.at - 1]
    ruling = dealt.ruling_at(at)
    events = dealt.hand.parse_events()
    kind = source.kind
    situation = _situation(book, dealt, kind == "procedure", at)
    explanation = _ruling_lines(ruling, at, source, book)
    base = Question(
        topic="irregularities",
        kind=kind,
        situation=situation,
        ask="",
        answer="",
        cite=ruling.cite if ruling else None,
        rule=ruling.rule if ruling else None,
        title=ruling.title if ruling else None,
        hand=dealt.hand,
        event=at,
    )
    if kind == "outcome":
        outcome = ruling.outcome if ruling else "none"
        choices = tuple(text for _, text in OUTCOME_CHOICES)
        correct = [name for name, _ in OUTCOME_CHOICES].index(outcome)
        return replace(
            base,
            ask=f"What is the ruling on event {at}?",
            choices=choices,
            correct=correct,
            answer=choices[correct],
            expected=outcome,
            explanation=tuple(explanation),
        )
    assert ruling is not None
    if kind == "step":
        event = events[at - 1]
        first = ruling.steps[0].do
        picked = [first, *_distractors(book, event, ruling, rng)]
        rng.shuffle(picked)
        choices = tuple(step_choice(do, event) for do in picked)
        correct = picked.index(first)
        return replace(
            base,
            ask=f"Event {at} has just happened. What does the dealer do first?",
            choices=choices,
            correct=correct,
            answer=choices[correct],
            expected=first,
            explanation=tuple(explanation),
        )
    departures = sorted(v.event for v in dealt.violations)
    first_departure = departures[0] if departures else 0
    choices = (
        "None: every event follows the procedure",
        *(f"Event {n}: {dealt.lines[n - 1]}" for n in range(at + 1, len(events) + 1)),
    )
    correct = first_departure - at if first_departure else 0
    if dealt.violations:
        explanation.extend(f"Event {v.event} departs: {v.message}" for v in dealt.violations)
    else:
        explanation.append("Every event after the ruling follows the procedure.")
    return replace(
        base,
        ask=(
            f"At event {at} the floor ruled: {ruling.title}. Which is the first event"
            " after it that departs from the procedure, if any?"
        ),
        choices=choices,
        correct=correct,
        answer=choices[correct],
        expected=first_departure,
        explanation=tuple(explanation),
    )


def _situation(book: Rulebook, dealt: Dealt, whole: bool, at: int) -> Situation:
    hand = dealt.hand
    start = hand.start()
    places = roles(start)
    seats = tuple(SeatView(seat, stack, places[seat]) for seat, stack in hand.seats.items())
    lines = dealt.lines if whole else dealt.lines[:at]
    house = tuple(
        f"House option: {option_title(book, name)}: {_words(value)}"
        for name, value in hand.house.items()
    )
    if any(isinstance(event, Burn) for event in hand.parse_events()):
        house += ("The dealer records every burn card.",)
    return Situation(
        game=hand.game,
        betting=hand.betting,
        blinds=hand.blinds,
        button=hand.button,
        seats=seats,
        events=tuple(lines),
        rules=house,
    )


def _words(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)


def _ruling_lines(ruling: Ruling | None, at: int, source: Source, book: Rulebook) -> list[str]:
    example = source.example
    if ruling is None:
        reason = example.describe if example.outcome == "none" and example.describe else ""
        return [f"No rule of {book.title} rules on event {at}: play goes on as normal."] + (
            [" ".join(reason.split())] if reason else []
        )
    lines = [f"{ruling.title}."]
    lines.extend(f"{number}. {step.text}" for number, step in enumerate(ruling.steps, 1))
    if ruling.note:
        lines.append("Note: " + " ".join(ruling.note.split()))
    return lines


_UNNAMED: Final = {"expose": "exposed card", "extra": "extra card", "burn": "burn card"}
"""What to call an event's card when the record does not name it."""

_NO_CARD_STEPS: Final = {"card-stands": "Let the hand stand as dealt and play it to the end"}
"""Steps in other words for an event that deals no card (a misdeal called, a bet)."""


def _has_card(event: Event) -> bool:
    return bool(event_cards(event)) or event.kind in _UNNAMED


def step_choice(do: str, event: Event) -> str:
    """The step ``do`` as a choice, naming the event's card and seat."""
    cards = event_cards(event)
    if not _has_card(event) and do in _NO_CARD_STEPS:
        return _NO_CARD_STEPS[do]
    named = format_cards(cards) if cards else _UNNAMED.get(event.kind, "card")
    seat = event_seat(event)
    return STEP_CHOICES[do].format(cards=named, seat=f"seat {seat}" if seat else "the player")


def _distractors(book: Rulebook, event: Event, ruling: Ruling, rng: Random) -> list[str]:
    """Three first steps that are wrong here: first what other rules on the same kind of
    event do first, then what a new dealer might think of."""
    taken = {step.do for step in ruling.steps}
    if isinstance(event, Burn):
        taken.add("use-as-burn")
    usable = [
        do
        for do in STEP_CHOICES
        if do not in taken
        and (event_seat(event) is not None or "{seat}" not in STEP_CHOICES[do])
        and (_has_card(event) or "{cards}" not in STEP_CHOICES[do])
    ]
    from_rules = sorted(
        {
            rule.rule.steps[0].do
            for rule in book.rules
            if event.kind in rule.kinds and rule.rule.steps and rule.rule.steps[0].do in usable
        }
    )
    rng.shuffle(from_rules)
    likely = [do for do in _LIKELY_STEPS[_family(event)] if do in usable and do not in from_rules]
    rng.shuffle(likely)
    rest = [do for do in usable if do not in from_rules and do not in likely]
    rng.shuffle(rest)
    return [*from_rules, *likely, *rest][:3]


def _family(event: Event) -> str:
    if isinstance(event, Board):
        return "board"
    if isinstance(event, Action):
        return "action"
    if event.kind in ("chips", "says", "string", "motion", "pullback", "prior"):
        return "betting"
    if event.kind in ("show", "muck", "plays-board"):
        return "showdown"
    return event.kind if event.kind in _LIKELY_STEPS else "other"
