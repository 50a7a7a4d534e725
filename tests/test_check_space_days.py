"""Personal Space: several days of one player checked together. Yesterday's Exercise is
today's carry-over, and a day starts where the day before ended; which sheet is "yesterday"
follows the order the sheets are given in."""

from __future__ import annotations

from sheetsmith.check import check_documents
from sheetsmith.toml.document import parse_toml_bytes

EMPTY = ". . . . . .\n" * 5


def day(
    name: str,
    *,
    player: str = "Dee",
    flag: bool = False,
    start: str = "speed = 3, energy = 3, mood = 4, money = 5",
    end: str = "",
    exercise: bool = False,
    move: str = "",
) -> str:
    """A day at home: an Exercise (after an H fills the grid but an L of four squares that
    completes row 1 and column 6), or a move (`move` its path, drawn on row 1), or nothing."""
    if exercise:
        full = "H1 H1 H1 H1 H1 H1\n" * 4
        grid = full + "H1 H1 H1 H1 H1 EX2\nH1 H1 H1 EX2 EX2 EX2"
        log = '[[log]]\ncode = "H"\n\n[[log]]\ncode = "EX"\n'
    elif move:
        squares = " ".join(["M1"] * (len(move.split()) + 1))
        grid = EMPTY + (squares + " ." * (6 - len(move.split()) - 1))
        log = f'[[log]]\ncode = "M"\npath = "{move}"\n'
    else:
        grid, log = EMPTY + ". . . . . .", ""
    return (
        f'game = "personal-space"\nplayer = "{player}"\nday = "{name}"\n'
        f"exercised_yesterday = {str(flag).lower()}\n"
        f'start = {{ {start}, at = "home" }}\nend = {{ {end or start} }}\n'
        f'grid = """\n{grid}\n"""\n\n{log}'
    )


def rules(*days: str) -> list[list[str]]:
    docs = [parse_toml_bytes(text.encode(), f"d{i}.toml") for i, text in enumerate(days)]
    return [[v.rule for v in p.violations] for p in check_documents(docs).players]


def test_the_days_fixture_keeps_every_rule():
    assert rules(day("monday", exercise=True), day("tuesday", flag=True)) == [[], []]


def test_a_day_starts_with_what_the_day_before_ended_with():
    monday = day("monday", start="speed = 3, energy = 3, mood = 4, money = 9")
    kept = day("tuesday", start="speed = 3, energy = 3, mood = 4, money = 9")
    assert rules(monday, kept) == [[], []]
    richer = day("tuesday", start="speed = 6, energy = 3, mood = 4, money = 50")
    docs = [
        parse_toml_bytes(t.encode(), f"{n}.toml") for n, t in (("mon", monday), ("tue", richer))
    ]
    (v,) = check_documents(docs).players[1].violations
    assert (v.rule, v.where) == ("day.carryover", "start")
    assert v.message.startswith("starts with speed 6, money $50, but mon.toml (Monday) ended")
    assert "speed 3, money $9" in v.message


def test_sunday_follows_only_a_saturday_given_before_it():
    # one week, Sunday first: the Saturday with an Exercise is six days later
    week = [day("sunday"), day("monday"), day("saturday", exercise=True)]
    assert rules(*week) == [[], [], []]
    # a Saturday given first is the day before that Sunday
    assert rules(day("saturday", exercise=True), day("sunday")) == [[], ["exercise.carryover"]]


def test_two_weeks_each_day_follows_its_own_week():
    weeks = [
        day("monday", exercise=True),
        day("tuesday", flag=True),
        day("monday"),
        day("tuesday", flag=False),
    ]
    assert rules(*weeks) == [[], [], [], []]


def test_one_week_given_in_any_order():
    assert rules(day("tuesday", flag=True), day("monday", exercise=True)) == [[], []]
    assert rules(day("tuesday"), day("monday", exercise=True)) == [["exercise.carryover"], []]


def test_a_player_is_the_same_in_any_case():
    monday = day("monday", player="Fay", exercise=True)
    assert rules(monday, day("tuesday", player="fay")) == [[], ["exercise.carryover"]]
    assert rules(monday, day("tuesday", player="Gus")) == [[], []]


def test_a_flag_typed_true_without_an_exercise_is_one_mistake():
    # the move is one step over Speed 3, as the flag would allow: only the flag is reported
    tuesday = day("tuesday", flag=True, move="R R R R")
    assert rules(day("monday"), tuesday) == [[], ["exercise.carryover"]]
    # the same flag typed false after an Exercise: one report too
    wednesday = day("wednesday", flag=False, move="R R R R")
    assert rules(day("tuesday", exercise=True), wednesday) == [[], ["exercise.carryover"]]


def test_days_named_only_by_their_files_are_one_players():
    """Player left empty: the file's name, without the day a player names a day's file by
    ("maddy-mon.toml", "maddy-tuesday.toml": Maddy's days, checked together)."""
    monday = day("monday", player="", exercise=True)
    tuesday = day("tuesday", player="")  # the flag left false: yesterday had an Exercise
    docs = [
        parse_toml_bytes(monday.encode(), "maddy-mon.toml"),
        parse_toml_bytes(tuesday.encode(), "maddy-tuesday.toml"),
    ]
    report = check_documents(docs)
    assert [p.player for p in report.players] == ["maddy", "maddy"]
    assert [v.rule for v in report.players[1].violations] == ["exercise.carryover"]
    # a name that is only a day stays the name
    docs = [parse_toml_bytes(monday.encode(), "thursday.toml")]
    assert check_documents(docs).players[0].player == "thursday"


def test_a_day_is_not_part_of_a_name():
    from sheetsmith.naming import without_day

    cases = {
        "maddy-thu": "maddy",
        "maddy_tuesday": "maddy",
        "Maddy Sat": "Maddy",
        "maddy-thurs": "maddy",
        "maddy.wed": "maddy",
        "ann": "ann",
        "monday-notes": "monday-notes",
        "maddythu": "maddythu",
        "sunday": "sunday",
    }
    assert {name: without_day(name) for name in cases} == cases
