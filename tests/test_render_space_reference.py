"""Personal Space's reference pages (how a day goes; items and the lottery) and treasures
cards as a printer and a player see them: exact pages, every step, item and prize named,
text at least 6 pt, nothing near the paper's edge, the scale check, the same bytes twice."""

from __future__ import annotations

import re

import pypdf
import pypdfium2 as pdfium
import pytest

from printcheck import ROOT, SIZES, assert_printable, squash
from sheetsmith.definition import load
from sheetsmith.games.space import GAME
from sheetsmith.games.space.reference import reference_pages, where_to_get
from sheetsmith.games.space.treasures import treasures_page
from sheetsmith.print.bounds import walk
from sheetsmith.print.paper import A4, LETTER
from sheetsmith.print.primitives import INCH, MM, Rect, TextBox
from sheetsmith.print.render import render_game
from sheetsmith.print.text import fit
from sheetsmith.render_options import RenderOptions

PAPERS = [LETTER, A4]
COMPONENTS = ("reference", "treasures")


@pytest.fixture(scope="module")
def game():
    return load("personal-space")


@pytest.fixture(scope="module", params=["letter", "a4"])
def rendered(request, game, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"reference-{request.param}")
    files = render_game(game, out, RenderOptions(paper=request.param, components=COMPONENTS))
    return request.param, {f.component: f for f in files}


def texts(path) -> list[str]:
    return [squash(page.extract_text()) for page in pypdf.PdfReader(path).pages]


def test_the_components_are_listed_everywhere(game):
    for name in COMPONENTS:
        assert name in GAME.components
        assert name in [c.name for c in game.components]


def test_exact_pages(rendered):
    paper, files = rendered
    assert (files["reference"].count, files["reference"].pages) == (2, 2)
    assert (files["treasures"].count, files["treasures"].pages) == (2, 1)
    for entry in files.values():
        for page in pypdf.PdfReader(entry.path).pages:
            size = (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2))
            assert size == SIZES[paper]


def test_no_missing_glyphs_and_fonts_embedded(rendered):
    _, files = rendered
    for entry in files.values():
        for text in texts(entry.path):
            assert "\u25a0" not in text and "\ufffd" not in text
        for page in pypdf.PdfReader(entry.path).pages:
            for ref in page["/Resources"]["/Font"].values():
                font = ref.get_object()
                assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", str(font["/BaseFont"]))


def test_how_a_day_goes_names_every_step_and_the_pieces_it_uses(rendered, game):
    _, files = rendered
    day = texts(files["reference"].path)[0]
    assert "how a day goes" in day and "THE PIECES" in day and "scale check" in day
    for step in game.day.steps:
        assert squash(step.name) in day, step.name
        assert squash(step.text)[:40] in day, step.name
    for name in game.day.pieces.values():
        assert name in day, name


def test_every_item_and_prize_is_named_with_its_price(rendered, game):
    _, files = rendered
    page = texts(files["reference"].path)[1]
    assert "ITEMS" in page and "END-OF-DAY LOTTERY" in page and "scale check" in page
    for item in game.items:
        assert item.name in page, item.name
        if item.where:
            assert f"${item.price} at" in page, item.name
        if item.eat:
            assert f"+{item.eat} Energy" in page
    for prize in game.lottery.prizes:
        assert prize.name in page, prize.name
    assert "The Store and The Zoo are on Menagerie Moon" in page


def test_where_an_item_comes_from(game):
    assert where_to_get(game, game.item("moon-pie")) == "$2 at The Store"
    assert where_to_get(game, game.item("bucket-of-feed")) == "$1 at The Zoo or The Store"
    assert where_to_get(game, game.item("show-ticket")) == "a gift from Marga"
    assert where_to_get(game, game.item("golden-compass")) == "lottery prize (roll 6)"
    assert where_to_get(game, game.item("fish")).startswith("a resource")


def test_the_treasures_cards(rendered, game):
    _, files = rendered
    (page,) = texts(files["treasures"].path)
    assert page.count(game.treasures.name.upper()) == 2 and "cut" in page
    assert "Transfer" in page and "Player" in page
    for k in range(1, game.treasures.slots + 1):
        assert str(k) in page
    for prize in game.lottery.prizes:
        if prize.item:
            assert prize.name in page


def test_pages_are_drawn(rendered):
    _, files = rendered
    for entry in files.values():
        pdf = pdfium.PdfDocument(str(entry.path))
        try:
            for index in range(len(pdf)):
                image = pdf[index].render(scale=0.5).to_pil().convert("L")
                dark = sum(image.histogram()[:160])
                assert dark > 0.01 * image.width * image.height, (entry.component, index)
        finally:
            pdf.close()


def all_pages(game, paper):
    return [*reference_pages(game, paper), treasures_page(game, paper)]


@pytest.mark.parametrize("paper", PAPERS, ids=["letter", "a4"])
def test_nothing_near_the_edge_and_every_label_legible(game, paper):
    assert_printable(all_pages(game, paper), paper)


@pytest.mark.parametrize("paper", PAPERS, ids=["letter", "a4"])
def test_the_item_table_is_easy_to_read(game, paper):
    """The table's text is at least 8 pt with the shipped fifteen items."""
    page = reference_pages(game, paper)[1]
    names = [
        i
        for i, _ in walk(page.items)
        if isinstance(i, TextBox) and i.bold and i.text in {x.name for x in game.items}
    ]
    assert len(names) == len(game.items)
    assert all(fit(n).size >= 8.0 for n in names)


def test_the_scale_check_is_exact_on_every_page(game):
    for paper, side in ((LETTER, INCH), (A4, 25 * MM)):
        for page in all_pages(game, paper):
            rects = [i for i, _ in walk(page.items) if isinstance(i, Rect)]
            assert any(abs(r.width - side) < 1e-6 and abs(r.height - side) < 1e-6 for r in rects)


def test_two_renders_are_byte_identical(game, tmp_path):
    options = RenderOptions(paper="letter", components=COMPONENTS)
    first = render_game(game, tmp_path / "one", options)
    second = render_game(game, tmp_path / "two", options)
    for a, b in zip(first, second, strict=True):
        assert a.path.read_bytes() == b.path.read_bytes()


def test_the_readme_lists_the_components(game):
    readme = squash((ROOT / "README.md").read_text(encoding="utf-8"))
    for name in COMPONENTS:
        assert f"| `{name}` |" in readme
