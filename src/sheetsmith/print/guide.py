"""The print guide, a component of every game: one or two pages that say what to print,
in which order, one- or two-sided, on paper or card stock, how many copies, what to cut,
and what else to gather (dice, cubes, tokens), from the definition's `[guide]` section.

It is the last file of a render (it describes the ones before it) and the first page of
the combined PDF: read before printing, and printed first, its scale check tells whether
the printer keeps pages at 100%. What it
says about sides follows `--layout` for the files that option lays out (duplex: both
sides, flip on the long edge; gutterfold: one side, folded).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sheetsmith.definition.guide import GUIDE, Guide, GuideFile, GuideItem
from sheetsmith.games import registry
from sheetsmith.output import Output
from sheetsmith.print.combine import combined_name
from sheetsmith.print.document import DocumentInfo, save
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, fit_size, rule
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import (
    BLACK,
    DARK,
    INCH,
    LIGHT,
    MM,
    Item,
    Page,
    Rect,
    Text,
    TextBox,
)
from sheetsmith.print.text import block_height, wrap
from sheetsmith.render_options import RenderedFile, RenderOptions

MARGIN = 0.42 * INCH  # as the game sheets: well clear of the 5 mm a home printer leaves blank
TITLE = 20.0
BODY = 9.0
ROW = 8.0  # table text
SMALL = 7.0  # a file's description and notes
HEADING = 10.5
PAD = 3.0  # above and below a row's text
TICK = 8.0  # the box to tick once a file is printed or a thing gathered
LEADING = 1.2

# the print table's columns, as shares of the frame's width after the tick box
COLUMNS = (("file", 0.36), ("sides", 0.15), ("on", 0.1), ("copies", 0.17), ("cut", 0.22))
COLUMN_GAP = 6.0

_COPIES = {
    "table": "{n} for the table",
    "player": "{n} per player",
    "game": "{n} for each game",
    "player-game": "{n} per player, each game",
    "player-day": "{n} per player, each day played",
}
_STOCK = {"paper": "paper", "card": "card stock"}


def print_order(game: Any, components: Sequence[str]) -> list[str]:
    """`components` in the order the game's guide prints them: the guide first, then its
    files as listed, then any it does not list, as given."""
    guide: Guide | None = getattr(game, "guide", None)
    order = guide.order if guide is not None else (GUIDE,)
    rank = {name: k for k, name in enumerate(order)}
    return sorted(components, key=lambda c: (rank.get(c, len(rank)), components.index(c)))


# -- what each row says ----------------------------------------------------------------------


def folds(game: Any, component: str, options: RenderOptions) -> bool:
    """Whether `component` is printed as a gutterfold (one side, folded) in this render."""
    package = registry.find(game.info.ruleset)
    users = package.option_users.get("--layout", ()) if package is not None else ()
    return options.layout == "gutterfold" and component in users


def two_sided(game: Any, component: str, options: RenderOptions) -> bool:
    """Whether `component`'s pages are fronts and backs, to print double-sided, in this
    render (the guide's word for it; a gutterfold puts both on one side)."""
    guide: Guide | None = getattr(game, "guide", None)
    if guide is None:
        return False
    sides = {f.component: f.sides for f in guide.files}
    return sides.get(component) == 2 and not folds(game, component, options)


def sides_text(game: Any, file: GuideFile, options: RenderOptions) -> str:
    if file.sides == 1:
        return "one-sided"
    if folds(game, file.component, options):
        return "one-sided, then fold on the dashed line"
    return "two-sided, flip on the long edge"


def copies_text(copies: int, per: str) -> str:
    return _COPIES[per].format(n=copies)


def _gather_per(item: GuideItem) -> str:
    return "for the table" if item.per == "table" else "per player"


def general_advice(game: Any, guide: Guide | None, options: RenderOptions) -> str:
    """The paragraph under the intro: the same for every game, in this render's layout."""
    paper = paper_named(options.paper)
    square = "25 mm" if paper.name == "a4" else "1 in"
    lines = [
        "Print every page at actual size (100%, not “fit to page”): everything is drawn to"
        f" exact size. The square on this page measures {square} when it is right."
    ]
    files = guide.files if guide is not None else ()
    two = [f for f in files if f.sides == 2 and not folds(game, f.component, options)]
    folded = [f for f in files if f.sides == 2 and folds(game, f.component, options)]
    if two:
        lines.append(
            "In a two-sided file each sheet of fronts is followed by its backs: print it"
            " double-sided, flipping on the long edge, and cut on the crop marks."
        )
    if folded:
        lines.append(
            "Card and tile files are laid out to fold: print them one-sided, fold each sheet on"
            " its dashed line with the printing outside, glue the halves, then cut on the marks."
        )
    if any(f.stock == "card" for f in files):
        lines.append("Card stock of about 200 g/m² (110 lb index) makes cards and tiles that last.")
    if options.combined:
        lines.append(
            f"Every file, in this order, is also in {combined_name(game.info.id)}"
            + (
                ": print it double-sided; its blank pages keep one-sided pages one-sided."
                if two
                else "."
            )
        )
    return " ".join(lines)


# -- layout ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Cell:
    text: str
    size: float
    bold: bool = False
    colour: tuple[float, float, float] = BLACK


@dataclass(frozen=True, slots=True)
class _Row:
    """One row of a table: a list of cells per column, stacked top to bottom, and a note
    below them across every column (wrapped once across the row, not down one column)."""

    columns: tuple[tuple[_Cell, ...], ...]
    note: _Cell | None = None


def _cell_height(cells: Sequence[_Cell], width: float) -> float:
    height = 0.0
    for cell in cells:
        if cell.text:
            lines = len(wrap(cell.text, cell.size, width, cell.bold))
            height += block_height(lines, cell.size, LEADING, cell.bold) + 1.5
    return height


def _widths(frame: Frame, shares: Sequence[float]) -> list[float]:
    room = frame.width - TICK - COLUMN_GAP - COLUMN_GAP * (len(shares) - 1)
    return [room * share / sum(shares) for share in shares]


def _note_width(widths: Sequence[float]) -> float:
    return sum(widths) + COLUMN_GAP * (len(widths) - 1)


def _row_height(row: _Row, widths: Sequence[float]) -> float:
    tallest = max(_cell_height(c, w) for c, w in zip(row.columns, widths, strict=True))
    note = _cell_height((row.note,), _note_width(widths)) if row.note else 0.0
    return max(tallest, TICK) + note + 2 * PAD


def _draw_row(row: _Row, widths: Sequence[float], frame: Frame, top: float) -> list[Item]:
    height = _row_height(row, widths)
    items: list[Item] = [
        Rect(frame.x, top - PAD - TICK - 1, TICK, TICK, radius=1.5, stroke=DARK, line_width=0.6)
    ]
    x = frame.x + TICK + COLUMN_GAP
    lowest = top - PAD - TICK
    for cells, width in zip(row.columns, widths, strict=True):
        y = top - PAD
        for cell in cells:
            if cell.text:
                items.append(_box(cell, x, y, width))
                y -= _cell_height((cell,), width)
        lowest = min(lowest, y)
        x += width + COLUMN_GAP
    if row.note is not None and row.note.text:
        items.append(_box(row.note, frame.x + TICK + COLUMN_GAP, lowest, _note_width(widths)))
    items.append(rule(frame.x, frame.right, top - height, 0.4, LIGHT))
    return items


def _box(cell: _Cell, x: float, top: float, width: float) -> TextBox:
    """`cell` wrapped to `width`, its first line's ascenders at `top`, in a box it fits."""
    lines = len(wrap(cell.text, cell.size, width, cell.bold))
    h = block_height(lines, cell.size, LEADING, cell.bold)
    return TextBox(
        x,
        top - h - 0.01,
        width,
        h + 0.02,
        cell.text,
        size=cell.size,
        min_size=cell.size,
        bold=cell.bold,
        colour=cell.colour,
        leading=LEADING,
    )


def _file_rows(game: Any, guide: Guide | None, options: RenderOptions) -> list[_Row]:
    if guide is None:  # a definition without [guide]: its files, and nothing we cannot know
        return [
            _Row(((_Cell(f"{c.name}.pdf", ROW, True), _Cell(c.description, SMALL, colour=DARK)),))
            for c in getattr(game, "components", ())
            if c.name != GUIDE
        ]
    rows = []
    for file in guide.files:
        rows.append(
            _Row(
                (
                    (_Cell(f"{file.component}.pdf", ROW, True), _Cell(file.what, SMALL)),
                    (_Cell(sides_text(game, file, options), ROW),),
                    (_Cell(_STOCK[file.stock], ROW),),
                    (_Cell(copies_text(file.copies, file.per), ROW),),
                    (_Cell(file.cut or "nothing to cut", ROW, colour=BLACK if file.cut else DARK),),
                ),
                _Cell(file.note, SMALL, colour=DARK) if file.note else None,
            )
        )
    return rows


def _gather_rows(guide: Guide | None) -> list[_Row]:
    if guide is None:
        return []
    return [
        _Row(
            (
                (_Cell(f"{item.count} {item.what}", ROW, True),),
                (_Cell(_gather_per(item), ROW),),
                (_Cell(item.note, SMALL, colour=DARK),),
            )
        )
        for item in guide.gather
    ]


GATHER_COLUMNS = (("what", 0.27), ("for", 0.14), ("what it is for", 0.59))


def _title(game: Any, frame: Frame, continued: bool) -> tuple[list[Item], float]:
    title = game.info.title.upper()
    size = fit_size(title, frame.width * 0.6, TITLE, 12, bold=True)
    base = frame.top - size * 0.93
    subtitle = "print guide (continued)" if continued else "print guide"
    items: list[Item] = [
        Text(frame.x, base, title, size, bold=True),
        Text(frame.x + text_width(title, size, True) + 10, base, subtitle, 11, colour=DARK),
        rule(frame.x, frame.right, base - 6, 1.2),
    ]
    return items, base - 6 - 12


def _heading(
    frame: Frame, top: float, text: str, columns: Sequence[tuple[str, float]]
) -> tuple[list[Item], float]:
    base = top - HEADING * 0.93
    items: list[Item] = [Text(frame.x, base, text, HEADING, bold=True)]
    top = base - 8
    widths = _widths(frame, [share for _, share in columns])
    x = frame.x + TICK + COLUMN_GAP
    for (name, _), width in zip(columns, widths, strict=True):
        items.append(Text(x, top - SMALL, name.upper(), SMALL, bold=True, colour=DARK))
        x += width + COLUMN_GAP
    top -= SMALL + 4
    items.append(rule(frame.x, frame.right, top, 0.6, DARK))
    return items, top


def _square(paper: Paper) -> float:
    return 25 * MM if paper.name == "a4" else INCH


def _scale_check(frame: Frame, paper: Paper, top: float) -> list[Item]:
    """The 1 in (25 mm on A4) square at the frame's right, its top at `top`."""
    side = _square(paper)
    label = "25 mm" if paper.name == "a4" else "1 in"
    x, y = frame.right - side, top - side
    return [
        Rect(x, y, side, side, line_width=0.6),
        Text(x + side / 2, y + side / 2 + 1, label, 10, bold=True, anchor="middle"),
        Text(x + side / 2, y + side / 2 - 9, "scale check", 7, anchor="middle", colour=DARK),
    ]


def guide_pages(game: Any, options: RenderOptions) -> list[Page]:
    """The guide, on as many pages as it needs (one for the bundled games)."""
    paper = paper_named(options.paper)
    frame = Frame(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN)
    guide: Guide | None = getattr(game, "guide", None)
    pages: list[list[Item]] = []
    items, top = _title(game, frame, False)
    # the scale check beside the opening paragraphs, which wrap short of it
    items += _scale_check(frame, paper, top)
    text_w = frame.width - _square(paper) - 14
    below_square = top - _square(paper) - 8
    intro = guide.intro if guide is not None else ""
    for text, size in ((intro, BODY + 0.5), (general_advice(game, guide, options), BODY)):
        if text:
            cell = _Cell(text, size)
            items.append(_box(cell, frame.x, top, text_w))
            top -= _cell_height((cell,), text_w) + 6
    top = min(top, below_square)
    sections = [
        (
            "PRINT, IN THIS ORDER",
            COLUMNS if guide else COLUMNS[:1],
            _file_rows(game, guide, options),
        ),
        ("GATHER", GATHER_COLUMNS, _gather_rows(guide)),
    ]
    for name, columns, rows in sections:
        if not rows:
            continue
        widths = _widths(frame, [share for _, share in columns])
        top -= 6
        head, top = _heading(frame, top, name, columns)
        items += head
        for row in rows:
            height = _row_height(row, widths)
            if top - height < frame.y:
                pages.append(items)
                items, top = _title(game, frame, True)
                head, top = _heading(frame, top, name, columns)
                items += head
            items += _draw_row(row, widths, frame, top)
            top -= height
    pages.append(items)
    return [Page(paper.width, paper.height, tuple(page)) for page in pages]


def render_guide(game: Any, out_dir: Output, options: RenderOptions) -> RenderedFile:
    pages = guide_pages(game, options)
    info = DocumentInfo(
        title=f"{game.info.title}: print guide",
        author=getattr(game.info, "designer", ""),
        subject=f"{game.info.title}, {options.paper} paper: what to print and gather",
    )
    return save(out_dir, game.info.id, GUIDE, pages, len(pages), info)
