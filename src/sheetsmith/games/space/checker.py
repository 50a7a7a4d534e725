"""Personal Space: check a typed daily sheet against every rule, naming each broken one.

The day is replayed entry by entry, in log order: a square's log number says when it was
drawn, so "full" always means full at that moment. Rule ids are listed in `RULES`; the
readings chosen where the rules are ambiguous are in the definition's `[notes]` and in
`docs/personal-space-sheet.md`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from types import MappingProxyType

from sheetsmith.check.polyomino import connected, in_one_line, mirrored, normalise, path_cells
from sheetsmith.check.polyomino import same_shape as rotated_copy
from sheetsmith.check.verdict import PlayerResult, Violation
from sheetsmith.games.space.blank import blank_sheet
from sheetsmith.games.space.model import Job, SpaceGame
from sheetsmith.games.space.sheet import (
    EXPLORE_X,
    Cell,
    Entry,
    Mark,
    SpaceSheet,
    parse_sheet,
)

__all__ = ["RULES", "blank_sheet", "check_sheet", "check_table", "parse_sheet"]

RULES = {
    "grid.overlap": "a square holds more than one shape",
    "grid.unlogged": "a square names a log entry that does not exist or has another code",
    "grid.inside": "a move's shape cannot fit inside the grid",
    "squares.count": "an action's shape has the wrong number of squares",
    "move.shape": "the M squares are not the shape of the path on the map",
    "move.mirrored": "the M squares are the path's mirror image (turning is allowed, flipping not)",
    "move.speed": "a move is longer than Speed allows (+1 the day after Exercise)",
    "move.run": "running spends more Speed than there is",
    "move.train": "more M squares underlined (TRAIN) than there is Energy",
    "tracker.range": "Speed, Energy or Mood leaves the printed track",
    "tracker.end": "the end-of-day Speed, Energy or Mood is not what the day's entries give",
    "work.squares": "the Work shape has another number of W squares than the job's time cost",
    "work.shape": "the W squares are not connected, or not in one line, as the job requires",
    "work.day": "work on a day the job is closed, or with no job",
    "work.missed": "a work day with no Work, although the job's time cost still fitted",
    "work.once": "more than one Work entry in a day",
    "resource.line": "an R square shares its row or column with another R",
    "resource.place": "Resource Production away from a resource generator",
    "exercise.shape": "Exercise is not 4 connected squares that complete a row and a column",
    "exercise.once": "more than one Exercise in a day",
    "exercise.carryover": "the Exercise carry-over does not match the day before (several sheets)",
    "internet.squares": "the I group is not connected or not the distance to the tower + 1",
    "explore.square": "a failed explore's square is missing or misplaced, or a found one drew one",
    "neighbor.emerge": "a Neighbor action without that neighbor emerging at the end of a move",
    "neighbor.next": "a neighbor emerged but the next action is not Neighbor",
    "neighbor.once": "a neighbor met twice in one day",
    "neighbor.mood": "answered 'friends' in a bad mood",
    "trade.after-neighbor": "a Trade that does not follow a Neighbor action",
    "show.price": "the show's entry fee is not the day's price",
    "review.after-show": "a Review that does not immediately follow a Show",
    "suggest.internet": "a Suggest with no Internet action before it",
    "suggest.once": "more than one Suggest in a day",
    "zoo.price": "the zoo's entry fee is not $2 (or $3 with a bucket of feed)",
    "jukebox.price": "changing the song does not cost the jukebox price",
    "adopt.price": "adopting an animal does not cost the adoption price",
    "money.negative": "money goes below zero",
    "money.end": "money at the end is not the start plus the day's changes",
    "pockets.limit": "more items in the pockets than there are pockets",
    "home.only": "Rearrange or Transfer away from home",
}

GENERATORS = ("hole", "pond", "tree")
TRADE_AFTER = ("neighbor", "trade")  # a base trade may be repeated in one go


def _cells(cells: Iterable[Cell]) -> str:
    return " ".join(f"({x},{y})" for x, y in sorted(cells, key=lambda c: (-c[1], c[0])))


def _entry_where(entry: Entry, cells: Iterable[Cell] = ()) -> str:
    shown = _cells(cells)
    return f"log {entry.number} ({entry.code})" + (f", squares {shown}" if shown else "")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class _Day:
    """Everything a rule needs to know about one sheet, computed once."""

    def __init__(self, game: SpaceGame, sheet: SpaceSheet) -> None:
        self.game = game
        self.sheet = sheet
        self.size = game.sheet.grid
        self.by_number = {e.number: e for e in sheet.log}
        self.action = {a.id: a for a in game.actions}
        self.codes = {a.id: a.code for a in game.actions}
        explore = self.codes.get("explore", "XP")
        self.explore_codes = (explore, EXPLORE_X)
        # squares per entry: the entry's own code, and the explore squares a move drew
        self.own: dict[int, list[Cell]] = defaultdict(list)
        self.explored: dict[int, list[Cell]] = defaultdict(list)
        self.crossed: dict[int, list[Cell]] = defaultdict(list)
        self.underlined: dict[int, int] = defaultdict(int)
        self.when: dict[Cell, int] = {}  # square -> the first entry that drew it
        for cell, marks in sheet.squares:
            self.when[cell] = min(m.entry for m in marks)
            for mark in marks:
                self._place(cell, mark)

    def _place(self, cell: Cell, mark: Mark) -> None:
        entry = self.by_number.get(mark.entry)
        if entry is None:
            return
        if mark.code == EXPLORE_X and entry.action == "move":
            self.crossed[mark.entry].append(cell)
        elif mark.code in self.explore_codes and entry.action == "move":
            self.explored[mark.entry].append(cell)
        elif mark.code == entry.code:
            self.own[mark.entry].append(cell)
            if mark.underlined:
                self.underlined[mark.entry] += 1

    def full_before(self, number: int) -> set[Cell]:
        return {cell for cell, when in self.when.items() if when < number}

    def full_by(self, number: int) -> set[Cell]:
        return {cell for cell, when in self.when.items() if when <= number}


# -- the grid and the log --------------------------------------------------------------


def _grid_rules(day: _Day) -> list[Violation]:
    out = []
    for cell, marks in day.sheet.squares:
        if len(marks) > 1:
            shown = " and ".join(f"{m.code}{m.entry}" for m in marks)
            out.append(
                Violation(
                    "grid.overlap",
                    f"square {_cells([cell])}",
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
                        f"square {_cells([cell])}",
                        f"{label} names log entry {mark.entry}, but the log has "
                        f"{_plural(len(day.sheet.log), 'entry').replace('entrys', 'entries')}",
                    )
                )
            elif mark.code in day.explore_codes:
                if entry.action != "move" or not entry.explore:
                    out.append(
                        Violation(
                            "grid.unlogged",
                            f"square {_cells([cell])}",
                            f"{label}: an explore square belongs to a Move entry with explore "
                            f"rolls, but log {mark.entry} is {entry.code}"
                            + ("" if entry.action != "move" else " with no explore rolls"),
                        )
                    )
            elif mark.code != entry.code:
                out.append(
                    Violation(
                        "grid.unlogged",
                        f"square {_cells([cell])}",
                        f"{label}: log entry {mark.entry} is {entry.code}, not {mark.code}",
                    )
                )
    return out


def _count_rule(day: _Day, entry: Entry) -> list[Violation]:
    shape = day.action[entry.action].shape
    cells = day.own[entry.number]
    expected = {"one": 1, "none": 0}.get(shape)
    if expected is None or len(cells) == expected:
        return []
    name = day.action[entry.action].name
    return [
        Violation(
            "squares.count",
            _entry_where(entry, cells),
            f"{name} is drawn as {_plural(expected, 'square')}, found {len(cells)}",
        )
    ]


# -- moving ----------------------------------------------------------------------------


def _fits(shape: Sequence[Cell], size: int) -> bool:
    width = max(x for x, _ in shape) + 1
    height = max(y for _, y in shape) + 1
    return max(width, height) <= size and min(width, height) <= size


def _move_shape(day: _Day, entry: Entry) -> list[Violation]:
    if not entry.path:
        return []
    path = normalise(path_cells((0, 0), entry.path))
    drawn = day.own[entry.number]
    where = _entry_where(entry, drawn)
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
            f"the path {entry.path} covers {_plural(len(path), 'square')} in its own shape "
            f"(start and end included); the {len(drawn)} M squares drawn are not that shape "
            "turned any way",
        )
    ]


class _Trackers:
    """Speed, Energy, Mood and money as the day goes, with the rules that move them."""

    def __init__(self, day: _Day) -> None:
        start = day.sheet.start
        self.speed, self.energy, self.mood, self.money = (
            start.speed,
            start.energy,
            start.mood,
            start.money,
        )
        self.day = day

    def range_check(self, entry: Entry) -> list[Violation]:
        """Report a tracker pushed off its printed track, then keep it at the edge."""
        out = []
        sheet = self.day.game.sheet
        tracks = (("speed", sheet.speed), ("energy", sheet.energy), ("mood", sheet.mood))
        for attr, tracker in tracks:
            value = getattr(self, attr)
            if not tracker.min <= value <= tracker.max:
                out.append(
                    Violation(
                        "tracker.range",
                        _entry_where(entry),
                        f"{tracker.name} would be {value}, off its track "
                        f"({tracker.min}..{tracker.max})",
                    )
                )
                setattr(self, attr, min(max(value, tracker.min), tracker.max))
        return out


def _move(day: _Day, entry: Entry, state: _Trackers) -> list[Violation]:
    out = _move_shape(day, entry)
    bonus = 1 if day.sheet.exercised_yesterday else 0
    steps = len(entry.path)
    if entry.path and steps > state.speed + bonus:
        extra = " + 1 for yesterday's Exercise" if bonus else ""
        out.append(
            Violation(
                "move.speed",
                _entry_where(entry),
                f"moved {_plural(steps, 'space')} ({entry.path}), but Speed {state.speed}{extra} "
                f"allows {state.speed + bonus} (a shape of at most "
                f"{_plural(state.speed + bonus + 1, 'square')})",
            )
        )
    if entry.run:
        if entry.run > state.speed:
            out.append(
                Violation(
                    "move.run",
                    _entry_where(entry),
                    f"ran {_plural(entry.run, 'extra space')}, each costing 1 Speed, "
                    f"with Speed {state.speed}",
                )
            )
        state.speed = max(state.speed - entry.run, 0)
    trained = day.underlined[entry.number]
    if trained:
        if trained > state.energy:
            out.append(
                Violation(
                    "move.train",
                    _entry_where(entry),
                    f"{_plural(trained, 'M square')} underlined (TRAIN: 1 Energy each for "
                    f"1 Speed), with Energy {state.energy}",
                )
            )
        # the cubes cannot leave their track: report once, then carry on from the edge
        state.energy = max(state.energy - trained, day.game.sheet.energy.min)
        state.speed += trained
    return out


def _explore(day: _Day, entry: Entry) -> list[Violation]:
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
        want = _cells(expected) or "none"
        out.append(
            Violation(
                "explore.square",
                _entry_where(entry, drawn),
                f"explore rolls {rolls}: {found} found a square of this move; the misses "
                f"put {code} squares at {want} (the rolled square, else the reversed one, else "
                f"an X anywhere), but {code} squares are drawn at {_cells(drawn) or 'none'}",
            )
        )
    if len(day.crossed[entry.number]) != crosses:
        out.append(
            Violation(
                "explore.square",
                _entry_where(entry, day.crossed[entry.number]),
                f"{_plural(crosses, 'miss')} found both the rolled and the reversed square "
                f"full and add an X anywhere; {len(day.crossed[entry.number])} X drawn".replace(
                    "misss", "misses"
                ),
            )
        )
    return out


# -- actions with their own shapes -----------------------------------------------------


def _job(day: _Day) -> Job | None:
    return next((j for j in day.game.jobs if j.id == day.sheet.job), None)


def _job_shape_words(job: Job) -> str:
    return "connected" if job.time_shape == "connected" else "in one row or column"


def _work(day: _Day, entries: list[Entry]) -> list[Violation]:
    out = []
    job = _job(day)
    day_name = day.sheet.day.capitalize()
    for entry in entries:
        cells = day.own[entry.number]
        where = _entry_where(entry, cells)
        if job is None:
            out.append(Violation("work.day", where, 'Work with no job typed (job = "")'))
            continue
        if day.sheet.day not in job.work_days:
            days = ", ".join(d.capitalize() for d in job.work_days)
            out.append(
                Violation(
                    "work.day",
                    where,
                    f"{job.name} works on {days}, not on {day_name}",
                )
            )
        if len(cells) != job.squares:
            out.append(
                Violation(
                    "work.squares",
                    where,
                    f"{job.name} costs {_plural(job.squares, 'W square')}, found {len(cells)}",
                )
            )
        ok = connected(cells) if job.time_shape == "connected" else in_one_line(cells)
        if cells and not ok:
            out.append(
                Violation(
                    "work.shape", where, f"{job.name}'s W squares must be {_job_shape_words(job)}"
                )
            )
    for entry in entries[1:]:
        out.append(
            Violation(
                "work.once",
                _entry_where(entry, day.own[entry.number]),
                f"the job is done once a day; log {entries[0].number} was already Work",
            )
        )
    if not entries and job is not None and day.sheet.day in job.work_days:
        empty = {(x, y) for x in range(1, day.size + 1) for y in range(1, day.size + 1)}
        empty -= set(day.when)
        if _room_for(job, empty):
            out.append(
                Violation(
                    "work.missed",
                    f"day ({day_name})",
                    f"{job.name} works on {day_name}, and {_plural(job.squares, 'W square')} "
                    f"{_job_shape_words(job)} still fit the grid, but no Work is logged",
                )
            )
    return out


def _room_for(job: Job, empty: set[Cell]) -> bool:
    """Whether the job's time cost could still be drawn in the empty squares."""
    if job.time_shape == "line":
        lines: dict[tuple[str, int], int] = defaultdict(int)
        for x, y in empty:
            lines["column", x] += 1
            lines["row", y] += 1
        return max(lines.values(), default=0) >= job.squares
    seen: set[Cell] = set()
    for cell in empty:
        if cell in seen:
            continue
        region, stack = 0, [cell]
        seen.add(cell)
        while stack:
            x, y = stack.pop()
            region += 1
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt in empty and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        if region >= job.squares:
            return True
    return False


