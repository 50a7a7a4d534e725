"""Personal Space: the tree board: its spaces, what drops past the bottom, the shakes."""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.space.board_parts import (
    BROWN,
    GREEN,
    LEAF,
    arrow_down,
    arrow_left,
    content_frame,
    page_title,
    resource_icon,
)
from sheetsmith.games.space.generator_board import (
    GAP,
    TITLE_H,
    Board,
    how_to_block,
    time_cost,
)
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.print.layout import Frame, centred_label
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import (
    DARK,
    INCH,
    PALE,
    Colour,
    Page,
    Rect,
    Text,
)


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
    steps = [*tree.how_to, ("Cost", time_cost(game))]
    items += how_to_block(lay.how_to, "HOW TO SHAKE THE TREE", steps)
    return Page(paper.width, paper.height, tuple(items))
