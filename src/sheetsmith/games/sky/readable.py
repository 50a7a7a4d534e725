"""My Corner of the Sky read from photos: the two game pages as readable pages, and the
typed sheet built from what was read off them.

Mark keys map onto the typed sheet (shared/spec/my-corner-of-the-sky-sheet.md):

- "star:<x>,<y>": a star map point, model coordinates (x 0..10 left to right, y 0..10
  bottom to top), kind "point";
- "articles.<id>:<i>", "abilities.<id>:<i>", "supporters.<id>:<i>", "schedule.<day>:<i>":
  the i-th cost box (from 0, in printed order), kind "box";
- "articles.<id>.reward:number|major|minor": the three rewards to circle, kind "circle"
  (a circled point, major or minor, is typed "point").
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetsmith.check.schema import schema_directive
from sheetsmith.games.sky.game_page import readable_game_page
from sheetsmith.games.sky.model import SkyGame
from sheetsmith.games.sky.sheet import printed_article, printed_upgrade
from sheetsmith.games.sky.star_map import point_key, point_label
from sheetsmith.games.sky.tables import REWARDS
from sheetsmith.games.sky.upgrades_page import readable_upgrades_page
from sheetsmith.photo.marks import ReadablePage, Reading
from sheetsmith.print.paper import paper

PAGES = ("game-page", "upgrades")
# below this a reading is flagged for the player to look at; above it the photo reader is
# right well over 99.5% of the time (bench/README.md)
UNCERTAIN = 0.8


def readable(game: SkyGame, paper_name: str) -> tuple[ReadablePage, ...]:
    """Pages 1 and 2 as laid out on `paper_name`, with every mark a player fills."""
    sheet = paper(paper_name)
    return (readable_game_page(game, sheet)[1], readable_upgrades_page(game, sheet)[1])


class _Marks:
    """The readings of every page, looked up by key; what was unsure, or not read at all,
    collected for the comments."""

    def __init__(self, readings: Mapping[str, Mapping[str, Reading]]) -> None:
        self.readings: dict[str, Reading] = {}
        for marks in readings.values():
            self.readings.update(marks)

    def get(self, key: str) -> Reading | None:
        return self.readings.get(key)

    def filled(self, key: str) -> bool:
        reading = self.readings.get(key)
        return reading is not None and reading.filled

    def doubt(self, key: str, what: str) -> str | None:
        """A note for an uncertain reading of `key` ("star 3,4"), None if it is sure."""
        reading = self.readings.get(key)
        if reading is None:
            return None  # its page was not read: said once, at the top
        if reading.confidence < UNCERTAIN:
            state = "filled" if reading.filled else "empty"
            return f"{what} read {state} ({reading.percent / 100:.2f})"
        return None


def _boxes(marks: _Marks, key: str, count: int, what: str) -> tuple[str, list[str]]:
    """A cost's typed boxes ("x . x") and its uncertain boxes."""
    typed, notes = [], []
    for i in range(count):
        typed.append("x" if marks.filled(f"{key}:{i}") else ".")
        note = marks.doubt(f"{key}:{i}", f"{what} box {i + 1}")
        if note:
            notes.append(note)
    return " ".join(typed), notes


def _line(entry: str, notes: list[str], pad: int = 0, printed: str = "") -> str:
    """A typed line, with what is printed beside it (as new-sheet has it, so the line is
    matched to its card by eye) and its uncertain readings."""
    said = [printed] if printed else []
    if notes:
        said.append("uncertain: " + "; ".join(notes))
    if not said:
        return entry
    return entry.ljust(pad) + "  # " + "; ".join(said)


def from_marks(game: SkyGame, readings: Mapping[str, Mapping[str, Reading]]) -> str:
    """The typed sheet (TOML) from {page: {mark key: Reading}}; a mark read with less
    than `UNCERTAIN` confidence is flagged in a comment beside its value, a page not read
    is said at the top (its marks are typed empty)."""
    marks = _Marks(readings)
    size = game.star_map.size
    out = [
        *schema_directive(game.info.id),
        "# Read from photos by sheetsmith: look at every line marked uncertain, then check.",
    ]
    for number, page in enumerate(PAGES, 1):
        if page not in readings:  # named as printed, as the warning names it
            out.append(f"# page {number} of {len(PAGES)} was not read: its marks are typed empty.")
    out += [f'game = "{game.info.id}"', 'player = ""   # your name; empty: the file name', ""]
    top = game.star_map.coordinates
    out.append("# The star map, top row first: x = filled point, . = empty.")
    out.append(
        f"# Rows 1, 3, ..., {size} are the major rows labelled {top}, {top - 1}, ..., 1;"
        " the rows between are minor."
    )
    rows, doubts = [], []
    for y in range(size - 1, -1, -1):
        row = []
        for x in range(size):
            key = point_key(x, y)
            row.append("x" if marks.filled(key) else ".")
            note = marks.doubt(key, f"{point_label(x, y)} (typed row {size - y}, point {x + 1})")
            if note:
                doubts.append(note)
        rows.append(" ".join(row))
    out += [f"# uncertain: {note}" for note in doubts]
    out += ['star_map = """', *rows, '"""']
    for table, upgrades in (("abilities", game.abilities), ("supporters", game.supporters)):
        out += ["", f"[{table}]"]
        for upgrade in upgrades:
            if upgrade.start:
                continue
            typed, notes = _boxes(marks, f"{table}.{upgrade.id}", len(upgrade.cost), upgrade.id)
            entry = f'{upgrade.id} = "{typed}"'
            out.append(_line(entry, notes, 32, printed_upgrade(upgrade)))
    out += ["", "[articles]"]
    for article in game.articles:
        key = f"articles.{article.id}"
        typed, notes = _boxes(marks, key, len(article.cost), article.id)
        reward, reward_notes = _reward(marks, key, article.reward)
        entry = f'{article.id} = {{ cost = "{typed}", reward = "{reward}" }}'
        out.append(_line(entry, notes + reward_notes, 50, printed_article(article)))
    out += ["", "[schedule]"]
    for day in game.schedule.days:
        typed, notes = _boxes(marks, f"schedule.{day}", len(game.schedule.boxes), day)
        out.append(_line(f'{day} = "{typed}"', notes, 24))
    return "\n".join(out) + "\n"


def _reward(marks: _Marks, key: str, printed: int) -> tuple[str, list[str]]:
    """The typed reward from the three circles: the number, "point" (major or minor), or
    "" for none; two circled is flagged and the surer one typed."""
    circled = []
    notes = []
    for which in REWARDS:
        mark = f"{key}.reward:{which}"
        reading = marks.get(mark)
        if reading is not None and reading.filled:
            circled.append((reading.confidence, which))
        shown = str(printed) if which == "number" else f"{which} point"  # as printed
        note = marks.doubt(mark, f"reward {shown}")
        if note:
            notes.append(note)
    if not circled:
        return "", notes
    if len(circled) > 1:
        notes.append("more than one reward read circled: " + ", ".join(w for _, w in circled))
    best = max(circled)[1]
    return (str(printed) if best == "number" else "point"), notes
