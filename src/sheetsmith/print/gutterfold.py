"""Gutterfold decks: fronts on one half of the sheet, their backs mirrored on the other about
a dashed fold line, printed one-sided, folded, then cut."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from sheetsmith.errors import OptionError
from sheetsmith.print.card_sheets import on_sheet, place_card, sheet_page, slot_clip
from sheetsmith.print.imposition import (
    EDGE,
    INCH,
    LABEL_BAND,
    MARK_OFFSET,
    MIN_MARK,
    CardSize,
    Gutter,
    Placement,
    SheetLayout,
    grid_layout,
    grid_size,
)
from sheetsmith.print.pages import LazyPages
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import DARK, Group, Item, Line, Page, PlacedCard, Rect
from sheetsmith.print.sheet_label import sheet_label

T = TypeVar("T")


FOLD_ROOM = 3.0  # between a card's bleed and the fold line: a fold a little off stays blank


@dataclass(frozen=True, slots=True)
class FoldLayout:
    """Fronts on one half of the sheet, their backs on the other, mirrored about the fold
    line: `sheet` holds the front slots, `fold` is "vertical" (fronts left) or "horizontal"
    (fronts on top; the backs are then printed upside down to read upright once folded)."""

    sheet: SheetLayout
    fold: Literal["vertical", "horizontal"]

    def back(self, slot: Placement) -> Placement:
        """The slot behind `slot` once the sheet is folded."""

        def mirrored(r: Rect) -> Rect:
            paper = self.sheet.paper
            if self.fold == "vertical":
                return Rect(paper.width - r.x1, r.y, r.width, r.height)
            return Rect(r.x, paper.height - r.y1, r.width, r.height)

        return replace(
            slot, trim=mirrored(slot.trim), bleed=mirrored(slot.bleed), safe=mirrored(slot.safe)
        )

    def both(self, used: Sequence[Placement]) -> SheetLayout:
        """The fronts and backs as one layout, for the crop marks and the label."""
        return replace(self.sheet, placements=(*used, *(self.back(p) for p in used)))


def fold_layout(card: CardSize, paper: Paper, gutter: Gutter = "shared") -> FoldLayout:
    """The gutterfold with the most cards on `paper`: either orientation, folded across
    either axis; each half keeps its crop marks printable and the sheet its label."""
    # paper edge to trim: a printable crop mark (across the outer bleed with shared cuts),
    # and at the bottom the sheet label
    edge = EDGE + MIN_MARK + MARK_OFFSET + (0.0 if gutter == "shared" else card.bleed)
    bottom = max(edge, EDGE + LABEL_BAND + card.bleed)
    fold = card.bleed + FOLD_ROOM  # trim to the fold line
    best: FoldLayout | None = None
    for chosen in (paper.portrait, paper.landscape):
        for axis in ("vertical", "horizontal"):
            if axis == "vertical":
                box = Rect(
                    edge, bottom, chosen.width / 2 - edge - fold, chosen.height - edge - bottom
                )
            else:
                box = Rect(
                    edge,
                    chosen.height / 2 + fold,
                    chosen.width - 2 * edge,
                    chosen.height / 2 - bottom - fold,  # the backs' bottom, mirrored
                )
            half = Paper(chosen.name, box.width + 2 * card.bleed, box.height + 2 * card.bleed)
            columns, rows = grid_size(card, half, 0.0, 0.0, gutter)
            if columns * rows == 0:
                continue
            grid = grid_layout(card, half, columns, rows, 0.0, gutter)
            dx, dy = box.x - card.bleed, box.y - card.bleed
            placements = tuple(
                replace(
                    p,
                    trim=_moved(p.trim, dx, dy),
                    bleed=_moved(p.bleed, dx, dy),
                    safe=_moved(p.safe, dx, dy),
                )
                for p in grid.placements
            )
            sheet = replace(grid, paper=chosen, placements=placements)
            found = FoldLayout(sheet, axis)  # type: ignore[arg-type]
            if best is None or sheet.per_sheet > best.sheet.per_sheet:
                best = found
    if best is None:
        raise OptionError(
            f"a {card.width / INCH:g} x {card.height / INCH:g} in card does not fit twice"
            f" (front and back) on {paper.name} paper: use --layout duplex"
        )
    return best


def _moved(r: Rect, dx: float, dy: float) -> Rect:
    return Rect(r.x + dx, r.y + dy, r.width, r.height)


def gutterfold_pages(
    cards: Sequence[T],
    draw_front: Callable[[T], Sequence[Item]],
    draw_back: Callable[[T], Sequence[Item]],
    size: CardSize,
    paper: Paper,
    *,
    gutter: Gutter = "shared",
) -> Sequence[Page]:
    """A deck printed one-sided: each sheet holds fronts and, mirrored about the fold line
    (dashed), their backs. Fold along it, glue or hold the halves, cut along the marks."""
    fold = fold_layout(size, paper, gutter)
    layout = fold.sheet
    sheets = layout.sheet_count(len(cards))

    def sheet(number: int) -> Page:
        first, batch, used = on_sheet(cards, layout, number)
        backs = [fold.back(slot) for slot in used]
        turned = fold.fold == "horizontal"
        items: list[Item] = [
            place_card(draw_front(c), slot) for c, slot in zip(batch, used, strict=True)
        ]
        # a turned back turns about its card's centre (its whole bleed is symmetric about
        # it), then is clipped to the slot's bleed, which shared cut lines make lopsided
        items += [
            Group(
                (Group(tuple(draw_back(c)), clip=size.bleed_rect, turned=True),)
                if turned
                else tuple(draw_back(c)),
                slot.trim.x,
                slot.trim.y,
                slot_clip(slot),
            )
            for c, slot in zip(batch, backs, strict=True)
        ]
        both = fold.both(used)
        items.extend(both.crop_marks(both.placements))
        items.append(_fold_line(fold))
        where = "fold on the dashed line"
        items.extend(sheet_label(both, both.placements, number + 1, sheets, where))
        page = sheet_page(both, items, both.placements, first)
        cards_on = tuple(
            PlacedCard(first + n, side, p.trim, p.bleed)
            for side, slots in (("front", used), ("back", backs))
            for n, p in enumerate(slots)
        )
        return replace(page, cards=cards_on)

    return LazyPages(sheets, sheet)


def _fold_line(fold: FoldLayout) -> Line:
    paper = fold.sheet.paper
    if fold.fold == "vertical":
        x = paper.width / 2
        return Line(x, EDGE, x, paper.height - EDGE, stroke=DARK, line_width=0.5, dash=(4, 3))
    y = paper.height / 2
    return Line(EDGE, y, paper.width - EDGE, y, stroke=DARK, line_width=0.5, dash=(4, 3))
