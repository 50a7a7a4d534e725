"""Personal Space: the three resource generator boards (hole, pond, tree), one a page.

Each board is played with cubes and dice right on the paper, so its spaces are large
(the same size as the daily grid's squares, never under 0.5 in): a cube sits inside a
space with room to spare. Each page carries its own short how-to, written from the rules.

Reading of the hole (the rules' own example decides it): the cube starts on a "start"
space at the right end of the starfield row, one step right of the last column, so that
"left 4" from the start ends in column 3, as the example says.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.space.board_parts import (
    BROWN,
    GREEN,
    HEADING_H,
    LEAF,
    NIGHT,
    PINK,
    WATER,
    WATER_DEEP,
    YELLOW,
    arrow_down,
    arrow_left,
    content_frame,
    cube,
    die_face,
    heading,
    page_title,
    resource_icon,
    small_star,
    write_component,
)
from sheetsmith.games.space.model import Bet, SpaceGame
from sheetsmith.output import Output, RenderedFile, RenderOptions
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import (
    DARK,
    GREY,
    INCH,
    PALE,
    WHITE,
    Colour,
    Item,
    Page,
    Rect,
    Text,
    TextBox,
)
from sheetsmith.print.text import block_height, wrap

TITLE_H = 26.0
MAX_CELL = 0.85 * INCH
MIN_CELL = 0.5 * INCH
HOW_TO_SIZE = 10.5
HOW_TO_MIN = 7.5
GAP = 14.0


@dataclass(frozen=True, slots=True)
class Board:
    """A board's grid of spaces: column c (1..columns, left to right), row r (1..rows, top
    to bottom), each `cell` wide; (x0, top) is the top-left corner of row 1, column 1."""

    x0: float
    top: float
    cell: float
    columns: int
    rows: int

    def space(self, column: int, row: int) -> Rect:
        return Rect(
            self.x0 + (column - 1) * self.cell,
            self.top - row * self.cell,
            self.cell,
            self.cell,
        )

    @property
    def right(self) -> float:
        return self.x0 + self.columns * self.cell

    @property
    def bottom(self) -> float:
        return self.top - self.rows * self.cell


def _how_to(frame: Frame, title: str, steps: list[tuple[str, str]]) -> list[Item]:
    """A heading, then short labelled paragraphs as large as the frame allows."""
    items = heading(frame, title)
    top = frame.top - HEADING_H
    label_w = max(text_width(label, HOW_TO_SIZE, bold=True) for label, _ in steps) + 8
    width = frame.width - label_w
    size = HOW_TO_SIZE
    while size > HOW_TO_MIN:
        height = sum(block_height(len(wrap(t, size, width)), size) + size * 0.5 for _, t in steps)
        if height <= top - frame.y:
            break
        size -= 0.25
    y = top
    for label, text in steps:
        h = block_height(len(wrap(text, size, width)), size)
        items.append(Text(frame.x, y - size * 0.93, label, size, bold=True))
        items.append(
            TextBox(frame.x + label_w, y - h, width, h, text, size=size, min_size=HOW_TO_MIN)
        )
        y -= h + size * 0.5
    return items


def _time_cost(game: SpaceGame) -> str:
    code = next((a.code for a in game.actions if a.id == "resource"), "R")
    return (
        f"Each attempt costs one {code} square on your daily grid, never in the row or"
        f" column of another {code}. Log what you gain on your daily sheet."
    )


# -- hole ---------------------------------------------------------------------------------

PINK_W = 0.4 * INCH


@dataclass(frozen=True, slots=True)
class HoleLayout:
    title: Frame
    board: Board  # row 1 is the starfield row, rows 2.. are levels 1..
    start: Rect  # the start space, right of the starfield row
    rewards: Frame  # beside the level rows
    how_to: Frame


def hole_layout(game: SpaceGame, paper: Paper) -> HoleLayout:
    content = content_frame(paper)
    title, rest = content.take_top(TITLE_H, gap=GAP + 10)
    hole = game.hole
    reward_w = 150.0
    cell = min(MAX_CELL, (content.width - PINK_W - reward_w) / hole.columns)
    rows = hole.levels + 1
    board = Board(content.x + PINK_W, rest.top - 12, cell, hole.columns, rows)
    start = Rect(board.right, board.top - cell, cell, cell)
    rewards = Frame(board.right, board.bottom, content.right - board.right, hole.levels * cell)
    how_top = board.bottom - PINK_W - GAP
    how_to = Frame(content.x, content.y, content.width, how_top - content.y)
    return HoleLayout(title, board, start, rewards, how_to)


def hole_page(game: SpaceGame, paper: Paper) -> Page:
    lay = hole_layout(game, paper)
    hole = game.hole
    b = lay.board
    items = page_title(game, lay.title, f"resource generator: {hole.name}")
    # column numbers above the starfield row
    for c in range(1, b.columns + 1):
        s = b.space(c, 1)
        items.append(
            Text(s.x + s.width / 2, b.top + 3, str(c), 8, bold=True, anchor="middle", colour=GREY)
        )
    # the starfield row
    for c in range(1, b.columns + 1):
        s = b.space(c, 1)
        items.append(Rect(s.x, s.y, s.width, s.height, fill=NIGHT, stroke=DARK, line_width=0.8))
        for k, (fx, fy, fr) in enumerate(((0.22, 0.7, 0.09), (0.7, 0.3, 0.07), (0.55, 0.8, 0.05))):
            r = s.width * fr * (1.0 if (c + k) % 2 else 0.8)
            items.append(small_star(s.x + s.width * fx, s.y + s.height * fy, r, (1.0, 0.95, 0.7)))
    # the level rows, getting darker with depth
    for level in range(1, hole.levels + 1):
        tone = 0.94 - 0.045 * level
        fill: Colour = (tone, tone * 0.93, tone * 0.84)
        for c in range(1, b.columns + 1):
            s = b.space(c, level + 1)
            items.append(Rect(s.x, s.y, s.width, s.height, fill=fill, line_width=0.8))
    items.append(Rect(b.x0, b.bottom, b.columns * b.cell, b.rows * b.cell, line_width=1.6))
    # the pink edge: down the left of every row and along the bottom
    items.append(Rect(b.x0 - PINK_W, b.bottom, PINK_W, b.rows * b.cell, fill=PINK, line_width=1))
    items.append(
        Rect(
            b.x0 - PINK_W,
            b.bottom - PINK_W,
            PINK_W + b.columns * b.cell,
            PINK_W,
            fill=PINK,
            line_width=1,
        )
    )
    items.append(
        centred_label(
            b.x0 + b.columns * b.cell / 2,
            b.bottom - PINK_W / 2,
            "pink edge: blocked",
            9,
            bold=True,
            colour=WHITE,
        )
    )
    # the start space, one step right of the last column
    st = lay.start
    items.append(Rect(st.x, st.y, st.width, st.height, fill=PALE, line_width=1.6))
    items.append(centred_label(st.x + st.width / 2, st.y + 11, "start", 10, bold=True))
    items += cube(st.x + st.width / 2 + 6, st.y + st.height * 0.62, st.width * 0.3, YELLOW)
    items += arrow_left(st.x + st.width / 2 - 8, st.y + st.height * 0.62, 18)
    # rewards beside each level, with the resources they can give
    pad = 8.0
    for level, reward in enumerate(hole.rewards, start=1):
        s = b.space(1, level + 1)
        x = lay.rewards.x + pad
        w = lay.rewards.right - x - 6
        items.append(
            Rect(
                lay.rewards.x + 2,
                s.y + 2,
                lay.rewards.width - 2,
                s.height - 4,
                stroke=PALE,
                line_width=0.6,
            )
        )
        items.append(Text(x, s.y1 - 14, f"LEVEL {level}", 10, bold=True))
        icons = [name for name in ("worm", "rock") if name in reward.lower()]
        for k, name in enumerate(icons):
            items += resource_icon(name, lay.rewards.right - 12 - 22 * k, s.y1 - 11, 18)
        items.append(
            TextBox(x, s.y + 4, w, s.height - 22, reward, size=9, min_size=7.5, leading=1.15)
        )
    steps = [*hole.how_to, ("Cost", _time_cost(game))]
    items += _how_to(lay.how_to, "HOW TO DIG", steps)
    return Page(paper.width, paper.height, tuple(items))


# -- pond ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PondLayout:
    title: Frame
    start: Board  # the one row above the water where the hook cube starts
    board: Board
    rewards: Frame
    bets: tuple[Rect, ...]
    how_to: Frame


def pond_layout(game: SpaceGame, paper: Paper) -> PondLayout:
    content = content_frame(paper)
    title, rest = content.take_top(TITLE_H, gap=GAP)
    pond = game.pond
    reward_w = 110.0
    cell = min(MAX_CELL, (content.width - reward_w) / pond.columns)
    x0 = content.x
    start = Board(x0, rest.top - 12, cell, pond.columns, 1)
    board = Board(x0, start.bottom - 6, cell, pond.columns, pond.rows)
    rewards = Frame(board.right, board.bottom, content.right - board.right, pond.rows * cell)
    bet_top = board.bottom - 26
    n = len(pond.bets)
    bet_w = (content.width - 6 * (n - 1)) / n
    bet_h = max(cell, 0.9 * INCH)
    bets = tuple(Rect(content.x + i * (bet_w + 6), bet_top - bet_h, bet_w, bet_h) for i in range(n))
    how_to = Frame(content.x, content.y, content.width, bet_top - bet_h - GAP - content.y)
    return PondLayout(title, start, board, rewards, bets, how_to)


def _bet_box(bet: Bet, r: Rect) -> list[Item]:
    items: list[Item] = [
        Rect(r.x, r.y, r.width, r.height, radius=5, fill=WATER, line_width=1.2),
        Text(r.x + r.width / 2, r.y1 - 16, bet.name, 13, bold=True, anchor="middle"),
    ]
    if bet.wins:
        size = min(12.0, (r.width - 8 - 3 * (len(bet.wins) - 1)) / len(bet.wins))
        total = len(bet.wins) * size + 3 * (len(bet.wins) - 1)
        x = r.x + (r.width - total) / 2
        for value in bet.wins:
            items += die_face(x + size / 2, r.y1 - 30, size, value)
            x += size + 3
    else:
        items.append(
            Text(r.x + r.width / 2, r.y1 - 32, "name a number", 7.5, anchor="middle", colour=DARK)
        )
    step = "space" if bet.moves == 1 else "spaces"
    items.append(
        Text(
            r.x + r.width / 2,
            r.y + 7,
            f"win: hook {bet.moves} {step}",
            7.5,
            anchor="middle",
            colour=DARK,
        )
    )
    items += arrow_down(r.x + r.width / 2, r.y + 28, 11)
    return items


def pond_page(game: SpaceGame, paper: Paper) -> Page:
    lay = pond_layout(game, paper)
    pond = game.pond
    items = page_title(game, lay.title, f"resource generator: {pond.name}")
    # the start row: column numbers where the die places the hook cube
    st = lay.start
    for c in range(1, st.columns + 1):
        s = st.space(c, 1)
        items.append(Rect(s.x, s.y, s.width, s.height, fill=WHITE, line_width=0.8, dash=(3, 2)))
        items.append(
            centred_label(s.x + s.width / 2, s.y + s.height / 2, str(c), 16, bold=True, colour=GREY)
        )
    items.append(Text(st.right + 8, st.top - 14, "HOOK START", 9, bold=True))
    items.append(
        TextBox(
            st.right + 8,
            st.bottom + 2,
            lay.rewards.right - st.right - 8,
            st.cell - 20,
            "roll a die: put the hook cube on that column",
            size=8,
            min_size=7.5,
            colour=DARK,
        )
    )
    # the water, deeper with each row; each row shows what it holds
    b = lay.board
    for row in range(1, b.rows + 1):
        t = (row - 1) / max(1, b.rows - 1)
        fill: Colour = tuple(w + (d - w) * t for w, d in zip(WATER, WATER_DEEP, strict=True))  # type: ignore[assignment]
        reward = pond.row_rewards[row - 1]
        for c in range(1, b.columns + 1):
            s = b.space(c, row)
            items.append(Rect(s.x, s.y, s.width, s.height, fill=fill, line_width=0.8))
            items += resource_icon(
                reward, s.x + s.width * 0.78, s.y + s.height * 0.2, s.width * 0.28
            )
        s = b.space(1, row)
        x = lay.rewards.x + 8
        items += resource_icon(reward, x + 14, s.y + s.height / 2, 26)
        items.append(
            centred_label(
                x + 32,
                s.y + s.height / 2,
                reward,
                10,
                bold=True,
                anchor="start",
                colour=DARK if reward != "nothing" else GREY,
            )
        )
    items.append(Rect(b.x0, b.bottom, b.columns * b.cell, b.rows * b.cell, line_width=1.6))
    # betting spaces
    first = lay.bets[0]
    items.append(Text(first.x, first.y1 + 8, "BETS", 9, bold=True))
    items.append(
        Text(
            first.x + 30,
            first.y1 + 8,
            "place 1 or 2 cubes, each on its own bet, then roll",
            8,
            colour=DARK,
        )
    )
    for bet, r in zip(pond.bets, lay.bets, strict=True):
        items += _bet_box(bet, r)
    steps = [*pond.how_to, ("Cost", _time_cost(game))]
    items += _how_to(lay.how_to, "HOW TO FISH", steps)
    return Page(paper.width, paper.height, tuple(items))


# -- tree ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TreeLayout:
    title: Frame
    board: Board
    rewards: tuple[Rect, ...]  # under the bottom row, one per column
    shakes: Frame
    how_to: Frame


CANOPY = 9.0  # the leafy border around the tree's spaces
TREE_HOW_TO_MIN = 120.0
CANOPY_GREEN: Colour = (0.50, 0.72, 0.45)


def tree_layout(game: SpaceGame, paper: Paper) -> TreeLayout:
    content = content_frame(paper)
    title, rest = content.take_top(TITLE_H, gap=GAP)
    tree = game.tree
    side_w = 110.0
    # the tree has room for bigger spaces than the other boards: up to 1 in
    room = rest.height - 14 - CANOPY - 14 - GAP - TREE_HOW_TO_MIN
    cell = min(INCH, (content.width - side_w - CANOPY) / tree.columns, room / (tree.drop_rows + 1))
    board = Board(content.x + CANOPY, rest.top - 14 - CANOPY, cell, tree.columns, tree.drop_rows)
    rewards = tuple(
        Rect(board.x0 + c * cell, board.bottom - CANOPY - 14 - cell, cell, cell)
        for c in range(tree.columns)
    )
    side_x = board.right + CANOPY + 12
    shakes = Frame(side_x, board.bottom, content.right - side_x, 120)
    how_top = board.bottom - CANOPY - 14 - cell - GAP
    how_to = Frame(content.x, content.y, content.width, how_top - content.y)
    return TreeLayout(title, board, rewards, shakes, how_to)


def tree_page(game: SpaceGame, paper: Paper) -> Page:
    lay = tree_layout(game, paper)
    tree = game.tree
    b = lay.board
    items = page_title(game, lay.title, f"resource generator: {tree.name}")
    w, h = b.columns * b.cell, b.rows * b.cell
    items.append(
        Rect(
            b.x0 - CANOPY,
            b.bottom - CANOPY,
            w + 2 * CANOPY,
            h + 2 * CANOPY,
            radius=16,
            stroke=None,
            fill=CANOPY_GREEN,
        )
    )
    for c in range(1, b.columns + 1):
        s = b.space(c, 1)
        items.append(
            Text(s.x + s.width / 2, b.top + CANOPY + 3, str(c), 10, bold=True, anchor="middle")
        )
        for r in range(1, b.rows + 1):
            s = b.space(c, r)
            items.append(Rect(s.x, s.y, s.width, s.height, fill=LEAF, stroke=GREEN, line_width=0.8))
    items.append(
        Rect(b.x0, b.bottom, b.columns * b.cell, b.rows * b.cell, stroke=GREEN, line_width=1.8)
    )
    side_x = lay.shakes.x
    row1 = b.top - b.cell / 2
    items += arrow_left(side_x + 14, row1, 14)
    items.append(Text(side_x + 18, row1 + 2, "TOP ROW", 9, bold=True))
    items.append(Text(side_x + 18, row1 - 9, "cubes start here", 8, colour=DARK))
    # what drops past the bottom of each column
    first = lay.rewards[0]
    items.append(Text(side_x, first.y1 - 14, "PAST THE", 9, bold=True))
    items.append(Text(side_x, first.y1 - 25, "BOTTOM", 9, bold=True))
    items.append(Text(side_x, first.y1 - 37, "one each", 8, colour=DARK))
    for reward, r in zip(tree.column_rewards, lay.rewards, strict=True):
        items += arrow_down(r.x + r.width / 2, b.bottom - CANOPY - 1, 12, BROWN)
        items.append(
            Rect(r.x + 3, r.y, r.width - 6, r.height - 12, radius=5, fill=PALE, line_width=0.9)
        )
        items += resource_icon(reward, r.x + r.width / 2, r.y + r.height * 0.47, r.width * 0.42)
        items.append(
            Text(r.x + r.width / 2, r.y + 5, f"1 {reward}", 8.5, bold=True, anchor="middle")
        )
    # the shakes to tick off
    sh = lay.shakes
    items.append(Text(sh.x, b.top - 2 * b.cell - 4, "SHAKES", 9, bold=True))
    items.append(Text(sh.x, b.top - 2 * b.cell - 15, "tick each one", 8, colour=DARK))
    for k in range(tree.shakes):
        cy = b.top - 2 * b.cell - 32 - k * 22
        items.append(Rect(sh.x, cy - 7, 14, 14, radius=2, line_width=0.9))
        items.append(centred_label(sh.x + 20, cy, f"shake {k + 1}", 9, anchor="start"))
    steps = [*tree.how_to, ("Cost", _time_cost(game))]
    items += _how_to(lay.how_to, "HOW TO SHAKE THE TREE", steps)
    return Page(paper.width, paper.height, tuple(items))


def generator_pages(game: SpaceGame, paper: Paper) -> list[Page]:
    return [hole_page(game, paper), pond_page(game, paper), tree_page(game, paper)]


def render_generators(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    pages = generator_pages(game, paper_named(options.paper))
    return write_component(
        game,
        out_dir,
        "generators",
        pages,
        len(pages),
        "resource generator boards",
        options.paper,
    )
