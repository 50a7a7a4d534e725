"""Bounding boxes of drawn items, to check that layouts stay on the page and apart."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from sheetsmith.print.fonts import text_width
from sheetsmith.print.primitives import (
    Blocks,
    Circle,
    Group,
    Item,
    Line,
    Polygon,
    Rect,
    Stamp,
    Text,
    TextBox,
)
from sheetsmith.print.text import ascent, descent, fit, line_x

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def bounds(item: Item) -> Box:
    """The area an item inks, half the line width included; text from ascender to descender."""
    match item:
        case Rect():
            w = item.line_width / 2 if item.stroke else 0.0
            return (item.x - w, item.y - w, item.x1 + w, item.y1 + w)
        case Line():
            # butt caps: the ink is the segment widened sideways by half the line width
            length = math.hypot(item.x2 - item.x1, item.y2 - item.y1) or 1.0
            nx = abs(item.y2 - item.y1) / length * item.line_width / 2
            ny = abs(item.x2 - item.x1) / length * item.line_width / 2
            return (
                min(item.x1, item.x2) - nx,
                min(item.y1, item.y2) - ny,
                max(item.x1, item.x2) + nx,
                max(item.y1, item.y2) + ny,
            )
        case Circle():
            r = item.r + (item.line_width / 2 if item.stroke else 0.0)
            return (item.cx - r, item.cy - r, item.cx + r, item.cy + r)
        case Polygon():
            # the backend joins lines round, so no corner reaches past half the line width
            w = item.line_width / 2 if item.stroke else 0.0
            xs = [p[0] for p in item.points]
            ys = [p[1] for p in item.points]
            return (min(xs) - w, min(ys) - w, max(xs) + w, max(ys) + w)
        case Text():
            width = text_width(item.text, item.size, item.bold)
            x0 = item.x - {"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
            return (
                x0,
                item.y - descent(item.size, item.bold),
                x0 + width,
                item.y + ascent(item.size, item.bold),
            )
        case TextBox():
            fitted = fit(item)
            xs = [line_x(item, line, fitted.size) for line in fitted.lines]
            ends = [
                x + text_width(line, fitted.size, item.bold)
                for x, line in zip(xs, fitted.lines, strict=True)
            ]
            top = fitted.baselines[0] + ascent(fitted.size, item.bold)
            bottom = fitted.baselines[-1] - descent(fitted.size, item.bold)
            return (min(xs), bottom, max(ends), top)
        case Blocks():
            return union((x, y, x + w, y + h) for x, y, w, h in item.rects())
        case Stamp():
            return union(bounds(sub) for sub in item.items)
        case Group():
            if item.clip is not None:
                c = item.clip
                return (c.x + item.dx, c.y + item.dy, c.x1 + item.dx, c.y1 + item.dy)
            return union(shift(bounds(sub), item.dx, item.dy) for sub in item.items)
    raise TypeError(f"not a drawing item: {item!r}")


def shift(box: Box, dx: float, dy: float) -> Box:
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def union(boxes: Iterable[Box]) -> Box:
    boxes = list(boxes)
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def overlaps(a: Box, b: Box, tolerance: float = 0.0) -> bool:
    return (
        a[0] < b[2] - tolerance
        and b[0] < a[2] - tolerance
        and a[1] < b[3] - tolerance
        and b[1] < a[3] - tolerance
    )


def inside(inner: Box, outer: Box, tolerance: float = 1e-6) -> bool:
    return (
        inner[0] >= outer[0] - tolerance
        and inner[1] >= outer[1] - tolerance
        and inner[2] <= outer[2] + tolerance
        and inner[3] <= outer[3] + tolerance
    )


def walk(items: Iterable[Item], dx: float = 0.0, dy: float = 0.0) -> Iterator[tuple[Item, Box]]:
    """Every leaf item with its bounds on the page (groups' offsets and turns applied)."""
    for item in items:
        if isinstance(item, Group):
            if item.turned and item.clip is not None:
                cx, cy = item.clip.centre
                for leaf, (x0, y0, x1, y1) in walk(item.items):
                    turned = (2 * cx - x1, 2 * cy - y1, 2 * cx - x0, 2 * cy - y0)
                    yield leaf, shift(turned, dx + item.dx, dy + item.dy)
            else:
                yield from walk(item.items, dx + item.dx, dy + item.dy)
        elif isinstance(item, Stamp):
            yield from walk(item.items, dx, dy)
        else:
            yield item, shift(bounds(item), dx, dy)
