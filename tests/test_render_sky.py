"""My Corner of the Sky's printed pages: the PDF as a printer and a player would see it,
and the layout data the pages are drawn from."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from sheetsmith.definition import load
from sheetsmith.errors import OptionError
from sheetsmith.games.sky.game_page import game_page_layout
from sheetsmith.games.sky.notes import notes_column
from sheetsmith.games.sky.pages import game_pages
from sheetsmith.games.sky.star_map import map_grid, star_map
from sheetsmith.games.sky.tables import side_column
from sheetsmith.games.sky.upgrades_page import MIN_BOX, die_labels
from sheetsmith.games.sky.wheel import schedule_wheel, setup_note
from sheetsmith.print.bounds import Box, inside, overlaps, walk
from sheetsmith.print.paper import A4, LETTER, Paper
from sheetsmith.print.primitives import (
    INCH,
    Blocks,
    Circle,
    Item,
    Page,
    Polygon,
    Rect,
    Text,
    TextBox,
)
from sheetsmith.print.registration import registration
from sheetsmith.print.render import render_game
from sheetsmith.print.text import fit
from sheetsmith.render_options import RenderOptions

GAME_ID = "my-corner-of-the-sky"
PAPERS = {"letter": LETTER, "a4": A4}
SIZES = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
MARGIN = 0.4 * INCH


@pytest.fixture(scope="module")
def game():
    return load(GAME_ID)


@pytest.fixture(scope="module", params=["letter", "a4"])
def rendered(request, game, tmp_path_factory) -> tuple[str, Path]:
    out = tmp_path_factory.mktemp(f"sky-{request.param}")
    files = render_game(game, out, RenderOptions(paper=request.param))
    return request.param, files[0].path


@pytest.fixture(scope="module", params=["letter", "a4"])
def pages(request, game) -> tuple[Paper, list[Page]]:
    paper = PAPERS[request.param]
    return paper, game_pages(game, paper)


# -- the PDF ------------------------------------------------------------------------------


def test_render_game_writes_one_file_per_component(game, tmp_path):
    files = render_game(game, tmp_path, RenderOptions())
    assert [f.component for f in files] == ["game-pages", "guide"]  # the guide: test_guide.py
    entry = files[0]
    assert entry.path == tmp_path / GAME_ID / "game-pages.pdf"
    assert entry.path.is_file()
    assert (entry.game, entry.component, entry.count, entry.pages) == (
        GAME_ID,
        "game-pages",
        2,
        2,
    )


def test_named_component_renders_only_that(game, tmp_path):
    files = render_game(game, tmp_path, RenderOptions(components=("game-pages",)))
    assert [f.component for f in files] == ["game-pages"]


def test_unknown_component_lists_the_valid_ones(game, tmp_path):
    with pytest.raises(OptionError, match="valid components: game-pages") as caught:
        render_game(game, tmp_path, RenderOptions(components=("tiles",)))
    assert "'tiles'" in str(caught.value)
    assert not (tmp_path / GAME_ID).exists()


def test_unknown_paper_is_an_option_error(game, tmp_path):
    with pytest.raises(OptionError, match="letter, a4"):
        render_game(game, tmp_path, RenderOptions(paper="legal"))


def test_page_size_is_exact(rendered):
    paper, path = rendered
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 2
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width, 2), round(height, 2)) == SIZES[paper]


def test_fonts_are_bundled_dejavu_subsets(rendered):
    _, path = rendered
    reader = pypdf.PdfReader(path)
    seen = set()
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        assert fonts, "a page without fonts"
        for ref in fonts.values():
            font = ref.get_object()
            base = str(font["/BaseFont"])
            seen.add(base.split("+")[-1])
            assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", base), base
            assert "/FontFile2" in font["/FontDescriptor"], f"{base} is not embedded"
    assert seen == {"DejaVuSans", "DejaVuSans-Bold"}
    assert b"Helvetica" not in path.read_bytes()


def test_text_has_every_name_and_no_missing_glyphs(rendered, game):
    _, path = rendered
    reader = pypdf.PdfReader(path)
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "\u25a0" not in text
    assert "\ufffd" not in text
    names = [u.name for u in game.upgrades]
    names += [day.capitalize() for day in game.schedule.days]
    names += [rank.name for rank in game.ranks]
    names += ["STAR MAP", "SCHEDULE", "ARTICLES", "SCORE", "TURN", "RANKS", "ABILITIES"]
    names += ["SUPPORTERS", "TOTAL", "50+", "held from the start"]
    missing = [name for name in names if name not in text]
    assert not missing
    # the symbols the turn summary and effects print as text
    for symbol in "◇☆□△":
        assert symbol in text


def test_pages_are_not_blank(rendered):
    _, path = rendered
    pdf = pdfium.PdfDocument(str(path))
    try:
        for index in range(len(pdf)):
            image = pdf[index].render(scale=1).to_pil().convert("L")
            histogram = image.histogram()
            dark = sum(histogram[:128])
            assert dark > 0.03 * image.width * image.height, f"page {index + 1} is nearly blank"
    finally:
        pdf.close()


def test_metadata_is_set(rendered):
    _, path = rendered
    meta = pypdf.PdfReader(path).metadata
    assert meta.title == "My Corner of the Sky: game pages"
    assert meta.author == "Dave Mansell"
    assert meta.creator == "sheetsmith"


def test_two_renders_are_byte_identical(game, tmp_path):
    first = render_game(game, tmp_path / "one", RenderOptions(paper="a4"))[0].path
    second = render_game(game, tmp_path / "two", RenderOptions(paper="a4"))[0].path
    assert first.read_bytes() == second.read_bytes()


# -- layout data --------------------------------------------------------------------------


def leaves(items: tuple[Item, ...] | list[Item]) -> list[tuple[Item, Box]]:
    return list(walk(items))


def registration_items(page: Page, paper: Paper) -> tuple[Item, ...]:
    """The markers and page code, drawn last on a readable page (their place and content
    are tests/test_readable_pages.py's)."""
    items = page.items[-len(registration(paper, "x").items) :]
    assert all(isinstance(i, Rect | Blocks) for i in items)
    return items


def test_everything_stays_inside_the_margins(pages):
    """The margins hold nothing but the registration markers (6 mm in, as every printed
    page keeps: tests/test_readable_pages.py)."""
    paper, sky_pages = pages
    area = (MARGIN, MARGIN, paper.width - MARGIN, paper.height - MARGIN)
    for number, page in enumerate(sky_pages, start=1):
        assert (page.width, page.height) == (paper.width, paper.height)
        marked = set(registration_items(page, paper))
        outside = [
            item for item, box in leaves(page.items) if not inside(box, area) and item not in marked
        ]
        assert not outside, f"page {number}: {outside[:3]}"


def test_every_text_box_fits_at_a_legible_size(pages):
    _, sky_pages = pages
    for page in sky_pages:
        for item, _ in leaves(page.items):
            if isinstance(item, TextBox):
                fitted = fit(item)
                assert fitted.fits, item.text
                assert fitted.size >= 7.0, item.text


def test_page_one_blocks_stay_in_their_frames(game, pages):
    paper, _ = pages
    lay = game_page_layout(game, paper)
    blocks = {
        "star map": (lay.star_map, star_map(game, lay.star_map, lay.spacing)),
        "side": (lay.side, side_column(game, lay.side)),
        "wheel": (lay.wheel, schedule_wheel(game, lay.wheel)),
        "setup": (lay.setup, setup_note(game, lay.setup)),
        "notes": (lay.notes, notes_column(game, lay.notes, paper)),
    }
    frames = {}
    for name, (frame, items) in blocks.items():
        box = (frame.x, frame.y, frame.right, frame.top)
        frames[name] = box
        stray = [item for item, b in leaves(items) if not inside(b, box, tolerance=0.01)]
        assert not stray, f"{name}: {stray[:3]}"
    names = list(frames)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not overlaps(frames[a], frames[b]), (a, b)


def map_items(game, paper: Paper) -> tuple[list[Item], object]:
    lay = game_page_layout(game, paper)
    return star_map(game, lay.star_map, lay.spacing), map_grid(game, lay.star_map, lay.spacing)


def nearest_point(grid, x: float, y: float) -> tuple[int, int]:
    gx = (x - grid.x0) / grid.spacing
    gy = (y - grid.y0) / grid.spacing
    assert abs(gx - round(gx)) < 0.1 and abs(gy - round(gy)) < 0.1, (gx, gy)
    return round(gx), round(gy)


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_star_map_has_121_points_major_ones_larger(game, paper):
    items, grid = map_items(game, paper)
    circles = [i for i in items if isinstance(i, Circle)]
    stars = [i for i in items if isinstance(i, Polygon) and len(i.points) == 10]
    assert len(circles) + len(stars) == 121
    where = Counter(nearest_point(grid, c.cx, c.cy) for c in circles)
    assert len(where) == len(circles)  # one point per position
    major = [c.r for c in circles if nearest_point(grid, c.cx, c.cy) in MAJOR]
    minor = [c.r for c in circles if nearest_point(grid, c.cx, c.cy) not in MAJOR]
    assert len(major) == 36 and len(minor) == 121 - 36 - 10
    assert min(major) >= 1.5 * max(minor)
    # the page itself carries these very items
    page = game_pages(game, paper)[0]
    assert set(items) <= set(page.items)


MAJOR = {(x, y) for x in range(0, 11, 2) for y in range(0, 11, 2)}


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_star_points_are_star_outlines_where_the_model_puts_them(game, paper):
    items, grid = map_items(game, paper)
    stars = [i for i in items if isinstance(i, Polygon) and len(i.points) == 10]
    assert len(stars) == 10
    found = set()
    for star in stars:
        assert star.fill is not None or star.stroke is not None
        cx = sum(p[0] for p in star.points) / 10
        cy = sum(p[1] for p in star.points) / 10
        radii = [math.dist((cx, cy), p) for p in star.points]
        # five tips alternating with five valleys: a five-pointed star
        assert all(radii[i] > 1.5 * radii[i + 1] for i in range(0, 10, 2))
        found.add(nearest_point(grid, cx, cy))
    assert found == set(game.star_map.stars)
    # no text glyph stands in for a star on the map
    assert not [i for i in items if isinstance(i, Text) and "☆" in i.text]


def test_coordinates_run_1_to_6_with_6_on_the_top_row(game):
    items, grid = map_items(game, LETTER)
    labels = [i for i in items if isinstance(i, Text) and i.text.isdigit()]
    left = sorted((t for t in labels if t.x < grid.x0), key=lambda t: -t.y)
    bottom = sorted((t for t in labels if t.y < grid.y0 - grid.spacing / 4), key=lambda t: t.x)
    assert [t.text for t in left] == ["6", "5", "4", "3", "2", "1"]
    assert [t.text for t in bottom] == ["1", "2", "3", "4", "5", "6"]
    for k, t in enumerate(bottom):
        assert abs(t.x - grid.point(2 * k, 0)[0]) < 0.01
    top_y = grid.point(0, 10)[1]
    assert abs(left[0].y + 3.6 - top_y) < 2.5  # the label "6" sits level with the top row


def test_schedule_wheel_runs_clockwise_from_sunday(game):
    lay = game_page_layout(game, LETTER)
    items = schedule_wheel(game, lay.wheel)
    days = [d.capitalize() for d in game.schedule.days]
    names = {i.text: i for i in items if isinstance(i, Text) and i.text in days}
    assert list(names) == days
    hub = max(
        (i for i in items if isinstance(i, Circle) and i.stroke and not i.dash), key=lambda c: c.r
    )
    angles = [math.degrees(math.atan2(names[d].y - hub.cy, names[d].x - hub.cx)) for d in days]
    assert abs(angles[0] - 90) < 10  # Sunday on top
    steps = [(a - b) % 360 for a, b in itertools.pairwise(angles)]
    assert all(40 < s < 63 for s in steps)  # each next day a seventh of a turn clockwise
    # per day: ◇1 ◇2 ◇3 as numbered diamonds, ☆ as a star outline, two △
    diamonds = [i for i in items if isinstance(i, Polygon) and len(i.points) == 4]
    star_boxes = [i for i in items if isinstance(i, Polygon) and len(i.points) == 10]
    triangles = [i for i in items if isinstance(i, Polygon) and len(i.points) == 3 and i.stroke]
    assert len(diamonds) == 7 * 3 and len(star_boxes) == 7
    assert len(triangles) == 7 * game.schedule.researcher_marks
    numbers = Counter(i.text for i in items if isinstance(i, Text) and i.text.isdigit())
    assert numbers == {"1": 7, "2": 7, "3": 7}
    spots = [i for i in items if isinstance(i, Circle) and i.dash]
    assert len(spots) == 7 and min(2 * s.r for s in spots) >= 14 * 72 / 25.4


def test_articles_draw_each_cost_box_by_kind(game):
    lay = game_page_layout(game, LETTER)
    items = side_column(game, lay.side)
    shapes = Counter()
    for item in items:
        if isinstance(item, Polygon):
            shapes[{4: "◇", 10: "☆"}.get(len(item.points), "?")] += 1
        elif isinstance(item, Rect) and abs(item.width - item.height) < 0.01:
            shapes["□"] += 1
    expected = Counter()
    for article in game.articles:
        for box in article.cost:
            expected[str(box)[0]] += 1
    assert shapes == expected
    rewards = [i.text for i in items if isinstance(i, Text) and i.bold]
    for article in game.articles:
        assert str(article.reward) in rewards


def test_upgrade_panels(game, pages):
    paper, (_, page) = pages
    marked = set(registration_items(page, paper))
    items = [item for item, _ in leaves(page.items) if item not in marked]
    texts = [i for i in items if isinstance(i, Text)]
    assert sum(t.text == "held from the start" for t in texts) == 2
    slots = [i for i in items if isinstance(i, Rect) and i.dash]
    assert len(slots) == sum(u.dice for u in game.upgrades)
    assert all(s.width >= 40 for s in slots)
    triangles = [i for i in items if isinstance(i, Polygon) and len(i.points) == 3]
    assert len(triangles) == sum(1 for u in game.upgrades if "△" in u.marks)
    squares = [i for i in items if isinstance(i, Rect) and not i.dash and i.width < 30]
    # cost squares are at least 14 pt (0.19 in, 4.9 mm): big enough to fill with a pencil
    # (the registration markers' bands took some of the page's height)
    assert squares and min(s.width for s in squares) >= MIN_BOX
    drawn_boxes = sum(1 for i in items if isinstance(i, Polygon) and len(i.points) in (4, 10))
    drawn_boxes += len(squares)
    assert drawn_boxes == sum(len(u.cost) for u in game.upgrades)
    # in every panel the cost boxes (or the start label) sit above the name, the name
    # above the effect, the effect above the dice slots
    panels = [(i, b) for i, b in leaves(page.items) if isinstance(i, Rect) and i.radius == 5]
    assert len(panels) == len(game.upgrades)
    by_name = Counter(u.name for u in game.upgrades)
    for panel, area in panels:
        content = [(i, b) for i, b in leaves(page.items) if i is not panel and inside(b, area)]
        (name, name_box) = next(
            (i, b) for i, b in content if isinstance(i, Text) and i.text in by_name and i.bold
        )
        costs = [b for i, b in content if isinstance(i, Rect) and not i.dash]
        costs += [b for i, b in content if isinstance(i, Polygon) and len(i.points) != 3]
        costs += [b for i, b in content if isinstance(i, Text) and i.text.startswith("held")]
        assert costs and all(b[1] > name_box[3] for b in costs), name.text
        effect = next(b for i, b in content if isinstance(i, TextBox))
        assert effect[3] < name_box[1]
        for slot in (b for i, b in content if isinstance(i, Rect) and i.dash):
            assert slot[3] < effect[1]


def test_die_labels_follow_the_effect_text(game):
    by_id = {u.id: u for u in game.upgrades}
    assert die_labels(by_id["positioning-i"]) == ("A", "B")
    assert die_labels(by_id["plotting-iii"]) == ("E",)
    assert die_labels(by_id["plotting-iv"]) == ("", "")
    assert die_labels(by_id["mentor"]) == ()
