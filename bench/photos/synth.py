"""Synthetic phone photos of filled-in pages, with their ground truth.

A photo starts from the blank page as sheetsmith renders it (the PDF rasterized at 300 dpi)
and the page's `ReadablePage` (where every mark lies). Pencil is drawn on it the way hands
draw it, then the page is photographed: perspective, rotation, framing, light, blur, noise,
colour cast, a table underneath, and a JPEG round trip. Everything follows from one seed.

    photo = photo_for_seed(100_123)          # a held-out photo: page, fills and camera
    photo.image                              # BGR uint8, as cv2.imread gives a phone JPEG
    photo.truth                              # every mark key on the page -> filled?

The seeds are split (see bench/README.md, "Photo reading"): `TUNING_SEEDS` (0-5999) are for
tuning and tests, and anyone may look at them; seeds from `HELD_OUT_START` (100000) on are
only ever measured, never tuned on, so the bench's figures say how unseen photos read.

Imports OpenCV, numpy and PDFium: a bench and test helper, never part of the package.
"""

from __future__ import annotations

import functools
import math
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from sheetsmith.photo.marks import Mark, ReadablePage
from sheetsmith.print.primitives import Rect

DPI = 300.0
SCALE = DPI / 72.0  # pixels of the page raster per PDF point

TUNING_SEEDS = range(0, 6000)
HELD_OUT_START = 100_000
# From this seed on, the page is warped into the frame by pixel area, as a camera's pixels
# gather light (see `_warp_page`). Earlier seeds, every tuning photo among them, are
# photographed as before, so the figures measured on them stay reproducible
AREA_SAMPLED_FROM = 148_800
# ... by warping at this many times the frame's size and averaging the pixels back
AREA_SUPERSAMPLE = 2

# The writable pages: the game, the component whose PDF holds them, and the papers
COMPONENTS = {"my-corner-of-the-sky": "game-pages", "personal-space": "daily-sheet"}
PAPERS = ("letter", "a4")

# Pencil and pen as a subtractive colour (BGR): what a fully covered pixel of white becomes.
GRAPHITE = np.array([48, 46, 44], np.float32)
PENS = (np.array([20, 18, 18], np.float32), np.array([140, 50, 25], np.float32))  # black, blue

# How hands fill each kind of mark, with how often (weights per kind)
STYLES: dict[str, tuple[tuple[str, float], ...]] = {
    "point": (("dot", 0.35), ("scribble", 0.2), ("partial", 0.2), ("cross", 0.1), ("tick", 0.15)),
    "box": (("scribble", 0.35), ("hatch", 0.15), ("cross", 0.2), ("tick", 0.2), ("partial", 0.1)),
    "circle": (("ring", 0.85), ("scribble", 0.15)),
    "square": (("letters", 1.0),),
}
# A ring round a value, at its smallest, in half-sizes of the value's box
SMALLEST_RING = 1.08
# A scribble goes back and forth: at least three rows, so two strokes (one stroke is a
# slash, and a slash can lie along a printed digit or grid line, where no eye can see it)
SCRIBBLE_ROWS = 3
# A written letter is at least this tall or wide, however few its strokes
SMALLEST_LETTER_MM = 2.0
_GRID_KEY = re.compile(r"^(?P<prefix>[^:]+):(?P<a>-?\d+),(?P<b>-?\d+)$")


def held_out_seeds(count: int) -> range:
    """The first `count` held-out seeds: the bench measures these and nothing tunes on them."""
    return range(HELD_OUT_START, HELD_OUT_START + count)


# ---------------------------------------------------------------------------------------
# The blank pages


@dataclass(frozen=True, eq=False)
class SourcePage:
    """A writable page as printed: its geometry and its blank raster (BGR uint8, DPI)."""

    readable: ReadablePage
    image: np.ndarray
    pdf: bytes  # the rendered component; the page is its page `index`
    index: int

    def box_px(self, box: Rect) -> tuple[float, float, float, float]:
        """A box in PDF points (origin bottom-left) as raster pixels x0, y0, x1, y1 (y down)."""
        h = self.readable.height
        return box.x * SCALE, (h - box.y1) * SCALE, box.x1 * SCALE, (h - box.y) * SCALE

    def points_to_pixels(self) -> np.ndarray:
        """The 3x3 map from page points (y up) to raster pixels (y down)."""
        return np.array(
            [[SCALE, 0, 0], [0, -SCALE, self.readable.height * SCALE], [0, 0, 1]], np.float64
        )


@functools.cache
def _game(game_id: str):  # each game has its own model type
    from sheetsmith.definition import load

    return load(game_id)


@functools.cache
def readable_pages(game_id: str, paper: str) -> tuple[ReadablePage, ...]:
    """The game's writable pages, from its `readable` facet (the layout's own geometry)."""
    from sheetsmith.games import registry
    from sheetsmith.games.interface import resolve

    package = registry.find(game_id)
    if package is None:
        raise ValueError(f"no game {game_id!r}")
    if package.readable:
        try:
            return tuple(resolve(package.readable)(_game(game_id), paper))
        except (ImportError, AttributeError):  # the facet named but not yet written
            pass
    return _layout_pages(game_id, paper)


# Until a game registers its `readable` facet, the layout functions that will back it
_LAYOUTS = {
    "my-corner-of-the-sky": (
        "sheetsmith.games.sky.game_page:readable_game_page",
        "sheetsmith.games.sky.upgrades_page:readable_upgrades_page",
    ),
    "personal-space": ("sheetsmith.games.space.daily:readable_daily_page",),
}


def _layout_pages(game_id: str, paper_name: str) -> tuple[ReadablePage, ...]:
    from sheetsmith.games.interface import resolve
    from sheetsmith.print.paper import paper

    game, size = _game(game_id), paper(paper_name)
    return tuple(resolve(function)(game, size)[1] for function in _LAYOUTS[game_id])


def facets_ready() -> bool:
    """Whether every game's `readable` facet is registered and loads (the reader's own
    catalogue can then find the pages)."""
    from sheetsmith.games import registry
    from sheetsmith.games.interface import resolve

    try:
        return all(
            (package := registry.find(game_id)) is not None
            and package.readable is not None
            and callable(resolve(package.readable))
            for game_id in COMPONENTS
        )
    except (ImportError, AttributeError):
        return False


