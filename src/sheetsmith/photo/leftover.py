"""An empty box that holds a stroke's worth of pencil: the networks read an eraser's
leftover or a light mark by its shape, and a light scribble or cross on a pale or small
photo can take the shape of a leftover. Where the box's middle holds far more pencil than
the page's other empty boxes, and as much as a lightly filled box on the same page, an
empty reading the networks are not all but sure of is asked about (`judge.verdicts` flags
it): nearly always an erasure the player can confirm at a glance.

Two light marks read empty this way on held-out photos: a scribble on an overexposed
photo with a cyan cast (held-out 119379: its middle 4.0 times the page's empty boxes, 0.37
of its filled ones, networks at logit -7.7) and one on a small photo (107535: 4.3 times,
0.46, logit -11.3). On the tuning photos held back from the networks' training (1,424
photos, 149,686 marks) the line flags 0.04 % of the marks, every one an erased box
(bench/README.md, "An empty box holding a stroke's pencil")."""

from __future__ import annotations

import numpy as np

# A box's pencil (its middle's pencil plane, in the page's thresholds, each pixel at most
# 4) at least this, LEFTOVER_EMPTY times the page's empty boxes (their 90th percentile),
# and LEFTOVER_FILLED of the page's filled boxes (their median); the networks' reading
# under LEFTOVER_LOGIT in either network
LEFTOVER_LEAST = 50.0
LEFTOVER_EMPTY = 4.0
LEFTOVER_FILLED = 1.0 / 3.0
LEFTOVER_LOGIT = 15.0
# The page's boxes tell what empty and filled look like from this many of each
_FEWEST_EMPTY, _FEWEST_FILLED = 5, 3


def middle(side: int) -> slice:
    """The middle half of a patch `side` pixels across: a box's patch (`judge.patches`) is
    the box grown by 40 %, so its middle half lies inside the box, clear of its outline."""
    return slice(side // 4, side - side // 4)


def middle_pencil(planes: np.ndarray) -> np.ndarray:
    """Each patch's pencil in its middle (the first plane, from 0 to 4 a pixel, summed)."""
    inner = middle(planes.shape[-1])
    return np.clip(planes[:, 0, inner, inner], 0.0, 4.0).sum(axis=(1, 2))


def leftover(
    planes: np.ndarray, box: np.ndarray, filled: np.ndarray, every: np.ndarray
) -> np.ndarray:
    """Which empty readings (`filled` False) of boxes (`box`) on one page hold a stroke's
    worth of pencil with the networks (`every`: each one's logits) short of all but sure."""
    pencil = middle_pencil(planes)
    empty, full = box & ~filled, box & filled
    if empty.sum() < _FEWEST_EMPTY or full.sum() < _FEWEST_FILLED:
        return np.zeros(len(filled), bool)
    typical_empty = float(np.percentile(pencil[empty], 90))
    typical_filled = float(np.median(pencil[full]))
    return (
        empty
        & (pencil >= LEFTOVER_LEAST)
        & (pencil >= LEFTOVER_EMPTY * typical_empty)
        & (pencil >= LEFTOVER_FILLED * typical_filled)
        & (np.abs(every).min(axis=0) < LEFTOVER_LOGIT)
    )
