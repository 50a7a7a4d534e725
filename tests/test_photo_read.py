"""Reading photos of pages: synthetic photos of a test page (markers, page code, marks of
every kind) read back right, every bad photo refused with exit 2 and what to do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

import photopage as pp
from sheetsmith.cli import app
from sheetsmith.naming import photos_player
from sheetsmith.photo import errors, image, is_photo
from sheetsmith.photo import read as reading
from sheetsmith.photo.read import GAMES, read_page

runner = CliRunner()
EXAMPLES = Path(__file__).parent.parent / "examples" / "my-corner-of-the-sky"

FILLED = ["point:0,0", "point:1,0", "point:3,2", "box:1", "box:4", "day:tue", "grid:1,0"]
DOTS = ["point:5,5", "point:2,3"]  # a light dot inside a point is filled
TICKS = ["box:6", "point:4,1"]
ERASED = ["point:8,0", "box:7"]  # rubbed out: empty (or flagged), never filled unflagged
WANTED = set(FILLED) | set(DOTS) | set(TICKS)


@pytest.fixture(scope="module")
def test_page():
    readable, page = pp.build()
    raster = pp.raster_page(page)
    pp.fill(raster, readable, FILLED)
    pp.fill(raster, readable, DOTS, style="dot")
    pp.fill(raster, readable, TICKS, style="tick")
    pp.fill(raster, readable, ERASED, colour=(215, 215, 215))
    catalogue = pp.TestCatalogue((readable, page))
    return readable, raster, catalogue


@pytest.fixture
def catalogue(test_page, monkeypatch):
    monkeypatch.setattr(reading, "GAMES", test_page[2])
    return test_page[2]


def jpeg(photo: np.ndarray, quality: int = 75) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def assert_read_right(read, readable) -> None:
    for mark in readable.marks:
        got = read.readings[mark.key]
        if mark.key in ERASED:
            assert not got.filled or got.uncertain, mark.key
            continue
        assert got.filled == (mark.key in WANTED), (mark.key, got, read.scores[mark.key])
        assert not got.uncertain, (mark.key, got, read.scores[mark.key])


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"angle": 95, "tilt": 0.4, "shade": 0.5},
        {"angle": -170, "size": (4000, 3000), "fill_share": 0.6, "blur": 1.5},
        {"size": (1600, 1200), "fill_share": 0.95, "noise": 6},
        {"size": (1600, 1200), "fill_share": 0.5, "angle": 30},
    ],
)
def test_synthetic_photos_read_back_right(test_page, options):
    readable, raster, catalogue = test_page
    read = read_page(jpeg(pp.photograph(raster, **options)), catalogue)
    assert read.page == readable
    assert_read_right(read, readable)
    assert read.rectified.shape[:2] == (round(792 * read.scale), round(612 * read.scale))


def test_an_empty_page_reads_empty(test_page):
    _, _, catalogue = test_page
    blank = pp.raster_page(pp.build()[1])
    read = read_page(jpeg(pp.photograph(blank, angle=-20)), catalogue)
    assert not [k for k, r in read.readings.items() if r.filled or r.uncertain]


def save(tmp_path: Path, name: str, photo: np.ndarray) -> str:
    path = tmp_path / name
    cv2.imwrite(str(path), photo)
    return str(path)


def run(*args: str):
    return runner.invoke(app, list(args))


def test_read_writes_the_sheet_the_annotation_and_json(tmp_path, test_page, catalogue):
    readable, raster, _ = test_page
    photo = save(tmp_path, "p.jpg", jpeg(pp.photograph(raster)))
    result = run("read", photo)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith('game = "test-game"')
    assert '"day:tue"' in result.stdout
    out, picture = tmp_path / "s.toml", tmp_path / "a.png"
    result = run("read", photo, "--out", str(out), "--annotate", str(picture), "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    marks = {m["key"]: m for m in document["pages"][0]["marks"]}
    assert marks["box:1"]["filled"] and not marks["box:2"]["filled"]
    assert set(marks) == {m.key for m in readable.marks}
    assert out.read_text().startswith('game = "test-game"')
    with Image.open(picture) as shown:
        assert shown.format == "PNG" and shown.height > shown.width
    # an existing file is not replaced without --force
    result = run("read", photo, "--out", str(out))
    assert result.exit_code == 2
    assert run("read", photo, "--out", str(out), "--force").exit_code == 0
    # -q: nothing but errors and the marks to look at
    result = run("read", photo, "--out", str(out), "--force", "-q")
    assert result.exit_code == 0 and result.stdout == ""
    assert "wrote" not in result.stderr and "every mark is sure" not in result.stderr


def test_a_refused_file_leaves_nothing_written(tmp_path, test_page, catalogue):
    photo = save(tmp_path, "p.jpg", jpeg(pp.photograph(test_page[1])))
    out, picture = tmp_path / "s.toml", tmp_path / "a.png"
    picture.write_bytes(b"the player's own picture")
    result = run("read", photo, "--out", str(out), "--annotate", str(picture))
    assert result.exit_code == 2 and "a.png exists" in result.stderr
    assert not out.exists() and picture.read_bytes() == b"the player's own picture"
    png = tmp_path / "both.png"
    same = run("read", photo, "--out", str(png), "--annotate", str(png))
    assert same.exit_code == 2 and "named by both --out and --annotate" in same.stderr
    assert not png.exists()


def test_read_json_fails_with_one_json_document(tmp_path, catalogue):
    path = tmp_path / "blank.jpg"
    cv2.imwrite(str(path), np.full((1200, 1600, 3), 235, np.uint8))
    result = run("read", str(path), "--json")
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    assert document["pages"] == [] and "no sheetsmith page" in document["errors"][0]["message"]


def test_the_annotation_is_named_png(tmp_path, test_page, catalogue):
    photo = save(tmp_path, "p.jpg", jpeg(pp.photograph(test_page[1])))
    result = run("read", photo, "--annotate", str(tmp_path / "look.jpg"))
    assert result.exit_code == 2 and "name it .png" in result.stderr
    assert not (tmp_path / "look.jpg").exists()


def test_check_reads_photos_then_checks(tmp_path, test_page, catalogue, monkeypatch):
    _, raster, _ = test_page
    typed = (EXAMPLES / "ben.toml").read_text(encoding="utf-8")
    monkeypatch.setattr(type(catalogue), "sheet", lambda self, game, readings: typed)
    photo = save(tmp_path, "p.png", pp.photograph(raster))
    result = run("check", photo)
    assert result.exit_code == 0, result.output
    assert "uncertain" in result.stdout or "every mark is sure" in result.stdout


def failure(tmp_path: Path, photo: np.ndarray, name: str = "p.jpg") -> str:
    result = run("read", save(tmp_path, name, photo))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.stderr


def test_a_blank_photo_has_no_page(tmp_path, catalogue):
    message = failure(tmp_path, np.full((1200, 1600, 3), 235, np.uint8))
    assert "no sheetsmith page found" in message


def test_a_black_photo_is_too_dark(tmp_path, catalogue):
    assert "too dark" in failure(tmp_path, np.zeros((1200, 1600, 3), np.uint8))


def test_a_cut_off_corner_is_named(tmp_path, test_page, catalogue):
    photo = pp.photograph(test_page[1], angle=0, tilt=0, fill_share=0.9)
    cut = photo[:, : int(photo.shape[1] * 0.62)]  # the right edge of the page is outside
    message = failure(tmp_path, cut)
    assert "cut off" in message and "top-right" in message and "bottom-right" in message
    # a phone photo is a little soft: a corner out of the frame is still said to be cut off
    soft = pp.photograph(test_page[1], angle=0, tilt=0, fill_share=0.9, blur=1.3)
    one_corner = soft[int(soft.shape[0] * 0.12) :, : int(soft.shape[1] * 0.62)]
    message = failure(tmp_path, one_corner, "soft.jpg")
    assert "cut off" in message and "lost in the blur" not in message


def test_a_corner_is_placed_where_the_page_in_perspective_puts_it(tmp_path, test_page, catalogue):
    """In strong perspective the page is a trapezoid, not a parallelogram: the missing
    corner is placed through the others by the page's layout, so a corner past the frame's
    edge is said to be cut off, and markers inside it but unreadable are not."""
    photo = pp.photograph(test_page[1], angle=0, tilt=0.5, fill_share=0.9)
    # the bottom-right marker lies near x = 1700; a parallelogram would put it near 1240
    message = failure(tmp_path, photo[:, :1660], "steep.jpg")
    assert "the page is cut off: its bottom-right corner marker is not in the photo" in message
    # the whole page in the frame, two markers hidden (a thumb, a pencil smudge): not cut off
    message = failure(tmp_path, _two_markers_hidden(test_page), "thumb.jpg")
    assert (
        "the page's top-left and top-right corner markers are in the photo but cannot be made out"
        in message
    )
    assert "cut off" not in message


def _two_markers_hidden(test_page) -> np.ndarray:
    """The whole page in the frame, its top two markers hidden (a thumb, a pencil smudge)."""
    from sheetsmith.photo.markers import find_markers

    photo = pp.photograph(test_page[1], angle=0, tilt=0.1, fill_share=0.85)
    gray = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    for corner in (0, 1):
        quad = find_markers(gray)[corner]
        x0, y0 = (quad.min(axis=0) - 12).astype(int)
        x1, y1 = (quad.max(axis=0) + 12).astype(int)
        photo[y0:y1, x0:x1] = 235
    return photo


def test_a_shrunk_photo_is_said_to_be_too_small(tmp_path, test_page, catalogue):
    """Not "cut off" or "blurred": what to change is the photo's size."""
    photo = pp.photograph(test_page[1], angle=0, tilt=0, fill_share=0.9)
    for size in ((300, 200), (155, 200)):
        small = cv2.resize(photo, size, interpolation=cv2.INTER_AREA)
        message = failure(tmp_path, small)
        assert f"the photo is too small to read ({size[0]}x{size[1]} pixels)" in message
    # a large photo with no page is still said to have none
    assert "no sheetsmith page found" in failure(tmp_path, np.full((1200, 1600, 3), 235, np.uint8))


