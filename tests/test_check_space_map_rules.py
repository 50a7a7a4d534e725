"""Personal Space: a sheet that names its planet is walked on the map (map_rules.py).

Each rule has a day that keeps it and one that breaks it, on Driftwater, Burrowdown and
Encore Moon; a sheet without a planet is checked as before (tests/test_check_space.py).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheetsmith.check import check_files, check_text
from sheetsmith.cli import app
from sheetsmith.errors import SheetError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "personal-space"


def sheet(grid: str, log: str, *, planet: str = "driftwater", start: str = "") -> str:
    where = f", {start}" if start else ""
    return f'''game = "personal-space"
planet = "{planet}"
day = "tuesday"
start = {{ speed = 3, energy = 3, mood = 4, money = 10{where} }}
end = {{ speed = 3, energy = 3, mood = 4, money = 10 }}
grid = """
{grid.strip()}
"""
{log}'''


def rules(text: str) -> list[str]:
    report = check_text(text.encode(), "day.toml")
    return [v.rule for p in report.players for v in p.violations]


def messages(text: str) -> list[str]:
    report = check_text(text.encode(), "day.toml")
    return [v.message for p in report.players for v in p.violations]


# Driftwater: home B2, the pond D3, the tower G6; craters A1 B6 F4 H8
POND_AND_HOME = sheet(
    """
TF4 . . . . R2
. . . . . .
. . . M3 . .
. M3 M3 M3 . .
. . M1 . . .
M1 M1 M1 . . .
""",
    """
[[log]]
code = "M"
path = "R R U"
to = "pond"

[[log]]
code = "R"

[[log]]
code = "M"
path = "D L L"
to = "B2"

