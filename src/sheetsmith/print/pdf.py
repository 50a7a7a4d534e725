"""The PDF backend: the only module that imports reportlab.

It draws a list of `Page`s exactly as given, with the bundled DejaVu fonts (embedded as
subsets) and nothing else: the standard PDF fonts have no ☆ ◇ □ △ ○ glyphs. Output is
byte-for-byte reproducible (reportlab's invariant mode fixes dates and the document id).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import BinaryIO

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from sheetsmith.print.bounds import bounds, union
from sheetsmith.print.document import DocumentInfo
from sheetsmith.print.fonts import FONT_FILES, REGULAR, font_name
from sheetsmith.print.primitives import (
    Blocks,
    Circle,
    Colour,
    Group,
    Item,
    Line,
    Page,
    Polygon,
    Rect,
    Stamp,
    Text,
    TextBox,
)
from sheetsmith.print.text import fit, line_x

CREATOR = "sheetsmith"


def _register_fonts() -> None:
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, path in FONT_FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(path)))


@contextmanager
def _without_source_date_epoch() -> Iterator[None]:
    """Hide SOURCE_DATE_EPOCH from reportlab while it starts a document.

    reportlab reads it in every new document and, when set, dates the file and seeds its
    /ID with it instead of invariant mode's fixed date, so a build that sets it gets
    different bytes (and a value that is not an integer crashes reportlab). Our output is
    reproducible without any date, so the variable is ignored: one render, one set of bytes.
    Nothing else reads the environment meanwhile: rendering runs on one thread.
    """
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


def write_pdf(
    pages: Sequence[Page],
    handle: BinaryIO,
    info: DocumentInfo,
    on_page: Callable[[int], None] | None = None,
) -> None:
    """Draw `pages` as a PDF into the open binary file `handle`; `on_page(n)` is told as
    each page is done."""
    _register_fonts()
    with _without_source_date_epoch():
        canvas = Canvas(
            handle,
            pagesize=(pages[0].width, pages[0].height) if pages else (612, 792),
            invariant=1,
            pageCompression=1,
            # the default initial font is Helvetica, which would land in every page's resources
            initialFontName=REGULAR,
        )
    canvas.setTitle(info.title)
    canvas.setAuthor(info.author)
    canvas.setSubject(info.subject)
    canvas.setCreator(CREATOR)
    for number, page in enumerate(pages, start=1):
        canvas.setPageSize((page.width, page.height))
        # reportlab keeps boxes for later pages too, so clear them when a page has none
        canvas.setTrimBox(page.trim_box.corners() if page.trim_box else None)
        canvas.setBleedBox(page.bleed_box.corners() if page.bleed_box else None)
        canvas.setLineJoin(1)  # round joins: star tips and diamond corners stay neat
        canvas.setLineCap(0)
        _draw_items(canvas, page.items)
        canvas.showPage()
        if on_page is not None:
            on_page(number)
    canvas.save()


def _stamp(canvas: Canvas, stamp: Stamp) -> None:
    """Define the stamp's form on first use in this document, then show it."""
    forms: dict[str, str] = canvas.__dict__.setdefault("_sheetsmith_forms", {})
    form = forms.get(stamp.name)
    if form is None:
        form = forms[stamp.name] = f"Stamp{len(forms) + 1}"
        x0, y0, x1, y1 = union(bounds(item) for item in stamp.items)
        canvas.beginForm(form, x0, y0, x1, y1)
        canvas.setLineJoin(1)
        canvas.setLineCap(0)
        _draw_items(canvas, stamp.items)
        canvas.endForm()
    canvas.doForm(form)


def _draw_items(canvas: Canvas, items: Sequence[Item]) -> None:
    for item in items:
        _draw(canvas, item)


def _style(
    canvas: Canvas,
    stroke: Colour | None,
    fill: Colour | None,
    line_width: float,
    dash: tuple[float, ...],
) -> tuple[int, int]:
    if stroke is not None:
        canvas.setStrokeColorRGB(*stroke)
        canvas.setLineWidth(line_width)
        canvas.setDash(list(dash) if dash else [], 0)
    if fill is not None:
        canvas.setFillColorRGB(*fill)
    return (1 if stroke is not None else 0, 1 if fill is not None else 0)


def _draw(canvas: Canvas, item: Item) -> None:
    match item:
        case Rect():
            stroke, fill = _style(canvas, item.stroke, item.fill, item.line_width, item.dash)
            if not (stroke or fill):
                return
            if item.radius > 0:
                canvas.roundRect(item.x, item.y, item.width, item.height, item.radius, stroke, fill)
            else:
                canvas.rect(item.x, item.y, item.width, item.height, stroke, fill)
        case Line():
            _style(canvas, item.stroke, None, item.line_width, item.dash)
            canvas.line(item.x1, item.y1, item.x2, item.y2)
        case Circle():
            stroke, fill = _style(canvas, item.stroke, item.fill, item.line_width, item.dash)
            if stroke or fill:
                canvas.circle(item.cx, item.cy, item.r, stroke, fill)
        case Polygon():
            stroke, fill = _style(canvas, item.stroke, item.fill, item.line_width, item.dash)
            if not (stroke or fill) or len(item.points) < 2:
                return
            path = canvas.beginPath()
            path.moveTo(*item.points[0])
            for point in item.points[1:]:
                path.lineTo(*point)
            if item.closed:
                path.close()
            canvas.drawPath(path, stroke=stroke, fill=fill if item.closed else 0)
        case Text():
            canvas.setFillColorRGB(*item.colour)
            canvas.setFont(font_name(item.bold), item.size)
            if item.anchor == "middle":
                canvas.drawCentredString(item.x, item.y, item.text)
            elif item.anchor == "end":
                canvas.drawRightString(item.x, item.y, item.text)
            else:
                canvas.drawString(item.x, item.y, item.text)
        case TextBox():
            fitted = fit(item)
            canvas.setFillColorRGB(*item.colour)
            canvas.setFont(font_name(item.bold), fitted.size)
            for line, baseline in zip(fitted.lines, fitted.baselines, strict=True):
                canvas.drawString(line_x(item, line, fitted.size), baseline, line)
        case Blocks():
            if not item.cells:
                return
            # one path in grid units, filled once (nonzero): shared edges lie inside the
            # shape and are never anti-aliased; whole numbers keep the stream short
            canvas.saveState()
            canvas.setFillColorRGB(*item.fill)
            canvas.transform(item.unit, 0, 0, item.unit, item.x, item.y)
            cells = "\n".join(f"{c} {r} {w} {h} re" for c, r, w, h in item.cells)
            canvas.addLiteral(cells + "\nf")
            canvas.restoreState()
        case Stamp():
            _stamp(canvas, item)
        case Group():
            canvas.saveState()
            canvas.translate(item.dx, item.dy)
            if item.clip is not None:
                path = canvas.beginPath()
                c = item.clip
                path.rect(c.x, c.y, c.width, c.height)
                canvas.clipPath(path, stroke=0, fill=0)
                if item.turned:
                    cx, cy = item.clip.centre
                    canvas.transform(-1, 0, 0, -1, 2 * cx, 2 * cy)
            _draw_items(canvas, item.items)
            canvas.restoreState()
        case _:
            raise TypeError(f"not a drawing item: {item!r}")
