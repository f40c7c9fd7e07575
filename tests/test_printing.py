"""What every printing command does alike: ``-o FILE.pdf`` writes the PDF and says how
many pages on which paper, every font embedded and nothing in the margins; ``--paper``;
the HTML page instead, standalone; the default file name; a mistake is one line and
leaves any earlier file as it was; house text and hand notes print literally and fetch
nothing. What each document says is its command's own test module's.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pdftext import fonts, info, overflowing, page_words, pages_of, text_of
from typer.testing import CliRunner

from floorman._resources import templates_dir
from floorman.cli import app

ROOT = Path(__file__).resolve().parents[1]
LETTER = {"portrait": "612 x 792 pts (letter)", "landscape": "792 x 612 pts (letter)"}
A4 = {"portrait": "595.276 x 841.89 pts (A4)", "landscape": "841.89 x 595.276 pts (A4)"}
HOSTILE_TITLE = '<img src="file:///etc/passwd"> Room'
HOSTILE_STEP = '<link rel="stylesheet" href="file:///etc/passwd">'
runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def hostile_house(folder: Path) -> list[str]:
    """A house profile whose title and steps ask for files and pages elsewhere."""
    house = folder / "hostile.yaml"
    house.write_text(
        f"rulebook: hostile\ntitle: '{HOSTILE_TITLE}'\nextends: rrop\n"
        "rules:\n  - id: holdem.four-card-flop\n    title: Four cards\n"
        "    cite: 'https://example.com/rules.css'\n    on: flop\n"
        "    when: {fact: event.cards, ge: 4}\n    outcome: continue\n    steps:\n"
        f"      - {{do: explain, text: '{HOSTILE_STEP}'}}\n",
        encoding="utf-8",
    )
    return ["--house", str(house)]


def hostile_hand(folder: Path) -> list[str]:
    """A hand whose note names a file and a page elsewhere."""
    hand = folder / "hostile.yaml"
    hand.write_text(
        "button: 3\nseats: {1: 100, 2: 100, 3: 100}\ntable: '7'\nevents:\n  - deal\n"
        f"  - 'note {HOSTILE_TITLE} {HOSTILE_STEP}'\n",
        encoding="utf-8",
    )
    return [str(hand)]


def premature_turn(folder: Path) -> list[str]:
    """The example hand with a premature turn card, copied where the report is written."""
    hand = folder / "premature-turn.yaml"
    hand.write_bytes((ROOT / "examples" / "premature-turn.yaml").read_bytes())
    return [str(hand)]


def a_session(folder: Path) -> list[str]:
    """A table with two hands and a player sitting down in between, in a store of its own."""
    db = str(folder / "floorman.db")
    for args in (
        ["new", "-t", "7", "--button", "3", "--seats", "1=100,2=100,3=100"],
        ["add", "-t", "7", "deal; fold; fold"],
        ["table", "sit", "-t", "7", "5", "200", "--name", "Ann", "--post"],
        ["next", "-t", "7"],
    ):
        code, _, err = invoke(*args, "--db", db)
        assert code == 0, err
    return ["--db", db, "-t", "7"]


@dataclass(frozen=True)
class Printing:
    """A command that prints a document, and how it says what it wrote."""

    command: tuple[str, ...]
    wrote: str
    """What follows the file name, as a pattern: pages, paper and the like."""
    title: str
    """Words the document's first page carries."""
    orientation: str = "portrait"
    margin_mm: float = 15
    html_name: str | None = None
    """The HTML page's name without ``-o``; ``None``: the command writes no HTML."""
    four_colour: bool = True
    unprinted: str = ".html"
    """A suffix the command writes without laying out a PDF."""
    setup: Callable[[Path], list[str]] = field(default=lambda folder: [])
    """More arguments the document needs, made in a folder of the test's own."""
    failing: tuple[str, ...] = ()
    """Arguments the command refuses, after the document's own."""
    hostile: Callable[[Path], list[str]] | None = None
    """Arguments for a document made from text that asks for files and pages elsewhere."""

    def args(self, folder: Path, *more: str) -> list[str]:
        return [*self.command, *self.setup(folder), *more]

    def __str__(self) -> str:
        return " ".join(self.command)


PRINTING = [
    Printing(
        ("card",), r"1 page, letter landscape\)", "irregularities at a glance", "landscape",
        margin_mm=10, html_name="holdem-card.html", failing=("-g", "pineapple"),
        hostile=hostile_house,
    ),
    Printing(
        ("sheet",), r"\d+ pages, letter\)", "Hold'em rule sheet",
        html_name="holdem.html", failing=("-g", "pineapple"), hostile=hostile_house,
    ),
    Printing(
        ("report",), r"1 page, letter\): 1 ruling, 0 violations", "Incident report",
        margin_mm=12, html_name="premature-turn-report.html", setup=premature_turn,
        failing=("--house", "no-such-house.yaml"), hostile=hostile_hand,
    ),
    Printing(
        ("compare", "rrop", "tda-2024"), r"\d+ pages, letter\)", "Rulebook comparison",
        unprinted=".txt", failing=("nosuch",),
    ),
    Printing(
        ("drill", "--print", "--count", "4", "--seed", "5"),
        r"\d+ pages, letter: 4 questions, then the answer key\)", "Dealer drill",
        margin_mm=12, failing=("--topic", "nosuch"),
    ),
    Printing(
        ("table", "report"), r"1 page, letter\): 2 hands", "Session report",
        html_name="table-7-session.html", four_colour=False, setup=a_session,
        failing=("-t", "nosuch"),
    ),
]  # fmt: skip
EVERY = pytest.mark.parametrize("printing", PRINTING, ids=str)


