"""Ink: the looks `--ink` chooses between, the saver look of card and tile fronts, and how
much ink a written PDF lays down.

Three looks, passed explicitly to whatever draws a back (never read from a global):

- "full": the default art, unchanged;
- "saver": backs as outline art on white; on fronts, large fills become light tints of
  their own colour (the hue still tells a forest from a city, a buff from a disaster) and
  text or lines that stood on them are recoloured so they stay legible;
- "plain": the saver fronts, and backs without art: the deck's name in small type in the
  middle, nothing else.

Coverage is measured, not estimated from the drawing: the PDF is rasterized (pypdfium2)
and, for every pixel, the ink a naive CMY printer would lay is (C + M + Y) / 3 with
C = 1 - R, M = 1 - G, Y = 1 - B. A file's coverage is the mean over all its pixels: 0 is
blank paper, 1 solid black, a full-bleed navy back about 0.84, pale yellow about 0.1.
A real printer lays black and dark greys partly as K, but the sum ranks pages the way
their ink cost does, which is what the figure is for.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sheetsmith.print.fonts import text_width
from sheetsmith.print.primitives import (
    Blocks,
    Circle,
    Colour,
    Group,
    Item,
    Line,
    Polygon,
    Rect,
    Stamp,
    Text,
    TextBox,
)

# Coverage is a ratio of averages, so a coarse raster measures floods exactly; but the
# rasterizer draws a line at least one pixel wide, so pages of fine lines read high at low
# resolutions (the daily sheet: 8.7% at 36 dpi, 5.7% at 72, 4.8% at 300). At 72 dpi a pixel
# is a point, so the excess stays a point per line, for about 5 ms a page (612 x 792 pixels
# for Letter): a small share of what drawing the page costs.
COVERAGE_DPI = 72

# -- the saver look of fronts ----------------------------------------------------------------

# A fill at least this large (pt², about 2.5 x 2.5 cm) is a flood worth tinting; smaller
# ones (dice, cubes, icons, pills, QR modules) carry meaning and cost little.
LARGE_FILL = 800.0
# A tint keeps this share of the colour's distance from white: light enough to save most
# of the ink, dark enough that a forest tile is still green and a water tile blue.
TINT_STRENGTH = 0.3
MIN_CONTRAST = 4.5  # WCAG AA for text, against the tint it now stands on
_WHITE: Colour = (1.0, 1.0, 1.0)
_INK: Colour = (0.12, 0.13, 0.2)  # the last resort for text whose own hue cannot get dark enough


def tint(colour: Colour, strength: float = TINT_STRENGTH) -> Colour:
    """`colour` moved towards white, keeping `strength` of its distance from it."""
    return (
        1 - (1 - colour[0]) * strength,
        1 - (1 - colour[1]) * strength,
        1 - (1 - colour[2]) * strength,
    )


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def legible_on(background: Colour, hue: Colour) -> Colour:
    """`hue` darkened step by step until text in it reads on `background` (4.5:1): a white
    title on a blue band becomes a deep blue title on a pale blue one."""
    colour = hue
    for _ in range(12):
        if contrast(colour, background) >= MIN_CONTRAST:
            return colour
        colour = (colour[0] * 0.8, colour[1] * 0.8, colour[2] * 0.8)
    return colour if contrast(colour, background) >= MIN_CONTRAST else _INK


@dataclass(frozen=True, slots=True)
class _Backdrop:
    """A fill already drawn, in the drawing's own coordinates: what later text stands on."""

    item: Item  # as drawn (after tinting), placed at (dx, dy)
    dx: float
    dy: float
    original: Colour  # its colour before tinting
    tinted: bool

    def holds(self, x: float, y: float) -> bool:
        return _holds(self.item, x - self.dx, y - self.dy)


def _holds(item: Item, x: float, y: float) -> bool:
    match item:
        case Rect():
            return item.x <= x <= item.x1 and item.y <= y <= item.y1
        case Circle():
            return (x - item.cx) ** 2 + (y - item.cy) ** 2 <= item.r**2
        case Polygon():
            return item.closed and _in_polygon(item.points, x, y)
        case Blocks():
            return any(bx <= x <= bx + w and by <= y <= by + h for bx, by, w, h in item.rects())
    return False


