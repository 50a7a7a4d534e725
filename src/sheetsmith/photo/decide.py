"""Deciding each mark of a rectified page: filled or empty, and how sure.

The photo is compared with the blank page rendered at the same scale, so whatever the page
prints (a point's outline, the digit in a cost box, grid lines) is never taken for pencil:

1. Light is evened out (`ink`): the paper's brightness is estimated at a large scale (a
   grey closing over 12 mm, wider than a stroke or a filled mark, that keeps a shadow's
   edge in place) and divided out, so a shadow or a lamp's fall-off leaves paper at 1.0.
2. Ink added (`ink`, `features`) = how much darker the photo is than the blank, where the
   blank is darkened by its own art grown by 0.4 mm (the rectification is good to about a
   pixel, and a photo's blur widens printed lines). A pixel holds pencil when ink added
   exceeds a threshold set per page: above the photo's noise, and at 40 % of the darkness
   of the pencil the page's clearly filled marks show, so an erased mark (its leftover a
   third as dark as the pencil that drew it, or less) reads empty and a light dot reads
   filled.
3. Each kind of mark has its own measure:
   - point: pencil area inside the point (its box grown by 15 %), against a dot of 0.7-1.2 mm²;
     where the outline encloses clear paper, only patches reaching into that paper count (a
     small or aliased photo shows a printed outline as beads darker than the model);
   - box: pencil area inside the box, against a tenth of the box (2-3 mm²): a scribble, a
     tick or a cross fills it, a stray touch does not;
   - square: any pencil in the square (letters are small), against 3 mm²;
   - circle: a ring drawn around the value, as the share of 16 directions around its box in
     which the band just outside the box holds pencil (a ring covers most, a neighbour's
     ring or a stray line a few); pencil over the value itself counts too.
   Confidence is how far the measure lies from its threshold (0.5 on it, 1.0 well away).
4. Confidence is then made honest where the photo, not the pencil, decided: a reading that
   turns over when the threshold moves; an empty mark holding pencil at a few times the
   page's noise (pencil that faded in the photo, or was absorbed by the blank's model),
   and on a page with many such marks, every empty mark with any trace of pencil; a box
   read filled amid pencil-like residue around it (the blank does not fit there); a point
   or box whose pencil lies only on its printed outline (`doubts`); circles by their row.
5. Each mark is looked at again by networks trained on the reader's photos (`judge`), and
   last, a mark under something lying on the page (a finger, a pen, a stain: `lying`) is
   flagged whatever was read there.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np

from sheetsmith.photo import judge
from sheetsmith.photo.burnt import saturation
from sheetsmith.photo.circles import (
    CIRCLE_SPAN,
    CIRCLE_THRESHOLD,
    NEIGHBOUR_RING,
    circle_groups,
    circle_score,
    neighbours,
)
from sheetsmith.photo.doubts import on_print_only
from sheetsmith.photo.geometry import PX_PER_MM, SCALE, clipped, ellipse, mark_window
from sheetsmith.photo.ghost import ghost_fills
from sheetsmith.photo.glare import glared
from sheetsmith.photo.ink import ink_added, mark_regions
from sheetsmith.photo.lying import lying_over
from sheetsmith.photo.marks import SURE, Mark, ReadablePage, Reading
from sheetsmith.photo.shadow import smooth_fills, sure_fills

# The pencil threshold (ink added, paper = 1): its default, its bounds, the share of the
# page's own pencil darkness it sits at, and the noise multiple it stays above
PENCIL_DEFAULT = 0.13


PENCIL_MIN, PENCIL_MAX = 0.1, 0.17

PENCIL_SHARE = 0.35

NOISE_MULTIPLE = 5.0

# Area measures: threshold in mm² per kind, as (share of the mark's area, least, most)
_REFERENCE = {"point": (0.1, 0.4, 0.6), "box": (0.1, 1.0, 1.5), "square": (0.0, 1.5, 1.5)}

# Each kind's region against its box: a point's ink may spill past it; a square's own
# ink lies inside, and a neighbour's outline along the shared grid line is left out
_GROW = {"point": 0.15, "box": -0.1, "square": -0.3}

# The inner part of a point's box (share of its size) in which that paper is looked for
_INNER = 0.8
# An area measure this many times its threshold (or this share of it) is certain
_CERTAIN_RATIO = 3.0

# A point's pencil patch counts when this many of its pixels lie off the printed art
_OFF_PRINT_PX = 8

# ... when the point encloses clear paper, at least this share of its area and this many
# mm²; a point that is mostly its outline (small, or a thick ring) has its pencil seen
# over the print only
_CLEAR_INSIDE = 0.15

_CLEAR_INSIDE_MM2 = 1.5

# The pencil threshold moved by these factors must not turn a sure decision over (light
# ticks and crosses on the bench photos sit just under it)
_STEADY = (0.8, 1.25)

# Pencil that nearly vanishes (a faint photo, a local misregistration that the blank model
# absorbs) still stands above a quiet page's noise: an empty reading whose mark holds
# pencil at this many times the noise (and at least this ink added) is not sure
_FAINT_NOISE = 6.0

_FAINT_LEAST = 0.04

# ... unless the print itself leaves this much ink added (the 90th percentile next to the
# printed art): there the blank fits too loosely for faint pencil to be told from print
_RESIDUE_LIMIT = 0.1

# A faint page: that many empty readings over faint pencil (this share of the marks read
# filled, and at least this many) tells that the pencil as a whole faded; there any trace
# of pencil (at this many times the noise, this least ink, this share of its threshold)
# leaves an empty reading unsure
_FAINT_PAGE_SHARE = 0.3

_FAINT_PAGE_LEAST = 3

_TRACE_NOISE = 6.0

_TRACE_LEAST = 0.03

_TRACE_SHARE = 0.45

# A box read filled while this share of the band around it (the box grown by half its
# size) also holds pencil: the blank does not fit there (a misregistered or smeared
# print shows as ink everywhere), so the box's own pencil is not trusted
_SURROUND_GROW = 0.5

_SURROUND_SHARE = 0.24

# A coarse photo (under this many photo pixels per PDF point): a thin tick spans a pixel
# or two there and, spread over the rectified page, stays under the pencil threshold. At
# a lower threshold (this ink added, this many times the noise) a box read empty whose
# pencil covers this share of its threshold area, and this many times what the page's
# empty boxes typically show there (the blank's own residue at that scale), is not sure
_COARSE = 1.15


_COARSE_LEAST, _COARSE_NOISE, _COARSE_SHARE, _COARSE_TYPICAL = 0.05, 4.0, 0.7, 3.0


@dataclass(frozen=True, slots=True)
class Decided:
    readings: dict[str, Reading]
    scores: dict[str, float]  # each mark's measure, 1.0 on its threshold (circles: 0.45)
    pencil: float  # the page's pencil threshold (ink added, paper = 1)
    noise: float
    contrast: float = 1.0  # the print's darkness in the photo against the blank's
    glare: tuple[str, ...] = ()  # the marks under glare (glare.py)
    burnt: float = 0.0  # the share of the page clipped to white (burnt.py)
    stroke_darkness: float = 0.0  # the clearly filled marks' pencil (ink added; 0.0: none)
    clipped_doubts: int = 0  # readings flagged for paper clipped to white (`judge.settle`)
    covered: tuple[str, ...] = ()  # the marks something lies over (lying.py)


def _off_print_area(window: np.ndarray, off: np.ndarray) -> float:
    """The pencil area (px) of the patches that reach off the printed outline: a dot, a
    tick or a scribble spills past the thin outline, into the point or beyond it, while a
    printed outline shown unevenly (beads along it in a small or aliased photo) lies on it."""
    if not window.any():
        return 0.0
    n, labels, stats, _ = cv2.connectedComponentsWithStats(window.astype(np.uint8), connectivity=8)
    if n <= 1:
        return 0.0
    reach = np.bincount(labels[off & window], minlength=n)
    keep = reach[1:] >= _OFF_PRINT_PX
    return float(stats[1:, cv2.CC_STAT_AREA][keep].sum())


def _area_score(
    mask: np.ndarray, mark: Mark, page: ReadablePage, off: np.ndarray | None = None
) -> float:
    """Pencil area in the mark's region against its kind's threshold area (1.0 on it)."""
    grow = _GROW[mark.kind]
    x0, y0, x1, y1 = clipped(mark_window(mark, page, grow), mask.shape)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    window = mask[y0:y1, x0:x1]
    if mark.kind == "point":
        # the point's own area (px) at this scale
        mark_px = math.pi / 4 * mark.box.width * mark.box.height * SCALE**2
        window = window & ellipse(x1 - x0, y1 - y0)
        # the paper the outline encloses (the inner part of the point's box)
        inner = ellipse(x1 - x0, y1 - y0, _INNER / (1.0 + grow))
        clear = None if off is None else off[y0:y1, x0:x1] & inner
        if clear is not None and clear.sum() >= max(
            _CLEAR_INSIDE * mark_px, _CLEAR_INSIDE_MM2 * PX_PER_MM**2
        ):
            area_px = _off_print_area(window, clear)
        else:  # a small point: its outline covers it, pencil is seen over the print
            area_px = float(window.sum())
    else:
        area_px = float(window.sum())
    area_mm2 = area_px / PX_PER_MM**2
    share, least, most = _REFERENCE[mark.kind]
    mark_mm2 = mark.box.width * mark.box.height * (25.4 / 72) ** 2
    return area_mm2 / min(max(share * mark_mm2, least), most)


def _scores(
    mask: np.ndarray,
    page: ReadablePage,
    beside: Mapping[str, list[tuple[str, float]]],
    off: np.ndarray | None = None,
) -> dict[str, float]:
    """Every mark's measure. Circles twice: first alone, then leaving out the directions
    facing a close neighbour that looks circled (its ring passes through this band)."""
    scores = {
        m.key: circle_score(mask, m, page)
        if m.kind == "circle"
        else _area_score(mask, m, page, off)
        for m in page.marks
    }
    for mark in page.marks:
        if mark.kind != "circle":
            continue
        inked = [d for key, d in beside.get(mark.key, []) if scores[key] >= NEIGHBOUR_RING]
        if inked:
            scores[mark.key] = circle_score(mask, mark, page, inked)
    return scores


def _surround(mask: np.ndarray, mark: Mark, page: ReadablePage) -> float:
    """The pencil in the band around the mark's region, as a share of the grown region."""
    x0, y0, x1, y1 = clipped(mark_window(mark, page, _GROW[mark.kind]), mask.shape)
    X0, Y0, X1, Y1 = clipped(mark_window(mark, page, _SURROUND_GROW), mask.shape)
    if X1 <= X0 or Y1 <= Y0:
        return 0.0
    outer = int(mask[Y0:Y1, X0:X1].sum())
    inner = int(mask[y0:y1, x0:x1].sum()) if x1 > x0 and y1 > y0 else 0
    return (outer - inner) / ((X1 - X0) * (Y1 - Y0))


