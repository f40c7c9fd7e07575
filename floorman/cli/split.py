"""``floorman split``: who gets what of one pot, and who gets each odd chip."""

from __future__ import annotations

import json
from collections.abc import Sequence

import typer

from floorman.bounds import MAX_CHIPS, MAX_SEAT
from floorman.cards import Card, CardError, parse_cards
from floorman.cli._app import TABLE, app, fail, help_example
from floorman.cli._console import echo
from floorman.numerals import NumberError, seat_number, whole_number
from floorman.showdown.chipstacks import check_denominations, chip_breakdown, format_chips
from floorman.showdown.oddchips import (
    HILO_ODD_CHIPS,
    ODD_CHIP_POLICIES,
    Split,
    split_hilo,
    split_rules,
)


@app.command(
    rich_help_panel=TABLE, epilog=help_example("floorman split 347 --between 2,6,8 --button 4")
)
def split(
    amount: int = typer.Argument(..., help="The pot, in chips.", min=0, max=MAX_CHIPS),
    between: str | None = typer.Option(
        None, "--between", metavar="SEATS", help="Tied winners, e.g. 2,6,8."
    ),
    high: str | None = typer.Option(
        None, "--high", metavar="SEATS", help="Hi-lo: the winning high hand(s)."
    ),
    low: str | None = typer.Option(
        None, "--low", metavar="SEATS", help="Hi-lo: the winning low hand(s), if a low qualifies."
    ),
    button: int = typer.Option(
        ..., "--button", help="The seat holding the button.", min=1, max=MAX_SEAT
    ),
    unit: int | None = typer.Option(
        None,
        "--unit",
        min=1,
        max=MAX_CHIPS,
        help="The smallest chip in play (default: the smallest of --chips, or 1).",
    ),
    chips: str | None = typer.Option(
        None, "--chips", metavar="DENOMINATIONS", help="Chips in play, e.g. 1,5,25."
    ),
    policy: str | None = typer.Option(
        None,
        "--policy",
        help="Odd chip between tied hands: "
        + ", ".join(ODD_CHIP_POLICIES)
        + " (default: the rulebook's).",
    ),
    hilo_odd_chip: str | None = typer.Option(
        None,
        "--hilo-odd-chip",
        help="Odd chip of the high/low split: high or low (default: the rulebook's).",
    ),
    quartering_exception: bool | None = typer.Option(
        None,
        "--quartering-exception/--no-quartering-exception",
        help="Odd chip to the low half when the high hand wins alone and the low is quartered"
        " (default: the rulebook's).",
        show_default=False,
    ),
    rulebook: str | None = typer.Option(
        None, "--rulebook", "-r", help="Take the split options from this rulebook (default rrop)."
    ),
    house: str | None = typer.Option(
        None, "--house", help="A house profile file applied on top of the rulebook."
    ),
    cards: str | None = typer.Option(
        None,
        "--cards",
        metavar="SEAT=CARDS,...",
        help="Winners' hole cards for high-card-by-suit, e.g. 2=AhKd,6=AsQc.",
    ),
    seats: str | None = typer.Option(
        None,
        "--seats",
        metavar="SEATS",
        help="The table's seats clockwise, when seat numbers do not go round in order.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Split a pot between tied hands or high and low, down to the smallest chip."""
    if between is not None and (high is not None or low is not None):
        fail("give the winners either with --between or with --high/--low, not both")
    if between is None and high is None:
        fail("name the winners: --between SEATS, or --high SEATS [--low SEATS]")
    if policy is not None and policy not in ODD_CHIP_POLICIES:
        fail(f'--policy "{policy}" is not one of {", ".join(ODD_CHIP_POLICIES)}')
    if hilo_odd_chip is not None and hilo_odd_chip not in HILO_ODD_CHIPS:
        fail(f'--hilo-odd-chip "{hilo_odd_chip}" is not high or low')
    denominations = _denominations(chips)
    unit = _unit(unit, denominations)
    high_seats = _seats("--between" if between is not None else "--high", between or high)
    low_seats = _seats("--low", low) if low else []
    given = {
        "odd_chip": policy,
        "hilo_odd_chip": hilo_odd_chip,
        "quartering_exception": quartering_exception,
    }
    options: dict[str, object] = {}
    if None in given.values() or rulebook or house:
        from floorman.rules.loader import load_rulebook

        options.update(load_rulebook(rulebook, house=house).options)
    options.update((name, value) for name, value in given.items() if value is not None)
    rules = split_rules(options, unit)
    result = split_hilo(
        amount,
        high_seats,
        low_seats,
        button=button,
        rules=rules,
        order=_seats("--seats", seats) if seats else None,
        cards=_cards(cards) if cards else None,
    )
    eligible = sorted({*high_seats, *low_seats})
    if as_json:
        echo(json.dumps(_as_json(amount, eligible, result, denominations)))
        return
    echo(_as_table(amount, high_seats, low_seats, button, unit, result, denominations))


def _as_json(
    amount: int, eligible: list[int], result: Split, denominations: tuple[int, ...] | None
) -> dict[str, object]:
    shares = dict(sorted(result.shares.items()))
    out: dict[str, object] = {
        "amount": amount,
        "eligible": eligible,
        "awards": {str(seat): share for seat, share in shares.items()},
        "odd_chips": [chip.to_json() for chip in result.odd_chips],
        "carried": result.carried,
    }
    if result.halves:
        out["halves"] = result.halves
    if denominations:
        out["chips"] = {
            str(seat): {str(chip): n for chip, n in chip_breakdown(share, denominations)}
            for seat, share in shares.items()
        }
    return out


def _as_table(
    amount: int,
    high: Sequence[int],
    low: Sequence[int],
    button: int,
    unit: int,
    result: Split,
    denominations: tuple[int, ...] | None,
) -> str:
    if low:
        head = (
            f"Split {amount}: high half {result.halves['high']} to seat{_s(high)} {_list(high)},"
            f" low half {result.halves['low']} to seat{_s(low)} {_list(low)}"
        )
    else:
        head = f"Split {amount} between seat{_s(high)} {_list(high)}"
    lines = [f"{head} (button seat {button}, smallest chip {unit})"]
    width = max(len("share"), *(len(str(share)) for share in result.shares.values()))
    header = f"{'seat':>4}  {'share':>{width}}"
    lines.append(header + ("  chips" if denominations else ""))
    for seat, share in sorted(result.shares.items()):
        row = f"{seat:>4}  {share:>{width}}"
        if denominations:
            row += "  " + format_chips(chip_breakdown(share, denominations))
        lines.append(row)
    for chip in result.odd_chips:
        who = "" if chip.seat is None else f" to seat {chip.seat}"
        lines.append(f"odd chip of {chip.amount}{who}: {chip.reason}")
    return "\n".join(lines)


def _seats(option: str, text: str | None) -> list[int]:
    words = (text or "").replace(" ", ",").split(",")
    seats: list[int] = []
    for word in filter(None, words):
        try:
            seats.append(seat_number(word))
        except NumberError as error:
            fail(f'{option} "{text}": {error}')
    if not seats:
        fail(f"{option} names no seat")
    if len(set(seats)) != len(seats):
        fail(f'{option} "{text}" names a seat twice')
    return seats


def _denominations(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    values: list[int] = []
    for word in filter(None, text.replace(" ", ",").split(",")):
        try:
            values.append(whole_number(word, "a chip value", MAX_CHIPS))
        except NumberError as error:
            fail(f'--chips "{text}": {error}')
    return check_denominations(values)


def _unit(unit: int | None, denominations: tuple[int, ...] | None) -> int:
    smallest = denominations[-1] if denominations else None
    if unit is None:
        return smallest or 1
    if smallest is not None and unit != smallest:
        fail(f"--unit {unit} is not the smallest chip in --chips ({smallest})")
    return unit


def _cards(text: str) -> dict[int, tuple[Card, ...]]:
    by_seat: dict[int, tuple[Card, ...]] = {}
    for item in filter(None, text.split(",")):
        seat, sep, held = item.partition("=")
        if not sep:
            fail(f'--cards "{item}" is not SEAT=CARDS, e.g. 2=AhKd')
        try:
            by_seat[seat_number(seat.strip())] = parse_cards(held)
        except (CardError, NumberError) as error:
            fail(f'--cards "{item}": {error}')
    return by_seat


def _list(seats: Sequence[int]) -> str:
    return ", ".join(str(seat) for seat in sorted(seats))


def _s(seats: Sequence[int]) -> str:
    return "s" if len(seats) > 1 else ""
