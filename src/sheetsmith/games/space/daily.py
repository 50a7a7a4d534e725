"""Personal Space: the daily sheet a player writes on, one page per day.

Top to bottom: the title and the day to circle; the 6x6 grid (coordinates 1-6 along the
bottom and up the left) beside the numbered log; Speed, Energy and Mood trackers beside
money, pockets, the job of the day and the scale check; and the letter codes of every
action with their grid shapes. Sizes follow from the paper: the grid takes what the log
leaves it, the legend what the rest leaves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sheetsmith.games.space.board_parts import (
    GUTTER,
    HEADING_H,
    SCALE_CHECK_H,
    SHADE,
    content_frame,
    day_name,
    heading,
    scale_check,
    write_component,
)
from sheetsmith.games.space.legend import LEGEND_COLUMNS, legend_block, legend_height
from sheetsmith.games.space.model import SpaceGame, Tracker
from sheetsmith.output import Output
from sheetsmith.photo.marks import Mark, ReadablePage
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label, fit_size, rule
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import (
    DARK,
    GREY,
    INCH,
    LIGHT,
    WHITE,
    Item,
    Line,
    Page,
    Polygon,
    Rect,
    Stamp,
    Text,
    TextBox,
)
from sheetsmith.print.registration import BAND, readable_page, registration
from sheetsmith.render_options import RenderedFile, RenderOptions

HEADER_H = 24.0
DAYS_H = 24.0
BAND_GAP = 8.5  # tight on letter, where the marker band takes height
AXIS_W = 14.0  # row numbers left of the grid
AXIS_H = 13.0  # column numbers below the grid
NOTE_H = 11.0  # the Explore note under the column numbers
MAX_SQUARE = 0.9 * INCH
LOG_MIN_W = 170.0
LOG_NUMBER_W = 17.0
LOG_CODE_W = 34.0
LOG_MONEY_W = 24.0  # money spent or earned: -2, +6
LOG_HEAD_H = 11.0  # the column titles above the first log row
ROW_H = 26.0  # a tracker, money, pocket or job row
TRACKER_BOX = 19.0
TRACKER_GAP = 2.5
TRACKER_LABEL_W = 50.0
SCALE_W = 100.0


@dataclass(frozen=True, slots=True)
class GridGeometry:
    """The daily grid: square (column, row) for column, row in 1..n, row 1 at the bottom."""

    x0: float  # left edge of column 1
    y0: float  # bottom edge of row 1
    square: float
    n: int

    def cell(self, column: int, row: int) -> tuple[float, float, float, float]:
        x = self.x0 + (column - 1) * self.square
        y = self.y0 + (row - 1) * self.square
        return (x, y, x + self.square, y + self.square)

    @property
    def side(self) -> float:
        return self.square * self.n


@dataclass(frozen=True, slots=True)
class DailyLayout:
    """Where each block of the daily sheet goes: frames that never overlap."""

    header: Frame
    days: Frame
    grid: Frame  # the grid with its coordinates and the Explore note
    geometry: GridGeometry
    log: Frame
    trackers: Frame
    carry: Frame  # money, pockets, job
    scale: Frame
    legend: Frame
    legend_columns: int


def daily_layout(game: SpaceGame, paper: Paper) -> DailyLayout:
    # the sheet is read from photos: the registration markers take a band at the bottom;
    # at the top the header runs between the top-left marker and the page code
    margins = content_frame(paper)
    content = Frame(margins.x, BAND, margins.width, margins.top - BAND)
    n = game.sheet.grid
    status_h = max(HEADING_H + 3 * ROW_H, SCALE_CHECK_H)
    fixed = HEADER_H + DAYS_H + status_h + 4 * BAND_GAP
    # the grid takes the width the log leaves (and, on short paper, what the height allows)
    square = min(MAX_SQUARE, (content.width - AXIS_W - GUTTER - LOG_MIN_W) / n)
    grid_h = n * square + AXIS_H + NOTE_H
    # fewer, wider legend columns when the page is tall enough for them
    for columns in (LEGEND_COLUMNS - 1, LEGEND_COLUMNS):
        legend_h = legend_height(game, content.width, columns)
        if fixed + grid_h + legend_h <= content.height:
            break
    else:
        square = (content.height - fixed - legend_h - AXIS_H - NOTE_H) / n
        grid_h = n * square + AXIS_H + NOTE_H
    # what is left opens up the gaps between the bands, evenly
    spare = content.height - fixed - grid_h - legend_h
    gap = BAND_GAP + min(max(spare, 0.0) / 4, 16.0)
    header, rest = content.take_top(HEADER_H, gap=gap - 4)
    days, rest = rest.take_top(DAYS_H, gap=gap)
    band, rest = rest.take_top(grid_h, gap=gap)
    grid_w = AXIS_W + n * square
    grid, log = band.take_left(grid_w, gap=GUTTER)
    geometry = GridGeometry(grid.x + AXIS_W, grid.top - n * square, square, n)
    status, rest = rest.take_top(status_h, gap=gap)
    legend = Frame(rest.x, rest.top - legend_h, rest.width, legend_h)
    tracker_w = TRACKER_LABEL_W + _tracker_span(game) * (TRACKER_BOX + TRACKER_GAP)
    trackers, status = status.take_left(tracker_w, gap=GUTTER + 4)
    scale, carry = status.take_right(SCALE_W, gap=GUTTER)
    return DailyLayout(header, days, grid, geometry, log, trackers, carry, scale, legend, columns)


def _tracker_span(game: SpaceGame) -> int:
    sheet = game.sheet
    return max(t.max - t.min + 1 for t in (sheet.speed, sheet.energy, sheet.mood))


# -- blocks -------------------------------------------------------------------------------


def header_block(game: SpaceGame, frame: Frame, right: float | None = None) -> list[Item]:
    """The title, then lines for the name and the planet, ending left of `right` (the
    page code's corner)."""
    right = frame.right if right is None else right
    # the title starts right of the top-left marker, which reaches below the top margin
    left = max(frame.x, BAND)
    title = game.info.title.upper()
    size = fit_size(title, (right - left) * 0.5, 20, 12, bold=True)
    items: list[Item] = [Text(left, frame.y + 5, title, size, bold=True)]
    x = left + text_width(title, size, bold=True) + 10
    items.append(Text(x, frame.y + 5, "daily sheet", 11, colour=DARK))
    items.append(rule(frame.x, right, frame.y, 1.2))
    # the planet is typed into the sheet too: every place of the day is checked on its map
    name_x = x + text_width("daily sheet", 11) + 14
    planet_x = name_x + (right - name_x) * 0.48
    items.append(Text(name_x, frame.y + 5, "name", 8, colour=DARK))
    items.append(rule(name_x + 24, planet_x - 6, frame.y + 4, 0.6))
    items.append(Text(planet_x, frame.y + 5, "planet", 8, colour=DARK))
    items.append(rule(planet_x + 28, right, frame.y + 4, 0.6))
    return items


def days_block(game: SpaceGame, frame: Frame, marks: list[Mark] | None = None) -> list[Item]:
    """DAY and the seven days, each in a pill to circle; then a line for the date. With
    `marks`, each pill is recorded there as a readable mark "day:<day>"."""
    items: list[Item] = [Text(frame.x, frame.cy - 3.2, "DAY", 9, bold=True)]
    date_w = 118.0
    x0 = frame.x + 30
    span = frame.right - date_w - 10 - x0
    pitch = span / len(game.sheet.days)
    names = [day_name(d) for d in game.sheet.days]
    size = min(fit_size(name, pitch - 10, 8.5, 7.0) for name in names)
    for i, (day, name) in enumerate(zip(game.sheet.days, names, strict=True)):
        cx = x0 + pitch * (i + 0.5)
        pill = Rect(
            x0 + pitch * i + 2,
            frame.y + 2,
            pitch - 4,
            frame.height - 4,
            radius=(frame.height - 4) / 2,
            stroke=LIGHT,
            line_width=0.6,
        )
        items.append(pill)
        items.append(centred_label(cx, frame.cy, name, size))
        if marks is not None:
            marks.append(Mark(f"day:{day}", "circle", _area(pill), f"day {name}"))
    dx = frame.right - date_w
    items.append(Text(dx, frame.cy - 3.2, "DATE", 9, bold=True))
    items.append(rule(dx + 32, frame.right, frame.cy - 4, 0.6))
    return items


def grid_block(
    game: SpaceGame, frame: Frame, geo: GridGeometry, marks: list[Mark] | None = None
) -> list[Item]:
    """The grid, its coordinates, and which die of an Explore roll is which axis. With
    `marks`, each square is recorded there as a readable mark "grid:<column>,<row>" (the
    photo tells whether it holds ink; its letters are typed by the player)."""
    items: list[Item] = []
    s, n = geo.square, geo.n
    for column in range(1, n + 1):
        for row in range(1, n + 1):
            x, y, _, _ = geo.cell(column, row)
            square = Rect(x, y, s, s, line_width=0.8)
            items.append(square)
            if marks is not None:
                label = f"grid square ({column},{row})"
                marks.append(Mark(f"grid:{column},{row}", "square", _area(square), label))
    items.append(Rect(geo.x0, geo.y0, geo.side, geo.side, line_width=1.6))
    for k in range(1, n + 1):
        cx = geo.x0 + (k - 0.5) * s
        items.append(centred_label(cx, geo.y0 - AXIS_H / 2 - 0.5, str(k), 9, bold=True))
        cy = geo.y0 + (k - 0.5) * s
        items.append(centred_label(frame.x + AXIS_W / 2 - 1, cy, str(k), 9, bold=True))
    note = (
        "Explore: roll two dice. First die = column, left to right;"
        " second die = row, bottom to top."
    )
    size = fit_size(note, geo.side + AXIS_W, 7.5, 7.0)
    items.append(
        TextBox(
            frame.x,
            frame.y,
            frame.width,
            NOTE_H,
            note,
            size=size,
            min_size=7.0,
            colour=DARK,
            align="center",
            valign="bottom",
        )
    )
    return items


def log_block(game: SpaceGame, frame: Frame) -> list[Item]:
    """Numbered rows with room for the letter code, where the action went (a move's path
    and end, a neighbor's roll, a flight's moon and fuel) and the money it moved: what a
    typed sheet asks of each entry."""
    items = heading(frame, "LOG", "one entry per action")
    top = frame.top - HEADING_H
    rows = game.sheet.log_entries
    pitch = (top - LOG_HEAD_H - frame.y) / rows
    code_x = frame.x + LOG_NUMBER_W
    note_x = code_x + LOG_CODE_W
    money_x = frame.right - LOG_MONEY_W
    items += [
        Text(frame.x + LOG_NUMBER_W / 2, top - 8, "#", 7, anchor="middle", colour=DARK),
        Text(code_x + LOG_CODE_W / 2, top - 8, "code", 7, anchor="middle", colour=DARK),
        Text(note_x + 4, top - 8, "path, to, roll, note", 7, colour=DARK),
        Text(money_x + LOG_MONEY_W / 2, top - 8, "$", 7, anchor="middle", colour=DARK),
    ]
    y = top - LOG_HEAD_H
    for i in range(1, rows + 1):
        items.append(rule(frame.x, frame.right, y, 0.5, GREY))
        items.append(
            centred_label(frame.x + LOG_NUMBER_W / 2, y - pitch / 2, str(i), 7.5, colour=DARK)
        )
        y -= pitch
    items.append(rule(frame.x, frame.right, y, 0.8, DARK))
    for x in (code_x, note_x, money_x):
        items.append(Line(x, top - LOG_HEAD_H, x, y, stroke=GREY, line_width=0.5))
    return items


def tracker_key(tracker: Tracker, value: int) -> str:
    """A tracker value's readable mark: "speed:3"."""
    return f"{tracker.name.lower()}:{value}"


def tracker_row(
    tracker: Tracker, x: float, top: float, marks: list[Mark] | None = None
) -> list[Item]:
    """The tracker's name, then one numbered box per value; a bad mood range is shaded
    and labelled under its boxes, the start value marked under its box. With `marks`,
    each value's box is recorded there as a readable mark to circle."""
    cy = top - TRACKER_BOX / 2 - 1
    items: list[Item] = [centred_label(x, cy, tracker.name.upper(), 8.5, bold=True, anchor="start")]
    bx = x + TRACKER_LABEL_W
    pitch = TRACKER_BOX + TRACKER_GAP
    bad = tracker.bad_at_most
    for i, value in enumerate(range(tracker.min, tracker.max + 1)):
        shaded = bad is not None and value <= bad
        box = Rect(
            bx + i * pitch,
            cy - TRACKER_BOX / 2,
            TRACKER_BOX,
            TRACKER_BOX,
            radius=2,
            fill=SHADE if shaded else WHITE,
            line_width=0.9,
        )
        items.append(box)
        items.append(centred_label(bx + i * pitch + TRACKER_BOX / 2, cy, str(value), 9, bold=True))
        if marks is not None:
            label = f"{tracker.name.lower()} {value}"
            marks.append(Mark(tracker_key(tracker, value), "circle", _area(box), label))
    under = cy - TRACKER_BOX / 2 - 5.5
    if bad is not None:
        last = bad - tracker.min
        x1 = bx + last * pitch + TRACKER_BOX
        items.append(Line(bx, under + 3, x1, under + 3, stroke=DARK, line_width=0.6))
        items.append(Text((bx + x1) / 2, under - 3.5, "bad mood", 7, anchor="middle", colour=DARK))
    start = bx + (tracker.start - tracker.min) * pitch + TRACKER_BOX / 2
    items.append(start_mark(start, cy - TRACKER_BOX / 2 - 1.2))
    return items


def start_mark(cx: float, top: float) -> Polygon:
    """A small upward triangle under the box of a tracker's starting value."""
    return Polygon(
        ((cx, top), (cx + 3.2, top - 4.2), (cx - 3.2, top - 4.2)), stroke=None, fill=DARK
    )


def trackers_block(game: SpaceGame, frame: Frame, marks: list[Mark] | None = None) -> list[Item]:
    items = heading(frame, "TODAY", "circle the current value; ▲ start")
    top = frame.top - HEADING_H
    sheet = game.sheet
    for i, tracker in enumerate((sheet.speed, sheet.energy, sheet.mood)):
        items += tracker_row(tracker, frame.x, top - i * ROW_H, marks)
    return items


def _area(shape: Rect) -> Rect:
    """A drawn rectangle's place, as a mark's box (no style: it is not drawn)."""
    return Rect(shape.x, shape.y, shape.width, shape.height, stroke=None)


def carry_block(game: SpaceGame, frame: Frame) -> list[Item]:
    """Money at the start and end of the day, the pockets, the job of the day."""
    items = heading(frame, "MONEY, POCKETS, JOB")
    label_w = 48.0
    top = frame.top - HEADING_H
    box_h = TRACKER_BOX
    x = frame.x + label_w

    def label(row: int, text: str) -> Item:
        return centred_label(
            frame.x, top - row * ROW_H - box_h / 2 - 1, text, 8.5, bold=True, anchor="start"
        )

    # money: two boxes with "start $" and "end $"
    items.append(label(0, "MONEY"))
    half = (frame.right - x - 6) / 2
    for j, word in enumerate(("start $", "end $")):
        bx = x + j * (half + 6)
        cy = top - box_h / 2 - 1
        w = text_width(word, 7)
        items.append(Text(bx, cy - 2.5, word, 7, colour=DARK))
        items.append(
            Rect(bx + w + 3, cy - box_h / 2, half - w - 3.6, box_h, radius=2, line_width=0.9)
        )
    # pockets: one labelled space each
    items.append(label(1, "POCKETS"))
    n = game.sheet.pockets
    gap = 4.0
    pocket_w = (frame.right - x - 0.5 - gap * (n - 1)) / n
    cy = top - ROW_H - box_h / 2 - 1
    for j in range(n):
        bx = x + j * (pocket_w + gap)
        items.append(Rect(bx, cy - box_h / 2, pocket_w, box_h, radius=2, line_width=0.9))
        items.append(Text(bx + 2.5, cy + box_h / 2 - 7.5, str(j + 1), 7, colour=DARK))
    # the job of the day
    items.append(label(2, "JOB"))
    cy = top - 2 * ROW_H - box_h / 2 - 1
    items.append(rule(x, frame.right, cy - 5, 0.6))
    return items


PAGE = "daily-sheet"  # the page's name in its code


def daily_page(game: SpaceGame, paper: Paper) -> Page:
    return readable_daily_page(game, paper)[0]


def readable_daily_page(game: SpaceGame, paper: Paper) -> tuple[Page, ReadablePage]:
    """The daily sheet, and where its markers, code and every mark a player makes are:
    the marks are recorded by the same calls that draw them."""
    lay = daily_layout(game, paper)
    reg = registration(paper, readable_page(game, PAGE, paper, None, ()).payload)
    items = header_block(game, lay.header, min(lay.header.right, reg.code_clear))
    marks: list[Mark] = []
    days = lay.days
    if days.top > reg.code_bottom:  # the days run beside the page code: end left of it
        days = Frame(days.x, days.y, min(days.right, reg.code_clear) - days.x, days.height)
    items += days_block(game, days, marks)
    items += grid_block(game, lay.grid, lay.geometry, marks)
    items += log_block(game, lay.log)
    items += trackers_block(game, lay.trackers, marks)
    items += carry_block(game, lay.carry)
    items += scale_check(lay.scale, paper)
    items += legend_block(game, lay.legend, lay.legend_columns)
    items += reg.items
    return Page(paper.width, paper.height, tuple(items)), readable_page(
        game, PAGE, paper, reg, marks, "daily sheet"
    )


def stamped_daily_page(game: SpaceGame, paper: Paper) -> Page:
    """The daily sheet as one stamp: the PDF holds its drawing once, as a form, and every
    copy places it with one operator. Drawn afresh on every page, a copy cost 5-11 ms and
    ~9 KB (313 items formatted again); the pixels are the same either way."""
    page = daily_page(game, paper)
    return replace(page, items=(Stamp(f"{PAGE}-{paper.name}", page.items),))


def render_daily_sheet(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    page = stamped_daily_page(game, paper_named(options.paper))
    pages = [page] * max(1, options.copies)
    return write_component(
        game, out_dir, "daily-sheet", pages, len(pages), "daily sheet", options.paper
    )
