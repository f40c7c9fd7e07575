"""``floorman icm``: what each stack at the final table is worth for a deal."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Final

import typer

from floorman.cli._app import FLOOR, app, fail, help_example
from floorman.cli._console import echo
from floorman.numerals import NumberError, chip_amount, quoted
from floorman.tournament.icm import IcmError, chip_chop, icm_equities, round_to_unit

MAX_PAYOUT: Final = 10**12
"""The largest payout read, in currency units: beyond every prize pool there is."""

CENT: Final = Fraction(1, 100)
_AMOUNT = re.compile(r"[0-9]{1,13}(\.[0-9]{1,2})?")


@app.command(
    rich_help_panel=FLOOR,
    epilog=help_example("floorman icm --stacks 5000,3000,2000 --payouts 50,30,20 --chop"),
)
def icm(
    stacks: str = typer.Option(
        ..., "--stacks", metavar="CHIPS,...", help="Each player's chips, e.g. 5000,3000,2000."
    ),
    payouts: str = typer.Option(
        ...,
        "--payouts",
        metavar="AMOUNTS,...",
        help="The payouts of the places still to be decided, first place first"
        " (at most one per player; places beyond them pay nothing).",
    ),
    chop: bool = typer.Option(
        False,
        "--chop",
        help="Also the chip-chop: the lowest place's payout to all, the rest by chips.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Each stack's prize equity by ICM (Malmuth–Harville), in the order given, for a deal."""
    chips = _stacks(stacks)
    paid = _payouts(payouts)
    try:
        equities = icm_equities(chips, paid)
        chopped = chip_chop(chips, paid) if chop else None
    except IcmError as error:
        fail(f"--stacks {quoted(stacks)} --payouts {quoted(payouts)}: {error}")
    pool = sum(paid, Fraction(0))
    shown = round_to_unit(equities, CENT)
    chop_shown = round_to_unit(chopped, CENT) if chopped is not None else None
    if as_json:
        out: dict[str, object] = {
            "model": "malmuth-harville",
            "prize_pool": _number(pool),
            "stacks": chips,
            "payouts": [_number(p) for p in paid],
            "equities": [_number(e) for e in shown],
        }
        if chop_shown is not None:
            out["chop"] = [_number(c) for c in chop_shown]
        echo(json.dumps(out))
        return
    echo(_table(chips, paid, pool, shown, chop_shown))


def _stacks(text: str) -> list[int]:
    chips: list[int] = []
    for word in _words(text):
        try:
            stack = chip_amount(word)
        except NumberError as error:
            fail(f"--stacks {quoted(text)}: {error}")
        if stack == 0:
            fail(f"--stacks {quoted(text)}: a stack of 0 is a player out of the tournament")
        chips.append(stack)
    if not chips:
        fail("--stacks names no stack")
    return chips


def _payouts(text: str) -> list[Fraction]:
    amounts: list[Fraction] = []
    for word in _words(text):
        if word.startswith("-"):
            fail(f'--payouts {quoted(text)}: "{quoted(word)}" is below zero')
        if not (word.isascii() and _AMOUNT.fullmatch(word)):
            fail(
                f'--payouts {quoted(text)}: "{quoted(word)}" is not an amount such as 1500 or 12.50'
            )
        amount = Fraction(word)
        if amount > MAX_PAYOUT:
            fail(f'--payouts {quoted(text)}: "{quoted(word)}" is more than {MAX_PAYOUT:,}')
        amounts.append(amount)
    if not amounts:
        fail("--payouts names no payout")
    return amounts


def _words(text: str) -> list[str]:
    return [word for word in text.replace(" ", ",").split(",") if word]


def _number(amount: Fraction) -> int | float:
    return int(amount) if amount.denominator == 1 else float(amount)


def _money(amount: Fraction) -> str:
    cents = round(amount * 100)
    return f"{cents // 100:,}.{cents % 100:02d}"


def _table(
    chips: list[int],
    paid: list[Fraction],
    pool: Fraction,
    equities: tuple[Fraction, ...],
    chopped: tuple[Fraction, ...] | None,
) -> str:
    places = ", ".join(_money(p) for p in paid)
    lines = [f"ICM (Malmuth–Harville): prize pool {_money(pool)}, places paid {places}"]
    columns = [
        ("player", [str(n) for n in range(1, len(chips) + 1)]),
        ("chips", [f"{c:,}" for c in chips]),
        ("equity", [_money(e) for e in equities]),
    ]
    if chopped is not None:
        columns.append(("chip-chop", [_money(c) for c in chopped]))
    widths = [max(len(head), *(len(v) for v in values)) for head, values in columns]
    lines.append("  ".join(f"{head:>{w}}" for (head, _), w in zip(columns, widths, strict=True)))
    for row in range(len(chips)):
        lines.append(
            "  ".join(f"{values[row]:>{w}}" for (_, values), w in zip(columns, widths, strict=True))
        )
    if len(paid) == len(chips) - 1:
        lines.append(f"place {len(chips)} pays nothing")
    elif len(paid) < len(chips):
        lines.append(f"places {len(paid) + 1} to {len(chips)} pay nothing")
    return "\n".join(lines)
