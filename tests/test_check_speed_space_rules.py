"""Personal Space's rule code, made faster (issue 17), gives what the longer way gave: each
shortcut is held to the computation it stands in for, on the example days and on copies
of them with typos (squares renumbered or recoded, amounts changed, entries dropped)."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetsmith.check import check_text
from sheetsmith.check.polyomino import path_cells, same_shape
from sheetsmith.definition import load
from sheetsmith.errors import SheetError
from sheetsmith.games.space import (
    grid_rules,
    numbering,
    readings,
    sheet_grid,
    sheet_places,
    tracker_rules,
    verdict,
)
from sheetsmith.games.space.sheet import TOP_KEYS, Mark
from sheetsmith.games.space.typed_day import Day, Reading
from sheetsmith.toml import lenient
from sheetsmith.toml.document import TomlDocument
from sheetsmith.toml.node import Context

DAYS = sorted(
    [*Path("examples/personal-space").glob("*.toml"), *Path("tests/sheets").glob("space-*.toml")]
)
CODES = ["M", "R", "W", "N", "TR", "I", "SG", "TF", "E", "EX", "XP", "X", "B", "S", "Q"]


def _typo(text: str, rng: random.Random) -> str:
    """One to three slips a table makes typing a sheet."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        marks = re.findall(r"[A-Z]{1,2}\d+_?", lines[i])
        amounts = re.search(r"= -?\d+", lines[i])
        if marks:
            mark = re.match(r"([A-Z]+)(\d+)(_?)", rng.choice(marks))
            assert mark is not None
            if rng.random() < 0.5:
                new = f"{mark[1]}{max(0, int(mark[2]) + rng.choice([-2, -1, 1, 2]))}{mark[3]}"
            else:
                new = f"{rng.choice(CODES)}{mark[2]}{mark[3]}"
            lines[i] = lines[i].replace(mark[0], new, 1)
        elif amounts:
            amount = int(amounts[0][2:]) + rng.choice([-2, -1, 1, 2])
            lines[i] = lines[i].replace(amounts[0], f"= {amount}", 1)
        elif lines[i].startswith("[[log]]"):
            end = i + 1
            while end < len(lines) and lines[end].strip() and "[[log]]" not in lines[end]:
                end += 1
            del lines[i:end]
    return "\n".join(lines)


def days_with_typos(count: int = 60) -> list[tuple[str, bytes]]:
    rng = random.Random(17)
    texts = [(day.name, day.read_text()) for day in DAYS]
    out = [(name, text.encode()) for name, text in texts]
    for n in range(count):
        name, text = texts[n % len(texts)]
        out.append((f"{n}-{name}", _typo(text, rng).encode()))
    return out


def _outcome(raw: bytes, name: str) -> object:
    try:
        return repr(check_text(raw, name))
    except SheetError as refused:
        return [(str(p), p.line) for p in refused.problems]


def _slow_candidates(day: Day, key: tuple[tuple[int, int], int]) -> list[Reading]:
    """readings._candidates as it was, with `Day.role` asked of every entry."""
    mark = day.marks[key]
    out = []
    entry = day.by_number.get(mark.entry)
    if entry is not None:
        roles = (
            ("own", "explored", "crossed") if day.role(day.explore_codes[0], entry) else ("own",)
        )
        out += [Reading(entry.number, role) for role in roles]
    for other in day.entries:
        role = day.role(mark.code, other)
        if other.number != mark.entry and role is not None:
            out.append(Reading(other.number, role))
    return [r for r in out if r != day.reading[key]]


def _slow_completes(cells: list[tuple[int, int]], day: Day, number: int) -> tuple[bool, bool]:
    full, size = day.full_by(number), day.size
    rows, columns = {y for _, y in cells}, {x for x, _ in cells}
    row_done = any(all((x, y) in full for x in range(1, size + 1)) for y in rows)
    column_done = any(all((x, y) in full for y in range(1, size + 1)) for x in columns)
    return row_done, column_done


