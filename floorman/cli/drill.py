"""``floorman drill``: a quiz for new dealers; ``floorman drill stats``: how they are doing.

The drill asks about real situations drawn from the rulebook's worked
examples (irregularities), pots to split and hands to read. At a terminal
the trainee types each answer; with ``--answers FILE``, or answers piped in,
it runs unattended (a classroom machine, a test). ``--print`` writes the same
questions as a PDF quiz with its answer key. A fixed ``--seed`` gives the
same questions every time; scores of a named ``--trainee`` are kept.
"""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from floorman.ansi import style
from floorman.cli._app import TRAINING, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._errors import user_errors
from floorman.cli._options import DbOption, HouseOption, PaperOption, output_option, plain_text
from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.drills.model import Question
    from floorman.drills.scoring import Scorecard
    from floorman.rules.loader import Rulebook
    from floorman.store.drills import Answered

drill_app = typer.Typer(
    name="drill",
    invoke_without_command=True,
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode=None,
)
app.add_typer(drill_app, name="drill", rich_help_panel=TRAINING)

TraineeOption = Annotated[
    str | None,
    typer.Option(
        "--trainee",
        envvar="FLOORMAN_TRAINEE",
        metavar="NAME",
        help="Who is taking the drill: their score is kept in the store.",
        show_default=False,
        callback=plain_text,
    ),
]

Ask = Callable[[str], str | None]


@drill_app.callback(
    epilog=help_example(
        "floorman drill --topic irregularities --count 10 --trainee alex",
        "floorman drill --print --count 20 --seed 7 -o quiz.pdf",
        "floorman drill --topic bring-in,first-to-act,low-hands,stud-splits,draw",
    )
)
def drill(
    ctx: typer.Context,
    rulebook: Annotated[
        str | None,
        typer.Option("--rulebook", "-r", metavar="NAME|FILE", help="The rulebook (default: rrop)."),
    ] = None,
    house: HouseOption = None,
    topic: Annotated[
        list[str] | None,
        typer.Option(
            "--topic",
            metavar="TOPIC",
            help="irregularities, splits, reading, pot-limit, raises, side-pots, chip-count,"
            " odd-chip; the stud and draw games': bring-in, first-to-act, low-hands,"
            " stud-splits or draw; repeat or separate with commas (default: all).",
            show_default=False,
        ),
    ] = None,
    count: Annotated[int, typer.Option("--count", "-n", help="How many questions.")] = 10,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="The same seed gives the same questions (default: random).",
            show_default=False,
        ),
    ] = None,
    trainee: TraineeOption = None,
    answers: Annotated[
        Path | None,
        typer.Option(
            "--answers",
            metavar="FILE",
            dir_okay=False,
            help="Take the answers from FILE, one a line, instead of the keyboard.",
        ),
    ] = None,
    db: DbOption = None,
    print_: Annotated[
        bool, typer.Option("--print", help="Write a printable quiz with its answer key instead.")
    ] = False,
    output: Annotated[
        Path | None,
        output_option("With --print: where to write it, .pdf or .html (default: drill.pdf)."),
    ] = None,
    paper: PaperOption = "letter",
) -> None:
    """Train dealers: a quiz on irregularities, splits, reading hands and sizing.

    Each question shows a table and what happened, then asks for the ruling,
    the first corrective step, the chips each seat wins, who wins, or an
    amount: the pot-limit pot, the least and most raise, side pots, a stack
    counted, the odd chip; in the stud and draw games, who brings it in, who
    acts first, which low wins, a stud split and the procedure of the draw.
    Answer a choice by its number, a split with an
    amount for each seat (in the order asked, or SEAT=AMOUNT), amounts in the
    order asked; type q to stop early. "floorman drill stats" shows each
    trainee's progress.
    """
    if ctx.invoked_subcommand is not None:
        return
    from floorman.drills.questions import check_topics, generate_questions
    from floorman.rules.loader import load_rulebook

    if print_ and answers is not None:
        fail("--answers is for a drill taken at a terminal, not with --print")
    if output is not None and not print_:
        fail("-o names the PDF of --print; add --print to write a quiz")
    name = _trainee(trainee)
    with user_errors():
        from floorman.cli._output import output_format

        kind = output_format(output, ("pdf", "html"))
        topics = check_topics([word for text in topic or () for word in _words(text)])
        book = load_rulebook(rulebook, house=house)
        drawn = _random_seed() if seed is None else seed
        questions = generate_questions(book, topics, count=count, seed=drawn)
        if print_:
            _print(questions, book, drawn, output or Path("drill.pdf"), paper, kind)
            return
        lines = _answer_lines(answers)
    started = _now()
    asked = f"{len(questions)} question{'s' if len(questions) != 1 else ''}"
    echo(f"Dealer drill: {asked} under {book.title} (seed {drawn}).")
    ask: Ask = _keyboard if lines is None else _scripted(lines)
    try:
        card, answered = _session(questions, ask)
    except KeyboardInterrupt:
        echo("\nStopped: nothing recorded.", err=True)
        raise typer.Exit(130) from None
    echo("")
    for line in card.lines():
        echo(line)
    if not answered:
        echo("No question was answered: nothing recorded.")
    elif name is None:
        echo("Not recorded: give --trainee NAME to keep the score.")
    else:
        from floorman.store.drills import open_drill_store

        with user_errors(), open_drill_store(db) as store:
            store.record(name, rulebook=book.name, seed=drawn, started=started, answers=answered)
        echo(f"Recorded for {name}.")


