"""Personal Space: the symbols of the maps, one simple drawing per place, and the crater.

Each is drawn from primitives (never a font glyph, which the standard fonts may lack),
`size` wide and centred on (cx, cy), in a few flat colours that read in grey as well:
the map and its legend use the same function, so a player matches them at a glance.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from sheetsmith.games.space.board_parts import BROWN, GREEN, LEAF, NIGHT, WATER_DEEP
from sheetsmith.games.space.neighbors import house
from sheetsmith.print.primitives import (
    BLACK,
    DARK,
    WHITE,
    Circle,
    Colour,
    Item,
    Line,
    Polygon,
    Rect,
    arc_points,
    star,
)

Symbol = Callable[[float, float, float], list[Item]]

# the pale fill of a place's space, so places stand out from plain ground at a glance
PLACE_TINTS: dict[str, Colour] = {
    "home": (1.0, 0.95, 0.74),
    "tower": (0.90, 0.88, 0.98),
    "rocket": (1.0, 0.89, 0.80),
    "hole": (0.93, 0.87, 0.78),
    "pond": (0.84, 0.92, 0.99),
    "tree": (0.86, 0.95, 0.84),
    "theater": (0.99, 0.86, 0.89),
    "zoo": (0.94, 0.93, 0.78),
    "jukebox": (0.93, 0.86, 0.97),
    "store": (0.82, 0.95, 0.93),
}
RED: Colour = (0.82, 0.22, 0.24)
ROCK_GREY: Colour = (0.55, 0.56, 0.60)
CRATER_FILL: Colour = (0.72, 0.72, 0.74)


def home_symbol(cx: float, cy: float, size: float) -> list[Item]:
    return house(cx, cy, size * 0.8, NIGHT)


def tower_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """A lattice mast with signal arcs either side of its tip."""
    h = size * 0.8
    base, top = cy - h / 2, cy + h / 2 - size * 0.12
    w = size * 0.22
    items: list[Item] = [
        Polygon(
            ((cx - w, base), (cx, top), (cx + w, base)), stroke=NIGHT, line_width=1.4, closed=False
        ),
        Line(cx - w * 0.62, base + h * 0.3, cx + w * 0.62, base + h * 0.3, NIGHT, 1.0),
        Line(cx - w * 0.3, base + h * 0.6, cx + w * 0.3, base + h * 0.6, NIGHT, 1.0),
        Circle(cx, top, size * 0.06, stroke=None, fill=RED),
    ]
    for r in (size * 0.16, size * 0.28):
        items.append(
            Polygon(arc_points(cx, top, r, -40, 40), stroke=NIGHT, line_width=1.0, closed=False)
        )
        items.append(
            Polygon(arc_points(cx, top, r, 140, 220), stroke=NIGHT, line_width=1.0, closed=False)
        )
    return items


def rocket_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """A rocket standing on its pad: pointed body, round window, fins and a flame."""
    s = size
    w = s * 0.2
    body = (
        (cx - w, cy - s * 0.22),
        (cx - w, cy + s * 0.12),
        (cx, cy + s * 0.42),
        (cx + w, cy + s * 0.12),
        (cx + w, cy - s * 0.22),
    )
    flame = ((cx - w * 0.6, cy - s * 0.26), (cx, cy - s * 0.46), (cx + w * 0.6, cy - s * 0.26))
    return [
        Polygon(flame, stroke=None, fill=(0.98, 0.62, 0.16)),
        Polygon(
            ((cx - w, cy - s * 0.1), (cx - w * 2, cy - s * 0.3), (cx - w, cy - s * 0.22)),
            stroke=DARK,
            fill=RED,
            line_width=0.7,
        ),
        Polygon(
            ((cx + w, cy - s * 0.1), (cx + w * 2, cy - s * 0.3), (cx + w, cy - s * 0.22)),
            stroke=DARK,
            fill=RED,
            line_width=0.7,
        ),
        Polygon(body, stroke=DARK, fill=WHITE, line_width=1.0),
        Circle(cx, cy + s * 0.06, s * 0.08, stroke=DARK, fill=(0.55, 0.78, 0.95), line_width=0.8),
    ]


def _oval(cx: float, cy: float, rx: float, ry: float) -> tuple[tuple[float, float], ...]:
    return tuple(
        (cx + rx * x / ry, cy + y)
        for x, y in ((px - cx, py - cy) for px, py in arc_points(cx, cy, ry, 0, 360, 10))
    )


def hole_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """A dug hole: a dark oval in a ring of soil, a spade beside it."""
    s = size
    return [
        Polygon(_oval(cx, cy - s * 0.08, s * 0.42, s * 0.2), stroke=None, fill=(0.72, 0.55, 0.36)),
        Polygon(_oval(cx, cy - s * 0.08, s * 0.3, s * 0.12), stroke=None, fill=(0.20, 0.14, 0.10)),
        Line(cx + s * 0.18, cy + s * 0.06, cx + s * 0.3, cy + s * 0.4, BROWN, 1.6),
        Polygon(
            (
                (cx + s * 0.12, cy + s * 0.08),
                (cx + s * 0.24, cy + s * 0.02),
                (cx + s * 0.2, cy - s * 0.1),
                (cx + s * 0.1, cy - s * 0.06),
            ),
            stroke=DARK,
            fill=ROCK_GREY,
            line_width=0.6,
        ),
    ]


def pond_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """Water with two wavelets (short sine strokes: arcs read as a face)."""
    s = size
    items: list[Item] = [
        Polygon(
            _oval(cx, cy, s * 0.44, s * 0.26),
            stroke=(0.30, 0.52, 0.74),
            fill=WATER_DEEP,
            line_width=1.0,
        )
    ]
    for dx, dy in ((-0.08, 0.07), (0.08, -0.08)):
        x0, y0, w = cx + s * dx - s * 0.16, cy + s * dy, s * 0.32
        wave = tuple(
            (x0 + w * k / 12, y0 + s * 0.035 * math.sin(k / 12 * 2 * math.pi)) for k in range(13)
        )
        items.append(Polygon(wave, stroke=WHITE, line_width=1.2, closed=False))
    return items


def tree_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """A trunk under a round crown with two fruit."""
    s = size
    return [
        Rect(cx - s * 0.06, cy - s * 0.42, s * 0.12, s * 0.36, stroke=None, fill=BROWN),
        Circle(cx, cy + s * 0.08, s * 0.3, stroke=GREEN, fill=LEAF, line_width=1.0),
        Circle(cx - s * 0.1, cy + s * 0.02, s * 0.05, stroke=None, fill=RED),
        Circle(cx + s * 0.12, cy + s * 0.16, s * 0.05, stroke=None, fill=RED),
    ]


def theater_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """A stage: red curtains drawn back from a star."""
    s = size
    x0, x1, y0, y1 = cx - s * 0.4, cx + s * 0.4, cy - s * 0.3, cy + s * 0.34
    return [
        Rect(x0, y0, x1 - x0, y1 - y0, stroke=DARK, fill=(0.98, 0.93, 0.70), line_width=0.8),
        Polygon(((x0, y1), (cx - s * 0.06, y1), (x0 + s * 0.1, y0)), stroke=None, fill=RED),
        Polygon(((x1, y1), (cx + s * 0.06, y1), (x1 - s * 0.1, y0)), stroke=None, fill=RED),
        Rect(x0, y1 - s * 0.08, x1 - x0, s * 0.08, stroke=None, fill=(0.62, 0.12, 0.16)),
        star(cx, cy - s * 0.06, s * 0.13, stroke=None, fill=(0.95, 0.70, 0.10)),
        Line(x0 - s * 0.04, y0, x1 + s * 0.04, y0, DARK, 1.4),
    ]


def zoo_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """A paw print."""
    s = size
    fill: Colour = (0.45, 0.34, 0.22)
    items: list[Item] = [
        Polygon(_oval(cx, cy - s * 0.12, s * 0.2, s * 0.16), stroke=None, fill=fill)
    ]
    for dx, dy in ((-0.26, 0.08), (-0.1, 0.24), (0.1, 0.24), (0.26, 0.08)):
        items.append(Circle(cx + s * dx, cy + s * dy, s * 0.08, stroke=None, fill=fill))
    return items


def jukebox_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """Two beamed notes."""
    s = size
    colour: Colour = (0.45, 0.22, 0.62)
    xa, xb = cx - s * 0.16, cx + s * 0.2
    ya, yb = cy - s * 0.24, cy - s * 0.16
    top_a, top_b = cy + s * 0.3, cy + s * 0.38
    w = s * 0.11
    return [
        Polygon(_oval(xa - w * 0.8, ya, w, w * 0.75), stroke=None, fill=colour),
        Polygon(_oval(xb - w * 0.8, yb, w, w * 0.75), stroke=None, fill=colour),
        Line(xa, ya, xa, top_a, colour, 1.6),
        Line(xb, yb, xb, top_b, colour, 1.6),
        Polygon(
            ((xa, top_a), (xb, top_b), (xb, top_b - s * 0.1), (xa, top_a - s * 0.1)),
            stroke=None,
            fill=colour,
        ),
    ]


def store_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """A shopping bag with its handle."""
    s = size
    colour: Colour = (0.10, 0.50, 0.48)
    return [
        Polygon(
            arc_points(cx, cy + s * 0.12, s * 0.14, 0, 180),
            stroke=DARK,
            line_width=1.4,
            closed=False,
        ),
        Polygon(
            (
                (cx - s * 0.3, cy - s * 0.36),
                (cx + s * 0.3, cy - s * 0.36),
                (cx + s * 0.26, cy + s * 0.12),
                (cx - s * 0.26, cy + s * 0.12),
            ),
            stroke=DARK,
            fill=colour,
            line_width=0.9,
        ),
        star(cx, cy - s * 0.12, s * 0.1, stroke=None, fill=WHITE),
    ]


def crater_symbol(cx: float, cy: float, size: float) -> list[Item]:
    """A bowl in the ground: a rim, its shadow, and a smaller crater beside it."""
    s = size
    return [
        Polygon(
            _oval(cx - s * 0.04, cy, s * 0.34, s * 0.22),
            stroke=DARK,
            fill=(0.58, 0.58, 0.6),
            line_width=1.0,
        ),
        Polygon(
            _oval(cx - s * 0.02, cy - s * 0.04, s * 0.24, s * 0.13),
            stroke=None,
            fill=(0.40, 0.40, 0.43),
        ),
        Circle(
            cx + s * 0.3,
            cy + s * 0.24,
            s * 0.07,
            stroke=DARK,
            fill=(0.58, 0.58, 0.6),
            line_width=0.7,
        ),
    ]


SYMBOLS: dict[str, Symbol] = {
    "home": home_symbol,
    "tower": tower_symbol,
    "rocket": rocket_symbol,
    "hole": hole_symbol,
    "pond": pond_symbol,
    "tree": tree_symbol,
    "theater": theater_symbol,
    "zoo": zoo_symbol,
    "jukebox": jukebox_symbol,
    "store": store_symbol,
}


def place_symbol(place_id: str, cx: float, cy: float, size: float) -> list[Item]:
    """The symbol of a place; a plain dot for one this module does not know (a plugin's)."""
    draw = SYMBOLS.get(place_id)
    if draw is None:
        return [Circle(cx, cy, size * 0.2, stroke=None, fill=BLACK)]
    return draw(cx, cy, size)


def house_symbol(cx: float, cy: float, size: float, colour: Colour) -> list[Item]:
    """A neighbor's house, in the colour of their card's header."""
    return house(cx, cy, size * 0.8, colour)