def writable_pages() -> list[tuple[str, str, str]]:
    """Every (game, page, paper) a player writes on: the bench cycles through these."""
    return [
        (game_id, page.page, paper)
        for game_id in COMPONENTS
        for paper in PAPERS
        for page in readable_pages(game_id, paper)
    ]


@functools.lru_cache(maxsize=8)
def source_page(game_id: str, page: str, paper: str) -> SourcePage:
    """The blank page as sheetsmith prints it, rendered through the game's own component
    (so the markers and the page code are the ones a printer gets) and rasterized."""
    from sheetsmith.print import raster
    from sheetsmith.print.render import render_game
    from sheetsmith.render_options import RenderOptions

    pages = readable_pages(game_id, paper)
    index = [p.page for p in pages].index(page)
    with tempfile.TemporaryDirectory() as folder:
        options = RenderOptions(paper=paper, components=(COMPONENTS[game_id],))
        (written,) = render_game(_game(game_id), Path(folder), options)
        pdf = Path(written.path).read_bytes()
    picture = next(iter(raster.pages(pdf, DPI, [index])))
    image = cv2.cvtColor(np.asarray(picture.convert("RGB")), cv2.COLOR_RGB2BGR)
    return SourcePage(pages[index], image, pdf, index)


# ---------------------------------------------------------------------------------------
# Pencil


@dataclass(frozen=True)
class FillParams:
    darkness: float  # how much of white's light a fully covered pixel takes away (0..1)
    width_px: float  # the pencil stroke, in raster pixels at DPI
    erase_rate: float  # share of empty marks that carry an erased fill's faint remains
    outline_shapes: bool  # Personal Space: shapes outlined along the grid lines
    shade_squares: bool  # Sky: completed squares of the star map connected and shaded


def _weighted(rng: np.random.Generator, choices: Sequence[tuple[str, float]]) -> str:
    weights = np.array([w for _, w in choices])
    return choices[int(rng.choice(len(choices), p=weights / weights.sum()))][0]


def _grid(marks: Iterable[Mark]) -> dict[tuple[str, int, int], Mark]:
    """Marks whose keys name grid coordinates ("star:3,4"): (prefix, a, b) -> mark."""
    found = {}
    for mark in marks:
        match = _GRID_KEY.match(mark.key)
        if match:
            found[(match["prefix"], int(match["a"]), int(match["b"]))] = mark
    return found


def choose_fills(page: ReadablePage, rng: np.random.Generator) -> set[str]:
    """Which marks a player filled: grid marks in clusters (a star map grows around a few
    places), circled values mostly one per group (a day, a tracker), the rest at random."""
    density = rng.uniform(0.05, 0.6)
    filled: set[str] = set()
    grid = _grid(page.marks)
    by_prefix: dict[str, list[tuple[int, int, Mark]]] = {}
    for (prefix, a, b), mark in grid.items():
        by_prefix.setdefault(prefix, []).append((a, b, mark))
    for cells in by_prefix.values():
        picks = rng.choice(len(cells), size=int(rng.integers(1, 5)))
        centres = np.array([cells[i][:2] for i in picks], np.float64)
        radius = rng.uniform(1.2, 4.0)
        for a, b, mark in cells:
            near = np.exp(-((centres - (a, b)) ** 2).sum(1) / (2 * radius**2)).max()
            if rng.random() < min(0.95, density * (0.25 + 1.6 * near)):
                filled.add(mark.key)
    in_grid = {m.key for m in grid.values()}
    circled: dict[str, list[Mark]] = {}
    for mark in page.marks:
        if mark.key in in_grid:
            continue
        if mark.kind == "circle":
            circled.setdefault(mark.key.split(":")[0], []).append(mark)
        elif rng.random() < density:
            filled.add(mark.key)
    for group in circled.values():
        roll = rng.random()
        if roll < 0.75:  # the usual: one value circled
            filled.add(group[int(rng.integers(len(group)))].key)
        elif roll < 0.9:  # a few (a tracker moved on, both still circled)
            filled.update(m.key for m in group if rng.random() < density)
    return filled


def _fill_params(rng: np.random.Generator) -> FillParams:
    return FillParams(
        darkness=float(rng.uniform(0.35, 0.85)),
        width_px=float(rng.uniform(3.0, 7.5)),  # 0.25-0.65 mm
        erase_rate=float(rng.choice([0.0, rng.uniform(0.03, 0.2)])),
        outline_shapes=bool(rng.random() < 0.5),
        shade_squares=bool(rng.random() < 0.7),
    )


class _Canvas:
    """Coverage (0..1) drawn for one stroke group over a patch of the page."""

    def __init__(self, shape: tuple[int, int], origin: tuple[int, int]) -> None:
        self.mask = np.zeros(shape, np.uint8)
        self.ox, self.oy = origin

    def _pts(self, points: np.ndarray) -> np.ndarray:
        # cv2 draws with 4 fractional bits: strokes keep their sub-pixel places
        local = (np.asarray(points, np.float64) - (self.ox, self.oy)) * 16
        return np.round(local).astype(np.int32).reshape(-1, 1, 2)

    def line(self, points: np.ndarray, width: float) -> None:
        cv2.polylines(
            self.mask, [self._pts(points)], False, 255, max(1, round(width)), cv2.LINE_AA, 4
        )

    def polygon(self, points: np.ndarray) -> None:
        cv2.fillPoly(self.mask, [self._pts(points)], 255, cv2.LINE_AA, 4)


def _wobble(rng: np.random.Generator, a: np.ndarray, b: np.ndarray, amount: float) -> np.ndarray:
    """A hand's straight line from a to b: a few points, slightly bent."""
    n = 6
    t = np.linspace(0, 1, n)[:, None]
    points = a + (b - a) * t
    normal = np.array([-(b - a)[1], (b - a)[0]]) / (np.hypot(*(b - a)) + 1e-9)
    bend = rng.normal(0, amount) * np.sin(np.pi * t) + rng.normal(0, amount * 0.2, (n, 1))
    return points + normal * bend


