"""Reading printed documents back as a reader would: their words, pages, fonts and margins."""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path


def text_of(pdf: Path, *, layout: bool = True, raw: bool = False) -> str:
    """The PDF's words joined by single spaces; without *layout*, table cells come out whole;
    *raw*, in the order they were printed (a paragraph running on into the next column
    comes out whole)."""
    mode = ["-raw"] if raw else ["-layout"] if layout else []
    command = ["pdftotext", *mode, str(pdf), "-"]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    return " ".join(out.stdout.split())


_MM = 72 / 25.4
_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<'
)


def _bbox(pdf: Path) -> str:
    command = ["pdftotext", "-bbox", str(pdf), "-"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def page_words(pdf: Path) -> list[str]:
    """Each page's words, joined by single spaces: what a reader finds on that sheet."""
    return [
        " ".join(html.unescape(w[5]) for w in _WORD.finditer(page[3]))
        for page in _PAGE.finditer(_bbox(pdf))
    ]


def filled(pdf: Path, *, top_mm: float = 15.5, bottom_mm: float = 16.5) -> list[float]:
    """How far down each page's body the printing reaches, from 0 (blank) to 1 (full).

    The body lies between the running header and footer (*top_mm* and
    *bottom_mm* from the edges); a page whose last line sits half way down
    is 0.5 filled, however tightly its lines are set.
    """
    fractions = []
    for page in _PAGE.finditer(_bbox(pdf)):
        height = float(page[2])
        top, bottom = top_mm * _MM, height - bottom_mm * _MM
        lowest = max(
            (
                float(w[4])
                for w in _WORD.finditer(page[3])
                if float(w[2]) >= top and float(w[4]) <= bottom
            ),
            default=top,
        )
        fractions.append((lowest - top) / (bottom - top))
    return fractions


def overflowing(pdf: Path, margin_pt: float = 42.5) -> list[str]:
    """Words printed outside the page's side margins (15 mm) or off the page."""
    out = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    bad: list[str] = []
    for page in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S):
        width, height = float(page[1]), float(page[2])
        for word in re.finditer(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<',
            page[3],
        ):
            x0, y0, x1, y1 = (float(word[i]) for i in range(1, 5))
            if x0 < margin_pt - 0.5 or x1 > width - margin_pt + 0.5 or y0 < 0 or y1 > height:
                bad.append(word[5])
    return bad


def info(pdf: Path) -> dict[str, str]:
    """What ``pdfinfo`` says: ``Pages``, ``Page size``, ..."""
    out = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return {
        key.strip(): value.strip()
        for key, _, value in (line.partition(":") for line in out.stdout.splitlines())
    }


def pages_of(pdf: Path) -> int:
    return int(info(pdf)["Pages"])


def fonts(pdf: Path) -> list[str]:
    """``pdffonts`` rows, one a font."""
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    return out.stdout.splitlines()[2:]


def word_heights(pdf: Path) -> list[tuple[str, float]]:
    """Each word of the document with its height in points: the type size times the
    font's ascent and descent (1.164 for the DejaVu families)."""
    return [
        (html.unescape(w[5]), float(w[4]) - float(w[2]))
        for page in _PAGE.finditer(_bbox(pdf))
        for w in _WORD.finditer(page[3])
    ]
