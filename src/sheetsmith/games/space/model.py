"""Personal Space: the frozen model of its definition."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.definition.common import Component, GameInfo
from sheetsmith.definition.guide import Guide

RULESET = "personal-space"
COMPONENTS = (
    "daily-sheet",
    "jobs",
    "neighbors",
    "generators",
    "actions",
    "locations",
    "maps",
    "alignment",
    "treasures",
    "reference",
    "guide",
)
SHAPES = (
    "one",
    "none",
    "move",
    "work",
    "exercise",
    "internet",
    "explore",
    "event",
    "hobby",
    "underline",
)
TIME_COST_SHAPES = ("connected", "line")
GREETING_KINDS = ("hello", "item", "trade", "request", "task")
MAX_TASK_STEPS = 4  # four green cubes on a neighbor card
MAX_PRICE = 99  # dollars: every price is printed in a two-digit box or label


class Tracker(NamedTuple):
    name: str
    min: int
    max: int
    start: int
    bad_at_most: int | None = None  # mood: this value or less is a bad mood


class SheetLayout(NamedTuple):
    grid: int
    days: tuple[str, ...]
    pockets: int
    log_entries: int
    speed: Tracker
    energy: Tracker
    mood: Tracker
    resources: tuple[str, ...]
    building_resources: tuple[str, ...]
    start_money: int = 5  # dollars on day one (the rules give none: see [notes])


class Action(NamedTuple):
    id: str
    name: str
    code: str
    timing: str
    shape: str  # one of SHAPES
    grid: str
    result: str
    cost: int = 0
    log: str = ""  # what the player writes in the log for it: a new entry, or in the Move's


class JobAction(NamedTuple):
    dice: tuple[int, ...]
    name: str
    effect: str

    @property
    def label(self) -> str:
        """The dice as printed: "4+3"."""
        return "+".join(str(d) for d in self.dice)


class Job(NamedTuple):
    id: str
    name: str
    work_days: tuple[str, ...]
    squares: int
    time_shape: str  # "connected" or "line"
    hours: int
    track: int
    yellow_start: int
    purple_start: int
    pay_per_step: int
    purple_limit: int
    penalty: int
    actions: tuple[JobAction, ...]


class RangeSpace(NamedTuple):
    dx: int
    dy: int
    roll: int


class Greeting(NamedTuple):
    kind: str  # one of GREETING_KINDS
    text: str
    item: str = ""
    gives: str = ""
    wants: str = ""
    steps: tuple[str, ...] = ()


class Neighbor(NamedTuple):
    id: str
    name: str
    favorite: str
    trade_gives: str
    trade_wants: str
    range: tuple[RangeSpace, ...]
    friends: tuple[Greeting, ...]
    not_friends: tuple[Greeting, ...]

    @property
    def reach(self) -> int:
        """How far the range diagram reaches from the house (0: the house only)."""
        return max((max(abs(s.dx), abs(s.dy)) for s in self.range), default=0)


class Step(NamedTuple):
    """One labelled line of a board's how-to: ("Setup", "Put a yellow cube on start.")."""

    label: str
    text: str


class Bet(NamedTuple):
    name: str
    wins: tuple[int, ...]  # empty: "Same", the player names a number before rolling
    moves: int


class Hole(NamedTuple):
    name: str
    columns: int
    levels: int
    start: str
    blocked: str
    rewards: tuple[str, ...]  # one per level, level 1 first
    how_to: tuple[Step, ...] = ()


class Pond(NamedTuple):
    name: str
    columns: int
    rows: int
    row_rewards: tuple[str, ...]  # top row first
    bets: tuple[Bet, ...]
    how_to: tuple[Step, ...] = ()


class Tree(NamedTuple):
    name: str
    columns: int
    drop_rows: int
    shakes: int
    column_rewards: tuple[str, ...]
    how_to: tuple[Step, ...] = ()


class Show(NamedTuple):
    day: str
    title: str
    blurb: str


