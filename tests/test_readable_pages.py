"""Pages read from photos (issue 15): registration markers and page codes on every page
players write on, the readable marks as data from the layout that draws them, the typed
sheet built from readings, and `render --filled`."""

from __future__ import annotations

import tomllib
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from printcheck import EDGE, assert_printable
from sheetsmith.check import check_text
from sheetsmith.definition import load
from sheetsmith.games.interface import resolve
from sheetsmith.games.registry import find
from sheetsmith.games.sky.filled import PENCIL, filled_keys, read_filled
from sheetsmith.games.sky.pages import game_pages
from sheetsmith.games.space.daily import daily_page
from sheetsmith.games.space.sheet import INKED
from sheetsmith.photo.marks import CORNERS, Reading, parse_payload
from sheetsmith.print.bounds import inside, walk
from sheetsmith.print.paper import A4, LETTER
from sheetsmith.print.primitives import MM, Text
from sheetsmith.print.registration import registration
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions

ROOT = Path(__file__).parents[1]
SKY, SPACE = "my-corner-of-the-sky", "personal-space"
PAPERS = {"letter": LETTER, "a4": A4}
DPI = 200


@pytest.fixture(scope="module")
def games():
    return {SKY: load(SKY), SPACE: load(SPACE)}


def facet(game_id: str, name: str):
    package = find(game_id)
    assert package is not None
    return resolve(getattr(package, name))


def drawn_pages(games, game_id: str, paper_name: str):
    paper = PAPERS[paper_name]
    if game_id == SKY:
        return game_pages(games[SKY], paper)
    return [daily_page(games[SPACE], paper)]


def rendered_pdf(games, game_id: str, paper_name: str, tmp: Path) -> Path:
    component = "game-pages" if game_id == SKY else "daily-sheet"
    files = render_game(
        games[game_id], tmp, RenderOptions(paper=paper_name, components=(component,))
    )
    return files[0].path


def raster(pdf: Path) -> list[np.ndarray]:
    doc = pdfium.PdfDocument(pdf)
    images = [np.asarray(page.render(scale=DPI / 72).to_pil().convert("L")) for page in doc]
    doc.close()
    return images


# -- the pages ------------------------------------------------------------------------------


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
@pytest.mark.parametrize("game_id", [SKY, SPACE])
def test_readable_pages_stay_printable(games, game_id, paper_name):
    pages = drawn_pages(games, game_id, paper_name)
    paper = PAPERS[paper_name]
    if game_id == SPACE:
        assert_printable(pages, paper)  # markers and code 6 mm in, text >= 6 pt
    else:  # the digits in the sky's cost symbols are exempt from 6 pt (tests/test_legible.py)
        area = (EDGE, EDGE, paper.width - EDGE, paper.height - EDGE)
        for page in pages:
            assert all(inside(box, area) for _, box in walk(page.items))
    layouts = facet(game_id, "readable")(games[game_id], paper_name)
    assert len(layouts) == len(pages)
    for page, layout in zip(pages, layouts, strict=True):
        reg = registration(PAPERS[paper_name], layout.payload)
        # drawn last, exactly as the readable page says they lie
        assert page.items[-len(reg.items) :] == reg.items
        assert layout.markers == reg.markers and layout.code == reg.code
        for marker in layout.markers:
            assert 7.5 * MM <= marker.width <= 10 * MM
        assert 14 * MM <= layout.code.width <= 16 * MM
        # nothing of the page's own drawing comes near a marker or the code
        keep_clear = [*layout.markers, layout.code]
        for item, (x0, y0, x1, y1) in walk(page.items[: -len(reg.items)]):
            for r in keep_clear:
                apart = x1 <= r.x - MM or x0 >= r.x1 + MM or y1 <= r.y - MM or y0 >= r.y1 + MM
                assert apart, (item, r)


