"""What a player may type, the same rule in every game (`sheetsmith.toml.lenient`).

For each game: every widened spelling is read and gives the verdict its canonical spelling
gives; what is still wrong (or, for My Corner of the Sky, what its contract refuses) is
still refused, with the nearest suggestion.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetsmith.check import blank_sheet, check_text
from sheetsmith.definition import load
from sheetsmith.errors import SheetError
from sheetsmith.toml import lenient
from sheetsmith.toml.document import parse_toml_bytes
from sheetsmith.toml.node import Context

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SKY_ANN = (EXAMPLES / "my-corner-of-the-sky" / "ann.toml").read_text()
SKY_BEN = (EXAMPLES / "my-corner-of-the-sky" / "ben.toml").read_text()
SPACE_ANN = (EXAMPLES.parent / "tests" / "sheets" / "space-ann-unmapped.toml").read_text()
SPACE_BEN = (EXAMPLES.parent / "tests" / "sheets" / "space-ben-unmapped.toml").read_text()
PLANET = (EXAMPLES / "planet-78" / "first-rounds.toml").read_text()
PLANET_MISTAKES = (EXAMPLES / "planet-78" / "mistakes.toml").read_text()


def edit(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def verdict(text: str) -> dict:
    """What `check --json` says of one sheet, without the file name and the violations'
    messages' quotes of the typed text (a planet action is quoted as typed)."""
    (player,) = check_text(text.encode(), "sheet.toml").as_json()["players"]
    player.pop("file")
    player["violations"] = [(v["rule"], v["where"].split(":")[0]) for v in player["violations"]]
    return player


def refusal(text: str) -> str:
    with pytest.raises(SheetError) as err:
        check_text(text.encode(), "sheet.toml")
    return str(err.value)


# The rule itself --------------------------------------------------------------------------


def test_names_fold_case_whitespace_and_separators():
    days = ("sunday", "monday")
    for typed in ("Monday", "MONDAY", " monday\t", "mondays"):
        assert lenient.pick(typed, days) == "monday", typed
    jobs = ("diner-cook", "greenhouse-hand")
    for typed in ("Diner Cook", "diner_cook", " DINER -  COOK "):
        assert lenient.pick(typed, jobs) == "diner-cook", typed
    assert lenient.pick("dinercook", jobs) is None  # a separator is not dropped


def test_singular_and_plural():
    assert lenient.pick("points", ("point",)) == "point"
    assert lenient.pick("Friend", ("friends", "not-friends")) == "friends"
    assert lenient.pick("not friend", ("friends", "not-friends")) == "not-friends"
    assert lenient.pick("passes", ("pass", "move")) == "pass"
    assert lenient.pick("abilities", ("ability",)) == "ability"
    assert lenient.pick("jukeboxes", ("jukebox",)) == "jukebox"
    # an exact spelling wins over a plural one
    assert lenient.pick("smogs", ("smog", "smogs")) == "smogs"


def test_digits_are_an_integer():
    assert [lenient.as_int(v) for v in (7, "7", " 7 ", "+1", "-2")] == [7, 7, 7, 1, -2]
    for value in ("seven", "7.5", "", "1" * 40, True, 7.0, "٣"):
        assert lenient.as_int(value) is None, value


def test_two_matches_are_refused_with_the_nearest():
    choices = ("red-fox", "red_fox")  # one spelling for both: ambiguous
    assert lenient.matches("Red Fox", choices) == list(choices)
    assert lenient.pick("Red Fox", choices) is None
    doc = parse_toml_bytes(b'animal = "Red Fox"\n', "zoo.toml")
    ctx = Context(doc)
    assert lenient.choice(ctx.root()["animal"], choices) is None
    (problem,) = ctx.problems
    assert "expected one of red-fox, red_fox, got 'Red Fox'" in problem.message
    assert "did you mean" in problem.message


def test_the_pattern_accepts_what_pick_accepts():
    space = load("personal-space")
    for choices in (space.sheet.days, tuple(j.id for j in space.jobs), ("friends", "not-friends")):
        regex = re.compile(lenient.pattern(choices))
        for choice in choices:
            for typed in (choice, choice.upper(), f" {choice.replace('-', ' ')} ", choice + "s"):
                assert bool(regex.search(typed)) == (lenient.pick(typed, choices) is not None)
        assert not regex.search("nothing-like-it")


# My Corner of the Sky ---------------------------------------------------------------------

