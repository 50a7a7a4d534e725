"""The JSON Schema of each game's typed sheet: it takes what `check` reads, and the blank
sheet points editors at it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from sheetsmith.check import blank_sheet, check_text, checkable_games
from sheetsmith.check.schema import schema_file_name, sheet_schema
from sheetsmith.definition import load
from sheetsmith.errors import SheetError
from test_lenient import PLANET_WIDENED, SKY_WIDENED, SPACE_WIDENED, edit

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GAMES = ("my-corner-of-the-sky", "personal-space", "planet-78")


def validator(game: str):
    schema = sheet_schema(game)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(game: str, text: str) -> list[str]:
    return [e.message for e in validator(game).iter_errors(tomllib.loads(text))]


def readable(text: str) -> bool:
    try:
        check_text(text.encode(), "sheet.toml")
    except SheetError:
        return False
    return True


def test_every_checkable_game_has_a_schema():
    assert set(checkable_games()) == set(GAMES)
    for game in GAMES:
        schema = sheet_schema(game)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema == sheet_schema(load(game))  # a definition or its id
        json.dumps(schema)  # plain JSON
        assert schema_file_name(game) == f"{game}.schema.json"
        for key, value in schema["properties"].items():
            assert value.get("description"), (game, key)


@pytest.mark.parametrize(
    "path", sorted(EXAMPLES.glob("*/*.toml")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_the_schema_agrees_with_check_on_every_example(path):
    text = path.read_text()
    found = errors(path.parent.name, text)
    if readable(text):
        assert found == []
    else:  # the typo examples: each is refused by both
        assert found


@pytest.mark.parametrize("game", GAMES)
def test_the_blank_sheet_points_at_the_schema_and_validates(game):
    blank = blank_sheet(game)
    first, second, third = blank.splitlines()[:3]
    assert first == f"#:schema ./{schema_file_name(game)}"
    assert second.startswith("# ") and "beside this" in second
    assert third == f"# sheet: sheetsmith schema {game} > {schema_file_name(game)}"
    assert readable(blank)
    assert errors(game, blank) == []


@pytest.mark.parametrize(
    ("game", "text", "pairs"),
    [("my-corner-of-the-sky", t, p) for t, *p in SKY_WIDENED]
    + [("personal-space", t, [p]) for t, p in SPACE_WIDENED]
    + [("planet-78", t, [p]) for t, p in PLANET_WIDENED],
)
def test_what_check_accepts_leniently_the_schema_accepts(game, text, pairs):
    widened = edit(text, *pairs).replace("Cards second wind", "Cards second_wind")
    assert readable(widened)
    assert errors(game, widened) == []


@pytest.mark.parametrize(
    ("game", "text", "pair"),
    [
        # an unknown top-level key
        ("my-corner-of-the-sky", SKY_WIDENED[0][0], ('player = "Ann"', 'playr = "Ann"')),
        ("personal-space", SPACE_WIDENED[0][0], ('player = "Ann"', 'playr = "Ann"')),
        ("planet-78", PLANET_WIDENED[0][0], ('table = "Ann and Ben"', 'tabel = "Ann and Ben"')),
        # a wrong type
        ("my-corner-of-the-sky", SKY_WIDENED[0][0], ('star_map = """', 'star_map = 3\nx = """')),
        ("my-corner-of-the-sky", SKY_WIDENED[0][0], ('monday = "x x x x"', "monday = 4")),
        ("personal-space", SPACE_WIDENED[0][0], ('day = "tuesday"', "day = 2")),
        (
            "personal-space",
            SPACE_WIDENED[0][0],
            ("exercised_yesterday = false", 'exercised_yesterday = "no"'),
        ),
        ("planet-78", PLANET_WIDENED[0][0], ("seed = 7", "seed = true")),
        ("planet-78", PLANET_WIDENED[0][0], ("seed = 7", 'seed = "seven"')),
        # a wrong value the schema can see
        ("my-corner-of-the-sky", SKY_WIDENED[0][0], ('monday = "x x x x"', 'monday = "x x x"')),
        ("my-corner-of-the-sky", SKY_WIDENED[0][0], ('monday = "x x x x"', 'funday = "x x x x"')),
        ("my-corner-of-the-sky", SKY_WIDENED[0][0], ('reward = "8"', 'reward = "eight"')),
        ("personal-space", SPACE_WIDENED[0][0], ('answer = "friends"', 'answer = "maybe"')),
        ("personal-space", SPACE_WIDENED[0][0], ('code = "SG"', 'code = "XP"')),
        ("planet-78", PLANET_WIDENED[0][0], ('do = ["move C4", "pass"]', 'do = ["jump C4"]')),
        ("planet-78", PLANET_WIDENED[0][0], ('role = "engineer"', 'role = "wizard"')),
    ],
)
def test_the_schema_rejects_what_is_plainly_wrong(game, text, pair):
    wrong = edit(text, pair)
    assert not readable(wrong)
    assert errors(game, wrong)


def test_the_schema_takes_the_map_keys_check_reads():
    from test_check_space_map_rules import POND_AND_HOME, one_step

    for text in (
        POND_AND_HOME,
        POND_AND_HOME.replace('planet = "driftwater"', 'planet = " DriftWater "'),
        one_step("R", "G6", start='space = "F5"'),
        one_step("R", "store", planet="burrowdown", start='at = "store"'),
    ):
        assert readable(text)
        assert errors("personal-space", text) == []
    wrong = POND_AND_HOME.replace('planet = "driftwater"', 'planet = "mars"')
    assert not readable(wrong)
    assert errors("personal-space", wrong)


def test_the_blank_sheet_asks_for_the_planet():
    blank = blank_sheet("personal-space")
    assert 'planet = ""' in blank.splitlines()
    assert '"driftwater", "burrowdown", "orchard-rise"' in blank
    assert "without the map" in blank and 'space = "B2"' in blank


def test_the_schema_takes_a_rocket_flight():
    from test_check_space_map_rules import rocket_day

    text = rocket_day().replace('"rock"', '"Rocket Fuel Cell"')
    assert readable(text)
    assert errors("personal-space", text) == []
