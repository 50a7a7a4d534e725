"""My Corner of the Sky, page 1: everything a turn touches.

The star map and, beside it, the articles, score and ranks; below, the schedule wheel
and, beside it, the turn summary, the symbol legend and the scale check. Sizes follow
from the paper, so letter and A4 both come out balanced.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetsmith.definition.sky import Box, BoxKind, SkyGame
from sheetsmith.render.fonts import text_width
from sheetsmith.render.layout import Frame, centred_label, rule
from sheetsmith.render.paper import Paper
from sheetsmith.render.primitives import (
    DARK,
    GREY,
    INCH,
    LIGHT,
    MM,
    PALE,
    WHITE,
    Circle,
    Group,
    Item,
    Line,
    Page,
    Polygon,
    Rect,
    Text,
    TextBox,
    arc_points,
    ring_segment,
)
from sheetsmith.render.sky_parts import (
    DIE,
    GUTTER,
    HEADING_H,
    SMALL,
    content_frame,
    heading,
    page_header,
)
from sheetsmith.render.sky_symbols import (
    cost_box,
    cost_row,
    cost_row_width,
    major_point,
    minor_point,
    researcher_mark,
    star_point,
)
from sheetsmith.render.text import ascent, block_height, wrap


@dataclass(frozen=True, slots=True)
class GamePageLayout:
    """Where each block of page 1 goes: frames that never overlap."""

    header: Frame
    star_map: Frame
    spacing: float  # between neighbouring star map points
    side: Frame  # articles and score
    wheel: Frame
    setup: Frame
    notes: Frame  # turn summary, ranks, legend and scale check


def game_page_layout(game: SkyGame, paper: Paper) -> GamePageLayout:
    content = content_frame(paper)
    header, rest = content.take_top(36, gap=14)
    right_w = min(max(content.width * 0.44, 220.0), 260.0)
    map_w = rest.width - right_w - GUTTER
    spacing = (map_w - MAP_LABEL - 1) / (game.star_map.size - 1 + 2 * EDGE)
    map_h = HEADING_H + map_w
    middle, bottom = rest.take_top(map_h, gap=16)
    map_frame, side = middle.take_left(map_w, gap=GUTTER)
    # the wheel grows while the turn summary beside it can stay at a comfortable size
    wheel_w = min(bottom.height - HEADING_H - SETUP_H, bottom.width * 0.58)
    while wheel_w > bottom.width * 0.45:
        notes_w = bottom.width - wheel_w - GUTTER
        if turn_text_size(game, notes_w, notes_heights(game, bottom.height)[0]) >= TURN_SIZE:
            break
        wheel_w -= 4.0
    wheel_frame, notes = bottom.take_left(wheel_w, gap=GUTTER)
    wheel_frame, setup = wheel_frame.take_top(wheel_frame.width + HEADING_H, gap=6)
    return GamePageLayout(header, map_frame, spacing, side, wheel_frame, setup, notes)


def star_map_page(game: SkyGame, paper: Paper) -> Page:
    lay = game_page_layout(game, paper)
    items = page_header(game, lay.header, "game page", 1, 2)
    player_x = lay.header.x + lay.header.width * 0.66
    items.append(Text(player_x, lay.header.top - 14, "player", 8, colour=DARK))
    items.append(rule(player_x + 28, lay.header.right, lay.header.top - 15, 0.6))
    items += star_map(game, lay.star_map, lay.spacing)
    items += side_column(game, lay.side)
    items += schedule_wheel(game, lay.wheel)
    items += setup_note(game, lay.setup)
    items += notes_column(game, lay.notes, paper)
    return Page(paper.width, paper.height, tuple(items))


MAP_LABEL = 14.0  # room for the coordinate labels left of and below the points
EDGE = 0.45  # room between the outer points and the map's frame, per point spacing


@dataclass(frozen=True, slots=True)
class MapGrid:
    """Where the star map's points land: model (x, y) to page points."""

    x0: float
    y0: float
    spacing: float
    size: int

    def point(self, x: int, y: int) -> tuple[float, float]:
        return self.x0 + x * self.spacing, self.y0 + y * self.spacing


def map_grid(game: SkyGame, frame: Frame, spacing: float) -> MapGrid:
    edge = EDGE * spacing
    return MapGrid(
        frame.x + MAP_LABEL + edge, frame.y + MAP_LABEL + edge, spacing, game.star_map.size
    )


