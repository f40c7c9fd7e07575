"""``floorman drill`` as trainees and trainers use it: at a terminal, from an answers file
or a pipe, the scores kept per trainee, and the printed quiz with its answer key."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.cli import app
from floorman.drills.model import AnswerError, Question, mark
from floorman.drills.questions import generate_questions
from floorman.rules.loader import load_rulebook

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
runner = CliRunner()


@pytest.fixture(autouse=True)
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test writes to the user's store, whatever the environment names."""
    monkeypatch.delenv("FLOORMAN_TRAINEE", raising=False)
    monkeypatch.setenv("FLOORMAN_DB", str(tmp_path / "default.db"))


def drill_questions(count: int, seed: int, topics: list[str] | None = None) -> list[Question]:
    return generate_questions(load_rulebook("rrop"), topics or [], count=count, seed=seed)


def answer(question: Question, *, right: bool) -> str:
    """What a trainee types: the right answer, or a wrong one."""
    if question.kind in ("split", "amount"):
        amounts = list(question.amounts.values()) or [n for _, n in question.figures]
        if not right:
            amounts[0] += 1
        return " ".join(map(str, amounts))
    number = question.correct + 1
    if not right:
        number = 1 if number != 1 else 2
    return str(number)


def shown(text: str, screen: str) -> bool:
    """Whether ``text`` is on the screen, wrapped at 80 columns or not."""
    return " ".join(text.split()) in " ".join(screen.split())


def env(db: Path) -> dict[str, str]:
    """The real command's environment: this checkout, a store of the test's own."""
    outside = {k: v for k, v in os.environ.items() if k != "FLOORMAN_TRAINEE"}
    return {**outside, "PYTHONPATH": str(ROOT), "FLOORMAN_DB": str(db)}


def drill(*args: str, input: str | None = None, db: Path | None = None) -> tuple[int, str, str]:
    extra = ["--db", str(db)] if db is not None else []
    result = runner.invoke(app, ["drill", *args, *extra], input=input)
    return result.exit_code, result.stdout, result.stderr


# -- at a terminal ------------------------------------------------------------------------------


class Terminal:
    """``python -m floorman`` on a pseudo-terminal: read what it prints, type answers."""

    def __init__(self, args: list[str], db: Path) -> None:
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "floorman", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env(db),
            close_fds=True,
        )
        os.close(slave)
        self.seen = ""

    def read_until(self, marker: str) -> str:
        """Everything printed up to ``marker`` (the process is given a minute at most)."""
        limit = time.monotonic() + 60
        while marker not in self.seen:
            ready, _, _ = select.select([self.master], [], [], max(0.0, limit - time.monotonic()))
            if not ready:
                raise AssertionError(f"{marker!r} never came; the terminal shows:\n{self.seen}")
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                raise AssertionError(f"{marker!r} never came; the terminal shows:\n{self.seen}")
            self.seen += ANSI.sub("", chunk.decode("utf-8", "replace").replace("\r\n", "\n"))
        shown, _, self.seen = self.seen.partition(marker)
        return shown + marker

    def type(self, text: str) -> None:
        os.write(self.master, text.encode() + b"\n")

    def close(self) -> int:
        """The exit status; a drill still waiting for an answer after a failed check is ended."""
        try:
            code = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        os.close(self.master)
        return code


@pytest.mark.slow
def test_a_trainee_answers_at_the_terminal(tmp_path: Path) -> None:
    db = tmp_path / "floorman.db"
    questions = drill_questions(3, 11)
    terminal = Terminal(["drill", "--seed", "11", "--count", "3", "--trainee", "Ana"], db)
    try:
        first = terminal.read_until("Your answer")
        assert "Dealer drill: 3 questions under Robert's Rules of Poker (seed 11)." in first
        assert "Question 1 of 3" in first
        assert shown(questions[0].ask, first)
        terminal.type(answer(questions[0], right=True))
        second = terminal.read_until("Your answer")
        assert "Right." in second
        assert shown(questions[0].answer, second)
        assert shown(questions[1].ask, second)
        terminal.type("nonsense")
        retry = terminal.read_until("Your answer")
        with pytest.raises(AnswerError) as caught:
            mark(questions[1], "nonsense")
        assert str(caught.value) in retry
        assert "Question 3" not in retry
        terminal.type(answer(questions[1], right=False))
        third = terminal.read_until("Your answer")
        assert "Wrong." in third
        assert shown(questions[2].ask, third)
        terminal.type(answer(questions[2], right=True))
        end = terminal.read_until("Recorded for Ana.")
        assert "Score: 2 of 3 (67%)" in end
    finally:
        code = terminal.close()
    assert code == 0
    code, out, _ = drill("stats", "--json", db=db)
    assert code == 0
    ana = json.loads(out)["trainees"]["Ana"]
    assert (ana["sessions"], ana["questions"], ana["correct"], ana["percent"]) == (1, 3, 2, 67)