[[log]]
code = "TF"
""",
)

ONE_MOVE = """
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
M1 M1 . . . .
"""


def one_step(step: str, to: str = "", **kw: str) -> str:
    where = f'\nto = "{to}"' if to else ""
    return sheet(ONE_MOVE, f'[[log]]\ncode = "M"\npath = "{step}"{where}\n', **kw)


def test_a_day_on_driftwater_keeps_every_rule():
    assert rules(POND_AND_HOME) == []


def test_a_typo_in_to_is_one_report_and_the_day_carries_on():
    wrong = POND_AND_HOME.replace('to = "pond"', 'to = "tower"')
    assert rules(wrong) == ["move.to"]
    assert "ends at D3" in messages(wrong)[0]


def test_a_path_typo_is_one_report():
    wrong = POND_AND_HOME.replace('path = "D L L"', 'path = "D L L L"')
    found = rules(wrong)
    assert "move.to" in found and "place.home" not in found


def test_off_the_map_names_the_step():
    assert rules(one_step("R", start='space = "G5"')) == []
    text = one_step("R", start='space = "H5"')
    assert rules(text) == ["map.off"]
    assert "step 1 (right) from H5" in messages(text)[0]


def test_a_crater_cannot_be_entered():
    assert rules(one_step("U", start='space = "B4"')) == []
    assert rules(one_step("U", start='space = "B5"')) == ["map.crater"]


def test_burrowdown_walks_around_its_own_craters():
    # Burrowdown: home B2, the hole E2, craters A8 B4 E5 H1
    assert rules(one_step("U", planet="burrowdown", start='space = "B2"')) == []
    assert rules(one_step("U", planet="burrowdown", start='space = "B3"')) == ["map.crater"]
    assert rules(one_step("D", planet="burrowdown", start='space = "H2"')) == ["map.crater"]
    assert rules(one_step("R", "hole", planet="burrowdown", start='space = "D2"')) == []
    assert rules(one_step("R", "hole", planet="burrowdown", start='space = "C2"')) == ["move.to"]


def test_a_moon_has_its_own_map():
    # Encore Moon (6x6): the launcher A1, the theater D5, the jukebox B6; crater F6
    moon = 'at = "theater"'
    assert rules(one_step("R", "E5", planet="burrowdown", start=moon)) == []
    assert rules(one_step("U", planet="burrowdown", start=moon)) == []
    assert rules(one_step("U", planet="burrowdown", start='at = "jukebox"')) == ["map.off"]
    assert rules(one_step("R", "tower", planet="burrowdown", start=moon)) == ["move.to"]


def test_run_ends_within_its_spaces():
    text = one_step("R", "G6", start='space = "F5"').replace('path = "R"', 'path = "R"\nrun = 1')
    text = text.replace(
        "speed = 3, energy = 3, mood = 4, money = 10 }\ngrid",
        "speed = 2, energy = 3, mood = 4, money = 10 }\ngrid",
    )
    assert rules(text) == []
    assert rules(text.replace('to = "G6"', 'to = "G8"')) == ["move.to"]


def internet_day(distance: int, squares: int, start: str = 'space = "G4"', **kw: str) -> str:
    row = " ".join(["I1"] * squares + ["."] * (6 - squares))
    grid = "\n".join([". . . . . ."] * 5 + [row])
    return sheet(grid, f'[[log]]\ncode = "I"\ndistance = {distance}\n', start=start, **kw)


def test_internet_counts_the_steps_to_the_tower():
    assert rules(internet_day(2, 3)) == []  # G4 -> G6 on Driftwater
    assert rules(internet_day(0, 1, 'at = "tower"')) == []
    assert rules(internet_day(1, 2)) == ["internet.distance"]  # one mistake: the count
    assert rules(internet_day(2, 4)) == ["internet.squares"]
    # Burrowdown's tower D7, around the crater at E5: E4 -> D4 -> D5 -> D6 -> D7
    assert rules(internet_day(4, 5, 'space = "E4"', planet="burrowdown")) == []
    assert rules(internet_day(3, 4, 'space = "E4"', planet="burrowdown")) == ["internet.distance"]
    assert rules(internet_day(0, 1, 'at = "theater"')) == ["internet.distance"]


def one_action(code: str, start: str, planet: str = "driftwater", money: int = 0) -> str:
    grid = "\n".join([". . . . . ."] * 5 + [f"{code}1 . . . . ."])
    paid = f"\nmoney = {money}" if money else ""
    text = sheet(grid, f'[[log]]\ncode = "{code}"{paid}\n', planet=planet, start=start)
    return text.replace("money = 10 }\ngrid", f"money = {10 + money} }}\ngrid")


@pytest.mark.parametrize(
    ("code", "at", "wrong", "planet", "rule"),
    [
        ("RA", 'at = "home"', 'space = "C2"', "driftwater", "place.home"),
        ("TF", 'space = "B2"', 'at = "tower"', "burrowdown", "place.home"),
        ("R", 'at = "pond"', 'space = "D4"', "driftwater", "place.generator"),
        ("R", 'space = "E2"', 'at = "theater"', "burrowdown", "place.generator"),
        ("SH", 'at = "theater"', 'at = "jukebox"', "driftwater", "place.venue"),
        ("Z", 'at = "zoo"', 'at = "store"', "burrowdown", "place.venue"),
        ("J", 'at = "jukebox"', 'at = "theater"', "orchard-rise", "place.venue"),
        ("B", 'at = "store"', 'space = "A2"', "driftwater", "place.venue"),
    ],
)
def test_actions_happen_at_their_places(code, at, wrong, planet, rule):
    money = {"SH": -2, "Z": -2, "J": -1, "B": -1}.get(code, 0)
    assert rules(one_action(code, at, planet, money)) == []
    assert rules(one_action(code, wrong, planet, money)) == [rule]


def test_a_neighbor_emerges_where_the_move_ended():
    # Driftwater: Bo's house D6; walk from D4 up one: D5 is [0, -1] from his house
    log = '[[log]]\ncode = "M"\npath = "U"\nemerge = {{ neighbor = "bo", space = {s}, roll = 6 }}\n'
    grid = "\n".join([". . . . . ."] * 4 + ["M1 . . . . .", "M1 . . . . ."])
    text = sheet(grid, log.format(s="[0, -1]"), start='space = "D4"')
    found = rules(text)
    assert "neighbor.space" not in found
    assert "neighbor.space" in rules(sheet(grid, log.format(s="[0, 1]"), start='space = "D4"'))


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('planet = "drift water"', 'did you mean "driftwater"'),
        ('planet = "mars"', "unknown planet"),
    ],
)
def test_an_unknown_planet_is_refused(line, says):
    text = POND_AND_HOME.replace('planet = "driftwater"', line)
    with pytest.raises(SheetError) as refused:
        check_text(text.encode(), "day.toml")
    assert says in str(refused.value)


def test_an_unknown_space_is_refused_with_the_nearest():
    for text, says in [
        (
            one_step("R", start='space = "B6"'),
            'crater on Driftwater: nobody stands there (did you mean "A6"',
        ),
        (one_step("R", "K2"), 'did you mean "H2"'),
        (one_step("R", start='space = "Z9"'), "not a space of Driftwater"),
    ]:
        with pytest.raises(SheetError) as refused:
            check_text(text.encode(), "day.toml")
        assert says in str(refused.value)


def test_start_at_is_on_the_planet_or_a_moon_its_rocket_reaches(tmp_path, monkeypatch):
    # Burrowdown's generator is the hole; the pond is Driftwater's, Bo lives on Driftwater
    assert rules(one_step("U", planet="burrowdown", start='at = "hole"')) == []
    assert rules(one_step("R", planet="burrowdown", start='at = "marga"')) == []
    for at in ("pond", "bo"):
        text = one_step("U", planet="burrowdown", start=f'at = "{at}"')
        with pytest.raises(SheetError) as refused:
            check_text(text.encode(), "day.toml")
        says = str(refused.value)
        assert f"start.at: '{at}' is not on Burrowdown" in says
        assert "Burrowdown has home, hole, tower, rocket and Ozzie's house (ozzie)" in says
    # exit 2 at the command line
    text = one_step("U", planet="burrowdown", start='at = "pond"')
    (tmp_path / "pond.toml").write_text(text)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["check", "pond.toml"])
    assert result.exit_code == 2, result.output
    assert "'pond' is not on Burrowdown" in result.output


def test_a_start_space_needs_a_planet():
    text = one_step("R", start='space = "B2"').replace('planet = "driftwater"\n', "")
    with pytest.raises(SheetError) as refused:
        check_text(text.encode(), "day.toml")
    assert "needs the sheet's planet" in str(refused.value)


# the Rocket Launcher: Driftwater's launcher G2, Encore Moon's A1, Menagerie Moon's F1
ROCKET_GRID = "\n".join([". . . . . ."] * 5 + ["RL1 RL2 . . . ."])
THERE_AND_BACK = """
[[log]]
code = "RL"
to = "encore"
fuel = "rock"

