"""The tables beside the star map: articles (cost boxes and rewards) and the score box;
and the ranks, which sit with the notes below.
"""

from __future__ import annotations

import math

from sheetsmith.games.sky.model import SkyGame
from sheetsmith.games.sky.parts import (
    HEADING_H,
    SMALL,
    heading,
)
from sheetsmith.games.sky.star_map import map_point_radii
from sheetsmith.games.sky.symbols import (
    cost_row,
    cost_row_width,
    major_point,
    minor_point,
)
from sheetsmith.photo.marks import Mark
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label, rule
from sheetsmith.print.primitives import (
    DARK,
    LIGHT,
    Item,
    Line,
    Rect,
    Text,
    TextBox,
)


def side_column(game: SkyGame, frame: Frame, marks: list[Mark] | None = None) -> list[Item]:
    """Articles and score, stacked to the right of the star map."""
    box = articles_box_size(game, frame.width)
    articles_h = HEADING_H + TABLE_HEAD + len(game.articles) * box * ROW_SCALE
    articles, score = frame.take_top(articles_h, gap=16)
    return articles_table(game, articles, box, marks) + score_box(game, score)


WEEK_COL = 28.0
REWARD_COL = 67.0
SEPARATOR = (0.45, 0.45, 0.45)  # the "/" between rewards: quiet, yet 4.5:1 on white
TABLE_HEAD = 18.0  # the column titles above the first article
ROW_SCALE = 1.6  # article row height per unit of box size


def articles_box_size(game: SkyGame, width: float) -> float:
    widest = max(cost_row_width(a.cost, 1.0) for a in game.articles)
    return min(15.0, (width - WEEK_COL - REWARD_COL - 12) / widest)


# an article's three rewards to circle, as readable marks "articles.<id>.reward:<which>"
REWARDS = ("number", "major", "minor")


def articles_table(
    game: SkyGame, frame: Frame, box: float, marks: list[Mark] | None = None
) -> list[Item]:
    """The articles; with `marks`, every cost box ("articles.<id>:<index>") and each of the
    three rewards to circle is recorded there as a readable mark."""
    items = heading(frame, "ARTICLES", "paid by the week’s end? circle one reward")
    top = frame.top - HEADING_H
    cost_x = frame.x + WEEK_COL
    reward_x = frame.right - REWARD_COL
    title = 6.5
    items += [
        Text(frame.x + WEEK_COL / 2, top - 6, "at end", title, anchor="middle", colour=DARK),
        Text(frame.x + WEEK_COL / 2, top - 13.5, "of week", title, anchor="middle", colour=DARK),
        Text(cost_x + 6, top - 13.5, "cost", title, colour=DARK),
        Text(reward_x + 6, top - 13.5, "reward", title, colour=DARK),
    ]
    row_h = box * ROW_SCALE
    y = top - TABLE_HEAD
    major, minor, _ = map_point_radii(box * 1.9)
    for article in game.articles:
        cy = y - row_h / 2
        items.append(rule(frame.x, frame.right, y, 0.5, LIGHT))
        items.append(centred_label(frame.x + WEEK_COL / 2, cy, str(article.week), 11, bold=True))
        key = f"articles.{article.id}"
        items += cost_row(article.cost, cost_x + 6, cy, box, key=key, marks=marks)
        # the three choices, spaced wide enough to circle any one of them
        items.append(centred_label(reward_x + 10, cy, str(article.reward), 10, bold=True))
        items.append(centred_label(reward_x + 22, cy, "/", 9, colour=SEPARATOR))
        items.append(major_point(reward_x + 35, cy, major))
        items.append(centred_label(reward_x + 48, cy, "/", 9, colour=SEPARATOR))
        items.append(minor_point(reward_x + 59, cy, minor))
        if marks is not None:
            # a circle drawn round a choice: a square as tall as the row, as wide as the
            # room between the separators
            half = min(row_h, 12.0) / 2
            for which, rx in zip(REWARDS, (10, 35, 59), strict=True):
                ring = Rect(reward_x + rx - half, cy - half, 2 * half, 2 * half, stroke=None)
                # as printed: "8 / ○ / ○", the number, then a major and a minor point
                shown = str(article.reward) if which == "number" else f"{which} point"
                label = f"{article.id} reward {shown}"
                marks.append(Mark(f"{key}.reward:{which}", "circle", ring, label))
        y -= row_h
    items.append(rule(frame.x, frame.right, y, 0.5, LIGHT))
    for x in (cost_x, reward_x):
        items.append(Line(x, top - TABLE_HEAD, x, y, stroke=LIGHT, line_width=0.5))
    return items


def score_box(game: SkyGame, frame: Frame) -> list[Item]:
    items = heading(frame, "SCORE")
    lines = [*game.score_lines, "TOTAL"]
    top = frame.top - HEADING_H
    pitch = min(26.0, (frame.height - HEADING_H - 2) / len(lines))
    field_w, field_h = 44.0, min(18.0, pitch - 4)
    label_w = frame.width - field_w - 14
    for i, line in enumerate(lines):
        cy = top - pitch * (i + 0.5)
        total = line == "TOTAL"
        if total:
            items.append(rule(frame.x, frame.right, cy + pitch / 2, 0.9))
        items.append(
            TextBox(
                frame.x,
                cy - pitch / 2,
                label_w,
                pitch,
                line,
                size=10 if total else SMALL + 0.5,
                min_size=6.5,
                bold=total,
                valign="middle",
                leading=1.1,
            )
        )
        sign = "=" if total else ("+" if i else "")
        fx = frame.right - field_w - 0.7  # the stroke stays inside the column
        if sign:
            items.append(centred_label(fx - 6, cy, sign, 9, bold=True, colour=DARK))
        items.append(
            Rect(fx, cy - field_h / 2, field_w, field_h, radius=2, line_width=1.4 if total else 0.8)
        )
    return items


RANK_COLUMNS = 3
RANK_PITCH = 12.5


def rank_spans(game: SkyGame) -> list[tuple[str, str]]:
    """Each rank's name and score range, the last one open-ended ("50+")."""
    spans = []
    for rank, nxt in zip(game.ranks, [*game.ranks[1:], None], strict=True):
        spans.append((rank.name, f"{rank.min}–{nxt.min - 1}" if nxt else f"{rank.min}+"))
    return spans


def rank_text_size(game: SkyGame, width: float) -> float:
    """The largest size, up to `SMALL`, at which every rank and its range share a column."""
    col_w = (width + 10) / RANK_COLUMNS
    size = SMALL
    while size > 6.0 and any(
        text_width(name, size, True) + text_width(span, size) + 5 > col_w - 10
        for name, span in rank_spans(game)
    ):
        size -= 0.25
    return size


def ranks_table(game: SkyGame, frame: Frame) -> list[Item]:
    items = heading(frame, "RANKS", "solo play: circle yours")
    top = frame.top - HEADING_H
    spans = rank_spans(game)
    per_col = math.ceil(len(spans) / RANK_COLUMNS)
    col_w = (frame.width + 10) / RANK_COLUMNS
    size = rank_text_size(game, frame.width)
    for i, (name, span) in enumerate(spans):
        col, row = divmod(i, per_col)
        x = frame.x + col * col_w
        y = top - 9 - row * RANK_PITCH
        items.append(Text(x, y, name, size, bold=True))
        items.append(Text(x + col_w - 10, y, span, size, anchor="end", colour=DARK))
    return items
