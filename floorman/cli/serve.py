"""``floorman serve``: the card room server (the API, the floor dashboard, the stations)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer

from floorman.cli._app import ROOM, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import DbOption
from floorman.errors import FloormanError

LIMITS = "Limits"
CONNECTIONS = 1000
CLIENT_CONNECTIONS = 32
STREAMS = 400
"""As :class:`floorman.server.streams.StreamCaps` has them, for a server made without ``serve``."""
CLIENT_STREAMS = 8
HEAD_SECONDS = 10.0
BODY_SECONDS = 30.0


@app.command(
    rich_help_panel=ROOM,
    epilog=help_example(
        "floorman serve --port 8765",
        "floorman serve --host 0.0.0.0 --certfile room.crt --keyfile room.key",
    ),
)
def serve(
    db: DbOption = None,
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="The port (0: any free one).")] = 8765,
    certfile: Annotated[
        Path | None, typer.Option(help="TLS certificate: serve HTTPS (needed off this machine).")
    ] = None,
    keyfile: Annotated[Path | None, typer.Option(help="The TLS certificate's key.")] = None,
    host_name: Annotated[
        list[str] | None,
        typer.Option(
            "--host-name",
            help="A name the room is reached by (room.example); repeat for more. Addresses"
            " and localhost are always answered.",
        ),
    ] = None,
    max_connections: Annotated[
        int | None,
        typer.Option(
            min=1,
            show_default=False,
            help=f"Connections open at once; more are refused (503). [default: {CONNECTIONS},"
            " or fewer if the process may not open that many files (ulimit -n)]",
            rich_help_panel=LIMITS,
        ),
    ] = None,
    max_client_connections: Annotated[
        int,
        typer.Option(
            min=1,
            help="Connections open at once from one address (behind a reverse proxy:"
            " the proxy); more are refused (503).",
            rich_help_panel=LIMITS,
        ),
    ] = CLIENT_CONNECTIONS,
    max_streams: Annotated[
        int,
        typer.Option(
            min=1,
            help="Live-update streams (open pages) at once; more are refused (503).",
            rich_help_panel=LIMITS,
        ),
    ] = STREAMS,
    max_client_streams: Annotated[
        int,
        typer.Option(
            min=1,
            help="Live-update streams from one address; more are refused (429).",
            rich_help_panel=LIMITS,
        ),
    ] = CLIENT_STREAMS,
    head_timeout: Annotated[
        float,
        typer.Option(
            min=1.0,
            metavar="SECONDS",
            help="Seconds a request's head (its line and headers) may take to"
            " arrive; a connection that sends nothing is closed then.",
            rich_help_panel=LIMITS,
        ),
    ] = HEAD_SECONDS,
    body_timeout: Annotated[
        float,
        typer.Option(
            min=1.0,
            metavar="SECONDS",
            help="Seconds a request's body may take to arrive (408 after).",
            rich_help_panel=LIMITS,
        ),
    ] = BODY_SECONDS,
    time_zone: Annotated[
        str | None,
        typer.Option(
            "--time-zone",
            envvar="FLOORMAN_TIME_ZONE",
            metavar="ZONE",
            help="The room's time zone, e.g. Europe/Paris: every time on the pages and"
            " reports (default: this machine's).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Serve the card room: the floor dashboard, the dealer stations and the HTTP API,
    on the store. Sign in with a user made by floorman users add; a station with the
    token floorman station token prints."""
    import uvicorn

    from floorman.cli import long_running
    from floorman.cli.arenas import fewer_arenas
    from floorman.cli.listening import (
        BACKLOG,
        REFUSING,
        RESERVED_FILES,
        Door,
        Limits,
        OnceAMinute,
        limited_protocol,
    )
    from floorman.server.app import create_app
    from floorman.store._backend import default_where

    long_running()
    fewer_arenas()
    logging.getLogger("uvicorn.error").addFilter(OnceAMinute())
    _set_time_zone(time_zone)
    if (certfile is None) != (keyfile is None):
        fail("--certfile and --keyfile go together")
    files = _open_files()
    room_for = max(files - BACKLOG - REFUSING - RESERVED_FILES, 0)
    if max_connections is None:
        max_connections = min(CONNECTIONS, room_for)
    elif max_connections > room_for:
        fail(
            f"--max-connections {max_connections}: this process may open {files} files"
            f" (ulimit -n), enough for {room_for} connections"
        )
    if max_streams >= max_connections:
        fail(f"--max-streams {max_streams}: keep it under --max-connections ({max_connections})")
    limits = Limits(max_connections, max_client_connections, head_timeout, body_timeout)
    names = [*(host_name or []), host]
    try:
        application = create_app(
            db or default_where(), host_names=names, streams=(max_streams, max_client_streams)
        )
    except FloormanError as error:
        fail(str(error))
    scheme = "https" if certfile else "http"
    if certfile is None and not _loopback(host):
        echo(
            f"floorman: warning: plain HTTP on {host}: a browser on another device will not"
            " keep its sign-in; serve HTTPS with --certfile and --keyfile (docs/api.md)",
            err=True,
        )
    echo(f"floorman: serving the card room at {scheme}://{host}:{port}/ (Ctrl-C stops)")
    uvicorn.run(
        application,
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=2,
        http=limited_protocol(Door(limits)),
        backlog=BACKLOG,
        ssl_certfile=str(certfile) if certfile else None,
        ssl_keyfile=str(keyfile) if keyfile else None,
    )


def _open_files() -> int:
    """How many files this process may open, raised first to the most the system allows
    it: each connection holds one."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = 65536 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


def _set_time_zone(name: str | None) -> None:
    """The room's time zone for every page and report this server shows; a name that is
    no time zone is one line, before anything is served."""
    import os

    from floorman.vocabulary import TIME_ZONE_VARIABLE, room_zone

    if name is None or not name.strip():
        return
    os.environ[TIME_ZONE_VARIABLE] = name.strip()
    try:
        room_zone()
    except FloormanError:
        fail(f"--time-zone {name!r}: not a time zone (an IANA name, e.g. Europe/Paris)")


def _loopback(host: str) -> bool:
    """Whether the address ``serve`` listens on is this machine alone."""
    import ipaddress

    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
