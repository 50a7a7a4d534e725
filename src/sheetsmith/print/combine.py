"""`render --combined`: a game's files merged into one PDF, in the order its print guide
gives, for a print shop or one trip to the printer.

Mixed one- and two-sided files cannot share a print run as they are: printed double-sided,
a one-sided page would land on the back of the page before it and shift every card back
after it. So when any part is two-sided, the combined file is made for double-sided
printing: each one-sided page is followed by a blank page (its back stays blank, as if it
were printed alone) and every file starts on the front of a sheet. When no part is
two-sided (a gutterfold render, or a game with no decks), the parts are simply joined, to
be printed one-sided.

Only pypdf is used: the parts are the PDFs just written, copied page by page (boxes and
fonts kept), never drawn again. The output is byte-for-byte reproducible: no date, no
random file identifier.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sheetsmith.output import Output
from sheetsmith.print.document import DocumentInfo
from sheetsmith.render_options import RenderedFile, RenderOptions

CREATOR = "sheetsmith"
COMPONENT = "combined"  # what the render summary calls the combined file


def combined_name(game_id: str) -> str:
    """The combined PDF's file name, in the game's folder beside its parts."""
    return f"{game_id}-all.pdf"


def combined_path(game_id: str) -> str:
    """Where the combined PDF goes, relative to the output folder."""
    return f"{game_id}/{combined_name(game_id)}"


@dataclass(frozen=True, slots=True)
class Part:
    """One file to merge: its bytes, and whether its pages are fronts and backs."""

    pdf: bytes
    two_sided: bool


@dataclass(frozen=True, slots=True)
class Combined:
    pdf: bytes
    pages: int  # with the blank backs
    blanks: int


def combine(parts: Sequence[Part], info: DocumentInfo) -> Combined:
    """The parts as one PDF (see the module notes for the blank pages)."""
    from pypdf import PdfReader, PdfWriter

    duplex = any(part.two_sided for part in parts)
    writer = PdfWriter()
    blanks = 0
    for part in parts:
        reader = PdfReader(io.BytesIO(part.pdf))
        for page in reader.pages:
            writer.add_page(page)
            if duplex and not part.two_sided:
                box = page.mediabox
                writer.add_blank_page(float(box.width), float(box.height))
                blanks += 1
        if duplex and len(writer.pages) % 2:  # a two-sided file with an odd page: its last back
            last = writer.pages[-1].mediabox
            writer.add_blank_page(float(last.width), float(last.height))
            blanks += 1
    fields = {"/Title": info.title, "/Author": info.author, "/Subject": info.subject}
    metadata = {key: value for key, value in fields.items() if value}
    writer.add_metadata({**metadata, "/Creator": CREATOR, "/Producer": CREATOR})
    out = io.BytesIO()
    writer.write(out)
    return Combined(out.getvalue(), len(writer.pages), blanks)


def write_combined(
    game: Any, files: Sequence[RenderedFile], out: Output, options: RenderOptions
) -> RenderedFile:
    """Merge the PDFs of `files` (one render of `game`) into `<id>/<id>-all.pdf` under
    `out`, in the guide's print order, and describe it."""
    from sheetsmith.print.guide import print_order, two_sided

    pdfs = {f.component: f for f in files if f.path.suffix == ".pdf"}
    order = print_order(game, list(pdfs))
    parts = [Part(pdfs[c].path.read_bytes(), two_sided(game, c, options)) for c in order]
    info = DocumentInfo(
        title=f"{game.info.title}: everything to print",
        author=getattr(game.info, "designer", ""),
        subject=f"{game.info.title}, {options.paper} paper: {', '.join(order)}",
    )
    done = combine(parts, info)
    path = out.write_bytes(combined_path(game.info.id), done.pdf)
    count = sum(pdfs[c].count for c in order)
    return RenderedFile(game.info.id, COMPONENT, count, done.pages, path)
