"""Things lying on the page (photo/lying.py): each kind found over the marks it covers, and
a player's own marks, in pencil or coloured pen, under a colour cast, never taken for one."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

import photopage as pp
from sheetsmith.cli import app
from sheetsmith.photo.geometry import SCALE, blank_page, clipped, mark_window
from sheetsmith.photo.ink import ink_added, mark_regions
from sheetsmith.photo.lying import lying_over
from sheetsmith.photo.read import GAMES

SKY = "my-corner-of-the-sky"


@pytest.fixture(scope="module")
def game_page():
    readable = GAMES.pages(SKY, "letter")["game-page"]
    blank = blank_page(GAMES.page(readable.payload))
    return readable, blank


def _centre(readable, key: str) -> tuple[int, int]:
    """A mark's centre in rectified pixels (top-left origin)."""
    mark = next(m for m in readable.marks if m.key == key)
    x, y = mark.box.centre
    return round(x * SCALE), round((readable.height - y) * SCALE)


def _covered(readable, blank, photo: np.ndarray) -> set[str]:
    ink = ink_added(photo, blank, mark_regions(readable)).ink
    return set(lying_over(photo, ink, readable))


def _page(blank: np.ndarray) -> np.ndarray:
    """The blank as a photo shows it: paper a little under white (clipped paper shows no
    colour, and nothing is looked for there)."""
    return (cv2.cvtColor(blank, cv2.COLOR_GRAY2BGR) * 0.92).astype(np.uint8)


def test_a_clean_page_has_nothing_on_it(game_page):
    readable, blank = game_page
    assert _covered(readable, blank, _page(blank)) == set()


def test_a_finger_over_the_articles_covers_the_marks_under_it(game_page):
    readable, blank = game_page
    photo = _page(blank)
    x, y = _centre(readable, "articles.week-3:1")
    cv2.ellipse(photo, (x, y), (100, 40), -15, 0, 360, (120, 150, 205), -1)  # skin, BGR
    covered = _covered(readable, blank, photo)
    assert "articles.week-3:1" in covered
    assert not any(key.startswith(("star:", "schedule.")) for key in covered)


def test_a_coffee_ring_and_a_pen_across_the_star_map_are_found(game_page):
    readable, blank = game_page
    ring = _page(blank)
    x, y = _centre(readable, "star:5,5")
    stain = ring.copy()
    cv2.circle(stain, (x, y), 100, (40, 90, 140), 12)
    ring = cv2.addWeighted(ring, 0.45, stain, 0.55, 0)
    assert len(_covered(readable, blank, ring)) >= 4
    pen = _page(blank)
    a, b = _centre(readable, "star:0,0"), _centre(readable, "star:10,10")
    cv2.line(pen, a, b, (25, 20, 20), 16)  # 3 mm wide, 140 mm long
    covered = _covered(readable, blank, pen)
    assert {"star:2,2", "star:5,5", "star:8,8"} <= covered
    assert "star:0,10" not in covered


def test_a_players_own_marks_in_pencil_or_coloured_pen_are_not_objects(game_page):
    readable, blank = game_page
    for colour in ((95, 95, 100), (140, 50, 25), (40, 40, 200)):  # pencil, blue, red pen
        photo = _page(blank)
        for mark in readable.marks[::3]:
            x, y = _centre(readable, mark.key)
            r = round(min(mark.box.width, mark.box.height) * SCALE / 2)
            for i in range(-r, r, 2):  # scribbled solid, as hard as a hand fills a box
                cv2.line(photo, (x - r, y + i), (x + r, y + i), colour, 2)
        assert _covered(readable, blank, photo) == set(), colour


def _die(photo: np.ndarray, centre: tuple[int, int], side_mm: float, body, pip) -> np.ndarray:
    """A die seen from above, turned 20 degrees, five pips; its corners."""
    side = side_mm * SCALE * 72 / 25.4
    corners = np.int32(
        np.round(cv2.boxPoints(((float(centre[0]), float(centre[1])), (side, side), 20.0)))
    )
    cv2.fillPoly(photo, [corners], body)
    turn = np.radians(20.0)
    for px, py in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)):
        dx, dy = px * side * 0.28, py * side * 0.28
        x = centre[0] + dx * np.cos(turn) - dy * np.sin(turn)
        y = centre[1] + dx * np.sin(turn) + dy * np.cos(turn)
        cv2.circle(photo, (round(x), round(y)), round(side * 0.09), pip, -1)
    return corners


