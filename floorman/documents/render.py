"""Printed documents: Jinja2 templates to HTML, HTML to PDF with WeasyPrint.

Everything a rulebook, a house file or a hand record says is data: the
templates autoescape it and the renderer fetches nothing but the files of
``templates/`` itself, so a house rule that names ``file:///etc/passwd`` or a
web address prints as text and reads nothing.

WeasyPrint is imported only when a PDF is made, so commands that never print
start fast.

>>> print(suits("Take the 10♥ out of play"))
Take the <span class="card suit-h">10♥</span> out of play
>>> print(suits("<b>A♠</b>"))
&lt;b&gt;<span class="card suit-s">A♠</span>&lt;/b&gt;
"""

from __future__ import annotations

import functools
import mimetypes
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, NamedTuple
from urllib.parse import unquote, urlsplit

import jinja2
from markupsafe import Markup, escape

from floorman._resources import templates_dir
from floorman.errors import FloormanError
from floorman.visible import shown_as_text

__all__ = [
    "PAPER_SIZES",
    "Printed",
    "RefusedResource",
    "html_to_pdf",
    "paper_size",
    "render_html",
    "render_pdf",
    "suits",
    "template_file",
]

PAPER_SIZES: Final = {"letter": "letter", "a4": "A4"}
"""Paper a card room prints on, as the CSS ``@page`` size names them."""

_CARD_IN_TEXT: Final = re.compile(r"(?<!\w)(10|[2-9TJQKA])?([♣♦♥♠])")
_SUIT_LETTERS: Final = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


class Printed(NamedTuple):
    """A laid-out PDF and its page count."""

    pdf: bytes
    pages: int


class RefusedResource(ValueError):
    """A document asked for a file or address outside ``templates/``."""


def paper_size(name: str) -> str:
    """The ``@page`` size for a paper name a user typed (``letter``, ``a4``)."""
    try:
        return PAPER_SIZES[name.strip().lower()]
    except KeyError:
        known = ", ".join(PAPER_SIZES)
        raise FloormanError(f'--paper "{name}": choose one of {known}') from None


def suits(text: object) -> Markup:
    """Escape *text*, then colour its cards (``7♦``) and suit symbols by suit."""

    def colour(match: re.Match[str]) -> str:
        rank, symbol = match.group(1), match.group(2)
        kind = "card" if rank else "suit"
        return f'<span class="{kind} suit-{_SUIT_LETTERS[symbol]}">{rank or ""}{symbol}</span>'

    return Markup(_CARD_IN_TEXT.sub(colour, str(escape(text))))


@functools.cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir()),
        autoescape=True,
        finalize=shown_as_text,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["suits"] = suits
    return env


def render_html(template: str, context: Mapping[str, Any], *, standalone: bool = False) -> str:
    """Fill the template *template* (a name inside ``templates/``) with *context*.

    A *standalone* page carries its stylesheet inside, to be opened on its own.
    """
    return _environment().get_template(template).render({**context, "standalone": standalone})


def template_file(url: str) -> Path:
    """The file inside ``templates/`` that *url* names; refuse anything else.

    Only ``file:`` URLs that resolve (links followed) to a file inside the
    templates folder are served: no web address, no ``data:``, no ``..``.

    >>> template_file("https://example.com/logo.png")
    Traceback (most recent call last):
    ...
    floorman.documents.render.RefusedResource: refused "https://example.com/logo.png": \
only the document templates are read
    """
    refused = RefusedResource(f'refused "{url}": only the document templates are read')
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        raise refused
    root = templates_dir().resolve()
    path = Path(unquote(parts.path)).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        raise refused
    return path


def _fetcher() -> Any:
    """A WeasyPrint URL fetcher that serves only :func:`template_file` files."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse  # type: ignore[import-untyped]

    class TemplatesOnly(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: object = None) -> Any:
            path = template_file(url)
            mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime})

    return TemplatesOnly()


def html_to_pdf(html: str) -> Printed:
    """Lay out *html* (its links relative to ``templates/``) as a PDF."""
    import weasyprint  # type: ignore[import-untyped]

    base_url = templates_dir().resolve().as_uri() + "/"
    document = weasyprint.HTML(string=html, base_url=base_url, url_fetcher=_fetcher()).render()
    pdf: bytes = document.write_pdf()
    return Printed(pdf, len(document.pages))


def render_pdf(template: str, context: Mapping[str, Any]) -> Printed:
    """Fill *template* with *context* and lay it out as a PDF."""
    return html_to_pdf(render_html(template, context))
