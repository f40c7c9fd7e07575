"""The renderer: escaped data, colour-coded cards, and nothing fetched outside templates/."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from floorman._resources import templates_dir
from floorman.documents import render
from floorman.errors import FloormanError


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    result = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    )
    return result.stdout


def doc(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "title": "Test page",
        "house": "Test Room",
        "source": "Test rulebook",
        "date": "2025-01-01",
        "paper": "letter",
        "four_colour": False,
        "meta": [],
    }
    return base | overrides


def inside_templates(url: str) -> bool:
    root = templates_dir().resolve().as_uri() + "/"
    return url.startswith(root) and ".." not in url


class TestSuits:
    def test_cards_in_text_are_coloured_by_suit(self) -> None:
        html = str(render.suits("Burn the 7♦, then the A♠ and 10♥"))
        assert '<span class="card suit-d">7♦</span>' in html
        assert '<span class="card suit-s">A♠</span>' in html
        assert '<span class="card suit-h">10♥</span>' in html

    def test_markup_in_text_is_escaped(self) -> None:
        html = str(render.suits('<img src="file:///etc/passwd"> K♣'))
        assert "<img" not in html
        assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in html
        assert '<span class="card suit-c">K♣</span>' in html

    def test_a_lone_suit_symbol_is_coloured(self) -> None:
        assert '<span class="suit suit-h">♥</span>' in str(render.suits("hearts (♥)"))


class TestPaper:
    @pytest.mark.parametrize(("name", "size"), [("letter", "letter"), ("A4", "A4")])
    def test_known_paper(self, name: str, size: str) -> None:
        assert render.paper_size(name) == size

    def test_unknown_paper_names_the_option(self) -> None:
        with pytest.raises(FloormanError, match='--paper "legal"'):
            render.paper_size("legal")


class TestTemplateFile:
    def test_serves_the_stylesheet(self) -> None:
        css = templates_dir().resolve() / "floorman.css"
        assert render.template_file(css.as_uri()) == css

    @pytest.mark.parametrize(
        "url",
        [
            "file:///etc/passwd",
            "https://example.com/logo.png",
            "http://localhost/",
            "data:text/plain,hello",
            "ftp://example.com/x",
        ],
    )
    def test_refuses_everything_else(self, url: str) -> None:
        with pytest.raises(render.RefusedResource, match="only the document templates"):
            render.template_file(url)

    def test_refuses_climbing_out_with_dots(self) -> None:
        url = templates_dir().resolve().as_uri() + "/../pyproject.toml"
        with pytest.raises(render.RefusedResource):
            render.template_file(url)

    def test_refuses_a_link_out_of_templates(self, tmp_path: Path) -> None:
        outside = tmp_path / "secret.css"
        outside.write_text("body { color: red }")
        link = templates_dir() / "zz-link-under-test.css"
        try:
            link.symlink_to(outside)
        except OSError:
            pytest.skip("cannot make a symbolic link here")
        try:
            with pytest.raises(render.RefusedResource):
                render.template_file(link.absolute().as_uri())
        finally:
            link.unlink()


class TestRenderHtml:
    def test_data_is_escaped(self) -> None:
        html = render.render_html("base.html", {"doc": doc(title='<img src="file:///etc/passwd">')})
        assert '<img src="file:///etc/passwd">' not in html
        assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in html

    def test_missing_data_is_an_error_not_a_blank(self) -> None:
        import jinja2

        with pytest.raises(jinja2.UndefinedError):
            render.render_html("base.html", {"doc": {"title": "x"}})

    def test_four_colour_deck_is_a_page_class(self) -> None:
        assert 'class="four-colour"' in render.render_html(
            "base.html", {"doc": doc(four_colour=True)}
        )


@pytest.mark.usefixtures("poppler")
class TestHtmlToPdf:
    def test_a_page_fetches_only_templates(self, requested: list[str], tmp_path: Path) -> None:
        pdf, pages = render.render_pdf("base.html", {"doc": doc(title="Hello ♥")})
        assert pdf.startswith(b"%PDF")
        assert pages == 1
        assert requested, "the stylesheet is fetched through the restricted fetcher"
        assert all(inside_templates(url) for url in requested)
        assert "Hello ♥" in pdf_text(pdf, tmp_path)

    def test_hostile_text_prints_literally_and_reads_nothing(
        self, requested: list[str], tmp_path: Path
    ) -> None:
        hostile = '<img src="file:///etc/passwd"> see https://example.com/x.png'
        pdf = render.render_pdf("base.html", {"doc": doc(title=hostile)}).pdf
        assert all(inside_templates(url) for url in requested)
        text = " ".join(pdf_text(pdf, tmp_path).split())
        assert '<img src="file:///etc/passwd">' in text
        assert "root:" not in text

    def test_raw_html_asking_for_files_is_refused(
        self, requested: list[str], tmp_path: Path
    ) -> None:
        html = (
            '<link rel="stylesheet" href="floorman.css">'
            '<link rel="stylesheet" href="file:///etc/passwd">'
            '<img src="file:///etc/passwd"><img src="https://example.com/x.png">'
            '<img src="../pyproject.toml"><p>body text</p>'
        )
        pdf = render.html_to_pdf(html).pdf
        assert "file:///etc/passwd" in requested
        assert "https://example.com/x.png" in requested
        assert "root:" not in pdf_text(pdf, tmp_path)
        assert b"[build-system]" not in pdf

    def test_fonts_are_embedded(self, tmp_path: Path) -> None:
        path = tmp_path / "doc.pdf"
        path.write_bytes(render.render_pdf("base.html", {"doc": doc(title="A♠ K♥")}).pdf)
        result = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
        fonts = result.stdout.splitlines()[2:]
        assert fonts
        assert all("DejaVu" in line for line in fonts)
        assert all(line.split()[-5] == "yes" for line in fonts)