@EVERY
@pytest.mark.usefixtures("poppler")
def test_writes_the_pdf_and_says_how_many_pages(printing: Printing, tmp_path: Path) -> None:
    path = tmp_path / "printed.pdf"
    code, out, err = invoke(*printing.args(tmp_path, "-o", str(path)))
    assert code == 0, err
    assert re.fullmatch(rf"wrote {re.escape(str(path))} \({printing.wrote}\n", out), out
    pages = re.search(r"\((\d+) page", out)
    assert pages is not None
    assert pages_of(path) == int(pages[1])
    assert info(path)["Page size"].startswith(LETTER[printing.orientation])
    assert printing.title in page_words(path)[0]
    assert fonts(path)
    for line in fonts(path):
        assert "DejaVu" in line
        assert line.split()[-5] == "yes", line
    assert overflowing(path, margin_pt=printing.margin_mm * 72 / 25.4) == []


@EVERY
@pytest.mark.usefixtures("poppler")
def test_a4_paper(printing: Printing, tmp_path: Path) -> None:
    path = tmp_path / "a4.pdf"
    code, out, err = invoke(*printing.args(tmp_path, "--paper", "A4", "-o", str(path)))
    assert code == 0, err
    assert ", a4" in out
    assert info(path)["Page size"].startswith(A4[printing.orientation])


@EVERY
@pytest.mark.usefixtures("poppler")
def test_from_the_real_command_line(printing: Printing, tmp_path: Path) -> None:
    path = tmp_path / "printed.pdf"
    result = subprocess.run(
        [sys.executable, "-m", "floorman", *printing.args(tmp_path, "-o", str(path))],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"wrote {path} (")
    assert printing.title in text_of(path)


@pytest.mark.parametrize("printing", [p for p in PRINTING if p.html_name], ids=str)
def test_the_html_page_stands_alone_and_carries_its_style(
    printing: Printing, tmp_path: Path
) -> None:
    path = tmp_path / "page.html"
    colours = ["--four-colour"] if printing.four_colour else []
    code, out, err = invoke(*printing.args(tmp_path, "--html", *colours, "-o", str(path)))
    assert (code, out) == (0, f"wrote {path}\n"), err
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert ('<body class="four-colour">' in page) == printing.four_colour
    assert "<link" not in page
    assert printing.title in html.unescape(page)


@pytest.mark.parametrize("printing", [p for p in PRINTING if p.html_name], ids=str)
def test_the_default_file_name(
    printing: Printing, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = printing.args(tmp_path, "--html")
    monkeypatch.chdir(tmp_path)
    code, out, err = invoke(*args)
    assert (code, out) == (0, f"wrote {printing.html_name}\n"), err
    assert (tmp_path / str(printing.html_name)).is_file()


@EVERY
def test_an_unknown_paper_is_one_line(printing: Printing, tmp_path: Path) -> None:
    code, _, err = invoke(*printing.args(tmp_path, "--paper", "legal"))
    assert code == 2
    assert err == 'floorman: --paper "legal": choose one of letter, a4\n'


@EVERY
def test_an_unwritable_output_leaves_nothing(printing: Printing, tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / f"x{printing.unprinted}"
    code, _, err = invoke(*printing.args(tmp_path, "-o", str(target)))
    assert code == 2
    assert err.startswith(f'floorman: -o "{target}": cannot write there')
    assert err.count("\n") == 1
    assert not target.parent.exists()


@EVERY
def test_a_mistake_is_one_line_and_keeps_the_last_good_file(
    printing: Printing, tmp_path: Path
) -> None:
    folder = tmp_path / "made"
    folder.mkdir()
    target = tmp_path / "x.pdf"
    target.write_bytes(b"the last good copy")
    code, _, err = invoke(*printing.args(folder, *printing.failing, "-o", str(target)))
    assert code == 2
    assert err.startswith("floorman: ")
    assert err.count("\n") == 1
    assert target.read_bytes() == b"the last good copy"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["made", "x.pdf"]


@pytest.mark.parametrize("printing", [p for p in PRINTING if p.hostile], ids=str)
@pytest.mark.usefixtures("poppler")
def test_text_from_a_file_prints_literally_and_fetches_nothing(
    printing: Printing, tmp_path: Path, requested: list[str]
) -> None:
    assert printing.hostile is not None
    path = tmp_path / "hostile.pdf"
    code, _, err = invoke(*printing.command, *printing.hostile(tmp_path), "-o", str(path))
    assert code == 0, err
    root = templates_dir().resolve().as_uri() + "/"
    assert requested
    assert all(url.startswith(root) for url in requested), requested
    printed = "".join(text_of(path, layout=False).split()).casefold()
    for literal in (HOSTILE_TITLE, HOSTILE_STEP):
        assert "".join(literal.split()).casefold() in printed, literal
    assert "root:" not in printed
