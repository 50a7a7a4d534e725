"""Drawing primitives: what a page holds, as plain frozen data in PDF points.

The origin is the bottom-left corner of the page (or of a group), y grows upwards.
Layout functions build these; only `render.pdf` turns them into PDF operators.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

Colour = tuple[float, float, float]  # RGB, 0..1
Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]

BLACK: Colour = (0.0, 0.0, 0.0)
WHITE: Colour = (1.0, 1.0, 1.0)
DARK: Colour = (0.25, 0.25, 0.25)
GREY: Colour = (0.5, 0.5, 0.5)
LIGHT: Colour = (0.78, 0.78, 0.78)
PALE: Colour = (0.93, 0.93, 0.93)

INCH = 72.0
MM = 72.0 / 25.4


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    radius: float = 0.0
    stroke: Colour | None = BLACK
    fill: Colour | None = None
    line_width: float = 0.75
    dash: tuple[float, ...] = ()

    @property
    def x1(self) -> float:
        return self.x + self.width

    @property
    def y1(self) -> float:
        return self.y + self.height

    @property
    def centre(self) -> Point:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.width - 2 * d, self.height - 2 * d)

    def corners(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1), the order PDF boxes use."""
        return (self.x, self.y, self.x1, self.y1)


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Colour = BLACK
    line_width: float = 0.75
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    stroke: Colour | None = BLACK
    fill: Colour | None = None
    line_width: float = 0.75
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed outline (stars, diamonds, triangles, ring segments), or an open polyline."""

    points: tuple[Point, ...]
    stroke: Colour | None = BLACK
    fill: Colour | None = None
    line_width: float = 0.75
    dash: tuple[float, ...] = ()
    closed: bool = True


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; (x, y) is on the baseline, at the start, middle or end of the line."""

    x: float
    y: float
    text: str
    size: float = 9.0
    bold: bool = False
    anchor: Anchor = "start"
    colour: Colour = BLACK


@dataclass(frozen=True, slots=True)
class TextBox:
    """Text wrapped into a rectangle; the size shrinks towards `min_size` until it fits.

    A newline in `text` always breaks the line. `render.text.fit` does the wrapping, so
    layout and tests can see the lines the backend will draw.
    """

    x: float
    y: float
    width: float
    height: float
    text: str
    size: float = 9.0
    min_size: float = 7.0
    bold: bool = False
    align: Align = "left"
    valign: VAlign = "top"
    colour: Colour = BLACK
    leading: float = 1.2  # line pitch as a multiple of the font size


@dataclass(frozen=True, slots=True)
class Blocks:
    """Rectangles on a grid, filled together as one path: the dark modules of a QR code.

    `cells` are (column, row, width, height) in grid units, rows counting up from the
    origin (x, y); one unit is `unit` points. Cells that touch merge into one shape, with
    no anti-aliasing seam along their shared edges (as separate fills would show).
    """

    x: float
    y: float
    unit: float
    cells: tuple[tuple[int, int, int, int], ...]
    fill: Colour = BLACK

    def rects(self) -> tuple[tuple[float, float, float, float], ...]:
        """Each cell as (x, y, width, height) in points."""
        u = self.unit
        return tuple((self.x + c * u, self.y + r * u, w * u, h * u) for c, r, w, h in self.cells)


@dataclass(frozen=True, slots=True)
class Stamp:
    """A drawing placed many times (a card back): the PDF holds it once, as a form, and
    shows it wherever a stamp with the same `name` is placed. Stamps that share a name
    must hold the same items."""

    name: str
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Group:
    """Items drawn shifted by (dx, dy), optionally clipped to `clip` (in the group's own
    coordinates): how a card drawn in its own coordinates lands on a sheet."""

    items: tuple[Item, ...]
    dx: float = 0.0
    dy: float = 0.0
    clip: Rect | None = None
    # drawn upside down, turned about the centre of `clip`: a back that a gutterfold folds
    # over a horizontal line must be printed so to read upright on the folded card
    turned: bool = False