@drill_app.command(epilog=help_example("floorman drill stats --trainee alex"))
def stats(
    trainee: Annotated[
        str | None,
        typer.Option(
            "--trainee",
            metavar="NAME",
            help="Only this trainee.",
            show_default=False,
            callback=plain_text,
        ),
    ] = None,
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Each trainee's progress by topic: sessions, questions, right answers, last drill."""
    from floorman.store.drills import open_drill_store
    from floorman.tables.drills import progress, stats_json, with_totals

    name = _trainee(trainee)
    with user_errors(), open_drill_store(db) as store:
        rows, totals = progress(store, name)
    if as_json:
        echo(json.dumps(stats_json(rows, totals), ensure_ascii=False))
        return
    if not rows:
        echo("No drill scores yet: run floorman drill --trainee NAME.")
        return
    from floorman.drills.scoring import percent

    table = [("Trainee", "Topic", "Sessions", "Questions", "Correct", "%", "Last")]
    for row in with_totals(rows, totals):
        table.append(
            (row.trainee, row.topic, str(row.sessions), str(row.questions), str(row.correct),
             str(percent(row.correct, row.questions)), _day(row.last))
        )  # fmt: skip
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    for line in table:
        cells = [
            cell.ljust(width) if i in (0, 1, 6) else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        echo("  ".join(cells).rstrip())


# -- the session ------------------------------------------------------------------------------


def _session(questions: list[Question], ask: Ask) -> tuple[Scorecard, list[Answered]]:
    """Each question asked until its answer can be read (a split given one amount where
    four are asked is asked again, typed or scripted), marked and explained."""
    from floorman.drills.model import AnswerError, mark
    from floorman.drills.scoring import Scorecard
    from floorman.drills.text import answer_lines, prompt, question_lines
    from floorman.store.drills import Answered

    card = Scorecard()
    answered: list[Answered] = []
    for number, question in enumerate(questions, 1):
        echo("")
        for line in question_lines(question, number, len(questions)):
            echo(line)
        while True:
            text = ask(prompt(question))
            if text is None or text.strip().lower() in ("q", "quit"):
                left = len(questions) - number + 1
                echo(f"Stopped with {left} question{'s' if left > 1 else ''} unanswered.")
                return card, answered
            try:
                right = mark(question, text)
            except AnswerError as error:
                echo(f"{error}: asked again")
                continue
            break
        if right:
            echo(style("Right.", fg="green", bold=True))
        else:
            echo(style("Wrong.", fg="red", bold=True))
        for line in answer_lines(question):
            echo(line)
        card.add(question.topic, right)
        answered.append(
            Answered(number, question.topic, question.kind, question.rule, text.strip(), right)
        )
    return card, answered


def _keyboard(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        echo("")
        return None


def _scripted(lines: Iterable[str]) -> Ask:
    """Answers one a line (blank lines and # comments skipped), echoed as if typed."""
    remaining: Iterator[str] = (
        line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")
    )

    def ask(prompt: str) -> str | None:
        answer = next(remaining, None)
        if answer is not None:
            echo(prompt + answer)
        return answer

    return ask


def _answer_lines(answers: Path | None) -> Iterable[str] | None:
    """The scripted answers, or ``None`` when the trainee types at a terminal."""
    if answers is not None:
        from floorman.inputfile import read_input

        try:
            return read_input(answers).splitlines()
        except FloormanError as error:
            raise FloormanError(f"--answers {error}") from None
    if sys.stdin is None or not sys.stdin.isatty():
        return sys.stdin if sys.stdin is not None else []
    return None


# -- printing and small helpers -------------------------------------------------------------


def _print(
    questions: list[Question], book: Rulebook, seed: int, target: Path, paper: str, kind: str
) -> None:
    from floorman.cli._output import counted, write_html, write_output
    from floorman.documents import render
    from floorman.drills.printing import quiz_view
    from floorman.vocabulary import room_date

    view = quiz_view(
        questions, book=book, seed=seed, day=room_date(), paper=render.paper_size(paper)
    )
    if kind == "html":
        page = render.render_html("drill.html", view, standalone=True)
        write_html(target, page)
        return
    printed = render.html_to_pdf(render.render_html("drill.html", view))
    write_output(target, printed.pdf)
    pages = counted(printed.pages, "page")
    what = f"{len(questions)} questions, then the answer key"
    echo(f"wrote {target} ({pages}, {paper.lower()}: {what})")


def _words(text: str) -> list[str]:
    return [word for word in text.replace(",", " ").split() if word]


def _trainee(name: str | None) -> str | None:
    if name is None:
        return None
    cleaned = " ".join(name.split())
    if not cleaned:
        fail("--trainee: give the trainee's name")
    return cleaned


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _day(stamp: str) -> str:
    """The room's date of a stored UTC time."""
    from floorman.vocabulary import room_time

    try:
        return room_time(stamp, "%Y-%m-%d")
    except ValueError:
        return stamp


def _random_seed() -> int:
    import secrets  # loads OpenSSL: only for a drill, never for a quick command

    return secrets.randbelow(1_000_000)
