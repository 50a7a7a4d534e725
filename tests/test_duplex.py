"""Duplex decks: backs behind their fronts after a long-edge flip, the back offset, shared
cut lines, and the alignment test sheet."""

from __future__ import annotations

import itertools

import pypdf
import pytest

from sheetsmith.definition import load
from sheetsmith.games.space.alignment import back as alignment_back
from sheetsmith.games.space.alignment import front as alignment_front
from sheetsmith.games.space.cards import deck_layout
from sheetsmith.print.bounds import bounds, inside, overlaps
from sheetsmith.print.card_sheets import duplex_pages, flip_point
from sheetsmith.print.decks import deck_pages
from sheetsmith.print.imposition import (
    EDGE,
    MARK_OFFSET,
    POKER,
    POSTCARD,
    CardSize,
    layout_sheet,
)
from sheetsmith.print.paper import A4, LETTER, Paper
from sheetsmith.print.primitives import INCH, MM, Circle, Group, Item, Line, Page, Rect, Text
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions


def named(prefix: str):
    def draw(card: int) -> list[Item]:
        return [Text(10, 10, f"{prefix} {card}")]

    return draw


def long_edge_flip(page: Page, x: float, y: float) -> tuple[float, float]:
    """Turning the physical sheet over about its long edge, written out independently of
    `flip_point`: the axis runs through the sheet's centre, parallel to the longer side."""
    if page.height >= page.width:  # the long edges are vertical: left and right swap
        return (page.width - x, y)
    return (x, page.height - y)  # the long edges are horizontal: top and bottom swap


def centre_of(group: Group, card: CardSize) -> tuple[float, float]:
    return (group.dx + card.width / 2, group.dy + card.height / 2)


def card_groups(page: Page) -> list[Group]:
    return [item for item in page.items if isinstance(item, Group)]


CASES = [
    (POKER, LETTER, "portrait", "separate"),
    (POKER, LETTER, "landscape", "separate"),
    (POKER, A4, "auto", "separate"),
    (POKER, LETTER, "auto", "shared"),
    (POSTCARD, A4, "auto", "separate"),
    (CardSize(2 * INCH, 3 * INCH), LETTER, "landscape", "shared"),
]


@pytest.mark.parametrize(("card", "paper", "orientation", "gutter"), CASES)
def test_each_back_lands_behind_its_front(card: CardSize, paper: Paper, orientation, gutter):
    layout = layout_sheet(card, paper, orientation=orientation, gutter=gutter)
    count = layout.per_sheet + 2  # a full sheet and a partial one
    pages = deck_pages(
        list(range(count)),
        named("front"),
        named("back"),
        card,
        paper,
        orientation=orientation,
        gutter=gutter,
    )
    assert len(pages) == 4
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert (front.width, front.height) == (back.width, back.height)
        fronts, backs = card_groups(front), card_groups(back)
        assert len(fronts) == len(backs)
        for f, b in zip(fronts, backs, strict=True):
            assert f.items[0].text.split()[1] == b.items[0].text.split()[1]  # same card
            fx, fy = centre_of(f, card)
            assert long_edge_flip(back, *centre_of(b, card)) == pytest.approx((fx, fy))
            # the whole bleed area mirrors too (shared cut lines: outer bleed only)
            assert f.clip is not None and b.clip is not None
            assert (b.clip.width, b.clip.height) == pytest.approx((f.clip.width, f.clip.height))
            fx0, fy0 = f.dx + f.clip.x, f.dy + f.clip.y
            bx0, by0 = long_edge_flip(back, b.dx + b.clip.x, b.dy + b.clip.y)
            bx1, by1 = long_edge_flip(
                back, b.dx + b.clip.x + b.clip.width, b.dy + b.clip.y + b.clip.height
            )
            assert (min(bx0, bx1), min(by0, by1)) == pytest.approx((fx0, fy0))


