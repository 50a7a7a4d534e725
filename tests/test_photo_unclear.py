"""A page read with many marks in doubt is refused, not given: a photo unsure of that many
is no surer of the rest. Several photos of one page are judged once, read together."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np
import pytest

import photopage as pp
from sheetsmith.photo import read as read_module
from sheetsmith.photo.errors import PhotoError, Unclear
from sheetsmith.photo.marks import Reading
from sheetsmith.photo.read import (
    FAINT_SMALL_STROKES,
    LIGHT_SMALL,
    MOST_DOUBTS,
    NOWHERE_SMALL,
    PageRead,
    read_page,
    read_photos,
    unclear,
)
from test_photo_read import failure, jpeg, run, save

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from photos import synth

# Pencil this faint (on 0-255 grey) is in doubt on the test page's photos: the reader
# can tell neither that it is there nor that it is not
FAINT = (228, 228, 228)


@pytest.fixture(scope="module")
def page():
    return pp.build()


def faint_photo(page, count: int, **options):
    readable, printed = page
    raster = pp.raster_page(printed)
    keys = [m.key for m in readable.marks if m.kind in ("point", "box")][:count]
    pp.fill(raster, readable, keys, colour=FAINT)
    return jpeg(pp.photograph(raster, **options))


def test_a_photo_in_doubt_of_many_marks_is_refused_saying_what_to_do(page):
    catalogue = pp.TestCatalogue(page)
    with pytest.raises(Unclear) as caught:
        read_page(faint_photo(page, MOST_DOUBTS), catalogue)
    (problem,) = caught.value.problems
    assert problem.message.startswith(
        f"the photo leaves {MOST_DOUBTS} of the page's {len(page[0].marks)} marks in doubt,"
        " too many to trust what it reads of the others: take it again"
    )
    assert "a second photo of the page from another angle and give both" in problem.message


def test_a_photo_in_doubt_of_fewer_marks_is_read_with_them_flagged(page):
    read = read_page(faint_photo(page, MOST_DOUBTS - 1), pp.TestCatalogue(page))
    assert len(read.uncertain()) == MOST_DOUBTS - 1


def test_a_photo_read_with_others_is_not_judged_alone(page):
    read = read_page(faint_photo(page, MOST_DOUBTS), pp.TestCatalogue(page), alone=False)
    assert len(read.uncertain()) == MOST_DOUBTS


def test_the_refusal_says_how_the_photo_was_poor(page):
    catalogue = pp.TestCatalogue(page)
    read = read_page(faint_photo(page, MOST_DOUBTS), catalogue, alone=False)
    small = dataclasses.replace(read, px_per_point=0.7, tilt=34.0, size=(4000, 3000))
    problem = unclear(small)
    assert problem is not None
    assert problem.message.endswith(
        "; the page is small in this photo: take it closer, the page filling the frame, and"
        " more marks read for sure; the photo was taken at a slant (about 34 degrees): hold"
        " the phone flat, straight above the page"
    )


def test_photos_read_together_are_judged_together(page):
    readable = page[0]
    keys = [m.key for m in readable.marks][: MOST_DOUBTS + 2]
    doubting = {key: Reading(True, 0.6) for key in keys}
    reads = [
        PageRead(
            readable,
            {m.key: doubting.get(m.key, Reading(False, 0.99)) for m in readable.marks},
            None,
            {},
            file=f,
        )  # type: ignore[arg-type]
        for f in ("a.jpg", "b.jpg")
    ]
    together = dataclasses.replace(reads[0], file="a.jpg + b.jpg", parts=tuple(reads))
    problem = unclear(together)
    assert problem is not None and problem.file == "a.jpg + b.jpg"
    assert problem.message.startswith(
        f"the 2 photos of this page, read together, leave {MOST_DOUBTS + 2} of its"
        f" {len(readable.marks)} marks in doubt"
    )
    fewer = dataclasses.replace(
        together, readings=together.readings | {key: Reading(True, 0.99) for key in keys[:3]}
    )
    assert unclear(fewer) is None


def test_each_page_is_judged_on_its_own_and_every_photo_is_read_first(tmp_path, page):
    """Page 1 in doubt of many marks, page 2 read well: page 1's photo is refused, named;
    two photos of page 1 that doubt alike are refused together."""
    back = pp.build(page="back")
    catalogue = pp.TestCatalogue(page, back)
    faint = save(tmp_path, "front.jpg", faint_photo(page, MOST_DOUBTS))
    again = save(tmp_path, "front-2.jpg", faint_photo(page, MOST_DOUBTS, angle=-15, seed=3))
    good = save(tmp_path, "back.jpg", jpeg(pp.photograph(pp.raster_page(back[1]))))
    with pytest.raises(Unclear) as caught:
        read_photos([good, faint], catalogue)
    (problem,) = caught.value.problems
    assert problem.file == faint and "the photo leaves" in problem.message
    with pytest.raises(Unclear) as caught:
        read_photos([faint, good, again], catalogue)
    (problem,) = caught.value.problems
    assert problem.file == f"{faint} + {again}"
    assert problem.message.startswith("the 2 photos of this page, read together, leave")


def test_the_command_refuses_a_photo_in_doubt_of_many_marks(tmp_path, page, monkeypatch):
    from sheetsmith.photo import read as reading

    monkeypatch.setattr(reading, "GAMES", pp.TestCatalogue(page))
    message = failure(tmp_path, faint_photo(page, MOST_DOUBTS), "tuesday.jpg")
    assert "tuesday.jpg" in message and f"leaves {MOST_DOUBTS} of the page's" in message
    fewer = save(tmp_path, "wednesday.jpg", faint_photo(page, MOST_DOUBTS - 1))
    result = run("read", fewer)
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"{MOST_DOUBTS - 1} uncertain mark"), result.stderr


def test_a_page_too_unsure_is_said_with_the_photos_that_fail(tmp_path, page):
    """Every problem at once: a photo with no page, and a page too unsure, in one refusal;
    only the photo that read well is said to have read well."""
    back = pp.build(page="back")
    catalogue = pp.TestCatalogue(page, back)
    empty = save(tmp_path, "table.jpg", np.full((1200, 1600, 3), 235, np.uint8))
    faint = save(tmp_path, "front.jpg", faint_photo(page, MOST_DOUBTS))
    good = save(tmp_path, "back.jpg", jpeg(pp.photograph(pp.raster_page(back[1]))))
    with pytest.raises(PhotoError) as caught:
        read_photos([empty, faint, good], catalogue)
    files = [problem.file for problem in caught.value.problems]
    assert files[:2] == [empty, faint]
    assert "marks in doubt" in caught.value.problems[1].message
    last = caught.value.problems[-1].message
    assert last.startswith(f"the other photo ({good}) reads well")


def test_a_real_photo_in_doubt_of_five_marks_is_refused(monkeypatch):
    """Tuning seed 1434 (held back from training): a game page whose photo leaves five marks
    in doubt. Photos that unsure held a share of the held-out marks read wrong without a
    flag far beyond their number (bench/README.md, "A photo that doubts five marks"), so
    it is refused; where the line stood at 7 it was read with the five flagged."""
    photo = synth.photo_for_seed(1434)
    with pytest.raises(Unclear, match="the photo leaves 5 of the page's 185 marks in doubt"):
        read_page(photo.image, read_module.GAMES)
    monkeypatch.setattr(read_module, "MOST_DOUBTS", 7)
    assert len(read_page(photo.image, read_module.GAMES).uncertain()) == 5


def test_a_page_too_small_in_the_photo_for_its_light_pencil_is_refused(page):
    readable, printed = page
    raster = pp.raster_page(printed)
    pp.fill(raster, readable, [m.key for m in readable.marks if m.kind == "box"][:6])
    read = read_page(jpeg(pp.photograph(raster)), pp.TestCatalogue(page), alone=False)
    assert unclear(read) is None and read.strokes > 0.0
    small = dataclasses.replace(read, px_per_point=LIGHT_SMALL - 0.05, strokes=0.2)
    problem = unclear(small)
    assert problem is not None
    width = round(page[0].width * small.px_per_point)
    height = round(page[0].height * small.px_per_point)
    assert problem.message.startswith(
        f"the page is small in the photo ({width}x{height} pixels) and its pencil shows"
        " light: a light tick or cross can vanish at that size"
    )
    assert problem.message.endswith("take it again closer, the page filling the frame")
    shrunk = unclear(dataclasses.replace(small, size=(1200, 900)))
    assert shrunk is not None and shrunk.message.endswith(
        "take it again closer, the page filling the frame, and send it at full size (the photo"
        " is 1200x900 pixels: apps that share photos often shrink them)"
    )
    unseen = unclear(dataclasses.replace(small, strokes=0.0))
    assert unseen is not None and "its pencil shows nowhere clearly" in unseen.message
    assert unclear(dataclasses.replace(small, strokes=0.3)) is None  # plain pencil shows
    assert unclear(dataclasses.replace(small, px_per_point=LIGHT_SMALL + 0.05)) is None
    # read with a photo that shows the page large enough: the page is given
    large = dataclasses.replace(small, px_per_point=2.0)
    both = dataclasses.replace(small, parts=(small, large))
    assert unclear(both) is None
    assert unclear(dataclasses.replace(small, parts=(small, small))) is not None


def test_real_photos_of_small_pages_in_light_pencil_are_refused():
    """Held-out 154513 and 155121: photos of pages small in the frame, pencilled lightly,
    each with a mark read as paper without a word (bench/README.md, "A page too small for
    its pencil"); refused now, each saying why."""
    light = synth.photo_for_seed(154513)
    with pytest.raises(Unclear, match=r"the page is small in the photo \(\d+x\d+ pixels\)"):
        read_page(light.image, read_module.GAMES)
    unseen = synth.photo_for_seed(155121)
    with pytest.raises(Unclear, match="and its pencil shows nowhere clearly"):
        read_page(unseen.image, read_module.GAMES)


def test_a_page_whose_pencil_shows_nowhere_is_refused_up_to_a_larger_size(page):
    readable, printed = page
    raster = pp.raster_page(printed)
    pp.fill(raster, readable, [m.key for m in readable.marks if m.kind == "box"][:6])
    read = read_page(jpeg(pp.photograph(raster)), pp.TestCatalogue(page), alone=False)
    nowhere = dataclasses.replace(read, px_per_point=NOWHERE_SMALL - 0.05, strokes=0.0)
    problem = unclear(nowhere)
    assert problem is not None and "its pencil shows nowhere clearly" in problem.message
    # light pencil that does show is refused only under LIGHT_SMALL
    assert unclear(dataclasses.replace(nowhere, strokes=0.2)) is None
    assert unclear(dataclasses.replace(nowhere, px_per_point=NOWHERE_SMALL + 0.05)) is None
    assert LIGHT_SMALL < NOWHERE_SMALL
    # ... but the faintest pencil that shows is refused as far as pencil shown nowhere
    faintest = dataclasses.replace(nowhere, strokes=FAINT_SMALL_STROKES - 0.01)
    problem = unclear(faintest)
    assert problem is not None and "and its pencil shows light:" in problem.message
    assert unclear(dataclasses.replace(faintest, strokes=FAINT_SMALL_STROKES)) is None
    assert unclear(dataclasses.replace(faintest, px_per_point=NOWHERE_SMALL + 0.05)) is None


def test_a_real_washed_out_daily_sheet_whose_pencil_shows_nowhere_is_refused():
    """Held-out 169930: a daily sheet at 1.07 photo pixels a point, no mark filled past
    doubt, whose light ring around the day was read as paper without a word (and three
    marks flagged wrong): refused now, saying why."""
    photo = synth.photo_for_seed(169930)
    assert photo.truth["day:tuesday"] and photo.drawn["day:tuesday"] == "ring"
    with pytest.raises(Unclear, match="and its pencil shows nowhere clearly"):
        read_page(photo.image, read_module.GAMES)


def test_a_real_daily_sheet_in_the_faintest_pencil_on_a_small_page_is_refused():
    """Held-out 180083: a daily sheet at 0.95 photo pixels a point, its pencil showing at
    0.17, whose light ring around the day was read as paper without a word: refused now,
    saying why."""
    photo = synth.photo_for_seed(180083)
    assert photo.truth["day:friday"] and photo.drawn["day:friday"] == "ring"
    with pytest.raises(Unclear, match=r"the page is small in the photo .* shows light:"):
        read_page(photo.image, read_module.GAMES)