def _style_strokes(
    canvas: _Canvas,
    style: str,
    box: tuple[float, float, float, float],
    room: float,
    width: float,
    rng: np.random.Generator,
    clear: float = SMALLEST_RING,
) -> None:
    """Draw one fill of `style` over `box` (raster pixels); strokes may stray `room` pixels
    past the box, never further (a neighbour's mark stays clean). A ring's smallest size is
    `clear` half-sizes of the box: past whatever outline is printed round the value."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hw, hh = (x1 - x0) / 2, (y1 - y0) / 2
    reach_x, reach_y = hw + room, hh + room

    def at(u: float, v: float) -> np.ndarray:  # box-relative (-1..1), clamped to the room
        return np.array(
            [cx + np.clip(u * hw, -reach_x, reach_x), cy + np.clip(v * hh, -reach_y, reach_y)]
        )

    if style == "dot":
        r = rng.uniform(0.55, 1.0)
        centre = at(rng.normal(0, 0.12), rng.normal(0, 0.12))
        axes = (
            min(r * hw, reach_x - abs(centre[0] - cx)),
            min(r * hh * rng.uniform(0.8, 1.2), reach_y - abs(centre[1] - cy)),
        )
        angle = np.linspace(0, 2 * np.pi, 40)
        canvas.polygon(centre + np.c_[np.cos(angle) * axes[0], np.sin(angle) * axes[1]])
    elif style == "partial":  # a circle filled in part: a slice, or a half moon
        start = rng.uniform(0, 2 * np.pi)
        span = rng.uniform(0.5, 0.92) * 2 * np.pi
        angle = np.linspace(start, start + span, 40)
        r = rng.uniform(0.7, 1.0)
        rim = np.c_[cx + np.cos(angle) * hw * r, cy + np.sin(angle) * hh * r]
        canvas.polygon(np.vstack([[cx, cy], rim]))
        canvas.line(rim, width)
    elif style in ("scribble", "hatch"):
        cover = rng.uniform(0.55, 1.0) if style == "scribble" else 1.0
        turn = rng.normal(0, 0.35) + (np.pi / 2 if rng.random() < 0.25 else 0.0)
        c, s = math.cos(turn), math.sin(turn)
        spacing = width * (rng.uniform(1.0, 2.5) if style == "scribble" else 0.8)
        extent = 2 * max(hw, hh) * cover
        rows = max(SCRIBBLE_ROWS, int(extent / spacing))
        offsets = np.linspace(-extent / 2, extent / 2, rows) + rng.normal(0, spacing * 0.15, rows)
        ends = []
        for i, o in enumerate(offsets):
            side = 1 if i % 2 == 0 else -1
            ends.append((side * rng.uniform(0.85, 1.15), o))
        # rotate the zigzag and squeeze it into the box (it is drawn for a square box)
        pts = np.array(
            [(u * c - (v / max(hw, hh)) * s, u * s + (v / max(hw, hh)) * c) for u, v in ends]
        )
        canvas.line(np.array([at(u, v) for u, v in pts]), width)
    elif style == "cross":
        size = rng.uniform(0.7, 1.1)
        for sign in (1, -1):
            a = at(-size + rng.normal(0, 0.1), -sign * size + rng.normal(0, 0.1))
            b = at(size + rng.normal(0, 0.1), sign * size + rng.normal(0, 0.1))
            canvas.line(_wobble(rng, a, b, width * 0.4), width)
    elif style == "tick":
        size = rng.uniform(0.75, 1.15)
        knee = at(-0.2 * size + rng.normal(0, 0.08), 0.75 * size)
        stroke = np.vstack(
            [
                at(-0.85 * size, 0.1 * size + rng.normal(0, 0.1)),
                knee,
                at(0.95 * size + rng.normal(0, 0.08), -0.95 * size + rng.normal(0, 0.08)),
            ]
        )
        canvas.line(stroke, width)
    elif style == "ring":  # circling a value: one loop that drifts and overlaps itself
        start = rng.uniform(0, 2 * np.pi)
        span = rng.uniform(1.9, 2.25) * np.pi
        angle = np.linspace(start, start + span, 60)
        # around the value, outside its printed outline: a loop past the box's own edge
        # (the room kept for other strokes does not bind it; hands circle generously)
        grow = rng.uniform(SMALLEST_RING, 1.35) + np.linspace(0, rng.normal(0, 0.06), 60)
        grow += clear - SMALLEST_RING  # a hand circles a printed circle, it does not trace it
        rx, ry = hw * grow + width * 0.5, hh * grow + width * 0.5
        canvas.line(np.c_[cx + np.cos(angle) * rx, cy + np.sin(angle) * ry], width)
    elif style == "letters":  # a letter code written in the square: a few pen strokes
        count = int(rng.integers(1, 4))
        for i in range(count):
            gx = cx + (i - (count - 1) / 2) * hw * 0.55 + rng.normal(0, hw * 0.05)
            n = int(rng.integers(3, 7))
            points = np.c_[
                gx + rng.uniform(-0.22, 0.22, n) * hw,
                cy + rng.uniform(-0.42, 0.42, n) * hh,
            ]
            canvas.line(_letter_sized(points, box), width * 0.8)
    else:
        raise ValueError(style)


def _letter_sized(points: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """The strokes of one letter, grown about their middle to a letter's least size where
    their random points fell close together (a letter, not a speck), and then moved back
    inside `box` if growing took them past it (a daily-sheet square has no room to spare:
    past its edge is the next square)."""
    least = SMALLEST_LETTER_MM * DPI / 25.4
    extent = float(np.ptp(points, axis=0).max())
    if extent >= least:
        return points
    middle = points.mean(axis=0)
    if extent < 1e-6:  # the points all in one place: a short upright stroke
        grown = middle + np.array([[0.0, -least / 2], [0.0, least / 2]])
    else:
        grown = middle + (points - middle) * (least / extent)
    x0, y0, x1, y1 = box
    grown = grown + np.maximum(0.0, np.array([x0, y0]) - grown.min(axis=0))
    return grown - np.maximum(0.0, grown.max(axis=0) - np.array([x1, y1]))


def _apply(
    image: np.ndarray,
    canvas: _Canvas,
    darkness: float,
    colour: np.ndarray,
    rng: np.random.Generator,
    grain: bool = True,
) -> None:
    """Lay the canvas's coverage onto the page as a subtractive colour (pencil over a
    printed line darkens it a little; over white it gives the pencil's grey)."""
    h, w = canvas.mask.shape
    y0, x0 = max(0, canvas.oy), max(0, canvas.ox)
    y1, x1 = min(image.shape[0], canvas.oy + h), min(image.shape[1], canvas.ox + w)
    if y1 <= y0 or x1 <= x0:
        return
    cover = canvas.mask[y0 - canvas.oy : y1 - canvas.oy, x0 - canvas.ox : x1 - canvas.ox]
    alpha = cover.astype(np.float32) * (darkness / 255.0)
    if grain:  # graphite catches the paper's tooth: a grainy, uneven stroke
        tooth = rng.uniform(0.5, 1.0, alpha.shape).astype(np.float32)
        alpha *= cv2.GaussianBlur(tooth, (3, 3), 0.7)
    patch = image[y0:y1, x0:x1].astype(np.float32)
    patch *= 1.0 - alpha[..., None] * (1.0 - colour / 255.0)
    image[y0:y1, x0:x1] = np.clip(patch, 0, 255).astype(np.uint8)