def _slow_grid(game: object, sheet: object) -> numbering._Grid:
    move, explore = numbering._move_codes(game)  # type: ignore[arg-type]
    codes: dict[int, Counter[str]] = {}
    cells: dict[int, list[tuple[int, int]]] = {}
    for cell, marks in sheet.squares:  # type: ignore[attr-defined]
        for mark in marks:
            if mark.entry >= 1:
                code = move if mark.code in explore else mark.code
                codes.setdefault(mark.entry, Counter())[code] += 1
                cells.setdefault(mark.entry, []).append(cell)
    length = max([len(sheet.log), *codes])  # type: ignore[attr-defined]
    return numbering._Grid(codes, cells, length)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "raw"), days_with_typos(), ids=lambda v: str(v)[:24])
def test_each_shortcut_reports_what_the_longer_way_reports(
    monkeypatch: pytest.MonkeyPatch, name: str, raw: bytes
):
    fast = _outcome(raw, name)
    monkeypatch.setattr(grid_rules, "_turned", lambda cells, box, drawn: same_shape(cells, drawn))
    monkeypatch.setattr(grid_rules, "_completes", _slow_completes)
    monkeypatch.setattr(readings, "_candidates", _slow_candidates)
    monkeypatch.setattr(numbering, "_grid", _slow_grid)
    monkeypatch.setattr(numbering, "_in_step", _slow_in_step)
    # every square matched one by one, as if no spelling were usual
    usual = sheet_grid._codes
    monkeypatch.setattr(sheet_grid, "_codes", lambda game: usual(game)._replace(usual={}))
    # count_rule asked of every entry; the summary in four passes; pockets always counted
    everything = frozenset(a.id for a in load("personal-space").actions)
    monkeypatch.setattr(verdict, "counted", lambda game: everything)
    monkeypatch.setattr(verdict, "_summary", _slow_summary)
    monkeypatch.setattr(tracker_rules, "_pockets", _slow_pockets)
    assert _outcome(raw, name) == fast


def _slow_in_step(game: object, log: object, grid: object) -> bool:
    """numbering._in_step as it was: `_fits` asked of each entry."""
    return grid.length == len(log) and all(  # type: ignore[attr-defined, arg-type]
        entry.number == entry.typed == index
        and numbering._fits(game, entry, grid.codes.get(index, {}))  # type: ignore[attr-defined, arg-type]
        for index, entry in enumerate(log, start=1)  # type: ignore[call-overload]
    )


def _slow_summary(game: object, sheet: object) -> dict[str, int]:
    log = sheet.log  # type: ignore[attr-defined]
    moves = [e for e in log if e.action == "move"]
    return {
        "entries": len(log),
        "squares_used": len(sheet.squares),  # type: ignore[attr-defined]
        "moves": len(moves),
        "spaces_moved": sum(len(e.path) + e.run for e in moves),
        "money_earned": sum(e.money for e in log if e.money > 0),
        "money_spent": -sum(e.money for e in log if e.money < 0),
    }


def _slow_pockets(day: Day) -> list:
    """tracker_rules._pockets as it was: the kinds always counted first."""
    if len(tracker_rules.pocketed(day.sheet.pockets)) <= day.game.sheet.pockets:
        return []
    return _REAL_POCKETS(day)  # past its shortcut: the rule itself


_REAL_POCKETS = tracker_rules._pockets


def test_every_usual_square_reads_as_its_match_reads_it():
    game = load("personal-space")
    codes = sheet_grid._codes(game)
    assert codes.usual  # the table is made
    for token, marks in codes.usual.items():
        found = sheet_grid._TOKEN.match(token)
        assert found is not None
        code = found[1].upper()
        assert code in codes.known_set and (not found[3] or code == codes.move)
        assert marks == (Mark(code, int(found[2]), bool(found[3])),)
    for code in codes.known:  # and every usual spelling is in it
        for number in range(sheet_grid.USUAL_NUMBERS):
            assert f"{code}{number}" in codes.usual
    assert f"{codes.move}7_" in codes.usual and "XP7_" not in codes.usual


