"""Finding the page in a photo: its four ArUco corner markers, its page code, and the page
rectified to a fixed scale, so every mark lies where the layout put it.

1. The markers (DICT_4X4_50, ids 0..3 in `CORNERS` order) are searched at two scales: small
   first (fast, and blur matters less), then the full photo for markers too small to see.
2. Light and sharpness are judged on the markers themselves: they are black and white by
   construction, so their contrast and edge width say whether pencil can be told apart.
3. A first, rough rectification from the markers' outer corners is searched for the page
   code (a QR code); its text names the game, page, paper and version (`parse_payload`).
4. The page's own layout (`ReadablePage`, from the game's `readable` facet) says where each
   marker is printed; the homography from all 16 marker corners to those places gives the
   rectified page, `SCALE` pixels per point, pixel (0, 0) at the page's top-left corner.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np

from sheetsmith.photo.errors import BadLight, Blurred, CutOff, MixedPages, NoPage, UnknownPage
from sheetsmith.photo.marks import CORNERS, ReadablePage, Reading

# The rectified page: 5 px per mm (127 dpi). A minor star-map point (3 mm) is 15 px across and
# a pencil line 2-3 px wide: enough to tell a dot from a smudge, and a Letter page (1080 x
# 1397 px) is compared in a few milliseconds. Photos rarely hold more detail than this.
PX_PER_MM = 5.0
SCALE = PX_PER_MM * 25.4 / 72.0  # pixels per PDF point
# The page code is resampled at this scale to be decoded (about 5 px per module)
CODE_PX_PER_MM = 8.0
# The page code is cut out with this share of its side around it (its quiet zone, or room
# for it where the layout gives the symbol alone)
CODE_PAD = 0.15
# Marker search: the photo scaled to this longest side first, then as it is
SEARCH_SIDE = 1400
# Each marker is resampled onto 8 px per cell to judge it (a 4x4 marker is 6 cells wide with
# its border, plus one white cell around it)
_CELL = 8
# Sharpness: the steepest edges in a marker, in contrast per canonical pixel. A sharp edge
# gives 0.3-0.5; Gaussian blur of sigma s cells gives about 0.05 / s. Reading fails (points
# and boxes run together) past sigma of about a third of a cell, where this is near 0.12;
# photos at 0.09 or less are refused. Chosen on synthetic blurs of the test page
# (tests/test_photo_read.py), the benchmark's photos all pass it.
MIN_SHARPNESS = 0.09
# Light: the paper (brightest part of the markers' quiet zone) must reach this grey level...
MIN_WHITE = 60
# ...and the printed black must stay this much darker than the paper (relative), or pencil,
# lighter than print, disappears (glare, overexposure, a dim room pushed by the camera)
MIN_CONTRAST = 0.35
# The 16 marker corners must fit the printed layout to within this (rectified pixels):
# more means the markers are not of one flat page (two pages, a folded sheet)
MAX_FIT_ERROR = 6.0


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


@dataclass(frozen=True, slots=True)
class Located:
    source: PageSource
    rectified: np.ndarray  # BGR, SCALE px per point, (0, 0) at the page's top-left
    sharpness: float
    white: float  # the paper's grey level in the photo
    contrast: float


def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    # a wider range of threshold windows finds markers under uneven light and at any size
    params.adaptiveThreshWinSizeMin = 5
    params.adaptiveThreshWinSizeMax = 45
    params.adaptiveThreshWinSizeStep = 8
    params.minMarkerPerimeterRate = 0.015  # markers down to ~1.5 % of the photo's side
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.cornerRefinementWinSize = 4
    params.polygonalApproxAccuracyRate = 0.05  # perspective and lens curve bend the quads
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    return cv2.aruco.ArucoDetector(dictionary, params)


@functools.cache
def _shared_detector() -> cv2.aruco.ArucoDetector:
    return _detector()


def _detect(gray: np.ndarray, scale: float) -> dict[int, list[np.ndarray]]:
    corners, ids, _ = _shared_detector().detectMarkers(gray)
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
    # the search scale first; then the whole photo (markers too small to see), then a
    # smaller one (a blurred marker is sharp again at half the size)
    for side in (SEARCH_SIDE, max(gray.shape), SEARCH_SIDE // 2):
        scale = min(1.0, side / max(gray.shape))
        if found and scale == 1.0 and side != max(gray.shape):
            continue
        small = (
            gray
            if scale == 1.0
            else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        )
        more = _detect(small, scale)
        if scale < 1.0:
            more = _refined(gray, more, scale)
        for marker, quads in more.items():
            found.setdefault(marker, quads)
        if len(found) == len(CORNERS):
            break
    markers: dict[int, np.ndarray] = {}
    for marker, quads in found.items():
        if len(quads) > 1 and _apart(quads):
            raise MixedPages(
                f"two {CORNERS[marker]} markers: the photo holds more than one page;"
                " photograph one page at a time"
            )
        markers[marker] = quads[0]
    return markers


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
        gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0, ksize=3) / 8.0
        gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1, ksize=3) / 8.0
        sharp.append(float(np.percentile(np.hypot(gx, gy), 97)) / span)
    white = float(np.median(whites))
    black = float(np.median(blacks))
    contrast = (white - black) / max(white, 1.0)
    return float(np.median(sharp)), white, contrast


def check_light(image_gray: np.ndarray) -> None:
    """Refuse a photo with nothing but darkness before searching it."""
    if float(np.percentile(image_gray, 99)) < MIN_WHITE * 0.6:
        raise BadLight(
            "the photo is too dark to find a page: take it again in better light"
            " (daylight or a lamp, no flash glare)"
        )


def _predicted(markers: Mapping[int, np.ndarray]) -> np.ndarray:
    """Where the one missing marker would be: the page's corners make a parallelogram,
    nearly, so it lies across from the opposite marker past its two neighbours."""
    (gone,) = set(range(4)) - set(markers)
    before, opposite, after = (
        markers[(gone - 1) % 4],
        markers[(gone + 2) % 4],
        markers[(gone + 1) % 4],
    )
    return before + after - opposite


def _inside(shape: tuple[int, ...], quad: np.ndarray) -> bool:
    height, width = shape[:2]
    return bool(((quad >= 0) & (quad < np.float32([width, height]))).all())


def _missing(markers: Mapping[int, np.ndarray]) -> list[str]:
    return [corner for i, corner in enumerate(CORNERS) if i not in markers]


def locate(image: np.ndarray, catalogue: Catalogue) -> Located:
    """The page in a BGR photo, rectified; a `PhotoError` saying why not."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    check_light(gray)
    markers = find_markers(gray)
    if not markers:
        raise NoPage(
            "no sheetsmith page found (none of its four corner markers): photograph a whole"
            " page printed by sheetsmith, flat, from above, in focus"
        )
    missing = _missing(markers)
    if missing:
        if judge_markers(gray, markers)[0] < MIN_SHARPNESS * 1.5:
            raise Blurred(
                f"the photo is too blurred: the {', '.join(missing)} corner marker"
                f"{'s are' if len(missing) > 1 else ' is'} lost in the blur; hold the phone"
                " still, let it focus on the page (tap it), and take it again"
            )
        if len(missing) == 1 and _inside(gray.shape, _predicted(markers)):
            raise Blurred(
                f"the page's {missing[0]} corner marker is in the photo but cannot be made"
                " out (blurred, in shadow or glare, or drawn over): take the photo again,"
                " in focus, evenly lit, with the four black corner squares clean"
            )
        raise CutOff(
            f"the page is cut off: its {', '.join(missing)} corner marker"
            f"{'s are' if len(missing) > 1 else ' is'} not in the photo (or hidden, or too"
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
    return Located(source, rectified, sharpness, white, contrast)


def _rough(gray: np.ndarray, markers: Mapping[int, np.ndarray], height: int) -> np.ndarray:
    """The page between the markers' outer corners, stretched onto a rectangle of the
    usual paper shape: enough to find and decode the page code."""
    outer = np.float32([markers[i][i] for i in range(4)])  # each marker's own outer corner
    width = round(height / 1.3)
    target = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    h = cv2.getPerspectiveTransform(outer, target)
    return cv2.warpPerspective(gray, h, (width, height), flags=cv2.INTER_LINEAR, borderValue=255)


def _decoded(detector: cv2.QRCodeDetector, picture: np.ndarray) -> str:
    text = detector.detectAndDecode(picture)[0]
    if not text:  # a soft or unevenly lit code often decodes once binarized
        smooth = cv2.GaussianBlur(picture, (0, 0), 1.0)
        _, binary = cv2.threshold(smooth, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        text = detector.detectAndDecode(binary)[0]
    return text


def _homography(markers: Mapping[int, np.ndarray], page: ReadablePage) -> np.ndarray | None:
    photo = np.float32([markers[i] for i in range(4)]).reshape(16, 2)
    h, _ = cv2.findHomography(photo, page_points(page), 0)
    return h


def code_box(page: ReadablePage) -> tuple[float, float, float]:
    """The page code's square with a margin for its quiet zone (x, top y, side; points)."""
    code = page.code
    pad = CODE_PAD * code.width
    return code.x - pad, code.y1 + pad, code.width + 2 * pad


def code_picture(
    gray: np.ndarray, markers: Mapping[int, np.ndarray], page: ReadablePage, scale: float
) -> np.ndarray | None:
    """The page code's square as the page's layout places it, upright, `scale` px/point."""
    h = _homography(markers, page)
    if h is None:
        return None
    x, top, side = code_box(page)
    k = scale / SCALE
    shift = np.float64([[k, 0, -x * scale], [0, k, -(page.height - top) * scale], [0, 0, 1]])
    size = round(side * scale)
    return cv2.warpPerspective(
        gray, shift @ h, (size, size), flags=cv2.INTER_CUBIC, borderValue=255
    )


def _blank_code(blank: np.ndarray, page: ReadablePage) -> np.ndarray:
    x, top, side = code_box(page)
    x0, y0, size = round(x * SCALE), round((page.height - top) * SCALE), round(side * SCALE)
    return blank[y0 : y0 + size, x0 : x0 + size]


def _data_area(picture: np.ndarray) -> np.ndarray:
    """The code's picture without its three finder patterns, which every code shares."""
    n = picture.shape[0]
    keep = np.ones(picture.shape, bool)
    corner = int(n * 0.36)  # quiet zone (4 of ~37 modules) plus the 8-module finder
    keep[:corner, :corner] = keep[:corner, -corner:] = keep[-corner:, :corner] = False
    return picture[keep].astype(np.float32)


def _likeness(a: np.ndarray, b: np.ndarray) -> float:
    a, b = _data_area(a), _data_area(b)
    a, b = a - a.mean(), b - b.mean()
    norm = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum() / norm) if norm > 0 else 0.0


# A photographed code matches a known page's code when their data areas correlate this well
# (the same code, blurred: 0.6-0.95; another code: below 0.25), ahead of the next by this
MATCH = 0.5
MATCH_MARGIN = 0.15


def _code_pixels(markers: Mapping[int, np.ndarray], candidates: list[ReadablePage]) -> float:
    """How many photo pixels the widest known page code spans (from the markers' size)."""
    if not candidates:
        return math.inf
    seen = float(np.median([np.linalg.norm(q[0] - q[1]) for q in markers.values()]))
    return max(seen / p.markers[0].width * p.code.width for p in candidates)


def identify(
    gray: np.ndarray, markers: Mapping[int, np.ndarray], catalogue: Catalogue
) -> PageSource:
    """The page the photo shows, from its page code: decoded where the code is sharp enough
    (at the place each known layout puts it, then anywhere between the markers); else
    matched against the codes of the pages the catalogue knows, which still works at
    1.5 px per module, far below what a decoder needs."""
    detector = cv2.QRCodeDetector()
    candidates = list(catalogue.candidates())
    pictures: dict[tuple[object, ...], np.ndarray] = {}
    for page in candidates:
        layout = (page.markers, page.code, page.width, page.height)
        if layout not in pictures:
            picture = code_picture(gray, markers, page, CODE_PX_PER_MM * 25.4 / 72)
            if picture is not None:
                pictures[layout] = picture
    # a decoder needs about 2 photo pixels per module (a code is ~33 modules): below that
    # the codes are matched only (a failed decode costs 50-100 ms)
    if _code_pixels(markers, candidates) >= 2.0 * 33:
        # the layout whose code square holds the most contrast first: that is where the
        # code is; a picture of text or paper is not tried first
        for picture in sorted(pictures.values(), key=lambda p: -float(p.std())):
            if text := _decoded(detector, picture):
                return catalogue.page(text)
        text = _decoded(detector, _rough(gray, markers, 1500))
        if text:
            return catalogue.page(text)
    scores: list[tuple[float, str]] = []
    for page in candidates:
        source = catalogue.page(page.payload)
        known = _blank_code(blank_page(source), page)
        seen = code_picture(gray, markers, page, SCALE)
        if seen is None or seen.shape != known.shape:
            continue
        scores.append((_likeness(seen, known), page.payload))
    scores.sort(reverse=True)
    if (
        scores
        and scores[0][0] >= MATCH
        and (len(scores) == 1 or scores[0][0] - scores[1][0] >= MATCH_MARGIN)
    ):
        return catalogue.page(scores[0][1])
    raise UnknownPage(
        "the page code (the small QR code on the page) cannot be read, and it is not the code"
        " of a page this sheetsmith prints: keep it in the photo, unmarked and in focus, and"
        " take the photo again (closer), or print the page again with this sheetsmith"
    )


def page_points(page: ReadablePage) -> np.ndarray:
    """Where each marker's 4 corners are on the rectified page (16 x 2, CORNERS order, each
    marker's corners from its top-left, clockwise, as ArUco gives them)."""
    points = []
    for rect in page.markers:
        left, right = rect.x * SCALE, rect.x1 * SCALE
        top, bottom = (page.height - rect.y1) * SCALE, (page.height - rect.y) * SCALE
        points += [(left, top), (right, top), (right, bottom), (left, bottom)]
    return np.float32(points)


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


def rectify(image: np.ndarray, markers: Mapping[int, np.ndarray], page: ReadablePage) -> np.ndarray:
    """The photo warped onto the page at SCALE px per point, from all 16 marker corners."""
    photo = np.float32([markers[i] for i in range(4)]).reshape(16, 2)
    target = page_points(page)
    h, _ = cv2.findHomography(photo, target, 0)
    if h is None:
        raise NoPage("the corner markers do not frame a page: photograph the page flat")
    fitted = cv2.perspectiveTransform(photo.reshape(-1, 1, 2), h).reshape(-1, 2)
    error = float(np.abs(fitted - target).max())
    if not math.isfinite(error) or error > MAX_FIT_ERROR:
        raise NoPage(
            "the corner markers do not lie on one flat page (folded, curled, or from two"
            " pages): lay the page flat and photograph it alone"
        )
    return cv2.warpPerspective(
        image, h, page_size(page), flags=cv2.INTER_LINEAR, borderValue=(255, 255, 255)
    )
