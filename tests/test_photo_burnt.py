"""Burnt paper: paper exposed just to white keeps its noise under the clip, paper far past
it is white without a speck; only pages burnt that far with faint pencil are refused."""

from __future__ import annotations

import numpy as np

from sheetsmith.photo.burnt import BURNT_PAGE, FAINT_STROKES, burnt_share, pencil_lost


def _paper(level: float, noise: float = 3.0) -> np.ndarray:
    rng = np.random.default_rng(3)
    photo = rng.normal(level, noise, (400, 300))
    return np.clip(photo, 0, 255).astype(np.uint8)


def test_paper_at_white_is_not_burnt_and_paper_past_it_is():
    paper = np.ones((400, 300), bool)
    assert burnt_share(_paper(252), paper) < 0.05
    assert burnt_share(_paper(255), paper) < 0.05  # half its noise still under the clip
    assert burnt_share(_paper(300), paper) > 0.95


def test_only_bare_paper_counts():
    photo = _paper(300)
    photo[:, :150] = 40  # print over the left half
    paper = np.ones(photo.shape, bool)
    paper[:, :150] = False
    assert burnt_share(photo, paper) > 0.95
    assert burnt_share(photo, np.zeros(photo.shape, bool)) == 0.0


def test_pencil_is_lost_only_on_a_burnt_page_with_faint_or_no_strokes():
    assert pencil_lost(BURNT_PAGE, 0.0)
    assert pencil_lost(0.9, FAINT_STROKES - 0.01)
    assert not pencil_lost(0.9, FAINT_STROKES + 0.01)
    assert not pencil_lost(BURNT_PAGE - 0.01, 0.0)