@pytest.mark.slow
def test_sizing_answers_typed_at_the_terminal_are_marked_and_explained(tmp_path: Path) -> None:
    topics = ["pot-limit", "side-pots"]
    questions = drill_questions(2, 31, topics)
    args = ["drill", "--topic", ",".join(topics), "--seed", "31", "--count", "2"]
    terminal = Terminal([*args, "--trainee", "Eve"], tmp_path / "floorman.db")
    try:
        first = terminal.read_until("Your answer")
        assert shown(questions[0].ask, first)
        terminal.type("many chips")
        assert ": asked again\n" in terminal.read_until("Your answer")
        terminal.type(answer(questions[0], right=False))
        second = terminal.read_until("Your answer")
        assert "Wrong." in second
        assert shown(f"The answer: {questions[0].answer}", second)
        assert questions[0].cite is not None
        assert shown(questions[0].cite, second)
        assert shown(questions[1].ask, second)
        terminal.type(answer(questions[1], right=True))
        end = terminal.read_until("Recorded for Eve.")
        assert "Right." in end
        assert "Score: 1 of 2 (50%)" in end
    finally:
        code = terminal.close()
    assert code == 0


def test_quitting_at_the_terminal_keeps_what_was_answered(tmp_path: Path) -> None:
    db = tmp_path / "floorman.db"
    questions = drill_questions(4, 3)
    terminal = Terminal(["drill", "--seed", "3", "--count", "4", "--trainee", "Ben"], db)
    try:
        terminal.read_until("Your answer")
        terminal.type(answer(questions[0], right=True))
        terminal.read_until("Your answer")
        terminal.type("q")
        end = terminal.read_until("Recorded for Ben.")
        assert "Stopped with 3 questions unanswered." in end
        assert "Score: 1 of 1 (100%)" in end
    finally:
        code = terminal.close()
    assert code == 0


# -- scripted -----------------------------------------------------------------------------------


def test_answers_from_a_file(tmp_path: Path) -> None:
    questions = drill_questions(6, 21)
    answers = tmp_path / "answers.txt"
    lines = [answer(q, right=number % 2 == 0) for number, q in enumerate(questions)]
    answers.write_text("# Ana's answers\n" + "\n\n".join(lines) + "\n")
    code, out, err = drill(
        "--seed", "21", "--count", "6", "--answers", str(answers), "--trainee", "Ana",
        db=tmp_path / "f.db",
    )  # fmt: skip
    assert code == 0, err
    for question, typed in zip(questions, lines, strict=True):
        assert f"Your answer ({question.answer_hint()}): {typed}\n" in out
    assert out.count("Right.\n") == 3
    assert out.count("Wrong.\n") == 3
    assert "Score: 3 of 6 (50%)" in out
    assert out.endswith("Recorded for Ana.\n")


def test_answers_piped_in_without_a_terminal(tmp_path: Path) -> None:
    questions = drill_questions(4, 8, ["splits"])
    typed = "\n".join(answer(q, right=True) for q in questions) + "\n"
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "drill", "--topic", "splits", "--seed", "8",
         "--count", "4"],
        input=typed, capture_output=True, text=True, env=env(tmp_path / "f.db"), check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Score: 4 of 4 (100%)\n  splits          4 of 4   100%\n" in result.stdout
    assert result.stdout.endswith("Not recorded: give --trainee NAME to keep the score.\n")
    assert not (tmp_path / "f.db").exists()