SKY_WIDENED = [
    (SKY_ANN, ('monday = "x x x x"', 'Monday = "x x x x"')),
    (SKY_ANN, ('monday = "x x x x"', '" MONDAY " = "x x x x"')),
    (SKY_ANN, ('monday = "x x x x"', 'monday = "xxxx"')),
    (SKY_ANN, ('monday = "x x x x"', 'monday = "  X x   X x "')),
    (SKY_ANN, ("positioning-ii = ", "Positioning_II = ")),
    (SKY_ANN, ('plotting-ii = "x x x"', '"Plotting II" = "x x x"')),
    (SKY_ANN, ('week-1 = { cost = "x x", reward = "8" }', 'Week-1 = { cost = "x x", reward = 8 }')),
    (SKY_ANN, ('reward = "8"', 'reward = " 8 "')),
    (
        SKY_ANN,
        ('week-2 = { cost = "x x .", reward = "6" }', '"WEEK 2" = { cost = "xx.", reward = 6 }'),
    ),
    (SKY_ANN, (". . . x . . . . . . .", "  . . . x .  . . . . . .   ")),
    (SKY_ANN, (". . . x . . . . . . .", "...x.......\n   \n")),
    (SKY_BEN, ('reward = "point"', 'reward = "Points"')),
    (SKY_BEN, ('reward = "point"', 'reward = " POINT "')),
    (SKY_BEN, ('sunday = "x . . x"', 'Sunday = "x..x"')),
    (SKY_BEN, ('mentor = "x x"', 'MENTOR = "x x"')),
]


@pytest.mark.parametrize(("text", "pairs"), [(t, p) for t, *p in SKY_WIDENED])
def test_sky_accepts_what_is_unambiguous(text, pairs):
    assert verdict(edit(text, *pairs)) == verdict(text)


def test_sky_blank_lines_of_spaces_are_ignored():
    widened = SKY_ANN.replace('star_map = """\n', 'star_map = """\n   \n\n', 1)
    assert verdict(widened) == verdict(SKY_ANN)


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        # the contract: "a character other than x, X, . or a space" is a refusal, tabs too
        (
            (". . . x . . . . . . .", ". . .\tx . . . . . . ."),
            "star_map: row 9: unexpected character '\\t'",
        ),
        (('monday = "x x x x"', 'monday = "x\tx x x"'), "unexpected character '\\t'"),
        (
            ('monday = "x x x x"', 'monday = "x x x x"\nMonday = "x x x x"'),
            "monday is typed twice (also as 'monday')",
        ),
        (
            ('positioning-ii = "x x"', 'positioning-v = "x x"'),
            'unknown id (did you mean "positioning-iv"?)',
        ),
        (('monday = "x x x x"', 'Mondy = "x x x x"'), 'unknown day (did you mean "monday"?)'),
        (('reward = "8"', 'reward = "eight"'), 'expected the circled reward: its number, "point"'),
        (('reward = "8"', 'reward = "pointy"'), "expected the circled reward"),
        (('monday = "x x x x"', 'monday = "x x x o"'), "unexpected character 'o'"),
    ],
)
def test_sky_still_refuses(pairs, expected):
    assert expected in refusal(edit(SKY_ANN, pairs))


# Personal Space ---------------------------------------------------------------------------

SPACE_WIDENED = [
    (SPACE_ANN, ('day = "tuesday"', 'day = "Tuesday"')),
    (SPACE_ANN, ('day = "tuesday"', 'day = " TUESDAY "')),
    (SPACE_ANN, ('job = "courier"', 'job = "Courier "')),
    (SPACE_ANN, ('job = "courier"', 'job = "couriers"')),
    (SPACE_ANN, ('at = "home"', 'at = "Home"')),
    (SPACE_ANN, ('to = "pond"', 'to = "Pond"')),
    (SPACE_ANN, ('to = "theater"', 'to = "THEATER"')),
    (SPACE_ANN, ('answer = "friends"', 'answer = "Friend"')),
    (SPACE_ANN, ('neighbor = "marga"\nanswer', 'neighbor = " Marga"\nanswer')),
    (
        SPACE_ANN,
        (
            'emerge = { neighbor = "marga", space = [0, 1], roll = 6 }',
            'emerge = { neighbor = "MARGA", space = ["0", "1"], roll = "6" }',
        ),
    ),
    (SPACE_ANN, ("money = 6", 'money = "6"')),
    (SPACE_ANN, ("money = -2", 'money = "-2"')),
    (SPACE_ANN, ("distance = 1", 'distance = "1"')),
    (SPACE_ANN, ("run = 1", 'run = " 1 "')),
    (SPACE_ANN, ("explore = [[5, 1]]", 'explore = [["5", "1"]]')),
    (
        SPACE_ANN,
        (
            'start = { speed = 3, energy = 3, mood = 4, money = 10, at = "home" }',
            'start = { speed = "3", energy = "3", mood = "4", money = "10", at = "HOME" }',
        ),
    ),
    (SPACE_ANN, ('path = "R R"', 'path = "R\\tR"')),
    (SPACE_ANN, ("M1   M1   M1   N5", "M1\tM1\t\tM1 \t N5")),
    (SPACE_ANN, ('code = "SH"', 'code = " sh "')),
    (SPACE_BEN, ('day = "friday"', 'day = "Friday"')),
    (SPACE_BEN, ("money = -2", 'money = "-2"')),
]


