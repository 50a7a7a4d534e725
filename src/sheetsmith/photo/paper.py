"""Paper read where the reader saw pencil: readings of the networks that stand against the
reader's own measure of a mark, and are flagged rather than trusted, since where they are
wrong a player's mark is lost without a word."""

from __future__ import annotations

import numpy as np

from sheetsmith.photo.advice import LIGHT_SMALL_PAGE, LIGHT_STROKES
from sheetsmith.photo.marks import SURE


def faded_square(
    square: np.ndarray,
    filled: np.ndarray,
    reader_filled: np.ndarray,
    reader_sure: np.ndarray,
    strokes: float | None,
    px_per_point: float,
) -> np.ndarray:
    """Which empty readings of a grid square the reader doubted, leaning empty, lie on a
    page small in the photo (under advice.LIGHT_SMALL_PAGE pixels a point) whose pencil
    shows light (under advice.LIGHT_STROKES): flagged whatever the networks read. Letters
    are the thinnest strokes a page holds, and there the reader's doubt is the only trace
    of them: light letters a few millimetres tall, all but gone in a soft photo at 1.09
    pixels a point, were read as paper at logits -12.5 and -11.8 (held-out 171514). On the
    tuning photos held back from training, no such reading stood on the 70 such pages."""
    light_small = (
        strokes is not None
        and 0.0 < strokes < LIGHT_STROKES
        and 0.0 < px_per_point < LIGHT_SMALL_PAGE
    )
    if not light_small:
        return np.zeros(len(filled), bool)
    return square & ~filled & ~reader_filled & (reader_sure < SURE)


def emptied(filled: np.ndarray, reader_filled: np.ndarray, reader_sure: np.ndarray) -> np.ndarray:
    """Which empty readings (`filled` False) overturn a reader sure of pencil there. The
    reader measured pencil over the mark past its threshold; the networks reading paper
    there take that pencil for something else (an eraser's leftover, a neighbour's stroke,
    print), and where they are wrong a player's mark is lost without a word. A letter a few
    millimetres wide in a grid square, written in pen under the outline of a shape, read
    filled at 0.91 by the reader, was read as paper at logits -20.6 and -10.9 (held-out
    160937). Such overturns are rare: on the tuning photos held back from training, 5 in
    142,133 marks stood (every one right), so each is asked about."""
    return ~filled & reader_filled & (reader_sure >= SURE)
