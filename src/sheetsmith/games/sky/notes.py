"""The notes column beside the wheel: turn summary, ranks, symbol legend, scale check."""

from __future__ import annotations

import math

from sheetsmith.games.sky.model import Box, BoxKind, SkyGame
from sheetsmith.games.sky.parts import (
    GUTTER,
    HEADING_H,
    SMALL,
    heading,
)
from sheetsmith.games.sky.star_map import map_point_radii
from sheetsmith.games.sky.symbols import (
    cost_box,
    major_point,
    minor_point,
    researcher_mark,
    star_point,
)
from sheetsmith.games.sky.tables import RANK_COLUMNS, RANK_PITCH, ranks_table
from sheetsmith.print.layout import Frame, centred_label
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import (
    DARK,
    GREY,
    INCH,
    MM,
    Group,
    Item,
    Rect,
    Text,
    TextBox,
)
from sheetsmith.print.text import ascent, block_height, wrap


def notes_heights(game: SkyGame, height: float) -> tuple[float, float, float]:
    """Heights of the turn summary, the ranks and the legend row in the notes column."""
    ranks = HEADING_H + math.ceil(len(game.ranks) / RANK_COLUMNS) * RANK_PITCH
    legend = HEADING_H + len(LEGEND) * LEGEND_PITCH
    return height - ranks - legend - 2 * NOTES_GAP, ranks, legend


NOTES_GAP = 14.0


def notes_column(game: SkyGame, frame: Frame, paper: Paper) -> list[Item]:
    """Turn summary, ranks, then the symbol legend beside the scale check."""
    _, ranks_h, legend_h = notes_heights(game, frame.height)
    bottom, rest = frame.take_bottom(legend_h, gap=NOTES_GAP)
    ranks, turn = rest.take_bottom(ranks_h, gap=NOTES_GAP)
    legend, scale = bottom.take_left(bottom.width * 0.56, gap=GUTTER)
    return (
        turn_summary(game, turn)
        + ranks_table(game, ranks)
        + legend_box(legend)
        + scale_check(scale, paper)
    )


TURN_SIZE = 8.0  # the turn summary's preferred size; it shrinks to 7 pt only if it must
TURN_MAX = 9.5
TURN_MIN = 7.0
LEADING = 1.2
TURN_INDENT = 13.0


def _turn_entries(game: SkyGame) -> list[tuple[str, str]]:
    entries = [(str(i), step) for i, step in enumerate(game.turn_steps, start=1)]
    return entries + [("•", note) for note in game.reminders]


def _turn_height(game: SkyGame, size: float, width: float) -> float:
    texts = [t for _, t in _turn_entries(game)]
    gap = size * 0.4
    heights = [block_height(len(wrap(t, size, width - TURN_INDENT)), size, LEADING) for t in texts]
    return HEADING_H + sum(heights) + gap * len(texts)


def turn_text_size(game: SkyGame, width: float, height: float) -> float:
    """The largest size (in quarter points) at which the turn summary fits the frame."""
    size = TURN_MAX
    while size > TURN_MIN and _turn_height(game, size, width) > height:
        size -= 0.25
    return size


def turn_summary(game: SkyGame, frame: Frame) -> list[Item]:
    """The numbered steps, then the reminders, as large as the column allows."""
    items = heading(frame, "TURN")
    size = turn_text_size(game, frame.width, frame.height)
    width = frame.width - TURN_INDENT
    gap = size * 0.4
    y = frame.top - HEADING_H
    for i, (mark, text) in enumerate(_turn_entries(game)):
        if i == len(game.turn_steps) and i:
            y -= gap  # set the reminders apart from the steps
        h = block_height(len(wrap(text, size, width)), size, LEADING)
        step = mark != "•"
        items.append(Text(frame.x + 2, y - ascent(size, step), mark, size, bold=step))
        items.append(
            TextBox(
                frame.x + TURN_INDENT,
                y - h,
                width,
                h,
                text,
                size=size,
                min_size=size,
                leading=LEADING,
            )
        )
        y -= h + gap
    return items


LEGEND_PITCH = 14.0


def _legend() -> list[tuple[list[Item], str]]:
    """Each symbol (drawn around the origin) and what it means, as the rules list them."""
    major, minor, star_r = map_point_radii(22.0)
    box = 9.5
    return [
        ([major_point(0, 0, major)], "major point"),
        ([minor_point(0, 0, minor)], "minor point"),
        ([star_point(0, 0, star_r)], "star point"),
        (cost_box(Box(BoxKind.EXPERIENCE, 1), 0, 0, box), "pay with experience"),
        (cost_box(Box(BoxKind.SQUARES, 1), 0, 0, box), "pay with squares"),
        (cost_box(Box(BoxKind.STAR), 0, 0, box), "pay with a star"),
        ([researcher_mark(0, 0, 8.0)], "RESEARCHER bonus"),
        (
            [Rect(-6, -6, 12, 12, radius=2, stroke=GREY, line_width=0.8, dash=(2.0, 1.5))],
            "place a die here",
        ),
    ]


LEGEND = _legend()


def legend_box(frame: Frame) -> list[Item]:
    items = heading(frame, "SYMBOLS")
    top = frame.top - HEADING_H
    for row, (symbol, label) in enumerate(LEGEND):
        sx = frame.x + 8
        sy = top - 7 - row * LEGEND_PITCH
        items.append(Group(tuple(symbol), dx=sx, dy=sy))
        items.append(centred_label(sx + 13, sy, label, SMALL, anchor="start"))
    return items


def scale_check(frame: Frame, paper: Paper) -> list[Item]:
    """A square of known size, for printers that shrink pages to "fit"."""
    metric = paper.name == "a4"
    side = 25 * MM if metric else INCH
    label = "25 mm" if metric else "1 in"
    x = frame.cx - side / 2
    y = frame.top - HEADING_H + 4 - side
    text = f"Printed at 100%, this square measures {label}. Smaller? Turn off “fit to page”."
    return [
        Rect(x, y, side, side, line_width=0.6),
        centred_label(x + side / 2, y + side / 2 + 5, label, 10, bold=True),
        centred_label(x + side / 2, y + side / 2 - 7, "scale check", 6.5, colour=DARK),
        TextBox(
            frame.x,
            frame.y,
            frame.width,
            y - 5 - frame.y,
            text,
            size=SMALL - 0.5,
            min_size=6.5,
            colour=DARK,
            align="center",
        ),
    ]
