"""Pieces every Planet 78 component shares: terrain colours, resource icons, writing a file."""

from __future__ import annotations

import math
from collections.abc import Sequence

from sheetsmith.games.planet.model import PlanetGame
from sheetsmith.games.space.board_parts import SCALE_CHECK_H, scale_check
from sheetsmith.output import Output
from sheetsmith.print.document import DocumentInfo, save
from sheetsmith.print.layout import Frame
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import Circle, Colour, Item, Line, Page, Polygon, Rect
from sheetsmith.render_options import RenderedFile, RenderOptions

INK: Colour = (0.12, 0.13, 0.2)
GREY: Colour = (0.40, 0.42, 0.47)  # small print: 4.5:1 on white (WCAG)
WHITE: Colour = (1.0, 1.0, 1.0)
# light enough that black text on them prints readably in greyscale too
TERRAIN_COLOURS: dict[str, Colour] = {
    "forest": (0.55, 0.78, 0.5),
    "farm": (0.98, 0.86, 0.45),
    "cave": (0.72, 0.68, 0.66),
    "city": (0.72, 0.8, 0.93),
    "water": (0.45, 0.72, 0.95),
}
SPECIAL_COLOURS: dict[str, Colour] = {
    "center": (0.98, 0.62, 0.35),
    "bridge": (0.85, 0.75, 0.62),
    "spawn": (0.8, 0.7, 0.95),
    "need": (0.96, 0.6, 0.7),
}
# deep enough that white text on them keeps 4.5:1 contrast (WCAG)
KIND_COLOURS: dict[str, Colour] = {
    "positive": (0.17, 0.5, 0.31),
    "negative": (0.63, 0.38, 0.08),
    "disaster": (0.72, 0.15, 0.2),
    "role": (0.25, 0.3, 0.6),
}
KIND_NAMES = {
    "positive": "Positive buff",
    "negative": "Negative buff",
    "disaster": "Natural disaster",
    "role": "Role",
}


def terrain_colour(terrain: str) -> Colour:
    return TERRAIN_COLOURS.get(terrain, SPECIAL_COLOURS.get(terrain, (0.9, 0.9, 0.9)))


def _circle_points(cx: float, cy: float, r: float, n: int = 24) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n))
        for k in range(n)
    ]


def resource_icon(resource: str, cx: float, cy: float, size: float) -> list[Item]:
    """A small vector icon for a resource, `size` across, centred on (cx, cy)."""
    s = size / 2
    if resource == "wood":  # a fir tree
        return [
            Rect(cx - s * 0.15, cy - s, s * 0.3, s * 0.5, stroke=None, fill=(0.45, 0.3, 0.15)),
            Polygon(
                ((cx - s * 0.8, cy - s * 0.5), (cx + s * 0.8, cy - s * 0.5), (cx, cy + s)),
                stroke=INK,
                fill=(0.2, 0.5, 0.25),
                line_width=0.6,
            ),
        ]
    if resource == "food":  # a sheaf: a stalk and three grains
        items: list[Item] = [Line(cx, cy - s, cx, cy + s * 0.2, stroke=INK, line_width=1.0)]
        for dy in (0.15, 0.5, 0.85):
            for side in (-1, 1):
                items.append(
                    Circle(
                        cx + side * s * 0.25,
                        cy - s * 0.2 + dy * s,
                        s * 0.2,
                        stroke=INK,
                        fill=(0.9, 0.7, 0.2),
                        line_width=0.5,
                    )
                )
        return items
    if resource == "metal":  # an ingot
        return [
            Polygon(
                (
                    (cx - s, cy - s * 0.5),
                    (cx + s, cy - s * 0.5),
                    (cx + s * 0.6, cy + s * 0.4),
                    (cx - s * 0.6, cy + s * 0.4),
                ),
                stroke=INK,
                fill=(0.6, 0.62, 0.68),
                line_width=0.7,
            )
        ]
    if resource == "logistics":  # a crate
        return [
            Rect(
                cx - s * 0.8,
                cy - s * 0.8,
                s * 1.6,
                s * 1.6,
                stroke=INK,
                fill=(0.8, 0.6, 0.35),
                line_width=0.7,
            ),
            Line(
                cx - s * 0.8, cy - s * 0.8, cx + s * 0.8, cy + s * 0.8, stroke=INK, line_width=0.6
            ),
            Line(
                cx - s * 0.8, cy + s * 0.8, cx + s * 0.8, cy - s * 0.8, stroke=INK, line_width=0.6
            ),
        ]
    if resource == "water":  # a drop
        points = [(cx, cy + s)]
        points += [
            (cx + s * 0.62 * math.cos(a), cy - s * 0.3 + s * 0.62 * math.sin(a))
            for a in (math.radians(d) for d in range(20, -201, -20))
        ]
        return [Polygon(tuple(points), stroke=INK, fill=(0.25, 0.55, 0.9), line_width=0.6)]
    return [Circle(cx, cy, s * 0.7, stroke=INK, fill=WHITE)]


def rounded_box(rect: Rect, fill: Colour, stroke: Colour = INK, width: float = 0.8) -> Rect:
    return Rect(
        rect.x,
        rect.y,
        rect.width,
        rect.height,
        radius=4,
        stroke=stroke,
        fill=fill,
        line_width=width,
    )


def write_file(
    game: PlanetGame,
    component: str,
    what: str,
    pages: Sequence[Page],
    count: int,
    out_dir: Output,
    options: RenderOptions,
    duplex: bool = False,
) -> RenderedFile:
    how = ", print double-sided (flip on long edge)" if duplex else ""
    info = DocumentInfo(
        title=f"{game.info.title}: {what}",
        author=game.info.designer,
        subject=f"{game.info.title}, {options.paper} paper{how}",
    )
    return save(out_dir, game.info.id, component, pages, count, info)


def corner_scale_check(frame: Frame, paper: Paper) -> list[Item]:
    """The 1 in / 25 mm scale check in the frame's bottom-right corner (text stays left of
    it: keep that corner 120 pt wide free)."""
    box = Frame(frame.right - 110, frame.y, 110, SCALE_CHECK_H)
    return scale_check(box, paper)
