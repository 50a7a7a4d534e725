"""On a page whose pencil shows light, the empty reading of each kind that stands out most
is asked about (`sheetsmith.photo.faint`), however sure and steady the networks are."""

from __future__ import annotations

import numpy as np
import pytest

from sheetsmith.photo import faint, judge
from sheetsmith.photo.marks import SURE
from test_photo_judge import _one_mark

POINT, BOX = judge.KINDS.index("point"), judge.KINDS.index("box")
LIGHT = faint.FAINT_STROKES - 0.02  # a page whose filled marks show light
# eight empty points read at logits -22 to -18 (median -20, deviation 1), and the one under
# test last: 3.5 deviations (plus the spread's 0.5) over the median is -14.75
RESTING = [-22.0, -21.0, -21.0, -20.0, -20.0, -19.0, -19.0, -18.0]


def _flags(last: float, strokes: float | None = LIGHT, empty_last: bool = True) -> list[bool]:
    mean = np.array([*RESTING, last], np.float32)
    every = np.stack([mean - 1.0, mean + 1.0])  # the two networks, their mean as given
    kind = np.full(len(mean), POINT)
    empty = np.ones(len(mean), bool)
    empty[-1] = empty_last
    return faint.faint(every, kind, empty, strokes).tolist()


def test_the_empty_point_standing_out_on_a_light_page_is_flagged():
    assert _flags(-14.0) == [False] * len(RESTING) + [True]


@pytest.mark.parametrize(
    ("last", "strokes", "empty_last", "why"),
    [
        (-15.0, LIGHT, True, "not far enough above its kind"),
        (-14.0, faint.FAINT_STROKES, True, "the page's filled marks show dark enough"),
        (-14.0, None, True, "how dark the page's pencil shows is not known"),
        (-14.0, 0.0, True, "no mark reads clearly filled: nothing shows how the pencil shows"),
        (-14.0, LIGHT, False, "not a sure empty reading: the other lines judge it"),
    ],
)
def test_a_point_is_not_flagged(last, strokes, empty_last, why):
    assert not any(_flags(last, strokes, empty_last)), why


def test_a_reading_the_networks_hold_far_below_the_logit_line_stands():
    # a page whose empty points all read at -40 or so: one at -30 stands far above them,
    # but the networks are far surer of it than of any light mark they misread
    mean = np.array([-42.0, -41.0, -40.0, -40.0, -39.0, -38.0, faint.FAINT_LOGIT - 1.0])
    flags = faint.faint(np.stack([mean, mean]), np.full(len(mean), POINT), np.ones(7, bool), LIGHT)
    assert not flags.any()
    mean[-1] = faint.FAINT_LOGIT + 1.0
    flags = faint.faint(np.stack([mean, mean]), np.full(len(mean), POINT), np.ones(7, bool), LIGHT)
    assert flags.tolist() == [False] * 6 + [True]


def test_only_the_top_of_each_kind_is_flagged_and_each_kind_is_its_own():
    # two points stand out: only the higher is asked about; the boxes are judged among
    # themselves (their median is -24, so -15 stands out among them)
    points = [*RESTING, -12.0, -13.0]
    boxes = [-25.0, -24.0, -24.0, -24.0, -23.0, -15.0]
    mean = np.array([*points, *boxes], np.float32)
    kind = np.array([POINT] * len(points) + [BOX] * len(boxes))
    flags = faint.faint(np.stack([mean, mean]), kind, np.ones(len(mean), bool), LIGHT)
    assert np.flatnonzero(flags).tolist() == [len(RESTING), len(mean) - 1]


def test_a_kind_with_too_few_sure_empty_readings_tells_nothing():
    mean = np.array([-20.0, -20.0, -19.0, -10.0], np.float32)
    flags = faint.faint(np.stack([mean, mean]), np.full(4, POINT), np.ones(4, bool), LIGHT)
    assert not flags.any()


