"""How much of one mark's pencil reaches the reader: a photo read twice, with and without it.

    .venv/bin/python bench/photos/pencil_seen.py SEED KEY [KEY...]

The seed's photo is made twice, the second time with the first KEY's pencil left out (the
same page, camera, light and noise: `synth.photo_for_seed(..., leave_out=KEY)`), each is
decoded as `sheetsmith read` decodes a file, and the reader's pencil plane (`ink.
ink_added`) is summed over each KEY's box, grown as the judge grows it. What the first
KEY adds between the two is what the reader had to see; the other keys (neighbours read
right, say) give a scale. Used for the silent errors in bench/README.md ("The networks
trained as `read` decodes, read further").
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from photo_accuracy import decoded
from photos import synth
from sheetsmith.photo import judge
from sheetsmith.photo.geometry import blank_page, mark_window
from sheetsmith.photo.ink import ink_added, mark_regions
from sheetsmith.photo.locate import locate
from sheetsmith.photo.read import GAMES


def pencil_plane(photo: synth.Photo) -> tuple[np.ndarray, float, float, dict[str, tuple]]:
    """(the pencil plane, its noise, the photo's px per point, each mark's window)."""
    found = locate(decoded(photo.jpeg, as_read=True), GAMES)
    page = found.source.page
    added = ink_added(found.rectified, blank_page(found.source), mark_regions(page))
    windows = {m.key: mark_window(m, page, judge.GROW[m.kind]) for m in page.marks}
    return added.ink, added.noise, found.px_per_point, windows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seed", type=int)
    parser.add_argument("keys", nargs="+")
    args = parser.parse_args(argv)
    target = args.keys[0]
    planes = []
    for leave_out in (None, target):
        try:
            photo = synth.photo_for_seed(args.seed, leave_out=leave_out)
        except ValueError as error:  # a key not on the page, or not pencilled in
            parser.error(str(error))
        planes.append(pencil_plane(photo))
    (ink, noise, scale, windows), (without, _, _, _) = planes
    print(f"seed {args.seed}: {scale:.2f} px per point, pencil plane noise {noise:.4f}")
    print(f"{'mark':32} {'drawn':9} {'sum':>7} {'peak':>6} {'sum without ' + target:>24}")
    for key in args.keys:
        if key not in windows:
            parser.error(f"no mark {key} on this page")
        x0, y0, x1, y1 = windows[key]
        here = ink[max(y0, 0) : y1, max(x0, 0) : x1]
        there = without[max(y0, 0) : y1, max(x0, 0) : x1]
        drawn = photo.drawn.get(key, "-")
        print(
            f"{key:32} {drawn:9} {np.clip(here, 0, None).sum():7.1f} {here.max():6.2f}"
            f" {np.clip(there, 0, None).sum():24.1f}"
        )


if __name__ == "__main__":
    main()
