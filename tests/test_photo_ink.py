"""The pencil added to a photo of a page: the light evened out across a shadow's edge, the
blank's print subtracted, and what the photo shows of itself (its noise, its print's
contrast, its blur, its paper clipped to white)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from sheetsmith.photo.geometry import PX_PER_MM
from sheetsmith.photo.ink import even_light, ink_added


def test_the_paper_just_inside_a_shadow_is_paper():
    # a page half in a soft-edged shadow (60 % of the light), with printed lines and a
    # pencil scribble: the paper beside the shadow's edge, on its dark side, reads as
    # paper (a dilation alone carries the lit side's brightness 6 mm into the shadow)
    size = 400
    x = np.arange(size, dtype=np.float32)
    light = 0.6 + 0.4 / (1 + np.exp(-(x - 200) / (1.5 * PX_PER_MM)))  # edge sigma ~1.5 mm
    page = np.full((size, size), 230.0, np.float32)
    page[:, ::40] = 40  # printed lines
    page[150:170, 100:180] = 120  # pencil
    photo = np.clip(page * light[None, :], 0, 255).astype(np.uint8)
    even = even_light(photo)
    paper = (page == 230.0) & (np.abs(x - 200) < 12 * PX_PER_MM)[None, :]
    assert np.percentile(np.abs(even[paper] - 1.0), 95) < 0.04
    # the pencil still reads darker than the paper around it
    assert even[155:165, 120:160].mean() < 0.6 * even[100:140, 120:160].mean()


@pytest.mark.parametrize(
    ("blur", "fitted"),
    # the photo's blur with the reader's own touch of smoothing (0.8) added, to the
    # nearest width the print model tries
    [(0.9, 1.2), (2.0, 2.1), (2.7, 2.8)],
)
def test_ink_added_holds_the_pencil_not_the_print_and_tells_the_photos_blur(blur, fitted):
    # a blank of printed boxes; the photo: the same page, blurred, its print a little
    # lighter, with a pencil stroke across the paper between two boxes
    blank = np.full((240, 400), 255, np.uint8)
    for x0 in range(20, 380, 60):
        cv2.rectangle(blank, (x0, 60), (x0 + 40, 100), 0, 2)
    art = 1.0 - blank.astype(np.float32) / 255.0
    dark = 0.85 * art
    dark[150:156, 40:360] = np.maximum(dark[150:156, 40:360], 0.4)  # the stroke
    dark = cv2.GaussianBlur(dark, (0, 0), blur)
    photo = np.clip(250.0 * (1.0 - dark), 0, 255).astype(np.uint8)
    added = ink_added(photo, blank)
    assert added.blur == pytest.approx(fitted)
    assert added.contrast == pytest.approx(0.85, abs=0.1)
    assert added.burnt == 0.0
    stroke = float(added.ink[152:154, 80:320].mean())
    assert stroke > 0.25
    # the printed boxes hold no pencil: at most a residue along their edges, well under
    # the stroke (the page's pencil threshold sits at 40 % of its strokes)
    assert np.percentile(np.abs(added.ink[40:120, :]), 99) < 0.6 * stroke
    assert added.noise < 0.01