def test_an_answer_that_cannot_be_read_is_asked_again(tmp_path: Path) -> None:
    questions = drill_questions(2, 5, ["reading"])
    typed = f"seven\n{answer(questions[0], right=True)}\n{answer(questions[1], right=True)}\n"
    code, out, _ = drill("--topic", "reading", "--seed", "5", "--count", "2", input=typed)
    assert code == 0
    choices = len(questions[0].choices)
    assert (
        f'"seven" is not a choice: answer with a number from 1 to {choices}: asked again\n' in out
    )
    assert "counted as wrong" not in out
    assert "Score: 2 of 2 (100%)" in out


def test_a_split_given_one_amount_is_asked_again(tmp_path: Path) -> None:
    (question,) = drill_questions(1, 3, ["splits"])
    typed = f"1\n{answer(question, right=True)}\n"
    code, out, _ = drill("--topic", "split", "--seed", "3", "--count", "1", input=typed)
    assert code == 0
    assert "Dealer drill: 1 question under" in out
    assert "give 3 amounts, one for each of seats 1, 3 and 9: asked again\n" in out
    assert "Wrong." not in out
    assert "Score: 1 of 1 (100%)" in out


def test_running_out_of_answers_stops_the_drill(tmp_path: Path) -> None:
    questions = drill_questions(5, 2)
    db = tmp_path / "f.db"
    typed = "\n".join(answer(q, right=True) for q in questions[:2]) + "\n"
    code, out, _ = drill("--seed", "2", "--count", "5", "--trainee", "Cy", input=typed, db=db)
    assert code == 0
    assert "Stopped with 3 questions unanswered." in out
    assert "Score: 2 of 2 (100%)" in out
    code, out, _ = drill("stats", "--trainee", "cy", "--json", db=db)
    assert json.loads(out)["trainees"]["Cy"]["questions"] == 2


def test_the_same_seed_asks_the_same_questions() -> None:
    runs = [drill("--seed", "99", "--count", "5", input="1\n" * 5)[1] for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0] != drill("--seed", "98", "--count", "5", input="1\n" * 5)[1]


def test_without_a_seed_the_seed_is_shown_to_repeat_the_drill() -> None:
    code, out, _ = drill("--count", "1", input="1\n")
    assert code == 0
    seed = re.search(r"\(seed (\d+)\)", out)
    assert seed is not None
    again = drill("--count", "1", "--seed", seed.group(1), input="1\n")[1]
    assert again == out


HOUSE = ROOT / "rulebook" / "house" / "first-or-second.yaml"


def test_a_house_profile_on_top_of_the_rulebook() -> None:
    code, out, _ = drill(
        "--house", str(HOUSE), "--topic", "irregularities", "--count", "2", "--seed", "1",
        input="1\n1\n",
    )  # fmt: skip
    assert code == 0
    title = load_rulebook("rrop", house=HOUSE).title
    assert out.startswith(f"Dealer drill: 2 questions under {title} (seed 1).\n")


def test_a_house_profile_of_another_rulebook() -> None:
    code, _, err = drill("--rulebook", "tda-2024", "--house", str(HOUSE), input="1\n")
    assert code == 2
    assert "house profile extends 'rrop', not the rulebook in use (tda-2024)" in err


# -- progress -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_stats_show_each_trainee_by_topic(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    for trainee, seed in (("Ana", 1), ("Ben", 2), ("ana", 3)):
        questions = drill_questions(3, seed)
        typed = "\n".join(answer(q, right=True) for q in questions) + "\n"
        code, _, _ = drill("--seed", str(seed), "--count", "3", "--trainee", trainee, input=typed,
                           db=db)  # fmt: skip
        assert code == 0
    code, out, _ = drill("stats", db=db)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["Trainee", "Topic", "Sessions", "Questions", "Correct", "%", "Last"]
    ana = [line.split() for line in lines if line.startswith("Ana")]
    assert ana[-1][1:3] == ["all", "topics"]
    assert ana[-1][3:7] == ["2", "6", "6", "100"]
    assert all(line.startswith(("Ana", "Ben")) for line in lines[1:])
    code, out, _ = drill("stats", "--trainee", "ben", db=db)
    assert code == 0
    assert "Ana" not in out
    assert "Ben" in out


