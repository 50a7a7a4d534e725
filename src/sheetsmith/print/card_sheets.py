"""Card drawings placed on sheets: each on its slot, clipped to its bleed, with crop marks,
the sheet label and the PDF boxes; and duplex decks whose backs line up after a long-edge
flip.

Duplex, long-edge flip. Turning a sheet over about its long edge maps a point of the front
to the point of the back that lies behind it. In page coordinates (the back page is drawn
upright, as a PDF viewer shows it):

- portrait sheet (long edges vertical): (x, y) -> (W - x, y); columns mirror, rows stay;
- landscape sheet (long edges horizontal): (x, y) -> (x, H - y); rows mirror, columns stay.

A landscape PDF page lands on the paper turned a quarter; the printer flips the paper about
its long edge, which is the page's horizontal edge, hence rows. `flip_point` is that map;
each back is placed on the mirror image of its front's slot, then shifted by the back offset.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, TypeVar

from sheetsmith.print.imposition import Placement, SheetLayout, opened, union_rect
from sheetsmith.print.pages import LazyPages
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import MM, Group, Item, Page, PlacedCard, Rect
from sheetsmith.print.sheet_label import sheet_label

T = TypeVar("T")


def slot_clip(slot: Placement) -> Rect:
    """A slot's bleed in the card's own coordinates (origin at its trim corner)."""
    b = slot.bleed
    return Rect(b.x - slot.trim.x, b.y - slot.trim.y, b.width, b.height)


def place_card(drawing: Sequence[Item], slot: Placement) -> Group:
    return Group(tuple(drawing), dx=slot.trim.x, dy=slot.trim.y, clip=slot_clip(slot))


def on_sheet(
    cards: Sequence[T], layout: SheetLayout, number: int
) -> tuple[int, Sequence[T], tuple[Placement, ...]]:
    """Sheet `number`'s cards: the index of its first card, the cards, the slots they fill."""
    first = number * layout.per_sheet
    batch = cards[first : first + layout.per_sheet]
    return first, batch, opened(layout, len(batch))


def sheet_page(
    layout: SheetLayout,
    items: list[Item],
    used: Sequence[Placement],
    first: int,
    side: Literal["front", "back"] = "front",
) -> Page:
    """A sheet of cards `first`, `first` + 1, ... on the slots `used`."""
    return Page(
        layout.paper.width,
        layout.paper.height,
        tuple(items),
        trim_box=union_rect([p.trim for p in used]),
        bleed_box=union_rect([p.bleed for p in used]),
        cards=tuple(PlacedCard(first + n, side, p.trim, p.bleed) for n, p in enumerate(used)),
    )


def impose(
    cards: Sequence[T],
    draw: Callable[[T], Sequence[Item]],
    layout: SheetLayout,
) -> Sequence[Page]:
    """One page per sheet: each card's drawing placed on its slot, clipped to its bleed,
    crop marks and the sheet label in the margin, TrimBox and BleedBox around the cards.
    Each sheet is laid out when it is drawn (see `print.pages`)."""
    sheets = layout.sheet_count(len(cards))

    def sheet(number: int) -> Page:
        first, batch, used = on_sheet(cards, layout, number)
        items: list[Item] = [
            place_card(draw(card), slot) for card, slot in zip(batch, used, strict=True)
        ]
        items.extend(layout.crop_marks(used))
        items.extend(sheet_label(layout, used, number + 1, sheets, "front"))
        return sheet_page(layout, items, used, first)

    return LazyPages(sheets, sheet)


# -- duplex -------------------------------------------------------------------------------


def flip_point(paper: Paper, x: float, y: float) -> tuple[float, float]:
    """Where a point of the front page lies on the back page after a long-edge flip."""
    if paper.width <= paper.height:  # portrait: the long edges are the vertical ones
        return (paper.width - x, y)
    return (x, paper.height - y)  # landscape: the long edges are horizontal


def flip_rect(paper: Paper, rect: Rect) -> Rect:
    """The rectangle of the back page behind `rect` of the front page (long-edge flip)."""
    x0, y0 = flip_point(paper, rect.x, rect.y)
    x1, y1 = flip_point(paper, rect.x1, rect.y1)
    return Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))


def back_placement(
    layout: SheetLayout, slot: Placement, offset_mm: tuple[float, float] = (0.0, 0.0)
) -> Placement:
    """Where the back of the card in `slot` goes on the back sheet: the mirror image of the
    slot (column cols-1-c on a portrait sheet, row rows-1-r on a landscape one), shifted
    by the back offset (mm right and up, as seen on the back page)."""
    dx, dy = offset_mm[0] * MM, offset_mm[1] * MM
    portrait = layout.paper.width <= layout.paper.height

    def moved(rect: Rect) -> Rect:
        r = flip_rect(layout.paper, rect)
        return Rect(r.x + dx, r.y + dy, r.width, r.height)

    return Placement(
        slot=slot.slot,
        row=slot.row if portrait else layout.rows - 1 - slot.row,
        column=layout.columns - 1 - slot.column if portrait else slot.column,
        trim=moved(slot.trim),
        bleed=moved(slot.bleed),
        safe=moved(slot.safe),
    )


def duplex_pages(
    cards: Sequence[T],
    draw_front: Callable[[T], Sequence[Item]],
    draw_back: Callable[[T], Sequence[Item]] | None,
    layout: SheetLayout,
    back_offset_mm: tuple[float, float] = (0.0, 0.0),
) -> Sequence[Page]:
    """`deck_pages` on a layout already made: front sheet, back sheet, front sheet..."""
    fronts = impose(cards, draw_front, layout)
    if draw_back is None:
        return fronts
    dx, dy = back_offset_mm[0] * MM, back_offset_mm[1] * MM

    def back(sheet: int) -> Page:
        first, batch, fronts_used = on_sheet(cards, layout, sheet)
        used = [back_placement(layout, slot) for slot in fronts_used]
        items: list[Item] = [
            Group(tuple(draw_back(card)), slot.trim.x + dx, slot.trim.y + dy, slot_clip(slot))
            for card, slot in zip(batch, used, strict=True)
        ]
        shifted = [back_placement(layout, slot, back_offset_mm) for slot in fronts_used]
        items += sheet_label(layout, used, sheet + 1, len(fronts), "back")
        return sheet_page(layout, items, shifted, first, "back")

    return LazyPages(2 * len(fronts), lambda i: back(i // 2) if i % 2 else fronts[i // 2])