@functools.cache
def _paper(source: SourcePage) -> np.ndarray:
    """Where the blank page is bare paper (nothing printed)."""
    return cv2.cvtColor(source.image, cv2.COLOR_BGR2GRAY) >= 235


def _share_on_print(
    source: SourcePage, box: tuple[float, float, float, float], size: float
) -> float:
    """The share of a ring of `size` half-sizes round `box` that runs on the print."""
    x0, y0, x1, y1 = box
    angle = np.linspace(0, 2 * np.pi, 180, endpoint=False)
    xs = np.rint((x0 + x1) / 2 + np.cos(angle) * (x1 - x0) / 2 * size).astype(int)
    ys = np.rint((y0 + y1) / 2 + np.sin(angle) * (y1 - y0) / 2 * size).astype(int)
    paper = _paper(source)
    inside = (xs >= 0) & (ys >= 0) & (xs < paper.shape[1]) & (ys < paper.shape[0])
    return float(1.0 - paper[ys[inside], xs[inside]].mean()) if inside.any() else 0.0


@functools.cache
def _clear_of_print(source: SourcePage, mark: Mark) -> float:
    """The smallest ring round `mark` that a person would see: where the smallest ring
    would run on a printed circle (a major reward's), the first size past that circle's
    outer edge. A ring traced on the print is invisible in the photo, yet counted filled."""
    box = source.box_px(mark.box)
    if _share_on_print(source, box, SMALLEST_RING + 0.04) < 0.8:
        return SMALLEST_RING
    size = SMALLEST_RING + 0.04
    while size < 2.0 and _share_on_print(source, box, size) >= 0.1:
        size += 0.01
    return size + 0.02


@functools.cache
def _rooms(page: ReadablePage) -> dict[str, float]:
    """How far (raster pixels) a stroke may stray past each mark's box: a little, and at
    most half the gap to the nearest other mark, so the truth stays what a person sees."""
    boxes = np.array([(m.box.x, m.box.y, m.box.x1, m.box.y1) for m in page.marks], np.float64)
    rooms = {}
    for i, mark in enumerate(page.marks):
        b = boxes[i]
        dx = np.maximum(0, np.maximum(boxes[:, 0] - b[2], b[0] - boxes[:, 2]))
        dy = np.maximum(0, np.maximum(boxes[:, 1] - b[3], b[1] - boxes[:, 3]))
        gap = np.hypot(dx, dy)
        gap[i] = np.inf
        size = min(mark.box.width, mark.box.height)
        rooms[mark.key] = float(min(0.15 * size, 0.45 * gap.min())) * SCALE
    return rooms


def draw_fills(
    source: SourcePage,
    filled: set[str],
    params: FillParams,
    rng: np.random.Generator,
    leave_out: str | None = None,
) -> tuple[np.ndarray, dict[str, str]]:
    """The page with `filled` marks pencilled in and some empty ones erased; and what was
    drawn on each mark touched ("scribble", "tick", ..., "erased"). The pencil of mark
    `leave_out` is drawn and thrown away: every other stroke and the random streams stay as
    they were, so two photos differ by that mark's pencil alone."""
    image = source.image.copy()
    page = source.readable
    rooms = _rooms(page)
    drawn: dict[str, str] = {}
    pen = PENS[int(rng.integers(len(PENS)))] if rng.random() < 0.5 else None
    grid = _grid(page.marks)
    if params.shade_squares:
        _shade_squares(image, source, grid, filled, params, rng)
    if params.outline_shapes:
        _outline_shapes(image, source, grid, filled, params, pen, rng)
    for mark in page.marks:
        x0, y0, x1, y1 = source.box_px(mark.box)
        room = rooms[mark.key]
        # rings may reach 40 % past the box; other strokes only their room
        pad = int(max(room, 0.4 * max(x1 - x0, y1 - y0)) + params.width_px * 2 + 4)
        origin = (int(x0) - pad, int(y0) - pad)
        shape = (int(y1 - y0) + 2 * pad + 2, int(x1 - x0) + 2 * pad + 2)
        darkness = float(np.clip(params.darkness * rng.uniform(0.85, 1.1), 0.3, 0.92))
        if mark.key in filled:
            style = _weighted(rng, STYLES[mark.kind])
            canvas = _Canvas(shape, origin)
            width = params.width_px * rng.uniform(0.85, 1.15)
            clear = _clear_of_print(source, mark) if style == "ring" else SMALLEST_RING
            _style_strokes(canvas, style, (x0, y0, x1, y1), room, width, rng, clear)
            ink = pen if (mark.kind == "square" and pen is not None) else GRAPHITE
            target = image.copy() if mark.key == leave_out else image
            _apply(target, canvas, darkness, ink, rng, grain=ink is GRAPHITE)
            drawn[mark.key] = style
        elif rng.random() < params.erase_rate:
            _erase(image, (x0, y0, x1, y1), shape, origin, room, params, rng)
            drawn[mark.key] = "erased"
    return image, drawn


