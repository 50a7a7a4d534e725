"""Personal Space's sheets, postcards, boards and cards: the PDFs as a printer and a player
would see them, and the layout data they are drawn from."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from sheetsmith.definition import load
from sheetsmith.output import RenderOptions
from sheetsmith.render import render_game
from sheetsmith.render.bounds import inside, overlaps, walk
from sheetsmith.render.paper import A4, LETTER
from sheetsmith.render.primitives import INCH, MM, Item, Rect, Text, TextBox
from sheetsmith.render.space_daily import daily_layout, daily_page, grid_block
from sheetsmith.render.text import fit

GAME_ID = "personal-space"
PAPERS = {"letter": LETTER, "a4": A4}
SIZES = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
MARGIN = 0.4 * INCH
COMPONENTS = ("daily-sheet",)


@pytest.fixture(scope="module")
def game():
    return load(GAME_ID)


@pytest.fixture(scope="module", params=["letter", "a4"])
def rendered(request, game, tmp_path_factory) -> tuple[str, dict[str, Path]]:
    out = tmp_path_factory.mktemp(f"space-{request.param}")
    files = render_game(game, out, RenderOptions(paper=request.param, components=COMPONENTS))
    return request.param, {f.component: f.path for f in files}


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def leaves(items) -> list[tuple[Item, tuple[float, float, float, float]]]:
    return list(walk(items))


# -- every PDF ----------------------------------------------------------------------------


@pytest.mark.parametrize("component", COMPONENTS)
def test_fonts_are_embedded_dejavu_and_no_glyph_is_missing(rendered, component):
    _, paths = rendered
    path = paths[component]
    reader = pypdf.PdfReader(path)
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            base = str(font["/BaseFont"])
            assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", base), base
            assert "/FontFile2" in font["/FontDescriptor"], f"{base} is not embedded"
    assert b"Helvetica" not in path.read_bytes()
    text = pdf_text(path)
    assert "\u25a0" not in text and "\ufffd" not in text


@pytest.mark.parametrize("component", COMPONENTS)
def test_pages_are_not_blank(rendered, component):
    _, paths = rendered
    pdf = pdfium.PdfDocument(str(paths[component]))
    try:
        for index in range(len(pdf)):
            image = pdf[index].render(scale=0.5).to_pil().convert("L")
            dark = sum(image.histogram()[:160])
            assert dark > 0.02 * image.width * image.height, f"page {index + 1} is nearly blank"
    finally:
        pdf.close()


@pytest.mark.parametrize("component", COMPONENTS)
def test_two_renders_are_byte_identical(game, tmp_path, component):
    options = RenderOptions(paper="a4", components=(component,), copies=2)
    first = render_game(game, tmp_path / "one", options)[0].path
    second = render_game(game, tmp_path / "two", options)[0].path
    assert first.read_bytes() == second.read_bytes()


# -- the daily sheet ----------------------------------------------------------------------


def test_daily_sheet_pages_are_exact_paper(rendered):
    paper, paths = rendered
    reader = pypdf.PdfReader(paths["daily-sheet"])
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == (
        SIZES[paper]
    )


def test_copies_give_identical_pages(game, tmp_path):
    (entry,) = render_game(game, tmp_path, RenderOptions(components=("daily-sheet",), copies=3))
    assert (entry.component, entry.count, entry.pages) == ("daily-sheet", 3, 3)
    assert entry.path == tmp_path / GAME_ID / "daily-sheet.pdf"
    reader = pypdf.PdfReader(entry.path)
    texts = [page.extract_text() for page in reader.pages]
    assert len(texts) == 3 and texts[0] == texts[1] == texts[2]


def test_daily_sheet_text(rendered, game):
    _, paths = rendered
    text = pdf_text(paths["daily-sheet"])
    for day in game.sheet.days:
        assert day.capitalize() in text
    for word in ("DAY", "DATE", "LOG", "SPEED", "ENERGY", "MOOD", "bad mood", "MONEY"):
        assert word in text
    for word in ("POCKETS", "JOB", "LETTER CODES", "scale check", "First die = column"):
        assert word in text
    for action in game.actions:
        assert action.name in text, action.name
        assert action.code in text, action.code


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_daily_sheet_stays_inside_the_margins_at_legible_sizes(game, paper):
    page = daily_page(game, paper)
    assert (page.width, page.height) == (paper.width, paper.height)
    area = (MARGIN, MARGIN, paper.width - MARGIN, paper.height - MARGIN)
    outside = [item for item, box in leaves(page.items) if not inside(box, area)]
    assert not outside, outside[:3]
    for item, _ in leaves(page.items):
        if isinstance(item, Text):
            assert item.size >= 7.0, item
        if isinstance(item, TextBox):
            fitted = fit(item)
            assert fitted.fits and fitted.size >= 7.0, item.text


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_daily_sheet_blocks_do_not_overlap(game, paper):
    lay = daily_layout(game, paper)
    frames = {
        name: (f.x, f.y, f.right, f.top)
        for name, f in (
            ("header", lay.header),
            ("days", lay.days),
            ("grid", lay.grid),
            ("log", lay.log),
            ("trackers", lay.trackers),
            ("carry", lay.carry),
            ("scale", lay.scale),
            ("legend", lay.legend),
        )
    }
    names = list(frames)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not overlaps(frames[a], frames[b]), (a, b)


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_daily_grid_has_36_squares_labelled_1_to_6_on_both_axes(game, paper):
    lay = daily_layout(game, paper)
    geo = lay.geometry
    items = grid_block(game, lay.grid, geo)
    n = game.sheet.grid
    assert n == 6
    squares = [
        i
        for i in items
        if isinstance(i, Rect) and abs(i.width - geo.square) < 0.01 and i.width == i.height
    ]
    assert len(squares) == 36
    assert {(round(s.x, 3), round(s.y, 3)) for s in squares} == {
        (round(geo.cell(c, r)[0], 3), round(geo.cell(c, r)[1], 3))
        for c in range(1, 7)
        for r in range(1, 7)
    }
    # big enough for two or three letters and a log number: about 0.8 in (20 mm)
    assert geo.square >= 19.5 * MM
    labels = [i for i in items if isinstance(i, Text) and i.text.isdigit()]
    bottom = sorted((t for t in labels if t.y < geo.y0), key=lambda t: t.x)
    left = sorted((t for t in labels if t.x < geo.x0), key=lambda t: t.y)
    assert [t.text for t in bottom] == ["1", "2", "3", "4", "5", "6"]
    assert [t.text for t in left] == ["1", "2", "3", "4", "5", "6"]  # 1 at the bottom
    for k, t in enumerate(bottom, start=1):
        x0, _, x1, _ = geo.cell(k, 1)
        assert abs(t.x - (x0 + x1) / 2) < 0.01
    for k, t in enumerate(left, start=1):
        _, y0, _, y1 = geo.cell(1, k)
        assert y0 < t.y < y1


def test_daily_scale_check_is_exact(game):
    for paper, side in ((LETTER, INCH), (A4, 25 * MM)):
        page = daily_page(game, paper)
        squares = [i for i, _ in leaves(page.items) if isinstance(i, Rect)]
        assert any(abs(r.width - side) < 1e-6 and abs(r.height - side) < 1e-6 for r in squares)


def test_daily_mood_bad_range_is_shaded(game):
    page = daily_page(game, LETTER)
    texts = [i for i, _ in leaves(page.items) if isinstance(i, Text)]
    mood = next(t for t in texts if t.text == "MOOD")
    row = [
        i
        for i, _ in leaves(page.items)
        if isinstance(i, Rect) and i.fill is not None and abs(i.y + i.height / 2 - mood.y) < 8
    ]
    shaded = [r for r in row if r.fill != (1.0, 1.0, 1.0)]
    mood_t = game.sheet.mood
    assert len(row) == mood_t.max - mood_t.min + 1
    assert len(shaded) == mood_t.bad_at_most - mood_t.min + 1
    assert max(r.x for r in shaded) < min(r.x for r in row if r not in shaded)
