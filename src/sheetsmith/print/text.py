"""Wrapping and fitting text into boxes: shared by layout, the PDF backend and tests."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from sheetsmith.print.fonts import font_name, metrics, text_width
from sheetsmith.print.primitives import TextBox

SIZE_STEP = 0.25  # how finely a TextBox shrinks its font to fit


@dataclass(frozen=True, slots=True)
class FittedText:
    size: float
    lines: tuple[str, ...]
    baselines: tuple[float, ...]  # y of each line's baseline
    fits: bool  # False when even `min_size` overflows the box


def ascent(size: float, bold: bool = False) -> float:
    return metrics(font_name(bold)).ascent * size


def descent(size: float, bold: bool = False) -> float:
    return metrics(font_name(bold)).descent * size


def cap_height(size: float) -> float:
    """DejaVu's capital height (0.729 em): for centring labels on shapes by eye."""
    return 0.729 * size


@functools.lru_cache(maxsize=8192)
def _unit_width(word: str, bold: bool) -> float:
    """A word's width at 1 pt: wrapping measures each word once, whatever the size."""
    return text_width(word, 1.0, bold)


def wrap(text: str, size: float, width: float, bold: bool = False) -> tuple[str, ...]:
    """Greedy word wrap; newlines in `text` always break. Overlong words stay whole."""
    limit = width / size
    space = _unit_width(" ", bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words: list[str] = []
        used = 0.0
        for word in paragraph.split():
            w = _unit_width(word, bold)
            if words and used + space + w > limit:
                lines.append(" ".join(words))
                words, used = [word], w
            else:
                used = used + space + w if words else w
                words.append(word)
        lines.append(" ".join(words))
    return tuple(lines)


def block_height(n_lines: int, size: float, leading: float = 1.2, bold: bool = False) -> float:
    """From the top of the first line's ascenders to the bottom of the last line's descenders."""
    return ascent(size, bold) + (n_lines - 1) * size * leading + descent(size, bold)


def fit(box: TextBox) -> FittedText:
    size = box.size
    while True:
        lines = wrap(box.text, size, box.width, box.bold)
        height = block_height(len(lines), size, box.leading, box.bold)
        widest = max(text_width(line, size, box.bold) for line in lines)
        fits = height <= box.height + 1e-6 and widest <= box.width + 1e-6
        if fits or size - SIZE_STEP < box.min_size - 1e-9:
            break
        size -= SIZE_STEP
    if box.valign == "top":
        top = box.y + box.height
    elif box.valign == "bottom":
        top = box.y + height
    else:
        top = box.y + (box.height + height) / 2
    first = top - ascent(size, box.bold)
    baselines = tuple(first - i * size * box.leading for i in range(len(lines)))
    return FittedText(size, lines, baselines, fits)


def line_x(box: TextBox, line: str, size: float) -> float:
    """Where a fitted line starts, given the box's alignment."""
    if box.align == "left":
        return box.x
    free = box.width - text_width(line, size, box.bold)
    return box.x + (free / 2 if box.align == "center" else free)
