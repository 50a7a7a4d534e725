"""Where each card of a deck lies on its sheets, and cutting it out of its rendered page at
an exact size (its bleed filled in where the sheet gives it none): what every export
(`export`, `export_tts`) starts from."""

from __future__ import annotations

import math
import os
import struct
import zlib
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from sheetsmith.output import Output
from sheetsmith.print.bounds import bounds
from sheetsmith.print.primitives import INCH, Group, Page, PlacedCard, Rect

if TYPE_CHECKING:
    from concurrent.futures import Future

    from PIL import Image

PNG_DPI = 300
PNG_BLEED = INCH / 8  # what print-on-demand services ask for, whatever the sheet gives
# How far into a card a crop mark along its cut line may reach (half its line width, and
# some): the pixels under it are not the card's to repeat into the bleed.
FURNITURE_REACH = 2.0

Side = Literal["front", "back"]


# -- where each card is on the sheets ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """One side of one card as a sheet holds it, in PDF points on page `page`."""

    index: int
    side: Side
    page: int
    content: Rect  # where the card's trim-sized drawing lies (its trim, unless turned)
    held: Rect  # the part of the content and its bleed that shows this card and nothing else
    turned: bool  # drawn upside down (a gutterfold back): turned upright when cut out


def _intersect(a: Rect, b: Rect) -> Rect:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.x1, b.x1), min(a.y1, b.y1)
    return Rect(x0, y0, max(x1 - x0, 0.0), max(y1 - y0, 0.0))


def _group_at(page: Page, trim: Rect) -> Group | None:
    """The drawn group whose origin is this card's trim corner (how imposition places a
    card), to learn whether it is drawn turned."""
    for item in page.items:
        if (
            isinstance(item, Group)
            and abs(item.dx - trim.x) < 1e-6
            and abs(item.dy - trim.y) < 1e-6
        ):
            return item
    return None


def _face(page_number: int, page: Page, card: PlacedCard) -> Face:
    trim = card.trim
    group = _group_at(page, trim)
    # a gutterfold back is drawn turned about its card's centre, inside its placed group:
    # it still lies on its trim, upside down
    turned = group is not None and any(isinstance(i, Group) and i.turned for i in group.items)
    content = trim
    held = _intersect(card.bleed, _around(content, PNG_BLEED))
    # Sheet furniture (crop marks, labels, a fold line) is drawn outside any card's group;
    # a bleed side it crosses is not the card's, whatever the sheet's bleed rectangle says.
    # A mark along the cut line reaches a hair into the card: the edge that is repeated
    # outwards is taken beyond it.
    left, bottom, right, top = held.corners()
    for item in page.items:
        if isinstance(item, Group):
            continue
        x0, y0, x1, y1 = box = bounds(item)
        if _overlaps(box, (held.x, held.y, content.x, held.y1)):
            left = max(left, content.x, x1 if x1 - content.x <= FURNITURE_REACH else content.x)
        if _overlaps(box, (content.x1, held.y, held.x1, held.y1)):
            edge = x0 if content.x1 - x0 <= FURNITURE_REACH else content.x1
            right = min(right, content.x1, edge)
        if _overlaps(box, (held.x, held.y, held.x1, content.y)):
            bottom = max(bottom, content.y, y1 if y1 - content.y <= FURNITURE_REACH else content.y)
        if _overlaps(box, (held.x, content.y1, held.x1, held.y1)):
            edge = y0 if content.y1 - y0 <= FURNITURE_REACH else content.y1
            top = min(top, content.y1, edge)
    held = Rect(left, bottom, right - left, top - bottom)
    return Face(card.index, card.side, page_number, content, held, turned)


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes (x0, y0, x1, y1) share some area (an empty box shares none)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _around(rect: Rect, d: float) -> Rect:
    return Rect(rect.x - d, rect.y - d, rect.width + 2 * d, rect.height + 2 * d)


def faces(pages: Sequence[Page]) -> list[Face]:
    """Every card side the pages place, in page order."""
    found = []
    seen: set[tuple[int, str]] = set()
    for number, page in enumerate(pages):
        for card in page.cards:
            key = (card.index, card.side)
            if key in seen:  # a renderer's bug: two cards of one deck claim the same place
                raise ValueError(f"card {card.index + 1} ({card.side}) is placed twice")
            seen.add(key)
            found.append(_face(number, page, card))
    return found


# -- cutting out ---------------------------------------------------------------------------