def test_payloads_name_game_page_paper_and_version(games):
    sky = facet(SKY, "readable")(games[SKY], "a4")
    assert [p.payload for p in sky] == [
        f"sheetsmith:{SKY}/game-page/a4/1.3",
        f"sheetsmith:{SKY}/upgrades/a4/1.3",
    ]
    (space,) = facet(SPACE, "readable")(games[SPACE], "letter")
    game, page, paper, version = parse_payload(space.payload) or ("", "", "", "")
    assert (game, page, paper) == (SPACE, "daily-sheet", "letter")
    assert len(version) == 8  # no [game] version: a hash of the definition, stable across runs
    assert version == facet(SPACE, "readable")(load(SPACE), "letter")[0].version


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
@pytest.mark.parametrize("game_id", [SKY, SPACE])
def test_page_code_decodes_and_markers_are_found_in_their_corners(
    games, game_id, paper_name, tmp_path
):
    layouts = facet(game_id, "readable")(games[game_id], paper_name)
    images = raster(rendered_pdf(games, game_id, paper_name, tmp_path))
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), cv2.aruco.DetectorParameters()
    )
    for image, layout in zip(images, layouts, strict=True):
        codes = [b.text for b in zxingcpp.read_barcodes(image)]
        assert codes == [layout.payload]
        corners, ids, _ = detector.detectMarkers(image)
        assert ids is not None and sorted(ids.flatten().tolist()) == [0, 1, 2, 3]
        scale = DPI / 72
        for found, marker_id in zip(corners, ids.flatten(), strict=True):
            cx, cy = found[0].mean(axis=0)
            rect = layout.markers[marker_id]
            ex, ey = rect.centre
            # pixels count down from the top; points up from the bottom
            assert abs(cx - ex * scale) < 3 and abs(cy - (layout.height - ey) * scale) < 3
            corner = CORNERS[marker_id]
            assert ("left" in corner) == (ex < layout.width / 2)
            assert ("top" in corner) == (ey > layout.height / 2)


# -- the marks ------------------------------------------------------------------------------


def test_mark_counts_and_keys(games):
    page1, page2 = facet(SKY, "readable")(games[SKY], "letter")
    sky = games[SKY]
    kinds = lambda page, kind: [m for m in page.marks if m.kind == kind]  # noqa: E731
    assert len(kinds(page1, "point")) == sky.star_map.size**2 == 121
    article_boxes = sum(len(a.cost) for a in sky.articles)
    schedule_boxes = len(sky.schedule.days) * len(sky.schedule.boxes)
    assert len(kinds(page1, "box")) == article_boxes + schedule_boxes
    assert len(kinds(page1, "circle")) == 3 * len(sky.articles)
    assert len(page2.marks) == sum(len(u.cost) for u in sky.upgrades)
    for page in (page1, page2):
        assert len({m.key for m in page.marks}) == len(page.marks)
    (daily,) = facet(SPACE, "readable")(games[SPACE], "a4")
    keys = [m.key for m in daily.marks]
    assert len(keys) == len(set(keys)) == 7 + 7 + 7 + 6 + 36
    assert "day:sunday" in keys and "mood:1" in keys and "grid:6,6" in keys
    assert sum(m.kind == "square" for m in daily.marks) == 36


def test_every_mark_is_named_as_a_player_finds_it(games):
    """Labels count from 1, as the typed sheet and the printed page do: the list of
    uncertain marks a player works through names no key counted from 0."""
    page1, page2 = facet(SKY, "readable")(games[SKY], "letter")
    (daily,) = facet(SPACE, "readable")(games[SPACE], "letter")
    names = {m.key: m.name for page in (page1, page2, daily) for m in page.marks}
    assert all(m.label for page in (page1, page2, daily) for m in page.marks)
    assert names["schedule.monday:0"] == "monday box 1"
    assert names["articles.week-2:2"] == "week-2 box 3"
    assert names["articles.week-1.reward:number"] == "week-1 reward 8"
    assert names["articles.week-1.reward:major"] == "week-1 reward major point"
    assert names["abilities.plotting-ii:1"] == "plotting-ii box 2"
    # by the printed coordinates (1 at the bottom left, on the major points); a minor
    # point lies halfway between two
    assert names["star:0,0"] == "star map (1, 1)"
    assert names["star:10,10"] == "star map (6, 6)"
    assert names["star:2,10"] == "star map (2, 6)"
    assert names["star:3,8"] == "star map (2½, 5)"
    assert names["grid:1,6"] == "grid square (1,6)"
    assert names["speed:3"] == "speed 3"
    assert names["day:tuesday"] == "day Tuesday"


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
@pytest.mark.parametrize("game_id", [SKY, SPACE])
def test_every_mark_lies_on_its_drawn_element(games, game_id, paper_name):
    pages = drawn_pages(games, game_id, paper_name)
    layouts = facet(game_id, "readable")(games[game_id], paper_name)
    for page, layout in zip(pages, layouts, strict=True):
        shapes = [(i, b) for i, b in walk(page.items) if not isinstance(i, Text)]
        texts = [b for i, b in walk(page.items) if isinstance(i, Text)]
        for mark in layout.marks:
            box = mark.box
            cx, cy = box.centre
            if mark.kind == "circle" and mark.key.endswith("reward:number"):
                # the printed reward number to circle
                assert any(x0 <= cx <= x1 and y0 - 1 <= cy <= y1 + 1 for x0, y0, x1, y1 in texts)
                continue
            # a drawn outline centred on the mark (within a point) and inside its box
            near = [
                i
                for i, (x0, y0, x1, y1) in shapes
                if abs((x0 + x1) / 2 - cx) < 1.0
                and abs((y0 + y1) / 2 - cy) < 1.5
                and x0 >= box.x - 1.5
                and x1 <= box.x1 + 1.5
                and y0 >= box.y - 1.5
                and y1 <= box.y1 + 1.5
                and (x1 - x0) >= 0.6 * box.width
            ]
            assert near, mark


