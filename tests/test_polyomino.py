"""One-sided polyomino matching: rotations match, mirror images are named as such."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetsmith.check.polyomino import (
    connected,
    in_one_line,
    mirrored,
    normalise,
    path_cells,
    rotations,
    same_shape,
)

L_SHAPE = [(0, 0), (0, 1), (0, 2), (1, 0)]
J_SHAPE = [(1, 0), (1, 1), (1, 2), (0, 0)]  # L flipped left-right
S_SHAPE = [(0, 0), (1, 0), (1, 1), (2, 1)]
Z_SHAPE = [(0, 1), (1, 1), (1, 0), (2, 0)]


def test_rotations_of_an_l_are_four_and_all_match():
    assert len(rotations(L_SHAPE)) == 4
    for turned in rotations(L_SHAPE):
        assert same_shape(L_SHAPE, turned)


def test_symmetric_shapes_have_fewer_rotations():
    assert len(rotations([(0, 0), (1, 0), (0, 1), (1, 1)])) == 1
    assert len(rotations([(0, 0), (1, 0), (2, 0)])) == 2


def test_mirror_image_does_not_match_and_is_named():
    assert not same_shape(L_SHAPE, J_SHAPE)
    assert mirrored(L_SHAPE, J_SHAPE)
    assert not same_shape(S_SHAPE, Z_SHAPE) and mirrored(S_SHAPE, Z_SHAPE)


def test_symmetric_shape_flipped_is_just_the_same_shape():
    t_shape = [(0, 0), (1, 0), (2, 0), (1, 1)]
    flipped = [(-x, y) for x, y in t_shape]
    assert same_shape(t_shape, flipped) and not mirrored(t_shape, flipped)


def test_different_shapes_are_neither():
    assert not same_shape(L_SHAPE, S_SHAPE) and not mirrored(L_SHAPE, S_SHAPE)
    assert not same_shape(L_SHAPE, L_SHAPE[:3])


def test_translation_does_not_matter():
    assert same_shape(L_SHAPE, [(x + 3, y + 2) for x, y in L_SHAPE])
    assert normalise([(5, 5), (6, 5)]) == ((0, 0), (1, 0))


def test_connected_and_in_one_line():
    assert connected(L_SHAPE) and not connected([(0, 0), (1, 1)])
    assert not connected([])
    assert in_one_line([(2, 0), (2, 3), (2, 5)]) and in_one_line([(0, 4), (5, 4)])
    assert not in_one_line(L_SHAPE) and not in_one_line([])


def test_path_cells_include_start_and_end():
    assert path_cells((0, 0), "RRU") == ((0, 0), (1, 0), (2, 0), (2, 1))
    with pytest.raises(ValueError):
        path_cells((0, 0), "RX")


CELLS = st.sets(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), min_size=1, max_size=8)


@given(CELLS, st.integers(0, 3), st.integers(-9, 9), st.integers(-9, 9))
def test_any_turn_and_shift_matches(cells, quarter_turns, dx, dy):
    turned = list(cells)
    for _ in range(quarter_turns):
        turned = [(y, -x) for x, y in turned]
    turned = [(x + dx, y + dy) for x, y in turned]
    assert same_shape(cells, turned)
    assert not mirrored(cells, turned)


@given(CELLS)
def test_a_flip_matches_or_is_named_a_mirror(cells):
    flipped = [(-x, y) for x, y in cells]
    assert same_shape(cells, flipped) != mirrored(cells, flipped)
