"""The page code in a photo (a QR code naming game, page, paper and version): its modules
sampled where the layout puts them and redrawn clean for the decoder, else decoded from the
photo, else matched against the known pages' codes on their error-correction modules."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping

import cv2
import numpy as np

from sheetsmith.photo.errors import UnknownPage
from sheetsmith.photo.geometry import (
    SCALE,
    Catalogue,
    PageSource,
    blank_page,
    page_homography,
    rough_page,
)
from sheetsmith.photo.marks import ReadablePage

# The page code is resampled at this scale to be decoded (about 5 px per module)
CODE_PX_PER_MM = 8.0


# The page code is cut out with this share of its side around it (its quiet zone, or room
# for it where the layout gives the symbol alone)
CODE_PAD = 0.15


def decode(detector: cv2.QRCodeDetector, picture: np.ndarray) -> str:
    """The text of the QR code in `picture`, "" if none is read. OpenCV's decoder raises on
    some noise it takes for a code (corners it finds on one line: "contourArea(src_points)
    > 0"), met on one synthetic photo in 400: that is no code read, not a crash."""
    try:
        return detector.detectAndDecode(picture)[0]
    except cv2.error:
        return ""


def _decoded(detector: cv2.QRCodeDetector, picture: np.ndarray) -> str:
    text = decode(detector, picture)
    if not text:  # a soft or unevenly lit code often decodes once binarized
        smooth = cv2.GaussianBlur(picture, (0, 0), 1.0)
        _, binary = cv2.threshold(smooth, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        text = decode(detector, binary)
    return text


def code_box(page: ReadablePage) -> tuple[float, float, float]:
    """The page code's square with a margin for its quiet zone (x, top y, side; points)."""
    code = page.code
    pad = CODE_PAD * code.width
    return code.x - pad, code.y1 + pad, code.width + 2 * pad


def code_picture(
    gray: np.ndarray, markers: Mapping[int, np.ndarray], page: ReadablePage, scale: float
) -> np.ndarray | None:
    """The page code's square as the page's layout places it, upright, `scale` px/point."""
    h = page_homography(markers, page)
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
def _code_bits(payload: str) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """The dark modules (n x n, bool) of the code printed for `payload`, as the page's
    registration block encodes it; and, for each of its Reed-Solomon blocks, that block's
    error-correction modules, which tell codes apart: codes of pages of one game share most
    of their data (the text's start), while any change to a block's text changes about half
    of its error-correction bits. Each block on its own: a page of another version differs
    only at the text's end, in the last block."""
    from qrcode.base import rs_blocks

    from sheetsmith.print.qr import ERROR_LEVELS, _placement, encode
    from sheetsmith.print.registration import CODE_ERROR

    matrix = encode(payload, CODE_ERROR)
    bits = np.array([[c == "1" for c in line] for line in matrix.lines()], bool)
    blocks = rs_blocks(matrix.version, ERROR_LEVELS[CODE_ERROR])
    data = 8 * sum(block.data_count for block in blocks)
    total = 8 * sum(block.total_count for block in blocks)
    checks = tuple(np.zeros(bits.shape, bool) for _ in blocks)
    # error-correction codewords are interleaved block by block (every block of a QR code
    # has as many of them)
    for index, (row, shift) in enumerate(_placement(matrix.version)[data:total]):
        checks[(index // 8) % len(blocks)][row, matrix.size - 1 - shift] = True
    return bits, checks


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


def _likeness(values: np.ndarray, code: tuple[np.ndarray, tuple[np.ndarray, ...]]) -> float:
    """How well the sampled modules correlate with a code's dark ones, over each block's
    error-correction modules, the worst block's (1: the same code, sharp; another code, or
    the same page of another version: near 0)."""
    bits, checks = code
    return min(_correlation(values[check], bits[check]) for check in checks)


def _correlation(values: np.ndarray, bits: np.ndarray) -> float:
    a = values - values.mean()
    b = bits.astype(np.float32)
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


# A photographed code is a known page's code when each block's error-correction modules
# correlate this well with the code's (the same code: 0.21-0.97 on 574 tuning photos, under
# 0.3 on 5 of them, which go to the decoder; another code, even of the same game and page on
# the other paper: at most 0.17; the same page of another version: its last block is
# another code's), ahead of the next by this
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
    known layout puts them (from the markers) and matched, block by block, against the
    codes of the pages the catalogue knows, which works where no decoder does; where no
    known code matches clearly (a page of another game or version), the sampled modules
    are redrawn clean for the decoder, which then reads codes of 2 photo pixels per module,
    then the code is decoded from the photo itself; and last, only where no modules could
    be sampled, the code square's picture is matched against the blanks'.

    Matching comes first for speed: a failed decode costs 5-10 ms, and the decoder failed
    on the redrawn modules of about half the tuning photos (then on the photo itself too,
    up to 100 ms) that matching then named right."""
    detector = cv2.QRCodeDetector()
    candidates = list(catalogue.candidates())
    samples: dict[tuple[object, ...], list[np.ndarray]] = {}
    scores: list[tuple[float, str]] = []
    for page in candidates:
        n = _code_bits(page.payload)[0].shape[0]
        layout = (page.markers, page.code, page.width, page.height, n)
        if layout not in samples:
            h = page_homography(markers, page)
            samples[layout] = [] if h is None else _module_values(gray, h, page, n)
        if samples[layout]:
            code = _code_bits(page.payload)
            likeness = max(_likeness(values, code) for values in samples[layout])
            scores.append((likeness, page.payload))
    scores.sort(reverse=True)
    if (
        scores
        and scores[0][0] >= MATCH
        and (len(scores) == 1 or scores[0][0] - scores[1][0] >= MATCH_MARGIN)
    ):
        return catalogue.page(scores[0][1])
    for values in (v for sampled in samples.values() for v in sampled[:DECODE_TRIES]):
        if text := decode(detector, _redrawn(values)):
            return catalogue.page(text)
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
        if text := _decoded(detector, rough_page(gray, markers, 1500)):  # anywhere on the page
            return catalogue.page(text)
    # where modules were sampled and matched no known code, the picture of the code square
    # would be no surer: it cannot tell a page of another version (most modules the same)
    # from this one
    if not any(samples.values()) and (
        found := _matched_picture(gray, markers, catalogue, candidates)
    ):
        return catalogue.page(found)
    raise UnknownPage(
        "the page code (the small QR code on the page) cannot be read, nor matched to a page"
        " this sheetsmith prints: keep it in the photo, unmarked and in focus, and take the"
        " photo again (closer), or print the page again with this sheetsmith"
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