# -- from_marks -----------------------------------------------------------------------------


def readings_of(layouts, filled: set[str], confidence: float = 0.99):
    return {p.page: {m.key: Reading(m.key in filled, confidence) for m in p.marks} for p in layouts}


def test_sky_sheet_of_a_blank_page_is_valid(games):
    layouts = facet(SKY, "readable")(games[SKY], "letter")
    text = facet(SKY, "from_marks")(games[SKY], readings_of(layouts, set()))
    report = check_text(text.encode())
    assert report.exit_code == 0
    assert "uncertain" not in text.split("\n", 4)[-1].replace("marked uncertain", "")


def test_sky_uncertain_marks_are_flagged_beside_their_value(games):
    layouts = facet(SKY, "readable")(games[SKY], "a4")
    readings = readings_of(layouts, {"star:3,4", "articles.week-1:0"})
    readings["game-page"]["star:3,4"] = Reading(True, 0.62)
    readings["upgrades"]["supporters.mentor:1"] = Reading(False, 0.55)
    text = facet(SKY, "from_marks")(games[SKY], readings)
    assert "# uncertain: star map (2½, 3) (typed row 7, point 4) read filled (0.62)" in text
    mentor = next(line for line in text.splitlines() if line.startswith("mentor ="))
    assert "uncertain: mentor box 2 read empty (0.55)" in mentor
    assert check_text(text.encode()).exit_code in (0, 1)  # readable, whatever it scores


def typed_data(text: str) -> dict:
    data = tomllib.loads(text)
    return {k: data.get(k) for k in ("abilities", "supporters", "articles", "schedule")}


@pytest.mark.parametrize("example", ["ann.toml", "ben.toml"])
def test_sky_round_trip_through_the_filled_marks(games, example):
    """A typed sheet -> the marks `render --filled` pencils in -> from_marks: the same
    sheet (the data, no photo)."""
    game = games[SKY]
    path = ROOT / "examples" / SKY / example
    sheet = read_filled(game, str(path))
    layouts = facet(SKY, "readable")(game, "letter")
    filled = set(filled_keys(game, sheet))
    assert filled <= {m.key for p in layouts for m in p.marks}
    text = facet(SKY, "from_marks")(game, readings_of(layouts, filled))
    back = read_filled(game, _write(text, path.name))
    assert back.points == sheet.points
    assert dict(back.abilities) == dict(sheet.abilities)
    assert dict(back.supporters) == dict(sheet.supporters)
    assert dict(back.schedule) == dict(sheet.schedule)
    for name, entry in sheet.articles.items():
        got = back.articles[name]
        assert got.cost == entry.cost
        printed = next(a.reward for a in game.articles if a.id == name)
        expected = printed if isinstance(entry.reward, int) else entry.reward
        assert got.reward == expected


_TMP: list[Path] = []


