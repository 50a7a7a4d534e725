"""QR codes as vector layout: encoded with the `qrcode` library, drawn as merged blocks.

What a printed code needs (DESIGN.md): a normal QR code (the `qrcode` library makes no
Micro QR), error correction M, the smallest version that holds the data, and the 4-module
quiet zone kept white. Dark modules are merged into rectangles (runs along a row, stacked
while the rows below repeat them) and filled as one path (`Blocks`), so no anti-aliasing
seam shows between neighbouring modules.

Speed. `QRCode.make()` builds the whole symbol eight times to choose a mask and scores
each in pure Python (~6 ms a code, more than the rest of a card). Here the library fits
the version and makes the codewords (data and Reed-Solomon error correction); the bits are
placed once along the standard's zigzag, rows held as integers, each of the eight masks is
applied by XOR and scored with the ISO/IEC 18004 penalty rules (N1-N4) in bit arithmetic,
and the lowest wins. The tests hold the result to the library's own symbol for that mask,
module for module. Only geometry is cached (per version); every code is encoded afresh.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from typing import NamedTuple

import qrcode
from qrcode import constants, util

from sheetsmith.errors import OptionError
from sheetsmith.print.primitives import BLACK, MM, WHITE, Blocks, Colour, Item, Rect

QUIET = 4  # modules of white around the symbol, as the standard asks
MIN_MODULE = 0.35 * MM  # smaller modules blur on an office printer and a phone camera
MIN_WIDTH = 20 * MM  # the symbol itself (quiet zone not counted)
ERROR_LEVELS = {
    "L": constants.ERROR_CORRECT_L,
    "M": constants.ERROR_CORRECT_M,
    "Q": constants.ERROR_CORRECT_Q,
    "H": constants.ERROR_CORRECT_H,
}


class Matrix(NamedTuple):
    """A QR symbol without its quiet zone. Row 0 is the top; in each row's integer,
    column c is bit (size - 1 - c), so the binary string reads left to right."""

    version: int
    size: int  # modules per side
    error: str  # "L", "M", "Q" or "H"
    mask: int
    rows: tuple[int, ...]

    def dark(self, row: int, column: int) -> bool:
        return bool(self.rows[row] >> (self.size - 1 - column) & 1)

    @property
    def dark_count(self) -> int:
        return sum(r.bit_count() for r in self.rows)

    def lines(self) -> tuple[str, ...]:
        """Each row as a string of "1" (dark) and "0" (light)."""
        return tuple(format(r, f"0{self.size}b") for r in self.rows)


# -- encoding ---------------------------------------------------------------------------


def _to_int(bits: list[bool]) -> int:
    value = 0
    for bit in bits:
        value = value << 1 | bool(bit)
    return value


@functools.cache
def _data_area(version: int) -> tuple[int, ...]:
    """Per row, the data modules (everything but finder, timing, alignment, format and
    version patterns), laid out by the library's own pattern code."""
    q = qrcode.QRCode(version=version)
    n = q.modules_count = version * 4 + 17
    q.modules = [[None] * n for _ in range(n)]
    q.setup_position_probe_pattern(0, 0)
    q.setup_position_probe_pattern(n - 7, 0)
    q.setup_position_probe_pattern(0, n - 7)
    q.setup_position_adjust_pattern()
    q.setup_timing_pattern()
    q.setup_type_info(True, 0)
    if version >= 7:
        q.setup_type_number(True)
    return tuple(_to_int([m is None for m in row]) for row in q.modules)


@functools.cache
def _mask_bits(version: int, mask: int) -> tuple[int, ...]:
    """Per row, the data modules that mask `mask` inverts."""
    n = version * 4 + 17
    inverts = util.mask_func(mask)
    area = _data_area(version)
    return tuple(_to_int([inverts(r, c) for c in range(n)]) & area[r] for r in range(n))


@functools.cache
def _function_bits(version: int, level: int, mask: int) -> tuple[int, ...]:
    """Per row, the dark function modules (format information included) of a symbol of
    this version, level and mask: built once by the library around empty data."""
    q = qrcode.QRCode(version=version, error_correction=level, mask_pattern=mask, border=0)
    q.add_data("")
    q.make(fit=False)
    area = _data_area(version)
    return tuple(_to_int(row) & ~area[r] for r, row in enumerate(q.modules))


