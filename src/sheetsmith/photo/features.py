"""Pencil added to a rectified photo, measured against the blank page it was printed from.

The photo and the blank are brought together before they are compared, so a printed edge
is never taken for pencil and pencil over printed art is still seen:

1. Light is evened out (paper at 1.0 everywhere) and the photo's darkness D = 1 - light.
2. The blank's darkness A (its art) is aligned to the photo: the rectification is good to a
   pixel or two, so the residual shift is measured in tiles of the page (template matching
   of the blank's art against the photo, to a tenth of a pixel), a smooth field (a quadratic
   in the page position) is fitted through the tiles robustly, and the blank is resampled
   along it.
3. The aligned blank is blurred as the photo is (the Gaussian width that fits best) and
   scaled to the photo's print contrast: the model M of what the empty page looks like.
4. Around each mark the model is fitted once more, finer (its blur and a sub-pixel shift),
   where it fits the print well: the page's blur is one width for the whole page, while a
   phone's focus and the print's sharpness vary, and a blur too wide leaves residue along
   printed lines that reads as faint pencil.
5. Pencil = how much light the photo lost beyond the model, as a share of what the model
   lets through (pencil over a printed line darkens it in proportion), less the model's
   own uncertainty at printed edges (its gradient times the alignment's residual error).
   Over solid print nothing can be seen, so those pixels are marked as unseen.
"""

from __future__ import annotations

import cv2
import numpy as np

# Tiles in which the blank is aligned to the photo (pixels at 5 px/mm) and the search reach
_TILE = 80
_REACH = 3
# Candidate widths of the photo's blur (Gaussian sigma, px) against the blank's raster
_SIGMAS = (0.6, 0.9, 1.2, 1.6, 2.1, 2.8, 3.6, 4.6)
# ...tried in order until the fit has worsened this many times in a row past the best
_SIGMA_PATIENCE = 2
# Residual misalignment (px) assumed at printed edges after the alignment
_EDGE_SLACK = 0.45
# The model lets through less light than this: solid print, no pencil can be seen there
_UNSEEN = 0.3
# Each mark's region is fitted once more: the blur at these shares of the page's, each with
# a sub-pixel shift (at most this many px along each axis), fitted robustly (Huber, at this
# residual) where the model has structure; the best fit is taken when its cost per pixel
# stays under the last: a print that fits worse holds something else (pencil traced along
# an outline looks like a sharper print, and a closer fit would take it away)
_REFINE_BLURS = (1.0, 0.85, 0.7)
_REFINE_SHIFT = 0.6
_REFINE_TAU = 0.05
_REFINE_FIT = 0.15


