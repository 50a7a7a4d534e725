"""What makes a page players write on readable from a phone photo: four registration
markers in its corners and a small QR code naming the page, as layout data.

The markers are ArUco 4x4 markers (OpenCV's DICT_4X4_50), ids 0..3 clockwise from the
top left (`sheetsmith.photo.marks.CORNERS`): four distinct markers tell a reader which
way up the page lies, and where its corners are, before it reads anything else. Their bit
patterns are constants here, generated once with `cv2.aruco.generateImageMarker`: the
render path never imports OpenCV or numpy.

Where they go: each marker with its white quiet zone is 10 mm square, 6 mm in from the
paper's edges (home printers leave ~5 mm blank), so page content keeps `BAND` clear at the
top and bottom. The code sits at the top right, left of its marker; a page's header keeps
left of `code_clear` down to `code_bottom`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from sheetsmith.photo.marks import Mark, ReadablePage
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import BLACK, MM, WHITE, Blocks, Item, Rect
from sheetsmith.print.qr import QUIET, encode, outer_width
from sheetsmith.print.qr import blocks as qr_blocks

# Dark cells of the 4x4 inner bits, top row first (the black border is added around
# them): cv2.aruco.generateImageMarker(DICT_4X4_50, id, 6), read off once.
ARUCO_4X4_50 = {
    0: ("0100", "1010", "1100", "1101"),
    1: ("1111", "0000", "0110", "0101"),
    2: ("1100", "1100", "1101", "0010"),
    3: ("0110", "0110", "1011", "1001"),
}
MARKER_IDS = (0, 1, 2, 3)  # top-left, top-right, bottom-right, bottom-left

EDGE = 6 * MM  # from the paper's edge to a marker's quiet zone
MARKER = 8 * MM  # the marker itself: 6 cells of 1.33 mm, sharp in a 1600x1200 photo
MARKER_QUIET = 1 * MM  # white around it (the paper's margin adds more on two sides)
BAND = EDGE + MARKER + 2 * MARKER_QUIET + 1 * MM  # page content keeps this clear, top and bottom
CODE = 15 * MM  # the page code's symbol; a version-4 code gives 0.45 mm modules
CODE_ERROR = "M"
CODE_GAP = 1 * MM  # between the code's quiet zone and the top-right marker's


@dataclass(frozen=True, slots=True)
class Registration:
    """A readable page's markers and code, and the room they take."""

    markers: tuple[Rect, Rect, Rect, Rect]  # the markers (quiet zone not counted), CORNERS order
    code: Rect  # the QR symbol (quiet zone not counted)
    code_clear: float  # x: a header beside the code ends left of this
    code_bottom: float  # y: the code's quiet zone ends here, going down
    top: float  # y: page content stays below this
    bottom: float  # y: and above this
    items: tuple[Item, ...]


def marker_items(marker_id: int, x: float, y: float, size: float) -> tuple[Item, ...]:
    """An ArUco marker `size` wide with its lower-left corner at (x, y), on its white
    quiet zone: one merged fill of the border and the dark bits."""
    unit = size / 6
    dark = [(0, 5, 6, 1), (0, 0, 6, 1), (0, 1, 1, 4), (5, 1, 1, 4)]  # the black border
    for r, row in enumerate(ARUCO_4X4_50[marker_id]):
        for c, bit in enumerate(row):
            if bit == "1":
                dark.append((c + 1, 4 - r, 1, 1))  # Blocks rows count up from the bottom
    q = MARKER_QUIET
    quiet = Rect(x - q, y - q, size + 2 * q, size + 2 * q, stroke=None, fill=WHITE)
    return (quiet, Blocks(x, y, unit, tuple(sorted(dark)), fill=BLACK))


def registration(paper: Paper, payload: str) -> Registration:
    """The four markers and the page code holding `payload`, for `paper`."""
    w, h = paper.width, paper.height
    near = EDGE + MARKER_QUIET  # a marker's outer edge, from the paper's edge
    far_x, far_y = w - near - MARKER, h - near - MARKER
    corners = ((near, far_y), (far_x, far_y), (far_x, near), (near, near))
    markers = tuple(Rect(x, y, MARKER, MARKER, stroke=None) for x, y in corners)
    items: list[Item] = []
    for marker_id, (x, y) in zip(MARKER_IDS, corners, strict=True):
        items += marker_items(marker_id, x, y, MARKER)
    # the code: a plain symbol (print.qr.qr_code refuses under 20 mm, a card's size for a
    # URL; this one is read from a photo of a whole page, with markers to find it by)
    matrix = encode(payload, CODE_ERROR)
    module = CODE / matrix.size
    outer = outer_width(CODE, matrix)
    right = w - EDGE - 2 * MARKER_QUIET - MARKER - CODE_GAP  # the quiet zone's right edge
    top = h - EDGE
    x0, y0 = right - outer + QUIET * module, top - outer + QUIET * module
    n = matrix.size
    cells = tuple((c, n - r - hh, ww, hh) for c, r, ww, hh in qr_blocks(matrix))
    items.append(Rect(right - outer, top - outer, outer, outer, stroke=None, fill=WHITE))
    items.append(Blocks(x0, y0, module, cells, fill=BLACK))
    return Registration(
        markers=markers,  # type: ignore[arg-type]
        code=Rect(x0, y0, CODE, CODE, stroke=None),
        code_clear=right - outer - 2 * MM,
        code_bottom=top - outer - 2 * MM,
        top=h - BAND,
        bottom=BAND,
        items=tuple(items),
    )


def _canonical(value: Any) -> Any:
    """A value as plain JSON-like data in a fixed order: sets sorted, mappings by key."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return [type(value).__name__, *(_canonical(v) for v in value)]
    if is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, *(_canonical(getattr(value, f.name)) for f in fields(value))]
    if isinstance(value, Mapping):
        return sorted((repr(k), _canonical(v)) for k, v in value.items())
    if isinstance(value, frozenset | set):
        return sorted(repr(_canonical(v)) for v in value)
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    return value


def definition_version(version: str, model: object) -> str:
    """What a page code says of its definition: the `[game] version` when it is one plain
    word (it goes between slashes in the code), else a short hash of the whole model, so
    a changed definition gives a different code and a reader never pairs a photo with
    the wrong layout. The hash is of the model's values in a fixed order, not `hash()`,
    which changes between runs."""
    if version and all(c.isalnum() or c in ".-_" for c in version) and len(version) <= 16:
        return version
    text = repr(_canonical(model)).encode()
    return hashlib.sha256(text).hexdigest()[:8]


_NOWHERE = Rect(0.0, 0.0, 0.0, 0.0, stroke=None)


def readable_page(
    game: Any,
    page: str,
    paper: Paper,
    reg: Registration | None,
    marks: Sequence[Mark],
    title: str = "",
) -> ReadablePage:
    """What a photo reader needs of a page of `game` (a model with `info`) laid out with
    `reg` and `marks`. Without `reg` only its payload is meaningful: the code printed on the
    page is laid out from that."""
    return ReadablePage(
        game=game.info.id,
        page=page,
        paper=paper.name,
        version=definition_version(game.info.version, game),
        width=paper.width,
        height=paper.height,
        markers=reg.markers if reg else (_NOWHERE,) * 4,
        code=reg.code if reg else _NOWHERE,
        marks=tuple(marks),
        title=title,
    )
