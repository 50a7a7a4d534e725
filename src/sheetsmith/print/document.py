"""A rendered component as a document: where it goes, what it says about itself, and the
one call that writes it through the output folder."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, cast

from sheetsmith.output import Output
from sheetsmith.print.pages import LazyPages
from sheetsmith.print.primitives import Page, Stamp
from sheetsmith.render_options import RenderedFile

# Told (file, pages drawn, pages) as each page is drawn: the CLI's progress bar. A context
# variable, so the renderers need not pass a display concern through every layout call.
PROGRESS: ContextVar[Callable[[str, int, int], None] | None] = ContextVar(
    "sheetsmith_progress", default=None
)
# Told (the written PDF, its pages) after each PDF is written: `render_game` exports the
# cards the pages place (`--format png|tts`) from the PDF already drawn.
SAVED: ContextVar[Callable[[Path, Sequence[Page]], None] | None] = ContextVar(
    "sheetsmith_saved", default=None
)


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    title: str
    author: str = ""
    subject: str = ""


def component_path(game_id: str, component: str) -> str:
    """Where a component's PDF goes, relative to the output folder."""
    return f"{game_id}/{component}.pdf"


def filled_name(component: str, sheet: str) -> str:
    """The name of `component` drawn with a typed sheet (`render --filled ann.toml`):
    `game-pages-filled-ann`, so each player's record is a file of its own."""
    tidy = "-".join(re.findall(r"[a-z0-9]+", Path(sheet).stem.lower()))[:40].strip("-")
    return f"{component}-filled-{tidy}" if tidy else f"{component}-filled"


def save(
    out: Output,
    game_id: str,
    component: str,
    pages: Sequence[Page],
    count: int,
    info: DocumentInfo,
) -> RenderedFile:
    """Write `pages` as `<game id>/<component>.pdf` under `out` and describe the file.
    `pages` is iterated once, as the PDF is drawn."""
    # imported here so commands that never render (check, games) skip reportlab's start-up
    from sheetsmith.print.parallel import JOBS, prepared, worth_it
    from sheetsmith.print.pdf import write_pdf

    rel = component_path(game_id, component)
    progress = PROGRESS.get()
    saved = SAVED.get()
    total = len(pages)
    # Pages may be made as they are drawn (`print.pages.LazyPages`) and let go once drawn;
    # only an export, which cuts the cards out of them afterwards, keeps them.
    if saved is not None:
        pages = list(pages)

    def on_page(done: int) -> None:
        if progress is not None:
            progress(rel, done, total)

    def write(handle: BinaryIO) -> None:
        jobs = JOBS.get()
        if worth_it(pages, jobs):
            stamps: dict[str, Stamp] = {}
            ready = prepared(cast(LazyPages, pages), jobs, stamps)
            write_pdf(ready, handle, info, on_page, stamps)
        else:
            write_pdf(pages, handle, info, on_page)

    path = out.write(rel, write)
    if saved is not None:
        saved(path, pages)
    return RenderedFile(game_id, component, count, total, path)