def transpose(rows: Sequence[int], size: int) -> tuple[int, ...]:
    """Columns as rows: bit (size - 1 - r) of column c is row r's module c."""
    lines = [format(r, f"0{size}b") for r in rows]
    return tuple(int("".join(c), 2) for c in zip(*lines, strict=True))


def penalty(rows: Sequence[int], size: int, columns: Sequence[int] | None = None) -> int:
    """The ISO/IEC 18004 (7.8.3) mask penalty: N1 runs of five or more, N2 2x2 blocks,
    N3 finder-like 1:1:3:1:1 patterns beside four light modules (the quiet zone counts
    as light), N4 the balance of dark and light. Bit arithmetic on whole rows and
    columns (`columns`: the transposed rows, if already known); tests hold it to a plain
    module-by-module count."""
    if columns is None:
        columns = transpose(rows, size)
    pairs = (1 << (size - 1)) - 1
    # N1: a run of L equal modules is L - 1 equal neighbours in a row of `same` bits; four
    # in a row mark a run of five or more, which costs 3 + (L - 5) = (L - 4) + 2
    n1 = 0
    for a in itertools.chain(rows, columns):
        same = ~(a ^ (a >> 1)) & pairs
        four = same & (same >> 1) & (same >> 2) & (same >> 3)
        if four:
            n1 += four.bit_count() + 2 * (four & ~(four << 1)).bit_count()
    # N3: counted once for each side that has the four light modules (as the qrcode
    # library does); neither pattern overlaps itself, so str.count finds every one
    fmt = f"0{size}b"
    padded = "0000" + "0000|0000".join(format(a, fmt) for a in itertools.chain(rows, columns))
    padded += "0000"
    n3 = 40 * (padded.count("10111010000") + padded.count("00001011101"))
    full = (1 << size) - 1
    n2 = 0
    for a, b in itertools.pairwise(rows):
        same = ~(a ^ b) & full  # the module below has the same colour
        n2 += (~(a ^ (a >> 1)) & same & (same >> 1) & pairs).bit_count()
    dark = sum(r.bit_count() for r in rows)
    n4 = 10 * (abs(dark * 20 - size * size * 10) // (size * size))
    return n1 + 3 * n2 + n3 + n4


@functools.cache
def _transposed(version: int, level: int, mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    size = version * 4 + 17
    return (
        transpose(_function_bits(version, level, mask), size),
        transpose(_mask_bits(version, mask), size),
    )


@functools.cache
def _placement(version: int) -> tuple[tuple[int, int], ...]:
    """Where each data bit goes, in order: (row, bit shift), the standard's two-column
    zigzag from the bottom right (as the library's `map_data` walks it)."""
    n = version * 4 + 17
    area = _data_area(version)
    order = []
    upwards = True
    col = n - 1
    while col > 0:
        if col == 6:  # the vertical timing pattern
            col -= 1
        rows = range(n - 1, -1, -1) if upwards else range(n)
        for row in rows:
            for c in (col, col - 1):
                shift = n - 1 - c
                if area[row] >> shift & 1:
                    order.append((row, shift))
        upwards = not upwards
        col -= 2
    return tuple(order)


def encode(data: str, error: str = "M") -> Matrix:
    """The smallest normal QR symbol holding `data` at error level `error` (M or better),
    with the mask of lowest penalty.

    The library fits the version and makes the codewords (data and error correction);
    they are placed along the standard's zigzag, and each mask is tried by XOR."""
    if error not in ("M", "Q", "H"):
        raise ValueError(f"error level {error!r}: printed codes use M, Q or H")
    level = ERROR_LEVELS[error]
    q = qrcode.QRCode(version=None, error_correction=level, border=0)
    q.add_data(data)
    version = q.best_fit()
    size = version * 4 + 17
    codewords = util.create_data(version, level, q.data_list)
    bits = int.from_bytes(bytes(codewords), "big")
    count = 8 * len(codewords)
    plain = [0] * size  # the data bits before masking (remainder bits stay light)
    for k, (row, shift) in enumerate(_placement(version)[:count]):
        if bits >> (count - 1 - k) & 1:
            plain[row] |= 1 << shift
    plain_t = transpose(plain, size)
    best: tuple[int, int, tuple[int, ...]] | None = None
    for mask in range(8):
        f, m = _function_bits(version, level, mask), _mask_bits(version, mask)
        rows = tuple(a | b ^ c for a, b, c in zip(f, plain, m, strict=True))
        ft, mt = _transposed(version, level, mask)
        columns = tuple(a | b ^ c for a, b, c in zip(ft, plain_t, mt, strict=True))
        score = penalty(rows, size, columns)
        if best is None or score < best[0]:
            best = (score, mask, rows)
    assert best is not None
    return Matrix(version, size, error, best[1], best[2])


# -- layout ------------------------------------------------------------------------------


def blocks(matrix: Matrix) -> list[tuple[int, int, int, int]]:
    """Dark modules as rectangles (column, row, width, height) in modules, row 0 on top:
    each row's runs, a run stacked onto the one above when it spans the same columns."""
    done: list[list[int]] = []
    above: dict[tuple[int, int], list[int]] = {}  # (start, end) -> [column, row, w, h]
    for r, line in enumerate(matrix.lines()):
        here: dict[tuple[int, int], list[int]] = {}
        for run in _DARK_RUN.finditer(line):
            span = run.span()
            block = above.pop(span, None)
            if block is None:
                block = [span[0], r, span[1] - span[0], 0]
            block[3] += 1
            here[span] = block
        done.extend(above.values())
        above = here
    done.extend(above.values())
    done.sort(key=lambda b: (b[1], b[0]))
    return [(c, r, w, h) for c, r, w, h in done]


_DARK_RUN = re.compile("1+")


class QRCode(NamedTuple):
    """A QR code laid out on the page: its items, and where it is."""

    data: str
    matrix: Matrix
    symbol: Rect  # the code itself
    outer: Rect  # with the quiet zone: the white square
    module: float  # one module's side, in points
    items: tuple[Item, ...]


def outer_width(width: float, matrix: Matrix) -> float:
    """The white square's side for a symbol `width` wide."""
    return width * (matrix.size + 2 * QUIET) / matrix.size


def qr_code(
    data: str,
    cx: float,
    cy: float,
    width: float,
    *,
    error: str = "M",
    colour: Colour = BLACK,
    option: str = "--base-url",
    matrix: Matrix | None = None,
) -> QRCode:
    """A QR code for `data` centred on (cx, cy), the symbol `width` points wide (its quiet
    zone adds 4 modules on every side). Refuses a symbol under 20 mm or with modules under
    0.35 mm, naming `option` (what the user can change: usually the base URL)."""
    matrix = matrix or encode(data, error)
    module = width / matrix.size
    if width < MIN_WIDTH - 1e-9:
        raise OptionError(
            f"{option}: a QR code printed {width / MM:.1f} mm wide is below the 20 mm a phone"
            " reads reliably"
        )
    if module < MIN_MODULE - 1e-9:
        raise OptionError(
            f"{option}: {data!r} needs a {matrix.size}-module QR code; at {width / MM:.1f} mm"
            f" each module is {module / MM:.2f} mm, below {MIN_MODULE / MM:.2f} mm."
            " Use a shorter URL."
        )
    left, top = cx - width / 2, cy + width / 2
    symbol = Rect(left, top - width, width, width, stroke=None, fill=None)
    quiet = QUIET * module
    outer = Rect(
        left - quiet,
        top - width - quiet,
        width + 2 * quiet,
        width + 2 * quiet,
        stroke=None,
        fill=WHITE,
    )
    # rows of `blocks` count down from the top; Blocks rows count up from the bottom
    n = matrix.size
    cells = tuple((c, n - r - h, w, h) for c, r, w, h in blocks(matrix))
    dark = Blocks(left, top - width, module, cells, fill=colour)
    return QRCode(data, matrix, symbol, outer, module, (outer, dark))
