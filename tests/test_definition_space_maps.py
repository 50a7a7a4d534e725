"""Personal Space's planet maps and side moons: the shipped data keeps the rules (and the
neighbor cards), and every bad value is refused with its key path and line."""

from __future__ import annotations

import pytest

from sheetsmith.definition import definition_path, load, load_bytes
from sheetsmith.errors import DefinitionError
from sheetsmith.games.space.model import GENERATORS, MOON_PLACES, SpaceMap, Spot

TEXT = definition_path("personal-space").read_text(encoding="utf-8")
DRIFTWATER = 'places = { home = "B2", pond = "D3", tower = "G6", rocket = "G2" }'
ENCORE = 'places = { rocket = "A1", theater = "D5", jukebox = "B6" }'
MENAGERIE = 'places = { rocket = "F1", zoo = "B5", store = "E5" }'


@pytest.fixture(scope="module")
def game():
    return load("personal-space")


# -- the shipped maps ---------------------------------------------------------------------


def test_three_planets_one_per_generator_each_complete(game):
    assert len(game.planets) >= 3
    assert sorted(p.generator for p in game.planets) == sorted(GENERATORS)
    for planet in game.planets:
        assert not planet.moon and planet.kind == "planet"
        assert {p.what for p in planet.places} == {"home", "tower", "rocket", planet.generator}
        assert len(planet.houses) == 1  # the starting neighbor
        assert planet.columns <= 8 and planet.rows <= 8


def test_moons_hold_the_shared_places_and_the_other_neighbors(game):
    assert game.moons and all(m.moon and m.at("rocket") for m in game.moons)
    on_moons = [p.what for m in game.moons for p in m.places if p.what != "rocket"]
    assert sorted(on_moons) == sorted(p for p in MOON_PLACES if p != "rocket")
    for moon in game.moons:
        assert moon.generator == "" and moon.at("home") is None and moon.at("tower") is None


def test_every_neighbor_lives_on_exactly_one_map(game):
    homes = [h.what for m in (*game.planets, *game.moons) for h in m.houses]
    assert sorted(homes) == sorted(n.id for n in game.neighbors)
    for neighbor in game.neighbors:
        found = game.home_of(neighbor.id)
        assert found is not None
    assert game.home_of("nobody") is None


def test_every_range_space_is_on_the_neighbors_map_and_enterable(game):
    """The card's range diagram (dx right, dy up around the house) agrees with the map."""
    for neighbor in game.neighbors:
        space_map, house = game.home_of(neighbor.id)
        for space in neighbor.range:
            spot = house.step(space.dx, space.dy)
            assert space_map.on_map(spot), (neighbor.id, space)
            assert space_map.enterable(spot), (neighbor.id, spot.name)


def test_every_place_can_be_walked_to_from_the_launcher(game):
    for space_map in (*game.planets, *game.moons):
        start = space_map.at("rocket")
        for thing in space_map.things:
            assert space_map.distance(start, thing.at) is not None, (space_map.id, thing)


def test_places_are_named_and_explained(game):
    assert game.place("theater").name == game.locations.theater_name
    assert game.place("pond").name == game.pond.name
    assert game.place("store").name == "The Store"
    assert all(p.does for p in game.places)


def test_spaces_are_named_as_players_type_them():
    assert Spot(1, 1).name == "A1" and Spot(8, 8).name == "H8" and Spot(3, 4).name == "C4"
    assert Spot(3, 4).step(1, -1) == Spot(4, 3)


def test_distance_walks_round_craters():
    # a wall of craters in column B, open at the top: A1 to C1 goes up and over
    space_map = SpaceMap("m", "M", False, 3, 3, (), (Spot(2, 1), Spot(2, 2)))
    assert space_map.distance(Spot(1, 1), Spot(3, 1)) == 6
    assert space_map.distance(Spot(1, 1), Spot(1, 1)) == 0
    walled = SpaceMap("m", "M", False, 3, 3, (), (Spot(2, 1), Spot(2, 2), Spot(2, 3)))
    assert walled.distance(Spot(1, 1), Spot(3, 1)) is None


def test_maps_are_written_down_as_interpretations(game):
    notes = " ".join(game.interpretations)
    assert "square-grid maps" in notes and "Craters cannot be entered" in notes
    doc = definition_path("personal-space").parents[4] / "docs" / "personal-space-sheet.md"
    assert "## The maps" in doc.read_text(encoding="utf-8")