def _resources(day: _Day, entries: list[Entry], place_at: dict[int, str]) -> list[Violation]:
    out = []
    placed = [(e, c) for e in entries for c in day.own[e.number]]
    for i, (entry, (x, y)) in enumerate(placed):
        for other, (ox, oy) in placed[:i]:
            if x == ox or y == oy:
                line = f"column {x}" if x == ox else f"row {y}"
                out.append(
                    Violation(
                        "resource.line",
                        _entry_where(entry, [(x, y)]),
                        f"shares {line} with the R of log {other.number} at {_cells([(ox, oy)])}",
                    )
                )
    for entry in entries:
        where = place_at[entry.number]
        if where not in GENERATORS:
            out.append(
                Violation(
                    "resource.place",
                    _entry_where(entry),
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


def _exercise(day: _Day, entries: list[Entry]) -> list[Violation]:
    out = []
    for entry in entries:
        cells = day.own[entry.number]
        where = _entry_where(entry, cells)
        if len(cells) != 4 or not connected(cells):
            out.append(
                Violation(
                    "exercise.shape",
                    where,
                    f"Exercise is 4 connected squares, found {_plural(len(cells), 'square')}"
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
                _entry_where(entry, day.own[entry.number]),
                f"Exercise is once a day; log {entries[0].number} was already Exercise",
            )
        )
    return out


def _internet(day: _Day, entry: Entry) -> list[Violation]:
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
            _entry_where(entry, cells),
            f"{_plural(entry.distance, 'space')} from the tower: a connected group of "
            f"{_plural(want, 'I square')} (your space and the tower included), "
            f"found {len(cells)}{shape}",
        )
    ]


