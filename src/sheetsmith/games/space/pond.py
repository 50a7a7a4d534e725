"""Personal Space: the pond board: where the hook starts, the rows of water, the bets."""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.space.board_parts import (
    WATER,
    WATER_DEEP,
    arrow_down,
    content_frame,
    die_face,
    page_title,
    resource_icon,
)
from sheetsmith.games.space.generator_board import (
    GAP,
    MAX_CELL,
    TITLE_H,
    Board,
    how_to_block,
    time_cost,
)
from sheetsmith.games.space.model import Bet, SpaceGame
from sheetsmith.print.layout import Frame, centred_label
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import (
    DARK,
    INCH,
    WHITE,
    Colour,
    Item,
    Page,
    Rect,
    Text,
    TextBox,
)


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
            centred_label(s.x + s.width / 2, s.y + s.height / 2, str(c), 16, bold=True, colour=DARK)
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
                colour=DARK,
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
    steps = [*pond.how_to, ("Cost", time_cost(game))]
    items += how_to_block(lay.how_to, "HOW TO FISH", steps)
    return Page(paper.width, paper.height, tuple(items))