def _erase(
    image: np.ndarray,
    box: tuple[float, float, float, float],
    shape: tuple[int, int],
    origin: tuple[int, int],
    room: float,
    params: FillParams,
    rng: np.random.Generator,
) -> None:
    """An erased fill: a faint grey smudge where the eraser spread the graphite, and
    sometimes the ghost of the strokes. A person reads it as empty, and so must the reader."""
    x0, y0, x1, y1 = box
    smudge = _Canvas(shape, origin)
    cx, cy = (x0 + x1) / 2 + rng.normal(0, 2), (y0 + y1) / 2 + rng.normal(0, 2)
    angle = np.linspace(0, 2 * np.pi, 30)
    rx, ry = (x1 - x0) / 2 * rng.uniform(0.8, 1.4), (y1 - y0) / 2 * rng.uniform(0.8, 1.4)
    smudge.polygon(np.c_[cx + np.cos(angle) * rx, cy + np.sin(angle) * ry])
    sigma = max(1.0, min(rx, ry) * 0.35)
    smudge.mask = cv2.GaussianBlur(smudge.mask, (0, 0), sigma)
    _apply(image, smudge, float(rng.uniform(0.03, 0.10)), GRAPHITE, rng, grain=False)
    if rng.random() < 0.6:
        ghost = _Canvas(shape, origin)
        style = "scribble" if rng.random() < 0.6 else "cross"
        _style_strokes(ghost, style, box, room, params.width_px, rng)
        _apply(image, ghost, float(rng.uniform(0.02, 0.07)), GRAPHITE, rng)


def _shade_squares(
    image: np.ndarray,
    source: SourcePage,
    grid: dict[tuple[str, int, int], Mark],
    filled: set[str],
    params: FillParams,
    rng: np.random.Generator,
) -> None:
    """My Corner of the Sky: a square whose four corner points are filled is connected and
    shaded. It lies between filled points only, so it touches no empty mark."""
    for (prefix, a, b), mark in grid.items():
        if mark.kind != "point":
            continue
        corners = [
            grid.get((prefix, a + da, b + db)) for da, db in ((0, 0), (1, 0), (1, 1), (0, 1))
        ]
        if not all(c is not None and c.key in filled for c in corners):
            continue
        quad = []
        for corner in corners:
            x0, y0, x1, y1 = source.box_px(corner.box)  # type: ignore[union-attr]
            quad.append(((x0 + x1) / 2, (y0 + y1) / 2))
        quad_a = np.array(quad)
        lo, hi = quad_a.min(0).astype(int) - 8, quad_a.max(0).astype(int) + 8
        canvas = _Canvas((int(hi[1] - lo[1]), int(hi[0] - lo[0])), (int(lo[0]), int(lo[1])))
        canvas.line(np.vstack([quad_a, quad_a[:1]]), params.width_px * 0.8)
        _apply(image, canvas, params.darkness * 0.9, GRAPHITE, rng)
        shade = _Canvas(canvas.mask.shape, (int(lo[0]), int(lo[1])))
        shade.polygon(quad_a)
        _apply(image, shade, params.darkness * float(rng.uniform(0.25, 0.6)), GRAPHITE, rng)


def _outline_shapes(
    image: np.ndarray,
    source: SourcePage,
    grid: dict[tuple[str, int, int], Mark],
    filled: set[str],
    params: FillParams,
    pen: np.ndarray | None,
    rng: np.random.Generator,
) -> None:
    """Personal Space: a drawn shape's outline follows the grid lines around its inked
    squares, so it runs along the edges of the empty squares beside it too."""
    for (prefix, a, b), mark in grid.items():
        if mark.kind != "square" or mark.key not in filled:
            continue
        x0, y0, x1, y1 = source.box_px(mark.box)
        jitter = (x1 - x0) * 0.03
        canvas = _Canvas((int(y1 - y0) + 40, int(x1 - x0) + 40), (int(x0) - 20, int(y0) - 20))
        edges = {
            (0, -1): ((x0, y0), (x1, y0)),
            (0, 1): ((x0, y1), (x1, y1)),
            (-1, 0): ((x0, y0), (x0, y1)),
            (1, 0): ((x1, y0), (x1, y1)),
        }
        for (da, db), (p, q) in edges.items():
            # which of the key's two numbers is the row is unknown here; either reading
            # outlines the shape's border, since both neighbours are looked up
            neighbour = grid.get((prefix, a + db, b + da))
            if neighbour is not None and neighbour.key in filled:
                continue
            offset = rng.normal(0, jitter, 2)
            canvas.line(
                _wobble(rng, np.array(p) + offset, np.array(q) + offset, jitter), params.width_px
            )
        _apply(
            image, canvas, params.darkness, GRAPHITE if pen is None else pen, rng, grain=pen is None
        )


# ---------------------------------------------------------------------------------------
# The camera


@dataclass(frozen=True)
class CameraParams:
    frame: tuple[int, int]  # width, height in pixels
    tilt_deg: float  # the page plane against the sensor (0: straight down)
    tilt_axis_deg: float  # the direction of the axis the page is tilted about
    roll_deg: float  # the page turned in its plane, 0-360
    fov_deg: float  # the lens's horizontal field of view
    fill: float  # the page's bounding box against the frame, on its tighter side
    exposure: float
    gradient: float  # light falling off across the frame (share of exposure)
    shadow: float  # a soft shadow blob's depth (0: none)
    hard_shadow: float  # a phone's or hand's shadow, soft-edged (0: none)
    vignette: float
    cast: tuple[float, float, float]  # BGR gains
    paper_tint: tuple[float, float, float]
    background: str
    blur: str  # "defocus", "motion" or "none" on top of the lens's own softness
    blur_px: float  # defocus radius or motion length, frame pixels
    lens_sigma: float
    sharpen: float  # a phone's unsharp mask
    read_noise: float  # sensor noise, in 0..1 units
    shot_noise: float  # variance per unit of light
    jpeg_quality: int