def test_a_black_die_on_the_star_map_or_the_articles_is_found(game_page):
    readable, blank = game_page
    for key in ("star:4,4", "articles.week-4:2"):
        photo = _page(blank)
        _die(photo, _centre(readable, key), 16, (35, 35, 35), (235, 235, 235))
        covered = _covered(readable, blank, photo)
        assert key in covered, key
        assert "star:10,10" not in covered and "schedule.sunday:0" not in covered
    # a large die: the opening that finds it rounds its corners, and the marks under its
    # corners (a quarter of their window or more) are covered all the same
    for key in ("star:6,5", "articles.week-3:1"):
        photo = _page(blank)
        corners = _die(photo, _centre(readable, key), 20, (35, 35, 35), (235, 235, 235))
        die = np.zeros(blank.shape, np.uint8)
        cv2.fillPoly(die, [corners], 1)
        under = set()
        for mark in readable.marks:
            x0, y0, x1, y1 = clipped(mark_window(mark, readable, 0.0), blank.shape)
            if die[y0:y1, x0:x1].sum() >= 0.25 * (x1 - x0) * (y1 - y0):
                under.add(mark.key)
        assert len(under) >= 5, key
        assert under <= _covered(readable, blank, photo), key


def test_a_players_darkest_fills_are_not_objects():
    """Black marker over a row of boxes, spilling into each other, the star map's squares
    shaded black, the middle of a grid square of the daily sheet inked solid: too long to
    be a die, evened out as a shadow, or inside its own mark's window; none is an object."""
    readable = GAMES.pages(SKY, "letter")["game-page"]
    blank = blank_page(GAMES.page(readable.payload))
    photo = _page(blank)
    for key in ("articles.week-5:1", "articles.week-5:2", "articles.week-5:3", "articles.week-5:4"):
        x, y = _centre(readable, key)  # spilling 2 mm and more into the next box
        cv2.rectangle(photo, (x - 28, y - 28), (x + 28, y + 28), (20, 20, 20), -1)
    corners = [_centre(readable, k) for k in ("star:2,2", "star:4,2", "star:4,4", "star:2,4")]
    cv2.fillPoly(photo, [np.int32(corners)], (25, 25, 25))
    assert _covered(readable, blank, photo) == set()
    daily = GAMES.pages("personal-space", "a4")["daily-sheet"]
    blank = blank_page(GAMES.page(daily.payload))
    photo = _page(blank)
    for key in ("grid:3,3", "grid:3,4"):
        x, y = _centre(daily, key)
        cv2.rectangle(photo, (x - 25, y - 25), (x + 25, y + 25), (30, 30, 30), -1)  # 10 mm
    assert _covered(daily, blank, photo) == set()


def test_a_pen_over_the_players_pencil_or_the_daily_sheets_grid_is_found(game_page):
    """The pen merges with the pencil it lies on (its rectangle no longer filled), or lies
    all on marks (the grid's squares): its core, as wide as a pen, is found."""
    readable, blank = game_page
    photo = _page(blank)
    for key in ("star:1,1", "star:2,2", "star:3,3", "star:4,4", "star:3,2", "star:2,3"):
        x, y = _centre(readable, key)
        for i in range(-14, 15, 2):  # scribbled solid, overflowing the point
            cv2.line(photo, (x - 14, y + i), (x + 14, y + i), (70, 70, 75), 2)
    a, b = _centre(readable, "star:0,0"), _centre(readable, "star:8,8")
    cv2.line(photo, a, b, (25, 20, 20), 30)  # 6 mm wide
    assert {"star:5,5", "star:6,6"} <= _covered(readable, blank, photo)
    daily = GAMES.pages("personal-space", "a4")["daily-sheet"]
    blank = blank_page(GAMES.page(daily.payload))
    photo = _page(blank)
    cv2.line(photo, _centre(daily, "grid:1,2"), _centre(daily, "grid:6,4"), (25, 20, 20), 30)
    covered = _covered(daily, blank, photo)
    assert {"grid:1,2", "grid:3,3", "grid:6,4"} <= covered
    assert "grid:1,6" not in covered


