"""Personal Space: the daily sheet's legend: each action's letter code and grid shape."""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.space.board_parts import HEADING_H, heading
from sheetsmith.games.space.model import Action, SpaceGame
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, centred_label, fit_size
from sheetsmith.print.primitives import DARK, PALE, Item, Rect, Text, TextBox
from sheetsmith.print.text import block_height, cap_height, wrap

LEGEND_COLUMNS = 4
LEGEND_GAP = 10.0
CODE_BOX_W = 22.0
CODE_BOX_H = 14.0
LEGEND_NAME = 7.5
LEGEND_TEXT = 7.0
LEGEND_LEADING = 1.15
LEGEND_ENTRY_GAP = 2.5
INLINE_GAP = 5.0

# short grid shapes for the legend, used when an action's own wording is too long there
SHORT_SHAPES = {
    "move": "your map path; turn it, never flip it",
    "work": "your job's squares, as its postcard says",
    "exercise": "4 connected that complete a row and a column",
    "internet": "distance to the tower + 1, connected",
    "explore": "only on a miss: 1 square at the roll",
    "event": "as the event or rule directs",
    "hobby": "as the hobby sheet says",
    "underline": "underline the M squares",
    "none": "no squares",
}


@dataclass(frozen=True, slots=True)
class LegendEntry:
    action: Action
    shape: str  # the grid wording printed
    lines: int  # 0: on the name's line, after the name
    height: float


def legend_entries(game: SpaceGame, text_w: float) -> list[LegendEntry]:
    """Each action with the grid wording the legend prints and the room it takes: on the
    name's line when both fit, else below the name (a short form if it would take three
    lines)."""
    entries = []
    for action in game.actions:
        text = action.grid
        name_w = text_width(action.name, LEGEND_NAME, bold=True)
        if name_w + INLINE_GAP + text_width(text, LEGEND_TEXT) <= text_w:
            entries.append(LegendEntry(action, text, 0, CODE_BOX_H))
            continue
        if len(wrap(text, LEGEND_TEXT, text_w)) > 2:
            text = SHORT_SHAPES.get(action.shape, text)
        lines = len(wrap(text, LEGEND_TEXT, text_w))
        height = LEGEND_NAME * 1.2 + block_height(lines, LEGEND_TEXT, LEGEND_LEADING)
        entries.append(LegendEntry(action, text, lines, max(CODE_BOX_H, height)))
    return entries


def _legend_text_w(width: float, columns: int) -> float:
    return (width - (columns - 1) * LEGEND_GAP) / columns - CODE_BOX_W - 4


def legend_columns(game: SpaceGame, width: float, columns: int) -> list[list[LegendEntry]]:
    """The actions in definition order, down at most `columns` columns, the tallest column
    as short as it can be."""
    entries = legend_entries(game, _legend_text_w(width, columns))
    pitches = [e.height + LEGEND_ENTRY_GAP for e in entries]
    target = max(max(pitches), sum(pitches) / columns)
    while True:
        split: list[list[LegendEntry]] = [[]]
        used = 0.0
        for entry, pitch in zip(entries, pitches, strict=True):
            if split[-1] and used + pitch > target + 1e-6:
                split.append([])
                used = 0.0
            split[-1].append(entry)
            used += pitch
        if len(split) <= columns:
            return split
        target += 1.0


def legend_height(game: SpaceGame, width: float, columns: int) -> float:
    tallest = max(
        sum(e.height + LEGEND_ENTRY_GAP for e in column)
        for column in legend_columns(game, width, columns)
    )
    return HEADING_H + tallest


def legend_block(game: SpaceGame, frame: Frame, columns: int) -> list[Item]:
    items = heading(
        frame, "LETTER CODES", "in each square an action uses, write its code and log number: M1"
    )
    col_w = (frame.width - (columns - 1) * LEGEND_GAP) / columns
    text_x = CODE_BOX_W + 4
    text_w = col_w - text_x
    for c, entries in enumerate(legend_columns(game, frame.width, columns)):
        x = frame.x + c * (col_w + LEGEND_GAP)
        y = frame.top - HEADING_H
        for entry in entries:
            action = entry.action
            items.append(
                Rect(x + 0.5, y - CODE_BOX_H, CODE_BOX_W - 1, CODE_BOX_H, fill=PALE, line_width=0.7)
            )
            code_size = fit_size(action.code, CODE_BOX_W - 4, 9, 7, bold=True)
            items.append(
                centred_label(
                    x + CODE_BOX_W / 2, y - CODE_BOX_H / 2, action.code, code_size, bold=True
                )
            )
            if entry.lines == 0:
                base = y - CODE_BOX_H / 2 - cap_height(LEGEND_NAME) / 2
                items.append(Text(x + text_x, base, action.name, LEGEND_NAME, bold=True))
                after = x + text_x + text_width(action.name, LEGEND_NAME, bold=True) + INLINE_GAP
                items.append(Text(after, base, entry.shape, LEGEND_TEXT, colour=DARK))
            else:
                name_size = fit_size(action.name, text_w, LEGEND_NAME, 7, bold=True)
                name_base = y - CODE_BOX_H / 2 - cap_height(LEGEND_NAME) / 2
                if entry.lines:
                    name_base = y - LEGEND_NAME * 0.95
                items.append(Text(x + text_x, name_base, action.name, name_size, bold=True))
                body_top = y - LEGEND_NAME * 1.2
                body_h = block_height(entry.lines, LEGEND_TEXT, LEGEND_LEADING)
                items.append(
                    TextBox(
                        x + text_x,
                        body_top - body_h,
                        text_w,
                        body_h,
                        entry.shape,
                        size=LEGEND_TEXT,
                        min_size=LEGEND_TEXT,
                        leading=LEGEND_LEADING,
                        colour=DARK,
                    )
                )
            y -= entry.height + LEGEND_ENTRY_GAP
    return items
