"""Personal Space: the job postcard's tracks: the job track and its pay, the hours, the setup.

Every space holds a 10 mm cube (see `postcard`): the job track's spaces carry the yellow and
the purple cube, the hour track's the cube that counts the hours.
"""

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
from sheetsmith.games.space.postcard import (
    HOURS_LABEL_W,
    LABEL,
    PAY_W,
    ROW_GAP,
    SETUP_LABEL_W,
    SETUP_TEXT,
    SPACE,
    SPACE_GAP,
    SPACE_LINE,
    START_LINE,
    TrackSpace,
    pay_beside,
    track_extent,
    track_spaces,
)
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label, fit_size, rule
from sheetsmith.print.primitives import DARK, PALE, WHITE, Item, Line, Rect, Text, TextBox

GREY_CUBE = (0.72, 0.72, 0.72)
NUMBER = 7.5  # a space's number, at its top: a cube on the space hides it


def space_rects(job: Job, frame: Frame) -> list[tuple[TrackSpace, Rect]]:
    """Each job-track space and its outline on the card, as `job_track` draws it."""
    top = frame.top - LABEL - 4
    return [
        (
            s,
            Rect(
                frame.x + s.x,
                top - s.row * (SPACE + ROW_GAP) - SPACE,
                s.width,
                SPACE,
                radius=2.5,
                line_width=SPACE_LINE,
            ),
        )
        for s in track_spaces(job, frame.width)
    ]


def _start_space(outline: Rect, yellow: bool, purple: bool) -> list[Item]:
    """A start space: a cube's colour, or both side by side on a shared start."""
    x, y, w, h = outline.x, outline.y, outline.width, outline.height
    if yellow and purple:
        # one space, two cubes wide: yellow's half on the left, purple's on the right
        inset = START_LINE / 2
        half = w / 2 - inset
        return [
            Rect(x + inset, y + inset, half, h - 2 * inset, stroke=None, fill=YELLOW_PALE),
            Rect(x + w / 2, y + inset, half, h - 2 * inset, stroke=None, fill=PURPLE_PALE),
            Line(
                x + w / 2, y + 3, x + w / 2, y + h - 14, stroke=DARK, line_width=0.6, dash=(2, 1.5)
            ),
            Rect(x, y, w, h, radius=2.5, stroke=DARK, line_width=START_LINE),
        ]
    return [
        Rect(
            x,
            y,
            w,
            h,
            radius=2.5,
            fill=YELLOW_PALE if yellow else PURPLE_PALE,
            stroke=YELLOW if yellow else PURPLE,
            line_width=START_LINE,
        )
    ]


def job_track(job: Job, frame: Frame) -> list[Item]:
    """Spaces 0..track (wrapped onto a second row when long); the cubes' starting spaces in
    their colours, the spaces past the purple limit tinted, and the pay rule beside or
    under them."""
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
    placed = space_rects(job, frame)
    for space, outline in placed:
        yellow, purple = space.value == job.yellow_start, space.value == job.purple_start
        if yellow or purple:
            items += _start_space(outline, yellow, purple)
        else:
            past = space.value > job.purple_limit
            items.append(
                Rect(
                    outline.x,
                    outline.y,
                    outline.width,
                    outline.height,
                    radius=2.5,
                    fill=PINK_PALE if past else WHITE,
                    line_width=SPACE_LINE,
                )
            )
        items.append(
            Text(
                outline.x + outline.width / 2,
                outline.y + SPACE - 9,
                str(space.value),
                NUMBER,
                bold=True,
                anchor="middle",
            )
        )
    items += _pay(job, frame, placed)
    return items


def _pay(job: Job, frame: Frame, placed: list[tuple[TrackSpace, Rect]]) -> list[Item]:
    pay = f"Pay: ${job.pay_per_step} for each space yellow reached."
    penalised = job.purple_limit < job.track
    note = f"Purple past {job.purple_limit} (pink): −${job.penalty} each." if penalised else ""
    bottom = min(r.y for _, r in placed)
    if pay_beside(job, frame.width):
        used, _ = track_extent([s for s, _ in placed])
        x = frame.x + used + 10
        width = frame.right - x
        top = frame.top - LABEL - 4
        text = pay + ("\n" + note if note else "")
        return [
            TextBox(
                x,
                bottom,
                max(width, PAY_W),
                top - bottom,
                text,
                size=7.5,
                min_size=7.0,
                valign="middle",
                leading=1.2,
            ),
        ]
    # under the track: the pay rule on the left, the penalty under the pink spaces
    under = bottom - 9.5
    items: list[Item] = [Text(frame.x, under, pay, 7.5, bold=True)]
    if penalised:
        pink = [r for s, r in placed if s.value > job.purple_limit and r.y == bottom]
        x1 = max(r.x1 for _, r in placed if r.y == bottom)
        if pink:
            items.append(rule(min(r.x for r in pink), x1, bottom - 2.5, 1.2, PINK))
        room = x1 - frame.x - text_width(pay, 7.5, bold=True) - 10
        size = fit_size(note, room, 7.5, 7.0)
        items.append(Text(x1, under, note, size, anchor="end", colour=DARK))
    return items


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
        items.append(centred_label(x + 13, cy, text, SETUP_TEXT, anchor="start"))
    return items


def hour_rects(job: Job, frame: Frame) -> list[Rect]:
    """The hour track's spaces, 1..hours then the end space, as `hour_track` draws them."""
    y = frame.cy - SPACE / 2
    x0 = frame.x + HOURS_LABEL_W
    return [
        Rect(x0 + i * (SPACE + SPACE_GAP), y, SPACE, SPACE, radius=2.5, line_width=SPACE_LINE)
        for i in range(job.hours + 1)
    ]


def hour_track(job: Job, frame: Frame) -> list[Item]:
    """HOURS, spaces 1..n and an end space (the extra cube starts on 1)."""
    items: list[Item] = [
        centred_label(frame.x, frame.cy, "HOURS", LABEL, bold=True, anchor="start")
    ]
    for i, space in enumerate(hour_rects(job, frame)):
        end = i == job.hours
        label = "end" if end else str(i + 1)
        items.append(
            Rect(
                space.x,
                space.y,
                space.width,
                space.height,
                radius=2.5,
                fill=PALE if end else WHITE,
                line_width=SPACE_LINE,
            )
        )
        cx = space.x + space.width / 2
        items.append(Text(cx, space.y + SPACE - 9, label, NUMBER, bold=True, anchor="middle"))
        if i == 0:
            items.append(Text(cx, space.y + 3, "start", 7, anchor="middle", colour=DARK))
    return items