@pytest.mark.parametrize(
    ("key", "values"),
    [
        ("player", ["Ann", "  Ann  ", "", "   ", 7, ["Ann"], True]),
        ("day", ["friday", "Friday", " friday", "fri", "", 3]),
        ("job", ["courier", " courier ", "Courier", "courrier", "", 5]),
        ("pockets", [["coral"], [" coral ", ""], [], ["a", 3], "coral", [["x"]]]),
        ("exercised_yesterday", [True, False, "yes", 1, 0]),
    ],
)
def test_top_values_read_without_a_node_read_as_their_node_reads_them(key: str, values: list):
    import tomllib

    from sheetsmith.games.space.sheet import parse_sheet

    game = load("personal-space")
    text = Path("examples/personal-space/ann.toml").read_text()
    for value in [*values, None]:
        data = tomllib.loads(text)
        if value is None:
            del data[key]
        else:
            data[key] = value
        doc = TomlDocument("x.toml", data, text)
        ctx = Context(doc)
        sheet = parse_sheet(ctx.root(), game, "x.toml")
        problems = [(p.key, p.message) for p in ctx.problems]
        slow_ctx = Context(doc)
        root = slow_ctx.root()
        root.only(*TOP_KEYS)
        player = (root["player"].str("") or "").strip() or "x"
        day = lenient.choice(root["day"], game.sheet.days) or game.sheet.days[0]
        typed_job = (root["job"].str("") or "").strip()
        pockets = tuple(p.strip() for p in root["pockets"].str_list(()) if p.strip())
        flag = bool(root["exercised_yesterday"].bool(False))
        assert (sheet.player, sheet.day, sheet.pockets, sheet.exercised_yesterday) == (
            player,
            day,
            pockets,
            flag,
        )
        jobs = tuple(j.id for j in game.jobs)
        job = (lenient.pick(typed_job, jobs) or "") if typed_job else ""
        assert sheet.job == job
        unknown = [p for p in problems if p[1].startswith("unknown job")]
        assert len(unknown) == (1 if typed_job and not job else 0)
        problems = [p for p in problems if p not in unknown]
        slow = [(p.key, p.message) for p in slow_ctx.problems]
        assert [p for p in problems if p[0].split(".")[0] == key] == [
            p for p in slow if p[0].split(".")[0] == key
        ]


steps = st.text("UDLR", min_size=1, max_size=7)
squares = st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), max_size=8)
TURNS = [lambda x, y: (x, y), lambda x, y: (y, -x), lambda x, y: (-x, -y), lambda x, y: (-y, x)]


@settings(max_examples=400, deadline=None)
@given(steps, squares)
def test_a_path_is_matched_as_same_shape_matches_it(path: str, drawn: list):
    cells = grid_rules._path(path)
    assert cells == list(path_cells((0, 0), path))
    assert _turned(cells, drawn) == same_shape(cells, drawn)


@settings(max_examples=600, deadline=None)
@given(steps, st.sampled_from(TURNS), st.booleans(), st.integers(0, 6), st.integers(-1, 1))
def test_a_path_turned_or_turned_and_nudged_is_matched_as_same_shape_matches_it(
    path: str, turn, mirror: bool, which: int, nudge: int
):
    """The drawn squares nearly the path: turned, perhaps mirrored, one square moved."""
    cells = grid_rules._path(path)
    drawn = [turn(-x if mirror else x, y) for x, y in cells]
    if nudge:
        x, y = drawn[which % len(drawn)]
        drawn[which % len(drawn)] = (x + nudge, y)
    drawn = [(x + 7, y + 7) for x, y in drawn]
    assert _turned(cells, drawn) == same_shape(cells, drawn)


def _turned(cells: list[tuple[int, int]], drawn: list[tuple[int, int]]) -> bool:
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return grid_rules._turned(cells, (min(xs), max(xs), min(ys), max(ys)), drawn)


