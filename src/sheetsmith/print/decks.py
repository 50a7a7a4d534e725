"""A deck on sheets, as the render asks: duplex (backs on their own sheets, the default) or
gutterfold (fronts and backs side by side)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from sheetsmith.print.card_sheets import duplex_pages
from sheetsmith.print.gutterfold import gutterfold_pages
from sheetsmith.print.imposition import (
    DECK_STYLE,
    CardSize,
    DeckStyle,
    Gutter,
    Orientation,
    layout_sheet,
)
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import Item, Page

T = TypeVar("T")


def deck_pages(
    cards: Sequence[T],
    draw_front: Callable[[T], Sequence[Item]],
    draw_back: Callable[[T], Sequence[Item]] | None,
    size: CardSize,
    paper: Paper,
    back_offset_mm: tuple[float, float] = (0.0, 0.0),
    orientation: Orientation = "auto",
    *,
    gutter: Gutter = "separate",
    margin: float | None = None,
) -> Sequence[Page]:
    """A deck printed duplex: front sheet, back sheet, front sheet, back sheet...

    Fronts carry crop marks; backs carry bleed but no marks (they are cut from the front).
    With `render --layout gutterfold` (the deck style), `gutterfold_pages` instead.
    Each back sits behind its front after a long-edge flip (see the module notes), moved
    by `back_offset_mm` for printers that shift the back side. Without `draw_back`, only
    the fronts.
    """
    style = DECK_STYLE.get() or DeckStyle()
    if style.layout == "gutterfold" and draw_back is not None:
        return gutterfold_pages(cards, draw_front, draw_back, size, paper, gutter=gutter)
    layout = layout_sheet(size, paper, margin=margin, orientation=orientation, gutter=gutter)
    return duplex_pages(cards, draw_front, draw_back, layout, back_offset_mm)
