"""Cards on sheets, as geometry: an n-up grid of trim and bleed rectangles, crop marks that
a home printer prints, and the deck style a render asks for.

Pure geometry, in the spirit of pdfimpose: everything here is coordinates, and a card is
drawn by a callable in its own coordinates (origin at the bottom-left trim corner, bleed
reaching `bleed` beyond every edge). Two gutters:

- "separate" (the default): neighbouring cards each keep their own bleed, so a slightly off
  cut never shows the next card's art. For art that bleeds.
- "shared": cards abut trim to trim and share their cut lines; only the outside of the block
  has bleed. One straight cut separates two cards, and more fit. For cards whose fronts keep
  white (or identical) edges.

Every crop mark lies at least `EDGE` from the paper's edge; a layout drops rows or columns
(or turns) until they all do. Placing the drawings on sheets is `card_sheets`; duplex and
gutterfold decks are `card_sheets` and `gutterfold`, chosen by `decks.deck_pages`.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from sheetsmith.errors import OptionError
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import BLACK, INCH, MM, Line, Rect

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


def grid_size(
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
        most_columns, most_rows = grid_size(card, chosen, margin, gap, gutter)
        if most_columns * most_rows == 0:
            continue
        full = grid_layout(card, chosen, most_columns, most_rows, gap, gutter)
        if fallback is None or full.per_sheet > fallback.per_sheet:
            fallback = full
        for columns in range(most_columns, 0, -1):
            for rows in range(most_rows, 0, -1):
                if best is not None and columns * rows <= best.per_sheet:
                    continue
                layout = grid_layout(card, chosen, columns, rows, gap, gutter)
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


def grid_layout(
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