def _camera_params(rng: np.random.Generator) -> CameraParams:
    width = int(round(math.exp(rng.uniform(math.log(1600), math.log(4000))) / 4) * 4)
    height = width * 3 // 4
    frame = (width, height) if rng.random() < 0.5 else (height, width)
    blur = str(rng.choice(["none", "defocus", "motion"], p=[0.4, 0.35, 0.25]))
    scale = max(frame) / 3000  # blur sizes for a 12 MP frame, scaled to this one
    warm = rng.uniform(-1, 1)
    cast = (
        float(np.clip(1 - 0.15 * warm + rng.normal(0, 0.04), 0.75, 1.15)),
        float(np.clip(1 + rng.normal(0, 0.04), 0.85, 1.1)),
        float(np.clip(1 + 0.15 * warm + rng.normal(0, 0.04), 0.75, 1.15)),
    )
    return CameraParams(
        frame=frame,
        tilt_deg=float(rng.uniform(0, 35)),
        tilt_axis_deg=float(rng.uniform(0, 360)),
        roll_deg=float(rng.uniform(0, 360)),
        fov_deg=float(rng.uniform(60, 75)),
        fill=float(rng.uniform(0.5, 0.95)),
        exposure=float(rng.uniform(0.7, 1.15)),
        gradient=float(rng.uniform(0, 0.45)),
        shadow=float(rng.choice([0.0, rng.uniform(0.15, 0.5)])),
        hard_shadow=float(rng.choice([0.0, rng.uniform(0.15, 0.45)], p=[0.75, 0.25])),
        vignette=float(rng.uniform(0, 0.3)),
        cast=cast,
        paper_tint=tuple(float(v) for v in rng.uniform(0.93, 1.0, 3)),  # type: ignore[arg-type]
        background=str(rng.choice(["wood", "cloth", "stone", "plain"])),
        blur=blur,
        blur_px=float(
            0.0
            if blur == "none"
            else rng.uniform(0.5, 2.5) * scale
            if blur == "defocus"
            else rng.uniform(1.0, 6.0) * scale
        ),
        lens_sigma=float(rng.uniform(0.4, 0.9)),
        sharpen=float(rng.choice([0.0, rng.uniform(0.2, 0.8)])),
        read_noise=float(rng.uniform(0.002, 0.015)),
        shot_noise=float(rng.uniform(0, 0.0008)),
        jpeg_quality=int(rng.integers(50, 91)),
    )


def _rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    rotation, _ = cv2.Rodrigues((axis / np.linalg.norm(axis) * angle).reshape(3, 1))
    return rotation


def _homography(
    params: CameraParams, size: tuple[int, int], rng: np.random.Generator
) -> np.ndarray:
    """Where the page raster (width, height pixels) lands in the frame: a pinhole camera
    over the tilted, turned page, then scaled and placed so its bounding box fills
    `params.fill` of the frame on the tighter side."""
    w, h = size
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    plane = np.c_[corners - (w / 2, h / 2), np.zeros(4)]
    roll = math.radians(params.roll_deg)
    turn = np.array(
        [[math.cos(roll), -math.sin(roll), 0], [math.sin(roll), math.cos(roll), 0], [0, 0, 1]]
    )
    axis = math.radians(params.tilt_axis_deg)
    tilt = _rotation(np.array([math.cos(axis), math.sin(axis), 0.0]), math.radians(params.tilt_deg))
    fw, fh = params.frame
    focal = fw / (2 * math.tan(math.radians(params.fov_deg) / 2))
    # distance: the page's diagonal spans about `fill` of the frame's diagonal
    distance = focal * math.hypot(w, h) / (params.fill * math.hypot(fw, fh))
    camera = (tilt @ turn @ plane.T).T
    camera[:, 2] += distance
    projected = focal * camera[:, :2] / camera[:, 2:3]
    low, high = projected.min(0), projected.max(0)
    span = high - low
    fit = params.fill * min(fw / span[0], fh / span[1])
    placed = (projected - low) * fit
    slack = np.array([fw, fh]) - span * fit
    placed += slack * rng.uniform(0.15, 0.85, 2)
    return cv2.getPerspectiveTransform(corners.astype(np.float32), placed.astype(np.float32))


def _smooth_noise(rng: np.random.Generator, shape: tuple[int, int], sigma: float) -> np.ndarray:
    field_ = cv2.GaussianBlur(rng.standard_normal(shape, dtype=np.float32), (0, 0), sigma)
    return field_ / (field_.std() + 1e-6)


