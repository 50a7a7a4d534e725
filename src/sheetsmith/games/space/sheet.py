"""A typed Personal Space daily sheet: parsed once into a frozen model, or refused.

The format mirrors the printed sheet: the day, the job, the trackers at the start and the
end of the day, money, pockets, the 6x6 grid (each square its letter code and log entry
number, as `M1 M1 W2`) and the log. Letter codes, jobs, neighbors and places come from the
game definition, so a group's own definition gets a matching format.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.games.space.model import Action, SpaceGame, SpaceMap

# The grid (sheet_grid.py) is part of the sheet's format: its marks are named here too.
from sheetsmith.games.space.sheet_grid import EXPLORE_X as EXPLORE_X
from sheetsmith.games.space.sheet_grid import INKED as INKED
from sheetsmith.games.space.sheet_grid import Cell, Mark, code_table, read_grid
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
from sheetsmith.naming import without_day
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
_ABSENT = object()


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


class _Words(NamedTuple):
    """What a sheet may type, from the definition: worked out once per game."""

    table: dict[str, str]  # code_table
    subactions: dict[str, Action]  # codes typed inside a Move entry
    neighbors: tuple[str, ...]  # neighbor ids


@per_game
def _words(game: SpaceGame) -> _Words:
    table = code_table(game)
    subactions = {a.code: a for a in game.actions if a.shape in ("explore", "underline")}
    subactions.update({a.code: a for a in game.actions if a.shape == "none" and a.id == "run"})
    neighbors = tuple(n.id for n in game.neighbors)
    return _Words(table, subactions, neighbors)


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
    typed = node.value if isinstance(node.value, dict) else {}
    for tracker in (game.sheet.speed, game.sheet.energy, game.sheet.mood):
        name = tracker.name.lower()
        value = typed.get(name)
        # an integer in range is taken as typed; anything else read (and refused) leniently
        if type(value) is not int or not tracker.min <= value <= tracker.max:
            value = lenient.integer(node[name], low=tracker.min, high=tracker.max)
        values.append(tracker.min if value is None else value)
    money = typed.get("money")
    if type(money) is not int or not 0 <= money <= 9_999:
        money = lenient.integer(node["money"], low=0, high=9_999)  # a bound; no day nears it
    at = "home"
    if with_place:
        place = lenient.choice(node["at"], places_of(game, planet), "home")
        at = "home" if place is None else place  # "" is a place: anywhere else
        if place:
            check_start_at(node["at"], game, planet, place)
    return Trackers(values[0], values[1], values[2], money or 0), at


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
    space = _emerge_space(node["space"])
    roll = lenient.integer(node["roll"], low=1, high=6)
    if neighbor is None or space is None or roll is None:
        return None
    return Emerge(neighbor, space, roll)


def _emerge_space(node: Node) -> tuple[int, int] | None:
    """Where an emerging neighbor stopped: [dx, dy] from their house (right and up)."""
    if node.missing:
        node.fail("required, the space they stopped on as [dx, dy] from their house")
        return None
    space = node.value
    if isinstance(space, list):
        space = [lenient.as_int(v) for v in space]
    if not (isinstance(space, list) and len(space) == 2 and None not in space):
        node.fail(
            "expected the space you stopped on as [dx, dy] from the neighbor's house "
            f"(right and up), got {describe(node.value)}"
        )
        return None
    return space[0], space[1]


def _number(node: Node, key: str, low: int, high: int) -> int:
    """An optional integer of an entry, 0 if not typed. One typed as a plain integer in range
    is taken as is; anything else is read (and refused) as `lenient.integer` reads it."""
    value = node.value.get(key, _ABSENT)
    if value is _ABSENT:
        return 0
    if type(value) is int and low <= value <= high:
        return value
    return lenient.integer(node[key], 0, low=low, high=high) or 0


_ENTRY_KEYS = frozenset(ENTRY_KEYS)
_MOVE_ONLY = frozenset(MOVE_ONLY)
_STEPS = frozenset("UDLR")
_DELTAS = frozenset({"money", "speed", "energy", "mood"})


def _typed_str(node: Node, value: dict[str, object], key: str) -> str | None:
    """`node[key].str()`: a string as typed, without a Node unless it is not one."""
    raw = value.get(key)
    return raw if type(raw) is str else node[key].str()


def _choice(node: Node, value: dict[str, object], key: str, choices: tuple[str, ...]) -> str:
    """`lenient.choice(node[key], choices) or ""`: a choice spelled as defined is taken
    without a Node; any other is read (and refused) leniently."""
    typed = value.get(key)
    if type(typed) is str and typed in choices:
        return typed
    return lenient.choice(node[key], choices) or ""


def _entry(
    node: Node, number: int, game: SpaceGame, words: _Words, planet: SpaceMap | None
) -> Entry | None:
    # `key in value` is `node[key].missing` without a Node per key (fifteen, each entry),
    # and a Node is made for a key only to read it leniently or to report it
    value = node.value
    if not isinstance(value, dict):
        node.fail(f"expected a log entry table with a code, got {describe(value)}")
        return None
    if not _ENTRY_KEYS.issuperset(value):
        node.only(*ENTRY_KEYS)
    raw = _typed_str(node, value, "code")
    if raw is None:
        return None
    stripped = raw.strip()
    code = stripped.upper()
    subactions = words.subactions
    if code in subactions or stripped in subactions:
        sub = subactions.get(code) or subactions[stripped]
        node["code"].fail(
            f"{sub.name} is part of a Move entry, not an entry of its own: "
            + {
                "explore": "add explore = [[column, row]] to the move",
                "underline": "underline its M squares in the grid (M3_)",
            }.get(sub.shape, "add run = N to the move")
        )
        return None
    table = words.table
    if code not in table:
        node["code"].fail(f"unknown letter code {raw!r}{suggest(code, tuple(table))}")
        return None
    action = table[code]
    is_move = action == "move"
    is_rocket = action == "rocket"
    if not is_move and not _MOVE_ONLY.isdisjoint(value):  # most entries type none of them
        for key in MOVE_ONLY:
            if key in value and not (is_rocket and key == "to"):
                node[key].fail(f"only a Move ({game.action('move').code}) entry has {key}")
    if not is_rocket and "fuel" in value:
        node["fuel"].fail(f"only a Rocket Launcher ({game.action('rocket').code}) entry has fuel")
    path = ""
    if is_move:
        path_raw = _typed_str(node, value, "path")
        if path_raw is not None:
            path = "".join(path_raw.split()).replace(",", "").upper()  # lenient.squeeze
            if not path or not _STEPS.issuperset(path):
                node["path"].fail(
                    "expected the steps on the map as U, D, L, R (up, down, left, right), "
                    f'such as "R R U", got {path_raw!r}'
                )
                path = ""
    neighbor = ""
    if action == "neighbor" or (action == "trade" and "neighbor" in value):
        neighbor = _choice(node, value, "neighbor", words.neighbors)
    elif "neighbor" in value:
        node["neighbor"].fail("only a Neighbor or Trade entry names a neighbor")
    answer = ""
    if "answer" in value:
        if action == "neighbor":
            answer = _choice(node, value, "answer", ANSWERS)
        else:
            node["answer"].fail("only a Neighbor entry has an answer")
    distance = None
    if action == "internet":
        distance = value.get("distance")
        if type(distance) is not int or not 0 <= distance <= 99:  # else as typed
            distance = lenient.integer(node["distance"], low=0, high=99)
    elif "distance" in value:
        node["distance"].fail("only an Internet entry has a distance (to the tower)")
    money = speed = energy = mood = 0
    if not _DELTAS.isdisjoint(value):  # most entries change none of them
        money = _number(node, "money", -99, 99)
        speed = _number(node, "speed", -99, 99)
        energy = _number(node, "energy", -99, 99)
        mood = _number(node, "mood", -99, 99)
    if action == "eat" and "energy" not in value:
        energy = 1  # eating gives 1 Energy by itself; `energy = 0` typed is none (a full track)
    if "note" in value and not isinstance(value["note"], str):
        node["note"].str("")
    to = ""
    if is_move and "to" in value:
        to = read_to(node["to"], game, planet)
    elif is_rocket:
        to = read_flight(node["to"], game, planet)
    # positional, in Entry's field order: keywords cost twice the time, for each entry
    return Entry(
        number,
        code,
        action,
        path,
        to,
        _number(node, "run", 0, 99) if is_move else 0,  # run
        _cells(node["explore"], game.sheet.grid) if is_move and "explore" in value else (),
        _emerge(node["emerge"], game) if is_move and "emerge" in value else None,
        neighbor,
        answer,
        distance,
        money,
        speed,
        energy,
        mood,
        number,  # typed
        read_fuel(node["fuel"], game, planet) if is_rocket else "",
    )


def parse_sheet(root: Node, game: SpaceGame, file: str) -> SpaceSheet:
    """Read a daily sheet; problems are recorded on `root`'s context, never raised."""
    root.only(*TOP_KEYS)
    # a value typed as expected is taken from the table without a Node (as in _entry);
    # anything else is read, and refused, through its Node as before
    value = root.value if isinstance(root.value, dict) else {}
    typed = value.get("player")
    player = (typed if type(typed) is str else root["player"].str("") or "").strip()
    # left empty, the file's name, but not its day: "maddy-thu.toml" is Maddy's Thursday
    player = player or without_day(Path(file).stem)
    days = game.sheet.days
    typed = value.get("day")
    if type(typed) is str and typed in days:
        day = typed
    else:
        day = lenient.choice(root["day"], days) or days[0]
    typed = value.get("job")
    typed_job = (typed if type(typed) is str else root["job"].str("") or "").strip()
    jobs = tuple(j.id for j in game.jobs)
    job = (lenient.pick(typed_job, jobs) or "") if typed_job else ""
    if typed_job and not job:
        root["job"].fail(
            f"unknown job {typed_job!r}{lenient.nearest(typed_job, jobs)}; "
            f'jobs: {", ".join(jobs)}, or "" for none'
        )
    planet = read_planet(root["planet"], game)
    start_node = root["start"]
    start, start_at = _trackers(start_node, game, with_place=True, planet=planet)
    start_space = ""
    if isinstance(start_node.value, dict):
        start_space = read_start_space(start_node["space"], start_map(game, planet, start_at))
    end, _ = _trackers(root["end"], game, with_place=False)
    typed = value.get("pockets")
    if type(typed) is list and all(type(p) is str for p in typed):
        items = typed
    else:
        items = root["pockets"].str_list(())
    pockets = tuple(p.strip() for p in items if p.strip())
    squares = read_grid(root["grid"], game)  # before the log: problems come in file order
    words = _words(game)
    items = root["log"].list(())
    if squares and not items:
        # a sheet read off a photo, its log not typed yet: nothing to judge until it is
        root["log"].fail(
            "required, the grid holds inked squares: type the log, one [[log]] per action"
            " in order (each square's log number names its entry)"
        )
    log = tuple(
        entry
        for number, item in enumerate(items, start=1)
        if (entry := _entry(item, number, game, words, planet)) is not None
    )
    return SpaceSheet(
        file=file,
        player=player,
        day=day,
        job=job,
        exercised_yesterday=(
            flag
            if type(flag := value.get("exercised_yesterday")) is bool
            else bool(root["exercised_yesterday"].bool(False))
        ),
        start=start,
        start_at=start_at,
        end=end,
        pockets=pockets,
        squares=squares,
        log=log,
        planet=planet.id if planet else "",
        start_space=start_space,
    )
