"""Repeated drawings are stamps (issue 17): the PDF holds a drawing once, as a form, and
places it wherever it repeats. The daily sheet's copies are one stamp; card frames that
every card of a colour shares are one stamp. The pages look exactly as they did when each
copy was drawn out in full."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import replace

import numpy as np
import pypdf
import pytest

from printcheck import rendered_pages
from sheetsmith.definition import load
from sheetsmith.games.space.cards import ACCENT, CARD, card_frame, stamped_frame
from sheetsmith.games.space.daily import daily_page, stamped_daily_page
from sheetsmith.print.document import DocumentInfo
from sheetsmith.print.imposition import POKER
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.pdf import write_pdf
from sheetsmith.print.primitives import Group, Item, Page, Stamp
from sheetsmith.print.raster import pages as raster_pages
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions

SPACE = "personal-space"
# the stamps this issue added, by the start of their names
NEW_STAMPS = ("daily-sheet-", "card-frame-")


@pytest.fixture(scope="module")
def space():
    return load(SPACE)


def _xobjects(page: pypdf.PageObject) -> dict[str, pypdf.generic.IndirectObject]:
    resources = page["/Resources"]
    return dict(resources.get("/XObject", {}))


def test_copies_place_one_drawing(space, tmp_path):
    (entry,) = render_game(space, tmp_path, RenderOptions(components=("daily-sheet",), copies=6))
    reader = pypdf.PdfReader(entry.path)
    assert len(reader.pages) == 6
    forms = set()
    for page in reader.pages:
        (ref,) = _xobjects(page).values()  # one form on each page
        forms.add(ref.idnum)
        # and the page itself only places it: a few operators, not the drawing
        assert len(page["/Contents"].get_object().get_data()) < 200
    (form,) = forms  # the same form on every page
    drawing = reader.get_object(form)
    assert drawing["/Subtype"] == "/Form"
    assert len(drawing.get_data()) > 10_000  # the whole sheet, drawn once


def test_a_copy_costs_a_page_not_a_drawing(space, tmp_path):
    sizes = {}
    for copies in (1, 41):
        options = RenderOptions(components=("daily-sheet",), copies=copies)
        (entry,) = render_game(space, tmp_path / str(copies), options)
        sizes[copies] = entry.path.stat().st_size
    # drawn out on every page, a copy cost about 9 KB; placed, well under 1 KB
    assert (sizes[41] - sizes[1]) / 40 < 1_000


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_stamped_sheet_is_the_sheet(space, paper):
    sheet = paper_named(paper)
    page, stamped = daily_page(space, sheet), stamped_daily_page(space, sheet)
    (stamp,) = stamped.items
    assert isinstance(stamp, Stamp) and stamp.items == page.items
    assert (stamped.width, stamped.height) == (page.width, page.height)
    assert stamp.name == f"daily-sheet-{paper}"


def test_a_stamped_frame_is_the_frame():
    colour = (0.3, 0.5, 0.2)
    items = stamped_frame("Title", "kind", colour, POKER)
    assert _unstamp(items, ("card-frame-",)) == card_frame("Title", "kind", colour, POKER)
    same = stamped_frame("Other", "", colour, POKER)[0]
    assert isinstance(same, Stamp) and same == items[0]  # one drawing, one name
    other = stamped_frame("Title", "kind", ACCENT, CARD)[0]
    assert isinstance(other, Stamp) and other.name != same.name


def _placed(items: Sequence[Item]) -> Iterator[Stamp]:
    for item in items:
        if isinstance(item, Group):
            yield from _placed(item.items)
        elif isinstance(item, Stamp):
            yield item
            yield from _placed(item.items)


@pytest.mark.parametrize("look", [{}, {"ink": "saver"}, {"layout": "gutterfold"}])
def test_stamps_that_share_a_name_are_one_drawing(look):
    """The PDF draws a name's first stamp and shows it for every later one: a stamp of the
    same name holding other items would print wrong, silently."""
    for key, pages in rendered_pages("a4", **look).items():
        seen: dict[str, Stamp] = {}
        for page in pages:
            for stamp in _placed(page.items):
                assert seen.setdefault(stamp.name, stamp) == stamp, (key, stamp.name)


def _unstamp(items: Sequence[Item], names: tuple[str, ...]) -> list[Item]:
    """`items` with the stamps named `names...` drawn out in place (as before issue 17)."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Stamp) and item.name.startswith(names):
            out += _unstamp(item.items, names)
        elif isinstance(item, Group):
            out.append(replace(item, items=tuple(_unstamp(item.items, names))))
        else:
            out.append(item)
    return out


def _pixels(pages: Sequence[Page], dpi: float) -> list[np.ndarray]:
    handle = io.BytesIO()
    write_pdf(pages, handle, DocumentInfo("test"))
    return [np.asarray(image) for image in raster_pages(handle.getvalue(), dpi)]


@pytest.mark.parametrize(
    ("component", "look"),
    [
        ((SPACE, "daily-sheet"), {}),
        ((SPACE, "actions"), {}),
        ((SPACE, "actions"), {"ink": "saver"}),
        (("planet-78", "role-cards"), {"layout": "gutterfold"}),
    ],
)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_stamped_pages_are_pixel_identical(component, look, paper):
    stamped = rendered_pages(paper, **look)[component]
    assert any(s.name.startswith(NEW_STAMPS) for p in stamped for s in _placed(p.items))
    drawn = [replace(p, items=tuple(_unstamp(p.items, NEW_STAMPS))) for p in stamped]
    # 300 dpi, as the PNG export rasterizes: glyphs and edges land on the same pixels
    for before, after in zip(_pixels(drawn, 300), _pixels(stamped, 300), strict=True):
        assert before.shape == after.shape
        assert np.array_equal(before, after)


def test_the_ink_figure_measures_each_drawing_once(space, monkeypatch):
    """`render` shows each file's ink coverage, measured on the PDF: pages that draw the same
    (the copies) are rasterized once, and every page still gets its own figure."""
    from PIL import ImageStat

    from sheetsmith.print import ink

    sheet = stamped_daily_page(space, paper_named("letter"))
    other = Page(sheet.width, sheet.height, ())
    handle = io.BytesIO()
    write_pdf([sheet, sheet, other, sheet, other], handle, DocumentInfo("test"))
    pdf = handle.getvalue()
    every = [
        (1 - sum(ImageStat.Stat(image).mean) / (3 * 255), image.width * image.height)
        for image in raster_pages(pdf, ink.COVERAGE_DPI)
    ]
    asked: list[Sequence[int] | None] = []
    raster = ink._raster

    def spy(pdf: bytes, dpi: int, indices: Sequence[int] | None = None):
        asked.append(indices)
        return raster(pdf, dpi, indices)

    monkeypatch.setattr(ink, "_raster", spy)
    assert ink.page_coverage(pdf) == every
    assert asked == [[0, 2]]
    assert every[0][0] > 0.01 and every[2][0] == 0.0
