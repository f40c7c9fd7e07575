"""What every handler reaches through its request: the room, the pages' templates, the
watcher that tells the live pages what changed, and whether cookies need HTTPS. Made
once for the application (:func:`floorman.server.app.create_app`) and kept on it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

import jinja2
from starlette.requests import Request

from floorman._resources import templates_dir
from floorman.server.handoff import Handoff
from floorman.server.printing import Press
from floorman.server.room import Room
from floorman.server.streams import StreamCaps, Streams
from floorman.server.watch import Watcher
from floorman.visible import shown_as_text
from floorman.vocabulary import room_time

__all__ = ["ServerState", "page_templates", "state_of"]


@dataclass(frozen=True, slots=True)
class ServerState:
    """The application's own: one room, one set of templates, one watcher."""

    room: Room
    pages: jinja2.Environment
    watcher: Watcher
    secure_cookies: bool
    streams: Streams = field(default_factory=lambda: Streams(StreamCaps()))
    """The live-update streams open now, and how many may be."""
    press: Press = field(default_factory=Press)
    """Where PDFs are made, one at a time."""
    posts: Handoff = field(default_factory=Handoff)
    """The threads the stations' posts run on."""


def state_of(request: Request) -> ServerState:
    state = request.app.state.server
    assert isinstance(state, ServerState)
    return state


_DICT_NAMES: Final = frozenset(dir(dict))


class _Pages(jinja2.Environment):
    """Templates whose ``t.name`` on a dict reads the key straight away. Jinja tries the
    attribute first and the key after its ``AttributeError``: the pages read the tables'
    views, which are dicts, so that was an exception raised for every value drawn (a
    dashboard card took 1.7 times as long). A name a dict has as a method (``items``,
    ``get``) is read as Jinja reads it, so every template means what it meant."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_NAMES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def page_templates() -> jinja2.Environment:
    """The web pages' templates: every value escaped, a missing one an error; a stored
    time shown on the room's clock (``{{ e.at|clock }}``, ``{{ c.at|clock("%H:%M") }}``)."""
    pages = _Pages(
        loader=jinja2.FileSystemLoader(templates_dir() / "web"),
        autoescape=True,
        finalize=shown_as_text,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    pages.filters["clock"] = _clock
    pages.globals["zone"] = lambda: room_time(datetime.now(UTC), "%Z")
    return pages


def _clock(stamp: str | None, pattern: str = "%H:%M:%S") -> str:
    """A stored time on the room's clock; nothing for none."""
    return room_time(stamp, pattern) if stamp else ""
