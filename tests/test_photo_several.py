"""Several photos of one page read as one: a mark is sure only when every photo reads it the
same and one of them is sure; two sheets of the same page are refused, never merged."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import photopage as pp
from sheetsmith.photo.marks import SURE, Reading
from sheetsmith.photo.read import PageRead
from sheetsmith.photo.several import POOR_SHARE, combine, fuse, sure_conflicts

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


def test_a_tie_does_not_turn_on_the_photos_order():
    a, b = Reading(FILLED, 0.7), Reading(EMPTY, 0.7)
    assert fuse([a, b]) == fuse([b, a])
    assert fuse([a, b]).uncertain


def test_photos_that_agree_but_all_doubt_stay_flagged():
    fused = fuse([Reading(FILLED, 0.7), Reading(FILLED, 0.75)])
    assert fused.filled and fused.uncertain


readings = st.builds(Reading, st.booleans(), st.floats(0.5, 1.0))


@given(st.lists(readings, min_size=1, max_size=4))
def test_a_fused_mark_is_sure_only_when_every_photo_agrees_and_one_is_sure(photos):
    fused = fuse(photos)
    assert fuse(photos[::-1]) == fused  # whatever the photos' order
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
    # each photo its own pixels (the same pixels are the same photo)
    pixels = np.full((2, 2, 3), sum(map(ord, file)) % 256, np.uint8)
    return PageRead(page, readings, pixels, {}, file=file, seconds=0.2)


def test_two_photos_of_a_page_are_read_as_one_named_by_both(page):
    doubted = {"point:0,0": Reading(FILLED, 0.65), "box:1": Reading(FILLED, 0.99)}
    settled = {"point:0,0": Reading(FILLED, 0.96), "box:1": Reading(FILLED, 0.9)}
    a, b = read_of(page, doubted, "a.jpg"), read_of(page, settled, "b.jpg")
    combined = combine([a, b])
    assert combined.problems == [] and combined.notes == []
    (one,) = combined.reads
    assert one.file == "a.jpg + b.jpg" and one.parts == (a, b)
    assert one.seconds == pytest.approx(0.4)
    assert one.readings["point:0,0"] == Reading(FILLED, 0.96)
    assert one.readings["box:1"] == Reading(FILLED, 0.99)
    assert one.uncertain() == []


def test_a_page_photographed_once_is_left_as_read(page):
    alone = read_of(page, {"box:1": Reading(FILLED, 0.7)}, "a.jpg")
    assert combine([alone]).reads == [alone]


def test_the_same_photo_given_twice_is_read_once_and_said(page):
    a = read_of(page, {"box:1": Reading(FILLED, 0.7)}, "a.jpg")
    copy = dataclasses.replace(a, file="copy.jpg")
    combined = combine([a, copy])
    assert combined.reads == [a]
    (note,) = combined.notes
    assert note.startswith("copy.jpg is the same photo as a.jpg: it was read once")
    (note,) = combine([a, a]).notes
    assert note.startswith("a.jpg was given twice: it was read once")
    (note,) = combine([a, dataclasses.replace(a, file="./a.jpg")]).notes  # one file, two names
    assert note.startswith("./a.jpg was given twice")


def shot(read: PageRead, framing, size=(4000, 3000), **changes) -> PageRead:
    return dataclasses.replace(read, framing=tuple(framing), size=size, **changes)


FRAMING = (0.2, 0.1, 0.8, 0.1, 0.2, 0.9, 0.8, 0.9)


def test_a_copy_of_a_shot_saved_again_or_shrunk_is_read_once(page):
    """An app's re-saved or shrunk copy has other pixels but the same doubts: read once,
    said, and of the two the one read with fewer doubts is kept."""
    a = shot(read_of(page, {"box:1": Reading(FILLED, 0.7)}, "a.jpg"), FRAMING)
    # the same page at the same place in a frame of the same shape, smaller: one shot
    moved = [v + 0.001 for v in FRAMING]
    small = shot(read_of(page, {}, "a-small.jpg"), moved, size=(1600, 1200))
    combined = combine([a, small])
    assert combined.reads == [small]  # sure of box:1's absence where a.jpg doubted
    (note,) = combined.notes
    assert note.startswith("a-small.jpg is the same shot as a.jpg (a copy saved again)")
    assert combine([small, a]).reads == [small]
    # a second shot from the hand: the page elsewhere in the frame, read as a second photo
    again = shot(read_of(page, {}, "b.jpg"), [v + 0.01 for v in FRAMING])
    assert combine([a, again]).notes == [] and len(combine([a, again]).reads[0].parts) == 2
    # ... or a frame of another shape (a crop) is not taken for a copy either
    cropped = shot(read_of(page, {}, "c.jpg"), FRAMING, size=(3000, 3000))
    assert len(combine([a, cropped]).reads[0].parts) == 2


def doubtful(page, share: float) -> dict[str, Reading]:
    keys = [m.key for m in page.marks]
    return {key: Reading(EMPTY, 0.6) for key in keys[-round(share * len(keys)) :]}


def test_a_photo_unsure_of_much_may_only_doubt(page):
    """A blurred photo (of this sheet, or of another player's page, which agrees weakly
    with everything) settles nothing; where it reads a mark otherwise, the mark is flagged."""
    keys = [m.key for m in page.marks]
    ann = read_of(page, {keys[0]: Reading(FILLED, 0.99), keys[1]: Reading(FILLED, 0.7)}, "a.jpg")
    blurred = doubtful(page, POOR_SHARE + 0.05)
    blurred |= {keys[0]: Reading(EMPTY, 0.6), keys[1]: Reading(FILLED, 0.99)}
    poor = read_of(page, blurred, "a-blurred.jpg")
    for order in ([ann, poor], [poor, ann]):
        combined = combine(order)
        assert combined.problems == []
        (one,) = combined.reads
        assert len(one.parts) == 2
        assert one.readings[keys[0]].uncertain  # it doubts what the better photo read
        assert one.readings[keys[1]].uncertain  # and settles nothing, however sure it was
        sure = {k for k, r in one.readings.items() if not r.uncertain}
        assert all(one.readings[k] == ann.readings[k] for k in sure)
        (note,) = combined.notes
        assert note.startswith("a-blurred.jpg is unsure of")
        assert "it settles none of a.jpg's doubts" in note


def test_a_photo_sure_enough_settles_doubts(page):
    keys = [m.key for m in page.marks]
    fair = doubtful(page, POOR_SHARE - 0.05) | {keys[0]: Reading(FILLED, 0.95)}
    combined = combine(
        [
            read_of(page, {keys[0]: Reading(FILLED, 0.7)}, "a.jpg"),
            fair_read := read_of(page, fair, "b.jpg"),
        ]
    )
    (one,) = combined.reads
    assert one.parts[1] is fair_read and combined.notes == []
    assert one.readings[keys[0]] == Reading(FILLED, 0.95)


def test_two_sheets_of_the_same_page_are_refused_naming_where_they_differ(page):
    keys = [m.key for m in page.marks][:6]
    ann = read_of(page, {key: Reading(FILLED, 0.99) for key in keys}, "ann.jpg")
    bea = read_of(page, {}, "bea.jpg")
    assert sure_conflicts(ann.readings, bea.readings) == keys
    combined = combine([ann, bea])
    assert combined.reads == []
    (problem,) = combined.problems
    assert problem.file == "bea.jpg"
    names = [m.name for m in page.marks][:4]
    assert f"differ at 6 marks both read sure ({', '.join(names)} and 2 more)" in problem.message
    assert "read each sheet's photos into its own typed sheet" in problem.message


def test_every_two_photos_of_a_page_are_compared_whatever_their_order(page):
    keys = [m.key for m in page.marks][:6]
    bea = read_of(page, {}, "bea.jpg")
    bea_again = read_of(page, {keys[0]: Reading(FILLED, 0.7)}, "bea-2.jpg")
    ann = read_of(page, {key: Reading(FILLED, 0.99) for key in keys}, "ann.jpg")
    for order in ([bea, bea_again, ann], [bea_again, ann, bea], [ann, bea, bea_again]):
        (problem,) = combine(order).problems  # said once, the photos grouped by sheet
        assert "are of 2 sheets, not one" in problem.message
        assert "(bea.jpg, bea-2.jpg / ann.jpg)" in problem.message or (
            "(bea-2.jpg, bea.jpg / ann.jpg)" in problem.message
            or "(ann.jpg / bea.jpg, bea-2.jpg)" in problem.message
        ), problem.message
    # three photos that do not fall into sheets (a poor one agrees with both): each pair said
    poor = read_of(page, {key: Reading(FILLED, 0.6) for key in keys[:3]}, "poor.jpg")
    problems = combine([bea, poor, ann]).problems
    assert [p.file for p in problems] == ["ann.jpg"]


def test_a_few_sure_differences_are_one_sheet_flagged_not_two_sheets(page):
    keys = [m.key for m in page.marks][:3]  # a photo's rare sure slips: 0-1 in 200 pairs
    first = read_of(page, {key: Reading(FILLED, 0.99) for key in keys}, "a.jpg")
    combined = combine([first, read_of(page, {}, "b.jpg")])
    assert combined.problems == []
    (one,) = combined.reads
    assert {mark.key for mark, _ in one.uncertain()} == set(keys)


def test_a_page_read_from_two_photos_gives_each_photo_its_own_advice(page):
    many = doubtful(page, 0.15)
    small = dataclasses.replace(read_of(page, many, "small.jpg"), px_per_point=0.7)
    good = dataclasses.replace(read_of(page, many, "good.jpg"), px_per_point=2.0)
    (one,) = combine([good, small]).reads
    (hint,) = one.advice()  # the small photo's, named
    assert hint.startswith("small.jpg: the page is small in this photo: take it closer")


def test_a_mark_the_photos_read_otherwise_says_how_each_read_it(page, capsys):
    """So the player knows which photo to look at again, or to leave out."""
    from sheetsmith.cli.photos import tell_uncertain
    from sheetsmith.photo.read import PhotoSheet

    a = read_of(
        page, {"box:1": Reading(FILLED, 1.0), "box:4": Reading(FILLED, 0.7)}, "photos/a.jpg"
    )
    b = read_of(page, {"box:1": Reading(EMPTY, 0.55), "box:4": Reading(FILLED, 0.6)}, "b.jpg")
    (one,) = combine([a, b]).reads
    assert one.views("box:1") == [
        ("photos/a.jpg", Reading(FILLED, 1.0)),
        ("b.jpg", b.readings["box:1"]),
    ]
    tell_uncertain(PhotoSheet(page.game, "", (one,)))
    said = capsys.readouterr().err
    box1 = next(line for line in said.splitlines() if ": box 1 " in line or "box:1" in line)
    assert box1.endswith("(the photos differ: a.jpg filled 100%, b.jpg empty 55%)"), said
    # each line names the photos by file name: their folders would repeat on every line
    assert box1.startswith("  a.jpg + b.jpg: "), said
    # a mark both read alike (one unsure) is listed without it
    box4 = next(line for line in said.splitlines() if "box 4" in line or "box:4" in line)
    assert "differ" not in box4
    document = PhotoSheet(page.game, "", (one,)).as_json()
    marks = {m["key"]: m for m in document["pages"][0]["marks"]}
    assert marks["box:1"]["photos"] == [
        {"file": "photos/a.jpg", "filled": True, "confidence": 1.0},
        {"file": "b.jpg", "filled": False, "confidence": 0.55},
    ]


def test_the_picture_of_a_page_read_from_several_photos_is_the_clearest(page):
    from sheetsmith.photo.annotate import caption

    poor = read_of(page, doubtful(page, 0.1), "dim/blurred.jpg")
    clear = read_of(page, {}, "clear.jpg")
    for order in ([poor, clear], [clear, poor]):
        (one,) = combine(order).reads
        assert one.rectified is clear.rectified
        assert caption(one).endswith("; photo clear.jpg, read with blurred.jpg")
