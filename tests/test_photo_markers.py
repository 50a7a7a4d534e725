"""Finding a page's corner markers: a pattern on the page read as one more marker is passed
over, a second page in the photo is refused."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetsmith.photo.errors import MixedPages
from sheetsmith.photo.markers import _consistent, find_markers

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


def test_a_marker_beside_the_page_is_refused_as_it_may_be_a_second_pages():
    canvas = np.full((1300, 1400), 255, np.uint8)
    _page(canvas, 100, 100, 800, 1100)
    _put(canvas, 2, 1200, 700)  # outside the page: this page's corner, or another page's?
    with pytest.raises(MixedPages, match="two bottom-right markers"):
        find_markers(canvas)


def test_a_pattern_inside_a_tilted_page_is_passed_over():
    # the far (top) edge 70 % of the near one: the three markers' parallelogram puts the
    # bottom-right corner well inside the page, where a stray pattern might sit
    canvas = np.full((1300, 1000), 255, np.uint8)
    _page(canvas, 100, 100, 800, 1100)
    _put(canvas, 2, 300, 500)
    src = np.float32([[0, 0], [1000, 0], [1000, 1300], [0, 1300]])
    dst = np.float32([[150, 0], [850, 0], [1000, 1300], [0, 1300]])
    tilted = cv2.warpPerspective(
        canvas, cv2.getPerspectiveTransform(src, dst), (1000, 1300), borderValue=255
    )
    found = find_markers(tilted)
    assert found[2].mean(axis=0)[0] > 750  # the page's own, at the right


def test_a_pattern_inside_the_page_near_its_corner_is_passed_over():
    # near the corner, the stray and the other three still go round a convex quadrilateral;
    # it lies inside the page the true corner makes with them
    canvas = np.full((1300, 1000), 255, np.uint8)
    _page(canvas, 100, 100, 800, 1100)
    _put(canvas, 2, 700, 900)
    found = _centres(find_markers(canvas))
    assert found[2] == (840 + SIDE // 2, 1140 + SIDE // 2)


def _quad(centre: tuple[float, float], side: float, angle: float) -> np.ndarray:
    """A marker's corners, its top-left first and clockwise, `angle` degrees from upright."""
    turn = np.radians(angle)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * side / 2
    return (square @ rotation.T + centre).astype(np.float32)


def test_under_a_steep_tilt_the_turn_tells_the_corner_marker_from_a_stray():
    # seed 114653 as `read` decodes it: the page's markers 24 to 69 px across, so the true
    # bottom-right is far larger than the others; the stray is turned a quarter round
    found = {
        0: [_quad((891, 1443), 17, -132)],
        1: [_quad((491, 996), 23, -132)],
        3: [_quad((1744, 1027), 36, -127)],
        2: [_quad((987, 475), 12, -16), _quad((1154, 263), 49, -126)],
    }
    (kept,) = _consistent(2, found[2], found)
    assert tuple(np.round(kept.mean(axis=0))) == (1154, 263)


_coordinate = st.floats(0, 3000, allow_nan=False)
_marker = st.builds(
    _quad,
    st.tuples(_coordinate, _coordinate),
    st.floats(4, 200, allow_nan=False),
    st.floats(-180, 180, allow_nan=False),
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_marker, min_size=2, max_size=4),
    st.lists(st.lists(_marker, min_size=1, max_size=2), min_size=3, max_size=3),
)
def test_the_quads_kept_are_some_of_those_read(quads, others):
    # whatever stray patterns a photo holds, one of the quads read is kept, never another
    found = {0: others[0], 1: others[1], 2: quads, 3: others[2]}
    kept = _consistent(2, quads, found)
    assert kept
    assert all(any(k is q for q in quads) for k in kept)
