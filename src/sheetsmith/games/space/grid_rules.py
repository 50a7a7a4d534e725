"""Personal Space: the rules of the shapes on the grid: each square's code, each action's shape."""

from __future__ import annotations

from sheetsmith.check.per_game import per_game
from sheetsmith.check.polyomino import (
    connected,
    mirrored,
    normalise,
)
from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.sheet import Cell, Entry, Mark
from sheetsmith.games.space.typed_day import (
    CROSSED,
    EXPLORED,
    OWN,
    Day,
    MarkKey,
    Reading,
    coords,
    entry_where,
    plural,
)

# -- the grid and the log --------------------------------------------------------------


def grid_rules(day: Day) -> list[Violation]:
    out = []
    for cell, marks in day.sheet.squares:
        if len(marks) > 1:
            shown = " and ".join(f"{m.code}{m.entry}" for m in marks)
            out.append(
                Violation(
                    "grid.overlap",
                    f"square {coords([cell])}",
                    f"holds {shown}: shapes never overlap, each square is drawn once",
                )
            )
    out += _reread(day)
    # a mark no reading explains, reported once for all the squares typed alike (a whole
    # shape numbered past the log's end is one mistake)
    unlogged: dict[tuple[str, str], list[Cell]] = {}
    # nearly every day reads each mark as some entry's: one look at the readings says so
    stray = None in day.reading.values()
    for key, mark in day.marks.items() if stray else ():
        if day.reading[key] is None:
            label = f"{mark.code}{mark.entry}"
            unlogged.setdefault((label, _why(day, mark)), []).append(key[0])
    for (label, why), cells in unlogged.items():
        where = f"square{'s' if len(cells) > 1 else ''} {coords(cells)}"
        out.append(Violation("grid.unlogged", where, f"{label}{why}"))
    return out


def _why(day: Day, mark: Mark) -> str:
    entry = day.by_number.get(mark.entry)
    if entry is None:
        entries = plural(len(day.entries), "entry").replace("entrys", "entries")
        return f" names log entry {mark.entry}, but the log has {entries}"
    if mark.code in day.explore_codes:
        return (
            f": an explore square belongs to a Move entry with explore rolls, but log "
            f"{mark.entry} is {entry.code}"
            + ("" if entry.action != "move" else " with no explore rolls")
        )
    return f": log entry {mark.entry} is {entry.code}, not {mark.code}"


def _label(day: Day, reading: Reading) -> str:
    code = {OWN: day.by_number[reading.entry].code}.get(reading.role)
    return f"{code or day.explore_codes[reading.role == CROSSED]}{reading.entry}"


def _reread(day: Day) -> list[Violation]:
    """Marks read as another entry's (readings.py): one report per label and reading."""
    reread: dict[tuple[MarkKey, Reading], list[Cell]] = {}
    if day.reading == day.natural:  # no mark read again (nearly every day): nothing to say
        return []
    for key, reading in day.reading.items():
        if reading is not None and reading != day.natural[key]:
            mark = day.marks[key]
            first = next((k for k, r in reread if day.marks[k] == mark and r == reading), key)
            reread.setdefault((first, reading), []).append(key[0])
    out = []
    for (key, reading), cells in reread.items():
        mark = day.marks[key]
        label = f"{mark.code}{mark.entry}"
        natural = day.natural[key]
        why = _why(day, mark) if natural is None else f": log {mark.entry} does not need it"
        whose = {OWN: "shape", EXPLORED: "explore miss", CROSSED: "explore X"}[reading.role]
        them = "it is the square" if len(cells) == 1 else "they are the squares"
        out.append(
            Violation(
                "grid.unlogged",
                f"square{'s' if len(cells) > 1 else ''} {coords(cells)}",
                f"{label}{why}; {them} log {reading.entry}'s {whose} lacks, so read as "
                f"{_label(day, reading)}",
            )
        )
    return out


COUNTS = {"one": 1, "none": 0}  # the shapes that are a number of squares


@per_game
def counted(game: SpaceGame) -> frozenset[str]:
    """The actions whose shape is a number of squares: the only ones count_rule judges."""
    return frozenset(a.id for a in game.actions if a.shape in COUNTS)


def count_rule(day: Day, entry: Entry) -> list[Violation]:
    expected = COUNTS.get(day.action[entry.action].shape)
    if expected is None:  # most shapes are not a number of squares
        return []
    cells = day.own[entry.number]
    if len(cells) == expected:
        return []
    name = day.action[entry.action].name
    return [
        Violation(
            "squares.count",
            entry_where(entry, cells),
            f"{name} is drawn as {plural(expected, 'square')}, found {len(cells)}",
        )
    ]


# -- moving ----------------------------------------------------------------------------