# -- the day in order ------------------------------------------------------------------


def _price(rule: str, entry: Entry, allowed: tuple[int, ...], what: str) -> list[Violation]:
    if -entry.money in allowed:
        return []
    shown = " or ".join(f"${a}" for a in allowed)
    paid = f"${-entry.money}" if entry.money <= 0 else f"+${entry.money}"
    return [
        Violation(
            rule, _entry_where(entry), f"{what} costs {shown} (money = -{allowed[0]}), got {paid}"
        )
    ]


def _sequence(day: _Day) -> list[Violation]:
    """Rules that depend on what came before: places, neighbors, money and trackers."""
    game, sheet = day.game, day.sheet
    state = _Trackers(day)
    out: list[Violation] = []
    at = sheet.start_at
    place_at: dict[int, str] = {}
    met: dict[str, int] = {}
    emerged: tuple[str, int] | None = None  # neighbor id and the move entry it emerged at
    internet_seen = False
    suggests: list[Entry] = []
    log = sheet.log
    for index, entry in enumerate(log):
        before = log[index - 1] if index else None
        place_at[entry.number] = at
        if emerged and entry.action != "neighbor":
            name = _neighbor_name(game, emerged[0])
            out.append(
                Violation(
                    "neighbor.next",
                    _entry_where(entry),
                    f"{name} emerged at the end of log {emerged[1]}: the next action must be "
                    f"Neighbor ({day.codes['neighbor']}), not {entry.code}",
                )
            )
        if entry.action == "move":
            out += _move(day, entry, state)
            out += _explore(day, entry)
            at = entry.to
            emerged = _emerge(day, entry, met, out)
        elif entry.action == "neighbor":
            out += _neighbor(day, entry, before, emerged, met, state)
            emerged = None
        else:
            emerged = None
        after = f"but log {before.number} is {before.code}" if before else "but it is first"
        if entry.action == "trade" and (before is None or before.action not in TRADE_AFTER):
            out.append(
                Violation(
                    "trade.after-neighbor",
                    _entry_where(entry),
                    "a Trade follows a Neighbor action (their offer or base trade), " + after,
                )
            )
        if entry.action == "review" and (before is None or before.action != "show"):
            out.append(
                Violation(
                    "review.after-show",
                    _entry_where(entry),
                    "a Review immediately follows a Show, " + after,
                )
            )
        if entry.action == "internet":
            internet_seen = True
        if entry.action == "suggest":
            if not internet_seen:
                out.append(
                    Violation(
                        "suggest.internet",
                        _entry_where(entry),
                        f"Suggest needs an Internet ({day.codes['internet']}) action earlier "
                        "in the day",
                    )
                )
            suggests.append(entry)
        if entry.action in ("rearrange", "transfer") and at != "home":
            out.append(
                Violation(
                    "home.only",
                    _entry_where(entry),
                    f"{day.action[entry.action].name} happens at home; you are at "
                    f"{'the ' + at if at else 'somewhere else'} here",
                )
            )
        if entry.action == "show":
            price = game.prices.show.get(sheet.day, 0)
            out += _price("show.price", entry, (price,), f"a show on {sheet.day.capitalize()}")
        elif entry.action == "zoo":
            out += _price(
                "zoo.price", entry, (game.prices.zoo, game.prices.zoo_with_feed), "the zoo"
            )
        elif entry.action == "jukebox":
            out += _price("jukebox.price", entry, (game.prices.jukebox,), "a song")
        elif entry.action == "adopt":
            out += _price("adopt.price", entry, (game.prices.adopt,), "adopting an animal")
        # money and trackers after the entry
        state.money += entry.money
        if state.money < 0:
            out.append(
                Violation(
                    "money.negative",
                    _entry_where(entry),
                    f"money would be -${-state.money}: you cannot spend what you do not have",
                )
            )
        eat = 1 if entry.action == "eat" and not entry.energy else 0
        state.speed += entry.speed
        state.energy += entry.energy + eat
        state.mood += entry.mood
        out += state.range_check(entry)
    if emerged:
        out.append(
            Violation(
                "neighbor.next",
                f"log {emerged[1]}",
                f"{_neighbor_name(game, emerged[0])} emerged at the end of the day's last move: "
                "a Neighbor action must follow",
            )
        )
    for entry in suggests[1:]:
        out.append(
            Violation(
                "suggest.once",
                _entry_where(entry),
                f"Suggest is once a day; log {suggests[0].number} was already Suggest",
            )
        )
    out += _end_of_day(day, state)
    out += _resources(day, [e for e in log if e.action == "resource"], place_at)
    return out


