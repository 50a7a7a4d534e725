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
# Each marker is resampled onto 8 px per cell to judge it (a 4x4 marker is 6 cells wide with
# its border, plus one white cell around it)
_CELL = 8
# Sharpness: the steepest edges in a marker, in contrast per canonical pixel. A sharp edge
# gives 0.3-0.5; Gaussian blur of sigma s cells gives about 0.05 / s. On the tuning photos
# the one photo read below 0.152 had 39 marks wrong without a flag, those at 0.154-0.16 none;
# tests/test_photo_read.py wants its blur of 3.5 px (0.159) refused, so the gate is 0.16.
MIN_SHARPNESS = 0.16
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
    px_per_point: float = 0.0  # the photo's pixels per PDF point at the page's centre
    tilt: float = 0.0  # degrees: the page's foreshortening (the homography's anisotropy)


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
            if len(quads) > 1:
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
    a marker, one wrong bit corrected, is neither, mostly). Two pages pass both."""
    others = [q[0] for m, q in found.items() if m != marker and len(q) == 1]
    if not others:
        return quads
    size = float(np.median([np.linalg.norm(q[0] - q[2]) for q in others]))
    angle = [math.atan2(*(q[1] - q[0])[::-1]) for q in others]
    mean = math.atan2(np.mean(np.sin(angle)), np.mean(np.cos(angle)))
    kept = []
    for quad in quads:
        ratio = float(np.linalg.norm(quad[0] - quad[2])) / max(size, 1e-6)
        turn = math.atan2(*(quad[1] - quad[0])[::-1]) - mean
        turn = abs((turn + math.pi) % (2 * math.pi) - math.pi)
        if 0.6 < ratio < 1.6 and turn < math.radians(30):
            kept.append(quad)
    return kept or quads


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
    step = max(1, max(image_gray.shape[:2]) // 1000)  # every pixel is not needed to see it
    if float(np.percentile(image_gray[::step, ::step], 99)) < MIN_WHITE * 0.6:
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
    px_per_point, tilt = photo_geometry(markers, source.page)
    return Located(source, rectified, sharpness, white, contrast, px_per_point, tilt)


def photo_geometry(markers: Mapping[int, np.ndarray], page: ReadablePage) -> tuple[float, float]:
    """(photo pixels per PDF point at the page's centre, tilt in degrees): from the
    homography's local stretch there, along the direction it keeps (across the tilt's
    axis the page is foreshortened by the tilt's cosine) and its anisotropy."""
    h = _homography(markers, page)
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
    return _fit(markers, page)[0]


# A marker corner whose refinement went astray (ink or shadow beside it) lies this far
# (rectified pixels) off the fit of the others, and is left out, up to `MAX_DROPPED` of 16
OUTLIER = 2.0
MAX_DROPPED = 4


def _fit(markers: Mapping[int, np.ndarray], page: ReadablePage) -> tuple[np.ndarray | None, float]:
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


@functools.cache
def _code_bits(payload: str) -> tuple[np.ndarray, np.ndarray]:
    """The dark modules (n x n, bool) of the code printed for `payload`, as the page's
    registration block encodes it; and its error-correction modules, which tell codes
    apart: codes of pages of one game share most of their data (the text's start), while
    any change to the text changes about half of the error-correction bits."""
    from qrcode.base import rs_blocks

    from sheetsmith.print.qr import ERROR_LEVELS, _placement, encode
    from sheetsmith.print.registration import CODE_ERROR

    matrix = encode(payload, CODE_ERROR)
    bits = np.array([[c == "1" for c in line] for line in matrix.lines()], bool)
    blocks = rs_blocks(matrix.version, ERROR_LEVELS[CODE_ERROR])
    data = 8 * sum(block.data_count for block in blocks)
    total = 8 * sum(block.total_count for block in blocks)
    check = np.zeros(bits.shape, bool)
    for row, shift in _placement(matrix.version)[data:total]:
        check[row, matrix.size - 1 - shift] = True
    return bits, check


def _module_values(gray: np.ndarray, h: np.ndarray, page: ReadablePage, n: int) -> list[np.ndarray]:
    """The photo's grey level at the centre of each of the code's n x n modules (where the
    page's layout puts them), dark-is-high in 0..1 of the code's own range: sampled at
    grid offsets within half a module (the markers' fit is good to about a pixel, a
    module may be 2), the most two-toned first (a grid on the modules' centres reads
    each dark or light; one astride their edges reads greys)."""
    code = page.code
    module = code.width / n
    centre = (np.arange(n) + 0.5) * module
    xs, ys = np.meshgrid(code.x + centre, code.y1 - centre)
    inverse = np.linalg.inv(h)
    corners = np.float64(
        [[code.x, code.y], [code.x1, code.y1], [code.x, code.y1], [code.x1, code.y]]
    )
    photo = _to_photo(inverse, page.height, corners[:, 0], corners[:, 1])
    step = float(np.linalg.norm(photo[0] - photo[1])) / (n * math.sqrt(2))
    if not math.isfinite(step) or step <= 0:
        return []
    x0, y0 = np.floor(photo.min(axis=0) - 3 * step).astype(int)
    x1, y1 = np.ceil(photo.max(axis=0) + 3 * step).astype(int)
    height, width = gray.shape[:2]
    if x0 < 0 or y0 < 0 or x1 >= width or y1 >= height:
        return []
    patch = gray[y0 : y1 + 1, x0 : x1 + 1].astype(np.float32)
    if step > 3:  # large modules: their centres, not one noisy pixel
        patch = cv2.GaussianBlur(patch, (0, 0), step / 4)
    found: list[tuple[float, np.ndarray]] = []
    for dx in _OFFSETS:
        for dy in _OFFSETS:
            at = _to_photo(inverse, page.height, xs.ravel() + dx * module, ys.ravel() - dy * module)
            mx = (at[:, 0] - x0).reshape(n, n).astype(np.float32)
            my = (at[:, 1] - y0).reshape(n, n).astype(np.float32)
            values = cv2.remap(patch, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
            low, high = np.percentile(values, (2, 98))
            values = (high - values) / max(float(high - low), 1.0)
            found.append((_two_toned(values), values))
    found.sort(key=lambda f: -f[0])
    return [values for _, values in found]


def _two_toned(values: np.ndarray) -> float:
    """Otsu's separability: the share of the values' variance between dark and light."""
    flat = np.sort(values.ravel())
    total = float(flat.var()) * flat.size
    if total <= 0:
        return 0.0
    count = np.arange(1, flat.size)
    sums = np.cumsum(flat)[:-1]
    mean = sums[-1] / flat.size if flat.size else 0.0
    below = sums / count
    above = (np.sum(flat) - sums) / (flat.size - count)
    between = count * (flat.size - count) / flat.size * (above - below) ** 2
    del mean
    return float(between.max()) / total


_OFFSETS = (-0.5, -0.25, 0.0, 0.25, 0.5)  # modules
# The sampled grids redrawn for the decoder, the most two-toned first
DECODE_TRIES = 3


def _to_photo(inverse: np.ndarray, height: float, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Page points (PDF, y up) to photo pixels (`inverse`: rectified page to photo)."""
    points = np.stack([x * SCALE, (height - y) * SCALE], axis=1).astype(np.float64)
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2), inverse).reshape(-1, 2)


def _likeness(values: np.ndarray, code: tuple[np.ndarray, np.ndarray]) -> float:
    """How well the sampled modules correlate with a code's dark ones, over its
    error-correction modules (1: the same code, sharp; another code: near 0)."""
    bits, check = code
    a = values[check] - values[check].mean()
    b = bits[check].astype(np.float32)
    b -= b.mean()
    norm = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum() / norm) if norm > 0 else 0.0


def _redrawn(values: np.ndarray) -> np.ndarray:
    """The sampled modules binarized and drawn clean (8 px each, with a quiet zone of 4) for
    the decoder: a code of 2 photo pixels per module decodes once its grid is known."""
    _, dark = cv2.threshold(
        np.uint8(np.clip(values, 0, 1) * 255), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU
    )
    picture = np.where(dark > 0, 0, 255).astype(np.uint8)
    picture = cv2.copyMakeBorder(picture, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=255)
    return cv2.resize(picture, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)


# A photographed code is a known page's code when its error-correction modules correlate
# this well with the code's (the same code: 0.29-0.97 on the tuning photos; another code,
# even of the same game and page on the other paper: at most 0.19), ahead of the next by this
MATCH = 0.3
MATCH_MARGIN = 0.12


def _code_pixels(markers: Mapping[int, np.ndarray], candidates: list[ReadablePage]) -> float:
    """How many photo pixels the widest known page code spans (from the markers' size)."""
    if not candidates:
        return math.inf
    seen = float(np.median([np.linalg.norm(q[0] - q[1]) for q in markers.values()]))
    return max(seen / p.markers[0].width * p.code.width for p in candidates)


def identify(
    gray: np.ndarray, markers: Mapping[int, np.ndarray], catalogue: Catalogue
) -> PageSource:
    """The page the photo shows, from its page code. Its modules are sampled where each
    known layout puts them (from the markers) and redrawn clean for the decoder, which then
    reads codes of 2 photo pixels per module; where that fails, the code is decoded from
    the photo itself; and last, the sampled modules are matched against the codes of the
    pages the catalogue knows, which still works where no decoder does."""
    detector = cv2.QRCodeDetector()
    candidates = list(catalogue.candidates())
    samples: dict[tuple[object, ...], list[np.ndarray]] = {}
    scores: list[tuple[float, str]] = []
    for page in candidates:
        n = _code_bits(page.payload)[0].shape[0]
        layout = (page.markers, page.code, page.width, page.height, n)
        if layout not in samples:
            h = _homography(markers, page)
            samples[layout] = [] if h is None else _module_values(gray, h, page, n)
            for values in samples[layout][:DECODE_TRIES]:
                if text := detector.detectAndDecode(_redrawn(values))[0]:
                    return catalogue.page(text)
        if samples[layout]:
            code = _code_bits(page.payload)
            likeness = max(_likeness(values, code) for values in samples[layout])
            scores.append((likeness, page.payload))
    # a decoder needs about 2 photo pixels per module (a code is ~33 modules): below that
    # the codes are matched only (a failed decode costs 50-100 ms)
    if _code_pixels(markers, candidates) >= 2.0 * 33:
        pictures: dict[tuple[object, ...], np.ndarray] = {}
        for page in candidates:
            layout = (page.markers, page.code, page.width, page.height)
            if layout not in pictures:
                picture = code_picture(gray, markers, page, CODE_PX_PER_MM * 25.4 / 72)
                if picture is not None:
                    pictures[layout] = picture
        # the layout whose code square holds the most contrast first: that is where the
        # code is; a picture of text or paper is not tried first
        for picture in sorted(pictures.values(), key=lambda p: -float(p.std())):
            if text := _decoded(detector, picture):
                return catalogue.page(text)
        if text := _decoded(detector, _rough(gray, markers, 1500)):  # anywhere on the page
            return catalogue.page(text)
    scores.sort(reverse=True)
    if (
        scores
        and scores[0][0] >= MATCH
        and (len(scores) == 1 or scores[0][0] - scores[1][0] >= MATCH_MARGIN)
    ):
        return catalogue.page(scores[0][1])
    if found := _matched_picture(gray, markers, catalogue, candidates):
        return catalogue.page(found)
    raise UnknownPage(
        "the page code (the small QR code on the page) cannot be read, and it is not the code"
        " of a page this sheetsmith prints: keep it in the photo, unmarked and in focus, and"
        " take the photo again (closer), or print the page again with this sheetsmith"
    )


def _picture_likeness(a: np.ndarray, b: np.ndarray) -> float:
    """Correlation of two pictures of a code square, its three finder corners left out."""
    n = a.shape[0]
    keep = np.ones(a.shape, bool)
    corner = int(n * 0.36)  # quiet zone (4 of ~37 modules) plus the 8-module finder
    keep[:corner, :corner] = keep[:corner, -corner:] = keep[-corner:, :corner] = False
    x, y = a[keep].astype(np.float32), b[keep].astype(np.float32)
    x, y = x - x.mean(), y - y.mean()
    norm = float(np.sqrt((x * x).sum() * (y * y).sum()))
    return float((x * y).sum() / norm) if norm > 0 else 0.0


# The last resort, for a code whose modules cannot be sampled (a layout that gives the code
# with its quiet zone): the code's square against the blank's (same code 0.6-0.95)
PICTURE_MATCH = 0.5
PICTURE_MARGIN = 0.15


def _matched_picture(
    gray: np.ndarray,
    markers: Mapping[int, np.ndarray],
    catalogue: Catalogue,
    candidates: list[ReadablePage],
) -> str | None:
    scores: list[tuple[float, str]] = []
    for page in candidates:
        known = _blank_code(blank_page(catalogue.page(page.payload)), page)
        seen = code_picture(gray, markers, page, SCALE)
        if seen is not None and seen.shape == known.shape:
            scores.append((_picture_likeness(seen, known), page.payload))
    scores.sort(reverse=True)
    if (
        scores
        and scores[0][0] >= PICTURE_MATCH
        and (len(scores) == 1 or scores[0][0] - scores[1][0] >= PICTURE_MARGIN)
    ):
        return scores[0][1]
    return None


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
    h, error = _fit(markers, page)
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
