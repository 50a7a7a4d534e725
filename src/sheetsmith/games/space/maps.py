"""Personal Space: the map boards, a page per planet (each player takes one) and per side
moon (shared by the table).

A map is a square grid, so a move's path on it has the shape a player draws on the daily
grid. Spaces are token-sized (0.85 in, never under 20 mm), named by the column letters and
row numbers printed on all four sides (A1 at the bottom left, as the daily grid counts
rows), which is how a player types a space. Each place carries its symbol and name; a
neighbor's range is marked with small dice, the same numbers as on their card; craters are
grey. Below: a legend of what is on this map and the scale check.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.space.board_parts import (
    GUTTER,
    HEADING_H,
    SCALE_CHECK_H,
    content_frame,
    die_face,
    heading,
    page_title,
    scale_check,
    write_component,
)
from sheetsmith.games.space.cards import header_colour
from sheetsmith.games.space.map_symbols import (
    CRATER_FILL,
    PLACE_TINTS,
    crater_symbol,
    house_symbol,
    place_symbol,
)
from sheetsmith.games.space.model import Neighbor, SpaceGame, SpaceMap, Spot
from sheetsmith.output import Output
from sheetsmith.print.layout import Frame, centred_label
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import (
    DARK,
    INCH,
    MM,
    Colour,
    Group,
    Item,
    Page,
    Rect,
    Text,
    TextBox,
)
from sheetsmith.render_options import RenderedFile, RenderOptions

TITLE_H = 26.0
NOTE_H = 22.0  # two lines of how spaces are named and moves walked
AXIS = 16.0  # the band of coordinates on each side of the grid
MAX_CELL = 0.85 * INCH  # the generator boards' size: a token and a cube sit with room
MIN_CELL = 20 * MM  # a game token's footprint
LEGEND_ROW = 32.0  # a legend entry: its name, then up to two lines of what it means
SYMBOL = 20.0  # a legend entry's symbol
SCALE_W = 132.0
GROUND: dict[bool, Colour] = {False: (0.96, 0.97, 0.92), True: (0.95, 0.95, 0.97)}
LINE: Colour = (0.45, 0.47, 0.52)
HOW_TO_READ = (
    "Spaces are named by column letter and row number (B2). A move walks up, down, left or"
    " right: draw its path's shape on your daily grid. Craters cannot be entered."
)


@dataclass(frozen=True, slots=True)
class MapGrid:
    """The grid on the page: column c (1 = A) from the left, row r (1) from the bottom,
    each `cell` wide; (x0, y0) is the bottom-left corner of A1."""

    x0: float
    y0: float
    cell: float
    columns: int
    rows: int

    def space(self, spot: Spot) -> Rect:
        return Rect(
            self.x0 + (spot.column - 1) * self.cell,
            self.y0 + (spot.row - 1) * self.cell,
            self.cell,
            self.cell,
        )

    @property
    def right(self) -> float:
        return self.x0 + self.columns * self.cell

    @property
    def top(self) -> float:
        return self.y0 + self.rows * self.cell


@dataclass(frozen=True, slots=True)
class MapLayout:
    title: Frame
    note: Frame
    grid: MapGrid
    legend: Frame
    scale: Frame


def _legend_rows(space_map: SpaceMap) -> int:
    entries = len(space_map.places) + len(space_map.houses) + (1 if space_map.craters else 0)
    return (entries + 1) // 2  # two columns


def map_layout(space_map: SpaceMap, paper: Paper) -> MapLayout:
    """Title and note on top, the grid as large as fits (up to MAX_CELL), legend and scale
    check side by side below it."""
    content = content_frame(paper)
    title, rest = content.take_top(TITLE_H, gap=8)
    note, rest = rest.take_top(NOTE_H, gap=8)
    below = max(SCALE_CHECK_H, HEADING_H + _legend_rows(space_map) * LEGEND_ROW)
    bottom, rest = rest.take_bottom(below, gap=GUTTER)
    cell = min(
        MAX_CELL,
        (rest.width - 2 * AXIS) / space_map.columns,
        (rest.height - 2 * AXIS) / space_map.rows,
    )
    width, height = cell * space_map.columns, cell * space_map.rows
    # the grid right under the note, the legend right under the grid: a small moon leaves
    # its blank at the foot of the page, not between the map and its key
    top = rest.top - AXIS
    grid = MapGrid(rest.cx - width / 2, top - height, cell, space_map.columns, space_map.rows)
    bottom = Frame(bottom.x, grid.y0 - AXIS - GUTTER - below, bottom.width, below)
    scale, legend = bottom.take_right(SCALE_W, gap=GUTTER)
    return MapLayout(title, note, grid, legend, scale)


# -- the grid -------------------------------------------------------------------------------


def _axes(grid: MapGrid) -> list[Item]:
    """Column letters under and over the grid, row numbers left and right of it."""
    items: list[Item] = []
    size = 10.0
    for c in range(1, grid.columns + 1):
        x = grid.x0 + (c - 0.5) * grid.cell
        letter = chr(ord("A") + c - 1)
        items.append(centred_label(x, grid.y0 - AXIS / 2, letter, size, bold=True, colour=DARK))
        items.append(centred_label(x, grid.top + AXIS / 2, letter, size, bold=True, colour=DARK))
    for r in range(1, grid.rows + 1):
        y = grid.y0 + (r - 0.5) * grid.cell
        items.append(centred_label(grid.x0 - AXIS / 2, y, str(r), size, bold=True, colour=DARK))
        items.append(centred_label(grid.right + AXIS / 2, y, str(r), size, bold=True, colour=DARK))
    return items


def _label(box: Rect, text: str, colour: Colour = DARK) -> TextBox:
    """A space's name along its bottom, two lines at most (the token sits above it)."""
    pad = 2.0
    return TextBox(
        box.x + pad,
        box.y + 1.5,
        box.width - 2 * pad,
        17,
        text,
        size=7.0,
        min_size=6.0,
        bold=True,
        align="center",
        valign="bottom",
        colour=colour,
        leading=1.1,
    )