class Exhibit(NamedTuple):
    name: str
    animals: tuple[str, ...]


class Locations(NamedTuple):
    theater_name: str
    shows: tuple[Show, ...]
    zoo_name: str
    exhibits: tuple[Exhibit, ...]
    jukebox_name: str
    songs: tuple[str, ...]


class Prices(NamedTuple):
    show: MappingProxyType[str, int]
    zoo: int
    zoo_with_feed: int
    jukebox: int
    adopt: int


# -- the maps --------------------------------------------------------------------------------

GENERATORS = ("hole", "pond", "tree")
PLANET_PLACES = ("home", "tower", "rocket", *GENERATORS)  # a player's own planet
MOON_PLACES = ("rocket", "theater", "zoo", "jukebox", "store")  # the shared side moons
PLACES = ("home", "tower", "rocket", *GENERATORS, "theater", "zoo", "jukebox", "store")
MAX_MAP = 8  # spaces each way, A-H and 1-8: 8 token-sized (20 mm) spaces fill a page


class Spot(NamedTuple):
    """A space of a map: column 1 is A (left), row 1 the bottom, as on the daily grid."""

    column: int
    row: int

    @property
    def name(self) -> str:
        """As players type it: "C4"."""
        return f"{chr(ord('A') + self.column - 1)}{self.row}"

    def step(self, dx: int, dy: int) -> Spot:
        """The space dx right and dy up (a neighbor's range is given so)."""
        return Spot(self.column + dx, self.row + dy)


class Placed(NamedTuple):
    """Something standing on a map: a place (`what` one of PLACES) or a neighbor's house
    (`what` the neighbor's id)."""

    what: str
    at: Spot
    house: bool = False


class PlaceInfo(NamedTuple):
    """A place as the maps name it, and what a player does there (the legend)."""

    id: str  # one of PLACES
    name: str
    does: str


class SpaceMap(NamedTuple):
    """A planet or a side moon: a square grid with places, houses and craters on it."""

    id: str
    name: str
    moon: bool
    columns: int
    rows: int
    things: tuple[Placed, ...]  # the places, then the neighbors' houses
    craters: tuple[Spot, ...]  # spaces that cannot be entered

    @property
    def kind(self) -> str:
        return "side moon" if self.moon else "planet"

    @property
    def places(self) -> tuple[Placed, ...]:
        return tuple(t for t in self.things if not t.house)

    @property
    def houses(self) -> tuple[Placed, ...]:
        return tuple(t for t in self.things if t.house)

    @property
    def generator(self) -> str:
        """The planet's resource generator ("hole", "pond" or "tree"); "" on a moon."""
        return next((p.what for p in self.places if p.what in GENERATORS), "")

    def at(self, what: str) -> Spot | None:
        """Where a place or a neighbor's house is, None if not on this map."""
        return _where(self).get(what)

    def on_map(self, spot: Spot) -> bool:
        return 1 <= spot.column <= self.columns and 1 <= spot.row <= self.rows

    def enterable(self, spot: Spot) -> bool:
        return self.on_map(spot) and spot not in self.craters

    def distance(self, a: Spot, b: Spot) -> int | None:
        """Fewest steps (up, down, left, right) from a to b around craters; None if b
        cannot be reached. The Internet action counts the distance to the tower so."""
        return self.reach(a).get(b)

    def within(self, a: Spot, steps: int) -> tuple[Spot, ...]:
        """The spaces at most `steps` steps from a around craters, nearest first (a run
        of that many spaces may end on any of them)."""
        found = []
        for spot, n in self.reach(a).items():  # nearest first: stop at the first too far
            if n > steps:
                break
            found.append(spot)
        return tuple(found)

    def reach(self, a: Spot) -> Mapping[Spot, int]:
        """Every space reachable from a with its steps, nearest first (breadth-first), worked
        out once per map and space: every move and Internet action of a day asks."""
        reached = _reached(self)
        if a not in reached:
            reached[a] = MappingProxyType(self._steps(a))
        return reached[a]

    def _steps(self, a: Spot) -> dict[Spot, int]:
        """Breadth-first from a: each space reached and its steps."""
        seen = {a: 0}
        frontier = [a]
        while frontier:
            nxt = []
            for spot in frontier:
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    s = spot.step(dx, dy)
                    if s not in seen and self.enterable(s):
                        seen[s] = seen[spot] + 1
                        nxt.append(s)
            frontier = nxt
        return seen


