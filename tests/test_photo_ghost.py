"""An eraser's ghost read as pencil is flagged: a filled reading far lighter than the
page's pencil."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sheetsmith.photo import read as read_module
from sheetsmith.photo.geometry import mark_window
from sheetsmith.photo.ghost import GHOST_LIGHT, ghost_fills
from sheetsmith.photo.marks import SURE, Reading
from sheetsmith.photo.read import read_page
from sheetsmith.photo.shadow import sure_fills
from test_photo_shadow import STROKES, _blank, _letters, _square, page  # noqa: F401

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from photos import synth


@pytest.mark.parametrize(
    ("darkest", "kind", "flagged"),
    [
        (0.5 * GHOST_LIGHT * STROKES, "square", True),
        (1.5 * GHOST_LIGHT * STROKES, "square", False),
        (0.5 * GHOST_LIGHT * STROKES, "circle", False),  # squares only
    ],
)
def test_a_filled_reading_far_lighter_than_the_page_pencil_is_flagged(
    page,  # noqa: F811
    darkest,
    kind,
    flagged,
):
    ink, off = _blank(page)
    mark = _square(page, 7) if kind == "square" else next(m for m in page.marks if m.kind == kind)
    _letters(ink, mark_window(mark, page, 0.0), darkest)
    readings = {m.key: Reading(m.key == mark.key, 1.0) for m in page.marks}
    fills = list(sure_fills(ink, off, page, readings))
    assert ghost_fills(fills, STROKES) == ([mark.key] if flagged else [])
    assert ghost_fills(fills, 0.0) == []  # no pencil to measure against
    doubted = {**readings, mark.key: Reading(True, SURE - 0.1)}
    assert ghost_fills(list(sure_fills(ink, off, page, doubted)), STROKES) == []


def test_a_real_erased_cross_read_filled_is_flagged():
    """Held-out 187168: an erased cross in a daily sheet's square, its darkest 0.17 of the
    page's pencil, doubted by the reader and read filled by the networks at logit 8:
    flagged now; the squares of letters on the page stay sure."""
    photo = synth.photo_for_seed(187168)
    assert not photo.truth["grid:6,3"] and photo.drawn["grid:6,3"] == "erased"
    read = read_page(photo.image, read_module.GAMES)
    assert read.readings["grid:6,3"].confidence < SURE
    letters = [k for k, v in photo.truth.items() if v and photo.drawn.get(k) == "letters"]
    assert letters and all(read.readings[k] == Reading(True, 1.0) for k in letters)
