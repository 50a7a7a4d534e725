"""The page's four ArUco corner markers in a photo: found at up to three scales, read from the
middle of their cells (one bit corrected), checked for one page, and judged for light and
sharpness (they are black and white by construction)."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping

import cv2
import numpy as np

from sheetsmith.photo.errors import BadLight, MixedPages
from sheetsmith.photo.marks import CORNERS

# Each marker is resampled onto 8 px per cell to judge it (a 4x4 marker is 6 cells wide with
# its border, plus one white cell around it)
_CELL = 8


# Sharpness: the steepest edges in a marker, in contrast per canonical pixel. A sharp edge
# gives 0.3-0.5; Gaussian blur of sigma s cells gives about 0.05 / s. On the tuning photos
# the one photo read below 0.152 had 39 marks wrong without a flag, those at 0.154-0.16 none;
# tests/test_photo_read.py wants its blur of 3.5 px (0.159) refused, so the gate is 0.16.
MIN_SHARPNESS = 0.16


# A photo with no marker found whose sharpest edges (at 1600 px across) are this soft is
# said to be blurred rather than to hold no page: the test page at 1600x1200 loses its
# markers from a blur of 4 px (0.096), while a sharp photo, page or not, shows 0.2 or more
_SOFT_PHOTO = 0.1


# Light: the paper (brightest part of the markers' quiet zone) must reach this grey level...
MIN_WHITE = 60


# ...and the printed black must stay this much darker than the paper (relative), or pencil,
# lighter than print, disappears (glare, overexposure, a dim room pushed by the camera)
MIN_CONTRAST = 0.35


def _detector(window: tuple[int, int, int]) -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    # threshold windows (smallest, largest, step): a few, sized to the markers' cells at
    # the scale searched; each window is a full pass over the picture
    params.adaptiveThreshWinSizeMin, params.adaptiveThreshWinSizeMax = window[0], window[1]
    params.adaptiveThreshWinSizeStep = window[2]
    params.minMarkerPerimeterRate = 0.015  # markers down to ~1.5 % of the photo's side
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.cornerRefinementWinSize = 4
    params.polygonalApproxAccuracyRate = 0.05  # perspective and lens curve bend the quads
    # a marker's bits are read from the middle of each cell only (blur and JPEG smear the
    # cells' edges into their neighbours), and one wrong bit of 16 is corrected: only ids
    # 0..3 are taken, and a stray match must also fit the other markers (`_consistent`)
    params.perspectiveRemovePixelPerCell = 8
    params.perspectiveRemoveIgnoredMarginPerCell = 0.3
    params.errorCorrectionRate = 1.0
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    return cv2.aruco.ArucoDetector(dictionary, params)


# The marker search: (longest side of the picture searched, threshold windows). The first
# finds the markers of nearly every photo; the others only look for what it missed: the
# photo at more detail (small or tilted-away markers, cells of 2-3 px), then smaller (a
# blurred marker is sharp again at half the size)
SEARCHES = ((1400, (5, 25, 10)), (2000, (3, 23, 10)), (700, (5, 45, 8)))


@functools.cache
def _shared_detector(window: tuple[int, int, int]) -> cv2.aruco.ArucoDetector:
    return _detector(window)


def _detect(
    gray: np.ndarray, scale: float, window: tuple[int, int, int]
) -> dict[int, list[np.ndarray]]:
    corners, ids, _ = _shared_detector(window).detectMarkers(gray)
    found: dict[int, list[np.ndarray]] = {}
    if ids is None:
        return found
    for quad, marker in zip(corners, ids.ravel(), strict=True):
        if 0 <= marker < len(CORNERS):
            found.setdefault(int(marker), []).append(quad.reshape(4, 2) / scale)
    return found


def find_markers(gray: np.ndarray) -> dict[int, np.ndarray]:
    """The corner markers in a grey photo: id -> its 4 corners (x, y) in photo pixels, in
    the marker's own order (its top-left corner first, clockwise)."""
    found: dict[int, list[np.ndarray]] = {}
    longest = max(gray.shape[:2])
    searched: set[float] = set()
    for side, window in SEARCHES:
        scale = min(1.0, side / longest)
        if scale in searched:
            continue
        searched.add(scale)
        small = (
            gray
            if scale == 1.0
            else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        )
        more = _detect(small, scale, window)
        if scale < 1.0:
            more = _refined(gray, more, scale)
        for marker, quads in more.items():
            if marker not in found:
                found[marker] = quads
            else:
                found[marker] += [q for q in quads if not _apart([found[marker][0], q])]
        if len(found) == len(CORNERS) and all(len(q) == 1 for q in found.values()):
            break
    markers: dict[int, np.ndarray] = {}
    for marker, quads in found.items():
        if len(quads) > 1 and _apart(quads):
            quads = _consistent(marker, quads, found)
            if _apart(quads):
                raise MixedPages(
                    f"two {CORNERS[marker]} markers: the photo holds more than one page;"
                    " photograph one page at a time"
                )
        markers[marker] = quads[0]
    return markers


