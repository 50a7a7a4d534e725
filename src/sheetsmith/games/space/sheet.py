"""A typed Personal Space daily sheet: parsed once into a frozen model, or refused.

The format mirrors the printed sheet: the day, the job, the trackers at the start and the
end of the day, money, pockets, the 6x6 grid (each square its letter code and log entry
number, as `M1 M1 W2`) and the log. Letter codes, jobs, neighbors and places come from the
game definition, so a group's own definition gets a matching format.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from sheetsmith.games.space.model import SpaceGame, SpaceMap
from sheetsmith.games.space.sheet_places import (
    check_start_at,
    places_of,
    read_flight,
    read_fuel,
    read_planet,
    read_start_space,
    read_to,
    start_map,
)
from sheetsmith.toml import lenient
from sheetsmith.toml.node import Node, describe, suggest

TOP_KEYS = (
    "game",
    "player",
    "planet",
    "day",
    "job",
    "exercised_yesterday",
    "start",
    "end",
    "pockets",
    "grid",
    "log",
)
ENTRY_KEYS = (
    "code",
    "path",
    "to",
    "run",
    "explore",
    "emerge",
    "neighbor",
    "answer",
    "distance",
    "money",
    "speed",
    "energy",
    "mood",
    "note",
    "fuel",
)
MOVE_ONLY = ("path", "to", "run", "explore", "emerge")
ANSWERS = ("friends", "not-friends")
EXPLORE_X = "X"  # a failed explore with both squares full: an X anywhere, numbered by its move
EMPTY = frozenset({".", "-"})
# what a sheet read from a photo types in a square that holds ink: the player types its code
INKED = "??"
_TOKEN = re.compile(r"^([A-Za-z]+)([0-9]+)(_?)$")

Cell = tuple[int, int]  # (column, row) as printed on the sheet's axes: 1..6, row 1 at the bottom


class Mark(NamedTuple):
    """One code written in a square: `M3_` is code M, log entry 3, underlined (TRAIN)."""

    code: str
    entry: int
    underlined: bool = False


class Emerge(NamedTuple):
    neighbor: str
    space: tuple[int, int]  # (dx, dy) from the neighbor's house, as on their card
    roll: int


class Entry(NamedTuple):
    number: int  # 1-based, as printed in the log
    code: str
    action: str  # the action id the code belongs to
    path: str = ""  # MOVE: steps on the map, U/D/L/R
    to: str = ""  # MOVE: where it ends (a place, a neighbor's house, or "" elsewhere)
    run: int = 0
    explore: tuple[Cell, ...] = ()
    emerge: Emerge | None = None
    neighbor: str = ""
    answer: str = ""
    distance: int | None = None
    money: int = 0
    speed: int = 0
    energy: int = 0
    mood: int = 0
    typed: int = 0  # the [[log]] table it was typed in (1-based); 0: the log left it out
    fuel: str = ""  # ROCKET: the building resource (or fuel cell) spent to leave the planet

    @property
    def missing(self) -> bool:
        """An entry the grid numbers but the log left out: only its code is known."""
        return self.typed == 0


class Trackers(NamedTuple):
    speed: int
    energy: int
    mood: int
    money: int


class SpaceSheet(NamedTuple):
    file: str
    player: str
    day: str
    job: str  # a job id, or "" for none
    exercised_yesterday: bool
    start: Trackers
    start_at: str
    end: Trackers
    pockets: tuple[str, ...]
    squares: tuple[tuple[Cell, tuple[Mark, ...]], ...]  # every non-empty square
    log: tuple[Entry, ...]
    planet: str = ""  # the map id the sheet names; "": the places are not checked on a map
    start_space: str = ""  # where the day starts on the map ("C4"); "": at start_at


def code_table(game: SpaceGame) -> dict[str, str]:
    """Letter code -> action id, for every action logged as an entry of its own.

    Explore, Run and Train happen during a Move and are typed inside its entry."""
    return {
        a.code: a.id
        for a in game.actions
        if a.shape not in ("explore", "underline") and a.id != "run"
    }


def _trackers(
    node: Node, game: SpaceGame, *, with_place: bool, planet: SpaceMap | None = None
) -> tuple[Trackers, str]:
    allowed = ("speed", "energy", "mood", "money", *(("at", "space") if with_place else ()))
    if not node.missing and not isinstance(node.value, dict):
        node.fail(
            "expected a table like { speed = 3, energy = 3, mood = 4, money = 10 }, "
            f"got {describe(node.value)}"
        )
        return Trackers(0, 0, 0, 0), "home"
    node.only(*allowed)
    values = []
    for tracker in (game.sheet.speed, game.sheet.energy, game.sheet.mood):
        value = lenient.integer(node[tracker.name.lower()], low=tracker.min, high=tracker.max)
        values.append(tracker.min if value is None else value)
    money = lenient.integer(node["money"], low=0, high=9_999)  # a bound; no day nears it
    at = "home"
    if with_place:
        place = lenient.choice(node["at"], places_of(game, planet), "home")
        at = "home" if place is None else place  # "" is a place: anywhere else
        if place:
            check_start_at(node["at"], game, planet, place)
    return Trackers(values[0], values[1], values[2], money or 0), at


def _grid(node: Node, game: SpaceGame) -> tuple[tuple[Cell, tuple[Mark, ...]], ...]:
    size = game.sheet.grid
    table = code_table(game)
    known = (*table, EXPLORE_X, *(a.code for a in game.actions if a.shape == "explore"))
    move = game.action("move").code
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
    for number, (index, tokens) in enumerate(rows[:size], start=1):
        where = f"row {size + 1 - number} (line {number} of the grid)"
        line = node.value_line(index)
        if len(tokens) != size:
            node.fail(f"{where}: expected {size} squares, got {len(tokens)}", line)
            continue
        for column, token in enumerate(tokens, start=1):
            if token in EMPTY:
                continue
            marks = []
            for part in token.split("/"):
                found = _TOKEN.match(part)
                if part == INKED:
                    node.fail(
                        f"{where}, column {column}: square ({column},{size + 1 - number}) "
                        "holds ink in the photo: type the letter code and log number written "
                        'in it (such as "M3"), or "." if it is empty',
                        line,
                    )
                    continue
                if not found:
                    node.fail(
                        f"{where}, column {column}: {part!r} is not a letter code and a log "
                        'number such as "M3" (or "." for an empty square)',
                        line,
                    )
                    continue
                code, entry, underline = found[1].upper(), int(found[2]), bool(found[3])
                if code not in known:
                    node.fail(
                        f"{where}, column {column}: unknown letter code {code!r}"
                        f"{suggest(code, known)}",
                        line,
                    )
                    continue
                if underline and code != move:
                    node.fail(
                        f"{where}, column {column}: only {move} squares are underlined (TRAIN)",
                        line,
                    )
                    continue
                marks.append(Mark(code, entry, underline))
            if marks:
                squares.append(((column, size + 1 - number), tuple(marks)))
    return tuple(squares)


def _cells(node: Node, size: int) -> tuple[Cell, ...]:
    cells = []
    for item in node.list(()):
        pair = item.value
        if isinstance(pair, list):
            pair = [lenient.as_int(v) for v in pair]
        if not isinstance(pair, list) or len(pair) != 2 or None in pair:
            pair = item.value
            item.fail(f"expected the two dice rolled as [column, row], got {describe(pair)}")
            continue
        if not all(1 <= v <= size for v in pair):
            item.fail(f"expected dice values 1..{size}, got {pair}")
            continue
        cells.append((pair[0], pair[1]))
    return tuple(cells)


def _emerge(node: Node, game: SpaceGame) -> Emerge | None:
    if node.missing:
        return None
    if not isinstance(node.value, dict):
        node.fail(
            'expected a table like { neighbor = "marga", space = [0, 1], roll = 6 }, '
            f"got {describe(node.value)}"
        )
        return None
    node.only("neighbor", "space", "roll")
    neighbor = lenient.choice(node["neighbor"], tuple(n.id for n in game.neighbors))
    space = node["space"].value
    if isinstance(space, list):
        space = [lenient.as_int(v) for v in space]
    if not (isinstance(space, list) and len(space) == 2 and None not in space):
        space = node["space"].value
        node["space"].fail(
            "expected the space you stopped on as [dx, dy] from the neighbor's house "
            f"(right and up), got {describe(space)}"
        )
        space = None
    roll = lenient.integer(node["roll"], low=1, high=6)
    if neighbor is None or space is None or roll is None:
        return None
    return Emerge(neighbor, (space[0], space[1]), roll)


def _entry(
    node: Node, number: int, game: SpaceGame, table: dict[str, str], planet: SpaceMap | None
) -> Entry | None:
    if not isinstance(node.value, dict):
        node.fail(f"expected a log entry table with a code, got {describe(node.value)}")
        return None
    node.only(*ENTRY_KEYS)
    raw = node["code"].str()
    if raw is None:
        return None
    code = raw.strip().upper()
    subactions = {a.code: a for a in game.actions if a.shape in ("explore", "underline")}
    subactions.update({a.code: a for a in game.actions if a.shape == "none" and a.id == "run"})
    if code in subactions or raw.strip() in subactions:
        sub = subactions.get(code) or subactions[raw.strip()]
        node["code"].fail(
            f"{sub.name} is part of a Move entry, not an entry of its own: "
            + {
                "explore": "add explore = [[column, row]] to the move",
                "underline": "underline its M squares in the grid (M3_)",
            }.get(sub.shape, "add run = N to the move")
        )
        return None
    if code not in table:
        node["code"].fail(f"unknown letter code {raw!r}{suggest(code, tuple(table))}")
        return None
    action = table[code]
    is_move = action == "move"
    is_rocket = action == "rocket"
    if not is_move:
        for key in MOVE_ONLY:
            if not node[key].missing and not (is_rocket and key == "to"):
                node[key].fail(f"only a Move ({game.action('move').code}) entry has {key}")
    if not is_rocket and not node["fuel"].missing:
        node["fuel"].fail(f"only a Rocket Launcher ({game.action('rocket').code}) entry has fuel")
    path = ""
    if is_move:
        path_raw = node["path"].str()
        if path_raw is not None:
            path = lenient.squeeze(path_raw).replace(",", "").upper()
            bad = sorted(set(path) - set("UDLR"))
            if bad or not path:
                node["path"].fail(
                    "expected the steps on the map as U, D, L, R (up, down, left, right), "
                    f'such as "R R U", got {path_raw!r}'
                )
                path = ""
    neighbor_ids = tuple(n.id for n in game.neighbors)
    neighbor = ""
    if action == "neighbor":
        neighbor = lenient.choice(node["neighbor"], neighbor_ids) or ""
    elif not node["neighbor"].missing:
        if action == "trade":
            neighbor = lenient.choice(node["neighbor"], neighbor_ids) or ""
        else:
            node["neighbor"].fail("only a Neighbor or Trade entry names a neighbor")
    answer = ""
    if not node["answer"].missing:
        if action == "neighbor":
            answer = lenient.choice(node["answer"], ANSWERS) or ""
        else:
            node["answer"].fail("only a Neighbor entry has an answer")
    distance = None
    if action == "internet":
        distance = lenient.integer(node["distance"], low=0, high=99)
    elif not node["distance"].missing:
        node["distance"].fail("only an Internet entry has a distance (to the tower)")
    deltas = [
        lenient.integer(node[k], 0, low=-99, high=99) or 0
        for k in ("money", "speed", "energy", "mood")
    ]
    node["note"].str("")
    return Entry(
        number=number,
        code=code,
        action=action,
        path=path,
        to=read_to(node["to"], game, planet)
        if is_move
        else (read_flight(node["to"], game, planet) if is_rocket else ""),
        run=(lenient.integer(node["run"], 0, low=0, high=99) or 0) if is_move else 0,
        explore=_cells(node["explore"], game.sheet.grid) if is_move else (),
        emerge=_emerge(node["emerge"], game) if is_move else None,
        neighbor=neighbor,
        answer=answer,
        distance=distance,
        money=deltas[0],
        speed=deltas[1],
        energy=deltas[2],
        mood=deltas[3],
        typed=number,
        fuel=read_fuel(node["fuel"], game, planet) if is_rocket else "",
    )


def parse_sheet(root: Node, game: SpaceGame, file: str) -> SpaceSheet:
    """Read a daily sheet; problems are recorded on `root`'s context, never raised."""
    root.only(*TOP_KEYS)
    player = (root["player"].str("") or "").strip() or Path(file).stem
    day = lenient.choice(root["day"], game.sheet.days) or game.sheet.days[0]
    typed_job = (root["job"].str("") or "").strip()
    jobs = tuple(j.id for j in game.jobs)
    job = (lenient.pick(typed_job, jobs) or "") if typed_job else ""
    if typed_job and not job:
        root["job"].fail(
            f"unknown job {typed_job!r}{lenient.nearest(typed_job, jobs)}; "
            f'jobs: {", ".join(jobs)}, or "" for none'
        )
    planet = read_planet(root["planet"], game)
    start, start_at = _trackers(root["start"], game, with_place=True, planet=planet)
    start_node = root["start"]
    start_space = ""
    if isinstance(start_node.value, dict):
        start_space = read_start_space(start_node["space"], start_map(game, planet, start_at))
    end, _ = _trackers(root["end"], game, with_place=False)
    pockets = tuple(p.strip() for p in root["pockets"].str_list(()) if p.strip())
    squares = _grid(root["grid"], game)  # before the log: problems come in file order
    table = code_table(game)
    log = tuple(
        entry
        for number, item in enumerate(root["log"].list(()), start=1)
        if (entry := _entry(item, number, game, table, planet)) is not None
    )
    return SpaceSheet(
        file=file,
        player=player,
        day=day,
        job=job,
        exercised_yesterday=bool(root["exercised_yesterday"].bool(False)),
        start=start,
        start_at=start_at,
        end=end,
        pockets=pockets,
        squares=squares,
        log=log,
        planet=planet.id if planet else "",
        start_space=start_space,
    )
