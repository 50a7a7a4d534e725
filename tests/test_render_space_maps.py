"""Personal Space's map boards as a printer and a player see them: exact pages, every place
named, token-sized spaces with their coordinates, nothing near the paper's edge, and the
neighbors' range dice where their cards put them."""

from __future__ import annotations

import re

import pypdf
import pypdfium2 as pdfium
import pytest

from printcheck import ROOT, SIZES, assert_printable, squash
from sheetsmith.definition import load
from sheetsmith.games.space import GAME
from sheetsmith.games.space.maps import map_layout, map_page, map_pages
from sheetsmith.games.space.neighbors import range_diagram
from sheetsmith.print.bounds import inside, walk
from sheetsmith.print.paper import A4, LETTER
from sheetsmith.print.primitives import INCH, MM, Circle, Rect, Text, TextBox
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions

PAPERS = [LETTER, A4]


@pytest.fixture(scope="module")
def game():
    return load("personal-space")


@pytest.fixture(scope="module", params=["letter", "a4"])
def rendered(request, game, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"maps-{request.param}")
    (entry,) = render_game(game, out, RenderOptions(paper=request.param, components=("maps",)))
    return request.param, entry


def all_maps(game):
    return (*game.planets, *game.moons)


def test_the_component_is_listed_everywhere(game):
    assert "maps" in GAME.components
    assert "maps" in [c.name for c in game.components]


def test_a_page_per_planet_and_moon_at_exact_paper_size(rendered, game):
    paper, entry = rendered
    assert entry.path.name == "maps.pdf" and entry.count == entry.pages == len(all_maps(game))
    reader = pypdf.PdfReader(entry.path)
    assert len(reader.pages) == len(all_maps(game))
    for page in reader.pages:
        size = (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2))
        assert size == SIZES[paper]


def test_every_place_and_house_is_labelled_on_its_page(rendered, game):
    _, entry = rendered
    reader = pypdf.PdfReader(entry.path)
    for page, space_map in zip(reader.pages, all_maps(game), strict=True):
        text = squash(page.extract_text())
        assert "\u25a0" not in text and "\ufffd" not in text
        assert space_map.name in text and space_map.kind in text
        for place in space_map.places:
            assert squash(game.place(place.what).name) in text, place
        for house in space_map.houses:
            name = next(n.name for n in game.neighbors if n.id == house.what)
            assert f"{name}'s house" in text
        assert "KEY" in text and "scale check" in text
        for column in range(space_map.columns):
            assert chr(ord("A") + column) in text


def test_fonts_are_embedded(rendered):
    _, entry = rendered
    for page in pypdf.PdfReader(entry.path).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", str(font["/BaseFont"]))
            assert "/FontFile2" in font["/FontDescriptor"]


def test_pages_are_drawn(rendered):
    _, entry = rendered
    pdf = pdfium.PdfDocument(str(entry.path))
    try:
        for index in range(len(pdf)):
            image = pdf[index].render(scale=0.5).to_pil().convert("L")
            dark = sum(image.histogram()[:160])
            assert dark > 0.02 * image.width * image.height, index
    finally:
        pdf.close()


def test_two_renders_are_byte_identical(game, tmp_path):
    options = RenderOptions(paper="a4", components=("maps",))
    first = render_game(game, tmp_path / "one", options)[0].path
    second = render_game(game, tmp_path / "two", options)[0].path
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize("paper", PAPERS, ids=["letter", "a4"])
def test_nothing_near_the_edge_and_every_label_legible(game, paper):
    assert_printable(map_pages(game, paper), paper)