def test_stats_for_a_trainee_with_no_scores(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    code, out, _ = drill("stats", db=db)
    assert (code, out) == (0, "No drill scores yet: run floorman drill --trainee NAME.\n")
    code, _, err = drill("stats", "--trainee", "Dee", db=db)
    assert code == 2
    assert err == 'floorman: no drill scores for trainee "Dee" (trainees: none yet)\n'


# -- mistakes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--topic", "rulings"],
            '--topic "rulings": choose irregularities, splits, reading, pot-limit, raises,'
            " side-pots, chip-count, odd-chip, bring-in, first-to-act, low-hands,"
            " stud-splits, draw",
        ),
        (["--count", "0"], "--count 0: a drill has 1 to 500 questions"),
        (["--answers", "missing.txt"], "--answers missing.txt: no such file"),
        (
            ["--print", "--answers", "a.txt"],
            "--answers is for a drill taken at a terminal, not with --print",
        ),
        (["-o", "quiz.pdf"], "-o names the PDF of --print; add --print to write a quiz"),
        (["--trainee", " "], "--trainee: give the trainee's name"),
    ],
)
def test_a_mistake_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = drill(*args, input="1\n")
    assert code == 2
    assert err == f"floorman: {message}\n"
    assert "Question" not in out


def test_an_unknown_rulebook_from_the_real_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "drill", "--rulebook", "nope"],
        capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.startswith("floorman: no rulebook named 'nope'")
    assert len(result.stderr.splitlines()) == 1


# -- the printed quiz ---------------------------------------------------------------------------