def test_a_blurred_photo_is_refused(tmp_path, test_page, catalogue):
    message = failure(tmp_path, pp.photograph(test_page[1], blur=3.5, tilt=0))
    assert "blurred" in message


def test_a_page_blurred_past_its_markers_is_said_to_be_blurred(tmp_path, test_page, catalogue):
    """Not "no page": the player took a page, and what to change is the focus."""
    for blur, size in ((8.0, (2400, 1800)), (5.0, (1600, 1200))):
        photo = pp.photograph(test_page[1], blur=blur, tilt=0.1, size=size)
        message = failure(tmp_path, photo)
        assert "too blurred to find a page" in message and "no sheetsmith page" not in message
    # a sharp photo with no page in it is still said to have none
    table = np.full((1200, 1600, 3), 235, np.uint8)
    table[:, :800] = 90
    table[::40] = 30
    assert "no sheetsmith page found" in failure(tmp_path, table)


def test_a_washed_out_photo_is_refused(tmp_path, test_page, catalogue):
    photo = pp.photograph(test_page[1], shade=0).astype(np.float32)
    washed = np.clip(photo * 0.35 + 170, 0, 255).astype(np.uint8)
    assert "washed out" in failure(tmp_path, washed)


def test_a_photo_whose_print_fades_is_refused_though_its_markers_stay_black(
    tmp_path, test_page, catalogue
):
    # light added all over (haze, a bright window): the markers still read black enough,
    # the print does not, and light pencil fades with it
    photo = pp.photograph(test_page[1], shade=0).astype(np.float32)
    assert "washed out" in failure(tmp_path, np.clip(photo + 150, 0, 255).astype(np.uint8))
    fair = np.clip(photo * 1.3 + 60, 0, 255).astype(np.uint8)  # bright, but the print shows
    assert run("read", save(tmp_path, "fair.jpg", jpeg(fair))).exit_code == 0


