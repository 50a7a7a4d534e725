"""PDF pages as pictures: the PDF sheetsmith drew, rasterized with PDFium (pypdfium2).

Two calls, both yielding RGB `PIL.Image`s on a white background, one at a time (a Letter
page at 300 dpi is 25 MB of pixels; a deck has hundreds of pages):

- `pages(pdf, dpi)`: whole pages. Pixel (0, 0) is the page's top-left corner and a point
  (x, y) of the page, in PDF points from the bottom-left corner, lies at pixel
  (x * dpi / 72, (height - y) * dpi / 72). The picture is ceil(width * dpi / 72) pixels
  wide (likewise high): a last, partly covered column or row is white past the page edge.
- `regions(pdf, wanted)`: a box of a page stretched onto exactly the pixels asked for. The
  box's top-left corner lands on the picture's top-left corner and its bottom-right on the
  bottom-right, so cut-outs have exact sizes and every card of a deck is rendered at the
  same sub-pixel phase (the same drawing gives the same pixels wherever it lies on the
  sheet); only the region is rasterized, which is cheaper than a page cut up afterwards.

The output is deterministic: the same PDF bytes and arguments give the same pixels. Import
this module only where pictures are needed (`check` never loads PDFium or Pillow).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

if TYPE_CHECKING:
    from PIL import Image

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in PDF points, origin bottom-left

POINTS_PER_INCH = 72.0
_WHITE = (255, 255, 255, 255)
# Annotations drawn as a viewer shows them; RGB byte order, which Pillow takes as it is.
_FLAGS = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER


@dataclass(frozen=True, slots=True)
class Region:
    """`box` of page `page` (counted from 0), rendered onto exactly `size` pixels."""

    page: int
    box: Box
    size: tuple[int, int]  # width, height in pixels


def pixels(length: float, dpi: float) -> int:
    """How many whole pixels `length` points cover at `dpi`, a hair of float error aside
    (Letter's 612 pt at 300 dpi is 2550 px, not 2551)."""
    return max(1, math.ceil(length * dpi / POINTS_PER_INCH - 1e-6))


def _open(pdf: bytes | Path) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else Path(pdf))


def _render(page: pdfium.PdfPage, box: Box, size: tuple[int, int]) -> Image.Image:
    x0, y0, x1, y1 = box
    width, height = size
    if x1 <= x0 or y1 <= y0 or width < 1 or height < 1:
        raise ValueError(f"empty region {box} onto {size} pixels")
    sx, sy = width / (x1 - x0), height / (y1 - y0)
    page_height = page.get_height()
    bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR, True)
    try:
        bitmap.fill_rect(_WHITE, 0, 0, width, height)
        # PDFium first maps the page to points with the origin at the top-left corner (y
        # down); this matrix then scales and moves the box's top-left corner to pixel 0, 0
        matrix = pdfium_c.FS_MATRIX(sx, 0, 0, sy, -x0 * sx, -(page_height - y1) * sy)
        clip = pdfium_c.FS_RECTF(0, 0, width, height)
        pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, matrix, clip, _FLAGS)
        return bitmap.to_pil()  # a copy: Pillow keeps RGB in its own 4-byte layout
    finally:
        bitmap.close()


def regions(pdf: bytes | Path, wanted: Iterable[Region]) -> Iterator[Image.Image]:
    """One picture per region, in the order given (consecutive regions of one page share
    the loaded page: group them by page)."""
    document = _open(pdf)
    current: tuple[int, pdfium.PdfPage] | None = None
    try:
        for region in wanted:
            if current is None or current[0] != region.page:
                if current is not None:
                    current[1].close()
                current = (region.page, document[region.page])
            yield _render(current[1], region.box, region.size)
    finally:
        if current is not None:
            current[1].close()
        document.close()


def pages(
    pdf: bytes | Path, dpi: float, indices: Iterable[int] | None = None
) -> Iterator[Image.Image]:
    """Each page (or the pages `indices`, counted from 0) at `dpi`."""
    document = _open(pdf)
    try:
        chosen = range(len(document)) if indices is None else indices
        for index in chosen:
            page = document[index]
            try:
                width, height = page.get_size()
                size = (pixels(width, dpi), pixels(height, dpi))
                # the box the pixels cover, so the scale is dpi / 72 exactly on both axes
                box = (
                    0.0,
                    height - size[1] * POINTS_PER_INCH / dpi,
                    size[0] * POINTS_PER_INCH / dpi,
                    height,
                )
                image = _render(page, box, size)
            finally:
                page.close()
            yield image
    finally:
        document.close()
