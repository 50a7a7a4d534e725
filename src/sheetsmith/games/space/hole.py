"""Personal Space: the hole board: the starfield row, the levels to dig, their rewards.

Reading of the hole (the rules' own example decides it): the cube starts on a "start"
space at the right end of the starfield row, one step right of the last column, so that
"left 4" from the start ends in column 3, as the example says.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.space.board_parts import (
    NIGHT,
    PINK,
    YELLOW,
    arrow_left,
    content_frame,
    cube,
    page_title,
    resource_icon,
    small_star,
)
from sheetsmith.games.space.generator_board import (
    GAP,
    MAX_CELL,
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
    TextBox,
)

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
            Text(s.x + s.width / 2, b.top + 3, str(c), 8, bold=True, anchor="middle", colour=DARK)
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
            colour=NIGHT,
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
    steps = [*hole.how_to, ("Cost", time_cost(game))]
    items += how_to_block(lay.how_to, "HOW TO DIG", steps)
    return Page(paper.width, paper.height, tuple(items))