# -- every bad value ----------------------------------------------------------------------


def refused(*pairs: tuple[str, str]) -> tuple[str, list[str]]:
    """The definition with each (old, new) replaced once: its text and the problems."""
    text = TEXT
    for old, new in pairs:
        assert text.count(old) >= 1, old
        text = text.replace(old, new, 1)
    with pytest.raises(DefinitionError) as err:
        load_bytes(text.encode(), "ps.toml")
    return text, [str(p) for p in err.value.problems]


def line_of(text: str, marker: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if marker in line)


def one(problems: list[str], words: str) -> str:
    found = [p for p in problems if words in p]
    assert found, (words, problems)
    return found[0]


BAD = [
    # (replace, by, key path in the message, words of the message)
    (DRIFTWATER, DRIFTWATER.replace("home", "hom"), "planet 1, places.hom", "unknown place 'hom'"),
    (
        DRIFTWATER,
        DRIFTWATER.replace("}", ', zoo = "A4" }'),
        "planet 1, places.zoo",
        "the zoo stands on a side moon, not on a planet",
    ),
    (
        ENCORE,
        ENCORE.replace("}", ', home = "C1" }'),
        "moon 1, places.home",
        "the home stands on a planet, not on a side moon",
    ),
    (
        DRIFTWATER,
        DRIFTWATER.replace('"G6"', '"B2"'),
        "planet 1, places.tower",
        "B2 already holds the home",
    ),
    (
        DRIFTWATER,
        DRIFTWATER.replace('"D3"', '"A1"'),
        "planet 1, places.pond",
        "A1 already holds a crater",
    ),
    (
        'neighbors = { bo = "D6" }',
        'neighbors = { bo = "G2" }',
        "planet 1, neighbors.bo",
        "G2 already holds the rocket",
    ),
    (
        DRIFTWATER,
        DRIFTWATER.replace('"B2"', '"I2"'),
        "planet 1, places.home",
        "I2 is off the map: columns A-H, rows 1-8",
    ),
    (DRIFTWATER, DRIFTWATER.replace('"B2"', '"B9"'), "planet 1, places.home", "B9 is off the map"),
    (
        DRIFTWATER,
        DRIFTWATER.replace('"B2"', '"22"'),
        "planet 1, places.home",
        'expected a space such as "C4"',
    ),
    (DRIFTWATER, DRIFTWATER.replace('"B2"', "2"), "planet 1, places.home", "expected a string"),
    (
        'craters = ["A1", "B6", "F4", "H8"]',
        'craters = ["A1", "B6", "F4", "H0"]',
        "planet 1, crater 4",
        "H0 is off the map",
    ),
    (
        DRIFTWATER,
        DRIFTWATER.replace('home = "B2", ', ""),
        "planet 1, places",
        "a planet needs its home",
    ),
    (
        DRIFTWATER,
        DRIFTWATER.replace(', tower = "G6"', ""),
        "planet 1, places",
        "a planet needs its tower",
    ),
    (
        DRIFTWATER,
        DRIFTWATER.replace(', rocket = "G2"', ""),
        "planet 1, places",
        "a planet needs its rocket",
    ),
    (
        DRIFTWATER,
        DRIFTWATER.replace('pond = "D3", ', ""),
        "planet 1, places",
        "a planet has one resource generator (hole, pond or tree), got none",
    ),
    (
        DRIFTWATER,
        DRIFTWATER.replace("}", ', tree = "A3" }'),
        "planet 1, places",
        "got pond and tree",
    ),
    (
        ENCORE,
        ENCORE.replace('rocket = "A1", ', ""),
        "moon 1, places",
        "a side moon needs its rocket",
    ),
    (
        'neighbors = { bo = "D6" }',
        'neighbors = { bo = "D6", pip = "A2" }',
        "planet 1, neighbors",
        "a planet has one starting neighbor, got 2",
    ),
    (
        'neighbors = { bo = "D6" }\n',
        "\n",
        "planet 1, neighbors",
        "a planet has one starting neighbor, got 0",
        "[[planets]]",
    ),
    (
        'neighbors = { bo = "D6" }',
        'neighbors = { bob = "D6" }',
        "planet 1, neighbors.bob",
        "unknown neighbor 'bob' (did you mean \"bo\"?)",
    ),
    (
        'neighbors = { pip = "C3" }',
        'neighbors = { home = "C3" }',
        "moon 2, neighbors.home",
        "'home' names a place",
    ),
    (
        'neighbors = { pip = "C3" }',
        "neighbors = {}",
        "neighbor 3, id",
        "Pip lives on no map",
        'id = "pip"',
    ),
    (
        'neighbors = { pip = "C3" }',
        'neighbors = { pip = "C3", bo = "D2" }',
        "moon 2, neighbors.bo",
        "Bo already lives on Driftwater",
    ),
    (
        'neighbors = { bo = "D6" }',
        'neighbors = { bo = "D8" }',
        "planet 1, neighbors.bo",
        "Bo's range space [0, 1] falls off the map from D8",
    ),
    (
        'neighbors = { bo = "D6" }',
        'neighbors = { bo = "B7" }',
        "planet 1, neighbors.bo",
        "Bo's range space [0, -1] (B6) is a crater",
    ),
    (
        MENAGERIE,
        MENAGERIE.replace(', store = "E5"', ""),
        "moons",
        "no side moon holds the store",
        "[[moons]]",
    ),
    (
        ENCORE,
        ENCORE.replace("}", ', store = "E4" }'),
        "moon 2, places.store",
        "the store already stands on Encore Moon",
        MENAGERIE,
    ),
    (
        'craters = ["A1", "F6"]',
        'craters = ["A1", "F6", "E1", "F2"]',
        "moon 2, places.zoo",
        "B5 cannot be reached from the rocket launcher: craters wall it in",
        'places = { rocket = "F1"',
    ),
    (
        'id = "driftwater"\nname = "Driftwater"\ncolumns = 8',
        'id = "driftwater"\nname = "Driftwater"\ncolumns = 9',
        "planet 1, columns",
        "expected an integer 3..8, got 9",
    ),
    ('id = "burrowdown"', 'id = "driftwater"', "planet 2, id", "map id 'driftwater' is used twice"),
    ('id = "encore"', 'id = "encore"\nsize = 6', "moon 1, size", "unknown key"),
    ('home = { name = "Home", ', "home = { ", "places.home.name", "required, expected a string"),
    (
        'store = { name = "The Store", does',
        'store = { name = "The Store", do',
        "places.store.do",
        'unknown key (did you mean "does"?)',
    ),
]


