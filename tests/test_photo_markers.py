"""Finding a page's corner markers: a pattern on the page read as one more marker is passed
over, a second page in the photo is refused."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from sheetsmith.photo.errors import MixedPages
from sheetsmith.photo.markers import _at_the_corner, find_markers

SIDE = 60  # a marker's side in pixels
DICTIONARY = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def _put(canvas: np.ndarray, marker: int, x: int, y: int) -> None:
    canvas[y : y + SIDE, x : x + SIDE] = cv2.aruco.generateImageMarker(DICTIONARY, marker, SIDE)


def _page(canvas: np.ndarray, x: int, y: int, width: int, height: int) -> None:
    """A page's four corner markers (ids 0-3: top-left, top-right, bottom-right,
    bottom-left) inside the rectangle at (x, y)."""
    right, bottom = x + width - SIDE, y + height - SIDE
    for marker, (mx, my) in enumerate(((x, y), (right, y), (right, bottom), (x, bottom))):
        _put(canvas, marker, mx, my)


def _centres(markers: dict[int, np.ndarray]) -> dict[int, tuple[int, int]]:
    return {m: tuple(np.round(q.mean(axis=0)).astype(int)) for m, q in markers.items()}


def test_one_page_has_its_four_corners():
    canvas = np.full((1300, 1000), 255, np.uint8)
    _page(canvas, 100, 100, 800, 1100)
    half = SIDE // 2
    assert _centres(find_markers(canvas)) == {
        0: (100 + half, 100 + half),
        1: (840 + half, 100 + half),
        2: (840 + half, 1140 + half),
        3: (100 + half, 1140 + half),
    }


def test_a_pattern_inside_the_page_read_as_a_corner_marker_is_passed_over():
    canvas = np.full((1300, 1000), 255, np.uint8)
    _page(canvas, 100, 100, 800, 1100)
    _put(canvas, 2, 300, 500)  # the same size and turn as the page's own: only its place tells
    found = _centres(find_markers(canvas))
    assert found[2] == (840 + SIDE // 2, 1140 + SIDE // 2)


def test_two_pages_in_one_photo_are_refused():
    canvas = np.full((1300, 2000), 255, np.uint8)
    _page(canvas, 100, 100, 800, 1100)
    _page(canvas, 1100, 100, 800, 1100)
    with pytest.raises(MixedPages, match="more than one page"):
        find_markers(canvas)


def test_a_marker_far_from_the_corner_the_other_three_leave_is_passed_over():
    canvas = np.full((1300, 1400), 255, np.uint8)
    _page(canvas, 100, 100, 800, 1100)
    _put(canvas, 2, 1200, 700)  # outside the page, the four still convex: only its place tells
    found = _centres(find_markers(canvas))
    assert found[2] == (840 + SIDE // 2, 1140 + SIDE // 2)


def test_two_quads_as_near_the_corner_are_both_kept_so_the_photo_is_refused():
    def quad(x: float, y: float) -> np.ndarray:
        return np.array([[x, y], [x + SIDE, y], [x + SIDE, y + SIDE], [x, y + SIDE]], float)

    found = {0: [quad(100, 100)], 1: [quad(840, 100)], 3: [quad(100, 1140)]}
    # the parallelogram puts the corner at (840, 1140); perspective moves a real one a little
    near = [quad(800, 1160), quad(880, 1120)]
    assert len(_at_the_corner(2, near, {**found, 2: near})) == 2
    far = [quad(850, 1150), quad(500, 700)]
    assert [q[0, 0] for q in _at_the_corner(2, far, {**found, 2: far})] == [850]