@per_game
def _where(space_map: SpaceMap) -> dict[str, Spot]:
    """Each place and house on a map by what it is (the first, if one stood twice)."""
    found: dict[str, Spot] = {}
    for thing in space_map.things:
        found.setdefault(thing.what, thing.at)
    return found


@per_game
def _reached(space_map: SpaceMap) -> dict[Spot, Mapping[Spot, int]]:
    return {}


# -- belongings: the item list, the lottery, the treasures card, the day ------------------------

MAX_ENERGY_GAIN = 6  # an Eat gives at most a whole Energy track


class Item(NamedTuple):
    """Something a pocket (or the treasures card) holds. `where`: the places that sell it
    (empty: not sold); `eat`: the Energy an Eat gives (0: not to be eaten); `use`: what a
    Use does ("": none); `feed`: a companion or creature can be fed with it."""

    id: str
    name: str
    price: int
    where: tuple[str, ...]
    eat: int
    use: str
    feed: bool
    note: str = ""


class Prize(NamedTuple):
    """A line of the end-of-day lottery: the die results that win it, and what it gives."""

    rolls: tuple[int, ...]
    name: str
    item: str = ""  # an item id, or "" (money or nothing)
    money: int = 0


class Lottery(NamedTuple):
    how: str
    prizes: tuple[Prize, ...]

    def prize(self, roll: int) -> Prize:
        return next(p for p in self.prizes if roll in p.rolls)


class Treasures(NamedTuple):
    name: str
    slots: int
    how: str


class DayStep(NamedTuple):
    """A step of "how a day goes": its name, what happens, the printed pieces it uses."""

    name: str
    text: str
    uses: tuple[str, ...]  # component names


class DayGuide(NamedTuple):
    steps: tuple[DayStep, ...]
    pieces: MappingProxyType[str, str]  # component name -> what a player calls it


class SpaceGame(NamedTuple):
    info: GameInfo
    components: tuple[Component, ...]
    base_url: str
    sheet: SheetLayout
    actions: tuple[Action, ...]
    prices: Prices
    jobs: tuple[Job, ...]
    workflow: tuple[str, ...]
    job_how_to: str
    neighbors: tuple[Neighbor, ...]
    hole: Hole
    pond: Pond
    tree: Tree
    locations: Locations
    back_title: str
    back_tagline: str
    interpretations: tuple[str, ...]
    places: tuple[PlaceInfo, ...] = ()
    planets: tuple[SpaceMap, ...] = ()
    moons: tuple[SpaceMap, ...] = ()
    items: tuple[Item, ...] = ()
    lottery: Lottery = Lottery("", ())
    treasures: Treasures = Treasures("Treasures", 12, "")
    day: DayGuide = DayGuide((), MappingProxyType({}))
    guide: Guide | None = None  # what to print and gather (`[guide]`)

    def item(self, item_id: str) -> Item:
        return next(i for i in self.items if i.id == item_id)

    def place(self, place_id: str) -> PlaceInfo:
        return next(p for p in self.places if p.id == place_id)

    def home_of(self, neighbor_id: str) -> tuple[SpaceMap, Spot] | None:
        """The map a neighbor lives on and their house's space."""
        for space_map in (*self.planets, *self.moons):
            spot = space_map.at(neighbor_id)
            if spot is not None:
                return space_map, spot
        return None

    def action(self, action_id: str) -> Action:
        return next(a for a in self.actions if a.id == action_id)