def _background(kind: str, frame: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A table under the page (float32 BGR, 0..1), built small and scaled up: its fine
    grain comes from the sensor noise added later."""
    fw, fh = frame
    w, h = max(64, fw // 4), max(64, fh // 4)
    if kind == "wood":
        base = np.array([rng.uniform(0.15, 0.35), rng.uniform(0.3, 0.5), rng.uniform(0.45, 0.75)])
        angle = rng.uniform(0, np.pi)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        u = xx * math.cos(angle) + yy * math.sin(angle)
        warp = _smooth_noise(rng, (h, w), w / 20) * rng.uniform(5, 20)
        grain = 0.5 + 0.5 * np.sin(2 * np.pi * (u + warp) / rng.uniform(6, 18))
        light = (1 - 0.35 * grain) * (1 + 0.08 * _smooth_noise(rng, (h, w), w / 8))
        image = light[..., None] * base
    elif kind == "cloth":
        base = rng.uniform(0.1, 0.8, 3)
        weave = 1 + 0.12 * rng.standard_normal((h, w), dtype=np.float32)
        folds = 1 + 0.12 * _smooth_noise(rng, (h, w), w / 12)
        image = (weave * folds)[..., None] * base
    elif kind == "stone":
        base = rng.uniform(0.35, 0.75) * np.ones(3) * rng.uniform(0.9, 1.1, 3)
        speckle = 0.18 * _smooth_noise(rng, (h, w), 1.0) + 0.1 * _smooth_noise(rng, (h, w), 6)
        image = (1 + speckle)[..., None] * base
    else:  # a plain desk, sometimes nearly as light as the paper
        base = rng.uniform(0.25, 0.9) * rng.uniform(0.92, 1.05, 3)
        image = (1 + 0.05 * _smooth_noise(rng, (h, w), w / 6))[..., None] * base
    image = np.clip(image, 0, 1).astype(np.float32)
    return cv2.resize(image, (fw, fh), interpolation=cv2.INTER_LINEAR)


def _light(params: CameraParams, rng: np.random.Generator) -> np.ndarray:
    """The light falling on the scene (float32, frame-sized): exposure, a gradient, a
    vignette, shadows. Smooth, so it is built small and scaled up."""
    fw, fh = params.frame
    w, h = fw // 8, fh // 8
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xx, yy = xx / w - 0.5, yy / h - 0.5
    angle = rng.uniform(0, 2 * np.pi)
    light = 1 + params.gradient * (xx * math.cos(angle) + yy * math.sin(angle)) * 2
    light *= 1 - params.vignette * (xx**2 + yy**2) * 2
    if params.shadow:
        cx, cy = rng.uniform(-0.4, 0.4, 2)
        sx, sy = rng.uniform(0.08, 0.3, 2)
        turn = rng.uniform(0, np.pi)
        u = (xx - cx) * math.cos(turn) + (yy - cy) * math.sin(turn)
        v = -(xx - cx) * math.sin(turn) + (yy - cy) * math.cos(turn)
        light *= 1 - params.shadow * np.exp(-(u**2 / (2 * sx**2) + v**2 / (2 * sy**2)))
    if params.hard_shadow:  # a phone or a hand between the lamp and the page
        mask = np.zeros((h, w), np.float32)
        centre = rng.uniform(0, 1, 2) * (w, h)
        points = centre + rng.normal(0, 0.25, (5, 2)) * (w, h)
        cv2.fillPoly(mask, [cv2.convexHull(points.astype(np.int32))], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, w * rng.uniform(0.01, 0.04)))
        light *= 1 - params.hard_shadow * mask
    light = np.clip(light * params.exposure, 0.05, 2.0).astype(np.float32)
    return cv2.resize(light, (fw, fh), interpolation=cv2.INTER_LINEAR)


def _blur_kernel(params: CameraParams, rng: np.random.Generator) -> np.ndarray | None:
    if params.blur == "none" or params.blur_px < 0.3:
        return None
    if params.blur == "defocus":
        r = params.blur_px
        size = 2 * math.ceil(r) + 1
        kernel = np.zeros((size * 4, size * 4), np.uint8)
        centre = size * 2
        cv2.circle(kernel, (centre, centre), round(r * 4), 255, -1, cv2.LINE_AA)
    else:
        length = params.blur_px
        size = 2 * math.ceil(length / 2) + 1
        kernel = np.zeros((size * 4, size * 4), np.uint8)
        angle = rng.uniform(0, np.pi)
        dx, dy = math.cos(angle) * length * 2, math.sin(angle) * length * 2
        centre = size * 2
        cv2.line(
            kernel,
            (round(centre - dx), round(centre - dy)),
            (round(centre + dx), round(centre + dy)),
            255,
            4,
            cv2.LINE_AA,
        )
    small = cv2.resize(kernel.astype(np.float32), (size, size), interpolation=cv2.INTER_AREA)
    return small / small.sum()


def _warp_page(
    small: np.ndarray, warp: np.ndarray, frame: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """The page raster (uint8) in the frame by pixel area, and how much of each frame pixel
    it covers (uint8, 255 wholly).

    Point-sampled (each frame pixel taking the raster at its centre, as seeds before
    AREA_SAMPLED_FROM were photographed), a page at a slant is read more sparsely on its
    far side than the raster's pitch: thin printed lines there come out doubled or broken,
    which no camera shows (its pixels gather the light over their whole area). Here the
    page is warped at AREA_SUPERSAMPLE times the frame's size and each frame pixel
    averages its share."""
    fw, fh = frame
    ss = AREA_SUPERSAMPLE
    scaled = np.diag([float(ss), float(ss), 1.0]) @ warp
    size = (fw * ss, fh * ss)
    page = cv2.warpPerspective(small, scaled, size, flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
    cover = cv2.warpPerspective(
        np.full(small.shape[:2], 255, np.uint8), scaled, size, flags=cv2.INTER_LINEAR
    )
    page = cv2.resize(page, frame, interpolation=cv2.INTER_AREA)
    cover = cv2.resize(cover, frame, interpolation=cv2.INTER_AREA)
    return page, cover


def photograph(
    page_image: np.ndarray,
    params: CameraParams,
    rng: np.random.Generator,
    area_sampled: bool = False,
) -> tuple[np.ndarray, np.ndarray, bytes]:
    """The phone photo (BGR uint8, a JPEG decoded) of a page raster, the homography from
    raster pixels to photo pixels, and the JPEG file itself. `area_sampled`: the page is
    warped into the frame by pixel area (`_warp_page`), as seeds from AREA_SAMPLED_FROM."""
    fw, fh = params.frame
    ph, pw = page_image.shape[:2]
    matrix = _homography(params, (pw, ph), rng)
    # Shrink the raster first to the largest scale the warp uses: warpPerspective samples
    # and would alias a 300 dpi page squeezed into a few hundred pixels
    corners = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32).reshape(-1, 1, 2)
    mapped = cv2.perspectiveTransform(corners, matrix).reshape(-1, 2)
    src = corners.reshape(-1, 2)
    ratios = [
        np.hypot(*(mapped[(i + 1) % 4] - mapped[i])) / np.hypot(*(src[(i + 1) % 4] - src[i]))
        for i in range(4)
    ]
    shrink = min(1.0, max(ratios) * 1.1)
    small = cv2.resize(page_image, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    to_small = np.diag([shrink, shrink, 1.0])
    warp = matrix @ np.linalg.inv(to_small)

    tint = np.array(params.paper_tint, np.float32) / 255.0
    if area_sampled:
        warped, covered = _warp_page(small, warp, (fw, fh))
        page = warped.astype(np.float32) * tint
        cover = covered.astype(np.float32) / 255.0
        del warped, covered
    else:  # as every seed before AREA_SAMPLED_FROM was photographed, to the bit
        paper = small.astype(np.float32) * tint
        page = cv2.warpPerspective(
            paper, warp, (fw, fh), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0)
        )
        cover = cv2.warpPerspective(
            np.ones(small.shape[:2], np.float32), warp, (fw, fh), flags=cv2.INTER_LINEAR
        )
    scene = _background(params.background, params.frame, rng)
    # the sheet lies a hair above the table: a faint soft shadow along its edge
    offset = rng.normal(0, 0.002 * max(fw, fh), 2)
    drop = cv2.warpAffine(cover, np.float32([[1, 0, offset[0]], [0, 1, offset[1]]]), (fw, fh))
    drop = cv2.GaussianBlur(drop, (0, 0), max(1.0, 0.003 * max(fw, fh)))
    scene *= (1 - 0.3 * drop)[..., None]
    scene = scene * (1 - cover[..., None]) + page  # page is premultiplied by its cover
    del page, drop
    scene *= _light(params, rng)[..., None]
    scene *= np.array(params.cast, np.float32)

    kernel = _blur_kernel(params, rng)
    if kernel is not None:
        scene = cv2.filter2D(scene, -1, kernel, borderType=cv2.BORDER_REFLECT)
    scene = cv2.GaussianBlur(scene, (0, 0), params.lens_sigma)
    noise = rng.standard_normal(scene.shape, dtype=np.float32)
    sigma = np.sqrt(params.read_noise**2 + params.shot_noise * np.clip(scene, 0, None))
    scene += noise * sigma
    del noise, sigma
    if params.sharpen:
        soft = cv2.GaussianBlur(scene, (0, 0), 1.5)
        scene += params.sharpen * (scene - soft)
        del soft
    photo = np.clip(scene * 255.0 + 0.5, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, params.jpeg_quality])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR), matrix, jpeg.tobytes()


# ---------------------------------------------------------------------------------------
# Whole photos


@dataclass(frozen=True, eq=False)
class Photo:
    seed: int
    page: ReadablePage
    image: np.ndarray  # BGR uint8
    truth: dict[str, bool]  # every mark of the page -> filled
    drawn: dict[str, str]  # the marks pencil touched -> the style ("erased": must read empty)
    fills: FillParams
    camera: CameraParams
    homography: np.ndarray  # page points (PDF, y up) -> photo pixels
    jpeg: bytes = field(default=b"", repr=False)  # the photo as the phone saved it

    def px_per_point(self) -> float:
        """The page's mean scale in the photo: how many photo pixels a PDF point spans."""
        w, h = self.page.width, self.page.height
        corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32).reshape(-1, 1, 2)
        quad = cv2.perspectiveTransform(corners, self.homography).reshape(-1, 2)
        (ax, ay), (bx, by) = quad[2] - quad[0], quad[3] - quad[1]
        area = 0.5 * abs(ax * by - ay * bx)
        return float(math.sqrt(area / (w * h)))


