"""Where things are on a rectified page, and the pages a photo may show: the fixed scale,
the homography from the markers' corners to their printed places, the blank page to compare
with (`PageSource`) and where readable pages come from (`Catalogue`)."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np

from sheetsmith.photo.marks import Mark, ReadablePage, Reading

# The rectified page: 5 px per mm (127 dpi). A minor star-map point (3 mm) is 15 px across and
# a pencil line 2-3 px wide: enough to tell a dot from a smudge, and a Letter page (1080 x
# 1397 px) is compared in a few milliseconds. Photos rarely hold more detail than this.
PX_PER_MM = 5.0


SCALE = PX_PER_MM * 25.4 / 72.0  # pixels per PDF point


@dataclass(frozen=True, slots=True)
class PageSource:
    """A readable page and the blank document it is printed from (page `index` of `pdf`),
    which the reader rasterizes to compare a photo against."""

    page: ReadablePage
    pdf: bytes
    index: int


class Catalogue(Protocol):
    """Where the reader learns the pages it may meet and turns readings into a sheet. The
    registry's games by default (`photo.read.GAMES`); tests pass their own."""

    def page(self, payload: str) -> PageSource:
        """The page a page code names; `UnknownPage` if none (say why)."""
        ...

    def sheet(self, game: str, readings: Mapping[str, Mapping[str, Reading]]) -> str:
        """The typed sheet (TOML) of `game` from every page's readings."""
        ...

    def candidates(self) -> Iterable[ReadablePage]:
        """Every page a photo may show: where their codes are, and what they look like."""
        ...


def rough_page(gray: np.ndarray, markers: Mapping[int, np.ndarray], height: int) -> np.ndarray:
    """The page between the markers' outer corners, stretched onto a rectangle of the
    usual paper shape: enough to find and decode the page code."""
    outer = np.float32([markers[i][i] for i in range(4)])  # each marker's own outer corner
    width = round(height / 1.3)
    target = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    h = cv2.getPerspectiveTransform(outer, target)
    return cv2.warpPerspective(gray, h, (width, height), flags=cv2.INTER_LINEAR, borderValue=255)


def page_homography(markers: Mapping[int, np.ndarray], page: ReadablePage) -> np.ndarray | None:
    return fit_homography(markers, page)[0]


# A marker corner whose refinement went astray (ink or shadow beside it) lies this far
# (rectified pixels) off the fit of the others, and is left out, up to `MAX_DROPPED` of 16
OUTLIER = 2.0


MAX_DROPPED = 4


def fit_homography(
    markers: Mapping[int, np.ndarray], page: ReadablePage
) -> tuple[np.ndarray | None, float]:
    """The homography from the photo to the rectified page through the 16 marker corners,
    a stray corner or few left out; and the largest error of the corners kept."""
    photo = np.float32([markers[i] for i in range(4)]).reshape(16, 2)
    target = page_points(page)
    keep = np.ones(16, bool)
    while True:
        h, _ = cv2.findHomography(photo[keep], target[keep], 0)
        if h is None:
            return None, math.inf
        fitted = cv2.perspectiveTransform(photo.reshape(-1, 1, 2), h).reshape(-1, 2)
        error = np.linalg.norm(fitted - target, axis=1)
        error[~keep] = 0.0
        worst = int(np.argmax(error))
        if error[worst] <= OUTLIER or keep.sum() <= 16 - MAX_DROPPED:
            return h, float(error.max())
        keep[worst] = False


def page_points(page: ReadablePage) -> np.ndarray:
    """Where each marker's 4 corners are on the rectified page (16 x 2, CORNERS order, each
    marker's corners from its top-left, clockwise, as ArUco gives them)."""
    points = []
    for rect in page.markers:
        left, right = rect.x * SCALE, rect.x1 * SCALE
        top, bottom = (page.height - rect.y1) * SCALE, (page.height - rect.y) * SCALE
        points += [(left, top), (right, top), (right, bottom), (left, bottom)]
    return np.float32(points)


def mark_window(mark: Mark, page: ReadablePage, grow: float) -> tuple[int, int, int, int]:
    """The mark's box in rectified pixels (x0, y0, x1, y1), grown by `grow` of its size;
    it may reach off the page."""
    box = mark.box
    dx, dy = box.width * grow / 2, box.height * grow / 2
    x0 = (box.x - dx) * SCALE
    x1 = (box.x1 + dx) * SCALE
    y0 = (page.height - box.y1 - dy) * SCALE
    y1 = (page.height - box.y + dy) * SCALE
    return math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)


def page_size(page: ReadablePage) -> tuple[int, int]:
    return round(page.width * SCALE), round(page.height * SCALE)


_BLANKS: dict[tuple[str, int, int], np.ndarray] = {}


def blank_page(source: PageSource) -> np.ndarray:
    """The blank page rasterized at the rectified scale (grey, uint8), cached per process."""
    width, height = page_size(source.page)
    key = (source.page.payload, width, height)
    if key not in _BLANKS:
        from sheetsmith.print import raster

        box = (0.0, 0.0, source.page.width, source.page.height)
        (image,) = raster.regions(source.pdf, [raster.Region(source.index, box, (width, height))])
        _BLANKS[key] = np.asarray(image.convert("L"))
    return _BLANKS[key]


def clipped(region: tuple[int, int, int, int], shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = region
    return max(0, x0), max(0, y0), min(shape[1], x1), min(shape[0], y1)


# a page's points come in a few sizes, asked for hundreds of times a photo
@functools.lru_cache(maxsize=256)
def ellipse(width: int, height: int, share: float = 1.0) -> np.ndarray:
    """The disc filling a width x height window (shrunk to `share`), as a read-only mask."""
    yy, xx = np.mgrid[0:height, 0:width]
    cx, cy = (width - 1) / 2, (height - 1) / 2
    rx, ry = max(share * width / 2, 0.5), max(share * height / 2, 0.5)
    inside = ((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2 <= 1.0
    inside.flags.writeable = False  # shared by every caller
    return inside