def _range_dice(game: SpaceGame, space_map: SpaceMap, grid: MapGrid) -> list[Item]:
    """A small die in the top right corner of every range space: the roll that makes the
    neighbor come out, as on their card, in their card's colour. A space in two ranges
    shows the second die to the left of the first (never in a corner next to another
    space's die, where it would seem to belong there)."""
    items: list[Item] = []
    size = grid.cell * 0.24
    placed: dict[Spot, int] = {}
    for house in space_map.houses:
        neighbor = _neighbor(game, house.what)
        tint = _pale(header_colour(game.neighbors.index(neighbor)))
        for space in neighbor.range:
            spot = house.at.step(space.dx, space.dy)
            box = grid.space(spot)
            k = placed.get(spot, 0)
            placed[spot] = k + 1
            cx = box.x1 - size * (0.7 + 1.2 * k)
            items += die_face(cx, box.y1 - size * 0.7, size, space.roll, fill=tint)
    return items


def _neighbor(game: SpaceGame, neighbor_id: str) -> Neighbor:
    return next(n for n in game.neighbors if n.id == neighbor_id)


def _pale(c: Colour) -> Colour:
    return (c[0] + (1 - c[0]) * 0.7, c[1] + (1 - c[1]) * 0.7, c[2] + (1 - c[2]) * 0.7)


def grid_items(game: SpaceGame, space_map: SpaceMap, grid: MapGrid) -> list[Item]:
    items: list[Item] = []
    symbol = grid.cell * 0.56
    for column in range(1, grid.columns + 1):
        for row in range(1, grid.rows + 1):
            spot = Spot(column, row)
            box = grid.space(spot)
            fill = CRATER_FILL if spot in space_map.craters else GROUND[space_map.moon]
            items.append(Rect(box.x, box.y, box.width, box.height, stroke=None, fill=fill))
    for thing in space_map.things:
        box = grid.space(thing.at)
        cx, cy = box.centre
        if thing.house:
            neighbor = _neighbor(game, thing.what)
            colour = header_colour(game.neighbors.index(neighbor))
            items.append(Rect(box.x, box.y, box.width, box.height, stroke=None, fill=_pale(colour)))
            items += house_symbol(cx, cy + grid.cell * 0.1, symbol, colour)
            items.append(_label(box, f"{neighbor.name}'s house"))
        else:
            items.append(
                Rect(
                    box.x,
                    box.y,
                    box.width,
                    box.height,
                    stroke=None,
                    fill=PLACE_TINTS.get(thing.what, GROUND[space_map.moon]),
                )
            )
            items += place_symbol(thing.what, cx, cy + grid.cell * 0.1, symbol)
            items.append(_label(box, game.place(thing.what).name))
    for spot in space_map.craters:
        box = grid.space(spot)
        cx, cy = box.centre
        items += crater_symbol(cx, cy + grid.cell * 0.1, symbol)
        items.append(_label(box, "crater"))
    items += _range_dice(game, space_map, grid)
    # the lines over every fill, then a firm outline round the map
    for c in range(grid.columns + 1):
        x = grid.x0 + c * grid.cell
        items.append(Rect(x, grid.y0, 0, grid.top - grid.y0, stroke=LINE, line_width=0.6))
    for r in range(grid.rows + 1):
        y = grid.y0 + r * grid.cell
        items.append(Rect(grid.x0, y, grid.right - grid.x0, 0, stroke=LINE, line_width=0.6))
    items.append(Rect(grid.x0, grid.y0, grid.right - grid.x0, grid.top - grid.y0, line_width=1.6))
    items += _axes(grid)
    return items


