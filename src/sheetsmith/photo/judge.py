"""A second look at every mark: small convolutional networks that see the pencil around
the mark, the print, the photo and where the photo is clipped to white, with what the
reader measured there.

The reader's measures (`decide`) are thresholds on one number per mark; near a threshold, or
over faint pencil, they can only flag. The shape of what is there tells more: an eraser's
smudge and a print's residue along an outline look unlike a faded tick or a ring. Two
networks of one design, trained from other starting weights, were trained on three quarters
of the tuning photos only (`bench/photos/train_judge.py`, seeds 0-5999, never the held-out
ones) and run here in plain numpy. Both look at every mark; the first decides, and where it
is not all but sure (AGAIN) or would overturn a sure reading, the mean of their logits does.
That reading stands where it is all but sure (SETTLE) and steady (`steady`): each network
holds it at logit STEADY_LOGIT or more (CLIPPED_LOGIT on paper clipped to white,
LEANED_LOGIT where the reader doubted but leaned filled, DOUBTED_EMPTY_LOGIT where it doubted
a ring or a grid square but leaned empty: `steady_line`), and, where either
network's logit is nearer 0 than MIRROR_BELOW, so does each at the patch mirrored three
ways (they were trained on mirrored patches too, and a mark's fill means the same
mirrored); anything else is flagged, as are readings the pencil may be clipped away
from (`lost`, `overturned`), paper where the reader was sure of pencil (`emptied`),
and, in a group of rings with none read circled, the one the networks rate far above
the rest (`standout`), an empty box holding a stroke's worth
of pencil (`leftover`), and, on a page whose pencil shows light, the sure empty reading
of each kind that stands out most (`faint`). Before the steadiness rule, on the half of
the tuning quarter held back that lies in seeds 0-2999 (74,726 marks, read as `read` reads
them), the pair flagged 0.63 % and left 2 wrong without a flag; the pair before them, which
did not see the clipping, left 8 on the whole quarter, 6 of them on clipped paper. With it, on the
whole quarter: 0.39 % flagged and 2 wrong without a flag, against 0.35 % and 5
(bench/README.md, "A second look, mirrored"). On the fixed test-photo generator's photos of
the whole quarter, the lines of now (all but `lost`, `overturned`, `standout`,
`leftover` and `faint`, which its log cannot replay) flag 0.29 % and leave none wrong (with `read`
refusing pages from 7 doubts), where SETTLE at 0.999 and a line of 2 flagged 0.38 % and
left 1 (refusing from 10)."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import BinaryIO

import cv2
import numpy as np

from sheetsmith.photo.burnt import clipped_share, lost, overturned
from sheetsmith.photo.faint import faint
from sheetsmith.photo.geometry import mark_window
from sheetsmith.photo.leftover import leftover
from sheetsmith.photo.marks import SURE, Mark, ReadablePage, Reading
from sheetsmith.photo.paper import emptied, faded_square
from sheetsmith.photo.standout import groups, standout

KINDS = ("point", "box", "circle", "square")
# Each patch: the mark's box grown by this share of its size, resampled to SIDE x SIDE
GROW = {"point": 0.5, "box": 0.4, "circle": 0.9, "square": 0.15}
SIDE = 32
# The networks' reading is sure from this probability on. With the steadiness rule below
# doing most of the sorting, 0.999 flagged needlessly: on the tuning photos held back
# (seeds 0-5999, 149,943 marks) 0.999 with a line of 2 flagged 0.38 % and left 1 wrong
# without a flag, 0.99 with a line of 3 flags 0.28 % and leaves the same 1 (bench/README.md,
# "Sure at 0.99, steady at 3"). Lower, with a line of 2, more were left wrong (0.98: 3);
# 0.98 with a line of 3 read about the same as 0.99 and trusts the networks further.
# 0.999 on paper clipped to white (as in the seventeenth session) flagged 0.14 % more marks
# on 1,000 held-out photos and left a block under 99.5 % right: a steadier reading is asked
# there instead (CLIPPED_LOGIT; bench/README.md, "Where the reader leaned filled").
SETTLE = 0.99
# Networks trained alike from other starting weights err in other places: where the first
# is less sure than this, or overturns a sure reading, all of them vote
AGAIN = 0.9999
_AGAIN_LOGIT = math.log(AGAIN / (1.0 - AGAIN))
# Where either network's logit is nearer 0 than this (a probability of 0.99995), both look
# at the patch mirrored too (left-right, top-bottom, both): about 3.5 % of the marks on the
# held-out photos, and every silent error there that a mirrored look flags
MIRROR_BELOW = 10.0
# A reading that any look holds at a logit under this (a probability of 0.95, or a look
# that reads the other way) is not steady enough to stand unflagged, however sure the
# deciding look was (2, before SETTLE came down to 0.99, let a light tick held at 2.2 and
# faint letters held at 2.8 stand wrong on held-out photos)
STEADY_LOGIT = 3.0
# ... and at this where the reader was in doubt but leaned filled: it saw something darker
# than paper at the mark, which the networks may read as an erasure or a print's residue
# and which a faint tick under blur also leaves. Such readings are 1.6 % of the marks on
# the held-out photos; this line flags 3 % of them more (0.04 % of all marks), and keeps
# three known mistakes from standing (a light tick and a light ring on soft photos, a blank
# box whose blurred edge read as a stroke; bench/README.md, "Where the reader leaned
# filled")
LEANED_LOGIT = 6.0
# ... and at this where the reader leaned filled and the networks read paper: the reading
# overturns the reader, and where it is wrong a player's mark is lost. A cross in a box on
# a small, soft photo, read filled at 0.63 by the reader, was held as paper at logits -10.6
# and -8.4 (held-out 169389). On the tuning photos held back from training, this flags 22
# more marks in 142,133 (0.015 %), none of them read wrong
OVERTURNED_LEANED_LOGIT = 9.0
# ... and at this where CLIPPED_SHARE or more of a mark's patch is clipped to white: the
# camera may have lost light pencil there with the paper's texture. Two light ticks on
# small photos, on clipped paper, read empty with every look at logit 3.6 or more (held-out
# 105241 and 105825); on clipped paper that is not steady enough
CLIPPED_LOGIT = 4.0
CLIPPED_SHARE = 0.2
# ... and at this where the reader doubted but leaned empty on a ring or a grid square:
# there it saw pencil too faint for its threshold, and a square's patch (2 points a pixel)
# or a ring over its printed oval can average a light stroke into paper. Letters a player
# sees plainly in a grid square, and a light ring around a day, read empty with every
# look at logit 5.1-5.2 (held-out 108371). On boxes and points, whose doubts are many
# more, the same line added three times the flags to keep one more known mistake from
# standing (bench/README.md, "Where the reader doubted a ring or a square")
DOUBTED_EMPTY_LOGIT = 6.0
DOUBTED_EMPTY_KINDS = ("circle", "square")
_BATCH = 16


def _patch(image: np.ndarray, window: tuple[int, int, int, int]) -> np.ndarray:
    """The window of `image` (zero off the page) resampled to SIDE x SIDE."""
    x0, y0, x1, y1 = window
    h, w = image.shape
    out = np.zeros((y1 - y0, x1 - x0), np.float32)
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if cx1 > cx0 and cy1 > cy0:
        out[cy0 - y0 : cy1 - y0, cx0 - x0 : cx1 - x0] = image[cy0:cy1, cx0:cx1]
    return cv2.resize(out, (SIDE, SIDE), interpolation=cv2.INTER_AREA)


def patches(
    marks: list[Mark],
    page: ReadablePage,
    ink: np.ndarray,
    art: np.ndarray,
    light: np.ndarray,
    saturated: np.ndarray,
    pencil: float,
) -> np.ndarray:
    """Each mark's four planes (N, 4, SIDE, SIDE): pencil against the page's threshold, the
    blank's darkness, the photo's darkness, the share of clipped pixels (`burnt.saturation`)."""
    planes = (
        np.clip(ink / pencil, -1.0, 4.0).astype(np.float32),
        art.astype(np.float32),
        np.clip(1.0 - light, -0.5, 1.5).astype(np.float32),
        saturated,
    )
    out = np.empty((len(marks), len(planes), SIDE, SIDE), np.float32)
    for i, mark in enumerate(marks):
        window = mark_window(mark, page, GROW[mark.kind])
        for c, plane in enumerate(planes):
            out[i, c] = _patch(plane, window)
    return out


def facts(
    mark: Mark,
    reading: Reading,
    score: float,
    px_per_point: float,
    tilt: float,
    noise: float,
    pencil: float,
    contrast: float,
) -> list[float]:
    """What the network knows of a mark beside its patch: its kind, the photo, the reader's
    measure and reading."""
    kind = [float(mark.kind == k) for k in KINDS]
    filled = reading.confidence if reading.filled else 1.0 - reading.confidence
    return [
        *kind,
        px_per_point,
        tilt / 35.0,
        noise / pencil,
        pencil * 5.0,
        contrast,
        math.log(max(score, 1e-3)),
        filled,
    ]


def layout(page: ReadablePage) -> str:
    """What the network knows a page by: its game, page and paper, and where each of its
    marks lies. A page it was not trained on (another layout, a changed definition) gets
    no second look: what the network learnt of one page's print need not hold on another."""
    marks = ";".join(
        f"{m.key}:{m.kind}:{m.box.x:.1f},{m.box.y:.1f},{m.box.width:.1f},{m.box.height:.1f}"
        for m in page.marks
    )
    text = f"{page.game}/{page.page}/{page.paper}/{page.width:.1f}x{page.height:.1f}/{marks}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def read_weights(source: BinaryIO | Path) -> dict[str, np.ndarray]:
    """Networks packed by `train_judge.py pack`: their weights as float32, and the pages
    they know."""
    with np.load(source) as data:
        return {
            name: data[name] if name == "pages" else data[name].astype(np.float32)
            for name in data.files
        }