def test_an_overexposed_photo_of_light_pencil_is_refused(tmp_path, test_page, catalogue):
    # the paper clipped to white nearly everywhere: the print still shows, light pencil
    # (here 190 of 255 on paper, 0.25 of ink) is clipped away with the paper
    readable, page = pp.build()
    light = pp.raster_page(page)
    pp.fill(light, readable, FILLED, colour=(190, 190, 190))
    bright = pp.photograph(light, shade=0).astype(np.float32) * 1.5
    message = failure(tmp_path, np.clip(bright, 0, 255).astype(np.uint8))
    assert "overexposed" in message and "burnt to pure white" in message
    assert "(a scan: scan in grey or colour, not in a black-and-white or document mode)" in message
    # the same light on a page of darker pencil: the pencil shows, and the page reads
    dark = pp.photograph(test_page[1], shade=0).astype(np.float32) * 1.5
    read = read_page(jpeg(np.clip(dark, 0, 255).astype(np.uint8)), catalogue)
    assert {k for k, r in read.readings.items() if r.filled} >= set(FILLED)


def _glare(photo: np.ndarray, strength: float) -> np.ndarray:
    """A flash-like spot of added light: `strength` (of 255) at its centre."""
    h, w = photo.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    spot = np.exp(-((xx - 0.55 * w) ** 2 + (yy - 0.45 * h) ** 2) / (2 * (0.2 * w) ** 2))
    return np.clip(photo.astype(np.float32) + strength * spot[..., None], 0, 255).astype(np.uint8)


def test_a_photo_with_glare_over_the_page_is_refused(tmp_path, test_page, catalogue):
    photo = pp.photograph(test_page[1], shade=0)
    message = failure(tmp_path, _glare(photo, 220))
    assert "glare" in message and "without flash" in message
    assert run("read", save(tmp_path, "soft.jpg", jpeg(_glare(photo, 40)))).exit_code == 0


def test_a_page_of_another_game_or_version_is_refused(tmp_path, catalogue):
    _, page = pp.build(version="2")  # the catalogue knows version 1 only
    message = failure(tmp_path, pp.photograph(pp.raster_page(page)))
    assert "test-game/front/letter/2" in message  # the version printed, named


def test_the_registry_refuses_codes_it_does_not_know():
    with pytest.raises(errors.UnknownPage, match="not a sheetsmith page code"):
        GAMES.page("https://example.com")
    with pytest.raises(errors.UnknownPage, match="does not know"):
        GAMES.page("sheetsmith:no-such-game/front/letter/1")


