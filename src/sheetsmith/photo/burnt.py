"""Burnt paper: a photo exposed far past white clips the paper to 255, and pencil light
enough is clipped away with it. Evening out the light cannot bring it back, so the marks
there read empty at full confidence: such a photo is refused. Paper exposed just to white
still shows its noise under the clip; paper far past it is white without a speck.

Mark by mark, the same: the second look (`judge`) sees where the photo is clipped
(`saturation`), and an empty reading where the pencil may be clipped away (`lost`), or a
filled one that overturns a reader sure of paper there (`overturned`), is flagged.
"""

from __future__ import annotations

import cv2
import numpy as np

from sheetsmith.photo.geometry import PX_PER_MM
from sheetsmith.photo.marks import SURE

# Paper at this brightness (of 255) or more is clipped to white; a cell of the page this
# wide is burnt where this share of its bare paper is. Stricter than the judge's clipped
# plane (SATURATED, 250): paper exposed just to white must not count here. JPEG
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
# A pixel of the rectified photo at or over this (of 255) is taken as clipped
SATURATED = 250
# An empty reading where LOST_SHARE or more of the mark's patch is clipped to white, on a
# page whose clearly filled marks show lighter than LOST_STROKES (ink added; or none
# show), is flagged whatever every look says: pencil that light is clipped away with the
# paper, and nothing is left to see. The same as a burnt page (FAINT_STROKES, 0.2),
# mark by mark; a little over it, as the strokes' own measure reads such pencil at 0.18-0.20
# on those photos. A scribble and a cross on boxes read empty with every look at logit 8
# (held-out 105949, 109963, paper 62-67 % clipped); no look can be trusted there. It refuses
# 1.5-3.5 % more photos as unclear (bench/README.md, "Pencil clipped away with the paper").
# A page's strokes are its clearly filled marks' typical pencil, and one mark's can be
# lighter: a tick and a ring (the ring also under motion blur) on paper 66 % clipped read
# empty with every look, on pages whose strokes show at 0.24 and 0.25 (held-out 120332,
# 121928), so the line stands at 0.26, drawn just over them (only the blocks read since
# measure it). It refuses 3 % more of the tuning photos held back (bench/README.md,
# "Pencil clipped away on pages a little darker")
LOST_SHARE = 0.6
LOST_STROKES = 0.26
# On paper clipped half as much or more, the networks' filled reading against a reader sure
# the mark was empty is flagged too (`overturned`): the reader saw no pencil, and what the
# networks see may be an eraser's residue the clip left (held-out 113779: an erased box
# read filled at logit 6-18, its patch clipped 62 % as the bench decodes the photo and 58 %
# as `read` does). On 6,000 held-out photos, 124 marks (0.02 %; bench/README.md, "Pencil
# clipped away with the paper")
OVERTURN_SHARE = 0.5


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


def saturation(rectified: np.ndarray) -> np.ndarray:
    """Where the camera clipped the page to white (1.0, else 0.0). Evened light shows clipped
    paper like any other paper, but pencil there may have been clipped away with it: an
    empty look there is worth less."""
    gray = cv2.cvtColor(rectified, cv2.COLOR_BGR2GRAY) if rectified.ndim == 3 else rectified
    return (gray >= SATURATED).astype(np.float32)


def overturned(
    planes: np.ndarray, filled: np.ndarray, reader_filled: np.ndarray, reader_sure: np.ndarray
) -> np.ndarray:
    """Which filled readings (`filled`) overturn a reader sure the mark was empty, where
    OVERTURN_SHARE or more of the patch is clipped to white."""
    sure_empty = (reader_sure >= SURE) & ~reader_filled
    return filled & sure_empty & (clipped_share(planes) >= OVERTURN_SHARE)


def lost(planes: np.ndarray, filled: np.ndarray, strokes: float | None) -> np.ndarray:
    """Which empty readings (`filled` False) lie where the pencil may be clipped away with
    the paper: LOST_SHARE or more of the patch clipped to white (the last plane), on a page
    whose clearly filled marks show lighter than LOST_STROKES (`strokes`; 0.0 where none
    does). None where the page's strokes are not known."""
    if strokes is None or strokes >= LOST_STROKES:
        return np.zeros(len(planes), bool)
    return ~filled & (clipped_share(planes) >= LOST_SHARE)


def clipped_share(planes: np.ndarray) -> np.ndarray:
    """The share of each mark's patch clipped to white (its last plane, `saturation`)."""
    return planes[:, 3].mean(axis=(1, 2))
