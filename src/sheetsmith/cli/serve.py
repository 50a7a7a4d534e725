"""`sheetsmith serve`: a game's site served from this computer on the table's network."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Annotated

import typer

from sheetsmith.cli.app import Quietly, app
from sheetsmith.console import Quiet, echo, fail
from sheetsmith.errors import OutputError, SheetsmithError


@app.command()
def serve(
    game: Annotated[str, typer.Argument(help="The game whose QR pages to serve.", metavar="GAME")],
    host: Annotated[
        str,
        typer.Option(
            help="Address to listen on: 0.0.0.0 for every phone on this network, 127.0.0.1"
            " for this computer only, or one of this computer's addresses."
        ),
    ] = "0.0.0.0",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free one).")] = 8000,
    quiet: Quietly = False,
) -> None:
    """Serve the pages the QR codes open, from this computer, until Ctrl-C.

    Print the cards with the address it shows (render --base-url), and the phones on the same
    Wi-Fi open the pages from this computer: no hosting needed.

    [bold]Examples[/bold]

      sheetsmith serve personal-space
      sheetsmith serve personal-space --port 8080
      sheetsmith render personal-space --base-url http://192.168.1.20:8000/
    """
    import tempfile  # here, not at the top: every command (check too) imports this module

    from sheetsmith import definition
    from sheetsmith.site import build_site
    from sheetsmith.site.serve import lan_address, open_server, terminal_qr

    Quiet.on = quiet
    stopping = _stop_on_signals()
    try:
        served = tempfile.TemporaryDirectory(prefix="sheetsmith-site-")
    except OSError as exc:  # no temporary folder that can be written, or a full one
        fail(
            OutputError(
                f"no folder to build the pages in: {exc.strerror or exc}; set TMPDIR to a"
                " folder this user can write (or free space in the temporary folder)"
            )
        )
    with served as folder:
        try:
            loaded = definition.load(game)
            server = open_server(Path(folder), host, port)
        except SheetsmithError as exc:
            fail(exc)
        with server:
            shown_host = lan_address() if host in ("0.0.0.0", "") else host
            url = f"http://{shown_host}:{server.server_address[1]}/"
            try:
                build_site(loaded, url, Path(folder))
            except SheetsmithError as exc:
                fail(exc)
            echo(f"Serving {loaded.info.title} at {url}  (Ctrl-C to stop)")
            echo(f"Print the cards for it with: sheetsmith render {game} --base-url {url}")
            echo(terminal_qr(url))
            server.timeout = _POLL_SECONDS
            while not stopping.is_set():
                server.handle_request()
    echo("stopped", err=True)  # the served folder is gone by now


# How often the server looks whether it was asked to stop
_POLL_SECONDS = 0.25


def _stop_on_signals() -> threading.Event:
    """An event set on Ctrl-C, SIGTERM or SIGHUP: the server stops between requests and
    its folder is removed. Raising KeyboardInterrupt from the signal instead is lost when
    the signal lands in an import's clean-up (Python ignores exceptions there), and the
    server would serve on; `kill`, a service manager or a closed terminal without a handler
    would end the process where it stands and leave the folder behind."""
    import signal

    stopping = threading.Event()

    def stop(signum: int, frame: object) -> None:
        stopping.set()

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):  # SIGHUP is not on Windows
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
    return stopping
