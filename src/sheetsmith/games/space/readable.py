"""Personal Space read from a photo: the daily sheet as a readable page, and the typed
day built from what was read off it.

What a photo can tell is marks, not handwriting. Mark keys:

- "day:<day>": the day's pill, circled (kind "circle");
- "speed:<n>", "energy:<n>", "mood:<n>": a tracker value's box, circled ("circle");
- "grid:<column>,<row>": a grid square (columns 1..6 left to right, rows 1..6 bottom to
  top, as the sheet's axes), holding ink or not ("square").

The typed day gets the circled day and trackers; every inked square is typed `??`, which
`check` refuses, naming the square, until the player types the letter code and log
number written in it. The log, job, money and pockets are handwriting: left for the
player, as `new-sheet` leaves them.
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetsmith.check.schema import schema_directive
from sheetsmith.games.space.blank import (
    EXERCISED,
    grid_how,
    job_lines,
    log_how,
    planet_lines,
    start_how,
)
from sheetsmith.games.space.daily import PAGE, readable_daily_page, tracker_key
from sheetsmith.games.space.model import SpaceGame, Tracker
from sheetsmith.games.space.sheet import INKED
from sheetsmith.photo.marks import ReadablePage, Reading
from sheetsmith.print.paper import paper
from sheetsmith.toml.node import TO_TYPE

UNCERTAIN = 0.8  # as for My Corner of the Sky: below this, a reading is flagged


def readable(game: SpaceGame, paper_name: str) -> tuple[ReadablePage, ...]:
    """The daily sheet as laid out on `paper_name`, with every mark a player makes."""
    return (readable_daily_page(game, paper(paper_name))[1],)


def _doubt(reading: Reading | None, what: str) -> str | None:
    if reading is not None and reading.confidence < UNCERTAIN:
        state = "marked" if reading.filled else "empty"
        return f"{what} read {state} ({reading.percent / 100:.2f})"
    return None


def _circled(
    marks: Mapping[str, Reading], keys: list[tuple[str, str]], what: str
) -> tuple[list[str], list[str]]:
    """The values whose marks are circled, and the notes on uncertain ones; `keys` are
    (mark key, value) pairs."""
    circled, notes = [], []
    for key, value in keys:
        reading = marks.get(key)
        if reading is not None and reading.filled:
            circled.append(value)
        note = _doubt(reading, f"{what} {value}")
        if note:
            notes.append(note)
    return circled, notes


def _tracker(marks: Mapping[str, Reading], tracker: Tracker) -> tuple[int, int, list[str]]:
    """A tracker's start and end from its circled values. The photo cannot tell the order
    they were circled in: one circle is the end, the day starting at the printed start
    (▲); two circles, one of them the ▲ value, are the start and the end; anything else is
    typed as the printed start. Each is flagged where the photo cannot know: a start
    carried over from yesterday, a value that went up and came back."""
    name = tracker.name.lower()
    keys = [(tracker_key(tracker, v), str(v)) for v in range(tracker.min, tracker.max + 1)]
    found, notes = _circled(marks, keys, name)
    values = [int(v) for v in found]
    start = tracker.start
    if len(values) == 1:
        if values[0] != start:
            notes.append(
                f"{name} {values[0]} circled: typed as the end, the day starting at ▲ {start};"
                " a start carried over from yesterday: type it"
            )
        return start, values[0], notes
    if len(values) == 2 and start in values:
        other = values[0] if values[1] == start else values[1]
        notes.append(
            f"{name} {start} and {other} circled: typed as start {start}, end {other};"
            f" if it came back to {start}, type that end"
        )
        return start, other, notes
    if not values:
        notes.append(f"no {name} value read circled: type the start and end")
    else:
        shown = ", ".join(str(v) for v in values)
        notes.append(f"{name} {shown} read circled: type which was the start and the end")
    return start, start, notes


def from_marks(game: SpaceGame, readings: Mapping[str, Mapping[str, Reading]]) -> str:
    """The typed day (TOML) from {page: {mark key: Reading}}: the circled day and
    trackers, every inked square as `??` to type, uncertain marks flagged in comments."""
    sheet = game.sheet
    marks = readings.get(PAGE, {})
    out = [
        *schema_directive(game.info.id),
        "# Read from a photo by sheetsmith: look at every line marked uncertain; type what",
        "# is handwritten: the letter codes of the inked squares (??), the money (??), the",
        "# log, and the job, planet and pockets if the day had them.",
    ]
    if not marks:
        out.append(f"# the {PAGE} was not read: every mark is typed empty.")
    out += [
        f'game = "{game.info.id}"',
        'player = ""   # your name, the same on every day\'s sheet (days are checked together)',
    ]
    days, notes = _circled(marks, [(f"day:{d}", d) for d in sheet.days], "day")
    if len(days) != 1:
        shown = ", ".join(days) if days else "none"
        notes.append(f"day circled: {shown}; type the day")
    day = days[0] if len(days) == 1 else ""
    out.append(_with(f'day = "{day}"', notes))
    out += [
        *job_lines(game),
        EXERCISED,
        *planet_lines(game),
        "",
        "# The trackers: the start is the printed start (▲) unless two values are circled.",
        f"# Money is handwritten: type it where the {TO_TYPE} are.",
        *start_how(game),
    ]
    start, end, notes = [], [], []
    for tracker in (sheet.speed, sheet.energy, sheet.mood):
        first, last, said = _tracker(marks, tracker)
        name = tracker.name.lower()
        start.append(f"{name} = {first}")
        end.append(f"{name} = {last}")
        notes += said
    money = f'money = "{TO_TYPE}"'
    out += [f"# uncertain: {note}" for note in notes]
    out += [
        f'start = {{ {", ".join(start)}, {money}, at = "home" }}',
        f"end = {{ {', '.join(end)}, {money} }}",
        f'pockets = []   # what your {sheet.pockets} pockets hold at the end, e.g. ["fish"]',
        "",
    ]
    size = sheet.grid
    rows, inked, doubts = [], [], []
    for row in range(size, 0, -1):
        tokens = []
        for column in range(1, size + 1):
            reading = marks.get(f"grid:{column},{row}")
            if reading is not None and reading.filled:
                tokens.append(INKED)
                inked.append(f"({column},{row})")
            else:
                tokens.append(".")
            note = _doubt(reading, f"square ({column},{row})")
            if note:
                doubts.append(note)
        rows.append(" ".join(t.ljust(2) for t in tokens).rstrip())
    out.append(f"# The grid, top row first: {INKED} = a square holding ink in the photo.")
    out += grid_how(game)
    if inked:
        out.append("# type the code of square " + ", ".join(inked))
    out += [f"# uncertain: {note}" for note in doubts]
    out += ['grid = """', *rows, '"""', ""]
    out += log_how(game)
    return "\n".join(out) + "\n"


def _with(entry: str, notes: list[str]) -> str:
    return entry if not notes else f"{entry}   # uncertain: {'; '.join(notes)}"
