"""The synthetic phone photos the photo bench measures the reader on (bench/photos/synth.py):
deterministic from their seed, their ground truth what was drawn, their camera within the
issue's ranges; and a small reading of tuning photos with generous bounds (the real
measurement is bench/photo_accuracy.py on held-out seeds)."""

from __future__ import annotations

import sys
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from photos import synth


@pytest.fixture(scope="module")
def photo() -> synth.Photo:
    return synth.photo_for_seed(4)  # the Personal Space daily sheet, on Letter


def test_a_seed_gives_the_same_photo_every_time(photo):
    again = synth.photo_for_seed(4)
    assert again.jpeg == photo.jpeg
    assert again.truth == photo.truth
    assert np.array_equal(again.homography, photo.homography)
    other = synth.photo_for_seed(4 + len(synth.writable_pages()))  # same page, other seed
    assert other.jpeg != photo.jpeg


def test_the_splits_do_not_meet():
    assert synth.TUNING_SEEDS.stop <= synth.HELD_OUT_START
    assert list(synth.held_out_seeds(3)) == [100_000, 100_001, 100_002]


def test_every_writable_page_of_both_games_on_both_papers_is_covered():
    pages = synth.writable_pages()
    assert {(g, p) for g, _, p in pages} == {
        (g, p) for g in ("my-corner-of-the-sky", "personal-space") for p in ("letter", "a4")
    }
    assert {name for _, name, _ in pages} >= {"game-page", "upgrades", "daily-sheet"}
    seen = {synth.scenario(seed)[0].readable.payload for seed in range(len(pages))}
    assert len(seen) == len(pages)


def test_the_truth_names_every_mark_and_what_was_drawn(photo):
    assert set(photo.truth) == {m.key for m in photo.page.marks}
    assert photo.image.shape[:2] == photo.camera.frame[::-1]
    for key, style in photo.drawn.items():
        assert photo.truth[key] == (style != "erased"), key
    assert all(key in photo.drawn for key, filled in photo.truth.items() if filled)


