"""``floorman ask``: the dealer's quick path, with no recorded hand.

"The turn came off early, what now?" — ``floorman ask premature-turn``, or
``floorman ask the turn came early``, prints the ruling of the chosen rulebook
(and house profile) for that situation: the outcome, the numbered steps and
the citation, then the other situations the words are about. Words no
situation is about are answered so, not with the nearest unrelated rulings.
Situation names complete in the shell; ``floorman ask`` alone lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

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
    """One situation a line, its name then its title (a terminal breaks it to its width)."""
    width = max(len(name) for name in situations)
    return [f"  {name:<{width}}  {entry.title}" for name, entry in sorted(situations.items())]


@app.command(
    rich_help_panel=TABLE,
    epilog=help_example(
        "floorman ask premature-turn --rulebook tda-2024",
        'floorman ask "the turn came early"',
        "floorman ask",
    ),
)
def ask(
    question: Annotated[
        list[str] | None,
        typer.Argument(
            help="What happened: a situation's name (premature-turn, undercall) or the words"
            " a dealer would say (the turn came early); `floorman ask` alone lists every"
            " situation.",
            autocompletion=_situations,
            show_default=False,
        ),
    ] = None,
    rulebook: Annotated[
        str | None,
        typer.Option("--rulebook", "-r", help="A rulebook name or file (default: rrop)."),
    ] = None,
    house: HouseOption = None,
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            metavar="cash|tournament",
            help="Asked at a cash game or a tournament table (default: cash): where the"
            " rulebook has a text for each, the one that rules.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    four_colour: FourColourOption = False,
) -> None:
    """Print the procedure for a situation, named or said in words (no hand needed).

    Words that no situation is about are answered so, with exit status 1, and with the
    rulebook's options that decide them between hands (missed blinds, a new player).
    """
    from floorman.cli._console import use_four_colours
    from floorman.cli._json import print_json
    from floorman.rules.loader import load_rulebook
    from floorman.rules.search import answer, options_about, search

    if kind not in (None, "cash", "tournament"):
        from floorman.cli._console import fail

        fail(f"--kind: cash or tournament, not {kind!r}")
    book = load_rulebook(rulebook, kind=kind, house=house)
    asked = " ".join(question or ()).strip()
    if not asked:
        if as_json:
            names = {name: entry.title for name, entry in sorted(book.situations.items())}
            print_json({"rulebook": book.name, "title": book.title, "situations": names})
            return
        echo(f"Situations in {book.title} ({book.name}):")
        for line in _listing(book.situations):
            echo(line)
        return
    if asked in book.situations:
        found = [answer(book, asked, kind)]
    else:
        found = search(book, asked, kind=kind)
    if as_json:
        if asked in book.situations:
            print_json(found[0])
        else:
            print_json({"rulebook": book.name, "query": asked, "situations": found})
        raise typer.Exit(0 if found else 1)
    if not found:
        options = options_about(book, asked)
        if options:
            echo(
                f"No situation of a hand in {book.title} ({book.name}) is about “{asked}”:"
                " the rulebook decides it with its options."
            )
            for line in _option_lines(options):
                echo(line)
        else:
            echo(
                f"No situation in {book.title} ({book.name}) is about “{asked}”."
                " Say what happened in other words (which card, which street, who acted),"
                " or run `floorman ask` for the list."
            )
        raise typer.Exit(1)
    use_four_colours(four_colour)
    show(_answer_lines(book.name, book.title, found[0]))
    if len(found) > 1:
        echo("Also about this:")
        others = {entry["situation"]: book.situations[entry["situation"]] for entry in found[1:]}
        for line in _listing(others):
            echo(line)


def _option_lines(options: list[dict[str, Any]]) -> list[str]:
    """Each option with its value, its title and citation, and what it decides."""
    lines = []
    for entry in options:
        cite = f" ({entry['cite']})" if entry["cite"] else ""
        value = _as_set(entry["value"])
        lines.append(f"  {entry['option']}: {value} — {entry['title']}{cite}")
        if entry["description"].strip():
            lines.append(f"    {' '.join(entry['description'].split())}")
    return lines


def _as_set(value: Any) -> str:
    """An option's value as a house profile sets it: ``opening-bet``, ``true``, ``[1, 2]``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "[" + ", ".join(_as_set(item) for item in value) + "]"
    return str(value)


def _answer_lines(name: str, title: str, found: dict[str, Any]) -> list[str]:
    """A situation's answer as the dealer reads it: its ruling, or that no rule applies."""
    from floorman.tables.ruling import ruling_lines

    if found["ruling"] is None:
        return [f"{found['title']}: no rule of {name} applies."]
    return [f"{found['title']} — {title}", *ruling_lines(found["ruling"], note=found["note"])]
