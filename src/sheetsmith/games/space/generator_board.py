"""Personal Space: what the generator boards share: their sizes, a grid of spaces, the how-to."""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.space.board_parts import HEADING_H, heading
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame
from sheetsmith.print.primitives import INCH, Item, Rect, Text, TextBox
from sheetsmith.print.text import block_height, wrap

TITLE_H = 26.0
MAX_CELL = 0.85 * INCH
MIN_CELL = 0.5 * INCH
HOW_TO_SIZE = 10.5
HOW_TO_MIN = 7.5
GAP = 14.0


@dataclass(frozen=True, slots=True)
class Board:
    """A board's grid of spaces: column c (1..columns, left to right), row r (1..rows, top
    to bottom), each `cell` wide; (x0, top) is the top-left corner of row 1, column 1."""

    x0: float
    top: float
    cell: float
    columns: int
    rows: int

    def space(self, column: int, row: int) -> Rect:
        return Rect(
            self.x0 + (column - 1) * self.cell,
            self.top - row * self.cell,
            self.cell,
            self.cell,
        )

    @property
    def right(self) -> float:
        return self.x0 + self.columns * self.cell

    @property
    def bottom(self) -> float:
        return self.top - self.rows * self.cell


def how_to_block(frame: Frame, title: str, steps: list[tuple[str, str]]) -> list[Item]:
    """A heading, then short labelled paragraphs as large as the frame allows."""
    items = heading(frame, title)
    top = frame.top - HEADING_H
    label_w = max(text_width(label, HOW_TO_SIZE, bold=True) for label, _ in steps) + 8
    width = frame.width - label_w
    size = HOW_TO_SIZE
    while size > HOW_TO_MIN:
        height = sum(block_height(len(wrap(t, size, width)), size) + size * 0.5 for _, t in steps)
        if height <= top - frame.y:
            break
        size -= 0.25
    y = top
    for label, text in steps:
        h = block_height(len(wrap(text, size, width)), size)
        items.append(Text(frame.x, y - size * 0.93, label, size, bold=True))
        items.append(
            TextBox(frame.x + label_w, y - h, width, h, text, size=size, min_size=HOW_TO_MIN)
        )
        y -= h + size * 0.5
    return items


def time_cost(game: SpaceGame) -> str:
    code = next((a.code for a in game.actions if a.id == "resource"), "R")
    return (
        f"Each attempt costs one {code} square on your daily grid, never in the row or"
        f" column of another {code}. Log what you gain on your daily sheet."
    )