def map_point_radii(spacing: float) -> tuple[float, float, float]:
    """Major point, minor point and star point radii for a given point spacing."""
    return spacing * 0.26, spacing * 0.15, spacing * 0.31


def star_map(game: SkyGame, frame: Frame, spacing: float) -> list[Item]:
    sm = game.star_map
    grid = map_grid(game, frame, spacing)
    items = heading(frame, "STAR MAP")
    edge = EDGE * spacing
    span = (sm.size - 1) * spacing
    x0, y0 = grid.x0, grid.y0
    items.append(
        Rect(
            x0 - edge,
            y0 - edge,
            span + 2 * edge,
            span + 2 * edge,
            radius=6,
            stroke=DARK,
            line_width=0.9,
        )
    )
    # faint guides between neighbouring points: the squares players complete and fill
    for i in range(sm.size):
        c = i * spacing
        items.append(Line(x0, y0 + c, x0 + span, y0 + c, stroke=LIGHT, line_width=0.5))
        items.append(Line(x0 + c, y0, x0 + c, y0 + span, stroke=LIGHT, line_width=0.5))
    major, minor, star_r = map_point_radii(spacing)
    for y in range(sm.size):
        for x in range(sm.size):
            px, py = grid.point(x, y)
            if (x, y) in sm.stars:
                items.append(star_point(px, py, star_r))
            elif sm.is_major(x, y):
                items.append(major_point(px, py, major))
            else:
                items.append(minor_point(px, py, minor))
    # coordinates 1..n on the major columns and rows, 1 at the bottom left as in the rules
    label = min(10.0, spacing * 0.34)
    for k in range(sm.coordinates):
        px, py = grid.point(2 * k, 2 * k)
        items.append(centred_label(px, frame.y + MAP_LABEL / 2 - 1, str(k + 1), label, bold=True))
        items.append(centred_label(frame.x + MAP_LABEL / 2 - 1, py, str(k + 1), label, bold=True))
    return items


def side_column(game: SkyGame, frame: Frame) -> list[Item]:
    """Articles and score, stacked to the right of the star map."""
    box = articles_box_size(game, frame.width)
    articles_h = HEADING_H + TABLE_HEAD + len(game.articles) * box * ROW_SCALE
    articles, score = frame.take_top(articles_h, gap=16)
    return articles_table(game, articles, box) + score_box(game, score)


WEEK_COL = 28.0
REWARD_COL = 67.0
TABLE_HEAD = 18.0  # the column titles above the first article
ROW_SCALE = 1.6  # article row height per unit of box size


def articles_box_size(game: SkyGame, width: float) -> float:
    widest = max(cost_row_width(a.cost, 1.0) for a in game.articles)
    return min(15.0, (width - WEEK_COL - REWARD_COL - 12) / widest)


def articles_table(game: SkyGame, frame: Frame, box: float) -> list[Item]:
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
        items += cost_row(article.cost, cost_x + 6, cy, box)
        # the three choices, spaced wide enough to circle any one of them
        items.append(centred_label(reward_x + 10, cy, str(article.reward), 10, bold=True))
        items.append(centred_label(reward_x + 22, cy, "/", 9, colour=GREY))
        items.append(major_point(reward_x + 35, cy, major))
        items.append(centred_label(reward_x + 48, cy, "/", 9, colour=GREY))
        items.append(minor_point(reward_x + 59, cy, minor))
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


def ranks_table(game: SkyGame, frame: Frame) -> list[Item]:
    items = heading(frame, "RANKS", "solo play: circle yours")
    top = frame.top - HEADING_H
    spans = rank_spans(game)
    per_col = math.ceil(len(spans) / RANK_COLUMNS)
    col_w = (frame.width + 10) / RANK_COLUMNS
    size = SMALL
    while size > 6.0 and any(
        text_width(name, size, True) + text_width(span, size) + 5 > col_w - 10
        for name, span in spans
    ):
        size -= 0.25
    for i, (name, span) in enumerate(spans):
        col, row = divmod(i, per_col)
        x = frame.x + col * col_w
        y = top - 9 - row * RANK_PITCH
        items.append(Text(x, y, name, size, bold=True))
        items.append(Text(x + col_w - 10, y, span, size, anchor="end", colour=DARK))
    return items


