"""Cards on sheets: n-up placement, bleed, safe zone, crop marks and the PDF boxes."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetsmith.errors import OptionError
from sheetsmith.print.bounds import bounds, inside, overlaps, walk
from sheetsmith.print.card_sheets import impose
from sheetsmith.print.imposition import (
    BLEED,
    BLEED_3MM,
    POKER,
    POSTCARD,
    CardSize,
    SheetLayout,
    layout_sheet,
)
from sheetsmith.print.paper import A4, LETTER, Paper
from sheetsmith.print.pdf import DocumentInfo, write_pdf
from sheetsmith.print.primitives import INCH, MM, PALE, Group, Item, Line, Page, Rect, Text

EXACT = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}


def sample_card(card: CardSize):
    """A plain test card: a tint to the bleed edge, a safe-zone border and its name."""

    def draw(name: str) -> list[Item]:
        bleed, safe = card.bleed_rect, card.safe_rect
        return [
            Rect(bleed.x, bleed.y, bleed.width, bleed.height, stroke=None, fill=PALE),
            Rect(safe.x, safe.y, safe.width, safe.height, radius=6, line_width=1.5),
            Text(card.width / 2, card.height / 2, name, 14, bold=True, anchor="middle"),
        ]

    return draw


def box(rect: Rect) -> tuple[float, float, float, float]:
    return rect.corners()


def check_layout(layout: SheetLayout) -> None:
    paper = layout.paper
    slots = layout.placements
    assert len(slots) == layout.columns * layout.rows >= 1
    for slot in slots:
        assert inside(box(slot.trim), box(slot.bleed))
        assert inside(box(slot.safe), box(slot.trim))
        assert slot.safe.x - slot.trim.x == pytest.approx(layout.card.safe)
        assert slot.trim.x - slot.bleed.x == pytest.approx(layout.card.bleed)
        assert inside(box(slot.bleed), (0, 0, paper.width, paper.height))
    for a, b in itertools.combinations(slots, 2):
        assert not overlaps(box(a.bleed), box(b.bleed), tolerance=1e-6)
    # the grid is centred on the sheet
    grid = layout.grid_bleed
    assert grid.x == pytest.approx(paper.width - grid.x1)
    assert grid.y == pytest.approx(paper.height - grid.y1)
    # crop marks: in line with trim edges, on the paper, never inside any card's bleed
    marks = layout.crop_marks(slots)
    xs = {x for s in slots for x in (s.trim.x, s.trim.x1)}
    ys = {y for s in slots for y in (s.trim.y, s.trim.y1)}
    for mark in marks:
        assert inside(bounds(mark), (0, 0, paper.width, paper.height), tolerance=1e-6)
        for slot in slots:
            assert not overlaps(bounds(mark), box(slot.bleed)), (mark, slot)
        if mark.x1 == mark.x2:
            assert mark.x1 in xs
        else:
            assert mark.y1 == mark.y2 and mark.y1 in ys


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_poker_cards_fill_the_sheet(paper: Paper):
    layout = layout_sheet(POKER, paper)
    check_layout(layout)
    # with a 1/8 in bleed around each card, a landscape sheet holds the most
    assert layout.paper.width > layout.paper.height
    assert (layout.columns, layout.rows) == ((3, 2) if paper is LETTER else (4, 2))
    # every trim edge gets a mark at both ends of the grid
    marks = layout.crop_marks(layout.placements)
    vertical = [m for m in marks if m.x1 == m.x2]
    horizontal = [m for m in marks if m.y1 == m.y2]
    assert len(vertical) == 2 * 2 * layout.columns
    assert len(horizontal) == 2 * 2 * layout.rows


def test_orientation_can_be_forced():
    layout = layout_sheet(POKER, LETTER, orientation="portrait")
    check_layout(layout)
    assert (layout.paper.width, layout.paper.height) == (612.0, 792.0)
    assert (layout.columns, layout.rows) == (2, 2)


def test_safe_zone_is_an_eighth_inch_inside_the_trim():
    assert POKER.safe_rect == Rect(INCH / 8, INCH / 8, 2.5 * INCH - INCH / 4, 3.5 * INCH - INCH / 4)
    assert POKER.bleed_rect == Rect(-BLEED, -BLEED, 180 + 2 * BLEED, 252 + 2 * BLEED)


def test_a_card_too_big_for_the_paper_is_an_option_error():
    with pytest.raises(OptionError, match="does not fit"):
        layout_sheet(CardSize(9 * INCH, 12 * INCH), LETTER)


@settings(max_examples=150, deadline=None)
@given(
    width=st.floats(0.75, 7.5),
    height=st.floats(0.75, 7.5),
    bleed=st.sampled_from([0.0, BLEED_3MM, BLEED]),
    margin=st.sampled_from([0.2 * INCH, 0.25 * INCH, 10 * MM]),
    gap=st.sampled_from([0.0, 2.0, 6.0]),
    paper=st.sampled_from([LETTER, A4]),
)
def test_any_card_size_lays_out_cleanly(width, height, bleed, margin, gap, paper):
    card = CardSize(width * INCH, height * INCH, bleed=bleed)
    try:
        layout = layout_sheet(card, paper, margin=margin, gap=gap)
    except OptionError:
        # only when the card fits neither way round
        outer_w, outer_h = card.width + 2 * bleed + 2 * margin, card.height + 2 * bleed + 2 * margin
        for sheet in (paper.portrait, paper.landscape):
            assert outer_w > sheet.width + 1e-6 or outer_h > sheet.height + 1e-6
        return
    check_layout(layout)


@pytest.mark.parametrize("count", [1, 6, 7, 13])
def test_more_cards_than_fit_spill_onto_more_sheets(count: int):
    layout = layout_sheet(POKER, LETTER)
    names = [f"Card {i}" for i in range(1, count + 1)]
    pages = impose(names, sample_card(POKER), layout)
    assert len(pages) == layout.sheet_count(count) == -(-count // layout.per_sheet)
    placed = [item for page in pages for item in page.items if isinstance(item, Group)]
    assert len(placed) == count
    last = pages[-1]
    on_last = [item for item in last.items if isinstance(item, Group)]
    assert len(on_last) == count - layout.per_sheet * (len(pages) - 1)


def test_imposed_sheet_keeps_cards_in_their_bleed_and_marks_outside():
    layout = layout_sheet(POKER, A4)
    pages = impose([f"Card {i}" for i in range(5)], sample_card(POKER), layout)
    (page,) = pages
    groups = [item for item in page.items if isinstance(item, Group)]
    for group, slot in zip(groups, layout.placements, strict=False):
        # each card is clipped to its own bleed rectangle on the sheet
        assert group.clip is not None
        clip = (group.clip.x + group.dx, group.clip.y + group.dy)
        assert clip == pytest.approx((slot.bleed.x, slot.bleed.y))
        for _, ink in walk(group.items, group.dx, group.dy):
            assert inside(ink, box(slot.bleed), tolerance=1e-6)
    used = layout.placements[:5]
    for mark in (item for item in page.items if isinstance(item, Line)):
        for slot in layout.placements:
            assert not overlaps(bounds(mark), box(slot.bleed))
    assert page.trim_box == Rect(
        min(s.trim.x for s in used),
        min(s.trim.y for s in used),
        max(s.trim.x1 for s in used) - min(s.trim.x for s in used),
        max(s.trim.y1 for s in used) - min(s.trim.y for s in used),
    )


def rect_tuple(rect: Rect) -> tuple[float, ...]:
    return tuple(round(v, 3) for v in rect.corners())


def pdf_box(box) -> tuple[float, ...]:
    return tuple(round(float(v), 3) for v in (box.left, box.bottom, box.right, box.top))


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_pdf_carries_exact_page_size_trim_and_bleed_boxes(paper: Paper, tmp_path: Path):
    layout = layout_sheet(POKER, paper)
    names = [f"Card {i}" for i in range(1, layout.per_sheet + 3)]
    pages = impose(names, sample_card(POKER), layout)
    pdf = io.BytesIO()
    write_pdf(pages, pdf, DocumentInfo("test cards"))
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == 2
    for read, page in zip(reader.pages, pages, strict=True):
        size = (round(float(read.mediabox.width), 2), round(float(read.mediabox.height), 2))
        assert tuple(sorted(size)) == EXACT[paper.name]
        assert page.trim_box is not None and page.bleed_box is not None
        assert pdf_box(read.trimbox) == rect_tuple(page.trim_box)
        assert pdf_box(read.bleedbox) == rect_tuple(page.bleed_box)
        # the bleed box holds the trim box, and both hold whole cards only
        assert inside(rect_tuple(page.trim_box), rect_tuple(page.bleed_box))
    text = "".join(p.extract_text() for p in reader.pages)
    for name in names:
        assert name in text


def test_a_sheet_without_cards_has_no_trim_box(tmp_path: Path):
    pages = [
        impose(["A"], sample_card(POSTCARD), layout_sheet(POSTCARD, LETTER))[0],
        Page(612, 792, (Text(100, 100, "plain page"),)),
    ]
    pdf = io.BytesIO()
    write_pdf(pages, pdf, DocumentInfo("mixed"))
    reader = pypdf.PdfReader(pdf)
    assert "/TrimBox" in reader.pages[0]
    # reportlab carries boxes over to later pages unless told not to
    assert "/TrimBox" not in reader.pages[1]
    assert "/BleedBox" not in reader.pages[1]
