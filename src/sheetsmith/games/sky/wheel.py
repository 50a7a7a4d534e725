"""The schedule wheel: seven days clockwise from Sunday, each with its boxes, its △ marks
and a round spot for the schedule die; the week is the die's value.
"""

from __future__ import annotations

import math

from sheetsmith.games.sky.model import SkyGame
from sheetsmith.games.sky.parts import (
    DIE,
    HEADING_H,
    SMALL,
    heading,
)
from sheetsmith.games.sky.symbols import (
    box_mark,
    cost_box,
    researcher_mark,
)
from sheetsmith.photo.marks import Mark
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label
from sheetsmith.print.primitives import (
    DARK,
    GREY,
    PALE,
    WHITE,
    Circle,
    Item,
    Polygon,
    TextBox,
    arc_points,
    ring_segment,
)


def schedule_wheel(game: SkyGame, frame: Frame, marks: list[Mark] | None = None) -> list[Item]:
    """The wheel; with `marks`, each day's boxes are recorded there as readable marks
    "schedule.<day>:<index>" (the △ marks are not typed, so not read)."""
    sched = game.schedule
    items = heading(frame, "SCHEDULE")
    area = Frame(frame.x, frame.y, frame.width, frame.height - HEADING_H)
    R = min(area.width, area.height - 4) / 2 - 1
    cx, cy = area.cx, area.cy - 2
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
            if marks is not None:
                marks.append(box_mark(f"schedule.{day}:{j}", b, bx, by, box))
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
    text = game.setup
    if not text:
        return []
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
