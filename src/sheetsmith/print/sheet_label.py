"""The margin furniture of a card or tile sheet: which game, deck, sheet and side it is, and
a scale check, placed between the crop marks."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from sheetsmith.print.fonts import text_width
from sheetsmith.print.imposition import (
    DECK_STYLE,
    EDGE,
    LABEL_SIZE,
    MARK_LENGTH,
    MARK_OFFSET,
    MARK_WIDTH,
    DeckStyle,
    Placement,
    SheetLayout,
)
from sheetsmith.print.primitives import DARK, INCH, Item, Line, Text


def sheet_label(
    layout: SheetLayout, used: Sequence[Placement], sheet: int, sheets: int, side: str
) -> list[Item]:
    """The margin furniture of a card sheet: which game, deck, sheet and side it is, and a
    1 in bar to check that it printed at 100%. Placed between the crop marks (never over
    one) in the margin `label_band` finds; nothing if there is none."""
    band = layout.label_band()
    style = DECK_STYLE.get() or DeckStyle()
    if band is None or not used:
        return []
    baseline, _ = band
    grid = layout.grid_bleed
    reach = MARK_OFFSET + MARK_LENGTH  # how far crop marks reach out from the cards
    low, high = baseline - 2.0, baseline + LABEL_SIZE
    cuts = sorted({x for p in used for x in (p.trim.x, p.trim.x1)})
    if high < grid.y - reach or low > grid.y1 + reach:  # the marks stop short of the label
        cuts = []
    stops = [EDGE - 3.0, *cuts, layout.paper.width - EDGE + 3.0]
    gaps = [(a + 3.0, b - 3.0) for a, b in itertools.pairwise(stops) if b - a > 6.0]
    where = f"sheet {sheet} of {sheets}, {side}"
    texts = [
        " · ".join(t for t in (style.game, style.component, where) if t),
        " · ".join(t for t in (style.component, where) if t),
        where,
    ]
    scale_text = "1 in = 25.4 mm"
    scale_w = INCH + 4.0 + text_width(scale_text, LABEL_SIZE)
    items: list[Item] = []
    # the scale check in the last gap it fits, the label in the first that has room left
    scale_gap = next((n for n in range(len(gaps) - 1, -1, -1) if _room(gaps[n]) >= scale_w), None)
    if scale_gap is not None:
        x0 = gaps[scale_gap][1] - scale_w
        y = baseline + 2.0
        items += [
            Line(x0, y, x0 + INCH, y, stroke=DARK, line_width=MARK_WIDTH),
            *(
                Line(x, y - 2.0, x, y + 2.0, stroke=DARK, line_width=MARK_WIDTH)
                for x in (x0, x0 + INCH)
            ),
            Text(x0 + INCH + 4.0, baseline, scale_text, LABEL_SIZE, colour=DARK),
        ]
    for text in texts:
        width = text_width(text, LABEL_SIZE)
        for n, gap in enumerate(gaps):
            room = _room(gap) - (scale_w + 12.0 if n == scale_gap else 0.0)
            if width <= room:
                return [Text(gap[0], baseline, text, size=LABEL_SIZE, colour=DARK), *items]
    return items


def _room(gap: tuple[float, float]) -> float:
    return gap[1] - gap[0]
