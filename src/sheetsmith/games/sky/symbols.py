"""My Corner of the Sky's printed symbols: cost boxes (◇ □ ☆), map points (○ ○ ☆), △ marks.

Every symbol is drawn as an outline, never as a font glyph, so it prints the same size
everywhere and leaves room to be filled with a pencil.
"""

from __future__ import annotations

from collections.abc import Sequence

from sheetsmith.games.sky.model import Box, BoxKind
from sheetsmith.photo.marks import Mark
from sheetsmith.print.layout import centred_label
from sheetsmith.print.primitives import WHITE, Circle, Item, Rect, diamond, star, triangle

DIAMOND_SCALE = 1.32  # a diamond spans more than the square it is drawn for, so they look alike
STAR_SCALE = 0.74  # star tip radius per unit of box size
GAP_SCALE = 0.28  # space between neighbouring boxes per unit of box size
LINE = 0.9


def box_width(box: Box, size: float) -> float:
    if box.kind == BoxKind.EXPERIENCE:
        return size * DIAMOND_SCALE
    if box.kind == BoxKind.STAR:
        return size * STAR_SCALE * 2 * 0.951  # tips at ±18° below horizontal
    return size


def box_height(box: Box, size: float) -> float:
    if box.kind == BoxKind.EXPERIENCE:
        return size * DIAMOND_SCALE
    if box.kind == BoxKind.STAR:
        return size * STAR_SCALE * (1 + 0.809)
    return size


def cost_box(box: Box, cx: float, cy: float, size: float) -> list[Item]:
    """One cost box centred on (cx, cy): ◇ with its number, □ with its number, or ☆."""
    label_size = size * 0.54
    if box.kind == BoxKind.EXPERIENCE:
        d = size * DIAMOND_SCALE
        return [
            diamond(cx, cy, d, fill=WHITE, line_width=LINE),
            centred_label(cx, cy, box.label, label_size * 0.95, bold=True),
        ]
    if box.kind == BoxKind.SQUARES:
        return [
            Rect(cx - size / 2, cy - size / 2, size, size, fill=WHITE, line_width=LINE),
            centred_label(cx, cy, box.label, label_size, bold=True),
        ]
    # a star's tips reach up further than its feet go down: centre its bounding box on cy
    r = size * STAR_SCALE
    offset = r * (1 - 0.809) / 2
    return [star(cx, cy - offset, r, fill=WHITE, line_width=LINE)]


def cost_row_width(boxes: Sequence[Box], size: float) -> float:
    if not boxes:
        return 0.0
    return sum(box_width(b, size) for b in boxes) + GAP_SCALE * size * (len(boxes) - 1)


def box_mark(key: str, box: Box, cx: float, cy: float, size: float) -> Mark:
    """Where the pencil goes in a cost box drawn by `cost_box` at (cx, cy): its outline's
    bounding box (a star's too: `cost_box` centres that on cy)."""
    w, h = box_width(box, size), box_height(box, size)
    row, _, index = key.rpartition(":")
    label = f"{row.rpartition('.')[2]} box {int(index) + 1}"
    return Mark(key, "box", Rect(cx - w / 2, cy - h / 2, w, h, stroke=None), label)


def cost_row(
    boxes: Sequence[Box],
    x: float,
    cy: float,
    size: float,
    *,
    centred: bool = False,
    key: str = "",
    first: int = 0,
    marks: list[Mark] | None = None,
) -> list[Item]:
    """Boxes left to right from `x` (or centred on `x`), all centred on the line `cy`.
    With `marks`, each box is also recorded there as a readable mark "<key>:<index>",
    counted from `first` (a cost row wrapped onto several lines goes on counting)."""
    if centred:
        x -= cost_row_width(boxes, size) / 2
    items: list[Item] = []
    for i, box in enumerate(boxes):
        w = box_width(box, size)
        items.extend(cost_box(box, x + w / 2, cy, size))
        if marks is not None:
            marks.append(box_mark(f"{key}:{first + i}", box, x + w / 2, cy, size))
        x += w + GAP_SCALE * size
    return items


def major_point(cx: float, cy: float, r: float) -> Circle:
    return Circle(cx, cy, r, fill=WHITE, line_width=LINE)


def minor_point(cx: float, cy: float, r: float) -> Circle:
    return Circle(cx, cy, r, fill=WHITE, line_width=LINE * 0.85)


def star_point(cx: float, cy: float, r: float) -> Item:
    return star(cx, cy - r * (1 - 0.809) / 2, r, fill=WHITE, line_width=LINE)


def researcher_mark(cx: float, cy: float, size: float) -> Item:
    return triangle(cx, cy, size, fill=WHITE, line_width=LINE * 0.85)