Item = Rect | Line | Circle | Polygon | Text | TextBox | Group | Blocks | Stamp


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """Where one card (or tile) of a deck lies on a sheet: what exports cut out of the
    rasterized page. `index` is the card's place in its deck, counted from 0."""

    index: int
    side: Literal["front", "back"]
    trim: Rect
    bleed: Rect


@dataclass(frozen=True, slots=True)
class Page:
    width: float
    height: float
    items: tuple[Item, ...] = field(default=())
    trim_box: Rect | None = None
    bleed_box: Rect | None = None
    cards: tuple[PlacedCard, ...] = ()  # the cards on a card or tile sheet, as placed


# -- shape helpers -------------------------------------------------------------------------


def regular_points(
    cx: float, cy: float, r: float, n: int, rotation: float = 90.0
) -> tuple[Point, ...]:
    """The corners of a regular n-gon; `rotation` is the angle (degrees) of the first one."""
    return tuple(
        (
            cx + r * math.cos(math.radians(rotation + 360.0 * i / n)),
            cy + r * math.sin(math.radians(rotation + 360.0 * i / n)),
        )
        for i in range(n)
    )


def star(
    cx: float,
    cy: float,
    r: float,
    inner: float | None = None,
    *,
    stroke: Colour | None = BLACK,
    fill: Colour | None = None,
    line_width: float = 0.75,
) -> Polygon:
    """A five-pointed star, point up, its tips on a circle of radius `r`.

    The default inner radius (0.5 r) is fatter than a geometric pentagram so the star
    reads well small and leaves room to fill it with a pencil.
    """
    inner = 0.5 * r if inner is None else inner
    outer = regular_points(cx, cy, r, 5, 90.0)
    valleys = regular_points(cx, cy, inner, 5, 90.0 + 36.0)
    points = tuple(p for pair in zip(outer, valleys, strict=True) for p in pair)
    return Polygon(points, stroke=stroke, fill=fill, line_width=line_width)


def diamond(
    cx: float,
    cy: float,
    width: float,
    height: float | None = None,
    *,
    stroke: Colour | None = BLACK,
    fill: Colour | None = None,
    line_width: float = 0.75,
) -> Polygon:
    h = width if height is None else height
    points = ((cx, cy + h / 2), (cx + width / 2, cy), (cx, cy - h / 2), (cx - width / 2, cy))
    return Polygon(points, stroke=stroke, fill=fill, line_width=line_width)


def triangle(
    cx: float,
    cy: float,
    size: float,
    *,
    stroke: Colour | None = BLACK,
    fill: Colour | None = None,
    line_width: float = 0.75,
) -> Polygon:
    """An upward equilateral triangle `size` wide, centred on its bounding box."""
    h = size * math.sqrt(3) / 2
    points = ((cx - size / 2, cy - h / 2), (cx + size / 2, cy - h / 2), (cx, cy + h / 2))
    return Polygon(points, stroke=stroke, fill=fill, line_width=line_width)


def arc_points(
    cx: float, cy: float, r: float, start: float, end: float, step: float = 3.0
) -> tuple[Point, ...]:
    """Points on a circular arc from `start` to `end` degrees (counter-clockwise if end > start)."""
    n = max(2, math.ceil(abs(end - start) / step) + 1)
    return tuple(
        (
            cx + r * math.cos(math.radians(start + (end - start) * i / (n - 1))),
            cy + r * math.sin(math.radians(start + (end - start) * i / (n - 1))),
        )
        for i in range(n)
    )


def ring_segment(
    cx: float,
    cy: float,
    r_inner: float,
    r_outer: float,
    start: float,
    end: float,
    *,
    stroke: Colour | None = BLACK,
    fill: Colour | None = None,
    line_width: float = 0.75,
) -> Polygon:
    """The part of an annulus between two angles (degrees), as one closed outline."""
    outer = arc_points(cx, cy, r_outer, start, end)
    inner = arc_points(cx, cy, r_inner, end, start)
    return Polygon(outer + inner, stroke=stroke, fill=fill, line_width=line_width)
