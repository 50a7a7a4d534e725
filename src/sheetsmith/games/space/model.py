"""Personal Space: the frozen model of its definition."""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from sheetsmith.definition.common import Component, GameInfo

RULESET = "personal-space"
COMPONENTS = ("daily-sheet", "jobs", "neighbors", "generators", "actions", "locations", "alignment")
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


class Action(NamedTuple):
    id: str
    name: str
    code: str
    timing: str
    shape: str  # one of SHAPES
    grid: str
    result: str
    cost: int = 0


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

    def action(self, action_id: str) -> Action:
        return next(a for a in self.actions if a.id == action_id)