# -- the legend -------------------------------------------------------------------------------


def legend_entries(game: SpaceGame, space_map: SpaceMap) -> list[tuple[list[Item], str, str]]:
    """(symbol drawn at the origin, name, what it means) for everything on this map."""
    size = SYMBOL
    entries: list[tuple[list[Item], str, str]] = []
    for place in space_map.places:
        info = game.place(place.what)
        entries.append((place_symbol(place.what, 0, 0, size), info.name, info.does))
    for house in space_map.houses:
        neighbor = _neighbor(game, house.what)
        colour = header_colour(game.neighbors.index(neighbor))
        entries.append(
            (
                house_symbol(0, 0, size, colour),
                f"{neighbor.name}'s house",
                f"End a move on a space with a die: roll it. On that number {neighbor.name}"
                " emerges (as on their card).",
            )
        )
    if space_map.craters:
        entries.append((crater_symbol(0, 0, size), "Crater", "Cannot be entered: walk round."))
    return entries


def legend_items(game: SpaceGame, space_map: SpaceMap, frame: Frame) -> list[Item]:
    """Two columns of entries: the symbol, the name in bold, what it means below it."""
    items = heading(frame, "KEY", "a space's die: the roll that brings that neighbor out")
    top = frame.top - HEADING_H
    half = (frame.width - GUTTER) / 2
    for k, (symbol, name, does) in enumerate(legend_entries(game, space_map)):
        x = frame.x + (k % 2) * (half + GUTTER)
        y = top - (k // 2 + 1) * LEGEND_ROW
        items += _shift(symbol, x + SYMBOL / 2, y + LEGEND_ROW - SYMBOL / 2 - 2)
        text_x = x + SYMBOL + 6
        width = x + half - text_x
        items.append(Text(text_x, y + LEGEND_ROW - 8.5, name, 7.5, bold=True))
        items.append(
            TextBox(text_x, y, width, LEGEND_ROW - 11, does, size=7.0, min_size=6.0, leading=1.1)
        )
    return items


def _shift(items: list[Item], dx: float, dy: float) -> list[Item]:
    return [Group(tuple(items), dx, dy)]


# -- the page and the file ------------------------------------------------------------------


def map_page(game: SpaceGame, space_map: SpaceMap, paper: Paper) -> Page:
    lay = map_layout(space_map, paper)
    generator = f" ({game.place(space_map.generator).name})" if space_map.generator else ""
    items = page_title(game, lay.title, f"{space_map.kind}: {space_map.name}{generator}")
    items.append(
        TextBox(
            lay.note.x,
            lay.note.y,
            lay.note.width,
            lay.note.height,
            HOW_TO_READ,
            size=8.5,
            min_size=7.0,
            colour=DARK,
        )
    )
    items += grid_items(game, space_map, lay.grid)
    items += legend_items(game, space_map, lay.legend)
    items += scale_check(lay.scale, paper)
    return Page(paper.width, paper.height, tuple(items))


def map_pages(game: SpaceGame, paper: Paper) -> list[Page]:
    """The planets first (one per player), then the side moons."""
    return [map_page(game, m, paper) for m in (*game.planets, *game.moons)]


def render_maps(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    pages = map_pages(game, paper_named(options.paper))
    return write_component(
        game, out_dir, "maps", pages, len(pages), "planet maps and side moons", options.paper
    )