def test_portrait_mirrors_columns_and_landscape_mirrors_rows():
    portrait = layout_sheet(POKER, LETTER, orientation="portrait")
    landscape = layout_sheet(POKER, LETTER, orientation="landscape")
    assert (portrait.columns, portrait.rows) == (2, 2)
    assert (landscape.columns, landscape.rows) == (3, 2)
    for layout in (portrait, landscape):
        pages = deck_pages(
            list(range(layout.per_sheet)),
            named("f"),
            named("b"),
            POKER,
            LETTER,
            orientation="portrait" if layout is portrait else "landscape",
        )
        back_slots = {}
        for group in card_groups(pages[1]):
            card = int(group.items[0].text.split()[1])
            back_slots[card] = group
        for slot in layout.placements:
            back = back_slots[slot.slot]
            # which slot of the front grid does the back occupy?
            match = [
                p
                for p in layout.placements
                if (p.trim.x, p.trim.y) == pytest.approx((back.dx, back.dy))
            ]
            (other,) = match
            if layout is portrait:
                assert (other.row, other.column) == (slot.row, layout.columns - 1 - slot.column)
            else:
                assert (other.row, other.column) == (layout.rows - 1 - slot.row, slot.column)


def test_flip_point_is_an_involution():
    for paper in (LETTER.portrait, LETTER.landscape, A4.portrait, A4.landscape):
        for x, y in ((0, 0), (100, 37.5), (paper.width, paper.height)):
            assert flip_point(paper, *flip_point(paper, x, y)) == pytest.approx((x, y))


@pytest.mark.parametrize("offset", [(1.5, 0.0), (0.0, -2.0), (-0.7, 3.2)])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_back_offset_shifts_every_back_by_exactly_that(offset, orientation):
    args = (list(range(5)), named("f"), named("b"), POKER, LETTER)
    plain = deck_pages(*args, orientation=orientation)
    shifted = deck_pages(*args, back_offset_mm=offset, orientation=orientation)
    # fronts do not move
    assert plain[0] == shifted[0]
    for a, b in zip(card_groups(plain[1]), card_groups(shifted[1]), strict=True):
        assert (b.dx - a.dx) / MM == pytest.approx(offset[0])
        assert (b.dy - a.dy) / MM == pytest.approx(offset[1])
        assert b.clip == a.clip
    assert shifted[1].trim_box is not None and plain[1].trim_box is not None
    assert (shifted[1].trim_box.x - plain[1].trim_box.x) / MM == pytest.approx(offset[0])
    assert (shifted[1].trim_box.y - plain[1].trim_box.y) / MM == pytest.approx(offset[1])


def test_backs_have_bleed_but_no_crop_marks():
    pages = deck_pages(list(range(4)), named("f"), named("b"), POKER, LETTER)
    front, back = pages
    assert any(isinstance(item, Line) for item in front.items)
    # the back's only lines are its scale check, in the margin below the cards
    assert back.bleed_box is not None
    lines = [item for item in back.items if isinstance(item, Line)]
    assert len(lines) == 3 and all(max(i.y1, i.y2) < back.bleed_box.y for i in lines)
    for group in card_groups(back):
        assert group.clip == POKER.bleed_rect
    assert back.bleed_box is not None and back.trim_box is not None
    assert inside(back.trim_box.corners(), back.bleed_box.corners())


