"""The `sheetsmith` command line (see `app`); `main` is the console script."""

from __future__ import annotations

import errno
import sys

from sheetsmith.cli import games, photos, prints, serve, sheets  # noqa: F401  (each registers its commands)
from sheetsmith.cli.app import app
from sheetsmith.console import echo

__all__ = ["app", "main"]


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP (`kill`, a closed terminal): unwound as Ctrl-C is, so the files
    being written are removed rather than left half done."""

    signum: int | None = None  # the last one caught: the exit status says which


def _terminate(signum: int, frame: object) -> None:
    Terminated.signum = signum
    raise Terminated(signum)


def main() -> None:
    import signal

    for name in ("SIGTERM", "SIGHUP"):  # `serve` sets its own, to stop between requests
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _terminate)
    try:
        app()
    except KeyboardInterrupt:
        echo("interrupted", err=True)
        sys.exit(130)
    except MemoryError:  # what was asked for is more than the machine has free
        echo("error: out of memory: close other programs, or give smaller files", err=True)
        sys.exit(2)
    except SystemExit as exc:
        # Typer turns Ctrl-C into exit 130; a `kill` is told apart as the shell does: 128 + N
        if exc.code == 130 and Terminated.signum is not None:
            echo("terminated", err=True)
            sys.exit(128 + Terminated.signum)
        raise
    except OSError as exc:
        # standard output on a full disk or a dead device: every file sheetsmith writes
        # itself reports its own errors, so only the streams are left to fail here
        if exc.filename is not None or exc.errno not in _STREAM_ERRORS:
            raise
        echo(f"error: cannot write the output: {exc.strerror}", err=True)
        sys.exit(2)


_STREAM_ERRORS = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF}