_STEP = {"U": (0, 1), "D": (0, -1), "L": (-1, 0), "R": (1, 0)}


def _path(steps: str) -> list[Cell]:
    """The squares a path visits from (0, 0), start and end included (`path_cells`: the
    steps are U, D, L, R by now, as the sheet reads them)."""
    x = y = 0
    out = [(0, 0)]
    for step in steps.upper():
        dx, dy = _STEP[step]
        x += dx
        y += dy
        out.append((x, y))
    return out


def _turned(cells: list[Cell], box: tuple[int, int, int, int], drawn: list[Cell]) -> bool:
    """`same_shape(cells, drawn)`: the drawn squares are the path turned some way. `box`:
    the path's lowest and highest column and row. Each turn is tried only when its box is
    the drawn one's, each square put straight where the turn takes it (no turned copy
    moved to the origin, no set per turn)."""
    if not drawn:
        return False
    min_x, max_x, min_y, max_y = box
    xs, ys = zip(*drawn, strict=True)  # the columns and rows, no comprehension each
    low_x, low_y = min(xs), min(ys)
    size = (max(xs) - low_x, max(ys) - low_y)
    straight = size == (max_x - min_x, max_y - min_y)
    across = size == (max_y - min_y, max_x - min_x)
    if not (straight or across):  # no turn gives the drawn squares' box: the quick no
        return False
    target = {(x - low_x, y - low_y) for x, y in drawn}
    if len(set(cells)) != len(target):  # no turn changes the count
        return False
    # as many distinct squares as the target: the turned path is the target when every
    # one of its squares is in it. Quarter turns clockwise, (x, y) -> (y, -x), from 0
    if straight:
        if all((x - min_x, y - min_y) in target for x, y in cells):
            return True
        if all((max_x - x, max_y - y) in target for x, y in cells):
            return True
    if across:
        if all((y - min_y, max_x - x) in target for x, y in cells):
            return True
        if all((max_y - y, x - min_x) in target for x, y in cells):
            return True
    return False


def move_shape(day: Day, entry: Entry) -> list[Violation]:
    if not entry.path:
        return []
    # Each move is compared once a day (`Day.known`), nearly always matching: its shape
    # is worked out (normalised, mirrored) only when it does not
    cells = _path(entry.path)
    xs, ys = zip(*cells, strict=True)
    box = (min(xs), max(xs), min(ys), max(ys))
    width = box[1] - box[0] + 1
    height = box[3] - box[2] + 1
    drawn = day.own[entry.number]
    if max(width, height) > day.size:  # `_fits`: the path's shape cannot fit the grid
        return [
            Violation(
                "grid.inside",
                entry_where(entry, drawn),
                f"the path {entry.path} has a shape {width} by {height} squares, which "
                f"cannot fit the {day.size}x{day.size} grid",
            )
        ]
    if _turned(cells, box, drawn):
        return []
    path = normalise(cells)
    where = entry_where(entry, drawn)
    if drawn and mirrored(path, drawn):
        return [
            Violation(
                "move.mirrored",
                where,
                f"drawn mirrored: the squares are the mirror image of the path {entry.path}; "
                "a move's shape may be rotated but never flipped",
            )
        ]
    return [
        Violation(
            "move.shape",
            where,
            f"the path {entry.path} covers {plural(len(path), 'square')} in its own shape "
            f"(start and end included); the {len(drawn)} M squares drawn are not that shape "
            "turned any way",
        )
    ]


def _explore_squares(day: Day, entry: Entry) -> tuple[list[Cell], int, int]:
    """Where the misses put their squares, how many X they add, and how many found."""
    moved = set(day.own[entry.number])
    full = day.full_before(entry.number) | moved
    expected: list[Cell] = []
    crosses = found = 0
    for x, y in entry.explore:
        if (x, y) in moved:
            found += 1
            continue
        for cell in ((x, y), (y, x)):
            if cell not in full:
                expected.append(cell)
                full.add(cell)
                break
        else:
            crosses += 1
    return expected, crosses, found


def finds(day: Day, entry: Entry) -> int:
    """How many of a move's explore rolls fell on a square of that move (lottery dice)."""
    return _explore_squares(day, entry)[2] if entry.explore else 0