def test_without_backs_only_fronts():
    pages = deck_pages(list(range(7)), named("f"), None, POKER, LETTER)
    assert len(pages) == 2
    assert all(not isinstance(item, Group) or "f" in item.items[0].text for item in pages[1].items)


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_shared_cut_lines_fit_the_most_poker_cards_with_printable_marks(paper: Paper):
    """3x3 on A4; on Letter a 3x3 block leaves 1/8 in at top and bottom, inside the
    printer's blank edge, so the sheet turns: 4x2, every mark printable."""
    layout = layout_sheet(POKER, paper, gutter="shared")
    if paper is A4:
        assert (layout.columns, layout.rows) == (3, 3)
        assert layout.paper.width < layout.paper.height  # portrait
    else:
        assert (layout.columns, layout.rows) == (4, 2)
        assert layout.paper.width > layout.paper.height  # landscape
    slots = layout.placements
    # neighbours abut trim to trim: one cut serves both
    for a in slots:
        for b in slots:
            if a.row == b.row and b.column == a.column + 1:
                assert b.trim.x == pytest.approx(a.trim.x1)
            if a.column == b.column and b.row == a.row + 1:
                assert b.trim.y1 == pytest.approx(a.trim.y)
    # bleed only around the outside of the block, inside the paper, never overlapping
    block = layout.grid_bleed
    trims = Rect(
        min(s.trim.x for s in slots),
        min(s.trim.y for s in slots),
        max(s.trim.x1 for s in slots) - min(s.trim.x for s in slots),
        max(s.trim.y1 for s in slots) - min(s.trim.y for s in slots),
    )
    assert block.width == pytest.approx(trims.width + 2 * POKER.bleed)
    assert block.height == pytest.approx(trims.height + 2 * POKER.bleed)
    assert inside(block.corners(), (0, 0, layout.paper.width, layout.paper.height))
    for a in slots:
        for b in slots:
            if a is not b:
                assert not overlaps(a.bleed.corners(), b.bleed.corners(), tolerance=1e-6)
    # every cut line gets marks, and no mark touches any card's bleed
    marks = layout.crop_marks(slots)
    xs = {round(x, 6) for s in slots for x in (s.trim.x, s.trim.x1)}
    ys = {round(y, 6) for s in slots for y in (s.trim.y, s.trim.y1)}
    assert len(xs) == layout.columns + 1 and len(ys) == layout.rows + 1
    assert {round(m.x1, 6) for m in marks if m.x1 == m.x2} == xs
    assert {round(m.y1, 6) for m in marks if m.y1 == m.y2} == ys
    paper_box = (0, 0, layout.paper.width, layout.paper.height)
    for mark in marks:
        ink = bounds(mark)
        assert inside(ink, paper_box)
        for slot in slots:
            # never on a card, and at least MARK_OFFSET from every trim edge
            assert not overlaps(ink, slot.trim.inset(-MARK_OFFSET + 1e-6).corners())
        # a mark may cross the outer bleed (white on cards made for shared cuts, and cut
        # away) where the margin is narrow, but always prints
        printable = (EDGE, EDGE, layout.paper.width - EDGE, layout.paper.height - EDGE)
        assert inside(ink, printable)


def test_separate_bleeds_keep_crop_marks_outside_every_bleed():
    for paper, orientation in itertools.product((LETTER, A4), ("portrait", "landscape")):
        pages = deck_pages(
            list(range(7)), named("f"), named("b"), POKER, paper, orientation=orientation
        )
        for front in pages[::2]:
            groups = card_groups(front)
            bleeds = [
                (g.dx + g.clip.x, g.dy + g.clip.y, g.dx + g.clip.x1, g.dy + g.clip.y1)
                for g in groups
                if g.clip is not None
            ]
            marks = [item for item in front.items if isinstance(item, Line)]
            assert marks
            for mark in marks:
                assert inside(bounds(mark), (0, 0, front.width, front.height))
                for bleed in bleeds:
                    assert not overlaps(bounds(mark), bleed)


# -- the alignment test ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def game():
    return load("personal-space")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_alignment_pdf_is_one_sheet_front_and_back(game, tmp_path, paper):
    (entry,) = render_game(game, tmp_path, RenderOptions(paper=paper, components=("alignment",)))
    assert entry.path == tmp_path / "personal-space" / "alignment.pdf"
    assert (entry.count, entry.pages) == (1, 2)
    reader = pypdf.PdfReader(entry.path)
    assert len(reader.pages) == 2
    # the card sheets' layout: Letter landscape (4x2), A4 portrait (3x3)
    expected = {"letter": (792.0, 612.0), "a4": (595.28, 841.89)}[paper]
    for page in reader.pages:
        size = (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2))
        assert size == expected
        assert "/TrimBox" in page and "/BleedBox" in page
    front_text = reader.pages[0].extract_text()
    assert "flip on long edge" in front_text and "back offset" in front_text


