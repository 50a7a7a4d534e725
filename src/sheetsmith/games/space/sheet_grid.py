"""The grid of a typed Personal Space day: each square's letter code and log entry number
(`M1 M1 W2`), as many per square as were drawn there (`M3/XP3`)."""

from __future__ import annotations

import re
from typing import NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.toml.node import TO_TYPE, Node, suggest

EXPLORE_X = "X"  # a failed explore with both squares full: an X anywhere, numbered by its move
EMPTY = frozenset({".", "-"})
# what a sheet read from a photo types in a square that holds ink: the player types its code
INKED = TO_TYPE
_TOKEN = re.compile(r"^([A-Za-z]+)([0-9]+)(_?)$")

Cell = tuple[int, int]  # (column, row) as printed on the sheet's axes: 1..6, row 1 at the bottom


class Mark(NamedTuple):
    """One code written in a square: `M3_` is code M, log entry 3, underlined (TRAIN)."""

    code: str
    entry: int
    underlined: bool = False


def code_table(game: SpaceGame) -> dict[str, str]:
    """Letter code -> action id, for every action logged as an entry of its own.

    Explore, Run and Train happen during a Move and are typed inside its entry."""
    return {
        a.code: a.id
        for a in game.actions
        if a.shape not in ("explore", "underline") and a.id != "run"
    }


class _Codes(NamedTuple):
    known: tuple[str, ...]  # every code a grid square may hold
    move: str  # the Move's code, the one a square may underline
    known_set: frozenset[str]  # `known`, to look a code up in
    usual: dict[str, tuple[Mark, ...]]  # a square as usually typed (`M3`, `M3_`): its mark


USUAL_NUMBERS = 40  # log numbers 0..39 in `_Codes.usual`: more than a day has entries


@per_game
def _codes(game: SpaceGame) -> _Codes:
    known = (*code_table(game), EXPLORE_X, *(a.code for a in game.actions if a.shape == "explore"))
    move = game.action("move").code
    # Every square spelled the usual way (a known code in capitals, a number without
    # leading zeros), with the mark _TOKEN reads from it: made once per game from the
    # definition alone, so a sheet's squares are looked up, not matched one by one
    usual = {
        f"{code}{number}": (Mark(code, number, False),)
        for code in known
        if code.isascii() and code.isalpha() and code.isupper()
        for number in range(USUAL_NUMBERS)
    }
    if move.isascii() and move.isalpha() and move.isupper():
        usual |= {f"{move}{n}_": (Mark(move, n, True),) for n in range(USUAL_NUMBERS)}
    return _Codes(known, move, frozenset(known), usual)


def read_grid(node: Node, game: SpaceGame) -> tuple[tuple[Cell, tuple[Mark, ...]], ...]:
    """Every square that holds a mark, top row first; problems recorded at their row's line."""
    size = game.sheet.grid
    codes = _codes(game)
    if node.missing:
        node.fail(f"required: the {size}x{size} grid, top row first")
        return ()
    text = node.str()
    if text is None:
        return ()
    lines = text.replace("\r", "").split("\n")
    rows = [(index, line.split()) for index, line in enumerate(lines) if line.strip()]
    if len(rows) != size:
        node.fail(f"expected {size} rows of {size} squares (top row first), got {len(rows)}")
    squares: list[tuple[Cell, tuple[Mark, ...]]] = []
    # a square typed right, read once: shapes repeat it (the usual spellings are read already)
    read = codes.usual
    for number, (index, tokens) in enumerate(rows[:size], start=1):
        if len(tokens) != size:
            where = f"row {size + 1 - number} (line {number} of the grid)"
            node.fail_row(index, f"{where}: expected {size} squares, got {len(tokens)}")
            continue
        y = size + 1 - number
        for column, token in enumerate(tokens, start=1):
            if token in EMPTY:
                continue
            marks = read.get(token)
            if marks is None:
                # one mark typed right (`M3`, `M3_`), read here; any other in _square
                found = _TOKEN.match(token)
                if (
                    found is not None
                    and (code := found[1].upper()) in codes.known_set
                    and (not found[3] or code == codes.move)
                ):
                    marks = (Mark(code, int(found[2]), bool(found[3])),)
                else:
                    marks = _square(node, index, token, column, number, size, codes)
            if marks:
                squares.append(((column, y), marks))
    return tuple(squares)


class _Where:
    """`row 4 (line 3 of the grid)`, spelled out only when a problem is recorded: a valid
    grid's squares never need it."""

    __slots__ = ("number", "size")

    def __init__(self, size: int, number: int) -> None:
        self.size, self.number = size, number

    def __format__(self, spec: str) -> str:
        return f"row {self.size + 1 - self.number} (line {self.number} of the grid)"


def _square(
    node: Node, index: int, token: str, column: int, number: int, size: int, codes: _Codes
) -> tuple[Mark, ...]:
    """The marks typed in one square (row `number` of the grid, top first), each mistake
    recorded at the row's line."""
    known, move = codes.known, codes.move
    where = _Where(size, number)
    marks = []
    for part in token.split("/") if "/" in token else (token,):
        found = _TOKEN.match(part)
        if part == INKED:
            node.fail_row(
                index,
                f"{where}, column {column}: square ({column},{size + 1 - number}) "
                "holds ink in the photo: type the letter code and log number written "
                'in it (such as "M3"), or "." if it is empty',
            )
            continue
        if not found:
            node.fail_row(
                index,
                f"{where}, column {column}: {part!r} is not a letter code and a log "
                'number such as "M3" (or "." for an empty square)',
            )
            continue
        code, entry, underline = found[1].upper(), int(found[2]), bool(found[3])
        if code not in known:
            node.fail_row(
                index,
                f"{where}, column {column}: unknown letter code {code!r}{suggest(code, known)}",
            )
            continue
        if underline and code != move:
            node.fail_row(
                index, f"{where}, column {column}: only {move} squares are underlined (TRAIN)"
            )
            continue
        marks.append(Mark(code, entry, underline))
    return tuple(marks)
