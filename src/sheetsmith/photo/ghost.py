"""An eraser's ghost read as pencil. An erased mark keeps faint strokes of what was drawn,
and where the reader doubts them and the networks read their shape as a mark, it reads
filled and sure (held-out 187168: an erased cross in a daily sheet's square, its darkest
0.17 of the page's pencil, read filled at logit 8). A player's letters are written with
the page's pencil: a grid square read filled whose darkest is under `GHOST_LIGHT` of the
page's strokes is flagged. Only squares: a thin tick or cross in a box or on a point shows
lighter under blur than the scribbles that set the page's strokes, and would be flagged
too often.
"""

from __future__ import annotations

from collections.abc import Iterable

from sheetsmith.photo.shadow import Fill

# Of 6,495 marks (rings aside) read filled for sure on tuning photos 0-249, one true fill
# is this light (letters at 0.14 of their page's strokes), the next at 0.23. Drawn for
# every kind, on tuning photos 250-499 the line flagged 14 true fills of 210 photos read:
# 11 ticks and crosses in boxes and on points (one page refused for its 7 doubts), and
# the 3 letters in squares it flags as it stands
GHOST_LIGHT = 0.2


def ghost_fills(fills: Iterable[Fill], strokes: float) -> list[str]:
    """Of `fills` (`shadow.sure_fills`), the grid squares whose darkest pencil is under
    GHOST_LIGHT of the page's `strokes` (0.0: none shows clearly, and nothing is said)."""
    if strokes <= 0.0:
        return []
    return [
        fill.mark.key
        for fill in fills
        if fill.mark.kind == "square" and fill.darkest < GHOST_LIGHT * strokes
    ]
