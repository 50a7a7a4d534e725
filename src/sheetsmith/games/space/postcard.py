"""Personal Space: the job postcard's size, its bands top to bottom, the sizes they share.

The job track and the hour track hold the game's 10 mm cubes: every space is at least
10.5 mm inside its outline, and where a job starts the yellow and purple cubes on the same
value that space is twice as wide, so both sit in it side by side. A long job track wraps
onto a second row (spaces numbered in reading order).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetsmith.games.space.model import Job, SpaceGame
from sheetsmith.print.fonts import text_width
from sheetsmith.print.imposition import POSTCARD, CardSize
from sheetsmith.print.layout import Frame
from sheetsmith.print.primitives import MM
from sheetsmith.print.text import block_height, wrap

CARD = POSTCARD
BAND_H = 34.0  # the title band across the top, into the bleed
LABEL = 7.5  # small section labels
CUBE = 10 * MM  # the cubes the rules use
SPACE_LINE = 0.8  # a space's outline
START_LINE = 1.6  # a start space's coloured outline
SPACE = 32.0  # a track space, outlines included: 10.7 mm inside a start space's outline
SPACE_GAP = 2.0  # between the spaces of a track
ROW_GAP = 3.0  # between the rows of a long job track
PAY_W = 100.0  # the pay rule sits right of the job track when this much room is left
PAY_H = 13.0  # else it takes a line under it
HOW_TO = 7.0  # the how-to's size
HOW_TO_LEADING = 1.15
HOURS_LABEL_W = 36.0
SETUP_LABEL_W = 34.0
SETUP_TEXT = 7.5


@dataclass(frozen=True, slots=True)
class TrackSpace:
    """One space of the job track: its value and where it lies in the track frame (x from
    the frame's left, `row` 0 on top). A start space shared by both cubes is `units` 2."""

    value: int
    row: int
    x: float
    units: int

    @property
    def width(self) -> float:
        return self.units * SPACE + (self.units - 1) * SPACE_GAP


def shared_start(job: Job) -> bool:
    """Both cubes start on the same value: that space holds two cubes."""
    return job.yellow_start == job.purple_start


def _place(job: Job, per_row: int) -> list[TrackSpace]:
    spaces, row, used = [], 0, 0
    for value in range(job.track + 1):
        units = 2 if shared_start(job) and value == job.yellow_start else 1
        if used and used + units > per_row:
            row, used = row + 1, 0
        spaces.append(TrackSpace(value, row, used * (SPACE + SPACE_GAP), units))
        used += units
    return spaces


def track_spaces(job: Job, width: float) -> list[TrackSpace]:
    """The job track's spaces in as few rows as fit `width`, the rows as even as they go."""
    fit = max(2, math.floor((width + SPACE_GAP) / (SPACE + SPACE_GAP)))
    units = job.track + 1 + (1 if shared_start(job) else 0)
    rows = math.ceil(units / fit)
    while True:
        per_row = min(fit, math.ceil(units / rows))
        spaces = _place(job, per_row)
        if spaces[-1].row < rows:
            return spaces
        rows += 1


def track_extent(spaces: list[TrackSpace]) -> tuple[float, int]:
    """The width the track's spaces take, and its number of rows."""
    return max(s.x + s.width for s in spaces), spaces[-1].row + 1


def pay_beside(job: Job, width: float) -> bool:
    """Whether the pay rule fits right of the track (else it goes under it)."""
    used, _ = track_extent(track_spaces(job, width))
    return width - used - 10 >= PAY_W


def track_height(job: Job, width: float) -> float:
    _, rows = track_extent(track_spaces(job, width))
    height = LABEL + 4 + rows * SPACE + (rows - 1) * ROW_GAP
    return height if pay_beside(job, width) else height + PAY_H


def hours_width(job: Job) -> float:
    """HOURS and its spaces: 1..hours and an end space."""
    return HOURS_LABEL_W + (job.hours + 1) * (SPACE + SPACE_GAP) - SPACE_GAP


def setup_width(job: Job) -> float:
    return SETUP_LABEL_W + 13 + text_width(f"purple cube on job track {job.track}", SETUP_TEXT)


@dataclass(frozen=True, slots=True)
class JobLayout:
    """Bands of the postcard, top to bottom, inside the safe zone."""

    band: Frame  # title band (to the top bleed)
    cost: Frame  # time cost
    setup: Frame  # where the cubes start, right of the time cost
    track: Frame  # job track with the pay line
    hours: Frame  # hour track
    actions: Frame  # dice actions and workflow
    how_to: Frame  # right of the hour track, or along the bottom when it does not fit there


def _how_to_height(text: str, width: float) -> float:
    return block_height(len(wrap(text, HOW_TO, width)), HOW_TO, HOW_TO_LEADING)


def job_layout(job: Job, game: SpaceGame, card: CardSize = CARD) -> JobLayout:
    safe = card.safe_rect
    band = Frame(
        -card.bleed, card.height - BAND_H, card.width + 2 * card.bleed, BAND_H + card.bleed
    )
    rest = Frame(safe.x, safe.y, safe.width, card.height - BAND_H - 6 - safe.y)
    top, rest = rest.take_top(31.0, gap=3)
    cost, setup = top.take_left(top.width - setup_width(job) - 10, gap=10)
    track, rest = rest.take_top(track_height(job, rest.width), gap=4)
    row, rest = rest.take_top(SPACE + 1, gap=4)
    hours, beside = row.take_left(hours_width(job), gap=10)
    if _how_to_height(game.job_how_to, beside.width) <= beside.height + 1e-6:
        how_to = beside
    else:  # a long how-to: a band along the bottom
        height = _how_to_height(game.job_how_to, rest.width) + 2
        how_to, rest = rest.take_bottom(height, gap=6)
    return JobLayout(band, cost, setup, track, hours, rest, how_to)
