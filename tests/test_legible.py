"""Every word a player reads can be read: walked over every text draw of every page of every
component of every bundled game, on Letter and on A4, as laid out (the PDF backend is not run).

- no text under 6 pt at print size, except the digits inside My Corner of the Sky's cost
  symbols (◇ and □ boxes), which must stay at least as large as they were when this test was
  written (about 5 pt: a bigger digit would need a bigger box and the upgrade pages are full);
- text contrast at least 4.5:1 (WCAG 2 relative luminance) against what it is drawn on: the
  fill of the topmost filled shape drawn before it whose area holds the centre of the text's
  box, or the white paper;
- nothing a player reads names sheetsmith's files or commands (a small "made with
  sheetsmith" is allowed).

Every failure of a page set is collected and reported at once.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from printcheck import rendered_pages
from sheetsmith.print.bounds import Box, bounds
from sheetsmith.print.primitives import (
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
from sheetsmith.print.text import fit

PAPERS = ("letter", "a4")
MIN_SIZE = 6.0
MIN_CONTRAST = 4.5

SKY = "my-corner-of-the-sky"
# The digits inside the cost symbols: bold, only digits, centred in a white ◇ or □ drawn
# just before them: 0.54 x the box (0.95 x that in a diamond), the box shrunk until the
# longest inline cost row fits its panel. The smallest when this test was written (a ◇1
# at 4.874 pt, a □1 at 5.13 pt on the abilities page) is the floor.
COST_DIGIT_MIN = 4.87

# What names sheetsmith's own files and commands: a player never needs them.
DEVELOPER = re.compile(
    r"\.toml\b|game\.toml|\bedit (it|this|them) in\b|\bsheetsmith\s+"
    r"(render|check|site|serve|new-sheet|read|games)\b|--[a-z][a-z-]+",
    re.IGNORECASE,
)
ALLOWED = re.compile(r"^\s*made with sheetsmith\s*$", re.IGNORECASE)


# -- the walk ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fill:
    """A filled area in page coordinates, with the clip rectangles it is drawn inside."""

    item: Item
    dx: float
    dy: float
    clips: tuple[Box, ...]
    colour: Colour

    def holds(self, x: float, y: float) -> bool:
        if not all(c[0] <= x <= c[2] and c[1] <= y <= c[3] for c in self.clips):
            return False
        return _holds(self.item, x - self.dx, y - self.dy)


@dataclass(frozen=True)
class Draw:
    """One text draw: its text, size at print, colour, box on the page, and background."""

    text: str
    size: float
    bold: bool
    colour: Colour
    box: Box
    background: Colour
    under: Item | None  # the shape it is drawn on (None: the paper)


def _in_polygon(points: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    inside = False
    n = len(points)
    for i in range(n):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross:
                inside = not inside
    return inside


def _holds(item: Item, x: float, y: float) -> bool:
    match item:
        case Rect():
            if not (item.x <= x <= item.x1 and item.y <= y <= item.y1):
                return False
            r = min(item.radius, item.width / 2, item.height / 2)
            if r <= 0:
                return True
            # outside the rounded corners' quarter circles
            cx = min(max(x, item.x + r), item.x1 - r)
            cy = min(max(y, item.y + r), item.y1 - r)
            return math.hypot(x - cx, y - cy) <= r
        case Circle():
            return math.hypot(x - item.cx, y - item.cy) <= item.r
        case Polygon():
            return item.closed and _in_polygon(item.points, x, y)
        case Blocks():
            return any(bx <= x <= bx + w and by <= y <= by + h for bx, by, w, h in item.rects())
    return False


def _fill_of(item: Item) -> Colour | None:
    if isinstance(item, (Rect, Circle, Polygon)):
        if isinstance(item, Polygon) and not item.closed:
            return None
        return item.fill
    if isinstance(item, Blocks):
        return item.fill if item.cells else None
    return None


def text_draws(items: tuple[Item, ...]) -> Iterator[Draw]:
    """Every text draw of `items`, in draw order, with what it is drawn on."""
    fills: list[Fill] = []

    def visit(items: tuple[Item, ...], dx: float, dy: float, clips: tuple[Box, ...]):
        for item in items:
            if isinstance(item, Group):
                inner = clips
                if item.clip is not None:
                    c = item.clip
                    x, y = dx + item.dx, dy + item.dy
                    inner = (*clips, (c.x + x, c.y + y, c.x1 + x, c.y1 + y))
                yield from visit(item.items, dx + item.dx, dy + item.dy, inner)
            elif isinstance(item, Stamp):
                yield from visit(item.items, dx, dy, clips)
            elif isinstance(item, (Text, TextBox)):
                x0, y0, x1, y1 = bounds(item)
                box = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
                cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                if not all(c[0] <= cx <= c[2] and c[1] <= cy <= c[3] for c in clips):
                    continue  # clipped away: never printed
                under = next((f for f in reversed(fills) if f.holds(cx, cy)), None)
                size = item.size if isinstance(item, Text) else fit(item).size
                yield Draw(
                    item.text,
                    size,
                    item.bold,
                    item.colour,
                    box,
                    WHITE if under is None else under.colour,
                    None if under is None else under.item,
                )
            else:
                colour = _fill_of(item)
                if colour is not None:
                    fills.append(Fill(item, dx, dy, clips, colour))

    yield from visit(items, 0.0, 0.0, ())


# -- the measures ---------------------------------------------------------------------------


def luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def is_cost_digit(game_id: str, draw: Draw) -> bool:
    """A digit inside one of My Corner of the Sky's cost symbols: exempt from 6 pt only."""
    return (
        game_id == SKY
        and draw.bold
        and draw.text.isdigit()
        and isinstance(draw.under, (Rect, Polygon))
        and draw.background == WHITE
    )