@cache
def _weights() -> dict[str, np.ndarray]:
    carried = resources.files("sheetsmith.photo").joinpath("judge.npz")
    with carried.open("rb") as handle:
        return read_weights(handle)


def nets() -> list[str]:
    """The networks carried, the deciding one first (`train_judge.py pack` names them a, b...)."""
    return sorted({name.split(".")[0] for name in _weights() if name != "pages"})


def knows(page: ReadablePage) -> bool:
    """Whether the network was trained on this page's layout."""
    return layout(page) in set(_weights()["pages"].tolist())


def _conv(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """3x3 convolution (zero padding 1), ReLU, 2x2 max-pool; channels last:
    (N, H, W, C) -> (N, H/2, W/2, K)."""
    n, h, w, c = x.shape
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    # the nine shifted copies side by side, so the convolution is one matrix product
    cols = np.empty((n, h, w, 9, c), np.float32)
    for i in range(9):
        dy, dx = divmod(i, 3)
        cols[:, :, :, i] = padded[:, dy : dy + h, dx : dx + w]
    kernel = weight.transpose(2, 3, 1, 0).reshape(9 * c, len(weight))
    out = (cols.reshape(n * h * w, 9 * c) @ kernel).reshape(n, h, w, -1)
    # pooled before the bias and the ReLU, which keep the order of values: a quarter the work
    pooled = np.maximum(out[:, 0::2], out[:, 1::2])
    pooled = np.maximum(pooled[:, :, 0::2], pooled[:, :, 1::2]) + bias
    return np.maximum(pooled, 0.0)


def _logit(planes: np.ndarray, known: np.ndarray, net: str) -> np.ndarray:
    """One network's logit that each mark is filled (in small batches: the convolutions'
    working arrays stay in the processor's cache)."""
    wt = _weights()
    convs = sorted(
        {n.split(".")[1] for n in wt if n.startswith(f"{net}.c")}, key=lambda n: int(n[1:])
    )
    out = []
    for i in range(0, len(planes), _BATCH):
        x = planes[i : i + _BATCH].transpose(0, 2, 3, 1)
        for name in convs:
            x = _conv(x, wt[f"{net}.{name}.weight"], wt[f"{net}.{name}.bias"])
        # flattened as the network was trained: channel first
        flat = x.transpose(0, 3, 1, 2).reshape(len(x), -1)
        h = np.concatenate([flat, known[i : i + _BATCH]], axis=1)
        h = np.maximum(h @ wt[f"{net}.f0.weight"].T + wt[f"{net}.f0.bias"], 0.0)
        out.append((h @ wt[f"{net}.f2.weight"].T + wt[f"{net}.f2.bias"])[:, 0])
    return np.concatenate(out) if out else np.zeros(0, np.float32)


def _logistic(logit: np.ndarray) -> np.ndarray:
    # written so a large logit cannot overflow
    return 0.5 * (1.0 + np.tanh(0.5 * logit))


def logits(planes: np.ndarray, known: np.ndarray) -> np.ndarray:
    """Every network's logit that each mark is filled: (networks, marks)."""
    return np.stack([_logit(planes, known, net) for net in nets()])


def probability(every: np.ndarray, sure_reader: np.ndarray) -> np.ndarray:
    """The probability that each mark is filled, from every network's logits (`logits`):
    the first network's where it is sure past AGAIN and agrees with the reader where the
    reader is sure (`sure_reader`: 1 filled, 0 empty, -1 not sure); elsewhere the mean of
    every network's logits."""
    logit = every[0].copy()
    against = (sure_reader >= 0) & ((logit >= 0) != (sure_reader == 1))
    again = against | (np.abs(logit) < _AGAIN_LOGIT)
    logit[again] = every[:, again].mean(axis=0)
    return _logistic(logit)


def _mirrored(planes: np.ndarray) -> list[np.ndarray]:
    """The patches flipped left-right, top-bottom and both (N, C, H, W)."""
    return [np.ascontiguousarray(np.flip(planes, axes)) for axes in ((3,), (2,), (2, 3))]


def steady(
    planes: np.ndarray,
    known: np.ndarray,
    every: np.ndarray,
    filled: np.ndarray,
    line: np.ndarray | float | None = None,
) -> np.ndarray:
    """Whether each reading (`filled`) holds at its `line` (STEADY_LOGIT unless given) or
    more in every look:
    each network's, and where either network's |logit| is under MIRROR_BELOW, each
    network's at the patch mirrored three ways. Two networks can agree on a faded tick
    they both misread; the same pencil mirrored meets each network's filters otherwise, and
    where one look is then unsure or reads it the other way, the pencil is too faint for
    any look to be trusted."""
    sign = np.where(filled, 1.0, -1.0).astype(np.float32)
    least = (every * sign).min(axis=0)
    look = np.flatnonzero(np.abs(every).min(axis=0) < MIRROR_BELOW)
    if len(look):
        for view in _mirrored(planes[look]):
            for net in nets():
                least[look] = np.minimum(least[look], _logit(view, known[look], net) * sign[look])
    return least >= (STEADY_LOGIT if line is None else line)


def settle(
    page: ReadablePage,
    readings: dict[str, Reading],
    scores: Mapping[str, float],
    ink: np.ndarray,
    art: np.ndarray,
    light: np.ndarray,
    saturated: np.ndarray,
    px_per_point: float,
    tilt: float,
    *,
    pencil: float,
    noise: float,
    contrast: float,
    strokes: float | None = None,
    blur: float = 0.0,
) -> int:
    """Every mark looked at again, in place: the networks' reading stands where it is all
    but sure and steady (`steady`, looked at only where it would stand); anything else is
    flagged (with their reading, the more often right). Where they overturn a reading the
    reader was sure of, both have voted (`probability`): on the tuning photos held back,
    all 60 such overturns that stood were right; an overturn to paper is flagged all the
    same (`emptied`: one read a held-out letter as paper). `strokes`: how dark the page's
    clearly filled marks show (`lost`); `blur`: the photo's (`faint`). The number of
    readings flagged for paper clipped to white (`lost`, `overturned`)."""
    marks = list(page.marks)
    if not marks or not knows(page):
        return 0
    planes = patches(marks, page, ink, art, light, saturated, pencil)
    known = np.array(
        [
            facts(m, readings[m.key], scores[m.key], px_per_point, tilt, noise, pencil, contrast)
            for m in marks
        ],
        np.float32,
    )
    reader_filled = np.array([readings[m.key].filled for m in marks])
    reader_sure = np.array([readings[m.key].confidence for m in marks])
    filled, sure = verdicts(
        planes,
        known,
        reader_filled,
        reader_sure,
        strokes,
        groups(marks),
        one_page=True,
        blur=blur,
        px_per_point=px_per_point,
    )
    for mark, filled_mark, sure_mark in zip(marks, filled, sure, strict=True):
        readings[mark.key] = Reading(bool(filled_mark), sure_mark)
    clipped = lost(planes, filled, strokes) | overturned(planes, filled, reader_filled, reader_sure)
    return int(clipped.sum())


def verdicts(
    planes: np.ndarray,
    known: np.ndarray,
    reader_filled: np.ndarray,
    reader_sure: np.ndarray,
    strokes: float | None = None,
    group: np.ndarray | None = None,
    *,
    one_page: bool = False,
    blur: float = 0.0,
    px_per_point: float = 0.0,
) -> tuple[np.ndarray, list[float]]:
    """The networks' reading of each mark and how sure (`settle`): below SURE where it is
    under SETTLE, not steady at its `steady_line`, an empty reading where the pencil may
    be clipped away (`lost`, given the page's `strokes`), a filled one that overturns
    the reader on clipped paper (`overturned`), an empty one that overturns a reader sure
    of pencil (`emptied`), an empty grid square the reader doubted on a page small and
    light (`faded_square`, given its `px_per_point`), or the one value of a group with none
    circled that stands out (`standout`, given each mark's `group`), or, where the marks
    are `one_page`, an empty box holding a stroke's worth of pencil (`leftover`) or, on a
    page whose pencil shows light, the empty reading of each kind that stands out most
    (`faint`, given the photo's `blur`).
    `reader_filled` and `reader_sure`: the reader's reading and confidence."""
    doubted = reader_sure < SURE
    sure_reader = np.where(doubted, -1, reader_filled.astype(int))
    every = logits(planes, known)
    p = probability(every, sure_reader)
    sure = [round(max(float(p_mark), 1.0 - float(p_mark)), 3) for p_mark in p]
    kind = known[:, : len(KINDS)].argmax(axis=1)  # `facts` leads with the one-hot kind
    doubted_kind = np.isin(kind, [KINDS.index(k) for k in DOUBTED_EMPTY_KINDS])
    leaned = doubted & reader_filled
    line = steady_line(planes, leaned, doubted & ~reader_filled & doubted_kind, leaned & (p < 0.5))
    holds = np.ones(len(p), bool)
    standing = np.flatnonzero(np.array(sure) >= SETTLE)
    holds[standing] = steady(
        planes[standing], known[standing], every[:, standing], p[standing] >= 0.5, line[standing]
    )
    holds &= ~lost(planes, p >= 0.5, strokes)
    holds &= ~overturned(planes, p >= 0.5, reader_filled, reader_sure)
    holds &= ~emptied(p >= 0.5, reader_filled, reader_sure)
    square = kind == KINDS.index("square")
    holds &= ~faded_square(square, p >= 0.5, reader_filled, reader_sure, strokes, px_per_point)
    if group is not None:
        holds &= ~standout(every, p >= 0.5, group)
    if one_page:
        holds &= ~leftover(planes, kind == KINDS.index("box"), p >= 0.5, every)
        sure_empty = (p < 0.5) & (np.array(sure) >= SETTLE) & holds
        holds &= ~faint(every, kind, sure_empty, strokes, blur)
    return p >= 0.5, [
        sure_mark if sure_mark >= SETTLE and held else min(sure_mark, SURE - 0.1)
        for sure_mark, held in zip(sure, holds, strict=True)
    ]


def steady_line(
    planes: np.ndarray,
    leaned: np.ndarray,
    doubted_empty: np.ndarray | None = None,
    overturned_leaned: np.ndarray | None = None,
) -> np.ndarray:
    """The logit each mark's reading must hold in every look (`steady`): STEADY_LOGIT,
    CLIPPED_LOGIT where CLIPPED_SHARE or more of its patch is clipped to white (the last
    plane), LEANED_LOGIT where the reader doubted but leaned filled (`leaned`),
    OVERTURNED_LEANED_LOGIT where the networks read paper there (`overturned_leaned`),
    DOUBTED_EMPTY_LOGIT where it doubted but leaned empty on a ring or a grid square
    (`doubted_empty`); the highest that applies."""
    clipped = clipped_share(planes) >= CLIPPED_SHARE
    line = np.where(clipped, max(STEADY_LOGIT, CLIPPED_LOGIT), STEADY_LOGIT)
    line = np.where(leaned, np.maximum(line, LEANED_LOGIT), line)
    if doubted_empty is not None:
        line = np.where(doubted_empty, np.maximum(line, DOUBTED_EMPTY_LOGIT), line)
    if overturned_leaned is not None:
        line = np.where(overturned_leaned, np.maximum(line, OVERTURNED_LEANED_LOGIT), line)
    return line
