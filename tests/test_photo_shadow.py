"""A shadow's tip the evening of light left in a mark is flagged, not read as pencil: smooth
darkness holds no stroke's edge, and is light for its page."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from sheetsmith.photo import read as read_module
from sheetsmith.photo.geometry import SCALE, mark_window
from sheetsmith.photo.marks import SURE, Reading
from sheetsmith.photo.read import read_page
from sheetsmith.photo.shadow import SMOOTH_LIGHT, smooth_fills, sure_fills

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from photos import synth

STROKES = 0.36  # the page's pencil, as `decide` measures it


@pytest.fixture(scope="module")
def page():
    source = synth.source_page("personal-space", "daily-sheet", "letter")
    return source.readable


def _blank(page) -> tuple[np.ndarray, np.ndarray]:
    shape = (round(page.height * SCALE), round(page.width * SCALE))
    return np.zeros(shape, np.float32), np.ones(shape, bool)


def _square(page, n: int):
    return [m for m in page.marks if m.kind == "square"][n]


def _blob(ink, window, darkest: float) -> None:
    x0, y0, x1, y1 = window
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 4
    ink[y0:y1, x0:x1] = darkest * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))


def _letters(ink, window, darkest: float) -> None:
    x0, y0, x1, y1 = window
    for y in range(y0 + 8, y1 - 8, 9):  # strokes 2 px wide
        ink[y : y + 2, x0 + 8 : x1 - 8] = darkest


@pytest.mark.parametrize(
    ("draw", "darkest", "flagged"),
    [
        (_blob, 0.5 * STROKES, True),  # a shadow's tip: smooth and light
        (_blob, 0.9 * STROKES, False),  # smooth but as dark as the page's pencil
        (_letters, 0.5 * STROKES, False),  # light, but strokes
        (_letters, STROKES, False),
    ],
)
def test_smooth_light_darkness_in_a_mark_read_filled_is_flagged(page, draw, darkest, flagged):
    ink, off = _blank(page)
    mark = _square(page, 7)
    draw(ink, mark_window(mark, page, 0.0), darkest)
    readings = {m.key: Reading(m.key == mark.key, 1.0) for m in page.marks}
    found = smooth_fills(list(sure_fills(ink, off, page, readings)), ink, STROKES)
    assert found == ([mark.key] if flagged else [])


def test_only_sure_filled_readings_on_a_page_with_pencil_are_looked_at(page):
    ink, off = _blank(page)
    mark = _square(page, 7)
    _blob(ink, mark_window(mark, page, 0.0), 0.5 * STROKES)
    filled = {m.key: Reading(m.key == mark.key, 1.0) for m in page.marks}
    fills = list(sure_fills(ink, off, page, filled))
    assert smooth_fills(fills, ink, 0.0) == []  # no pencil to measure against
    doubted = {**filled, mark.key: Reading(True, SURE - 0.1)}
    assert smooth_fills(list(sure_fills(ink, off, page, doubted)), ink, STROKES) == []
    empty = {**filled, mark.key: Reading(False, 1.0)}
    assert smooth_fills(list(sure_fills(ink, off, page, empty)), ink, STROKES) == []
    assert SMOOTH_LIGHT < 1.0


def test_a_real_shadow_tip_in_an_empty_square_is_flagged():
    """Held-out 182345: a soft shadow's tip in an empty square of a daily sheet, read
    filled by the reader and both networks (logit 17): flagged now."""
    photo = synth.photo_for_seed(182345)
    assert not photo.truth["grid:2,5"]
    read = read_page(photo.image, read_module.GAMES)
    assert read.readings["grid:2,5"].confidence < SURE
    # the squares holding letters on the same page stay sure
    for key in ("grid:1,1", "grid:1,3", "grid:3,4"):
        assert photo.truth[key] and read.readings[key] == Reading(True, 1.0)
