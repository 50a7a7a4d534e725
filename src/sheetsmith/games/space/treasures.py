"""Personal Space: the treasures card, where a player keeps belongings at home.

Two cards to a page (a player needs one for the whole game, so one page serves two), cut
apart along the dashed line. Each card: the player's name, what Transfer does, the
numbered spaces to write belongings in (several of one item share a space, as in a
pocket), where lottery prizes go, and the scale check. Written on in pencil: no backs, no
dark areas.
"""

from __future__ import annotations

from sheetsmith.games.space.board_parts import (
    GUTTER,
    SCALE_CHECK_H,
    YELLOW_PALE,
    content_frame,
    die_face,
    scale_check,
    write_component,
)
from sheetsmith.games.space.cards import NIGHT, TINT
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.output import Output
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label, rule
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import (
    DARK,
    GREY,
    LIGHT,
    WHITE,
    Item,
    Line,
    Page,
    Rect,
    Text,
    TextBox,
)
from sheetsmith.print.text import block_height, wrap
from sheetsmith.render_options import RenderedFile, RenderOptions

CUT_GAP = 24.0  # between the two cards: the dashed cut line runs through its middle
BAND_H = 30.0
SIDE_W = 124.0  # the right column: lottery note and scale check
PAD = 10.0


def slot_grid(slots: int) -> tuple[int, int]:
    """(columns, rows) for the spaces: four across, as many rows as needed."""
    columns = min(4, slots)
    return columns, -(-slots // columns)


def card_items(game: SpaceGame, frame: Frame, paper: Paper) -> list[Item]:
    treasures = game.treasures
    items: list[Item] = [frame.rect(radius=10, stroke=NIGHT, line_width=1.4)]
    band = Frame(frame.x, frame.top - BAND_H, frame.width, BAND_H)
    items.append(Rect(band.x, band.y, band.width, band.height, radius=10, stroke=None, fill=TINT))
    items.append(Rect(band.x, band.y, band.width, 10, stroke=None, fill=TINT))
    items.append(Line(frame.x, band.y, frame.right, band.y, NIGHT, 0.8))
    items.append(
        centred_label(
            frame.x + PAD + 2,
            band.cy,
            treasures.name.upper(),
            15,
            bold=True,
            colour=NIGHT,
            anchor="start",
        )
    )
    # the player's name on a line at the band's right
    label_x = frame.x + PAD + text_width(treasures.name.upper(), 15, bold=True) + 26
    items.append(centred_label(label_x, band.cy, "Player", 9, colour=DARK, anchor="start"))
    items.append(
        rule(label_x + text_width("Player", 9) + 6, frame.right - PAD - 4, band.cy - 6, 0.6, GREY)
    )
    inner = Frame(frame.x + PAD, frame.y + PAD, frame.width - 2 * PAD, band.y - frame.y - 2 * PAD)
    how_h = 34.0
    how, rest = inner.take_top(how_h, gap=8)
    items.append(
        TextBox(how.x, how.y, how.width, how.height, treasures.how, size=9.5, min_size=7.5)
    )
    side, grid = rest.take_right(SIDE_W, gap=GUTTER)
    items += slots(treasures.slots, grid)
    items += side_column(game, side, paper)
    return items


def slots(count: int, frame: Frame) -> list[Item]:
    """Numbered spaces with two writing lines each: an item and how many."""
    columns, rows = slot_grid(count)
    gap = 6.0
    w = (frame.width - (columns - 1) * gap) / columns
    h = (frame.height - (rows - 1) * gap) / rows
    items: list[Item] = []
    for k in range(count):
        c, r = k % columns, k // columns
        x = frame.x + c * (w + gap)
        y = frame.top - (r + 1) * h - r * gap
        items.append(Rect(x, y, w, h, radius=5, stroke=DARK, line_width=0.8, fill=WHITE))
        items.append(Text(x + 5, y + h - 10, str(k + 1), 7.5, bold=True, colour=DARK))
        for line_y in (y + h * 0.52, y + h * 0.2):
            items.append(rule(x + 16, x + w - 6, line_y, 0.5, LIGHT))
    return items


def side_column(game: SpaceGame, frame: Frame, paper: Paper) -> list[Item]:
    """Where lottery prizes go (a die as its mark), then the scale check at the foot."""
    scale, top = frame.take_bottom(SCALE_CHECK_H, gap=6)
    names = ", ".join(p.name for p in game.lottery.prizes if p.item)
    text = f"Won at the end of the day ({names}): write it in a free space."
    text_h = block_height(len(wrap(text, 8.0, top.width - 12)), 8.0)
    box = Frame(top.x, top.top - text_h - 34, top.width, text_h + 34)
    items: list[Item] = [
        Rect(box.x, box.y, box.width, box.height, radius=5, stroke=None, fill=YELLOW_PALE)
    ]
    items += die_face(box.x + 14, box.top - 14, 16, 6)
    items.append(Text(box.x + 28, box.top - 17, "Lottery prizes", 8.5, bold=True))
    items.append(
        TextBox(
            box.x + 6, box.y + 6, box.width - 12, text_h, text, size=8.0, min_size=7.0, colour=DARK
        )
    )
    items += scale_check(scale, paper)
    return items


def treasures_page(game: SpaceGame, paper: Paper) -> Page:
    content = content_frame(paper)
    half = (content.height - CUT_GAP) / 2
    top = Frame(content.x, content.top - half, content.width, half)
    bottom = Frame(content.x, content.y, content.width, half)
    items = card_items(game, top, paper) + card_items(game, bottom, paper)
    cut_y = content.y + half + CUT_GAP / 2
    items.append(Line(content.x, cut_y, content.right, cut_y, GREY, 0.6, dash=(4.0, 3.0)))
    items.append(Rect(content.cx - 18, cut_y - 5, 36, 10, stroke=None, fill=WHITE))
    items.append(centred_label(content.cx, cut_y, "cut", 7, colour=DARK))
    return Page(paper.width, paper.height, tuple(items))


def render_treasures(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    pages = [treasures_page(game, paper_named(options.paper))]
    return write_component(game, out_dir, "treasures", pages, 2, "treasures cards", options.paper)
