"""``floorman ask SITUATION``: the dealer's quick path, with no recorded hand.

"The turn came off early, what now?" — ``floorman ask premature-turn`` prints
the ruling of the chosen rulebook (and house profile) for that situation:
the outcome, the numbered steps and the citation. Situation names complete
in the shell; ``floorman ask`` alone lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated

import typer

from floorman.cli._app import TABLE, app, help_example
from floorman.cli._console import echo, show
from floorman.cli._options import FourColourOption, HouseOption, JsonOption

if TYPE_CHECKING:
    from floorman.rules.schema import Situation


def _situations(incomplete: str) -> list[str]:
    """Shell completion: the situation names of the shipped rulebooks."""
    try:
        from floorman.rules.loader import load_rulebook

        names = sorted(load_rulebook().situations)
    except Exception:  # completion must never print a traceback into the shell
        return []
    return [name for name in names if name.startswith(incomplete)]


def _listing(situations: Mapping[str, Situation]) -> list[str]:
    """One situation a line, its title wrapped under itself to fit the terminal."""
    import shutil
    import textwrap

    width = max(len(name) for name in situations)
    room = max(40, min(shutil.get_terminal_size((100, 24)).columns, 120) - width - 4)
    lines = []
    for name, entry in sorted(situations.items()):
        title = textwrap.wrap(entry.title, room) or [""]
        lines.append(f"  {name:<{width}}  {title[0]}")
        lines.extend(f"  {'':<{width}}  {more}" for more in title[1:])
    return lines


@app.command(
    rich_help_panel=TABLE,
    epilog=help_example("floorman ask premature-turn --rulebook tda-2024", "floorman ask"),
)
def ask(
    situation: Annotated[
        str | None,
        typer.Argument(
            help="What happened, e.g. premature-turn, undercall, hand-killed;"
            " `floorman ask` alone lists every situation.",
            autocompletion=_situations,
        ),
    ] = None,
    rulebook: Annotated[
        str | None,
        typer.Option("--rulebook", "-r", help="A rulebook name or file (default: rrop)."),
    ] = None,
    house: HouseOption = None,
    as_json: JsonOption = False,
    four_colour: FourColourOption = False,
) -> None:
    """Print the procedure for a named situation (no hand needed)."""
    from floorman.cli._console import use_four_colours
    from floorman.cli._json import print_json
    from floorman.rules.engine import match_situation
    from floorman.rules.loader import load_rulebook
    from floorman.tables.ruling import ruling_lines

    book = load_rulebook(rulebook, house=house)
    if situation is None:
        if as_json:
            names = {name: entry.title for name, entry in sorted(book.situations.items())}
            print_json({"rulebook": book.name, "title": book.title, "situations": names})
            return
        echo(f"Situations in {book.title} ({book.name}):")
        for line in _listing(book.situations):
            echo(line)
        return
    if as_json:
        from floorman.rules.search import answer

        print_json(answer(book, situation))
        return
    ruling, _ = match_situation(book, situation)
    title = book.situations[situation].title
    if ruling is None:
        echo(f"{title}: no rule of {book.name} applies.")
        return
    use_four_colours(four_colour)
    show([f"{title} — {book.title}", *ruling_lines(ruling.to_json(), note=ruling.note)])
