"""A readable test page for the photo reader, independent of any game: markers, a page code,
and marks of every kind; plus synthetic photos of it (pencil drawn on the raster, warped
into a frame) and a catalogue that knows it."""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping

import cv2
import numpy as np

from sheetsmith.photo.errors import UnknownPage
from sheetsmith.photo.geometry import PageSource
from sheetsmith.photo.marks import Mark, ReadablePage, Reading
from sheetsmith.print import raster
from sheetsmith.print.document import DocumentInfo
from sheetsmith.print.pdf import write_pdf
from sheetsmith.print.primitives import MM, Blocks, Circle, Item, Line, Page, Rect, Text
from sheetsmith.print.qr import qr_code

WIDTH, HEIGHT = 612.0, 792.0
MARKER = 12 * MM
INSET = 10 * MM
DPI = 200


def marker_blocks(marker_id: int, rect: Rect) -> Blocks:
    bits = cv2.aruco.generateImageMarker(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), marker_id, 6
    )
    cells = tuple(
        (col, 5 - row, 1, 1) for row in range(6) for col in range(6) if bits[row, col] == 0
    )
    return Blocks(rect.x, rect.y, rect.width / 6, cells)


def marker_rects() -> tuple[Rect, Rect, Rect, Rect]:
    left, right = INSET, WIDTH - INSET - MARKER
    bottom, top = INSET, HEIGHT - INSET - MARKER
    return (
        Rect(left, top, MARKER, MARKER),
        Rect(right, top, MARKER, MARKER),
        Rect(right, bottom, MARKER, MARKER),
        Rect(left, bottom, MARKER, MARKER),
    )


def build(
    game: str = "test-game", page: str = "front", version: str = "1"
) -> tuple[ReadablePage, Page]:
    """The test page: a 9x6 grid of points (small and large), a row of cost boxes with
    digits, a row of values to circle, and a 4x2 grid of squares."""
    items: list[Item] = []
    marks: list[Mark] = []
    markers = marker_rects()
    for i, rect in enumerate(markers):
        items.append(marker_blocks(i, rect))
    readable_name = f"sheetsmith:{game}/{page}/letter/{version}"
    qr = qr_code(readable_name, WIDTH / 2, HEIGHT - INSET - 12 * MM, 22 * MM)
    items += qr.items
    items.append(Text(72, HEIGHT - 60, "TEST PAGE", size=18, bold=True))
    # points: a star-map-like grid with lines between
    x0, y0, step = 72.0, 430.0, 40.0
    for row in range(6):
        items.append(Line(x0, y0 + row * step, x0 + 8 * step, y0 + row * step))
    for col in range(9):
        items.append(Line(x0 + col * step, y0, x0 + col * step, y0 + 5 * step))
    for row in range(6):
        for col in range(9):
            r = 3 * MM if (row + col) % 2 == 0 else 1.5 * MM
            cx, cy = x0 + col * step, y0 + row * step
            items.append(Circle(cx, cy, r, fill=(1, 1, 1)))
            marks.append(Mark(f"point:{col},{row}", "point", Rect(cx - r, cy - r, 2 * r, 2 * r)))
    # cost boxes with digits
    for i in range(8):
        box = Rect(72 + i * 30, 370, 6 * MM, 6 * MM)
        items.append(box)
        items.append(Text(box.centre[0], box.y + 4, str(i + 1), size=11, anchor="middle"))
        marks.append(Mark(f"box:{i}", "box", box))
    # values to circle (pill outlines with a word)
    for i, word in enumerate(("Sun", "Mon", "Tue", "Wed", "Thu", "Fri")):
        pill = Rect(72 + i * 72, 320, 56, 20, radius=10)
        items.append(pill)
        items.append(Text(pill.centre[0], pill.y + 6, word, size=10, anchor="middle"))
        marks.append(Mark(f"day:{word.lower()}", "circle", pill))
    # grid squares to write letters in
    for row in range(2):
        for col in range(4):
            sq = Rect(72 + col * 25 * MM, 100 + row * 25 * MM, 25 * MM, 25 * MM)
            items.append(sq)
            marks.append(Mark(f"grid:{col},{row}", "square", sq))
    readable = ReadablePage(
        game=game,
        page=page,
        paper="letter",
        version=version,
        width=WIDTH,
        height=HEIGHT,
        markers=markers,
        code=qr.symbol,  # as a game's page gives it: the symbol, its modules sampled
        marks=tuple(marks),
    )
    assert readable.payload == readable_name
    return readable, Page(WIDTH, HEIGHT, tuple(items))


def pdf_bytes(page: Page) -> bytes:
    handle = io.BytesIO()
    write_pdf([page], handle, DocumentInfo("test page"))
    return handle.getvalue()


class TestCatalogue:
    """Knows the test pages it is given; builds sheets as a plain list of filled keys."""

    def __init__(self, *pages: tuple[ReadablePage, Page]) -> None:
        self.sources = {rp.payload: PageSource(rp, pdf_bytes(p), 0) for rp, p in pages}

    def page(self, payload: str) -> PageSource:
        if payload not in self.sources:
            raise UnknownPage(f"unknown test page {payload}")
        return self.sources[payload]

    def candidates(self) -> list[ReadablePage]:
        return [source.page for source in self.sources.values()]

    def sheet(self, game: str, readings: Mapping[str, Mapping[str, Reading]]) -> str:
        lines = [f'game = "{game}"']
        for page in sorted(readings):
            filled = [k for k, r in readings[page].items() if r.filled]
            lines.append(f"{page} = {filled!r}".replace("'", '"'))
        return "\n".join(lines) + "\n"


