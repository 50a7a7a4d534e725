"""Glare: light thrown onto part of the page (a flash, a lamp's reflection) lightens the
print and the pencil there alike. Evening out the light keeps the paper white but cannot
bring the pencil back, so marks in and around the glare read wrong at full confidence: a
photo with glare is refused. The print shows where: around each mark, the darkness of the
blank's solid print as the photo shows it falls far below the page's typical there.
"""

from __future__ import annotations

import cv2
import numpy as np

from sheetsmith.photo.geometry import PX_PER_MM, SCALE, clipped
from sheetsmith.photo.marks import ReadablePage

# A mark is in glare where the print around it shows at under this share of the page's
# typical darkness. On the tuning photos (bench/photos, seeds 0-419: 27,000 marks) none
# fell under it. An example photo under a flash-like spot of +140 (of 255) has 57 marks
# under it (29 read wrong, 15 of them sure); one under a spot of +60 has none (2 read
# wrong, both flagged), nor one made 1.4 times brighter. Of the 200 held-out photos one
# has a mark under it: a washed-out daily sheet whose faint letters read empty, 8 marks
# wrong at full confidence.
GLARE_SHARE = 0.25
# The print is looked at over this reach around a mark (a Gaussian's sigma), at a quarter
# of the rectified scale: wide enough to hold printed lines or text near every mark
_REACH_MM = 8.0
_SHRINK = 4
_SOLID = 80  # blank pixels darker than this (of 255) are solid print


def glared(light: np.ndarray, blank: np.ndarray, page: ReadablePage) -> list[str]:
    """The keys of the marks in glare. `light`: the rectified page with its paper at 1.0
    (ink.ink_added); `blank`: the blank page rendered at the same scale."""
    solid = (blank < _SOLID).astype(np.float32)
    seen = solid * (1.0 - np.minimum(light, 1.0))
    size = (blank.shape[1] // _SHRINK, blank.shape[0] // _SHRINK)
    sigma = _REACH_MM * PX_PER_MM / _SHRINK
    near = cv2.GaussianBlur(cv2.resize(solid, size, interpolation=cv2.INTER_AREA), (0, 0), sigma)
    shown = cv2.GaussianBlur(cv2.resize(seen, size, interpolation=cv2.INTER_AREA), (0, 0), sigma)
    has_print = near > 0.02
    if not has_print.any():
        return []
    darkness = shown / np.maximum(near, 1e-4)
    typical = float(np.median(darkness[has_print]))
    if typical <= 0:
        return []
    out = []
    for mark in page.marks:
        box = mark.box
        x = int((box.x + box.width / 2) * SCALE / _SHRINK)
        y = int((page.height - box.y - box.height / 2) * SCALE / _SHRINK)
        x0, y0, x1, y1 = clipped((x, y, x + 1, y + 1), darkness.shape)
        inside = x1 > x0 and y1 > y0 and has_print[y0, x0]
        if inside and darkness[y0, x0] < GLARE_SHARE * typical:
            out.append(mark.key)
    return out
