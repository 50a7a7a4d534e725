"""Finding the page in a photo: its four ArUco corner markers, its page code, and the page
rectified to a fixed scale, so every mark lies where the layout put it.

1. The markers (DICT_4X4_50, ids 0..3 in `CORNERS` order) are searched at up to three scales
   (`SEARCHES`): 1400 px first, then more detail, then less, only for what is missing.
2. Light and sharpness are judged on the markers themselves: they are black and white by
   construction, so their contrast and edge width say whether pencil can be told apart.
3. The page code (a QR code) names the game, page, paper and version (`parse_payload`): its
   modules are sampled where each known layout puts them and redrawn clean for the decoder
   (which then reads 2 photo px per module), else decoded from the photo, else matched
   against the known pages' codes on their error-correction modules.
4. The page's own layout (`ReadablePage`, from the game's `readable` facet) says where each
   marker is printed; the homography from all 16 marker corners to those places gives the
   rectified page, `SCALE` pixels per point, pixel (0, 0) at the page's top-left corner.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from sheetsmith.photo.errors import BadLight, Blurred, CutOff, NoPage, TooSmall
from sheetsmith.photo.geometry import (
    SCALE,
    Catalogue,
    PageSource,
    fit_homography,
    page_homography,
    page_points,
    page_size,
)
from sheetsmith.photo.markers import (
    MIN_CONTRAST,
    MIN_SHARPNESS,
    MIN_WHITE,
    check_light,
    corner_inside,
    find_markers,
    judge_markers,
    missing_corners,
    too_soft,
)
from sheetsmith.photo.marks import ReadablePage
from sheetsmith.photo.page_code import identify

# The 16 marker corners must fit the printed layout to within this (rectified pixels):
# more means the markers are not of one flat page (two pages, a folded sheet)
MAX_FIT_ERROR = 6.0
# A photo under this many pixels on its long side that shows no page (or a cut off or
# blurred one) is said to be too small: a page in it is under a pixel per point, and its
# corner markers a few pixels wide
SMALL_SIDE = 1000
# Two markers place the others by a similarity, blind to the page's tilt: a corner placed
# past the frame's edge by less than this share of the two markers' distance may be inside
# (a tilted page puts it off by a fraction of that distance)
_SIMILARITY_DOUBT = 0.15


@dataclass(frozen=True, slots=True)
class Located:
    source: PageSource
    rectified: np.ndarray  # BGR, SCALE px per point, (0, 0) at the page's top-left
    sharpness: float
    white: float  # the paper's grey level in the photo
    contrast: float
    px_per_point: float = 0.0  # the photo's pixels per PDF point at the page's centre
    tilt: float = 0.0  # degrees: the page's foreshortening (the homography's anisotropy)
    # the four corner markers' centres, as shares of the photo's width and height: where
    # the page lies in the frame (a copy of a photo, saved again or shrunk, keeps them)
    framing: tuple[float, ...] = ()


def locate(image: np.ndarray, catalogue: Catalogue) -> Located:
    """The page in a BGR photo, rectified; a `PhotoError` saying why not."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    check_light(gray)
    try:
        return _locate(image, gray, catalogue)
    except (NoPage, CutOff, Blurred) as exc:
        height, width = gray.shape[:2]
        if max(height, width) >= SMALL_SIDE:
            raise
        # markers a few pixels wide are lost whatever else is wrong: say what to change
        raise TooSmall(
            f"the photo is too small to read ({width}x{height} pixels): send it at full"
            " size (a phone's camera takes 3000 pixels or more across; apps that share"
            " photos often shrink them)"
        ) from exc


def _locate(image: np.ndarray, gray: np.ndarray, catalogue: Catalogue) -> Located:
    markers = find_markers(gray)
    if not markers:  # a mirrored photo (some phones' front camera): its markers read flipped
        flipped = cv2.flip(gray, 1)
        markers = find_markers(flipped)
        if markers:
            image, gray = cv2.flip(image, 1), flipped
    if not markers and too_soft(gray):
        raise Blurred(
            "the photo is too blurred to find a page in it (none of its four corner markers"
            " can be made out): hold the phone still, let it focus on the page (tap it), and"
            " take it again"
        )
    if not markers:
        raise NoPage(
            "no sheetsmith page found (none of its four corner markers): photograph a whole"
            " page printed by sheetsmith, flat, from above, in focus"
        )
    missing = missing_corners(markers)
    if missing:
        # a corner the others place outside the frame is cut off, however sharp the photo
        placed = _missing_inside(gray.shape, markers, catalogue)
        outside = placed is False
        if not outside and judge_markers(gray, markers)[0] < MIN_SHARPNESS:
            raise Blurred(
                f"the photo is too blurred: the {_listed(missing)} corner marker"
                f"{'s are' if len(missing) > 1 else ' is'} lost in the blur; hold the phone"
                " still, let it focus on the page (tap it), and take it again"
            )
        if placed:
            several = len(missing) > 1
            raise Blurred(
                f"the page's {_listed(missing)} corner marker{'s are' if several else ' is'}"
                f" in the photo but cannot be made out (blurred, in shadow or glare, or"
                " drawn over): take the photo again, in focus, evenly lit, with the four"
                " black corner squares clean"
            )
        several = len(missing) > 1
        if placed is None and len(markers) > 1:  # two place the others, but not surely
            raise CutOff(
                f"the page's {_listed(missing)} corner marker{'s' if several else ''}"
                f" cannot be found: if {'they are' if several else 'it is'} outside the photo,"
                " step back so the whole page with its four black corner squares is in the"
                " frame; if not, take it again closer, in focus and evenly lit"
            )
        raise CutOff(
            f"the page is cut off: its {_listed(missing)} corner marker"
            f"{'s are' if several else ' is'} not in the photo (or hidden, or too"
            " blurred to make out);"
            " step back so the whole page with its four black corner squares is in the frame"
        )
    sharpness, white, contrast = judge_markers(gray, markers)
    if white < MIN_WHITE:
        raise BadLight("the photo is too dark: take it again in better light")
    if contrast < MIN_CONTRAST:
        raise BadLight(
            "the page is washed out (overexposed or glare: print and paper look alike);"
            " take it again without flash and out of direct light"
        )
    if sharpness < MIN_SHARPNESS:
        raise Blurred(
            "the photo is too blurred to read the marks: hold the phone still, let it"
            " focus on the page (tap it), and take it again"
        )
    source = identify(gray, markers, catalogue)
    rectified = rectify(image, markers, source.page)
    px_per_point, tilt = photo_geometry(markers, source.page)
    height, width = gray.shape[:2]
    framing = tuple(
        float(v)
        for i in range(4)
        for v in np.asarray(markers[i], np.float64).reshape(-1, 2).mean(axis=0) / (width, height)
    )
    return Located(source, rectified, sharpness, white, contrast, px_per_point, tilt, framing)