def _write(text: str, name: str) -> str:
    import tempfile

    folder = Path(tempfile.mkdtemp())
    _TMP.append(folder)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_space_sheet_types_circled_marks_and_asks_for_inked_squares(games):
    game = games[SPACE]
    (layout,) = facet(SPACE, "readable")(game, "letter")
    filled = {"day:tuesday", "speed:3", "speed:5", "energy:2", "grid:3,4", "grid:1,1"}
    readings = readings_of([layout], filled)
    readings["daily-sheet"]["grid:1,1"] = Reading(True, 0.65)
    text = facet(SPACE, "from_marks")(game, readings)
    data = tomllib.loads(text)
    assert data["day"] == "tuesday"
    assert data["start"]["speed"] == 3 and data["end"]["speed"] == 5
    assert data["end"]["energy"] == 2
    rows = [row.split() for row in data["grid"].strip().splitlines()]
    assert rows[6 - 4][3 - 1] == INKED and rows[6 - 1][1 - 1] == INKED
    assert sum(row.count(INKED) for row in rows) == 2
    assert "# type the code of square (3,4), (1,1)" in text
    assert "square (1,1) read marked (0.65)" in text
    # what the photo cannot know is flagged: where a value that went up came back to, a
    # start carried over from yesterday
    assert "speed 3 and 5 circled: typed as start 3, end 5; if it came back to 3" in text
    assert "energy 2 circled: typed as the end, the day starting at ▲ 3;" in text
    assert "no mood value read circled: type the start and end" in text
    # check refuses the placeholder, naming each square to type
    from sheetsmith.errors import SheetError

    with pytest.raises(SheetError) as refused:
        check_text(text.encode())
    messages = [p.message for p in refused.value.problems]
    assert any("square (3,4) holds ink" in m for m in messages)
    assert any("square (1,1) holds ink" in m for m in messages)


# -- render --filled ------------------------------------------------------------------------


def test_filled_render_pencils_the_sheet_and_is_deterministic(games, tmp_path):
    sheet = str(ROOT / "examples" / SKY / "ann.toml")
    options = RenderOptions(components=("game-pages",), filled=sheet)
    first = render_game(games[SKY], tmp_path / "a", options)[0].path
    second = render_game(games[SKY], tmp_path / "b", options)[0].path
    assert first.name == "game-pages-filled-ann.pdf"
    assert first.read_bytes() == second.read_bytes()
    # the pencil lands on the marks: grey pixels at a filled star point, none at an empty one
    game = games[SKY]
    page1 = facet(SKY, "readable")(game, "letter")[0]
    image = raster(first)[0]
    marks = {m.key: m for m in page1.marks}
    filled = set(filled_keys(game, read_filled(game, sheet)))
    scale = DPI / 72
    grey = round(PENCIL[0] * 255)

    def at(key: str) -> int:
        cx, cy = marks[key].box.centre
        return int(image[round((page1.height - cy) * scale), round(cx * scale)])

    point = next(k for k in sorted(filled) if k.startswith("star:"))
    empty = next(k for k in marks if k.startswith("star:") and k not in filled)
    assert abs(at(point) - grey) < 12
    assert at(empty) > 240


def test_filled_refuses_another_games_sheet(games, tmp_path):
    from sheetsmith.errors import SheetError

    options = RenderOptions(filled=str(ROOT / "examples" / SPACE / "ann.toml"))
    with pytest.raises(SheetError) as refused:
        render_game(games[SKY], tmp_path, options)
    assert len(refused.value.problems) == 1
    assert "not of 'my-corner-of-the-sky'" in refused.value.problems[0].message


def test_filled_render_is_named_for_its_sheet_and_planned_as_written(games, tmp_path):
    from sheetsmith.print.document import filled_name
    from sheetsmith.print.render import planned_files

    assert filled_name("game-pages", "sheets/Maddy Thu.toml") == "game-pages-filled-maddy-thu"
    assert filled_name("game-pages", "???.toml") == "game-pages-filled"
    sheet = str(ROOT / "examples" / SKY / "ann.toml")
    options = RenderOptions(components=("game-pages",), filled=sheet)
    assert planned_files(games[SKY], options) == [f"{SKY}/game-pages-filled-ann.pdf"]
    # two players' records side by side, and the blank print untouched
    out = tmp_path / "out"
    render_game(games[SKY], out, RenderOptions(components=("game-pages",)))
    render_game(games[SKY], out, options)
    copy = tmp_path / "bea.toml"
    copy.write_bytes(Path(sheet).read_bytes())
    render_game(games[SKY], out, RenderOptions(components=("game-pages",), filled=str(copy)))
    names = sorted(p.name for p in (out / SKY).glob("*.pdf"))
    assert names == ["game-pages-filled-ann.pdf", "game-pages-filled-bea.pdf", "game-pages.pdf"]
