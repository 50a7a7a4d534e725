"""Pieces the Personal Space sheets, postcards, boards and cards share: margins, headings,
die faces, cube colours, resource icons, the scale check, and writing a component's file.

Every symbol is drawn from primitives (never a font glyph), so it prints the same size
everywhere and survives any font.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from sheetsmith.games.space.model import SpaceGame
from sheetsmith.output import Output
from sheetsmith.print.document import DocumentInfo, save
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label, fit_size, rule
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import (
    BLACK,
    DARK,
    INCH,
    MM,
    WHITE,
    Circle,
    Colour,
    Item,
    Line,
    Page,
    Polygon,
    Rect,
    Text,
    TextBox,
    arc_points,
)
from sheetsmith.render_options import RenderedFile

MARGIN = 0.42 * INCH  # home printers cannot print the outer ~0.25 in; 0.4 in is the floor
GUTTER = 14.0
HEADING = 10.5
HEADING_H = 17.0
SMALL = 7.5

# cube colours as the rules name them, deep enough to read on white and under a cube
YELLOW: Colour = (0.98, 0.80, 0.12)
YELLOW_PALE: Colour = (1.0, 0.95, 0.70)
PURPLE: Colour = (0.52, 0.30, 0.70)
PURPLE_PALE: Colour = (0.90, 0.84, 0.96)
PINK: Colour = (0.95, 0.55, 0.72)
PINK_PALE: Colour = (0.99, 0.86, 0.91)
NIGHT: Colour = (0.16, 0.20, 0.38)  # the hole's starfield row
WATER: Colour = (0.86, 0.93, 0.98)
WATER_DEEP: Colour = (0.70, 0.84, 0.95)
LEAF: Colour = (0.80, 0.91, 0.76)
GREEN: Colour = (0.25, 0.55, 0.25)
BROWN: Colour = (0.55, 0.36, 0.20)
SHADE: Colour = (0.82, 0.82, 0.82)  # bad-mood boxes: grey prints on any printer


def content_frame(paper: Paper) -> Frame:
    return Frame(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN)


def heading(frame: Frame, text: str, note: str = "", size: float = HEADING) -> list[Item]:
    """A section heading on the frame's top edge, underlined across the frame; `note` is
    a short hint at the right end of the heading line, dropped if it cannot fit."""
    base = frame.top - size * 0.93
    items: list[Item] = [
        Text(frame.x, base, text, size, bold=True),
        rule(frame.x, frame.right, base - 4.0, 0.6, DARK),
    ]
    room = frame.width - text_width(text, size, bold=True) - 10
    note_size = fit_size(note, room, 7.0, 6.5)
    if note and text_width(note, note_size) <= room:
        items.append(Text(frame.right, base, note, note_size, anchor="end", colour=DARK))
    return items


def page_title(game: SpaceGame, frame: Frame, subtitle: str) -> list[Item]:
    """The game's title large on the left, the page's subject beside it, a rule below."""
    title = game.info.title.upper()
    size = fit_size(title, frame.width * 0.5, 20, 12, bold=True)
    items: list[Item] = [Text(frame.x, frame.y + 5, title, size, bold=True)]
    x = frame.x + text_width(title, size, bold=True) + 10
    items.append(Text(x, frame.y + 5, subtitle, 11, colour=DARK))
    items.append(rule(frame.x, frame.right, frame.y, 1.2))
    return items


def day_name(day: str) -> str:
    return day.capitalize()


# -- dice ---------------------------------------------------------------------------------

PIPS = {
    1: ((0, 0),),
    2: ((-1, 1), (1, -1)),
    3: ((-1, 1), (0, 0), (1, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
}


def die_face(cx: float, cy: float, size: float, value: int, fill: Colour = WHITE) -> list[Item]:
    """A die showing `value` as pips, `size` wide, centred on (cx, cy)."""
    half = size / 2
    items: list[Item] = [
        Rect(cx - half, cy - half, size, size, radius=size * 0.18, fill=fill, line_width=0.8)
    ]
    step = size * 0.27
    r = size * 0.085
    for px, py in PIPS[value]:
        items.append(Circle(cx + px * step, cy + py * step, r, stroke=None, fill=BLACK))
    return items


def dice_row(x: float, cy: float, size: float, values: Sequence[int], gap: float) -> list[Item]:
    """Dice left to right from `x`, joined by a small "+" when there are several."""
    items: list[Item] = []
    for i, value in enumerate(values):
        if i:
            items.append(centred_label(x + gap / 2, cy, "+", size * 0.6, bold=True, colour=DARK))
            x += gap
        items += die_face(x + size / 2, cy, size, value)
        x += size
    return items


def dice_row_width(count: int, size: float, gap: float) -> float:
    return count * size + max(0, count - 1) * gap


# -- cubes and resource icons -------------------------------------------------------------


def cube(cx: float, cy: float, size: float, fill: Colour) -> list[Item]:
    """A small cube in perspective: the colour of the cube a player places."""
    s = size / 2
    d = size * 0.28
    front = Rect(cx - s, cy - s, size - d, size - d, fill=fill, line_width=0.6)
    top = Polygon(
        ((cx - s, cy + s - d), (cx - s + d, cy + s), (cx + s, cy + s), (cx + s - d, cy + s - d)),
        fill=_lighter(fill),
        line_width=0.6,
    )
    side = Polygon(
        ((cx + s - d, cy - s), (cx + s, cy - s + d), (cx + s, cy + s), (cx + s - d, cy + s - d)),
        fill=_darker(fill),
        line_width=0.6,
    )
    return [front, top, side]


def _lighter(c: Colour) -> Colour:
    return (c[0] + (1 - c[0]) * 0.45, c[1] + (1 - c[1]) * 0.45, c[2] + (1 - c[2]) * 0.45)


def _darker(c: Colour) -> Colour:
    return (c[0] * 0.75, c[1] * 0.75, c[2] * 0.75)


def _ellipse(cx: float, cy: float, rx: float, ry: float, start: float = 0, end: float = 360):
    return tuple(
        (cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a)))
        for a in _angles(start, end)
    )


def _angles(start: float, end: float, step: float = 10.0) -> list[float]:
    n = max(2, math.ceil(abs(end - start) / step) + 1)
    return [start + (end - start) * i / (n - 1) for i in range(n)]


def fish_icon(cx: float, cy: float, size: float) -> list[Item]:
    """A fish facing left: an oval body, a tail and an eye."""
    w = size
    body = _ellipse(cx - w * 0.08, cy, w * 0.34, w * 0.2)
    tail = (
        (cx + w * 0.22, cy),
        (cx + w * 0.46, cy + w * 0.18),
        (cx + w * 0.46, cy - w * 0.18),
    )
    return [
        Polygon(tail, fill=(0.45, 0.65, 0.85), line_width=0.7),
        Polygon(body, fill=(0.60, 0.78, 0.95), line_width=0.7),
        Circle(cx - w * 0.26, cy + w * 0.04, w * 0.035, stroke=None, fill=BLACK),
    ]


def coral_icon(cx: float, cy: float, size: float) -> list[Item]:
    """A branching coral: a trunk with forked branches."""
    s = size
    colour: Colour = (0.90, 0.40, 0.42)
    w = max(1.4, s * 0.09)
    base = cy - s * 0.42
    segments = [
        ((0.0, 0.0), (0.0, 0.45)),
        ((0.0, 0.2), (-0.26, 0.52)),
        ((-0.26, 0.52), (-0.32, 0.8)),
        ((-0.26, 0.52), (-0.12, 0.78)),
        ((0.0, 0.45), (0.2, 0.84)),
        ((0.0, 0.3), (0.3, 0.5)),
        ((0.3, 0.5), (0.36, 0.72)),
    ]
    items: list[Item] = [
        Line(cx + a[0] * s, base + a[1] * s, cx + b[0] * s, base + b[1] * s, colour, w)
        for a, b in segments
    ]
    items.append(Line(cx - s * 0.22, base, cx + s * 0.22, base, DARK, 0.8))
    return items


def worm_icon(cx: float, cy: float, size: float) -> list[Item]:
    """A wiggly worm: a thick wavy line with a head dot."""
    s = size
    points = tuple(
        (cx - s * 0.4 + s * 0.8 * t / 20, cy + s * 0.12 * math.sin(t / 20 * 2.2 * math.pi))
        for t in range(21)
    )
    colour: Colour = (0.85, 0.50, 0.55)
    return [
        Polygon(points, stroke=colour, line_width=max(2.0, s * 0.14), closed=False),
        Circle(points[-1][0], points[-1][1], s * 0.085, stroke=None, fill=colour),
    ]


def rock_icon(cx: float, cy: float, size: float) -> list[Item]:
    s = size
    points = (
        (cx - s * 0.4, cy - s * 0.22),
        (cx - s * 0.3, cy + s * 0.12),
        (cx - s * 0.05, cy + s * 0.26),
        (cx + s * 0.28, cy + s * 0.16),
        (cx + s * 0.42, cy - s * 0.1),
        (cx + s * 0.3, cy - s * 0.24),
    )
    return [
        Polygon(points, fill=(0.70, 0.70, 0.68), line_width=0.8),
        Line(cx - s * 0.08, cy + s * 0.02, cx + s * 0.14, cy + s * 0.1, DARK, 0.6),
    ]


def fruit_icon(cx: float, cy: float, size: float) -> list[Item]:
    """An apple: a round body, a stalk and a leaf."""
    s = size
    r = s * 0.3
    by = cy - s * 0.06
    leaf = _ellipse(cx + s * 0.12, by + r + s * 0.06, s * 0.12, s * 0.05)
    return [
        Circle(cx, by, r, fill=(0.90, 0.32, 0.28), line_width=0.8),
        Line(cx, by + r * 0.8, cx + s * 0.02, by + r + s * 0.14, BROWN, 1.0),
        Polygon(leaf, fill=(0.45, 0.72, 0.35), line_width=0.5),
    ]


def wood_icon(cx: float, cy: float, size: float) -> list[Item]:
    """A log seen from the side: a bar with a ringed end."""
    s = size
    h = s * 0.36
    x0, x1 = cx - s * 0.42, cx + s * 0.28
    end = _ellipse(x1, cy, s * 0.12, h / 2)
    return [
        Rect(x0, cy - h / 2, x1 - x0, h, fill=(0.78, 0.58, 0.38), line_width=0.8),
        Polygon(end, fill=(0.93, 0.80, 0.60), line_width=0.8),
        Polygon(_ellipse(x1, cy, s * 0.05, h * 0.22), stroke=BROWN, line_width=0.5),
    ]


ICONS = {
    "fish": fish_icon,
    "coral": coral_icon,
    "worm": worm_icon,
    "rock": rock_icon,
    "fruit": fruit_icon,
    "wood": wood_icon,
}


def resource_icon(name: str, cx: float, cy: float, size: float) -> list[Item]:
    """The icon for a resource (singular or plural name); nothing for an unknown one."""
    key = name.lower().strip()
    key = key[:-1] if key.endswith("s") and key[:-1] in ICONS else key
    draw = ICONS.get(key)
    return draw(cx, cy, size) if draw else []


def small_star(cx: float, cy: float, r: float, fill: Colour) -> Polygon:
    """A four-pointed twinkle for the starfield."""
    points = []
    for i in range(8):
        a = math.radians(90 + 45 * i)
        rr = r if i % 2 == 0 else r * 0.32
        points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return Polygon(tuple(points), stroke=None, fill=fill)


def arrow_down(cx: float, top: float, length: float, colour: Colour = DARK) -> list[Item]:
    head = min(5.0, length * 0.4)
    return [
        Line(cx, top, cx, top - length + head * 0.6, colour, 1.2),
        Polygon(
            (
                (cx - head * 0.6, top - length + head),
                (cx + head * 0.6, top - length + head),
                (cx, top - length),
            ),
            stroke=None,
            fill=colour,
        ),
    ]


def arrow_left(right: float, cy: float, length: float, colour: Colour = DARK) -> list[Item]:
    head = min(5.0, length * 0.4)
    left = right - length
    return [
        Line(right, cy, left + head * 0.6, cy, colour, 1.2),
        Polygon(
            ((left + head, cy + head * 0.6), (left + head, cy - head * 0.6), (left, cy)),
            stroke=None,
            fill=colour,
        ),
    ]


def curl(cx: float, cy: float, r: float) -> Polygon:
    """An open arc, for a hook."""
    return Polygon(arc_points(cx, cy, r, 180, 360), stroke=DARK, line_width=1.2, closed=False)


# -- scale check ----------------------------------------------------------------------------


def scale_check(frame: Frame, paper: Paper) -> list[Item]:
    """A square of known size at the frame's top centre, and what it is for below it."""
    metric = paper.name == "a4"
    side = 25 * MM if metric else INCH
    label = "25 mm" if metric else "1 in"
    x = frame.cx - side / 2
    y = frame.top - side - 0.4
    text = f"Printed at 100%, this square is {label}. If not, turn off “fit to page”."
    return [
        Rect(x, y, side, side, line_width=0.6),
        centred_label(x + side / 2, y + side / 2 + 5, label, 10, bold=True),
        centred_label(x + side / 2, y + side / 2 - 7, "scale check", 7, colour=DARK),
        TextBox(
            frame.x,
            frame.y,
            frame.width,
            y - 4 - frame.y,
            text,
            size=7,
            min_size=7,
            colour=DARK,
            align="center",
        ),
    ]


SCALE_CHECK_H = INCH + 6 + 3 * 8.4 + 2  # the square, a gap and up to three lines of text


# -- files ----------------------------------------------------------------------------------


def write_component(
    game: SpaceGame,
    out_dir: Output,
    component: str,
    pages: Sequence[Page],
    count: int,
    what: str,
    paper: str,
) -> RenderedFile:
    """Write `pages` to `out_dir/<game id>/<component>.pdf` and describe the file."""
    info = DocumentInfo(
        title=f"{game.info.title}: {what}",
        author=game.info.designer,
        subject=f"{game.info.title} {game.info.version}, {paper} paper".replace("  ", " "),
    )
    return save(out_dir, game.info.id, component, pages, count, info)