def _neighbor_name(game: SpaceGame, neighbor_id: str) -> str:
    return next((n.name for n in game.neighbors if n.id == neighbor_id), neighbor_id)


def _emerge(
    day: _Day, entry: Entry, met: dict[str, int], out: list[Violation]
) -> tuple[str, int] | None:
    """Who emerges at the end of this move, if anyone."""
    emerge = entry.emerge
    if emerge is None:
        return None
    neighbor = next(n for n in day.game.neighbors if n.id == emerge.neighbor)
    needs = {(s.dx, s.dy): s.roll for s in neighbor.range}
    dx, dy = emerge.space
    if (dx, dy) not in needs:
        spaces = ", ".join(f"[{x}, {y}]" for x, y in needs)
        out.append(
            Violation(
                "neighbor.emerge",
                _entry_where(entry),
                f"[{dx}, {dy}] is not in {neighbor.name}'s range ({spaces}): nobody rolls there",
            )
        )
        return None
    if emerge.roll != needs[dx, dy] or emerge.neighbor in met:
        return None
    return emerge.neighbor, entry.number


def _neighbor(
    day: _Day,
    entry: Entry,
    before: Entry | None,
    emerged: tuple[str, int] | None,
    met: dict[str, int],
    state: _Trackers,
) -> list[Violation]:
    out = []
    name = _neighbor_name(day.game, entry.neighbor)
    if entry.neighbor in met:
        out.append(
            Violation(
                "neighbor.once",
                _entry_where(entry),
                f"{name} was met in log {met[entry.neighbor]} (orange cube on their card): "
                "a neighbor emerges once a day",
            )
        )
    elif emerged is None or emerged[0] != entry.neighbor:
        why = "no move came just before"
        if before is not None and before.action == "move":
            e = before.emerge
            if e is None or e.neighbor != entry.neighbor:
                why = f"log {before.number} did not roll for {name}"
            else:
                space = next(
                    (
                        s.roll
                        for n in day.game.neighbors
                        if n.id == e.neighbor
                        for s in n.range
                        if (s.dx, s.dy) == e.space
                    ),
                    None,
                )
                why = (
                    f"log {before.number} rolled {e.roll} where {name} needs {space}"
                    if space is not None
                    else f"log {before.number} stopped outside {name}'s range"
                )
        elif before is not None:
            why = f"log {before.number} is {before.code}, not a move"
        out.append(
            Violation(
                "neighbor.emerge",
                _entry_where(entry),
                f"{name} emerges only at the end of a move, on the roll their card shows: {why}",
            )
        )
    met.setdefault(entry.neighbor, entry.number)
    bad = day.game.sheet.mood.bad_at_most
    if entry.answer == "friends" and bad is not None and state.mood <= bad:
        out.append(
            Violation(
                "neighbor.mood",
                _entry_where(entry),
                f"Mood {state.mood} is a bad mood ({bad} or less): the answer must be "
                "'not friends / bad mood'",
            )
        )
    return out


