"""Stopping on `kill` (SIGTERM) or a closed terminal (SIGHUP) as on Ctrl-C: the files being
written are removed, none is left half done, and the exit status says which signal.

The handler raises `Terminated` where the program stands, and also records the signal:
Python drops an exception raised in some places (an import's clean-up, a `__del__`), and a
library's bare `except:` can swallow it. Every file written asks `stop_if_asked` first, so
a stop lost so is taken at the next file at the latest.
"""

from __future__ import annotations

import signal

_caught: int | None = None


class Terminated(KeyboardInterrupt):
    """A stop asked by SIGTERM or SIGHUP, unwound as Ctrl-C is."""


def _terminate(signum: int, frame: object) -> None:
    global _caught
    _caught = signum
    raise Terminated(signum)


def stop_on_termination() -> None:
    """Turn SIGTERM and SIGHUP into `Terminated` (`serve` sets its own: it stops between
    requests)."""
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _terminate)


def caught() -> int | None:
    """The signal that asked to stop, if one did."""
    return _caught


def stop_if_asked() -> None:
    if _caught is not None:
        raise Terminated(_caught)
