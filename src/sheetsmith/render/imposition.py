"""Cards on sheets: an n-up grid of trim and bleed rectangles, crop marks and PDF boxes.

Pure geometry, in the spirit of pdfimpose: everything here is coordinates, and a card is
drawn by a callable in its own coordinates (origin at the bottom-left trim corner, bleed
reaching `bleed` beyond every edge). Neighbouring cards each keep their own bleed, so a
slightly off cut never shows the next card's art; crop marks stay outside all bleeds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from sheetsmith.errors import OptionError
from sheetsmith.render.paper import Paper
from sheetsmith.render.primitives import BLACK, INCH, MM, Group, Item, Line, Page, Rect

T = TypeVar("T")
Orientation = Literal["auto", "portrait", "landscape"]

BLEED = INCH / 8  # 9 pt
BLEED_3MM = 3 * MM  # the metric printers' habit
SAFE = INCH / 8  # text and rules stay this far inside the trim
MARGIN = INCH / 4  # paper edge to the nearest bleed: room for crop marks
MARK_OFFSET = 3.0  # crop marks start this far outside the bleeds
MARK_LENGTH = 14.0
MARK_WIDTH = 0.5


@dataclass(frozen=True, slots=True)
class CardSize:
    """A card or tile's trim size, its bleed and its safe-zone inset, in points."""

    width: float
    height: float
    bleed: float = BLEED
    safe: float = SAFE

    @property
    def trim(self) -> Rect:
        """The trim rectangle in card coordinates."""
        return Rect(0.0, 0.0, self.width, self.height)

    @property
    def bleed_rect(self) -> Rect:
        b = self.bleed
        return Rect(-b, -b, self.width + 2 * b, self.height + 2 * b)

    @property
    def safe_rect(self) -> Rect:
        return self.trim.inset(self.safe)


POKER = CardSize(2.5 * INCH, 3.5 * INCH)
POSTCARD = CardSize(6 * INCH, 4 * INCH)


@dataclass(frozen=True, slots=True)
class Placement:
    """One slot of the grid on the sheet; rows count from the top, columns from the left."""

    slot: int
    row: int
    column: int
    trim: Rect
    bleed: Rect
    safe: Rect


