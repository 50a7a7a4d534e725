"""Personal Space daily sheets: a valid full day, and per rule a sheet that breaks only it.

Most broken sheets are the valid example (`examples/personal-space/tuesday.toml`) with one
mistake typed in; a few rules need a small sheet of their own.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sheetsmith.check import blank_sheet, check_text
from sheetsmith.cli import app
from sheetsmith.errors import SheetError
from sheetsmith.games.space.checker import RULES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "personal-space"
# Ann's and Ben's days as typed before sheets named their planet: checked as they always were
SHEETS = ROOT / "tests" / "sheets"
TUESDAY = (SHEETS / "space-ann-unmapped.toml").read_text()
runner = CliRunner()


def rules_broken(text: str) -> list[str]:
    report = check_text(text.encode(), "day.toml")
    return [v.rule for p in report.players for v in p.violations]


def violations(text: str):
    return check_text(text.encode(), "day.toml").players[0].violations


def edit(*pairs: tuple[str, str], text: str = TUESDAY) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def add_entry(text: str, entry: str) -> str:
    return text.rstrip("\n") + "\n\n[[log]]\n" + entry.strip() + "\n"


GRID_ROW_5 = ".    .    .    R2   I8   M4"
GRID_ROW_1 = "M14  M14  TF15 .    XP1  EX16"


def test_the_example_day_follows_every_rule():
    report = check_text(TUESDAY.encode(), "ann.toml")
    assert report.valid and report.exit_code == 0
    assert report.winners == ()
    (ann,) = report.players
    assert ann.player == "Ann"
    assert dict(ann.score) == {
        "entries": 16,
        "squares_used": 32,
        "moves": 5,
        "spaces_moved": 11,
        "money_earned": 6,
        "money_spent": 2,
    }


def test_the_example_days_name_their_planet_and_keep_their_verdicts():
    """The examples walk Driftwater; the same days typed without a planet (as players typed
    them before maps) keep the verdicts they always had."""
    ann = check_text((EXAMPLES / "ann.toml").read_bytes(), "ann.toml")
    assert ann.valid, ann.players[0].violations
    assert dict(ann.players[0].score) == {
        "entries": 12,
        "squares_used": 30,
        "moves": 3,
        "spaces_moved": 10,
        "money_earned": 6,
        "money_spent": 0,
    }
    for name in ("ann.toml", "ben.toml", "cai.toml"):
        assert 'planet = "driftwater"' in (EXAMPLES / name).read_text(), name
    old_ben = check_text(BEN.encode(), "ben.toml").players[0]
    assert [v.rule for v in old_ben.violations] == [
        "work.day",
        "exercise.shape",
        "show.price",
        "money.end",
    ]


def test_every_rule_id_is_documented():
    doc = (ROOT / "docs" / "personal-space-sheet.md").read_text()
    for rule in RULES:
        assert f"`{rule}`" in doc, rule


# -- one broken rule at a time -------------------------------------------------------------

BROKEN = {
    "grid.overlap": edit(("TF15 .", "TF15/H17 ."), text=add_entry(TUESDAY, 'code = "H"')),
    "grid.unlogged": edit((GRID_ROW_1, "M14  M14  TF15 W30  XP1  EX16")),
    "squares.count": edit(("SH11 RV12", "SH11 .   ")),
    "move.shape": edit(('path = "D D"', 'path = "D R"')),
    "move.speed": edit(
        (
            "speed = 3, energy = 3, mood = 4, money = 10",
            "speed = 1, energy = 3, mood = 4, money = 10",
        ),
        ("end = { speed = 3", "end = { speed = 1"),
    ),
    "move.run": edit(
        ('path = "L"\nto = "home"', 'path = "L"\nto = "home"\nrun = 4'),
        ("end = { speed = 3", "end = { speed = 0"),
    ),
    "move.train": edit(
        (
            "speed = 3, energy = 3, mood = 4, money = 10",
            "speed = 3, energy = 0, mood = 4, money = 10",
        ),
        ("end = { speed = 3, energy = 3", "end = { speed = 3, energy = 1"),
    ),
    "tracker.range": edit(  # a cost that cannot be paid: Energy below its track
        (GRID_ROW_1, "M14  M14  TF15 U17  XP1  EX16"),
        ("end = { speed = 3, energy = 3", "end = { speed = 3, energy = 0"),
        text=add_entry(TUESDAY, 'code = "U"\nenergy = -4'),
    ),
    "tracker.end": edit(("mood = 4, money = 14", "mood = 5, money = 14")),
    "work.squares": edit(("W3   W3   W3", "W3   W3   . ")),
    "work.shape": edit(
        (GRID_ROW_5, "W3   .    .    R2   I8   M4"), ("W3   W3   W3", "W3   W3   . ")
    ),
    "work.day": edit(('day = "tuesday"', 'day = "wednesday"')),
    "work.missed": edit(
        ('code = "W"\nmoney = 6', 'code = "V"'),
        ("W3   W3   W3", "V3   V3   V3"),
        ("money = 14", "money = 8"),
    ),
    "work.once": edit(
        (GRID_ROW_5, "W17  W17  W17  R2   I8   M4"),
        text=add_entry(TUESDAY, 'code = "W"'),
    ),
    "resource.line": edit(
        (GRID_ROW_5, "M17  M17  R18  R2   I8   M4"),
        text=add_entry(add_entry(TUESDAY, 'code = "M"\npath = "U"\nto = "hole"'), 'code = "R"'),
    ),
    "resource.place": edit(('to = "pond"\nexplore', 'to = ""\nexplore')),
    "exercise.shape": edit((GRID_ROW_1, "M14  M14  TF15 EX16 XP1  .   ")),
    "internet.squares": edit((GRID_ROW_5, ".    .    .    R2   .    M4")),
    "explore.square": edit(
        (GRID_ROW_5, "XP1  .    .    R2   I8   M4"), (GRID_ROW_1, GRID_ROW_1.replace("XP1", ". "))
    ),
    "neighbor.emerge": edit(("roll = 6 }", "roll = 5 }")),
    "neighbor.next": edit(
        (
            'path = "D D"\nto = "theater"',
            'path = "D D"\nto = "theater"\nemerge = { neighbor = "bo", space = [0, 1], roll = 5 }',
        )
    ),
    "neighbor.once": edit(
        (GRID_ROW_5, "M17  M17  N18  R2   I8   M4"),
        text=add_entry(
            add_entry(
                TUESDAY,
                'code = "M"\npath = "U"\nemerge = { neighbor = "marga", space = [1, 0], roll = 6 }',
            ),
            'code = "N"\nneighbor = "marga"',
        ),
    ),
    "neighbor.mood": edit(
        ("mood = 4, money = 10", "mood = 3, money = 10"),
        ("mood = 4, money = 14", "mood = 3, money = 14"),
    ),
    "trade.after-neighbor": edit(('code = "SG"', 'code = "TR"'), ("SG9", "TR9")),
    "show.price": edit(('day = "tuesday"', 'day = "saturday"')),
    "review.after-show": edit(('code = "SH"', 'code = "Z"'), ("SH11", "Z11 ")),
    "suggest.internet": edit(
        ('code = "I"\ndistance = 1', 'code = "B"'), ("I8   M4", ".    M4"), ("I8 ", "B8 ")
    ),
    "suggest.once": edit(
        (GRID_ROW_1, "M14  M14  TF15 SG17 XP1  EX16"), text=add_entry(TUESDAY, 'code = "SG"')
    ),
    "zoo.price": edit(
        (GRID_ROW_1, "M14  M14  TF15 Z17  XP1  EX16"),
        ("money = 14", "money = 9"),
        text=add_entry(TUESDAY, 'code = "Z"\nmoney = -5'),
    ),
    "jukebox.price": edit(
        (GRID_ROW_1, "M14  M14  TF15 J17  XP1  EX16"),
        ("money = 14", "money = 12"),
        text=add_entry(TUESDAY, 'code = "J"\nmoney = -2'),
    ),
    "adopt.price": edit(
        (GRID_ROW_1, "M14  M14  TF15 AD17 XP1  EX16"),
        ("money = 14", "money = 9"),
        text=add_entry(TUESDAY, 'code = "AD"\nmoney = -5'),
    ),
    "money.negative": edit(
        ("money = 10", "money = 0"),
        ('code = "R"\nnote', 'code = "R"\nmoney = -1\nnote'),
        ("money = 14", "money = 3"),
    ),
    "money.end": edit(("money = 14", "money = 15")),
    "pockets.limit": edit(
        ('pockets = ["fruit", "coral"]', 'pockets = ["fruit", "coral", "fish", "worm"]')
    ),
    "home.only": edit(('path = "L"\nto = "home"', 'path = "L"')),
    "log.missing": edit(('[[log]]   # 9\ncode = "SG"\n\n', "")),
    "log.extra": edit(('code = "RV"\n', 'code = "RV"\n\n[[log]]\ncode = "RV"\n')),
    "log.order": edit(
        ('code = "SH"\nmoney = -2', 'code = "RV"'),
        ('[[log]]   # 12\ncode = "RV"', '[[log]]   # 12\ncode = "SH"\nmoney = -2'),
    ),
}


@pytest.mark.parametrize("rule", sorted(BROKEN))
def test_a_sheet_that_breaks_only_one_rule(rule):
    broken = rules_broken(BROKEN[rule])
    assert broken and set(broken) == {rule}, broken


def test_every_rule_has_a_broken_sheet_or_its_own_test():
    own_tests = {"grid.inside", "move.mirrored", "exercise.once", "exercise.carryover"}
    own_tests |= {"day.carryover"}  # several sheets: test_check_space_days.py
    own_tests |= {"money.earned", "eat.energy"}  # test_check_space_corrections.py
    # the map's rules, walked on planets and a moon: tests/test_check_space_map_rules.py
    own_tests |= {
        "map.off",
        "map.crater",
        "move.to",
        "internet.distance",
        "neighbor.space",
        "place.home",
        "place.generator",
        "place.venue",
        "rocket.launcher",
        "rocket.fuel",
    }
    assert set(BROKEN) | own_tests == set(RULES)


# -- rules that need a sheet of their own --------------------------------------------------


def small(
    grid: str, log: str = "", *, day: str = "sunday", start: str = "", end: str = "", top: str = ""
) -> str:
    trackers = "speed = 3, energy = 3, mood = 4, money = 0"
    return "\n".join(
        [
            'game = "personal-space"',
            f'day = "{day}"',
            top,
            f"start = {{ {start or trackers} }}",
            f"end = {{ {end or trackers} }}",
            f'grid = """\n{grid.strip()}\n"""',
            log,
        ]
    )


def entries(*bodies: str) -> str:
    return "\n".join(f"[[log]]\n{body.strip()}\n" for body in bodies)


EMPTY_ROW = ". . . . . ."


def rows(*top: str) -> str:
    """A grid given by its top rows; the rest empty."""
    return "\n".join([*top, *[EMPTY_ROW] * (6 - len(top))])


def test_a_move_drawn_turned_follows_the_rules():
    # path R R U is an L; drawn turned half a turn: a bar on row 6 with a foot at (1,5)
    sheet = small(rows("M1 M1 M1 . . .", "M1 . . . . ."), entries('code = "M"\npath = "R R U"'))
    assert rules_broken(sheet) == []


def test_a_move_drawn_mirrored_says_so():
    sheet = small(rows("M1 M1 M1 . . .", ". . M1 . . ."), entries('code = "M"\npath = "R R U"'))
    (v,) = violations(sheet)
    assert v.rule == "move.mirrored"
    assert v.message.startswith("drawn mirrored") and "never flipped" in v.message
    assert v.where == "log 1 (M), squares (1,6) (2,6) (3,6) (3,5)"


def test_a_move_whose_shape_cannot_fit_the_grid():
    sheet = small(
        rows(),
        entries('code = "M"\npath = "RRRRRR"'),
        start="speed = 6, energy = 3, mood = 4, money = 0",
        end="speed = 6, energy = 3, mood = 4, money = 0",
    )
    (v,) = violations(sheet)
    assert v.rule == "grid.inside" and "7 by 1" in v.message


def test_exercise_bonus_allows_one_more_space():
    day = edit(
        (
            "speed = 3, energy = 3, mood = 4, money = 10",
            "speed = 1, energy = 3, mood = 4, money = 10",
        ),
        ("end = { speed = 3", "end = { speed = 1"),
    )
    assert set(rules_broken(day)) == {"move.speed"}
    assert (
        rules_broken(edit(("exercised_yesterday = false", "exercised_yesterday = true"), text=day))
        == []
    )


FULL_BUT_TWO_EXERCISES = """
H1  H1  H1  H1  EX3 EX3
H1  H1  H1  H1  EX3 EX3
H1  H1  H1  H1  H1  H1
H1  H1  H1  H1  H1  H1
EX2 EX2 H1  H1  H1  H1
EX2 EX2 H1  H1  H1  H1
"""


def test_exercise_completes_a_row_and_a_column_once_a_day():
    one = small(FULL_BUT_TWO_EXERCISES.replace("EX3", "H1 "), entries('code = "H"', 'code = "EX"'))
    assert rules_broken(one) == []
    two = small(FULL_BUT_TWO_EXERCISES, entries('code = "H"', 'code = "EX"', 'code = "EX"'))
    (v,) = violations(two)
    assert v.rule == "exercise.once" and v.where.startswith("log 3 (EX)")


def test_exercise_that_completes_only_a_row():
    lines = FULL_BUT_TWO_EXERCISES.replace("EX3", "H1 ").strip().split("\n")
    lines[0] = ".   .   " + lines[0][8:]  # columns 1 and 2 are no longer full
    (v,) = violations(small("\n".join(lines), entries('code = "H"', 'code = "EX"')))
    assert v.rule == "exercise.shape" and "no column" in v.message


def test_exercise_carries_over_to_the_next_sheet():
    ended = "speed = 3, energy = 3, mood = 4, money = 14"  # as Ann's Tuesday ends
    wednesday = small(rows(), day="wednesday", top='player = "Ann"', start=ended, end=ended)
    report = check_texts(TUESDAY, wednesday)
    (v,) = report.players[1].violations
    assert v.rule == "exercise.carryover" and "has Exercise" in v.message
    fixed = wednesday.replace('player = "Ann"', 'player = "Ann"\nexercised_yesterday = true')
    assert check_texts(TUESDAY, fixed).valid
    # another player's sheet says nothing about Ann's
    assert check_texts(TUESDAY, wednesday.replace("Ann", "Ben")).valid


def check_texts(*texts: str):
    from sheetsmith.check import check_documents
    from sheetsmith.toml.document import parse_toml_bytes

    return check_documents(
        [parse_toml_bytes(t.encode(), f"s{i}.toml") for i, t in enumerate(texts)]
    )


# Explore, as the rules' example: an L-shaped move, two dice for a square of the grid.
EXPLORE = 'code = "M"\npath = "U R"\nexplore = [{roll}]'


@pytest.mark.parametrize(
    ("roll", "grid", "broken"),
    [
        # a square of this move: found, nothing to draw
        ("[1, 2]", rows(*[EMPTY_ROW] * 4, "M1 M1 . . . .", "M1 . . . . ."), []),
        (
            "[1, 2]",
            rows("XP1 . . . . .", *[EMPTY_ROW] * 3, "M1 M1 . . . .", "M1 . . . . ."),
            ["explore.square"],
        ),
        # a miss: one square at the roll
        ("[4, 6]", rows(". . . XP1 . .", *[EMPTY_ROW] * 3, "M1 M1 . . . .", "M1 . . . . ."), []),
        ("[4, 6]", rows(*[EMPTY_ROW] * 4, "M1 M1 . . . .", "M1 . . . . ."), ["explore.square"]),
        # a miss right beside the move: still the rolled square
        ("[2, 1]", rows(*[EMPTY_ROW] * 4, "M1 M1 . . . .", "M1 XP1 . . . ."), []),
    ],
)
def test_explore(roll, grid, broken):
    assert rules_broken(small(grid, entries(EXPLORE.format(roll=roll)))) == broken


def test_explore_reversed_then_an_x():
    before = 'code = "H"'
    move = 'code = "M"\npath = "R"\nexplore = [[3, 4]]'
    # (3,4) is full before the move: the square goes to (4,3)
    grid = rows(EMPTY_ROW, EMPTY_ROW, ". . H1 . . .", ". . . XP2 . .", EMPTY_ROW, "M2 M2 . . . .")
    assert rules_broken(small(grid, entries(before, move))) == []
    # both full: an X anywhere
    grid = rows(EMPTY_ROW, EMPTY_ROW, ". . H1 . . X2", ". . . H1 . .", EMPTY_ROW, "M2 M2 . . . .")
    assert rules_broken(small(grid, entries(before, move))) == []
    grid = grid.replace("X2", ". ")
    (v,) = violations(small(grid, entries(before, move)))
    assert v.rule == "explore.square" and "add an X anywhere" in v.message


def test_no_work_is_fine_when_the_job_no_longer_fits():
    missed = BROKEN["work.missed"]
    full = edit((GRID_ROW_5, "V3   V3   .    R2   I8   M4"), text=missed)
    assert rules_broken(full) == []


def test_work_on_a_day_with_no_job():
    (v,) = violations(edit(('job = "courier"', 'job = ""')))
    assert v.rule == "work.day" and "no job" in v.message


def test_a_neighbor_outside_the_range_never_emerges():
    # reported once, at the move: the Neighbor action after it is judged as if she emerged
    (v,) = violations(edit(("space = [0, 1]", "space = [2, 2]")))
    assert v.rule == "neighbor.emerge" and v.where == "log 4 (M)"
    assert "not in Marga's range" in v.message


def test_a_square_with_another_code_than_its_entry():
    (v,) = violations(edit((GRID_ROW_1, "M14  M14  TF15 SH12 XP1  EX16")))
    assert v.rule == "grid.unlogged" and "log entry 12 is RV, not SH" in v.message


# -- refusals: the sheet cannot be read ----------------------------------------------------


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ("M14  M14  TF15 .", "M14  M14  TF15 Q9"),
            "day.toml:18: grid: row 1 (line 6 of the grid), column 4: unknown letter code 'Q'",
        ),
        (
            ("M14  M14  TF15 .    XP1  EX16", "M14  M14  TF15 XP1  EX16"),
            "day.toml:18: grid: row 1 (line 6 of the grid): expected 6 squares, got 5",
        ),
        (("W3   W3   W3", "W3_  W3   W3"), "only M squares are underlined"),
        (('job = "courier"', 'job = "courrier"'), "day.toml:5: job: unknown job 'courrier'"),
        (('job = "courier"', 'job = "courrier"'), 'did you mean "courier"'),
        (('code = "SG"', 'code = "XP"'), "Explore is part of a Move entry"),
        (
            ('path = "D D"', 'path = "D X"'),
            "log 10, path: expected the steps on the map as U, D, L, R",
        ),
        (
            ("explore = [[5, 1]]", "explore = [[7, 1]]"),
            "log 1, explore 1: expected dice values 1..6",
        ),
        (('neighbor = "marga", space', 'neighbor = "margo", space'), 'did you mean "marga"'),
        (
            ('answer = "friends"', 'answer = "maybe"'),
            "log 5, answer: expected one of friends, not-friends",
        ),
        (('code = "SG"', 'code = "SG"\ndistance = 2'), "log 9, distance: only an Internet entry"),
        (
            ('code = "SH"', 'code = "SH"\npath = "U"'),
            "log 11, path: only a Move (M) entry has path",
        ),
        (
            (
                "speed = 3, energy = 3, mood = 4, money = 10",
                "speed = 9, energy = 3, mood = 4, money = 10",
            ),
            "start.speed: expected an integer 0..6, got 9",
        ),
        (('day = "tuesday"', 'day = "tuesdy"'), 'did you mean "tuesday"'),
        (
            ('code = "E"', 'code = "E"\nspeeed = 1'),
            'log 13, speeed: unknown key (did you mean "speed"?)',
        ),
    ],
)
def test_refusals_name_the_line_and_key(change, expected):
    with pytest.raises(SheetError) as err:
        check_text(edit(change).encode(), "day.toml")
    assert expected in str(err.value)


def test_every_problem_is_reported_at_once():
    bad = edit(
        ('job = "courier"', 'job = "chef"'),
        ("W3   W3   W3", "W3   W3   Q3"),
        ('code = "SG"', 'code = "ZZ"'),
    )
    with pytest.raises(SheetError) as err:
        check_text(bad.encode(), "day.toml")
    assert len(err.value.problems) == 3


# -- the command line, the docs and the contract ---------------------------------------


def test_blank_sheet_checks_as_a_valid_empty_day():
    blank = blank_sheet("personal-space")
    assert rules_broken(blank) == []
    assert all(len(line) <= 100 for line in blank.splitlines())
    for key in ("day =", "job =", "start =", "end =", "pockets =", 'grid = """', "[[log]]"):
        assert key in blank