def _consistent(
    marker: int, quads: list[np.ndarray], found: Mapping[int, list[np.ndarray]]
) -> list[np.ndarray]:
    """Of several far-apart quads read as one marker, those that can be this page's: about
    the size of the page's other markers, and turned the same way (a stray pattern read as
    a marker, one wrong bit corrected, is neither, mostly), and where the other three are
    found once each, at a corner of the page they make. A second page in the photo shows
    its other markers too, and is refused."""
    # a marker found again at another scale of the search is one marker, not two
    others = [q[0] for m, q in found.items() if m != marker and not _apart(q)]
    if not others:
        return quads
    size = float(np.median([np.linalg.norm(q[0] - q[2]) for q in others]))
    angle = [math.atan2(*(q[1] - q[0])[::-1]) for q in others]
    mean = math.atan2(np.mean(np.sin(angle)), np.mean(np.cos(angle)))

    def turned_alike(quad: np.ndarray) -> bool:
        turn = math.atan2(*(quad[1] - quad[0])[::-1]) - mean
        return abs((turn + math.pi) % (2 * math.pi) - math.pi) < math.radians(30)

    def sized_alike(quad: np.ndarray) -> bool:
        return 0.6 < float(np.linalg.norm(quad[0] - quad[2])) / max(size, 1e-6) < 1.6

    # one test after the other, each kept only where it leaves a quad: under a steep tilt
    # the page's own markers differ in size nearly threefold (seed 114653), so the size
    # test alone may pass over the true marker while the turn still tells it
    kept = [q for q in quads if turned_alike(q)] or quads
    kept = [q for q in kept if sized_alike(q)] or kept
    if len(kept) > 1 and len(others) == len(CORNERS) - 1:
        kept = _at_the_corner(marker, kept, found)
    return kept


def _at_the_corner(
    marker: int, quads: list[np.ndarray], found: Mapping[int, list[np.ndarray]]
) -> list[np.ndarray]:
    """Of several quads read as `marker`, those that can be a corner of the page the other
    three markers make: with the three, one goes round a convex quadrilateral. A pattern
    inside the triangle of the other three (seed 100684's score boxes, read as its
    bottom-right marker) does not, under any perspective. Nearer guesses (the corner of
    the three's parallelogram) are not safe: a tilt moves that corner into the page. Of
    those left, one inside the page another makes with the three is a pattern on that page
    (seed 114653): a corner marker never lies inside its page, nor does a second page's."""
    centre = {m: found[m][0].mean(axis=0) for m in range(len(CORNERS)) if m != marker}

    def page(quad: np.ndarray) -> list[np.ndarray]:
        return [quad.mean(axis=0) if m == marker else centre[m] for m in range(len(CORNERS))]

    def convex(ring: list[np.ndarray]) -> bool:
        return _same_side([(ring[i], ring[(i + 1) % 4], ring[(i + 2) % 4]) for i in range(4)])

    def inside(point: np.ndarray, ring: list[np.ndarray]) -> bool:
        return _same_side([(ring[i], ring[(i + 1) % 4], point) for i in range(4)])

    kept = [quad for quad in quads if convex(page(quad))] or quads
    rings = [page(quad) for quad in kept]
    return [
        quad
        for i, quad in enumerate(kept)
        if not any(inside(quad.mean(axis=0), ring) for j, ring in enumerate(rings) if j != i)
    ] or kept