def test_filled_marks_are_pencilled_and_empty_ones_stay_blank_or_faint():
    source, filled = synth.scenario(0)  # the star map: points, boxes, circled rewards
    rng = np.random.default_rng(0)
    fills = synth.FillParams(0.4, 4.0, 0.5, True, True)  # light pencil, many erasures
    page, drawn = synth.draw_fills(source, filled, fills, rng)
    blank = cv2.cvtColor(source.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gray = cv2.cvtColor(page, cv2.COLOR_BGR2GRAY).astype(np.float32)
    erased = 0
    for mark in source.readable.marks:
        x0, y0, x1, y1 = (round(v) for v in source.box_px(mark.box))
        added = blank[y0:y1, x0:x1] - gray[y0:y1, x0:x1]  # darkness the pencil added
        pencilled = (added > 0.15 * 255).sum()  # pixels a light, grainy pencil reaches
        if mark.key in filled:
            if mark.kind != "circle":  # a ring is drawn around its value, not over it
                assert pencilled >= 6, (mark.key, drawn[mark.key])
        elif drawn.get(mark.key) == "erased":
            erased += 1
            # faint: a third of the lightest fill (a neighbour's stroke may reach its edge)
            assert np.percentile(added, 95) < 0.2 * 255, mark.key
        elif mark.kind != "point":  # points may lie under a shaded star-map square
            assert pencilled == 0, mark.key
    assert erased > 0


@pytest.mark.parametrize("seed", [0, 2])  # the star map on Letter and on A4
def test_a_ring_round_a_value_printed_in_a_circle_runs_beside_the_print(seed):
    # a ring traced on the printed circle would not show, yet be counted filled
    source, _ = synth.scenario(seed)
    major = next(m for m in source.readable.marks if m.key.endswith("reward:major"))
    x0, y0, x1, y1 = source.box_px(major.box)
    cx, cy, half = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    near = np.s_[int(cy - 2 * half) : int(cy + 2 * half), int(cx - 2 * half) : int(cx + 2 * half)]
    gray = cv2.cvtColor(source.image, cv2.COLOR_BGR2GRAY)[near]
    blank = gray.astype(np.float32)
    ys, xs = np.mgrid[near]
    distance = np.hypot(xs - cx, ys - cy) / half
    sector = ((np.arctan2(ys - cy, xs - cx) + np.pi) / (2 * np.pi) * 36).astype(int) % 36
    around = (distance > 1.0) & (distance < 2.0) & (blank >= 235)  # bare paper round it
    rings = 0
    for draw in range(12):
        fills = synth.FillParams(0.6, 4.5, 0.0, False, False)
        page, drawn = synth.draw_fills(source, {major.key}, fills, np.random.default_rng(draw))
        if drawn[major.key] != "ring":
            continue
        rings += 1
        added = blank - cv2.cvtColor(page, cv2.COLOR_BGR2GRAY)[near].astype(np.float32)
        shown = np.bincount(sector[around & (added > 0.15 * 255)], minlength=36)
        # pencil on the paper nearly all the way round, most of the stroke's width of it
        assert (shown >= 10).sum() >= 32 and np.median(shown) >= 25, (draw, shown)
    assert rings >= 6


def _ink(style: str, size: float, draw: int, width: float = 5.0) -> np.ndarray:
    """The coverage of one `style` fill drawn over a `size`-pixel box."""
    pad = int(size)
    canvas = synth._Canvas((int(size) + 2 * pad, int(size) + 2 * pad), (-pad, -pad))
    box = (0.0, 0.0, size, size)
    synth._style_strokes(canvas, style, box, 8.0, width, np.random.default_rng(draw))
    return canvas.mask


class _Lines(synth._Canvas):
    """A canvas that keeps each stroke's centre line as well as drawing it."""

    def __init__(self, shape: tuple[int, int], origin: tuple[int, int]) -> None:
        super().__init__(shape, origin)
        self.lines: list[np.ndarray] = []

    def line(self, points: np.ndarray, width: float) -> None:
        self.lines.append(np.asarray(points, np.float64))
        super().line(points, width)


def test_a_scribble_goes_back_and_forth():
    # one straight stroke is a slash, and a slash along a printed digit shows nowhere;
    # a star point with the thickest pencil is where the zigzag has fewest rows
    for draw in range(150):
        ink = _ink("scribble", 32.0, draw, width=8.6)
        ys, xs = np.nonzero(ink > 127)
        spread = np.linalg.eigvalsh(np.cov(np.vstack([xs, ys])))
        assert np.sqrt(spread[0]) > 4.5, draw  # past one stroke's spread across its line


def test_a_letter_is_never_a_speck():
    least = synth.SMALLEST_LETTER_MM * synth.DPI / 25.4
    size = 232.0  # a daily-sheet square, which has no room past its edge
    small = 0
    for draw in range(150):
        canvas = _Lines((int(size), int(size)), (0, 0))
        rng = np.random.default_rng(draw)
        synth._style_strokes(canvas, "letters", (0.0, 0.0, size, size), 0.0, 5.0, rng)
        for letter in canvas.lines:  # the centre line of each letter, the pencil's width aside
            extent = np.ptp(letter, axis=0).max()
            assert extent >= least - 1e-6, (draw, extent)
            small += extent < least + 1e-6
            assert letter.min() >= 0.0 and letter.max() <= size, draw  # inside its square
    assert small > 0  # some were grown: the draws reach the case


def test_a_letter_is_grown_about_its_middle_to_the_least_size():
    least = synth.SMALLEST_LETTER_MM * synth.DPI / 25.4
    square = (0.0, 0.0, 232.0, 232.0)
    speck = np.array([[100.0, 50.0], [102.0, 51.0], [101.0, 53.0]])
    grown = synth._letter_sized(speck, square)
    assert np.ptp(grown, axis=0).max() == pytest.approx(least)
    assert grown.mean(axis=0) == pytest.approx(speck.mean(axis=0))
    written = np.array([[100.0, 50.0], [110.0, 90.0], [120.0, 60.0]])
    assert np.array_equal(synth._letter_sized(written, square), written)
    dot = np.array([[100.0, 50.0]] * 3)  # every point in one place
    assert np.ptp(synth._letter_sized(dot, square), axis=0).max() == pytest.approx(least)


def test_a_grown_letter_at_the_edge_of_its_square_is_moved_back_inside():
    least = synth.SMALLEST_LETTER_MM * synth.DPI / 25.4
    speck = np.array([[1.0, 50.0], [3.0, 51.0], [2.0, 53.0]])  # at the square's left edge
    grown = synth._letter_sized(speck, (0.0, 0.0, 232.0, 232.0))
    assert grown[:, 0].min() == pytest.approx(0.0)
    assert np.ptp(grown, axis=0).max() == pytest.approx(least)


def test_the_homography_puts_the_printed_markers_where_the_photo_shows_them(photo):
    """The ground truth of where each mark is in the photo: the markers found by ArUco lie
    where the photo's homography maps the layout's marker squares."""
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY))
    assert ids is not None
    found = {int(i): c.reshape(4, 2) for c, i in zip(corners, ids.ravel(), strict=True)}
    assert set(found) >= {0, 1, 2, 3}
    for index, rect in enumerate(photo.page.markers):
        centre = np.float32([[rect.centre]]).reshape(-1, 1, 2)
        expected = cv2.perspectiveTransform(centre, photo.homography).reshape(2)
        assert np.hypot(*(found[index].mean(0) - expected)) < 4.0


