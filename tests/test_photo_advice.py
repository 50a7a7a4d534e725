"""A photo that left marks uncertain because it was small or slanted says how to take the
next one; a sure read, or a good photo, says nothing of the kind."""

from __future__ import annotations

import dataclasses

import pytest

import photopage as pp
from sheetsmith.cli.photos import tell_uncertain
from sheetsmith.console import Quiet
from sheetsmith.photo.advice import (
    LIGHT_SMALL_PAGE,
    LIGHT_STROKES,
    SMALL_PAGE,
    STEEP_TILT,
    advice,
)
from sheetsmith.photo.marks import Reading
from sheetsmith.photo.read import PhotoSheet, read_page
from test_photo_read import jpeg

CLOSER = "take it closer"
FLAT = "hold the phone flat"


@pytest.mark.parametrize(
    ("px_per_point", "tilt", "uncertain", "wanted"),
    [
        (0.7, 10.0, 3, [CLOSER]),
        (SMALL_PAGE, 10.0, 3, []),  # from one pixel per point up: the page is big enough
        (2.0, STEEP_TILT, 3, [FLAT]),
        (2.0, STEEP_TILT - 0.5, 3, []),
        (0.7, 34.0, 1, [CLOSER, FLAT]),
        (0.7, 34.0, 0, []),  # every mark sure: nothing to change
        (0.0, 0.0, 5, []),  # the scale is unknown: no guess
    ],
)
def test_advice_names_what_to_change(px_per_point, tilt, uncertain, wanted):
    said = advice(px_per_point, tilt, uncertain)
    assert len(said) == len(wanted)
    assert all(want in line for want, line in zip(wanted, said, strict=True))


def test_a_shrunk_photo_is_asked_for_at_full_size():
    """The page is small because the photo was shrunk (a chat app): stepping closer with
    the same app would not help."""
    (said,) = advice(0.7, 10.0, 3, size=(640, 480))
    assert said.startswith("the photo is small (640x480 pixels): send it at full size")
    (said,) = advice(0.7, 10.0, 3, size=(4000, 3000))
    assert CLOSER in said
    assert advice(1.5, 10.0, 3, size=(640, 480)) == []  # the page was big enough in it


def test_marks_in_doubt_on_paper_clipped_to_white_ask_for_softer_light():
    (said,) = advice(2.0, 10.0, 3, clipped=2)
    assert "overexposed around 2 of the marks in doubt" in said
    assert "softer light" in said
    assert advice(2.0, 10.0, 3, clipped=0) == []
    assert advice(2.0, 10.0, 0, clipped=2) == []  # nothing in doubt: nothing to change
    said = advice(0.7, 34.0, 3, clipped=1)  # first, then what else would help
    assert "overexposed" in said[0] and CLOSER in said[1] and FLAT in said[2]


def test_a_read_knows_how_big_and_how_slanted_its_page_was():
    readable, page = pp.build()
    catalogue = pp.TestCatalogue((readable, page))
    raster = pp.raster_page(page)
    # the page's height is half of a 1600 x 1200 frame's shorter side: 600 px for 792 pt
    photo = pp.photograph(raster, size=(1600, 1200), fill_share=0.5, tilt=0.0)
    small = read_page(jpeg(photo), catalogue, alone=False)  # it doubts too much to be given
    assert small.size == (1600, 1200)
    assert small.px_per_point == pytest.approx(600 / 792, rel=0.15)
    assert small.tilt < 5
    steep = read_page(jpeg(pp.photograph(raster, tilt=0.4, angle=0)), catalogue)
    assert steep.tilt >= STEEP_TILT


LIGHT = "the pencil is light for a page this small in the photo"


def test_light_pencil_on_a_small_page_is_cautioned_even_where_every_mark_is_sure():
    """Pencil that light, on a page that small, can leave a tick the photo does not show at
    all, which no mark's doubt can flag."""
    light, small = LIGHT_STROKES - 0.01, LIGHT_SMALL_PAGE - 0.05
    (said,) = advice(small, 10.0, 0, size=(4000, 3000), strokes=light)
    assert said.startswith(LIGHT) and "even where every mark reads sure" in said
    assert said.endswith(
        "check what was read against the paper, or take it again closer, the page filling the frame"
    )
    (said,) = advice(small, 10.0, 0, size=(1200, 900), strokes=light)
    assert said.endswith("or send it at full size (1200x900 pixels now)")
    # darker pencil, a bigger page, or no clearly filled mark to tell the pencil by: no word
    assert advice(small, 10.0, 0, strokes=LIGHT_STROKES) == []
    assert advice(LIGHT_SMALL_PAGE, 10.0, 0, strokes=light) == []
    assert advice(small, 10.0, 0, strokes=0.0) == []


