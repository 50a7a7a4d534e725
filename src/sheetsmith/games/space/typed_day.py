"""Personal Space: one typed day as every rule reads it, and how a broken rule says where."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.sheet import EXPLORE_X, Cell, Entry, Mark, SpaceSheet


def coords(cells: Iterable[Cell]) -> str:
    return " ".join(f"({x},{y})" for x, y in sorted(cells, key=lambda c: (-c[1], c[0])))


def entry_where(entry: Entry, cells: Iterable[Cell] = ()) -> str:
    shown = coords(cells)
    return f"log {entry.number} ({entry.code})" + (f", squares {shown}" if shown else "")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class Day:
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