def page_texts(pdf: Path) -> list[str]:
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", out).group(1))  # type: ignore[union-attr]
    texts = []
    for page in range(1, pages + 1):
        text = subprocess.run(
            ["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        texts.append(" ".join(text.split()))
    return texts


@pytest.mark.usefixtures("poppler")
def test_the_printed_quiz_keeps_the_answer_key_on_later_pages(tmp_path: Path) -> None:
    pdf = tmp_path / "quiz.pdf"
    code, out, err = drill("--print", "-o", str(pdf), "--count", "8", "--seed", "5")
    assert code == 0, err
    pages = page_texts(pdf)
    assert out == f"wrote {pdf} ({len(pages)} pages, letter: 8 questions, then the answer key)\n"
    key = next(number for number, text in enumerate(pages) if "Answer key" in text)
    assert key >= 1
    before, after = " ".join(pages[:key]), " ".join(pages[key:])
    assert "Dealer drill" in pages[0]
    assert "Name" in pages[0]
    assert "Score" in pages[0]
    questions = drill_questions(8, 5)
    for question in questions:
        ask = " ".join(question.ask.split())
        assert ask in before
        assert ask not in after
        assert " ".join(question.answer.split())[:40] in after
        if question.cite:
            assert question.cite in after
    assert "For the trainer" in after


@pytest.mark.usefixtures("poppler")
def test_a_printed_quiz_on_a4_of_one_topic(tmp_path: Path) -> None:
    pdf = tmp_path / "splits.pdf"
    code, _, _ = drill(
        "--print",
        "-o",
        str(pdf),
        "--topic",
        "splits",
        "--count",
        "3",
        "--seed",
        "4",
        "--paper",
        "a4",
    )
    assert code == 0
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "595.276 x 841.89 pts (A4)" in info
    text = " ".join(page_texts(pdf))
    assert text.count("How many chips does each seat win") == 3


@pytest.mark.usefixtures("poppler")
@pytest.mark.parametrize(
    ("paper", "seed", "topics"),
    [("letter", 7, ""), ("a4", 3, ""), ("letter", 7, "irregularities")],
)
def test_twenty_questions_and_their_key_fit_seven_pages(
    tmp_path: Path, paper: str, seed: int, topics: str
) -> None:
    from pdftext import overflowing, pages_of

    pdf = tmp_path / "quiz.pdf"
    chosen = ["--topic", topics] if topics else []
    code, out, err = drill(
        "--print", "-o", str(pdf), "--count", "20", "--seed", str(seed), "--paper", paper,
        *chosen,
    )  # fmt: skip
    assert code == 0, err
    assert pages_of(pdf) <= 7
    assert out.startswith(f"wrote {pdf} ({pages_of(pdf)} pages, {paper}: 20 questions")
    assert overflowing(pdf, margin_pt=34) == []
    text = " ".join(page_texts(pdf))
    for question in drill_questions(20, seed, [topics] if topics else None):
        assert " ".join(question.ask.split())[:60] in text


SIZING = "pot-limit,raises,side-pots,chip-count,odd-chip"


def test_a_sizing_drill_typed_with_its_answers_explained(tmp_path: Path) -> None:
    questions = drill_questions(5, 12, SIZING.split(","))
    assert {q.topic for q in questions} == set(SIZING.split(","))
    typed = [answer(q, right=number % 2 == 0) for number, q in enumerate(questions)]
    lines = ["1 2 3 4 5 6 7 8 9", *typed]
    db = tmp_path / "f.db"
    code, out, err = drill(
        "--topic", SIZING, "--seed", "12", "--count", "5", "--trainee", "Dee",
        input="\n".join(lines) + "\n", db=db,
    )  # fmt: skip
    assert code == 0, err
    assert ": asked again\n" in out
    blocks = out.split("Question ")[1:]
    for number, (question, block) in enumerate(zip(questions, blocks, strict=True)):
        assert question.ask.split()[0] in block
        verdict = "Right." if number % 2 == 0 else "Wrong."
        assert f"\n{verdict}\nThe answer: " in block
        assert question.cite is not None
        assert question.cite.split(";")[0] in " ".join(block.split())
        assert all(len(line) <= 80 for line in block.splitlines())
    assert "Score: 3 of 5 (60%)" in out
    for topic in SIZING.split(","):
        assert re.search(rf"\n  {topic} +[01] of 1 ", out), topic
    code, out, _ = drill("stats", "--trainee", "Dee", "--json", db=db)
    topics = json.loads(out)["trainees"]["Dee"]["topics"]
    assert set(topics) == set(SIZING.split(","))


GAMES = "bring-in,first-to-act,low-hands,stud-splits,draw"


def test_a_stud_and_draw_drill_typed_right_and_wrong_with_a_misread_answer_asked_again(
    tmp_path: Path,
) -> None:
    questions = drill_questions(10, 4, GAMES.split(","))
    assert {q.topic for q in questions} == set(GAMES.split(","))
    typed = [answer(q, right=number % 2 == 0) for number, q in enumerate(questions)]
    split = next(n for n, q in enumerate(questions) if q.kind == "split")
    lines = [*typed[:split], "12", *typed[split:]]
    db = tmp_path / "f.db"
    code, out, err = drill(
        "--topic", GAMES, "--seed", "4", "--count", "10", "--trainee", "Eve",
        input="\n".join(lines) + "\n", db=db,
    )  # fmt: skip
    assert code == 0, err
    asked = len(questions[split].amounts)
    assert f"give {asked} amounts, one for each of seats" in out
    assert out.count(": asked again\n") == 1
    blocks = out.split("Question ")[1:]
    for number, (question, block) in enumerate(zip(questions, blocks, strict=True)):
        assert shown(question.ask, block)
        verdict = "Right." if number % 2 == 0 else "Wrong."
        assert f"\n{verdict}\nThe answer: " in block
        assert question.cite is not None
        assert shown(question.cite.split(";")[0], block)
        assert all(len(line) <= 80 for line in block.splitlines())
    assert "Score: 5 of 10 (50%)" in out
    code, out, _ = drill("stats", "--trainee", "Eve", "--json", db=db)
    assert set(json.loads(out)["trainees"]["Eve"]["topics"]) == set(GAMES.split(","))


@pytest.mark.usefixtures("poppler")
def test_a_printed_quiz_of_the_stud_and_draw_games(tmp_path: Path) -> None:
    pdf = tmp_path / "games.pdf"
    code, _, err = drill("--print", "-o", str(pdf), "--topic", GAMES, "--count", "10",
                           "--seed", "6")  # fmt: skip
    assert code == 0, err
    pages = page_texts(pdf)
    key = next(number for number, text in enumerate(pages) if "Answer key" in text)
    before, after = " ".join(pages[:key]), " ".join(pages[key:])
    assert "bring-in, first to act, low hands, stud split, draw" in pages[0]
    for question in drill_questions(10, 6, GAMES.split(",")):
        assert " ".join(question.ask.split())[:50] in before
        assert " ".join(question.answer.split())[:30] in after
        assert question.cite is not None
        # A line may break at a hyphen, which pdftotext then drops.
        assert question.cite.replace("-", "") in after.replace("-", "")
        assert question.situation.heading is not None
        assert question.situation.heading.replace("-", "")[:20] in before.replace("-", "")
