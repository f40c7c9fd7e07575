"""``floorman serve``: the card room server (the API, the floor dashboard, the stations)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from floorman.cli._app import ROOM, app, fail, help_example
from floorman.cli._console import echo
from floorman.cli._options import DbOption
from floorman.errors import FloormanError


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
    from floorman.server.app import create_app
    from floorman.store._backend import default_where

    long_running()
    _set_time_zone(time_zone)
    if (certfile is None) != (keyfile is None):
        fail("--certfile and --keyfile go together")
    names = [*(host_name or []), host]
    try:
        application = create_app(db or default_where(), host_names=names)
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
        ssl_certfile=str(certfile) if certfile else None,
        ssl_keyfile=str(keyfile) if keyfile else None,
    )


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
