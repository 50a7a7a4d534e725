"""Personal Space: one typed day as every rule reads it, and how a broken rule says where."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.games.space.model import Action, SpaceGame
from sheetsmith.games.space.sheet import EXPLORE_X, Cell, Entry, Mark, SpaceSheet

if TYPE_CHECKING:
    from sheetsmith.check.verdict import Violation

OWN, EXPLORED, CROSSED = "own", "explored", "crossed"  # what a square is to its entry
MarkKey = tuple[Cell, int]  # a square, and which of its marks (a square may hold two)


def coords(cells: Iterable[Cell]) -> str:
    return " ".join(f"({x},{y})" for x, y in sorted(cells, key=lambda c: (-c[1], c[0])))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def entry_where(entry: Entry, cells: Iterable[Cell] = ()) -> str:
    """`log 5 (N)`; an entry the grid numbers apart from where it was typed says both."""
    shown = coords(cells)
    typed = ""
    if entry.typed and entry.typed != entry.number:
        typed = f", typed {ordinal(entry.typed)}"
    label = f" ({entry.code}{typed})" if entry.code else ""  # a left-out entry may have none
    return f"log {entry.number}{label}" + (f", squares {shown}" if shown else "")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class Reading(NamedTuple):
    """Which entry a mark belongs to, and as what: its own shape or its move's explore."""

    entry: int
    role: str  # OWN, EXPLORED or CROSSED


@per_game
def _actions(game: SpaceGame) -> tuple[dict[str, Action], dict[str, str]]:
    """The actions by id, and their codes: read once per game, not once per Day."""
    return {a.id: a for a in game.actions}, {a.id: a.code for a in game.actions}


