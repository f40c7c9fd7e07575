"""What ``floorman check`` does once its arguments are read, without typer.

Both the typer command (:mod:`floorman.cli.check`) and the quick start
(:mod:`floorman.cli._quick`) call :func:`check`.
"""

from __future__ import annotations

import json
from pathlib import Path

from floorman.cli._console import echo, show, use_four_colours


def check(
    handfile: Path,
    as_json: bool,
    rulebook: str | None,
    house: str | None,
    four_colour: bool = False,
) -> None:
    """Replay a hand file; print the rulings and violations, then the state; exit 1 on a
    violation."""
    from floorman.cli._errors import user_errors
    from floorman.interchange.plainhand import names_stud_or_draw, read_hand
    from floorman.replay import check_hand
    from floorman.tables.ruling import ruling_lines
    from floorman.tables.view import award_lines, detail_lines, standing_lines

    if names_stud_or_draw(handfile):
        _check_stud_or_draw(handfile, rulebook, as_json, house)
    with user_errors():
        hand = read_hand(handfile)
        result = check_hand(hand, rulebook=rulebook, house=house)
    if as_json:
        echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        use_four_colours(four_colour)
        lines = [line for ruling in result.rulings for line in ruling_lines(ruling)]
        lines += [f"violation at event {v['event']}: {v['message']}" for v in result.violations]
        lines += [*detail_lines(result.state, hand.kind), *award_lines(result.pots, result.state)]
        show([*lines, *standing_lines(result.pots, result.awards)])
    raise SystemExit(result.exit_status)


def _check_stud_or_draw(
    handfile: Path, rulebook: str | None, as_json: bool, house: str | None = None
) -> None:
    """``check`` of a stud or draw hand file, read by those games' own readers; returns
    only when the file is neither after all (its game named in a comment, say)."""
    from floorman.cli._errors import user_errors
    from floorman.interchange.drawfile import DrawCheck, check_draw, read_draw_hand
    from floorman.interchange.studfile import StudCheck, check_stud, read_stud_hand

    checked: StudCheck | DrawCheck | None = None
    with user_errors():
        stud = read_stud_hand(handfile)
        if stud is not None:
            checked = check_stud(stud, rulebook, house)
        else:
            draw = read_draw_hand(handfile)
            if draw is not None:
                checked = check_draw(draw, rulebook, house)
    if checked is None:
        return
    if as_json:
        echo(json.dumps(checked.to_json(), ensure_ascii=False, indent=2))
    else:
        from floorman.tables.ruling import ruling_lines

        lines = [
            line
            for ruling in checked.rulings
            for line in ruling_lines(ruling.to_json(), note=ruling.note)
        ]
        lines += [f"violation at event {v.event}: {v.message}" for v in checked.violations]
        show([*lines, *checked.lines()])
    raise SystemExit(checked.exit_status)