def _same_side(triples: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> bool:
    """Whether every (a, b, c) turns the same way going a -> b -> c (all left or all right)."""
    turns = [(b - a)[0] * (c - a)[1] - (b - a)[1] * (c - a)[0] for a, b, c in triples]
    return all(t > 0 for t in turns) or all(t < 0 for t in turns)


def _apart(quads: list[np.ndarray]) -> bool:
    centres = [q.mean(axis=0) for q in quads]
    size = max(float(np.linalg.norm(q[0] - q[2])) for q in quads)
    return any(np.linalg.norm(c - centres[0]) > size for c in centres[1:])


def _refined(
    gray: np.ndarray, found: dict[int, list[np.ndarray]], scale: float
) -> dict[int, list[np.ndarray]]:
    """Corners found on the small photo, refined on the full one (sub-pixel precision at the
    photo's own resolution: the homography is only as good as these 16 points)."""
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
    window = max(2, round(1.5 / scale))
    out: dict[int, list[np.ndarray]] = {}
    for marker, quads in found.items():
        out[marker] = []
        for quad in quads:
            side = float(np.linalg.norm(quad[0] - quad[1]))
            win = int(min(window, max(2, side / 12)))
            points = quad.astype(np.float32).reshape(-1, 1, 2).copy()
            cv2.cornerSubPix(gray, points, (win, win), (-1, -1), criteria)
            refined = points.reshape(4, 2)
            # a refinement that wandered off (a corner near other ink) keeps the coarse one
            moved = np.linalg.norm(refined - quad, axis=1).max()
            out[marker].append(refined if moved < 2.0 / scale else quad)
    return out


def _canonical(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """A marker resampled upright onto `_CELL` px per cell, with one cell of quiet zone."""
    size = 8 * _CELL
    inner = np.float32(
        [[_CELL, _CELL], [7 * _CELL, _CELL], [7 * _CELL, 7 * _CELL], [_CELL, 7 * _CELL]]
    )
    h = cv2.getPerspectiveTransform(quad.astype(np.float32), inner)
    return cv2.warpPerspective(
        gray, h, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def judge_markers(
    gray: np.ndarray, markers: Mapping[int, np.ndarray]
) -> tuple[float, float, float]:
    """(sharpness, paper white level, contrast) from the markers, the parts of the page
    whose look is known whatever the game."""
    sharp: list[float] = []
    whites: list[float] = []
    blacks: list[float] = []
    for quad in markers.values():
        patch = _canonical(gray, quad).astype(np.float32)
        border = np.ones(patch.shape, bool)
        border[_CELL // 2 : -_CELL // 2, _CELL // 2 : -_CELL // 2] = False
        whites.append(float(np.percentile(patch[border], 90)))
        # the marker's black border ring (cell 1 of 8), away from its edges
        ring = np.zeros(patch.shape, bool)
        c = _CELL
        ring[c + 2 : 2 * c - 2, c + 2 : 7 * c - 2] = True
        ring[6 * c + 2 : 7 * c - 2, c + 2 : 7 * c - 2] = True
        blacks.append(float(np.percentile(patch[ring], 50)))
        span = max(whites[-1] - blacks[-1], 1.0)
        sharp.append(float(np.percentile(_edges(patch), 97)) / span)
    white = float(np.median(whites))
    black = float(np.median(blacks))
    contrast = (white - black) / max(white, 1.0)
    return float(np.median(sharp)), white, contrast


def too_soft(gray: np.ndarray) -> bool:
    """Whether a whole photo is blurred past finding markers in it: its steepest edges
    (99.9th percentile, per pixel at 1600 px across) against its range of grey. A plain
    photo (nothing in it, not even a table's edge) is not said to be blurred."""
    scale = min(1.0, 1600 / max(gray.shape[:2]))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    small = small.astype(np.float32)
    low, high = np.percentile(small, (0.5, 99.5))
    if high - low < 40:
        return False
    return float(np.percentile(_edges(small), 99.9)) / (high - low) < _SOFT_PHOTO


def _edges(image: np.ndarray) -> np.ndarray:
    """The grey level's slope at each pixel of a float32 image, in grey per pixel (a ramp
    rising one grey level a pixel reads 1.0)."""
    gx = cv2.Sobel(image, cv2.CV_32F, 1, 0, ksize=3) / 8.0
    gy = cv2.Sobel(image, cv2.CV_32F, 0, 1, ksize=3) / 8.0
    return np.hypot(gx, gy)


def check_light(image_gray: np.ndarray) -> None:
    """Refuse a photo with nothing but darkness before searching it."""
    step = max(1, max(image_gray.shape[:2]) // 1000)  # every pixel is not needed to see it
    if float(np.percentile(image_gray[::step, ::step], 99)) < MIN_WHITE * 0.6:
        raise BadLight(
            "the photo is too dark to find a page: take it again in better light"
            " (daylight or a lamp, no flash glare)"
        )


def corner_inside(shape: tuple[int, ...], quad: np.ndarray) -> bool:
    height, width = shape[:2]
    return bool(((quad >= 0) & (quad < np.float32([width, height]))).all())


def missing_corners(markers: Mapping[int, np.ndarray]) -> list[str]:
    return [corner for i, corner in enumerate(CORNERS) if i not in markers]