def _in_polygon(points: Sequence[tuple[float, float]], x: float, y: float) -> bool:
    inside = False
    n = len(points)
    for i in range(n):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _area(item: Item) -> float:
    match item:
        case Rect():
            return abs(item.width * item.height)
        case Circle():
            return 3.14159 * item.r * item.r
        case Polygon():
            pts = item.points
            twice = sum(
                pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
                for i in range(len(pts))
            )
            return abs(twice) / 2
    return 0.0


def _text_centre(item: Text | TextBox) -> tuple[float, float]:
    if isinstance(item, TextBox):
        return (item.x + item.width / 2, item.y + item.height / 2)
    width = text_width(item.text, item.size, item.bold)
    start = {"start": item.x, "middle": item.x - width / 2, "end": item.x - width}[item.anchor]
    return (start + width / 2, item.y + item.size * 0.36)


def _stroke_point(item: Item) -> tuple[float, float] | None:
    match item:
        case Line():
            return ((item.x1 + item.x2) / 2, (item.y1 + item.y2) / 2)
        case Rect():
            return (item.x + item.width / 2, item.y)  # on its bottom edge
        case Circle():
            return (item.cx, item.cy - item.r)
        case Polygon():
            return item.points[0] if item.points else None
    return None


class _Saver:
    """One pass over a drawing in draw order, remembering the fills drawn so far."""

    def __init__(self) -> None:
        self.backdrops: list[_Backdrop] = []
        self.stamps: dict[str, tuple[Stamp, list[_Backdrop]]] = {}

    def under(self, x: float, y: float) -> _Backdrop | None:
        for backdrop in reversed(self.backdrops):
            if backdrop.holds(x, y):
                return backdrop
        return None

    def items(self, items: Sequence[Item], dx: float, dy: float) -> tuple[Item, ...]:
        return tuple(self.item(item, dx, dy) for item in items)

    def item(self, item: Item, dx: float, dy: float) -> Item:
        match item:
            case Group():
                inner = self.items(item.items, dx + item.dx, dy + item.dy)
                return replace(item, items=inner)
            case Stamp():
                return self.stamp(item, dx, dy)
            case Text() | TextBox():
                x, y = _text_centre(item)
                below = self.under(x + dx, y + dy)
                if below is None or not below.tinted:
                    return item
                if contrast(item.colour, _fill(below.item)) >= MIN_CONTRAST:
                    return item
                return replace(item, colour=legible_on(_fill(below.item), below.original))
            case Rect() | Circle() | Polygon() | Blocks():
                return self.shape(item, dx, dy)
        return self.stroke(item, dx, dy)

    def stamp(self, stamp: Stamp, dx: float, dy: float) -> Stamp:
        """A stamp is one drawing wherever it is placed: transform its items on their own
        (the same every time), then let what is drawn later stand on its fills."""
        if stamp.name not in self.stamps:
            alone = _Saver()
            done = Stamp(stamp.name, alone.items(stamp.items, 0.0, 0.0))
            self.stamps[stamp.name] = (done, alone.backdrops)
        done, backdrops = self.stamps[stamp.name]
        self.backdrops += [replace(b, dx=b.dx + dx, dy=b.dy + dy) for b in backdrops]
        return done

    def shape(self, item: Rect | Circle | Polygon | Blocks, dx: float, dy: float) -> Item:
        if isinstance(item, Blocks):
            return item  # QR modules and the like: meaning, and never a flood
        fill = item.fill
        if fill is None or (isinstance(item, Polygon) and not item.closed):
            return self.stroke(item, dx, dy)
        tinted = _area(item) >= LARGE_FILL and luminance(fill) < 0.9
        drawn = self.stroke(replace(item, fill=tint(fill)) if tinted else item, dx, dy)
        self.backdrops.append(_Backdrop(drawn, dx, dy, fill, tinted))
        return drawn

    def stroke(self, item: Item, dx: float, dy: float) -> Item:
        """A light line drawn over a tinted flood (a white frame inside a tile) would vanish
        on the tint: it takes the flood's own colour instead, so the hue stays visible."""
        colour = getattr(item, "stroke", None)
        point = _stroke_point(item)
        if colour is None or point is None or luminance(colour) < 0.6:
            return item
        below = self.under(point[0] + dx, point[1] + dy)
        if below is None or not below.tinted:
            return item
        return replace(item, stroke=below.original)  # type: ignore[type-var]


def _fill(item: Item) -> Colour:
    return getattr(item, "fill", None) or _WHITE