def test_a_shapes_outline_in_felt_tip_along_the_grid_is_no_object():
    """A shape of three squares in a row, its outline begun in black marker (3.7 mm) along
    the grid's lines, letters in its squares: no bar as wide as a pen."""
    daily = GAMES.pages("personal-space", "a4")["daily-sheet"]
    blank = blank_page(GAMES.page(daily.payload))
    photo = _page(blank)
    marks = {m.key: m for m in daily.marks}
    first, last = marks["grid:2,3"].box, marks["grid:4,3"].box
    x0, x1 = round(first.x * SCALE), round((last.x + last.width) * SCALE)
    y1 = round((daily.height - first.y) * SCALE)
    # its long side, 60 mm, drawn a little inside the squares rather than on the grid line
    cv2.line(photo, (x0, y1 - 15), (x1, y1 - 15), (20, 20, 20), 19)  # 3.7 mm
    for key in ("grid:2,3", "grid:3,3", "grid:4,3"):
        x, y = _centre(daily, key)
        cv2.putText(photo, "AB", (x - 30, y + 15), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (30, 30, 30), 4)
    assert _covered(daily, blank, photo) == set()


def test_a_colour_cast_and_uneven_light_are_not_objects(game_page):
    readable, blank = game_page
    photo = _page(blank).astype(np.float32)
    width = blank.shape[1]
    ramp = np.linspace(0.7, 1.3, width, dtype=np.float32)[None, :, None]
    cast = np.float32([0.8, 0.96, 1.05])  # BGR: a warm lamp
    photo = np.clip(photo * ramp * cast, 0, 255).astype(np.uint8)  # clipped on the right
    assert _covered(readable, blank, photo) == set()


def test_where_the_paper_is_clipped_in_a_channel_grey_print_is_no_object(game_page):
    """A warm lamp, the paper clipped in red and green: the printed grey boxes show the
    light's colour, the paper does not (seed 101 of the bench flagged four mood boxes)."""
    readable, blank = game_page
    photo = cv2.cvtColor(blank, cv2.COLOR_GRAY2BGR).astype(np.float32)
    x, y = _centre(readable, "star:5,5")
    cv2.rectangle(photo, (x - 120, y - 40), (x + 120, y + 40), (180, 180, 180), -1)
    photo = np.clip(photo * np.float32([0.92, 1.1, 1.25]), 0, 255).astype(np.uint8)
    assert _covered(readable, blank, photo) == set()


def test_a_photo_with_a_finger_over_the_marks_is_read_with_them_flagged(tmp_path):
    """The marks under it are flagged and the player told to move it; the photo is not
    refused for them, however many: it is as sure of the others as without the finger."""
    from sheetsmith.print import raster as pdf_raster

    readable = GAMES.pages(SKY, "letter")["game-page"]
    source = GAMES.page(readable.payload)
    (picture,) = pdf_raster.pages(source.pdf, pp.DPI, [source.index])
    raster = np.ascontiguousarray(np.asarray(picture)[:, :, ::-1])
    s = pp.DPI / 72
    mark = next(m for m in readable.marks if m.key == "articles.week-3:1")
    x, y = mark.box.centre
    centre = (round(x * s), round((readable.height - y) * s))
    cv2.ellipse(raster, centre, (round(50 * s), round(24 * s)), -15, 0, 360, (120, 150, 205), -1)
    path = tmp_path / "held.jpg"
    cv2.imwrite(str(path), pp.photograph(raster, angle=-6))
    result = CliRunner().invoke(app, ["read", str(path), "--json"])
    assert result.exit_code == 0, result.output
    import json

    (page,) = json.loads(result.stdout)["pages"]
    flagged = {m["key"] for m in page["marks"] if m["uncertain"]}
    assert "articles.week-3:1" in flagged and len(flagged) >= 7
    assert not any(key.startswith(("star:", "schedule.")) for key in flagged)
    (advice,) = page["advice"]
    assert advice.startswith(f"something lies on the page over {len(flagged)} of the marks")
    assert {m["key"] for m in page["marks"] if m["covered"]} == flagged
    said = CliRunner().invoke(app, ["read", str(path)]).stderr
    assert "week-3 box 2 (box): read as" in said, said
    assert said.count(", under something lying on the page") == len(flagged)
