"""Things lying on the page: a finger holding it, a pencil or a pen put down on it, a coffee
stain, a sticky note. The marks under them read wrong at full confidence: a pen across the
star map reads as a row of points filled, a finger over a filled box as paper (evening out
the light takes a blob wider than 12 mm for a shadow). So those marks are flagged, and the
player is told what to move.

Three kinds are found, each by what a player's own marks never are:

- colour: pencil, print and pen strokes are grey or thin; skin, wood, coffee and paper
  notes are coloured over an area. Each channel is balanced against its own paper, found
  over 40 mm (so a colour cast and a tinted lamp balance out), and what stays coloured
  over a 1.5 mm disc and 60 mm² is taken for an object: a pen's scribble in a box is under
  30 mm². Where the camera clipped the paper to white in a channel, the paper no longer
  shows the light's colour while grey print does, and nothing is looked for.
- a dark bar: a pen or a marker, straight, at least 40 mm long and 1-15 mm wide, filling
  most of the rectangle around it and lying mostly off the marks: no mark or stroke of a
  player's is that. Its core (what a 4 mm disc leaves of it) is looked at too, at least
  4.5 mm wide, as a pen or a pencil is: a pen merged with the pencil it lies on, and a pen
  over the daily sheet's grid, whose squares are marks but hold no stroke that wide (a
  marker's underline or path across them is narrower).
- a dark blot: darker than pencil shows, 10 mm across all over once a die's pips are
  closed, no more than twice as long as wide, and not inside one mark's window: a black
  die. Evening out the light takes anything wider than 12 mm for a shadow (of a black
  phone one edge is found, as a bar), so a player's square shaded black is no blot, nor
  is a box filled in marker (narrower than 10 mm) or a row of them (long).

Each object found is taken whole: the openings that find it round its corners off.

A hair, a thin pencil line, a grey coin or a white die is none of these, and is not found.
"""

from __future__ import annotations

import cv2
import numpy as np

from sheetsmith.photo.geometry import PX_PER_MM, clipped, mark_window
from sheetsmith.photo.marks import ReadablePage

# Looked at at half the rectified scale: objects are large, and it is four times faster
_SHRINK = 2
_MM = PX_PER_MM / _SHRINK
# Each channel's paper: the brightest within this reach (a closing), wider than a finger
BALANCE_MM = 40.0
# A pixel is coloured where its channels, each against its paper, differ by this much. On
# the photos of pages with nothing on them, the 99th percentile lies under 0.08; a finger
# shows at 0.3, coffee at 0.2
CHROMA = 0.12
# Paper this bright (of 255) in a channel is clipped there: its colour is not the light's,
# and colour is measured between the other channels; where all three are, a pixel must be
# this coloured (grey print under a strong cast, on tuning seed 101, shows at 0.13-0.18;
# skin at 0.3)
CLIPPED = 250.0
CHROMA_CLIPPED = 0.25
# What stays coloured over a disc this wide, over this area, is an object
SOLID_MM = 1.5
OBJECT_MM2 = 60.0
# ... this much of it off the marks (each mark's window grown by a fifth and by 1 mm)
OFF_MARKS_MM2 = 25.0
# A dark bar: ink added over this (pencil shows at 0.15-0.6), and its shape
BAR_INK = 0.45
BAR_LEAST_MM2 = 30.0
BAR_LENGTH_MM = 40.0
BAR_WIDTH_MM = (1.0, 15.0)
BAR_FILL = 0.6
BAR_OFF_MARKS = 0.3
# ... looked for again in the core of the dark (opened by a disc this wide), as wide as a
# pen or a pencil (6 mm or more): a marker's or a felt-tip's line, an underline or a path
# drawn across the daily sheet's squares, is narrower
BAR_CORE_MM = 4.0
BAR_PEN_MM = 4.5
# A dark blot: ink added over this (darker than pencil shows, even shading a square of the
# star map), its holes (a die's pips) closed, holding a disc this wide all over, and not
# inside one mark's window: a black die
BLOT_INK = 0.6
BLOT_HOLES_MM = 3.5
BLOT_SOLID_MM = 10.0
# ... and compact: a row of boxes filled in marker, spilling over into each other, is long
BLOT_ASPECT = 2.0
# A mark is covered where an object, grown by this much, reaches into its window
_REACH_MM = 1.0


