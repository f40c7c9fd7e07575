"""``floorman import`` a PHH hand history, and ``floorman audit`` a folder of them."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from floorman.cli._app import DATA, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._errors import user_errors


@app.command(
    "import", rich_help_panel=DATA, epilog=help_example("floorman import hand.phh -o hand.yaml")
)
def import_hand(
    file: Annotated[Path, typer.Argument(help="A PHH hand history (.phh).")],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the hand file here instead of printing it."),
    ] = None,
) -> None:
    """Turn a PHH hand history into a floorman hand file (YAML).

    Seats are numbered 1..n in PHH player order; the button is the last seat. A
    file floorman exported gives back the hand as it was recorded.
    """
    from floorman.inputfile import read_input
    from floorman.interchange.handfile import dump_hand
    from floorman.interchange.phh import import_phh, read_phh, recorded_hand

    with user_errors():
        text = read_input(file)
    data = read_phh(text, str(file))
    from floorman.interchange.phh.drawimport import DRAW_VARIANTS, import_draw_phh
    from floorman.interchange.phh.studimport import STUD_VARIANTS, import_stud_phh

    variant = data.get("variant")
    variant = variant if isinstance(variant, str) else ""
    if variant in DRAW_VARIANTS:
        from floorman.interchange.drawfile import dump_draw_hand

        drawn = import_draw_phh(data, str(file))
        hand_text = dump_draw_hand(drawn.header, drawn.events_text())
    elif variant in STUD_VARIANTS:
        from floorman.interchange.studfile import dump_stud_hand

        stud = import_stud_phh(data, str(file))
        hand_text = dump_stud_hand(stud.header, stud.events_text())
    else:
        hand = recorded_hand(data, str(file)) or import_phh(data, str(file)).hand()
        hand_text = dump_hand(hand)
    if output is None:
        echo(hand_text, nl=False, wrap=False)  # a file to save: never broken
        return
    from floorman.cli._output import output_format, write_output

    with user_errors():
        output_format(output, ("yaml",))
        write_output(output, hand_text.encode("utf-8"))


@app.command(rich_help_panel=DATA, epilog=help_example("floorman audit phh-dataset/ --json"))
def audit(
    paths: Annotated[list[Path], typer.Argument(help="PHH files, or folders to search for them.")],
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress",
            help="Show progress on stderr (default: only when it is a terminal).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Replay PHH hand histories and compare floorman's finishing stacks with theirs.

    Exit status 1 when a hand mismatches or cannot be replayed.
    """
    from floorman.errors import FloormanError
    from floorman.inputfile import read_input
    from floorman.interchange.audit import AuditSummary, Outcome, audit_phh

    files = list(_phh_files(paths))
    show = sys.stderr.isatty() if progress is None else progress
    summary = AuditSummary()
    step = max(1, len(files) // 100)
    for done, file in enumerate(files, 1):
        try:
            text = read_input(file)
        except FloormanError as error:  # one unreadable file is reported, the rest audited
            reason = str(error).removeprefix(str(file)).removeprefix(":").strip()
            summary.add(Outcome(str(file), "failed", reason))
        else:
            summary.add(audit_phh(text, str(file)))
        if show and (done % step == 0 or done == len(files)):
            sys.stderr.write(f"\raudit: {done}/{len(files)} files")
            sys.stderr.flush()
    if show and files:
        sys.stderr.write("\n")
    if as_json:
        echo(json.dumps(summary.to_json(), ensure_ascii=False, indent=2))
    else:
        echo(summary.to_text())
    raise typer.Exit(0 if summary.clean else 1)


def _phh_files(paths: list[Path]) -> Iterator[Path]:
    for path in paths:
        try:
            folder = path.is_dir()
            found = folder or path.exists() or path.is_symlink()
        except OSError as error:
            fail(f"{path}: {error.strerror}")
        if folder:
            yield from sorted(path.rglob("*.phh"))
        elif found:
            yield path
        else:
            fail(f"{path}: no such file or folder")
