"""Personal Space cards as printed: neighbor cards, location cards and the alignment test.
The PDFs as a printer and a player see them, and the card layouts they are drawn from."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from sheetsmith.definition import load
from sheetsmith.games.space.alignment import back as alignment_back
from sheetsmith.games.space.alignment import front as alignment_front
from sheetsmith.games.space.cards import back_face
from sheetsmith.games.space.locations import location_cards, location_front
from sheetsmith.games.space.neighbors import neighbor_cards, neighbor_front
from sheetsmith.print.bounds import Box, bounds, inside, overlaps, shift
from sheetsmith.print.imposition import POKER
from sheetsmith.print.primitives import (
    Blocks,
    Circle,
    Group,
    Item,
    Line,
    Polygon,
    Rect,
    Stamp,
    Text,
    TextBox,
)
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions

GAME_ID = "personal-space"
SIZES = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
COMPONENTS = ("neighbors", "locations", "alignment")


@pytest.fixture(scope="module")
def game():
    return load(GAME_ID)


@pytest.fixture(scope="module", params=["letter", "a4"])
def rendered(request, game, tmp_path_factory) -> tuple[str, dict[str, Path]]:
    out = tmp_path_factory.mktemp(f"cards-{request.param}")
    files = render_game(game, out, RenderOptions(paper=request.param, components=COMPONENTS))
    return request.param, {f.component: f.path for f in files}


def test_manifest_entries(game, tmp_path):
    files = render_game(game, tmp_path, RenderOptions(components=COMPONENTS))
    got = {f.component: (f.count, f.pages, f.path) for f in files}
    n = len(game.neighbors)
    assert got["neighbors"] == (n, 2, tmp_path / GAME_ID / "neighbors.pdf")
    assert got["locations"] == (3, 2, tmp_path / GAME_ID / "locations.pdf")
    assert got["alignment"] == (1, 2, tmp_path / GAME_ID / "alignment.pdf")


def test_page_sizes_are_exact(rendered):
    paper, files = rendered
    for path in files.values():
        for page in pypdf.PdfReader(path).pages:
            size = (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2))
            # poker sheets: A4 portrait 3x3; Letter landscape 4x2 (marks clear of the edge)
            assert size in (SIZES[paper], SIZES[paper][::-1]), path.name


def test_card_sheets_carry_trim_and_bleed_boxes(rendered):
    _, files = rendered
    for name in ("neighbors", "locations"):
        for page in pypdf.PdfReader(files[name]).pages:
            trim = [float(v) for v in page.trimbox]
            bleed = [float(v) for v in page.bleedbox]
            media = [float(v) for v in page.mediabox]
            assert trim != media
            assert bleed[0] <= trim[0] < trim[2] <= bleed[2]
            assert bleed[1] <= trim[1] < trim[3] <= bleed[3]
            # whole poker cards: the trim box is a multiple of the card size
            cols = (trim[2] - trim[0]) / POKER.width
            rows = (trim[3] - trim[1]) / POKER.height
            assert cols == pytest.approx(round(cols)) and rows == pytest.approx(round(rows))


def test_fonts_are_embedded_dejavu_subsets(rendered):
    _, files = rendered
    for path in files.values():
        reader = pypdf.PdfReader(path)
        for page in reader.pages:
            for ref in page["/Resources"]["/Font"].values():
                font = ref.get_object()
                base = str(font["/BaseFont"])
                assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", base), base
                assert "/FontFile2" in font["/FontDescriptor"], f"{base} is not embedded"
        assert b"Helvetica" not in path.read_bytes()


def test_text_has_every_name_and_no_missing_glyphs(rendered, game):
    _, files = rendered
    text = {
        name: "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)
        for name, path in files.items()
    }
    for t in text.values():
        assert "\u25a0" not in t
        assert "\ufffd" not in t
    for neighbor in game.neighbors:
        assert neighbor.name in text["neighbors"]
        assert f"gives 1 {neighbor.trade_gives} for 2 {neighbor.trade_wants}" in text["neighbors"]
        assert f"neighbors/{neighbor.id}.html" in text["neighbors"]
    for label in ("VISITED TODAY", "TASK CUBES", "SCAN TO VISIT", "RANGE"):
        assert label in text["neighbors"]
    assert game.back_title in text["neighbors"] and game.back_tagline in text["neighbors"]
    loc = game.locations
    for name in (loc.theater_name, loc.zoo_name, loc.jukebox_name):
        assert name in text["locations"]
    for phrase in ("SCAN FOR TODAY'S SHOW", "SCAN TO VISIT AN EXHIBIT", "SCAN TO CHANGE THE SONG"):
        assert phrase in text["locations"]
    # the sheet says how to correct a shift in words, naming no option of sheetsmith's
    assert "back offset 0,0 mm" in text["alignment"]
    assert "--back-offset" not in text["alignment"]


def test_pages_are_not_blank(rendered):
    _, files = rendered
    for name, path in files.items():
        pdf = pdfium.PdfDocument(str(path))
        for index in range(len(pdf)):
            image = pdf[index].render(scale=0.5).to_pil().convert("L")
            histogram = image.histogram()
            dark = sum(histogram[:160])
            share = 0.02 if name != "alignment" else 0.002
            assert dark > share * image.width * image.height, f"{name} page {index + 1}"
        pdf.close()


def test_two_renders_are_byte_identical(game, tmp_path):
    options = RenderOptions(paper="a4", components=COMPONENTS, back_offset=(0.5, -1.0))
    first = render_game(game, tmp_path / "one", options)
    second = render_game(game, tmp_path / "two", options)
    for a, b in zip(first, second, strict=True):
        assert a.path.read_bytes() == b.path.read_bytes(), a.component


def test_metadata(rendered, game):
    _, files = rendered
    meta = pypdf.PdfReader(files["neighbors"]).metadata
    assert meta.title == f"{game.info.title}: neighbor cards"
    assert meta.creator == "sheetsmith"
    assert "double-sided" in meta.subject


# -- layout data ------------------------------------------------------------------------


def leaves(items, dx: float = 0.0, dy: float = 0.0):
    """Every drawn leaf with its bounds in card coordinates (stamps and groups opened)."""
    for item in items:
        if isinstance(item, Group):
            yield from leaves(item.items, dx + item.dx, dy + item.dy)
        elif isinstance(item, Stamp):
            yield from leaves(item.items, dx, dy)
        else:
            yield item, shift(bounds(item), dx, dy)


def words(items: list[Item]) -> list[tuple[Item, Box]]:
    return [(i, b) for i, b in leaves(items) if isinstance(i, Text | TextBox)]


SAFE = POKER.safe_rect.corners()
TRIM = POKER.trim.corners()


def fronts(game):
    options = RenderOptions()
    yield from ((c.neighbor.name, neighbor_front(c)) for c in neighbor_cards(game, options))
    yield from ((c.name, location_front(c)) for c in location_cards(game, options))


def test_front_text_stays_in_the_safe_zone_and_apart(game):
    for name, items in fronts(game):
        texts = words(items)
        for item, box in texts:
            assert inside(box, SAFE, tolerance=0.01), (name, item)
        for (a, box_a), (b, box_b) in itertools.combinations(texts, 2):
            assert not overlaps(box_a, box_b, tolerance=0.3), (name, a, b)


def test_front_drawing_stays_inside_the_trim(game):
    """Only the white ground reaches into the bleed (cards abut on shared cut lines)."""
    for name, items in fronts(game):
        for item, box in leaves(items):
            if isinstance(item, Rect) and item.width > POKER.width:
                continue  # the ground, to the bleed edge
            assert inside(box, TRIM, tolerance=0.01), (name, item)


def test_qr_code_and_range_diagram_do_not_collide(game):
    for card in neighbor_cards(game, RenderOptions()):
        items = list(leaves(neighbor_front(card)))
        blocks = [b for i, b in items if isinstance(i, Blocks)]
        (qr,) = blocks
        whites = [b for i, b in items if isinstance(i, Rect) and i.fill == (1.0, 1.0, 1.0)]
        quiet = next(b for b in whites if inside(qr, b) and b != qr and b[2] - b[0] < 100)
        # the digits of the range diagram are bold Texts left of the code's quiet zone
        digits = [
            b
            for i, b in items
            if isinstance(i, Text) and i.bold and i.text.isdigit() and len(i.text) == 1
        ]
        assert digits or card.neighbor.range == ()
        for box in digits:
            if box[1] > 80:  # the diagram, not the task cube numbers
                assert box[2] < quiet[0], (card.neighbor.name, box, quiet)


def test_range_diagram_puts_each_roll_where_the_definition_says(game):
    """dx right, dy up from the house: read the digits back off the layout."""
    from sheetsmith.games.space.neighbors import range_diagram

    for neighbor in game.neighbors:
        reach = max(1, neighbor.reach)
        n = 2 * reach + 1
        items = range_diagram(neighbor, 0, 0, 74.0)
        cell = min(74.0 / n, 20.0)
        side = cell * n
        left, top = (74.0 - side) / 2, (74.0 + side) / 2
        found = {}
        for item in items:
            if isinstance(item, Text):
                col = int((item.x - left) // cell)
                row = int((top - item.y) // cell)
                found[(col - reach, reach - row)] = int(item.text)
        assert found == {(s.dx, s.dy): s.roll for s in neighbor.range}
        # the house sits in the centre cell
        roofs = [i for i in items if isinstance(i, Polygon)]
        assert len(roofs) == 1
        xs = [p[0] for p in roofs[0].points]
        assert left + reach * cell < min(xs) and max(xs) < left + (reach + 1) * cell


def test_back_is_drawn_once_and_bleeds(game):
    back = back_face(game.back_title, game.back_tagline)
    assert back is back_face(game.back_title, game.back_tagline)  # cached
    ground = back[0]
    assert isinstance(ground, Rect) and ground.corners() == POKER.bleed_rect.corners()
    texts = [i.text for i in back if isinstance(i, Text)]
    assert texts == [game.back_title, game.back_tagline]
    for item in back:
        assert inside(bounds(item), POKER.bleed_rect.corners(), tolerance=0.01)
        if isinstance(item, Text):
            assert inside(bounds(item), SAFE)
    assert any(isinstance(i, Circle) for i in back)  # the planet


def test_alignment_cards_stay_on_their_card():
    for slot in range(9):
        for draw in (alignment_front, alignment_back):
            items = draw(slot, (0.0, 0.0))
            for item, box in leaves(items):
                if isinstance(item, Line) and (
                    item.x1 in (0, POKER.width) or item.y1 in (0, POKER.height)
                ):
                    continue  # corner crosshairs: clipped to the card on the sheet
                # the trim outline's stroke straddles the trim
                slack = item.line_width / 2 + 0.01 if isinstance(item, Rect) else 0.01
                assert inside(box, TRIM, tolerance=slack), (draw.__name__, item)


def test_alignment_front_has_a_25_mm_scale_bar():
    from sheetsmith.print.primitives import MM

    bars = [
        i
        for i in alignment_front(0, (0.0, 0.0))
        if isinstance(i, Line) and i.y1 == i.y2 and abs(i.x2 - i.x1 - 25 * MM) < 1e-9
    ]
    assert len(bars) == 1