def saver_front(items: Sequence[Item]) -> tuple[Item, ...]:
    """A front in the saver look: every large fill a light tint of its colour, and text and
    light lines on it recoloured to stay legible; small fills and everything on white kept."""
    return _Saver().items(items, 0.0, 0.0)


def front_drawer(draw: Callable[..., Sequence[Item]], ink: str) -> Callable[..., Sequence[Item]]:
    """`draw` itself for the full look, or `draw` then `saver_front` for saver and plain.

    The looks are a ladder, each cheaper than the one before: whoever will not spend ink
    on the art of the backs will not want floods of colour on the fronts either, and the
    saver fronts keep every colour that means something."""
    if ink == "full":
        return draw
    return lambda *args: saver_front(draw(*args))


# -- measuring -------------------------------------------------------------------------------


def page_coverage(pdf: bytes, dpi: int = COVERAGE_DPI) -> list[tuple[float, int]]:
    """Each page's ink coverage, 0..1, with its area in pixels (to weigh it in a mean).

    A page that draws exactly what an earlier page drew (`--copies` of the daily sheet) is
    measured once: rasterizing costs 5-10 ms a page, and 400 copies of a sheet took 2-4 s to
    measure where they take 0.1 s to draw."""
    from PIL import ImageStat

    keys = _drawings(pdf)
    first: dict[Hashable, int] = {}  # a drawing -> the first page that draws it
    for index, key in enumerate(keys):
        first.setdefault(key, index)
    wanted = sorted(first.values())
    measured: dict[int, tuple[float, int]] = {}
    for index, image in zip(wanted, _raster(pdf, dpi, wanted), strict=True):
        means = ImageStat.Stat(image.convert("RGB")).mean
        measured[index] = (1 - sum(means) / (3 * 255), image.width * image.height)
    return [measured[first[key]] for key in keys]


def _drawings(pdf: bytes) -> list[Hashable]:
    """A key per page, the same for pages that draw the same thing: the same page
    dictionary (so the same resources, boxes and forms) and the same content stream bytes.
    Read with pypdf, about 0.15 ms a page; a file of one page is not read."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    count = len(document)
    document.close()
    if count < 2:
        return list(range(count))
    from pypdf import PdfReader
    from pypdf.generic import IndirectObject, StreamObject

    def frozen(value: Any) -> Hashable:
        if isinstance(value, IndirectObject):
            return ("ref", value.idnum, value.generation)
        if isinstance(value, StreamObject):
            # the bytes as stored: equal stored bytes decode alike, and decoding is slow
            # (pypdf's ASCII85 is pure Python); the filters are in the dictionary
            stored = getattr(value, "_data", None)
            data = stored if isinstance(stored, bytes) else value.get_data()
            return (tuple(sorted((str(k), frozen(v)) for k, v in dict.items(value))), data)
        if isinstance(value, dict):
            return tuple(sorted((str(k), frozen(v)) for k, v in dict.items(value)))
        if isinstance(value, list):
            return tuple(frozen(v) for v in value)
        return repr(value)

    try:
        keys: list[Hashable] = []
        for page in PdfReader(io.BytesIO(pdf)).pages:
            contents = dict.get(page, "/Contents")
            listed = contents if isinstance(contents, list) else [contents]
            # a stream shared by several pages (sheetsmith writes a repeated page's stream
            # once) is known by its reference; only a stream of one page is read
            drawn = tuple(
                frozen(c) if isinstance(c, IndirectObject) else frozen(c.get_object())
                for c in listed
                if c is not None
            )
            # the parent stays in the key: a page inherits what its own dictionary leaves out
            rest = {k: v for k, v in dict.items(page) if k != "/Contents"}
            keys.append((frozen(rest), drawn))
        return keys
    except Exception:  # the keys only save work: a file pypdf cannot read is measured in full
        return list(range(count))


def coverage(pdf: bytes, dpi: int = COVERAGE_DPI) -> float:
    """The mean ink coverage of a PDF, 0..1 (see the module notes): every page's pixels
    together, so a large page counts for more than a small one."""
    pages = page_coverage(pdf, dpi)
    pixels = sum(area for _, area in pages)
    return sum(ink * area for ink, area in pages) / pixels if pixels else 0.0


def _raster(pdf: bytes, dpi: int, indices: Sequence[int] | None = None) -> Iterator[Any]:
    """Each page (or the pages `indices`) as an RGB picture on white (`print.raster`, shared
    with the exports)."""
    from sheetsmith.print.raster import pages

    yield from pages(pdf, dpi, indices)
