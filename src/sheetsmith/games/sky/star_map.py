"""My Corner of the Sky's star map: 11 x 11 points, major ones larger, stars as outlines.

Model coordinates run x = 0..10 left to right and y = 0..10 bottom to top; the printed
coordinates 1..6 label the major columns and rows, 1 at the bottom left as in the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.sky.model import SkyGame
from sheetsmith.games.sky.parts import (
    heading,
)
from sheetsmith.games.sky.symbols import (
    major_point,
    minor_point,
    star_point,
)
from sheetsmith.photo.marks import Mark
from sheetsmith.print.layout import Frame, centred_label
from sheetsmith.print.primitives import (
    DARK,
    LIGHT,
    Item,
    Line,
    Rect,
)

MAP_LABEL = 14.0  # room for the coordinate labels left of and below the points
EDGE = 0.45  # room between the outer points and the map's frame, per point spacing


@dataclass(frozen=True, slots=True)
class MapGrid:
    """Where the star map's points land: model (x, y) to page points."""

    x0: float
    y0: float
    spacing: float
    size: int

    def point(self, x: int, y: int) -> tuple[float, float]:
        return self.x0 + x * self.spacing, self.y0 + y * self.spacing


def map_grid(game: SkyGame, frame: Frame, spacing: float) -> MapGrid:
    edge = EDGE * spacing
    return MapGrid(
        frame.x + MAP_LABEL + edge, frame.y + MAP_LABEL + edge, spacing, game.star_map.size
    )


def map_point_radii(spacing: float) -> tuple[float, float, float]:
    """Major point, minor point and star point radii for a given point spacing."""
    return spacing * 0.26, spacing * 0.15, spacing * 0.31


def point_key(x: int, y: int) -> str:
    """A star map point's readable mark: model coordinates, as the typed sheet counts."""
    return f"star:{x},{y}"


def point_label(x: int, y: int) -> str:
    """A point as a player finds it on the printed map, by its printed coordinates (column,
    row; 1 at the bottom left): a minor point lies halfway, "star map (2½, 6)"."""

    def printed(i: int) -> str:
        return f"{i // 2 + 1}" + ("½" if i % 2 else "")

    return f"star map ({printed(x)}, {printed(y)})"


def star_map(
    game: SkyGame, frame: Frame, spacing: float, marks: list[Mark] | None = None
) -> list[Item]:
    """The map; with `marks`, each point drawn is recorded there as a readable mark (the
    square around its outline: a pencil fills the outline, not the guides between)."""
    sm = game.star_map
    grid = map_grid(game, frame, spacing)
    items = heading(frame, "STAR MAP")
    edge = EDGE * spacing
    span = (sm.size - 1) * spacing
    x0, y0 = grid.x0, grid.y0
    items.append(
        Rect(
            x0 - edge,
            y0 - edge,
            span + 2 * edge,
            span + 2 * edge,
            radius=6,
            stroke=DARK,
            line_width=0.9,
        )
    )
    # faint guides between neighbouring points: the squares players complete and fill
    for i in range(sm.size):
        c = i * spacing
        items.append(Line(x0, y0 + c, x0 + span, y0 + c, stroke=LIGHT, line_width=0.5))
        items.append(Line(x0 + c, y0, x0 + c, y0 + span, stroke=LIGHT, line_width=0.5))
    major, minor, star_r = map_point_radii(spacing)
    for y in range(sm.size):
        for x in range(sm.size):
            px, py = grid.point(x, y)
            if (x, y) in sm.stars:
                r = star_r
                items.append(star_point(px, py, r))
            elif sm.is_major(x, y):
                r = major
                items.append(major_point(px, py, r))
            else:
                r = minor
                items.append(minor_point(px, py, r))
            if marks is not None:
                box = Rect(px - r, py - r, 2 * r, 2 * r, stroke=None)
                marks.append(Mark(point_key(x, y), "point", box, point_label(x, y)))
    # coordinates 1..n on the major columns and rows, 1 at the bottom left as in the rules
    label = min(10.0, spacing * 0.34)
    for k in range(sm.coordinates):
        px, py = grid.point(2 * k, 2 * k)
        items.append(centred_label(px, frame.y + MAP_LABEL / 2 - 1, str(k + 1), label, bold=True))
        items.append(centred_label(frame.x + MAP_LABEL / 2 - 1, py, str(k + 1), label, bold=True))
    return items
