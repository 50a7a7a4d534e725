"""Personal Space: read a square whose code or number was typed wrong as the player meant it.

A square's mark is two things typed by hand: a letter code and a log number. When one of
them is wrong, the square is missing from the shape it belongs to and sits in another (or
in none), and the two shapes' rules would each report it. So a mark that is inconsistent
(its entry is missing or has another code) or that sits in a broken shape is tried as each
other entry's square it could be, keeping the code (the number was mistyped) or keeping the
number (the code was mistyped). A reading is taken only when it mends a rule a shape
breaks and breaks none (the one that mends most first): the square is then reported once
(grid.unlogged) and the shapes are judged with it where it belongs. A mark no reading
explains is left as typed (and reported).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from itertools import combinations

from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.grid_rules import (
    count_rule,
    exercise_shape,
    explore,
    internet,
    move_shape,
)
from sheetsmith.games.space.numbering import moved
from sheetsmith.games.space.sheet import Entry
from sheetsmith.games.space.typed_day import (
    CROSSED,
    EXPLORE_X,
    EXPLORED,
    OWN,
    Day,
    MarkKey,
    Reading,
)
from sheetsmith.games.space.work_rules import job_of, work_shape


def shape_rules(day: Day, entry: Entry) -> list[Violation]:
    """The rules about an entry's own squares (not where, when or how often)."""
    return day.known(_shape_rules, entry)


def _shape_rules(day: Day, entry: Entry) -> list[Violation]:
    if not entry.action:  # an entry left out with no square: nothing is known of it
        return []
    out = count_rule(day, entry)  # cheaper than remembering it (most answer at once)
    if entry.action == "move":
        out += day.known(move_shape, entry) + day.known(explore, entry)
    elif entry.action == "internet":
        out += internet(day, entry)
    elif entry.action == "exercise":
        out += day.known(exercise_shape, entry)
    elif entry.action == "work" and (job := job_of(day)) is not None:
        out += work_shape(day, entry, job)
    return out


Problem = tuple[int, str]  # an entry's number and a shape rule it breaks
ALIKE = "alike"  # the reading that two entries of one code were swapped (see swap_alike)


def _problems(day: Day, numbers: Iterable[int] | None = None) -> set[Problem]:
    entries = day.entries if numbers is None else [day.by_number[n] for n in numbers]
    return {(e.number, v.rule) for e in entries for v in shape_rules(day, e)}


def _candidates(day: Day, key: MarkKey) -> list[Reading]:
    """The readings a one-letter or one-number typo could hide, the number kept first."""
    mark = day.marks[key]
    out = []
    entry = day.by_number.get(mark.entry)
    explore = day.explore_codes[0]
    if entry is not None:  # the code was mistyped: any role the entry has
        roles = (OWN, EXPLORED, CROSSED) if day.role(explore, entry) else (OWN,)
        out += [Reading(entry.number, role) for role in roles]
    # the number was mistyped: another entry this code fits
    out += [r for r in _fitting(day, mark.code) if r.entry != mark.entry]
    now = day.reading[key]
    return [r for r in out if r != now]


def _fitting(day: Day, code: str) -> list[Reading]:
    """Every entry a square of this code fits, in log order (`day.role`, spelled out): it
    depends on the day's entries only, so it is worked out once a day per code, however
    many doubtful marks share the code and however often the marks are read again."""
    found = day.fitting.get(code)
    if found is not None:
        return found
    explore = day.explore_codes[0]
    found = day.fitting[code] = []
    for other in day.entries:
        if code == other.code:
            found.append(Reading(other.number, OWN))
        elif other.action != "move" or not (other.explore or other.missing):
            continue
        elif code == EXPLORE_X:
            found.append(Reading(other.number, CROSSED))
        elif code == explore:
            found.append(Reading(other.number, EXPLORED))
    return found


Move = list[tuple[MarkKey, Reading]]


def _try(day: Day, move: Move, problems: set[Problem]) -> set[Problem] | None:
    """The shape problems left if the marks were read so, when that mends one and adds
    none (the day is left as it was)."""
    old = {key: day.reading[key] for key, _ in move}
    touched = {r.entry for _, r in move} | {r.entry for r in old.values() if r is not None}
    before = {p for p in problems if p[0] in touched}
    if not before:
        return None
    for key, reading in move:
        day.reread(key, reading)
    after = None
    if _problems(day, touched) < before:  # then the whole day: a square's time may matter
        after = _problems(day)
        after = after if after < problems else None
    for key, was in old.items():
        day.reread(key, was)
    return after