@dataclass(frozen=True, slots=True)
class SheetLayout:
    paper: Paper  # as oriented on the sheet
    card: CardSize
    columns: int
    rows: int
    gap: float  # between neighbouring bleeds
    placements: tuple[Placement, ...]  # every slot, row by row from the top left

    @property
    def per_sheet(self) -> int:
        return len(self.placements)

    @property
    def grid_bleed(self) -> Rect:
        """The rectangle covering every slot's bleed: crop marks live outside it."""
        first, last = self.placements[0], self.placements[-1]
        x0, y1 = first.bleed.x, first.bleed.y1
        x1, y0 = last.bleed.x1, last.bleed.y
        return Rect(x0, y0, x1 - x0, y1 - y0)

    def sheet_count(self, cards: int) -> int:
        return -(-cards // self.per_sheet) if cards else 0

    def crop_marks(self, used: Sequence[Placement]) -> tuple[Line, ...]:
        """Short marks in line with each used trim edge, in the margin beyond the grid."""
        grid = self.grid_bleed
        xs = sorted({x for p in used for x in (p.trim.x, p.trim.x1)})
        ys = sorted({y for p in used for y in (p.trim.y, p.trim.y1)})
        marks: list[Line] = []
        for span in (_span(grid.y1, self.paper.height), _span(grid.y, 0.0)):
            if span:
                marks.extend(_line(x, span[0], x, span[1]) for x in xs)
        for span in (_span(grid.x1, self.paper.width), _span(grid.x, 0.0)):
            if span:
                marks.extend(_line(span[0], y, span[1], y) for y in ys)
        return tuple(marks)


def _span(grid_edge: float, paper_edge: float) -> tuple[float, float] | None:
    """From just outside the grid's bleed towards the paper edge; None if there is no room."""
    direction = 1.0 if paper_edge > grid_edge else -1.0
    start = grid_edge + direction * MARK_OFFSET
    room = abs(paper_edge - start)
    if direction * (paper_edge - start) < 2.0:
        return None
    return (start, start + direction * min(MARK_LENGTH, room))


def _line(x1: float, y1: float, x2: float, y2: float) -> Line:
    return Line(x1, y1, x2, y2, stroke=BLACK, line_width=MARK_WIDTH)


def _fit(card: CardSize, paper: Paper, margin: float, gap: float) -> tuple[int, int]:
    pitch_x = card.width + 2 * card.bleed + gap
    pitch_y = card.height + 2 * card.bleed + gap
    columns = int((paper.width - 2 * margin + gap + 1e-6) // pitch_x)
    rows = int((paper.height - 2 * margin + gap + 1e-6) // pitch_y)
    return max(columns, 0), max(rows, 0)


def layout_sheet(
    card: CardSize,
    paper: Paper,
    *,
    margin: float = MARGIN,
    gap: float = 0.0,
    orientation: Orientation = "auto",
) -> SheetLayout:
    """As many cards as fit inside `margin`, the grid centred on the sheet.

    "auto" turns the sheet to landscape only when that holds more cards.
    """
    candidates = {
        "portrait": paper.portrait,
        "landscape": paper.landscape,
    }
    if orientation == "auto":
        chosen = max(
            (candidates["portrait"], candidates["landscape"]),
            key=lambda p: _fit(card, p, margin, gap)[0] * _fit(card, p, margin, gap)[1],
        )
    else:
        chosen = candidates[orientation]
    columns, rows = _fit(card, chosen, margin, gap)
    if columns * rows == 0:
        raise OptionError(
            f"a {card.width / INCH:g} x {card.height / INCH:g} in card with its bleed does not"
            f" fit on {paper.name} paper inside a {margin / INCH:g} in margin"
        )
    outer_w = card.width + 2 * card.bleed
    outer_h = card.height + 2 * card.bleed
    grid_w = columns * outer_w + (columns - 1) * gap
    grid_h = rows * outer_h + (rows - 1) * gap
    left = (chosen.width - grid_w) / 2
    top = (chosen.height + grid_h) / 2
    placements = []
    for row in range(rows):
        for column in range(columns):
            bx = left + column * (outer_w + gap)
            by = top - (row + 1) * outer_h - row * gap
            trim = Rect(bx + card.bleed, by + card.bleed, card.width, card.height)
            placements.append(
                Placement(
                    slot=row * columns + column,
                    row=row,
                    column=column,
                    trim=trim,
                    bleed=Rect(bx, by, outer_w, outer_h),
                    safe=trim.inset(card.safe),
                )
            )
    return SheetLayout(chosen, card, columns, rows, gap, tuple(placements))


def union_rect(rects: Sequence[Rect]) -> Rect:
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.x1 for r in rects)
    y1 = max(r.y1 for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def impose(
    cards: Sequence[T],
    draw: Callable[[T], Sequence[Item]],
    layout: SheetLayout,
) -> list[Page]:
    """One page per sheet: each card's drawing placed on its slot, clipped to its bleed,
    crop marks in the margin, TrimBox and BleedBox around the cards on that sheet."""
    pages = []
    per = layout.per_sheet
    clip = layout.card.bleed_rect
    for first in range(0, len(cards), per):
        batch = cards[first : first + per]
        used = layout.placements[: len(batch)]
        items: list[Item] = [
            Group(tuple(draw(card)), dx=slot.trim.x, dy=slot.trim.y, clip=clip)
            for card, slot in zip(batch, used, strict=True)
        ]
        items.extend(layout.crop_marks(used))
        pages.append(
            Page(
                layout.paper.width,
                layout.paper.height,
                tuple(items),
                trim_box=union_rect([p.trim for p in used]),
                bleed_box=union_rect([p.bleed for p in used]),
            )
        )
    return pages
