"""Personal Space: the job postcard's tracks: the job track and its pay, the hours, the setup."""

from __future__ import annotations

from sheetsmith.games.space.board_parts import (
    PINK,
    PINK_PALE,
    PURPLE,
    PURPLE_PALE,
    YELLOW,
    YELLOW_PALE,
    cube,
)
from sheetsmith.games.space.model import Job
from sheetsmith.games.space.postcard import LABEL, SPACE_H
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label, fit_size, rule
from sheetsmith.print.primitives import DARK, PALE, WHITE, Item, Polygon, Rect, Text, TextBox

MAX_SPACE_W = 30.0
GREY_CUBE = (0.72, 0.72, 0.72)


def _space_w(count: int, width: float) -> float:
    return min(MAX_SPACE_W, width / count)


def job_track(job: Job, frame: Frame) -> list[Item]:
    """Spaces 0..track; the cubes' starting spaces in their colours, the spaces past the
    purple limit tinted, and the pay rule under them."""
    items: list[Item] = [
        Text(frame.x, frame.top - LABEL * 0.93, "JOB TRACK", LABEL, bold=True),
        Text(
            frame.x + text_width("JOB TRACK", LABEL, bold=True) + 6,
            frame.top - LABEL * 0.93,
            "yellow: work done · purple: trouble",
            7,
            colour=DARK,
        ),
    ]
    count = job.track + 1
    pitch = _space_w(count, frame.width)
    top = frame.top - LABEL - 4
    y = top - SPACE_H
    w = pitch - 2
    for value in range(count):
        x = frame.x + value * pitch + 1
        past = value > job.purple_limit
        items.append(
            Rect(x, y, w, SPACE_H, radius=2.5, fill=PINK_PALE if past else WHITE, line_width=0.8)
        )
        yellow, purple = value == job.yellow_start, value == job.purple_start
        if yellow and purple:
            items.append(_corner(x, y, w, SPACE_H, YELLOW, upper=True))
            items.append(_corner(x, y, w, SPACE_H, PURPLE, upper=False))
        elif yellow or purple:
            colour_pale = YELLOW_PALE if yellow else PURPLE_PALE
            items.append(
                Rect(
                    x,
                    y,
                    w,
                    SPACE_H,
                    radius=2.5,
                    fill=colour_pale,
                    stroke=YELLOW if yellow else PURPLE,
                    line_width=2.0,
                )
            )
        items.append(
            Text(x + w / 2, y + SPACE_H - 8.5, str(value), 7.5, bold=True, anchor="middle")
        )
    # the penalty bracket under the tinted spaces, the pay rule on the left
    under = y - 9.5
    pay = f"Pay: ${job.pay_per_step} for each space yellow reached."
    items.append(Text(frame.x, under, pay, 7.5, bold=True))
    if job.purple_limit < job.track:
        x0 = frame.x + (job.purple_limit + 1) * pitch + 1
        x1 = frame.x + count * pitch - 1
        items.append(rule(x0, x1, y - 2.5, 1.2, PINK))
        note = f"purple past {job.purple_limit}: −${job.penalty} each"
        size = fit_size(note, x1 - x0 + 30, 7.5, 7.0)
        items.append(Text(x1, under, note, size, anchor="end", colour=DARK))
    return items


def _corner(x: float, y: float, w: float, h: float, colour, upper: bool) -> Polygon:
    """Half a space, split on its diagonal, for two cubes that start on the same space."""
    top_left = ((x, y + h), (x + w, y + h), (x, y))
    bottom_right = ((x + w, y), (x + w, y + h), (x, y))
    points = top_left if upper else bottom_right
    return Polygon(points, stroke=None, fill=colour)


def setup(job: Job, frame: Frame) -> list[Item]:
    """SETUP, then where the three cubes start, each beside a cube of its colour."""
    items: list[Item] = [
        centred_label(frame.x, frame.cy, "SETUP", LABEL, bold=True, anchor="start")
    ]
    parts = [
        (YELLOW, f"yellow cube on job track {job.yellow_start}"),
        (PURPLE, f"purple cube on job track {job.purple_start}"),
        (GREY_CUBE, "any other cube on hour 1"),
    ]
    x = frame.x + SETUP_LABEL_W
    pitch = frame.height / len(parts)
    for i, (colour, text) in enumerate(parts):
        cy = frame.top - pitch * (i + 0.5)
        items += cube(x + 4.5, cy, 8.5, colour)
        items.append(centred_label(x + 13, cy, text, 7.5, anchor="start"))
    return items


SETUP_LABEL_W = 34.0


def setup_width(job: Job) -> float:
    return SETUP_LABEL_W + 13 + text_width(f"purple cube on job track {job.track}", 7.5)


HOUR_W = 26.0
HOURS_LABEL_W = 36.0


def hour_track(job: Job, frame: Frame) -> list[Item]:
    """HOURS, spaces 1..n and an end space (the extra cube starts on 1); setup on the right."""
    right_w = setup_width(job)
    frame, right = frame.take_left(frame.width - right_w - 10, gap=10)
    items: list[Item] = setup(job, right)
    items.append(centred_label(frame.x, frame.cy, "HOURS", LABEL, bold=True, anchor="start"))
    pitch = HOUR_W + 4
    y = frame.cy - SPACE_H / 2
    x0 = frame.x + HOURS_LABEL_W
    for i in range(job.hours + 1):
        x = x0 + i * pitch
        end = i == job.hours
        label = "end" if end else str(i + 1)
        items.append(
            Rect(x, y, HOUR_W, SPACE_H, radius=2.5, fill=PALE if end else WHITE, line_width=0.8)
        )
        items.append(
            Text(x + HOUR_W / 2, y + SPACE_H - 8.5, label, 7.5, bold=True, anchor="middle")
        )
        if i == 0:
            items.append(Text(x + HOUR_W / 2, y + 3, "start", 7, anchor="middle", colour=DARK))
    # how the hour moves, in the room after the spaces
    x = x0 + (job.hours + 1) * pitch + 4
    if frame.right - x > 40:
        items.append(
            TextBox(
                x,
                frame.y,
                frame.right - x,
                frame.height,
                "all dice spent: move the hour cube on",
                size=7,
                min_size=7,
                colour=DARK,
                valign="middle",
                leading=1.15,
            )
        )
    return items
