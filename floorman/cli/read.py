"""``floorman read``: read the hands at showdown and say who wins high and low.

The evaluator is imported when the command runs, so that other commands
start without building its tables.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Final

import typer

from floorman.cards import Card, CardError, format_cards, parse_cards
from floorman.cli._app import TABLE, app, fail, help_example
from floorman.cli._console import echo
from floorman.errors import FloormanError
from floorman.numerals import NumberError, seat_number

if TYPE_CHECKING:
    from floorman.showdown.reading import Reading, Showdown


@app.command(
    rich_help_panel=TABLE,
    epilog=help_example(
        'floorman read --board "2c 5d 8h Kc Js" 3="Kd Ks" 5="Jh Jd"',
        'floorman read -g omaha -b "2c 5d 8h Kc Js" 3="Ac 3d Ks Qd" 5="Jh Jd 9s 7c"',
        'floorman read -g razz 2="Ah 2c 3d 5s 7h 8c 9d" 4="As 2d 3c 4h 6s Kd Kc"',
    ),
)
def read(
    hands: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="SEAT=CARDS", help='Each seat and its hole cards, e.g. 3="Ac 3d Ks Qd".'
        ),
    ] = None,
    board: str | None = typer.Option(
        None, "--board", "-b", metavar="CARDS", help='The board, e.g. "2c 5d 8h Kc Js".'
    ),
    game: str = typer.Option(
        "holdem",
        "--game",
        "-g",
        metavar="GAME",
        help="holdem, omaha, omaha-hilo; stud, stud-hilo, razz (seven cards a seat, no"
        " board); triple-draw-27, single-draw-27, lowball-a5 (five cards), badugi (four).",
    ),
    ascii_: bool = typer.Option(False, "--ascii", help="Suits as letters: Ah rather than A♥."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Read each seat's best hand, the five cards it plays, and the winners."""
    from floorman.showdown.gamereading import GAME_CARDS, read_game_hands
    from floorman.showdown.reading import GAMES, showdown

    if game not in GAMES and game not in GAME_CARDS:
        fail(f'--game "{game}" is not one of {", ".join((*GAMES, *GAME_CARDS))}')
    if game in GAME_CARDS:
        if board is not None:
            fail(f"{game} has no board: give each seat its {GAME_CARDS[game]} cards")
        if not hands:
            example = _EXAMPLE[GAME_CARDS[game]]
            fail(f'name each seat and its {GAME_CARDS[game]} cards, e.g. 3="{example}"')
        try:
            result = read_game_hands(game, _holes(hands or []))
        except FloormanError as error:
            fail(str(error))
        _print(result, as_json=as_json, ascii_=ascii_)
        return
    if board is None:
        fail('give the board with --board, e.g. --board "2c 5d 8h Kc Js"')
    if not hands:
        fail('name each seat and its hole cards, e.g. 3="Ac Kd"')
    try:
        board_cards = parse_cards(board or "")
    except CardError as error:
        fail(f'--board "{board}": {error}')
    try:
        result = showdown(game, board_cards, _holes(hands or []))
    except FloormanError as error:
        fail(str(error))
    _print(result, as_json=as_json, ascii_=ascii_)


_EXAMPLE: Final = {7: "Ah 2c 3d 5s 7h 8c 9d", 5: "7h 5d 4c 3s 2h", 4: "Kc 4d 2h As"}
"""A hand to show in an example, by how many cards a seat shows down."""


def _print(result: Showdown, *, as_json: bool, ascii_: bool) -> None:
    if as_json:
        echo(json.dumps(_as_json(result), ensure_ascii=False))
    else:
        echo(_as_text(result, ascii=ascii_))


def _holes(hands: Sequence[str]) -> dict[int, tuple[Card, ...]]:
    holes: dict[int, tuple[Card, ...]] = {}
    for hand in hands:
        seat, sep, cards = hand.partition("=")
        seat = seat.strip()
        if not sep:
            fail(f'"{hand}" is not SEAT=CARDS, e.g. 3="Ac Kd"')
        try:
            number = seat_number(seat)
        except NumberError as error:
            fail(f'"{hand}": {error}')
        if number in holes:
            fail(f"seat {number} is given twice")
        try:
            holes[number] = parse_cards(cards)
        except CardError as error:
            fail(f'seat {number} "{cards}": {error}')
    return holes


def _as_text(result: Showdown, *, ascii: bool) -> str:
    def cards(of: Sequence[Card]) -> str:
        return format_cards(of, ascii=ascii)

    hilo = bool(result.low)  # a game split high and low reads every seat's low
    holes = {seat: cards(hole) or "(plays the board)" for seat, hole in result.holes.items()}
    names = {seat: result.announce(seat) for seat in result.high}
    lows = {seat: low.name if low else "no low" for seat, low in result.low.items()}
    seat_width = max(len(f"Seat {seat}") for seat in holes)
    hole_width = max(len(text) for text in holes.values())
    name_width = max(len(name) for name in (*names.values(), *lows.values()))
    lines = [f"{'Board':<{seat_width}}  {cards(result.board)}"] if result.board else []
    for seat, hole in holes.items():
        head = f"{f'Seat {seat}':<{seat_width}}  {hole:<{hole_width}}  "
        plays = cards(result.high[seat].cards)
        if not hilo:
            lines.append(f"{head}{names[seat]:<{name_width}}  {plays}".rstrip())
            continue
        lines.append(f"{head}high  {names[seat]:<{name_width}}  {plays}")
        low = result.low[seat]
        tail = f"  {cards(low.cards)}" if low else ""
        lines.append(f"{'':<{len(head)}}low   {lows[seat]:<{name_width}}{tail}".rstrip())
    high_name = names[result.high_winners[0]]
    if not hilo:
        lines.append(_winners("Wins", result.high_winners, high_name))
        return "\n".join(lines)
    lines.append(_winners("High", result.high_winners, high_name))
    if result.low_winners:
        lines.append(_winners("Low", result.low_winners, lows[result.low_winners[0]]))
    else:
        lines.append("Low: no hand qualifies for low (8 or better); high takes the whole pot")
    return "\n".join(lines)


def _winners(half: str, seats: Sequence[int], name: str) -> str:
    if len(seats) == 1:
        return f"{half}: seat {seats[0]}, {name}"
    listed = ", ".join(str(seat) for seat in seats[:-1]) + f" and {seats[-1]}"
    return f"{half}: seats {listed} tie and split, {name}"


def _reading_json(reading: Reading | None) -> dict[str, object] | None:
    if reading is None:
        return None
    return {
        "name": reading.name,
        "full_name": reading.full_name,
        "cards": [card.ascii for card in reading.cards],
        "value": reading.value,
    }


def _as_json(result: Showdown) -> dict[str, object]:
    seats: dict[str, object] = {}
    for seat, hole in result.holes.items():
        entry: dict[str, object] = {
            "hole": [card.ascii for card in hole],
            "high": _reading_json(result.high[seat]),
        }
        if result.low:
            entry["low"] = _reading_json(result.low[seat])
        seats[str(seat)] = entry
    out: dict[str, object] = {
        "game": result.game,
        "board": [card.ascii for card in result.board],
        "seats": seats,
        "high_winners": list(result.high_winners),
    }
    if result.low:
        out["low_winners"] = list(result.low_winners)
    return out
