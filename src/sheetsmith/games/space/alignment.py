"""The duplex alignment test: one sheet, front and back, in the cards' own geometry.

The front has a crosshair at every card's centre and at every card corner. The back has,
behind each centre, a millimetre ruler across and up. Printed double-sided (flip on long
edge) and held to the light, back towards you, each front cross shows through the back
and falls on the rulers: the ruler reading under the cross's vertical arm is X, under its
horizontal arm Y. Rendering again with `--back-offset X,Y` (added to any offset already in
use) puts the crosses on 0,0. The back honours `--back-offset`, so the test verifies a
correction too. The sheet itself says "back offset", never the option's spelling: what is
printed names no command of sheetsmith's.

Why the reading is the correction: the ruler's zero is printed at the point behind the
cross, moved by the offset in use `o` and by the printer's own shift `s`; the cross reads
-(o + s), and the backs line up when the new offset o' = -s = o + reading.
"""

from __future__ import annotations

from typing import Any

from sheetsmith.games.space.cards import (
    CARD,
    INK,
    MUTED,
    NIGHT,
    deck_layout,
    small_caps,
    write_deck,
)
from sheetsmith.output import Output
from sheetsmith.print.card_sheets import duplex_pages
from sheetsmith.print.layout import centred_label
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import (
    BLACK,
    MM,
    Circle,
    Colour,
    Item,
    Line,
    Rect,
    Text,
    TextBox,
)
from sheetsmith.render_options import RenderedFile, RenderOptions

RULER_MM = 6  # each ruler reaches this far either side of zero (printers shift 0-3 mm)
RULER_GAP = 9 * MM  # the rulers run this far below and left of the centre
CROSS = 16 * MM  # the front cross's arms: across both rulers for shifts up to 8 mm
CORNER = 5 * MM
RULE: Colour = (0.80, 0.10, 0.15)  # the back's rulers: a colour that shows through paper
SMALL = 6.0  # the smallest text on the sheet


def offset_text(offset: tuple[float, float]) -> str:
    return f"{offset[0]:g},{offset[1]:g}"


def instructions(offset: tuple[float, float]) -> str:
    return (
        "1. Print double-sided, flip on long edge, at actual size (100%).\n"
        "2. Hold it to a light, back towards you.\n"
        "3. Where a cross shows through, read the red rulers (mm): X under its upright"
        " line, Y beside its level line.\n"
        "4. Add X,Y to the back offset and render again: the crosses sit on 0.\n"
        f"This sheet: back offset {offset_text(offset)} mm"
    )


def crosshair(cx: float, cy: float, arm: float, width: float = 0.5) -> list[Item]:
    return [
        Line(cx - arm, cy, cx + arm, cy, stroke=BLACK, line_width=width),
        Line(cx, cy - arm, cx, cy + arm, stroke=BLACK, line_width=width),
    ]


def scale_bar(cx: float, y: float) -> list[Item]:
    """A 25 mm bar with end ticks: if it measures otherwise, the printer scaled the page."""
    half = 12.5 * MM
    return [
        Line(cx - half, y, cx + half, y, stroke=BLACK, line_width=0.6),
        Line(cx - half, y - 3, cx - half, y + 3, stroke=BLACK, line_width=0.6),
        Line(cx + half, y - 3, cx + half, y + 3, stroke=BLACK, line_width=0.6),
        Text(
            cx,
            y + 5,
            "25 mm: measure it to check the print scale",
            SMALL,
            anchor="middle",
            colour=MUTED,
        ),
    ]


