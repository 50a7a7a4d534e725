"""Circled values read from a photo: how much of a ring around a value holds pencil (the
directions towards a close neighbour left out), and the values of one group (a tracker,
a day row, an article's rewards) weighed against each other."""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from sheetsmith.photo.geometry import PX_PER_MM, SCALE, clipped
from sheetsmith.photo.marks import SURE, Mark, ReadablePage, Reading

# Circles: share of the 16 directions holding pencil; its threshold and certain distance
_SECTORS = 16


CIRCLE_THRESHOLD = 0.45


CIRCLE_SPAN = 0.3


# A direction holds pencil with this many of its band's pixels (and at least this share)
_SECTOR_LEAST_PX = 4


_SECTOR_SHARE = 0.04


# Directions within this angle (radians) of a close neighbour circle are not counted
_BESIDE = math.radians(45)


# A neighbour circle measuring this much before that is taken to be circled
NEIGHBOUR_RING = 0.6


_GROUP_BELOW, _GROUP_GAP = 0.75, 0.3
# Circles come in groups (the keys before the last colon: a day, a tracker, one article's
# reward) in which a player circles one value, or a few: a circle read filled well below
# the group's top one (under the first figure, the second below the top) is not sure (a
# blank circle beside a ring catches part of it); and in a group read with none circled,
# a top circle this far above the floor and the next one is not sure (a faint ring)
_GROUP_FAINT = 0.03


def neighbours(page: ReadablePage) -> dict[str, list[tuple[str, float]]]:
    """For each circle, the directions (radians, y down) of the circles close beside it: a
    loop drawn around one of those passes through this one's band on that side."""
    circles = [m for m in page.marks if m.kind == "circle"]
    found: dict[str, list[tuple[str, float]]] = {m.key: [] for m in circles}
    for a in circles:
        ax, ay = a.box.centre
        ra = max(a.box.width, a.box.height) / 2
        for b in circles:
            if b is a:
                continue
            bx, by = b.box.centre
            rb = max(b.box.width, b.box.height) / 2
            if math.hypot(bx - ax, by - ay) < 1.6 * (ra + rb) + 6.0:
                found[a.key].append((b.key, math.atan2(-(by - ay), bx - ax)))
    return found


def circle_score(
    mask: np.ndarray, mark: Mark, page: ReadablePage, beside: list[float] = ()
) -> float:
    """The share of directions around the value in which a ring's band holds pencil (the
    directions facing a close neighbour left out: its own ring may pass there)."""
    box = mark.box
    margin = 2.5 * 72 / 25.4  # the band reaches 2.5 mm past the box (a ring drawn loosely)
    cx, cy = box.centre
    rx, ry = box.width / 2, box.height / 2
    x0, y0, x1, y1 = clipped(
        (
            math.floor((cx - rx - margin) * SCALE),
            math.floor((page.height - cy - ry - margin) * SCALE),
            math.ceil((cx + rx + margin) * SCALE),
            math.ceil((page.height - cy + ry + margin) * SCALE),
        ),
        mask.shape,
    )
    if x1 <= x0 or y1 <= y0:
        return 0.0
    window = mask[y0:y1, x0:x1]
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    px, py = cx * SCALE, (page.height - cy) * SCALE
    # distance in "box radii" (1.0 on the box's inscribed ellipse), so wide boxes work too
    u = (xx - px) / (rx * SCALE)
    v = (yy - py) / (ry * SCALE)
    radius = np.hypot(u, v)
    outer = 1.0 + margin / min(rx, ry)
    # a ring is drawn around the value: from just inside the printed outline (a tight ring
    # overlaps it) to the margin; the corners of a rectangular box reach radius 1.41
    band = (radius >= 0.8) & (radius <= max(outer, 1.5))
    angle = np.arctan2(v, u)
    sector = ((angle + math.pi) / (2 * math.pi) * _SECTORS).astype(np.int32) % _SECTORS
    inked = window & band
    counts = np.bincount(sector[inked], minlength=_SECTORS)
    sizes = np.bincount(sector[band], minlength=_SECTORS)
    hit = counts >= np.maximum(_SECTOR_LEAST_PX, _SECTOR_SHARE * sizes)
    centres = (np.arange(_SECTORS) + 0.5) / _SECTORS * 2 * math.pi - math.pi
    usable = np.ones(_SECTORS, bool)
    for direction in beside:
        gap = np.abs((centres - direction + math.pi) % (2 * math.pi) - math.pi)
        usable &= gap > _BESIDE
    if usable.sum() < _SECTORS // 3:
        usable[:] = True
    covered = float(hit[usable].mean())
    inside = window & (radius < 0.8)
    inside_mm2 = float(inside.sum()) / PX_PER_MM**2
    # the value itself scribbled over or crossed out: marked too (4 mm² is a firm stroke)
    return max(float(covered), min(1.0, inside_mm2 / 4.0) * CIRCLE_THRESHOLD * 1.5)


def circle_groups(
    page: ReadablePage, scores: Mapping[str, float], readings: dict[str, Reading]
) -> None:
    """Circles judged within their group (see _GROUP_FAINT): readings changed in place."""
    groups: dict[str, list[str]] = {}
    for mark in page.marks:
        if mark.kind == "circle" and ":" in mark.key:
            groups.setdefault(mark.key.rsplit(":", 1)[0], []).append(mark.key)
    for keys in groups.values():
        if len(keys) < 2:
            continue
        ranked = sorted(keys, key=lambda k: -scores[k])
        top, second = scores[ranked[0]], scores[ranked[1]]
        unsure: list[str] = []
        unsure += [
            k
            for k in ranked[1:]
            if readings[k].filled and scores[k] < min(_GROUP_BELOW, top - _GROUP_GAP)
        ]
        if len(keys) >= 3:
            # a row whose band holds residue everywhere (a print heavier than its model
            # around every value): a circle read filled, but not clearly, is sure only well
            # above the row's floor (its lowest third)
            floor = sorted(scores[k] for k in keys)[(len(keys) - 1) // 3]
            least = min(_GROUP_BELOW, floor + _GROUP_GAP)
            unsure += [k for k in keys if readings[k].filled and scores[k] < least]
        faint = top >= _GROUP_FAINT and top - second >= _GROUP_FAINT
        if faint and not any(readings[k].filled for k in keys):
            unsure.append(ranked[0])
        for key in set(unsure):
            reading = readings[key]
            if reading.confidence >= SURE:
                readings[key] = Reading(reading.filled, SURE - 0.1)
