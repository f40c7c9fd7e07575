"""``floorman split``: who gets what of one pot, and who gets each odd chip."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Final, cast

import typer

from floorman.bounds import MAX_CHIPS, MAX_SEAT
from floorman.cards import Card, CardError, parse_cards
from floorman.cli._app import TABLE, app, fail, help_example
from floorman.cli._console import echo
from floorman.numerals import NumberError, seat_number, whole_number
from floorman.showdown.chipstacks import check_denominations, chip_breakdown, format_chips

if TYPE_CHECKING:
    from floorman.hand.stud import StudGame

from floorman.showdown.oddchips import (
    HILO_ODD_CHIPS,
    ODD_CHIP_POLICIES,
    RUN_ODD_CHIPS,
    Split,
    split_hilo,
    split_rules,
    split_runs,
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
    button: int | None = typer.Option(
        None,
        "--button",
        help="The seat holding the button (not in stud games).",
        min=1,
        max=MAX_SEAT,
        show_default=False,
    ),
    game: str | None = typer.Option(
        None,
        "--game",
        "-g",
        metavar="GAME",
        help="stud, stud-hilo or razz: the winners read from --cards (every seat's cards"
        " at showdown), the odd chip by the high card by suit as the rulebook reads it.",
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
    runs: Annotated[
        list[str] | None,
        typer.Option(
            "--run",
            metavar="HIGH[/LOW]",
            help="A board run more than once: each run's winners, once per run in the order"
            " run (--run 2 --run 3; hi-lo: --run 2/5). The pot is cut into one part per run.",
        ),
    ] = None,
    run_odd_chip: str | None = typer.Option(
        None,
        "--run-odd-chip",
        help="Odd chip of the cut between runs: first-run or last-run (default: the rulebook's).",
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
    if game is not None:
        _stud(amount, game, cards, rulebook, house, unit, chips, as_json, between, high, low)
        return
    if button is None:
        fail("give the seat holding the button: --button SEAT (stud games: --game)")
    if runs:
        if between is not None or high is not None or low is not None:
            fail("give the winners either with --run for each run, or with --between or --high")
        if len(runs) < 2:
            fail("a board run more than once has a --run for each run, at least two")
        between = ",".join(sorted({w for r in runs for w in r.replace("/", ",").split(",") if w}))
    if run_odd_chip is not None and run_odd_chip not in RUN_ODD_CHIPS:
        fail(f'--run-odd-chip "{run_odd_chip}" is not first-run or last-run')
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
        "run_odd_chip": run_odd_chip,
    }
    options: dict[str, object] = {}
    if None in given.values() or rulebook or house:
        from floorman.rules.loader import load_rulebook

        options.update(load_rulebook(rulebook, house=house).options)
    options.update((name, value) for name, value in given.items() if value is not None)
    rules = split_rules(options, unit)
    order = _seats("--seats", seats) if seats else None
    held = _cards(cards) if cards else None
    if runs:
        parts = split_runs(amount, len(runs), rules)
        results = []
        for part, run in zip(parts, runs, strict=True):
            high_text, _, low_text = run.partition("/")
            results.append(
                split_hilo(
                    part,
                    _seats("--run", high_text),
                    _seats("--run", low_text) if low_text else [],
                    button=button,
                    rules=rules,
                    order=order,
                    cards=held,
                )
            )
        _echo_runs(amount, button, unit, results, denominations, as_json)
        return
    result = split_hilo(
        amount,
        high_seats,
        low_seats,
        button=button,
        rules=rules,
        order=order,
        cards=held,
    )
    eligible = sorted({*high_seats, *low_seats})
    if as_json:
        echo(json.dumps(_as_json(amount, eligible, result, denominations)))
        return
    echo(
        _as_table(
            amount, high_seats, low_seats, f"button seat {button}", unit, result, denominations
        )
    )


_STUD_GAMES: Final = ("stud", "stud-hilo", "razz")


def _stud(
    amount: int,
    game: str,
    cards: str | None,
    rulebook: str | None,
    house: str | None,
    unit: int | None,
    chips: str | None,
    as_json: bool,
    *winners: str | None,
) -> None:
    """A stud pot: the winners and the odd chip worked out from every seat's cards."""
    if game not in _STUD_GAMES:
        fail(f'--game "{game}" is not one of {", ".join(_STUD_GAMES)} (other games: --button)')
    if any(given is not None for given in winners):
        fail("in a stud game the winners are read from --cards: leave out --between, --high, --low")
    if not cards:
        fail(f"give each seat's cards at showdown: --cards 2=AhKd7c7s2d3c9h,5=... ({game})")
    from floorman.rules.loader import load_rulebook
    from floorman.showdown.awards import ShowdownError
    from floorman.showdown.oddchips import SplitRules
    from floorman.showdown.studsettle import hilo_low_of, odd_chip_cards, split_stud_pot

    tabled = _cards(cards)
    if len(tabled) < 2:
        fail("--cards names one seat: a pot is split between two hands or more")
    seen: dict[Card, int] = {}
    for seat, held in tabled.items():
        if not 5 <= len(held) <= 7:
            fail(f"--cards seat {seat}: a stud hand shows 5 to 7 cards, not {len(held)}")
        for card in held:
            if card in seen:
                fail(f"--cards: the {card.ascii} is in seats {seen[card]} and {seat}")
            seen[card] = seat
    book = load_rulebook(rulebook, house=house)
    denominations = _denominations(chips)
    unit = _unit(unit, denominations)
    try:
        result, high, low = split_stud_pot(
            cast("StudGame", game), amount, tabled, SplitRules(unit=unit), button=max(tabled),
            odd_chip_cards=odd_chip_cards(book.name), hilo_low=hilo_low_of(book.options),
        )  # fmt: skip
    except (ShowdownError, ValueError) as error:
        fail(str(error))
    if as_json:
        out = _as_json(amount, sorted(tabled), result, denominations)
        echo(json.dumps({"game": game, "high": list(high), "low": list(low), **out}))
        return
    echo(_as_table(amount, high or low, low if high else [], game, unit, result, denominations))


def _echo_runs(
    amount: int,
    button: int,
    unit: int,
    results: list[Split],
    denominations: tuple[int, ...] | None,
    as_json: bool,
) -> None:
    """A pot run more than once: what the runs give each seat together, then each run."""
    shares: dict[int, int] = {}
    for run in results:
        for seat, share in run.shares.items():
            shares[seat] = shares.get(seat, 0) + share
    total = Split(
        shares,
        tuple(chip for run in results for chip in run.odd_chips),
        sum(run.carried for run in results),
    )
    if as_json:
        out = _as_json(amount, sorted(shares), total, denominations)
        out["runs"] = [_as_json(run.total, sorted(run.shares), run, None) for run in results]
        echo(json.dumps(out))
        return
    seats = sorted(shares)
    lines = [_as_table(amount, seats, [], f"button seat {button}", unit, total, denominations)]
    lines[0] = lines[0].replace(
        f"Split {amount} between", f"Split {amount}, run {len(results)} times, to", 1
    )
    for number, run in enumerate(results, 1):
        taken = ", ".join(
            f"seat {seat} takes {share}" for seat, share in sorted(run.shares.items())
        )
        lines.append(f"run {number}, {run.total}: {taken}")
    parts = [run.total for run in results]
    if max(parts) != min(parts):
        first = parts.index(max(parts)) == 0
        lines.append(
            f"odd chips of the cut between runs: to the {'first' if first else 'last'} run"
        )
    echo("\n".join(lines))


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
    where: str,
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
    lines = [f"{head} ({where}, smallest chip {unit})"]
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