def test_two_photos_of_one_page_are_read_as_one(tmp_path, test_page, catalogue):
    raster = test_page[1]
    a = save(tmp_path, "ann-p1.jpg", jpeg(pp.photograph(raster)))
    again = pp.photograph(raster, angle=-70, tilt=0.4, seed=5)
    b = save(tmp_path, "ann-p1-again.jpg", jpeg(again, 60))
    picture = tmp_path / "seen.png"
    result = run("read", a, b, "--json", "--annotate", str(picture))
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    (page,) = document["pages"]
    assert page["photos"] == [a, b] and page["file"] == f"{a} + {b}"
    marks = {m["key"]: m for m in page["marks"]}
    assert {k for k, m in marks.items() if m["filled"]} == WANTED
    assert picture.exists()  # one page: one picture, named as asked
    # the same photo twice is read once, and said; the player is named by the photos
    copy = save(tmp_path, "ann-p1-copy.png", cv2.imread(a))
    result = run("read", a, copy, "--json")
    assert result.exit_code == 0, result.output
    assert "ann-p1-copy.png is the same photo as" in result.stderr
    assert json.loads(result.stdout)["pages"][0]["photos"] == [a]
    assert photos_player([a, b]) == "ann"
    # a copy an app saved again, smaller: other pixels, the same shot, read once
    first = cv2.imread(a)
    smaller = cv2.resize(first, (first.shape[1] * 3 // 4, first.shape[0] * 3 // 4))
    resaved = save(tmp_path, "ann-p1-sent.jpg", jpeg(smaller, 80))
    result = run("read", a, resaved, "--json")
    assert result.exit_code == 0, result.output
    assert "ann-p1-sent.jpg is the same shot as" in result.stderr
    assert len(json.loads(result.stdout)["pages"][0]["photos"]) == 1


def test_the_same_page_of_two_sheets_is_refused(tmp_path, test_page, catalogue):
    a = save(tmp_path, "ann.jpg", jpeg(pp.photograph(test_page[1])))
    blank = pp.raster_page(pp.build()[1])
    b = save(tmp_path, "bea.jpg", jpeg(pp.photograph(blank, angle=-20)))
    result = run("read", a, b)
    assert result.exit_code == 2
    assert "bea.jpg: shows the same page as" in result.stderr
    assert "two sheets (two players', or two days')" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name", ["sheet.gif", "notes.txt", "photo.jpg"])
def test_unsupported_or_broken_files_are_refused(tmp_path, name, catalogue):
    path = tmp_path / name
    path.write_bytes(b"GIF89a not really" if name.endswith("gif") else b"hello")
    result = run("read", str(path))
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "JPEG" in result.stderr or "take or export the photo again" in result.stderr


def test_an_empty_a_foreign_and_a_cut_short_file_are_each_said(tmp_path, test_page, catalogue):
    (tmp_path / "empty.jpg").write_bytes(b"")
    (tmp_path / "notes.jpg").write_bytes(b"shopping: eggs, milk")
    good = Path(save(tmp_path, "p.jpg", jpeg(pp.photograph(test_page[1]))))
    (tmp_path / "short.jpg").write_bytes(good.read_bytes()[:20000])
    names = ("empty.jpg", "notes.jpg", "short.jpg")
    result = run("read", *(str(tmp_path / name) for name in names))
    assert result.exit_code == 2 and "Traceback" not in result.output
    said = dict(line.removeprefix("error: ").split(": ", 1) for line in result.stderr.splitlines())
    assert said[str(tmp_path / "empty.jpg")].startswith("the file is empty")
    assert said[str(tmp_path / "notes.jpg")].startswith("not an image")
    assert said[str(tmp_path / "short.jpg")].startswith("cannot read it as an image")


def test_heic_is_read_or_refused_plainly(tmp_path):
    path = tmp_path / "p.heic"
    path.write_bytes(b"\0\0\0\x18ftypheic")
    with pytest.raises(errors.UnreadableFile, match=r"JPEG|again"):
        image.load_image(path)


def test_a_heic_photo_is_read(tmp_path, test_page):
    """What an iPhone saves by default."""
    from pillow_heif import register_heif_opener

    register_heif_opener()
    readable, raster, catalogue = test_page
    photo = pp.photograph(raster, angle=8)
    path = tmp_path / "IMG_0001.HEIC"
    Image.fromarray(np.ascontiguousarray(photo[:, :, ::-1])).save(path, format="HEIF", quality=85)
    assert_read_right(read_page(image.load_image(path), catalogue), readable)


def test_a_heic_photo_renamed_jpg_is_read(tmp_path, test_page):
    readable, raster, catalogue = test_page
    path = tmp_path / "IMG_0002.jpg"  # an iPhone photo, renamed by hand
    rgb = np.ascontiguousarray(pp.photograph(raster)[:, :, ::-1])
    from pillow_heif import register_heif_opener

    register_heif_opener()
    Image.fromarray(rgb).save(path, format="HEIF", quality=85)
    assert_read_right(read_page(image.load_image(path), catalogue), readable)


def test_a_mirrored_photo_is_read(test_page):
    # a front camera that mirrors what it saves: the markers read flipped
    readable, raster, catalogue = test_page
    mirrored = cv2.flip(jpeg(pp.photograph(raster, angle=4)), 1)
    assert_read_right(read_page(mirrored, catalogue), readable)


def test_a_16_bit_grey_png_is_read(tmp_path, test_page):
    readable, raster, catalogue = test_page
    grey = cv2.cvtColor(pp.photograph(raster, angle=4), cv2.COLOR_BGR2GRAY)
    path = tmp_path / "scan.png"
    cv2.imwrite(str(path), grey.astype(np.uint16) * 257)
    assert_read_right(read_page(image.load_image(path), catalogue), readable)


def test_pillow_warnings_do_not_reach_the_player(tmp_path, test_page, catalogue):
    # odd EXIF, as some editing apps leave it: read, without Python's warning text
    path = tmp_path / "edited.jpg"
    rgb = np.ascontiguousarray(pp.photograph(test_page[1])[:, :, ::-1])
    exif = b"Exif\x00\x00MM\x00*\x00\x00\x00\x08\xff\xff" + b"\x00" * 20
    Image.fromarray(rgb).save(path, exif=exif)
    result = run("read", str(path))
    assert result.exit_code == 0 and "Warning" not in result.stderr and ".py:" not in result.stderr


@pytest.mark.parametrize("name", ["scan.bmp", "scan.tiff", "page.gif"])
def test_check_refuses_other_pictures_as_pictures(tmp_path, name):
    path = tmp_path / name
    Image.new("RGB", (40, 30), "white").save(path)
    result = run("check", str(path))
    assert result.exit_code == 2 and "not a photo sheetsmith reads" in result.stderr
    assert "UTF-8" not in result.stderr


def test_exif_rotation_is_applied(tmp_path, test_page):
    readable, raster, catalogue = test_page
    photo = pp.photograph(raster, angle=0, tilt=0, size=(1800, 2400))  # portrait, upright
    # stored on its side, with the tag saying "turn 90 degrees clockwise to show"
    sideways = Image.fromarray(np.ascontiguousarray(photo[:, :, ::-1])).transpose(
        Image.Transpose.ROTATE_90
    )
    exif = Image.Exif()
    exif[0x0112] = 6
    path = tmp_path / "rotated.jpg"
    sideways.save(path, exif=exif, quality=85)
    loaded = image.load_image(path)
    assert loaded.shape[:2] == (2400, 1800)
    assert_read_right(read_page(loaded, catalogue), readable)


def test_huge_photos_are_scaled_down(tmp_path):
    path = tmp_path / "big.png"
    Image.new("RGB", (5000, 3000), "white").save(path)
    assert max(image.load_image(path).shape) == image.MAX_SIDE


def test_photos_are_told_by_extension():
    assert is_photo("a.JPG") and is_photo("b.heic") and not is_photo("ann.toml")


def real_photo(
    tmp_path: Path, game: str, name: str, keys_every: int = 0, paper: str = "letter"
) -> tuple[str, set]:
    """A photo of a real game page, with every `keys_every`th mark filled."""
    from sheetsmith.print import raster as pdf_raster

    readable = GAMES.pages(game, paper)[name]
    source = GAMES.page(readable.payload)
    (picture,) = pdf_raster.pages(source.pdf, pp.DPI, [source.index])
    raster = np.ascontiguousarray(np.asarray(picture)[:, :, ::-1])
    keys = {m.key for m in readable.marks[::keys_every]} if keys_every else set()
    pp.fill(raster, readable, keys)
    file = f"{name}.jpg" if paper == "letter" else f"{name}-on-{paper}.jpg"
    return save(tmp_path, file, jpeg(pp.photograph(raster, angle=-12))), keys


def test_pages_printed_on_two_papers_are_read_with_a_warning(tmp_path):
    upgrades, _ = real_photo(tmp_path, "my-corner-of-the-sky", "upgrades", paper="a4")
    game_page, _ = real_photo(tmp_path, "my-corner-of-the-sky", "game-page")
    result = run("read", upgrades, game_page)
    assert result.exit_code == 0, result.output
    assert (
        f"warning: the pages were printed on different paper ({upgrades} on A4, {game_page}"
        " on Letter): make sure they are one player's sheet"
    ) in result.stderr
    assert "different paper" not in run("read", game_page).stderr


def test_both_sky_pages_in_any_order_make_one_checked_sheet(tmp_path):
    upgrades, _ = real_photo(tmp_path, "my-corner-of-the-sky", "upgrades")
    game_page, _ = real_photo(tmp_path, "my-corner-of-the-sky", "game-page")
    result = run("read", upgrades, game_page)
    assert result.exit_code == 0, result.output
    assert 'game = "my-corner-of-the-sky"' in result.stdout
    result = run("check", upgrades, game_page)
    assert result.exit_code in (0, 1), result.output
    assert "every mark is sure" in result.stdout
    assert "no photo of" not in result.stderr
    # one page alone is read, the page no photo showed named as printed ("page 1 of 2")
    result = run("read", upgrades)
    assert result.exit_code == 0, result.output
    assert "warning: no photo of page 1 of 2 (game page): its marks are typed empty" in (
        result.stderr
    )
    document = json.loads(run("read", upgrades, "--json").stdout)
    assert document["missing"] == ["game-page"]
    # ... but not checked: its marks, typed empty, would break rules the player kept
    result = run("check", upgrades)
    assert result.exit_code == 2, result.output
    assert "no photo shows page 1 of 2 (game page): photograph every page" in result.stderr
    result = run("check", game_page)
    assert "no photo shows page 2 of 2 (abilities and supporters)" in result.stderr
    assert "score" not in result.stdout


def test_photos_of_two_games_are_refused_plainly(tmp_path):
    sky, _ = real_photo(tmp_path, "my-corner-of-the-sky", "game-page")
    day, _ = real_photo(tmp_path, "personal-space", "daily-sheet", keys_every=5)
    for command in (["read", sky, day], ["read", day, sky, "--json"], ["check", sky, day]):
        result = run(*command)
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        said = result.stdout if "--json" in command else result.stderr
        assert "the photos are of different games" in said, said
        assert "read one game's pages at a time" in said


def test_a_daily_sheet_photo_is_read_before_it_is_checked(tmp_path):
    """Its squares' letters are handwriting: `check` on the photo says to read and type."""
    photo, _ = real_photo(tmp_path, "personal-space", "daily-sheet", keys_every=5)
    result = run("check", photo)
    assert result.exit_code == 2, result.output
    assert "shows which marks hold ink, not what is written there" in result.stderr
    # the file suggested names the player as the photo does
    # (a photo named for its page names no one: the sheet is named for no one either)
    assert f"sheetsmith read {photo} --out sheet.toml" in result.stderr
    # the command suggested is pasted into a shell: a name with a space is quoted
    spaced = tmp_path / "ann thu.jpg"
    spaced.write_bytes(Path(photo).read_bytes())
    spaced_result = run("check", str(spaced))
    assert f"sheetsmith read '{spaced}' --out ann.toml" in " ".join(spaced_result.stderr.split())
    # the money is handwriting too: typed as ??, and a check asks for it by name
    sheet = tmp_path / "day.toml"
    assert run("read", photo, "--out", str(sheet)).exit_code == 0
    text = sheet.read_text(encoding="utf-8")
    assert 'money = "??"' in text
    result = run("check", str(sheet))
    assert result.exit_code == 2
    assert "start.money: ?? (a photo cannot read handwriting): type an integer" in result.stderr
    # the typed file names the player
    assert 'player = "day"' in text


def test_a_daily_sheet_photo_reads_its_marks(tmp_path):
    photo, keys = real_photo(tmp_path, "personal-space", "daily-sheet", keys_every=7)
    read = reading.read_photos([photo]).pages[0]
    for mark, got in read.marks():
        assert got.filled == (mark.key in keys) or got.uncertain, mark.key


def test_the_photos_name_the_player():
    assert photos_player(["ann-page1.jpg", "ann-page2.jpg"]) == "ann"
    assert photos_player(["photos/ann_1.JPG", "photos/ann_2.JPG"]) == "ann"
    assert photos_player(["one.heic"]) == "one"
    # a phone's own names name no one: the player types their name
    assert photos_player(["IMG_0041.jpg", "scan.png"]) == ""
    assert photos_player(["IMG_2041.jpg", "IMG_2042.jpg"]) == ""
    assert photos_player(["PXL_20261124_101010.jpg"]) == ""
    assert photos_player(["WhatsApp Image 2026-11-24 at 10.12.jpg"]) == ""
    assert photos_player(["pia.jpg"]) == "pia"
    assert photos_player(["20240512_101010.jpg"]) == ""  # a date and time
    # a day's photo names its player, not the day: "maddy-thu.jpg" is Maddy's
    assert photos_player(["maddy-thu.jpg"]) == "maddy"
    # the words the names share, never part of one: "page1", "page2" share no player
    assert photos_player(["page1.jpg", "page2.jpg"]) == ""
    assert photos_player(["bob-1.jpg", "bea-2.jpg"]) == ""
    assert photos_player(["annabel-1.jpg", "ann-2.jpg"]) == ""
    assert photos_player(["s0.jpg", "s0 copy.jpg", "s1.jpg"]) == ""
    assert photos_player(["mary jane 1.jpg", "mary jane 2.jpg"]) == "mary jane"
    # names of pages and photos are not players; the dash a phone types is a separator
    assert photos_player(["game-page.jpg", "upgrades.jpg"]) == ""
    assert photos_player(["daily-sheet.jpg"]) == ""
    assert photos_player(["Zoë – game page.jpg", "Zoë – upgrades.jpg"]) == "Zoë"
    assert photos_player(["ann-game-page.jpg"]) == photos_player(["Ann sheet.toml"]).lower()
    assert photos_player(["ann-p1.jpg", "ann-p1-again.jpg"]) == "ann"
    assert photos_player(["pageant.jpg"]) == "pageant"
    assert photos_player(["r2d2.jpg"]) == "r2d2"
    # what a computer or an app names a file names no one either
    shots = ["Screenshot 2024-05-01 at 10.30.00.png", "Screenshot 2024-05-01 at 10.31.12.png"]
    assert photos_player(shots) == ""
    assert photos_player(["my photo 1.jpg", "my photo 2.jpg"]) == ""
    assert photos_player(["download.jpg", "download (1).jpg"]) == ""
    assert photos_player(["Mya-1.jpg", "Mya-2.jpg"]) == "Mya"
    assert photos_player(["Newton p1.jpg", "Newton p2.jpg"]) == "Newton"


def test_the_example_photos_read_to_anns_sheet(tmp_path):
    """The README's example: photos of Ann's finished sheet (both pages) read to a sheet
    whose verdict and score are those of the typed ann.toml."""
    root = Path(__file__).resolve().parent.parent / "examples" / "my-corner-of-the-sky"
    photos = [str(root / "photos" / n) for n in ("ann-upgrades.jpg", "ann-game-page.jpg")]
    read = reading.read_photos(photos)
    (tmp_path / "read.toml").write_text(read.text)
    from sheetsmith.check import check_files

    got = check_files([str(tmp_path / "read.toml")]).players[0]
    want = check_files([str(root / "ann.toml")]).players[0]
    assert [v.rule for v in got.violations] == [v.rule for v in want.violations]
    assert dict(got.score) == dict(want.score)
    assert got.player == "ann"


def test_a_decoder_that_raises_on_noise_is_no_code_read(test_page, monkeypatch):
    """OpenCV's QR decoder raises on some noise it takes for a code (its corners on one
    line): the page is then found by matching its code's modules, never a traceback."""

    class Raising:
        def detectAndDecode(self, picture):
            raise cv2.error("contourArea(src_points) > 0.0")

    readable, raster, catalogue = test_page
    monkeypatch.setattr(cv2, "QRCodeDetector", Raising)
    read = read_page(jpeg(pp.photograph(raster)), catalogue)
    assert read.page == readable
    assert_read_right(read, readable)


def test_a_photo_refused_beside_good_ones_says_the_others_read(tmp_path, test_page, catalogue):
    """One cut-off photo among good ones: nothing is read (a page may be missing), and the
    player is told the rest read, so taking it again or leaving it out both go on."""
    good = save(tmp_path, "ann-1.jpg", jpeg(pp.photograph(test_page[1])))
    photo = pp.photograph(test_page[1], angle=0, tilt=0, fill_share=0.9)
    cut = save(tmp_path, "ann-2.jpg", jpeg(photo[:, : int(photo.shape[1] * 0.62)]))
    result = run("read", good, cut)
    assert result.exit_code == 2
    assert "ann-2.jpg" in result.stderr and "cut off" in result.stderr
    assert f"the other photo ({good}) reads well" in result.stderr
    assert "take the photo above again, or leave it out" in result.stderr
    assert "Traceback" not in result.output
    result = run("read", good)  # left out: the good one reads alone
    assert result.exit_code == 0, result.output


def test_no_photo_read_is_written_over_even_with_force(tmp_path, test_page, catalogue):
    photo = save(tmp_path, "p.jpg", jpeg(pp.photograph(test_page[1])))
    before = Path(photo).read_bytes()
    for option in ("--out", "--annotate"):
        target = (
            photo if option == "--out" else save(tmp_path, "q.png", pp.photograph(test_page[1]))
        )
        kept = Path(target).read_bytes()
        result = run("read", photo, target, option, target, "--force")
        assert result.exit_code == 2, result.output
        assert f"{option} {target} is one of the photos read: name another file" in result.stderr
        assert Path(target).read_bytes() == kept
    assert Path(photo).read_bytes() == before


def test_an_annotation_that_cannot_be_written_leaves_the_sheet_unwritten(
    tmp_path, test_page, catalogue, monkeypatch
):
    """The two files are written together: a folder that refuses the second (read-only,
    full) leaves the first unwritten too, and the player runs the same command again."""
    photo = save(tmp_path, "p.jpg", jpeg(pp.photograph(test_page[1])))
    locked = tmp_path / "locked"
    locked.mkdir()
    real = tempfile.mkstemp

    def mkstemp(*args, **kwargs):
        if Path(kwargs["dir"]) == locked:
            raise PermissionError(13, "Permission denied")
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    out = tmp_path / "s.toml"
    result = run("read", photo, "--out", str(out), "--annotate", str(locked / "a.png"))
    assert result.exit_code == 2, result.output
    assert f"cannot write in {locked}: Permission denied" in result.stderr
    assert not out.exists() and not list(locked.iterdir())
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".sheetsmith-")] == []
    monkeypatch.setattr(tempfile, "mkstemp", real)
    again = run("read", photo, "--out", str(out), "--annotate", str(locked / "a.png"))
    assert again.exit_code == 0, again.output
    assert out.exists() and (locked / "a.png").exists()


