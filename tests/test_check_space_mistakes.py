"""Personal Space: one typing mistake, one report.

Each kind of single mistake a player makes typing a daily sheet is injected into whole valid
days (Ann's example and two more below, at several places each). The check must report it
exactly once (a swapped pair once per entry, as both entries are wrong), naming the entry or
the square of the mistake, and carry on from what the player most likely did. Two mistakes
are still two reports: carrying on never hides a second real one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from sheetsmith.check import check_text
from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.checker import RULES

ROOT = Path(__file__).resolve().parent.parent
ANN = (ROOT / "tests" / "sheets" / "space-ann-unmapped.toml").read_text()

# Dee's Sunday: librarian (5 W in one line), a found explore, Bo's trade, the zoo, a run.
DEE = '''
game = "personal-space"
player = "Dee"
day = "sunday"
job = "librarian"
exercised_yesterday = false

start = { speed = 3, energy = 2, mood = 5, money = 8, at = "home" }
end = { speed = 2, energy = 3, mood = 5, money = 9 }
pockets = ["wood", "fish"]

grid = """
.    .    .    .    .    XP1
M8   M11  M11  M13  .    .
M8   M8   M8   M13  .    .
M4   M4   Z12  RV10 RA14 M1
N5   M4   TR6  SH9  R2   M1
W3   W3   W3   W3   W3   M1
"""

[[log]]
code = "M"
path = "U U"
to = "tree"
explore = [[6, 6]]

[[log]]
code = "R"

[[log]]
code = "W"
money = 5

[[log]]
code = "M"
path = "R D"
emerge = { neighbor = "bo", space = [1, 0], roll = 5 }

[[log]]
code = "N"
neighbor = "bo"
answer = "friends"

[[log]]
code = "TR"
neighbor = "bo"

[[log]]
code = "E"

[[log]]
code = "M"
path = "L L U"
to = "theater"

[[log]]
code = "SH"
money = -2

[[log]]
code = "RV"

[[log]]
code = "M"
path = "L"
to = "zoo"
explore = [[2, 5]]

[[log]]
code = "Z"
money = -2

[[log]]
code = "M"
path = "D"
to = "home"
run = 1

[[log]]
code = "RA"
'''

# Eli's Friday: diner cook (4 connected W), the day after an Exercise, a TRAIN square, the
# tower, a bad mood, a reversed explore square, Exercise completing row 1 and column 1.
ELI = '''
game = "personal-space"
player = "Eli"
day = "friday"
job = "diner-cook"
exercised_yesterday = true

start = { speed = 2, energy = 4, mood = 3, money = 20, at = "home" }
end = { speed = 4, energy = 3, mood = 3, money = 23 }
pockets = ["fish"]

grid = """
M1   M1   M1   M1_  I2   SG3
W4   W4   M5   .    N8   M7
W4   W4   M5   M5   B9   M7
EX14 .    .    .    R6   U10
EX14 .    .    .    TF12 J13
EX14 EX14 M11  M11  M11  XP5
"""

[[log]]
code = "M"
path = "R R R"
to = "tower"

[[log]]
code = "I"
distance = 0

[[log]]
code = "SG"

[[log]]
code = "W"
money = 7

[[log]]
code = "M"
path = "D L"
to = "pond"
explore = [[1, 6]]

[[log]]
code = "R"

[[log]]
code = "M"
path = "U"
emerge = { neighbor = "juniper", space = [0, 1], roll = 2 }

[[log]]
code = "N"
neighbor = "juniper"
answer = "not-friends"

[[log]]
code = "B"
money = -3

[[log]]
code = "U"
speed = 1

[[log]]
code = "M"
path = "L L"
to = "home"

[[log]]
code = "TF"

[[log]]
code = "J"
money = -1

[[log]]
code = "EX"
'''

DAYS = {"ann": ANN, "dee": DEE, "eli": ELI}
Cell = tuple[int, int]


# -- typing one mistake into a day -------------------------------------------------------


def _split(text: str) -> tuple[str, list[str]]:
    parts = re.split(r"(?m)^\[\[log\]\].*\n", text)
    return parts[0], parts[1:]


def _join(head: str, blocks: list[str]) -> str:
    return head + "".join(f"[[log]]\n{b.rstrip()}\n\n" for b in blocks)


def _grid(text: str) -> tuple[int, list[list[str]]]:
    lines = text.split("\n")
    start = lines.index('grid = """') + 1
    return start, [lines[start + i].split() for i in range(6)]