def front(slot: int, offset: tuple[float, float]) -> list[Item]:
    """A card-sized test front: corner crosshairs (clipped to the card, so neighbours
    complete each other's), the centre cross in a circle, and text away from the centre."""
    w, h = CARD.width, CARD.height
    cx, cy = w / 2, h / 2
    items: list[Item] = [Rect(0, 0, w, h, stroke=(0.7, 0.7, 0.7), line_width=0.3)]
    for x, y in ((0, 0), (w, 0), (0, h), (w, h)):
        items += crosshair(x, y, CORNER, 0.4)
    items += crosshair(cx, cy, CROSS, 0.6)
    items.append(Circle(cx, cy, 2.5 * MM, stroke=BLACK, line_width=0.5))
    items.append(small_caps(w / 2, h - 22, "alignment test: front", NIGHT, "middle", 7))
    items.append(Text(w / 2, h - 32, f"card {slot + 1}", 6.5, anchor="middle", colour=MUTED))
    if slot == 0:
        items += scale_bar(w / 2, cy + CROSS + 14)
        items.append(
            TextBox(
                12,
                11,
                w - 24,
                cy - CROSS - 15,
                instructions(offset),
                size=6.5,
                min_size=SMALL,
                colour=INK,
            )
        )
    else:
        items.append(
            TextBox(
                14,
                14,
                w - 28,
                40,
                "Hold to the light, back towards you: read the back's rulers where"
                " this cross falls. Instructions on card 1.",
                size=6.5,
                min_size=SMALL,
                align="center",
                valign="bottom",
                colour=MUTED,
            )
        )
    return items


def ruler(cx: float, cy: float, horizontal: bool) -> list[Item]:
    """A ruler with its zero in line with (cx, cy): across, `RULER_GAP` below the centre
    (the cross's vertical arm falls on X); up, `RULER_GAP` left of it (the horizontal arm
    falls on Y). Ticks every mm, longer and labelled every 5 mm."""
    items: list[Item] = []
    reach = RULER_MM * MM
    y0, x0 = cy - RULER_GAP, cx - RULER_GAP
    if horizontal:
        items.append(Line(cx - reach, y0, cx + reach, y0, stroke=RULE, line_width=0.45))
        items.append(Text(cx + reach + 4, y0 - 2, "X", 7, bold=True, colour=RULE))
    else:
        items.append(Line(x0, cy - reach, x0, cy + reach, stroke=RULE, line_width=0.45))
        items.append(Text(x0, cy + reach + 4, "Y", 7, bold=True, anchor="middle", colour=RULE))
    for v in range(-RULER_MM, RULER_MM + 1):
        d = v * MM
        tick = 6.0 if v == 0 else 4.4 if v % 5 == 0 else 2.4
        width = 0.7 if v == 0 else 0.35
        if horizontal:
            items.append(Line(cx + d, y0, cx + d, y0 - tick, stroke=RULE, line_width=width))
        else:
            items.append(Line(x0, cy + d, x0 - tick, cy + d, stroke=RULE, line_width=width))
        if v % 5 == 0:
            label = f"{v:+d}" if v else "0"
            if horizontal:
                items.append(Text(cx + d, y0 - 12, label, SMALL, anchor="middle", colour=RULE))
            else:
                items.append(centred_label(x0 - 8, cy + d, label, SMALL, anchor="end", colour=RULE))
    return items


def back(slot: int, offset: tuple[float, float]) -> list[Item]:
    """A card-sized test back: the trim outline, the two rulers zeroed on the front's centre
    cross, and the offset this sheet was printed with."""
    w, h = CARD.width, CARD.height
    cx, cy = w / 2, h / 2
    items: list[Item] = [Rect(0, 0, w, h, stroke=(0.6, 0.6, 0.6), line_width=0.3)]
    items += ruler(cx, cy, True)
    items += ruler(cx, cy, False)
    # where the front's circle shows when the sides line up
    items.append(Circle(cx, cy, 2.5 * MM, stroke=RULE, line_width=0.4, dash=(1.2, 1.2)))
    items.append(small_caps(w / 2, h - 22, "alignment test: back", NIGHT, "middle", 7))
    items.append(Text(w / 2, h - 32, f"card {slot + 1}", 6.5, anchor="middle", colour=MUTED))
    items.append(
        Text(
            w / 2,
            26,
            f"printed with back offset {offset_text(offset)} mm",
            6.0,
            anchor="middle",
            colour=MUTED,
        )
    )
    items.append(
        Text(
            w / 2,
            17,
            "read X and Y where the front cross falls",
            6.0,
            anchor="middle",
            colour=MUTED,
        )
    )
    return items


def render_alignment(game: Any, out_dir: Output, options: RenderOptions) -> RenderedFile:
    layout = deck_layout(paper_named(options.paper))
    offset = options.back_offset
    slots = list(range(layout.per_sheet))
    pages = duplex_pages(
        slots, lambda s: front(s, offset), lambda s: back(s, offset), layout, offset
    )
    return write_deck(game, "alignment", "duplex alignment test", pages, 1, out_dir, options)
