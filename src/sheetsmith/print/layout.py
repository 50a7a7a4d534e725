"""Small layout helpers: rectangular frames to carve a page into, and labelled text."""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.print.fonts import text_width
from sheetsmith.print.primitives import BLACK, Anchor, Colour, Line, Rect, Text
from sheetsmith.print.text import cap_height


@dataclass(frozen=True, slots=True)
class Frame:
    """A rectangle of the page to lay something out in (not drawn)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def cx(self) -> float:
        return self.x + self.width / 2

    @property
    def cy(self) -> float:
        return self.y + self.height / 2

    def take_top(self, height: float, gap: float = 0.0) -> tuple[Frame, Frame]:
        """The top `height` of this frame, and what is left below it after `gap`."""
        top = Frame(self.x, self.top - height, self.width, height)
        rest = Frame(self.x, self.y, self.width, max(0.0, self.height - height - gap))
        return top, rest

    def take_bottom(self, height: float, gap: float = 0.0) -> tuple[Frame, Frame]:
        bottom = Frame(self.x, self.y, self.width, height)
        rest = Frame(
            self.x, self.y + height + gap, self.width, max(0.0, self.height - height - gap)
        )
        return bottom, rest

    def take_left(self, width: float, gap: float = 0.0) -> tuple[Frame, Frame]:
        left = Frame(self.x, self.y, width, self.height)
        rest = Frame(self.x + width + gap, self.y, max(0.0, self.width - width - gap), self.height)
        return left, rest

    def take_right(self, width: float, gap: float = 0.0) -> tuple[Frame, Frame]:
        right = Frame(self.right - width, self.y, width, self.height)
        rest = Frame(self.x, self.y, max(0.0, self.width - width - gap), self.height)
        return right, rest

    def inset(self, dx: float, dy: float | None = None) -> Frame:
        dy = dx if dy is None else dy
        return Frame(self.x + dx, self.y + dy, self.width - 2 * dx, self.height - 2 * dy)

    def rect(self, **style: object) -> Rect:
        return Rect(self.x, self.y, self.width, self.height, **style)  # type: ignore[arg-type]


def centred_label(
    cx: float,
    cy: float,
    text: str,
    size: float,
    *,
    bold: bool = False,
    colour: Colour = BLACK,
    anchor: Anchor = "middle",
) -> Text:
    """Text whose capitals are vertically centred on `cy` (numbers inside boxes, labels)."""
    return Text(cx, cy - cap_height(size) / 2, text, size, bold, anchor, colour)


def fit_size(text: str, width: float, size: float, min_size: float, bold: bool = False) -> float:
    """The largest size, down to `min_size`, at which one line of `text` fits `width`."""
    while size > min_size and text_width(text, size, bold) > width:
        size -= 0.25
    return max(size, min_size)


def rule(x0: float, x1: float, y: float, width: float = 0.6, colour: Colour = BLACK) -> Line:
    return Line(x0, y, x1, y, stroke=colour, line_width=width)