def square(text: str, cell: Cell) -> str:
    x, y = cell
    return _grid(text)[1][6 - y][x - 1]


def _set_square(text: str, cell: Cell, token: str) -> str:
    lines = text.split("\n")
    start, grid = _grid(text)
    x, y = cell
    grid[6 - y][x - 1] = token
    for i, row in enumerate(grid):
        lines[start + i] = " ".join(f"{t:<4}" for t in row).rstrip()
    return "\n".join(lines)


def recode(cell: Cell, code: str) -> Callable[[str], str]:
    """A wrong letter code on a grid square (its log number kept)."""
    return lambda t: _set_square(t, cell, re.sub(r"^[A-Z]+", code, square(t, cell)))


def renumber(cell: Cell, number: int) -> Callable[[str], str]:
    """A wrong log number on a grid square (its code kept)."""
    return lambda t: _set_square(t, cell, re.sub(r"[0-9]+", str(number), square(t, cell)))


def set_key(n: int, key: str, value: str) -> Callable[[str], str]:
    """Entry n's `key` typed as `value` (a TOML value)."""

    def inject(text: str) -> str:
        head, blocks = _split(text)
        lines = [line for line in blocks[n - 1].rstrip().split("\n") if not line.startswith(key)]
        blocks[n - 1] = "\n".join([*lines, f"{key} = {value}"])
        return _join(head, blocks)

    return inject


def drop(n: int) -> Callable[[str], str]:
    """Log entry n left out."""

    def inject(text: str) -> str:
        head, blocks = _split(text)
        del blocks[n - 1]
        return _join(head, blocks)

    return inject


def swap(n: int, m: int) -> Callable[[str], str]:
    """Log entries n and m typed in each other's place."""

    def inject(text: str) -> str:
        head, blocks = _split(text)
        blocks[n - 1], blocks[m - 1] = blocks[m - 1], blocks[n - 1]
        return _join(head, blocks)

    return inject


def twice(n: int) -> Callable[[str], str]:
    """Log entry n typed twice: the extra one is entry n + 1."""

    def inject(text: str) -> str:
        head, blocks = _split(text)
        blocks.insert(n, blocks[n - 1])
        return _join(head, blocks)

    return inject


def tracker(side: str, name: str, value: int) -> Callable[[str], str]:
    """`start.name` or `end.name` typed as `value`."""
    pattern = rf"(?m)^({side} = {{.*?\b{name} = )-?\d+"
    return lambda t: re.sub(pattern, rf"\g<1>{value}", t, count=1)


