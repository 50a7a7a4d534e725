"""Doubts about single readings that their measure alone does not show: a reading is made
unsure (below `SURE`) where the photo, not the pencil, may have decided it.

- Pencil only on the printed outline: a point or box read filled whose pencil lies all on
  or beside its printed art, and none on the clear paper the art encloses. A tick across a
  small point looks so, and so does a blank whose outline the photo shows heavier than the
  blank's model (a tilted, sharpened or smeared print): the two cannot be told apart.
"""

from __future__ import annotations

import numpy as np

from sheetsmith.photo.geometry import clipped

# A filled reading is doubted when at least this share of its pencil lies on the print
# (within the alignment's slack of it) ...
ON_PRINT_SHARE = 0.9
# ... and none of it on the clear paper inside (at least this many pixels of which exist)
_CLEAR_LEAST_PX = 4


def on_print_only(
    mask: np.ndarray, off: np.ndarray, region: tuple[int, int, int, int], art: np.ndarray
) -> bool:
    """Whether the pencil in `region` (x0, y0, x1, y1) lies only on the printed art: at
    least `ON_PRINT_SHARE` of it off the clear paper (`off`), none on the clear paper that
    the art (`art`: printed pixels) leaves inside the region."""
    x0, y0, x1, y1 = clipped(region, mask.shape)
    if x1 <= x0 or y1 <= y0:
        return False
    pencil = mask[y0:y1, x0:x1]
    count = int(pencil.sum())
    if count == 0:
        return False
    clear = off[y0:y1, x0:x1] & ~art[y0:y1, x0:x1]
    if int(clear.sum()) < _CLEAR_LEAST_PX:
        return False
    on_print = int((pencil & ~off[y0:y1, x0:x1]).sum())
    return on_print >= ON_PRINT_SHARE * count and not (pencil & clear).any()
