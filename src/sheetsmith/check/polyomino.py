"""Shapes drawn on a grid: one-sided polyomino matching, connectivity, lines.

Personal Space draws each move's path onto the daily grid "rotated, but not inverted":
two shapes match when one is a rotation of the other (one-sided polyominoes), and a
mirror image is a distinct, reportable mistake.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]  # (column, row); row grows upwards
Shape = tuple[Cell, ...]  # normalised: sorted, translated so min column and row are 0

STEPS = {"U": (0, 1), "D": (0, -1), "L": (-1, 0), "R": (1, 0)}


def normalise(cells: Iterable[Cell]) -> Shape:
    cells = list(cells)
    if not cells:
        return ()
    min_x = min([x for x, _ in cells])
    min_y = min([y for _, y in cells])
    return tuple(sorted({(x - min_x, y - min_y) for x, y in cells}))


def _rotate(cells: Iterable[Cell]) -> Shape:
    # A quarter turn clockwise: (x, y) -> (y, -x).
    return normalise((y, -x) for x, y in cells)


def _mirror(cells: Iterable[Cell]) -> Shape:
    return normalise((-x, y) for x, y in cells)


def rotations(cells: Iterable[Cell]) -> tuple[Shape, ...]:
    """The distinct rotations of a shape (1, 2 or 4 of them)."""
    shape = normalise(cells)
    found = [shape]
    for _ in range(3):
        shape = _rotate(shape)
        if shape not in found:
            found.append(shape)
    return tuple(found)


def same_shape(a: Iterable[Cell], b: Iterable[Cell]) -> bool:
    """True when `b` is `a` turned by 0, 90, 180 or 270 degrees (never flipped)."""
    # `normalise(b) in rotations(a)`, compared as sets moved to the origin (no sorting) and
    # stopping at the first turn that matches: a day asks it of every move it replays
    target = _at_origin(list(b))
    cells = list(a)
    if len(set(cells)) != len(target):  # no turn changes the count: the quick no
        return False
    for _ in range(4):
        if _at_origin(cells) == target:
            return True
        cells = [(y, -x) for x, y in cells]
    return False


def turns(cells: Iterable[Cell]) -> frozenset[frozenset[Cell]]:
    """The shape turned by 0, 90, 180 and 270 degrees, each as a set moved to the origin:
    `same_shape(a, b)` is `at_origin(b) in turns(a)`, for a shape compared many times."""
    found = []
    shape = list(cells)
    for _ in range(4):
        found.append(frozenset(_at_origin(shape)))
        shape = [(y, -x) for x, y in shape]
    return frozenset(found)


def at_origin(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The set of cells moved so its lowest column and row are 0."""
    return frozenset(_at_origin(list(cells)))


def _at_origin(cells: list[Cell]) -> set[Cell]:
    if not cells:
        return set()
    min_x = min([x for x, _ in cells])
    min_y = min([y for _, y in cells])
    return {(x - min_x, y - min_y) for x, y in cells}


def mirrored(a: Iterable[Cell], b: Iterable[Cell]) -> bool:
    """True when `b` is a flipped `a` that no rotation can produce: drawn inverted."""
    a_shape = normalise(a)
    return not same_shape(a_shape, b) and normalise(b) in rotations(_mirror(a_shape))


def connected(cells: Iterable[Cell]) -> bool:
    """True when every cell can reach every other through shared edges."""
    remaining = set(cells)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        x, y = stack.pop()
        for dx, dy in STEPS.values():
            neighbour = (x + dx, y + dy)
            if neighbour in remaining:
                remaining.remove(neighbour)
                stack.append(neighbour)
    return not remaining


def in_one_line(cells: Iterable[Cell]) -> bool:
    """True when all cells share one row or one column."""
    cells = list(cells)
    return bool(cells) and (len({x for x, _ in cells}) == 1 or len({y for _, y in cells}) == 1)


def path_cells(start: Cell, steps: str) -> tuple[Cell, ...]:
    """The cells a path visits, start included, from steps such as "RRU" (U is up).

    Raises ValueError for a letter other than U, D, L, R.
    """
    x, y = start
    visited = [(x, y)]
    for step in steps.upper():
        if step not in STEPS:
            raise ValueError(f"unknown step {step!r}: use U, D, L or R")
        dx, dy = STEPS[step]
        x, y = x + dx, y + dy
        visited.append((x, y))
    return tuple(visited)
