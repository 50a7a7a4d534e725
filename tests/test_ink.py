"""`--ink`: the saver and plain looks cost much less ink than the full one, measured on the
rasterized PDFs as `render` reports it; backs keep no large fill (saver) or no art at all
(plain); saver fronts keep the colours that mean something, legibly; the full look is the
one drawn before the option existed; and the coverage figure means what it says."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheetsmith.cli import app
from sheetsmith.definition import load
from sheetsmith.games import registry
from sheetsmith.games.planet.parts import KIND_NAMES, terrain_colour
from sheetsmith.games.planet.tiles import resource_front, tile_back, tile_size
from sheetsmith.games.space.cards import CARD, back_face
from sheetsmith.print.document import DocumentInfo
from sheetsmith.print.ink import (
    LARGE_FILL,
    contrast,
    coverage,
    front_drawer,
    page_coverage,
    saver_front,
    tint,
)
from sheetsmith.print.pdf import write_pdf
from sheetsmith.print.primitives import (
    BLACK,
    WHITE,
    Blocks,
    Circle,
    Colour,
    Group,
    Item,
    Page,
    Polygon,
    Rect,
    Stamp,
    Text,
    TextBox,
)
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions

runner = CliRunner()

# Every component `--ink` changes, with its game: the decks (backs and fronts) and tiles.
INKED = [
    (game_id, name)
    for game_id, package in registry.bundled().items()
    for name in package.option_users.get("--ink", ())
]
DECKS = {  # two-sided: fronts and backs alternate, a sheet of each
    ("personal-space", "jobs"),
    ("personal-space", "neighbors"),
    ("personal-space", "actions"),
    ("personal-space", "locations"),
    ("planet-78", "tiles"),
    ("planet-78", "action-cards"),
    ("planet-78", "role-cards"),
}


def pdf_of(pages: list[Page]) -> bytes:
    handle = io.BytesIO()
    write_pdf(pages, handle, DocumentInfo("ink"))
    return handle.getvalue()


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[tuple[str, str, str], bytes]:
    """(game, component, ink) -> the PDF, for every inked component in every look."""
    out = tmp_path_factory.mktemp("ink")
    found = {}
    for game_id, name in INKED:
        for ink in ("full", "saver", "plain"):
            options = RenderOptions(components=(name,), ink=ink)
            (written,) = render_game(load(game_id), out / ink, options)
            found[(game_id, name, ink)] = written.path.read_bytes()
    return found


# -- the figure -------------------------------------------------------------------------------


def test_coverage_is_the_share_of_the_page_inked():
    w, h = 612.0, 792.0
    blank = Page(w, h, ())
    black = Page(w, h, (Rect(0, 0, w, h, stroke=None, fill=BLACK),))
    half = Page(w, h, (Rect(0, 0, w / 2, h, stroke=None, fill=BLACK),))
    assert coverage(pdf_of([blank])) == pytest.approx(0.0, abs=1e-3)
    assert coverage(pdf_of([black])) == pytest.approx(1.0, abs=0.01)
    assert coverage(pdf_of([half])) == pytest.approx(0.5, abs=0.01)
    # a file's figure is the mean over its pages
    assert coverage(pdf_of([blank, black])) == pytest.approx(0.5, abs=0.01)


def test_colour_is_weighted_by_the_ink_it_takes():
    w, h = 612.0, 792.0

    def flood(colour: Colour) -> float:
        return coverage(pdf_of([Page(w, h, (Rect(0, 0, w, h, stroke=None, fill=colour),))]))

    # (C + M + Y) / 3 with C = 1 - R: pure yellow is one ink of three, navy nearly all
    assert flood((1.0, 1.0, 0.0)) == pytest.approx(1 / 3, abs=0.01)
    assert flood((0.09, 0.11, 0.27)) == pytest.approx(0.843, abs=0.01)
    assert flood((0.5, 0.5, 0.5)) == pytest.approx(0.5, abs=0.01)


def test_page_coverage_gives_each_page():
    w, h = 612.0, 792.0
    pages = [Page(w, h, ()), Page(w, h, (Rect(0, 0, w, h, stroke=None, fill=BLACK),))]
    (a, area_a), (b, area_b) = page_coverage(pdf_of(pages))
    assert a < 0.001 and b > 0.99 and area_a == area_b > 0


# -- saver and plain against full ----------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "name"), INKED)
def test_saver_and_plain_use_much_less_ink(rendered, game_id, name):
    full = coverage(rendered[(game_id, name, "full")])
    saver = coverage(rendered[(game_id, name, "saver")])
    plain = coverage(rendered[(game_id, name, "plain")])
    assert saver <= 0.6 * full, (full, saver)
    assert plain <= saver + 0.002, (saver, plain)  # the looks are a ladder
    if (game_id, name) in DECKS:
        assert saver <= 0.25 * full and plain <= 0.2 * full, (full, saver, plain)


@pytest.mark.parametrize(("game_id", "name"), sorted(DECKS))
def test_backs_cost_almost_nothing_but_in_the_full_look(rendered, game_id, name):
    """Each sheet of fronts is followed by its backs; the full backs are a night sky (a
    last sheet holds fewer cards, so less of it)."""
    for ink, low, high in (("full", 0.08, 1.0), ("saver", 0.0, 0.06), ("plain", 0.0, 0.01)):
        backs = [c for c, _ in page_coverage(rendered[(game_id, name, ink)])[1::2]]
        assert backs and all(low <= c <= high for c in backs), (ink, backs)
        if ink == "full":
            assert max(backs) > 0.2, backs


def test_components_not_listed_for_ink_do_not_change(tmp_path):
    """The option table (`option_users`) is the truth: what --ink does not list it leaves."""
    for game_id, package in registry.bundled().items():
        users = package.option_users.get("--ink", ())
        for name in package.components:
            if name in users:
                continue
            digests = set()
            for ink in ("full", "plain"):
                options = RenderOptions(components=(name,), ink=ink)
                (written,) = render_game(load(game_id), tmp_path / ink, options)
                digests.add(written.path.read_bytes())
            assert len(digests) == 1, (game_id, name)


# -- the backs ---------------------------------------------------------------------------------


def leaves(items: tuple[Item, ...]) -> list[Item]:
    out: list[Item] = []
    for item in items:
        if isinstance(item, (Group, Stamp)):
            out += leaves(item.items)
        else:
            out.append(item)
    return out


def area(item: Item) -> float:
    if isinstance(item, Rect):
        return item.width * item.height
    if isinstance(item, Circle):
        return math.pi * item.r**2
    if isinstance(item, Polygon):
        p = item.points
        return (
            abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(p, p[1:] + p[:1], strict=True))) / 2
        )
    if isinstance(item, Blocks):
        return sum(w * h for _, _, w, h in item.rects())
    return 0.0


def inked_fills(items: tuple[Item, ...]) -> list[Item]:
    return [
        item
        for item in leaves(items)
        if getattr(item, "fill", None) not in (None, WHITE)
        and not (isinstance(item, Polygon) and not item.closed)
    ]


def every_back() -> dict[str, dict[str, tuple[Item, ...]]]:
    """Each back drawing sheetsmith has, by look."""
    space, planet = load("personal-space"), load("planet-78")
    from sheetsmith.games.planet.cards import _back
    from sheetsmith.games.space.jobs import job_back

    looks = {}
    for ink in ("full", "saver", "plain"):
        looks[ink] = {
            "poker card": back_face(space.back_title, space.back_tagline, CARD, ink),
            "job postcard": (job_back(space, ink),),
            "tile": tile_back(planet, tile_size(planet), ink),
            **{f"{kind} card": _back(planet, kind, ink) for kind in KIND_NAMES},
        }
    return looks


def test_saver_backs_are_line_art_without_large_fills():
    for what, items in every_back()["saver"].items():
        big = [item for item in inked_fills(items) if area(item) > 20.0]
        assert not big, (what, big[:3])
        drawn = [i for i in leaves(items) if not isinstance(i, (Text, TextBox))]
        assert len(drawn) > 10, what  # the planet, its ring and moon, the stars: still a picture


def test_saver_backs_keep_the_full_backs_title_and_place():
    for (what, full), saver in zip(
        every_back()["full"].items(), every_back()["saver"].values(), strict=True
    ):
        texts = [(t.text, round(t.x), round(t.y)) for t in leaves(full) if isinstance(t, Text)]
        again = [(t.text, round(t.x), round(t.y)) for t in leaves(saver) if isinstance(t, Text)]
        assert texts == again, what


def test_plain_backs_carry_nothing_but_the_decks_name():
    for what, items in every_back()["plain"].items():
        drawn = leaves(items)
        assert drawn and all(isinstance(i, Text) for i in drawn), what
        assert all(i.size >= 6 for i in drawn), what
        assert any("Planet 78" in i.text or "Personal Space" in i.text for i in drawn), what
    # Planet 78's action cards still tell their three piles apart face down
    backs = every_back()["plain"]
    for kind, name in KIND_NAMES.items():
        assert name in [i.text for i in leaves(backs[f"{kind} card"])]


def test_the_full_look_is_the_one_drawn_before_the_option():
    """`front_drawer` hands the full look its own drawing, and a back asked for nothing
    is the full back (scripts/fingerprint.py shows the files themselves unchanged)."""

    def draw(x: int) -> list[Item]:
        return [Rect(0, 0, 10, 10, fill=BLACK)]

    assert front_drawer(draw, "full") is draw
    space = load("personal-space")
    assert back_face(space.back_title, space.back_tagline) == back_face(
        space.back_title, space.back_tagline, CARD, "full"
    )


# -- saver fronts ------------------------------------------------------------------------------


def test_saver_tiles_keep_their_terrain_colour_as_a_tint():
    game = load("planet-78")
    size = tile_size(game)
    grounds = {}
    for terrain in game.terrains:
        saver = saver_front(resource_front(game, terrain.id, size))
        fills = [i for i in inked_fills(saver) if area(i) >= LARGE_FILL]
        assert fills, terrain.id
        ground = fills[0].fill
        assert ground == tint(terrain_colour(terrain.id))
        grounds[terrain.id] = ground
        # the terrain's own colour stays on the tile, as the frame line inside the trim
        strokes = [getattr(i, "stroke", None) for i in leaves(saver)]
        assert terrain_colour(terrain.id) in strokes, terrain.id
    assert len(set(grounds.values())) == len(grounds)  # still five terrains at a glance


def _holds(item: Item, x: float, y: float) -> bool:
    if isinstance(item, Rect):
        return item.x <= x <= item.x1 and item.y <= y <= item.y1
    if isinstance(item, Circle):
        return math.hypot(x - item.cx, y - item.cy) <= item.r
    return False


def text_backgrounds(items: tuple[Item, ...]) -> list[tuple[Text | TextBox, Colour]]:
    """Each text of a card drawing (no groups inside) and the fill it stands on: the last
    rectangle or circle drawn before it under the centre of its box, or white paper."""
    from sheetsmith.print.fonts import text_width

    found = []
    drawn: list[Item] = []
    for item in leaves(items):
        if isinstance(item, (Text, TextBox)):
            if isinstance(item, TextBox):
                x, y = item.x + item.width / 2, item.y + item.height / 2
            else:
                width = text_width(item.text, item.size, item.bold)
                shift = {"start": 0.5, "middle": 0.0, "end": -0.5}[item.anchor]
                x, y = item.x + shift * width, item.y + 0.36 * item.size
            under = [d for d in drawn if getattr(d, "fill", None) and _holds(d, x, y)]
            found.append((item, under[-1].fill if under else WHITE))
        else:
            drawn.append(item)
    return found


@pytest.mark.parametrize(("game_id", "name"), INKED)
def test_saver_fronts_have_no_flood_and_text_stays_legible(game_id, name, tmp_path):
    """Rendered as the backend would get them, every large fill on a saver front is light,
    and text the tinting moved onto a lighter ground keeps 4.5:1 contrast."""
    from unittest import mock

    captured: list[Page] = []

    def capture(pages, handle, info, on_page=None):
        captured.extend(pages)
        handle.write(b"%PDF-1.4\n%%EOF\n")

    with mock.patch("sheetsmith.print.pdf.write_pdf", capture):
        render_game(load(game_id), tmp_path, RenderOptions(components=(name,)))
    full_pages = list(captured)
    captured.clear()
    with mock.patch("sheetsmith.print.pdf.write_pdf", capture):
        options = RenderOptions(components=(name,), ink="saver")
        render_game(load(game_id), tmp_path, options)
    assert len(captured) == len(full_pages)
    moved = 0
    for page, before in zip(captured, full_pages, strict=True):
        cards = [i for i in page.items if isinstance(i, Group)]
        cards_before = [i for i in before.items if isinstance(i, Group)]
        for card, card_before in zip(cards, cards_before, strict=True):
            for item in inked_fills(card.items):
                if area(item) >= LARGE_FILL and not isinstance(item, Blocks):  # QR: meaning
                    assert sum(item.fill) / 3 >= 0.7, (name, item)
            pairs = zip(
                text_backgrounds(card.items), text_backgrounds(card_before.items), strict=True
            )
            for (text, ground), (_, ground_before) in pairs:
                if ground != ground_before and text.text.strip():
                    assert contrast(text.colour, ground) >= 4.5, (name, text, ground)
                    moved += 1
    assert moved, name  # every inked front has a flood the saver look lightens


# -- what render reports ------------------------------------------------------------------------


def test_render_reports_each_files_ink(tmp_path):
    shown = {}
    for ink in ("full", "saver"):
        args = ["render", "planet-78", "--component", "tiles", "--ink", ink]
        result = runner.invoke(app, [*args, "--out", str(tmp_path / ink), "--json"])
        assert result.exit_code == 0, result.output
        (entry,) = json.loads(result.stdout)["files"]
        assert set(entry) == {"game", "component", "count", "pages", "file", "ink"}
        assert entry["ink"] == round(coverage(Path(entry["file"]).read_bytes()), 3)
        shown[ink] = entry["ink"]
    assert 0 < shown["saver"] < shown["full"] / 3 < 1
    table = runner.invoke(
        app, ["render", "planet-78", "--component", "tiles", "--out", str(tmp_path / "t")]
    )
    assert table.exit_code == 0
    header, _, row = table.stdout.splitlines()[:3]
    assert header.split() == ["game", "component", "count", "pages", "ink", "file"]
    assert f"{shown['full']:.1%}"[:-2] in row  # the same figure, as a percentage


def test_quiet_render_skips_the_measurement(tmp_path, monkeypatch):
    import sheetsmith.print.ink as ink

    def boom(*args: object, **kwargs: object) -> float:
        raise AssertionError("measured although nothing is shown")

    monkeypatch.setattr(ink, "coverage", boom)
    args = ["render", "my-corner-of-the-sky", "-q", "--out", str(tmp_path)]
    assert runner.invoke(app, args).exit_code == 0