def test_the_camera_stays_within_the_issue_ranges():
    for seed in range(300):
        camera = synth._camera_params(np.random.default_rng([seed, 2]))
        width, height = sorted(camera.frame, reverse=True)
        assert 1600 <= width <= 4000 and height == width * 3 // 4
        assert 0 <= camera.tilt_deg <= 35 and 0 <= camera.roll_deg <= 360
        assert 0.5 <= camera.fill <= 0.95
        assert 50 <= camera.jpeg_quality <= 90


@pytest.mark.parametrize("roll", [0.0, 45.0, 137.0, 270.0])
def test_the_whole_page_is_in_the_frame_at_the_extremes(roll):
    """35 degrees of tilt, the page at 95 % of the frame, the smallest and largest frames:
    every corner of the page lies inside the photo."""
    base = synth._camera_params(np.random.default_rng(1))
    for frame in ((1600, 1200), (3000, 4000)):
        for axis in (0.0, 90.0, 200.0):
            camera = replace(
                base, frame=frame, tilt_deg=35.0, tilt_axis_deg=axis, roll_deg=roll, fill=0.95
            )
            matrix = synth._homography(camera, (2550, 3300), np.random.default_rng(0))
            page = np.float32([[0, 0], [2550, 0], [2550, 3300], [0, 3300]]).reshape(-1, 1, 2)
            quad = cv2.perspectiveTransform(page, matrix).reshape(-1, 2)
            assert (quad >= 0).all() and (quad[:, 0] <= frame[0]).all()
            assert (quad[:, 1] <= frame[1]).all()
            span = quad.max(0) - quad.min(0)
            assert max(span[0] / frame[0], span[1] / frame[1]) == pytest.approx(0.95, abs=0.01)


def test_a_photo_at_the_extremes_is_still_an_image():
    """The darkest, blurriest, noisiest corner of the ranges gives a valid 8-bit photo."""
    source, _ = synth.scenario(1)
    base = synth._camera_params(np.random.default_rng(2))
    camera = replace(
        base,
        frame=(1600, 1200),
        tilt_deg=35.0,
        fill=0.5,
        exposure=0.7,
        gradient=0.45,
        shadow=0.5,
        hard_shadow=0.45,
        blur="motion",
        blur_px=6.0 * 1600 / 3000,
        read_noise=0.015,
        shot_noise=0.0008,
        jpeg_quality=50,
    )
    image, _, jpeg = synth.photograph(source.image, camera, np.random.default_rng(3))
    assert image.shape == (1200, 1600, 3) and image.dtype == np.uint8
    assert jpeg[:2] == b"\xff\xd8"
    assert 20 < image.mean() < 235  # neither black nor blown out


def test_tuning_photos_read_mostly_right_and_never_confidently_wrong():
    """Ten tuning photos through the reader, with generous bounds: the bench's held-out
    run is the measurement; this catches a reader or generator that broke."""
    from sheetsmith.photo import read
    from sheetsmith.photo.errors import PhotoError

    marks = right = wrong = refused = 0
    for seed in range(10):
        photo = synth.photo_for_seed(seed)
        try:
            result = read.read_page(photo.image)
        except PhotoError:
            refused += 1
            continue
        assert result.page.payload == photo.page.payload
        for key, filled in photo.truth.items():
            reading = result.readings[key]
            marks += 1
            if not reading.uncertain:
                right += reading.filled == filled
                wrong += reading.filled != filled
    # bounds for a reader still being tuned (2026-11-24: 87 % right, 2.5 % wrong unflagged on
    # the held-out bench); tighten them as bench/README.md's figures improve
    assert refused <= 3
    assert right >= 0.8 * marks
    assert wrong <= 0.05 * marks


