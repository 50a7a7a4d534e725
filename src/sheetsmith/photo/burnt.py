"""Burnt paper: a photo exposed far past white clips the paper to 255, and pencil light
enough is clipped away with it. Evening out the light cannot bring it back, so the marks
there read empty at full confidence: such a photo is refused. Paper exposed just to white
still shows its noise under the clip; paper far past it is white without a speck.
"""

from __future__ import annotations

import cv2
import numpy as np

from sheetsmith.photo.geometry import PX_PER_MM

# Paper at this brightness (of 255) or more is clipped to white; a cell of the page this
# wide is burnt where this share of its bare paper is. Stricter than the judge's clipped
# plane (judge.SATURATED, 250): paper exposed just to white must not count here. JPEG
# pulls clipped paper under 254 near print, so a photo saved at quality 92 or lower shows
# less of its burnt paper (bench/README.md, "a photo burnt white with faint pencil")
BURNT_LEVEL, BURNT_CELL_MM, BURNT_ALL = 254, 4.0, 0.97
# A page burnt over this share, whose pencil strokes show lighter than FAINT_STROKES (ink
# added, paper 0) or not at all, may have lost pencil to the clip. Of the tuning photos
# (bench/photos: 288 read of the 300 held back from training in seeds 0-1199) none is
# burnt over 0.47. A test page 1.5 times overexposed is burnt over 0.73, and its light
# pencil (0.25 on a fair photo) vanishes: an empty sheet, every mark sure. Its dark pencil
# shows at 0.42 there, and at 0.27 under haze (1.3 times, and a fifth of white added)
BURNT_PAGE, FAINT_STROKES = 0.6, 0.2


def burnt_share(gray: np.ndarray, paper_only: np.ndarray) -> float:
    """The share of the page (in cells of BURNT_CELL_MM) whose bare paper the camera
    clipped to white all over."""
    f = 1.0 / (BURNT_CELL_MM * PX_PER_MM)
    paper = cv2.resize(
        paper_only.astype(np.float32), None, fx=f, fy=f, interpolation=cv2.INTER_AREA
    )
    clipped = (gray >= BURNT_LEVEL) & paper_only
    clipped = cv2.resize(clipped.astype(np.float32), None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    cells = paper >= 0.3
    if not cells.any():
        return 0.0
    return float(np.mean(clipped[cells] >= BURNT_ALL * paper[cells]))


def pencil_lost(burnt: float, stroke_darkness: float) -> bool:
    """Whether light pencil may be gone from a page burnt over `burnt` of its area, whose
    clearly filled marks show at `stroke_darkness` (0.0: none)."""
    return burnt >= BURNT_PAGE and stroke_darkness < FAINT_STROKES
