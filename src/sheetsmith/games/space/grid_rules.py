"""Personal Space: the rules of the shapes on the grid: each square's code, each action's shape."""

from __future__ import annotations

from collections.abc import Sequence

from sheetsmith.check.polyomino import connected, mirrored, normalise, path_cells
from sheetsmith.check.polyomino import same_shape as rotated_copy
from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.sheet import Cell, Entry
from sheetsmith.games.space.typed_day import Day, coords, entry_where, plural

GENERATORS = ("hole", "pond", "tree")


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
        for mark in marks:
            entry = day.by_number.get(mark.entry)
            label = f"{mark.code}{mark.entry}"
            if entry is None:
                out.append(
                    Violation(
                        "grid.unlogged",
                        f"square {coords([cell])}",
                        f"{label} names log entry {mark.entry}, but the log has "
                        f"{plural(len(day.sheet.log), 'entry').replace('entrys', 'entries')}",
                    )
                )
            elif mark.code in day.explore_codes:
                if entry.action != "move" or not entry.explore:
                    out.append(
                        Violation(
                            "grid.unlogged",
                            f"square {coords([cell])}",
                            f"{label}: an explore square belongs to a Move entry with explore "
                            f"rolls, but log {mark.entry} is {entry.code}"
                            + ("" if entry.action != "move" else " with no explore rolls"),
                        )
                    )
            elif mark.code != entry.code:
                out.append(
                    Violation(
                        "grid.unlogged",
                        f"square {coords([cell])}",
                        f"{label}: log entry {mark.entry} is {entry.code}, not {mark.code}",
                    )
                )
    return out


def count_rule(day: Day, entry: Entry) -> list[Violation]:
    shape = day.action[entry.action].shape
    cells = day.own[entry.number]
    expected = {"one": 1, "none": 0}.get(shape)
    if expected is None or len(cells) == expected:
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


def _fits(shape: Sequence[Cell], size: int) -> bool:
    width = max(x for x, _ in shape) + 1
    height = max(y for _, y in shape) + 1
    return max(width, height) <= size and min(width, height) <= size


def move_shape(day: Day, entry: Entry) -> list[Violation]:
    if not entry.path:
        return []
    path = normalise(path_cells((0, 0), entry.path))
    drawn = day.own[entry.number]
    where = entry_where(entry, drawn)
    if not _fits(path, day.size):
        return [
            Violation(
                "grid.inside",
                where,
                f"the path {entry.path} has a shape {max(x for x, _ in path) + 1} by "
                f"{max(y for _, y in path) + 1} squares, which cannot fit the "
                f"{day.size}x{day.size} grid",
            )
        ]
    if rotated_copy(path, drawn):
        return []
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


def explore(day: Day, entry: Entry) -> list[Violation]:
    if not entry.explore and not (day.explored[entry.number] or day.crossed[entry.number]):
        return []
    moved = set(day.own[entry.number])
    full = day.full_before(entry.number) | moved
    expected: list[Cell] = []
    crosses = 0
    found = 0
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
    drawn = sorted(day.explored[entry.number])
    out = []
    code = day.explore_codes[0]
    if sorted(expected) != drawn:
        rolls = ", ".join(f"({x},{y})" for x, y in entry.explore)
        want = coords(expected) or "none"
        out.append(
            Violation(
                "explore.square",
                entry_where(entry, drawn),
                f"explore rolls {rolls}: {found} found a square of this move; the misses "
                f"put {code} squares at {want} (the rolled square, else the reversed one, else "
                f"an X anywhere), but {code} squares are drawn at {coords(drawn) or 'none'}",
            )
        )
    if len(day.crossed[entry.number]) != crosses:
        out.append(
            Violation(
                "explore.square",
                entry_where(entry, day.crossed[entry.number]),
                f"{plural(crosses, 'miss')} found both the rolled and the reversed square "
                f"full and add an X anywhere; {len(day.crossed[entry.number])} X drawn".replace(
                    "misss", "misses"
                ),
            )
        )
    return out


# -- actions with their own shapes -----------------------------------------------------


def resources(day: Day, entries: list[Entry], place_at: dict[int, str]) -> list[Violation]:
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
    for entry in entries:
        where = place_at[entry.number]
        if where not in GENERATORS:
            out.append(
                Violation(
                    "resource.place",
                    entry_where(entry),
                    f"resources are produced at a generator ({', '.join(GENERATORS)}); "
                    f"you are at {'the ' + where if where else 'none'} here",
                )
            )
    return out


def _completes(cells: list[Cell], full: set[Cell], size: int) -> tuple[bool, bool]:
    rows = {y for _, y in cells}
    columns = {x for x, _ in cells}
    row_done = any(all((x, y) in full for x in range(1, size + 1)) for y in rows)
    column_done = any(all((x, y) in full for y in range(1, size + 1)) for x in columns)
    return row_done, column_done


def exercise(day: Day, entries: list[Entry]) -> list[Violation]:
    out = []
    for entry in entries:
        cells = day.own[entry.number]
        where = entry_where(entry, cells)
        if len(cells) != 4 or not connected(cells):
            out.append(
                Violation(
                    "exercise.shape",
                    where,
                    f"Exercise is 4 connected squares, found {plural(len(cells), 'square')}"
                    + ("" if connected(cells) or not cells else " that are not connected"),
                )
            )
            continue
        row_done, column_done = _completes(cells, day.full_by(entry.number), day.size)
        if not (row_done and column_done):
            missing = " and ".join(
                word for word, done in (("a row", row_done), ("a column", column_done)) if not done
            )
            out.append(
                Violation(
                    "exercise.shape",
                    where,
                    f"the 4 squares must complete both a row and a column (fill the last empty "
                    f"squares of each); they complete no {missing.replace('a ', '')}",
                )
            )
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
    cells = day.own[entry.number]
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