def lying_over(rectified: np.ndarray, ink: np.ndarray, page: ReadablePage) -> tuple[str, ...]:
    """The keys of the marks something lies over. `rectified`: the page (BGR, or grey: then
    only dark bars and blots are looked for); `ink`: ink added per pixel, as
    `ink.ink_added` gives it, at the same scale."""
    windows = [clipped(mark_window(mark, page, 0.2), ink.shape) for mark in page.marks]
    small = (ink.shape[1] // _SHRINK, ink.shape[0] // _SHRINK)
    reach = 2 * round(_REACH_MM * _MM) + 1
    on_marks = _on(windows, small, reach)
    # a pen may lie over the daily sheet's grid: its squares hold letters and outlines
    # drawn along their edges, never a stroke as wide as a pen
    narrow = [w for w, mark in zip(windows, page.marks, strict=True) if mark.kind != "square"]
    ink_small = cv2.resize(ink, small, interpolation=cv2.INTER_AREA)
    on_narrow = on_marks if len(narrow) == len(windows) else _on(narrow, small, reach)
    objects = _bars(ink_small, on_marks, on_narrow)
    objects |= _blots(ink_small, windows)
    if rectified.ndim == 3:
        bgr = cv2.resize(rectified, small, interpolation=cv2.INTER_AREA)
        objects |= _coloured(bgr, on_marks)
    if not objects.any():
        return ()
    objects = cv2.dilate(objects.astype(np.uint8), np.ones((reach, reach), np.uint8)) > 0
    covered = []
    for mark, (x0, y0, x1, y1) in zip(page.marks, windows, strict=True):
        x0, y0, x1, y1 = x0 // _SHRINK, y0 // _SHRINK, -(-x1 // _SHRINK), -(-y1 // _SHRINK)
        if x1 > x0 and y1 > y0 and objects[y0:y1, x0:x1].any():
            covered.append(mark.key)
    return tuple(covered)


def _on(windows: list[tuple[int, int, int, int]], small: tuple[int, int], reach: int) -> np.ndarray:
    """Where the marks' windows lie, at the looked-at scale, grown by `reach` pixels."""
    on_marks = np.zeros((small[1], small[0]), np.uint8)
    for x0, y0, x1, y1 in windows:
        on_marks[y0 // _SHRINK : -(-y1 // _SHRINK), x0 // _SHRINK : -(-x1 // _SHRINK)] = 1
    return cv2.dilate(on_marks, np.ones((reach, reach), np.uint8)) > 0


def _coloured(bgr: np.ndarray, on_marks: np.ndarray) -> np.ndarray:
    channels = bgr.astype(np.float32)
    tiny = cv2.resize(channels, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    size = int(BALANCE_MM * _MM / 4) | 1
    paper = cv2.morphologyEx(
        tiny, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    )
    paper = cv2.GaussianBlur(paper, (0, 0), 2.0)
    paper = cv2.resize(paper, (bgr.shape[1], bgr.shape[0]), interpolation=cv2.INTER_LINEAR)
    balanced = cv2.GaussianBlur(channels / np.maximum(paper, 1.0), (0, 0), 0.5)
    # where the camera clipped the paper in a channel, the paper no longer shows the light's
    # colour there, and grey print does: colour is measured between the channels left
    # (per channel with OpenCV: numpy's reduction over the last, short axis is 20x slower)
    values = cv2.split(balanced)
    seen = [channel < CLIPPED for channel in cv2.split(paper)]
    chroma = np.zeros(bgr.shape[:2], np.float32)
    for a, b in ((0, 1), (0, 2), (1, 2)):
        apart = cv2.absdiff(values[a], values[b])
        apart[~(seen[a] & seen[b])] = 0.0
        chroma = cv2.max(chroma, apart)
    # where it is clipped in every channel, only colour a cast cannot give grey print
    plain = cv2.max(cv2.max(values[0], values[1]), values[2])
    plain -= cv2.min(cv2.min(values[0], values[1]), values[2])
    mask = ((chroma > CHROMA) | (plain > CHROMA_CLIPPED)).astype(np.uint8)
    disc = round(SOLID_MM * _MM) | 1
    mask = cv2.morphologyEx(
        mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (disc, disc))
    )
    count, labels = cv2.connectedComponents(mask, connectivity=8)
    # and some of it off the marks: a player's coloured pen fills boxes solid, overflowing
    # them, and a row of them side by side is as large as a finger
    area = np.bincount(labels.ravel(), minlength=count)
    off = np.bincount(labels[~on_marks], minlength=count)
    large = (area >= OBJECT_MM2 * _MM**2) & (off >= OFF_MARKS_MM2 * _MM**2)
    large[0] = False
    return large[labels]


def _bars(ink: np.ndarray, on_marks: np.ndarray, on_narrow_marks: np.ndarray) -> np.ndarray:
    """Dark bars; a bar as wide as a pen's core may lie over the grid's squares (marks but
    for `on_narrow_marks`)."""
    dark = (ink > BAR_INK).astype(np.uint8)
    found = _bars_in(dark, on_marks, BAR_WIDTH_MM[0])
    # a pen lying over the player's pencil merges with it, and its rectangle is then no
    # longer filled: its core, opened by a disc narrower than a pen, shows the bar alone
    disc = round(BAR_CORE_MM * _MM) | 1
    core = cv2.morphologyEx(
        dark, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (disc, disc))
    )
    return found | _whole(dark, _bars_in(core, on_narrow_marks, BAR_PEN_MM))


def _whole(mask: np.ndarray, cores: np.ndarray) -> np.ndarray:
    """The parts of `mask` that hold any of `cores` (an opening rounds an object's corners
    and trims its edges, and the marks under them are under it too)."""
    if not cores.any():
        return cores
    _, labels = cv2.connectedComponents(mask.astype(np.uint8), connectivity=8)
    held = np.unique(labels[cores & (labels > 0)])
    return np.isin(labels, held)


def _bars_in(dark: np.ndarray, on_marks: np.ndarray, narrowest: float) -> np.ndarray:
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    found = np.zeros(dark.shape, bool)
    candidates = [
        i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= BAR_LEAST_MM2 * _MM**2
    ]
    if not candidates:
        return found
    for i in candidates:
        bar = labels == i
        long, short = _sides(bar)
        length, width = long / _MM, short / _MM
        area = int(stats[i, cv2.CC_STAT_AREA])
        if (
            length >= BAR_LENGTH_MM
            and narrowest <= width <= BAR_WIDTH_MM[1]
            and area >= BAR_FILL * long * short
            and np.count_nonzero(bar & ~on_marks) >= BAR_OFF_MARKS * area
        ):
            found |= bar
    return found


def _blots(ink: np.ndarray, windows: list[tuple[int, int, int, int]]) -> np.ndarray:
    # at half the scale again: a blot is 10 mm across or more
    small = cv2.resize(ink, (ink.shape[1] // 2, ink.shape[0] // 2), interpolation=cv2.INTER_AREA)
    mm = _MM / 2
    dark = (small > BLOT_INK).astype(np.uint8)
    if not dark.any():
        return np.zeros(ink.shape, bool)
    holes = round(BLOT_HOLES_MM * mm) | 1
    solid = round(BLOT_SOLID_MM * mm) | 1
    closed = cv2.morphologyEx(
        dark, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (holes, holes))
    )
    core = cv2.morphologyEx(
        closed, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (solid, solid))
    )
    found = np.zeros(dark.shape, bool)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(core, connectivity=8)
    reach = round(_REACH_MM * mm)
    scale = 2 * _SHRINK
    for i in range(1, count):
        x, y, w, h = stats[i, :4]
        long, short = _sides(labels == i)
        if long > BLOT_ASPECT * max(short, 1.0):
            continue
        # a player's own fill, however dark and wide (a grid square shaded solid), stays
        # inside its mark's window
        inside = any(
            x0 // scale - reach <= x
            and y0 // scale - reach <= y
            and x + w <= -(-x1 // scale) + reach
            and y + h <= -(-y1 // scale) + reach
            for x0, y0, x1, y1 in windows
        )
        if not inside:
            found |= labels == i
    found = _whole(closed, found).astype(np.uint8)
    return cv2.resize(found, (ink.shape[1], ink.shape[0]), interpolation=cv2.INTER_NEAREST) > 0


def _sides(component: np.ndarray) -> tuple[float, float]:
    """The long and the short side (pixels) of the smallest rectangle around a component."""
    ys, xs = np.nonzero(component)
    _, (w, h), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    return max(w, h), min(w, h)