# -- drawing pencil on the raster ----------------------------------------------------------

PENCIL = (95, 95, 100)  # BGR: a soft pencil, well below print black's darkness


def raster_page(page: Page) -> np.ndarray:
    (image,) = raster.pages(pdf_bytes(page), DPI)
    return np.ascontiguousarray(np.asarray(image)[:, :, ::-1])


def _px(x: float, y: float) -> tuple[int, int]:
    s = DPI / 72
    return round(x * s), round((HEIGHT - y) * s)


def fill(
    image: np.ndarray,
    readable: ReadablePage,
    keys: Iterable[str],
    *,
    style: str = "scribble",
    colour: tuple[int, int, int] = PENCIL,
) -> None:
    """Draw pencil over the marks `keys` the way a hand would (in place)."""
    s = DPI / 72
    by_key = {m.key: m for m in readable.marks}
    rng = np.random.default_rng(7)
    for key in keys:
        mark = by_key[key]
        cx, cy = _px(*mark.box.centre)
        rx, ry = mark.box.width * s / 2, mark.box.height * s / 2
        width = max(2, round(0.5 * MM * s))
        if mark.kind == "circle":
            axes = (round(rx + 2.0 * MM * s), round(ry + 2.0 * MM * s))
            cv2.ellipse(image, (cx, cy), axes, 3, 0, 345, colour, width, cv2.LINE_AA)
        elif style == "dot":
            cv2.circle(image, (cx, cy), round(0.6 * MM * s), colour, -1, cv2.LINE_AA)
        elif style == "tick":
            a = (cx - round(rx * 0.6), cy)
            b = (cx - round(rx * 0.1), cy + round(ry * 0.6))
            c = (cx + round(rx * 0.8), cy - round(ry * 0.8))
            cv2.polylines(image, [np.int32([a, b, c])], False, colour, width, cv2.LINE_AA)
        elif mark.kind == "square":  # a letter code, about 6 mm tall
            h = round(3 * MM * s)
            pts = np.int32([(cx - h // 2, cy + h), (cx, cy - h), (cx + h // 2, cy + h)])
            cv2.polylines(image, [pts], False, colour, width, cv2.LINE_AA)
            cv2.line(image, (cx - h // 4, cy + h // 3), (cx + h // 4, cy + h // 3), colour, width)
        else:  # scribble back and forth over the mark
            n = 7
            pts = []
            for i in range(n):
                t = i / (n - 1)
                y = cy - ry * 0.8 + 1.6 * ry * t
                jitter = rng.uniform(-0.1, 0.1) * rx
                pts.append((cx + (-1) ** i * rx * 0.85 + jitter, y))
            cv2.polylines(image, [np.int32(pts)], False, colour, width + 1, cv2.LINE_AA)


# -- a photo of the raster ---------------------------------------------------------------


def photograph(
    page: np.ndarray,
    *,
    size: tuple[int, int] = (2400, 1800),
    fill_share: float = 0.8,
    tilt: float = 0.25,
    angle: float = 8.0,
    blur: float = 0.0,
    shade: float = 0.25,
    noise: float = 3.0,
    seed: int = 1,
) -> np.ndarray:
    """The page raster photographed: rotated by `angle` degrees, in perspective (`tilt`
    shrinks one edge by that share), filling `fill_share` of the frame's height, lit
    unevenly, blurred and noisy."""
    rng = np.random.default_rng(seed)
    w, h = size
    ph, pw = page.shape[:2]
    height = fill_share * min(w, h) if h < w else fill_share * h
    width = height * pw / ph
    corners = np.float32(
        [
            [-width / 2, -height / 2],
            [width / 2, -height / 2],
            [width / 2, height / 2],
            [-width / 2, height / 2],
        ]
    )
    corners[0, 0] += tilt * width / 2  # the top edge is further away
    corners[1, 0] -= tilt * width / 2
    a = math.radians(angle)
    rot = np.float32([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    corners = corners @ rot.T + np.float32([w / 2, h / 2])
    src = np.float32([[0, 0], [pw, 0], [pw, ph], [0, ph]])
    hmat = cv2.getPerspectiveTransform(src, corners)
    photo = cv2.warpPerspective(page, hmat, (w, h), flags=cv2.INTER_AREA, borderValue=(60, 80, 110))
    if shade:
        xx = np.linspace(1.0 - shade, 1.0, w, dtype=np.float32)[None, :]
        yy = np.linspace(1.0, 1.0 - shade / 2, h, dtype=np.float32)[:, None]
        photo = photo.astype(np.float32) * (xx * yy)[:, :, None]
    photo = photo.astype(np.float32)
    if blur:
        photo = cv2.GaussianBlur(photo, (0, 0), blur)
    if noise:
        photo = photo + rng.normal(0, noise, photo.shape).astype(np.float32)
    return np.clip(photo, 0, 255).astype(np.uint8)
