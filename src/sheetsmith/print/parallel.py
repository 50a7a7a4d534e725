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

import gc
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

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


def _worker_start() -> None:
    # Ctrl-C reaches the whole process group: the writing process stops the workers (and
    # leaves no file); a worker printing its own traceback would only be noise
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _prepare_batch(start: int, stop: int) -> tuple[dict[str, Stamp], list[Any]]:
    from sheetsmith.print.pdf import prepare

    assert _pages is not None
    stamps: dict[str, Stamp] = {}
    return stamps, [prepare(_pages[index], stamps) for index in range(start, stop)]


def prepared(pages: LazyPages, jobs: int, stamps: dict[str, Stamp]) -> Iterator[Any]:
    """`pages` prepared by `jobs` workers, in order; the stamps they place are added to
    `stamps` before the first page that places them is given."""
    global _pages
    _pages = pages
    context = multiprocessing.get_context("fork")
    # Frozen, the objects the workers inherit are never visited by their collector, so
    # their pages of memory stay shared instead of being copied on first touch.
    gc.freeze()
    # Ctrl-C held back while the workers are forked: one that arrived before a worker had
    # set itself to ignore it would kill it holding the task queue's lock, and stopping
    # the pool would then wait for ever. Held back, it reaches this process right after.
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = context.Pool(jobs, initializer=_worker_start)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        gc.unfreeze()
    try:
        with pool:
            runs = deque(range(0, len(pages), BATCH))
            waiting: deque[Any] = deque()
            while runs or waiting:
                while runs and len(waiting) < AHEAD * jobs:
                    start = runs.popleft()
                    stop = min(start + BATCH, len(pages))
                    waiting.append(pool.apply_async(_prepare_batch, (start, stop)))
                found, batch = waiting.popleft().get()
                for name, stamp in found.items():
                    stamps.setdefault(name, stamp)
                yield from batch
    finally:
        _pages = None
