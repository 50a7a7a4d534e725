"""Big documents prepared on several processes: each worker lays out and formats a run of
pages (`pdf.prepare`), the parent draws them in order.

Everything that depends on the rest of the document (the glyph codes of the font subsets,
given in order of first use, and the forms of stamps) stays with the one process that
writes the file, and every page is made from its index alone (`pages.LazyPages`), so the
bytes are the same whatever the number of workers. Workers are forked, so they inherit the
pages' layout functions and the render's context; off Linux (where fork is not safe or not
there) or for a small document, the pages are prepared in this process.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator
from contextvars import ContextVar
from multiprocessing.connection import Connection
from typing import Any

from sheetsmith.errors import SheetsmithError
from sheetsmith.print.pages import LazyPages
from sheetsmith.print.primitives import Stamp

# The worker processes `render --jobs` allows (1: this process alone).
JOBS: ContextVar[int] = ContextVar("sheetsmith_jobs", default=1)

MIN_PAGES = 16  # below this, starting workers costs more than they save
BATCH = 4  # pages a worker prepares per task: few enough to keep the parent fed early
AHEAD = 3  # batches queued per worker: memory stays bounded however slow the parent is

_pages: LazyPages | None = None  # what the forked workers prepare pages from


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worth_it(pages: object, jobs: int) -> bool:
    return (
        jobs > 1
        and isinstance(pages, LazyPages)
        and len(pages) >= MIN_PAGES
        # fork is safe on Linux; macOS can fork but its system libraries may not survive it
        and sys.platform.startswith("linux")
    )


def _prepare_batch(start: int, stop: int) -> tuple[dict[str, Stamp], list[Any]]:
    from sheetsmith.print.pdf import prepare

    assert _pages is not None
    stamps: dict[str, Stamp] = {}
    return stamps, [prepare(_pages[index], stamps) for index in range(start, stop)]


def _serve(conn: Connection, others: list[Connection]) -> None:
    """A worker: prepares each run of pages asked for until told to stop (None)."""
    # Ctrl-C reaches the whole process group: the writing process stops the workers (and
    # leaves no file); a worker printing its own traceback would only be noise
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for other in others:  # the parent's ends, inherited: only the parent may hold them
        other.close()
    try:
        while (task := conn.recv()) is not None:
            try:
                conn.send((True, _prepare_batch(*task)))
            except Exception as error:  # the parent raises it, as if it had prepared the pages
                try:
                    conn.send((False, error))
                except Exception:  # an error that cannot be pickled: its text still can
                    conn.send((False, RuntimeError(f"{type(error).__name__}: {error}")))
    except (EOFError, BrokenPipeError):
        pass  # the parent is gone: nobody wants these pages


class WorkerLost(SheetsmithError):
    """A worker process ended without its pages (killed, or out of memory)."""


_LOST = (
    "a process preparing pages stopped without finishing them (out of memory, or killed): "
    "render again, with --jobs 1 to use one process"
)


def _ask(conn: Connection, run: tuple[int, int]) -> None:
    try:
        conn.send(run)
    except OSError:  # its end of the pipe is gone with it
        raise WorkerLost(_LOST) from None


def _result(conn: Connection) -> tuple[dict[str, Stamp], list[Any]]:
    try:
        done, value = conn.recv()
    except (EOFError, OSError):  # a socket pair: a dead worker may show as a reset
        raise WorkerLost(_LOST) from None
    if not done:
        raise value
    return value


def prepared(pages: LazyPages, jobs: int, stamps: dict[str, Stamp]) -> Iterator[Any]:
    """`pages` prepared by `jobs` workers, in order; the stamps they place are added to
    `stamps` before the first page that places them is given."""
    global _pages
    _pages = pages
    context = multiprocessing.get_context("fork")
    # Each worker has a pipe of its own and runs of pages in turn (a run's place says which
    # worker has it), so nothing is shared: multiprocessing.Pool's shared task queue can
    # leave terminate() waiting for ever on a lock an idle worker holds (CPython #78178).
    workers: list[tuple[multiprocessing.process.BaseProcess, Connection]] = []
    finished = False
    # Frozen, the objects the workers inherit are never visited by their collector, so
    # their pages of memory stay shared instead of being copied on first touch.
    gc.freeze()
    # Ctrl-C held back while the workers are forked: a worker that had not yet set itself
    # to ignore it would print a traceback. Held back, it reaches this process right after.
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        for _ in range(jobs):
            ours, theirs = context.Pipe()
            others = [conn for _, conn in workers] + [ours]
            process = context.Process(target=_serve, args=(theirs, others), daemon=True)
            process.start()
            theirs.close()
            workers.append((process, ours))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        gc.unfreeze()
    try:
        runs = [(start, min(start + BATCH, len(pages))) for start in range(0, len(pages), BATCH)]
        asked = 0
        for number in range(len(runs)):
            while asked < len(runs) and asked < number + AHEAD * jobs:
                _ask(workers[asked % jobs][1], runs[asked])
                asked += 1
            found, batch = _result(workers[number % jobs][1])
            for name, stamp in found.items():
                stamps.setdefault(name, stamp)
            yield from batch
        finished = True
    finally:
        _pages = None
        for process, conn in workers:
            if finished:
                with contextlib.suppress(OSError):  # gone already: nothing to stop
                    conn.send(None)  # every run was given back: it waits for work, alive
            else:  # interrupted or failed: what the workers are preparing is not wanted
                process.terminate()
            process.join()
            conn.close()
