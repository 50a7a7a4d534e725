"""A shadow's tip read as pencil. Evening out the light (`ink.even_light`) divides out
shadows wider than its reach (12 mm); the tip of a shadow, or one narrower, is left as
darkness added to the paper, and where it falls in a mark it reads as pencil, filled and
sure (held-out 182345: a soft shadow's tip in an empty square of a daily sheet, read
filled by the reader and both networks at logit 17).

Pencil, whatever a player draws, holds the edges of its strokes (a letter, a tick, a dot,
the grain of a scribble); a shadow's darkness is smooth. So a filled reading whose darkness
is smooth (`SMOOTH_DETAIL`) and light for its page (its darkest under `SMOOTH_LIGHT` of the
page's strokes) is flagged.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from sheetsmith.photo.geometry import mark_window
from sheetsmith.photo.marks import SURE, Mark, ReadablePage, Reading

# The detail of a mark's darkness: what a blur of this sigma (px at 5 px/mm) takes from it,
# on its darker half, against its darkest (99th percentile). Of 7,093 marks read filled for
# sure on 250 tuning photos, the smoothest true fills hold 0.027 (a dot on a star point), a
# letter code in a grid square 0.086; 182345's shadow holds 0.016
DETAIL_SIGMA = 2.0
SMOOTH_DETAIL = 0.05
# ... and light: its darkest under this share of the page's strokes (`decide`: the typical
# darkness of the page's clearly filled marks). None of the 7,093 is both smooth and this
# light (the lightest true fills 0.34 of their page's strokes, but none of them smooth);
# 182345's shadow is 0.51
SMOOTH_LIGHT = 0.6
# Pixels of padding around a mark's window, so the blur there sees past its edge
_PAD = int(3 * DETAIL_SIGMA)


@dataclass(frozen=True, slots=True)
class Fill:
    """A mark read filled for sure, with its pencil: `darkness` on its window's pixels off
    the print (`inside`), and its darkest (99th percentile)."""

    mark: Mark
    window: tuple[int, int, int, int]
    inside: np.ndarray
    darkness: np.ndarray
    darkest: float


def sure_fills(
    ink: np.ndarray, off: np.ndarray, page: ReadablePage, readings: dict[str, Reading]
) -> Iterator[Fill]:
    """The marks read filled for sure, each with its pencil (`ink`, on the pixels `off` the
    print), where ten pixels or more of it are off the print."""
    for mark in page.marks:
        reading = readings[mark.key]
        if not (reading.filled and reading.confidence >= SURE):
            continue
        x0, y0, x1, y1 = mark_window(mark, page, 0.0)
        inside = off[y0:y1, x0:x1]
        if inside.sum() < 10:
            continue
        darkness = ink[y0:y1, x0:x1][inside]
        yield Fill(mark, (x0, y0, x1, y1), inside, darkness, float(np.percentile(darkness, 99)))


def smooth_fills(fills: Iterable[Fill], ink: np.ndarray, strokes: float) -> list[str]:
    """Of `fills` (`sure_fills`), the marks whose darkness (`ink`) is smooth and light for a
    page whose clearly filled marks show at `strokes` (0.0: none, and nothing is said)."""
    if strokes <= 0.0:
        return []
    h, w = ink.shape
    found = []
    for fill in fills:
        if fill.darkest <= 0.0 or fill.darkest >= SMOOTH_LIGHT * strokes:
            continue
        x0, y0, x1, y1 = fill.window
        px0, py0 = max(x0 - _PAD, 0), max(y0 - _PAD, 0)
        px1, py1 = min(x1 + _PAD, w), min(y1 + _PAD, h)
        around = ink[py0:py1, px0:px1]
        detail = np.abs(around - cv2.GaussianBlur(around, (0, 0), DETAIL_SIGMA))
        detail = detail[y0 - py0 : y1 - py0, x0 - px0 : x1 - px0][fill.inside]
        dark_half = fill.darkness > 0.5 * fill.darkest
        if float(detail[dark_half].mean()) < SMOOTH_DETAIL * fill.darkest:
            found.append(fill.mark.key)
    return found