def _png_header(width: int, height: int) -> bytes:
    """A PNG that says it is width x height and holds no pixels: only its header is read."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


def test_a_photo_over_the_pixel_limit_is_refused_from_its_header(tmp_path):
    """Pillow itself refuses only at twice its limit: 121 megapixels is refused here too."""
    path = tmp_path / "huge.png"
    path.write_bytes(_png_header(11_000, 11_000))
    with pytest.raises(errors.UnreadableFile, match=r"too large to read \(over 120 megapixels"):
        image.load_image(path)


def _png_header_16_bit_grey(width: int, height: int) -> bytes:
    header = bytearray(_png_header(width, height))
    header[24:26] = bytes([16, 0])  # bit depth 16, colour type 0 (grey)
    import struct
    import zlib

    header[29:33] = struct.pack(">I", zlib.crc32(bytes(header[12:29])))
    return bytes(header)


def test_a_16_bit_photo_has_a_smaller_pixel_limit(tmp_path):
    """Two to four bytes a pixel, twice over: a 300 kB 16-bit PNG of 110 megapixels took 3 GB."""
    path = tmp_path / "scan.png"
    path.write_bytes(_png_header_16_bit_grey(6_000, 6_000))
    with pytest.raises(errors.UnreadableFile, match=r"or 30 at 16 bits a channel"):
        image.load_image(path)


def test_a_photo_name_too_long_for_the_system_is_refused_not_a_crash(tmp_path):
    name = str(tmp_path / ("a" * 300 + ".jpg"))
    result = run("read", name)
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert "cannot open it: file name too long" in result.stderr


def test_a_full_standard_output_is_exit_2_without_a_traceback():
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent / "examples" / "my-corner-of-the-sky"
    path = root / "photos" / "ann-upgrades.jpg"
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "sheetsmith", "read", str(path)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.endswith("error: cannot write the output: No space left on device\n")


def test_out_dash_prints_and_a_name_not_every_system_writes_is_refused(tmp_path, monkeypatch):
    root = Path(__file__).resolve().parent.parent / "examples" / "my-corner-of-the-sky"
    photo = str(root / "photos" / "ann-upgrades.jpg")
    monkeypatch.chdir(tmp_path)
    result = run("read", photo, "--out", "-")
    assert result.exit_code == 0 and 'game = "my-corner-of-the-sky"' in result.stdout
    assert not (tmp_path / "-").exists()
    result = run("read", photo, "--out", "a:b.toml")
    assert result.exit_code == 2
    assert "--out a:b.toml: a file name with a ':'" in result.stderr
    result = run("read", photo, "--out", ".")
    assert result.exit_code == 2 and "--out . is a folder: give a file's name" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_standard_input_is_no_photo():
    result = run("read", "-")
    assert result.exit_code == 2
    assert "-: photos are read from files: give the photo's path" in result.stderr


def test_a_folder_is_said_to_be_a_folder(tmp_path):
    for name in ("photos", "photos.jpg"):
        (tmp_path / name).mkdir()
        with pytest.raises(errors.UnreadableFile, match="a folder, not a photo"):
            image.load_image(tmp_path / name)


def test_check_names_the_player_of_phone_named_photos_by_the_photos(
    tmp_path, test_page, catalogue, monkeypatch
):
    """A phone's own names name no player; the verdict names the photos, as a typed sheet
    with no player is named by its file, not a mangled "IMG_1.jpg + IMG_2"."""
    _, raster, _ = test_page
    typed = (EXAMPLES / "ben.toml").read_text(encoding="utf-8").replace('"Ben"', '""')
    assert 'player = ""' in typed
    monkeypatch.setattr(type(catalogue), "sheet", lambda self, game, readings: typed)
    first = save(tmp_path, "IMG_2041.png", pp.photograph(raster))
    second = save(tmp_path, "IMG_2042.png", pp.photograph(raster, angle=5))
    result = run("check", first, second)
    assert result.exit_code in (0, 1), result.output
    assert "IMG_2041 + IMG_2042 (" in result.stdout
    assert ".png + IMG_2042 (" not in result.stdout


def test_markers_two_cannot_place_surely_are_said_to_be_either_out_or_unclear(
    tmp_path, test_page, catalogue, monkeypatch
):
    from sheetsmith.photo import locate

    monkeypatch.setattr(locate, "_missing_inside", lambda shape, markers, catalogue: None)
    message = failure(tmp_path, _two_markers_hidden(test_page), "unsure.jpg")
    assert "cut off" not in message
    assert "corner markers cannot be found: if they are outside the photo, step back" in message
    assert "if not, take it again closer, in focus and evenly lit" in message


def test_two_markers_placing_a_corner_just_past_the_edge_do_not_say_cut_off():
    """Two markers place the others by a similarity, blind to the page's tilt: a corner they
    put a little past the frame's edge may be in the photo, unreadable (blur, a thumb).
    Only a corner far past the edge is said to be cut off."""
    from sheetsmith.photo.geometry import page_points
    from sheetsmith.photo.locate import _missing_inside

    page = next(iter(GAMES.candidates()))

    class OnePage:  # one layout: where the others (other papers) place corners differs
        def candidates(self):
            return [page]

    layout = page_points(page).reshape(4, 4, 2)
    found = (0, 1)
    markers = {i: layout[i] for i in found}
    lowest = int(np.delete(layout, found, axis=0)[:, :, 1].max())
    assert _missing_inside((lowest + 40, 5000), markers, OnePage()) is True
    assert _missing_inside((lowest - 20, 5000), markers, OnePage()) is None
    assert _missing_inside((lowest // 2, 5000), markers, OnePage()) is False


def _sheetsmith(*args: str, **streams) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sheetsmith", *args],
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        **streams,
    )


def _closed(fd: int):
    """A child started with file descriptor `fd` closed (a shell's ">&-" or "<&-")."""
    return lambda: os.close(fd)


@pytest.mark.parametrize("options", [[], ["--json"]])
def test_a_closed_standard_output_is_said_not_lost(options):
    path = EXAMPLES / "photos" / "ann-upgrades.jpg"
    done = _sheetsmith("read", str(path), *options, preexec_fn=_closed(1))
    assert done.returncode == 2, done.stderr
    assert done.stderr.endswith("error: cannot write the output: standard output is closed\n")
    # where nothing is printed, nothing is lost: -q with the sheet written to a file
    quiet = _sheetsmith("check", "-q", str(EXAMPLES / "ann.toml"), preexec_fn=_closed(1))
    assert quiet.returncode in (0, 1) and quiet.stderr == ""


def test_a_closed_standard_input_is_said():
    done = _sheetsmith("check", "-", preexec_fn=_closed(0))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == (
        "error: standard input: closed: give the sheet's file name, or pipe the sheet in\n"
    )


def test_a_photo_piped_to_check_is_told_to_be_given_by_name():
    photo = (EXAMPLES / "photos" / "ann-upgrades.jpg").read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "sheetsmith", "check", "-"],
        input=photo,
        capture_output=True,
        check=False,
    )
    assert done.returncode == 2
    assert b"photos are read from files: give the photo's file name instead of -" in done.stderr


