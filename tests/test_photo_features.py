"""The model of the empty page around each mark: where a photo is sharper than the page's
blur says (focus and print vary over a page), the model is fitted finer there, so a printed
outline leaves no residue that reads as faint pencil; pencil traced along an outline is not
fitted away."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from sheetsmith.photo import features

H, W = 200, 400
BOXES = [(x0, y0) for x0 in range(20, W - 40, 45) for y0 in (30, 110)]


@pytest.fixture(scope="module")
def page():
    art = np.zeros((H, W), np.float32)
    for x0, y0 in BOXES:
        cv2.rectangle(art, (x0, y0), (x0 + 30, y0 + 30), 1.0, 2)
    blank = (255 * (1 - art)).astype(np.uint8)
    # the left half as blurred as the page's model says, the right half sharper
    soft, sharp = (cv2.GaussianBlur(art, (0, 0), s) for s in (1.6, 1.2))
    dark = 0.9 * np.where(np.arange(W)[None, :] < W // 2, soft, sharp)
    regions = [(x0 - 3, y0 - 3, x0 + 34, y0 + 34) for x0, y0 in BOXES]
    return blank, dark.astype(np.float32), regions


def residue(ink: np.ndarray, region: tuple[int, int, int, int]) -> float:
    x0, y0, x1, y1 = region
    return float(ink[y0:y1, x0:x1].max())


def test_an_outline_sharper_than_the_page_leaves_no_faint_pencil(page):
    blank, dark, regions = page
    _, sigma, _ = features.print_model(dark, 1 - blank.astype(np.float32) / 255)
    assert sigma == pytest.approx(1.6)  # the page's one blur: the left half's
    plain, *_ = features.pencil(dark, blank, [])
    fitted, *_ = features.pencil(dark, blank, regions)
    for (x0, _), region in zip(BOXES, regions, strict=True):
        if x0 + 34 < W // 2:
            assert residue(fitted, region) < 0.02  # the page's model fits: nothing to do
        else:
            # the page's blur leaves a shoulder along the outline, as dark as light pencil
            assert residue(plain, region) > 0.2
            assert residue(fitted, region) < 0.1


def test_pencil_traced_along_an_outline_is_not_fitted_away(page):
    blank, dark, regions = page
    pen = np.zeros_like(dark)
    cv2.rectangle(pen, (242, 107), (278, 143), 0.25, 1)  # a ring 3 px outside box (245, 110)
    traced = dark + pen * (1 - dark)
    plain, *_ = features.pencil(traced, blank, [])
    fitted, *_ = features.pencil(traced, blank, regions)
    on = pen > 0
    assert fitted[on].mean() > 0.1
    assert fitted[on].mean() >= 0.95 * plain[on].mean()


@pytest.mark.parametrize("blur", [0.9, 2.1, 2.8])
def test_the_pencil_comes_with_the_page_blur_its_model_fits(page, blur):
    blank, _, _ = page
    art = 1 - blank.astype(np.float32) / 255
    dark = (0.9 * cv2.GaussianBlur(art, (0, 0), blur)).astype(np.float32)
    _, sigma, contrast = features.pencil(dark, blank, [])
    assert sigma == pytest.approx(blur)
    assert contrast == pytest.approx(0.9, abs=0.05)