def centre_cross(front: Page) -> list[tuple[float, float]]:
    """The centre of each card's cross on the front page (where its two long arms meet)."""
    found = []
    for group in card_groups(front):
        circles = [i for i in group.items if isinstance(i, Circle)]
        (circle,) = circles
        found.append((group.dx + circle.cx, group.dy + circle.cy))
    return found


def ruler_zeros(back: Page) -> list[tuple[float, float]]:
    """Each back card's ruler zero: x of the across ruler's zero tick, y of the up one's."""
    found = []
    for group in card_groups(back):
        lines = [i for i in group.items if isinstance(i, Line) and i.line_width == 0.7]
        vertical = next(i for i in lines if i.x1 == i.x2)  # the X ruler's zero tick
        horizontal = next(i for i in lines if i.y1 == i.y2)  # the Y ruler's zero tick
        found.append((group.dx + vertical.x1, group.dy + horizontal.y1))
    return found


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -2.0), (-0.8, 0.6)])
def test_alignment_rulers_read_the_offset_in_use(offset):
    """Simulate the print: turn the sheet over, and see where each front cross falls on the
    back's rulers. A perfect printer reads -offset: the offset in use plus the reading is
    the correction (zero once the offset matches the printer)."""
    layout = deck_layout(LETTER)
    slots = list(range(layout.per_sheet))
    front, back = duplex_pages(
        slots,
        lambda s: alignment_front(s, offset),
        lambda s: alignment_back(s, offset),
        layout,
        offset,
    )
    crosses = centre_cross(front)
    zeros = ruler_zeros(back)
    assert len(crosses) == len(zeros) == layout.per_sheet == 8  # 4x2: Letter turned
    for cross in crosses:
        seen = long_edge_flip(back, *cross)  # where the cross shows through the back
        # the nearest ruler zero is that card's
        zero = min(zeros, key=lambda z: (z[0] - seen[0]) ** 2 + (z[1] - seen[1]) ** 2)
        reading = ((seen[0] - zero[0]) / MM, (seen[1] - zero[1]) / MM)
        assert reading == pytest.approx((-offset[0], -offset[1]), abs=1e-9)


@pytest.mark.parametrize("count", [1, 2, 4, 5, 7, 8])
def test_a_sheet_the_deck_does_not_fill_has_bleed_on_every_open_edge(count):
    from sheetsmith.print.imposition import opened

    layout = layout_sheet(POKER, LETTER, gutter="shared")
    used = opened(layout, count)
    b = POKER.bleed
    taken = {(p.row, p.column) for p in used}
    for p in used:
        for side, neighbour in (
            ("right", (p.row, p.column + 1)),
            ("bottom", (p.row + 1, p.column)),
        ):
            reach = p.bleed.x1 - p.trim.x1 if side == "right" else p.trim.y - p.bleed.y
            assert reach == pytest.approx(0.0 if neighbour in taken else b), (count, p.slot, side)
        assert p.trim.x - p.bleed.x == pytest.approx(b if p.column == 0 else 0.0)
        assert p.bleed.y1 - p.trim.y1 == pytest.approx(b if p.row == 0 else 0.0)
    for a in used:  # a bleed may reach into the cut-away corner, never into another card
        for other in used:
            if a is not other:
                assert not overlaps(a.bleed.corners(), other.trim.corners(), tolerance=1e-6)
    # the back page's BleedBox covers every back's bleed, mirrored
    pages = duplex_pages(list(range(count)), lambda _: [], lambda _: [], layout)
    back = pages[1]
    assert back.bleed_box is not None
    assert back.bleed_box.width == pytest.approx(
        max(p.bleed.x1 for p in used) - min(p.bleed.x for p in used)
    )