def schedule_wheel(game: SkyGame, frame: Frame) -> list[Item]:
    sched = game.schedule
    items = heading(frame, "SCHEDULE")
    area = Frame(frame.x, frame.y, frame.width, frame.height - HEADING_H)
    R = min(area.width, area.height - 4) / 2 - 1
    cx, cy = area.cx, area.top - 4 - R  # hang it under the heading, beside the turn text
    n = len(sched.days)
    step = 360.0 / n
    half = step / 2
    hub = R * 0.22
    die_r = R * 0.565  # where each day's die spot is centred
    box_r = R * 0.87
    mark_r = R * 0.3
    box = min(14.5, R * 0.11)
    # a round spot: a level day name fits it at any angle, and a die sits on it squarely
    spot = min(DIE * 0.6, die_r * math.sin(math.radians(half)) - 3)
    for i, day in enumerate(sched.days):
        mid = 90.0 - i * step  # Sunday at the top, then clockwise
        items.append(
            ring_segment(
                cx,
                cy,
                hub,
                R,
                mid - half,
                mid + half,
                fill=PALE if i == 0 else None,
                line_width=1.0,
            )
        )
        dx, dy = _polar(cx, cy, die_r, mid)
        items.append(Circle(dx, dy, spot, stroke=GREY, line_width=0.8, dash=(3.0, 2.0)))
        name = day.capitalize()
        size = _name_size(name, spot)
        items.append(centred_label(dx, dy, name, size, bold=True))
        # the day's boxes, clockwise along an arc
        pitch = math.degrees((box * 1.55) / box_r)
        first = mid + pitch * (len(sched.boxes) - 1) / 2
        for j, b in enumerate(sched.boxes):
            bx, by = _polar(cx, cy, box_r, first - j * pitch)
            items += cost_box(b, bx, by, box)
        # RESEARCHER marks, on the inside of the wheel
        mark = min(8.0, R * 0.065)
        mpitch = math.degrees(mark * 1.6 / mark_r)
        mfirst = mid + mpitch * (sched.researcher_marks - 1) / 2
        for j in range(sched.researcher_marks):
            mx, my = _polar(cx, cy, mark_r, mfirst - j * mpitch)
            items.append(researcher_mark(mx, my, mark))
    items.append(Circle(cx, cy, hub, fill=WHITE, line_width=1.0))
    items += _clockwise_arrow(cx, cy, hub * 0.78)
    items.append(centred_label(cx, cy + 3.5, "WEEK", 6.5, bold=True))
    items.append(centred_label(cx, cy - 4.5, "= die", 6.5, colour=DARK))
    return items


SETUP_H = 30.0  # room kept under the wheel for the setup note


def setup_note(game: SkyGame, frame: Frame) -> list[Item]:
    """How the schedule die starts and moves: the one setup step the pages must carry."""
    first = game.schedule.days[0].capitalize()
    text = (
        f"Setup: put one die on {first} showing 1. This schedule die moves clockwise;"
        " its value is the week. The other dice are your ability dice."
    )
    return [
        TextBox(
            frame.x,
            frame.y,
            frame.width,
            frame.height,
            text,
            size=SMALL + 0.5,
            min_size=7.0,
            align="center",
            colour=DARK,
        )
    ]


def _name_size(name: str, radius: float) -> float:
    """The largest size (8.5 pt down to 6) at which `name` stays inside the round die
    spot, clear of its dashes."""
    size = 8.5
    while size > 6.0 and math.hypot(text_width(name, size, True) / 2, size * 0.45) > radius - 3:
        size -= 0.25
    return size


def _polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _clockwise_arrow(cx: float, cy: float, r: float) -> list[Item]:
    arc = arc_points(cx, cy, r, 150.0, 30.0, step=4.0)
    tip = arc[-1]
    a = math.radians(30.0)
    # arrowhead pointing along the clockwise tangent at the arc's end
    tx, ty = math.sin(a), -math.cos(a)
    nx, ny = math.cos(a), math.sin(a)
    head = 3.2
    points = (
        (tip[0] + tx * head, tip[1] + ty * head),
        (tip[0] - tx * head * 0.2 + nx * head, tip[1] - ty * head * 0.2 + ny * head),
        (tip[0] - tx * head * 0.2 - nx * head, tip[1] - ty * head * 0.2 - ny * head),
    )
    return [
        Polygon(arc, stroke=GREY, line_width=0.8, closed=False),
        Polygon(points, stroke=None, fill=GREY),
    ]


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