def replace(old: str, new: str) -> Callable[[str], str]:
    def inject(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return inject


def violations(text: str) -> tuple[Violation, ...]:
    return check_text(text.encode(), "day.toml").players[0].violations


# -- each kind of single mistake, at several places of three days -------------------------


class Mistake(NamedTuple):
    day: str
    kind: str
    inject: Callable[[str], str]
    where: tuple[str, ...]  # what each report names, in its `where` (or message: see below)


def M(day: str, kind: str, inject: Callable[[str], str], *where: str) -> Mistake:
    return Mistake(day, kind, inject, where)


MISTAKES = [
    # a wrong letter code on a grid square
    M("ann", "code", recode((2, 4), "R"), "square (2,4)"),  # one of three W
    M("ann", "code", recode((3, 6), "W"), "square (3,6)"),  # the end of a move
    M("ann", "code", recode((5, 5), "M"), "square (5,5)"),  # an Internet square
    M("ann", "code", recode((4, 5), "N"), "square (4,5)"),  # a one-square action
    M("dee", "code", recode((1, 4), "W"), "square (1,4)"),
    M("dee", "code", recode((3, 3), "SH"), "square (3,3)"),
    M("eli", "code", recode((1, 2), "W"), "square (1,2)"),  # an Exercise square
    M("eli", "code", recode((6, 1), "M"), "square (6,1)"),  # an explore miss typed M
    # a wrong log number on a square
    M("ann", "number", renumber((3, 4), 4), "square (3,4)"),
    M("ann", "number", renumber((2, 6), 4), "square (2,6)"),  # M1 typed M4: both moves
    M("ann", "number", renumber((5, 1), 4), "square (5,1)"),  # an explore square
    M("ann", "number", renumber((3, 4), 17), "square (3,4)"),  # past the log's end
    M("dee", "number", renumber((2, 5), 13), "square (2,5)"),
    M("dee", "number", renumber((4, 2), 10), "square (4,2)"),
    M("eli", "number", renumber((1, 1), 4), "square (1,1)"),
    M("eli", "number", renumber((5, 6), 3), "square (5,6)"),
    # a path step typed wrong: not the shape drawn, or one step too many
    M("ann", "path", set_key(1, "path", '"R U"'), "log 1 (M)"),
    M("ann", "path", set_key(7, "path", '"R R R R"'), "log 7 (M)"),  # also past Speed
    M("dee", "path", set_key(8, "path", '"L L U U"'), "log 8 (M)"),
    M("dee", "path", set_key(4, "path", '"R R"'), "log 4 (M)"),
    M("eli", "path", set_key(1, "path", '"R R R R"'), "log 1 (M)"),
    M("eli", "path", set_key(7, "path", '"U U"'), "log 7 (M)"),
    # a log entry left out
    M("ann", "missing", drop(1), "log 1 (M)"),
    M("ann", "missing", drop(5), "log 5 (N)"),  # Marga emerged for it
    M("ann", "missing", drop(13), "log 13"),  # Eat: no square to name it
    M("ann", "missing", drop(16), "log 16 (EX)"),  # the last one
    M("dee", "missing", drop(3), "log 3 (W)"),  # the pay with it
    M("dee", "missing", drop(4), "log 4 (M)"),  # the move Bo emerged at
    M("eli", "missing", drop(5), "log 5 (M)"),  # the move to the pond
    M("eli", "missing", drop(10), "log 10 (U)"),  # Speed +1 with it
    # two log entries swapped
    M("ann", "swap", swap(5, 6), "log 6 (TR, typed 5th)", "log 5 (N, typed 6th)"),
    M("ann", "swap", swap(13, 14), "log 14 (M, typed 13th)", "log 13 (E, typed 14th)"),
    M("ann", "swap", swap(2, 11), "log 11 (SH, typed 2nd)", "log 2 (R, typed 11th)"),
    M("ann", "swap", swap(1, 4), "log 4 (M, typed 1st)", "log 1 (M, typed 4th)"),  # two moves
    M("dee", "swap", swap(3, 4), "log 4 (M, typed 3rd)", "log 3 (W, typed 4th)"),
    M("dee", "swap", swap(9, 10), "log 10 (RV, typed 9th)", "log 9 (SH, typed 10th)"),
    M("eli", "swap", swap(7, 8), "log 8 (N, typed 7th)", "log 7 (M, typed 8th)"),
    M("eli", "swap", swap(5, 11), "log 11 (M, typed 5th)", "log 5 (M, typed 11th)"),
    # an extra log entry (typed twice)
    M("ann", "extra", twice(3), "log 4 (W)"),  # the pay counted twice
    M("ann", "extra", twice(8), "log 9 (I)"),
    M("ann", "extra", twice(16), "log 17 (EX)"),
    M("dee", "extra", twice(5), "log 6 (N)"),  # Bo met twice
    M("dee", "extra", twice(7), "log 8 (E)"),
    M("eli", "extra", twice(10), "log 11 (U)"),
    M("eli", "extra", twice(13), "log 14 (J)"),
    # a wrong coordinate: where a move ends, an explore roll, a neighbor's space
    M("ann", "coordinate", set_key(1, "to", '"home"'), "log 1 (M)"),
    M("ann", "coordinate", set_key(14, "to", '"zoo"'), "log 14 (M)"),
    M("ann", "coordinate", set_key(1, "explore", "[[5, 2]]"), "log 1 (M)"),
    M("ann", "coordinate", replace("space = [0, 1]", "space = [2, 2]"), "log 4 (M)"),
    M("dee", "coordinate", set_key(13, "to", '"zoo"'), "log 13 (M)"),
    M("dee", "coordinate", set_key(11, "explore", "[[3, 4]]"), "log 11 (M)"),
    M("eli", "coordinate", set_key(5, "to", '"tower"'), "log 5 (M)"),
    M("eli", "coordinate", set_key(5, "explore", "[[2, 3]]"), "log 5 (M)"),
    M("eli", "coordinate", replace("space = [0, 1]", "space = [0, 2]"), "log 7 (M)"),
    # a tracker value typed wrong
    M("ann", "tracker", tracker("end", "money", 15), "end.money"),
    M("ann", "tracker", tracker("start", "speed", 1), "start.speed"),  # moves past Speed
    M("ann", "tracker", tracker("start", "mood", 3), "start.mood"),  # 'friends' in a bad mood
    M("ann", "tracker", tracker("start", "energy", 0), "start.energy"),  # TRAIN without Energy
    M("ann", "tracker", set_key(11, "money", "-20"), "log 11 (SH)"),  # money below zero
    M("ann", "tracker", set_key(3, "money", "60"), "log 3 +60"),  # unpriced: named by the end
    M("dee", "tracker", tracker("start", "speed", 2), "start.speed"),
    M("dee", "tracker", tracker("end", "mood", 4), "end.mood"),
    M("dee", "tracker", set_key(9, "money", "-12"), "log 9 (SH)"),
    M("eli", "tracker", tracker("start", "speed", 1), "start.speed"),
    M("eli", "tracker", set_key(13, "money", "-2"), "log 13 (J)"),
    M("eli", "tracker", set_key(10, "speed", "2"), "log 10 +2"),
]
# A mistyped `to` or an unpriced amount shows where it is used (the Resource at the wrong
# place, the end's money): the report names the mistyped entry in its message.
IN_MESSAGE = {"coordinate", "tracker"}


@pytest.mark.parametrize("day", sorted(DAYS))
def test_the_days_follow_every_rule(day):
    assert violations(DAYS[day]) == ()


def test_every_kind_of_mistake_is_in_every_day():
    kinds = {"code", "number", "path", "missing", "swap", "extra", "coordinate", "tracker"}
    for day in DAYS:
        assert {m.kind for m in MISTAKES if m.day == day} == kinds, day


@pytest.mark.parametrize(
    "mistake", MISTAKES, ids=[f"{m.day}-{m.kind}-{i}" for i, m in enumerate(MISTAKES)]
)
def test_one_mistake_is_reported_once_where_it_is(mistake):
    text = mistake.inject(DAYS[mistake.day])
    assert text != DAYS[mistake.day]
    found = violations(text)
    assert len(found) == len(mistake.where), found
    for v, where in zip(sorted(found, key=lambda v: v.where), sorted(mistake.where), strict=True):
        named = v.where + (" " + v.message if mistake.kind in IN_MESSAGE else "")
        assert where in named, (where, v)
        assert v.rule in RULES


# -- every square, every entry -----------------------------------------------------------


def _squares(text: str) -> list[tuple[Cell, str]]:
    grid = _grid(text)[1]
    return [((x, 6 - r), grid[r][x - 1]) for r in range(6) for x in range(1, 7)]


def _sweep() -> list[tuple[str, str, Callable[[str], str], tuple[str, ...]]]:
    """Every drawn square with another code and a number off by one; every entry left out
    and typed twice; every two neighbors swapped."""
    cases = []
    for name, text in DAYS.items():
        entries = len(_split(text)[1])
        for cell, token in _squares(text):
            if token == ".":
                continue
            code = re.match(r"[A-Z]+", token)[0]
            number = int(re.search(r"[0-9]+", token)[0])
            other = "W" if code != "W" else "R"
            spot = f"({cell[0]},{cell[1]})"
            if not token.endswith("_"):  # only M is underlined: another code is refused
                cases.append((name, f"{token}{spot}->{other}", recode(cell, other), (spot,)))
            for typo in (number - 1, number + 1):
                cases.append((name, f"{token}{spot}->{typo}", renumber(cell, typo), (spot,)))
        for n in range(1, entries + 1):
            cases.append((name, f"drop {n}", drop(n), (f"log {n}",)))
            cases.append((name, f"twice {n}", twice(n), (f"log {n + 1} (",)))
        for n in range(1, entries):
            cases.append((name, f"swap {n}", swap(n, n + 1), (f"log {n + 1} (", f"log {n} (")))
    return cases


SWEEP = _sweep()


@pytest.mark.parametrize(("day", "label", "inject", "where"), SWEEP, ids=[c[1] for c in SWEEP])
def test_every_square_and_entry_typed_wrong_once(day, label, inject, where):
    found = violations(inject(DAYS[day]))
    assert len(found) == len(where), found
    for v, expected in zip(sorted(found, key=lambda v: v.where), sorted(where), strict=True):
        assert expected in v.where, (expected, v)


# -- two mistakes stay two reports --------------------------------------------------------

TWO = [
    ("ann", [recode((2, 4), "R"), drop(9)], ["square (2,4)", "log 9 (SG)"]),
    ("ann", [set_key(7, "path", '"R R R R"'), set_key(11, "money", "-3")], ["log 7", "log 11"]),
    ("ann", [renumber((2, 6), 4), tracker("end", "speed", 4)], ["square (2,6)", "end.speed"]),
    ("ann", [set_key(11, "money", "-3"), tracker("end", "money", 20)], ["log 11", "end.money"]),
    ("dee", [twice(3), tracker("start", "mood", 3)], ["log 4 (W)", "start.mood"]),
    ("dee", [set_key(1, "to", '"home"'), recode((3, 3), "SH")], ["log 2 (R)", "square (3,3)"]),
    ("eli", [swap(7, 8), renumber((1, 1), 4)], ["log 7", "log 8", "square (1,1)"]),
    ("eli", [drop(10), set_key(5, "explore", "[[2, 3]]")], ["log 10 (U)", "log 5 (M)"]),
]


@pytest.mark.parametrize(("day", "injects", "where"), TWO)
def test_a_second_mistake_is_still_reported(day, injects, where):
    text = DAYS[day]
    for inject in injects:
        text = inject(text)
    found = violations(text)
    assert len(found) == len(where), found
    for expected in where:
        assert any(expected in v.where for v in found), (expected, found)


# -- how the check carries on ----------------------------------------------------------------


def test_a_swapped_pair_is_checked_in_the_grid_order():
    # typed N then TR the other way round: no Trade-before-Neighbor, no missed Neighbor
    found = violations(swap(5, 6)(ANN))
    assert {v.rule for v in found} == {"log.order"}
    assert any("log 5 is typed with TR instead" in v.message for v in found)


def test_an_entry_left_out_is_given_the_benefit_of_the_doubt():
    # the move Marga emerged at is left out: the Neighbor after it is not doubted, and the
    # place after it is unknown; the pay of a left-out Work is what the end money says
    (v,) = violations(drop(4)(ANN))
    assert v.rule == "log.missing" and v.where == "log 4 (M), squares (5,6) (6,6) (6,5)"
    (v,) = violations(drop(3)(ANN))
    assert v.rule == "log.missing" and "W3 at (1,4) (2,4) (3,4)" in v.message


def test_an_entry_typed_twice_is_left_out_of_the_day():
    (v,) = violations(twice(3)(ANN))  # the pay would count twice
    assert v.rule == "log.extra" and v.where == "log 4 (W)"
    assert "numbered 4 on the grid" in v.message


def test_a_price_typed_wrong_carries_on_with_the_money_the_end_shows():
    # paid the card's $2 and typed $20: the money neither goes below zero nor misses the end
    (v,) = violations(set_key(11, "money", "-20")(ANN))
    assert v.rule == "show.price"
    # paid $3 and counted it: the end follows the log, only the price is wrong
    paid = tracker("end", "money", 13)(set_key(11, "money", "-3")(ANN))
    (v,) = violations(paid)
    assert v.rule == "show.price"


def test_a_start_typed_wrong_is_reported_at_the_start():
    (v,) = violations(tracker("start", "speed", 1)(ANN))
    assert v.rule == "tracker.end" and v.where == "start.speed"
    assert "the start is most likely 3" in v.message
    # with nothing else to tell, the start and the end disagree: reported at the end
    (v,) = violations(tracker("end", "speed", 4)(ANN))
    assert v.where == "end.speed" and "the start (3)" in v.message


def test_a_path_one_step_too_long_is_only_a_shape_mistake():
    (v,) = violations(set_key(7, "path", '"R R R R"')(ANN))
    assert v.rule == "move.shape"
    # drawn as long as typed: the move really was past Speed (3 for Dee's log 8)
    longer = set_key(8, "path", '"L L U U"')(DEE)
    assert [v.rule for v in violations(longer)] == ["move.shape"]
    (v,) = violations(_set_square(longer, (1, 6), "M8"))
    assert v.rule == "move.speed" and v.where == "log 8 (M)"


def test_a_move_to_the_wrong_place_is_reported_once_at_the_move():
    # two entries after the move need home: the move's `to` is the typo
    text = replace('code = "TF"', 'code = "TF"\n\n[[log]]\ncode = "RA"')(ANN)
    text = replace("M14  M14  TF15 .", "M14  M14  TF15 RA16")(text)
    text = re.sub(r"EX16", "EX17", text)
    assert violations(text) == ()
    (v,) = violations(set_key(14, "to", '"zoo"')(text))
    assert v.rule == "home.only" and v.where == "log 14 (M)"
    assert "log 15 (TF), log 16 (RA)" in v.message


def test_a_square_read_as_meant_says_how():
    (v,) = violations(renumber((3, 4), 4)(ANN))
    assert v.rule == "grid.unlogged" and v.where == "square (3,4)"
    assert v.message.startswith("W4: log entry 4 is M, not W") and "read as W3" in v.message


def test_a_log_left_untyped_is_one_problem_not_a_broken_rule():
    """A sheet read off a photo before its log is typed cannot be judged yet: one problem
    (exit 2), not a report per shape and every rule a day without actions breaks."""
    from sheetsmith.errors import SheetError

    head, blocks = _split(ANN)
    with pytest.raises(SheetError) as refused:
        check_text(head.encode())
    (problem,) = refused.value.problems
    assert problem.key == "log" and problem.message.startswith("required, the grid holds")
    # one entry typed: the squares of the others are each named, as rules broken
    assert len(violations(_join(head, blocks[:1]))) > 1


def test_an_emerge_without_its_space_says_it_is_required():
    from sheetsmith.errors import SheetError

    text = ANN.replace("space = [0, 1], roll = 6 }", "roll = 6 }")
    assert text != ANN
    with pytest.raises(SheetError) as refused:
        check_text(text.encode())
    (problem,) = refused.value.problems
    assert problem.key.endswith("emerge.space") and "object" not in problem.message
    assert problem.message.startswith("required, the space they stopped on as [dx, dy]")