def problems(game_id: str, component: str, pages: list[Page]) -> list[str]:
    found = []
    for number, page in enumerate(pages, start=1):
        for draw in text_draws(page.items):
            if not draw.text.strip():
                continue
            where = f"{game_id}/{component} p{number} {draw.text[:40]!r}"
            floor = COST_DIGIT_MIN if is_cost_digit(game_id, draw) else MIN_SIZE
            if draw.size < floor - 1e-6:
                found.append(f"{where}: {draw.size:.2f} pt (at least {floor})")
            ratio = contrast(draw.colour, draw.background)
            if ratio < MIN_CONTRAST:
                found.append(
                    f"{where}: contrast {ratio:.2f}:1 ({_hex(draw.colour)} on "
                    f"{_hex(draw.background)})"
                )
            if DEVELOPER.search(draw.text) and not ALLOWED.match(draw.text):
                found.append(f"{where}: names sheetsmith's files or commands")
    return found


def _hex(colour: Colour) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour)


# -- the tests ------------------------------------------------------------------------------


LOOKS = {  # the default look, and the other looks `render` offers
    "default": {},
    "ink-saver": {"ink": "saver"},
    "ink-plain": {"ink": "plain"},
    "gutterfold": {"layout": "gutterfold"},
}


@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("paper", PAPERS)
def test_every_text_draw_is_legible(paper, look):
    pages = rendered_pages(paper, **LOOKS[look])
    found = [
        p for (game_id, component), ps in pages.items() for p in problems(game_id, component, ps)
    ]
    assert not found, f"{len(found)} illegible text draws ({paper}, {look}):\n" + "\n".join(found)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_walk_sees_every_component(paper):
    pages = rendered_pages(paper)
    games = {game_id for game_id, _ in pages}
    assert games >= {SKY, "personal-space", "planet-78"}
    draws = [d for ps in pages.values() for page in ps for d in text_draws(page.items)]
    assert len(draws) > 1000
    # backgrounds are found: text on coloured card faces, not all on the paper
    assert any(d.background != WHITE for d in draws)


def test_cost_digits_are_exempt_narrowly():
    """Only bold digits on a white sky cost symbol may be under 6 pt, and not under today's."""
    draws = [
        (game_id, d)
        for (game_id, _), ps in rendered_pages("letter").items()
        for page in ps
        for d in text_draws(page.items)
        if d.size < MIN_SIZE
    ]
    assert draws  # the cost digits exist and are small
    assert all(is_cost_digit(game_id, d) for game_id, d in draws), draws[:3]
    assert min(d.size for _, d in draws) >= COST_DIGIT_MIN


def test_the_walk_finds_backgrounds():
    """The walk itself: the topmost fill drawn before the text under its centre, in groups
    and stamps with their offsets, clips honoured, the paper when nothing is under it."""
    pink = (1.0, 0.5, 0.6)
    navy = (0.1, 0.1, 0.3)
    items: tuple[Item, ...] = (
        Text(10, 10, "paper", 9),
        Rect(0, 100, 100, 100, fill=pink),
        Group((Circle(50, 50, 30, fill=navy),), dx=0, dy=100),
        Text(40, 146, "on navy", 9, colour=WHITE),
        Stamp("s", (Rect(200, 0, 50, 50, fill=navy), Text(205, 20, "in stamp", 9))),
        Group((Rect(300, 0, 100, 100, fill=pink),), clip=Rect(300, 0, 10, 10)),
        Text(340, 40, "clip", 9),
        Text(5, 190, "on pink", 9, colour=WHITE),
    )
    got = {d.text: d.background for d in text_draws(items)}
    assert got == {
        "paper": WHITE,
        "on navy": navy,
        "in stamp": navy,
        "clip": WHITE,
        "on pink": pink,
    }
    assert contrast(WHITE, (0, 0, 0)) == pytest.approx(21.0)
    assert contrast(WHITE, pink) < MIN_CONTRAST


def test_developer_words_are_caught():
    assert DEVELOPER.search("example card: edit it in game.toml")
    assert DEVELOPER.search("sheetsmith render planet-78 --component setup --seed 7")
    assert not DEVELOPER.search("Trade two wood for one fish")
    assert ALLOWED.match("made with sheetsmith")
