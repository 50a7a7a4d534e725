"""Card and tile sheets a home printer can print: every crop mark at least 6 mm from the
paper edge, on Letter and A4, duplex and gutterfold, for every component of every game;
each sheet labelled (game, component, sheet n of m, side) with a 1 in scale check; and the
gutterfold's backs exactly behind their fronts once folded."""

from __future__ import annotations

import pytest

from printcheck import EDGE, rendered_pages
from sheetsmith.print.bounds import bounds, inside, walk
from sheetsmith.print.decks import deck_pages
from sheetsmith.print.gutterfold import fold_layout
from sheetsmith.print.imposition import (
    DECK_STYLE,
    MARK_WIDTH,
    POKER,
    POSTCARD,
    CardSize,
    DeckStyle,
)
from sheetsmith.print.paper import A4, LETTER
from sheetsmith.print.primitives import INCH, Group, Line, Page, Rect, Text

CASES = [(paper, layout) for paper in ("letter", "a4") for layout in ("duplex", "gutterfold")]


def sheets(paper: str, layout: str) -> dict[tuple[str, str], list[Page]]:
    return {k: v for k, v in rendered_pages(paper, layout=layout).items() if v and v[0].cards}


def loose_items(page: Page) -> list:
    """What a sheet draws outside its cards: crop marks, the label, the fold line."""
    return [item for item in page.items if not isinstance(item, Group)]


@pytest.mark.parametrize(("paper", "layout"), CASES)
def test_every_mark_and_label_prints(paper, layout):
    """Nothing a sheet draws outside its cards comes within 6 mm of the edge, and every
    card's safe zone (what must print) lies inside the printable area."""
    problems = []
    for (game, component), pages in sheets(paper, layout).items():
        for number, page in enumerate(pages, start=1):
            area = (EDGE, EDGE, page.width - EDGE, page.height - EDGE)
            for item in loose_items(page):
                if not inside(bounds(item), area):
                    problems.append((game, component, number, item))
            for card in page.cards:
                safe = card.trim.inset(INCH / 16)
                if not inside(safe.corners(), area):
                    problems.append((game, component, number, "card", card.index, card.side))
    assert not problems, problems[:10]


@pytest.mark.parametrize(("paper", "layout"), CASES)
def test_every_cut_line_is_marked(paper, layout):
    """Each trim edge of a front has a crop mark in line with it."""
    for (game, component), pages in sheets(paper, layout).items():
        for page in pages:
            fronts = [c for c in page.cards if c.side == "front"]
            if not fronts:
                continue
            marks = [i for i in loose_items(page) if isinstance(i, Line) and not i.dash]
            xs = {round(m.x1, 3) for m in marks if m.x1 == m.x2}
            ys = {round(m.y1, 3) for m in marks if m.y1 == m.y2}
            for card in fronts:
                for x in (card.trim.x, card.trim.x1):
                    assert round(x, 3) in xs, (game, component, card.index, "x", x)
                for y in (card.trim.y, card.trim.y1):
                    assert round(y, 3) in ys, (game, component, card.index, "y", y)


@pytest.mark.parametrize(("paper", "layout"), CASES)
def test_every_sheet_is_labelled_and_carries_a_scale_check(paper, layout):
    for (game, component), pages in sheets(paper, layout).items():
        count = len([p for p in pages if any(c.side == "front" for c in p.cards)])
        fronts_seen = 0
        for page in pages:
            if not page.cards:
                continue
            texts = [i.text for i in loose_items(page) if isinstance(i, Text)]
            label = next((t for t in texts if " of " in t), "")
            fronts = any(c.side == "front" for c in page.cards)
            fronts_seen += fronts
            # fronts and backs on one sheet (the alignment test stays a duplex sheet)
            folds = {c.side for c in page.cards} == {"front", "back"}
            side = "fold" if folds else ("front" if fronts else "back")
            assert f"sheet {fronts_seen} of {count}" in label, (game, component, texts)
            assert side in label and component in label, (game, component, label)
            assert "1 in = 25.4 mm" in texts
            bars = [
                i
                for i in loose_items(page)
                if isinstance(i, Line) and i.y1 == i.y2 and i.line_width == MARK_WIDTH
            ]
            assert any(abs(abs(b.x2 - b.x1) - INCH) < 1e-6 for b in bars), (game, component)