@pytest.mark.parametrize(("text", "pair"), SPACE_WIDENED)
def test_space_accepts_what_is_unambiguous(text, pair):
    widened = edit(text, pair)
    assert verdict(widened) == verdict(text)


@pytest.mark.parametrize(
    ("pair", "expected"),
    [
        (('answer = "friends"', 'answer = "maybe"'), "expected one of friends, not-friends"),
        (('day = "tuesday"', 'day = "TUESDY"'), 'did you mean "tuesday"'),
        (('job = "courier"', 'job = "Courrier"'), 'did you mean "courier"'),
        (('to = "pond"', 'to = "lake"'), "got 'lake'"),
        (("money = 6", 'money = "six"'), "expected an integer, got 'six'"),
        (("money = 6", 'money = "6.5"'), "expected an integer, got '6.5'"),
        (("distance = 1", 'distance = "100"'), "expected an integer 0..99, got 100"),
        (("explore = [[5, 1]]", 'explore = [["5", "one"]]'), "expected the two dice rolled"),
        (('path = "R R"', 'path = "R north"'), "expected the steps on the map"),
    ],
)
def test_space_still_refuses(pair, expected):
    assert expected in refusal(edit(SPACE_ANN, pair))


def test_space_start_at_empty_means_anywhere_else():
    # `at = ""` was read as "home": a Rearrange away from home went unreported
    blank = blank_sheet("personal-space")
    rows = [" ".join("." * 6)] * 6
    day = blank.replace("\n".join(rows), "\n".join([*rows[:5], "RA1 . . . . ."]))
    day += '\n[[log]]\ncode = "RA"\n'
    assert verdict(day)["violations"] == []
    away = edit(day, ('at = "home"', 'at = ""'))
    assert [rule for rule, _ in verdict(away)["violations"]] == ["home.only"]
    assert verdict(edit(day, ('at = "home"', 'at = " Home "'))) == verdict(day)


# Planet 78 ----------------------------------------------------------------------------------

PLANET_WIDENED = [
    (PLANET, ("seed = 7", 'seed = "7"')),
    (PLANET, ('role = "engineer"', 'role = "Engineer"')),
    (PLANET, ('role = "pathfinder"', 'role = " PATHFINDER "')),
    (
        PLANET,
        (
            'player = "Ann"\ndo = ["move C4", "pass"]',
            'player = "ann"\ndo = ["Move c4", "PASS"]',
        ),
    ),
    (
        PLANET,
        (
            '"buy food second-wind", "card second-wind"',
            '"buy Food Second_Wind", "Cards second wind"',
        ),
    ),
    (PLANET, ('draw = ["smog"]', 'draw = ["Smog "]')),
    (PLANET, ('"take metal"', '"take Metals"')),
    (PLANET, ('player = "Ben"\ndo = ["take water"', 'player = "BEN"\ndo = ["Take  WATER"')),
    (PLANET_MISTAKES, ("seed = 7", 'seed = " 7"')),
    (PLANET_MISTAKES, ('"deposit food"', '"Deposit Food"')),
]


@pytest.mark.parametrize(("text", "pair"), PLANET_WIDENED)
def test_planet_accepts_what_is_unambiguous(text, pair):
    widened = edit(text, pair)
    assert verdict(widened) == verdict(text)


def test_planet_variance_as_digits():
    canonical = edit(PLANET, ("seed = 7", "seed = 7\nvariance = { pollution = 3, lives = 2 }"))
    widened = edit(PLANET, ("seed = 7", 'seed = 7\nvariance = { pollution = "3", lives = "2" }'))
    assert verdict(widened) == verdict(canonical)