def _end_of_day(day: _Day, state: _Trackers) -> list[Violation]:
    out = []
    end = day.sheet.end
    for name, computed, typed in (
        ("Speed", state.speed, end.speed),
        ("Energy", state.energy, end.energy),
        ("Mood", state.mood, end.mood),
    ):
        if computed != typed:
            out.append(
                Violation(
                    "tracker.end",
                    "end",
                    f"{name} ends at {typed}, but the start and the day's entries give {computed}",
                )
            )
    start = day.sheet.start.money
    if state.money != end.money:
        out.append(
            Violation(
                "money.end",
                "end.money",
                f"${end.money} at the end, but ${start} at the start and the day's changes "
                f"({state.money - start:+d}) give ${state.money}",
            )
        )
    pockets = day.game.sheet.pockets
    if len(day.sheet.pockets) > pockets:
        out.append(
            Violation(
                "pockets.limit",
                "pockets",
                f"{_plural(len(day.sheet.pockets), 'item')} ({', '.join(day.sheet.pockets)}), "
                f"but there are {pockets} pockets (several of one item share a pocket)",
            )
        )
    return out


def check_sheet(game: SpaceGame, sheet: SpaceSheet) -> tuple[Violation, ...]:
    day = _Day(game, sheet)
    out = _grid_rules(day)
    for entry in sheet.log:
        out += _count_rule(day, entry)
        if entry.action == "internet":
            out += _internet(day, entry)
    by_action: dict[str, list[Entry]] = defaultdict(list)
    for entry in sheet.log:
        by_action[entry.action].append(entry)
    out += _work(day, by_action["work"])
    out += _exercise(day, by_action["exercise"])
    out += _sequence(day)
    return tuple(out)