def _fill_bleed(image: Image.Image, target: Rect, held: Rect) -> Image.Image:
    """Repeat the outermost pixels of the part of `image` (which shows `target`) that
    shows `held` over the rest: the bleed the sheet does not give this card."""
    width, height = image.size
    sx, sy = width / target.width, height / target.height
    # the first and last whole pixels inside `held`; a pixel cut by its edge is mixed
    # with what lies beyond, so it is not repeated
    left = min(max(math.ceil((held.x - target.x) * sx - 1e-6), 0), width - 1)
    right = max(min(math.floor((held.x1 - target.x) * sx + 1e-6), width), left + 1)
    top = min(max(math.ceil((target.y1 - held.y1) * sy - 1e-6), 0), height - 1)
    bottom = max(min(math.floor((target.y1 - held.y) * sy + 1e-6), height), top + 1)
    if (left, top, right, bottom) == (0, 0, width, height):
        return image
    from PIL import Image as PILImage

    nearest = PILImage.Resampling.NEAREST
    if left > 0:
        strip = image.crop((left, top, left + 1, bottom)).resize((left, bottom - top), nearest)
        image.paste(strip, (0, top))
    if right < width:
        strip = image.crop((right - 1, top, right, bottom))
        image.paste(strip.resize((width - right, bottom - top), nearest), (right, top))
    if top > 0:
        image.paste(image.crop((0, top, width, top + 1)).resize((width, top), nearest), (0, 0))
    if bottom < height:
        strip = image.crop((0, bottom - 1, width, bottom))
        image.paste(strip.resize((width, height - bottom), nearest), (0, bottom))
    return image


def png_size(trim: Rect) -> tuple[int, int]:
    """A card's PNG in pixels: its trim and 1/8 in bleed each side at 300 dpi, rounded."""
    scale = PNG_DPI / INCH
    return (
        round((trim.width + 2 * PNG_BLEED) * scale),
        round((trim.height + 2 * PNG_BLEED) * scale),
    )


def cut_card(
    pdf: Path, chosen: Sequence[Face], size: Callable[[Face], tuple[int, int]], bleed: float
) -> Iterator[tuple[Face, Image.Image]]:
    """Each face cut out of `pdf` at `size`, `bleed` beyond its content, upright."""
    from sheetsmith.print.raster import Region, regions

    wanted = [Region(f.page, _around(f.content, bleed).corners(), size(f)) for f in chosen]
    for face, image in zip(chosen, regions(pdf, wanted), strict=True):
        if bleed:
            image = _fill_bleed(image, _around(face.content, bleed), face.held)
        if face.turned:
            image = image.rotate(180)
        yield face, image


def png_bytes(image: Image.Image, dpi: int | None) -> bytes:
    """`image` (RGB) as a PNG file, with its resolution when `dpi` is given.

    Written here rather than by Pillow, whose encoder tries five filters on every row:
    on flat card art that buys little, and PNG encoding is most of an export's time.
    Rows unfiltered and zlib at level 3 give files a little smaller, twice as fast
    (and zlib lets go of the GIL, so the worker threads encode side by side)."""
    width, height = image.size
    raw = image.tobytes()
    stride = 3 * width
    rows = b"".join(b"\0" + raw[at : at + stride] for at in range(0, len(raw), stride))

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(body, zlib.crc32(kind))
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    parts = [
        b"\x89PNG\r\n\x1a\n",
        chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
    ]
    if dpi:
        per_metre = round(dpi / 0.0254)
        parts.append(chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts += [chunk(b"IDAT", zlib.compress(rows, 3)), chunk(b"IEND", b"")]
    return b"".join(parts)


class Pictures:
    """Pictures encoded as PNG on worker threads and written through the output folder in
    the order given (so the files are the same as a serial run's). zlib lets go of the GIL
    while it compresses and PDFium while it renders, so encoding (most of an export's time)
    runs beside the cutting out; at most `depth` pictures wait, so a big deck never sits
    in memory."""

    def __init__(self, output: Output, depth: int = 8) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.output = output
        self.depth = depth
        self.pool = ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1))
        self.waiting: deque[tuple[str, Future[bytes]]] = deque()
        self.written: list[str] = []

    def add(self, rel: str, image: Image.Image, dpi: int | None = None) -> None:
        self.waiting.append((rel, self.pool.submit(png_bytes, image, dpi)))
        while len(self.waiting) > self.depth:
            self._write_first()

    def _write_first(self) -> None:
        rel, future = self.waiting.popleft()
        self.output.write_bytes(rel, future.result())
        self.written.append(rel)

    def __enter__(self) -> Pictures:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        try:
            while self.waiting and kind is None:
                self._write_first()
        finally:
            for _, future in self.waiting:
                future.cancel()
            self.pool.shutdown(wait=True)


def progress_for(label: str, total: int) -> Callable[[int], None]:
    from sheetsmith.print.document import PROGRESS

    progress = PROGRESS.get()
    return lambda done: progress(label, done, total) if progress is not None else None
