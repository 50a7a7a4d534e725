"""The bundled fonts and their advance widths, read straight from the TTF files.

Layout has to measure text (to centre it, wrap it and keep it inside the page) without
importing reportlab, so the few tables that give advance widths are read here. reportlab
draws TTF text with the plain advance widths and no kerning, so these measurements match
what lands on the page.
"""

from __future__ import annotations

import functools
import struct
from dataclasses import dataclass
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FONT_FILES = {REGULAR: FONT_DIR / "DejaVuSans.ttf", BOLD: FONT_DIR / "DejaVuSans-Bold.ttf"}


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


@dataclass(frozen=True, slots=True)
class FontMetrics:
    units_per_em: int
    ascent: float  # above the baseline, in em
    descent: float  # below the baseline, in em (positive)
    advances: dict[int, int]  # code point -> advance width in font units
    missing: int  # advance of the .notdef glyph

    def width(self, text: str, size: float) -> float:
        units = sum(self.advances.get(ord(ch), self.missing) for ch in text)
        return units * size / self.units_per_em

    def has_glyph(self, ch: str) -> bool:
        return ord(ch) in self.advances


def _tables(data: bytes) -> dict[str, tuple[int, int]]:
    (count,) = struct.unpack_from(">H", data, 4)
    tables = {}
    for i in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag.decode("latin-1")] = (offset, length)
    return tables


def _cmap_format4(data: bytes, table: int) -> dict[int, int]:
    """Code point -> glyph id from the Windows Unicode BMP subtable (format 4)."""
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
    ends = struct.unpack_from(f">{segs}H", data, sub + 14)
    starts_at = sub + 16 + seg_x2
    starts = struct.unpack_from(f">{segs}H", data, starts_at)
    deltas = struct.unpack_from(f">{segs}h", data, starts_at + seg_x2)
    ranges_at = starts_at + 2 * seg_x2
    ranges = struct.unpack_from(f">{segs}H", data, ranges_at)
    glyphs: dict[int, int] = {}
    for i in range(segs):
        for code in range(starts[i], ends[i] + 1):
            if code == 0xFFFF:
                continue
            if ranges[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                at = ranges_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                (glyph,) = struct.unpack_from(">H", data, at)
                if glyph:
                    glyph = (glyph + deltas[i]) & 0xFFFF
            if glyph:
                glyphs[code] = glyph
    return glyphs


@functools.cache
def metrics(name: str) -> FontMetrics:
    data = FONT_FILES[name].read_bytes()
    tables = _tables(data)
    (units,) = struct.unpack_from(">H", data, tables["head"][0] + 18)
    hhea = tables["hhea"][0]
    ascender, descender = struct.unpack_from(">hh", data, hhea + 4)
    (n_metrics,) = struct.unpack_from(">H", data, hhea + 34)
    hmtx = tables["hmtx"][0]
    widths = [struct.unpack_from(">H", data, hmtx + 4 * g)[0] for g in range(n_metrics)]
    glyphs = _cmap_format4(data, tables["cmap"][0])
    advances = {code: widths[min(g, n_metrics - 1)] for code, g in glyphs.items()}
    return FontMetrics(units, ascender / units, -descender / units, advances, widths[0])


def text_width(text: str, size: float, bold: bool = False) -> float:
    return metrics(font_name(bold)).width(text, size)
