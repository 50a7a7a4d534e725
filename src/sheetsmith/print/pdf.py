"""The PDF backend: the only module that imports reportlab.

It draws a list of `Page`s exactly as given, with the bundled DejaVu fonts (embedded as
subsets) and nothing else: the standard PDF fonts have no ☆ ◇ □ △ ○ glyphs. Output is
byte-for-byte reproducible (reportlab's invariant mode fixes dates and the document id).
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import BinaryIO, NamedTuple

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFBase85Encode,
    PDFName,
    PDFStream,
    PDFZCompress,
)
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


class TextRun(NamedTuple):
    """Lines of text in one font, size and colour, each placed where it starts: drawn by
    the document, which alone knows how its font subsets encode each character."""

    colour: Colour
    bold: bool
    size: float
    lines: tuple[tuple[float, float, str], ...]  # (x, baseline, line)


class UseStamp(NamedTuple):
    name: str


# What a page becomes before the document draws it: PDF operators as text, and the few
# things that depend on the whole document (text, whose glyph codes are given in order of
# first use, and stamps, defined as forms on first use).
Op = str | TextRun | UseStamp


class Prepared(NamedTuple):
    """A page with everything that does not depend on the rest of the document done: it
    can be made in any process and comes out the same."""

    width: float
    height: float
    trim: tuple[float, float, float, float] | None
    bleed: tuple[float, float, float, float] | None
    ops: tuple[Op, ...]


def prepare(page: Page, stamps: dict[str, Stamp]) -> Prepared:
    """`page` as operators; every stamp it places is added to `stamps` by name."""
    ops = _Ops(stamps)
    ops.items(page.items)
    trim = page.trim_box.corners() if page.trim_box else None
    bleed = page.bleed_box.corners() if page.bleed_box else None
    return Prepared(page.width, page.height, trim, bleed, ops.done())


class _Ops:
    """Formats drawing items with a scratch canvas (so the operators are reportlab's own,
    byte for byte) and keeps text and stamps for the document."""

    _scratch: Canvas | None = None

    def __init__(self, stamps: dict[str, Stamp]) -> None:
        if _Ops._scratch is None:
            _register_fonts()
            _Ops._scratch = Canvas(io.BytesIO(), invariant=1, initialFontName=REGULAR)
        self.canvas = _Ops._scratch
        self.stamps = stamps
        self.ops: list[Op] = []

    def _keep(self, op: Op | None) -> None:
        """Close the run of operators drawn so far (one string), then keep `op`."""
        code = self.canvas._code
        if code:
            self.ops.append("\n".join(code))  # as reportlab joins a page's operators
            code.clear()
        if op is not None:
            self.ops.append(op)

    def done(self) -> tuple[Op, ...]:
        self._keep(None)
        return tuple(self.ops)

    def items(self, items: Sequence[Item]) -> None:
        for item in items:
            match item:
                case Text():
                    x = item.x
                    if item.anchor != "start":
                        width = pdfmetrics.stringWidth(item.text, font_name(item.bold), item.size)
                        x -= 0.5 * width if item.anchor == "middle" else width
                    line = ((x, item.y, item.text),)
                    self._keep(TextRun(item.colour, item.bold, item.size, line))
                case TextBox():
                    fitted = fit(item)
                    lines = tuple(
                        (line_x(item, line, fitted.size), baseline, line)
                        for line, baseline in zip(fitted.lines, fitted.baselines, strict=True)
                    )
                    self._keep(TextRun(item.colour, item.bold, fitted.size, lines))
                case Stamp():
                    self.stamps.setdefault(item.name, item)
                    self._keep(UseStamp(item.name))
                case Group():
                    _open_group(self.canvas, item)
                    self.items(item.items)
                    self.canvas.restoreState()
                case _:
                    _draw(self.canvas, item)


def write_pdf(
    pages: Iterable[Page | Prepared],
    handle: BinaryIO,
    info: DocumentInfo,
    on_page: Callable[[int], None] | None = None,
    stamps: dict[str, Stamp] | None = None,
) -> None:
    """Draw `pages` as a PDF into the open binary file `handle`; `on_page(n)` is told as
    each page is done. `pages` is iterated once, and no page is kept once drawn. Pages may
    come prepared (`prepare`, perhaps in other processes), their stamps in `stamps`."""
    _register_fonts()
    stamps = {} if stamps is None else stamps
    streams: dict[bytes, PDFStream] = {}  # the page streams written, by their text
    with _without_source_date_epoch():
        canvas = Canvas(
            handle,
            pagesize=(612, 792),  # each page sets its own size before it is drawn
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
        done = page if isinstance(page, Prepared) else prepare(page, stamps)
        canvas.setPageSize((done.width, done.height))
        # reportlab keeps boxes for later pages too, so clear them when a page has none
        canvas.setTrimBox(done.trim)
        canvas.setBleedBox(done.bleed)
        canvas.setLineJoin(1)  # round joins: star tips and diamond corners stay neat
        canvas.setLineCap(0)
        _draw_ops(canvas, done.ops, stamps)
        canvas.showPage()
        if SEAL_PAGES:
            _seal_last_page(canvas, streams)
        if on_page is not None:
            on_page(number)
    canvas.save()


# Compress each page's stream as soon as it is drawn: reportlab keeps every page's operators
# as text until it saves the file, about 10 KB a card; sealed, they take a third of that.
SEAL_PAGES = True


def _seal_last_page(canvas: Canvas, streams: dict[bytes, PDFStream]) -> None:
    """Encode the page just drawn as reportlab would at save time (same filters, same
    order, same dictionary), and drop its text. A page that draws what an earlier page
    drew (the copies of a daily sheet) shares that page's stream: the file holds it once."""
    page = canvas._doc.Pages.pages[-1]
    if page.Contents is not None or not page.stream or not page.compression:
        return
    key = hashlib.blake2b(page.stream.encode("utf-8", "surrogatepass")).digest()
    if key in streams:
        page.Contents = streams[key]
        page.stream = None
        return
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    content = page.stream
    for encoding in reversed(filters):
        content = encoding.encode(content)
    stream = PDFStream(content=content)
    stream.dictionary["Filter"] = PDFArray([PDFName(f.pdfname) for f in filters])
    stream.__Comment__ = "page stream"
    page.Contents = streams[key] = stream
    page.stream = None