[[log]]
code = "RL"
to = "home planet"
"""


def rocket_day(log: str = THERE_AND_BACK, start: str = 'at = "rocket"', **kw: str) -> str:
    return sheet(ROCKET_GRID, log, start=start, **kw)


def test_a_rocket_flies_from_launcher_to_launcher():
    assert rules(rocket_day()) == []
    assert rules(rocket_day(start='space = "G2"')) == []
    away = rocket_day(start='space = "G3"')
    assert rules(away) == ["rocket.launcher"]
    assert "leaves from the launcher (G2 on Driftwater); you are at G3" in messages(away)[0]


@pytest.mark.parametrize(
    ("back", "says"),
    [
        ('to = "menagerie"', "not from Encore Moon"),
        ('to = "burrowdown"', "not your planet"),
        ('to = "encore"', "already on Encore Moon"),
    ],
)
def test_a_rocket_flies_between_the_planet_and_a_moon(back, says):
    text = rocket_day(THERE_AND_BACK.replace('to = "home planet"', back))
    assert rules(text) == ["rocket.launcher"]
    assert says in messages(text)[0]
    # back from a moon, `to` may be the planet's id or left out
    for same in ('to = "Driftwater"', ""):
        assert rules(rocket_day(THERE_AND_BACK.replace('to = "home planet"', same))) == []


def test_leaving_the_planet_spends_a_building_resource():
    free = rocket_day(THERE_AND_BACK.replace('fuel = "rock"\n', ""))
    assert rules(free) == ["rocket.fuel"]
    assert "1 rock, wood or coral, or a Rocket Fuel Cell" in messages(free)[0]
    for fuel in ('"Coral"', '"wood"', '"rocket fuel cell"'):
        assert rules(rocket_day(THERE_AND_BACK.replace('"rock"', fuel))) == []
    # a resource that cannot pay is the rule broken; a word that is no resource is refused
    fish = rocket_day(THERE_AND_BACK.replace('"rock"', '"fish"'))
    assert rules(fish) == ["rocket.fuel"] and "not fish" in messages(fish)[0]
    with pytest.raises(SheetError) as refused:
        check_text(rocket_day(THERE_AND_BACK.replace('"rock"', '"banana"')).encode(), "d.toml")
    assert "expected one of rock, wood, coral, rocket-fuel-cell" in str(refused.value)
    assert ', or "" for none' in str(refused.value)


def test_after_the_flight_the_map_follows_the_player():
    # on Encore Moon at its launcher A1: two steps up end at A3; the Internet is not there
    grid = "\n".join([". . . . . ."] * 3 + [". M2 . . . .", ". M2 . . . .", "RL1 M2 I3 . . ."])
    log = '[[log]]\ncode = "RL"\nto = "encore"\nfuel = "wood"\n\n'
    log += '[[log]]\ncode = "M"\npath = "U U"\nto = "A3"\n\n[[log]]\ncode = "I"\ndistance = 0\n'
    found = rules(sheet(grid, log, start='at = "rocket"'))
    assert found == ["internet.distance"]
    assert rules(sheet(grid, log.replace('"A3"', '"A4"'), start='at = "rocket"')) == [
        "move.to",
        "internet.distance",
    ]


def test_a_rocket_without_a_planet_is_checked_as_before():
    text = rocket_day(start="").replace('planet = "driftwater"\n', "")
    with pytest.raises(SheetError) as refused:
        check_text(text.encode(), "day.toml")
    assert 'needs planet = "..."' in str(refused.value)
    plain = text.replace('to = "encore"\nfuel = "rock"\n', "").replace('to = "home planet"\n', "")
    assert rules(plain) == []


def test_the_map_example_is_valid_and_walks_the_map(monkeypatch):
    """examples/personal-space/cai.toml: a day on Driftwater, by rocket to the store and back."""
    sheet_text = (EXAMPLES / "cai.toml").read_text()
    assert rules(sheet_text) == []
    monkeypatch.chdir(EXAMPLES)
    result = CliRunner().invoke(app, ["check", "--json", "cai.toml"])
    assert result.exit_code == 0, result.output
    [cai] = json.loads(result.stdout)["players"]
    assert (cai["file"], cai["valid"], cai["violations"]) == ("cai.toml", True, [])
    # it exercises the map: a planet, moves with a `to`, the generator, a flight with fuel
    # to a side moon, the store there and the flight back
    day = tomllib.loads(sheet_text)
    assert day["planet"] == "driftwater"
    log = day["log"]
    assert all(e.get("to") for e in log if e["code"] == "M")
    codes = [e["code"] for e in log]
    assert codes.index("R") < codes.index("RL") < codes.index("B")
    flights = [e for e in log if e["code"] == "RL"]
    assert [f.get("to") for f in flights] == ["menagerie", "driftwater"]
    assert flights[0]["fuel"] == "coral"
    # the map is really read: a `to` the walk misses or a flight without fuel is reported
    assert rules(sheet_text.replace('to = "store"', 'to = "zoo"')) == ["move.to"]
    assert rules(sheet_text.replace('fuel = "coral"\n', "")) == ["rocket.fuel"]


ANN = (EXAMPLES / "ann.toml").read_text()


def ann_with(old: str, new: str) -> str:
    assert old in ANN, old
    return ANN.replace(old, new, 1)


@pytest.mark.parametrize(
    ("emerge", "found"),
    [
        ("space = [0, -1], roll = 5", []),  # D5 is [0, -1] from Bo's house: he needs a 5
        ("space = [1, -1], roll = 5", ["neighbor.space"]),  # the space mistyped
        ("space = [1, -1], roll = 6", ["neighbor.space"]),  # as typed, a 6 brings him out
        ("space = [7, -1], roll = 5", ["neighbor.space"]),  # outside his range: a typo
        ("space = [1, -1], roll = 4", ["neighbor.space", "neighbor.emerge"]),  # two mistakes
    ],
)
def test_a_mistyped_emerge_space_is_one_mistake(emerge, found):
    """The roll is judged on the typed space or on the map's, whichever it agrees with."""
    assert rules(ann_with("space = [0, -1], roll = 5", emerge)) == found


