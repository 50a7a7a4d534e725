"""On a page whose pencil shows light, the empty reading that stands out most among marks of
its kind is asked about (`judge.verdicts` flags it).

A light tick or cross under blur, on a small photo or on paper clipped to white, can reach
the pencil plane with too little of its shape for the networks to tell it from an eraser's
leftover, and both read it as paper. What is left of it still lifts the networks' logits
above the page's other empty marks of that kind, and on a page whose clearly filled marks
show light (`strokes`, `decide`) that lift is worth a look. Only the one mark of each kind
that stands out most is flagged (a player's erasures are spread over a page; a light
page's lost mark is rarely two). On the tuning photos held back from the networks' training
it flags 0.08 % of the marks, every one an erasure or a blank mark; on 3,200 held-out photos
read after it was chosen, 0.07 %, among them a light scribble every look read as paper
(bench/README.md, "The lightest page's standout")."""

from __future__ import annotations

import numpy as np

# The page's clearly filled marks show lighter than FAINT_STROKES; among its sure empty
# readings of one kind (FAINT_FEWEST or more), the one furthest above their median mean
# logit, in units of their median absolute deviation (plus FAINT_SPREAD), by FAINT_Z or
# more, at a mean logit of FAINT_LOGIT or more
FAINT_STROKES = 0.24
FAINT_Z = 3.5
FAINT_LOGIT = -16.0
FAINT_SPREAD = 0.5
FAINT_FEWEST = 5


def faint(
    every: np.ndarray, kind: np.ndarray, empty: np.ndarray, strokes: float | None
) -> np.ndarray:
    """Which sure empty readings (`empty`) stand out among their `kind` on a page whose
    filled marks show lighter than FAINT_STROKES (`strokes`; None where not known, 0.0
    where no mark reads clearly filled: such a page tells nothing of its pencil, and a
    blank page's print alone can lift one mark): each kind's top one by mean logit
    (`every`: each network's), far enough above the rest."""
    out = np.zeros(len(empty), bool)
    if not strokes or strokes >= FAINT_STROKES:
        return out
    mean = every.mean(axis=0)
    for each in np.unique(kind):
        members = np.flatnonzero((kind == each) & empty)
        if len(members) < FAINT_FEWEST:
            continue
        median = float(np.median(mean[members]))
        spread = float(np.median(np.abs(mean[members] - median))) + FAINT_SPREAD
        top = members[int(np.argmax(mean[members]))]
        out[top] = mean[top] >= FAINT_LOGIT and (mean[top] - median) / spread >= FAINT_Z
    return out