def _text_object(canvas: Canvas, font: TTFont, style: str, x: float, y: float, text: str) -> str:
    """The text object reportlab's `drawString` writes for a line in an embedded TrueType
    font (its subsets chosen by the document), without the per-call machinery: half the
    time of a page of cards was spent there."""
    doc = canvas._doc
    shown = []
    subset_now = -1
    for subset, run in font.splitString(text, doc):
        if subset != subset_now:
            shown.append(f"{font.getSubsetInternalName(subset, doc)} {style}")
            subset_now = subset
        shown.append(f"({canvas._escape(run)}) Tj")
    return f"BT 1 0 0 1 {fp_str(x, y)} Tm {' '.join(shown)} T* ET"


def _draw_ops(canvas: Canvas, ops: Sequence[Op], stamps: dict[str, Stamp]) -> None:
    code = canvas._code
    for op in ops:
        match op:
            case str():
                code.append(op)
            case TextRun():
                canvas.setFillColorRGB(*op.colour)
                font = pdfmetrics.getFont(font_name(op.bold))
                style = f"{fp_str(op.size)} Tf {fp_str(op.size * 1.2)} TL"
                for x, baseline, line in op.lines:
                    code.append(_text_object(canvas, font, style, x, baseline, line))
            case UseStamp():
                _stamp(canvas, stamps[op.name])


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
            _open_group(canvas, item)
            _draw_items(canvas, item.items)
            canvas.restoreState()
        case _:
            raise TypeError(f"not a drawing item: {item!r}")


def _open_group(canvas: Canvas, group: Group) -> None:
    """Save the state, move to the group's origin and clip (the caller restores)."""
    canvas.saveState()
    canvas.translate(group.dx, group.dy)
    if group.clip is not None:
        path = canvas.beginPath()
        c = group.clip
        path.rect(c.x, c.y, c.width, c.height)
        canvas.clipPath(path, stroke=0, fill=0)
        if group.turned:
            cx, cy = group.clip.centre
            canvas.transform(-1, 0, 0, -1, 2 * cx, 2 * cy)