@pytest.mark.parametrize("paper", PAPERS, ids=["letter", "a4"])
def test_spaces_fit_a_token_and_carry_their_coordinates(game, paper):
    for space_map in all_maps(game):
        lay = map_layout(space_map, paper)
        grid = lay.grid
        assert grid.cell >= 20 * MM
        assert (grid.columns, grid.rows) == (space_map.columns, space_map.rows)
        # the legend and scale check below the grid, not under it
        assert lay.legend.top < grid.y0 and lay.scale.top < grid.y0
        items = [i for i, _ in walk(map_page(game, space_map, paper).items)]
        labels = [i for i in items if isinstance(i, Text) and i.bold and i.size == 10.0]
        letters = [chr(ord("A") + c) for c in range(space_map.columns)]
        under = sorted((t for t in labels if t.y < grid.y0 and t.text.isalpha()), key=lambda t: t.x)
        over = sorted((t for t in labels if t.y > grid.top and t.text.isalpha()), key=lambda t: t.x)
        assert [t.text for t in under] == [t.text for t in over] == letters
        left = sorted((t for t in labels if t.x < grid.x0 and t.text.isdigit()), key=lambda t: t.y)
        right = sorted(
            (t for t in labels if t.x > grid.right and t.text.isdigit()), key=lambda t: t.y
        )
        numbers = [str(r) for r in range(1, space_map.rows + 1)]  # 1 at the bottom
        assert [t.text for t in left] == [t.text for t in right] == numbers
        for k, t in enumerate(under, start=1):
            box = grid.space(space_map.things[0].at._replace(column=k))
            assert abs(t.x - (box.x + box.x1) / 2) < 0.01


@pytest.mark.parametrize("paper", PAPERS, ids=["letter", "a4"])
def test_each_place_is_drawn_inside_its_own_space(game, paper):
    for space_map in all_maps(game):
        grid = map_layout(space_map, paper).grid
        page = map_page(game, space_map, paper)
        labels = [i for i, _ in walk(page.items) if isinstance(i, TextBox) and i.bold]
        for thing in space_map.things:
            if thing.house:
                name = next(n.name for n in game.neighbors if n.id == thing.what)
                text = f"{name}'s house"
            else:
                text = game.place(thing.what).name
            box = grid.space(thing.at)
            label = next(i for i in labels if i.text == text)
            assert inside(
                (label.x, label.y, label.x + label.width, label.y + label.height), box.corners()
            )


def test_the_scale_check_is_exact(game):
    for paper, side in ((LETTER, INCH), (A4, 25 * MM)):
        page = map_page(game, game.planets[0], paper)
        rects = [i for i, _ in walk(page.items) if isinstance(i, Rect)]
        assert any(abs(r.width - side) < 1e-6 and abs(r.height - side) < 1e-6 for r in rects)


def card_rolls(neighbor) -> dict[tuple[int, int], int]:
    """The range as the neighbor card draws it: each number's offset from the house."""
    box = 74.0
    items = range_diagram(neighbor, 0.0, 0.0, box)
    reach = max(1, neighbor.reach)
    cell = min(box / (2 * reach + 1), 20.0)
    rolls = {}
    for item in items:
        if isinstance(item, Text) and item.text.isdigit():
            dx = round((item.x - box / 2) / cell)
            dy = round((item.y + 2 - box / 2) / cell)
            rolls[dx, dy] = int(item.text)
    return rolls


@pytest.mark.parametrize("paper", PAPERS, ids=["letter", "a4"])
def test_the_maps_range_dice_agree_with_the_neighbor_cards(game, paper):
    """Every die on a map sits in a range space of a neighbor of that map, showing the
    roll that neighbor's card shows for that space; every card space has its die."""
    for space_map in all_maps(game):
        grid = map_layout(space_map, paper).grid
        size = grid.cell * 0.24
        items = [i for i, _ in walk(map_page(game, space_map, paper).items)]
        dice = [i for i in items if isinstance(i, Rect) and abs(i.width - size) < 1e-6]
        pips = [i for i in items if isinstance(i, Circle)]
        found = set()
        for die in dice:
            count = sum(die.x < p.cx < die.x1 and die.y < p.cy < die.y1 for p in pips)
            column = int((die.x - grid.x0) // grid.cell) + 1
            row = int((die.y - grid.y0) // grid.cell) + 1
            found.add((column, row, count))
        expected = set()
        for house in space_map.houses:
            neighbor = next(n for n in game.neighbors if n.id == house.what)
            card = card_rolls(neighbor)
            assert card == {(s.dx, s.dy): s.roll for s in neighbor.range}
            for (dx, dy), roll in card.items():
                spot = house.at.step(dx, dy)
                assert space_map.enterable(spot), (neighbor.id, spot.name)
                expected.add((spot.column, spot.row, roll))
        assert found == expected, space_map.id


def test_the_readme_lists_the_maps_component(game):
    readme = squash((ROOT / "README.md").read_text(encoding="utf-8"))
    games_block = readme.split("$ sheetsmith games", 1)[1].split("```", 1)[0]
    for component in game.components:
        assert squash(f"{component.name} {component.description}") in games_block, component
    assert "| `maps` |" in readme