def test_after_a_run_the_day_goes_on_where_the_run_may_have_ended():
    # log 9 walks D5 -> C2 and runs 1 space home (B2), where log 10 (TF) happens
    assert rules(ann_with('run = 1\nto = "home"', "run = 1")) == []  # no `to`: B2 is in reach
    assert rules(ann_with('run = 1\nto = "home"', 'run = 1\nto = "C2"')) == ["place.home"]
    # a `to` the run cannot reach is one mistake: the Transfer may be where the run ended
    assert rules(ann_with('run = 1\nto = "home"', 'run = 1\nto = "pond"')) == ["move.to"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('run = 1\nto = "home"', 'run = 1\nto = "Home"'),
        ('to = "pond"', 'to = "the pond"'),
        ('run = 1\nto = "home"', 'run = 1\nto = "B2"'),
    ],
)
def test_a_place_may_be_called_by_its_printed_name(old, new):
    assert rules(ann_with(old, new)) == []


def test_printed_names_reach_houses_and_the_launcher():
    text = one_step("R", "Bo's house", start='space = "C6"')
    assert rules(text) == []
    assert rules(one_step("R", "launcher", start='space = "F2"')) == []
    assert rules(one_step("R", "Internet Tower", start='space = "F6"')) == []
    moon = 'at = "theater", space = "C5"'  # on Encore Moon, left of the theater (D5)
    assert rules(one_step("R", "Marga's Playhouse", planet="burrowdown", start=moon)) == []