def _print_residue(ink: np.ndarray, blank: np.ndarray) -> float:
    """The ink added next to the printed art (90th percentile): how loosely the blank fits."""
    near = cv2.dilate((blank[::2, ::2] < 230).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    values = ink[::2, ::2][near]
    values = values[values != 0]
    return float(np.percentile(values, 90)) if values.size else 0.0


def _reading(kind: str, score: float) -> Reading:
    if kind == "circle":
        distance = abs(score - CIRCLE_THRESHOLD) / CIRCLE_SPAN
        return Reading(score >= CIRCLE_THRESHOLD, round(0.5 + 0.5 * min(1.0, distance), 3))
    if score <= 0.0:
        return Reading(False, 1.0)
    distance = abs(math.log(score)) / math.log(_CERTAIN_RATIO)
    return Reading(score >= 1.0, round(0.5 + 0.5 * min(1.0, distance), 3))


def _pencil_threshold(ink: np.ndarray, page: ReadablePage, noise: float) -> tuple[float, float]:
    """The page's pencil threshold: a share of how dark its clearly filled marks are; and
    that darkness (0.0 where it has none, and the threshold is a default)."""
    floor = max(PENCIL_MIN, NOISE_MULTIPLE * noise)
    mask = ink > max(PENCIL_DEFAULT, floor)
    darkness: list[np.ndarray] = []
    for mark in page.marks:
        if mark.kind == "circle":
            continue
        if _area_score(mask, mark, page) >= _CERTAIN_RATIO:
            x0, y0, x1, y1 = clipped(mark_window(mark, page, 0.0), ink.shape)
            window = ink[y0:y1, x0:x1]
            darkness.append(window[mask[y0:y1, x0:x1]])
    if not darkness:
        return min(max(PENCIL_DEFAULT, floor), PENCIL_MAX), 0.0
    # the core of the strokes (their antialiased edges are lighter): the 75th percentile
    pencil = float(np.percentile(np.concatenate(darkness), 75))
    return min(max(PENCIL_SHARE * pencil, floor), PENCIL_MAX), pencil


def decide(
    rectified: np.ndarray,
    blank: np.ndarray,
    page: ReadablePage,
    px_per_point: float = 0.0,
    tilt: float = 0.0,
    *,
    second_look: bool = True,
) -> Decided:
    """Every mark of `page` read off the rectified photo, compared with its blank; the
    photo's own scale (pixels per PDF point; 0 if unknown) and tilt (degrees) say how much
    its pixels can show. Every mark is then looked at again (`judge`) unless asked not to
    (the network's training data are the reader's own readings)."""
    added = ink_added(rectified, blank, mark_regions(page))
    ink, noise, contrast, light = added.ink, added.noise, added.contrast, added.light
    pencil, strokes = _pencil_threshold(ink, page, noise)
    masks = [_mask(ink, pencil * factor) for factor in (1.0, *_STEADY)]
    beside = neighbours(page)
    off = off_print(blank)
    printed = blank < 230
    scores = _scores(masks[0], page, beside, off)
    others = [_scores(m, page, beside, off) for m in masks[1:]]
    faint_at = max(_FAINT_LEAST, _FAINT_NOISE * noise)
    loose = _print_residue(ink, blank) > _RESIDUE_LIMIT
    faint = (
        _scores(_mask(ink, faint_at), page, beside, off)
        if faint_at < pencil * _STEADY[0] and not loose
        else None
    )
    readings = {}
    faded = 0
    for mark in page.marks:
        reading = _reading(mark.kind, scores[mark.key])
        # a decision that turns over when the pencil threshold moves by 40-50 % is not sure
        # whatever its measure says: a heavy erasure, a very light stroke
        if reading.confidence >= SURE and any(
            _reading(mark.kind, o[mark.key]).filled != reading.filled for o in others
        ):
            reading = Reading(reading.filled, min(reading.confidence, SURE - 0.1))
        # an empty reading over faint pencil: the stroke may have faded in the photo
        if (
            reading.confidence >= SURE
            and not reading.filled
            and faint is not None
            and _reading(mark.kind, faint[mark.key]).filled
        ):
            reading = Reading(False, SURE - 0.1)
            faded += 1
        # a filled box amid pencil-like residue: the blank model does not fit around it
        if (
            reading.confidence >= SURE
            and reading.filled
            and mark.kind == "box"
            and _surround(masks[0], mark, page) >= _SURROUND_SHARE
        ):
            reading = Reading(True, SURE - 0.1)
        # a filled point or box whose pencil is all on its printed outline: it may be
        # the outline itself, shown heavier than the blank's model
        if (
            reading.confidence >= SURE
            and reading.filled
            and mark.kind in ("point", "box")
            and on_print_only(masks[0], off, mark_window(mark, page, _GROW[mark.kind]), printed)
        ):
            reading = Reading(True, SURE - 0.1)
        readings[mark.key] = reading
    filled = sum(r.filled for r in readings.values())
    if faint is not None and faded >= max(_FAINT_PAGE_LEAST, _FAINT_PAGE_SHARE * filled):
        trace = _scores(_mask(ink, max(_TRACE_LEAST, _TRACE_NOISE * noise)), page, beside, off)
        for mark in page.marks:
            reading = readings[mark.key]
            least = (CIRCLE_THRESHOLD if mark.kind == "circle" else 1.0) * _TRACE_SHARE
            if reading.confidence >= SURE and not reading.filled and trace[mark.key] > least:
                readings[mark.key] = Reading(False, SURE - 0.1)
    if 0.0 < px_per_point < _COARSE:
        trace = _scores(_mask(ink, max(_COARSE_LEAST, _COARSE_NOISE * noise)), page, beside, off)
        empty = [m.key for m in page.marks if m.kind == "box" and not readings[m.key].filled]
        if empty:
            least = max(
                _COARSE_SHARE, _COARSE_TYPICAL * float(np.median([trace[k] for k in empty]))
            )
            for key in empty:
                if readings[key].confidence >= SURE and trace[key] >= least:
                    readings[key] = Reading(False, SURE - 0.1)
    circle_groups(page, scores, readings)
    clipped_doubts = 0
    if second_look:
        art = 1.0 - blank.astype(np.float32) / 255.0
        facts = {
            "pencil": pencil,
            "noise": noise,
            "contrast": contrast,
            "strokes": strokes,
            "blur": added.blur,
        }
        saturated = saturation(rectified)
        clipped_doubts = judge.settle(
            page, readings, scores, ink, art, light, saturated, px_per_point, tilt, **facts
        )
    # a finger, a pen, a stain over a mark: whatever was read there is not sure
    covered = lying_over(rectified, ink, page)
    for key in covered:
        if readings[key].confidence >= SURE:
            readings[key] = Reading(readings[key].filled, SURE - 0.1)
    # a shadow's tip the evening of light left (smooth darkness, no stroke in it), and an
    # eraser's ghost (far lighter than the page's pencil)
    fills = list(sure_fills(ink, off, page, readings))
    for key in {*smooth_fills(fills, ink, strokes), *ghost_fills(fills, strokes)}:
        readings[key] = Reading(True, SURE - 0.1)
    glare = tuple(glared(light, blank, page))
    return Decided(
        readings,
        scores,
        pencil,
        noise,
        contrast,
        glare,
        added.burnt,
        strokes,
        clipped_doubts,
        covered,
    )


def off_print(blank: np.ndarray) -> np.ndarray:
    """Pixels clear of the printed art (grown by 2 px, 0.4 mm: the alignment's error)."""
    art = (blank < 230).astype(np.uint8)
    return cv2.dilate(art, np.ones((5, 5), np.uint8)) == 0


def _mask(ink: np.ndarray, threshold: float) -> np.ndarray:
    mask = (ink > threshold).astype(np.uint8)
    # single specks (noise, dust, a JPEG ring) are not pencil: a line is 2 px wide or more
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)).astype(bool)


def uncertain(readings: Mapping[str, Reading]) -> list[str]:
    """The keys of the readings to look at, in page order."""
    return [key for key, reading in readings.items() if reading.uncertain]
