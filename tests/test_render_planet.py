"""Planet 78 on paper: counts read back from the PDFs, sizes, backs, the seeded setup sheet."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from sheetsmith.definition import definition_path, load, load_bytes
from sheetsmith.errors import DefinitionError, OptionError
from sheetsmith.games.planet.land import deal, settings
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions

GAME = load("planet-78")


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("planet")
    files = render_game(GAME, out, RenderOptions(seed=7))
    return {f.component: f.path for f in files}


def texts(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def test_every_component_is_rendered(rendered):
    assert set(rendered) == {c.name for c in GAME.components}


def test_64_resource_tiles_by_terrain_read_back(rendered):
    pages = texts(rendered["tiles"])
    fronts = "\n".join(pages[0::2])  # fronts and their backs alternate
    counts = Counter(word for word in fronts.split() if word.isupper() and len(word) > 3)
    assert counts == {"FOREST": 14, "FARM": 14, "CAVE": 14, "CITY": 14, "WATER": 8}
    assert sum(counts.values()) == 64
    for back in pages[1::2]:
        assert "FOREST" not in back and "Planet 78" in back


def test_tiles_are_exact_squares_with_bleed(rendered):
    reader = pypdf.PdfReader(rendered["tiles"])
    page = reader.pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    trim, bleed = page.trimbox, page.bleedbox
    assert float(bleed.width) - float(trim.width) == pytest.approx(2 * 9, abs=0.01)
    # 1.5 in tiles, each with its own 1/8 in bleed: the trim box spans whole tiles
    assert (float(trim.width) + 18) % (108 + 18) == pytest.approx(0, abs=0.01)


def test_backs_are_mirrored_for_long_edge_flip(rendered):
    reader = pypdf.PdfReader(rendered["tiles"])
    front, back = reader.pages[0], reader.pages[1]
    width = float(front.mediabox.width)
    assert float(back.trimbox.left) == pytest.approx(width - float(front.trimbox.right), abs=0.01)


def test_special_tiles_read_back(rendered):
    text = "\n".join(texts(rendered["special-tiles"]))
    assert text.count("SPACE CENTER") == 2  # the tile and the deposit track's heading
    assert text.count("SPAWN") == 4 and text.count("BRIDGE") == 4
    for need in ("MONEY", "FOOD", "HOUSE", "LUXURY"):
        assert f"NEED: {need}" in text
    assert text.count("pile 1") == 5  # a pile row per resource on the deposit track


def test_meters_marks(rendered):
    (text,) = texts(rendered["meters"])
    for value in range(0, 11):
        assert f"{value}" in text
    assert "▲ start" in text and "from here: floods" in text and "☠" in text
    for season in ("Spring", "Summer", "Autumn", "Winter"):
        assert season in text


def test_decks_are_marked_as_examples(rendered):
    pages = texts(rendered["action-cards"])
    fronts = "\n".join(pages[0::2])
    assert fronts.count("example card") == sum(c.count for c in GAME.cards)
    backs = "\n".join(pages[1::2])
    for kind in ("Positive buff", "Negative buff", "Natural disaster"):
        assert kind in backs
    roles = "\n".join(texts(rendered["role-cards"])[0::2])
    assert all(role.name in roles for role in GAME.roles) and roles.count("ABILITY") == 8


def test_no_missing_glyphs(rendered):
    for path in rendered.values():
        assert "\u25a0" not in "".join(texts(path))


def test_pages_are_not_blank(rendered):
    for path in rendered.values():
        pdf = pdfium.PdfDocument(str(path))
        image = pdf[0].render(scale=20 / 72).to_pil().convert("L")
        assert image.getextrema()[0] < 200, path


def test_setup_is_reproducible_by_seed(tmp_path):
    def setup(seed: int, where: str) -> bytes:
        files = render_game(GAME, tmp_path / where, RenderOptions(seed=seed, components=("setup",)))
        return files[0].path.read_bytes()

    assert setup(7, "a") == setup(7, "b")
    assert setup(7, "a") != setup(8, "c")
    assert deal(GAME, 7) == deal(GAME, 7) and deal(GAME, 7).tiles != deal(GAME, 8).tiles
    text = texts(tmp_path / "a" / "planet-78" / "setup.pdf")[0]
    assert "SETUP FOR SEED 7" in text and "CENTER" in text and text.count("spawn") >= 4


def test_the_land_holds_every_tile_once():
    for seed in range(20):
        dealt = deal(GAME, seed)
        counts = dealt.counts()
        assert {k: counts[k] for k in ("forest", "farm", "cave", "city", "water")} == {
            "forest": 14,
            "farm": 14,
            "cave": 14,
            "city": 14,
            "water": 8,
        }
        assert (counts["center"], counts["spawn"], counts["need"], counts["bridge"]) == (1, 4, 4, 4)
        assert dealt.tiles[GAME.land.center].kind == "center"
        assert len(dealt.tiles) == 77


def test_variance_is_checked():
    assert settings(GAME, (("pollution", 4), ("piles", 3))).piles == 3
    with pytest.raises(OptionError, match="piles: expected 2 to 4, got 5"):
        settings(GAME, (("piles", 5),))
    with pytest.raises(OptionError, match="unknown variance 'speed'"):
        settings(GAME, (("speed", 1),))


def test_a_broken_definition_is_refused_with_lines():
    text = (definition_path("planet-78")).read_text()
    broken = (
        text.replace("count = 8", "count = 9", 1)
        .replace('center = "E5"', 'center = "Z5"')
        .replace('effect = "pollution"', 'effect = "pollute"', 1)
    )
    with pytest.raises(DefinitionError) as err:
        load_bytes(broken.encode(), "p.toml")
    message = str(err.value)
    assert "the resource tiles must add up to 64, got 65" in message
    assert "land.center: expected a space from A1 to I9, got 'Z5'" in message
    assert "effect: expected one of" in message
    assert all(str(p).startswith("p.toml:") for p in err.value.problems)


def test_effects_the_checker_cannot_apply_are_refused_where_they_are():
    text = (definition_path("planet-78")).read_text()
    broken = text.replace('effect = "teleport"', 'effect = "skip"').replace(
        'effect = "lose-life"', 'effect = "teleport"', 1
    )
    with pytest.raises(DefinitionError) as err:
        load_bytes(broken.encode(), "p.toml")
    roles, cards = (str(p) for p in err.value.problems)
    assert "role 6, effect: expected one of moves, pollution" in roles
    assert re.search(r": card \d+, effect: expected one of pollution, season, skip", cards)