class Day:
    """Everything a rule needs to know about one sheet, computed once.

    `entries` are the log as the grid numbers it (see numbering.py). Each mark of the grid
    has a reading; a mark whose code or number was typed wrong may be read again
    (readings.py), so the squares are kept per reading and updated when one changes."""

    def __init__(self, game: SpaceGame, sheet: SpaceSheet, entries: Sequence[Entry]) -> None:
        self.game = game
        self.sheet = sheet
        self.entries = tuple(entries)
        self.size = game.sheet.grid
        self.by_number = {e.number: e for e in self.entries}
        self.action, self.codes = _actions(game)
        explore = self.codes.get("explore", "XP")
        self.explore_codes = (explore, EXPLORE_X)
        self.marks: dict[MarkKey, Mark] = {}
        self.reading: dict[MarkKey, Reading | None] = {}  # as the day is checked
        self.squares: dict[str, dict[int, list[Cell]]] = {
            role: defaultdict(list) for role in (OWN, EXPLORED, CROSSED)
        }
        # where each entry happens: a place ("" elsewhere, None unknown after a move left
        # out of the log) and the move that went there (0: the day starts there)
        self.place: dict[int, tuple[str | None, int]] = {}
        place: tuple[str | None, int] = (sheet.start_at, 0)
        for entry in self.entries:
            self.place[entry.number] = place
            if entry.action == "move":
                place = (None if entry.missing else entry.to, entry.number)
            elif entry.action == "rocket" and not entry.missing:  # at the launcher it flew to
                place = ("rocket", entry.number)
        # a move's emerge space as the map gives it, where the typed one differs
        self.emerge_at: dict[int, tuple[int, int]] = {}
        # moves one step over Speed, that yesterday's Exercise would allow
        self.one_over: set[int] = set()
        # a move's emerge that names a neighbor who does not live on that map: who the map
        # says it was (the neighbor whose house is at the typed space), "" if nobody
        self.emerge_who: dict[int, str] = {}
        self.underlined: dict[int, int] = defaultdict(int)
        # moves whose typed path the planet's map walks to their typed destination: their
        # length is proved, whatever squares were drawn (map_rules finds them)
        self.confirmed: set[int] = set()
        self.when: dict[Cell, int] = {}  # square -> the first entry that drew it
        # a rule's verdict on an entry's squares, by (rule, entry number), kept until a
        # mark is read again: the search for mistyped squares and the replays of the log
        # ask each the same, several times over
        self._known: dict[tuple[Callable[..., list[Violation]], int], list[Violation]] = {}
        self.held: dict[Cell, int] = {}  # square -> how many marks it holds
        # code -> the readings a square of that code could have (readings._fitting): the
        # entries are fixed for a day, so this holds while marks are read again
        self.fitting: dict[str, list[Reading]] = {}
        # each mark read as `read` and `_add` do, inline: a day is built for every reading
        # tried, and a sheet has three dozen marks. A day's readings are few (an entry's
        # own, its explore's): each is made once, and shared (they are immutable)
        by_number, underlined = self.by_number, self.underlined
        marks, readings, held, when = self.marks, self.reading, self.held, self.when
        squares = self.squares
        made: dict[tuple[int, str], Reading] = {}
        made_own: dict[int, Reading] = {}  # `made`'s OWN readings by number: no key tuple
        own = squares[OWN]
        for cell, cell_marks in sheet.squares:
            held[cell] = len(cell_marks)
            if len(cell_marks) == 1:  # the usual square: one mark, of its own entry
                mark = cell_marks[0]
                number = when[cell] = mark.entry  # a reading is of the mark's own entry
                key = (cell, 0)
                marks[key] = mark
                entry = by_number.get(number)
                if entry is not None and mark.code == entry.code:  # `role`'s first answer
                    reading = made_own.get(number)
                    if reading is None:
                        reading = made_own[number] = made[number, OWN] = Reading(number, OWN)
                    readings[key] = reading
                    own[number].append(cell)
                    if mark.underlined:
                        underlined[number] += 1
                    continue
                cell_marks_read: Iterable[tuple[int, Mark]] = ((0, mark),)
            else:
                when[cell] = min(mark.entry for mark in cell_marks)  # as _time gives it
                cell_marks_read = enumerate(cell_marks)
            for index, mark in cell_marks_read:
                key = (cell, index)
                marks[key] = mark
                number = mark.entry
                entry = by_number.get(number)
                role = None if entry is None else self.role(mark.code, entry)
                if role is None:
                    readings[key] = None
                    continue
                reading = made.get((number, role))
                if reading is None:
                    reading = made[number, role] = Reading(number, role)
                    if role == OWN:
                        made_own[number] = reading
                readings[key] = reading
                squares[role][number].append(cell)
                if role == OWN and mark.underlined:
                    underlined[number] += 1
        self.natural: dict[MarkKey, Reading | None] = dict(readings)  # as typed

    @property
    def own(self) -> dict[int, list[Cell]]:
        return self.squares[OWN]

    @property
    def explored(self) -> dict[int, list[Cell]]:
        return self.squares[EXPLORED]

    @property
    def crossed(self) -> dict[int, list[Cell]]:
        return self.squares[CROSSED]

    def role(self, code: str, entry: Entry) -> str | None:
        """What a square with this code is to this entry, or None if it cannot be its."""
        if code == entry.code:
            return OWN
        # explore squares belong to a move with explore rolls; a left-out move may have had them
        if entry.action != "move" or not (entry.explore or entry.missing):
            return None
        if code == EXPLORE_X:
            return CROSSED
        return EXPLORED if code == self.explore_codes[0] else None

    def read(self, mark: Mark) -> Reading | None:
        entry = self.by_number.get(mark.entry)
        role = None if entry is None else self.role(mark.code, entry)
        return None if role is None else Reading(mark.entry, role)

    def known(self, rule: Callable[[Day, Entry], list[Violation]], entry: Entry) -> list[Violation]:
        """`rule(self, entry)` for a rule that reads only the entry and the squares as read
        now, worked out once while no mark is read again (a new list: callers extend it)."""
        number = entry.number
        if self.by_number.get(number) is not entry:  # another day's entry (a trial)
            return rule(self, entry)
        key = (rule, number)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = rule(self, entry)
        return [*found] if found else []  # nearly always no verdict: no copy to make

    def reread(self, key: MarkKey, reading: Reading | None) -> None:
        self._known.clear()
        self._remove(key)
        self.reading[key] = reading
        self._add(key)
        self._time(key[0])

    def _add(self, key: MarkKey) -> None:
        reading = self.reading[key]
        if reading is None:
            return
        self.squares[reading.role][reading.entry].append(key[0])
        if reading.role == OWN and self.marks[key].underlined:
            self.underlined[reading.entry] += 1

    def _remove(self, key: MarkKey) -> None:
        reading = self.reading[key]
        if reading is None:
            return
        self.squares[reading.role][reading.entry].remove(key[0])
        if reading.role == OWN and self.marks[key].underlined:
            self.underlined[reading.entry] -= 1

    def _time(self, cell: Cell) -> None:
        readings = [(self.marks[cell, i], self.reading[cell, i]) for i in range(self.held[cell])]
        self.when[cell] = min(r.entry if r else mark.entry for mark, r in readings)

    def full_before(self, number: int) -> set[Cell]:
        return {cell for cell, when in self.when.items() if when < number}

    def full_by(self, number: int) -> set[Cell]:
        return {cell for cell, when in self.when.items() if when <= number}