def _streams(seed: int) -> tuple[np.random.Generator, ...]:
    # independent streams per stage: changing how fills are drawn leaves the camera alone
    return tuple(np.random.default_rng([seed, stage]) for stage in range(4))


def synth_photo(
    source: SourcePage,
    filled: Iterable[str],
    seed: int,
    camera_seed: int | None = None,
    leave_out: str | None = None,
) -> Photo:
    """A photo of `source` with `filled` pencilled in; everything else follows from `seed`
    (the camera and the scene from `camera_seed` when given: another photo of one sheet).
    With `leave_out`, the same photo without that mark's pencil (its truth unchanged)."""
    filled = set(filled)
    keys = {m.key for m in source.readable.marks}
    unknown = filled - keys
    if unknown:
        raise ValueError(f"no such marks on {source.readable.page}: {sorted(unknown)[:5]}")
    if leave_out is not None and leave_out not in filled:
        raise ValueError(f"{leave_out} is not pencilled in on this sheet: nothing to leave out")
    _, fill_rng, camera_rng, scene_rng = _streams(seed)
    if camera_seed is not None:
        _, _, camera_rng, scene_rng = _streams(camera_seed)
    fills = _fill_params(fill_rng)
    page_image, drawn = draw_fills(source, filled, fills, fill_rng, leave_out)
    camera = _camera_params(camera_rng)
    shot = seed if camera_seed is None else camera_seed
    image, matrix, jpeg = photograph(
        page_image, camera, scene_rng, area_sampled=shot >= AREA_SAMPLED_FROM
    )
    return Photo(
        seed=seed,
        page=source.readable,
        image=image,
        truth={key: key in filled for key in sorted(keys)},
        drawn=drawn,
        fills=fills,
        camera=camera,
        homography=matrix @ source.points_to_pixels(),
        jpeg=jpeg,
    )


def scenario(seed: int) -> tuple[SourcePage, set[str]]:
    """The page and the marks filled for `seed`: the pages in turn (seed modulo their
    count, so any run of seeds covers both games and both papers evenly), fills at random."""
    pages = writable_pages()
    game_id, page, paper = pages[seed % len(pages)]
    source = source_page(game_id, page, paper)
    pick_rng = _streams(seed)[0]
    return source, choose_fills(source.readable, pick_rng)


def photo_for_seed(
    seed: int, camera_seed: int | None = None, leave_out: str | None = None
) -> Photo:
    """The photo of `seed`; with `camera_seed`, the same sheet taken by that seed's camera;
    with `leave_out`, without that mark's pencil."""
    source, filled = scenario(seed)
    return synth_photo(source, filled, seed, camera_seed, leave_out)


def main(argv: Sequence[str] | None = None) -> None:
    """Write photos to look at: `python bench/photos/synth.py OUT_DIR SEED...`."""
    import argparse
    import json
    from dataclasses import asdict

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("seeds", type=int, nargs="+")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in args.seeds:
        photo = photo_for_seed(seed)
        path = args.out / f"photo-{seed}.jpg"
        path.write_bytes(photo.jpeg)
        meta = {
            "page": [photo.page.game, photo.page.page, photo.page.paper],
            "filled": sum(photo.truth.values()),
            "marks": len(photo.truth),
            "px_per_point": round(photo.px_per_point(), 3),
            "fills": asdict(photo.fills),
            "camera": asdict(photo.camera),
        }
        (args.out / f"photo-{seed}.json").write_text(json.dumps(meta, indent=1))
        print(path, meta["page"], f"{meta['filled']}/{meta['marks']} filled")


if __name__ == "__main__":
    main()
