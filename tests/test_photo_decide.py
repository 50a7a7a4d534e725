"""Decision rules of photo reading, each on a small synthetic image: pencil that lies only
on a printed outline doubted, and circled values weighed within their row."""

from __future__ import annotations

import cv2
import numpy as np

from sheetsmith.photo.circles import circle_groups
from sheetsmith.photo.doubts import on_print_only
from sheetsmith.photo.marks import SURE, Mark, ReadablePage, Reading
from sheetsmith.print.primitives import Rect


def _ring(size: int = 40, radius: float = 12.0) -> tuple[np.ndarray, np.ndarray]:
    """A printed ring (its pixels) and the pixels clear of it (grown by 2 px)."""
    art = np.zeros((size, size), np.uint8)
    cv2.circle(art, (size // 2, size // 2), int(radius), 1, 1)
    off = cv2.dilate(art, np.ones((5, 5), np.uint8)) == 0
    return art.astype(bool), off


def test_pencil_only_on_the_outline_is_doubted():
    art, off = _ring()
    region = (0, 0, 40, 40)
    # the outline shown heavier than its model: "pencil" all along the ring
    heavy = cv2.dilate(art.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    assert on_print_only(heavy, off, region, art)
    # a dot in the middle, or a stroke from the outline into the clear paper: pencil
    dot = heavy.copy()
    dot[18:23, 18:23] = True
    assert not on_print_only(dot, off, region, art)
    stroke = np.zeros_like(art)
    stroke[20, 2:20] = True
    assert not on_print_only(stroke, off, region, art)
    # no pencil at all is not doubted here (it reads empty)
    assert not on_print_only(np.zeros_like(art), off, region, art)


def test_a_mark_with_no_clear_paper_inside_is_left_to_its_measure():
    art = np.ones((10, 10), bool)
    off = np.zeros((10, 10), bool)
    assert not on_print_only(np.ones((10, 10), bool), off, (0, 0, 10, 10), art)


def _row(name: str, scores: list[float]) -> tuple[ReadablePage, dict[str, float]]:
    box = Rect(0, 0, 10, 10)
    marks = tuple(Mark(f"{name}:{i}", "circle", box) for i in range(len(scores)))
    page = ReadablePage("g", "p", "letter", "1", 100, 100, (box, box, box, box), box, marks)
    return page, {m.key: s for m, s in zip(marks, scores, strict=True)}


def _readings(scores: dict[str, float]) -> dict[str, Reading]:
    return {k: Reading(s >= 0.45, 0.9 if abs(s - 0.45) > 0.15 else 0.6) for k, s in scores.items()}


def test_a_row_full_of_residue_leaves_its_middling_circles_unsure():
    # the box outlines of a tracker show as pencil around every value: the one that
    # measures a little more than the others is not sure to be circled
    page, scores = _row("speed", [0.4, 0.4, 0.5, 0.667, 0.5, 0.4, 0.5])
    readings = _readings(scores)
    assert readings["speed:3"].confidence >= SURE
    circle_groups(page, scores, readings)
    assert readings["speed:3"].uncertain


def test_clear_rings_stay_sure_however_many_in_a_row():
    page, scores = _row("day", [1.0, 1.0, 0.0, 0.9375, 0.0, 1.0, 0.0])
    readings = _readings(scores)
    circle_groups(page, scores, readings)
    assert all(not readings[k].uncertain for k in scores)
    # a ring well above a row of residue is sure too
    page, scores = _row("mood", [0.83, 0.4, 0.5, 0.4, 0.4, 0.4])
    readings = _readings(scores)
    circle_groups(page, scores, readings)
    assert not readings["mood:0"].uncertain


def test_a_flagged_confidence_never_shows_as_the_sure_threshold():
    from sheetsmith.photo.marks import SURE, Reading

    almost = Reading(True, SURE - 0.004)
    assert almost.uncertain
    assert almost.percent == 79
    assert Reading(False, 1.0).percent == 100