def test_a_mark_left_out_changes_that_mark_alone_and_must_be_pencilled():
    """`leave_out`: the same sheet, camera and noise, without one mark's pencil (what the
    bench's pencil_seen.py compares). Its truth stays filled: the photo is a probe."""
    source, filled = synth.scenario(0)
    fills = synth.FillParams(0.5, 4.0, 0.0, False, False)
    key = sorted(filled)[0]
    whole, drawn = synth.draw_fills(source, filled, fills, np.random.default_rng(1))
    less, drawn_less = synth.draw_fills(source, filled, fills, np.random.default_rng(1), key)
    assert drawn_less == drawn
    changed = np.argwhere(np.any(whole != less, axis=2))
    assert len(changed)
    x0, y0, x1, y1 = source.box_px(next(m for m in source.readable.marks if m.key == key).box)
    reach = 0.5 * max(x1 - x0, y1 - y0) + 4 * fills.width_px  # the stroke's room and width
    assert changed[:, 1].min() >= x0 - reach and changed[:, 1].max() <= x1 + reach
    assert changed[:, 0].min() >= y0 - reach and changed[:, 0].max() <= y1 + reach
    photo = synth.synth_photo(source, filled, 7, leave_out=key)
    assert photo.truth[key] and photo.jpeg != synth.synth_photo(source, filled, 7).jpeg
    empty = next(m.key for m in source.readable.marks if m.key not in filled)
    with pytest.raises(ValueError, match="nothing to leave out"):
        synth.synth_photo(source, filled, 7, leave_out=empty)


def _line_darkness(area_sampled: bool) -> np.ndarray:
    """Thin printed lines on a page at a slant, read at half the scale on its far side than
    on its near one: each line's darkness in the frame against what its width there gives."""
    raster = np.full((600, 600, 3), 255, np.uint8)
    xs = np.arange(12, 600, 24)
    raster[:, xs] = 0  # one raster pixel wide
    corners = np.float32([[0, 0], [600, 0], [600, 600], [0, 600]])
    slanted = np.float32([[10, 10], [430, 160], [430, 460], [10, 610]])
    warp = cv2.getPerspectiveTransform(corners, slanted)
    if area_sampled:
        page, _ = synth._warp_page(raster, warp, (620, 620))
    else:  # each frame pixel takes the raster at its centre, as earlier seeds' photos did
        page = cv2.warpPerspective(raster, warp, (620, 620), flags=cv2.INTER_LINEAR)
    row = 255.0 - page[310, :, 0].astype(np.float64)
    where = cv2.perspectiveTransform(np.float32([[[x, 300]] for x in xs]), warp)[:, 0, 0]
    scale = np.gradient(where) / 24  # frame pixels per raster pixel at each line
    bounds = np.ceil((where[:-1] + where[1:]) / 2).astype(int)
    shown = np.array([row[a:b].sum() for a, b in pairwise(bounds)])
    return (shown / (255 * scale[1:-1]))[:-1]  # the last window runs into the page's edge


def test_a_page_at_a_slant_is_photographed_by_pixel_area_without_doubled_or_lost_lines():
    # sampled at each frame pixel's centre, the far side's lines vanish or show doubled
    point = _line_darkness(area_sampled=False)
    assert point.min() < 0.3 and point.max() > 1.6
    area = _line_darkness(area_sampled=True)
    assert np.all(np.abs(area - 1.0) < 0.15)


def test_held_out_photos_from_the_area_sampled_seeds_on_are_area_sampled(monkeypatch):
    warped = []
    real = synth._warp_page
    monkeypatch.setattr(synth, "_warp_page", lambda *a: warped.append(a) or real(*a))
    synth.photo_for_seed(synth.AREA_SAMPLED_FROM)
    assert len(warped) == 1
    # the same sheet under an earlier seed's camera is photographed as that seed was
    synth.photo_for_seed(synth.AREA_SAMPLED_FROM, camera_seed=synth.AREA_SAMPLED_FROM - 1)
    assert len(warped) == 1