def test_read_quiet_still_prints_the_json_asked_for(tmp_path, test_page, catalogue):
    photo = save(tmp_path, "p.jpg", jpeg(pp.photograph(test_page[1])))
    result = run("read", "-q", "--json", photo)
    assert result.exit_code == 0
    assert {m["key"] for m in json.loads(result.stdout)["pages"][0]["marks"]} == {
        m.key for m in test_page[0].marks
    }


def test_photo_names_that_are_not_utf8_read_and_check(tmp_path):
    """A name made on another system (a Windows share, an old camera card): its bytes that
    are no UTF-8 are "?" in what is printed, never a crash."""
    folder = os.fsencode(tmp_path)
    photos = EXAMPLES / "photos"
    names = []
    for page in ("game-page", "upgrades"):
        name = folder + b"/ann\xff-" + page.encode() + b".jpg"
        with open(name, "wb") as copy:
            copy.write((photos / f"ann-{page}.jpg").read_bytes())
        names.append(os.fsdecode(name))
    read = _sheetsmith("read", *names, stdout=subprocess.PIPE)
    assert read.returncode == 0, read.stderr
    assert 'player = ""' in read.stdout  # left to type: the name could not be read
    checked = _sheetsmith("check", *names, stdout=subprocess.PIPE)
    assert checked.returncode in (0, 1), checked.stderr
    assert "Traceback" not in checked.stderr and "ann?-" in checked.stdout + checked.stderr
    out = os.fsdecode(folder + b"/ann\xfe.toml")
    refused = _sheetsmith("read", *names, "--out", out)
    assert refused.returncode == 2 and "bytes that are not UTF-8 text" in refused.stderr


