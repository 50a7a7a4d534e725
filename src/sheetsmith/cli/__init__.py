"""The `sheetsmith` command line (see `app`); `main` is the console script."""

from __future__ import annotations

import errno
import sys

from sheetsmith.cli import games, photos, prints, serve, sheets  # noqa: F401  (each registers its commands)
from sheetsmith.cli.app import app
from sheetsmith.console import echo

__all__ = ["app", "main"]


def main() -> None:
    from sheetsmith.signals import caught, stop_on_termination

    stop_on_termination()
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
        # (and where the stop was lost on the way, the work ended stopped all the same)
        signum = caught()
        if signum is not None and exc.code in (None, 0, 130):
            echo("terminated", err=True)
            sys.exit(128 + signum)
        raise
    except OSError as exc:
        # standard output on a full disk or a dead device: every file sheetsmith writes
        # itself reports its own errors, so only the streams are left to fail here
        if exc.filename is not None or exc.errno not in _STREAM_ERRORS:
            raise
        echo(f"error: cannot write the output: {exc.strerror}", err=True)
        sys.exit(2)


_STREAM_ERRORS = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF}