def test_letter_poker_sheets_turn_so_every_mark_prints():
    """A 3x3 poker block on Letter leaves 1/8 in at top and bottom, inside the printer's
    blank edge: the sheet turns to 4x2, where every mark prints. A4 keeps 3x3."""
    pages = rendered_pages("letter")[("personal-space", "actions")]
    assert pages[0].width > pages[0].height and len(pages[0].cards) == 8
    pages = rendered_pages("a4")[("personal-space", "actions")]
    assert pages[0].width < pages[0].height and len(pages[0].cards) == 9


def named(prefix: str):
    return lambda card: (Text(10, 10, f"{prefix}{card}", 9),)


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
@pytest.mark.parametrize("size", [POKER, POSTCARD, CardSize(1.5 * INCH, 1.5 * INCH)], ids=str)
def test_gutterfold_puts_each_back_behind_its_front(paper, size):
    fold = fold_layout(size, paper, "shared")
    token = DECK_STYLE.set(DeckStyle("Game", "deck", "gutterfold"))
    try:
        pages = deck_pages(
            list(range(fold.sheet.per_sheet + 1)),
            named("f"),
            named("b"),
            size,
            paper,
            gutter="shared",
        )
    finally:
        DECK_STYLE.reset(token)
    assert len(pages) == 2  # one-sided: no back sheets
    page = pages[0]
    fronts = {c.index: c for c in page.cards if c.side == "front"}
    backs = {c.index: c for c in page.cards if c.side == "back"}
    assert set(fronts) == set(backs) == set(range(fold.sheet.per_sheet))
    axis = page.width / 2 if fold.fold == "vertical" else page.height / 2
    for index, front in fronts.items():
        back = backs[index]
        if fold.fold == "vertical":  # mirrored about the fold: left edge to right edge
            assert back.trim.x1 == pytest.approx(2 * axis - front.trim.x)
            assert back.trim.y == pytest.approx(front.trim.y)
            assert front.bleed.x1 < axis < back.bleed.x
        else:
            assert back.trim.y1 == pytest.approx(2 * axis - front.trim.y)
            assert back.trim.x == pytest.approx(front.trim.x)
            assert back.bleed.y1 < axis < front.bleed.y
    # the back art is drawn upside down when the fold is horizontal, to read upright folded
    groups = [i for i in page.items if isinstance(i, Group)]
    turned = [g for g in groups if any(isinstance(i, Group) and i.turned for i in g.items)]
    assert len(turned) == (len(backs) if fold.fold == "horizontal" else 0)
    # the dashed fold line runs along the axis
    (line,) = [i for i in page.items if isinstance(i, Line) and i.dash]
    assert (
        (line.x1, line.x2) == (axis, axis)
        if fold.fold == "vertical"
        else (line.y1, line.y2) == (axis, axis)
    )
    # every back's text lands inside its own slot
    for group, (_, box) in zip(groups, [next(walk([g])) for g in groups], strict=True):
        assert inside(
            box,
            (
                group.dx + group.clip.x,
                group.dy + group.clip.y,
                group.dx + group.clip.x1,
                group.dy + group.clip.y1,
            ),
        )


def test_gutterfold_holds_four_poker_cards_on_letter_and_a4():
    for paper in (LETTER, A4):
        assert fold_layout(POKER, paper).sheet.per_sheet == 4


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_a_turned_back_turns_about_its_card_centre(paper):
    """On shared cut lines a slot's bleed is lopsided; the back still turns about the
    card's own centre, so its art lies exactly behind the front once folded."""
    mark = Rect(5.0, 5.0, 20.0, 10.0, stroke=None, fill=(0.0, 0.0, 0.0))
    token = DECK_STYLE.set(DeckStyle("Game", "deck", "gutterfold"))
    try:
        (page,) = deck_pages(
            list(range(4)), named("f"), lambda _: (mark,), POKER, paper, gutter="shared"
        )
    finally:
        DECK_STYLE.reset(token)
    backs = [c for c in page.cards if c.side == "back"]
    groups = [g for g in page.items if isinstance(g, Group)][len(backs) :]
    turned = fold_layout(POKER, paper, "shared").fold == "horizontal"
    for card, group in zip(backs, groups, strict=True):
        ((_, box),) = list(walk([group]))
        t = card.trim
        expected = (
            (t.x1 - 25.0, t.y1 - 15.0, t.x1 - 5.0, t.y1 - 5.0)
            if turned
            else (t.x + 5.0, t.y + 5.0, t.x + 25.0, t.y + 15.0)
        )
        assert box == pytest.approx(expected), card.index