def test_json_follows_the_contract():
    result = runner.invoke(app, ["check", str(EXAMPLES / "ben.toml"), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["game"] == "personal-space" and data["winners"] == []
    (ben,) = data["players"]
    assert set(ben) == {"file", "player", "valid", "violations", "score", "day"}
    assert ben["valid"] is False and ben["day"] == "friday"
    assert [v["rule"] for v in ben["violations"]] == [
        "work.day",
        "exercise.shape",
        "internet.distance",
        "money.end",
    ]
    assert all(set(v) == {"rule", "where", "message"} for v in ben["violations"])


def test_exit_statuses():
    assert runner.invoke(app, ["check", str(EXAMPLES / "ann.toml")]).exit_code == 0
    assert runner.invoke(app, ["check", str(EXAMPLES / "ben.toml")]).exit_code == 1
    assert runner.invoke(app, ["check", str(EXAMPLES / "typo.toml")]).exit_code == 2


def test_sheets_of_two_games_are_refused_together():
    sky = ROOT / "examples" / "my-corner-of-the-sky" / "ben.toml"
    result = runner.invoke(app, ["check", str(EXAMPLES / "ann.toml"), str(sky)])
    assert result.exit_code == 2 and "must be of one game" in result.stderr


def test_the_docs_show_real_output(monkeypatch):
    """Every `$ sheetsmith check ...` in the doc prints exactly what the doc shows."""
    doc = (ROOT / "docs" / "personal-space-sheet.md").read_text()
    monkeypatch.chdir(EXAMPLES)
    blocks = re.findall(r"```console\n(.*?)```", doc, re.S)
    shown = 0
    for block in blocks:
        for command, output in re.findall(
            r"^\$ (sheetsmith check [\w. -]+\.toml)\n(.*?)(?=^\$ |\Z)", block, re.S | re.M
        ):
            result = runner.invoke(app, shlex.split(command)[1:])
            assert (result.stdout + result.stderr).rstrip() == output.rstrip(), command
            shown += 1
    assert shown == 3


# -- bad input never gives a traceback -------------------------------------------------

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BEN = (SHEETS / "space-ben-unmapped.toml").read_text()


def checked(raw: bytes) -> None:
    try:
        report = check_text(raw, "fuzz.toml")
    except SheetError as exc:
        assert exc.problems and all(p.file == "fuzz.toml" and p.message for p in exc.problems)
    else:
        for player in report.players:
            assert all(v.rule in RULES and v.where and v.message for v in player.violations)


@FUZZ
@given(
    st.sampled_from([TUESDAY, BEN, blank_sheet("personal-space")]),
    st.lists(
        st.tuples(
            st.integers(0, 5000),
            st.integers(0, 2),
            st.sampled_from([*list('MWRXPEIN_/.0123456789 \n"=[]{},'), "M1", "W9", "XP1"]),
        ),
        min_size=1,
        max_size=8,
    ),
)
def test_mangled_days(text, edits):
    for position, kind, chars in edits:
        at = position % (len(text) + 1)
        if kind == 0:
            text = text[:at] + text[at + 1 :]
        elif kind == 1:
            text = text[:at] + chars + text[at:]
        else:
            text = text[:at] + chars + text[at + 1 :]
    checked(text.encode("utf-8", "surrogatepass"))


GRID_TOKENS = st.sampled_from(
    [
        ".",
        "M1",
        "M1_",
        "M2",
        "W3",
        "XP1",
        "X1",
        "EX4",
        "R5",
        "I6",
        "N2/M1",
        "TR7",
        "SH8",
        "RV9",
        "Q1",
        "M0",
        "M99",
    ]
)
ENTRY = st.fixed_dictionaries(
    {"code": st.sampled_from(["M", "W", "EX", "I", "R", "N", "TR", "SH", "RV", "SG", "E", "Z"])},
    optional={
        "path": st.text(alphabet="UDLR ", max_size=8),
        "to": st.sampled_from(["home", "pond", "tower", "", "marga"]),
        "run": st.integers(0, 8),
        "explore": st.lists(st.lists(st.integers(1, 6), min_size=2, max_size=2), max_size=3),
        "distance": st.integers(0, 6),
        "money": st.integers(-12, 12),
        "neighbor": st.sampled_from(["marga", "bo", "pip"]),
        "speed": st.integers(-3, 3),
    },
)


def toml_entry(entry: dict) -> str:
    def value(v):
        return (
            json.dumps(v) if not isinstance(v, list) else "[" + ", ".join(value(x) for x in v) + "]"
        )

    return "[[log]]\n" + "\n".join(f"{k} = {value(v)}" for k, v in entry.items())


@FUZZ
@given(
    st.lists(st.lists(GRID_TOKENS, min_size=6, max_size=6), min_size=6, max_size=6),
    st.lists(ENTRY, max_size=10),
    st.sampled_from(["sunday", "tuesday", "friday"]),
    st.sampled_from(["", "courier", "diner-cook"]),
)
def test_random_days_are_checked_or_refused(grid, log, day, job):
    text = "\n".join(
        [
            'game = "personal-space"',
            f'day = "{day}"',
            f'job = "{job}"',
            "start = { speed = 3, energy = 3, mood = 4, money = 5 }",
            "end = { speed = 3, energy = 3, mood = 4, money = 5 }",
            'grid = """',
            *[" ".join(row) for row in grid],
            '"""',
            *[toml_entry(e) for e in log],
        ]
    )
    checked(text.encode())
