"""PHH hands replayed into floorman hands as they are converted.

Whether ``cc`` is a check or a call and ``cbr`` a bet or a raise depends on
the betting so far, so each action goes through floorman's reducer as it is
converted; an action the reducer refuses is reported with its number and text.
Players are listed from the first seat left of the button, so PHH player N
sits in seat N and the button is the last seat; heads-up the button posts the
small blind, which is why PHH lists the big blind's forced bets first there.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

from floorman.bounds import MAX_CHIPS, MAX_EVENTS_PER_HAND
from floorman.cards import CardError
from floorman.hand.events import Board, Burn, Cards, Deal, Event, EventError, Muck, Note, Post, Show
from floorman.hand.state import HandState
from floorman.interchange.phh.errors import FractionalChips, PhhError, UnsupportedVariant
from floorman.interchange.phh.imported import Imported
from floorman.interchange.phh.notation import (
    Betting,
    cards_of,
    name_notes,
    plain_betting,
    player_seats,
    run,
)
from floorman.interchange.phh.starts import STARTS, start_key
from floorman.interchange.phh.variants import VARIANTS
from floorman.interchange.plainhand import MAX_TABLE_SEATS

__all__ = ["import_phh"]

_DEAL: Final = Deal()
_BURN: Final = Burn()


def import_phh(data: Mapping[str, Any], name: str = "hand.phh") -> Imported:
    """Turn the fields of a PHH file (see :func:`read_phh`) into a floorman hand.

    Raises :class:`UnsupportedVariant` for variants floorman does not play,
    :class:`FractionalChips` for amounts in fractions of a chip and
    :class:`PhhError` for anything else, naming the file and the action.
    """
    return _Importer(data, name).run()


class _Importer:
    def __init__(self, data: Mapping[str, Any], name: str) -> None:
        self.data = data
        self.name = name
        self.seats: dict[str, int] = {}

    def fail(self, message: str) -> PhhError:
        return PhhError(f"{self.name}: {message}")

    def field(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(f"{key} is missing")
        return self.data[key]

    def chips(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(f"{where}: {value!r} is not an amount")
        if isinstance(value, float) and (not math.isfinite(value) or value != int(value)):
            raise FractionalChips(f"{self.name}: {where}: {value} is not a whole number of chips")
        chips = int(value)
        if chips < 0:
            raise self.fail(f"{where}: {value} is below zero")
        if chips > MAX_CHIPS:
            raise self.fail(f"{where}: {value} is more than {MAX_CHIPS:,} chips")
        return chips

    def amounts(self, key: str, count: int) -> list[int]:
        values = self.field(key)
        if not isinstance(values, list) or len(values) != count:
            raise self.fail(f"{key} needs {count} amounts, one a player")
        if set(map(type, values)) == {int} and min(values) >= 0 and max(values) <= MAX_CHIPS:
            return values
        return [self.chips(value, key) for value in values]

    def run(self) -> Imported:
        """Start the hand (a copy of its table's start when one is kept) and play it."""
        key = start_key(self.data)
        start = STARTS.get(key) if key is not None else None
        if start is not None:
            self.seats = player_seats(len(start.header["seats"]))
            return self.play_actions(start.imported(self.name))
        imported = self.start()
        if key is not None:
            STARTS.saw(key, imported)
        return self.play_actions(imported)

    def start(self) -> Imported:
        """The hand before its first action: the header, the state with the blinds
        and antes in, the forced posts and the players' names as events."""
        variant = self.field("variant")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise UnsupportedVariant(
                f"{self.name}: variant {variant!r} is not one floorman plays"
                f" ({', '.join(VARIANTS)})"
            )
        game, betting = VARIANTS[variant]
        stacks = self.field("starting_stacks")
        if not isinstance(stacks, list) or len(stacks) < 2:
            raise self.fail("starting_stacks needs two players or more")
        players = len(stacks)
        if players > MAX_TABLE_SEATS[game]:
            most = MAX_TABLE_SEATS[game]
            raise self.fail(f"starting_stacks: one deck deals {game} to at most {most} players")
        self.seats = player_seats(players)
        starting = self.amounts("starting_stacks", players)
        if not all(starting):
            raise self.fail("starting_stacks: every player has chips")
        antes = list(self.amounts("antes", players))
        forced = self.amounts("blinds_or_straddles", players)
        if players == 2:  # heads-up, PHH lists the antes the other way round
            antes.reverse()
        header: dict[str, Any] = {"game": game, "betting": betting, "burns": "not-recorded"}
        small, big = forced[0], forced[1]
        posted = next((i for i, amount in enumerate(forced) if amount), 0)
        if 0 < posted < players - 2 and _blinds_at(forced, posted):
            blinds = header["blinds"] = (forced[posted], forced[posted + 1])
            header["small_blind"] = posted + 1  # the players before it are dealt in unblinded
            straddles = []
        elif big and small <= big:
            blinds = header["blinds"] = (small, big)
            straddles = forced[2:]
        else:  # a lone blind or one out of order: post them as straddles in turn
            blinds = header["blinds"] = (0, 0)
            straddles = forced
        first = players - len(straddles) + 1
        posts = [
            Post(seat, "straddle", amount) for seat, amount in enumerate(straddles, first) if amount
        ]
        ante = antes[0]
        if antes.count(ante) == players and (not ante or self.data.get("ante_trimming_status")):
            header["ante"] = ante
        else:
            ante = 0
            posts.extend(Post(seat, "ante", amount) for seat, amount in enumerate(antes, 1))
        header["button"] = players
        seats = header["seats"] = dict(enumerate(starting, 1))
        big_blind = blinds[1]
        limit_bets: tuple[int, int] | None = None
        min_bet: int | None = None
        if betting == "limit":
            limit_bets = (
                self.chips(self.field("small_bet"), "small_bet"),
                self.chips(self.field("big_bet"), "big_bet"),
            )
            if limit_bets == (big_blind, 2 * big_blind):
                limit_bets = None
            else:
                header["limit_bets"] = limit_bets
        else:
            min_bet = self.chips(self.field("min_bet"), "min_bet")
            if min_bet < 1:
                raise self.fail(f"min_bet: a bet is at least 1 chip, not {min_bet}")
            if min_bet == big_blind:
                min_bet = None
            else:
                header["min_bet"] = min_bet
        state = HandState(
            seats=seats,
            button=players,
            blinds=blinds,
            ante=ante,
            game=game,
            betting=betting,  # type: ignore[arg-type]
            limit_bets=limit_bets,
            min_bet=min_bet,
            strict=True,
            small_blind_seat=header.get("small_blind"),
        )
        imported = Imported(self.name, header, [], state)
        for post in posts:
            amount = min(post.amount, state.betting.stacks[post.seat])
            if amount:
                post = Post(post.seat, post.what, amount)
                self.apply(imported, post, 0, "")
                if post.what == "ante":
                    imported.dead[post.seat] = amount
        events = imported.events
        names = self.data.get("players")
        if isinstance(names, list) and len(names) == players:
            for note in name_notes(names):
                state.apply(note, len(events) + 1)
                events.append(note)
        return imported

    def play_actions(self, imported: Imported) -> Imported:
        """Replay the actions, then note the file's finishing stacks."""
        state = imported.state
        events = imported.events
        players = len(state.table.seats)
        actions = self.field("actions")
        if not isinstance(actions, list):
            raise self.fail("actions is a list of action strings")
        if len(actions) > MAX_EVENTS_PER_HAND:
            raise self.fail(
                f"actions: a hand has at most {MAX_EVENTS_PER_HAND:,}, not {len(actions):,}"
            )
        hole = state.ledger.hole_count
        for number, raw in enumerate(actions, 1):
            if type(raw) is str:
                known = plain_betting(raw) if raw[:1] == "p" else None
                if known is not None and known.seat <= players:
                    event = known.first  # as Betting.event decides, without the call
                    if known.kind == "cc":
                        if state.betting.to_call(known.seat):
                            event = known.second
                    elif known.kind == "cbr" and state.betting.current_bet:
                        event = known.second
                    try:
                        state.apply(event, len(events) + 1)
                    except EventError as error:
                        raise self.fail(f'action {number} "{raw}": {error.reason}') from None
                    events.append(event)
                    continue
                head = raw[:5]
                if head == "d dh " and self.deal_hole(imported, number, raw, hole):
                    continue
                if head == "d db " and self.deal_board(imported, number, raw):
                    continue
            elif not isinstance(raw, str):
                raise self.fail(f"action {number}: {raw!r} is not an action string")
            self.action(imported, number, raw, hole)
        finishing = self.data.get("finishing_stacks")
        if isinstance(finishing, list) and len(finishing) == players:
            for value in finishing:
                if (
                    isinstance(value, bool)
                    or not isinstance(value, int | float)
                    or not 0 <= value <= MAX_CHIPS
                ):
                    raise self.fail(f"finishing_stacks: {value!r} is not an amount")
            imported.finishing_stacks = tuple(finishing)
        return imported

    def action(self, imported: Imported, number: int, raw: str, hole: int) -> None:
        text, comment = (raw, "") if "#" not in raw else raw.split("#", 1)
        words = text.split()
        if words:
            try:
                self.play(imported, number, raw, words, hole)
            except (CardError, ValueError) as error:
                if isinstance(error, PhhError):
                    raise
                raise self.fail(f'action {number} "{raw}": {error}') from None
        if comment.strip():
            self.apply(imported, Note(comment.strip()), number, raw)

    def play(self, imported: Imported, number: int, raw: str, words: list[str], hole: int) -> None:
        state = imported.state
        actor = words[0]
        if actor == "d":
            what = words[1] if len(words) > 1 else ""
            if what == "dh" and len(words) == 4:
                if not state.ledger.deal_complete:
                    self.apply(imported, _DEAL, number, raw)
                seat = self.player(words[2], number, raw)
                cards = cards_of(words[3])
                if len(cards) != hole:
                    raise self.fail(f'action {number} "{raw}": {hole} hole cards are dealt')
                if any(cards):
                    self.apply(imported, Cards(seat, cards), number, raw)
                return
            if what == "db" and len(words) == 3:
                street = state.ledger.next_board_street
                board = cards_of(words[2])
                if street is None or None in board:
                    raise self.fail(f'action {number} "{raw}": not a board card to deal')
                self.apply(imported, _BURN, number, raw)
                self.apply(imported, Board(street, board), number, raw)  # type: ignore[arg-type]
                return
        elif actor in self.seats:
            seat = self.seats[actor]
            betting = Betting.read(seat, words[1] if len(words) > 1 else "", words[2:], self.name)
            if betting is None:
                event = self.player_event(seat, words, state)
            else:
                event = betting.event(state)
            self.apply(imported, event, number, raw)
            return
        elif actor[:1] == "p":
            raise self.fail(f'action {number} "{raw}": there is no player {actor}')
        raise self.fail(f'action {number} "{raw}": not a PHH action')

    def deal_hole(self, imported: Imported, number: int, raw: str, hole: int) -> bool:
        """``d dh pN CARDS`` read in one go; ``False`` (nothing done) when it is not
        that plain, for :meth:`action` to read it and say what is wrong."""
        words = raw.split()
        if len(words) != 4 or "#" in raw:
            return False
        seat = self.seats.get(words[2])
        cards = run(words[3])
        if seat is None or cards is None or len(cards) != hole:
            return False
        if not imported.state.ledger.deal_complete:
            self.apply(imported, _DEAL, number, raw)
        if any(cards):
            self.apply(imported, Cards(seat, cards), number, raw)
        return True

    def deal_board(self, imported: Imported, number: int, raw: str) -> bool:
        """``d db CARDS`` read in one go: the burn, then the next board street;
        ``False`` (nothing done) when it is not that plain."""
        words = raw.split()
        if len(words) != 3 or "#" in raw:
            return False
        board = run(words[2])
        street = imported.state.ledger.next_board_street
        if board is None or street is None or None in board:
            return False
        self.apply(imported, _BURN, number, raw)
        self.apply(imported, Board(street, board), number, raw)  # type: ignore[arg-type]
        return True

    def player_event(self, seat: int, words: list[str], state: HandState) -> Event:
        what = words[1] if len(words) > 1 else ""
        args = words[2:]
        if what == "sm" and not args:
            return Muck(seat)
        if what == "sm" and len(args) == 1:
            if args[0] == "-":
                known = state.ledger.hole(seat)
                if None in known:
                    raise ValueError("the cards to show were never dealt face up")
                return Show(seat, tuple(card for card in known if card is not None))
            cards = cards_of(args[0])
            if None in cards:
                raise ValueError("floorman cannot read a hand shown with unknown cards")
            return Show(seat, tuple(card for card in cards if card is not None))
        if what in ("sd", "pb"):
            raise ValueError("draws and bring-ins are not in the games floorman plays")
        raise ValueError("not a PHH action")

    def player(self, word: str, number: int, raw: str) -> int:
        seat = self.seats.get(word)
        if seat is None:
            raise self.fail(f'action {number} "{raw}": there is no player {word}')
        return seat

    def apply(self, imported: Imported, event: Event, number: int, raw: str) -> None:
        state = imported.state
        duplicates = len(state.ledger.duplicates)
        try:
            state.apply(event, len(imported.events) + 1)
        except EventError as error:
            raise self.fail(f"{_where(number, raw)}: {error.reason}") from None
        if len(state.ledger.duplicates) > duplicates:
            twice = state.ledger.duplicates[-1]
            raise self.fail(f"{_where(number, raw)}: {twice.card.ascii} is dealt twice")
        imported.events.append(event)


def _where(number: int, raw: str) -> str:
    return f'action {number} "{raw}"' if number else "the forced bets"


def _blinds_at(forced: Sequence[int], index: int) -> bool:
    """Whether ``forced`` holds just a small and a big blind, the small one at ``index``:
    the players before it dealt in with no blind."""
    small, big = forced[index], forced[index + 1]
    return 0 < small <= big and not any(forced[index + 2 :])