def _days(count: int) -> list[tuple[object, object]]:
    """(sheet, day) of each day with typos that is read."""
    game = load("personal-space")
    out = []
    for name, raw in days_with_typos(count):
        try:
            check_text(raw, name)
        except SheetError:
            continue
        sheet = _sheet(raw, name)
        out.append((sheet, Day(game, sheet, numbering.number_log(game, sheet).entries)))
    return out


def test_a_marks_readings_are_those_role_gives():
    for _, day in _days(60):
        for key in list(day.marks):  # type: ignore[attr-defined]
            assert readings._candidates(day, key) == _slow_candidates(day, key)  # type: ignore[arg-type]
        # and a mark of any code and number, typed nowhere on the day: every branch of role
        for code in ("X", "XP", *CODES):
            for number in range(0, 15):
                key = ((9, 9), number)
                day.marks[key] = Mark(code, number)  # type: ignore[attr-defined]
                day.reading[key] = day.read(day.marks[key])  # type: ignore[attr-defined]
                assert readings._candidates(day, key) == _slow_candidates(day, key)  # type: ignore[arg-type]


def test_lines_completed_are_those_full_by_gives():
    for _, day in _days(40):
        cells = [(x, y) for x in range(1, 7) for y in range(1, 7)]
        for number in range(0, 15):
            for k in range(0, 36, 5):
                some = cells[k : k + 4]
                assert grid_rules._completes(some, day, number) == _slow_completes(
                    some, day, number
                )  # type: ignore[arg-type]


def test_a_grid_is_counted_as_a_counter_counts_it():
    game = load("personal-space")
    for sheet, _ in _days(60):
        fast, slow = numbering._grid(game, sheet), _slow_grid(game, sheet)  # type: ignore[arg-type]
        assert fast == slow
        for number, codes in fast.codes.items():
            assert list(codes) == list(slow.codes[number])  # the same order: ties alike


def test_a_day_reads_each_mark_as_read_does():
    for sheet, day in _days(30):
        for cell, marks in sheet.squares:
            assert day.held[cell] == len(marks)
            assert day.when[cell] == min(m.entry for m in marks)
            for index, mark in enumerate(marks):
                assert day.reading[cell, index] == day.natural[cell, index] == day.read(mark)
        for number in day.by_number:
            want = [
                c for c, marks in sheet.squares for m in marks if day.read(m) == (number, "own")
            ]
            assert day.own[number] == want
            underlined = sum(
                m.underlined
                for _, marks in sheet.squares
                for m in marks
                if day.read(m) == (number, "own")
            )
            assert day.underlined[number] == underlined


def _sheet(raw: bytes, name: str) -> object:
    import tomllib

    from sheetsmith.games.space.sheet import parse_sheet

    doc = TomlDocument(name, tomllib.loads(raw.decode()), raw.decode())
    return parse_sheet(Context(doc).root(), load("personal-space"), name)


@pytest.mark.parametrize("with_planet", [False, True])
def test_a_place_spelled_as_defined_is_read_as_lenient_choice_reads_it(with_planet: bool):
    game = load("personal-space")
    planet = game.planets[0] if with_planet else None
    choices = sheet_places.places_of(game, planet)
    doc = TomlDocument("x.toml", {"to": ""}, "")
    for typed in (*choices, "Pond", " home ", "hme", "the pond"):
        doc.data["to"] = typed
        fast = sheet_places.read_to(Context(doc).root()["to"], game, planet)
        if typed in choices and not sheet_places.spot_of(typed):
            assert fast == (lenient.choice(Context(doc).root()["to"], choices, "") or "")


def test_the_problems_swap_alike_hands_on_are_the_days_own():
    for _, day in _days(60):
        found, _, pairs, problems = readings.swap_alike(day)  # type: ignore[arg-type]
        if pairs:
            assert problems is None
        else:
            assert found is day
            assert problems == readings._problems(day)  # type: ignore[arg-type]