def explore(day: Day, entry: Entry) -> list[Violation]:
    """One report per move: a wrong roll moves both the XP square and the X count."""
    drawn = sorted(day.explored[entry.number])
    crossed = day.crossed[entry.number]
    if entry.missing or not (entry.explore or drawn or crossed):
        return []
    expected, crosses, found = _explore_squares(day, entry)
    # an X goes on an empty square: a grid with none left takes no more (the move filled it)
    taken = day.full_before(entry.number) | set(day.own[entry.number]) | set(expected)
    room = day.size * day.size - len(taken)
    owed = min(crosses, max(room, 0))
    if sorted(expected) == drawn and len(crossed) == owed:
        return []
    code = day.explore_codes[0]
    rolls = ", ".join(f"({x},{y})" for x, y in entry.explore) or "none"
    x_part = ""
    if len(crossed) != owed:
        misses = plural(crosses, "miss").replace("misss", "misses")
        x_part = f"; {misses} found both squares full and add an X anywhere, {len(crossed)} drawn"
        if owed < crosses:
            x_part += f" (the grid had room for {plural(owed, 'X')})"
    return [
        Violation(
            "explore.square",
            entry_where(entry, [*drawn, *crossed]),
            f"explore rolls {rolls}: {found} found a square of this move; the misses put "
            f"{code} squares at {coords(expected) or 'none'} (the rolled square, else the "
            f"reversed one, else an X anywhere), but {code} squares are drawn at "
            f"{coords(drawn) or 'none'}{x_part}",
        )
    ]


# -- actions with their own shapes -----------------------------------------------------


def resource_lines(day: Day, entries: list[Entry]) -> list[Violation]:
    out = []
    placed = [(e, c) for e in entries for c in day.own[e.number]]
    for i, (entry, (x, y)) in enumerate(placed):
        for other, (ox, oy) in placed[:i]:
            if x == ox or y == oy:
                line = f"column {x}" if x == ox else f"row {y}"
                out.append(
                    Violation(
                        "resource.line",
                        entry_where(entry, [(x, y)]),
                        f"shares {line} with the R of log {other.number} at {coords([(ox, oy)])}",
                    )
                )
    return out


def _completes(cells: list[Cell], day: Day, number: int) -> tuple[bool, bool]:
    """Whether the squares complete a row and a column: every square of it drawn by entry
    `number` (`day.full_by(number)`, asked of the squares of those lines only)."""
    when, size, never = day.when, day.size, number + 1
    span = range(1, size + 1)
    # `any(all(...))` spelled as loops: no generator per line (asked of each Exercise,
    # every time its squares are read again)
    row_done = column_done = False
    for y in {y for _, y in cells}:
        for x in span:
            if when.get((x, y), never) > number:
                break
        else:
            row_done = True
            break
    for x in {x for x, _ in cells}:
        for y in span:
            if when.get((x, y), never) > number:
                break
        else:
            column_done = True
            break
    return row_done, column_done


def exercise_shape(day: Day, entry: Entry) -> list[Violation]:
    cells = day.own[entry.number]
    if len(cells) != 4 or not connected(cells):
        return [
            Violation(
                "exercise.shape",
                entry_where(entry, cells),
                f"Exercise is 4 connected squares, found {plural(len(cells), 'square')}"
                + ("" if connected(cells) or not cells else " that are not connected"),
            )
        ]
    row_done, column_done = _completes(cells, day, entry.number)
    if row_done and column_done:
        return []
    missing = " and ".join(
        word for word, done in (("a row", row_done), ("a column", column_done)) if not done
    )
    return [
        Violation(
            "exercise.shape",
            entry_where(entry, cells),
            f"the 4 squares must complete both a row and a column (fill the last empty "
            f"squares of each); they complete no {missing.replace('a ', '')}",
        )
    ]


def exercise(day: Day, entries: list[Entry]) -> list[Violation]:
    out = [v for entry in entries for v in day.known(exercise_shape, entry)]
    for entry in entries[1:]:
        out.append(
            Violation(
                "exercise.once",
                entry_where(entry, day.own[entry.number]),
                f"Exercise is once a day; log {entries[0].number} was already Exercise",
            )
        )
    return out


def internet(day: Day, entry: Entry) -> list[Violation]:
    """A group of I squares: the spaces from the tower, your space and the tower included;
    on the tower itself one square, whatever distance is typed."""
    cells = day.own[entry.number]
    at, since = day.place.get(entry.number, (None, 0))
    if at == "tower":
        if len(cells) == 1:
            return []
        went = f"log {since} went there" if since else "the day starts there"
        return [
            Violation(
                "internet.squares",
                entry_where(entry, cells),
                f"on the tower ({went}) the group of I's is 1 square, whatever distance "
                f"is typed, found {len(cells)}",
            )
        ]
    if entry.distance is None:
        return []
    want = entry.distance + 1
    if len(cells) == want and connected(cells):
        return []
    shape = "" if connected(cells) or not cells else ", not connected"
    return [
        Violation(
            "internet.squares",
            entry_where(entry, cells),
            f"{plural(entry.distance, 'space')} from the tower: a connected group of "
            f"{plural(want, 'I square')} (your space and the tower included), "
            f"found {len(cells)}{shape}",
        )
    ]