def _moves(day: Day, problems: set[Problem], memo: dict[MarkKey, list[Reading]]) -> Iterator[Move]:
    """Each doubtful mark (stray, or in a broken shape) read another way; then all marks
    sharing a label and reading together (one number typed wrong on a whole shape).
    `memo`: the candidates of each mark while the day reads as now (see _best_mend)."""

    def candidates(key: MarkKey) -> list[Reading]:
        if key not in memo:
            memo[key] = _candidates(day, key)
        return memo[key]

    broken = {n for n, _ in problems}
    together: dict[tuple[str, int, Reading | None], list[MarkKey]] = defaultdict(list)
    for key, mark in day.marks.items():
        now = day.reading[key]
        if now is None or now.entry in broken:
            together[mark.code, mark.entry, now].append(key)
    for keys in together.values():
        for key in keys:
            yield from ([(key, r)] for r in candidates(key))
    for keys in together.values():
        if len(keys) > 1:
            yield from ([(k, r) for k in keys] for r in candidates(keys[0]))


def _pairs(moves: list[Move]) -> Iterator[Move]:
    """Two doubtful marks read into one shape together: two typos in one shape, neither of
    which mends it alone. `moves`: what _moves gave."""
    wanted: dict[Reading, list[MarkKey]] = defaultdict(list)
    for move in moves:
        if len(move) == 1:
            wanted[move[0][1]].append(move[0][0])
    for reading, keys in wanted.items():
        for a, b in combinations(keys, 2):
            yield [(a, reading), (b, reading)]


def _best_mend(day: Day, problems: set[Problem]) -> Move | None:
    """The reading that mends the most; of equals, the first (the number kept first)."""
    # each _try leaves the day as it was: a mark's candidates are the same throughout, and
    # the moves _pairs pairs are those just tried (kept, not looked for again)
    memo: dict[MarkKey, list[Reading]] = {}
    singles: list[Move] = []
    best: tuple[int, Move] | None = None
    for move in _moves(day, problems, memo):
        singles.append(move)
        best = _better(day, move, problems, best)
    if best is None:
        for move in _pairs(singles):
            best = _better(day, move, problems, best)
    return None if best is None else best[1]


def _better(
    day: Day, move: Move, problems: set[Problem], best: tuple[int, Move] | None
) -> tuple[int, Move] | None:
    """`move` with the problems it leaves, if it mends more than `best`; else `best`."""
    after = _try(day, move, problems)
    if after is not None and (best is None or len(after) < best[0]):
        return len(after), move
    return best


def reread_marks(day: Day, problems: set[Problem] | None = None) -> None:
    """Mend shapes a mark (or a label, or two marks) at a time until nothing mends more.
    `problems`: the day's shape problems as it reads now, when the caller has them."""
    problems = _problems(day) if problems is None else problems
    while problems and (move := _best_mend(day, problems)) is not None:
        for key, reading in move:
            day.reread(key, reading)
        problems = _problems(day)


def swap_alike(
    day: Day,
) -> tuple[Day, list[Violation], list[tuple[int, int]], set[Problem] | None]:
    """Two entries of one code typed in each other's place (two moves, say) keep their
    codes, so the numbering cannot see it; but each one's squares are the other's shape.
    When trading their contents makes one shape whole and leaves the other no worse (it
    may hold a second mistake), they may have been swapped; one square's number typed wrong
    can look alike, so the caller also tries the day without it. Last, the day's shape
    problems (`_problems`) when no pair was swapped, None when the day changed."""
    out: list[Violation] = []
    pairs: list[tuple[int, int]] = []
    # every entry's shape verdict, asked once here for both the swaps and the problems
    verdicts = [(e, shape_rules(day, e)) for e in day.entries]
    broken = [e for e, found in verdicts if not e.missing and found]
    for a, b in combinations(broken, 2):
        if a.code != b.code or {a.number, b.number} & {n for pair in pairs for n in pair}:
            continue
        trial = [
            {a.number: b, b.number: a}.get(e.number, e)._replace(number=e.number)
            for e in day.entries
        ]
        other = Day(day.game, day.sheet, trial)
        before = _problems(day, (a.number, b.number))
        after = _problems(other, (a.number, b.number))
        if after < before and len({n for n, _ in after}) < 2:
            day = other
            pairs.append((a.number, b.number))
            out += [moved(day.by_number[n], day.sheet.log) for n in (b.number, a.number)]
    if pairs:
        return day, out, pairs, None
    return day, out, pairs, {(e.number, v.rule) for e, found in verdicts for v in found}
