"""The blank typed Personal Space daily sheet that `sheetsmith new-sheet` prints."""

from __future__ import annotations

import textwrap

from sheetsmith.check.schema import schema_directive
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.sheet import EXPLORE_X, code_table
from sheetsmith.games.space.sheet_places import PLACES


def _comment(text: str) -> list[str]:
    return textwrap.wrap(text, 92, initial_indent="# ", subsequent_indent="# ")


def job_lines(game: SpaceGame) -> list[str]:
    jobs = ", ".join(f'"{j.id}"' for j in game.jobs)
    return ['job = ""   # the job on your postcard; "" for none', *_comment(f"jobs: {jobs}")]


EXERCISED = "exercised_yesterday = false   # true if yesterday's sheet has an Exercise (+1 move)"


def planet_lines(game: SpaceGame) -> list[str]:
    planets = ", ".join(f'"{p.id}"' for p in game.planets)
    return [
        *_comment(
            f"planet: the map id of your planet ({planets}); every place of the day is then "
            'checked on the map. Left "", the day is checked without the map.'
        ),
        'planet = ""',
    ]


def start_how(game: SpaceGame) -> list[str]:
    """What `start.at` (and `start.space`) may say."""
    neighbors = ", ".join(f'"{n.id}"' for n in game.neighbors)
    places = ", ".join(f'"{p}"' for p in PLACES)
    return [
        *_comment(
            f'at: where the day starts: {places}, a neighbor\'s house ({neighbors}), or "" '
            "for anywhere else."
        ),
        *_comment(
            'With a planet, start may also say space = "B2": the space the day starts on '
            "(else where at stands)."
        ),
    ]


def grid_how(game: SpaceGame) -> list[str]:
    """How a grid square is typed: code and log number, the underline, explore squares."""
    names = {a.id: a for a in game.actions}
    move, explore = names["move"].code, names["explore"].code
    return _comment(
        "Each square: its letter code and log entry number (M1, W2, ...), or . if empty. "
        f"{move}3_ is an underlined {move} (TRAIN). A failed explore's square is "
        f"{explore}n, and the X drawn when both squares were full is {EXPLORE_X}n, n "
        "being the Move's entry. A square holding two codes: M1/W2."
    )


def log_how(game: SpaceGame) -> list[str]:
    """What a log entry holds, with an example entry (commented out)."""
    names = {a.id: a for a in game.actions}
    legend = ", ".join(f"{code} {names[action].name}" for code, action in code_table(game).items())
    move = names["move"].code
    return [
        *_comment(
            "The log, one [[log]] per entry, in order (entry 1 first). Every entry has a "
            f"code: {legend}."
        ),
        *_comment(
            "Any entry may add money = -2 (spent) or 6 (earned); speed, energy or mood = "
            '+1 or -1 (items, events; Eat gives energy +1 by itself); note = "...".'
        ),
        *_comment(
            f'A Move ({move}): path = its steps on the map, U D L R ("R R U"); to = where it '
            'ends (a place or a neighbor\'s house, "" elsewhere; with a planet also "store" '
            'or a space, "D4"); run = extra spaces run '
            "(1 Speed each); explore = [[column, row], ...] as rolled; emerge = "
            f'{{ neighbor = "{game.neighbors[0].id}", space = [dx, dy] from their house, '
            "roll = 6 } when it stopped in a neighbor's range."
        ),
        '# A Neighbor entry: neighbor = "id", answer = "friends" or "not-friends".',
        "# An Internet entry: distance = spaces from the tower (0 on the tower).",
        "#",
        "# [[log]]",
        f'# code = "{move}"',
        '# path = "R R U"',
        '# to = "pond"',
    ]


def blank_sheet(game: SpaceGame) -> str:
    sheet = game.sheet
    size = sheet.grid
    trackers = (
        f"speed = {sheet.speed.start}, energy = {sheet.energy.start}, mood = {sheet.mood.start}, "
        f"money = {sheet.start_money}"
    )
    return "\n".join(
        [
            *schema_directive(game.info.id),
            f'game = "{game.info.id}"',
            'player = ""   # your name; left empty, the file name is used',
            f'day = "{sheet.days[0]}"   # {", ".join(sheet.days)}',
            *job_lines(game),
            EXERCISED,
            *planet_lines(game),
            "",
            "# The trackers as circled at the start and at the end of the day, and money.",
            *start_how(game),
            f'start = {{ {trackers}, at = "home" }}',
            f"end = {{ {trackers} }}",
            f'pockets = []   # what your {sheet.pockets} pockets hold at the end, e.g. ["fish"]',
            "",
            f"# The grid as drawn, top row ({size}) first, columns 1..{size} left to right.",
            *grid_how(game),
            'grid = """',
            *[" ".join("." * size) for _ in range(size)],
            '"""',
            "",
            *log_how(game),
            "",
        ]
    )