def test_a_photo_saved_without_its_extension_is_read(tmp_path, test_page, catalogue):
    path = tmp_path / "IMG-20261130-WA0004"  # as a chat app saves it
    path.write_bytes(Path(save(tmp_path, "p.jpg", jpeg(pp.photograph(test_page[1])))).read_bytes())
    result = run("read", str(path))
    assert result.exit_code == 0, result.output
    notes = tmp_path / "notes"
    notes.write_bytes(b"shopping: eggs")
    refused = run("read", str(notes))
    assert (
        refused.exit_code == 2 and "not a photo sheetsmith reads (no extension)" in refused.stderr
    )


def test_a_named_pipe_is_refused_without_waiting_on_it(tmp_path):
    pipe = tmp_path / "photo.jpg"
    os.mkfifo(pipe)
    result = run("read", str(pipe))  # opening it would wait for a writer forever
    assert result.exit_code == 2
    assert "a named pipe, not a file: give the photo's own file" in result.stderr


def test_a_photo_too_large_for_free_memory_is_refused(tmp_path, test_page, catalogue, monkeypatch):
    photo = save(tmp_path, "big.png", pp.photograph(test_page[1]))

    def short_of_memory(path, shown):
        raise MemoryError

    monkeypatch.setattr(image, "_decoded", short_of_memory)
    result = run("read", photo)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "too large for the memory this computer has free" in result.stderr