def test_verdicts_flag_it_on_one_page_only_given_the_pages_strokes(monkeypatch):
    mean = np.array([*RESTING, -14.0], np.float32)
    every = np.stack([mean, mean])
    monkeypatch.setattr(judge, "logits", lambda planes, known: every)
    monkeypatch.setattr(judge, "steady", lambda *args: np.ones(len(args[0]), bool))
    n = len(mean)
    planes = np.zeros((n, 4, judge.SIDE, judge.SIDE), np.float32)
    known = np.zeros((n, len(judge.KINDS)), np.float32)
    known[:, POINT] = 1.0
    args = (planes, known, np.zeros(n, bool), np.ones(n))
    filled, sure = judge.verdicts(*args, LIGHT, one_page=True)
    assert not filled.any()
    assert [s < SURE for s in sure] == [False] * (n - 1) + [True]
    _, sure = judge.verdicts(*args, LIGHT)  # marks of several pages: no page to compare with
    assert min(sure) >= SURE
    _, sure = judge.verdicts(*args, faint.FAINT_STROKES, one_page=True)  # a darker page
    assert min(sure) >= SURE


@pytest.mark.parametrize(
    ("seed", "key"),
    [(788, "star:1,10"), (523, "supporters.researcher-2:3"), (646, "grid:2,3")],
)
def test_an_erased_mark_on_a_light_page_is_asked_about(monkeypatch, seed, key):
    """Tuning photos held back from training: an erased star point, supporter box and
    daily-sheet square, each on a page whose pencil shows light. The networks read each
    empty, sure and steady, which would stand; with this line the player is asked."""
    photo, read = _one_mark(seed, key)
    assert not photo.truth[key]
    assert photo.drawn[key] == "erased"
    asked = read()
    assert asked.uncertain and not asked.filled
    monkeypatch.setattr(faint, "FAINT_STROKES", 0.0)
    stands = read()
    assert not stands.uncertain and not stands.filled


@pytest.mark.parametrize(
    ("blur", "flagged"),
    [(0.0, False), (faint.FAINT_BLURRED - 0.5, False), (faint.FAINT_BLURRED, True), (4.6, True)],
)
def test_on_a_blurred_photo_the_line_stands_lower(blur, flagged):
    # 3.0 deviations (plus the spread's 0.5) over the median: under FAINT_Z, over
    # FAINT_BLURRED_Z
    assert faint.FAINT_BLURRED_Z < 3.0 < faint.FAINT_Z
    mean = np.array([*RESTING, -20.0 + 3.0 * 1.5], np.float32)
    flags = faint.faint(
        np.stack([mean, mean]), np.full(len(mean), POINT), np.ones(9, bool), LIGHT, blur
    )
    assert flags.tolist() == [False] * len(RESTING) + [flagged]


def test_verdicts_pass_the_photos_blur_on(monkeypatch):
    mean = np.array([*RESTING, -15.5], np.float32)
    monkeypatch.setattr(judge, "logits", lambda planes, known: np.stack([mean, mean]))
    monkeypatch.setattr(judge, "steady", lambda *args: np.ones(len(args[0]), bool))
    n = len(mean)
    known = np.zeros((n, len(judge.KINDS)), np.float32)
    known[:, POINT] = 1.0
    args = (np.zeros((n, 4, judge.SIDE, judge.SIDE), np.float32), known, np.zeros(n, bool))
    _, sure = judge.verdicts(*args, np.ones(n), LIGHT, one_page=True)
    assert min(sure) >= SURE
    _, sure = judge.verdicts(*args, np.ones(n), LIGHT, one_page=True, blur=faint.FAINT_BLURRED)
    assert [s < SURE for s in sure] == [False] * (n - 1) + [True]


def test_an_erased_box_on_a_light_blurred_page_is_asked_about(monkeypatch):
    """A tuning photo held back from training, blurred (the print model's sigma 2.1): an
    erased schedule box on a page whose pencil shows light stands 2.8-3.5 deviations over
    the page's other empty boxes. With the line for blurred photos the player is asked."""
    key = "schedule.sunday:1"
    photo, read = _one_mark(1170, key)
    assert photo.drawn[key] == "erased"
    asked = read()
    assert asked.uncertain and not asked.filled
    monkeypatch.setattr(faint, "FAINT_BLURRED", np.inf)
    stands = read()
    assert not stands.uncertain and not stands.filled
