"""Cards on sheets: an n-up grid of trim and bleed rectangles, crop marks and PDF boxes,
and duplex decks whose backs line up after a long-edge flip.

Pure geometry, in the spirit of pdfimpose: everything here is coordinates, and a card is
drawn by a callable in its own coordinates (origin at the bottom-left trim corner, bleed
reaching `bleed` beyond every edge). Two gutters:

- "separate" (the default): neighbouring cards each keep their own bleed, so a slightly off
  cut never shows the next card's art. For art that bleeds.
- "shared": cards abut trim to trim and share their cut lines; only the outside of the block
  has bleed. One straight cut separates two cards, and more fit: 9 poker cards (3x3) on a
  Letter sheet instead of 6. For cards whose fronts keep white (or identical) edges.

Crop marks stay outside all bleeds.

Duplex, long-edge flip. Turning a sheet over about its long edge maps a point of the front
to the point of the back that lies behind it. In page coordinates (the back page is drawn
upright, as a PDF viewer shows it):

- portrait sheet (long edges vertical): (x, y) -> (W - x, y); columns mirror, rows stay;
- landscape sheet (long edges horizontal): (x, y) -> (x, H - y); rows mirror, columns stay.

A landscape PDF page lands on the paper turned a quarter; the printer flips the paper about
its long edge, which is the page's horizontal edge, hence rows. `flip_point` is that map;
each back is placed on the mirror image of its front's slot, then shifted by the back offset.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from sheetsmith.errors import OptionError
from sheetsmith.print.fonts import text_width
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import (
    BLACK,
    DARK,
    INCH,
    MM,
    Group,
    Item,
    Line,
    Page,
    PlacedCard,
    Rect,
    Text,
)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class DeckStyle:
    """How the component being rendered wants its card and tile sheets: its names for the
    sheet label in the margin, and the layout (duplex or gutterfold)."""

    game: str = ""
    component: str = ""
    layout: str = "duplex"


# Set by `render_game` around each component, so the many deck renderers need not pass a
# print setting through every call (as PROGRESS does for the progress bar).
DECK_STYLE: ContextVar[DeckStyle | None] = ContextVar("sheetsmith_deck_style", default=None)
Orientation = Literal["auto", "portrait", "landscape"]
Gutter = Literal["separate", "shared"]

BLEED = INCH / 8  # 9 pt
BLEED_3MM = 3 * MM  # the metric printers' habit
SAFE = INCH / 8  # text and rules stay this far inside the trim
MARGIN = INCH / 4  # paper edge to the nearest bleed: room for crop marks
SHARED_MARGIN = INCH / 8  # shared cut lines: 3x3 poker with its bleed on Letter leaves this
MARK_OFFSET = 3.0  # crop marks start this far outside the bleeds
MARK_LENGTH = 14.0
MARK_WIDTH = 0.5
EDGE = 6 * MM  # home printers leave about 5 mm blank: nothing that must print comes closer
MIN_MARK = 1.5 * MM  # a shorter crop mark is too hard to see to cut by
LABEL_SIZE = 6.5  # the sheet label and scale check in the margin
LABEL_BAND = 10.0  # their height: text and the gap to the cards


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
    """One slot of the grid on the sheet; rows count from the top, columns from the left.

    `bleed` is the area the card may ink: its trim plus the bleed on every side (separate
    gutters), or only on the sides facing the outside of the block (shared cut lines).
    """

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
    gap: float  # between neighbouring bleeds (0 with shared cut lines)
    placements: tuple[Placement, ...]  # every slot, row by row from the top left
    gutter: Gutter = "separate"

    @property
    def per_sheet(self) -> int:
        return len(self.placements)

    @property
    def grid_bleed(self) -> Rect:
        """The rectangle covering every slot's bleed: crop marks live outside it."""
        return union_rect([p.bleed for p in self.placements])

    def sheet_count(self, cards: int) -> int:
        return -(-cards // self.per_sheet) if cards else 0

    def crop_marks(self, used: Sequence[Placement]) -> tuple[Line, ...]:
        """Short marks in line with each used trim edge, in the margin beyond the grid.

        With shared cut lines a Letter sheet keeps only 1/8 in beyond the block's bleed,
        mostly inside a printer's unprintable edge: there the marks start `MARK_OFFSET`
        outside the trim instead, crossing the outer bleed (white on cards made for
        shared cuts, and cut away), so most of each mark prints.
        """
        grid = self.grid_bleed
        xs = sorted({x for p in used for x in (p.trim.x, p.trim.x1)})
        ys = sorted({y for p in used for y in (p.trim.y, p.trim.y1)})
        inward = self.card.bleed if self.gutter == "shared" else 0.0
        marks: list[Line] = []
        for edge, paper_edge in ((grid.y1, self.paper.height), (grid.y, 0.0)):
            span = self._mark_span(edge, paper_edge, inward)
            if span:
                marks.extend(_line(x, span[0], x, span[1]) for x in xs)
        for edge, paper_edge in ((grid.x1, self.paper.width), (grid.x, 0.0)):
            span = self._mark_span(edge, paper_edge, inward)
            if span:
                marks.extend(_line(span[0], y, span[1], y) for y in ys)
        return tuple(marks)

    def marks_fit(self) -> bool:
        """Every cut line gets a printable mark at both of its ends."""
        grid = self.grid_bleed
        inward = self.card.bleed if self.gutter == "shared" else 0.0
        sides = (
            (grid.y1, self.paper.height),
            (grid.y, 0.0),
            (grid.x1, self.paper.width),
            (grid.x, 0.0),
        )
        return all(self._mark_span(edge, paper_edge, inward) for edge, paper_edge in sides)

    def label_band(self) -> tuple[float, float] | None:
        """Where the sheet label and scale check go: (baseline, top) in the margin below
        the cards, or above them; None if neither margin has room."""
        grid = self.grid_bleed
        if grid.y - EDGE >= LABEL_BAND:
            return (EDGE + 2.0, grid.y - 2.0)
        if self.paper.height - EDGE - grid.y1 >= LABEL_BAND:
            return (grid.y1 + 4.0, self.paper.height - EDGE)
        return None

    @staticmethod
    def _mark_span(edge: float, paper_edge: float, inward: float) -> tuple[float, float] | None:
        span = _span(edge, paper_edge)
        # a mark clear of the bleed is best; a short one still beats crossing the bleed
        if inward and (span is None or _length(span) < MARK_LENGTH / 2):
            direction = 1.0 if paper_edge > edge else -1.0
            across = _span(edge - direction * inward, paper_edge)
            if across is not None and (span is None or _length(across) > _length(span)):
                span = across
        return span


def _length(span: tuple[float, float]) -> float:
    return abs(span[1] - span[0])


def _span(grid_edge: float, paper_edge: float) -> tuple[float, float] | None:
    """From just outside the grid's bleed towards the paper edge, stopping `EDGE` short of
    it (a home printer leaves the outer ~5 mm blank); None if no printable mark fits."""
    direction = 1.0 if paper_edge > grid_edge else -1.0
    start = grid_edge + direction * MARK_OFFSET
    room = direction * (paper_edge - direction * EDGE - start)
    if room < MIN_MARK - 1e-6:
        return None
    return (start, start + direction * min(MARK_LENGTH, room))


def _line(x1: float, y1: float, x2: float, y2: float) -> Line:
    return Line(x1, y1, x2, y2, stroke=BLACK, line_width=MARK_WIDTH)


def _fit(
    card: CardSize, paper: Paper, margin: float, gap: float, gutter: Gutter = "separate"
) -> tuple[int, int]:
    if gutter == "shared":
        # trim to trim, one bleed around the whole block
        columns = int((paper.width - 2 * margin - 2 * card.bleed + 1e-6) // card.width)
        rows = int((paper.height - 2 * margin - 2 * card.bleed + 1e-6) // card.height)
        return max(columns, 0), max(rows, 0)
    pitch_x = card.width + 2 * card.bleed + gap
    pitch_y = card.height + 2 * card.bleed + gap
    columns = int((paper.width - 2 * margin + gap + 1e-6) // pitch_x)
    rows = int((paper.height - 2 * margin + gap + 1e-6) // pitch_y)
    return max(columns, 0), max(rows, 0)


def layout_sheet(
    card: CardSize,
    paper: Paper,
    *,
    margin: float | None = None,
    gap: float = 0.0,
    orientation: Orientation = "auto",
    gutter: Gutter = "separate",
) -> SheetLayout:
    """As many cards as fit with every crop mark printable and room in a margin for the
    sheet label, the grid centred on the sheet.

    "auto" turns the sheet to landscape only when that holds more cards. The margin
    (paper edge to the nearest bleed) defaults to `MARGIN`, or `SHARED_MARGIN` with shared
    cut lines (`gap` is then ignored); rows or columns are dropped while a mark would fall
    in the printer's blank edge or the label would find no margin.
    """
    if gutter not in ("separate", "shared"):
        raise OptionError(f"unknown gutter {gutter!r}; choose separate or shared")
    if margin is None:
        margin = SHARED_MARGIN if gutter == "shared" else MARGIN
    if gutter == "shared":
        gap = 0.0
    oriented = {"portrait": paper.portrait, "landscape": paper.landscape}
    names = ("portrait", "landscape") if orientation == "auto" else (orientation,)
    best: SheetLayout | None = None
    fallback: SheetLayout | None = None
    for name in names:
        chosen = oriented[name]
        most_columns, most_rows = _fit(card, chosen, margin, gap, gutter)
        if most_columns * most_rows == 0:
            continue
        full = _grid(card, chosen, most_columns, most_rows, gap, gutter)
        if fallback is None or full.per_sheet > fallback.per_sheet:
            fallback = full
        for columns in range(most_columns, 0, -1):
            for rows in range(most_rows, 0, -1):
                if best is not None and columns * rows <= best.per_sheet:
                    continue
                layout = _grid(card, chosen, columns, rows, gap, gutter)
                if layout.marks_fit() and layout.label_band() is not None:
                    best = layout
    if best is not None:
        return best
    if fallback is None:
        raise OptionError(
            f"a {card.width / INCH:g} x {card.height / INCH:g} in card with its bleed does not"
            f" fit on {paper.name} paper inside a {margin / INCH:g} in margin"
        )
    return fallback


def _grid(
    card: CardSize, chosen: Paper, columns: int, rows: int, gap: float, gutter: Gutter
) -> SheetLayout:
    """`columns` x `rows` cards centred on the sheet."""
    b = card.bleed
    if gutter == "shared":
        pitch_x, pitch_y = card.width, card.height
        grid_w = columns * card.width + 2 * b
        grid_h = rows * card.height + 2 * b
    else:
        pitch_x, pitch_y = card.width + 2 * b + gap, card.height + 2 * b + gap
        grid_w = columns * pitch_x - gap
        grid_h = rows * pitch_y - gap
    # the top-left trim corner of the first card
    left = (chosen.width - grid_w) / 2 + b
    top = (chosen.height + grid_h) / 2 - b
    placements = []
    for row in range(rows):
        for column in range(columns):
            trim = Rect(
                left + column * pitch_x, top - row * pitch_y - card.height, card.width, card.height
            )
            if gutter == "shared":
                bl = b if column == 0 else 0.0
                br = b if column == columns - 1 else 0.0
                bt = b if row == 0 else 0.0
                bb = b if row == rows - 1 else 0.0
                bleed = Rect(trim.x - bl, trim.y - bb, trim.width + bl + br, trim.height + bb + bt)
            else:
                bleed = Rect(trim.x - b, trim.y - b, trim.width + 2 * b, trim.height + 2 * b)
            placements.append(
                Placement(
                    slot=row * columns + column,
                    row=row,
                    column=column,
                    trim=trim,
                    bleed=bleed,
                    safe=trim.inset(card.safe),
                )
            )
    return SheetLayout(chosen, card, columns, rows, gap, tuple(placements), gutter)


def opened(layout: SheetLayout, count: int) -> tuple[Placement, ...]:
    """The first `count` slots, each with bleed on every side that no card on the sheet
    touches. With shared cut lines a slot has bleed only on the grid's outer edges, so on
    a sheet the deck does not fill, the last cards' right or bottom edge would stop at the
    cut line and a slightly wide cut (or a shifted back) would show white."""
    used = layout.placements[:count]
    if layout.gutter != "shared":
        return used
    b = layout.card.bleed
    out = []
    for p in used:
        right = p.column < layout.columns - 1 and p.slot + 1 < count
        below = p.row < layout.rows - 1 and p.slot + layout.columns < count
        x1 = p.bleed.x1 if right else p.trim.x1 + b
        y0 = p.bleed.y if below else p.trim.y - b
        bleed = Rect(p.bleed.x, y0, x1 - p.bleed.x, p.bleed.y1 - y0)
        out.append(replace(p, bleed=bleed))
    return tuple(out)


def union_rect(rects: Sequence[Rect]) -> Rect:
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.x1 for r in rects)
    y1 = max(r.y1 for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _clip(slot: Placement) -> Rect:
    """A slot's bleed in the card's own coordinates (origin at its trim corner)."""
    b = slot.bleed
    return Rect(b.x - slot.trim.x, b.y - slot.trim.y, b.width, b.height)


def _place(drawing: Sequence[Item], slot: Placement) -> Group:
    return Group(tuple(drawing), dx=slot.trim.x, dy=slot.trim.y, clip=_clip(slot))


def _boxed(
    layout: SheetLayout,
    items: list[Item],
    used: Sequence[Placement],
    first: int,
    side: Literal["front", "back"] = "front",
) -> Page:
    """A sheet of cards `first`, `first` + 1, ... on the slots `used`."""
    return Page(
        layout.paper.width,
        layout.paper.height,
        tuple(items),
        trim_box=union_rect([p.trim for p in used]),
        bleed_box=union_rect([p.bleed for p in used]),
        cards=tuple(PlacedCard(first + n, side, p.trim, p.bleed) for n, p in enumerate(used)),
    )


def impose(
    cards: Sequence[T],
    draw: Callable[[T], Sequence[Item]],
    layout: SheetLayout,
) -> list[Page]:
    """One page per sheet: each card's drawing placed on its slot, clipped to its bleed,
    crop marks and the sheet label in the margin, TrimBox and BleedBox around the cards."""
    pages = []
    per = layout.per_sheet
    sheets = layout.sheet_count(len(cards))
    for first in range(0, len(cards), per):
        batch = cards[first : first + per]
        used = opened(layout, len(batch))
        items: list[Item] = [
            _place(draw(card), slot) for card, slot in zip(batch, used, strict=True)
        ]
        items.extend(layout.crop_marks(used))
        items.extend(sheet_label(layout, used, first // per + 1, sheets, "front"))
        pages.append(_boxed(layout, items, used, first))
    return pages


def sheet_label(
    layout: SheetLayout, used: Sequence[Placement], sheet: int, sheets: int, side: str
) -> list[Item]:
    """The margin furniture of a card sheet: which game, deck, sheet and side it is, and a
    1 in bar to check that it printed at 100%. Placed between the crop marks (never over
    one) in the margin `label_band` finds; nothing if there is none."""
    band = layout.label_band()
    style = DECK_STYLE.get() or DeckStyle()
    if band is None or not used:
        return []
    baseline, _ = band
    grid = layout.grid_bleed
    reach = MARK_OFFSET + MARK_LENGTH  # how far crop marks reach out from the cards
    low, high = baseline - 2.0, baseline + LABEL_SIZE
    cuts = sorted({x for p in used for x in (p.trim.x, p.trim.x1)})
    if high < grid.y - reach or low > grid.y1 + reach:  # the marks stop short of the label
        cuts = []
    stops = [EDGE - 3.0, *cuts, layout.paper.width - EDGE + 3.0]
    gaps = [(a + 3.0, b - 3.0) for a, b in itertools.pairwise(stops) if b - a > 6.0]
    where = f"sheet {sheet} of {sheets}, {side}"
    texts = [
        " · ".join(t for t in (style.game, style.component, where) if t),
        " · ".join(t for t in (style.component, where) if t),
        where,
    ]
    scale_text = "1 in = 25.4 mm"
    scale_w = INCH + 4.0 + text_width(scale_text, LABEL_SIZE)
    items: list[Item] = []
    # the scale check in the last gap it fits, the label in the first that has room left
    scale_gap = next((n for n in range(len(gaps) - 1, -1, -1) if _room(gaps[n]) >= scale_w), None)
    if scale_gap is not None:
        x0 = gaps[scale_gap][1] - scale_w
        y = baseline + 2.0
        items += [
            Line(x0, y, x0 + INCH, y, stroke=DARK, line_width=MARK_WIDTH),
            *(
                Line(x, y - 2.0, x, y + 2.0, stroke=DARK, line_width=MARK_WIDTH)
                for x in (x0, x0 + INCH)
            ),
            Text(x0 + INCH + 4.0, baseline, scale_text, LABEL_SIZE, colour=DARK),
        ]
    for text in texts:
        width = text_width(text, LABEL_SIZE)
        for n, gap in enumerate(gaps):
            room = _room(gap) - (scale_w + 12.0 if n == scale_gap else 0.0)
            if width <= room:
                return [Text(gap[0], baseline, text, size=LABEL_SIZE, colour=DARK), *items]
    return items


def _room(gap: tuple[float, float]) -> float:
    return gap[1] - gap[0]


# -- duplex -------------------------------------------------------------------------------


def flip_point(paper: Paper, x: float, y: float) -> tuple[float, float]:
    """Where a point of the front page lies on the back page after a long-edge flip."""
    if paper.width <= paper.height:  # portrait: the long edges are the vertical ones
        return (paper.width - x, y)
    return (x, paper.height - y)  # landscape: the long edges are horizontal


def flip_rect(paper: Paper, rect: Rect) -> Rect:
    """The rectangle of the back page behind `rect` of the front page (long-edge flip)."""
    x0, y0 = flip_point(paper, rect.x, rect.y)
    x1, y1 = flip_point(paper, rect.x1, rect.y1)
    return Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))


def back_placement(
    layout: SheetLayout, slot: Placement, offset_mm: tuple[float, float] = (0.0, 0.0)
) -> Placement:
    """Where the back of the card in `slot` goes on the back sheet: the mirror image of the
    slot (column cols-1-c on a portrait sheet, row rows-1-r on a landscape one), shifted
    by the back offset (mm right and up, as seen on the back page)."""
    dx, dy = offset_mm[0] * MM, offset_mm[1] * MM
    portrait = layout.paper.width <= layout.paper.height

    def moved(rect: Rect) -> Rect:
        r = flip_rect(layout.paper, rect)
        return Rect(r.x + dx, r.y + dy, r.width, r.height)

    return Placement(
        slot=slot.slot,
        row=slot.row if portrait else layout.rows - 1 - slot.row,
        column=layout.columns - 1 - slot.column if portrait else slot.column,
        trim=moved(slot.trim),
        bleed=moved(slot.bleed),
        safe=moved(slot.safe),
    )


def deck_pages(
    cards: Sequence[T],
    draw_front: Callable[[T], Sequence[Item]],
    draw_back: Callable[[T], Sequence[Item]] | None,
    size: CardSize,
    paper: Paper,
    back_offset_mm: tuple[float, float] = (0.0, 0.0),
    orientation: Orientation = "auto",
    *,
    gutter: Gutter = "separate",
    margin: float | None = None,
) -> list[Page]:
    """A deck printed duplex: front sheet, back sheet, front sheet, back sheet...

    Fronts carry crop marks; backs carry bleed but no marks (they are cut from the front).
    With `render --layout gutterfold` (the deck style), `gutterfold_pages` instead.
    Each back sits behind its front after a long-edge flip (see the module notes), moved
    by `back_offset_mm` for printers that shift the back side. Without `draw_back`, only
    the fronts.
    """
    style = DECK_STYLE.get() or DeckStyle()
    if style.layout == "gutterfold" and draw_back is not None:
        return gutterfold_pages(cards, draw_front, draw_back, size, paper, gutter=gutter)
    layout = layout_sheet(size, paper, margin=margin, orientation=orientation, gutter=gutter)
    return duplex_pages(cards, draw_front, draw_back, layout, back_offset_mm)


def duplex_pages(
    cards: Sequence[T],
    draw_front: Callable[[T], Sequence[Item]],
    draw_back: Callable[[T], Sequence[Item]] | None,
    layout: SheetLayout,
    back_offset_mm: tuple[float, float] = (0.0, 0.0),
) -> list[Page]:
    """`deck_pages` on a layout already made."""
    fronts = impose(cards, draw_front, layout)
    if draw_back is None:
        return fronts
    pages: list[Page] = []
    per = layout.per_sheet
    dx, dy = back_offset_mm[0] * MM, back_offset_mm[1] * MM
    for sheet, front in enumerate(fronts):
        batch = cards[sheet * per : (sheet + 1) * per]
        fronts_used = opened(layout, len(batch))
        used = [back_placement(layout, slot) for slot in fronts_used]
        items: list[Item] = [
            Group(tuple(draw_back(card)), slot.trim.x + dx, slot.trim.y + dy, _clip(slot))
            for card, slot in zip(batch, used, strict=True)
        ]
        shifted = [back_placement(layout, slot, back_offset_mm) for slot in fronts_used]
        items += sheet_label(layout, used, sheet + 1, len(fronts), "back")
        pages += [front, _boxed(layout, items, shifted, sheet * per, "back")]
    return pages


# -- gutterfold ---------------------------------------------------------------------------

FOLD_ROOM = 3.0  # between a card's bleed and the fold line: a fold a little off stays blank


@dataclass(frozen=True, slots=True)
class FoldLayout:
    """Fronts on one half of the sheet, their backs on the other, mirrored about the fold
    line: `sheet` holds the front slots, `fold` is "vertical" (fronts left) or "horizontal"
    (fronts on top; the backs are then printed upside down to read upright once folded)."""

    sheet: SheetLayout
    fold: Literal["vertical", "horizontal"]

    def back(self, slot: Placement) -> Placement:
        """The slot behind `slot` once the sheet is folded."""

        def mirrored(r: Rect) -> Rect:
            paper = self.sheet.paper
            if self.fold == "vertical":
                return Rect(paper.width - r.x1, r.y, r.width, r.height)
            return Rect(r.x, paper.height - r.y1, r.width, r.height)

        return replace(
            slot, trim=mirrored(slot.trim), bleed=mirrored(slot.bleed), safe=mirrored(slot.safe)
        )

    def both(self, used: Sequence[Placement]) -> SheetLayout:
        """The fronts and backs as one layout, for the crop marks and the label."""
        return replace(self.sheet, placements=(*used, *(self.back(p) for p in used)))


def fold_layout(card: CardSize, paper: Paper, gutter: Gutter = "shared") -> FoldLayout:
    """The gutterfold with the most cards on `paper`: either orientation, folded across
    either axis; each half keeps its crop marks printable and the sheet its label."""
    # paper edge to trim: a printable crop mark (across the outer bleed with shared cuts),
    # and at the bottom the sheet label
    edge = EDGE + MIN_MARK + MARK_OFFSET + (0.0 if gutter == "shared" else card.bleed)
    bottom = max(edge, EDGE + LABEL_BAND + card.bleed)
    fold = card.bleed + FOLD_ROOM  # trim to the fold line
    best: FoldLayout | None = None
    for chosen in (paper.portrait, paper.landscape):
        for axis in ("vertical", "horizontal"):
            if axis == "vertical":
                box = Rect(
                    edge, bottom, chosen.width / 2 - edge - fold, chosen.height - edge - bottom
                )
            else:
                box = Rect(
                    edge,
                    chosen.height / 2 + fold,
                    chosen.width - 2 * edge,
                    chosen.height / 2 - bottom - fold,  # the backs' bottom, mirrored
                )
            half = Paper(chosen.name, box.width + 2 * card.bleed, box.height + 2 * card.bleed)
            columns, rows = _fit(card, half, 0.0, 0.0, gutter)
            if columns * rows == 0:
                continue
            grid = _grid(card, half, columns, rows, 0.0, gutter)
            dx, dy = box.x - card.bleed, box.y - card.bleed
            placements = tuple(
                replace(
                    p,
                    trim=_moved(p.trim, dx, dy),
                    bleed=_moved(p.bleed, dx, dy),
                    safe=_moved(p.safe, dx, dy),
                )
                for p in grid.placements
            )
            sheet = replace(grid, paper=chosen, placements=placements)
            found = FoldLayout(sheet, axis)  # type: ignore[arg-type]
            if best is None or sheet.per_sheet > best.sheet.per_sheet:
                best = found
    if best is None:
        raise OptionError(
            f"a {card.width / INCH:g} x {card.height / INCH:g} in card does not fit twice"
            f" (front and back) on {paper.name} paper: use --layout duplex"
        )
    return best


def _moved(r: Rect, dx: float, dy: float) -> Rect:
    return Rect(r.x + dx, r.y + dy, r.width, r.height)


def gutterfold_pages(
    cards: Sequence[T],
    draw_front: Callable[[T], Sequence[Item]],
    draw_back: Callable[[T], Sequence[Item]],
    size: CardSize,
    paper: Paper,
    *,
    gutter: Gutter = "shared",
) -> list[Page]:
    """A deck printed one-sided: each sheet holds fronts and, mirrored about the fold line
    (dashed), their backs. Fold along it, glue or hold the halves, cut along the marks."""
    fold = fold_layout(size, paper, gutter)
    layout = fold.sheet
    per = layout.per_sheet
    sheets = layout.sheet_count(len(cards))
    pages = []
    for first in range(0, len(cards), per):
        batch = cards[first : first + per]
        used = opened(layout, len(batch))
        backs = [fold.back(slot) for slot in used]
        turned = fold.fold == "horizontal"
        items: list[Item] = [
            _place(draw_front(c), slot) for c, slot in zip(batch, used, strict=True)
        ]
        # a turned back turns about its card's centre (its whole bleed is symmetric about
        # it), then is clipped to the slot's bleed, which shared cut lines make lopsided
        items += [
            Group(
                (Group(tuple(draw_back(c)), clip=size.bleed_rect, turned=True),)
                if turned
                else tuple(draw_back(c)),
                slot.trim.x,
                slot.trim.y,
                _clip(slot),
            )
            for c, slot in zip(batch, backs, strict=True)
        ]
        both = fold.both(used)
        items.extend(both.crop_marks(both.placements))
        items.append(_fold_line(fold))
        where = "fold on the dashed line"
        items.extend(sheet_label(both, both.placements, first // per + 1, sheets, where))
        page = _boxed(both, items, both.placements, first)
        cards_on = tuple(
            PlacedCard(first + n, side, p.trim, p.bleed)
            for side, slots in (("front", used), ("back", backs))
            for n, p in enumerate(slots)
        )
        pages.append(replace(page, cards=cards_on))
    return pages


def _fold_line(fold: FoldLayout) -> Line:
    paper = fold.sheet.paper
    if fold.fold == "vertical":
        x = paper.width / 2
        return Line(x, EDGE, x, paper.height - EDGE, stroke=DARK, line_width=0.5, dash=(4, 3))
    y = paper.height / 2
    return Line(EDGE, y, paper.width - EDGE, y, stroke=DARK, line_width=0.5, dash=(4, 3))