def test_a_to_typo_on_a_move_where_a_neighbor_emerged_is_one_mistake():
    # log 4 walks D3 -> D5, below Bo's house: a `to` that says D4 is the only slip
    assert rules(ann_with('path = "U U"\n', 'path = "U U"\nto = "D4"\n')) == ["move.to"]


def test_a_neighbor_who_lives_elsewhere_is_one_mistake():
    found = rules(
        ann_with('neighbor = "bo", space = [0, -1]', 'neighbor = "marga", space = [0, -1]')
    )
    assert found[0] == "neighbor.space" and "neighbor.emerge" not in found


def test_a_forgotten_exercised_yesterday_is_one_report():
    """Two moves one step over Speed, as yesterday's Exercise allows: the flag is the slip,
    reported once at the flag; with yesterday's sheet, only the carry-over is reported."""
    grid = "\n".join([". . . . . ."] * 4 + ["M2 M2 M2 M2 M2 .", "M1 M1 M1 M1 M1 ."])
    log = '[[log]]\ncode = "M"\npath = "R R R R"\n\n[[log]]\ncode = "M"\npath = "L L L L"\n'
    today = sheet(grid, log, start='at = "home"').replace(
        'day = "tuesday"', 'day = "wednesday"\nexercised_yesterday = false'
    )
    report = check_text(today.encode(), "wed.toml").players[0].violations
    assert [(v.rule, v.where) for v in report] == [("move.speed", "exercised_yesterday")]
    assert "log 1, log 2" in report[0].message
    assert rules(today.replace("exercised_yesterday = false", "exercised_yesterday = true")) == []


def test_with_yesterdays_sheet_only_the_carry_over_is_reported(tmp_path):
    grid = "\n".join([". . . . . ."] * 4 + ["M2 M2 M2 M2 M2 .", "M1 M1 M1 M1 M1 ."])
    log = '[[log]]\ncode = "M"\npath = "R R R R"\n\n[[log]]\ncode = "M"\npath = "L L L L"\n'
    today = (
        sheet(grid, log, start='at = "home"')
        .replace(
            'day = "tuesday"', 'player = "Ann"\nday = "wednesday"\nexercised_yesterday = false'
        )
        .replace("money = 10", "money = 16")  # as Ann's Tuesday ends
    )
    (tmp_path / "wed.toml").write_text(today)
    (tmp_path / "tue.toml").write_text(ANN)  # Ann's Tuesday ends with an Exercise
    report = check_files([str(tmp_path / "tue.toml"), str(tmp_path / "wed.toml")])
    assert [v.rule for v in report.players[1].violations] == ["exercise.carryover"]
    assert report.players[0].violations == ()


def test_a_fuel_that_cannot_pay_is_a_rocket_fuel_mistake():
    cai = (EXAMPLES / "cai.toml").read_text()
    assert rules(cai) == []
    fish = cai.replace('fuel = "coral"', 'fuel = "fish"')
    assert rules(fish) == ["rocket.fuel"]
    assert "not fish" in messages(fish)[0]


def _pond_walk(bottom_row: str, speed: int) -> str:
    """From home (B2) right, right and up to the pond (D3): 3 steps, drawn on the bottom row."""
    rows = ". . . . . .\n" * 5 + bottom_row
    text = sheet(rows, '[[log]]\ncode = "M"\npath = "R R U"\nto = "pond"\n', start='at = "home"')
    return text.replace("speed = 3", f"speed = {speed}")


def test_a_walk_the_map_proves_is_too_long_for_speed_even_when_drawn_wrong():
    # three M squares in a row: the wrong shape, and the map proves 3 steps were taken
    assert rules(_pond_walk("M1 M1 M1 . . .", speed=2)) == ["move.shape", "move.speed"]
    assert rules(_pond_walk("M1 M1 M1 . . .", speed=3)) == ["move.shape"]
