"""A rendered component as a document: where it goes, what it says about itself, and the
one call that writes it through the output folder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from sheetsmith.output import Output, RenderedFile
from sheetsmith.print.primitives import Page

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


def save(
    out: Output,
    game_id: str,
    component: str,
    pages: Sequence[Page],
    count: int,
    info: DocumentInfo,
) -> RenderedFile:
    """Write `pages` as `<game id>/<component>.pdf` under `out` and describe the file."""
    # imported here so commands that never render (check, games) skip reportlab's start-up
    from sheetsmith.print.pdf import write_pdf

    pages = list(pages)
    rel = component_path(game_id, component)
    progress = PROGRESS.get()

    def on_page(done: int) -> None:
        if progress is not None:
            progress(rel, done, len(pages))

    path = out.write(rel, lambda h: write_pdf(pages, h, info, on_page))
    saved = SAVED.get()
    if saved is not None:
        saved(path, pages)
    return RenderedFile(game_id, component, count, len(pages), path)