@pytest.mark.parametrize("bad", BAD, ids=[b[3][:40] for b in BAD])
def test_a_bad_map_value_is_refused_with_its_key_and_line(bad):
    old, new, key, words = bad[:4]
    text, problems = refused((old, new))
    problem = one(problems, words)
    assert f": {key}: " in problem, problem
    path, line = problem.split(":")[:2]
    assert path == "ps.toml", problem
    if len(bad) > 4:  # a key that is missing: the line of the table it belongs to
        expected = line_of(text, bad[4])
    else:  # the line edited (its last line)
        expected = TEXT[: TEXT.index(old)].count("\n") + 1 + new.rstrip("\n").count("\n")
    assert int(line) == expected, problem


def test_no_planets_and_no_moons_are_refused():
    _, problems = refused(("[[planets]]", "[[planes]]"))
    one(problems, "planes: unknown key")
    # root keys come before the first table: the maps' tables cut out, empty arrays put first
    cut = TEXT.split("[[planets]]")[0] + "[cards]" + TEXT.split("[cards]")[1]
    empty = "planets = []\nmoons = []\n" + cut
    with pytest.raises(DefinitionError) as err:
        load_bytes(empty.encode(), "ps.toml")
    problems = [str(p) for p in err.value.problems]
    one(problems, "planets: expected at least one planet")
    one(problems, "moons: expected at least one side moon")
    one(problems, "Bo lives on no map")


def test_every_problem_of_a_broken_map_is_reported_at_once():
    _, problems = refused(
        (DRIFTWATER, DRIFTWATER.replace('"B2"', '"Z9"').replace('"D3"', '"G6"')),
        ('neighbors = { pip = "C3" }', 'neighbors = { pip = "A3" }'),
    )
    one(problems, "Z9 is off the map")
    one(problems, "G6 already holds the pond")
    one(problems, "Pip's range space [-1, 0] falls off the map from A3")
    one(problems, "Pip's range space [0, -2] (A1) is a crater")
