"""The pencil added to a photo of a page: its light evened out (paper at 1.0 everywhere), the
blank page it was printed from subtracted (`features`), and what the photo shows of its
light: its noise, how dark its print shows, how much of its paper the camera clipped to
white, how blurred it is."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from sheetsmith.photo.burnt import burnt_share
from sheetsmith.photo.features import pencil as pencil_added
from sheetsmith.photo.geometry import PX_PER_MM, mark_window
from sheetsmith.photo.marks import ReadablePage

# Paper brightness is estimated over this width: wider than a stroke or a filled point
BACKGROUND_MM = 12.0
# ... then smoothed this much (px at a quarter of the rectified scale: 1.2 mm), enough
# to hide the closing's blocky steps, little enough to keep a shadow's edge
PAPER_SMOOTH = 1.5

# Printed art grows by this many pixels (0.4 mm at 5 px/mm) before it is subtracted
ART_SLACK_PX = 2


@dataclass(frozen=True, slots=True)
class InkAdded:
    ink: np.ndarray  # ink added per pixel: paper = 0, print subtracted, pencil up to about 1
    noise: float  # the photo's noise, as ink added on paper (a robust deviation)
    contrast: float  # how dark the print shows against the blank's, 1.0 as printed
    light: np.ndarray  # the photo's light, paper at 1.0
    burnt: float  # the share of the page whose paper the camera clipped to white
    blur: float  # the photo's blur (Gaussian sigma, px at 5 px/mm; features.print_model)


def even_light(gray: np.ndarray) -> np.ndarray:
    """The page with its paper at 1.0 everywhere (float32), shadows and fall-off divided out."""
    f = gray.astype(np.float32)
    small = cv2.resize(f, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    k = int(BACKGROUND_MM * PX_PER_MM / 4) | 1
    # a grey closing (the brightest within reach, then the darkest of those): print and
    # pencil narrower than the reach vanish, and the edge of a shadow stays where it is (a
    # dilation alone moves it outwards by the reach, and the paper just inside the shadow
    # then reads as pencil)
    element = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    paper = cv2.morphologyEx(small, cv2.MORPH_CLOSE, element)
    paper = cv2.GaussianBlur(paper, (0, 0), PAPER_SMOOTH)
    paper = cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR)
    return f / np.maximum(paper, 1.0)


def ink_added(
    rectified: np.ndarray, blank: np.ndarray, regions: list[tuple[int, int, int, int]] = ()
) -> InkAdded:
    """The pencil added to the rectified photo of the page printed as `blank` (rendered at
    the same scale), with what the photo shows of its light (`InkAdded`). Each of `regions`
    is aligned once more on its own (`features.pencil`)."""
    gray = cv2.cvtColor(rectified, cv2.COLOR_BGR2GRAY) if rectified.ndim == 3 else rectified
    # a touch of smoothing: JPEG blocks and sensor noise are finer than a pencil line
    light = cv2.GaussianBlur(even_light(gray), (0, 0), 0.8)
    art = 1.0 - blank.astype(np.float32) / 255.0
    size = 2 * ART_SLACK_PX + 1
    art = cv2.dilate(art, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    paper_only = art < 0.02
    burnt = burnt_share(gray, paper_only)
    # per-page calibration of white: the median blank-paper pixel is paper
    # medians of every 3rd row and column: as good, ten times faster
    sample_paper = paper_only[::3, ::3]
    if sample_paper.any():
        level = float(np.median(light[::3, ::3][sample_paper]))
        light = light / max(level, 0.2)
    ink, blur, contrast = pencil_added(1.0 - light, blank, regions)
    if sample_paper.any():
        sample = ink[::3, ::3][sample_paper]
        noise = float(1.4826 * np.median(np.abs(sample - np.median(sample))))
    else:  # pragma: no cover - every page has paper
        noise = 0.02
    return InkAdded(ink, noise, contrast, light, burnt, blur)


def mark_regions(page: ReadablePage) -> list[tuple[int, int, int, int]]:
    """Where pencil may lie around each mark (a ring strays further than a tick): where the
    blank's print is aligned to the photo once more (`features.pencil`)."""
    return [mark_window(mark, page, 0.6 if mark.kind == "circle" else 0.2) for mark in page.marks]