@pytest.mark.parametrize(
    ("pair", "expected"),
    [
        (("seed = 7", 'seed = "seven"'), "expected an integer, got 'seven'"),
        (("seed = 7", 'seed = "7.5"'), "expected an integer, got '7.5'"),
        (("seed = 7", 'seed = "-1"'), "expected an integer 0..9223372036854775807, got -1"),
        (
            ('player = "Ann"\ndo = ["move C4"', 'player = "Anne"\ndo = ["move C4"'),
            "unknown player 'Anne'",
        ),
        (
            ('do = ["move C4", "pass"]', 'do = ["Mvoe C4"]'),
            "unknown action 'mvoe' (did you mean \"move\"?)",
        ),
        (('draw = ["smog"]', 'draw = ["SMGO"]'), 'did you mean "smog"'),
        (('"take metal"', '"take METL"'), 'did you mean "metal"'),
        (('name = "Ben"', 'name = "ann"'), "'ann' is listed twice"),
        (('role = "engineer"', 'role = "engineers-x"'), "expected one of pathfinder, engineer"),
    ],
)
def test_planet_still_refuses(pair, expected):
    assert expected in refusal(edit(PLANET, pair))


# The docs ---------------------------------------------------------------------------------

ROOT = EXAMPLES.parent
SKY_DOC = ROOT / "docs" / "my-corner-of-the-sky-sheet.md"


def test_the_rule_is_written_in_the_readme_and_each_format_page():
    pages = [
        "README.md",
        *(
            f"docs/{name}"
            for name in (
                "my-corner-of-the-sky-sheet.md",
                "personal-space-sheet.md",
                "planet-78-log.md",
            )
        ),
    ]
    for page in pages:
        text = " ".join((ROOT / page).read_text().split())
        assert "rule in every game" in text, page
        assert "`-`, `_` and a space alike" in text, page
        assert "string of digits" in text, page
    readme = (ROOT / "README.md").read_text()
    assert "](docs/my-corner-of-the-sky-sheet.md)" in readme


def test_the_sky_sheet_page_lists_every_id_rule_and_key():
    from sheetsmith.games.sky.checker import RULES

    doc = SKY_DOC.read_text()
    game = load("my-corner-of-the-sky")
    for upgrade in game.upgrades:
        boxes = " ".join(str(b) for b in upgrade.cost)
        assert f"`{upgrade.id}`" in doc, upgrade.id
        if not upgrade.start:
            assert f"| `{upgrade.id}` | {upgrade.name}" in doc and f"| {boxes} |" in doc
    for article in game.articles:
        boxes = " ".join(str(b) for b in article.cost)
        assert f"| `{article.id}` | week {article.week}'s article | {boxes}, reward " in doc
    for rule in RULES:
        assert f"| `{rule}` |" in doc, rule
    for key in ("largest_region", "stars", "articles", "publisher", "headhunter", "multiplayer"):
        assert f"| `{key}` |" in doc, key


def test_the_sky_sheet_page_shows_real_output(monkeypatch):
    import shlex

    from typer.testing import CliRunner

    from sheetsmith.cli import app

    doc = SKY_DOC.read_text()
    assert (EXAMPLES / "my-corner-of-the-sky" / "ann.toml").read_text().strip() in doc
    monkeypatch.chdir(EXAMPLES / "my-corner-of-the-sky")
    shown = 0
    for block in re.findall(r"```console\n(.*?)```", doc, re.S):
        for command, output in re.findall(
            r"^\$ (sheetsmith check [\w. -]+)\n(.*?)(?=^\$ |\Z)", block, re.S | re.M
        ):
            result = CliRunner().invoke(app, shlex.split(command)[1:])
            assert (result.stdout + result.stderr).rstrip() == output.rstrip(), command
            shown += 1
    assert shown == 3


def test_the_game_may_be_typed_as_its_title_in_any_case():
    text = Path("examples/my-corner-of-the-sky/ben.toml").read_text(encoding="utf-8")
    for typed in ("My Corner of the Sky", "MY-CORNER-OF-THE-SKY", " my corner of the sky "):
        changed = text.replace('game = "my-corner-of-the-sky"', f'game = "{typed}"', 1)
        assert changed != text
        report = check_text(changed.encode(), "ben.toml")
        assert report.game == "my-corner-of-the-sky" and report.players[0].valid
