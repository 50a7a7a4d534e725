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
(bench/README.md, "The lightest page's standout").

Blur spreads such a stroke over more of the page and leaves less of it standing out, so on
a photo blurred at FAINT_BLURRED or more (the print model's width, `features`) the line
stands lower, at FAINT_BLURRED_Z: on the same held-back photos it adds 0.006 % of the
marks to the flags (bench/README.md, "The faint line on blurred pages")."""

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
# ... by FAINT_BLURRED_Z on a photo blurred at FAINT_BLURRED (Gaussian sigma, px at 5 px/mm)
# or more: the print model fits one of a few widths (features._SIGMAS: ... 1.6, 2.1, 2.8 ...), so
# this is its width of 2.1 or any wider. A light cross under defocus (held-out 135637,
# sigma 2.1) stood 2.84 deviations over its kind; the line was drawn after it was seen, so
# only the blocks read since measure it. On sharper photos a line that low flags more
# erasures than it finds
FAINT_BLURRED = 2.1
FAINT_BLURRED_Z = 2.8


def faint(
    every: np.ndarray,
    kind: np.ndarray,
    empty: np.ndarray,
    strokes: float | None,
    blur: float = 0.0,
) -> np.ndarray:
    """Which sure empty readings (`empty`) stand out among their `kind` on a page whose
    filled marks show lighter than FAINT_STROKES (`strokes`; None where not known, 0.0
    where no mark reads clearly filled: such a page tells nothing of its pencil, and a
    blank page's print alone can lift one mark): each kind's top one by mean logit
    (`every`: each network's), far enough above the rest: FAINT_Z, or FAINT_BLURRED_Z on
    a photo blurred at FAINT_BLURRED or more (`blur`; 0.0 where not known)."""
    out = np.zeros(len(empty), bool)
    if not strokes or strokes >= FAINT_STROKES:
        return out
    line = FAINT_BLURRED_Z if blur >= FAINT_BLURRED else FAINT_Z
    mean = every.mean(axis=0)
    for each in np.unique(kind):
        members = np.flatnonzero((kind == each) & empty)
        if len(members) < FAINT_FEWEST:
            continue
        median = float(np.median(mean[members]))
        spread = float(np.median(np.abs(mean[members] - median))) + FAINT_SPREAD
        top = members[int(np.argmax(mean[members]))]
        out[top] = mean[top] >= FAINT_LOGIT and (mean[top] - median) / spread >= line
    return out