def _missing_inside(
    shape: tuple[int, ...], markers: Mapping[int, np.ndarray], catalogue: Catalogue
) -> bool | None:
    """Whether every missing marker lies inside the frame, where the markers found place it
    on each page the photo may show (a homography from three, a similarity from two); None
    when too few are found to say, or when two place one just past the frame's edge (a
    similarity knows nothing of the page's tilt)."""
    found = sorted(markers)
    if len(found) < 2:
        return None
    photo = np.float32([markers[i] for i in found]).reshape(-1, 2)
    centres = np.float32([markers[i].mean(0) for i in found])
    # past the edge by less than this, a corner two markers place may still be inside
    doubt = _SIMILARITY_DOUBT * float(np.linalg.norm(centres[0] - centres[-1]))
    unsure = False
    layouts = {}
    for page in catalogue.candidates():
        points = page_points(page)
        layouts[points.tobytes()] = points.reshape(4, 4, 2)
    if not layouts:
        return False
    for layout in layouts.values():
        known = layout[found].reshape(-1, 2)
        if len(found) >= 3:
            h, _ = cv2.findHomography(known, photo, 0)
        else:
            affine, _ = cv2.estimateAffinePartial2D(known, photo)
            h = None if affine is None else np.vstack([affine, [0.0, 0.0, 1.0]])
        if h is None:
            return False
        for corner in set(range(4)) - set(found):
            quad = cv2.perspectiveTransform(layout[corner].reshape(-1, 1, 2), h).reshape(-1, 2)
            if corner_inside(shape, quad):
                continue
            if len(found) > 2 or _past_edge(shape, quad) > doubt:
                return False
            unsure = True
    return None if unsure else True


def _past_edge(shape: tuple[int, ...], quad: np.ndarray) -> float:
    """How far (pixels) the quad reaches past the frame's edge."""
    height, width = shape[:2]
    past = np.maximum(-quad, quad - np.float32([width - 1, height - 1]))
    return float(max(past.max(), 0.0))


def _listed(names: Sequence[str]) -> str:
    """["top-left", "top-right", "bottom-left"]: "top-left, top-right and bottom-left"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def photo_geometry(markers: Mapping[int, np.ndarray], page: ReadablePage) -> tuple[float, float]:
    """(photo pixels per PDF point at the page's centre, tilt in degrees): from the
    homography's local stretch there, along the direction it keeps (across the tilt's
    axis the page is foreshortened by the tilt's cosine) and its anisotropy."""
    h = page_homography(markers, page)
    if h is None:  # pragma: no cover - rectify has already fitted it
        return 0.0, 0.0
    g = np.linalg.inv(h)  # rectified pixels -> photo pixels
    x, y = page.width * SCALE / 2, page.height * SCALE / 2
    p = g @ np.array([x, y, 1.0])
    jac = (g[:2, :2] * p[2] - np.outer(p[:2], g[2, :2])) / p[2] ** 2 * SCALE
    big, small = np.linalg.svd(jac, compute_uv=False)
    if big <= 0:  # pragma: no cover - a degenerate fit
        return 0.0, 0.0
    return float(big), float(math.degrees(math.acos(min(1.0, small / big))))


def rectify(image: np.ndarray, markers: Mapping[int, np.ndarray], page: ReadablePage) -> np.ndarray:
    """The photo warped onto the page at SCALE px per point, from all 16 marker corners."""
    h, error = fit_homography(markers, page)
    if h is None:
        raise NoPage("the corner markers do not frame a page: photograph the page flat")
    if not math.isfinite(error) or error > MAX_FIT_ERROR:
        raise NoPage(
            "the corner markers do not lie on one flat page (folded, curled, or from two"
            " pages): lay the page flat and photograph it alone"
        )
    return cv2.warpPerspective(
        image, h, page_size(page), flags=cv2.INTER_LINEAR, borderValue=(255, 255, 255)
    )
