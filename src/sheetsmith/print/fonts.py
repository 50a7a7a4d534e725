"""The bundled fonts and their advance widths, read straight from the TTF files.

Layout has to measure text (to centre it, wrap it and keep it inside the page) without
importing reportlab, so the few tables that give advance widths are read here. reportlab
draws TTF text with the plain advance widths and no kerning, so these measurements match
what lands on the page.
"""

from __future__ import annotations

import bisect
import functools
import struct
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FONT_FILES = {REGULAR: FONT_DIR / "DejaVuSans.ttf", BOLD: FONT_DIR / "DejaVuSans-Bold.ttf"}


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


class FontMetrics:
    """Advance widths of one font, looked up per character on first use.

    Parsing only the tables' headers up front keeps the first render fast: a full cmap
    walk over DejaVu's 6000 glyphs costs more than laying out both game pages.
    """

    def __init__(self, data: bytes) -> None:
        tables = _tables(data)
        self._data = data
        (self.units_per_em,) = struct.unpack_from(">H", data, tables["head"][0] + 18)
        hhea = tables["hhea"][0]
        ascender, descender = struct.unpack_from(">hh", data, hhea + 4)
        self.ascent = ascender / self.units_per_em  # above the baseline, in em
        self.descent = -descender / self.units_per_em  # below the baseline, in em
        (self._n_metrics,) = struct.unpack_from(">H", data, hhea + 34)
        self._hmtx = tables["hmtx"][0]
        self._cmap = _Format4(data, tables["cmap"][0])
        self._advances: dict[str, int] = {}

    def _advance(self, ch: str) -> int:
        glyph = self._cmap.glyph(ord(ch))
        index = min(glyph, self._n_metrics - 1)
        (units,) = struct.unpack_from(">H", self._data, self._hmtx + 4 * index)
        self._advances[ch] = units
        return units

    def width(self, text: str, size: float) -> float:
        advances = self._advances
        units = sum(advances[ch] if ch in advances else self._advance(ch) for ch in text)
        return units * size / self.units_per_em

    def has_glyph(self, ch: str) -> bool:
        return self._cmap.glyph(ord(ch)) != 0


def _tables(data: bytes) -> dict[str, tuple[int, int]]:
    (count,) = struct.unpack_from(">H", data, 4)
    tables = {}
    for i in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag.decode("latin-1")] = (offset, length)
    return tables


class _Format4:
    """Code point -> glyph id from the Windows Unicode BMP subtable (cmap format 4)."""

    def __init__(self, data: bytes, table: int) -> None:
        (count,) = struct.unpack_from(">H", data, table + 2)
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, table + 4 + 8 * i)
            sub = table + offset
            if (platform, encoding) == (3, 1) and struct.unpack_from(">H", data, sub)[0] == 4:
                break
        else:
            raise ValueError("font has no Windows Unicode BMP cmap")
        (seg_x2,) = struct.unpack_from(">H", data, sub + 6)
        segs = seg_x2 // 2
        self._data = data
        self._ends = struct.unpack_from(f">{segs}H", data, sub + 14)
        starts_at = sub + 16 + seg_x2
        self._starts = struct.unpack_from(f">{segs}H", data, starts_at)
        self._deltas = struct.unpack_from(f">{segs}h", data, starts_at + seg_x2)
        self._ranges_at = starts_at + 2 * seg_x2
        self._ranges = struct.unpack_from(f">{segs}H", data, self._ranges_at)

    def glyph(self, code: int) -> int:
        i = bisect.bisect_left(self._ends, code)
        if code > 0xFFFF or i == len(self._ends) or code < self._starts[i]:
            return 0
        if self._ranges[i] == 0:
            return (code + self._deltas[i]) & 0xFFFF
        at = self._ranges_at + 2 * i + self._ranges[i] + 2 * (code - self._starts[i])
        (glyph,) = struct.unpack_from(">H", self._data, at)
        return (glyph + self._deltas[i]) & 0xFFFF if glyph else 0


@functools.cache
def metrics(name: str) -> FontMetrics:
    return FontMetrics(FONT_FILES[name].read_bytes())


def text_width(text: str, size: float, bold: bool = False) -> float:
    return metrics(font_name(bold)).width(text, size)
