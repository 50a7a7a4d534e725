"""Several photos of one page read as one: a mark is sure only when every photo reads it the
same and one of them is sure; two sheets of the same page are refused, never merged."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import photopage as pp
from sheetsmith.photo.marks import SURE, Reading
from sheetsmith.photo.read import PageRead
from sheetsmith.photo.several import combine, fuse, sure_conflicts

FILLED, EMPTY = True, False


def test_one_photo_is_its_own_reading():
    assert fuse([Reading(FILLED, 0.62)]) == Reading(FILLED, 0.62)


def test_a_sure_photo_settles_what_another_doubted_when_they_agree():
    assert fuse([Reading(FILLED, 0.62), Reading(FILLED, 0.97)]) == Reading(FILLED, 0.97)
    assert fuse([Reading(EMPTY, 0.99), Reading(EMPTY, 0.7)]) == Reading(EMPTY, 0.99)


def test_photos_that_disagree_leave_the_mark_flagged_whatever_their_confidence():
    both_sure = fuse([Reading(FILLED, 0.99), Reading(EMPTY, 0.95)])
    assert both_sure.uncertain and both_sure.filled  # the likelier reading, flagged
    leaning = fuse([Reading(EMPTY, 0.99), Reading(FILLED, 0.55)])
    assert leaning.uncertain and not leaning.filled
    three = fuse([Reading(FILLED, 1.0), Reading(FILLED, 1.0), Reading(EMPTY, 0.51)])
    assert three.uncertain and three.filled


def test_photos_that_agree_but_all_doubt_stay_flagged():
    fused = fuse([Reading(FILLED, 0.7), Reading(FILLED, 0.75)])
    assert fused.filled and fused.uncertain


readings = st.builds(Reading, st.booleans(), st.floats(0.5, 1.0))


@given(st.lists(readings, min_size=1, max_size=4))
def test_a_fused_mark_is_sure_only_when_every_photo_agrees_and_one_is_sure(photos):
    fused = fuse(photos)
    agree = len({r.filled for r in photos}) == 1
    assert (not fused.uncertain) == (agree and any(r.confidence >= SURE for r in photos))
    assert 0.5 <= fused.confidence <= 1.0
    if agree:
        assert fused.filled == photos[0].filled


@pytest.fixture(scope="module")
def page():
    return pp.build()[0]


def read_of(page, marks: dict[str, Reading], file: str) -> PageRead:
    readings = {m.key: marks.get(m.key, Reading(EMPTY, 0.99)) for m in page.marks}
    return PageRead(page, readings, np.zeros((1, 1, 3), np.uint8), {}, file=file, seconds=0.2)


def test_two_photos_of_a_page_are_read_as_one_named_by_both(page):
    doubted = {"point:0,0": Reading(FILLED, 0.65), "box:1": Reading(FILLED, 0.99)}
    settled = {"point:0,0": Reading(FILLED, 0.96), "box:1": Reading(FILLED, 0.9)}
    (one,), problems = combine([read_of(page, doubted, "a.jpg"), read_of(page, settled, "b.jpg")])
    assert problems == []
    assert one.file == "a.jpg + b.jpg" and one.photos == 2 and one.seconds == pytest.approx(0.4)
    assert one.readings["point:0,0"] == Reading(FILLED, 0.96)
    assert one.readings["box:1"] == Reading(FILLED, 0.99)
    assert one.uncertain() == []


def test_a_page_photographed_once_is_left_as_read(page):
    alone = read_of(page, {"box:1": Reading(FILLED, 0.7)}, "a.jpg")
    assert combine([alone]) == ([alone], [])


def test_two_sheets_of_the_same_page_are_refused_naming_where_they_differ(page):
    keys = [m.key for m in page.marks][:6]
    ann = read_of(page, {key: Reading(FILLED, 0.99) for key in keys}, "ann.jpg")
    bea = read_of(page, {}, "bea.jpg")
    assert sure_conflicts(ann.readings, bea.readings) == keys
    reads, problems = combine([ann, bea])
    assert reads == []
    (problem,) = problems
    assert problem.file == "bea.jpg"
    names = [m.name for m in page.marks][:4]
    assert f"differ at 6 marks both read sure ({', '.join(names)} and 2 more)" in problem.message
    assert "read each sheet's photos into its own typed sheet" in problem.message


def test_a_few_sure_differences_are_one_sheet_flagged_not_two_sheets(page):
    keys = [m.key for m in page.marks][:3]  # a photo's rare sure slips: 0-1 in 212 pairs
    first = read_of(page, {key: Reading(FILLED, 0.99) for key in keys}, "a.jpg")
    (one,), problems = combine([first, read_of(page, {}, "b.jpg")])
    assert problems == []
    assert {mark.key for mark, _ in one.uncertain()} == set(keys)
