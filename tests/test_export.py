"""`render --format png|tts`: cards and tiles cut from the PDF already drawn, as a
print-on-demand service and Tabletop Simulator take them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops, ImageStat
from typer.testing import CliRunner

from sheetsmith.cli import app
from sheetsmith.definition import load
from sheetsmith.output import MANIFEST, Output
from sheetsmith.print import export_cards, export_tts, raster
from sheetsmith.print.primitives import INCH, Rect
from sheetsmith.print.render import planned_files, render_game
from sheetsmith.render_options import RenderOptions
from spacedecks import many_neighbors

runner = CliRunner()

SPACE_DECKS = ("jobs", "neighbors", "actions", "locations", "alignment")
PLANET_DECKS = ("tiles", "special-tiles", "action-cards")
POKER, POSTCARD, TILE = (825, 1125), (1875, 1275), (525, 525)

# Tabletop Simulator's documented custom deck, as its saved objects hold it. The knowledge
# base's Custom Deck dialog (kb.tabletopsimulator.com/custom-content/custom-deck/): Face,
# Unique Backs, Back, Width, Height, Number, Sideways, Back is Hidden; the API's DeckCustom
# parameters (api.tabletopsimulator.com/custom-game-objects/#custom-deck): face, back,
# unique_back, width (columns, default 10), height (rows, default 7), number, sideways,
# back_is_hidden ("the card back is used as the hidden image, instead of the last slot of
# the face image"), type (0 rounded rectangle, 1 rectangle, 2 rounded hex, 3 hex, 4 circle).
# In a save file (kb .../save-file-format/) a custom deck entry is keyed by the number
# whose hundreds a CardID carries ("id = 354, index = 3"), under these names:
CUSTOM_DECK_FIELDS = {
    "FaceURL": str,
    "BackURL": str,
    "NumWidth": int,
    "NumHeight": int,
    "BackIsHidden": bool,
    "UniqueBack": bool,
    "Type": int,
}
CARD_TYPES = range(5)
# ObjectState fields a deck and its cards carry (save-file-format's ObjectState class)
OBJECT_FIELDS = {
    "Name": str,
    "Transform": dict,
    "Nickname": str,
    "Description": str,
    "Grid": bool,
    "Locked": bool,
    "SidewaysCard": bool,
    "CustomDeck": dict,
}
DECK_FIELDS = {**OBJECT_FIELDS, "DeckIDs": list, "ContainedObjects": list}
CARD_FIELDS = {**{k: v for k, v in OBJECT_FIELDS.items() if k not in ("Grid", "Locked")}}
CARD_FIELDS["CardID"] = int
TRANSFORM_FIELDS = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")


def render(out: Path, *args: str) -> dict[tuple[str, str, str], dict]:
    """`render ... --json`, rows keyed by (game, component, format)."""
    result = runner.invoke(app, ["render", *args, "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["files"]
    return {(r["game"], r["component"], r.get("format", "pdf")): r for r in rows}


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("exports")
    rows = {}
    for game, decks in (("personal-space", SPACE_DECKS), ("planet-78", PLANET_DECKS)):
        components = [a for name in decks for a in ("--component", name)]
        rows |= render(out, game, *components, "--format", "png", "--format", "tts")
    return out, rows


def png(out: Path, game: str, component: str, number: int, side: str) -> Image.Image:
    return Image.open(out / game / "png" / component / f"{component}-{number:03d}-{side}.png")


def tts(out: Path, game: str, component: str) -> dict:
    path = out / game / "tts" / component / f"{component}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


# -- png -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "component", "size", "cards", "sides"),
    [
        ("personal-space", "neighbors", POKER, 6, ("front", "back")),
        ("personal-space", "actions", POKER, 27, ("front", "back")),
        ("personal-space", "locations", POKER, 3, ("front", "back")),
        ("personal-space", "jobs", POSTCARD, 4, ("front", "back")),
        ("planet-78", "tiles", TILE, 64, ("front", "back")),
        ("planet-78", "special-tiles", TILE, 13, ("front",)),
        ("planet-78", "action-cards", POKER, 29, ("front", "back")),
    ],
)
def test_every_card_is_a_png_of_exact_size_at_300_dpi(
    rendered, game, component, size, cards, sides
):
    out, rows = rendered
    folder = out / game / "png" / component
    names = sorted(p.name for p in folder.iterdir())
    expected = sorted(f"{component}-{n:03d}-{s}.png" for n in range(1, cards + 1) for s in sides)
    assert names == expected
    for name in names:
        with Image.open(folder / name) as image:
            assert image.size == size, name
            assert image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300
    row = rows[(game, component, "png")]
    assert row["count"] == cards and row["pages"] == len(names)
    assert row["file"] == str(folder)
    assert sorted(Path(f).name for f in row["files"]) == names


def test_png_size_is_trim_and_eighth_inch_bleed_at_300_dpi():
    assert export_cards.png_size(Rect(0, 0, 2.5 * INCH, 3.5 * INCH)) == POKER  # The Game Crafter
    assert export_cards.png_size(Rect(0, 0, 6 * INCH, 4 * INCH)) == POSTCARD
    assert export_cards.png_size(Rect(0, 0, 1.5 * INCH, 1.5 * INCH)) == TILE


def _mean(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    return sum(ImageStat.Stat(image.crop(box).convert("L")).mean)


def test_a_png_shows_its_card(rendered):
    out, _ = rendered
    front, back = (
        png(out, "personal-space", "neighbors", 1, "front"),
        png(out, "personal-space", "neighbors", 1, "back"),
    )
    bleed = 38  # 1/8 in at 300 dpi, and the half pixel the trim line falls on
    # the front: white card, its coloured title band just inside the trim at the top
    band = (bleed + 40, bleed + 40, 825 - bleed - 40, bleed + 140)
    assert _mean(front, band) < 160  # Marga's blue band, not blank paper
    assert _mean(front, (bleed, 600, 825 - bleed, 700)) > 200  # the white body
    # the back: the night sky, dark from edge to edge (its bleed too)
    assert _mean(back, (0, 0, 825, 1125)) < 90
    # two cards of the deck are two different pictures
    other = png(out, "personal-space", "neighbors", 2, "front")
    assert ImageChops.difference(front, other).getbbox() is not None
    # text is there: the card's name in the band and the QR code make dark pixels
    assert front.convert("L").getextrema()[0] < 40


def test_the_bleed_holds_the_card_and_nothing_else(rendered):
    """Cards on shared cut lines have no bleed of their own where they touch: the PNG's
    bleed there repeats the card's edge (white on a front, the sky on a back), never the
    next card, a crop mark or blank paper."""
    out, _ = rendered
    for number in range(1, 7):
        front = png(out, "personal-space", "neighbors", number, "front").convert("L")
        back = png(out, "personal-space", "neighbors", number, "back").convert("L")
        for edge in ((0, 0, 825, 30), (0, 1095, 825, 1125), (0, 0, 30, 1125), (795, 0, 825, 1125)):
            assert front.crop(edge).getextrema()[0] > 230, (number, edge)  # all white
            assert ImageStat.Stat(back.crop(edge)).mean[0] < 60, (number, edge)  # all sky


def test_tiles_keep_their_own_art_in_the_bleed(rendered):
    out, _ = rendered
    forest = png(out, "planet-78", "tiles", 1, "front")
    # separate gutters: every tile has its own printed bleed, the tile's colour to the edge
    corner = forest.crop((0, 0, 20, 20)).convert("L")
    assert corner.getextrema()[1] < 230


def test_gutterfold_backs_come_out_upright_and_the_same(tmp_path):
    """A gutterfold folded over a horizontal line prints its backs upside down; the PNG
    turns them back, so they match the duplex ones."""
    render(tmp_path / "duplex", "personal-space", "--component", "neighbors", "--format", "png")
    args = ["--component", "neighbors", "--format", "png", "--layout", "gutterfold"]
    render(tmp_path / "fold", "personal-space", *args)
    for number in (1, 4):
        for side in ("front", "back"):
            a = png(tmp_path / "duplex", "personal-space", "neighbors", number, side)
            b = png(tmp_path / "fold", "personal-space", "neighbors", number, side)
            inner = (60, 60, 765, 1065)
            diff = ImageChops.difference(a.crop(inner), b.crop(inner)).convert("L")
            assert ImageStat.Stat(diff).mean[0] < 2, (number, side)


def test_a_back_offset_moves_backs_on_the_sheet_not_in_the_png(rendered, tmp_path):
    out, _ = rendered
    args = ["--component", "neighbors", "--format", "png", "--back-offset", "1.5,-0.7"]
    render(tmp_path, "personal-space", *args)
    for number in (1, 6):
        a = png(out, "personal-space", "neighbors", number, "back")
        b = png(tmp_path, "personal-space", "neighbors", number, "back")
        diff = ImageChops.difference(a.crop((40, 40, 785, 1085)), b.crop((40, 40, 785, 1085)))
        assert ImageStat.Stat(diff.convert("L")).mean[0] < 1, number


def test_pngs_decode_to_the_pixels_cut_out():
    import io

    picture = Image.new("RGB", (7, 5), (20, 40, 60))
    picture.putpixel((6, 4), (255, 0, 128))
    data = export_cards.png_bytes(picture, 300)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == (7, 5) and decoded.mode == "RGB"
    assert decoded.tobytes() == picture.tobytes()
    assert round(decoded.info["dpi"][0]) == 300
    assert export_cards.png_bytes(picture, 300) == data  # the same bytes every time
    assert "dpi" not in Image.open(io.BytesIO(export_cards.png_bytes(picture, None))).info


def test_the_alignment_test_is_not_exported(rendered):
    out, rows = rendered
    assert not (out / "personal-space" / "png" / "alignment").exists()
    assert ("personal-space", "alignment", "png") not in rows
    assert ("personal-space", "alignment", "pdf") in rows


# -- Tabletop Simulator --------------------------------------------------------------------


def _check_deck_json(document: dict, cards: int) -> list[dict]:
    """The saved object against TTS's documented fields; returns its custom deck entries."""
    assert isinstance(document["ObjectStates"], list) and len(document["ObjectStates"]) == 1
    deck = document["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    for field, kind in DECK_FIELDS.items():
        assert isinstance(deck[field], kind), field
    assert set(deck["Transform"]) == set(TRANSFORM_FIELDS)
    entries = {}
    for key, entry in deck["CustomDeck"].items():
        assert key.isdigit() and int(key) >= 1
        assert set(entry) == set(CUSTOM_DECK_FIELDS), entry
        for field, kind in CUSTOM_DECK_FIELDS.items():
            assert type(entry[field]) is kind, field
        assert entry["Type"] in CARD_TYPES
        assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
        entries[int(key)] = entry
    ids = deck["DeckIDs"]
    assert len(ids) == cards == len(deck["ContainedObjects"])
    assert len(set(ids)) == cards
    for card_id, card in zip(ids, deck["ContainedObjects"], strict=True):
        for field, kind in CARD_FIELDS.items():
            assert isinstance(card[field], kind), field
        assert card["Name"] == "Card" and card["CardID"] == card_id
        key, slot = divmod(card_id, 100)
        entry = entries[key]
        assert card["CustomDeck"] == {str(key): entry}
        # the last cell of a sheet stays free: TTS's hidden-card image
        assert slot < entry["NumWidth"] * entry["NumHeight"] - 1
    return [entries[k] for k in sorted(entries)]


@pytest.mark.parametrize(
    ("game", "component", "cards", "unique_back", "sideways"),
    [
        ("personal-space", "neighbors", 6, False, False),
        ("personal-space", "actions", 27, False, False),
        ("personal-space", "jobs", 4, False, True),
        ("planet-78", "tiles", 64, False, False),
        ("planet-78", "special-tiles", 13, False, False),  # one-sided: a plain back
        ("planet-78", "action-cards", 29, True, False),  # buffs and disasters differ
    ],
)
def test_tts_deck_sheets_and_json(rendered, game, component, cards, unique_back, sideways):
    out, rows = rendered
    document = tts(out, game, component)
    entries = _check_deck_json(document, cards)
    deck = document["ObjectStates"][0]
    assert deck["SidewaysCard"] is sideways
    for entry in entries:
        assert entry["UniqueBack"] is unique_back and entry["BackIsHidden"] is True
        face = Image.open(local(entry["FaceURL"]))
        back = Image.open(local(entry["BackURL"]))
        assert max(face.size) <= 4096 and max(back.size) <= 4096
        assert face.mode == back.mode == "RGB"
        cell = (face.width // entry["NumWidth"], face.height // entry["NumHeight"])
        assert face.size == (cell[0] * entry["NumWidth"], cell[1] * entry["NumHeight"])
        assert back.size == (face.size if unique_back else cell)
        # the cell keeps the card's proportions
        trim = (6, 4) if component == "jobs" else (1, 1) if "tiles" in component else (5, 7)
        assert abs(cell[0] / cell[1] - trim[0] / trim[1]) < 0.01
    row = rows[(game, component, "tts")]
    assert row["count"] == cards
    assert row["file"] == str(out / game / "tts" / component / f"{component}.json")
    assert all(Path(f).is_file() for f in row["files"])


def test_a_tts_cell_is_the_card(rendered):
    """Cell k of the face sheet is card k's trim, the same picture as its PNG scaled."""
    out, _ = rendered
    entry = tts(out, "personal-space", "neighbors")["ObjectStates"][0]["CustomDeck"]["1"]
    face = Image.open(local(entry["FaceURL"]))
    cell_w, cell_h = face.width // entry["NumWidth"], face.height // entry["NumHeight"]
    for number in (1, 5):
        col, row = (number - 1) % entry["NumWidth"], (number - 1) // entry["NumWidth"]
        cell = face.crop((col * cell_w, row * cell_h, (col + 1) * cell_w, (row + 1) * cell_h))
        card = png(out, "personal-space", "neighbors", number, "front")
        trim = card.crop((38, 38, 825 - 38, 1125 - 38)).resize(cell.size, Image.Resampling.BOX)
        diff = ImageChops.difference(cell, trim).convert("L")
        assert ImageStat.Stat(diff).mean[0] < 6, number
    back = Image.open(local(entry["BackURL"]))
    assert _mean(back, (0, 0, *back.size)) < 90  # the sky, not a front


def test_tts_sheets_for_a_big_deck():
    grids = export_tts.tts_grids(500, Rect(0, 0, 2.5 * INCH, 3.5 * INCH))
    assert [g.count for g in grids] == [69] * 7 + [17]
    assert all(g.columns <= 10 and g.rows <= 7 for g in grids)
    assert all(max(g.size) <= 4096 for g in grids)
    assert grids[0].cell == (409, 573)  # 10 x 7 cells, 4090 x 4011 px
    assert all(g.count < g.columns * g.rows for g in grids)
    # small decks: a compact grid, at least 2 x 2, cells no larger than 300 dpi
    (three,) = export_tts.tts_grids(3, Rect(0, 0, 2.5 * INCH, 3.5 * INCH))
    assert (three.columns, three.rows, three.cell) == (2, 2, (750, 1050))


def test_a_deck_over_69_cards_takes_several_sheets(tmp_path):
    options = RenderOptions(components=("neighbors",), formats=("pdf", "tts"))
    rows = render_game(many_neighbors(75), tmp_path, options)
    (row,) = [r for r in rows if r.format == "tts"]
    document = json.loads(row.path.read_text(encoding="utf-8"))
    entries = _check_deck_json(document, 75)
    assert len(entries) == 2
    ids = document["ObjectStates"][0]["DeckIDs"]
    assert ids[:2] == [100, 101] and ids[68:70] == [168, 200] and ids[-1] == 205
    assert {e["BackURL"] for e in entries} == {entries[0]["BackURL"]}  # one shared back
    assert local(entries[1]["FaceURL"]).name == "neighbors-faces-2.png"


# -- the summary, the output folder, determinism ---------------------------------------------


def test_pdf_rows_keep_their_keys_and_exports_follow_them(rendered):
    out, rows = rendered
    keys = {"game", "component", "count", "pages", "file"}
    pdf = rows[("personal-space", "neighbors", "pdf")]
    assert keys <= set(pdf) and not {"format", "files"} & set(pdf)
    order = list(rows)
    assert order.index(("personal-space", "neighbors", "pdf")) + 1 == order.index(
        ("personal-space", "neighbors", "png")
    )
    for (_, _, kind), row in rows.items():
        if kind != "pdf":
            assert keys | {"format", "files"} <= set(row)
            assert all(Path(f).resolve().is_relative_to(out.resolve()) for f in row["files"])


def test_no_export_without_the_format_and_none_for_pages_without_cards(tmp_path):
    rows = render(tmp_path, "personal-space", "--component", "daily-sheet", "--format", "png")
    assert list(rows) == [("personal-space", "daily-sheet", "pdf")]
    rows = render(tmp_path, "personal-space", "--component", "neighbors")
    assert list(rows) == [("personal-space", "neighbors", "pdf")]
    assert not (tmp_path / "personal-space" / "png").exists()


def test_every_exported_file_is_in_the_manifest_under_out(rendered):
    out, rows = rendered
    manifest = json.loads((out / MANIFEST).read_text())["files"]
    exported = {
        Path(f).relative_to(out).as_posix() for row in rows.values() for f in row.get("files", ())
    }
    assert exported and exported <= set(manifest)
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert exported <= on_disk
    assert not any(".sheetsmith-" in name for name in on_disk)  # no temporary file left


def test_two_renders_are_byte_identical(tmp_path):
    args = ["planet-78", "--component", "role-cards", "--component", "action-cards"]
    args += ["--format", "png", "--format", "tts"]
    render(tmp_path / "a", *args)
    render(tmp_path / "b", *args)

    def contents(root: Path) -> dict[str, bytes]:
        uri = root.resolve().as_uri()
        files = {}
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.name != MANIFEST:
                data = path.read_bytes()
                if path.suffix == ".json":  # the pictures' file:/// addresses name the folder
                    data = data.replace(uri.encode(), b"OUT")
                files[path.relative_to(root).as_posix()] = data
        return files

    first = contents(tmp_path / "a")
    assert len(first) > 80
    assert first == contents(tmp_path / "b")
    render(tmp_path / "a", *args)  # again into the same folder: replaced by the same bytes
    assert contents(tmp_path / "a") == first


def test_a_file_of_the_users_in_the_way_is_refused_before_anything_is_written(tmp_path):
    mine = tmp_path / "personal-space" / "png" / "neighbors" / "neighbors-001-front.png"
    mine.parent.mkdir(parents=True)
    mine.write_bytes(b"my own picture")
    args = ["render", "personal-space", "--component", "neighbors", "--format", "png"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "neighbors-001-front.png" in result.stderr and "--force" in result.stderr
    assert mine.read_bytes() == b"my own picture"
    assert not (tmp_path / "personal-space" / "neighbors.pdf").exists()  # nothing written
    result = runner.invoke(app, [*args, "--out", str(tmp_path), "--force"])
    assert result.exit_code == 0, result.output
    assert Image.open(mine).size == POKER


def test_a_picture_the_user_changed_is_refused_and_other_files_are_left_alone(tmp_path):
    args = ["render", "personal-space", "--component", "neighbors", "--format", "tts"]
    assert runner.invoke(app, [*args, "--out", str(tmp_path)]).exit_code == 0
    folder = tmp_path / "personal-space" / "tts" / "neighbors"
    notes = folder / "notes.txt"
    notes.write_text("which URL is which")  # not a name the export writes: no concern
    assert runner.invoke(app, [*args, "--out", str(tmp_path)]).exit_code == 0
    sheet = folder / "neighbors-faces-1.png"
    sheet.write_bytes(sheet.read_bytes() + b"edited")
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 2 and "changed since sheetsmith wrote it" in result.stderr
    assert notes.read_text() == "which URL is which"


def test_a_smaller_deck_takes_its_old_pictures_away(tmp_path):
    options = RenderOptions(components=("neighbors",), formats=("pdf", "png", "tts"))
    output = Output(tmp_path)
    output.check(planned_files(many_neighbors(75), options))
    render_game(many_neighbors(75), output, options)
    folder = tmp_path / "personal-space" / "png" / "neighbors"
    assert len(list(folder.iterdir())) == 150
    assert (tmp_path / "personal-space" / "tts" / "neighbors" / "neighbors-faces-2.png").exists()
    render_game(many_neighbors(6), Output(tmp_path), options)
    assert len(list(folder.iterdir())) == 12
    assert not (
        tmp_path / "personal-space" / "tts" / "neighbors" / "neighbors-faces-2.png"
    ).exists()
    manifest = json.loads((tmp_path / MANIFEST).read_text())["files"]
    assert not any("neighbors-007" in rel or "faces-2" in rel for rel in manifest)


def test_exports_are_planned_as_patterns():
    game = load("personal-space")
    options = RenderOptions(components=("neighbors", "alignment"), formats=("pdf", "png", "tts"))
    assert planned_files(game, options) == [
        "personal-space/neighbors.pdf",
        "personal-space/png/neighbors/neighbors-*.png",
        "personal-space/tts/neighbors/neighbors.json",
        "personal-space/tts/neighbors/neighbors-*.png",
        "personal-space/alignment.pdf",
    ]


# -- rasterizing ---------------------------------------------------------------------------


def test_raster_pages_have_exact_sizes_and_match_pdfium(rendered):
    import pypdfium2 as pdfium

    out, _ = rendered
    pdf = out / "personal-space" / "neighbors.pdf"
    first = next(raster.pages(pdf, 300))
    width, height = pdfium.PdfDocument(pdf)[0].get_size()
    assert first.size == (round(width * 300 / 72), round(height * 300 / 72))  # 3300 x 2550
    # at 72 dpi (whole pixels) the same pixels as PDFium's own page rendering
    ours = next(raster.pages(pdf.read_bytes(), 72))
    theirs = pdfium.PdfDocument(pdf)[0].render(scale=1, rev_byteorder=True).to_pil()
    assert ours.tobytes() == theirs.tobytes()
    assert raster.pixels(595.2756, 300) == 2481  # A4: a last, partly covered column
    assert len(list(raster.pages(pdf, 20, indices=[1]))) == 1


def test_check_never_loads_the_rasterizer(tmp_path):
    sheet = Path(__file__).parent / "sheets"
    some = next(p for p in sorted(sheet.rglob("*.toml")))
    code = (
        "import sys; from sheetsmith.cli import main\n"
        f"sys.argv = ['sheetsmith', 'check', {str(some)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('LOADED', [m for m in ('PIL', 'pypdfium2') if m in sys.modules])\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "LOADED []" in proc.stdout, proc.stdout + proc.stderr
