"""floorman hands written as PHH files (TOML), for other tools to replay.

PHH has no burns, no exposed cards and no dead hands: what it cannot play is
written as commentary, and the hand as recorded is kept in a field of its own
(:data:`~floorman.interchange.phh.recorded.FLOORMAN_FIELD`) for floorman to read back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

from floorman.hand.events import (
    Action,
    Away,
    Board,
    Burn,
    Cards,
    Chips,
    Clock,
    Deal,
    Event,
    EventError,
    Kill,
    Miscount,
    Motion,
    Muck,
    Note,
    PlaysBoard,
    Post,
    Retrieve,
    Says,
    Show,
    StringBet,
)
from floorman.interchange.phh.errors import PhhError
from floorman.interchange.phh.recorded import FLOORMAN_FIELD
from floorman.interchange.phh.variants import variant_code
from floorman.interchange.phh.writer import toml_value

if TYPE_CHECKING:
    from floorman.hand.records import ActionRecord
    from floorman.hand.state import HandState
    from floorman.interchange.handfile import Hand

__all__ = ["dump_phh"]

_NAME_NOTE: Final = re.compile(r"seat (\d+): (.+)")


def dump_phh(hand: Hand) -> str:
    """The hand as a PHH file (TOML).

    Players are numbered from the first seat left of the button. Burns are
    left out (PHH deals without them); events PHH has no action for (an
    exposed card, a reshuffle, a note) become commentary no-ops. The hand is
    replayed with its rulebook ruling, so a board card a procedure took back
    is a comment too, and the board is the one played. The finishing stacks
    are given when the hand is over. The hand as recorded, irregularities
    and all, is kept in the user-defined field :data:`FLOORMAN_FIELD`, so an
    import gives back the same events and the same rulings. The betting is
    written as it was played after the rulings (see :class:`_PhhTable`). A hand
    PHH cannot play (a dead blind, a hand retrieved from the muck after PHH
    folded it) is refused with :class:`PhhError` rather than written as a
    different hand.
    """
    from floorman.replay import rule_events, rule_steps, start_hand
    from floorman.showdown.oddchips import split_rules
    from floorman.showdown.settlement import dead_posts, settle_state

    code = variant_code(hand.game, hand.betting)
    if code is None:
        raise PhhError(f"PHH has no variant for {hand.betting} {hand.game}")
    if hand.bomb_pot:
        raise PhhError(
            "PHH cannot record a bomb pot: it has no hand without betting before the flop"
        )
    if hand.straddles:
        raise PhhError(
            "PHH cannot record the table's mandatory straddles: it would read them back as"
            " straddles each player chose"
        )
    events = hand.parse_events()
    try:
        ruled = rule_events(hand, events)
    except EventError as error:
        raise hand.error(error) from None
    final = ruled.state
    if final.ledger.run_count > 1:
        raise PhhError(
            f"PHH cannot record a board run {final.ledger.run_count} times: it has no action"
            " for more than one run-out"
        )
    played = {b.event for b in final.ledger.board}
    order = final.table.deal_order
    player = {seat: index for index, seat in enumerate(order, 1)}
    count = len(order)
    antes = [hand.ante] * count
    forced = [0] * count
    named = final.table.small_blind_seat
    if named is not None:  # the players before it are dealt in with no blind
        small = player[named] - 1
        forced[small], forced[small + 1] = hand.blinds
    elif final.table.small_blind:
        forced[0], forced[1] = hand.blinds
    else:  # the small blind fell to an empty seat: the first player posts the big blind alone
        forced[0] = hand.blinds[1]
    trimming = True
    steps = rule_steps(hand, events)
    state = next(steps)
    table = _PhhTable(start_hand(hand, events, ruled.book.options), player)
    actions = table.actions
    names: dict[int, str] = {}
    dealt = False
    for number, event in enumerate(events, 1):
        to_act, seen, pot = state.to_act, len(state.betting.actions), state.betting.pot
        next(steps)
        if isinstance(event, Miscount) and state.betting.pot != pot:
            raise PhhError(f'PHH cannot record "{event}": a bet raised after it was made')
        if len(state.betting.actions) < seen:
            raise PhhError(f'PHH cannot record "{event}": a call taken back after it was made')
        if isinstance(event, Kill | Away | Clock):
            table.dies(event, state, to_act)
        table.play(state.betting.actions[seen:])
        if state.ledger.event_count != number and not isinstance(event, Burn):
            actions.append(f"# floorman: {event} (not played)")
        elif isinstance(event, Post):
            index = player[event.seat] - 1
            if event.what == "ante":
                antes[index] += event.amount
                trimming = False
            elif event.what == "straddle":
                forced[index] += event.amount
            else:
                raise PhhError(f'PHH cannot record "{event}": only antes and straddles are posted')
            table.follow(event)
        elif isinstance(event, Deal | Cards):
            if not dealt:
                dealt = True
                table.follow(Deal())
                for seat in order:
                    held = "".join("??" if c is None else c.ascii for c in final.ledger.hole(seat))
                    actions.append(f"d dh p{player[seat]} {held}")
        elif isinstance(event, Board) and number in played:
            table.before_board()
            actions.append("d db " + "".join(card.ascii for card in event.cards))
            table.follow(event)
        elif isinstance(event, Show):
            table.at_showdown()
            actions.append(f"p{player[event.seat]} sm " + "".join(c.ascii for c in event.cards))
        elif isinstance(event, Muck):
            table.at_showdown()
            actions.append(f"p{player[event.seat]} sm")
        elif isinstance(event, Note):
            match = _NAME_NOTE.fullmatch(event.text)
            if match and int(match.group(1)) in player:
                names[player[int(match.group(1))]] = match.group(2)
            else:
                actions.append(f"# {event.text}")
        elif isinstance(event, PlaysBoard):
            actions.append(f"# p{player[event.seat]} plays the board")
        elif isinstance(event, Retrieve):
            table.comes_back(event)
        elif isinstance(event, Kill | Away | Action | Chips | Says | StringBet | Motion):
            if isinstance(event, Away) and event.seat not in state.betting.folded:
                actions.append(f"# floorman: {event}")
        elif not isinstance(event, Burn):
            actions.append(f"# floorman: {event}")
    table.finish(state)
    if count == 2:
        antes.reverse()
    lines = [
        f"variant = {toml_value(code)}",
        f"ante_trimming_status = {toml_value(trimming)}",
        f"antes = {toml_value(antes)}",
        f"blinds_or_straddles = {toml_value(forced)}",
    ]
    if hand.betting == "limit":
        small_bet, big_bet = hand.limit_bets or (hand.blinds[1], 2 * hand.blinds[1])
        lines += [f"small_bet = {small_bet}", f"big_bet = {big_bet}"]
    else:
        lines.append(f"min_bet = {hand.min_bet or max(hand.blinds[1], 1)}")
    lines.append(f"starting_stacks = {toml_value([hand.seats[seat] for seat in order])}")
    lines.append("actions = [")
    lines.extend(f"  {toml_value(action)}," for action in actions)
    lines.append("]")
    if len(names) == count:
        lines.append(f"players = {toml_value([names[index] for index in range(1, count + 1)])}")
    rules = split_rules(ruled.book.options, min(hand.chips))
    settled = settle_state(final, rules=rules, dead=dead_posts(events))
    if settled is not None:
        lines.append(f"finishing_stacks = {toml_value([settled.stacks[seat] for seat in order])}")
    recorded = hand.model_dump(mode="json", exclude_unset=True, exclude={"events"})
    recorded["events"] = [str(event) for event in events]
    lines.append(f"{FLOORMAN_FIELD} = {toml_value(json.dumps(recorded, ensure_ascii=False))}")
    return "\n".join(lines) + "\n"


class _PhhTable:
    """The betting as PHH plays it, written out action by action.

    The actions are those the ruled hand played, in the order they were played
    (an action out of turn when it came to stand, silent chips as the action they
    were ruled). PHH has no dead hand: a hand killed out of its turn to act, or of
    a player away from the seat, stays in until its turn comes and then folds,
    which ``mirror`` (the hand as PHH sees it) says.
    """

    def __init__(self, mirror: HandState, player: Mapping[int, int]) -> None:
        self.actions: list[str] = []
        self.player = player
        self.mirror: HandState | None = mirror
        self.dead: list[int] = []
        self.waiting: Event | None = None

    def follow(self, event: Event) -> None:
        """PHH's view takes ``event``; a view that cannot stops being followed, and only
        a dead hand waiting for its turn needs it."""
        if self.mirror is None:
            return
        try:
            self.mirror.apply(event)
        except EventError:
            self.mirror = None
            self._needs_view()

    def _needs_view(self) -> None:
        if self.dead and self.mirror is None:
            raise PhhError(f'PHH cannot record "{self.waiting}": the hand dies out of its turn')

    def _fold_dead(self, until: int | None = None) -> None:
        mirror = self.mirror
        while mirror is not None and mirror.to_act in self.dead and mirror.to_act != until:
            seat = mirror.to_act
            self.dead.remove(seat)
            self.actions.append(f"p{self.player[seat]} f")
            self.follow(Action(seat, "fold"))
            mirror = self.mirror

    def dies(self, event: Kill | Away | Clock, state: HandState, to_act: int | None) -> None:
        """A hand killed: a fold in turn, a muck at the showdown, else a fold to come."""
        seat = event.seat
        if seat not in state.betting.folded:
            return
        player = self.player[seat]
        if state.street == "showdown":
            self.actions.append(f"p{player} sm")
        elif to_act == seat:
            self._fold_dead(seat)
            self.actions.append(f"p{player} f")
            self.follow(Action(seat, "fold"))
        else:
            self.dead.append(seat)
            self.waiting = event
            self._needs_view()

    def comes_back(self, event: Retrieve) -> None:
        """A hand retrieved before PHH folded it never left PHH's hand."""
        if event.seat in self.dead:
            self.dead.remove(event.seat)
            return
        raise PhhError(f'PHH cannot record "{event}": a hand comes back out of the muck')

    def play(self, records: Sequence[ActionRecord]) -> None:
        for record in records:
            self._fold_dead(record.seat)
            player, verb = self.player[record.seat], record.verb
            if verb == "fold":
                self.actions.append(f"p{player} f")
                self.follow(Action(record.seat, "fold"))
            elif verb in ("check", "call"):
                self.actions.append(f"p{player} cc")
                self.follow(Action(record.seat, "check" if verb == "check" else "call"))
            else:
                self.actions.append(f"p{player} cbr {record.total}")
                self.follow(Action(record.seat, "bet" if verb == "bet" else "raise", record.total))

    def before_board(self) -> None:
        self._fold_dead()

    def at_showdown(self) -> None:
        """A dead hand PHH still holds at the showdown is mucked first."""
        self._fold_dead()
        for seat in list(self.dead):
            self.dead.remove(seat)
            self.actions.append(f"p{self.player[seat]} sm")

    def finish(self, state: HandState) -> None:
        self._fold_dead()
        if self.dead and state.street == "showdown":
            self.at_showdown()
        if self.dead:
            self.waiting = self.waiting or Note("end")
            self.mirror = None
            self._needs_view()