def test_light_pencil_on_a_small_page_with_marks_in_doubt_says_what_to_change_once():
    said = advice(0.7, 34.0, 2, size=(4000, 3000), strokes=0.15)
    assert len(said) == 2  # the caution replaces "take it closer"; then the slant
    assert said[0] == (
        f"{LIGHT}: a light tick or cross can go unseen; take it again closer, the page"
        " filling the frame, and more marks read for sure"
    )
    assert FLAT in said[1]


def test_a_read_knows_how_dark_its_clearly_filled_marks_show():
    readable, page = pp.build()
    catalogue = pp.TestCatalogue((readable, page))
    raster = pp.raster_page(page)
    blank = read_page(jpeg(pp.photograph(raster)), catalogue)
    assert blank.strokes == 0.0  # nothing filled: the pencil's darkness is not known
    boxes = [mark.key for mark in readable.marks if mark.kind == "box"]
    pp.fill(raster, readable, boxes)
    filled = read_page(jpeg(pp.photograph(raster)), catalogue)
    assert filled.strokes > LIGHT_STROKES  # the test's pencil is dark


def _sheet(px_per_point: float, tilt: float, unsure: bool) -> PhotoSheet:
    readable, page = pp.build()
    catalogue = pp.TestCatalogue((readable, page))
    read = read_page(jpeg(pp.photograph(pp.raster_page(page))), catalogue)
    readings = dict(read.readings)
    first = readable.marks[0].key
    readings[first] = Reading(False, 0.6 if unsure else 1.0)
    read = dataclasses.replace(
        read, readings=readings, px_per_point=px_per_point, tilt=tilt, file="p.jpg"
    )
    return PhotoSheet(game="test-game", text="", pages=(read,))


def test_the_player_is_told_after_the_uncertain_marks(capsys, monkeypatch):
    monkeypatch.setattr(Quiet, "on", False)  # an earlier `-q` command may have left it on
    tell_uncertain(_sheet(0.7, 33.0, unsure=True), err=False)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("1 uncertain mark")
    assert out[-2].startswith("p.jpg: the page is small in this photo") and CLOSER in out[-2]
    assert out[-1].startswith("p.jpg: the photo was taken at a slant (about 33 degrees)")


def test_json_gives_each_page_its_advice():
    (page,) = _sheet(0.7, 10.0, unsure=True).as_json()["pages"]
    assert len(page["advice"]) == 1 and CLOSER in page["advice"][0]
    (page,) = _sheet(2.0, 10.0, unsure=True).as_json()["pages"]
    assert page["advice"] == []


def test_a_sure_read_gets_no_advice(capsys, monkeypatch):
    monkeypatch.setattr(Quiet, "on", False)
    tell_uncertain(_sheet(0.7, 33.0, unsure=False), err=False)
    out = capsys.readouterr().out
    assert "every mark is sure" in out and CLOSER not in out and FLAT not in out


def test_checking_photos_says_the_verdict_rests_on_the_uncertain_marks(capsys, monkeypatch):
    monkeypatch.setattr(Quiet, "on", False)
    tell_uncertain(_sheet(2.0, 10.0, unsure=True), err=False)
    first = capsys.readouterr().out.splitlines()[0]
    assert first == (
        "1 uncertain mark(s): look at them on the photo;"
        " the verdict above holds only if they were read right"
    )
    tell_uncertain(_sheet(2.0, 10.0, unsure=True), err=True)  # `read`: no verdict to speak of
    assert (
        capsys.readouterr().err.splitlines()[0] == "1 uncertain mark(s): look at them on the photo"
    )


def test_sure_marks_with_doubts_in_the_sheet_are_not_called_all_sure(capsys, monkeypatch):
    """Every mark sure, yet the sheet doubts what they add up to (no day circled)."""
    monkeypatch.setattr(Quiet, "on", False)
    sheet = dataclasses.replace(
        _sheet(2.0, 10.0, unsure=False), text='day = ""\n# uncertain: day circled: none\n'
    )
    tell_uncertain(sheet, err=False)
    out = capsys.readouterr().out
    assert (
        "every mark is sure; 1 line(s) of the sheet, marked uncertain, are for you to confirm"
        in out
    )


def test_a_sure_read_of_light_pencil_on_a_small_page_is_cautioned(capsys, monkeypatch):
    monkeypatch.setattr(Quiet, "on", True)  # said however quiet: it is about the verdict
    sheet = _sheet(1.2, 10.0, unsure=False)
    (read,) = sheet.pages
    sheet = dataclasses.replace(sheet, pages=(dataclasses.replace(read, strokes=0.18),))
    tell_uncertain(sheet, err=True)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"p.jpg: {LIGHT}")
