"""My Corner of the Sky, page 2: every ability and supporter as a panel to buy.

A panel shows its cost boxes above its name (or "held from the start"), its effect, and
dashed slots for the dice it takes. Cost rows too long for a panel wrap onto a second
line rather than shrink, so every box stays big enough to fill with a pencil.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from sheetsmith.games.sky.model import Box, BoxKind, SkyGame, Upgrade
from sheetsmith.games.sky.parts import (
    HEADING_H,
    compact_header,
    content_frame,
    heading,
    page_registration,
    readable_page,
)
from sheetsmith.games.sky.symbols import box_height, cost_row, cost_row_width, researcher_mark
from sheetsmith.photo.marks import Mark, ReadablePage
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label, fit_size
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import GREY, MM, PALE, Item, Page, Rect, Text, TextBox
from sheetsmith.print.text import block_height, wrap

COLUMNS = 4
GAP = 6.0  # between panels
PAD = 5.0  # inside a panel
SECTION_GAP = 10.0
BOX = 16.0  # cost box size: 0.22 in, a pencil fills it in one go
MIN_BOX = 14.0
INLINE_MAX = 5  # cost rows this short never wrap
EFFECT_SIZE = 8.0
NAME_SIZE = 10.0
SLOT = 15 * MM  # dice slots: a 16 mm die covers the dashes, a 12 mm one sits inside
START_LABEL = "held from the start"
SLOT_LETTER = (0.45, 0.45, 0.45)  # a slot's die letter: quiet under a die, 4.5:1 on white


@dataclass(frozen=True, slots=True)
class PanelRow:
    upgrades: tuple[Upgrade, ...]
    band: float  # height of the tallest cost band in the row: names line up below it
    height: float


def upgrades_page(game: SkyGame, paper: Paper) -> Page:
    return readable_upgrades_page(game, paper)[0]


def readable_upgrades_page(game: SkyGame, paper: Paper) -> tuple[Page, ReadablePage]:
    """Page 2, and where its markers, code and cost boxes are: one geometry for both."""
    reg = page_registration(game, "upgrades", paper)
    content = content_frame(paper)
    # the header's one line sits below the page code, which takes the top right corner
    header, rest = content.take_top(max(20.0, content.top - reg.code_bottom + 8), gap=8)
    items = compact_header(game, header, "abilities and supporters", 2, 2)
    marks: list[Mark] = []
    width = (rest.width - (COLUMNS - 1) * GAP) / COLUMNS
    groups = (("ABILITIES", game.abilities), ("SUPPORTERS", game.supporters))
    box = _box_size(game.upgrades, width - 2 * PAD)
    while True:
        rows = {title: _rows(upgrades, width, box) for title, upgrades in groups}
        needed = sum(_block_height(rs, 0.0) for rs in rows.values())
        needed += SECTION_GAP * (len(groups) - 1)
        if needed <= rest.height or box <= MIN_BOX:
            break
        box -= 0.25
    # give what is left to every panel alike (as room under the effect text)
    n_rows = sum(len(rs) for rs in rows.values())
    grow = min(max(0.0, rest.height - needed) / n_rows, 20.0)
    frame = rest
    for title, _ in groups:
        block_h = (
            HEADING_H + sum(r.height + grow for r in rows[title]) + GAP * (len(rows[title]) - 1)
        )
        block, frame = frame.take_top(block_h, gap=SECTION_GAP)
        items += heading(block, title)
        top = block.top - HEADING_H
        for row in rows[title]:
            h = row.height + grow
            for col, upgrade in enumerate(row.upgrades):
                x = block.x + col * (width + GAP)
                panel = Frame(x, top - h, width, h)
                items += upgrade_panel(upgrade, panel, box, row.band, marks)
            top -= h + GAP
    items += reg.items
    page = Page(paper.width, paper.height, tuple(items))
    return page, readable_page(game, "upgrades", paper, reg, marks, "abilities and supporters")


def _box_size(upgrades: Sequence[Upgrade], inner: float) -> float:
    """The largest box size, up to `BOX`, at which short cost rows stay on one line.

    Rows of more than `INLINE_MAX` boxes wrap instead: shrinking every box on the page
    to fit the longest row would leave them too small for a pencil.
    """
    short = [u.cost for u in upgrades if 0 < len(u.cost) <= INLINE_MAX]
    if not short:
        return BOX
    return max(MIN_BOX, min(BOX, *(inner / cost_row_width(c, 1.0) for c in short)))


def _block_height(rows: Sequence[PanelRow], grow: float) -> float:
    """A section: its heading and its rows of panels, each grown by `grow`."""
    return HEADING_H + sum(r.height + grow for r in rows) + GAP * (len(rows) - 1)


def cost_lines(cost: Sequence[Box], width: float, box: float) -> tuple[tuple[Box, ...], ...]:
    """The cost boxes as one line, or split evenly over as few lines as fit `width`."""
    for n in range(1, len(cost) + 1):
        per = math.ceil(len(cost) / n)
        lines = tuple(tuple(cost[i : i + per]) for i in range(0, len(cost), per))
        if all(cost_row_width(line, box) <= width for line in lines):
            return lines
    return tuple((b,) for b in cost)


def _line_pitch(box: float) -> float:
    return box_height(Box(BoxKind.EXPERIENCE), box) + 2.0


def _cost_band(upgrade: Upgrade, width: float, box: float) -> float:
    lines = 1 if upgrade.start else len(cost_lines(upgrade.cost, width, box))
    return lines * _line_pitch(box) + 2.0


def _effect_height(upgrade: Upgrade, width: float) -> float:
    return block_height(len(wrap(upgrade.effect, EFFECT_SIZE, width)), EFFECT_SIZE, 1.2)


def _dice_height(upgrade: Upgrade) -> float:
    return SLOT + 6.0 if upgrade.dice else 0.0


def _rows(upgrades: Sequence[Upgrade], width: float, box: float) -> list[PanelRow]:
    inner = width - 2 * PAD
    rows = []
    for first in range(0, len(upgrades), COLUMNS):
        chunk = tuple(upgrades[first : first + COLUMNS])
        band = max(_cost_band(u, inner, box) for u in chunk)
        height = 2 * PAD + (
            band
            + 5.0
            + NAME_SIZE * 1.2
            + 3.0
            + max(_effect_height(u, inner) for u in chunk)
            + max(_dice_height(u) for u in chunk)
        )
        rows.append(PanelRow(chunk, band, height))
    return rows


_DIE_NAMES = re.compile(r"^(?:Die ([A-Z])|Dice ([A-Z]) and ([A-Z])):")


def die_labels(upgrade: Upgrade) -> tuple[str, ...]:
    """The letters the effect text gives its dice ("Dice A and B: ..."), one per slot."""
    match = _DIE_NAMES.match(upgrade.effect)
    letters = tuple(g for g in match.groups() if g) if match else ()
    return letters if len(letters) == upgrade.dice else ("",) * upgrade.dice


def upgrade_panel(
    upgrade: Upgrade, frame: Frame, box: float, band: float, marks: list[Mark] | None = None
) -> list[Item]:
    """One panel; `band` is the row's cost band height, so names line up across a row.
    With `marks`, its cost boxes are recorded there as "<abilities|supporters>.<id>:<i>"."""
    items: list[Item] = [frame.rect(radius=5, line_width=1.0)]
    inner = frame.inset(PAD)
    pitch = _line_pitch(box)
    if upgrade.start:
        cy = inner.top - band / 2
        w = text_width(START_LABEL, 8, True) + 16
        items.append(Rect(inner.cx - w / 2, cy - 8, w, 16, radius=8, stroke=None, fill=PALE))
        items.append(centred_label(inner.cx, cy, START_LABEL, 8, bold=True))
    else:
        lines = cost_lines(upgrade.cost, inner.width, box)
        cy = inner.top - (band - len(lines) * pitch) / 2 - pitch / 2
        key, first = f"{upgrade.group}.{upgrade.id}", 0
        for line in lines:
            items += cost_row(
                line, inner.cx, cy, box, centred=True, key=key, first=first, marks=marks
            )
            first += len(line)
            cy -= pitch
    y = inner.top - band
    name_size = fit_size(upgrade.name, inner.width - 16, NAME_SIZE, 7.5, bold=True)
    base = y - 5.0 - NAME_SIZE * 0.93
    items.append(Text(inner.cx, base, upgrade.name, name_size, bold=True, anchor="middle"))
    if upgrade.marks:
        w = text_width(upgrade.name, name_size, True)
        items.append(researcher_mark(inner.cx + w / 2 + 9, base + name_size * 0.36, 9.0))
    effect_top = base - NAME_SIZE * 0.27 - 3.0
    dice_h = _dice_height(upgrade)
    items.append(
        TextBox(
            inner.x,
            inner.y + dice_h,
            inner.width,
            effect_top - inner.y - dice_h,
            upgrade.effect,
            size=EFFECT_SIZE,
            min_size=7.0,
            align="center",
        )
    )
    slot_pitch = SLOT + 6
    first = inner.cx - slot_pitch * (upgrade.dice - 1) / 2
    for j, letter in enumerate(die_labels(upgrade)):
        x = first + j * slot_pitch
        items.append(
            Rect(
                x - SLOT / 2,
                inner.y,
                SLOT,
                SLOT,
                radius=4,
                stroke=GREY,
                line_width=0.8,
                dash=(3.0, 2.0),
            )
        )
        if letter:
            items.append(
                centred_label(x, inner.y + SLOT / 2, letter, 12, bold=True, colour=SLOT_LETTER)
            )
    return items
