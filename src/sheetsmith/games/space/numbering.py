"""Personal Space: which log entry each number on the grid means, when the two disagree.

Every square carries its log entry's number, so the grid is a second record of the log: a
sequence of codes by number. When a whole entry is left out of the typed log, typed twice,
or typed in another entry's place, every later entry lands on the wrong number and each of
its squares would look wrong. Aligning the log to the grid's numbers (an edit distance with
the fewest left-out, extra and mismatched entries) finds the one entry that is off, and the
rest of the day is judged as numbered on the grid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from operator import itemgetter
from types import MappingProxyType
from typing import NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.sheet import EXPLORE_X, Entry, SpaceSheet, code_table
from sheetsmith.games.space.typed_day import coords, entry_where, ordinal

# Shapes that always draw at least one square: such an entry with no square is a mismatch.
MUST_DRAW = frozenset({"one", "move", "work", "exercise", "internet"})
# Costs, doubled to stay integers. An entry typed twice in a row costs less than any other
# extra entry, so that of two identical entries the second one is the extra.
MISMATCH, LEFT_OUT, EXTRA, TWICE = 2, 2, 2, 1
NEVER = 10**6  # a reading turned off
_NONE: Mapping[str, int] = MappingProxyType({})  # the codes of a number with no square
# The readings that one square's mistyped number can also explain, so the caller may turn
# each off and compare: entries left out after the log's last one, two entries swapped, an
# entry left out that drew no square (only the numbers after it show it).
AT_END, SWAP, BLIND = "at-end", "swap", "blind"


class Numbered(NamedTuple):
    entries: tuple[Entry, ...]  # in the grid's order, each with the grid's number
    extras: tuple[Entry, ...]  # typed, but numbered nowhere on the grid: left out of the day
    violations: tuple[Violation, ...]
    used: frozenset[str]  # of AT_END, SWAP, BLIND: the readings this numbering took
    swapped: tuple[tuple[int, int], ...]  # the numbers of entries typed in each other's place
    blind: int  # entries left out that drew no square


class _Grid(NamedTuple):
    codes: dict[int, dict[str, int]]  # entry number -> its squares' codes, counted (explore as M)
    cells: dict[int, list[tuple[int, int]]]
    length: int  # the numbers to align: up to the larger of the grid's and the log's


@per_game
def _move_codes(game: SpaceGame) -> tuple[str, frozenset[str]]:
    """The Move's code, and the codes of the explore squares a move draws."""
    explore = {EXPLORE_X, *(a.code for a in game.actions if a.shape == "explore")}
    return game.action("move").code, frozenset(explore)


def _grid(game: SpaceGame, sheet: SpaceSheet) -> _Grid:
    # counted in plain dicts (a Counter counts a new code through a Python __missing__)
    move, explore = _move_codes(game)
    codes: dict[int, dict[str, int]] = {}
    cells: dict[int, list[tuple[int, int]]] = {}
    for cell, marks in sheet.squares:
        for mark in marks:
            number = mark.entry
            if number >= 1:  # a 0 can only be a square's typo, never an entry
                code = move if mark.code in explore else mark.code
                found = codes.get(number)
                if found is None:
                    codes[number] = {code: 1}
                    cells[number] = [cell]
                else:
                    found[code] = found.get(code, 0) + 1
                    cells[number].append(cell)
    return _Grid(codes, cells, max([len(sheet.log), *codes]))


def _fits(game: SpaceGame, entry: Entry, codes: Mapping[str, int]) -> bool:
    if not codes:
        return game.action(entry.action).shape not in MUST_DRAW
    return entry.code in codes


def _same(a: Entry, b: Entry) -> bool:
    return a._replace(number=0, typed=0) == b._replace(number=0, typed=0)


def _gap(grid: _Grid, j: int, off: frozenset[str]) -> int:
    """The cost of number j having no entry in the log (before the log's end)."""
    return LEFT_OUT if grid.codes.get(j) or BLIND not in off else NEVER


def _costs(
    game: SpaceGame, log: Sequence[Entry], grid: _Grid, off: frozenset[str]
) -> list[list[int]]:
    """cost[i][j]: the fewest mistakes aligning log[i:] with the numbers j+1 and up."""
    n, m = len(log), grid.length
    extra = [TWICE if i and _same(log[i], log[i - 1]) else EXTRA for i in range(n)]
    cost = [[0] * (m + 1) for _ in range(n + 1)]
    for j in range(m - 1, -1, -1):  # numbers after the log: only drawn ones are mistakes
        cost[n][j] = cost[n][j + 1] + (LEFT_OUT if grid.codes.get(j + 1) else 0)
    for i in range(n - 1, -1, -1):
        cost[i][m] = cost[i + 1][m] + extra[i]
        for j in range(m - 1, -1, -1):
            fits = _fits(game, log[i], grid.codes.get(j + 1, _NONE))
            cost[i][j] = min(
                (0 if fits else MISMATCH) + cost[i + 1][j + 1],
                _gap(grid, j + 1, off) + cost[i][j + 1],
                extra[i] + cost[i + 1][j],
            )
    return cost