def _shift_field(dark: np.ndarray, art: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Per-pixel (dx, dy) that moves the blank onto the photo, or None if no tile has art."""
    h, w = dark.shape
    model = cv2.GaussianBlur(art, (0, 0), 1.2)
    points, shifts, weights = [], [], []
    r = _REACH
    for y in range(r, h - _TILE - r, _TILE):
        for x in range(r, w - _TILE - r, _TILE):
            templ = model[y : y + _TILE, x : x + _TILE]
            energy = float(
                np.abs(np.diff(templ, axis=0)).sum() + np.abs(np.diff(templ, axis=1)).sum()
            )
            if energy < 40.0:
                continue
            # both axes need structure, or the shift along a lone line is unknown
            gx = float(np.abs(np.diff(templ, axis=1)).sum())
            gy = float(np.abs(np.diff(templ, axis=0)).sum())
            if min(gx, gy) < 0.15 * max(gx, gy):
                continue
            image = dark[y - r : y + _TILE + r, x - r : x + _TILE + r]
            cost = cv2.matchTemplate(image, templ, cv2.TM_CCOEFF_NORMED)
            _, best, _, (bx, by) = cv2.minMaxLoc(cost)
            if best < 0.5:
                continue
            sx, sy = float(bx), float(by)
            if 0 < bx < 2 * r:
                a, b, c = cost[by, bx - 1], cost[by, bx], cost[by, bx + 1]
                den = a - 2 * b + c
                if den < 0:
                    sx += 0.5 * (a - c) / den
            if 0 < by < 2 * r:
                a, b, c = cost[by - 1, bx], cost[by, bx], cost[by + 1, bx]
                den = a - 2 * b + c
                if den < 0:
                    sy += 0.5 * (a - c) / den
            points.append((x + _TILE / 2, y + _TILE / 2))
            shifts.append((sx - r, sy - r))
            weights.append(best)
    if len(points) < 6:
        if not points:
            return None
        s = np.median(np.array(shifts), axis=0)
        return np.full((h, w), s[0], np.float32), np.full((h, w), s[1], np.float32)
    p = np.array(points) / (w, h)
    s = np.array(shifts)
    basis = np.c_[np.ones(len(p)), p[:, 0], p[:, 1], p[:, 0] ** 2, p[:, 0] * p[:, 1], p[:, 1] ** 2]
    if len(p) < 12:
        basis = basis[:, :3]
    keep = np.ones(len(p), bool)
    for _ in range(3):
        coef, *_ = np.linalg.lstsq(basis[keep], s[keep], rcond=None)
        err = np.hypot(*(basis @ coef - s).T)
        limit = max(0.35, 2.5 * float(np.median(err[keep])))
        keep = err <= limit
        if keep.sum() < basis.shape[1] + 2:
            keep = np.ones(len(p), bool)
            break
    coef, *_ = np.linalg.lstsq(basis[keep], s[keep], rcond=None)
    # the field on a coarse grid, then resized (it is smooth)
    gy, gx = np.mgrid[0:h:8, 0:w:8].astype(np.float64)
    u, v = gx / w, gy / h
    grid = [np.ones_like(u), u, v, u**2, u * v, v**2][: basis.shape[1]]
    fx = sum(c * g for c, g in zip(coef[:, 0], grid, strict=True)).astype(np.float32)
    fy = sum(c * g for c, g in zip(coef[:, 1], grid, strict=True)).astype(np.float32)
    fx = cv2.resize(fx, (w, h), interpolation=cv2.INTER_LINEAR)
    fy = cv2.resize(fy, (w, h), interpolation=cv2.INTER_LINEAR)
    return fx, fy


def aligned_art(dark: np.ndarray, art: np.ndarray) -> np.ndarray:
    """The blank's darkness resampled onto the photo's (residual) geometry."""
    field = _shift_field(dark, art)
    if field is None:
        return art
    fx, fy = field
    h, w = art.shape
    xx, yy = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    return cv2.remap(art, xx - fx, yy - fy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def print_model(dark: np.ndarray, art: np.ndarray) -> tuple[np.ndarray, float, float]:
    """(the empty page as the photo shows it: darkness; the blur's sigma; the print's
    contrast, its darkness in the photo against the blank's)."""
    near = cv2.dilate((art > 0.1).astype(np.uint8), np.ones((5, 5), np.uint8))[::2, ::2] > 0
    d = dark[::2, ::2][near]
    best = None
    rises = 0
    for sigma in _SIGMAS:
        m = cv2.GaussianBlur(art, (0, 0), sigma)
        ms = m[::2, ::2][near]
        k = float((d * ms).sum() / max(float((ms * ms).sum()), 1e-6))
        k = min(max(k, 0.3), 1.2)
        err = float(np.median(np.abs(d - k * ms)))
        if best is None or err < best[0]:
            best, rises = (err, sigma, k, m), 0
        else:
            rises += 1
            # the misfit falls to one width and rises after it: on 565 tuning photos the
            # best width was always the last before the first rise; the widest blurs, which
            # cost most, are seldom tried (one rise more is allowed, as a margin)
            if rises == _SIGMA_PATIENCE:
                break
    assert best is not None
    _, sigma, k, m = best
    return k * m, sigma, k


def _ink(dark: np.ndarray, model: np.ndarray) -> np.ndarray:
    through = 1.0 - model
    gx = cv2.Sobel(model, cv2.CV_32F, 1, 0, ksize=3) / 8.0
    gy = cv2.Sobel(model, cv2.CV_32F, 0, 1, ksize=3) / 8.0
    slack = _EDGE_SLACK * np.sqrt(gx * gx + gy * gy)
    ink = (dark - model - slack) / np.maximum(through, _UNSEEN)
    return np.where(through >= _UNSEEN, ink, 0.0).astype(np.float32)


def pencil(
    dark: np.ndarray, blank: np.ndarray, regions: list[tuple[int, int, int, int]] = ()
) -> tuple[np.ndarray, float, float]:
    """(pencil darkness per pixel: paper = 0; solid print, where none can be seen, 0; the
    blur's sigma and the print's contrast, as print_model gives them). Each of `regions`
    (x0, y0, x1, y1 pixels) is aligned once more on its own, to a pixel."""
    art = 1.0 - blank.astype(np.float32) / 255.0
    art = aligned_art(dark, art)
    model, sigma, contrast = print_model(dark, art)
    ink = _ink(dark, model)
    h, w = dark.shape
    candidates = _candidates(art, sigma, contrast, model) if regions else []
    for x0, y0, x1, y1 in regions:
        x0, y0, x1, y1 = max(x0, 1), max(y0, 1), min(x1, w - 1), min(y1, h - 1)
        if x1 - x0 < 3 or y1 - y0 < 3:
            continue
        d = dark[y0:y1, x0:x1]
        best, where = None, (0, 0)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                m = model[y0 - dy : y1 - dy, x0 - dx : x1 - dx]
                cost = float(np.abs(d - m).sum())
                if best is None or cost < best:
                    best, where = cost, (dx, dy)
        dx, dy = where
        refined = _refine(dark, candidates, (x0, y0, x1, y1), dx, dy)
        if refined is not None:
            ink[y0:y1, x0:x1] = refined
        elif where != (0, 0):
            m = model[y0 - dy - 1 : y1 - dy + 1, x0 - dx - 1 : x1 - dx + 1]
            dd = dark[y0 - 1 : y1 + 1, x0 - 1 : x1 + 1]
            if m.shape == dd.shape:
                ink[y0:y1, x0:x1] = _ink(dd, m)[1:-1, 1:-1]
    return ink, sigma, contrast


def _candidates(
    art: np.ndarray, sigma: float, k: float, model: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The page's model at each blur tried per mark (the first is the page's own), with its
    gradient."""
    out = []
    for f in _REFINE_BLURS:
        m = model if f == 1.0 else k * cv2.GaussianBlur(art, (0, 0), sigma * f)
        gx = cv2.Sobel(m, cv2.CV_32F, 1, 0, ksize=3) / 8.0
        gy = cv2.Sobel(m, cv2.CV_32F, 0, 1, ksize=3) / 8.0
        out.append((m, gx, gy))
    return out


def _refine(
    dark: np.ndarray,
    candidates: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
    region: tuple[int, int, int, int],
    dx: int,
    dy: int,
) -> np.ndarray | None:
    """The ink over `region` (its model already moved by whole pixels dx, dy) against the
    model fitted there once more: for each blur, a sub-pixel shift (least squares on the
    model's gradient, reweighted: pencil, far above the model, weighs little), fitted where
    the model has an edge or ink; the blur that fits best, if it fits well. None: the page's
    model stays."""
    x0, y0, x1, y1 = region
    h, w = dark.shape
    pad = 2  # a border for the gradient and the resampling
    ox0, oy0, ox1, oy1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    if min(ox0, oy0, ox0 - dx, oy0 - dy) < 0 or max(ox1, ox1 - dx) > w or max(oy1, oy1 - dy) > h:
        return None
    d = dark[oy0:oy1, ox0:ox1]
    win = (slice(oy0 - dy, oy1 - dy), slice(ox0 - dx, ox1 - dx))
    inner = (slice(pad, -pad), slice(pad, -pad))
    tau, lim = _REFINE_TAU, _REFINE_SHIFT
    d_in = d[inner]
    m_in = candidates[0][0][win][inner]
    gx_in, gy_in = candidates[0][1][win][inner], candidates[0][2][win][inner]
    use = (np.abs(gx_in) + np.abs(gy_in) > 0.012) | (m_in > 0.05)
    n = int(use.sum())
    if n < 12:
        return None
    d_use = d_in[use]
    # what stands well above the page's model (pencil) is left out of the first fit
    wt0 = (d_use - m_in[use] < 2 * tau).astype(np.float32)
    best = None
    for i, (cm, cgx, cgy) in enumerate(candidates):
        if i:
            m_in, gx_in, gy_in = cm[win][inner], cgx[win][inner], cgy[win][inner]
        gx, gy = gx_in[use], gy_in[use]
        r = d_use - m_in[use]
        wt = wt0
        sx = sy = 0.0
        for _ in range(3):
            wgx, wgy = wt * gx, wt * gy
            a11, a12, a22 = float(wgx @ gx), float(wgx @ gy), float(wgy @ gy)
            b1, b2 = float(wgx @ r), float(wgy @ r)
            det = a11 * a22 - a12 * a12
            if det <= 1e-9:
                break
            # cm(x - s) ~ cm - s . grad cm: these are minus the shift, as resampled below
            sx = min(max((a22 * b1 - a12 * b2) / det, -lim), lim)
            sy = min(max((a11 * b2 - a12 * b1) / det, -lim), lim)
            e = np.abs(r - sx * gx - sy * gy) * (1.0 / tau)
            wt = 1.0 / np.maximum(e, 1.0)
        e = np.abs(r - sx * gx - sy * gy) * (1.0 / tau)
        cost = float(np.where(e < 1, 0.5 * e * e, e - 0.5).sum())
        if best is None or cost < best[0]:
            best = (cost, i, sx, sy)
    assert best is not None
    cost, i, sx, sy = best
    if cost / n > _REFINE_FIT:
        return None
    m = candidates[i][0][win]
    if sx or sy:
        hh, ww = m.shape
        xx, yy = np.meshgrid(np.arange(ww, dtype=np.float32), np.arange(hh, dtype=np.float32))
        m = cv2.remap(m, xx + sx, yy + sy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return _ink(d, m)[inner]