def _summary(game: SpaceGame, sheet: SpaceSheet) -> dict[str, int]:
    moves = [e for e in sheet.log if e.action == "move"]
    return {
        "entries": len(sheet.log),
        "squares_used": len(sheet.squares),
        "moves": len(moves),
        "spaces_moved": sum(len(e.path) + e.run for e in moves),
        "money_earned": sum(e.money for e in sheet.log if e.money > 0),
        "money_spent": -sum(e.money for e in sheet.log if e.money < 0),
    }


def _carryover(game: SpaceGame, sheets: Sequence[SpaceSheet]) -> dict[int, list[Violation]]:
    """Consecutive days of one player: yesterday's Exercise is today's carry-over."""
    days = game.sheet.days
    out: dict[int, list[Violation]] = defaultdict(list)
    by_player: dict[str, dict[str, int]] = defaultdict(dict)
    for index, sheet in enumerate(sheets):
        by_player[sheet.player][sheet.day] = index
    for index, sheet in enumerate(sheets):
        yesterday = days[(days.index(sheet.day) - 1) % len(days)]
        previous = by_player[sheet.player].get(yesterday)
        if previous is None:
            continue
        did = any(e.action == "exercise" for e in sheets[previous].log)
        if did != sheet.exercised_yesterday:
            out[index].append(
                Violation(
                    "exercise.carryover",
                    "exercised_yesterday",
                    f"is {str(sheet.exercised_yesterday).lower()}, but "
                    f"{sheets[previous].file} ({yesterday.capitalize()}) "
                    + ("has" if did else "has no")
                    + " Exercise",
                )
            )
    return out


def check_table(
    game: SpaceGame, sheets: Sequence[SpaceSheet]
) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]]:
    """Check each sheet; a journaling game has no winners."""
    carry = _carryover(game, sheets)
    results = tuple(
        PlayerResult(
            file=sheet.file,
            player=sheet.player,
            violations=check_sheet(game, sheet) + tuple(carry.get(index, ())),
            score=MappingProxyType(_summary(game, sheet)),
            extra=MappingProxyType({"day": sheet.day}),
        )
        for index, sheet in enumerate(sheets)
    )
    return results, ()