def _walk(
    game: SpaceGame, log: Sequence[Entry], grid: _Grid, off: frozenset[str]
) -> tuple[dict[int, int], list[int], list[int]]:
    """The cheapest alignment, matching early entries first: entry index -> number, the
    extra entries' indexes, the numbers left out."""
    cost = _costs(game, log, grid, off)
    n, m = len(log), grid.length
    number: dict[int, int] = {}
    extras: list[int] = []
    left_out: list[int] = []
    i = j = 0
    while i < n and j < m:
        fits = _fits(game, log[i], grid.codes.get(j + 1, _NONE))
        if cost[i][j] == (0 if fits else MISMATCH) + cost[i + 1][j + 1]:
            number[i] = j + 1
            i, j = i + 1, j + 1
        elif cost[i][j] == _gap(grid, j + 1, off) + cost[i][j + 1]:
            left_out.append(j + 1)
            j += 1
        else:
            extras.append(i)
            i += 1
    extras += range(i, n)
    # numbers drawn right after the log's last entry may be entries left out at its end; a
    # number further on, after an empty one, can only be a square's typo (grid.unlogged)
    while AT_END not in off and j < m and grid.codes.get(j + 1):
        left_out.append(j + 1)
        j += 1
    return number, extras, left_out


def _swaps(
    game: SpaceGame, log: Sequence[Entry], grid: _Grid, number: dict[int, int]
) -> list[tuple[int, int]]:
    """Two mismatched entries that fit each other's number were typed in each other's place:
    the pairs of log indexes, their numbers traded."""
    empty = _NONE
    wrong = [i for i in number if not _fits(game, log[i], grid.codes.get(number[i], empty))]
    pairs: list[tuple[int, int]] = []
    for a, b in combinations(wrong, 2):
        if {a, b} & {i for pair in pairs for i in pair}:
            continue
        if _fits(game, log[a], grid.codes.get(number[b], empty)) and _fits(
            game, log[b], grid.codes.get(number[a], empty)
        ):
            number[a], number[b] = number[b], number[a]
            pairs.append((a, b))
    return pairs


def _left_out_entry(game: SpaceGame, number: int, codes: Mapping[str, int]) -> Entry:
    table = code_table(game)
    by_count = sorted(codes.items(), key=itemgetter(1), reverse=True)  # most_common
    code = next((c for c, _ in by_count if c in table), "")
    return Entry(number=number, code=code, action=table.get(code, ""), typed=0)


def _in_step(game: SpaceGame, log: Sequence[Entry], grid: _Grid) -> bool:
    """The log and the grid agree entry by entry: each entry, typed in place (the parser
    numbers them so), fits the squares of its number, and the grid numbers none past them."""
    if grid.length != len(log):
        return False
    codes = grid.codes
    # `_fits` spelled out, as a loop: asked of every entry of every day
    for index, entry in enumerate(log, start=1):
        if not entry.number == entry.typed == index:
            return False
        found = codes.get(index)
        if found:
            if entry.code not in found:
                return False
        elif game.action(entry.action).shape in MUST_DRAW:
            return False
    return True


def number_log(game: SpaceGame, sheet: SpaceSheet, off: frozenset[str] = frozenset()) -> Numbered:
    """The log as the grid numbers it, without the readings in `off`."""
    log = sheet.log
    grid = _grid(game, sheet)
    if _in_step(game, log, grid):
        # every entry fits its own number and no number is past the log: the alignment
        # costs nothing there, and nothing else does, so it is the one the search finds
        return Numbered(tuple(log), (), (), frozenset(), (), 0)
    number, extras, left_out = _walk(game, log, grid, off)
    pairs = _swaps(game, log, grid, number) if SWAP not in off else []
    entries = [log[i]._replace(number=number[i]) for i in number]
    entries += [_left_out_entry(game, j, grid.codes.get(j, _NONE)) for j in left_out]
    entries.sort(key=lambda e: e.number)
    out = [_left_out(e, grid) for e in entries if e.missing]
    swapped = sorted(i for pair in pairs for i in pair)
    out += [moved(log[i]._replace(number=number[i]), log) for i in swapped]
    out += [_extra(log[i], number) for i in extras]
    last = max(number.values(), default=0)
    blind = sum(1 for j in left_out if j < last and not grid.codes.get(j))
    used = {AT_END: any(j > last for j in left_out), SWAP: bool(pairs), BLIND: bool(blind)}
    return Numbered(
        tuple(entries),
        tuple(log[i] for i in extras),
        tuple(out),
        frozenset(k for k, v in used.items() if v),
        tuple((number[b], number[a]) for a, b in pairs),
        blind,
    )


def _left_out(entry: Entry, grid: _Grid) -> Violation:
    cells = grid.cells.get(entry.number, [])
    drawn = (
        f"the grid has {entry.code}{entry.number} at {coords(cells)}"
        if cells
        else f"the grid numbers the entries after it from {entry.number + 1} (this one drew "
        "no square, as Eat)"
    )
    return Violation(
        "log.missing",
        entry_where(entry, cells),
        f"{drawn}, but the log has no entry {entry.number}: an entry left out of the log "
        "(the day is checked with the grid's numbers)",
    )


def moved(entry: Entry, log: Sequence[Entry]) -> Violation:
    """One of two entries typed in each other's place, reported where it is typed."""
    other = log[entry.number - 1] if entry.number <= len(log) else None
    instead = f"; log {entry.number} is typed with {other.code} instead" if other else ""
    return Violation(
        "log.order",
        entry_where(entry),
        f"typed as the {ordinal(entry.typed)} entry, but the grid numbers it {entry.number}"
        f"{instead}: two entries swapped, the day is checked in the grid's order",
    )


def _extra(entry: Entry, number: dict[int, int]) -> Violation:
    later = [number[i] for i in sorted(number) if i + 1 > entry.typed]  # i: a table index
    shifted = (
        f"the entry typed after it is numbered {later[0]} on the grid"
        if later
        else f"the grid numbers no entry after log {entry.typed - 1}"
    )
    return Violation(
        "log.extra",
        entry_where(entry),
        f"{shifted}, so this {entry.code} is an entry typed twice or by mistake: the day is "
        "checked without it",
    )
